/*
 * reader.c: the reader of solution lists (nq_reader): it detects the format if asked, hands each
 * call to the reader of that format (read_lines.c, read_boards.c, read_json.c), and holds what
 * those share: lines, positions as line and column, messages, the queens of the current item and
 * bounded numbers (see reader.h).
 *
 * The workload is untrusted text written by other people's programs: a few solutions typed by
 * hand, or a few million written by a program, possibly with "\r\n" line ends, trailing spaces,
 * missing blank lines or typos. Every reader makes a single forward pass, never recurses, bounds
 * every number, and turns a bad line or board into a malformed item with its line and column
 * rather than giving up: only a broken `json` structure or an undetectable format ends the
 * reading. Items are yielded one at a time, in the order of the text; the queens of an item are
 * kept as (row, col) cells so that a board with two queens in one row can be reported as such.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reader.h"

/* Line [*a, *b) without its leading and trailing blanks. */
void reader_trim(const char **a, const char **b) {
    while (*a < *b && reader_is_blank(**a))
        (*a)++;
    while (*b > *a && reader_is_blank((*b)[-1]))
        (*b)--;
}

/* The line that starts at offset pos: its content [*a, *b) (trimmed), and the offset just after
 * its '\n' (or len). Returns 0 at the end of the text. */
int reader_line(const char *text, size_t len, size_t pos, const char **a, const char **b,
                size_t *next) {
    if (pos >= len)
        return 0;
    const char *s = text + pos;
    const char *nl = memchr(s, '\n', len - pos);
    const char *e = nl ? nl : text + len;
    *next = nl ? (size_t)(nl - text) + 1 : len;
    *a = s;
    *b = e;
    reader_trim(a, b);
    return 1;
}

/* Line and column (1-based, in bytes) of offset pos. Offsets asked for mostly grow, so the scan
 * starts from the last line found. */
void reader_locate(nq_reader *r, size_t pos, int *line, int *column) {
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

size_t reader_offset(const nq_reader *r, const char *p) {
    return (size_t)(p - r->text);
}

/* Makes *item a malformed item, located at p. */
void reader_malformed(nq_reader *r, nq_item *item, const char *p, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->msg, sizeof r->msg, fmt, ap);
    va_end(ap);
    item->kind = NQ_ITEM_MALFORMED;
    item->queens = 0;
    item->rows = item->cols = NULL;
    item->error = r->msg;
    reader_locate(r, reader_offset(r, p), &item->line, &item->column);
}

/* Records an unrecoverable error at p and returns NQ_EPARSE. */
int reader_fail(nq_reader *r, const char *p, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->error, sizeof r->error, fmt, ap);
    va_end(ap);
    reader_locate(r, reader_offset(r, p), &r->error_line, &r->error_column);
    r->fatal = 1;
    return NQ_EPARSE;
}

/* Shows at most 20 bytes of [a, b) in a message, as printable ASCII. */
const char *reader_excerpt(const char *a, const char *b, char out[24]) {
    size_t k = 0;
    for (; a < b && k < 20; a++)
        out[k++] = (*a >= 32 && *a < 127) ? *a : '?';
    if (a < b && k >= 3)
        out[k - 1] = out[k - 2] = out[k - 3] = '.';
    out[k] = '\0';
    return out;
}

int reader_push(nq_reader *r, int row, int col) {
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

void reader_placement(nq_reader *r, nq_item *item, int n) {
    item->kind = NQ_ITEM_PLACEMENT;
    item->n = n;
    item->queens = r->nq;
    item->rows = r->rows;
    item->cols = r->cols;
}

/* Reads a decimal number at *p (before end); a value above `cap` reads as cap + 1. Returns 0 if
 * there is no digit. */
int reader_uint(const char **p, const char *end, long long cap, long long *v) {
    const char *s = *p;
    long long x = 0;
    while (s < end && reader_is_digit(*s)) {
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
int reader_u128(const char **p, const char *end, nq_u128 *v) {
    const char *s = *p;
    nq_u128 x = 0;
    const nq_u128 max = ~(nq_u128)0;
    int over = 0;
    while (s < end && reader_is_digit(*s)) {
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

int reader_next_line(nq_reader *r, const char **a, const char **b) {
    size_t next;
    for (;;) {
        if (!reader_line(r->text, r->len, r->pos, a, b, &next))
            return 0;
        r->pos = next;
        if (*a < *b)
            return 1;
    }
}

size_t reader_bom_length(const char *text, size_t len) {
    return len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
}

int nq_reader_new(const char *text, size_t len, int format, int n_hint, nq_reader **out) {
    if (!out || (!text && len) || n_hint < 0 || n_hint > NQ_PARSE_MAX_N)
        return NQ_EINVAL;
    if (format != NQ_INPUT_AUTO && format != NQ_INPUT_CASES && format != NQ_INPUT_COUNT &&
        !(format >= NQ_FMT_COLS && format <= NQ_FMT_MATRIX))
        return NQ_EINVAL;
    nq_reader *r = calloc(1, sizeof *r);
    if (!r)
        return NQ_ENOMEM;
    r->text = text ? text : "";
    r->len = len;
    r->n_hint = n_hint;
    r->loc_line = 1;
    r->format = format;
    r->pos = reader_bom_length(r->text, len);
    if (format == NQ_INPUT_AUTO) {
        int line = 1;
        r->format = NQ_FMT_COLS;
        if (nq_input_detect(r->text, len, n_hint, &r->format, &line) != NQ_OK) {
            const char *a = r->text, *b = r->text;
            size_t pos = 0, next;
            for (int i = 1; reader_line(r->text, len, pos, &a, &b, &next); i++, pos = next)
                if (i == line)
                    break;
            long long k, ones;
            int binary;
            if (detect_all_integers(a, b, &k, &binary, &ones))
                reader_fail(r, a,
                            "a lone number: give --n N to check it as the number of solutions of "
                            "N, or --format cols");
            else {
                char ex[24];
                reader_fail(r, a, "cannot tell the format of '%s': give --format",
                            reader_excerpt(a, b, ex));
            }
        }
    }
    *out = r;
    return NQ_OK;
}

int nq_reader_format(const nq_reader *r) {
    return r ? r->format : NQ_INPUT_AUTO;
}

const char *nq_reader_error(const nq_reader *r, int *line, int *column) {
    if (line)
        *line = r && r->fatal ? r->error_line : 0;
    if (column)
        *column = r && r->fatal ? r->error_column : 0;
    return r && r->fatal ? r->error : "";
}

int nq_reader_next(nq_reader *r, nq_item *item) {
    if (!r || !item)
        return NQ_EINVAL;
    if (r->fatal)
        return NQ_EPARSE;
    memset(item, 0, sizeof *item);
    switch (r->format) {
    case NQ_FMT_BOARD:
    case NQ_FMT_GRID:
    case NQ_FMT_MATRIX:
        return boards_read(r, item, r->format);
    case NQ_FMT_JSON:
    case NQ_FMT_JSONL:
        return json_read(r, item);
    case NQ_INPUT_CASES:
        return lines_read_case(r, item);
    default:
        return lines_read(r, item);
    }
}

void nq_reader_free(nq_reader *r) {
    if (!r)
        return;
    json_free(r->json);
    free(r->rows);
    free(r->cols);
    free(r);
}
