/*
 * writer.c: the solution writer of the listings: each solution in the chosen format with the
 * format's prefix, separators and suffix, written to the listing's output (listing.c) one whole
 * record at a time; svg keeps the boards and draws them as one picture at the end, since the
 * picture's size depends on their number.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "listing.h"

static int writer_begin(cli_writer *w, nq_format fmt, unsigned flags);

/* Writes text to the output; after a failed write (reported once) writes nothing more. */
static int writer_out(cli_writer *w, const char *text, size_t len) {
    if (w->failed)
        return -1;
    if (listing_put(text, len)) {
        w->failed = 1;
        return -1;
    }
    return 0;
}

int cli_writer_begin(cli_writer *w, nq_format fmt, unsigned flags) {
    memset(w, 0, sizeof *w);
    return writer_begin(w, fmt, flags);
}

/* cli_writer_begin() on a cleared writer (w->one set or not). */
static int writer_begin(cli_writer *w, nq_format fmt, unsigned flags) {
    w->fmt = fmt;
    w->flags = flags;
    w->svg_max = NQ_SVG_MAX_BOARDS;
    if (fmt == NQ_FMT_SVG) {
        listing_hold(1); /* the boards are drawn at the end: never idle with some kept */
        return 0;        /* one picture of every board, drawn by cli_writer_end() */
    }
    listing_busy();
    const char *prefix = w->one ? "" : nq_format_prefix(fmt);
    int rc = writer_out(w, prefix, strlen(prefix));
    listing_set_tail(!w->one && nq_format_suffix(fmt)[0] ? nq_format_suffix(fmt) : NULL);
    listing_idle();
    return rc;
}

/* One solution: no list around it; the format's newline after it (json's list alone has none). */
int cli_writer_begin_one(cli_writer *w, nq_format fmt, unsigned flags) {
    memset(w, 0, sizeof *w);
    w->one = 1;
    return writer_begin(w, fmt, flags);
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
 * no board nothing is written, as for the other formats (DESIGN.md), except for a listing that
 * ended with no solution (w->none_n, set by solve): its picture says that n has none, so that the
 * file is a valid SVG as json's [] is valid JSON. A listing stopped by a signal before its first
 * board, or a negative answer (find, complete: a message, exit 1), still writes nothing. */
static int writer_picture(cli_writer *w) {
    size_t k = (size_t)w->written, n = (size_t)w->n;
    if (k == 0 && w->none_n > 0)
        w->n = w->none_n;
    for (size_t i = 0; (k > 0 || w->none_n > 0) && i <= k + 1; i++) {
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
        listing_set_records(w->written);
        return rc;
    }
    listing_busy();
    int rc = writer_put_text(w, n, cols);
    listing_idle();
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
    listing_add_record();
    if (w->sep && !listing_tail_open())
        listing_set_tail("\n"); /* a line of solutions (cases) is open */
    return rc;
}

int cli_writer_end(cli_writer *w) {
    int rc;
    listing_busy();
    if (w->fmt == NQ_FMT_SVG) {
        rc = w->failed ? -1 : writer_picture(w);
        listing_hold(0);
    } else {
        const char *suffix = !w->one ? nq_format_suffix(w->fmt) : w->fmt == NQ_FMT_JSON ? "\n" : "";
        rc = writer_out(w, suffix, strlen(suffix));
        listing_set_tail(NULL);
    }
    free(w->boards);
    w->boards = NULL;
    w->boards_cap = 0;
    free(w->buf);
    w->buf = NULL;
    w->cap = 0;
    if (rc == 0)
        rc = listing_flush();
    listing_idle();
    return rc;
}
