/*
 * quadrant_generic.c: the quadrant join's count (quadrant_body.h) in portable C for every CPU:
 * blocks of 256 bottoms as GNU vectors (which the compiler lowers to whatever the build
 * targets), PEXT done bit by bit and the popcount by halving sums (Hacker's Delight, 5-1). The
 * vector kernels (quadrant_avx2.c, quadrant_avx512.c) are checked against it
 * (tests/unit/test_quadrant.c).
 */
#include <stdint.h>

/* The bits of x under the mask m, packed to the low end. */
static inline uint64_t generic_pext(uint64_t x, uint64_t m) {
    uint64_t r = 0;
    for (uint64_t bit = 1; m; bit <<= 1, m &= m - 1)
        r |= (x & m & (0 - m)) ? bit : 0;
    return r;
}

#define QB                  256
#define QUADRANT_ENTRY      quadrant_count_generic
#define QUADRANT_HALVES     quadrant_halves_generic
#define QUADRANT_PEXT(x, m) generic_pext((x), (m))
#define QUADRANT_ACC(acc, x)                                                                       \
    do {                                                                                           \
        qvec v_ = (x);                                                                             \
        v_ = v_ - ((v_ >> 1) & 0x5555555555555555ull);                                             \
        v_ = (v_ & 0x3333333333333333ull) + ((v_ >> 2) & 0x3333333333333333ull);                   \
        v_ = (v_ + (v_ >> 4)) & 0x0F0F0F0F0F0F0F0Full;                                             \
        (acc) += (v_ * 0x0101010101010101ull) >> 56;                                               \
    } while (0)

#include "quadrant_body.h"
