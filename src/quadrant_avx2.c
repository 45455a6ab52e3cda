/*
 * quadrant_avx2.c: the quadrant join's count (quadrant_body.h) for x86-64-v3: blocks of 256
 * bottoms (one AVX2 register a signature bit), PEXT from BMI2 and a POPCNT a lane. Compiled
 * for its instruction set (cmake/kernels.cmake) and only called where kernel.c found it.
 */
#include <stdint.h>

#ifdef NQ_HAVE_AVX2
#if !defined(__AVX2__) || !defined(__BMI2__) || !defined(__POPCNT__)
#error "quadrant_avx2.c must be compiled with its instruction sets (cmake/kernels.cmake)"
#endif
#include <immintrin.h>

#define QB                  256
#define QUADRANT_ENTRY      quadrant_count_avx2
#define QUADRANT_HALVES     quadrant_halves_avx2
#define QUADRANT_PEXT(x, m) _pext_u64((x), (m))
#define QUADRANT_ACC(acc, x)                                                                       \
    do {                                                                                           \
        qvec x_ = (x);                                                                             \
        for (int l_ = 0; l_ < QUADRANT_LANES; l_++)                                                \
            (acc)[l_] += (uint64_t)_mm_popcnt_u64(x_[l_]);                                         \
    } while (0)

#include "quadrant_body.h"
#endif
