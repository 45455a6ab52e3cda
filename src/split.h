/* split.h: what the driver (parallel.c) needs of the numbered subproblems (split.c) beyond the
 * public nq_split_* functions: solving one with a scratch memory it reuses; and the queens of a
 * subproblem, for the tests. */
#ifndef NQ_SPLIT_H
#define NQ_SPLIT_H

#include "count.h"

/* split_solve() : nq_split_solve() with the caller's scratch (may be NULL: allocated for the
 * call). */
int split_solve(const nq_split *s, uint64_t index, nq_counts *out, count_scratch *sc);

/* split_queens() :
 * The queens placed by subproblem index of s (n >= 4): the border's, then those below it, into
 * rows[] and cols[] (NQ_MAX_N each); *stab gets the border's stabilizer size (1, 2 or 4).
 * Returns how many, or -1 if index is out of range or n < 4. (The tests rebuild subproblems.) */
int split_queens(const nq_split *s, uint64_t index, int *rows, int *cols, int *stab);

#endif /* NQ_SPLIT_H */
