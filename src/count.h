/* count.h: the counting kernel (count.c): one branch of the symmetry-reduced search, below a
 * prefix. The split (split.c) walks these branches to number the subproblems; the driver
 * (parallel.c) owns the scratch memory. Nothing here knows about splits. */
#ifndef NQ_COUNT_H
#define NQ_COUNT_H

#include "nqueens.h"

/*
 * A count_task is one branch of the symmetry-reduced search, fixed by the first queens:
 * - corner: the queen of row 0 in column 0 and the queen of row 1 in column b1 (2 <= b1 <= n-2);
 * - edge: the queen of row 0 in column b1 with 1 <= b1 < n-1-b1 = b2, and no queen in a corner.
 * rowmask[y] holds the columns row y may use beyond the attacks (the bound rows of the method,
 * see count.c); row b2 of an edge task has one more rule that depends on the columns used.
 */
typedef struct count_task {
    int n;
    int corner;    /* 1: corner task, 0: edge task */
    int b1, b2;    /* the bound rows (b2 only for edge tasks; -1 otherwise) */
    uint64_t mask; /* the n columns */
    uint64_t side; /* columns 0 and n-1 */
    uint64_t rowmask[NQ_MAX_N];
    size_t bfs_cap; /* 0, or (tests) a smaller scratch arena, >= 832 nodes */
} count_task;

/* count_task_init() : sets up the task of a corner (corner = 1) or edge (0) branch. The caller
 * checks 4 <= n <= NQ_MAX_N and the range of b1 (count_task_valid()). */
void count_task_init(count_task *t, int n, int corner, int b1);

/* count_task_valid() : 1 if (n, corner, b1) names a branch of the method. */
int count_task_valid(int n, int corner, int b1);

/* count_task_avail() : the columns row y may use, given the attacks l | d | r of rows < y. */
static inline uint64_t count_task_avail(const count_task *t, int y, uint64_t l, uint64_t d,
                                        uint64_t r) {
    uint64_t a = ~(l | d | r) & t->rowmask[y];
    if (y == t->b2) {
        /* No side queen may come below row b2, and two cannot share it. */
        uint64_t free_side = t->side & ~d;
        a = free_side == t->side ? 0 : free_side ? a & free_side : a;
    }
    return a;
}

/* count_task_solve() :
 * Counts the solutions of the branch that extend the placement of rows 0..k-1 (which must be
 * admissible: each row within count_task_avail(); 2 <= k <= n-2 for corner tasks, 1 <= k <= n-2
 * for edge tasks), with their weights: out gets the total, fundamental and orbit counts and the
 * nodes visited below the prefix. */
void count_task_solve(const count_task *t, const int *prefix, int k, nq_counts *out);

/* Scratch memory of the breadth-first part of count_task_solve() (about 1.3 MB), reusable from
 * one call to the next by one thread at a time; it names the kernel that runs. count_scratch_new()
 * returns NULL when out of memory; count_scratch_free() accepts NULL. */
typedef struct count_scratch count_scratch;
count_scratch *count_scratch_new(void);
void count_scratch_free(count_scratch *sc);

/* count_scratch_new_kernel() : scratch memory for the given kernel (supported by this CPU, see
 * nq_kernel_supported(); NQ_KERNEL_AUTO: the fastest). count_task_solve_with() then runs that
 * kernel. count_scratch_new() is count_scratch_new_kernel(NQ_KERNEL_AUTO). NULL if out of memory
 * or k is not supported. */
count_scratch *count_scratch_new_kernel(nq_kernel k);

/* count_task_solve_with() : count_task_solve() with the caller's scratch (NULL: allocated for
 * the call; if that fails, the depth-first kernel, which needs none). */
void count_task_solve_with(const count_task *t, const int *prefix, int k, nq_counts *out,
                           count_scratch *sc);

/* count_task_solve_dfs() : the same, depth-first all the way down (no scratch memory); the
 * fallback of count_task_solve() and its reference in the tests. Same counts, same nodes. */
void count_task_solve_dfs(const count_task *t, const int *prefix, int k, nq_counts *out);

/* count_plain() :
 * Counts, by plain backtracking from a fixed prefix of rows 0..k-1, every solution that extends
 * it and, among those, the ones that are the lexicographically least of their class (with the
 * class size). Slow but simple; used for n <= 3. */
void count_plain(int n, const int *prefix, int k, nq_counts *out);

#endif /* NQ_COUNT_H */
