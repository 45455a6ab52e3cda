/*
 * gpu_pairs.h: the quadrant join's pair counter on the GPU (the --method quadrant count of
 * gpu_quadrant.c), written once for the device and the host: under nvcc every function is
 * __host__ __device__, under the C compiler plain static inline functions, so that the unit
 * test (tests/unit/test_gpu_pairs.c) and the emulated backend run the very code of the kernel
 * on the host and compare it with the CPU's join (quadrant_solutions()), in every build.
 *
 * What it counts: for one subproblem of the quadrant split, the pairs (top, bottom) of its two
 * halves' signatures (quadrant.h: quadrant_halves()) that AND to 0. The host groups both halves
 * by the hot bits they take (the diagonals through the middle of the cut, quadrant_lists_hot(): at
 * most 6 of them, 64 groups; a top of group p meets a bottom of group g only if p & g is 0), keeps
 * of each signature only the other bits both halves take, cuts each group of bottoms into blocks
 * of 32 (the last one padded with empty bottoms that are never counted), and the blocks into
 * tasks of at most GPU_PAIR_BLOCKS blocks: one task, one thread block of the device. The tops of
 * a subproblem follow the offsets of their groups in the batch's tops array, each packed a chunk
 * a byte (gpu_pair_pack()), so that the device takes a chunk's value with one byte extract.
 *
 * A task's count, the "four Russians" method as the CPU's join uses it (quadrant_body.h), laid
 * out for a warp: the 32 bottoms of block l are bit-transposed into rows (row b: bit j set when
 * bottom j takes signature bit b), and for each chunk c of GPU_PAIR_CW signature bits a table
 * holds, for each value v of the chunk, the OR of the rows of v's bits: U[c][v][l]. Lane l of a
 * warp weighs one top against block l: the OR of one table entry a chunk gives the bottoms of
 * the block that share a bit with the top, one popcount their number. The 32 lanes read the same
 * chunk value at 32 consecutive words, so a warp's table load touches 32 banks once. Only the
 * tops of the groups that share no hot bit with the task's are weighed.
 * The task's pairs: valid bottoms x tops weighed - conflicts.
 * Workload: a subproblem of n = 20 has about 10^4..10^5 tops and bottoms (10^9 pairs); a top
 * costs one load, `chunks` table loads and ORs and a popcount for 32 x 32 pairs.
 */
#ifndef NQ_GPU_PAIRS_H
#define NQ_GPU_PAIRS_H

#include <stdint.h>

#if defined(__CUDACC__)
#define GPU_PAIRS_FN __host__ __device__ __forceinline__
#else
#define GPU_PAIRS_FN static inline
#endif

#if defined(__CUDA_ARCH__)
#define GPU_PAIRS_POPC(x) ((uint32_t)__popc(x))
#else
#define GPU_PAIRS_POPC(x) ((uint32_t)__builtin_popcount(x))
#endif

/* Bits a chunk, chunks at most (the signature has 2n - 2 <= 44 bits: 8 chunks of 6 cover 48),
 * blocks of 32 bottoms a task, and the warps of a task's thread block. */
#define GPU_PAIR_CW     6
#define GPU_PAIR_CHUNKS 8
#define GPU_PAIR_BITS   (GPU_PAIR_CW * GPU_PAIR_CHUNKS)
#define GPU_PAIR_BLOCKS 32
#define GPU_PAIR_WARPS  8
/* The words of a task's tables in shared memory: U[c][v][l] (64 KB). */
#define GPU_PAIR_TABLE_WORDS (GPU_PAIR_CHUNKS * (1 << GPU_PAIR_CW) * GPU_PAIR_BLOCKS)

/* One subproblem of a batch: at top0 in the batch's tops array, groups + 1 offsets (the start of
 * each group's tops, then their end, counted from its first top), then its tops, group by group;
 * and the
 * chunks its signatures need (the highest bit both halves take, over GPU_PAIR_CW). */
typedef struct gpu_pair_sub {
    uint64_t top0;
    int32_t groups; /* 1, 2, 4, .. 64 */
    int32_t chunks; /* 1..GPU_PAIR_CHUNKS */
} gpu_pair_sub;

/* One task: nblocks blocks of 32 bottoms (from bottom0 in the batch's bottoms, a multiple of 32)
 * of hot group `group` of subproblem sub, valid of them real. */
