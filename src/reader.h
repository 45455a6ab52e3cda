/*
 * reader.h: the inside of a reader of solution lists (nq_reader), shared by the iterator and its
 * helpers (reader.c), format detection (detect.c) and the readers of each format: the line
 * formats cols, pairs, perm, `cases` and count claims (read_lines.c), the board formats board,
 * grid and matrix (read_boards.c), and json and jsonl through yajl (read_json.c).
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

/* ---- Helpers (reader.c) ---- */

static inline int reader_is_blank(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static inline int reader_is_digit(char c) {
    return c >= '0' && c <= '9';
}

/* reader_trim() : [*a, *b) without its leading and trailing blanks. */
void reader_trim(const char **a, const char **b);

/* reader_line() : the line that starts at offset pos: its content [*a, *b) (trimmed), and the
 * offset just after its '\n' (or len). Returns 0 at the end of the text. */
int reader_line(const char *text, size_t len, size_t pos, const char **a, const char **b,
                size_t *next);

/* reader_next_line() : skips blank lines and takes the next line, trimmed, into [*a, *b);
 * r->pos moves past it. Returns 0 at the end of the text. */
int reader_next_line(nq_reader *r, const char **a, const char **b);

/* reader_locate() : line and column (1-based, in bytes) of offset pos. */
void reader_locate(nq_reader *r, size_t pos, int *line, int *column);

/* reader_offset() : the offset of p in the text. */
size_t reader_offset(const nq_reader *r, const char *p);

/* reader_malformed() : makes *item a malformed item with the message, located at p. */
void reader_malformed(nq_reader *r, nq_item *item, const char *p, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* reader_fail() : records an unrecoverable error at p and returns NQ_EPARSE. */
int reader_fail(nq_reader *r, const char *p, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* reader_excerpt() : at most 20 bytes of [a, b) for a message, as printable ASCII. */
const char *reader_excerpt(const char *a, const char *b, char out[24]);

/* reader_push() : adds the queen (row, col) to the current item. NQ_OK or NQ_ENOMEM. */
int reader_push(nq_reader *r, int row, int col);

/* reader_placement() : makes *item a placement of size n with the current item's queens. */
void reader_placement(nq_reader *r, nq_item *item, int n);

/* reader_uint() : reads a decimal number at *p (before end); a value above cap reads as cap + 1.
 * Returns 0 if there is no digit. */
int reader_uint(const char **p, const char *end, long long cap, long long *v);

/* reader_u128() : reads a decimal nq_u128 at *p. Returns 0 if there is no digit, -1 on
 * overflow, 1 otherwise. */
int reader_u128(const char **p, const char *end, nq_u128 *v);

/* reader_bom_length() : the length of a UTF-8 byte order mark at the start of a text. */
size_t reader_bom_length(const char *text, size_t len);

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
