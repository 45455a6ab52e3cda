/* count.h: the counting kernel (count.c): the completions of a board with some queens placed.
 * The split (split.c) builds the boards of the subproblems and weights the completions; the
 * driver (parallel.c) owns the scratch memory. Nothing here knows about splits. */
#ifndef NQ_COUNT_H
#define NQ_COUNT_H

#include "nqueens.h"

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

/* Scratch memory of the kernel (about 1 MB: the grid of the last 16 rows and the arena of the
 * breadth-first passes), reusable from one call to the next by one thread at a time.
 * count_scratch_new() returns NULL when out of memory; count_scratch_free() accepts NULL.
 * count_scratch_new_small() : (tests) an arena of only `nodes` nodes (>= COUNT_ARENA_MIN), so
 * that the breadth-first levels are expanded in parts. */
typedef struct count_scratch count_scratch;
#define COUNT_ARENA_MIN 512
count_scratch *count_scratch_new(void);
count_scratch *count_scratch_new_small(size_t nodes);
void count_scratch_free(count_scratch *sc);

/* Kernels of count_completions(): the generic one (GNU C vector extensions: SSE2 on x86-64,
 * NEON on ARM64), and AVX2 where the compiler targets it. BEST is the fastest built in. */
typedef enum count_kernel {
    COUNT_KERNEL_BEST = 0,
    COUNT_KERNEL_GENERIC,
    COUNT_KERNEL_AVX2
} count_kernel;

/* count_kernel_available() : 1 if this build has the kernel. */
int count_kernel_available(count_kernel k);

/* count_completions() :
 * The number of solutions that extend the placed queens of s (each once), and in *nodes the
 * queens the search placed below s that passed the forward check (the last queen of each
 * solution included). sc: the caller's scratch (NULL: allocated for the call; if that fails, a
 * depth-first search that needs none). Every kernel gives the same counts and the same nodes.
 * The counts are 64-bit: below the pre-placed border of split.c, they fit for every n whose
 * count can finish. */
uint64_t count_completions(const count_state *s, count_scratch *sc, count_kernel k,
                           uint64_t *nodes);

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