typedef struct gpu_pair_task {
    uint64_t bottom0;
    uint32_t sub;
    uint32_t group;   /* 0..groups-1 */
    uint32_t nblocks; /* 1..GPU_PAIR_BLOCKS */
    uint32_t valid;   /* 1..32 * nblocks */
} gpu_pair_task;

/* Row `bit` of the 32 bottoms at b (bit j: bottom j takes signature bit `bit`). */
GPU_PAIRS_FN uint32_t gpu_pair_row(const uint64_t *b, int bit) {
    uint32_t row = 0;
    for (int j = 0; j < 32; j++)
        row |= (uint32_t)(b[j] >> bit & 1) << j;
    return row;
}

/* The index of table entry U[c][v][l]. */
GPU_PAIRS_FN uint32_t gpu_pair_at(int c, uint32_t v, int l) {
    return ((uint32_t)c << GPU_PAIR_CW | v) * GPU_PAIR_BLOCKS + (uint32_t)l;
}

/* Table entry U[c][v][l]: the OR of block l's rows (rows[bit * GPU_PAIR_BLOCKS + l]) of the bits
 * of chunk c that v has. Every entry on its own (no chain through other entries), so that the
 * device fills a table with all its threads at once. */
GPU_PAIRS_FN uint32_t gpu_pair_entry(const uint32_t *rows, int c, uint32_t v, int l) {
    uint32_t x = 0;
    for (int b = 0; b < GPU_PAIR_CW; b++)
        if (v >> b & 1)
            x |= rows[(c * GPU_PAIR_CW + b) * GPU_PAIR_BLOCKS + l];
    return x;
}

/* A top's signature (the bits to weigh) as the device reads it: chunk c's GPU_PAIR_CW bits in
 * byte c. */
GPU_PAIRS_FN uint64_t gpu_pair_pack(uint64_t t) {
    uint64_t p = 0;
    for (int c = 0; c < GPU_PAIR_CHUNKS; c++)
        p |= (t >> (c * GPU_PAIR_CW) & ((1u << GPU_PAIR_CW) - 1)) << (8 * c);
    return p;
}

/* The bottoms of block l that share a signature bit with the packed top t (chunks chunks), as a
 * mask. */
GPU_PAIRS_FN uint32_t gpu_pair_conflicts(const uint32_t *U, uint64_t t, int chunks, int l) {
    uint32_t x = 0;
    for (int c = 0; c < chunks; c++)
        x |= U[gpu_pair_at(c, (uint32_t)(t >> (8 * c)) & 0xFFu, l)];
    return x;
}

#ifndef __CUDACC__
/* The count of one task as the device makes it, on the host: the rows and tables of its blocks,
 * then each top of a group clear of its own weighed against each block. U: GPU_PAIR_TABLE_WORDS
 * words, rows: GPU_PAIR_BITS * GPU_PAIR_BLOCKS words (scratch). @return the task's pairs. */
static inline uint64_t gpu_pair_task_host(const gpu_pair_task *k, const gpu_pair_sub *s,
                                          const uint64_t *tops, const uint64_t *bottoms,
                                          uint32_t *U, uint32_t *rows) {
    for (int bit = 0; bit < GPU_PAIR_BITS; bit++)
        for (int l = 0; l < GPU_PAIR_BLOCKS; l++)
            rows[bit * GPU_PAIR_BLOCKS + l] =
                (uint32_t)l < k->nblocks
                    ? gpu_pair_row(bottoms + k->bottom0 + 32u * (uint32_t)l, bit)
                    : 0;
    for (int c = 0; c < s->chunks; c++)
        for (uint32_t v = 0; v < (1u << GPU_PAIR_CW); v++)
            for (int l = 0; l < GPU_PAIR_BLOCKS; l++)
                U[gpu_pair_at(c, v, l)] = gpu_pair_entry(rows, c, v, l);
    uint64_t weighed = 0, conflicts = 0;
    const uint64_t *off = tops + s->top0, *t = off + s->groups + 1;
    for (uint32_t p = 0; p < (uint32_t)s->groups; p++) {
        if (p & k->group)
            continue;
        for (uint64_t i = off[p]; i < off[p + 1]; i++) {
            weighed++;
            for (int l = 0; l < GPU_PAIR_BLOCKS; l++)
                conflicts += GPU_PAIRS_POPC(gpu_pair_conflicts(U, t[i], s->chunks, l));
        }
    }
    return weighed * k->valid - conflicts;
}
#endif

#endif /* NQ_GPU_PAIRS_H */
