/*
 * common.c: helpers shared by the subcommands: usage errors, N from the command line or standard
 * input (a byte order mark skipped, a NUL byte refused, a prompt at a terminal), reading a whole
 * input, the solution writer, and the listing's output, which ends on a whole record when SIGINT
 * or SIGTERM comes.
 */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "signals.h"

int cli_usage_error(const char *cmd, const char *fmt, ...) {
    char hint[64];
    snprintf(hint, sizeof hint, "(try 'nqueens %s --help')", cmd);
    va_list ap;
    va_start(ap, fmt);
    tool_vmessage(cmd, hint, fmt, ap);
    va_end(ap);
    return EXIT_USAGE;
}

/* The command being run ("solve", "count" ...), for examples in messages. */
static const char *cli_command_name = "solve";

void cli_set_command(const char *name) {
    cli_command_name = name;
    tool_set_command(name);
}

/* How N is given to the command being run: as an argument ("nqueens solve 8") and on standard
 * input ("echo 8 | nqueens solve"), for messages. */
static const char *cli_n_example(int on_stdin) {
    static char example[96];
    int n = strcmp(cli_command_name, "trace") == 0 ? 4 : 8;
    if (strcmp(cli_command_name, "complete") == 0)
        snprintf(example, sizeof example, "%snqueens complete %s--queens \"3-3, 4-1\"",
                 on_stdin ? "echo 8 | " : "", on_stdin ? "" : "8 ");
    else if (on_stdin)
        snprintf(example, sizeof example, "echo %d | nqueens %s", n, cli_command_name);
    else
        snprintf(example, sizeof example, "nqueens %s %d", cli_command_name, n);
    return example;
}

void cli_stdin_prompt(const char *what, const char *how) {
    if (!isatty(STDIN_FILENO))
        return;
    if (how)
        tool_note("reading %s from standard input (%s)", what, how);
    else
        tool_note("reading %s from standard input (type it, then Enter; or give it on the command "
                  "line, as in '%s')",
                  what, cli_n_example(0));
}

/* Standard input is read through these, byte by byte (stdio's buffer makes that cheap): a UTF-8
 * byte order mark at its very start is skipped, as the editors of some systems write one. */
static int stdin_started;

static int stdin_getc(void) {
    int c = getchar();
    if (stdin_started)
        return c;
    stdin_started = 1;
    if (c != 0xEF)
        return c;
    int c2 = getchar();
    if (c2 == 0xBB) {
        int c3 = getchar();
        if (c3 == 0xBF)
            return getchar();
        if (c3 != EOF)
            ungetc(c3, stdin);
        /* "\xEF\xBB" then something else: not a mark; the word starts with 0xEF 0xBB and is
         * refused as a number anyway, shown escaped. */
        ungetc(0xBB, stdin);
        return 0xEF;
    }
    if (c2 != EOF)
        ungetc(c2, stdin);
    return 0xEF;
}

/* Reads the rest of a word whose first byte is c: bytes up to white space or the end, at most 63
 * kept in token (NUL-terminated; NUL bytes of the input are kept as they are, so that len tells
 * them). Returns the word's full length; the white space after it is pushed back. */
static size_t read_word(int c, char token[64], size_t *kept) {
    size_t len = 0;
    for (; c != EOF && !isspace(c); c = stdin_getc()) {
        if (len < 63)
            token[len] = (char)c;
        len++;
    }
    if (c != EOF)
        ungetc(c, stdin);
    *kept = len < 63 ? len : 63;
    token[*kept] = '\0';
    return len;
}

