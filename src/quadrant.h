/*
 * quadrant.h: the quadrant join (quadrant.c and its kernels), the counting engine of the quadrant
 * split (split_quadrant.c): the solutions of one subproblem, a set C of the top rows' columns (and
 * for the middle cut the middle row's column m), counted as the pairs of half-boards that share
 * no diagonal, the halves built from the four quadrants' placements listed once.
 *
 * The board is cut between rows h - 1 and h (h = n / 2) and between columns h - 1 and h. The
 * plain cut puts h rows above it and n - h below; the middle cut (odd n) takes the middle row h
 * out, its queen in column m, and puts the h rows above it against the h rows below it, both
 * clear of that queen's diagonals. Nothing here calls up into split_quadrant.c.
 */
#ifndef NQ_QUADRANT_H
#define NQ_QUADRANT_H

#include <stddef.h>
#include <stdint.h>

#include "nqueens_advanced.h"

/* The n the quadrant join handles: from 4 (below, a quadrant has no room) to 23 (a quadrant's
 * key, row subset and column subset, fits 24 bits; n = 23 takes about 4.3 GB of placements). */
#define QUADRANT_MIN_N 4
#define QUADRANT_MAX_N 23

/* The placements of the four quadrants of one board size and cut, read-only once built (any
 * number of threads may count with one at once). */
typedef struct quadrant_lists quadrant_lists;

/* quadrant_lists_new() :
 * Builds the placements of the four quadrants for n (QUADRANT_MIN_N..QUADRANT_MAX_N) and the
 * cut: middle 1 for the middle cut (odd n only), 0 for the plain one.
 * @return NQ_OK and *out, or NQ_EINVAL (n out of range, middle for even n, out NULL) or
 *         NQ_ENOMEM (*out untouched). */
int quadrant_lists_new(int n, int middle, quadrant_lists **out);

/* quadrant_lists_start(), quadrant_lists_build() :
 * quadrant_lists_new() in steps, so that threads can build the four quadrants side by side:
 * start makes the lists with no placements (arguments and errors as quadrant_lists_new()), and
 * build lists the placements of quadrant part (0..3; each part once, distinct parts at once from
 * different threads). q may count only once its four parts are built.
 * @return NQ_OK, NQ_EINVAL (q NULL, part out of range or built) or NQ_ENOMEM (the part unbuilt:
 *         quadrant_lists_free() q).
 * quadrant_lists_build_until() : quadrant_lists_build() that gives up once *stop (NULL: never) is
 * non-zero, looked at every few milliseconds of the build (a part takes about 0.4 s at n = 21 and
 * 2.4 s at n = 22): then NQ_STOPPED, the part unbuilt as after NQ_ENOMEM. */
int quadrant_lists_start(int n, int middle, quadrant_lists **out);
int quadrant_lists_build(quadrant_lists *q, int part);
int quadrant_lists_build_until(quadrant_lists *q, int part, const volatile int *stop);

/* quadrant_lists_bytes() : the memory q holds, in bytes. */
size_t quadrant_lists_bytes(const quadrant_lists *q);

/* quadrant_lists_bytes_needed() :
 * The memory quadrant_lists_new(n, middle) would take, in bytes, without building anything (from
 * the table of how many placements a rectangle has, which the unit test checks against a build).
 * @return the bytes (SIZE_MAX where they exceed size_t: a 32-bit build from n = 21 on), or 0 if n
 *         or middle are out of range. */
size_t quadrant_lists_bytes_needed(int n, int middle);

/* quadrant_lists_free() : frees q (NULL accepted). */
void quadrant_lists_free(quadrant_lists *q);

/* A thread's working memory for quadrant_solutions(): the two halves' lists and the pair
 * counter's blocks, grown as needed and kept for the next call. */
typedef struct quadrant_scratch quadrant_scratch;

/* quadrant_scratch_new() :
 * Working memory for the pair counter of kernel k (NQ_KERNEL_AUTO: the fastest this CPU runs).
 * @return the scratch, or NULL if k is not supported here or memory ran out. */
quadrant_scratch *quadrant_scratch_new(nq_kernel k);

/* quadrant_scratch_bytes() : the memory sc holds now, in bytes. */
size_t quadrant_scratch_bytes(const quadrant_scratch *sc);

/* quadrant_scratch_kernel() : the kernel sc counts with (never NQ_KERNEL_AUTO). */
nq_kernel quadrant_scratch_kernel(const quadrant_scratch *sc);

/* quadrant_scratch_set_hot() : how many hot bits sc's pair counter groups the halves by: k < 0
 * (the default) lets it choose for each subproblem, as fastest measured; k >= 0 takes k (at most
 * 10, and no more than the bits both halves use), for the tests: every k counts the same pairs.
 * sc NULL: nothing. */
void quadrant_scratch_set_hot(quadrant_scratch *sc, int k);

/* quadrant_scratch_set_stop() : the count's stop flag (NULL: none), which the build of the
 * placements looks at when this scratch's thread builds them (split_quadrant_solve()); sc NULL:
 * nothing. quadrant_scratch_stop() : that flag, or NULL (sc NULL too). */
void quadrant_scratch_set_stop(quadrant_scratch *sc, const volatile int *stop);
const volatile int *quadrant_scratch_stop(const quadrant_scratch *sc);

/* quadrant_scratch_free() : frees sc (NULL accepted). */
void quadrant_scratch_free(quadrant_scratch *sc);

/* quadrant_solutions() :
 * The solutions with the top h rows' queens on the columns c (a bit mask, h of the n bits) and,
 * for the middle cut, the middle row's queen in column m (0..n-1, not in c; m = -1 for the plain
 * cut), the rows below on the other columns: *sols, and in *pairs the (top, bottom) pairs of
 * half-boards the join weighed (its measure of work). sc: NULL for a scratch of its own.
 * @return NQ_OK, NQ_EINVAL (c or m do not fit q's n and cut) or NQ_ENOMEM (outputs untouched). */
int quadrant_solutions(const quadrant_lists *q, int m, uint64_t c, quadrant_scratch *sc,
                       uint64_t *sols, uint64_t *pairs);

/* quadrant_halves() :
 * The two halves that quadrant_solutions() joins for the same subproblem (arguments as there;
 * sc required): *top, the nt placements of the top rows, and *bottom, the nb of the rows below,
 * each as a 64-bit signature of the diagonals that cross the cut (quadrant_body.h: bits 0..n-2
 * the diagonals h..h+n-2, bits n-1..2n-3 the anti-diagonals h..h+n-2); a top and a bottom make a
 * solution exactly when their signatures AND to 0. The lists live in sc until its next call.
 * @return NQ_OK, NQ_EINVAL (an argument NULL, c or m do not fit q) or NQ_ENOMEM. */
int quadrant_halves(const quadrant_lists *q, int m, uint64_t c, quadrant_scratch *sc,
                    const uint64_t **top, size_t *nt, const uint64_t **bottom, size_t *nb);

/* quadrant_lists_hot() : the signature bits that most halves of q take (the diagonals through
 * the middle of the cut), which the GPU's pair counter groups by (the CPU's picks its own for
 * each subproblem, quadrant_body.h); 0 for NULL. */
uint64_t quadrant_lists_hot(const quadrant_lists *q);

#endif /* NQ_QUADRANT_H */
