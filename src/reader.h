/*
 * reader.h: the inside of a reader of solution lists (nq_reader), shared by the iterator
 * (reader.c), format detection (detect.c), the readers of each format: the line formats cols,
 * pairs, perm, `cases` and count claims (read_lines.c), the board formats board, grid and matrix
 * (read_boards.c), and json and jsonl through yajl (read_json.c); and their helpers (scan.h).
 *
 * A reader holds its input as a text and a position; each per-format reader consumes the text from
 * r->pos on, one item at a time, and moves r->pos past what it consumed, so that the text could as
 * well be a window of a stream refilled in front of the position.
 */
#ifndef NQ_READER_H
#define NQ_READER_H

#include "nqueens.h"

typedef struct json_state json_state; /* read_json.c */

struct nq_reader {
    const char *text; /* the input, len bytes */
    size_t len;
    size_t pos;  /* where reading goes on */
    int format;  /* the input format (detected under NQ_INPUT_AUTO) */
    int n_hint;  /* the size given by the caller, or 0 */
    int pairs_n; /* `pairs` without n_hint: the number of queens of the first line */
    int group;   /* `cases`: index of the next case line */
    int fatal;   /* 1 once an unrecoverable error was found */
    char error[160];
    int error_line, error_column;
    char msg[160]; /* the message of the last malformed item */
    /* `cases`: the rest of the current line still to read ([case_pos, case_end)). */
    int in_case;
    size_t case_pos, case_end;
    int case_line_group;
    json_state *json; /* json, jsonl: the parser's state, or NULL before the first item */
    /* The queens of the current item. */
    int *rows, *cols;
    size_t nq, cap;
    /* Cache for turning a byte offset into line and column: the start of line `loc_line`, and
     * how far the text was searched for line ends (loc_start <= loc_scanned). */
    size_t loc_start, loc_scanned;
    int loc_line;
};

/* ---- Detection (detect.c) ---- */

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
