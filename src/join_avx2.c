/*
 * join_avx2.c: the pair counter of the join method (join_kernel.h) with AVX2: four bottom
 * signatures a register, the AND of a broadcast top signature, a compare with zero, and the
 * count of the four results from their sign bits (MOVMSKPD, POPCNT). Compiled for x86-64-v3
 * (cmake/kernels.cmake) and only called where kernel.c found it.
 */
#include "join_kernel.h"

#ifdef NQ_HAVE_AVX2
#if !defined(__AVX2__) || !defined(__POPCNT__)
#error "join_avx2.c must be compiled with its instruction sets (cmake/kernels.cmake)"
#endif
#include <immintrin.h>

uint64_t join_pairs_avx2(const uint64_t *top, size_t p, const uint64_t *bottom, size_t q) {
    uint64_t sum = 0;
    const __m256i zero = _mm256_setzero_si256();
    /* The padding past q is read and masked off: the last group's lanes past q count nothing. */
    const size_t whole = q & ~(size_t)3, tail = q - whole;
    const int keep = (1 << tail) - 1;
    for (size_t i = 0; i < p; i++) {
        const __m256i t = _mm256_set1_epi64x((long long)top[i]);
        for (size_t j = 0; j < whole; j += 4) {
            __m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(bottom + j));
            __m256i z = _mm256_cmpeq_epi64(_mm256_and_si256(t, b), zero);
            sum += (uint64_t)_mm_popcnt_u32((unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(z)));
        }
        if (tail) {
            __m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(bottom + whole));
            __m256i z = _mm256_cmpeq_epi64(_mm256_and_si256(t, b), zero);
            int m = _mm256_movemask_pd(_mm256_castsi256_pd(z)) & keep;
            sum += (uint64_t)_mm_popcnt_u32((unsigned)m);
        }
    }
    return sum;
}
#endif
