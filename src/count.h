/* count.h: the counting kernel (count.c): the completions of a board with some queens placed.
 * The split (split.c) builds the boards of the subproblems and weights the completions; the
 * driver (parallel.c) owns the scratch memory. Nothing here knows about splits. */
#ifndef NQ_COUNT_H
#define NQ_COUNT_H

#include "nqueens_advanced.h"

/*
 * A count_state is a board with some queens placed: its free rows and columns and, for each free
 * row, the free columns its queen may still take (not attacked by a placed queen). It is the
 * state of the search of count.c at any depth, wide enough for every n <= NQ_MAX_N.
 */
typedef struct count_state {
    int n;
    int left;          /* queens still to place = free rows = free columns */
    uint64_t rows;     /* bit y: row y is free */
    uint64_t cols;     /* bit x: column x is free */
    uint64_t free[64]; /* free[y]: the free cells of free row y (bit x: column x); 0 otherwise */
} count_state;

/* count_state_init() : the empty n x n board, 1 <= n <= NQ_MAX_N. */
void count_state_init(count_state *s, int n);

/* count_state_place() : places a queen on cell (y, x); returns 0 (and leaves s unchanged) if the
 * cell is not free (its row or column taken, or attacked by a placed queen), 1 otherwise. */
int count_state_place(count_state *s, int y, int x);

/* count_state_live() : 1 if every free row has a free cell and every free column a free cell in
 * some free row (forward checking on every line), 0 otherwise. */
int count_state_live(const count_state *s);

/* count_state_pick() :
 * The row the search branches on in s (left >= 1): the free row with the fewest free cells, ties
 * going to the row nearest the middle of the board (the upper one of two at the same distance).
 * This rule is part of the split's numbering (split.c) and every kernel follows it. */
int count_state_pick(const count_state *s);

/* Scratch memory of the kernel (about 1 MB: the grid of the last 16 queens and the arena of the
 * breadth-first passes), reusable from one call to the next by one thread at a time; it names the
 * kernel that runs (the instruction set: kernel.c).
 * count_scratch_new_kernel() : for kernel k (supported by this CPU, see nq_kernel_supported();
 * NQ_KERNEL_AUTO: the fastest); NULL when out of memory or k is not supported.
 * count_scratch_new() : count_scratch_new_kernel(NQ_KERNEL_AUTO).
 * count_scratch_new_small() : (tests) an arena of only `nodes` nodes (>= COUNT_ARENA_MIN), so
 * that the breadth-first levels are expanded in parts.
 * count_scratch_free() accepts NULL. */
typedef struct count_scratch count_scratch;
#define COUNT_ARENA_MIN 512
count_scratch *count_scratch_new_kernel(nq_kernel k);
count_scratch *count_scratch_new(void);
count_scratch *count_scratch_new_small(nq_kernel k, size_t nodes);
void count_scratch_free(count_scratch *sc);

/* count_scratch_set_stop() : the count's stop flag (NULL: none), looked at by the searches that
 * use sc: once it is non-zero, count_completions() gives up within one grid search and
 * count_scratch_stopped() says so (its counts are then partial and must be thrown away).
 * count_scratch_stopped() : 1 if the last count_completions() on sc gave up so (NULL: 0). */
void count_scratch_set_stop(count_scratch *sc, const volatile int *stop);
int count_scratch_stopped(const count_scratch *sc);

/* count_completions() :
 * The number of solutions that extend the placed queens of s (each once), and in *nodes the
 * queens the search placed below s that passed the forward check (the last queen of each
 * solution included). sc: the caller's scratch, which names the kernel (NULL: allocated for the
 * call with the fastest kernel; if that fails, a depth-first search that needs none). Every
 * kernel gives the same counts and the same nodes. The counts are 64-bit: below the pre-placed
 * border of split.c, they fit for every n whose count can finish. This is the work of one
 * subproblem of split.c without its weights, and what another device would run. */
uint64_t count_completions(const count_state *s, count_scratch *sc, uint64_t *nodes);

/* count_completions_plain() :
 * count_completions() by the depth-first search on board states alone (count_state_*), without
 * the grid or scratch memory: the fallback when no scratch can be had, and the tests' reference.
 * Same counts, same nodes, much slower. */
uint64_t count_completions_plain(const count_state *s, uint64_t *nodes);

/* count_symmetric() :
 * The number of solutions that extend the placed queens of s and are invariant under the
 * rotation by 180 degrees (quarter = 0) or by 90 degrees (quarter = 1). s's placed queens must
 * themselves be invariant. A search over orbits of 2 or 4 queens; no nodes are counted. */
uint64_t count_symmetric(const count_state *s, int quarter);

/* count_plain() :
 * Counts, by plain backtracking, every solution of n and, among those, the ones that are the
 * lexicographically least of their class (with the class size). Slow but simple; used for
 * n <= 3, where there is no border of four distinct lines. */
void count_plain(int n, nq_counts *out);

#endif /* NQ_COUNT_H */