int cli_read_token(const char *what, char token[64]) {
    int c;
    while ((c = stdin_getc()) != EOF && isspace(c))
        ;
    if (c == EOF) {
        if (ferror(stdin)) {
            tool_error("cannot read %s from standard input: %s", what, strerror(errno));
            return -1;
        }
        return 1;
    }
    size_t kept, len = read_word(c, token, &kept);
    char shown[96];
    if (len > 63) {
        tool_error("%s must be an integer, got a word of more than 63 characters on standard "
                   "input: '%s...'",
                   what, tool_quote(token, 20, shown, sizeof shown));
        return -1;
    }
    if (memchr(token, '\0', kept)) { /* "8\0junk" must not read as 8 */
        tool_error("%s must be an integer, got '%s' on standard input (a NUL byte is no digit)",
                   what, tool_quote(token, kept, shown, sizeof shown));
        return -1;
    }
    return 0;
}

int cli_stdin_leftover(char token[64]) {
    int c;
    while ((c = stdin_getc()) != EOF && c != '\n' && isspace(c))
        ;
    if (c == EOF && ferror(stdin)) {
        tool_error("cannot read standard input: %s", strerror(errno));
        return -1;
    }
    if (c == EOF || c == '\n')
        return 0;
    size_t kept;
    read_word(c, token, &kept);
    char copy[64];
    memcpy(copy, token, kept + 1);
    tool_quote(copy, kept, token, 64);
    return 1;
}

/* Waiting for N on standard input may take for ever (a pipe that never ends): SIGINT or SIGTERM
 * then ends the command at once, saying so, as every long wait does (with SIGINT ignored on
 * entry, as in a background job, it could not be stopped). Called by the handler: only write(2).
 */
static char n_prefix[64];

static void n_drain(int sig) {
    const char *parts[] = {n_prefix, ": interrupted by ", tool_signal_name(sig),
                           " while waiting for N on standard input\n"};
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
        ssize_t w = write(STDERR_FILENO, parts[i], strlen(parts[i]));
        (void)w;
    }
}

/* Installs n_drain() unless the command has handlers of its own already (complete). Returns
 * whether it did. */
static int n_wait_start(void) {
    struct sigaction cur;
    if (sigaction(SIGINT, NULL, &cur) != 0 || (cur.sa_flags & SA_SIGINFO) ||
        (cur.sa_handler != SIG_DFL && cur.sa_handler != SIG_IGN))
        return 0;
    snprintf(n_prefix, sizeof n_prefix, "%s", tool_prefix());
    tool_stop_install(TOOL_STOP_LISTING, n_drain);
    tool_stop_idle(1);
    return 1;
}

static int read_n(long long lo, long long hi, long long *n);

int cli_get_n(const char *arg, long long lo, long long hi, long long *n) {
    if (arg)
        return tool_parse_ll("N", arg, lo, hi, n);
    int guarded = n_wait_start();
    int rc = read_n(lo, hi, n);
    if (guarded) {
        tool_stop_idle(0);
        tool_stop_restore();
    }
    return rc;
}

static int read_n(long long lo, long long hi, long long *n) {
    char token[64], more[64];
    cli_stdin_prompt("N", NULL);
    int rc = cli_read_token("N", token);
    if (rc < 0)
        return -1;
    if (rc > 0) {
        char arg_example[96];
        snprintf(arg_example, sizeof arg_example, "%s", cli_n_example(0));
        tool_error("expected N on standard input, got nothing; give N as an argument (e.g. '%s') "
                   "or on standard input (%s)",
                   arg_example, cli_n_example(1));
        return -1;
    }
    if (tool_parse_ll("N", token, lo, hi, n))
        return -1;
    rc = cli_stdin_leftover(more);
    if (rc > 0)
        tool_error("expected only N on standard input, but '%s' follows '%s'", more, token);
    if (rc != 0)
        return -1;
    /* A file is read to its end (`printf '8\n9\n' > f; nqueens solve < f` dropped the 9); a pipe
     * or a terminal only to the end of N's line, since a program that writes N and waits for the
     * answer before closing the pipe must not be kept waiting. */
    struct stat st;
    if (fstat(STDIN_FILENO, &st) == 0 && S_ISREG(st.st_mode)) {
        rc = cli_read_token("the input after N", more);
        char shown[96];
        if (rc == 0)
            tool_error("expected only N on standard input, but '%s' follows '%s' on a later line",
                       tool_quote(more, strlen(more), shown, sizeof shown), token);
        if (rc <= 0)
            return -1;
    }
    return 0;
}

