/* split_quadrant.h: the quadrant split's own part (split_quadrant.c), which split.c hands a split
 * of that kind to, and the memory limit that the method choice (method.c) and the quadrant lists
 * are sized against. Below split.c and method.c: nothing here calls either. */
#ifndef NQ_SPLIT_QUADRANT_H
#define NQ_SPLIT_QUADRANT_H

#include "count.h"
#include "quadrant.h"

/* The quadrant split's own part (split_quadrant.c), which split.c hands a split of that kind to;
 * see nq_split_new_method() in nqueens.h for the numbering. split_quadrant_middle(): 1 if n's
 * split takes the middle cut (odd n >= 19). split_quadrant_complete(): nq_split_complete(). */
typedef struct split_quadrant split_quadrant;
int split_quadrant_middle(int n);
int split_quadrant_new(int n, split_quadrant **out);
uint64_t split_quadrant_size(const split_quadrant *sq);
const char *split_quadrant_id(const split_quadrant *sq);
uint64_t split_quadrant_memory(const split_quadrant *sq);
/* split_memory_limit() : the bytes this process may take, the least of the machine's physical
 * memory, its address-space and data limits (setrlimit, ulimit -v) and its cgroup's memory.max
 * (a container, a Slurm job); 0 where nothing says. What the quadrant lists are sized against. */
double split_memory_limit(void);
int split_quadrant_columns(const split_quadrant *sq, uint64_t index, uint64_t *top, int *middle,
                           int *weight);
/* split_quadrant_get_lists() : the split's placements, built once, the build given up when the
 * stop flag (NULL: none) is set (split.h: split_quadrant_lists()). */
const quadrant_lists *split_quadrant_get_lists(const split_quadrant *sq, const volatile int *stop,
                                               int *rc);
int split_quadrant_board(const split_quadrant *sq, uint64_t index, count_state *st);
int split_quadrant_solve(const split_quadrant *sq, uint64_t index, nq_counts *out,
                         quadrant_scratch *qs);
int split_quadrant_complete(nq_counts *sum);
void split_quadrant_free(split_quadrant *sq);

#endif /* NQ_SPLIT_QUADRANT_H */
