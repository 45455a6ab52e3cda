/*
 * complete_driver.c: times nq_complete_first() in one process, for bench/complete.sh, so that
 * the solver is measured without the cost of starting a process (tens of milliseconds on a
 * loaded machine, more than most instances take).
 *
 * Reads lines "FILE D" on standard input; for each, reads the CSPLib problem 79 instance with
 * its first D diagonals, finds the lexicographically first completion (or proves none), and
 * prints "CPU WALL ANSWER NODES COLS": CPU and wall-clock seconds of the search alone (CPU time is
 * the steadier on a shared machine), ANSWER sat or unsat, COLS the completion's columns joined by
 * commas, or - when there is none. With --threads T, the search runs on T threads
 * (nq_complete_first_parallel(); default 1: nq_complete_first()), for bench/complete_paired.sh's
 * wall-time comparisons.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "nqueens_advanced.h"

static double seconds(clockid_t clock) {
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    char path[4096];
    long d;
    int threads = 1;
    if (argc == 3 && strcmp(argv[1], "--threads") == 0) {
        threads = atoi(argv[2]);
    } else if (argc != 1) {
        fprintf(stderr, "usage: complete_driver [--threads T] < lines of 'FILE D'\n");
        return 2;
    }
    while (scanf("%4095s %ld", path, &d) == 2) {
        FILE *f = fopen(path, "rb");
        if (!f) {
            fprintf(stderr, "complete_driver: cannot open %s\n", path);
            return 2;
        }
        static char text[1 << 20];
        size_t len = fread(text, 1, sizeof text, f);
        fclose(f);
        nq_instance *inst;
        char err[256];
        if (nq_instance_parse(text, len, 0, d, &inst, NULL, err, sizeof err) != NQ_OK) {
            fprintf(stderr, "complete_driver: %s: %s\n", path, err);
            return 2;
        }
        int *cols = malloc((size_t)nq_instance_n(inst) * sizeof *cols);
        nq_complete_stats st = {0};
        double c0 = seconds(CLOCK_PROCESS_CPUTIME_ID), t0 = seconds(CLOCK_MONOTONIC);
        int rc = !cols          ? NQ_ENOMEM
                 : threads == 1 ? nq_complete_first(inst, cols, NULL, &st)
                                : nq_complete_first_parallel(inst, threads, cols, NULL, &st);
        double c1 = seconds(CLOCK_PROCESS_CPUTIME_ID), t1 = seconds(CLOCK_MONOTONIC);
        if (rc != NQ_OK && rc != NQ_ENOSOL) {
            fprintf(stderr, "complete_driver: %s: %s\n", path, nq_strerror(rc));
            return 2;
        }
        printf("%.9f %.9f %s %llu ", c1 - c0, t1 - t0, rc == NQ_OK ? "sat" : "unsat",
               (unsigned long long)st.nodes);
        for (int r = 0; r < nq_instance_n(inst); r++) {
            printf(rc != NQ_OK ? (r ? "" : "-") : r ? ",%d" : "%d", rc != NQ_OK ? 0 : cols[r]);
        }
        printf("\n");
        fflush(stdout);
        free(cols);
        nq_instance_free(inst);
    }
    return 0;
}
