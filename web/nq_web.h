/*
 * nq_web.h: what the learners' page calls in libnqueens compiled to WebAssembly (nq_web.c).
 *
 * JavaScript can pass ints, doubles and pointers into the wasm heap, but not structs or 128-bit
 * integers, so these functions reshape the public API of nqueens.h: counts come back as decimal
 * strings, structs as small int arrays, handles as pointers. The page also calls a few library
 * functions directly (nq_search_next(), nq_search_free(), nq_svg_picture(), nq_attack_name(),
 * nq_strerror(), nq_version()); web/nq.js is the JavaScript side of both.
 */
#ifndef NQ_WEB_H
#define NQ_WEB_H

#include "nqueens.h"

/* nqw_judge() writes NQW_JUDGE_INTS ints: out[0] the verdict, then for NQW_ATTACK out[1..4] =
 * row1, col1, row2, col2 of the first two attacking queens and out[5] their line (nq_attack),
 * for NQW_INCOMPLETE out[6] = the first row with no queen; the other entries are -1. */
enum {
    NQW_VALID = 0,      /* n queens, no two attack each other */
    NQW_ATTACK = 1,     /* two queens attack each other */
    NQW_INCOMPLETE = 2, /* no attack, but a row has no queen */
    NQW_JUDGE_INTS = 7,
};

/* nqw_judge() :
 * Judges k queens (rows[i], cols[i]) on an n x n board exactly as `nqueens check` judges a
 * solution it reads (nq_checker_add()): two queens in one row are a row attack, otherwise the
 * first two attacking queens of nq_validate() are named; without an attack, a board with an
 * empty row is incomplete. Any k >= 0 (a cell may even be listed twice).
 * @param out  receives NQW_JUDGE_INTS ints (see above).
 * @return NQ_OK; NQ_EINVAL (n < 1, a queen off the board); NQ_ENOMEM. */
int nqw_judge(int n, int k, const int *rows, const int *cols, int *out);

/* nqw_read_pairs() :
 * Reads queens as `nqueens complete --queens` takes them ("3-3, 4-1": 0-based row-col pairs):
 * the text is first validated by nq_instance_parse_queens(), as the command validates it (its
 * message on failure, "line 1, column 4: ..."), then read with the library's reader of the
 * `pairs` format, which also takes two queens in one row (a position the page can show, that
 * the command refuses to complete); for the page's URL (?queens=...).
 * @param text    NUL-terminated.
 * @param max     room in rows[] and cols[], in queens.
 * @param err     receives a one-line message (NUL-terminated, at most errcap bytes) on failure.
 * @return the number of queens read into rows[] and cols[] (0 for an empty text), or -1 when the
 *         text is malformed, names a cell off the n x n board or has more than max queens. */
int nqw_read_pairs(const char *text, int n, int max, int *rows, int *cols, char *err, int errcap);

/* nqw_complete_first() :
 * The lexicographically first completion of k queens, each in a row of its own
 * (nq_complete_first()).
 * @param out  receives n columns when NQ_OK.
 * @return NQ_OK; NQ_ENOSOL (no completion exists); NQ_ECONFLICT (two given queens attack each
 *         other, or share a row); the other errors of nq_complete_first(). */
int nqw_complete_first(int n, int k, const int *rows, const int *cols, int *out);

/* nqw_complete_count() :
 * The number of completions of k queens (nq_complete_count()): every solution that extends them.
 * @param count  receives the count in decimal, at least 41 bytes.
 * @return NQ_OK, or the errors of nqw_complete_first() but NQ_ENOSOL (none is a count of 0). */
int nqw_complete_count(int n, int k, const int *rows, const int *cols, char *count);

/* nqw_known_count() :
 * The library's table of known values (nq_known_count(): OEIS A000170 and A002562, n <= 27).
 * @param total, unique  receive the counts in decimal, at least 41 bytes each.
 * @return NQ_OK; NQ_ERANGE (n > 27: not known); NQ_EINVAL (n < 1). */
