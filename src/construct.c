/*
 * construct.c: one explicit solution of the n-queens problem for any n >= 4 (and n = 1), in O(n)
 * time and no memory beyond the answer.
 *
 * Backtracking for a single solution is erratic (56 million nodes for the first solution at
 * n = 30) and hopeless for large n, whereas closed-form constructions have been known since the
 * 19th century. We use the one of Hoffman, Loessi and Moore (1969, Mathematics Magazine 42(2)),
 * as surveyed by Bernhardsson (1991, SIGART Bulletin 2(2)): a "knight's move" staircase of even
 * columns then odd columns when n mod 6 is not 2, a shifted pair of staircases folded at the middle
 * when n mod 6 is 2 (where the first pattern puts two queens on one anti-diagonal), and for odd n
 * the even solution of n - 1, which never uses the main diagonal, plus a queen in the corner.
 *
 * Tuned for boards of 10^7 rows and more: one sequential pass that writes each entry once, no
 * division in the loop, and 64-bit intermediate values so that every n up to INT_MAX works.
 */
#include <assert.h>
#include <stdint.h>

#include "nqueens.h"

/* The even-n constructions on rows 0..m-1 with m even; returns nothing, cannot fail. */
static void construct_even(int64_t m, int *cols) {
    int64_t half = m / 2;
    if (m % 6 != 2) {
        /* Rows k and half + k (0-based) take the columns 2k + 1 and 2k. */
        for (int64_t k = 0; k < half; k++) {
            cols[k] = (int)(2 * k + 1);
            cols[half + k] = (int)(2 * k);
        }
        return;
    }
    /* Row k takes v = (2k + half - 1) mod m, and the mirror row m - 1 - k takes m - 1 - v. */
    int64_t v = half - 1;
    for (int64_t k = 0; k < half; k++) {
        assert(v >= 0 && v < m);
        cols[k] = (int)v;
        cols[m - 1 - k] = (int)(m - 1 - v);
        v += 2;
        if (v >= m)
            v -= m;
    }
}

int nq_construct(int n, int *cols) {
    if (n < 1 || !cols)
        return NQ_EINVAL;
    if (n == 2 || n == 3)
        return NQ_ENOSOL;
    if (n == 1) {
        cols[0] = 0;
        return NQ_OK;
    }
    int64_t m = (n % 2 == 0) ? n : (int64_t)n - 1;
    construct_even(m, cols);
    if (m < n)
        cols[n - 1] = n - 1;
    return NQ_OK;
}
