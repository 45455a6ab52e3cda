/*
 * count_kernel.h: what the counting kernels share (count_generic.c, count_avx2.c, count_avx512.c)
 * and count.c, which builds their grids: the grid of the last 16 queens, its nodes, the
 * depth-first top of the grid search and the level loop of its breadth-first passes, as templates
 * that each kernel instantiates with its own pick, child and pass (COUNT_GRID_KERNEL()), and the
 * kernels' entry points, which kernel.c's table names.
 *
 * The grid (built by count.c from a board state with at most 16 queens left): lane a (0..15) is
 * the a-th free row, lane 16 + b the b-th free column, both in board order; bit b of row lane a
 * and bit a of column lane b both say that cell (a, b) is free. att[a][b] holds, for every lane,
 * the cells a queen on (a, b) takes away: in the row lanes its column and its two diagonals and
 * the whole of its own row, in the column lanes its row and its two diagonals and the whole of
 * its own column. Placing a queen is then one AND-NOT over 512 bits, whatever the rows and the
 * diagonals involved, and forward checking on every line is a count of the zero lanes: a state
 * with `left` queens to place is live when exactly 2 * left lanes are not zero (its free rows and
 * its free columns), since a lane once zero stays zero. A node is just such a state (64 bytes);
 * the row it branches on is recomputed from it when needed (the pick: the free row with the
 * fewest free cells, ties to the middle of the board), and the candidates still to try are the
 * bits left in that row's lane: the search clears each one as it tries it, which keeps the pick
 * (the lane only gets fewer cells) and does not change any child (a child clears the lane).
 *
 * Every kernel visits the same nodes and finds the same solutions; only the instructions differ.
 * The vector kernels are compiled for their instruction set (cmake/kernels.cmake) and only called
 * where kernel.c found that the CPU runs them. Nothing here calls up into count.c or kernel.c.
 */
#ifndef NQ_COUNT_KERNEL_H
#define NQ_COUNT_KERNEL_H

#include <assert.h>
#include <string.h>

#include "count.h"

#define LANES 16 /* rows (and columns) of the grid */

typedef struct grid {
    _Alignas(64) uint16_t att[LANES][LANES][2 * LANES]; /* 16 KB, see the head comment */
    _Alignas(64) uint16_t m0[2 * LANES];                /* the root state */
    /* (rank << 4 | lane) - 0x100, rank: the lane's row in the tie order of count_state_pick():
     * the pick is the least of popcount(lane) << 8 + tie[lane] as 16-bit unsigned numbers, so
     * that zero lanes (and lanes past `left`) wrap around to the top and are never picked. */
    _Alignas(32) uint16_t tie[LANES];
    int left; /* free rows at the root (<= 16) */
} grid;

/* A node: a live state of the grid (lanes as in grid.m0). */
typedef struct gnode {
    _Alignas(64) uint16_t m[2 * LANES];
} gnode;

/* What a search below one grid root found: solutions, and nodes as count_completions() counts
 * them. */
typedef struct tally {
    uint64_t sols, nodes;
} tally;

/* Queens left when the depth-first top hands its nodes to the passes; nodes handed over at
 * once; the arena's default size in nodes (contrib/nodes/README.md: hand-over 9 to 12 and arena
 * 8,192 to 32,768 measured flat). */
#ifndef COUNT_HANDOVER
#define COUNT_HANDOVER 10
#endif
#ifndef COUNT_ROOTS
#define COUNT_ROOTS 256
#endif
#define COUNT_ARENA 16384

/* A kernel's pieces, each a static inline function of its file:
 *   pick(g, v):               the lane v branches on (left >= 1);
 *   child(g, v, left, row, x, c): c = v with a queen on (row, x), v having `left` queens to
 *                             place; returns 1 if c is live;
 *   level(g, cur, m, left, out): every child of the m nodes at cur (left queens to place, left
 *                             >= 3), the live ones written from out on; returns how many. Works
 *                             in passes, each taking one candidate of every node still having
 *                             one (cur is overwritten);
 *   last(g, cur, m):          the same for left = 2, only counting the live children (each one
 *                             is a solution). */
typedef uint32_t grid_pick_fn(const grid *g, const gnode *v);
typedef int grid_child_fn(const grid *g, const gnode *v, int left, uint32_t row, uint32_t x,
                          gnode *c);
typedef size_t grid_level_fn(const grid *g, gnode *cur, size_t m, int left, gnode *out);
typedef uint64_t grid_last_fn(const grid *g, gnode *cur, size_t m);
typedef void grid_expand_fn(const grid *g, gnode *cur, size_t m, int left, gnode *free,
                            size_t space, tally *tl);
/* A kernel's entry: counts the completions of the grid g into tl (grid_search_with()). */
typedef void count_grid_fn(const grid *g, gnode *arena, size_t cap, tally *tl);

/* grid_expand_with() :
 * Searches below the m nodes at cur (left queens to place each) breadth-first, level by level,
 * in the arena from free on (space nodes). A node's children are at most `left` (the cells of
 * its row), so a level that might not leave room for one chain of children below it is done in
 * two halves, one after the other (self: the kernel's instance of this function); a level's
 * children, and its candidates, are then at most space. */
