/*
 * parallel.c: the count's driver: whole counts (nq_count(), one thread) and counts over the
 * subproblems of a split on many threads (nq_count_split()), the top of the counting stack
 * (parallel.c -> split.c -> count.c).
 *
 * Subproblem sizes vary by orders of magnitude, so they are handed out one at a time: each worker
 * takes the next number from a shared atomic counter (the dynamic schedule with chunk 1). Each
 * worker sums its own results, and the workers' sums are added under the call's lock as they
 * finish, in whatever order that is: the addition of exact integers is associative and
 * commutative, so the result never depends on the number of threads or the schedule.
 *
 * The workers are POSIX threads started by the call (the caller's thread works too) rather than
 * an OpenMP team: a thread that cannot be created is then a status returned to the caller
 * (NQ_ETHREAD), where the OpenMP runtime prints a message and exits the process. Every thread is
 * created before any starts working, so a count that cannot get its threads computes nothing and
 * reports nothing. At most NQ_MAX_THREADS threads.
 */
#define _GNU_SOURCE /* sched_getaffinity() and CPU_COUNT */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/* One call of nq_count_split(), shared by its workers. */
typedef struct count_run {
    const nq_split *s;
    const nq_count_options *opt;
    nq_kernel kernel; /* the kernel of the last rows (opt->kernel, resolved) */
    uint64_t size;
    atomic_uint_least64_t next; /* the next subproblem to hand out */
    atomic_int quit;            /* no new subproblem starts */
    atomic_int skipped;         /* some subproblem was left out because of quit */
    pthread_mutex_t lock;       /* the fields below, and calls of on_result */
    pthread_cond_t go_cv;
    int go;    /* 1: every thread was created, work; -1: one could not be, leave at once */
    int halt;  /* no result is reported or counted any more (on_result said stop) */
    int error; /* the first library error of a subproblem */
    nq_counts sum;
} count_run;

static void *count_worker(void *arg) {
    count_run *run = arg;
    pthread_mutex_lock(&run->lock);
    while (run->go == 0)
        pthread_cond_wait(&run->go_cv, &run->lock);
    int go = run->go;
    pthread_mutex_unlock(&run->lock);
    if (go < 0)
        return NULL;
    const nq_count_options *opt = run->opt;
    nq_counts mine;
    memset(&mine, 0, sizeof mine);
    /* NULL is fine: allocated per subproblem (and with the default kernel). */
    count_scratch *sc = count_scratch_new_kernel(run->kernel);
    for (;;) {
        uint64_t i = atomic_fetch_add(&run->next, 1);
        if (i >= run->size)
            break;
        if (opt->skip && opt->skip[i])
            continue;
        if (!atomic_load(&run->quit) && opt->stop && *opt->stop)
            atomic_store(&run->quit, 1);
        if (atomic_load(&run->quit)) {
            atomic_store(&run->skipped, 1);
            continue;
        }
        nq_counts c;
        int rc = split_solve(run->s, i, &c, sc);
        pthread_mutex_lock(&run->lock);
        if (rc != NQ_OK) {
            if (run->error == NQ_OK)
                run->error = rc;
            run->halt = 1;
        } else if (!run->halt) {
            nq_counts_add(&mine, &c);
            if (opt->on_result && opt->on_result(opt->user, i, &c))
                run->halt = 1;
        }
        if (run->halt)
            atomic_store(&run->quit, 1);
        pthread_mutex_unlock(&run->lock);
    }
    count_scratch_free(sc);
    pthread_mutex_lock(&run->lock);
    nq_counts_add(&run->sum, &mine);
    pthread_mutex_unlock(&run->lock);
    return NULL;
}

int nq_count_split(const nq_split *s, const nq_count_options *opt, nq_counts *out) {
    if (!s || !out)
        return NQ_EINVAL;
    nq_count_options none;
    if (!opt) {
        memset(&none, 0, sizeof none);
        opt = &none;
    }
    nq_kernel kernel;
    if (nq_kernel_resolve(opt->kernel, nq_split_n(s), &kernel) != NQ_OK)
        return NQ_EINVAL;
    int threads = nq_count_threads(opt->threads);
    if (threads < 0)
        return threads;
    pthread_t *tid = threads > 1 ? malloc((size_t)(threads - 1) * sizeof *tid) : NULL;
    if (threads > 1 && !tid)
        return NQ_ENOMEM;
    count_run run;
    memset(&run, 0, sizeof run);
    run.s = s;
    run.opt = opt;
    run.kernel = kernel;
    run.size = nq_split_size(s);
    atomic_init(&run.next, 0);
    atomic_init(&run.quit, 0);
    atomic_init(&run.skipped, 0);
    pthread_mutex_init(&run.lock, NULL);
    pthread_cond_init(&run.go_cv, NULL);
    int started = 0;
    while (started < threads - 1 && pthread_create(&tid[started], NULL, count_worker, &run) == 0)
        started++;
    pthread_mutex_lock(&run.lock);
    run.go = started == threads - 1 ? 1 : -1;
    pthread_cond_broadcast(&run.go_cv);
    pthread_mutex_unlock(&run.lock);
    if (run.go > 0)
        count_worker(&run); /* the caller's thread is a worker too */
    for (int t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    free(tid);
    pthread_mutex_destroy(&run.lock);
    pthread_cond_destroy(&run.go_cv);
    if (run.go < 0)
        return NQ_ETHREAD;
    if (run.error != NQ_OK)
        return run.error;
    nq_counts_add(out, &run.sum);
    return run.halt || atomic_load(&run.skipped) ? NQ_STOPPED : NQ_OK;
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
