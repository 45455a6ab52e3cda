/*
 * output.c: the policy of output.h, in one place for every writer of both programs. A path is
 * judged by what it is now (lstat, then the file a link points to), and judged again right before
 * the write, since a count of days may see the file change under it. What a file holds is read
 * only as far as the journal's magic word; whether a running count holds it is asked of its lock
 * (the journal's open file description lock, src/journal.c), never by taking it.
 */
#define _GNU_SOURCE /* F_OFD_GETLK (Linux 3.15) */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "message.h"
#include "output.h"

/* The descriptor that path names (/dev/stdout, /dev/stderr, /dev/stdin, /dev/fd/N,
 * /proc/self/fd/N), or -1 for any other path. */
static int output_fd_name(const char *path) {
    static const char *const names[] = {"/dev/stdin", "/dev/stdout", "/dev/stderr"};
    for (int i = 0; i < 3; i++)
        if (strcmp(path, names[i]) == 0)
            return i;
    const char *digits = strncmp(path, "/dev/fd/", 8) == 0          ? path + 8
                         : strncmp(path, "/proc/self/fd/", 14) == 0 ? path + 14
                                                                    : NULL;
    if (!digits || *digits < '0' || *digits > '9' || strlen(digits) > 6)
        return -1;
    char *end;
    long fd = strtol(digits, &end, 10);
    return *end == '\0' && fd <= INT_MAX ? (int)fd : -1;
}

/* The words for a file that is neither regular nor a link, for a message. */
static const char *output_kind_name(mode_t mode) {
    return S_ISFIFO(mode)   ? "a FIFO"
           : S_ISCHR(mode)  ? "a character device"
           : S_ISBLK(mode)  ? "a block device"
           : S_ISSOCK(mode) ? "a socket"
           : S_ISDIR(mode)  ? "a directory"
                            : "not a plain file";
}

/* The folder of path (a copy to free), "." for a bare name. */
static char *output_folder(const char *path) {
    char *copy = strdup(path);
    if (!copy)
        return NULL;
    char *slash = strrchr(copy, '/');
    if (!slash) {
        free(copy);
        return strdup(".");
    }
    slash[slash == copy] = '\0'; /* "/x" is in "/" */
    return copy;
}

/* Where path is, as one text (a copy to free): its real path when it exists, else its folder's
 * real path and its name; NULL when neither can be found. Two paths of one file give one text. */
static char *output_place(const char *path) {
    char *real = realpath(path, NULL);
    if (real)
        return real;
    char *folder = output_folder(path), *rfolder = folder ? realpath(folder, NULL) : NULL;
    free(folder);
    if (!rfolder)
        return NULL;
    const char *slash = strrchr(path, '/'), *name = slash ? slash + 1 : path;
    size_t len = strlen(rfolder) + strlen(name) + 2;
    char *place = malloc(len);
    if (place)
        snprintf(place, len, "%s/%s", rfolder, name);
    free(rfolder);
    return place;
}

/* 1 if a and b name the same file, or the same place for a file that is not there yet. */
static int output_same(const char *a, const char *b) {
    struct stat sa, sb;
    if (stat(a, &sa) == 0 && stat(b, &sb) == 0)
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    char *pa = output_place(a), *pb = output_place(b);
    int same = pa && pb ? strcmp(pa, pb) == 0 : strcmp(a, b) == 0;
    free(pa);
    free(pb);
    return same;
}

/* Creates a temporary file next to target (target.tmp.XXXXXX), its name in *tmp (to free);
 * @return its descriptor, or -1 with errno set. */
static int output_temp(const char *target, char **tmp) {
    size_t len = strlen(target) + 16;
    *tmp = malloc(len);
    if (!*tmp) {
        errno = ENOMEM;
        return -1;
    }
    snprintf(*tmp, len, "%s.tmp.XXXXXX", target);
    int fd = mkstemp(*tmp);
    if (fd < 0) {
        int err = errno;
        free(*tmp);
        *tmp = NULL;
        errno = err;
    }
    return fd;
}

