/*
 * format.c: the text formats of solutions (DESIGN.md), written snprintf-style into caller-owned
 * buffers so the library never does I/O. Tuned for streaming hundreds of thousands of small
 * solutions (`solve 14`): a writer appends into the buffer and keeps counting once it is full, so
 * one pass both sizes and fills.
 */
#include <stdlib.h>
#include <string.h>

#include "nqueens.h"

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

/* An output cursor: writes while there is room (keeping one byte for the NUL), counts always. */
typedef struct sink {
    char *buf;
    size_t cap, len;
} sink;

static void put_char(sink *o, char ch) {
    if (o->len + 1 < o->cap)
        o->buf[o->len] = ch;
    o->len++;
}

static void put_fill(sink *o, char ch, size_t count) {
    if (o->len + 1 < o->cap) {
        size_t room = o->cap - 1 - o->len;
        memset(o->buf + o->len, ch, count < room ? count : room);
    }
    o->len += count;
}

static void put_str(sink *o, const char *str) {
    while (*str)
        put_char(o, *str++);
}

static void put_uint(sink *o, unsigned long v) {
    char tmp[24];
    int len = 0;
    do {
        tmp[len++] = (char)('0' + (int)(v % 10));
        v /= 10;
    } while (v);
    while (len)
        put_char(o, tmp[--len]);
}

/* One board row: n cells, the queen at column q; cells separated or followed as the format says. */
static void put_row(sink *o, nq_format fmt, int n, int q) {
    switch (fmt) {
    case NQ_FMT_BOARD:
    case NQ_FMT_JSON:
        put_fill(o, '.', (size_t)q);
        put_char(o, 'Q');
        put_fill(o, '.', (size_t)(n - 1 - q));
        break;
    case NQ_FMT_GRID:
        for (int c = 0; c < n; c++) {
            put_char(o, c == q ? 'Q' : '_');
            put_char(o, ' ');
        }
        break;
    default: /* NQ_FMT_MATRIX */
        for (int c = 0; c < n; c++) {
            if (c)
                put_char(o, ' ');
            put_char(o, c == q ? '1' : '0');
        }
        break;
    }
}

static void write_solution(sink *o, nq_format fmt, int n, const int *cols, int end) {
    switch (fmt) {
    case NQ_FMT_COLS:
        for (int r = 0; r < n; r++) {
            if (r)
                put_char(o, ' ');
            put_uint(o, (unsigned long)cols[r]);
        }
        if (end)
            put_char(o, '\n');
        break;
    case NQ_FMT_PAIRS:
        for (int r = 0; r < n; r++) {
            put_uint(o, (unsigned long)r);
            put_char(o, '-');
            put_uint(o, (unsigned long)cols[r]);
            put_str(o, ", ");
        }
        put_char(o, '.');
        if (end)
            put_char(o, '\n');
        break;
    case NQ_FMT_PERM:
        put_char(o, '[');
        for (int r = 0; r < n; r++) {
            put_uint(o, (unsigned long)cols[r] + 1);
            put_char(o, ' ');
        }
        put_char(o, ']');
        if (end)
            put_char(o, '\n');
        break;
    case NQ_FMT_JSONL:
        put_str(o, "{\"n\":");
        put_uint(o, (unsigned long)n);
        put_str(o, ",\"cols\":[");
        for (int r = 0; r < n; r++) {
            if (r)
                put_char(o, ',');
            put_uint(o, (unsigned long)cols[r]);
        }
        put_str(o, "]}");
        if (end)
            put_char(o, '\n');
        break;
    case NQ_FMT_JSON:
        put_char(o, '[');
        for (int r = 0; r < n; r++) {
            if (r)
                put_char(o, ',');
            put_char(o, '"');
            put_row(o, fmt, n, cols[r]);
            put_char(o, '"');
        }
        put_char(o, ']');
        break;
    default: /* board, grid, matrix: n lines, then a blank line */
        for (int r = 0; r < n; r++) {
            put_row(o, fmt, n, cols[r]);
            put_char(o, '\n');
        }
        if (end)
            put_char(o, '\n');
        break;
    }
}

size_t nq_format_solution(char *buf, size_t cap, nq_format fmt, int n, const int *cols,
                          unsigned flags) {
    if ((unsigned)fmt >= NQ_FORMATS || fmt == NQ_FMT_SVG || n < 1 || !cols || (!buf && cap))
        return 0;
    for (int r = 0; r < n; r++) {
        if (cols[r] < 0 || cols[r] >= n)
            return 0;
    }
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
    sink o = {buf, cap, 0};
    write_solution(&o, fmt, n, shown, !(flags & NQ_FMT_NO_END));
    if (cap)
        buf[o.len < cap ? o.len : cap - 1] = '\0';
    free(heap);
    return o.len;
}
