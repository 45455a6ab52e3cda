/*
 * estimate.h: how long a count will take (estimate.c), shared by nqueens and nqueens-mpi.
 */
#ifndef NQ_TOOL_ESTIMATE_H
#define NQ_TOOL_ESTIMATE_H

#include <stdio.h>

#include "nqueens_advanced.h"

/* The first n whose count prints an estimate first; the estimate is measured on the first n from
 * TOOL_CALIBRATE_MIN that takes at least TOOL_CALIBRATE_S seconds of CPU time, at most
 * TOOL_CALIBRATE_MAX. */
#define TOOL_ESTIMATE_FROM 25
#define TOOL_CALIBRATE_MIN 10
#define TOOL_CALIBRATE_MAX 16
#define TOOL_CALIBRATE_S   0.2
/* A count estimated to take longer than this is refused without --force. */
#define TOOL_REFUSE_S (365.25 * 86400)

/* An estimate: the time of a count of n on T threads (on each of R ranks), from a measured count
 * of m. */
typedef struct tool_estimate {
    int n, m, threads, ranks;
    int procs;        /* the processors this process may run on (threads beyond them add nothing) */
    nq_kernel kernel; /* the kernel both counts run */
    nq_method method; /* the method both counts run (resolved) */
    double seconds;   /* the estimate for n */
    double measured;  /* the CPU time of the count of m */
} tool_estimate;

/* tool_estimate_count() :
 * Measures a count of a small n on this machine (threads threads, kernel, method) and extrapolates
 * it to n on threads threads of each of ranks (>= 1) ranks, each taken to be as fast as this
 * process.
 * @return NQ_OK, or the status of the measured count. */
int tool_estimate_count(int n, int threads, int ranks, nq_kernel kernel, nq_method method,
                        tool_estimate *e);

/* tool_estimate_failed() : prints why tool_estimate_count() failed with status rc for e (its
 * n, threads, and the n of the count it measured when that count is what failed). */
void tool_estimate_failed(const tool_estimate *e, int rc);

/* tool_print_estimate() : writes "counting n = 27 takes about 703 years on 2 threads (estimated
 * from n = 16, ...)" after lead, without a newline. */
void tool_print_estimate(FILE *to, const char *lead, const tool_estimate *e);

#endif /* NQ_TOOL_ESTIMATE_H */
