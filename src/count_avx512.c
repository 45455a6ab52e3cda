/*
 * count_avx512.c: the vector counting kernel (count_vec.h) in 16 lanes of AVX-512: vpexpandd
 * refills the lanes whose node is done, vpcompressd packs the children, vplzcntd finds the
 * highest free cell of the next row for the look-ahead, and vpopcntd counts the leaves.
 * Compiled for x86-64-v4 plus AVX512-VPOPCNTDQ (cmake/kernels.cmake), and only called where
 * kernel.c found them. The compress works on a register and stores the whole vector: its form
 * with a memory operand is microcoded on Zen 4 (the whole count 7 times slower, measured); the
 * expand reads memory directly (a load, then an expand of the register: 12 % slower).
 */
#include <string.h>

#include "count_kernel.h"

#if defined(NQ_HAVE_AVX512) && defined(__AVX512F__) && defined(__AVX512CD__) &&                    \
    defined(__AVX512VPOPCNTDQ__)
#include <immintrin.h>

#define VEC_LANES 16
#define VEC_FULL  0xffffu
#define VEC_ENTRY count_solve_avx512

typedef __m512i vec_t;
typedef __mmask16 vmask_t;
typedef __mmask16 vplan_t;
typedef __mmask16 vcplan_t;

#define vshl(v, k) _mm512_slli_epi32(v, k)
#define vshr(v, k) _mm512_srli_epi32(v, k)

static inline vec_t vset1(uint32_t x) {
    return _mm512_set1_epi32((int)x);
}
static inline vec_t vzero(void) {
    return _mm512_setzero_si512();
}
static inline vec_t vand(vec_t a, vec_t b) {
    return _mm512_and_si512(a, b);
}
static inline vec_t vor(vec_t a, vec_t b) {
    return _mm512_or_si512(a, b);
}
static inline vec_t vxor(vec_t a, vec_t b) {
    return _mm512_xor_si512(a, b);
}
/* ~a & b */
static inline vec_t vandnot(vec_t a, vec_t b) {
    return _mm512_andnot_si512(a, b);
}
static inline vec_t vneg(vec_t a) {
    return _mm512_sub_epi32(_mm512_setzero_si512(), a);
}
static inline vmask_t vnonzero(vec_t a) {
    return _mm512_test_epi32_mask(a, a);
}
static inline unsigned vmask_bits(vmask_t m) {
    return (unsigned)m;
}
static inline vmask_t vmask_and(vmask_t a, vmask_t b) {
    return (vmask_t)(a & b);
}
static inline vec_t vselect(vmask_t m, vec_t a) {
    return _mm512_maskz_mov_epi32(m, a);
}
static inline vec_t vselect_not(vmask_t m, vec_t a) {
    return _mm512_maskz_mov_epi32((vmask_t)~m, a);
}
static inline vplan_t vplan(const count_vec_mem *M, unsigned empty) {
    (void)M;
    return (vplan_t)empty;
}
static inline vec_t vexpand(vec_t old, vplan_t x, const uint32_t *src) {
    return _mm512_mask_expand_epi32(old, x, _mm512_loadu_si512((const void *)src));
}
static inline vec_t vexpand_index(vec_t old, vplan_t x, uint32_t p) {
    const vec_t iota = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    return _mm512_mask_expand_epi32(old, x, _mm512_add_epi32(iota, _mm512_set1_epi32((int)p)));
}
static inline vcplan_t vcplan(const count_vec_mem *M, vmask_t keep) {
    (void)M;
    return keep;
}
static inline void vcompress(uint32_t *dst, vcplan_t c, vec_t v) {
    _mm512_storeu_si512((void *)dst, _mm512_maskz_compress_epi32(c, v));
}
/* The bound row b2 (count_task_avail()): fs = the side columns still free; both: no candidate;
 * one: only it; none: no change. */
static inline vec_t vbound_row(vec_t ca, vec_t nd, vec_t side) {
    vec_t fs = _mm512_andnot_si512(nd, side);
    vmask_t both = _mm512_cmpeq_epi32_mask(fs, side);
    vmask_t none = _mm512_testn_epi32_mask(fs, fs);
    vec_t keep = _mm512_mask_mov_epi32(fs, none, _mm512_set1_epi32(-1));
    return _mm512_maskz_and_epi32((vmask_t)~both, ca, keep);
}
/* The bits below high(base | 1) - 1, i.e. the columns left of the look-ahead's range. */
static inline vec_t vbelow_high(vec_t base) {
    vec_t lz = _mm512_lzcnt_epi32(_mm512_or_si512(base, _mm512_set1_epi32(1)));
    return _mm512_srlv_epi32(_mm512_set1_epi32(0x3fffffff), lz);
}
static inline vec_t vpopcount_add(vec_t acc, vec_t v) {
    return _mm512_add_epi32(acc, _mm512_popcnt_epi32(v));
}
static inline uint64_t vreduce(vec_t acc) {
    return (uint64_t)(uint32_t)_mm512_reduce_add_epi32(acc);
}

#include "count_vec.h"

#else
/* Not built for AVX-512 (another architecture or compiler): kernel.c never selects it. */
void count_solve_avx512(const count_task *t, const int *prefix, int k, nq_counts *out,
                        count_vec_mem *m) {
    (void)m;
    count_task_solve_dfs(t, prefix, k, out);
}
#endif
