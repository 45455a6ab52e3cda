/*
 * method.c: the counting methods (names, and the choice of one for n): backtracking (the kernels
 * of count.c) and the quadrant join (quadrant.c, with a split of its own). The choice is a rule
 * from measurements, kept here beside its evidence (bench/RESULTS.md, bench/join.sh,
 * bench/count.sh), not a guess made at run time; the one thing it asks the machine is whether
 * the quadrant placements fit in its memory. The join of each border subproblem (method 2,
 * "join") was retired: it never beat backtracking (2.2 to 4.4 times slower, bench/RESULTS.md).
 */
#include <string.h>

#include "quadrant.h"
#include "split_quadrant.h"

static const char *const method_names[NQ_METHODS] = {
    [NQ_METHOD_AUTO] = "auto",
    [NQ_METHOD_BACKTRACK] = "backtrack",
    [NQ_METHOD_QUADRANT] = "quadrant",
};

const char *nq_method_name(nq_method m) {
    return (unsigned)m < NQ_METHODS ? method_names[m] : NULL;
}

int nq_method_parse(const char *name, nq_method *out) {
    if (!name || !out)
        return NQ_EINVAL;
    for (int m = 0; m < NQ_METHODS; m++) {
        if (method_names[m] && strcmp(name, method_names[m]) == 0) {
            *out = (nq_method)m;
            return NQ_OK;
        }
    }
    return NQ_EINVAL;
}

/* 1 if the quadrant placements of n take at most half of the memory this process may take: the
 * machine's, or less under a ulimit or a cgroup (split_memory_limit(); where nothing says, it is
 * taken to have room). */
static int quadrant_fits(int n) {
    double limit = split_memory_limit();
    return limit == 0 ||
           (double)quadrant_lists_bytes_needed(n, split_quadrant_middle(n)) <= 0.5 * limit;
}

int nq_method_resolve(nq_method m, int n, nq_method *out) {
    if (!out || !nq_method_name(m) || n < 1 || n > NQ_MAX_N)
        return NQ_EINVAL;
    /* AUTO: the quadrant join from NQ_METHOD_QUADRANT_AUTO_N, where it was measured faster than
     * backtracking (below it, building the quadrants costs more than the count), while its
     * placements fit; backtracking elsewhere. */
    if (m == NQ_METHOD_AUTO)
        m = n >= NQ_METHOD_QUADRANT_AUTO_N && n <= NQ_METHOD_QUADRANT_MAX_N && quadrant_fits(n)
                ? NQ_METHOD_QUADRANT
                : NQ_METHOD_BACKTRACK;
    if (n < 4 || (m == NQ_METHOD_QUADRANT && n > NQ_METHOD_QUADRANT_MAX_N))
        m = NQ_METHOD_BACKTRACK;
    *out = m;
    return NQ_OK;
}
