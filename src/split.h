/* split.h: what the driver (parallel.c) needs of the numbered subproblems (split.c) beyond the
 * public nq_split_* functions: solving one with a scratch memory it reuses. */
#ifndef NQ_SPLIT_H
#define NQ_SPLIT_H

#include "count.h"

/* split_solve() : nq_split_solve() with the caller's scratch (may be NULL: allocated for the
 * call). */
int split_solve(const nq_split *s, uint64_t index, nq_counts *out, count_scratch *sc);

#endif /* NQ_SPLIT_H */
