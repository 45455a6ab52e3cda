/*
 * journal_append.c: the cost of the checkpoint journal alone, without a count around it: opens a
 * fresh journal for the split of n, appends one record per subproblem (contributions of a
 * realistic size, not computed) with the default fsync batching, closes it, and prints the time.
 * Usage: journal_append N FILE. Compare with the CPU time of `nqueens count N`.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "nqueens_advanced.h"

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: journal_append N FILE\n");
        return 2;
    }
    int n = atoi(argv[1]);
    nq_split *s;
    nq_journal *j;
    if (nq_split_new(n, &s) != NQ_OK || (remove(argv[2]), 0) ||
        nq_journal_open(argv[2], s, 0, &j, NULL) != NQ_OK) {
        fprintf(stderr, "journal_append: cannot open a journal for n = %d\n", n);
        return 2;
    }
    struct timespec t0, t1;
    clock_t c0 = clock();
    clock_gettime(CLOCK_MONOTONIC, &t0);
    uint64_t size = nq_split_size(s);
    for (uint64_t i = 0; i < size; i++) {
        nq_counts c;
        memset(&c, 0, sizeof c);
        c.total = 10000 + i;
        c.unique = 1250 + i;
        c.orbit8 = 1240 + i;
        c.orbit4 = 10;
        c.nodes = 190000 + i;
        if (nq_journal_append(j, i, &c) != NQ_OK) {
            fprintf(stderr, "journal_append: append failed\n");
            return 2;
        }
    }
    int rc = nq_journal_close(j, NULL);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    clock_t c1 = clock();
    nq_split_free(s);
    printf("%llu %.6f %.6f\n", (unsigned long long)size,
           (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9,
           (double)(c1 - c0) / CLOCKS_PER_SEC);
    return rc == NQ_OK ? 0 : 2;
}
