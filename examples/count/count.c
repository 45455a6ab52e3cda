/* count.c: the number of solutions of the n-queens problem, exactly (128-bit), on all cores.
 * The first program of the guide (doc/c-library.md); tests/cli/install.sh builds it against an
 * installed libnqueens with CMakeLists.txt beside it and with pkg-config, and runs it. */
#include <nqueens.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    char *end = NULL;
    long n = argc > 1 ? strtol(argv[1], &end, 10) : 8; /* "8x", "" or "abc" are no N */
    if (argc > 2 || (argc > 1 && (end == argv[1] || *end != '\0' || n < 1 || n > NQ_MAX_N))) {
        fprintf(stderr, "count: give one N, an integer from 1 to %d (default 8)\n", NQ_MAX_N);
        return 2;
    }
    nq_counts counts;
    int status = nq_count_parallel((int)n, 0, &counts); /* 0 threads: all cores */
    if (status != NQ_OK) {
        fprintf(stderr, "count: n = %ld: %s\n", n, nq_strerror(status));
        return 1;
    }
    char total[41]; /* nq_u128 in decimal: at most 40 digits */
    printf("n = %ld: %s solutions\n", n, nq_u128_to_string(counts.total, total));
    return 0;
}