int nqw_known_count(int n, char *total, char *unique);

/* A count in progress: the library's numbered split of n (nq_split_new()) and the sum of the
 * subproblems solved so far, so that a worker can solve a few at a time and report progress. */
typedef struct nqw_count nqw_count;

/* nqw_count_new() :
 * @return a count of n (1 <= n <= NQ_MAX_N) with nothing solved yet, or NULL (n out of range,
 *         no memory). Free it with nqw_count_free(). */
nqw_count *nqw_count_new(int n);

/* nqw_count_size() : @return the number of subproblems of the count (at most 2,000,000). */
int nqw_count_size(const nqw_count *c);

/* nqw_count_solve() :
 * Solves subproblems first .. first+k-1 (nq_split_solve()) and adds them to the sum. Solving
 * every subproblem once gives nq_count(): the total, the fundamental count and the nodes.
 * @return NQ_OK, or the error of nq_split_solve() (NQ_EINVAL: an index past the end). */
int nqw_count_solve(nqw_count *c, int first, int k);

/* nqw_count_total() / nqw_count_unique() :
 * @return the sum so far of all and of fundamental solutions, in decimal, in a buffer of c's
 *         that the next call on c overwrites. */
const char *nqw_count_total(nqw_count *c);
const char *nqw_count_unique(nqw_count *c);

/* nqw_count_nodes() : @return the search nodes of the subproblems solved so far. */
double nqw_count_nodes(const nqw_count *c);

/* nqw_count_free() : NULL is accepted. */
void nqw_count_free(nqw_count *c);

/* One event of nqw_trace(): NQW_EVENT_HEAD ints, then the n columns of the queens placed at that
 * moment (cols[0..row-1], and cols[row] for PLACE and BACKTRACK; -1 in the other rows). */
enum {
    NQW_EV_KIND = 0, /* nq_trace_kind */
    NQW_EV_ROW,      /* the cell concerned (col -1 for SOLUTION and DEAD_END) */
    NQW_EV_COL,      /* */
    NQW_EV_ATTACK,   /* ATTACKED: the nq_attack of the line; else NQ_ATTACK_NONE */
    NQW_EV_BY_ROW,   /* ATTACKED: the attacking queen; else -1 */
    NQW_EV_BY_COL,   /* */
    NQW_EV_SOLUTION, /* SOLUTION: its 1-based number; else 0 */
    NQW_EV_NODES,    /* queens placed since the search began, this event included */
    NQW_EVENT_HEAD
};

/* nqw_trace() :
 * Events first .. first+max-1 (0-based) of the branch-and-bound search of n (nq_trace_search()),
 * each written as NQW_EVENT_HEAD + n ints into out. The search cannot be suspended inside its
 * callback, so every slice runs it again from the start and passes over the events before the
 * slice: O(first + max) time, which the page keeps small by asking for slices in order as a
 * learner steps through the search.
 * @param first  a double: the search of n = 14 already has more than 2^31 events.
 * @return the number of events written (fewer than max: the search ended inside the slice), or
 *         -1 if n is out of range or more than 2^31 - 1 queens were placed before the slice ends.
 */
int nqw_trace(int n, double first, int max, int *out);

/* nqw_trace_find() :
 * The number (0-based) of the first event of the given kind (an nq_trace_kind) at or after event
 * `first` of the branch-and-bound search of n, found by one run of the search: how the page
 * jumps to the next solution without fetching every event before it.
 * @return the event number, or -1 if no such event follows or n is out of range. */
double nqw_trace_find(int n, double first, int kind);

/* nqw_search_new() :
 * The solution iterator of n (nq_search_new()): every solution in lexicographic order, or only
 * the fundamental ones (each the least of its class) if unique is non-zero.
 * @return the handle (nq_search_next() gives the solutions, nq_search_free() releases it), or
 *         NULL (n out of range, no memory). */
nq_search *nqw_search_new(int n, int unique);

#endif /* NQ_WEB_H */
