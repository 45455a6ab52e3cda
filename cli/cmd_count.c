/*
 * cmd_count.c: `nqueens count N`: the number of solutions (total, or fundamental with --unique),
 * on all cores, through the numbered subproblems of the library's split. Large n first get an
 * estimate of the running time, measured on this machine, so nobody starts a years-long job by
 * accident.
 */
#include <assert.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "gpu_options.h"
#include "kernel_env.h"
#include "progress.h"

static const tool_option count_options[] = {
    {"unique", 'u', NULL, "print the number of fundamental solutions"},
    {"threads", 't', "T",
     "worker threads, 1 to " TOOL_STR(NQ_MAX_THREADS) " (default: all cores, at most\n" TOOL_STR(
         NQ_MAX_THREADS) ")"},
    {"json", 'j', NULL,
     "print one JSON object: n, total, unique, orbit8, orbit4, orbit2,\n"
     "orbit1 (fundamental solutions whose class has 8, 4, 2, 1 members),\n"
     "seconds, nodes, threads, kernel (the instruction set used); with\n"
     "--checkpoint also resumed and computed (subproblems taken from\n"
     "FILE, and computed by this run)"},
    {"estimate", 'e', NULL,
     "only print how long the count would take on this machine\n"
     "(the CPU time of a small N with the same kernel, scaled by the\n"
     "asymptotic growth of the number of solutions), then exit; with\n"
     "--json, as one object: n, estimated_seconds, threads, measured_n,\n"
     "measured_seconds (CPU), kernel"},
    {"force", 'F', NULL, "start a count even when it is estimated to take more than a year"},
    {"checkpoint", 'c', "FILE",
     "record finished subproblems in the journal FILE, and resume\n"
     "from it when it exists (Ctrl-C stops cleanly; run again to resume)"},
    {"status", 's', NULL,
     "with --checkpoint: print how far FILE has got, as text, without counting"},
    {"progress", 'p', NULL, "show progress and an ETA on stderr (default: when it is a terminal)"},
    {"no-progress", 'P', NULL, "never show progress"},
    {"gpu", 'g', NULL,
     "count on CUDA GPUs (N <= " TOOL_STR(
         NQ_GPU_MAX_N) ", a build with cmake -DNQ_CUDA=ON): the\n"
                       "same subproblems, journal and answer; with --json, kernel is \"cuda\",\n"
                       "threads the GPUs, and devices lists each GPU and the subproblems it\n"
                       "counted. No GPU (or no CUDA in this build): exit 2"},
    {"devices", 'D', "LIST", "the GPUs to use, e.g. 0,1 (default: all); implies --gpu"},
    {NULL, 0, NULL, NULL},
};

static const tool_command count_command = {
    "count",
    "Usage: nqueens count [N] [--unique] [--threads T] [--json] [--estimate] [--force]\n"
    "                     [--checkpoint FILE [--status]] [--progress | --no-progress]\n"
    "                     [--gpu [--devices LIST]]\n"
    "Count the solutions of the N-queens problem (1 <= N <= 64), exactly (128-bit), with a\n"
    "symmetry-reduced search on all cores. N is read from standard input when omitted.\n"
    "Prints the total number of solutions (OEIS A000170), or with --unique the number of\n"
    "fundamental solutions, one per symmetry class (OEIS A002562). For N above 24 an estimate\n"
    "of the running time on this machine is printed on stderr before the count starts; a\n"
    "count estimated to take more than a year is refused (exit 2) unless --force is given.\n",
    count_options,
    "Environment: NQ_KERNEL=generic, avx2 or avx512 forces a counting kernel (the same\n"
    "answer and nodes with each; default: the fastest this CPU runs).\n",
};

/* The first n whose count prints an estimate first; the estimate is measured on the first n from
 * COUNT_CALIBRATE_MIN that takes at least COUNT_CALIBRATE_S seconds of CPU time, at most
 * COUNT_CALIBRATE_MAX.
 */
#define COUNT_ESTIMATE_FROM 25
#define COUNT_CALIBRATE_MIN 10
#define COUNT_CALIBRATE_MAX 16
#define COUNT_CALIBRATE_S   0.2
/* A count estimated to take longer than this is refused without --force. */
#define COUNT_REFUSE_S (365.25 * 86400)