static inline __attribute__((always_inline)) void
grid_expand_with(const grid *g, gnode *cur, size_t m, int left, gnode *free, size_t space,
                 tally *tl, grid_level_fn *level, grid_last_fn *last, grid_expand_fn *self) {
    while (m) {
        if (left == 1) {
            tl->sols += m, tl->nodes += m;
            return;
        }
        if (left == 2) {
            uint64_t live = last(g, cur, m);
            tl->sols += live, tl->nodes += 2 * live;
            return;
        }
        if (m * (size_t)left + LANES * (size_t)(left - 2) > space) {
            assert(m > 1);
            self(g, cur, m / 2, left, free, space, tl);
            cur += m / 2;
            m -= m / 2;
            continue;
        }
        size_t j = level(g, cur, m, left, free);
        tl->nodes += j;
        cur = free, m = j, free += j, space -= j, left--;
    }
}

/* grid_search_with() :
 * Counts the completions of the grid g (its root live) into tl: depth-first down to
 * COUNT_HANDOVER queens left, whose nodes go to expand() in batches of COUNT_ROOTS, in the
 * arena (cap >= COUNT_ARENA_MIN nodes). */
static inline __attribute__((always_inline)) void
grid_search_with(const grid *g, gnode *arena, size_t cap, tally *tl, grid_pick_fn *pick,
                 grid_child_fn *child, grid_expand_fn *expand) {
    int left0 = g->left;
    if (left0 == 0) {
        tl->sols++;
        return;
    }
    if (left0 <= COUNT_HANDOVER) {
        memcpy(arena[0].m, g->m0, sizeof arena[0].m);
        expand(g, arena, 1, left0, arena + 1, cap - 1, tl);
        return;
    }
    /* stack[d] has left0 - d queens to place and branches on row[d]. */
    gnode stack[LANES];
    uint32_t row[LANES];
    memcpy(stack[0].m, g->m0, sizeof stack[0].m);
    row[0] = pick(g, &stack[0]);
    size_t roots = 0;
    int d = 0;
    for (;;) {
        gnode *v = &stack[d];
        uint32_t cand = v->m[row[d]];
        if (!cand) {
            if (d == 0)
                break;
            d--;
            continue;
        }
        uint32_t x = (uint32_t)__builtin_ctz(cand);
        v->m[row[d]] = (uint16_t)(cand & (cand - 1));
        int left = left0 - d - 1; /* queens to place in the child */
        gnode *c = left == COUNT_HANDOVER ? &arena[roots] : &stack[d + 1];
        if (!child(g, v, left + 1, row[d], x, c))
            continue;
        tl->nodes++;
        if (left == COUNT_HANDOVER) {
            if (++roots == COUNT_ROOTS) {
                expand(g, arena, roots, left, arena + roots, cap - roots, tl);
                roots = 0;
            }
            continue;
        }
        d++;
        row[d] = pick(g, c);
    }
    if (roots)
        expand(g, arena, roots, COUNT_HANDOVER, arena + roots, cap - roots, tl);
}

/* COUNT_GRID_KERNEL(isa) :
 * Defines a kernel's entry, count_grid_<isa>(), from the three pieces of its file, static inline
 * functions: <isa>_pick and <isa>_child (as grid_pick_fn and grid_child_fn) and
 * <isa>_pass(g, cur, m, left, out, leaf), the passes of a level (leaf = 0: as grid_level_fn) and
 * of the last one (leaf = 1, left = 2, out = NULL: as grid_last_fn). The level, the last pass,
 * the expansion and the depth-first top are written out here once, the same for every kernel
 * (the way zstd's HUF_DGEN makes its decoders' variants from one body). */
#define COUNT_GRID_KERNEL(isa)                                                                     \
    static size_t isa##_level(const grid *g, gnode *cur, size_t m, int left, gnode *out) {         \
        return isa##_pass(g, cur, m, left, out, 0);                                                \
    }                                                                                              \
    static uint64_t isa##_last(const grid *g, gnode *cur, size_t m) {                              \
        return isa##_pass(g, cur, m, 2, NULL, 1);                                                  \
    }                                                                                              \
    static void isa##_expand(const grid *g, gnode *cur, size_t m, int left, gnode *free,           \
                             size_t space, tally *tl) {                                            \
        grid_expand_with(g, cur, m, left, free, space, tl, isa##_level, isa##_last, isa##_expand); \
    }                                                                                              \
    void count_grid_##isa(const grid *g, gnode *arena, size_t cap, tally *tl) {                    \
        grid_search_with(g, arena, cap, tl, isa##_pick, isa##_child, isa##_expand);                \
    }

/* The kernels' entries (count_grid_fn), each made by COUNT_GRID_KERNEL() in its file and named
 * in kernel.c's table, which is the only caller: count_generic.c (always built), count_avx2.c
 * and count_avx512.c (built where the compiler has their instruction sets, NQ_HAVE_AVX2 and
 * NQ_HAVE_AVX512). The arena: cap nodes, 64-byte aligned. */
void count_grid_generic(const grid *g, gnode *arena, size_t cap, tally *tl);
void count_grid_avx2(const grid *g, gnode *arena, size_t cap, tally *tl);
void count_grid_avx512(const grid *g, gnode *arena, size_t cap, tally *tl);

#endif /* NQ_COUNT_KERNEL_H */