/* Whether a new file can be made beside target: one is made and removed. @return 0, or errno. */
static int output_probe(const char *target) {
    char *tmp;
    int fd = output_temp(target, &tmp);
    if (fd < 0)
        return errno;
    close(fd);
    unlink(tmp);
    free(tmp);
    return 0;
}

/* What a regular file holds that no writer may replace: 1 a checkpoint journal (its magic word),
 * 2 a file whose lock a running count holds, else 0. */
static int output_guarded(const char *path) {
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return 0; /* unreadable: the write will say what is wrong */
    char magic[15];
    ssize_t got = read(fd, magic, sizeof magic);
    int guarded = got == (ssize_t)sizeof magic && memcmp(magic, "nqueens-journal", 15) == 0;
    struct flock fl;
    memset(&fl, 0, sizeof fl);
    fl.l_type = F_WRLCK;
    fl.l_whence = SEEK_SET;
#ifdef F_OFD_GETLK
    int asked = fcntl(fd, F_OFD_GETLK, &fl);
#else
    int asked = fcntl(fd, F_GETLK, &fl);
#endif
    if (!guarded && asked == 0 && fl.l_type != F_UNLCK)
        guarded = 2;
    close(fd);
    return guarded;
}

/* The verb of a refusal: an export is written, a journal used. */
static const char *output_verb(tool_output_kind kind) {
    return kind == TOOL_OUTPUT_JOURNAL ? "use" : "write";
}

int tool_output_check(tool_output_kind kind, const char *what, const char *path,
                      const char *journal) {
    const char *verb = output_verb(kind);
    if (*path == '\0') {
        /* Else "" passes as a missing file that can be created (the probe makes ".tmp.XXXXXX"),
         * and an export fails only when the count is done. */
        tool_error("cannot %s %s '': the path is empty; give the path of a file", verb, what);
        return -1;
    }
    int fd = output_fd_name(path);
    if (fd >= 0) {
        if (kind == TOOL_OUTPUT_JOURNAL) {
            tool_error("cannot use %s '%s': it names an open descriptor, not a file; a journal "
                       "must be a regular file: give the path of a file",
                       what, path);
            return -1;
        }
        int flags = fcntl(fd, F_GETFL);
        if (flags < 0 || (flags & O_ACCMODE) == O_RDONLY) {
            tool_error("cannot write %s '%s': descriptor %d is not open for writing", what, path,
                       fd);
            return -1;
        }
        return 0;
    }
    if (kind == TOOL_OUTPUT_EXPORT && journal && output_same(path, journal)) {
        tool_error("cannot write %s '%s': it is the count's checkpoint journal; give the %s "
                   "another path",
                   what, path, what);
        return -1;
    }
    size_t len = strlen(path);
    if (len > 0 && path[len - 1] == '/') {
        tool_error("cannot %s %s '%s': it names a folder (it ends with '/'); give the path of a "
                   "file",
                   verb, what, path);
        return -1;
    }
    struct stat st;
    if (lstat(path, &st) != 0) {
        if (errno != ENOENT) {
            tool_error("cannot %s %s '%s': %s", verb, what, path, strerror(errno));
            return -1;
        }
        int err = output_probe(path); /* a new file, journal or export: can it be made there? */
        if (err) {
            char *folder = output_folder(path);
            struct stat fs;
            int missing = err == ENOENT && folder && stat(folder, &fs) != 0;
            tool_error("cannot %s %s '%s': cannot create a file in folder '%s': %s; %s", verb, what,
                       path, folder ? folder : ".", strerror(err),
                       missing ? "create the folder first, or give a path in an existing one"
                               : "give a path in a folder you may write");
            free(folder);
            return -1;
        }
        return 0;
    }
    if (S_ISLNK(st.st_mode) && stat(path, &st) != 0) {
        tool_error("cannot %s %s '%s': it is a symbolic link to nothing (%s); give the path of "
                   "a file",
                   verb, what, path, strerror(errno));
        return -1;
    }
    if (S_ISREG(st.st_mode)) {
        if (kind == TOOL_OUTPUT_JOURNAL)
            return 0; /* the library reads it, and refuses what is no journal of this count */
        int guarded = output_guarded(path);
        if (guarded == 1) {
            tool_error("cannot write %s '%s': it is a checkpoint journal, which no %s replaces; "
                       "give another path",
                       what, path, what);
            return -1;
        }
        if (guarded == 2) {
            tool_error("cannot write %s '%s': it is in use by a running count; give another path",
                       what, path);
            return -1;
        }
        char *real = realpath(path, NULL);
        int err = real ? output_probe(real) : errno;
        free(real);
        if (err) {
            tool_error("cannot write %s '%s': cannot create its replacement in its folder: %s; "
                       "give a path in a folder you may write",
                       what, path, strerror(err));
            return -1;
        }
        return 0;
    }
    if (kind == TOOL_OUTPUT_EXPORT && (S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode))) {
        if (access(path, W_OK) != 0) {
            tool_error("cannot write %s '%s': %s", what, path, strerror(errno));
            return -1;
        }
        return 0; /* written in place */
    }
    if (kind == TOOL_OUTPUT_JOURNAL)
        tool_error("cannot use %s '%s': it is not a regular file (%s); give the path of a file",
                   what, path, output_kind_name(st.st_mode));
    else
        tool_error("cannot write %s '%s': it is %s (an %s goes to a file, a FIFO or a terminal); "
                   "give the path of a file",
                   what, path, output_kind_name(st.st_mode), what);
    return -1;
}

