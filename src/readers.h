/*
 * readers.h: the entry points of format detection (detect.c) and of the reader of each format:
 * the line formats cols, pairs, perm, `cases` and count claims (read_lines.c), the board formats
 * board, grid and matrix (read_boards.c), and json and jsonl through yajl (read_json.c, or its
 * stand-in web/read_json_none.c), which the iterator (reader.c) calls. A header of its own: each
 * function belongs to the file that defines it, and none of them calls back into reader.c.
 */
#ifndef NQ_READERS_H
#define NQ_READERS_H

#include "reader_state.h"

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

#endif /* NQ_READERS_H */
