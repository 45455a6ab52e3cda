/*
 * nq_hook.c: a fixed kill point for the CLI tests, preloaded into the program under test
 * (LD_PRELOAD=libnq_hook.so). A test that kills a count "part-way" used to watch the journal
 * grow and send a signal when it was long enough, which raced with the count: on a loaded machine
 * the count often finished first. This library acts inside the program instead, at an exact
 * moment: right after (or during) the K-th record written to the journal, so the outcome no
 * longer depends on how fast anything runs. The program's own code is not changed.
 *
 * It wraps write(2) (the journal writes each record with one write() call; stdio does not come
 * here). Environment:
 *   NQ_HOOK_FILE  the journal: only writes to this file are counted (its header line is not a
 *                 record and is not counted);
 *   NQ_HOOK_AT    K >= 1: act at the K-th record this process writes to it;
 *   NQ_HOOK_DO    what to do then: INT, TERM or KILL (raise the signal in the writing thread
 *                 once the record is written, so that it is handled before the next subproblem
 *                 starts), INT2 or TERM2 (the signal twice: the second one quits at once), STOP
 *                 (stop the process: the journal stays locked until SIGCONT), TORN (write only
 *                 the first half of the record, then SIGKILL: a torn record) or WAIT:TEXT (block
 *                 until the program's stderr, a regular file, contains TEXT; at most 120 s) or
 *                 SLEEP:MS (the writer sleeps MS milliseconds before it makes its next record,
 *                 in its snprintf() of the record's line: outside the journal's lock, so that
 *                 the journal's timer may sync meanwhile, and, with one thread, while nothing
 *                 else is written to the journal: a subproblem of MS ms);
 *   NQ_HOOK_FSYNC_LOG  a file: each fsync() of the journal NQ_HOOK_FILE appends a line
 *                 "RECORDS MS": the records this process had written to it, and the
 *                 milliseconds since the last of them was written (a record's durability:
 *                 tests/cli/journal.sh);
 *   NQ_HOOK_STDERR  a file: the length of every write() to fd 2 is appended to it, one a line
 *                 (a message must reach stderr in one write: tests/cli/count.sh);
 *   NQ_HOOK_FULL  TEXT: every write() and fsync() of a regular file whose path contains TEXT
 *                 fails with ENOSPC, as on a full disk, where a file system with delayed
 *                 allocation reports it at fsync() (stdio's own writes do not come here; its
 *                 files are synced by our writers): tests/cli/writers.sh, a result still shown;
 *   NQ_HOOK_READS  a file: the bytes of every read(2) of the journal NQ_HOOK_FILE are appended
 *                 to it, one read a line (a run reads its journal once: their sum is the size of
 *                 the journal it found, not two or three times that: tests/cli/journal.sh).
 * And MPI_Send() (of nqueens-mpi's worker ranks: OMPI_COMM_WORLD_RANK >= 1), to force the
 * timings of a distributed count (tests/cli/mpi.sh):
 *   NQ_HOOK_MPI_DELAY_MS  D: each send of a worker waits a pseudo-random 0..D ms first (seeded
 *                 by the rank), so that results arrive late and out of order across ranks;
 *   NQ_HOOK_MPI_SLOW_RANK R: rank R waits 10 times as long (a slow node);
 *   NQ_HOOK_MPI_LOG  a file: each worker's send of a result message (tag 1) appends a line
 *                 "RANK RECORDS" (the records it carries), so a test can see the workers work;
 *   NQ_HOOK_MPI_HOLD  PATH: rank 1's first result message that carries records is held: the
 *                 subproblem numbers it carries are written to PATH.held, one a line, and the
 *                 send waits until PATH exists (at most 120 s), so that a test can stop rank 0
 *                 while finished work is on its way to it (tests/cli/mpi.sh).
 * Nothing here is part of the library or the programs; it is built only with the tests.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

typedef ssize_t (*write_fn)(int, const void *, size_t);
typedef ssize_t (*read_fn)(int, void *, size_t);
/* MPI_Send() as Open MPI declares it, its handles being pointers: the hook needs no mpi.h. */
typedef int (*mpi_send_fn)(const void *, int, void *, int, int, void *);
int MPI_Send(const void *buf, int count, void *type, int dest, int tag, void *comm);

static unsigned long hook_records; /* records written to the journal so far (atomic) */
static long long hook_last_ms;     /* CLOCK_MONOTONIC ms of the last record written (atomic) */
static long hook_hold_ms;          /* SLEEP:MS armed: the next record's line waits (atomic) */

static long long hook_now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static write_fn hook_real_write(void) {
    static write_fn real;
    if (!real)
        *(void **)&real = dlsym(RTLD_NEXT, "write"); /* ISO C has no function pointer cast */
    return real;
}

