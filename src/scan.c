/*
 * scan.c: what the readers of every format share to go through a text (see scan.h): lines,
 * positions as line and column, messages with an excerpt of the text, the queens of the current
 * item, and decimal numbers bounded as they are read.
 */
#include <assert.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scan.h"

/* The first window of a stream: grown by doubling when a line needs more. */
#ifndef SCAN_WINDOW
#define SCAN_WINDOW 65536
#endif

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

/* Line and column (1-based, in bytes) of window offset pos. Offsets asked for mostly grow, so the
 * scan starts from the last line found; one on the same line as that needs no scan at all, and
 * one before it goes back to the window's first byte, whose line is known. */
void scan_locate(nq_reader *r, size_t pos, int *line, int *column) {
    if (pos > r->len)
        pos = r->len;
    uint64_t at = r->base + pos;
    if (at < r->loc_scanned && at < r->loc_start) {
        r->loc_line = r->base_line;
        r->loc_start = r->base_line_start;
        r->loc_scanned = r->base;
    }
    /* Only the bytes not scanned before are searched for line ends, so that the items of a text
     * of one long line (a json listing) are located in linear time, not quadratic. */
    while (r->loc_scanned < at) {
        size_t from = (size_t)(r->loc_scanned - r->base);
        const char *nl = memchr(r->text + from, '\n', pos - from);
        if (!nl) {
            r->loc_scanned = at;
            break;
        }
        r->loc_start = r->loc_scanned = r->base + (uint64_t)(nl - r->text) + 1;
        if (r->loc_line < INT_MAX)
            r->loc_line++;
    }
    *line = r->loc_line;
    uint64_t col = at - r->loc_start + 1;
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
    if (r->nq == r->cap_q) {
        size_t cap = r->cap_q ? 2 * r->cap_q : 64;
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
        r->cap_q = cap;
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

void scan_bare_cr(char *text, size_t from, size_t len, int eof) {
    for (char *p = text + from, *e = text + len; (p = memchr(p, '\r', (size_t)(e - p))); p++)
        if (p + 1 < e ? p[1] != '\n' : eof)
            *p = '\n';
}

int scan_more(nq_reader *r) {
    if (r->status != NQ_OK)
        return r->status;
    if (!r->buf && r->read == NULL) {
        r->eof = 1; /* a caller's text is all there */
        return NQ_OK;
    }
    if (r->eof)
        return NQ_OK;
    if (r->len == r->cap) {
        size_t cap = r->cap ? 2 * r->cap : SCAN_WINDOW;
        char *buf = cap > r->cap ? realloc(r->buf, cap) : NULL;
        if (!buf)
            return r->status = NQ_ENOMEM;
        r->buf = buf;
        r->cap = cap;
        r->text = buf;
    }
    size_t got = 0, from = r->len;
    int rc = r->read(r->user, r->buf + r->len, r->cap - r->len, &got);
    if (rc != NQ_OK)
        return r->status = rc == NQ_STOPPED ? NQ_STOPPED : NQ_EIO;
    if (got > r->cap - r->len)
        return r->status = NQ_EIO; /* a source that claims more than it was given room for */
    if (got == 0)
        r->eof = 1;
    /* A CR last in the window was made a line end when it came (the readers may step over it,
     * and the line counter count past it, before the next byte is known): the LF of its CR LF is
     * dropped, so that CR LF is one line end, as in a whole text. */
    if (got > 0 && r->cr_pending) {
        r->cr_pending = 0;
        if (r->buf[r->len] == '\n')
            memmove(r->buf + r->len, r->buf + r->len + 1, --got);
    }
    r->len += got;
    scan_bare_cr(r->buf, from, r->len, r->eof);
    if (!r->eof && r->len > from && r->buf[r->len - 1] == '\r') {
        r->buf[r->len - 1] = '\n';
        r->cr_pending = 1;
    }
    assert(reader_window_ok(r));
    return NQ_OK;
}

/* Moves the line counts over [from, to) of the window: the locator, if it has not been there. */
static void scan_count_lines(nq_reader *r, size_t to) {
    while (r->loc_scanned < r->base + to) {
        size_t from = (size_t)(r->loc_scanned - r->base);
        const char *nl = memchr(r->text + from, '\n', to - from);
        if (!nl) {
            r->loc_scanned = r->base + to;
            break;
        }
        r->loc_start = r->loc_scanned = r->base + (uint64_t)(nl - r->text) + 1;
        if (r->loc_line < INT_MAX)
            r->loc_line++;
    }
}

size_t scan_slide(nq_reader *r, size_t keep) {
    if (!r->buf || keep == 0 || keep < r->cap / 2)
        return 0; /* a caller's text stays; a little dropped is not worth the move */
    if (keep > r->len)
        keep = r->len;
    /* Offsets before the new first byte can no longer be located from the text: the locator
     * moves past them first, and the line of the new first byte is noted. */
    scan_count_lines(r, keep);
    for (const char *p = r->text, *e = r->text + keep; p < e;) {
        const char *nl = memchr(p, '\n', (size_t)(e - p));
        if (!nl)
            break;
        if (r->base_line < INT_MAX)
            r->base_line++;
        r->base_line_start = r->base + (uint64_t)(nl - r->text) + 1;
        p = nl + 1;
    }
    memmove(r->buf, r->buf + keep, r->len - keep);
    r->len -= keep;
    r->base += keep;
    r->pos = r->pos > keep ? r->pos - keep : 0;
    assert(reader_window_ok(r));
    return keep;
}

int scan_need_line(nq_reader *r, size_t *from) {
    size_t searched = *from;
    for (;;) {
        if (memchr(r->text + searched, '\n', r->len - searched) || r->eof)
            return NQ_OK;
        /* No line end yet: a run of nothing but blanks is dropped as it comes, since trimming
         * the line would drop it anyway (2 GB of spaces must not fill the memory). */
        size_t k = *from;
        while (k < r->len && scan_is_blank(r->text[k]))
            k++;
        if (k == r->len && r->buf) {
            int is_pos = from == &r->pos, at_pos = r->pos == *from;
            *from = r->len;
            if (at_pos)
                r->pos = r->len;
            size_t dropped = scan_slide(r, r->len); /* moves r->pos */
            if (!is_pos)
                *from -= dropped;
        } else if (r->len - *from >= NQ_READ_LINE_MAX) {
            return scan_fail(r, r->text + *from,
                             "a line longer than %d MiB: no list item is that long (give the "
                             "list one item a line)",
                             NQ_READ_LINE_MAX >> 20);
        }
        searched = r->len;
        int rc = scan_more(r);
        if (rc != NQ_OK)
            return rc;
    }
}

int scan_skip_blanks(nq_reader *r, int newlines) {
    for (;;) {
        while (r->pos < r->len &&
               (scan_is_blank(r->text[r->pos]) || (newlines && r->text[r->pos] == '\n')))
            r->pos++;
        if (r->pos < r->len || r->eof)
            return NQ_OK;
        scan_slide(r, r->pos);
        int rc = scan_more(r);
        if (rc != NQ_OK)
            return rc;
    }
}

int scan_skip_line(nq_reader *r) {
    for (;;) {
        const char *nl = memchr(r->text + r->pos, '\n', r->len - r->pos);
        if (nl) {
            r->pos = (size_t)(nl - r->text) + 1;
            return NQ_OK;
        }
        r->pos = r->len;
        if (r->eof)
            return NQ_OK;
        scan_slide(r, r->pos);
        int rc = scan_more(r);
        if (rc != NQ_OK)
            return rc;
    }
}

int scan_find(nq_reader *r, size_t from, char c1, char c2, size_t *at) {
    size_t searched = from;
    for (;;) {
        for (size_t k = searched; k < r->len; k++)
            if (r->text[k] == c1 || r->text[k] == c2) {
                *at = k;
                return NQ_OK;
            }
        if (r->eof) {
            *at = r->len;
            return NQ_OK;
        }
        if (r->len - from >= NQ_READ_LINE_MAX)
            return scan_fail(r, r->text + from,
                             "a line longer than %d MiB: no list item is that long (give the "
                             "list one item a line)",
                             NQ_READ_LINE_MAX >> 20);
        searched = r->len;
        int rc = scan_more(r);
        if (rc != NQ_OK)
            return rc;
    }
}

int scan_status(const nq_reader *r) {
    return r->fatal ? NQ_EPARSE : r->status != NQ_OK ? r->status : NQ_ENOMEM;
}

int scan_next_line(nq_reader *r, const char **a, const char **b) {
    size_t next;
    for (;;) {
        scan_slide(r, r->pos);
        if (scan_need_line(r, &r->pos) != NQ_OK)
            return -1;
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
