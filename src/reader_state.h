/*
 * reader_state.h: the inside of a reader of solution lists (nq_reader), the state that the
 * iterator (reader.c), format detection (detect.c), the readers of each format (readers.h) and
 * their helpers (scan.h) all work on. It is a header of its own, below all of them: it calls
 * nothing, so that the helpers below a reader need nothing back from the reader above them.
 *
 * A reader holds a window of its input (the whole text of nq_reader_new(), or the part of a
 * stream of nq_reader_open() still needed) and a position in it; each per-format reader consumes
 * the window from r->pos on, one item at a time, and moves r->pos past what it consumed. Offsets
 * kept in the reader are relative to the window, whose first byte is byte r->base of the input:
 * when a stream's window slides (scan_slide(), between items), they move with it. The window is
 * refilled only where a reader asks for more (scan_need_line(), scan_more()), and a refill may
 * move the window in memory: readers keep offsets, not pointers, across those calls.
 */
#ifndef NQ_READER_STATE_H
#define NQ_READER_STATE_H

#include "nqueens_advanced.h"

typedef struct json_state json_state; /* read_json.c */

struct nq_reader {
    const char *text; /* the window: bytes [base, base + len) of the input */
    size_t len;
    uint64_t base;
    int eof;        /* the window reaches the end of the input */
    int cr_pending; /* a stream's last byte was a CR, made a line end at once: a LF next is its
                       CR LF's and is dropped (scan_more()) */
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

#endif /* NQ_READER_STATE_H */
