/* split.h: what the driver (parallel.c) needs of the numbered subproblems (split.c) beyond the
 * public nq_split_* functions: solving one with a scratch memory it reuses; the queens and the
 * board of a subproblem (for the tests, and for a backend that counts completions elsewhere:
 * split_state(), count the completions of the state, split_weigh()). */
#ifndef NQ_SPLIT_H
#define NQ_SPLIT_H

#include "count.h"
#include "quadrant.h"

/* split_solve() : nq_split_solve() with the caller's scratch (may be NULL: allocated for the
 * call). */
int split_solve(const nq_split *s, uint64_t index, nq_counts *out, count_scratch *sc);

/* split_queens() :
 * The queens placed by subproblem index of s (n >= 4): the border's, then those below it, into
 * rows[] and cols[] (NQ_MAX_N each); *stab gets the border's stabilizer size (1, 2 or 4).
 * Returns how many, or -1 if index is out of range or n < 4. (The tests rebuild subproblems.) */
int split_queens(const nq_split *s, uint64_t index, int *rows, int *cols, int *stab);

/* split_state() :
 * The board of subproblem index of s (n >= 4): its queens placed in *st (live or not: a dead one
 * has no completion), and in *stab its border's stabilizer size (1, 2 or 4). Returns NQ_OK, or
 * NQ_EINVAL if index is out of range or n < 4. */
int split_state(const nq_split *s, uint64_t index, count_state *st, int *stab);

/* split_weigh() :
 * The contribution of a subproblem whose board st (from split_state(), with stabilizer size
 * stab) has sols completions, found with `nodes` nodes: *out gets its weighted total, fundamental
 * and orbit counts (for a symmetric border, from the completions invariant under the half and
 * quarter turns, which it counts itself: a small search) and the nodes. */
void split_weigh(const count_state *st, int stab, uint64_t sols, uint64_t nodes, nq_counts *out);

/* split_solve_quadrant() : split_solve() for a quadrant split, with the caller's scratch (may be
 * NULL: allocated for the call). NQ_EINVAL for a border split. */
int split_solve_quadrant(const nq_split *s, uint64_t index, nq_counts *out, quadrant_scratch *qs);

/* split_quadrant_lists() :
 * The placements of a quadrant split's four quadrants (quadrant.h), built by the first caller
 * (the callers that come meanwhile help and wait), for an engine that joins the halves itself
 * (the GPU's, gpu_quadrant.c); stop: the count's stop flag (NULL: none), which gives the build
 * up. @return the lists, or NULL with *rc NQ_EINVAL (a border split), NQ_ENOMEM (they do not
 * fit) or NQ_STOPPED (the stop flag was seen while they were built): a later call tries again. */
const quadrant_lists *split_quadrant_lists(const nq_split *s, const volatile int *stop, int *rc);

/* split_quadrant_state() :
 * The board of subproblem index (>= 1) of a quadrant split as a count_state whose completions
 * are exactly the solutions it counts before its weight: the top rows' cells limited to its
 * columns C, the middle row's (middle cut) to its column m, the other rows' to the rest. The
 * slow, independent recount of nqueens verify and of the tests (count_completions()). Returns
 * NQ_OK, or NQ_EINVAL (a border split, index 0 or out of range). */
int split_quadrant_state(const nq_split *s, uint64_t index, count_state *st);

#endif /* NQ_SPLIT_H */
