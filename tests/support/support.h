/* support.h: what the unit tests share: the OEIS table and a slow, obviously correct reference. */
#ifndef NQ_TEST_SUPPORT_H
#define NQ_TEST_SUPPORT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "nqueens_advanced.h"

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

/* ref_is_solution_pairwise() : 1 if cols is a solution, checking every two queens (slow,
 * obviously correct). ref_is_solution_marks() : the same with occupancy marks of columns and
 * diagonals, in O(n). */
int ref_is_solution_pairwise(int n, const int *cols);
int ref_is_solution_marks(int n, const int *cols);

/* ref_image() : the image of the placement cols (a permutation) under symmetry sym, 0..7 in the
 * order of nq_symmetry (identity, quarter turn clockwise, half turn, quarter turn anticlockwise,
 * mirror, flip, transpose, anti-transpose), moved cell by cell by the maps written out in
 * support.c: a reference for the library's symmetries, which it does not use. */
void ref_image(int n, int sym, const int *cols, int *out);

/* ref_least_orbit() : the size of the class of the solution cols (8 divided by the number of its
 * images equal to it) if none of its 8 images (ref_image) is lexicographically smaller, else 0:
 * fundamental solutions by their definition. n <= 64. */
int ref_least_orbit(int n, const int *cols);

/* assert_solution() : fails the test unless cols is a solution, checked both ways (pairwise only
 * while cheap) and with nq_validate(). */
void assert_solution(int n, const int *cols);

/* assert_same_counts() : fails the test unless a and b hold the same total, fundamental and
 * orbit counts (their nodes may differ). */
void assert_same_counts(const nq_counts *a, const nq_counts *b);

/* ref_skip() : skips the running test because something it needs is missing here (why says
 * what); with NQ_TEST_REQUIRE_ALL=1 in the environment (make test, CI: scripts/setup.sh installs
 * everything) it fails the test instead. ref_exit() : what main() returns after
 * cmocka_run_group_tests() returned `failed`: failed, or 77 (ctest: skipped) if a test skipped. */
void ref_skip(const char *why);
int ref_exit(int failed);

/* alloc_cols() : n ints (fails the test if out of memory). */
int *alloc_cols(int n);

/* A growing, NUL-terminated text (free s). */
typedef struct text_buf {
    char *s;
    size_t len, cap;
} text_buf;

/* text_put() / text_puts() : append len bytes, or a string. */
void text_put(text_buf *t, const char *s, size_t len);
void text_puts(text_buf *t, const char *s);

/* text_list() : the writers' text (format.c) for `count` solutions of n (n ints each), as
 * `nqueens solve` prints it: prefix, solutions with separators, suffix. */
text_buf text_list(nq_format fmt, int n, const int *sols, size_t count);

#endif /* NQ_TEST_SUPPORT_H */
