/*
 * gpu_search.h: the search of the CUDA backend, written once for the device and the host: under
 * nvcc every function is __host__ __device__; under the C compiler they are plain static inline
 * functions, so that the unit test (tests/unit/test_gpu_search.c) runs the very code of the
 * kernel on the host and compares it with the CPU kernel (count_completions()), subproblem by
 * subproblem, in every build, with or without CUDA.
 *
 * What it counts: the completions of a board with some queens already placed in arbitrary rows
 * (a subproblem of split.c: the border queens, then the first queens of the CPU's search). The
 * device does not follow the CPU's most-constrained-row order; it fills the free rows from the
 * top down, one 32-bit word a row (n <= GPU_MAX_N = 32):
 * - gpu_sub holds what never changes in a subproblem: the free rows in order, for each the
 *   columns its queen may take given the placed queens (count_state.free[]) and its distance
 *   from the free row before, in one 64-bit word (a step loads one word);
 * - the queens the device places are tracked in three masks: the columns taken, and the two
 *   diagonals as 64-bit words (ld: column x at bit x, shifted left by the distance to the next
 *   free row; rd: column x at bit x + 32, shifted right). Over at most 31 rows no bit falls out
 *   of either word, so a shift is undone exactly: the stack keeps one 32-bit word per free row,
 *   the candidates still to try there with the column placed there (its lowest bit), and going
 *   back up recomputes the masks from it;
 * - the last free row is not visited: its candidates are counted (popcount).
 * A subproblem can be cut a few free rows deeper on the host into items (gpu_expand()), each a
 * starting node; the completions of a subproblem are the sum of its items'. The nodes counted
 * are the queens this search places (the last one of each solution included), which is not the
 * CPU kernel's count (a different order of rows, no forward check): only the solutions agree.
 * On the device a lane keeps its node in registers (gpu_lane) and its stack in shared memory laid
 * out [row][thread] (gpu_mem.stride), so that the 32 lanes of a warp touch 32 different banks.
 * Workload: items of 10^2..10^8 placements; one step (gpu_lane_step()) is one placement and a
 * handful of integer instructions.
 */
#ifndef NQ_GPU_SEARCH_H
#define NQ_GPU_SEARCH_H

#include <stdint.h>

#if defined(__CUDACC__)
#define GPU_FN __host__ __device__ __forceinline__
#else
#define GPU_FN static inline
#endif

#if defined(__CUDA_ARCH__)
#define GPU_POPC(x) ((uint32_t)__popc(x))
#else
#define GPU_POPC(x) ((uint32_t)__builtin_popcount(x))
#endif

/* The largest n of the device search (one 32-bit word a row). */
#define GPU_MAX_N 32

/* One subproblem as the device searches it. A step reads one word of it: the next free row's
 * columns and its distance (one 8-byte load, where separate arrays took three). */
typedef struct gpu_sub {
    /* row[i], for the i-th free row from the top: bits 0..31 the columns its queen may take,
     * bits 32..39 its distance from the free row before it (0 for the first); 0 past nfree */
    uint64_t row[GPU_MAX_N];
    int32_t nfree; /* free rows, 0..GPU_MAX_N */
    int32_t pad;   /* 0 */
} gpu_sub;

/* The columns of free row i of sub, and its distance from free row i - 1 (i >= 1). */
#define GPU_MASK(sub, i) ((uint32_t)(sub)->row[i])
#define GPU_GAP(sub, i)  ((int)((sub)->row[i] >> 32))

/* A node of the search: the queens of the free rows before `level` placed by the search. */
typedef struct gpu_item {
    uint64_t ld;    /* diagonal attacks on free row `level`: bit x = column x */
    uint64_t rd;    /* anti-diagonal attacks on free row `level`: bit x + 32 = column x */
    uint32_t cols;  /* the columns taken by the search's queens */
    uint32_t sub;   /* its subproblem's place in the batch */
    uint32_t level; /* the first free row left to fill, 0..nfree */
    uint32_t pad;   /* 0 */
} gpu_item;

