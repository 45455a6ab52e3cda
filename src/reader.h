/*
 * reader.h: the inside of a reader of solution lists (nq_reader), shared by the iterator
 * (reader.c), format detection (detect.c), the readers of each format: the line formats cols,
 * pairs, perm, `cases` and count claims (read_lines.c), the board formats board, grid and matrix
 * (read_boards.c), and json and jsonl through yajl (read_json.c); and their helpers (scan.h).
 *
 * A reader holds a window of its input (the whole text of nq_reader_new(), or the part of a
 * stream of nq_reader_open() still needed) and a position in it; each per-format reader consumes
 * the window from r->pos on, one item at a time, and moves r->pos past what it consumed. Offsets
 * kept in the reader are relative to the window, whose first byte is byte r->base of the input:
 * when a stream's window slides (scan_slide(), between items), they move with it. The window is
 * refilled only where a reader asks for more (scan_need_line(), scan_more()), and a refill may
 * move the window in memory: readers keep offsets, not pointers, across those calls.
 */
#ifndef NQ_READER_H
#define NQ_READER_H

#include "nqueens.h"

typedef struct json_state json_state; /* read_json.c */

struct nq_reader {
    const char *text; /* the window: bytes [base, base + len) of the input */
    size_t len;
    uint64_t base;
    int eof; /* the window reaches the end of the input */
    /* A stream (nq_reader_open()): the source, and the window's memory (NULL: a caller's text). */
    nq_read_fn read;
    void *user;
    char *buf;
    char *own; /* nq_reader_new(): the copy of a text with a bare CR, read as the text */
    size_t cap;
    int status;  /* a failed read (NQ_EIO, NQ_STOPPED) or NQ_ENOMEM: sticky */
    size_t pos;  /* where reading goes on */
    int format;  /* the input format (detected under NQ_INPUT_AUTO) */
    int n_hint;  /* the size given by the caller, or 0 */
    int pairs_n; /* `pairs` without n_hint: the number of queens of the first line */
    int group;   /* `cases`: index of the next case line */
    int fatal;   /* 1 once an unrecoverable error was found */
    char error[160];
    int error_line, error_column;
    char msg[160];  /* the message of the last malformed item */
    char other[96]; /* the unjudged fields of the last count claim (nq_item.unjudged) */
    /* `cases`: in a case line (its next permutation at r->pos), of this group. */
    int in_case;
    int case_line_group;
    /* `cases` in another format than perm (format is that one): a case ends at a "-1", where the
     * size changes, or where the order starts again; case_cols is the last placement of the open
     * case (case_n columns, the leftmost queen of each row, -1 for none). */
    int cases;
    int case_open, case_n;
    int *case_cols;
    size_t case_cap;
    json_state *json; /* json, jsonl: the parser's state, or NULL before the first item */
    /* The queens of the current item. */
    int *rows, *cols;
    size_t nq, cap_q;
    /* Line and column of input offsets (absolute): the start of line `loc_line`, and how far the
     * input was searched for line ends (loc_start <= loc_scanned); and the same at the window's
     * first byte, to go back to. */
    uint64_t loc_start, loc_scanned, base_line_start;
    int loc_line, base_line;
};

/* reader_window_ok() : the invariants above, for assert(): reading goes on inside the window; a
 * stream's window is its own memory, within its capacity; the locator's marks are ordered (the
 * start of its line at or before the offset it has searched to, and the line of the window's
 * first byte starting at or before that byte); the current item's queens fit their arrays. */
static inline int reader_window_ok(const nq_reader *r) {
    return r->pos <= r->len && (!r->buf || (r->text == r->buf && r->len <= r->cap)) &&
           r->loc_start <= r->loc_scanned && r->base_line_start <= r->base && r->nq <= r->cap_q;
}

/* ---- Detection (detect.c) ---- */

/* detect_format() : nq_input_detect() of [text, text + len) (after the input's byte order mark, if
 * any), which is the rest of the input if eof, or else only what comes next of it (a stream's
 * first window): then what lies beyond cannot be looked at, and a lone number is not known to be
 * alone. For NQ_INPUT_CASES, *cases_of (may be NULL) receives the format of its solutions, as
 * detect_cases_format() tells it. */
int detect_format(const char *text, size_t len, int eof, int n_hint, int *format, int *cases_of,
                  int *line);

/* detect_cases_format() : the format of the solutions of a `cases` output: NQ_INPUT_CASES for
 * permutations (a line a case, or only "-1" lines), else cols, pairs, board, grid, matrix or
 * jsonl, from the first line that is not "-1" (and NQ_INPUT_CASES if it is none of them). */
int detect_cases_format(const char *text, size_t len, int eof, int n_hint);

/* detect_all_integers() : does [a, b) hold only integer tokens (blank or comma separated)? Sets
 * *count, *binary (every token is 0 or 1) and *ones (how many are 1). */
int detect_all_integers(const char *a, const char *b, long long *count, int *binary,
                        long long *ones);

/* ---- The readers of each format ---- */

/* lines_read() : the next item of a line format: cols, pairs, perm or count claims. */
int lines_read(nq_reader *r, nq_item *item);

/* lines_read_case() : the next item of a `cases` output. */
int lines_read_case(nq_reader *r, nq_item *item);

/* boards_read() : the next board of a board format (board, grid, matrix). */
int boards_read(nq_reader *r, nq_item *item, int format);

/* json_read() : the next item of a json list of boards or of a jsonl stream of objects. */
int json_read(nq_reader *r, nq_item *item);

/* json_free() : releases the JSON parser's state; NULL is accepted. */
void json_free(json_state *st);

#endif /* NQ_READER_H */