/* Writes put's text on fp and closes it; sync: fsync before closing. @return 0, or errno. */
static int output_finish(FILE *fp, int sync, int (*put)(FILE *fp, const void *user),
                         const void *user) {
    int err = 0;
    if (put(fp, user) != 0 || fflush(fp) != 0 || ferror(fp))
        err = errno ? errno : EIO;
    if (!err && sync && fsync(fileno(fp)) != 0)
        err = errno;
    if (fclose(fp) != 0 && !err)
        err = errno;
    return err;
}

int tool_output_write(const char *what, const char *path, const char *journal,
                      int (*put)(FILE *fp, const void *user), const void *user) {
    if (tool_output_check(TOOL_OUTPUT_EXPORT, what, path, journal))
        return -1;
    int err = 0, named = output_fd_name(path);
    struct stat st;
    if (named >= 0 || (stat(path, &st) == 0 && !S_ISREG(st.st_mode))) {
        /* In place: the descriptor itself, or the FIFO or device opened (never created). */
        int fd = named >= 0 ? dup(named) : open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
        FILE *fp = fd >= 0 ? fdopen(fd, "w") : NULL;
        if (!fp) {
            err = errno;
            if (fd >= 0)
                close(fd);
        } else
            err = output_finish(fp, 0, put, user);
        if (err)
            tool_error("cannot write %s '%s': %s", what, path, strerror(err));
        return err ? -1 : 0;
    }
    /* A regular file, or none: replaced as a whole where it is (through a link). */
    char *real = realpath(path, NULL), *tmp = NULL;
    const char *target = real ? real : path;
    int fd = output_temp(target, &tmp);
    FILE *fp = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!fp) {
        err = errno;
        tool_error("cannot write %s '%s': cannot create '%s.tmp.XXXXXX': %s", what, path, target,
                   strerror(err));
        if (fd >= 0) {
            close(fd);
            unlink(tmp);
        }
        free(tmp);
        free(real);
        return -1;
    }
    (void)fchmod(fd, 0644); /* mkstemp makes it 0600: what is written is meant to be shared */
    err = output_finish(fp, 1, put, user);
    if (!err && rename(tmp, target) != 0)
        err = errno;
    if (err) {
        tool_error("cannot write %s '%s': %s", what, path, strerror(err));
        unlink(tmp);
    }
    free(tmp);
    free(real);
    return err ? -1 : 0;
}

void tool_output_hold_std(void) {
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) >= 0 || errno != EBADF)
            continue;
        /* The lowest free number is fd itself, as 0..fd-1 are open by now. */
        int held = open("/dev/null", (fd == 0 ? O_WRONLY : O_RDONLY) | O_NOCTTY);
        if (held >= 0 && held != fd)
            close(held); /* cannot happen; never leave a stray descriptor */
    }
}
