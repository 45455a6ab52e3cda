/*
 * scan.c: what the readers of every format share to go through a text (see scan.h): lines,
 * positions as line and column, messages with an excerpt of the text, the queens of the current
 * item, and decimal numbers bounded as they are read.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scan.h"

void scan_trim(const char **a, const char **b) {
    while (*a < *b && scan_is_blank(**a))
        (*a)++;
    while (*b > *a && scan_is_blank((*b)[-1]))
        (*b)--;
}

/* The line that starts at offset pos: its content [*a, *b) (trimmed), and the offset just after
 * its '\n' (or len). Returns 0 at the end of the text. */
int scan_line(const char *text, size_t len, size_t pos, const char **a, const char **b,
              size_t *next) {
    if (pos >= len)
        return 0;
    const char *s = text + pos;
    const char *nl = memchr(s, '\n', len - pos);
    const char *e = nl ? nl : text + len;
    *next = nl ? (size_t)(nl - text) + 1 : len;
    *a = s;
    *b = e;
    scan_trim(a, b);
    return 1;
}

/* Line and column (1-based, in bytes) of offset pos. Offsets asked for mostly grow, so the scan
 * starts from the last line found. */
void scan_locate(nq_reader *r, size_t pos, int *line, int *column) {
    if (pos > r->len)
        pos = r->len;
    if (pos < r->loc_scanned) {
        r->loc_start = r->loc_scanned = 0;
        r->loc_line = 1;
    }
    /* Only the bytes not scanned before are searched for line ends, so that the items of a text
     * of one long line (a json listing) are located in linear time, not quadratic. */
    for (;;) {
        const char *nl = memchr(r->text + r->loc_scanned, '\n', pos - r->loc_scanned);
        if (!nl)
            break;
        r->loc_start = r->loc_scanned = (size_t)(nl - r->text) + 1;
        if (r->loc_line < INT_MAX)
            r->loc_line++;
    }
    r->loc_scanned = pos;
    *line = r->loc_line;
    size_t col = pos - r->loc_start + 1;
    *column = col > INT_MAX ? INT_MAX : (int)col;
}

size_t scan_offset(const nq_reader *r, const char *p) {
    return (size_t)(p - r->text);
}

/* Makes *item a malformed item, located at p. */
void scan_malformed(nq_reader *r, nq_item *item, const char *p, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->msg, sizeof r->msg, fmt, ap);
    va_end(ap);
    item->kind = NQ_ITEM_MALFORMED;
    item->queens = 0;
    item->rows = item->cols = NULL;
    item->error = r->msg;
    scan_locate(r, scan_offset(r, p), &item->line, &item->column);
}

/* Records an unrecoverable error at p and returns NQ_EPARSE. */
int scan_fail(nq_reader *r, const char *p, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->error, sizeof r->error, fmt, ap);
    va_end(ap);
    scan_locate(r, scan_offset(r, p), &r->error_line, &r->error_column);
    r->fatal = 1;
    return NQ_EPARSE;
}

/* Shows at most 20 bytes of [a, b) in a message, as printable ASCII, others as \xNN. */
const char *scan_excerpt(const char *a, const char *b, char out[SCAN_EXCERPT]) {
    static const char hex[] = "0123456789abcdef";
    size_t k = 0;
    int shown = 0;
    for (; a < b && shown < 20; a++, shown++) {
        unsigned char c = (unsigned char)*a;
        if (c >= 32 && c < 127 && c != '\\') {
            out[k++] = (char)c;
        } else {
            out[k++] = '\\';
            out[k++] = 'x';
            out[k++] = hex[c >> 4];
            out[k++] = hex[c & 15];
        }
    }
    if (a < b) {
        memcpy(out + k, "...", 3);
        k += 3;
    }
    out[k] = '\0';
    return out;
}

int scan_push(nq_reader *r, int row, int col) {
    if (r->nq == r->cap) {
        size_t cap = r->cap ? 2 * r->cap : 64;
        if (cap > SIZE_MAX / sizeof(int))
            return NQ_ENOMEM;
        int *rows = realloc(r->rows, cap * sizeof(int));
        if (!rows)
            return NQ_ENOMEM;
        r->rows = rows;
        int *cols = realloc(r->cols, cap * sizeof(int));
        if (!cols)
            return NQ_ENOMEM;
        r->cols = cols;
        r->cap = cap;
    }
    r->rows[r->nq] = row;
    r->cols[r->nq] = col;
    r->nq++;
    return NQ_OK;
}

void scan_placement(nq_reader *r, nq_item *item, int n) {
    item->kind = NQ_ITEM_PLACEMENT;
    item->n = n;
    item->queens = r->nq;
    item->rows = r->rows;
    item->cols = r->cols;
}

/* Reads a decimal number at *p (before end); a value above `cap` reads as cap + 1. Returns 0 if
 * there is no digit. */
int scan_uint(const char **p, const char *end, long long cap, long long *v) {
    const char *s = *p;
    long long x = 0;
    while (s < end && scan_is_digit(*s)) {
        if (x <= cap)
            x = x * 10 + (*s - '0');
        s++;
    }
    if (s == *p)
        return 0;
    *v = x > cap ? cap + 1 : x;
    *p = s;
    return 1;
}

/* Reads a decimal nq_u128 at *p. Returns 0 if there is no digit, -1 on overflow. */
int scan_u128(const char **p, const char *end, nq_u128 *v) {
    const char *s = *p;
    nq_u128 x = 0;
    const nq_u128 max = ~(nq_u128)0;
    int over = 0;
    while (s < end && scan_is_digit(*s)) {
        unsigned d = (unsigned)(*s - '0');
        if (x > (max - d) / 10)
            over = 1;
        else
            x = x * 10 + d;
        s++;
    }
    if (s == *p)
        return 0;
    *p = s;
    *v = x;
    return over ? -1 : 1;
}

int scan_next_line(nq_reader *r, const char **a, const char **b) {
    size_t next;
    for (;;) {
        if (!scan_line(r->text, r->len, r->pos, a, b, &next))
            return 0;
        r->pos = next;
        if (*a < *b)
            return 1;
    }
}

size_t scan_bom_length(const char *text, size_t len) {
    return len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
}
