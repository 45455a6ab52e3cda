/*
 * reader.c: the reader of solution lists (nq_reader): it detects the format if asked (detect.c)
 * and hands each call to the reader of that format (read_lines.c, read_boards.c, read_json.c),
 * which go through the text with the helpers of scan.c. Calls go one way:
 * reader.c -> detect.c, read_*.c -> scan.c.
 *
 * The workload is untrusted text written by other people's programs: a few solutions typed by
 * hand, or a few million written by a program, possibly with "\r\n" line ends, trailing spaces,
 * missing blank lines or typos. Every reader makes a single forward pass, never recurses, bounds
 * every number, and turns a bad line or board into a malformed item with its line and column
 * rather than giving up: only a broken `json` structure or an undetectable format ends the
 * reading. Items are yielded one at a time, in the order of the text; the queens of an item are
 * kept as (row, col) cells so that a board with two queens in one row can be reported as such.
 */
#include <assert.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "readers.h"
#include "scan.h"

/* A stream's first window, for format detection: at least this much of the input (or all of it)
 * once the blanks before the first item are skipped. */
#define READER_DETECT_PREFIX ((size_t)1 << 20)

static int reader_check_args(int format, int n_hint, nq_reader **out) {
    if (!out || n_hint < 0 || n_hint > NQ_PARSE_MAX_N)
        return NQ_EINVAL;
    if (format != NQ_INPUT_AUTO && format != NQ_INPUT_CASES && format != NQ_INPUT_COUNT &&
        !(format >= NQ_FMT_COLS && format <= NQ_FMT_MATRIX))
        return NQ_EINVAL;
    return NQ_OK;
}

/* A `cases` output whose solutions are in format `of`: read in that format, its cases told apart
 * by reader_case_group(). */
static void reader_cases_of(nq_reader *r, int of) {
    if (r->format == NQ_INPUT_CASES && of != NQ_INPUT_CASES) {
        r->format = of;
        r->cases = 1;
    }
}

/* Detects the format of the window from r->pos on (the whole input if r->eof); when no format
 * fits, the first nq_reader_next() fails with the reason, at the line that could not be told. */
static void reader_detect(nq_reader *r) {
    int line = 1;
    const char *text = r->text + r->pos;
    size_t len = r->len - r->pos;
    r->format = NQ_FMT_COLS;
    int of;
    if (detect_format(text, len, r->eof, r->n_hint, &r->format, &of, &line) == NQ_OK) {
        reader_cases_of(r, of);
        return;
    }
    const char *a = text, *b = text;
    size_t pos = 0, next;
    for (int i = 1; scan_line(text, len, pos, &a, &b, &next); i++, pos = next)
        if (i == line)
            break;
    long long k, ones;
    int binary;
    if (detect_all_integers(a, b, &k, &binary, &ones))
        scan_fail(r, a,
                  "a lone number: give --n N to check it as the number of solutions of N, or "
                  "--format cols");
    else {
        char ex[SCAN_EXCERPT];
        scan_fail(r, a, "cannot tell the format of '%s': give --format", scan_excerpt(a, b, ex));
    }
}

int nq_reader_new(const char *text, size_t len, int format, int n_hint, nq_reader **out) {
    int rc = reader_check_args(format, n_hint, out);
    if (rc != NQ_OK || (!text && len))
        return rc != NQ_OK ? rc : NQ_EINVAL;
    nq_reader *r = calloc(1, sizeof *r);
    if (!r)
        return NQ_ENOMEM;
    r->text = text ? text : "";
    r->len = len;
    r->eof = 1;
    /* A text with a bare CR is read from a copy whose CRs are line ends (scan_bare_cr()). */
    for (const char *p = text, *e = text + len; p && (p = memchr(p, '\r', (size_t)(e - p))); p++)
        if (p + 1 == e || p[1] != '\n') {
            r->own = malloc(len);
            if (!r->own) {
                free(r);
                return NQ_ENOMEM;
            }
            memcpy(r->own, text, len);
            scan_bare_cr(r->own, 0, len, 1);
            r->text = r->own;
            break;
        }
    r->n_hint = n_hint;
    r->loc_line = r->base_line = 1;
    r->format = format;
    r->pos = scan_bom_length(r->text, len);
    if (format == NQ_INPUT_AUTO)
        reader_detect(r);
    else if (format == NQ_INPUT_CASES)
        reader_cases_of(r, detect_cases_format(r->text + r->pos, len - r->pos, 1, n_hint));
    *out = r;
    return NQ_OK;
}