/* Does the option argument `a` take its value from the next argument ("--limit", "-l", "-ul")? */
static int takes_next_value(const char *a, const char *optstring, const struct option *longopts) {
    if (a[0] != '-' || a[1] == '\0')
        return 0;
    if (a[1] == '-') {
        const char *name = a + 2;
        size_t len = strlen(name);
        if (len == 0 || strchr(name, '='))
            return 0;
        for (const struct option *o = longopts; o->name; o++) {
            if (strncmp(o->name, name, len) == 0 && o->has_arg == required_argument)
                return 1; /* getopt_long accepts a unique prefix of the name */
        }
        return 0;
    }
    for (const char *p = a + 1; *p; p++) {
        const char *spec = *p == ':' ? NULL : strchr(optstring, *p);
        if (!spec)
            return 0;
        if (spec[1] == ':')
            return p[1] == '\0'; /* "-l5" carries its value; "-l" takes the next argument */
    }
    return 0;
}

int cli_reject_negative(int argc, char **argv, const char *what, long long lo, long long hi,
                        const char *optstring, const struct option *longopts) {
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--") == 0)
            break;
        if (takes_next_value(a, optstring, longopts)) {
            i++; /* its value, whatever it is, is checked by the option */
            continue;
        }
        if (a[0] == '-' && isdigit((unsigned char)a[1])) {
            tool_error("%s must be an integer from %lld to %lld, got '%s'", what, lo, hi, a);
            return -1;
        }
    }
    return 0;
}

void cli_stdout_init(void) {
    static char buffer[1 << 16];
    setvbuf(stdout, buffer, _IOFBF, sizeof buffer);
}

int cli_flush(void) {
    if (fflush(stdout) != 0 || ferror(stdout)) {
        tool_error("cannot write the output: %s", strerror(errno));
        return -1;
    }
    return 0;
}

/* ---- The output of listings ---------------------------------------------------------------
 * Listings (solve, cases, complete --all, find) write through this buffer with write(2) rather
 * than stdio, so that a signal handler may write out the whole records it holds: SIGINT or
 * SIGTERM while the listing computes its next record ends the output on a record boundary (a json
 * listing closed, a cases line ended) at once; while it writes one, at the end of that record.
 * The buffer holds only whole records whenever the listing is idle (tool_stop_idle()). */

static char out_buf[1 << 16];
static size_t out_len;
static int out_failed;                /* a write failed (reported once): write nothing more */
static const char *volatile out_tail; /* what closes the output if it is cut here */
static volatile unsigned long long out_records; /* records written, for the message */
static const char *out_noun = "solutions";      /* what the records are, for the message */
static char out_prefix[64];                     /* "nqueens solve", for the drain's message */
static int out_active;                          /* a listing is running (cli_listing_start) */
static int out_hold;                            /* records are kept, not written (svg) */

/* Writes all of [p, p + len) to stdout; returns 0 or the errno of the failed write. Async-signal-
 * safe. */
static int out_write_all(const char *p, size_t len) {
    while (len > 0) {
        ssize_t k = write(STDOUT_FILENO, p, len);
        if (k < 0) {
            if (errno == EINTR)
                continue;
            return errno;
        }
        p += k;
        len -= (size_t)k;
    }
    return 0;
}

static int out_flush_buffer(void) {
    if (out_failed)
        return -1;
    int err = out_write_all(out_buf, out_len);
    out_len = 0;
    if (err) {
        tool_error("cannot write the output: %s", strerror(err));
        out_failed = 1;
        return -1;
    }
    return 0;
}

/* Appends to the output; after a failed write (reported once) writes nothing more. */
static int out_put(const char *text, size_t len) {
    if (out_failed)
        return -1;
    while (len > 0) {
        if (out_len == sizeof out_buf && out_flush_buffer())
            return -1;
        size_t k = sizeof out_buf - out_len < len ? sizeof out_buf - out_len : len;
        memcpy(out_buf + out_len, text, k);
        out_len += k;
        text += k;
        len -= k;
    }
    return 0;
}

