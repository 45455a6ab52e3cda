/*
 * gpu_pairs.h: the quadrant join on the GPU (the --method quadrant count of gpu_quadrant.c):
 * the halves, their layout and the pair counter, written once for the device and the host: under
 * nvcc every function is __host__ __device__, under the C compiler plain static inline
 * functions, so that the unit test (tests/unit/test_gpu_pairs.c) and the emulated backend run the
 * very code of the kernels on the host and compare it with the CPU's join (quadrant_halves(),
 * quadrant_solutions()), in every build.
 *
 * What it counts: for one subproblem of the quadrant split, the pairs (top, bottom) of its two
 * halves' signatures (quadrant.h: quadrant_halves()) that AND to 0. The host sends the quadrant
 * lists once and for each subproblem only its segments; the device does the rest, in three
 * kernels (gpu_half_host(), gpu_pair_layout_host() and gpu_pair_task_host() are their order of
 * work on the host), since the halves and their layout took the host far longer than the pairs
 * took the device (bench/RESULTS.md):
 * - the halves, one thread block a half: for each segment (a split of the half's rows between
 *   its two quadrants), every compatible pair of their placements, as half_list() of
 *   quadrant_body.h makes it, into a room as large as the segments' pairs;
 * - the layout, one thread block a subproblem: the bits both halves take (an OR over each), of
 *   them at most 6 hot ones (the diagonals through the middle of the cut, quadrant_lists_hot():
 *   64 groups; a top that takes a hot bit of a group meets none of its bottoms), the rest kept;
 *   the larger half's signatures (the bottoms) grouped by the hot bits they take, each with only
 *   the rest of its bits, each group cut into blocks of 32 (the last one padded with empty
 *   bottoms that are never counted) and the blocks into tasks of at most GPU_PAIR_BLOCKS blocks
 *   (gpu_pair_bottom_room(), gpu_pair_task_room() bound them), written where the batch's task
 *   counter gives them room. The order of the halves and of the bottoms within a group is the
 *   device's (atomics): no count depends on it.
 * - the pairs, one thread block a task (a grid that fills the device takes the tasks in turn):
 *   the smaller half's signatures (the tops), 32 at a time, those that take a hot bit of the
 *   task's group dropped by one vote, the others weighed.
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

/* The join of one half's two quadrants, as quadrant_body.h's half_list() makes it (the same
 * arithmetic): the board bits of a placement's bit 0 in the left part (d0l, a0l) and the right
 * one (d0r, a0r), and where their spans overlap (od, oa; odn bits in od, their lowest bits odl and
 * oal), the only bits where two placements of the two parts can clash. */
typedef struct gpu_half_join {
    uint64_t od, oa;
    int32_t d0l, a0l, d0r, a0r, odn, odl, oal, pad;
} gpu_half_join;

/* What the halves of every subproblem of one count share: n, the top rows h, and the joins of
 * the two halves (0: the top rows, parts 0 and 1; 1: the rows below, parts 2 and 3). */
typedef struct gpu_lists_info {
    int32_t n, h;
    gpu_half_join half[2];
} gpu_lists_info;

/* One split of a half's rows between its two parts: the placements l0..l0 + nl - 1 of the left
 * part and r0..r0 + nr - 1 of the right one, as indices into the lists' placements (the four
 * parts' one after the other, each two words: diagonals, anti-diagonals). */
typedef struct gpu_segment {
    uint32_t l0, nl, r0, nr;
} gpu_segment;

/* One subproblem of a batch. The host sets: its two halves' segments (half k: seg0[k]..seg0[k] +
 * nseg[k] - 1 of the batch's segments), the middle queen's diagonals fd and fa (0: none), the
 * room of each half (half0[k] in the batch's halves, as many words as its segments' pairs), and
 * the room of its layout for up to nroom bottoms (bottom0 in the laid-out bottoms,
 * gpu_pair_bottom_room(nroom) words, a multiple of 32; its tasks, at most
 * gpu_pair_task_room(nroom), go wherever the batch's task counter gives them room). The device
 * sets nhalf (k_halves: each half's signatures) and rest and chunks (k_layout: the bits weighed,
 * and the chunks they need). The smaller half is the tops, the larger the bottoms
 * (gpu_pair_tops()). */