int nq_reader_open(nq_read_fn read, void *user, int format, int n_hint, nq_reader **out) {
    int rc = reader_check_args(format, n_hint, out);
    if (rc != NQ_OK || !read)
        return rc != NQ_OK ? rc : NQ_EINVAL;
    nq_reader *r = calloc(1, sizeof *r);
    if (!r)
        return NQ_ENOMEM;
    r->read = read;
    r->user = user;
    r->text = "";
    r->n_hint = n_hint;
    r->loc_line = r->base_line = 1;
    r->format = format;
    /* A byte order mark, then (for detection) the blanks before the first item, dropped as they
     * come, then the first window. */
    while (rc == NQ_OK && r->len < 3 && !r->eof)
        rc = scan_more(r);
    if (rc == NQ_OK)
        r->pos = scan_bom_length(r->text, r->len);
    int detect = format == NQ_INPUT_AUTO || format == NQ_INPUT_CASES;
    while (rc == NQ_OK && detect) {
        while (r->pos < r->len && (scan_is_blank(r->text[r->pos]) || r->text[r->pos] == '\n'))
            r->pos++;
        if (r->pos < r->len || r->eof)
            break;
        scan_slide(r, r->pos);
        rc = scan_more(r);
    }
    while (rc == NQ_OK && detect && !r->eof && r->len - r->pos < READER_DETECT_PREFIX)
        rc = scan_more(r);
    if (rc == NQ_STOPPED && r->len > r->pos)
        rc = NQ_OK; /* stopped while detecting: what was read is still read (the status stays) */
    if (rc != NQ_OK) {
        nq_reader_free(r);
        return rc;
    }
    if (format == NQ_INPUT_AUTO)
        reader_detect(r);
    else if (format == NQ_INPUT_CASES)
        reader_cases_of(r, detect_cases_format(r->text + r->pos, r->len - r->pos, r->eof, n_hint));
    *out = r;
    return NQ_OK;
}

int nq_reader_format(const nq_reader *r) {
    return r ? (r->cases ? NQ_INPUT_CASES : r->format) : NQ_INPUT_AUTO;
}

const char *nq_reader_error(const nq_reader *r, int *line, int *column) {
    if (line)
        *line = r && r->fatal ? r->error_line : 0;
    if (column)
        *column = r && r->fatal ? r->error_column : 0;
    return r && r->fatal ? r->error : "";
}

/* The case of an item of a `cases` output in a format other than perm, where nothing but the
 * items themselves tells the cases apart: a "-1" is a case of its own, and a placement starts a
 * new case after a "-1", when its size differs from the case's, or when it does not come after
 * the case's last placement in lexicographic order (the solutions of a case are listed in that
 * order; the next case of the same size starts again with its first solution). A malformed item
 * belongs to the open case. */
static int reader_case_group(nq_reader *r, nq_item *item) {
    if (item->kind == NQ_ITEM_NONE) {
        item->n = r->n_hint;
        item->group = r->group++;
        r->case_open = 0;
        return NQ_OK;
    }
    if (item->kind != NQ_ITEM_PLACEMENT) {
        if (!r->case_open) {
            r->case_line_group = r->group++;
            r->case_open = 1;
            r->case_n = 0;
        }
        item->group = r->case_line_group;
        return NQ_OK;
    }
    int n = item->n;
    if ((size_t)n > r->case_cap) {
        int *c = realloc(r->case_cols, 2 * (size_t)n * sizeof *c);
        if (!c)
            return NQ_ENOMEM;
        r->case_cols = c;
        r->case_cap = (size_t)n;
    }
    int *cols = r->case_cols + n, *prev = r->case_cols; /* this placement, and the last one */
    for (int i = 0; i < n; i++)
        cols[i] = -1;
    for (size_t q = 0; q < item->queens; q++)
        if (cols[item->rows[q]] < 0 || item->cols[q] < cols[item->rows[q]])
            cols[item->rows[q]] = item->cols[q];
    int after = r->case_open && n == r->case_n;
    if (after) {
        int i = 0;
        while (i < n && cols[i] == prev[i])
            i++;
        after = i < n && cols[i] > prev[i];
    }
    if (!after) {
        r->case_line_group = r->group++;
        r->case_open = 1;
        r->case_n = n;
    }
    memcpy(prev, cols, (size_t)n * sizeof *prev);
    item->group = r->case_line_group;
    return NQ_OK;
}

int nq_reader_next(nq_reader *r, nq_item *item) {
    if (!r || !item)
        return NQ_EINVAL;
    if (r->fatal)
        return NQ_EPARSE;
    assert(reader_window_ok(r));
    /* A failed or stopped source (r->status) still lets the items already in the window out: the
     * readers return its status when they need more. */
    memset(item, 0, sizeof *item);
    int rc;
    switch (r->format) {
    case NQ_FMT_BOARD:
    case NQ_FMT_GRID:
    case NQ_FMT_MATRIX:
        rc = boards_read(r, item, r->format);
        break;
    case NQ_FMT_JSON:
    case NQ_FMT_JSONL:
        rc = json_read(r, item);
        break;
    case NQ_INPUT_CASES:
        return lines_read_case(r, item);
    default:
        rc = lines_read(r, item);
        break;
    }
    return rc == NQ_OK && r->cases ? reader_case_group(r, item) : rc;
}

void nq_reader_free(nq_reader *r) {
    if (!r)
        return;
    json_free(r->json);
    free(r->case_cols);
    free(r->rows);
    free(r->cols);
    free(r->buf);
    free(r->own);
    free(r);
}
