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
#include "estimate.h"
#include "export.h"
#include "gpu_options.h"
#include "kernel_env.h"
#include "output.h"
#include "progress.h"
#include "session.h"

/* The quadrant join's range of N and the least N auto gives it, for the help. */
#define QUADRANT_MAX  TOOL_STR(NQ_METHOD_QUADRANT_MAX_N)
#define QUADRANT_AUTO TOOL_STR(NQ_METHOD_QUADRANT_AUTO_N)

static const tool_option count_options[] = {
    {"unique", 'u', NULL, "print the number of fundamental solutions"},
    {"threads", 't', "T",
     "worker threads, 1 to " TOOL_STR(NQ_MAX_THREADS) " (default: all cores, at most\n" TOOL_STR(
         NQ_MAX_THREADS) ")"},
    {"json", 'j', NULL,
     "print one JSON object: n, total, unique, orbit8, orbit4, orbit2,\n"
     "orbit1 (fundamental solutions whose class has 8, 4, 2, 1 members),\n"
     "seconds, nodes, threads, kernel (the instruction set used), method\n"
     "(backtrack or quadrant); with --checkpoint also resumed and computed\n"
     "(subproblems taken from FILE, and computed by this run)"},
    {"estimate", 'e', NULL,
     "only print how long the count would take on this machine\n"
     "(the CPU time of a small N with the same kernel, scaled by the\n"
     "asymptotic growth of the number of solutions), then exit; with\n"
     "--json, as one object: n, estimated_seconds, threads, measured_n,\n"
     "measured_seconds (CPU), kernel, method"},
    {"method", 'm', "M",
     "how the count is made: backtrack (the search over the border\n"
     "subproblems), quadrant (the\n"
     "quadrant join: partial placements of the four quarters of the\n"
     "board joined into half-boards and the compatible halves counted\n"
     "in bulk; N = 4 to " QUADRANT_MAX ", the fastest from N = " QUADRANT_AUTO ", memory:\n"
     "about 250 MiB at N = 20, 4.1 GiB at N = 23; not with --part or\n"
     "--export) or auto (default: quadrant from N = " QUADRANT_AUTO " to " QUADRANT_MAX " where\n"
     "it fits in memory, with --gpu from N = 20, else backtrack; a journal\n"
     "being resumed keeps its own)"},
    {"force", 'F', NULL, "start a count even when it is estimated to take more than a year"},
    {"checkpoint", 'c', "FILE",
     "record finished subproblems in the journal FILE, and resume\n"
     "from it when it exists (Ctrl-C stops cleanly; run again to resume)"},
    {"part", 'x', "I/K",
     "count only part I of K of the numbered subproblems (those numbered\n"
     "I-1, I-1+K, I-1+2K, ...: interleaved, so the parts take about equal\n"
     "times), e.g. one task of a job array; each part with its own\n"
     "--checkpoint or --export, added up by 'nqueens merge'"},
    {"export", 'X', "FILE",
     "write the per-subproblem subtotals of the finished count (or part)\n"
     "to FILE, atomically, in the text format that 'nqueens verify' and\n"
     "'nqueens merge' read (man nqueens: EXPORTS); with --checkpoint, the\n"
     "journal's records too"},
    {"status", 's', NULL,
     "with --checkpoint: print how far FILE has got, as text, without counting"},
    {"progress", 'p', NULL,
     "show progress and an ETA on stderr (default: when it is a terminal);\n"
     "asked for, at least a first and a final line, however short the count"},
    {"no-progress", 'P', NULL, "never show progress"},
    {"gpu", 'g', NULL,
     "count on CUDA GPUs (N <= " TOOL_STR(
         NQ_GPU_MAX_N) ", a build with cmake -DNQ_CUDA=ON): the\n"
                       "same subproblems, journal and answer, by either method (--threads:\n"
                       "the host threads that feed the quadrant join's GPUs, at most 4 a\n"
                       "GPU); with --json, kernel is \"cuda\", threads the GPUs, and devices\n"
                       "lists each GPU and the subproblems it counted. No GPU (or no CUDA\n"
                       "in this build): exit 2"},
    {"devices", 'D', "LIST", "the GPUs to use, e.g. 0,1 (default: all); implies --gpu"},
    {NULL, 0, NULL, NULL},
};

