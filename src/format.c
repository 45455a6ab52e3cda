/*
 * format.c: the text formats of solutions (DESIGN.md), the one place that knows them, written
 * snprintf-style through a sink (sink.h) into caller-owned buffers so the library never does
 * I/O. Two workloads: streaming hundreds of thousands of small solutions (`solve 14`), one call
 * per solution, and one solution of millions of rows (`find 10000000`), written as pieces of
 * consecutive rows (nq_format_rows()) so that the caller's buffer stays small. A solution's text
 * is its head (what comes before row 0), one piece per row, and its tail, so both entry points
 * share every byte of it.
 */
#include <stdlib.h>
#include <string.h>

#include "nqueens_advanced.h"
#include "sink.h"

static const char *const format_names[NQ_FORMATS] = {
    "cols", "pairs", "board", "json", "jsonl", "grid", "perm", "matrix", "svg",
};

const char *nq_format_name(nq_format fmt) {
    return (unsigned)fmt < NQ_FORMATS ? format_names[fmt] : "unknown";
}

int nq_format_parse(const char *name, nq_format *fmt) {
    if (!name || !fmt)
        return NQ_EINVAL;
    for (int i = 0; i < NQ_FORMATS; i++) {
        if (strcmp(name, format_names[i]) == 0) {
            *fmt = (nq_format)i;
            return NQ_OK;
        }
    }
    return NQ_EINVAL;
}

int nq_format_is_board(nq_format fmt) {
    return fmt == NQ_FMT_BOARD || fmt == NQ_FMT_JSON || fmt == NQ_FMT_GRID ||
           fmt == NQ_FMT_MATRIX || fmt == NQ_FMT_SVG;
}

const char *nq_format_prefix(nq_format fmt) {
    return fmt == NQ_FMT_JSON ? "[" : "";
}

const char *nq_format_separator(nq_format fmt) {
    return fmt == NQ_FMT_JSON ? "," : "";
}

const char *nq_format_suffix(nq_format fmt) {
    return fmt == NQ_FMT_JSON ? "]\n" : "";
}

/* One board row: n cells, the queen at column q; cells separated or followed as the format says. */
static void put_cells(sink *o, nq_format fmt, int n, int q) {
    switch (fmt) {
    case NQ_FMT_BOARD:
    case NQ_FMT_JSON:
        sink_fill(o, '.', (size_t)q);
        sink_char(o, 'Q');
        sink_fill(o, '.', (size_t)(n - 1 - q));
        break;
    case NQ_FMT_GRID:
        for (int c = 0; c < n; c++) {
            sink_char(o, c == q ? 'Q' : '_');
            sink_char(o, ' ');
        }
        break;
    default: /* NQ_FMT_MATRIX */
        for (int c = 0; c < n; c++) {
            if (c)
                sink_char(o, ' ');
            sink_char(o, c == q ? '1' : '0');
        }
        break;
    }
}

/* What comes before the first row. */
static void put_head(sink *o, nq_format fmt, int n) {
    switch (fmt) {
    case NQ_FMT_PERM:
    case NQ_FMT_JSON:
        sink_char(o, '[');
        break;
    case NQ_FMT_JSONL:
        sink_str(o, "{\"n\":");
        sink_uint(o, (unsigned long long)n);
        sink_str(o, ",\"cols\":[");
        break;
    default:
        break;
    }
}

/* The text of row r, whose queen stands in column c. */
static void put_row(sink *o, nq_format fmt, int n, int r, int c) {
    switch (fmt) {
    case NQ_FMT_COLS:
        if (r)
            sink_char(o, ' ');
        sink_uint(o, (unsigned long long)c);
        break;
    case NQ_FMT_PAIRS:
        sink_uint(o, (unsigned long long)r);
        sink_char(o, '-');
        sink_uint(o, (unsigned long long)c);
        sink_str(o, ", ");
        break;
    case NQ_FMT_PERM:
        sink_uint(o, (unsigned long long)c + 1);
        sink_char(o, ' ');
        break;
    case NQ_FMT_JSONL:
        if (r)
            sink_char(o, ',');
        sink_uint(o, (unsigned long long)c);
        break;
    case NQ_FMT_JSON:
        if (r)
            sink_char(o, ',');
        sink_char(o, '"');
        put_cells(o, fmt, n, c);
        sink_char(o, '"');
        break;
    default: /* board, grid, matrix: one line a row */
        put_cells(o, fmt, n, c);
        sink_char(o, '\n');
        break;
    }
}

/* What comes after the last row; end: the final newline or blank line (not in json). */
static void put_tail(sink *o, nq_format fmt, int end) {
    switch (fmt) {
    case NQ_FMT_PAIRS:
        sink_char(o, '.');
        break;
    case NQ_FMT_PERM:
    case NQ_FMT_JSON:
        sink_char(o, ']');
        break;
    case NQ_FMT_JSONL:
        sink_str(o, "]}");
        break;
    default:
        break;
    }
    if (end && fmt != NQ_FMT_JSON)
        sink_char(o, '\n');
}

/* 1 if the arguments name a text format and a placement whose rows [first, last) are in range. */
static int format_args_ok(char *buf, size_t cap, nq_format fmt, int n, const int *cols, int first,
                          int last) {
    if ((unsigned)fmt >= NQ_FORMATS || fmt == NQ_FMT_SVG || n < 1 || !cols || (!buf && cap))
        return 0;
    for (int r = first; r < last; r++) {
        if (cols[r] < 0 || cols[r] >= n)
            return 0;
    }
    return 1;
}

size_t nq_format_rows(char *buf, size_t cap, nq_format fmt, int n, const int *cols, int first,
                      int last, unsigned flags) {
    if (first < 0 || last > n || first >= last || (flags & ~NQ_FMT_NO_END) ||
        !format_args_ok(buf, cap, fmt, n, cols, first, last))
        return 0;
    sink o;
    sink_init(&o, buf, cap);
    if (first == 0)
        put_head(&o, fmt, n);
    for (int r = first; r < last; r++)
        put_row(&o, fmt, n, r, cols[r]);
    if (last == n)
        put_tail(&o, fmt, !(flags & NQ_FMT_NO_END));
    return sink_finish(&o);
}

size_t nq_format_solution(char *buf, size_t cap, nq_format fmt, int n, const int *cols,
                          unsigned flags) {
    if ((flags & ~(NQ_FMT_COLUMN_MAJOR | NQ_FMT_NO_END)) ||
        !format_args_ok(buf, cap, fmt, n, cols, 0, n))
        return 0;
    const int *shown = cols;
    int small[NQ_MAX_N];
    int *heap = NULL;
    if (flags & NQ_FMT_COLUMN_MAJOR) {
        /* The transpose: the queen of row r stands in row cols[r] of column r. */
        int *t = small;
        if (n > NQ_MAX_N && !(t = heap = malloc((size_t)n * sizeof *t)))
            return 0;
        for (int r = 0; r < n; r++)
            t[r] = -1;
        for (int r = 0; r < n; r++) {
            if (t[cols[r]] != -1) {
                free(heap);
                return 0; /* not a permutation: no transpose */
            }
            t[cols[r]] = r;
        }
        shown = t;
    }
    sink o;
    sink_init(&o, buf, cap);
    put_head(&o, fmt, n);
    for (int r = 0; r < n; r++)
        put_row(&o, fmt, n, r, shown[r]);
    put_tail(&o, fmt, !(flags & NQ_FMT_NO_END));
    free(heap);
    return sink_finish(&o);
}
