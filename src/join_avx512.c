/*
 * join_avx512.c: the pair counter of the join method (join_kernel.h) with AVX-512: eight bottom
 * signatures a register, one VPTESTNMQ against a broadcast top signature gives the eight pairs
 * that share no bit in a mask register, counted by POPCNT; the last group of a list is a masked
 * load. Compiled for x86-64-v4 (cmake/kernels.cmake) and only called where kernel.c found it.
 */
#include "join_kernel.h"

#ifdef NQ_HAVE_AVX512
#if !defined(__AVX512F__) || !defined(__POPCNT__)
#error "join_avx512.c must be compiled with its instruction sets (cmake/kernels.cmake)"
#endif
#include <immintrin.h>

uint64_t join_pairs_avx512(const uint64_t *top, size_t p, const uint64_t *bottom, size_t q) {
    uint64_t sum = 0;
    const size_t whole = q & ~(size_t)7, tail = q - whole;
    const __mmask8 keep = (__mmask8)((1u << tail) - 1);
    for (size_t i = 0; i < p; i++) {
        const __m512i t = _mm512_set1_epi64((long long)top[i]);
        for (size_t j = 0; j < whole; j += 8) {
            __m512i b = _mm512_loadu_si512((const void *)(bottom + j));
            sum += (uint64_t)_mm_popcnt_u32((unsigned)_mm512_testn_epi64_mask(t, b));
        }
        if (tail) {
            __m512i b = _mm512_maskz_loadu_epi64(keep, (const void *)(bottom + whole));
            sum += (uint64_t)_mm_popcnt_u32((unsigned)_mm512_mask_testn_epi64_mask(keep, t, b));
        }
    }
    return sum;
}
#endif
