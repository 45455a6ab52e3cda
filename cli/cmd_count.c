/*
 * cmd_count.c: `nqueens count N`: the number of solutions (total, or fundamental with --unique),
 * on all cores, through the numbered subproblems of the library's split. Large n first get an
 * estimate of the running time, measured on this machine, so nobody starts a years-long job by
 * accident.
 */
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "progress.h"

static const tool_option count_options[] = {
    {"unique", 'u', NULL, "print the number of fundamental solutions"},
    {"threads", 't', "T", "worker threads, 1 to 1024 (default: all cores)"},
    {"json", 'j', NULL,
     "print one JSON object: n, total, unique, orbit8, orbit4, orbit2,\n"
     "orbit1 (fundamental solutions whose class has 8, 4, 2, 1 members),\n"
     "seconds, nodes, threads; with --checkpoint also resumed and computed\n"
     "(subproblems taken from FILE, and computed by this run)"},
    {"estimate", 'e', NULL,
     "only print how long the count would take on this machine\n"
     "(measured on a small N, scaled by the asymptotic growth of the\n"
     "number of solutions), then exit without counting"},
    {"force", 'F', NULL, "start a count even when it is estimated to take more than a year"},
    {"checkpoint", 'c', "FILE",
     "record finished subproblems in the journal FILE, and resume\n"
     "from it when it exists (Ctrl-C stops cleanly; run again to resume)"},
    {"status", 's', NULL, "with --checkpoint: print how far FILE has got, without counting"},
    {"progress", 'p', NULL, "show progress and an ETA on stderr (default: when it is a terminal)"},
    {"no-progress", 'P', NULL, "never show progress"},
    {NULL, 0, NULL, NULL},
};

static const tool_command count_command = {
    "count",
    "Usage: nqueens count [N] [--unique] [--threads T] [--json] [--estimate] [--force]\n"
    "                     [--checkpoint FILE [--status]] [--progress | --no-progress]\n"
    "Count the solutions of the N-queens problem (1 <= N <= 64), exactly (128-bit), with a\n"
    "symmetry-reduced search on all cores. N is read from standard input when omitted.\n"
    "Prints the total number of solutions (OEIS A000170), or with --unique the number of\n"
    "fundamental solutions, one per symmetry class (OEIS A002562). For N above 24 an estimate\n"
    "of the running time on this machine is printed on stderr before the count starts; a\n"
    "count estimated to take more than a year is refused (exit 2) unless --force is given.\n",
    count_options,
    NULL,
};

/* The first n whose count prints an estimate first; the estimate is measured on the first n from
 * COUNT_CALIBRATE_MIN that takes at least COUNT_CALIBRATE_S seconds, at most COUNT_CALIBRATE_MAX.
 */
#define COUNT_ESTIMATE_FROM 25
#define COUNT_CALIBRATE_MIN 10
#define COUNT_CALIBRATE_MAX 15
#define COUNT_CALIBRATE_S   0.2
/* A count estimated to take longer than this is refused without --force. */
#define COUNT_REFUSE_S (365.25 * 86400)

/* Runs a whole count of n on the given threads; returns a library status. */
static int count_run(int n, int threads, nq_counts *out, double *seconds) {
    nq_split *split;
    int rc = nq_split_new(n, &split);
    if (rc != NQ_OK)
        return rc;
    nq_count_options opt;
    memset(&opt, 0, sizeof opt);
    opt.threads = threads;
    memset(out, 0, sizeof *out);
    double start = tool_now();
    rc = nq_count_split(split, &opt, out);
    *seconds = tool_now() - start;
    nq_split_free(split);
    return rc;
}

/* log of the asymptotic number of solutions, (n e^-1.942)^n (Simkin 2021): the estimate scales
 * a time measured on a small n by the ratio of these. */
static double log_solutions(int n) {
    return (double)n * (log((double)n) - 1.942);
}

static void print_duration(FILE *to, double s) {
    if (s < 120)
        fprintf(to, "%.0f seconds", s);
    else if (s < 7200)
        fprintf(to, "%.0f minutes", s / 60);
    else if (s < 2 * 86400)
        fprintf(to, "%.1f hours", s / 3600);
    else if (s < 2 * 365.25 * 86400)
        fprintf(to, "%.0f days", s / 86400);
    else if (s < 1e6 * 365.25 * 86400)
        fprintf(to, "%.0f years", s / (365.25 * 86400));
    else
        fprintf(to, "%.2g years", s / (365.25 * 86400));
}

/* Measures a count of a small n on the same threads and writes the extrapolated time for n as
 * "about ... on T threads (...)" to `to`, without a newline; *est receives it in seconds. */
static int count_estimate(FILE *to, const char *lead, int n, int threads, double *est) {
    nq_counts c;
    double t = 0;
    int m = COUNT_CALIBRATE_MIN;
    for (;; m++) {
        int rc = count_run(m, threads, &c, &t);
        if (rc != NQ_OK)
            return rc;
        if (t >= COUNT_CALIBRATE_S || m == COUNT_CALIBRATE_MAX)
            break;
    }
    *est = t * exp(log_solutions(n) - log_solutions(m));
    int used = nq_count_threads(threads);
    fflush(stdout);
    fprintf(to, "%scounting n = %d takes about ", lead, n);
    print_duration(to, *est);
    fprintf(to, " on %d thread%s (estimated from n = %d, %.3f s on this machine)", used,
            used == 1 ? "" : "s", m, t);
    return NQ_OK;
}

int cmd_count(int argc, char **argv) {
    tool_getopt g;
    tool_getopt_init(&g, &count_command);
    int unique = 0, json = 0, estimate = 0, status = 0, progress = -1, force = 0;
    const char *checkpoint = NULL;
    long long threads = 0, n;
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
            if (tool_parse_ll("--threads", optarg, 1, 1024, &threads))
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
    if (status && optind == argc) /* N is optional here: the journal knows it */
        return cli_checkpoint_status(checkpoint, 0);
    if (cli_get_n(optind < argc ? argv[optind] : NULL, 1, NQ_MAX_N, &n))
        return EXIT_USAGE;
    if (status)
        return cli_checkpoint_status(checkpoint, (int)n);

    int rc = NQ_OK;
    double est = 0;
    if (estimate) {
        rc = count_estimate(stdout, "", (int)n, (int)threads, &est);
        if (rc != NQ_OK) {
            tool_error("cannot estimate: %s", nq_strerror(rc));
            return EXIT_USAGE;
        }
        putchar('\n');
        return cli_flush() ? EXIT_USAGE : EXIT_OK;
    }
    if (n >= COUNT_ESTIMATE_FROM) {
        rc = count_estimate(stderr, "nqueens: ", (int)n, (int)threads, &est);
        if (rc == NQ_OK && est > COUNT_REFUSE_S && !force) {
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
        cli_long_count lc = {checkpoint, progress, (int)threads};
        int code = cli_count_long((int)n, &lc, &c, &seconds, &work);
        if (code != EXIT_OK)
            return code;
    }
    if (rc != NQ_OK) {
        tool_error("cannot count n = %lld: %s", n, nq_strerror(rc));
        return EXIT_USAGE;
    }
    tool_print_counts((int)n, &c, unique, json, seconds, nq_count_threads((int)threads),
                      checkpoint ? &work : NULL);
    return cli_flush() ? EXIT_USAGE : EXIT_OK;
}
