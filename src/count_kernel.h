/*
 * count_kernel.h: what the counting kernels share (count.c's generic kernel and the vector
 * kernels of count_avx2.c and count_avx512.c): the look-ahead filter, the depth-first top of the
 * search, the class check of an edge solution, and the vector kernels' entry points and scratch.
 *
 * A kernel counts one subproblem (a count_task and a prefix). Every kernel visits the same nodes
 * in the same rows and finds the same solutions; only the order of the work and the instructions
 * differ. The vector kernels are compiled for their instruction set (x86-64-v3, x86-64-v4) and
 * are only called where kernel.c found that the CPU runs them.
 */
#ifndef NQ_COUNT_KERNEL_H
#define NQ_COUNT_KERNEL_H

#include <assert.h>

#include "count.h"

/* One row of look-ahead, without branches, on the candidates a of a row whose attack masks are
 * l, d, r: a candidate x leaves the next row empty when that row's free cells `base` all lie in
 * columns x-1..x+1, i.e. when x is in [high(base) - 1, low(base) + 1]; such candidates are
 * dropped before they are visited (about a third of the nodes). */
static inline uint64_t count_filter(uint64_t a, uint64_t l, uint64_t d, uint64_t r,
                                    uint64_t nextmask) {
    uint64_t base = ~(l << 1 | d | r >> 1) & nextmask;
    uint64_t lbit = base & (0 - base);
    uint64_t hbit = (uint64_t)1 << (63 - __builtin_clzll(base | 1));
    uint64_t ge = ~(((hbit >> 1) | (hbit & 1)) - 1);
    uint64_t le = (lbit << 2) - 1;
    return a & ~(ge & le);
}

/* A node of row y0 handed from the depth-first top to a breadth-first finish: its attack masks,
 * its candidates (never 0), flag = 1 if a side queen sits in row b1 or b2 above y0, and P, the
 * queens of rows 0..y0-1 as bits. */
typedef void count_emit_fn(void *ctx, uint64_t l, uint64_t d, uint64_t r, uint64_t a, int flag,
                           const uint64_t *P);

/* count_top() :
 * The depth-first search from the prefix (rows 0..k-1) down to row y0 >= k: hands every node of
 * row y0 that has candidates to emit(ctx, ...) in lexicographic order, and returns the queens
 * placed in rows k..y0-1. corner is a constant in each caller and emit a known function, so the
 * compiler makes one loop per kind of task and kernel. */
static inline __attribute__((always_inline)) uint64_t count_top(const count_task *t,
                                                                const int *prefix, int k, int y0,
                                                                const int corner,
                                                                count_emit_fn *emit, void *ctx) {
    const int b1 = t->b1, b2 = t->b2;
    const uint64_t side = t->side;
    const uint64_t *rowmask = t->rowmask;
    uint64_t SA[NQ_MAX_N], SL[NQ_MAX_N], SD[NQ_MAX_N], SR[NQ_MAX_N], P[NQ_MAX_N];
    uint64_t l = 0, d = 0, r = 0, nodes = 0;
    for (int y = 0; y < k; y++) {
        uint64_t bit = (uint64_t)1 << prefix[y];
        assert(count_task_avail(t, y, l, d, r) & bit);
        P[y] = bit;
        l = (l | bit) << 1, d |= bit, r = (r | bit) >> 1;
    }
    int y = k;
    uint64_t a = count_filter(count_task_avail(t, y, l, d, r), l, d, r, rowmask[y + 1]);
    for (;;) {
        if (y == y0 || !a) {
            if (y == y0 && a) {
                int flag = 0;
                if (!corner) {
                    if (b1 < y0)
                        flag |= (P[b1] & side) != 0;
                    if (b2 < y0)
                        flag |= (P[b2] & side) != 0;
                }
                emit(ctx, l, d, r, a, flag, P);
            }
            if (y == k)
                break;
            y--;
            a = SA[y], l = SL[y], d = SD[y], r = SR[y];
            continue;
        }
        uint64_t bit = a & (0 - a);
        a ^= bit;
        P[y] = bit;
        nodes++;
        SA[y] = a, SL[y] = l, SD[y] = d, SR[y] = r;
        l = (l | bit) << 1, d |= bit, r = (r | bit) >> 1;
        y++;
        a = ~(l | d | r) & rowmask[y];
        if (!corner && y == b2) {
            uint64_t free_side = side & ~d;
            a = free_side == side ? 0 : free_side ? a & free_side : a;
        }
        a = count_filter(a, l, d, r, rowmask[y + 1]);
    }
    return nodes;
}