typedef struct gpu_pair_sub {
    uint64_t fd, fa, half0[2], bottom0, rest;
    uint32_t seg0[2], nseg[2], nhalf[2], nroom;
    int32_t chunks; /* 1..GPU_PAIR_CHUNKS */
} gpu_pair_sub;

/* Which half of s is the tops (0 or 1): the smaller one (the larger makes more tasks). */
GPU_PAIRS_FN int gpu_pair_tops(const gpu_pair_sub *s) {
    return s->nhalf[0] > s->nhalf[1];
}

/* The bottoms of s that its layout groups: none when it has no top (no pair to count). */
GPU_PAIRS_FN uint32_t gpu_pair_nbottoms(const gpu_pair_sub *s) {
    uint32_t a = s->nhalf[0], b = s->nhalf[1]; /* no index by a variable: registers on a device */
    return a > b ? (b ? a : 0) : (a ? b : 0);
}

/* The two words of a placement (pd, pa: its diagonals and anti-diagonals, local bits) of the left
 * (right 0) or right part of a half's join j, as half_side() makes them: *sig, its share of the
 * half's signature, and *ck, its diagonals where the parts overlap, packed, bit 63 set when it
 * takes a diagonal of fd or an anti-diagonal of fa (the middle queen's). */
GPU_PAIRS_FN void gpu_half_words(const gpu_lists_info *L, const gpu_half_join *j, int right,
                                 uint32_t pd, uint32_t pa, uint64_t fd, uint64_t fa, uint64_t *sig,
                                 uint64_t *ck) {
    const uint64_t w = ((uint64_t)1 << (L->n - 1)) - 1;
    uint64_t d = (uint64_t)pd << (right ? j->d0r : j->d0l);
    uint64_t a = (uint64_t)pa << (right ? j->a0r : j->a0l);
    *sig = (d >> L->h & w) | (a >> L->h & w) << (L->n - 1);
    *ck = (d & j->od) >> j->odl | ((a & j->oa) >> j->oal) << j->odn |
          (uint64_t)(((d & fd) | (a & fa)) != 0) << 63;
}

/* One task: nblocks blocks of 32 bottoms (from bottom0 in the laid-out bottoms, a multiple of 32)
 * of one hot group of subproblem sub, valid of them real; hot: the group's hot bits, which a top
 * weighed against it must not take. */
