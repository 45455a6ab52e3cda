/*
 * method.c: the counting methods (names, and the choice of one for n): backtracking (the kernels
 * of count.c) and the join (join.c). The choice is a rule from measurements, kept here beside
 * its evidence (bench/RESULTS.md, bench/join.sh), not a guess made at run time.
 */
#include <string.h>

#include "nqueens.h"

static const char *const method_names[NQ_METHODS] = {
    [NQ_METHOD_AUTO] = "auto",
    [NQ_METHOD_BACKTRACK] = "backtrack",
    [NQ_METHOD_JOIN] = "join",
};

const char *nq_method_name(nq_method m) {
    return (unsigned)m < NQ_METHODS ? method_names[m] : NULL;
}

int nq_method_parse(const char *name, nq_method *out) {
    if (!name || !out)
        return NQ_EINVAL;
    for (int m = 0; m < NQ_METHODS; m++) {
        if (strcmp(name, method_names[m]) == 0) {
            *out = (nq_method)m;
            return NQ_OK;
        }
    }
    return NQ_EINVAL;
}

int nq_method_resolve(nq_method m, int n, nq_method *out) {
    if (!out || (unsigned)m >= NQ_METHODS || n < 1 || n > NQ_MAX_N)
        return NQ_EINVAL;
    /* AUTO: backtracking wherever it was measured faster, which is every n measured so far. The
     * join stops at NQ_METHOD_JOIN_MAX_N: beyond it most subproblems' upper halves outgrow the
     * join's memory bound and would be counted by backtracking anyway (n = 22: 27 of 40 sampled
     * subproblems, n = 23: all 40), after listing millions of placements for nothing. */
    if (m == NQ_METHOD_AUTO || n < 4 || n > NQ_METHOD_JOIN_MAX_N)
        m = NQ_METHOD_BACKTRACK;
    *out = m;
    return NQ_OK;
}
