/*
 * count_avx2.c: the vector counting kernel (count_vec.h) in 8 lanes of AVX2. AVX2 has no
 * compress or expand: both are one vpermd with an index vector looked up from the 8-bit lane
 * mask (count_vec_mem's tables), then a store or a blend. The highest set bit of a lane (for the
 * look-ahead) comes from the exponent of its conversion to float, made exact by first clearing
 * every bit next to a higher one, so that rounding cannot carry. Compiled for x86-64-v3 (AVX2,
 * BMI1/2, POPCNT, LZCNT; cmake/kernels.cmake) and only called where kernel.c found them.
 */
#include <string.h>

#include "count_kernel.h"

#if defined(NQ_HAVE_AVX2) && defined(__AVX2__) && defined(__BMI2__) && defined(__LZCNT__) &&       \
    defined(__POPCNT__)
#include <immintrin.h>

#define VEC_LANES 8
#define VEC_FULL  0xffu
#define VEC_ENTRY count_solve_avx2

typedef __m256i vec_t;
typedef __m256i vmask_t; /* all ones in a lane where true */
typedef struct {
    __m256i index, blend;
} vplan_t;
typedef __m256i vcplan_t;

#define vshl(v, k) _mm256_slli_epi32(v, k)
#define vshr(v, k) _mm256_srli_epi32(v, k)

static inline vec_t vset1(uint32_t x) {
    return _mm256_set1_epi32((int)x);
}
static inline vec_t vzero(void) {
    return _mm256_setzero_si256();
}
static inline vec_t vand(vec_t a, vec_t b) {
    return _mm256_and_si256(a, b);
}
static inline vec_t vor(vec_t a, vec_t b) {
    return _mm256_or_si256(a, b);
}
static inline vec_t vxor(vec_t a, vec_t b) {
    return _mm256_xor_si256(a, b);
}
/* ~a & b */
static inline vec_t vandnot(vec_t a, vec_t b) {
    return _mm256_andnot_si256(a, b);
}
static inline vec_t vneg(vec_t a) {
    return _mm256_sub_epi32(_mm256_setzero_si256(), a);
}
static inline vmask_t vnonzero(vec_t a) {
    return _mm256_xor_si256(_mm256_cmpeq_epi32(a, _mm256_setzero_si256()), _mm256_set1_epi32(-1));
}
static inline unsigned vmask_bits(vmask_t m) {
    return (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(m));
}
static inline vmask_t vmask_and(vmask_t a, vmask_t b) {
    return _mm256_and_si256(a, b);
}
static inline vec_t vselect(vmask_t m, vec_t a) {
    return _mm256_and_si256(m, a);
}
static inline vec_t vselect_not(vmask_t m, vec_t a) {
    return _mm256_andnot_si256(m, a);
}
static inline vplan_t vplan(const count_vec_mem *M, unsigned empty) {
    const __m256i lane = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    vplan_t x;
    x.index = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)M->xtab[empty]));
    x.blend = _mm256_cmpeq_epi32(_mm256_and_si256(_mm256_set1_epi32((int)empty), lane), lane);
    return x;
}
static inline vec_t vexpand(vec_t old, vplan_t x, const uint32_t *src) {
    vec_t v = _mm256_loadu_si256((const __m256i *)src);
    return _mm256_blendv_epi8(old, _mm256_permutevar8x32_epi32(v, x.index), x.blend);
}
static inline vec_t vexpand_index(vec_t old, vplan_t x, uint32_t p) {
    return _mm256_blendv_epi8(old, _mm256_add_epi32(x.index, _mm256_set1_epi32((int)p)), x.blend);
}
static inline vcplan_t vcplan(const count_vec_mem *M, vmask_t keep) {
    return _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)M->ctab[vmask_bits(keep)]));
}
static inline void vcompress(uint32_t *dst, vcplan_t c, vec_t v) {
    _mm256_storeu_si256((__m256i *)dst, _mm256_permutevar8x32_epi32(v, c));
}
/* The bound row b2 (count_task_avail()): fs = the side columns still free; both: no candidate;
 * one: only it; none: no change. */
static inline vec_t vbound_row(vec_t ca, vec_t nd, vec_t side) {
    vec_t fs = _mm256_andnot_si256(nd, side);
    vec_t both = _mm256_cmpeq_epi32(fs, side);
    vec_t none = _mm256_cmpeq_epi32(fs, _mm256_setzero_si256());
    return _mm256_andnot_si256(both, _mm256_and_si256(ca, _mm256_or_si256(fs, none)));
}
/* The bits below high(base | 1) - 1, i.e. the columns left of the look-ahead's range: with
 * h = high(base | 1), z = (y >> 1) | 1 for y = base | 1 without the bits next to a higher one has
 * its highest bit at max(h - 1, 0) and converts to float exactly in the exponent e; the answer
 * is 2^(e - 127) - 1 = 0x7fffffff >> (158 - e). */
static inline vec_t vbelow_high(vec_t base) {
    const vec_t one = _mm256_set1_epi32(1);
    vec_t x = _mm256_or_si256(base, one);
    vec_t y = _mm256_andnot_si256(_mm256_srli_epi32(x, 1), x);
    vec_t z = _mm256_or_si256(_mm256_srli_epi32(y, 1), one);
    vec_t e = _mm256_srli_epi32(_mm256_castps_si256(_mm256_cvtepi32_ps(z)), 23);
    return _mm256_srlv_epi32(_mm256_set1_epi32(0x7fffffff),
                             _mm256_sub_epi32(_mm256_set1_epi32(158), e));
}
/* acc: four 64-bit sums; the population count by nibble lookup, summed per 8 bytes. */
static inline vec_t vpopcount_add(vec_t acc, vec_t v) {
    const vec_t table = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2,
                                         1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
    const vec_t low = _mm256_set1_epi8(0x0f);
    vec_t c =
        _mm256_add_epi8(_mm256_shuffle_epi8(table, _mm256_and_si256(v, low)),
                        _mm256_shuffle_epi8(table, _mm256_and_si256(_mm256_srli_epi16(v, 4), low)));
    return _mm256_add_epi64(acc, _mm256_sad_epu8(c, _mm256_setzero_si256()));
}
static inline uint64_t vreduce(vec_t acc) {
    return (uint64_t)_mm256_extract_epi64(acc, 0) + (uint64_t)_mm256_extract_epi64(acc, 1) +
           (uint64_t)_mm256_extract_epi64(acc, 2) + (uint64_t)_mm256_extract_epi64(acc, 3);
}

#include "count_vec.h"

#else
/* Not built for AVX2 (another architecture or compiler): kernel.c never selects it. */
void count_solve_avx2(const count_task *t, const int *prefix, int k, nq_counts *out,
                      count_vec_mem *m) {
    (void)m;
    count_task_solve_dfs(t, prefix, k, out);
}
#endif
