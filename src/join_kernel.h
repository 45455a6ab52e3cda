/* join_kernel.h: the pair counters of the join method (join.c), one per instruction set, as
 * kernel.c's table names them: join_generic.c, join_avx2.c, join_avx512.c. They count the pairs
 * of two lists of signatures that share no bit, the innermost loop of the join; every one gives
 * the same count. Nothing here calls up into join.c or kernel.c. */
#ifndef NQ_JOIN_KERNEL_H
#define NQ_JOIN_KERNEL_H

#include <stddef.h>
#include <stdint.h>

/* join_pairs_fn :
 * The number of pairs (i, j), 0 <= i < p and 0 <= j < q, with (top[i] & bottom[j]) == 0.
 * bottom must be readable up to a multiple of 8 entries past q (the padding is not counted). */
typedef uint64_t join_pairs_fn(const uint64_t *top, size_t p, const uint64_t *bottom, size_t q);

/* The padding join.c keeps after each bottom list, in entries. */
#define JOIN_PAD 8

join_pairs_fn join_pairs_generic;
#ifdef NQ_HAVE_AVX2
join_pairs_fn join_pairs_avx2;
#endif
#ifdef NQ_HAVE_AVX512
join_pairs_fn join_pairs_avx512;
#endif

#endif /* NQ_JOIN_KERNEL_H */