/* count_edge_orbit() : the class size of an edge solution (rows 0..n-2 as bits in P, row n-1 in
 * last) if it is the representative of its class among the images the search finds, else 0. */
int count_edge_orbit(const count_task *t, const uint64_t *P, uint64_t last);

/* ---- The vector kernels --------------------------------------------------------------------
 *
 * For n <= 32 a vector kernel runs the depth-first top compiled for its instruction set and the
 * last VEC_ROWS rows breadth-first in SIMD lanes of 32-bit masks (count_vec.h); above 32 it hands
 * the subproblem to the generic kernel (no count of n > 32 can finish anyway: n = 33 would take
 * millennia). Its memory: the nodes of the levels in structure-of-arrays form (an index addresses
 * one node in every array), the queens of the roots' rows, and the leaves to check one by one.
 * The sizes hardly matter (256 to 4096 roots, 32768 or 65536 nodes: within 2 % on Zen 4);
 * -DVEC_CAP=... and -DVEC_ROOTS=... try others. */
#define VEC_MAX_N 32
#ifndef VEC_CAP
#define VEC_CAP 32768 /* nodes in the arena (count_task.bfs_cap in tests) */
#endif
#define VEC_SLACK 64 /* entries past the end that full-width loads and stores may touch */
#ifndef VEC_ROOTS
#define VEC_ROOTS 512 /* nodes of row y0 handed over at once, at most */
#endif
#define VEC_CHECK 256 /* leaves waiting for the class check */

typedef struct count_vec_mem {
    uint32_t l[VEC_CAP + VEC_SLACK], d[VEC_CAP + VEC_SLACK], r[VEC_CAP + VEC_SLACK];
    uint32_t a[VEC_CAP + VEC_SLACK]; /* candidates */
    uint32_t t[VEC_CAP + VEC_SLACK]; /* bit 31: a side queen in row b1 or b2; bits 0..30: the
                                        index of the parent (rows below y0) */
    /* Leaves waiting for the class check: the parent's index and the flag as in t; the queen of
     * row n-3 (a bit); the candidates of row n-2. */
    uint32_t ct[VEC_CHECK + VEC_SLACK], cd[VEC_CHECK + VEC_SLACK], ca[VEC_CHECK + VEC_SLACK];
    uint8_t roots[VEC_ROOTS][NQ_MAX_N]; /* the prefix columns of each root */
    uint8_t xtab[256][8];               /* AVX2: lane j's rank among the set lanes of a mask */
    uint8_t ctab[256][8];               /* AVX2: the k-th set lane of a mask */
} count_vec_mem;

/* count_vec_mem_init() : fills the tables of a fresh count_vec_mem. */
void count_vec_mem_init(count_vec_mem *m);

/* The vector kernels: count_task_solve() for n <= VEC_MAX_N, with their scratch. */
void count_solve_avx2(const count_task *t, const int *prefix, int k, nq_counts *out,
                      count_vec_mem *m);
void count_solve_avx512(const count_task *t, const int *prefix, int k, nq_counts *out,
                        count_vec_mem *m);

/* kernel.c: 1 if the vector kernel was built and this CPU runs it. */
int count_kernel_cpu_has(nq_kernel k);

#endif /* NQ_COUNT_KERNEL_H */
