/* count.h: internal declarations shared by count.c, split.c and parallel.c. */
#ifndef NQ_COUNT_H
#define NQ_COUNT_H

#include "nqueens.h"

/* count_plain() :
 * Counts, by plain backtracking from a fixed prefix of rows 0..k-1, every solution that extends
 * it and, among those, the ones that are the lexicographically least of their class (with the
 * class size). Slow but simple; used for tiny n and as the reference shape of the kernel. */
void count_plain(int n, const int *prefix, int k, nq_counts *out);

#endif /* NQ_COUNT_H */
