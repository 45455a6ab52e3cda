/*
 * gpu_pairs.h: the quadrant join's pair counter on the GPU (the --method quadrant count of
 * gpu_quadrant.c), written once for the device and the host: under nvcc every function is
 * __host__ __device__, under the C compiler plain static inline functions, so that the unit
 * test (tests/unit/test_gpu_pairs.c) and the emulated backend run the very code of the kernels
 * on the host and compare it with the CPU's join (quadrant_solutions()), in every build.
 *
 * What it counts: for one subproblem of the quadrant split, the pairs (top, bottom) of its two
 * halves' signatures (quadrant.h: quadrant_halves()) that AND to 0. The host sends the halves as
 * they are built, one after the other (the larger half as the bottoms); the device lays them out
 * itself (gpu_pair_layout_host() is its order of work on the host), since that layout took the
 * host longer than the halves (bench/RESULTS.md):
 * - the layout, one thread block a subproblem: the bits both halves take (an OR over each), of
 *   them at most 6 hot ones (the diagonals through the middle of the cut, quadrant_lists_hot():
 *   64 groups; a top that takes a hot bit of a group meets none of its bottoms), the rest kept;
 *   the bottoms grouped by the hot bits they take, each with only the rest of its bits, each
 *   group cut into blocks of 32 (the last one padded with empty bottoms that are never counted)
 *   and the blocks into tasks of at most GPU_PAIR_BLOCKS blocks, in the subproblem's own room of
 *   the batch's arrays (gpu_pair_bottom_room(), gpu_pair_task_room(); unused task slots have no
 *   block). The order of the bottoms within a group is the device's (atomics): no count depends
 *   on it.
 * - the pairs, one thread block a task: the tops of the subproblem, 32 at a time, those that
 *   take a hot bit of the task's group dropped by one vote, the others weighed.
 *
 * A task's count, the "four Russians" method as the CPU's join uses it (quadrant_body.h), laid
 * out for a warp: the 32 bottoms of block l are bit-transposed into rows (row b: bit j set when
 * bottom j takes signature bit b), and for each chunk c of GPU_PAIR_CW signature bits a table
 * holds, for each value v of the chunk, the OR of the rows of v's bits: U[c][v][l]. Lane l of a
 * warp weighs one top against block l: the OR of one table entry a chunk gives the bottoms of
 * the block that share a bit with the top, one popcount their number. The 32 lanes read the same
 * chunk value at 32 consecutive words, so a warp's table load touches 32 banks once.
 * The task's pairs: valid bottoms x tops weighed - conflicts.
 * Workload: a subproblem of n = 20 has about 10^4..10^5 tops and bottoms (10^9 pairs); a top
 * costs one load, `chunks` table loads and ORs and a popcount for 32 x 32 pairs.
 */
#ifndef NQ_GPU_PAIRS_H
#define NQ_GPU_PAIRS_H

#include <stdint.h>
#ifndef __CUDACC__
#include <stdlib.h>
#endif

#if defined(__CUDACC__)
#define GPU_PAIRS_FN __host__ __device__ __forceinline__
#else
#define GPU_PAIRS_FN static inline
#endif

#if defined(__CUDA_ARCH__)
#define GPU_PAIRS_POPC(x)   ((uint32_t)__popc(x))
#define GPU_PAIRS_POPCLL(x) __popcll(x)
#else
#define GPU_PAIRS_POPC(x)   ((uint32_t)__builtin_popcount(x))
#define GPU_PAIRS_POPCLL(x) __builtin_popcountll(x)
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

/* Hot bits at most (64 groups). */
#define GPU_PAIR_HOT 6

/* One subproblem of a batch. The host sets its tops (signatures as built) at top0..top0 + ntops
 * - 1 of the batch's tops, its bottoms at raw0..raw0 + nbottoms - 1 of the batch's raw bottoms,
 * and its rooms: bottom0 in the laid-out bottoms (gpu_pair_bottom_room(nbottoms) words, a
 * multiple of 32) and task0 in the tasks (gpu_pair_task_room(nbottoms) slots); the layout sets
 * rest (the bits weighed) and chunks (those rest needs, its highest bit over GPU_PAIR_CW). */
typedef struct gpu_pair_sub {
    uint64_t top0, raw0, bottom0, rest;
    uint32_t ntops, nbottoms, task0;
    int32_t chunks; /* 1..GPU_PAIR_CHUNKS */
} gpu_pair_sub;

/* One task: nblocks blocks of 32 bottoms (from bottom0 in the laid-out bottoms, a multiple of 32)
 * of one hot group of subproblem sub, valid of them real; hot: the group's hot bits, which a top
 * weighed against it must not take. nblocks 0: an unused slot. */
typedef struct gpu_pair_task {
    uint64_t bottom0, hot;
    uint32_t sub;
    uint32_t nblocks; /* 0..GPU_PAIR_BLOCKS */
    uint32_t valid;   /* 1..32 * nblocks */
    uint32_t pad;
} gpu_pair_task;

