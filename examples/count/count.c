/* count.c: the number of solutions of the n-queens problem, exactly (128-bit), on all cores.
 * The first program of the guide (doc/c-library.md); tests/cli/install.sh builds it against an
 * installed libnqueens with CMakeLists.txt beside it and with pkg-config, and runs it. */
#include <nqueens.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 8;
    nq_counts counts;
    int status = nq_count_parallel(n, 0, &counts); /* 0 threads: all cores */
    if (status != NQ_OK) {
        fprintf(stderr, "count: n = %d: %s\n", n, nq_strerror(status));
        return 1;
    }
    char total[41]; /* nq_u128 in decimal: at most 40 digits */
    printf("n = %d: %s solutions\n", n, nq_u128_to_string(counts.total, total));
    return 0;
}