/* 1 if fd is the journal named by NQ_HOOK_FILE (same device and inode). */
static int hook_is_journal(int fd, const char *path) {
    struct stat a, b;
    return fstat(fd, &a) == 0 && S_ISREG(a.st_mode) && stat(path, &b) == 0 &&
           a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

/* Blocks until the file on fd 2 (read through /proc) contains text, or 120 s have passed. */
static void hook_wait_stderr(const char *text) {
    static char buf[1 << 16];
    for (int tries = 0; tries < 12000; tries++) {
        int fd = open("/proc/self/fd/2", O_RDONLY);
        if (fd >= 0) {
            ssize_t got = read(fd, buf, sizeof buf - 1);
            close(fd);
            if (got > 0) {
                buf[got] = '\0';
                if (strstr(buf, text))
                    return;
            }
        }
        struct timespec ten_ms = {0, 10000000L};
        nanosleep(&ten_ms, NULL);
    }
}

/* 1 if fd is a regular file whose path contains text. */
static int hook_is_full(int fd, const char *text) {
    struct stat st;
    char link[64], target[4096];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t k = readlink(link, target, sizeof target - 1);
    if (k <= 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
        return 0;
    target[k] = '\0';
    return strstr(target, text) != NULL;
}

int fsync(int fd) {
    static int (*real)(int);
    if (!real)
        *(void **)&real = dlsym(RTLD_NEXT, "fsync");
    const char *full = getenv("NQ_HOOK_FULL");
    if (full && *full && hook_is_full(fd, full)) {
        errno = ENOSPC;
        return -1;
    }
    const char *path = getenv("NQ_HOOK_FILE"), *log = getenv("NQ_HOOK_FSYNC_LOG");
    if (path && log && hook_is_journal(fd, path)) {
        /* The records written before this call are the ones it makes durable. */
        unsigned long k = __atomic_load_n(&hook_records, __ATOMIC_SEQ_CST);
        long long ago = hook_now_ms() - __atomic_load_n(&hook_last_ms, __ATOMIC_SEQ_CST);
        int rc = real(fd);
        int lfd = open(log, O_WRONLY | O_CREAT | O_APPEND, 0600);
        if (lfd >= 0) {
            char line[64];
            int n = snprintf(line, sizeof line, "%lu %lld\n", k, ago);
            (void)hook_real_write()(lfd, line, (size_t)n);
            close(lfd);
        }
        return rc;
    }
    return real(fd);
}

ssize_t write(int fd, const void *data, size_t len) {
    write_fn real = hook_real_write();
    const char *full = getenv("NQ_HOOK_FULL");
    if (full && *full && hook_is_full(fd, full)) {
        errno = ENOSPC;
        return -1;
    }
    const char *path = getenv("NQ_HOOK_FILE"), *at = getenv("NQ_HOOK_AT");
    const char *what = getenv("NQ_HOOK_DO");
    static const char header[] = "nqueens-journal ";
    const char *log = getenv("NQ_HOOK_STDERR");
    if (fd == 2 && log) {
        int lfd = open(log, O_WRONLY | O_CREAT | O_APPEND, 0600);
        if (lfd >= 0) {
            char line[32];
            int k = snprintf(line, sizeof line, "%zu\n", len);
            (void)real(lfd, line, (size_t)k);
            close(lfd);
        }
    }
    if (!path || (!(at && what) && !getenv("NQ_HOOK_FSYNC_LOG")) || !hook_is_journal(fd, path) ||
        (len >= sizeof header - 1 && memcmp(data, header, sizeof header - 1) == 0))
        return real(fd, data, len);
    unsigned long k = __atomic_add_fetch(&hook_records, 1, __ATOMIC_SEQ_CST);
    if (!at || !what || k != strtoul(at, NULL, 10)) {
        ssize_t w = real(fd, data, len);
        __atomic_store_n(&hook_last_ms, hook_now_ms(), __ATOMIC_SEQ_CST);
        return w;
    }
    if (strcmp(what, "TORN") == 0) {
        (void)real(fd, data, len / 2);
        raise(SIGKILL);
    }
    ssize_t w = real(fd, data, len);
    __atomic_store_n(&hook_last_ms, hook_now_ms(), __ATOMIC_SEQ_CST);
    if (strncmp(what, "SLEEP:", 6) == 0)
        __atomic_store_n(&hook_hold_ms, atol(what + 6), __ATOMIC_SEQ_CST);
    if (strcmp(what, "INT") == 0 || strcmp(what, "INT2") == 0)
        raise(SIGINT);
    if (strcmp(what, "TERM") == 0 || strcmp(what, "TERM2") == 0)
        raise(SIGTERM);
    if (strcmp(what, "INT2") == 0)
        raise(SIGINT);
    if (strcmp(what, "TERM2") == 0)
        raise(SIGTERM);
    if (strcmp(what, "KILL") == 0)
        raise(SIGKILL);
    if (strcmp(what, "STOP") == 0)
        raise(SIGSTOP);
    if (strncmp(what, "WAIT:", 5) == 0)
        hook_wait_stderr(what + 5);
    return w;
}

/* The journal's record line ("r INDEX ...") is made by snprintf() before the journal's lock is
 * taken: an armed SLEEP holds the writer there. */
static void hook_hold(const char *fmt) {
    long ms = __atomic_load_n(&hook_hold_ms, __ATOMIC_SEQ_CST);
    if (ms > 0 && strncmp(fmt, "r %", 3) == 0 &&
        __atomic_compare_exchange_n(&hook_hold_ms, &ms, 0, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {
        struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
        nanosleep(&t, NULL);
    }
}

/* The sanitizers' own snprintf() (in the program) formats by vsnprintf() looked up after the
 * program, that is here: the hold is made there too, or a sanitizer build never sees it. */
typedef int (*vsnprintf_fn)(char *, size_t, const char *, va_list);
int vsnprintf(char *str, size_t size, const char *fmt, va_list ap) {
    static vsnprintf_fn real;
    if (!real)
        *(void **)&real = dlsym(RTLD_NEXT, "vsnprintf");
    hook_hold(fmt);
    return real(str, size, fmt, ap);
}

int snprintf(char *str, size_t size, const char *fmt, ...) {
    hook_hold(fmt);
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(str, size, fmt, ap);
    va_end(ap);
    return k;
}

int __snprintf_chk(char *str, size_t size, int flag, size_t slen, const char *fmt, ...);
int __snprintf_chk(char *str, size_t size, int flag, size_t slen, const char *fmt, ...) {
    (void)flag;
    (void)slen;
    hook_hold(fmt);
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(str, size, fmt, ap);
    va_end(ap);
    return k;
}

ssize_t read(int fd, void *data, size_t len) {
    static read_fn real;
    if (!real)
        *(void **)&real = dlsym(RTLD_NEXT, "read");
    ssize_t got = real(fd, data, len);
    const char *path = getenv("NQ_HOOK_FILE"), *log = getenv("NQ_HOOK_READS");
    if (got > 0 && path && log && hook_is_journal(fd, path)) {
        int lfd = open(log, O_WRONLY | O_CREAT | O_APPEND, 0600);
        if (lfd >= 0) {
            char line[32];
            int k = snprintf(line, sizeof line, "%zd\n", got);
            (void)hook_real_write()(lfd, line, (size_t)k);
            close(lfd);
        }
    }
    return got;
}

int MPI_Send(const void *buf, int count, void *type, int dest, int tag, void *comm) {
    static mpi_send_fn real;
    if (!real)
        *(void **)&real = dlsym(RTLD_NEXT, "MPI_Send");
    const char *delay = getenv("NQ_HOOK_MPI_DELAY_MS"), *rank = getenv("OMPI_COMM_WORLD_RANK");
    if (delay && rank && atoi(rank) >= 1) {
        static unsigned long state;
        if (!state)
            state = 2654435761ul * (unsigned long)(atoi(rank) + 1);
        state = state * 6364136223846793005ul + 1442695040888963407ul;
        long ms = (long)((state >> 33) % ((unsigned long)atol(delay) + 1));
        const char *slow = getenv("NQ_HOOK_MPI_SLOW_RANK");
        if (slow && atoi(slow) == atoi(rank))
            ms *= 10;
        struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
        nanosleep(&t, NULL);
    }
    const char *hold = getenv("NQ_HOOK_MPI_HOLD");
    static int held;
    if (hold && !held && rank && atoi(rank) == 1 && tag == 1 && count >= 3 &&
        ((const unsigned long long *)buf)[2] > 0) {
        const unsigned long long *w = buf;
        char name[4096], line[32];
        held = 1;
        snprintf(name, sizeof name, "%s.held.tmp", hold);
        int lfd = open(name, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        for (unsigned long long r = 0; lfd >= 0 && r < w[2]; r++) {
            int k = snprintf(line, sizeof line, "%llu\n", w[3 + 14 * r]); /* REC_WORDS */
            (void)hook_real_write()(lfd, line, (size_t)k);
        }
        if (lfd >= 0)
            close(lfd);
        char done[4096];
        snprintf(done, sizeof done, "%s.held", hold);
        rename(name, done); /* whole when it appears */
        for (int tries = 0; tries < 12000 && access(hold, F_OK) != 0; tries++) {
            struct timespec ten_ms = {0, 10000000L};
            nanosleep(&ten_ms, NULL);
        }
    }
    const char *log = getenv("NQ_HOOK_MPI_LOG");
    if (log && rank && atoi(rank) >= 1 && tag == 1 && count >= 3) {
        int lfd = open(log, O_WRONLY | O_CREAT | O_APPEND, 0600);
        if (lfd >= 0) {
            char line[64];
            int k = snprintf(line, sizeof line, "%d %llu\n", atoi(rank),
                             (unsigned long long)((const unsigned long long *)buf)[2]);
            (void)hook_real_write()(lfd, line, (size_t)k);
            close(lfd);
        }
    }
    return real(buf, count, type, dest, tag, comm);
}