static const tool_command count_command = {
    "count",
    "Usage: nqueens count [N] [--unique] [--threads T] [--json] [--estimate] [--force]\n"
    "                     [--method auto|backtrack|quadrant]\n"
    "                     [--checkpoint FILE [--status]] [--progress | --no-progress]\n"
    "                     [--gpu [--devices LIST]] [--part I/K] [--export FILE]\n"
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

int cmd_count(int argc, char **argv) {
    tool_getopt g;
    tool_getopt_init(&g, &count_command);
    int unique = 0, json = 0, estimate = 0, status = 0, progress = -1, force = 0;
    const char *checkpoint = NULL, *export_path = NULL;
    uint64_t part = 0, parts = 0;
    long long threads = 0, n;
    int gpu = 0, devices[NQ_GPU_MAX_DEVICES], ndevices = 0;
    nq_method method = NQ_METHOD_AUTO;
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
        case 'x':
            if (tool_parse_part(optarg, &part, &parts))
                return EXIT_USAGE;
            break;
        case 'X':
            export_path = optarg;
            break;
        case 'p':
        case 'P':
            progress = opt == 'p';
            break;
        case 'F':
            force = 1;
            break;
        case 'm':
            if (tool_method_parse(optarg, &method))
                return EXIT_USAGE;
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
            return cli_option_error("count", opt, argv, optind, g.longopts);
        }
    }
    if (cli_at_most_one_n("count", argc, argv, optind))
        return EXIT_USAGE;
    if (status && !checkpoint)
        return cli_usage_error("count", "--status needs --checkpoint FILE");
    if (status && (json || unique || estimate || gpu)) /* they were silently ignored */
        return cli_usage_error("count", "--status prints how far the journal has got, as text; it "
                                        "takes no --json, --unique, --estimate or --gpu");
    if ((status || estimate) && (parts || export_path))
        return cli_usage_error("count", "--%s does not count: it takes no --part or --export",
                               status ? "status" : "estimate");
    if (status && optind == argc) /* N is optional here: the journal knows it */
        return cli_checkpoint_status(checkpoint, 0);
    if (cli_get_n(optind < argc ? argv[optind] : NULL, 1, NQ_MAX_N, &n))
        return EXIT_USAGE;
    if (status)
        return cli_checkpoint_status(checkpoint, (int)n);

    if (tool_method_n_check((int)n, method)) /* before an estimate of a count it would refuse */
        return EXIT_USAGE;
    /* Where the journal and the export go is judged now, not after an estimate's seconds or a
     * count of days (output.h). */
    if (checkpoint && tool_output_check(TOOL_OUTPUT_JOURNAL, "checkpoint", checkpoint, NULL))
        return EXIT_USAGE;
    if (export_path && tool_output_check(TOOL_OUTPUT_EXPORT, "export", export_path, checkpoint))
        return EXIT_USAGE;
    if (gpu && estimate)
        return cli_usage_error("count", "--estimate measures a count on this CPU; it has no --gpu "
                                        "form");
    if (gpu && tool_gpu_ready((int)n, ndevices ? devices : NULL, ndevices))
        return EXIT_USAGE;
    nq_kernel kernel, used;
    if (tool_kernel_from_env(&kernel))
        return EXIT_USAGE;
    /* --part and --export count the border split (cli_count_long()): so does their estimate.
     * --gpu under auto: the journal's split, else the quadrant join from n = 20 on
     * (tool_session_split()). */
    if (method == NQ_METHOD_AUTO && (parts || export_path))
        method = NQ_METHOD_BACKTRACK;
    /* A journal being resumed keeps its own split: the estimates measure its method (read only
     * where an estimate is made: a count reads its journal once). */
    nq_method emethod = method;
    if (method == NQ_METHOD_AUTO && checkpoint && !gpu && (estimate || n >= TOOL_ESTIMATE_FROM))
        (void)tool_journal_method(checkpoint, (int)n, &emethod);
    nq_method mused;
    int rc = nq_kernel_resolve(kernel, (int)n, &used);
    assert(rc == NQ_OK);
    rc = nq_method_choose(method, (int)n, (int)threads, &mused);
    assert(rc == NQ_OK);
    tool_estimate est;
    if (estimate) {
        rc = tool_estimate_count((int)n, (int)threads, 1, kernel, emethod, &est);
        if (rc != NQ_OK) {
            tool_estimate_failed(&est, rc);
            return EXIT_USAGE;
        }
        if (json)
            printf("{\"n\":%d,\"estimated_seconds\":%.6g,\"threads\":%d,\"measured_n\":%d,"
                   "\"measured_seconds\":%.6f,\"kernel\":\"%s\",\"method\":\"%s\"}\n",
                   est.n, est.seconds, est.threads, est.m, est.measured, nq_kernel_name(est.kernel),
                   nq_method_name(est.method));
        else {
            tool_print_estimate(stdout, "", &est);
            putchar('\n');
        }
        return cli_flush() ? EXIT_USAGE : EXIT_OK;
    }
    if (n >= TOOL_ESTIMATE_FROM && !gpu && !tool_journal_whole(checkpoint, (int)n)) {
        char lead[80];
        snprintf(lead, sizeof lead, "%s: ", tool_prefix());
        rc = tool_estimate_count((int)n, (int)threads, 1, kernel, emethod, &est);
        if (rc == NQ_OK && parts)
            est.seconds /= (double)parts; /* a part is about 1/K of the work */
        if (rc == NQ_OK)
            tool_print_estimate(stderr, lead, &est);
        if (rc == NQ_OK && est.seconds > TOOL_REFUSE_S && !force) {
            fputs("; not started: run it on a cluster with nqueens-mpi and --checkpoint, or add "
                  "--force to start it here anyway\n",
                  stderr);
            return EXIT_USAGE;
        }
        if (rc == NQ_OK)
            fputc('\n', stderr);
    }
    nq_counts c;
    int unsaved = 0; /* counted, but the export could not be written */
    double seconds = 0;
    tool_work work = {0, 0, 0, 0};
    if (rc == NQ_OK) { /* checkpoint journal, progress line and clean stops: progress.h */
        cli_long_count lc = {checkpoint, progress, (int)threads, kernel, method, gpu,
                             devices,    ndevices, &report,      part,   parts,  export_path};
        int code = cli_count_long((int)n, &lc, &c, &seconds, &work, &mused);
        if (code == CLI_COUNT_UNSAVED)
            unsaved = 1;
        else if (code != EXIT_OK)
            return code;
    }
    if (rc != NQ_OK) {
        tool_count_failed((int)n, rc, nq_count_threads((int)threads));
        return EXIT_USAGE;
    }
    const tool_work *did = checkpoint || parts ? &work : NULL;
    int lost =
        gpu ? tool_print_counts((int)n, &c, unique, json, seconds, report.ndevices, "cuda",
                                nq_method_name(mused), did, &report)
            : tool_print_counts((int)n, &c, unique, json, seconds, nq_count_threads((int)threads),
                                nq_kernel_name(used), nq_method_name(mused), did, NULL);
    return lost || unsaved ? EXIT_USAGE : EXIT_OK;
}
