/*
 * scan.h: the helpers with which the readers of every format go through a text (scan.c): lines,
 * positions, messages, the current item's queens, bounded numbers.
 */
#ifndef NQ_SCAN_H
#define NQ_SCAN_H

#include "reader_state.h"

static inline int scan_is_blank(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static inline int scan_is_digit(char c) {
    return c >= '0' && c <= '9';
}

/* scan_trim() : [*a, *b) without its leading and trailing blanks. */
void scan_trim(const char **a, const char **b);

/* scan_line() : the line that starts at offset pos: its content [*a, *b) (trimmed), and the
 * offset just after its '\n' (or len). Returns 0 at the end of the text. */
int scan_line(const char *text, size_t len, size_t pos, const char **a, const char **b,
              size_t *next);

/* scan_next_line() : skips blank lines and takes the next line, trimmed, into [*a, *b) (valid until
 * the window is refilled); r->pos moves past it. Returns 1, 0 at the end of the input, or -1 when
 * reading failed: scan_status() tells why. */
int scan_next_line(nq_reader *r, const char **a, const char **b);

/* scan_status() : why reading failed: a failed refill's status (NQ_EIO, NQ_STOPPED, NQ_ENOMEM), or
 * NQ_EPARSE after scan_fail() (a line longer than NQ_READ_LINE_MAX). */
int scan_status(const nq_reader *r);

/* scan_need_line() : makes the window hold the line that starts at offset from, up to its '\n'
 * or the end of the input (reading more as needed; a run of blanks with no '\n' yet, which a
 * line's trimming drops anyway, is skipped over, moving *from and r->pos along if they point at
 * it). Returns NQ_OK, or the status scan_status() gives. */
int scan_need_line(nq_reader *r, size_t *from);

/* scan_skip_blanks() : moves r->pos over blanks (and line ends if newlines), reading more as
 * needed, to the next other byte or the end of the input. Returns NQ_OK or a refill's status. */
int scan_skip_blanks(nq_reader *r, int newlines);

/* scan_skip_line() : moves r->pos past the next '\n' (or to the end of the input), reading and
 * dropping what it passes. Returns NQ_OK or a refill's status. */
int scan_skip_line(nq_reader *r);

/* scan_find() : the first c1 or c2 at or after window offset from, in *at (r->len at the end of
 * the input), reading more as needed. Returns NQ_OK, a refill's status, or NQ_EPARSE once the
 * search has gone NQ_READ_LINE_MAX bytes (scan_fail()). */
int scan_find(nq_reader *r, size_t from, char c1, char c2, size_t *at);

/* scan_more() : reads more of a stream into the window (growing it when full). Returns NQ_OK
 * (r->eof set at the end of the input; nothing to do for a caller's text), or the failed read's
 * status (NQ_EIO, NQ_STOPPED) or NQ_ENOMEM, which r->status keeps. */
int scan_more(nq_reader *r);

/* scan_slide() : a stream drops the bytes of its window before offset keep, once they are
 * a good part of it; the reader's own offset moves with it (r->pos), the caller's
 * are moved by the returned count (0 if nothing was dropped, always for a caller's text). */
size_t scan_slide(nq_reader *r, size_t keep);

/* scan_locate() : line and column (1-based, in bytes) of window offset pos. */
void scan_locate(nq_reader *r, size_t pos, int *line, int *column);

/* scan_offset() : the offset of p in the text. */
size_t scan_offset(const nq_reader *r, const char *p);

/* scan_malformed() : makes *item a malformed item with the message, located at p. */
void scan_malformed(nq_reader *r, nq_item *item, const char *p, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* scan_fail() : records an unrecoverable error at p and returns NQ_EPARSE. */
int scan_fail(nq_reader *r, const char *p, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* scan_excerpt() : at most 20 bytes of [a, b) for a message, as printable ASCII: other bytes (a
 * NUL, a byte of UTF-8, a control character) as \xNN, so that a message never hides them; "..."
 * when [a, b) is longer. out has SCAN_EXCERPT bytes. */
#define SCAN_EXCERPT 88
const char *scan_excerpt(const char *a, const char *b, char out[SCAN_EXCERPT]);

/* scan_push() : adds the queen (row, col) to the current item. NQ_OK or NQ_ENOMEM. */
int scan_push(nq_reader *r, int row, int col);

/* scan_placement() : makes *item a placement of size n with the current item's queens. */
void scan_placement(nq_reader *r, nq_item *item, int n);

/* scan_uint() : reads a decimal number at *p (before end); a value above cap reads as cap + 1.
 * Returns 0 if there is no digit. */
int scan_uint(const char **p, const char *end, long long cap, long long *v);

/* scan_u128() : reads a decimal nq_u128 at *p. Returns 0 if there is no digit, -1 on
 * overflow, 1 otherwise. */
int scan_u128(const char **p, const char *end, nq_u128 *v);

/* scan_bare_cr() :
 * Makes every bare CR (one not followed by LF) in text[from, len) an LF, so that the readers,
 * which end lines at LF and take a CR before it as a blank, read the line ends of every kind alike:
 * LF, CR LF and CR (a text with none at its end ends its last line). A CR last in the text is
 * decided only at its end (eof), since an LF may follow it. Offsets and columns are unchanged. */
void scan_bare_cr(char *text, size_t from, size_t len, int eof);

/* scan_bom_length() : the length of a UTF-8 byte order mark at the start of a text. */
size_t scan_bom_length(const char *text, size_t len);

#endif /* NQ_SCAN_H */