/* The drain of a listing interrupted while idle: called by the signal handler, so only write(2).
 */
static void out_drain(int sig) {
    if (out_write_all(out_buf, out_len) == 0 && out_tail)
        out_write_all(out_tail, strlen(out_tail));
    char num[24];
    size_t k = sizeof num;
    unsigned long long v = out_records;
    num[--k] = '\0';
    do {
        num[--k] = (char)('0' + v % 10);
        v /= 10;
    } while (v && k > 0);
    const char *parts[] = {
        out_prefix, ": interrupted by ", tool_signal_name(sig), " after ", num + k, " ", out_noun,
        "\n"};
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
        size_t len = strlen(parts[i]);
        if (parts[i] == out_noun && out_records == 1)
            len--; /* "1 solution" */
        ssize_t w = write(STDERR_FILENO, parts[i], len);
        (void)w;
    }
}

/* The listing is busy (about to change the buffer) or idle again. */
static void out_busy(void) {
    if (out_active)
        tool_stop_idle(0);
}

static void out_idle(void) {
    if (out_active && !out_hold)
        tool_stop_idle(1);
}

void cli_listing_start(const char *noun) {
    out_noun = noun;
    snprintf(out_prefix, sizeof out_prefix, "%s", tool_prefix());
    out_records = 0;
    out_tail = NULL;
    fflush(stdout); /* what stdio holds goes first */
    out_active = 1;
    tool_stop_install(TOOL_STOP_LISTING, out_drain);
    out_idle();
}

int cli_listing_stopped(void) {
    return tool_signal_caught() != 0;
}

int cli_listing_finish(int status) {
    int failed = out_flush_buffer() != 0;
    out_active = 0;
    int sig = tool_stop_restore();
    if (failed && status == EXIT_OK)
        status = EXIT_USAGE;
    if (sig && status == EXIT_OK) {
        tool_error("interrupted by %s after %llu %.*s", tool_signal_name(sig), out_records,
                   (int)strlen(out_noun) - (out_records == 1), out_noun);
        status = 128 + sig;
    }
    return status;
}

int cli_out_raw(const char *text) {
    out_busy();
    int rc = out_put(text, strlen(text));
    if (strcmp(text, "\n") == 0 || strcmp(text, "-1\n") == 0)
        out_tail = NULL; /* a cases line is closed */
    out_idle();
    return rc;
}

void cli_out_record(int open) {
    if (open) {
        out_busy();
    } else {
        out_records++;
        out_idle();
    }
}

int cli_out_write(const char *text, size_t len) {
    return out_put(text, len);
}

int cli_out_flush(void) {
    out_busy();
    int rc = out_flush_buffer();
    out_idle();
    return rc;
}

/* Writes text to the output; after a failed write (reported once) writes nothing more. */
static int writer_out(cli_writer *w, const char *text, size_t len) {
    if (w->failed)
        return -1;
    if (out_put(text, len)) {
        w->failed = 1;
        return -1;
    }
    return 0;
}

int cli_writer_begin(cli_writer *w, nq_format fmt, unsigned flags) {
    memset(w, 0, sizeof *w);
    w->fmt = fmt;
    w->flags = flags;
    w->svg_max = NQ_SVG_MAX_BOARDS;
    if (fmt == NQ_FMT_SVG) {
        out_hold = 1; /* the boards are drawn at the end: never idle with some kept */
        return 0;     /* one picture of every board, drawn by cli_writer_end() */
    }
    out_busy();
    const char *prefix = nq_format_prefix(fmt);
    int rc = writer_out(w, prefix, strlen(prefix));
    out_tail = nq_format_suffix(fmt)[0] ? nq_format_suffix(fmt) : NULL;
    out_idle();
    return rc;
}

static int writer_put_text(cli_writer *w, int n, const int *cols);

