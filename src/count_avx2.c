/*
 * count_avx2.c: the counting kernel (count_kernel.h) with AVX2: a node in two registers (the
 * row lanes, the column lanes), a placement two AND-NOTs, forward checking two compares, a pack
 * and a mask count, the pick a population count by nibble lookup (VPSHUFB) and the least key by
 * PHMINPOSUW. Compiled for x86-64-v3 (AVX2, BMI1/2, POPCNT, LZCNT; cmake/kernels.cmake) and only
 * called where kernel.c found them.
 */
#include "count_kernel.h"

#ifdef NQ_HAVE_AVX2
#if !(defined(__AVX2__) && defined(__BMI__) && defined(__POPCNT__))
#error "count_avx2.c must be compiled with its instruction sets (cmake/kernels.cmake)"
#endif
#include <immintrin.h>

static inline __attribute__((always_inline)) __m256i avx2_load(const uint16_t *p) {
    return _mm256_load_si256((const __m256i *)(const void *)p);
}

static inline __attribute__((always_inline)) void avx2_store(uint16_t *p, __m256i v) {
    _mm256_store_si256((__m256i *)(void *)p, v);
}

/* The pick on the row lanes: popcount << 8 + tie, the least by PHMINPOSUW. */
static inline __attribute__((always_inline)) uint32_t avx2_pick_rows(__m256i rows, __m256i tie) {
    const __m256i lut = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2,
                                         1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
    const __m256i nib = _mm256_set1_epi8(0x0F);
    __m256i lo = _mm256_shuffle_epi8(lut, _mm256_and_si256(rows, nib));
    __m256i hi = _mm256_shuffle_epi8(lut, _mm256_and_si256(_mm256_srli_epi16(rows, 4), nib));
    __m256i pc = _mm256_maddubs_epi16(_mm256_add_epi8(lo, hi), _mm256_set1_epi8(1));
    __m256i key = _mm256_add_epi16(_mm256_slli_epi16(pc, 8), tie);
    __m128i k = _mm_min_epu16(_mm256_castsi256_si128(key), _mm256_extracti128_si256(key, 1));
    return (uint32_t)_mm_cvtsi128_si32(_mm_minpos_epu16(k)) & 15;
}

/* How many of the 32 lanes are zero. */
static inline __attribute__((always_inline)) int avx2_zeros(__m256i c0, __m256i c1) {
    const __m256i zero = _mm256_setzero_si256();
    __m256i z = _mm256_packs_epi16(_mm256_cmpeq_epi16(c0, zero), _mm256_cmpeq_epi16(c1, zero));
    return __builtin_popcount((unsigned)_mm256_movemask_epi8(z));
}

static inline __attribute__((always_inline)) uint32_t avx2_pick(const grid *g, const gnode *v) {
    return avx2_pick_rows(avx2_load(v->m), avx2_load(g->tie));
}

static inline __attribute__((always_inline)) int avx2_child(const grid *g, const gnode *v, int left,
                                                            uint32_t row, uint32_t x, gnode *c) {
    const uint16_t *a = g->att[row][x];
    __m256i c0 = _mm256_andnot_si256(avx2_load(a), avx2_load(v->m));
    __m256i c1 = _mm256_andnot_si256(avx2_load(a + LANES), avx2_load(v->m + LANES));
    avx2_store(c->m, c0);
    avx2_store(c->m + LANES, c1);
    return avx2_zeros(c0, c1) == 2 * LANES - 2 * (left - 1);
}

/* The passes of grid_expand_with() (leaf: left = 2, only counting). */
static inline __attribute__((always_inline)) size_t
avx2_pass(const grid *g, gnode *cur, size_t m, int left, gnode *out, const int leaf) {
    const __m256i tie = avx2_load(g->tie);
    const int zeros = 2 * LANES - 2 * (left - 1);
    size_t j = 0;
    for (size_t mm = m; mm;) {
        size_t keep = 0;
        for (size_t i = 0; i < mm; i++) {
            __m256i v0 = avx2_load(cur[i].m), v1 = avx2_load(cur[i].m + LANES);
            uint32_t row = avx2_pick_rows(v0, tie);
            uint32_t cand = cur[i].m[row], x = (uint32_t)__builtin_ctz(cand);
            uint32_t rest = cand & (cand - 1);
            const uint16_t *a = g->att[row][x];
            __m256i c0 = _mm256_andnot_si256(avx2_load(a), v0);
            __m256i c1 = _mm256_andnot_si256(avx2_load(a + LANES), v1);
            if (!leaf) {
                avx2_store(out[j].m, c0);
                avx2_store(out[j].m + LANES, c1);
            }
            j += avx2_zeros(c0, c1) == zeros;
            avx2_store(cur[keep].m, v0);
            avx2_store(cur[keep].m + LANES, v1);
            cur[keep].m[row] = (uint16_t)rest;
            keep += rest != 0;
        }
        mm = keep;
    }
    return j;
}

COUNT_GRID_KERNEL(avx2)

#endif /* NQ_HAVE_AVX2: else kernel.c names no entry of this file */
