/*
 * quadrant_avx512.c: the quadrant join's count (quadrant_body.h) with AVX-512: blocks of 512
 * bottoms (one ZMM register a signature bit), a VPOPCNTQ (AVX512-VPOPCNTDQ) a top into per-lane
 * counts summed once a block, PEXT from BMI2, and the halves' join eight candidates at a time,
 * the compatible ones packed by VPCOMPRESSQ. Compiled for x86-64-v4 (cmake/kernels.cmake) and
 * only called where kernel.c found it. Measured on Zen 5 (contrib/join/README.md): 512-bit
 * blocks are 1.15 to 1.3 times faster than 256-bit ones, both with VPOPCNTQ.
 */
#include <stdint.h>

#ifdef NQ_HAVE_AVX512
#if !defined(__AVX512F__) || !defined(__AVX512VPOPCNTDQ__) || !defined(__BMI2__)
#error "quadrant_avx512.c must be compiled with its instruction sets (cmake/kernels.cmake)"
#endif
#include <immintrin.h>

#define QB                   512
#define QUADRANT_ENTRY       quadrant_count_avx512
#define QUADRANT_HALVES      quadrant_halves_avx512
#define QUADRANT_PEXT(x, m)  _pext_u64((x), (m))
#define QUADRANT_ACC(acc, x) ((acc) += (qvec)_mm512_popcnt_epi64((__m512i)(x)))
#define QUADRANT_COMPRESS    1

#include "quadrant_body.h"
#endif
