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
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scan.h"

/* Line [*a, *b) without its leading and trailing blanks. */
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
    r->pos = scan_bom_length(r->text, len);
    if (format == NQ_INPUT_AUTO) {
        int line = 1;
        r->format = NQ_FMT_COLS;
        if (nq_input_detect(r->text, len, n_hint, &r->format, &line) != NQ_OK) {
            const char *a = r->text, *b = r->text;
            size_t pos = 0, next;
            for (int i = 1; scan_line(r->text, len, pos, &a, &b, &next); i++, pos = next)
                if (i == line)
                    break;
            long long k, ones;
            int binary;
            if (detect_all_integers(a, b, &k, &binary, &ones))
                scan_fail(r, a,
                          "a lone number: give --n N to check it as the number of solutions of "
                          "N, or --format cols");
            else {
                char ex[SCAN_EXCERPT];
                scan_fail(r, a, "cannot tell the format of '%s': give --format",
                          scan_excerpt(a, b, ex));
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
