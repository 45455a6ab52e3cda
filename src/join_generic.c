/*
 * join_generic.c: the pair counter of the join method (join_kernel.h) in plain C, for every CPU:
 * one AND and one compare a pair, four pairs an iteration so that the compiler can keep four
 * sums in flight (and vectorise where the build targets it). The vector counters (join_avx2.c,
 * join_avx512.c) are checked against it (tests/unit/test_join.c).
 */
#include "join_kernel.h"

uint64_t join_pairs_generic(const uint64_t *top, size_t p, const uint64_t *bottom, size_t q) {
    uint64_t sum = 0;
    for (size_t i = 0; i < p; i++) {
        const uint64_t t = top[i];
        uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
        size_t j = 0;
        for (; j + 4 <= q; j += 4) {
            s0 += (t & bottom[j]) == 0;
            s1 += (t & bottom[j + 1]) == 0;
            s2 += (t & bottom[j + 2]) == 0;
            s3 += (t & bottom[j + 3]) == 0;
        }
        for (; j < q; j++)
            s0 += (t & bottom[j]) == 0;
        sum += s0 + s1 + s2 + s3;
    }
    return sum;
}