/* The host (C) and the device (nvcc) must lay these out alike: they are copied byte for byte. */
#if defined(__cplusplus)
static_assert(sizeof(gpu_sub) == 8 * GPU_MAX_N + 8, "gpu_sub layout");
static_assert(sizeof(gpu_item) == 32, "gpu_item layout");
#else
_Static_assert(sizeof(gpu_sub) == 8 * GPU_MAX_N + 8, "gpu_sub layout");
_Static_assert(sizeof(gpu_item) == 32, "gpu_item layout");
#endif

/* Where a lane keeps its stack: the word of free row i at stack[i * stride] (GPU_MAX_N words). */
typedef struct gpu_mem {
    uint32_t *stack;
    int stride;
} gpu_mem;

/* The state of one lane, in registers on the device. */
typedef struct gpu_lane {
    uint64_t ld, rd; /* as in gpu_item, for free row `level` */
    uint32_t cols;   /* as in gpu_item */
    uint32_t a;      /* the candidates of free row `level` still to try */
    int level;       /* the free row being filled */
    int start;       /* the item's level: the lane is done when it goes back above it */
    uint64_t sols;   /* completions found */
    uint64_t nodes;  /* queens placed */
} gpu_lane;

/* gpu_sub_make() :
 * The subproblem of a board of n (1 <= n <= GPU_MAX_N) whose free rows are the bits of rows, the
 * free cells of free row y being free[y] (bit x: column x), as in count_state. */
GPU_FN void gpu_sub_make(gpu_sub *sub, int n, uint64_t rows, const uint64_t *free) {
    int k = 0, last = -1;
    for (int y = 0; y < n; y++)
        if (rows >> y & 1u) {
            uint64_t gap = last < 0 ? 0 : (uint64_t)(y - last);
            sub->row[k++] = gap << 32 | (uint32_t)free[y];
            last = y;
        }
    for (int i = k; i < GPU_MAX_N; i++)
        sub->row[i] = 0;
    sub->nfree = k;
    sub->pad = 0;
}

/* gpu_item_root() : the item that is the whole subproblem (nothing placed by the search). */
GPU_FN void gpu_item_root(gpu_item *it, uint32_t sub) {
    it->ld = it->rd = 0;
    it->cols = 0;
    it->sub = sub;
    it->level = 0;
    it->pad = 0;
}

/* The candidates of free row i under the search's queens. */
GPU_FN uint32_t gpu_avail(const gpu_sub *sub, int i, uint64_t ld, uint64_t rd, uint32_t cols) {
    return GPU_MASK(sub, i) & ~(cols | (uint32_t)ld | (uint32_t)(rd >> 32));
}

/* gpu_expand() :
 * Cuts the node `from` (of subproblem sub, levels below its nfree - 1) `levels` free rows deeper,
 * at most down to free row nfree - 2 (an item always has two free rows or more to fill, unless
 * `from` itself has fewer): the nodes reached that have a candidate in their row are the items,
 * numbered from 0 in the search's order; those below cap are written to out[] (which may be NULL
 * when cap is 0). Returns how many items there are; *nodes receives the queens placed to reach
 * them (as gpu_lane counts them), so that the items' nodes plus these are the nodes of `from`. */
