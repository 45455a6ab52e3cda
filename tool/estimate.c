/*
 * estimate.c: how long a count will take, for `nqueens count` (--estimate, and the estimate and
 * refusal of a count of years) and `nqueens-mpi count` (estimate.h). A small count is measured on
 * this machine with the kernel and method the count will run, and scaled by the asymptotic growth
 * of the number of solutions, (n e^-1.942)^n (Simkin 2021, arXiv:2107.13460), or for the quadrant
 * join by its own measured growth: a rough guide, within a small factor.
 */
#include <math.h>
#include <string.h>
#include <time.h>

#include "estimate.h"
#include "message.h"

/* The CPU time of the process (every thread), in seconds. */
static double cpu_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Runs a whole count of n on the given threads, kernel and method; *cpu receives the CPU time it
 * took (all threads). Returns a library status. */
static int count_run(int n, int threads, nq_kernel kernel, nq_method method, nq_counts *out,
                     double *cpu) {
    nq_split *split;
    int rc = nq_split_new_method(n, method, &split);
    if (rc != NQ_OK)
        return rc;
    nq_count_options opt;
    memset(&opt, 0, sizeof opt);
    opt.threads = threads;
    opt.kernel = kernel;
    opt.method = method;
    memset(out, 0, sizeof *out);
    double start = cpu_seconds();
    rc = nq_count_split(split, &opt, out);
    *cpu = cpu_seconds() - start;
    nq_split_free(split);
    return rc;
}

/* log of the asymptotic number of solutions, (n e^-1.942)^n (Simkin 2021): the estimate scales
 * a time measured on a small n by the ratio of these. */
static double log_solutions(int n) {
    return (double)n * (log((double)n) - 1.942);
}

/* The quadrant join does not grow like the number of solutions (it weighs pairs of half-boards,
 * not solutions: 518x from n = 16 to 20 where Q(n) grows 2,642x), so its estimate from n = 16
 * on scales by its own growth: the CPU seconds of one thread counting n on an AMD EPYC Zen 4
 * (bench/RESULTS.md, issue 34, "The pair counter", 2026-12-04, idle): n = 16..18, 20 and 22
 * whole counts (n = 16 as this estimate measures it), n = 19, 21 and 23 projected from runs of
 * consecutive subproblems (bench/quadrant_sample.c: 200, 100 and 60 runs of 30, +- 1.4% to
 * 5.9%), those of 21 and 23 times 1.26, what the whole count of n = 20 took over its projection
 * (62.2 s against 49.2 s; n = 22's took 1.10 times its own). Only the ratios are used. */
static const double quadrant_seconds[NQ_METHOD_QUADRANT_MAX_N + 1] = {
    [16] = 0.12,  [17] = 0.85,   [18] = 1.90,    [19] = 26.41,
    [20] = 62.21, [21] = 650.44, [22] = 3098.35, [23] = 30300.98};

/* How many times longer a count of n takes than one of m by method. */
static double growth(nq_method method, int m, int n) {
    if (method == NQ_METHOD_QUADRANT && m == TOOL_CALIBRATE_MAX && n > m &&
        n <= NQ_METHOD_QUADRANT_MAX_N)
        return quadrant_seconds[n] / quadrant_seconds[m];
    return exp(log_solutions(n) - log_solutions(m));
}

/* "about 3.2 seconds", "about 12 minutes", "about 703 years", or "under a second" (a count of
 * a small n is not "about 0 seconds"). */
static void print_duration(FILE *to, double s) {
    if (s < 1)
        fprintf(to, "under a second");
    else if (s < 10)
        fprintf(to, "about %.1f seconds", s);
    else if (s < 120)
        fprintf(to, "about %.0f seconds", s);
    else if (s < 7200)
        fprintf(to, "about %.0f minutes", s / 60);
    else if (s < 2 * 86400)
        fprintf(to, "about %.1f hours", s / 3600);
    else if (s < 2 * 365.25 * 86400)
        fprintf(to, "about %.0f days", s / 86400);
    else if (s < 1e6 * 365.25 * 86400)
        fprintf(to, "about %.0f years", s / (365.25 * 86400));
    else
        fprintf(to, "about %.2g years", s / (365.25 * 86400));
}

/* Measures a count of a small n with the kernel and method that the count of n runs, and
 * extrapolates it to n on T threads. The measure is CPU time, divided by T, or by the processors
 * this process may run on when T is more (--threads 1024 on 2 cores is no faster than 2 threads,
 * and must not make a count of years look short enough to start): the wall-clock time of a count of
 * a fraction of a second on a busy machine can be many times its work. */
int tool_estimate_count(int n, int threads, int ranks, nq_kernel kernel, nq_method method,
                        tool_estimate *e) {
    nq_counts c;
    double t = 0;
    int m = TOOL_CALIBRATE_MIN, used = nq_count_threads(threads), procs = nq_count_threads(0);
    e->n = n;
    e->m = 0;
    e->threads = used;
    int rc = nq_kernel_resolve(kernel, n, &kernel);
    if (rc == NQ_OK)
        rc = nq_method_choose(method, n, threads, &method);
    if (rc != NQ_OK)
        return rc;
    if (method == NQ_METHOD_QUADRANT && n > TOOL_CALIBRATE_MAX)
        m = TOOL_CALIBRATE_MAX; /* where growth() has the quadrant join's own */
    for (;; m++) {
        e->m = m;
        rc = count_run(m, threads, kernel, method, &c, &t);
        if (rc != NQ_OK)
            return rc;
        if (t >= TOOL_CALIBRATE_S || m == TOOL_CALIBRATE_MAX)
            break;
    }
    e->n = n;
    e->m = m;
    e->threads = used;
    e->procs = procs;
    e->kernel = kernel;
    e->method = method;
    e->measured = t;
    e->ranks = ranks;
    e->seconds = t / (used < procs ? used : procs) / ranks * growth(method, m, n);
    return NQ_OK;
}

/* Writes "counting n = 27 takes about 703 years on 2 threads (estimated from n = 16, ...)" after
 * lead, without a newline. */
void tool_print_estimate(FILE *to, const char *lead, const tool_estimate *e) {
    fflush(stdout);
    fprintf(to, "%scounting n = %d takes ", lead, e->n);
    print_duration(to, e->seconds);
    if (e->ranks > 1)
        fprintf(to, " on %d ranks of %d thread%s (each as fast as this one; ", e->ranks, e->threads,
                e->threads == 1 ? "" : "s");
    else
        fprintf(to, " on %d thread%s (", e->threads, e->threads == 1 ? "" : "s");
    if (e->threads > e->procs) /* they share the processors: no faster than one per processor */
        fprintf(to, "%d processor%s; ", e->procs, e->procs == 1 ? "" : "s");
    fprintf(to, "estimated from n = %d, %.3f s of CPU time on this machine, %s kernel%s)", e->m,
            e->measured, nq_kernel_name(e->kernel),
            e->method == NQ_METHOD_QUADRANT ? ", quadrant join" : "");
}

void tool_estimate_failed(const tool_estimate *e, int rc) {
    if (!e->m) {
        tool_error("cannot estimate the count of n = %d: %s", e->n, nq_strerror(rc));
        return;
    }
    char why[160];
    if (rc == NQ_ETHREAD)
        snprintf(why, sizeof why,
                 "cannot start %d threads (out of memory, or over this process's limit of "
                 "threads); use fewer --threads",
                 e->threads);
    else
        snprintf(why, sizeof why, "%s", nq_strerror(rc));
    tool_error("cannot estimate the count of n = %d: the count of n = %d it is measured on "
               "failed: %s",
               e->n, e->m, why);
}
