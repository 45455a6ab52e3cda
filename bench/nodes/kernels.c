/*
 * kernels.c: times each kernel of the library's count (generic vector extensions, AVX2) on
 * whole counts: every subproblem of nq_split_new(n), weighted by its border's stabilizer, checked
 * against the OEIS total. Links the library and its private header (research code).
 * usage: kernels N [KERNEL...]   KERNEL: generic avx2 (default: every one built in)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../src/split.h"

static double cpu_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static unsigned long long oeis_total(int n) {
    FILE *f = fopen("/work/shared/data/counts.txt", "r");
    char line[512];
    unsigned long long t = 0;
    while (f && fgets(line, sizeof line, f)) {
        int m;
        unsigned long long v;
        if (line[0] != '#' && sscanf(line, "%d %llu", &m, &v) == 2 && m == n)
            t = v;
    }
    if (f)
        fclose(f);
    return t;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: kernels N [generic|avx2 ...]\n");
        return 2;
    }
    int n = atoi(argv[1]);
    const char *names[] = {"best", "generic", "avx2"};
    nq_split *s;
    if (n < 4 || nq_split_new(n, &s) != NQ_OK)
        return 2;
    count_scratch *sc = count_scratch_new();
    int bad = 0;
    for (int k = COUNT_KERNEL_GENERIC; k <= COUNT_KERNEL_AVX2; k++) {
        int wanted = argc == 2;
        for (int a = 2; a < argc; a++)
            wanted |= !strcmp(argv[a], names[k]);
        if (!wanted || !count_kernel_available((count_kernel)k))
            continue;
        unsigned long long total = 0, nodes = 0;
        double t0 = cpu_seconds();
        for (uint64_t i = 0; i < nq_split_size(s); i++) {
            int rows[NQ_MAX_N], cols[NQ_MAX_N], stab;
            int q = split_queens(s, i, rows, cols, &stab);
            count_state st;
            count_state_init(&st, n);
            for (int j = 0; j < q; j++)
                count_state_place(&st, rows[j], cols[j]);
            uint64_t nd;
            total += count_completions(&st, sc, (count_kernel)k, &nd) * (unsigned)(8 / stab);
            nodes += nd;
        }
        double t = cpu_seconds() - t0;
        int ok = total == oeis_total(n);
        bad += !ok;
        printf("n=%d kernel=%s total=%llu nodes=%llu cpu=%.3f %s\n", n, names[k], total, nodes, t,
               ok ? "OK" : "MISMATCH");
    }
    count_scratch_free(sc);
    nq_split_free(s);
    return bad != 0;
}
