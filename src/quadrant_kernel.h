/* quadrant_kernel.h: what quadrant.c shares with the quadrant join's kernels (quadrant_generic.c,
 * quadrant_avx2.c, quadrant_avx512.c, each an instance of quadrant_body.h): the layout of the
 * quadrants' placements and of a thread's scratch, and the kernels' entry points, which kernel.c's
 * table names. Nothing here calls up into quadrant.c or kernel.c. */
#ifndef NQ_QUADRANT_KERNEL_H
#define NQ_QUADRANT_KERNEL_H

#include <stddef.h>
#include <stdint.h>

#include "nqueens_advanced.h"
#include "quadrant_buf.h"

/* The types of quadrant.h, named here too (C11 allows the same typedef twice) so that the kernels
 * need nothing of the file above them. */
typedef struct quadrant_lists quadrant_lists;
typedef struct quadrant_scratch quadrant_scratch;

/* One placement of a quadrant: its diagonals (r - c + n - 1) and anti-diagonals (r + c) as bits
 * counted from the quadrant's first one (quadrant_part.d0, .a0): a quadrant of rows + cols <= 24
 * spans at most 23 of each. */
typedef struct quadrant_placement {
    uint32_t d, a;
} quadrant_placement;

/* One quadrant: rows r0..r0+rows-1, columns c0..c0+cols-1 of the board, and every placement of
 * queens in it (any number, at most one a row and a column, none attacking another; the empty
 * one too), grouped by key (row subset | column subset << rows, local bits) in
 * v[start[key]] .. v[start[key + 1] - 1]. */
typedef struct quadrant_part {
    int r0, rows, c0, cols;
    int d0, a0;      /* the board's diagonal and anti-diagonal of a placement's bit 0 */
    uint32_t *start; /* 2^(rows + cols) + 1 offsets */
    quadrant_placement *v;
    size_t count; /* placements */
} quadrant_part;

struct quadrant_lists {
    int n, middle, h;      /* board, cut (1: middle), top rows */
    uint64_t hot;          /* the GPU pair counter's hot signature bits (gpu_quadrant.c) */
    quadrant_part part[4]; /* top-left, top-right, bottom-left, bottom-right */
    size_t bytes;
};

/* The most hot bits the pair counter groups a subproblem's halves by (quadrant_body.h): 2^10
 * groups. */
#define QUADRANT_HOT_MAX 10

/* The OR tables of the pair counter: 8 chunks of 512 entries (9 bits) of at most 512 bits. */
#define QUADRANT_TABLE_BYTES (8 * 512 * 64)

/* quadrant_fn :
 * A kernel's count of quadrant_solutions() (quadrant.h), its arguments checked. */
typedef int quadrant_fn(const quadrant_lists *q, int m, uint64_t c, quadrant_scratch *s,
                        uint64_t *sols, uint64_t *pairs);

/* quadrant_halves_fn :
 * A kernel's list of the two halves of quadrant_halves() (quadrant.h) into s->top and s->bottom
 * (*nt and *nb signatures), its arguments checked. @return NQ_OK or NQ_ENOMEM. */
typedef int quadrant_halves_fn(const quadrant_lists *q, int m, uint64_t c, quadrant_scratch *s,
                               size_t *nt, size_t *nb);

struct quadrant_scratch {
    nq_kernel kernel;
    quadrant_fn *count;
    quadrant_halves_fn *halves;
    quadrant_buf top, bottom; /* the halves' signatures (uint64_t) */
    quadrant_buf keep;        /* a half's join: the right quadrant's placements that fit */
    quadrant_buf tr, cx, off; /* the pair counter: blocks, compressed bottoms, tops' chunks */
    quadrant_buf keys, runs;  /* the tops' sort by (group, lead value), and their runs */
    quadrant_buf table;       /* QUADRANT_TABLE_BYTES */
    quadrant_buf groups;      /* the pair counter's per-group counts (quadrant_body.h) */
    int hot_k;                /* -1: the pair counter picks how many hot bits; else this many */
    const volatile int *stop; /* NULL, or the count's stop flag (quadrant_scratch_set_stop()) */
};

quadrant_fn quadrant_count_generic;
quadrant_halves_fn quadrant_halves_generic;
#ifdef NQ_HAVE_AVX2
quadrant_fn quadrant_count_avx2;
quadrant_halves_fn quadrant_halves_avx2;
#endif
#ifdef NQ_HAVE_AVX512
quadrant_fn quadrant_count_avx512;
quadrant_halves_fn quadrant_halves_avx512;
#endif

#endif /* NQ_QUADRANT_KERNEL_H */