/* svg: keeps the solution; the picture needs the number of boards before the first one. */
static int writer_keep(cli_writer *w, int n, const int *cols) {
    if (w->written > 0 && n != w->n) {
        tool_error("internal error: boards of sizes %d and %d in one picture", w->n, n);
        return -1;
    }
    if (w->written >= w->svg_max) {
        if (w->svg_max < NQ_SVG_MAX_BOARDS)
            tool_error("the svg format draws at most %llu boards in one picture without --limit "
                       "(a picture of more is megabytes no one looks at); give --limit K (K up "
                       "to %d)",
                       w->written, NQ_SVG_MAX_BOARDS);
        else
            tool_error("the svg format draws at most %d boards in one picture; give --limit K "
                       "with K <= %d",
                       NQ_SVG_MAX_BOARDS, NQ_SVG_MAX_BOARDS);
        w->failed = 1; /* nothing is drawn: no picture of the first ones only */
        return -1;
    }
    size_t need = ((size_t)w->written + 1) * (size_t)n;
    if (need > w->boards_cap) {
        size_t cap = need * 2;
        int *bigger = realloc(w->boards, cap * sizeof *bigger);
        if (!bigger) {
            tool_error("out of memory: keeping %llu boards for the picture", w->written + 1);
            w->failed = 1;
            return -1;
        }
        w->boards = bigger;
        w->boards_cap = cap;
    }
    memcpy(w->boards + (size_t)w->written * (size_t)n, cols, (size_t)n * sizeof *cols);
    w->n = n;
    w->written++;
    return 0;
}

/* svg: writes the picture of the kept boards, piece by piece (one board's text at a time). With
 * no board nothing is written, as for the other formats (DESIGN.md). */
static int writer_picture(cli_writer *w) {
    size_t k = (size_t)w->written, n = (size_t)w->n;
    for (size_t i = 0; k > 0 && i <= k + 1; i++) {
        size_t len = 0;
        for (int pass = 0; pass < 2; pass++) {
            if (i == 0)
                len = nq_svg_begin(w->buf, w->cap, w->n, k, w->flags);
            else if (i <= k)
                len = nq_svg_board_marked(w->buf, w->cap, w->n, w->boards + (i - 1) * n, w->given,
                                          i - 1, k, w->flags);
            else
                len = nq_svg_end(w->buf, w->cap, w->n, k, w->flags);
            if (len == 0) {
                tool_error("the svg format draws boards of at most %d rows, got %d; use cols",
                           NQ_SVG_MAX_N, w->n);
                return -1;
            }
            if (len < w->cap)
                break;
            char *bigger = realloc(w->buf, len + 1);
            if (!bigger) {
                tool_error("out of memory: drawing one board needs %zu bytes", len + 1);
                return -1;
            }
            w->buf = bigger;
            w->cap = len + 1;
        }
        if (writer_out(w, w->buf, len))
            return -1;
    }
    return 0;
}

int cli_writer_put(cli_writer *w, int n, const int *cols) {
    if (w->fmt == NQ_FMT_SVG) {
        int rc = writer_keep(w, n, cols);
        out_records = w->written;
        return rc;
    }
    out_busy();
    int rc = writer_put_text(w, n, cols);
    out_idle();
    return rc;
}

/* cli_writer_put() of the text formats, with the listing busy. */
static int writer_put_text(cli_writer *w, int n, const int *cols) {
    if (w->written) {
        const char *sep = w->sep ? w->sep : nq_format_separator(w->fmt);
        if (writer_out(w, sep, strlen(sep)))
            return -1;
    }
    size_t len = nq_format_solution(w->buf, w->cap, w->fmt, n, cols, w->flags);
    if (len == 0) {
        tool_error("internal error: cannot format a solution of size %d", n);
        return -1;
    }
    if (len + 1 > w->cap) {
        char *bigger = realloc(w->buf, len + 1);
        if (!bigger) {
            tool_error("out of memory: formatting one solution needs %zu bytes", len + 1);
            return -1;
        }
        w->buf = bigger;
        w->cap = len + 1;
        nq_format_solution(w->buf, w->cap, w->fmt, n, cols, w->flags);
    }
    w->written++;
    int rc = writer_out(w, w->buf, len);
    out_records++;
    if (w->sep && !out_tail)
        out_tail = "\n"; /* a line of solutions (cases) is open */
    return rc;
}