/* The CPU time of the process (every thread), in seconds. */
static double cpu_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Runs a whole count of n on the given threads and kernel; *cpu receives the CPU time it took
 * (all threads). Returns a library status. */
static int count_run(int n, int threads, nq_kernel kernel, nq_counts *out, double *cpu) {
    nq_split *split;
    int rc = nq_split_new(n, &split);
    if (rc != NQ_OK)
        return rc;
    nq_count_options opt;
    memset(&opt, 0, sizeof opt);
    opt.threads = threads;
    opt.kernel = kernel;
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

/* An estimate: the time of a count of n on T threads, from a measured count of m. */
typedef struct count_guess {
    int n, m, threads;
    int procs;        /* the processors this process may run on (threads beyond them add nothing) */
    nq_kernel kernel; /* the kernel both counts run */
    double seconds;   /* the estimate for n */
    double measured;  /* the CPU time of the count of m */
} count_guess;

/* Measures a count of a small n with the kernel that the count of n runs, and extrapolates it to
 * n on T threads. The measure is CPU time, divided by T, or by the processors this process may
 * run on when T is more (--threads 1024 on 2 cores is no faster than 2 threads, and must not make
 * a count of years look short enough to start): the wall-clock time of a count of a fraction of
 * a second on a busy machine can be many times its work. */
static int count_estimate(int n, int threads, nq_kernel kernel, count_guess *e) {
    nq_counts c;
    double t = 0;
    int m = COUNT_CALIBRATE_MIN, used = nq_count_threads(threads), procs = nq_count_threads(0);
    int rc = nq_kernel_resolve(kernel, n, &kernel);
    if (rc != NQ_OK)
        return rc;
    for (;; m++) {
        rc = count_run(m, threads, kernel, &c, &t);
        if (rc != NQ_OK)
            return rc;
        if (t >= COUNT_CALIBRATE_S || m == COUNT_CALIBRATE_MAX)
            break;
    }
    e->n = n;
    e->m = m;
    e->threads = used;
    e->procs = procs;
    e->kernel = kernel;
    e->measured = t;
    e->seconds = t / (used < procs ? used : procs) * exp(log_solutions(n) - log_solutions(m));
    return NQ_OK;
}

/* Writes "counting n = 27 takes about 703 years on 2 threads (estimated from n = 16, ...)" after
 * lead, without a newline. */
static void print_estimate(FILE *to, const char *lead, const count_guess *e) {
    fflush(stdout);
    fprintf(to, "%scounting n = %d takes ", lead, e->n);
    print_duration(to, e->seconds);
    fprintf(to, " on %d thread%s (", e->threads, e->threads == 1 ? "" : "s");
    if (e->threads > e->procs) /* they share the processors: no faster than one per processor */
        fprintf(to, "%d processor%s; ", e->procs, e->procs == 1 ? "" : "s");
    fprintf(to, "estimated from n = %d, %.3f s of CPU time on this machine, %s kernel)", e->m,
            e->measured, nq_kernel_name(e->kernel));
}

int cmd_count(int argc, char **argv) {
    tool_getopt g;
    tool_getopt_init(&g, &count_command);
    int unique = 0, json = 0, estimate = 0, status = 0, progress = -1, force = 0;
    const char *checkpoint = NULL;
    long long threads = 0, n;
    int gpu = 0, devices[NQ_GPU_MAX_DEVICES], ndevices = 0;
    nq_gpu_report report;
    memset(&report, 0, sizeof report);
    if (cli_reject_negative(argc, argv, "N", 1, NQ_MAX_N, g.optstring, g.longopts))
        return EXIT_USAGE;
    opterr = 0;
    int opt;
    while ((opt = getopt_long(argc, argv, g.optstring, g.longopts, NULL)) != -1) {
        switch (opt) {
        case 'u':
            unique = 1;
            break;
        case 't':
            if (tool_parse_ll("--threads", optarg, 1, NQ_MAX_THREADS, &threads))
                return EXIT_USAGE;
            break;
        case 'j':
            json = 1;
            break;
        case 'e':
            estimate = 1;
            break;
        case 'c':
            checkpoint = optarg;
            break;
        case 's':
            status = 1;
            break;
        case 'p':
        case 'P':
            progress = opt == 'p';
            break;
        case 'F':
            force = 1;
            break;
        case 'g':
            gpu = 1;
            break;
        case 'D':
            gpu = 1;
            if (tool_gpu_devices(optarg, devices, &ndevices))
                return EXIT_USAGE;
            break;
        case 'h':
            tool_print_help(stdout, &count_command);
            return cli_flush() ? EXIT_USAGE : EXIT_OK;
        default:
            return cli_option_error("count", opt, argv, optind);
        }
    }
    if (cli_at_most_one_n("count", argc, argv, optind))
        return EXIT_USAGE;
    if (status && !checkpoint)
        return cli_usage_error("count", "--status needs --checkpoint FILE");
    if (status && (json || unique || estimate || gpu)) /* they were silently ignored */
        return cli_usage_error("count", "--status prints how far the journal has got, as text; it "
                                        "takes no --json, --unique, --estimate or --gpu");
    if (status && optind == argc) /* N is optional here: the journal knows it */
        return cli_checkpoint_status(checkpoint, 0);
    if (cli_get_n(optind < argc ? argv[optind] : NULL, 1, NQ_MAX_N, &n))
        return EXIT_USAGE;
    if (status)
        return cli_checkpoint_status(checkpoint, (int)n);

    if (gpu && estimate)
        return cli_usage_error("count", "--estimate measures a count on this CPU; it has no --gpu "
                                        "form");
    if (gpu && tool_gpu_ready((int)n, ndevices ? devices : NULL, ndevices))
        return EXIT_USAGE;
    nq_kernel kernel, used;
    if (tool_kernel_from_env(&kernel))
        return EXIT_USAGE;
    int rc = nq_kernel_resolve(kernel, (int)n, &used);
    assert(rc == NQ_OK);
    count_guess est;
    if (estimate) {
        rc = count_estimate((int)n, (int)threads, kernel, &est);
        if (rc != NQ_OK) {
            tool_count_failed(COUNT_CALIBRATE_MIN, rc, nq_count_threads((int)threads));
            return EXIT_USAGE;
        }
        if (json)
            printf("{\"n\":%d,\"estimated_seconds\":%.6g,\"threads\":%d,\"measured_n\":%d,"
                   "\"measured_seconds\":%.6f,\"kernel\":\"%s\"}\n",
                   est.n, est.seconds, est.threads, est.m, est.measured,
                   nq_kernel_name(est.kernel));
        else {
            print_estimate(stdout, "", &est);
            putchar('\n');
        }
        return cli_flush() ? EXIT_USAGE : EXIT_OK;
    }
    if (n >= COUNT_ESTIMATE_FROM && !gpu) {
        char lead[80];
        snprintf(lead, sizeof lead, "%s: ", tool_prefix());
        rc = count_estimate((int)n, (int)threads, kernel, &est);
        if (rc == NQ_OK)
            print_estimate(stderr, lead, &est);
        if (rc == NQ_OK && est.seconds > COUNT_REFUSE_S && !force) {
            fputs("; not started: run it on a cluster with nqueens-mpi and --checkpoint, or add "
                  "--force to start it here anyway\n",
                  stderr);
            return EXIT_USAGE;
        }
        if (rc == NQ_OK)
            fputc('\n', stderr);
    }
    nq_counts c;
    double seconds = 0;
    tool_work work = {0, 0};
    if (rc == NQ_OK) { /* checkpoint journal, progress line and clean stops: progress.h */
        cli_long_count lc = {checkpoint, progress, (int)threads, kernel,
                             gpu,        devices,  ndevices,     &report};
        int code = cli_count_long((int)n, &lc, &c, &seconds, &work);
        if (code != EXIT_OK)
            return code;
    }
    if (rc != NQ_OK) {
        tool_count_failed((int)n, rc, nq_count_threads((int)threads));
        return EXIT_USAGE;
    }
    const tool_work *did = checkpoint ? &work : NULL;
    if (gpu)
        tool_print_counts((int)n, &c, unique, json, seconds, report.ndevices, "cuda", did, &report);
    else
        tool_print_counts((int)n, &c, unique, json, seconds, nq_count_threads((int)threads),
                          nq_kernel_name(used), did, NULL);
    return cli_flush() ? EXIT_USAGE : EXIT_OK;
}
