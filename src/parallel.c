/*
 * parallel.c: the count's driver: whole counts (nq_count(), one thread) and counts over the
 * subproblems of a split on all cores (nq_count_split()), the top of the counting stack
 * (parallel.c -> split.c -> count.c).
 *
 * Subproblem sizes vary by orders of magnitude, so they are handed out one at a time (OpenMP
 * dynamic schedule, chunk 1). Each thread sums its own results, and the threads' sums are added
 * under the call's lock as the threads finish, in whatever order that is: the addition of exact
 * integers is associative and commutative, so the result never depends on the number of threads or
 * the schedule.
 */
#include <omp.h>
#include <string.h>

#include "split.h"

void nq_counts_add(nq_counts *acc, const nq_counts *x) {
    acc->total += x->total;
    acc->unique += x->unique;
    acc->orbit8 += x->orbit8;
    acc->orbit4 += x->orbit4;
    acc->orbit2 += x->orbit2;
    acc->orbit1 += x->orbit1;
    acc->nodes += x->nodes;
}

int nq_count(int n, nq_counts *out) {
    if (n < 1 || n > NQ_MAX_N || !out)
        return NQ_EINVAL;
    nq_split *s;
    int rc = nq_split_new(n, &s);
    if (rc != NQ_OK)
        return rc;
    nq_counts sum;
    memset(&sum, 0, sizeof sum);
    uint64_t size = nq_split_size(s);
    count_scratch *sc = count_scratch_new(); /* NULL is fine: each subproblem then allocates */
    for (uint64_t i = 0; i < size && rc == NQ_OK; i++) {
        nq_counts c;
        rc = split_solve(s, i, &c, sc);
        if (rc == NQ_OK)
            nq_counts_add(&sum, &c);
    }
    count_scratch_free(sc);
    nq_split_free(s);
    if (rc == NQ_OK)
        *out = sum;
    return rc;
}

int nq_count_split(const nq_split *s, const nq_count_options *opt, nq_counts *out) {
    if (!s || !out)
        return NQ_EINVAL;
    nq_count_options none;
    if (!opt) {
        memset(&none, 0, sizeof none);
        opt = &none;
    }
    if (opt->threads < 0)
        return NQ_EINVAL;
    int threads = nq_count_threads(opt->threads);
    long long size = (long long)nq_split_size(s);
    nq_counts sum;
    memset(&sum, 0, sizeof sum);
    int quit = 0;    /* no new subproblem starts */
    int halt = 0;    /* no result is reported or counted any more (on_result said stop) */
    int skipped = 0; /* some subproblem was left out because of quit */
    int error = NQ_OK;
    /* One lock per call, not a named critical section: those are process-wide (counts running
     * side by side would wait for each other) and would be exported by the shared library. */
    omp_lock_t lock;
    omp_init_lock(&lock);
#pragma omp parallel num_threads(threads)
    {
        nq_counts mine;
        memset(&mine, 0, sizeof mine);
        count_scratch *sc = count_scratch_new(); /* NULL is fine: allocated per subproblem */
#pragma omp for schedule(dynamic, 1)
        for (long long i = 0; i < size; i++) {
            if (opt->skip && opt->skip[i])
                continue;
            int q;
#pragma omp atomic read
            q = quit;
            if (!q && opt->stop && *opt->stop) {
                q = 1;
#pragma omp atomic write
                quit = 1;
            }
            if (q) {
#pragma omp atomic write
                skipped = 1;
                continue;
            }
            nq_counts c;
            int rc = split_solve(s, (uint64_t)i, &c, sc);
            omp_set_lock(&lock);
            {
                if (rc != NQ_OK) {
                    error = rc;
                    halt = 1;
                } else if (!halt) {
                    nq_counts_add(&mine, &c);
                    if (opt->on_result && opt->on_result(opt->user, (uint64_t)i, &c))
                        halt = 1;
                }
                if (halt) {
#pragma omp atomic write
                    quit = 1;
                }
            }
            omp_unset_lock(&lock);
        }
        count_scratch_free(sc);
        omp_set_lock(&lock);
        nq_counts_add(&sum, &mine);
        omp_unset_lock(&lock);
    }
    omp_destroy_lock(&lock);
    if (error != NQ_OK)
        return error;
    nq_counts_add(out, &sum);
    return halt || skipped ? NQ_STOPPED : NQ_OK;
}

int nq_count_threads(int threads) {
    if (threads > 0)
        return threads;
    int procs = omp_get_num_procs();
    return procs > 0 ? procs : 1;
}