GPU_FN uint32_t gpu_expand(const gpu_sub *sub, const gpu_item *from, int levels, gpu_item *out,
                           uint32_t cap, uint64_t *nodes) {
    const int top = (int)from->level;
    int bottom = top + levels;
    if (bottom > sub->nfree - 2)
        bottom = sub->nfree - 2;
    *nodes = 0;
    if (bottom <= top) {
        if (cap > 0)
            out[0] = *from;
        return 1;
    }
    uint64_t LD[GPU_MAX_N], RD[GPU_MAX_N];
    uint32_t C[GPU_MAX_N], A[GPU_MAX_N];
    uint32_t count = 0;
    int i = top;
    LD[i] = from->ld, RD[i] = from->rd, C[i] = from->cols;
    A[i] = gpu_avail(sub, i, LD[i], RD[i], C[i]);
    for (;;) {
        if (!A[i]) {
            if (i == top)
                break;
            i--;
            continue;
        }
        uint32_t bit = A[i] & (0u - A[i]);
        A[i] ^= bit;
        ++*nodes;
        const int g = GPU_GAP(sub, i + 1);
        uint64_t ld = (LD[i] | bit) << g, rd = (RD[i] | (uint64_t)bit << 32) >> g;
        uint32_t cols = C[i] | bit;
        uint32_t a = gpu_avail(sub, i + 1, ld, rd, cols);
        if (!a)
            continue;
        if (i + 1 == bottom) {
            if (count < cap) {
                gpu_item *it = &out[count];
                it->ld = ld, it->rd = rd, it->cols = cols;
                it->sub = from->sub;
                it->level = (uint32_t)bottom;
                it->pad = 0;
            }
            count++;
            continue;
        }
        i++;
        LD[i] = ld, RD[i] = rd, C[i] = cols, A[i] = a;
    }
    return count;
}

/* gpu_lane_start() :
 * Starts a lane on item it of subproblem sub. Returns 1 if there is work for gpu_lane_step(), 0
 * if the item is already done (its counts are then in the lane: an item on the last free row is
 * counted at once, one with no free row is one solution). */
GPU_FN int gpu_lane_start(const gpu_sub *sub, gpu_lane *s, const gpu_item *it) {
    s->ld = it->ld, s->rd = it->rd, s->cols = it->cols;
    s->level = s->start = (int)it->level;
    s->sols = s->nodes = 0;
    s->a = 0;
    if (s->level >= sub->nfree) {
        s->sols = 1;
        return 0;
    }
    uint32_t a = gpu_avail(sub, s->level, s->ld, s->rd, s->cols);
    if (s->level == sub->nfree - 1) {
        s->sols = s->nodes = GPU_POPC(a);
        return 0;
    }
    s->a = a;
    return a != 0;
}

/* gpu_lane_step() :
 * One placement: the lowest candidate of the current free row; if the next free row is the last,
 * its candidates are counted at once; otherwise the lane descends when the next row has
 * candidates, else it moves on to the next candidate here, or goes back up to the nearest row that
 * still has one. Returns 1 while the item has work left, 0 when it is done. */
GPU_FN int gpu_lane_step(const gpu_sub *sub, gpu_lane *s, gpu_mem m) {
    const int i = s->level;
    uint32_t bit = s->a & (0u - s->a);
    s->a ^= bit;
    s->nodes++;
    const uint64_t next = sub->row[i + 1];
    const int g = (int)(next >> 32);
    uint64_t ld = (s->ld | bit) << g, rd = (s->rd | (uint64_t)bit << 32) >> g;
    uint32_t cols = s->cols | bit;
    uint32_t a = (uint32_t)next & ~(cols | (uint32_t)ld | (uint32_t)(rd >> 32));
    if (i + 2 == sub->nfree) {
        uint32_t found = GPU_POPC(a);
        s->sols += found;
        s->nodes += found;
        a = 0;
    }
    if (a) {
        m.stack[i * m.stride] = s->a | bit;
        s->ld = ld, s->rd = rd, s->cols = cols, s->a = a;
        s->level = i + 1;
        return 1;
    }
    while (!s->a) {
        if (s->level == s->start)
            return 0;
        const int up = --s->level;
        uint32_t w = m.stack[up * m.stride];
        uint32_t b = w & (0u - w);
        const int gu = GPU_GAP(sub, up + 1);
        s->ld = (s->ld >> gu) & ~(uint64_t)b;
        s->rd = (s->rd << gu) & ~((uint64_t)b << 32);
        s->cols ^= b;
        s->a = w ^ b;
    }
    return 1;
}

#endif /* NQ_GPU_SEARCH_H */
