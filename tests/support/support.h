/* support.h: what the unit tests share: the OEIS table and a slow, obviously correct reference. */
#ifndef NQ_TEST_SUPPORT_H
#define NQ_TEST_SUPPORT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "nqueens.h"

/* One line of tests/data/counts.txt (OEIS A000170, A002562 and the orbit breakdown). */
typedef struct ref_counts {
    int n;
    nq_u128 total, unique, orbit8, orbit4, orbit2, orbit1;
} ref_counts;

/* ref_table() : the known counts for n (1..27), read from tests/data/counts.txt; fails the test
 * if the file or the line is missing. */
ref_counts ref_table(int n);

/* ref_solutions() :
 * Every solution for n <= 12 by brute force over all permutations in lexicographic order,
 * checking every pair of queens: slow and obviously correct. Returns the number of solutions and
 * stores them (n ints each) in *out (malloc'd; the caller frees). */
size_t ref_solutions(int n, int **out);

/* ref_attacks() : 1 if the queens (r1, c1) and (r2, c2) attack each other (r1 != r2). */
int ref_attacks(int r1, int c1, int r2, int c2);

#endif /* NQ_TEST_SUPPORT_H */
