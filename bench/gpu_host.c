/*
 * gpu_host.c: the host's work a subproblem of the GPU's quadrant join (src/gpu_quadrant.c), on
 * the CPU alone: for a sample of subproblems, its segments appended to a batch as a host thread of
 * the driver appends them (gpu_pair_build_sub()), the batch cleared when it is as full as the
 * driver sends it, timed by the thread's CPU clock; and, untimed, the halves the device will
 * build from them (quadrant_halves(), the CPU's), to compare with the room the batch gives them.
 * It needs no GPU: the device's share is measured by bench/gpu_quadrant.sh on one (built as
 * BUILD/bench/gpu_host by `cmake --build BUILD --target bench`; its runs are in
 * bench/RESULTS.md).
 *
 * Usage: gpu_host N RUNS [RUN [SEED]]
 * Builds the quadrant split of N (not timed), then RUNS runs of RUN consecutive subproblems
 * (default 20; consecutive, as a host thread takes them) from starts drawn uniformly (xorshift
 * from SEED, default 1), and prints the mean microseconds a subproblem, the mean segments, bytes
 * sent, room and signatures a subproblem. The sample is gone through twice, the first time
 * untimed, so that the batch's memory has grown and is mapped, as in a long count.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "gpu_quadrant.h"   /* the library's own (src/): the batch as the driver builds it */
#include "split_quadrant.h" /* its quadrant lists */

static double thread_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static uint64_t next(uint64_t *x) { /* xorshift64* (Vigna 2016) */
    *x ^= *x >> 12, *x ^= *x << 25, *x ^= *x >> 27;
    return *x * 0x2545F4914F6CDD1Dull;
}

int main(int argc, char **argv) {
    if (argc < 3 || argc > 5) {
        fprintf(stderr, "usage: gpu_host N RUNS [RUN [SEED]]\n");
        return 2;
    }
    int n = atoi(argv[1]);
    long runs = atol(argv[2]), run = argc > 3 ? atol(argv[3]) : 20;
    uint64_t x = argc > 4 ? strtoull(argv[4], NULL, 10) : 1;
    if (!x)
        x = 1;
    split_quadrant *s = NULL;
    int rc = split_quadrant_new(n, &s);
    const quadrant_lists *q = rc == NQ_OK ? split_quadrant_get_lists(s, NULL, &rc) : NULL;
    quadrant_scratch *sc = quadrant_scratch_new(NQ_KERNEL_AUTO);
    if (!q || !sc || runs < 1 || run < 1 || split_quadrant_size(s) <= (uint64_t)run) {
        fprintf(stderr, "gpu_host: n = %d: no quadrant split, or too few subproblems\n", n);
        return 2;
    }
    uint64_t size = split_quadrant_size(s);
    gpu_lists_info info;
    uint32_t base[4];
    size_t placements;
    gpu_pair_lists_info(q, &info, base, &placements);
    gpu_pair_build b = {0};
    double host = 0, segs = 0, room = 0, values = 0;
    long subs = 0;
    uint64_t seed = x;
    for (long r = 0; r < 2 * runs; r++) {
        if (r == runs) { /* the same sample again, timed */
            x = seed, host = segs = room = values = 0, subs = 0;
            gpu_pair_build_clear(&b);
        }
        uint64_t first = next(&x) % (size - (uint64_t)run);
        for (uint64_t i = first; i < first + (uint64_t)run; i++) {
            uint64_t c, bound;
            int m, w;
            const uint64_t *t, *u;
            size_t nt, nu;
            if (i == 0 || split_quadrant_columns(s, i, &c, &m, &w) != NQ_OK)
                continue; /* number 0, the symmetric solutions, is counted on the host */
            if (b.nsub >= 4096 || b.nroom >= ((uint64_t)1 << 27) ||
                b.nbottoms >= ((uint64_t)1 << 27))
                gpu_pair_build_clear(&b); /* as full as the driver sends a batch */
            size_t nsegs = b.nsegs;
            double t0 = thread_seconds();
            if (gpu_pair_build_sub(&b, q, base, m, c, &bound) != NQ_OK)
                return 1;
            host += thread_seconds() - t0;
            if (quadrant_halves(q, m, c, sc, &t, &nt, &u, &nu) != NQ_OK)
                return 1;
            segs += (double)(b.nsegs - nsegs), room += (double)bound, values += (double)(nt + nu);
            subs++;
        }
    }
    printf("n = %d, %ld subproblems: host %.2f us, %.0f segments (%.0f bytes sent), room %.0f "
           "signatures, built %.0f (%.0f bytes) a subproblem; lists %zu placements (%.0f MiB)\n",
           n, subs, 1e6 * host / (double)subs, segs / (double)subs,
           (segs * sizeof(gpu_segment) + (double)subs * sizeof(gpu_pair_sub)) / (double)subs,
           room / (double)subs, values / (double)subs, 8 * values / (double)subs, placements,
           8.0 * (double)placements / 1048576.0);
    gpu_pair_build_free(&b);
    quadrant_scratch_free(sc);
    split_quadrant_free(s);
    return 0;
}
