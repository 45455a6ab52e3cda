/* join.h: the join method (join.c): the completions of a board with some queens placed, counted
 * by meeting in the middle instead of enumerating them: the free rows are cut into an upper and
 * a lower half, the placements of the upper half are listed, and each placement of the lower
 * half counts those that use the complementary columns and share no diagonal. The same
 * completions as count_completions() (count.h), other nodes. Nothing here knows about splits. */
#ifndef NQ_JOIN_H
#define NQ_JOIN_H

#include "count.h"

/* The most placements join.c lists for the stored (upper) half of one board; a board with more
 * is counted by the backtracking kernel instead (the same count). */
#define JOIN_MAX_HALVES ((size_t)1 << 22)

/* The widest board the join takes: a half's signature (its diagonals and anti-diagonals that the
 * other half can reach) is 2 (n - 1) bits of one 64-bit word. Larger boards are counted by the
 * backtracking kernel. */
#define JOIN_MAX_N 32

/* The most free rows of a board the join takes: its halves are grouped by their columns in
 * tables of 2^JOIN_MAX_ROWS entries. Boards with more are counted by the backtracking kernel.
 * With the list above, a join_scratch holds at most 28 bytes a listed placement and 8 bytes a
 * table entry: 2^22 * 28 + 2^22 * 8 bytes, about 150 MiB, the bound of the method's memory per
 * thread. */
#define JOIN_MAX_ROWS 22

/* Scratch memory of the join (the lists of both halves, grown as needed up to the bound above),
 * reusable from one call to the next by one thread at a time; it names the kernel whose pair
 * counter runs (kernel.c) and keeps the backtracking scratch of the boards it does not join.
 * join_scratch_new() : for kernel k (supported by this CPU; NQ_KERNEL_AUTO: the fastest); NULL
 * when out of memory or k is not supported.
 * join_scratch_new_small() : (tests) one that lists at most max (>= 1) placements a half, so
 * that boards with more go to the backtracking kernel.
 * join_scratch_free() accepts NULL. */
typedef struct join_scratch join_scratch;
join_scratch *join_scratch_new(nq_kernel k);
join_scratch *join_scratch_new_small(nq_kernel k, size_t max);
void join_scratch_free(join_scratch *js);

/* join_completions() :
 * The number of solutions that extend the placed queens of s (each once), as
 * count_completions() counts them, and in *nodes the queens placed by the searches of the two
 * halves (the last queen of each half included), or, for a board counted by the backtracking
 * kernel instead (n > JOIN_MAX_N, more than JOIN_MAX_ROWS free rows, an upper half over
 * JOIN_MAX_HALVES placements, or no memory for the lists), that
 * kernel's nodes. js: the caller's scratch (NULL: allocated for the call). */
uint64_t join_completions(const count_state *s, join_scratch *js, uint64_t *nodes);

/* join_pairs() : the pair counter of js's kernel (join_kernel.h), for the tests. */
uint64_t join_pairs(const join_scratch *js, const uint64_t *top, size_t p, const uint64_t *bottom,
                    size_t q);

#endif /* NQ_JOIN_H */
