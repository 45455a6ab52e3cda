/*
 * stdin.c: words of standard input, for N and for the cases of `cases`: a UTF-8 byte order mark
 * at the very start skipped, a NUL byte or an overlong word refused, a prompt when standard input
 * is a terminal (so that a command typed without N does not wait in silence), and N itself, from
 * the command line or standard input.
 */
#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "signals.h"

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

int cli_positional_n(const char *cmd, int argc, char **argv, int first, long long lo, long long hi,
                     long long *n) {
    if (cli_at_most_one_n(cmd, argc, argv, first))
        return -1;
    return cli_get_n(first < argc ? argv[first] : NULL, lo, hi, n);
}
