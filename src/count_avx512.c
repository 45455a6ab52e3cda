/*
 * count_avx512.c: the counting kernel (count_kernel.h) with AVX-512: a node is one 512-bit
 * register (16 row lanes and 16 column lanes of 16 bits), a placement one AND-NOT, forward
 * checking three tests into mask registers and a KORTEST (no count of the lanes in a general
 * register), the pick VPOPCNTW (BITALG) and the least key by PHMINPOSUW. Compiled for x86-64-v4
 * with AVX512-BITALG (cmake/kernels.cmake) and only called where kernel.c found them.
 * Measured on Zen 4 (bench/RESULTS.md): the loop is bound by its stores and scalar work, not by
 * the vector instructions; 512-bit stores cost twice what 256-bit ones do.
 */
#include "count_kernel.h"

#ifdef NQ_HAVE_AVX512
#if !(defined(__AVX512F__) && defined(__AVX512BW__) && defined(__AVX512VL__) &&                    \
      defined(__AVX512BITALG__))
#error "count_avx512.c must be compiled with its instruction sets (cmake/kernels.cmake)"
#endif
#include <immintrin.h>

/* The pick on the row lanes: popcount << 8 + tie, the least by PHMINPOSUW. */
static inline __attribute__((always_inline)) uint32_t avx512_pick_rows(__m256i rows, __m256i tie) {
    __m256i key = _mm256_add_epi16(_mm256_slli_epi16(_mm256_popcnt_epi16(rows), 8), tie);
    __m128i k = _mm_min_epu16(_mm256_castsi256_si128(key), _mm256_extracti128_si256(key, 1));
    return (uint32_t)_mm_cvtsi128_si32(_mm_minpos_epu16(k)) & 15;
}

static inline __attribute__((always_inline)) uint32_t avx512_pick(const grid *g, const gnode *v) {
    return avx512_pick_rows(_mm256_load_si256((const __m256i *)(const void *)v->m),
                            _mm256_load_si256((const __m256i *)(const void *)g->tie));
}

/* 1 if the child c = v & ~a of the live state v is live: every lane of c is not zero, or was
 * zero in v, or is one that the queen takes whole (its row and its column, all ones in a). */
static inline __attribute__((always_inline)) unsigned avx512_live(__m512i v, __m512i a, __m512i c) {
    __mmask32 seen = _kor_mask32(_mm512_test_epi16_mask(c, c),
                                 _mm512_cmpeq_epi16_mask(a, _mm512_set1_epi32(-1)));
    return _kortestc_mask32_u8(seen, _mm512_testn_epi16_mask(v, v));
}

static inline __attribute__((always_inline)) int
avx512_child(const grid *g, const gnode *v, int left, uint32_t row, uint32_t x, gnode *c) {
    (void)left;
    __m512i pv = _mm512_load_si512(v->m), a = _mm512_load_si512(g->att[row][x]);
    __m512i m = _mm512_andnot_si512(a, pv);
    _mm512_store_si512(c->m, m);
    return (int)avx512_live(pv, a, m);
}

/* The passes of grid_expand_with() (leaf: left = 2, only counting). The live test needs no
 * count of the queens left. */
static inline __attribute__((always_inline)) size_t
avx512_pass(const grid *g, gnode *cur, size_t m, int left, gnode *out, const int leaf) {
    (void)left;
    const __m256i tie = _mm256_load_si256((const __m256i *)(const void *)g->tie);
    size_t j = 0;
    for (size_t mm = m; mm;) {
        size_t keep = 0;
        for (size_t i = 0; i < mm; i++) {
            __m512i v = _mm512_load_si512(cur[i].m);
            size_t row = avx512_pick_rows(_mm512_castsi512_si256(v), tie);
            uint32_t cand = cur[i].m[row], x = (uint32_t)__builtin_ctz(cand);
            uint32_t rest = cand & (cand - 1);
            __m512i a = _mm512_load_si512(g->att[row][x]);
            __m512i c = _mm512_andnot_si512(a, v);
            if (!leaf)
                _mm512_store_si512(out[j].m, c);
            j += avx512_live(v, a, c);
            _mm512_store_si512(cur[keep].m, v);
            cur[keep].m[row] = (uint16_t)rest;
            keep += rest != 0;
        }
        mm = keep;
    }
    return j;
}

COUNT_GRID_KERNEL(avx512)

#endif /* NQ_HAVE_AVX512: else kernel.c names no entry of this file */