typedef struct gpu_pair_task {
    uint64_t bottom0, hot;
    uint32_t sub;
    uint32_t nblocks; /* 1..GPU_PAIR_BLOCKS */
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

/* The tasks of a subproblem whose groups have cnt[0..groups - 1] bottoms (at most
 * gpu_pair_task_room() of its bottoms). */
GPU_PAIRS_FN uint32_t gpu_pair_ntasks(const uint32_t *cnt, int groups) {
    uint32_t n = 0;
    for (int g = 0; g < groups; g++)
        n += (cnt[g] + 32u * GPU_PAIR_BLOCKS - 1) / (32u * GPU_PAIR_BLOCKS);
    return n;
}

/* The layout's plan of subproblem s, given its groups' sizes cnt[0..groups - 1]: at[g], where
 * group g's bottoms go (padded blocks, from s->bottom0), and (tasks not NULL) its
 * gpu_pair_ntasks() tasks written into tasks[slot..]. hk: its hot bits. */
GPU_PAIRS_FN void gpu_pair_plan(const gpu_pair_sub *s, uint32_t sub, uint64_t hk,
                                const uint32_t *cnt, int groups, uint64_t *at, gpu_pair_task *tasks,
                                uint32_t slot) {
    uint64_t pos = s->bottom0;
    for (int g = 0; g < groups; g++) {
        at[g] = pos;
        for (uint32_t k = 0; tasks && k < cnt[g]; k += 32u * GPU_PAIR_BLOCKS) {
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
/* Half k of subproblem s as the device builds it (k_halves), on the host: for each of its
 * segments every compatible pair of a left and a right placement (neither on the middle queen's
 * diagonals, none sharing a diagonal where the parts overlap), its signature written into
 * halves[s->half0[k]..]; sets s->nhalf[k]. pl: the lists' placements (two words each). */
static inline void gpu_half_host(const gpu_lists_info *L, const uint32_t *pl,
                                 const gpu_segment *segs, gpu_pair_sub *s, int k,
                                 uint64_t *halves) {
    const gpu_half_join *j = &L->half[k];
    uint64_t at = s->half0[k];
    for (uint32_t g = 0; g < s->nseg[k]; g++) {
        const gpu_segment *e = &segs[s->seg0[k] + g];
        for (uint32_t x = 0; x < e->nl; x++) {
            uint64_t sx, cx;
            gpu_half_words(L, j, 0, pl[2 * (uint64_t)(e->l0 + x)],
                           pl[2 * (uint64_t)(e->l0 + x) + 1], s->fd, s->fa, &sx, &cx);
            if (cx >> 63)
                continue;
            for (uint32_t y = 0; y < e->nr; y++) {
                uint64_t sy, cy;
                gpu_half_words(L, j, 1, pl[2 * (uint64_t)(e->r0 + y)],
                               pl[2 * (uint64_t)(e->r0 + y) + 1], s->fd, s->fa, &sy, &cy);
                if (!((cx | (uint64_t)1 << 63) & cy))
                    halves[at++] = sx | sy;
            }
        }
    }
    s->nhalf[k] = (uint32_t)(at - s->half0[k]);
}

/* The layout of subproblem `sub` of a batch as the device makes it (k_layout), on the host:
 * s->rest and s->chunks set, its bottoms (its larger half in halves) grouped into bottoms (the
 * laid-out array), its tasks written into tasks[*used..], *used grown by their number. hot:
 * quadrant_lists_hot(). */
static inline void gpu_pair_layout_host(gpu_pair_sub *s, uint32_t sub, const uint64_t *halves,
                                        uint64_t hot, uint64_t *bottoms, gpu_pair_task *tasks,
                                        uint32_t *used) {
    int tk = gpu_pair_tops(s);
    const uint64_t *t = halves + s->half0[tk], *u = halves + s->half0[1 - tk];
    uint32_t nt = s->nhalf[tk], nu = gpu_pair_nbottoms(s);
    uint64_t ot = 0, ob = 0;
    for (uint32_t i = 0; i < nt; i++)
        ot |= t[i];
    for (uint32_t j = 0; j < nu; j++)
        ob |= u[j];
    uint64_t hk = gpu_pair_hot_bits(hot, ot & ob);
    s->rest = ot & ob & ~hk;
    s->chunks = gpu_pair_chunks(s->rest);
    int groups = 1 << GPU_PAIRS_POPCLL(hk);
    uint32_t cnt[1 << GPU_PAIR_HOT] = {0};
    uint64_t at[1 << GPU_PAIR_HOT];
    for (uint32_t j = 0; j < nu; j++)
        cnt[gpu_pair_group(u[j], hk)]++;
    gpu_pair_plan(s, sub, hk, cnt, groups, at, tasks, *used);
    *used += gpu_pair_ntasks(cnt, groups);
    for (uint32_t j = 0; j < nu; j++)
        bottoms[at[gpu_pair_group(u[j], hk)]++] = u[j] & s->rest;
    for (int g = 0; g < groups; g++) /* each group's last block padded: never counted */
        for (; at[g] & 31; at[g]++)
            bottoms[at[g]] = 0;
}

/* The count of one task as the device makes it (k_pairs), on the host: the rows and tables of
 * its blocks, then each top of its subproblem that takes no hot bit of the task's group weighed
 * against each block. U: GPU_PAIR_TABLE_WORDS words, rows: GPU_PAIR_BITS * GPU_PAIR_BLOCKS words
 * (scratch). @return the task's pairs. */
static inline uint64_t gpu_pair_task_host(const gpu_pair_task *k, const gpu_pair_sub *s,
                                          const uint64_t *halves, const uint64_t *bottoms,
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
    int tk = gpu_pair_tops(s);
    const uint64_t *tops = halves + s->half0[tk];
    uint64_t weighed = 0, conflicts = 0;
    for (uint32_t i = 0; i < s->nhalf[tk]; i++) {
        uint64_t t = tops[i];
        if (t & k->hot)
            continue;
        weighed++;
        for (int l = 0; l < GPU_PAIR_BLOCKS; l++)
            conflicts += GPU_PAIRS_POPC(gpu_pair_conflicts(U, t & s->rest, s->chunks, l));
    }
    return weighed * k->valid - conflicts;
}

/* A whole batch as gpu_backend_pairs_submit() gives it to the device, on the host: with L
 * (NULL: the halves are given, in `given`, and each subproblem's nhalf set), each subproblem's
 * halves built from the placements pl and the segments into nhalves words of halves, then laid
 * out, then every task counted; pairs[j]: subproblem j's pairs that AND to 0, and (prod not
 * NULL) prod[j] the product of its halves' sizes. Checks that each subproblem's rooms lie within
 * the arrays and its tasks within the ntasks slots (abort() if not: a misuse by the caller, which
 * would leave the device writing outside its arrays). @return 0, or -1 if memory ran out. */
static inline int gpu_pair_batch_host(const gpu_lists_info *L, const uint32_t *pl,
                                      const gpu_segment *segs, size_t nsegs, uint64_t hot,
                                      const uint64_t *given, size_t nhalves,
                                      const gpu_pair_sub *subs, uint32_t nsub, uint64_t nbottoms,
                                      uint32_t ntasks, uint64_t *pairs, uint64_t *prod) {
    gpu_pair_sub *s = (gpu_pair_sub *)malloc((nsub + 1) * sizeof *s);
    uint64_t *built = L ? (uint64_t *)malloc((nhalves + 1) * sizeof *built) : NULL;
    uint64_t *bottoms = (uint64_t *)malloc((nbottoms + 1) * sizeof *bottoms);
    gpu_pair_task *tasks = (gpu_pair_task *)malloc((ntasks + 1) * sizeof *tasks);
    uint32_t *U = (uint32_t *)malloc(GPU_PAIR_TABLE_WORDS * sizeof *U);
    uint32_t *rows = (uint32_t *)malloc(GPU_PAIR_BITS * GPU_PAIR_BLOCKS * sizeof *rows);
    int rc = s && (built || !L) && bottoms && tasks && U && rows ? 0 : -1;
    const uint64_t *halves = L ? built : given;
    uint32_t used = 0;
    for (uint32_t j = 0; rc == 0 && j < nsub; j++) {
        s[j] = subs[j];
        for (int k = 0; k < 2; k++) {
            uint64_t room = s[j].nhalf[k];
            if ((uint64_t)s[j].seg0[k] + s[j].nseg[k] > nsegs)
                abort();
            if (L) {
                room = 0;
                for (uint32_t g = 0; g < s[j].nseg[k]; g++)
                    room += (uint64_t)segs[s[j].seg0[k] + g].nl * segs[s[j].seg0[k] + g].nr;
            }
            if (s[j].half0[k] + room > nhalves)
                abort();
            if (L)
                gpu_half_host(L, pl, segs, &s[j], k, built);
        }
        if (gpu_pair_nbottoms(&s[j]) > s[j].nroom || s[j].bottom0 % 32 ||
            s[j].bottom0 + gpu_pair_bottom_room(s[j].nroom) > nbottoms ||
            (uint64_t)used + gpu_pair_task_room(s[j].nroom) > ntasks)
            abort();
        gpu_pair_layout_host(&s[j], j, halves, hot, bottoms, tasks, &used);
        pairs[j] = 0;
        if (prod)
            prod[j] = (uint64_t)s[j].nhalf[0] * s[j].nhalf[1];
    }
    for (uint32_t i = 0; rc == 0 && i < used; i++)
        pairs[tasks[i].sub] +=
            gpu_pair_task_host(&tasks[i], &s[tasks[i].sub], halves, bottoms, U, rows);
    free(s), free(built), free(bottoms), free(tasks), free(U), free(rows);
    return rc;
}
#endif

#endif /* NQ_GPU_PAIRS_H */
