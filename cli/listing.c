/*
 * listing.c: the output of listings (solve, cases, complete --all, find), which a signal ends on
 * a whole record. They write through this file's buffer with write(2) rather than stdio, so that
 * a signal handler may write out the whole records it holds: SIGINT or SIGTERM while the listing
 * computes its next record ends the output on a record boundary (a json listing closed, a cases
 * line ended) at once; while it writes one, at the end of that record. The buffer holds only
 * whole records whenever the listing is idle (tool_stop_idle()). The solution writer (writer.c)
 * writes its records here (listing.h).
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "listing.h"
#include "signals.h"

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

int listing_flush(void) {
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

int listing_put(const char *text, size_t len) {
    if (out_failed)
        return -1;
    while (len > 0) {
        if (out_len == sizeof out_buf && listing_flush())
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

void listing_busy(void) {
    if (out_active)
        tool_stop_idle(0);
}

void listing_idle(void) {
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
    listing_idle();
}

int cli_listing_stopped(void) {
    return tool_signal_caught() != 0;
}

int cli_listing_finish(int status) {
    int failed = listing_flush() != 0;
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
    listing_busy();
    int rc = listing_put(text, strlen(text));
    if (strcmp(text, "\n") == 0 || strcmp(text, "-1\n") == 0)
        out_tail = NULL; /* a cases line is closed */
    listing_idle();
    return rc;
}

void cli_out_record(int open) {
    if (open) {
        listing_busy();
    } else {
        out_records++;
        listing_idle();
    }
}

int cli_out_write(const char *text, size_t len) {
    return listing_put(text, len);
}

int cli_out_flush(void) {
    listing_busy();
    int rc = listing_flush();
    listing_idle();
    return rc;
}

void listing_set_tail(const char *tail) {
    out_tail = tail;
}

int listing_tail_open(void) {
    return out_tail != NULL;
}

void listing_hold(int hold) {
    out_hold = hold;
}

void listing_set_records(unsigned long long records) {
    out_records = records;
}

void listing_add_record(void) {
    out_records++;
}