/* The rooms of a subproblem of nb bottoms: laid-out bottoms (each group's last block padded) and
 * task slots (a group of c bottoms makes ceil(c / 32 / GPU_PAIR_BLOCKS) tasks). */
GPU_PAIRS_FN uint64_t gpu_pair_bottom_room(uint32_t nb) {
    uint32_t groups = nb < (1u << GPU_PAIR_HOT) ? nb : (1u << GPU_PAIR_HOT);
    return ((uint64_t)nb + 31u * groups + 31u) & ~(uint64_t)31;
}

GPU_PAIRS_FN uint32_t gpu_pair_task_room(uint32_t nb) {
    uint32_t groups = nb < (1u << GPU_PAIR_HOT) ? nb : (1u << GPU_PAIR_HOT);
    return nb / (32u * GPU_PAIR_BLOCKS) + groups;
}

/* The hot bits of a subproblem: those of `hot` that both halves take (both), at most
 * GPU_PAIR_HOT of them (the highest); the other bits both take are weighed. */
GPU_PAIRS_FN uint64_t gpu_pair_hot_bits(uint64_t hot, uint64_t both) {
    uint64_t hk = hot & both;
    while (GPU_PAIRS_POPCLL(hk) > GPU_PAIR_HOT)
        hk &= hk - 1;
    return hk;
}

/* The group of signature x: its bits under hk, packed (bit i of the group: the i-th lowest bit
 * of hk). */
GPU_PAIRS_FN uint32_t gpu_pair_group(uint64_t x, uint64_t hk) {
    uint32_t g = 0;
    for (int i = 0; hk; i++, hk &= hk - 1)
        g |= (uint32_t)((x & hk & (0 - hk)) != 0) << i;
    return g;
}

/* The signature bits of group g: the inverse of gpu_pair_group(). */
GPU_PAIRS_FN uint64_t gpu_pair_group_bits(uint32_t g, uint64_t hk) {
    uint64_t x = 0;
    for (int i = 0; hk; i++, hk &= hk - 1)
        if (g >> i & 1)
            x |= hk & (0 - hk);
    return x;
}

/* The chunks that the bits `rest` need. */
GPU_PAIRS_FN int gpu_pair_chunks(uint64_t rest) {
    int c = 1;
    while (c < GPU_PAIR_CHUNKS && rest >> (c * GPU_PAIR_CW))
        c++;
    return c;
}

/* The layout's plan of subproblem s, given its groups' sizes cnt[0..groups - 1]: at[g], where
 * group g's bottoms go (padded blocks, from s->bottom0), and its tasks written into its slots
 * (tasks[s->task0..], the slots after them emptied). hk: its hot bits. */
GPU_PAIRS_FN void gpu_pair_plan(const gpu_pair_sub *s, uint32_t sub, uint64_t hk,
                                const uint32_t *cnt, int groups, uint64_t *at,
                                gpu_pair_task *tasks) {
    uint64_t pos = s->bottom0;
    uint32_t slot = s->task0, end = s->task0 + gpu_pair_task_room(s->nbottoms);
    for (int g = 0; g < groups; g++) {
        at[g] = pos;
        for (uint32_t k = 0; k < cnt[g]; k += 32u * GPU_PAIR_BLOCKS) {
            uint32_t take = cnt[g] - k < 32u * GPU_PAIR_BLOCKS ? cnt[g] - k : 32u * GPU_PAIR_BLOCKS;
            gpu_pair_task *t = &tasks[slot++];
            t->bottom0 = pos + k;
            t->hot = gpu_pair_group_bits((uint32_t)g, hk);
            t->sub = sub;
            t->nblocks = (take + 31) / 32;
            t->valid = take;
            t->pad = 0;
        }
        pos += ((uint64_t)cnt[g] + 31) & ~(uint64_t)31;
    }
    for (; slot < end; slot++) {
        gpu_pair_task *t = &tasks[slot];
        t->bottom0 = t->hot = 0;
        t->sub = sub;
        t->nblocks = t->valid = t->pad = 0;
    }
}

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

/* The bottoms of block l that share a signature bit with the top t (its bits weighed only,
 * chunks chunks), as a mask. */
GPU_PAIRS_FN uint32_t gpu_pair_conflicts(const uint32_t *U, uint64_t t, int chunks, int l) {
    uint32_t x = 0;
    for (int c = 0; c < chunks; c++)
        x |= U[gpu_pair_at(c, (uint32_t)(t >> (GPU_PAIR_CW * c)) & ((1u << GPU_PAIR_CW) - 1), l)];
    return x;
}

#ifndef __CUDACC__
/* The layout of subproblem `sub` of a batch as the device makes it, on the host: s->rest and
 * s->chunks set, its bottoms (raw: the batch's raw bottoms) grouped into bottoms (the laid-out
 * array), its task slots filled. hot: quadrant_lists_hot(). */
