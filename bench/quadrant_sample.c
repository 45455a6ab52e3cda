/*
 * quadrant_sample.c: projects the time of a whole count by the quadrant join from a random sample
 * of its subproblems, for the n whose whole count takes hours (built as BUILD/bench/quadrant_sample
 * by `cmake --build BUILD --target bench`; its runs are in bench/RESULTS.md).
 *
 * Usage: quadrant_sample N SAMPLES [RUN [SEED]]
 * Builds the quadrant split of N (its quadrant placements: seconds, and 2.1 GiB at n = 22), then
 * counts SAMPLES runs of RUN consecutive subproblems (default 30), each run from a start drawn
 * uniformly with replacement (xorshift from SEED, default 1), on this one thread, timing each run
 * by the thread's CPU clock. Runs, not single subproblems: a count visits the subproblems in
 * order, and consecutive ones read nearby placements, so that single ones drawn at random measure
 * cache misses a count does not have (up to 1.4 times its time at n = 19, measured). Each run
 * stands for RUN subproblems, so that size x (the mean over runs) / RUN estimates the sum over
 * all of them, with the standard error from the runs' spread: this prints that projection for
 * the CPU seconds, the pairs weighed (nodes) and the total, to be checked against OEIS A000170 (a
 * projection far from it says the sample is too small or the clock lies; the fundamental count
 * follows from whole counts only, by Burnside's lemma at the end).
 * Prints the build's seconds apart: a whole count on one thread takes build + count. It counts
 * as a worker of `nqueens count` does, through the library's internal split_quadrant_solve()
 * with one working memory kept from one subproblem to the next (the public nq_split_solve()
 * makes a new one each call, which would be timed too).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "split_quadrant.h" /* the library's own (src/): a scratch kept across subproblems */

static double thread_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static uint64_t next(uint64_t *x) { /* xorshift64* (Vigna 2016) */
    *x ^= *x >> 12, *x ^= *x << 25, *x ^= *x >> 27;
    return *x * 0x2545F4914F6CDD1Dull;
}

/* Mean and standard error of the sum over size items, from k samples' sum s and sum of squares
 * q, printed as "projection +- error". */
static void project(const char *what, double size, double s, double q, long k) {
    double mean = s / (double)k, var = k > 1 ? (q - s * mean) / (double)(k - 1) : 0;
    printf("%-12s %.6g +- %.2g (%.2f%%)\n", what, size * mean, size * sqrt(var / (double)k),
           mean ? 100 * sqrt(var / (double)k) / mean : 0);
}

int main(int argc, char **argv) {
    if (argc < 3 || argc > 5) {
        fprintf(stderr, "usage: quadrant_sample N SAMPLES [RUN [SEED]]\n");
        return 2;
    }
    int n = atoi(argv[1]);
    long k = atol(argv[2]), run = argc > 3 ? atol(argv[3]) : 30;
    uint64_t x = argc > 4 ? strtoull(argv[4], NULL, 10) : 1;
    x = x ? x : 1;
    split_quadrant *s;
    quadrant_scratch *qs = quadrant_scratch_new(NQ_KERNEL_AUTO);
    double t0 = thread_seconds();
    if (k < 1 || run < 1 || !qs || split_quadrant_new(n, &s) != NQ_OK) {
        fprintf(stderr, "quadrant_sample: no quadrant split of n = %s, or SAMPLES or RUN < 1\n",
                argv[1]);
        return 2;
    }
    uint64_t size = split_quadrant_size(s);
    nq_counts c;
    int rc = NQ_OK;
    split_quadrant_get_lists(s, NULL, &rc);
    double build = thread_seconds() - t0, worst = 0;
    uint64_t worst_at = 0;
    if (rc != NQ_OK) {
        fprintf(stderr, "quadrant_sample: %s\n", nq_strerror(rc));
        return 1;
    }
    double sum[3] = {0}, sq[3] = {0};
    if ((uint64_t)run > size)
        run = (long)size;
    for (long i = 0; i < k; i++) {
        uint64_t first = next(&x) % (size - (uint64_t)run + 1); /* the run fits */
        double v[3] = {0};
        t0 = thread_seconds();
        for (uint64_t index = first; index < first + (uint64_t)run && rc == NQ_OK; index++) {
            rc = split_quadrant_solve(s, index, &c, qs);
            v[1] += (double)c.nodes, v[2] += (double)c.total;
        }
        v[0] = thread_seconds() - t0;
        if (rc != NQ_OK) {
            fprintf(stderr, "quadrant_sample: subproblems from %llu: %s\n",
                    (unsigned long long)first, nq_strerror(rc));
            return 1;
        }
        if (v[0] > worst)
            worst = v[0], worst_at = first;
        for (int j = 0; j < 3; j++)
            sum[j] += v[j], sq[j] += v[j] * v[j];
    }
    printf("%s\n", split_quadrant_id(s));
    printf("samples      %ld runs of %ld of %llu subproblems, seed %s\n", k, run,
           (unsigned long long)size, argc > 4 ? argv[4] : "1");
    printf("build        %.2f s (one thread)\n", build);
    double per = (double)size / (double)run; /* a run stands for run subproblems */
    project("cpu seconds", per, sum[0], sq[0], k);
    printf("slowest run  %.3f s (from subproblem %llu)\n", worst, (unsigned long long)worst_at);
    project("pairs", per, sum[1], sq[1], k);
    project("total", per, sum[2], sq[2], k);
    printf("kernel       %s\n", nq_kernel_name(quadrant_scratch_kernel(qs)));
    split_quadrant_free(s);
    quadrant_scratch_free(qs);
    return 0;
}