int cli_writer_end(cli_writer *w) {
    int rc;
    out_busy();
    if (w->fmt == NQ_FMT_SVG) {
        rc = w->failed ? -1 : writer_picture(w);
        out_hold = 0;
    } else {
        const char *suffix = nq_format_suffix(w->fmt);
        rc = writer_out(w, suffix, strlen(suffix));
        out_tail = NULL;
    }
    free(w->boards);
    w->boards = NULL;
    w->boards_cap = 0;
    free(w->buf);
    w->buf = NULL;
    w->cap = 0;
    if (rc == 0)
        rc = out_flush_buffer();
    out_idle();
    return rc;
}

int cli_option_error(const char *cmd, int rc, char **argv, int optind_now) {
    /* A long option is the whole last argument; a short one may sit inside a cluster ("-xu"),
     * where getopt has not moved past the argument yet: name it by optopt. */
    const char *arg = argv[optind_now - 1];
    char shortopt[3] = {'-', (char)optopt, '\0'};
    if (strncmp(arg, "--", 2) != 0 && optopt != 0)
        arg = shortopt;
    if (rc == ':')
        return cli_usage_error(cmd, "option '%s' needs a value", arg);
    return cli_usage_error(cmd, "unknown option '%s'", arg);
}

int cli_parse_format(const char *cmd, const char *name, nq_format *fmt) {
    if (nq_format_parse(name, fmt) == NQ_OK)
        return 0;
    cli_usage_error(cmd,
                    "unknown format '%s'; the formats are cols, pairs, board, json, jsonl, grid, "
                    "perm, matrix and svg",
                    name);
    return -1;
}

int cli_at_most_one_n(const char *cmd, int argc, char **argv, int first) {
    if (argc - first <= 1)
        return 0;
    cli_usage_error(cmd, "expected at most one N, got '%s' and '%s'", argv[first], argv[first + 1]);
    return -1;
}

int cli_positional_n(const char *cmd, int argc, char **argv, int first, long long lo, long long hi,
                     long long *n) {
    if (cli_at_most_one_n(cmd, argc, argv, first))
        return -1;
    return cli_get_n(first < argc ? argv[first] : NULL, lo, hi, n);
}

char *cli_read_file(const char *path, size_t *len) {
    int std = !path || strcmp(path, "-") == 0;
    const char *name = std ? "standard input" : path;
    FILE *f = std ? stdin : fopen(path, "rb");
    if (!f) {
        tool_error("cannot open '%s': %s", name, strerror(errno));
        return NULL;
    }
    size_t cap = (size_t)1 << 16, used = 0;
    char *buf = malloc(cap + 1);
    if (!buf)
        tool_error("out of memory reading '%s'", name);
    while (buf) {
        if (used == cap) {
            char *bigger = cap < CLI_READ_MAX ? realloc(buf, 2 * cap + 1) : NULL;
            if (!bigger) {
                if (cap < CLI_READ_MAX)
                    tool_error("out of memory reading '%s' (over %zu bytes)", name, cap);
                else
                    tool_error("'%s' is too large to read (over %zu bytes)", name, cap);
                free(buf);
                buf = NULL;
                break;
            }
            buf = bigger;
            cap *= 2;
        }
        size_t got = fread(buf + used, 1, cap - used, f);
        used += got;
        if (got == 0) {
            if (ferror(f)) {
                tool_error("cannot read '%s': %s", name, strerror(errno));
                free(buf);
                buf = NULL;
            }
            break;
        }
    }
    if (f != stdin)
        fclose(f);
    if (buf) {
        buf[used] = '\0';
        *len = used;
    }
    return buf;
}