static inline void gpu_pair_layout_host(gpu_pair_sub *s, uint32_t sub, const uint64_t *tops,
                                        const uint64_t *raw, uint64_t hot, uint64_t *bottoms,
                                        gpu_pair_task *tasks) {
    uint64_t ot = 0, ob = 0;
    for (uint32_t i = 0; i < s->ntops; i++)
        ot |= tops[s->top0 + i];
    for (uint32_t j = 0; j < s->nbottoms; j++)
        ob |= raw[s->raw0 + j];
    uint64_t hk = gpu_pair_hot_bits(hot, ot & ob);
    s->rest = ot & ob & ~hk;
    s->chunks = gpu_pair_chunks(s->rest);
    int groups = 1 << GPU_PAIRS_POPCLL(hk);
    uint32_t cnt[1 << GPU_PAIR_HOT] = {0};
    uint64_t at[1 << GPU_PAIR_HOT];
    for (uint32_t j = 0; j < s->nbottoms; j++)
        cnt[gpu_pair_group(raw[s->raw0 + j], hk)]++;
    gpu_pair_plan(s, sub, hk, cnt, groups, at, tasks);
    for (uint32_t j = 0; j < s->nbottoms; j++) {
        uint64_t x = raw[s->raw0 + j];
        bottoms[at[gpu_pair_group(x, hk)]++] = x & s->rest;
    }
    for (int g = 0; g < groups; g++) /* each group's last block padded: never counted */
        for (; at[g] & 31; at[g]++)
            bottoms[at[g]] = 0;
}

/* The count of one task as the device makes it, on the host: the rows and tables of its blocks,
 * then each top of its subproblem that takes no hot bit of the task's group weighed against each
 * block. U: GPU_PAIR_TABLE_WORDS words, rows: GPU_PAIR_BITS * GPU_PAIR_BLOCKS words (scratch).
 * @return the task's pairs. */
static inline uint64_t gpu_pair_task_host(const gpu_pair_task *k, const gpu_pair_sub *s,
                                          const uint64_t *tops, const uint64_t *bottoms,
                                          uint32_t *U, uint32_t *rows) {
    if (!k->nblocks)
        return 0;
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
    for (uint32_t i = 0; i < s->ntops; i++) {
        uint64_t t = tops[s->top0 + i];
        if (t & k->hot)
            continue;
        weighed++;
        for (int l = 0; l < GPU_PAIR_BLOCKS; l++)
            conflicts += GPU_PAIRS_POPC(gpu_pair_conflicts(U, t & s->rest, s->chunks, l));
    }
    return weighed * k->valid - conflicts;
}

/* A whole batch as gpu_backend_pairs_submit() gives it to the device, on the host: each
 * subproblem laid out, then every task slot counted; pairs[j]: subproblem j's pairs that AND to
 * 0. Checks that each subproblem lies within the arrays and that their task rooms, in order,
 * make up the ntasks slots (abort() if not: a misuse by the caller, which would leave the
 * device reading slots that no layout wrote). @return 0, or -1 if memory ran out. */
static inline int gpu_pair_batch_host(uint64_t hot, const uint64_t *tops, size_t ntops,
                                      const uint64_t *raw, size_t nraw, const gpu_pair_sub *subs,
                                      uint32_t nsub, uint64_t nbottoms, uint32_t ntasks,
                                      uint64_t *pairs) {
    gpu_pair_sub *s = (gpu_pair_sub *)malloc((nsub + 1) * sizeof *s);
    uint64_t *bottoms = (uint64_t *)malloc((nbottoms + 1) * sizeof *bottoms);
    gpu_pair_task *tasks = (gpu_pair_task *)malloc((ntasks + 1) * sizeof *tasks);
    uint32_t *U = (uint32_t *)malloc(GPU_PAIR_TABLE_WORDS * sizeof *U);
    uint32_t *rows = (uint32_t *)malloc(GPU_PAIR_BITS * GPU_PAIR_BLOCKS * sizeof *rows);
    int rc = s && bottoms && tasks && U && rows ? 0 : -1;
    uint64_t slots = 0;
    for (uint32_t j = 0; rc == 0 && j < nsub; j++) {
        s[j] = subs[j];
        if (s[j].top0 + s[j].ntops > ntops || s[j].raw0 + s[j].nbottoms > nraw ||
            s[j].bottom0 % 32 || s[j].bottom0 + gpu_pair_bottom_room(s[j].nbottoms) > nbottoms ||
            s[j].task0 != slots)
            abort();
        slots += gpu_pair_task_room(s[j].nbottoms);
        gpu_pair_layout_host(&s[j], j, tops, raw, hot, bottoms, tasks);
        pairs[j] = 0;
    }
    if (rc == 0 && slots != ntasks)
        abort();
    for (uint32_t i = 0; rc == 0 && i < ntasks; i++)
        if (tasks[i].nblocks)
            pairs[tasks[i].sub] +=
                gpu_pair_task_host(&tasks[i], &s[tasks[i].sub], tops, bottoms, U, rows);
    free(s), free(bottoms), free(tasks), free(U), free(rows);
    return rc;
}
#endif

#endif /* NQ_GPU_PAIRS_H */
