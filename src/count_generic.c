/*
 * count_generic.c: the counting kernel (count_kernel.h) in GNU C vector extensions, a node in
 * four vectors of 8 lanes of 16 bits. GCC and Clang map these to SSE2 on x86-64, NEON on ARM64,
 * to wider registers where the build targets them, and to scalar code elsewhere (WebAssembly
 * without SIMD). It is built everywhere and runs wherever kernel.c finds no vector kernel for the
 * CPU; the vector kernels (count_avx2.c, count_avx512.c) are checked against it (tests/unit/
 * kernels.c). Same nodes, same counts as every other kernel.
 */
#include <string.h>

#include "count_kernel.h"

typedef uint16_t vu16 __attribute__((vector_size(16)));
typedef int16_t vs16 __attribute__((vector_size(16)));

static inline vu16 vec_load(const uint16_t *p) {
    vu16 v;
    memcpy(&v, p, sizeof v);
    return v;
}

static inline void vec_store(uint16_t *p, vu16 v) {
    memcpy(p, &v, sizeof v);
}

static inline vu16 vec_popcnt(vu16 x) {
    x = x - ((x >> 1) & 0x5555);
    x = (x & 0x3333) + ((x >> 2) & 0x3333);
    x = (x + (x >> 4)) & 0x0F0F;
    return (x + (x >> 8)) & 0x001F;
}

static inline vs16 vec_min(vs16 a, vs16 b) {
    vs16 lt = a < b;
    return (a & lt) | (b & ~lt);
}

/* The pick (count_kernel.h) on the row lanes lo, hi; the keys compared as signed numbers, with
 * 0x8000 added to the ties (ts) so that the order is the unsigned one. */
static inline __attribute__((always_inline)) uint32_t vec_pick_rows(vu16 lo, vu16 hi, vu16 tslo,
                                                                    vu16 tshi) {
    vs16 k = vec_min((vs16)((vec_popcnt(lo) << 8) + tslo), (vs16)((vec_popcnt(hi) << 8) + tshi));
    k = vec_min(k, __builtin_shufflevector(k, k, 4, 5, 6, 7, 0, 1, 2, 3));
    k = vec_min(k, __builtin_shufflevector(k, k, 2, 3, 0, 1, 6, 7, 4, 5));
    k = vec_min(k, __builtin_shufflevector(k, k, 1, 0, 3, 2, 5, 4, 7, 6));
    return (uint32_t)k[0] & 15;
}

/* How many of the 32 lanes are zero. */
static inline __attribute__((always_inline)) int vec_zeros(vu16 c0, vu16 c1, vu16 c2, vu16 c3) {
    vs16 z = (vs16)(c0 == 0) + (vs16)(c1 == 0) + (vs16)(c2 == 0) + (vs16)(c3 == 0);
    z += __builtin_shufflevector(z, z, 4, 5, 6, 7, 0, 1, 2, 3);
    z += __builtin_shufflevector(z, z, 2, 3, 0, 1, 6, 7, 4, 5);
    z += __builtin_shufflevector(z, z, 1, 0, 3, 2, 5, 4, 7, 6);
    return -z[0];
}

static inline __attribute__((always_inline)) vu16 vec_ties(const grid *g, int half) {
    return vec_load(g->tie + 8 * half) + 0x8000;
}

static inline __attribute__((always_inline)) uint32_t generic_pick(const grid *g, const gnode *v) {
    return vec_pick_rows(vec_load(v->m), vec_load(v->m + 8), vec_ties(g, 0), vec_ties(g, 1));
}

static inline __attribute__((always_inline)) int
generic_child(const grid *g, const gnode *v, int left, uint32_t row, uint32_t x, gnode *c) {
    const uint16_t *a = g->att[row][x];
    vu16 c0 = vec_load(v->m) & ~vec_load(a), c1 = vec_load(v->m + 8) & ~vec_load(a + 8);
    vu16 c2 = vec_load(v->m + 16) & ~vec_load(a + 16);
    vu16 c3 = vec_load(v->m + 24) & ~vec_load(a + 24);
    vec_store(c->m, c0), vec_store(c->m + 8, c1), vec_store(c->m + 16, c2);
    vec_store(c->m + 24, c3);
    return vec_zeros(c0, c1, c2, c3) == 2 * LANES - 2 * (left - 1);
}

/* The passes of grid_expand_with() (leaf: left = 2, only counting). */
static inline __attribute__((always_inline)) size_t
generic_pass(const grid *g, gnode *cur, size_t m, int left, gnode *out, const int leaf) {
    const vu16 tslo = vec_ties(g, 0), tshi = vec_ties(g, 1);
    const int zeros = 2 * LANES - 2 * (left - 1);
    size_t j = 0;
    for (size_t mm = m; mm;) {
        size_t keep = 0;
        for (size_t i = 0; i < mm; i++) {
            vu16 v0 = vec_load(cur[i].m), v1 = vec_load(cur[i].m + 8);
            vu16 v2 = vec_load(cur[i].m + 16), v3 = vec_load(cur[i].m + 24);
            uint32_t row = vec_pick_rows(v0, v1, tslo, tshi);
            uint32_t cand = cur[i].m[row], x = (uint32_t)__builtin_ctz(cand);
            const uint16_t *a = g->att[row][x];
            vu16 c0 = v0 & ~vec_load(a), c1 = v1 & ~vec_load(a + 8);
            vu16 c2 = v2 & ~vec_load(a + 16), c3 = v3 & ~vec_load(a + 24);
            int ok = vec_zeros(c0, c1, c2, c3) == zeros;
            if (!leaf) {
                gnode *w = &out[j];
                vec_store(w->m, c0), vec_store(w->m + 8, c1);
                vec_store(w->m + 16, c2), vec_store(w->m + 24, c3);
            }
            j += (size_t)ok;
            gnode *k = &cur[keep];
            vec_store(k->m, v0), vec_store(k->m + 8, v1);
            vec_store(k->m + 16, v2), vec_store(k->m + 24, v3);
            k->m[row] = (uint16_t)(cand & (cand - 1));
            keep += (cand & (cand - 1)) != 0;
        }
        mm = keep;
    }
    return j;
}

COUNT_GRID_KERNEL(generic)
