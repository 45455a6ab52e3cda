/*
 * parallel.c: counts on the CPU: whole counts (nq_count(), one thread) and counts over the
 * subproblems of a split on many threads (nq_count_split()), the CPU engine of the one count
 * driver (drive.c, which hands out the numbers and adds the results for the GPUs and the MPI
 * ranks too): parallel.c -> drive.c, split.c -> count.c (backtracking) or, for a quadrant split,
 * split_quadrant.c -> quadrant.c (the quadrant join).
 *
 * A CPU worker takes one number at a time (subproblem sizes vary by orders of magnitude: the
 * dynamic schedule with chunk 1) and solves it with its own scratch memory, reused from one
 * subproblem to the next. The workers are POSIX threads started by the call (the caller's thread
 * works too) rather than an OpenMP team: a thread that cannot be created is then a status
 * returned to the caller (NQ_ETHREAD), where the OpenMP runtime prints a message and exits the
 * process. At most NQ_MAX_THREADS threads.
 */
#define _GNU_SOURCE /* sched_getaffinity() and CPU_COUNT */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "drive.h"
#include "split.h"

int nq_count_parallel(int n, int threads, nq_counts *out) {
    if (n < 1 || n > NQ_MAX_N || !out || threads < 0 || threads > NQ_MAX_THREADS)
        return NQ_EINVAL;
    nq_split *s;
    int rc = nq_split_new_method(n, NQ_METHOD_AUTO, &s);
    if (rc != NQ_OK)
        return rc;
    nq_count_options opt;
    memset(&opt, 0, sizeof opt);
    opt.threads = threads;
    nq_counts sum;
    memset(&sum, 0, sizeof sum);
    rc = nq_count_split(s, &opt, &sum); /* a whole count: checked against the known counts */
    nq_split_free(s);
    if (rc == NQ_OK)
        *out = sum;
    return rc;
}

int nq_count(int n, nq_counts *out) {
    return nq_count_parallel(n, 1, out);
}

/* A CPU worker: one number at a time, with its own scratch memory for the search. */
typedef struct cpu_worker {
    drive *d;
    nq_kernel kernel; /* the kernel of the last rows (opt->kernel, resolved) */
    nq_method method; /* opt->method, resolved */
} cpu_worker;

static void cpu_work(void *arg) {
    cpu_worker *w = arg;
    /* NULL is fine for the first: allocated per subproblem (and with the default kernel);
     * the quadrant join's scratch is the lists of one column set, grown as needed. */
    count_scratch *sc = NULL;
    quadrant_scratch *qs = NULL;
    if (w->method == NQ_METHOD_QUADRANT) {
        if (!(qs = quadrant_scratch_new(w->kernel)))
            drive_fail(w->d, NQ_ENOMEM);
        quadrant_scratch_set_stop(qs, w->d->opt->stop); /* the build of its tables gives up */
    } else {
        sc = count_scratch_new_kernel(w->kernel);
        count_scratch_set_stop(sc, w->d->opt->stop); /* a subproblem in flight gives up too */
    }
    uint64_t i;
    while (drive_take(w->d, &i, 1) == 1) {
        nq_counts c;
        int rc = w->method == NQ_METHOD_QUADRANT ? split_solve_quadrant(w->d->s, i, &c, qs)
                                                 : split_solve(w->d->s, i, &c, sc);
        if (rc == NQ_STOPPED) {
            drive_abandon(w->d); /* its partial counts are dropped: it is left for a resume */
            break;
        }
        if (rc != NQ_OK)
            drive_fail(w->d, rc);
        else if (drive_give(w->d, &i, &c, 1, NULL))
            break;
    }
    count_scratch_free(sc);
    quadrant_scratch_free(qs);
}

int nq_count_split(const nq_split *s, const nq_count_options *opt, nq_counts *out) {
    if (!s || !out)
        return NQ_EINVAL;
    nq_kernel kernel;
    nq_method method;
    if (nq_kernel_resolve(opt ? opt->kernel : NQ_KERNEL_AUTO, nq_split_n(s), &kernel) != NQ_OK ||
        nq_split_count_method(s, opt ? opt->method : NQ_METHOD_AUTO, &method) != NQ_OK)
        return NQ_EINVAL;
    int threads = nq_count_threads(opt ? opt->threads : 0);
    if (threads < 0)
        return threads;
    cpu_worker *worker = malloc((size_t)threads * sizeof *worker);
    void **arg = malloc((size_t)threads * sizeof *arg);
    if (!worker || !arg) {
        free(worker);
        free(arg);
        return NQ_ENOMEM;
    }
    drive d;
    nq_count_options none;
    drive_init(&d, s, opt, &none);
    for (int t = 0; t < threads; t++) {
        worker[t] = (cpu_worker){&d, kernel, method};
        arg[t] = &worker[t];
    }
    int rc = drive_threads(threads, cpu_work, arg);
    free(worker);
    free(arg);
    if (rc == NQ_OK) {
        rc = drive_status(&d);
        nq_counts sum = *out;
        if (rc == NQ_OK || rc == NQ_STOPPED)
            nq_counts_add(&sum, &d.sum);
        /* A finished count of every number: its class counts (a quadrant split's) completed. */
        if (rc == NQ_OK && !d.opt->source && nq_split_complete(s, &sum) != NQ_OK)
            rc = NQ_EWRONG;
        if (rc == NQ_OK || rc == NQ_STOPPED)
            *out = sum;
    }
    drive_destroy(&d);
    return rc;
}

int nq_count_threads(int threads) {
    if (threads < 0 || threads > NQ_MAX_THREADS)
        return NQ_EINVAL;
    if (threads > 0)
        return threads;
    /* The processors this process may run on (taskset, cpusets), else those online. */
    cpu_set_t set;
    long procs = sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set)
                                                             : sysconf(_SC_NPROCESSORS_ONLN);
    return procs < 1 ? 1 : procs > NQ_MAX_THREADS ? NQ_MAX_THREADS : (int)procs;
}
