/*
 * mpi_main.c: `nqueens-mpi count N [--unique] [--json] [--threads T] [--checkpoint FILE] ...`,
 * the count of `nqueens count` spread over MPI ranks, with the same output, the same journal
 * (format and resume rules) and the same exit codes. This file reads the arguments, checks what
 * every rank needs (its GPU), refuses a count of years as `nqueens count` does, and starts rank
 * 0 (mpi_master.c) or a worker (mpi_worker.c).
 *
 * Workload: one count of hours to months over the library's numbered subproblems, on anything
 * from one laptop to a cluster; every rank, rank 0 included, computes with T threads through the
 * library's one count driver (mpi_rank.c).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

#include "estimate.h"
#include "gpu_options.h"
#include "kernel_env.h"
#include "nqmpi.h"
#include "options.h"
#include "output.h"
#include "report.h"
#include "session.h"
#include "signals.h"

static const tool_option mpi_option_table[] = {
    {"unique", 'u', NULL, "print the number of fundamental solutions"},
    {"threads", 't', "T",
     "worker threads per rank, 1 to " TOOL_STR(NQ_MAX_THREADS) " (default 1: one rank per core)"},
    {"json", 'j', NULL,
     "print one JSON object as 'nqueens count --json' does (threads is\n"
     "the number of compute threads over all ranks; kernel is rank 0's;\n"
     "with --checkpoint resumed and computed count subproblems)"},
    {"checkpoint", 'c', "FILE",
     "record finished subproblems in FILE (on rank 0's file system)\n"
     "and resume from it; a killed job is resumed by the same command"},
    {"heartbeat", 'H', "S",
     "end the job when a rank has been silent for S seconds (stopped,\n"
     "hung, or its node lost), 1 to 86400 (default 120)"},
    {"progress", 'p', NULL, "progress and ETA on rank 0's stderr (default: when a terminal)"},
    {"no-progress", 'P', NULL, "never show progress"},
    {"force", 'f', NULL,
     "start a count estimated to take more than a year anyway (without\n"
     "it, such a count is refused; the estimate is printed on stderr\n"
     "for N above 24)"},
    {"method", 'm', "M",
     "how subproblems are counted on every rank, as in 'nqueens count\n"
     "--method': backtrack, quadrant (every rank builds the quadrant\n"
     "tables: about 250 MiB at N = 20, 4.1 GiB at N = 23) or auto (default:\n"
     "quadrant from N = 16 to 23 where rank 0's memory holds its tables,\n"
     "else backtrack; a journal being resumed keeps its own)"},
    {"gpu", 'g', NULL,
     "count on CUDA GPUs, one per rank: each rank takes the GPU numbered\n"
     "its rank among the ranks of its node, modulo the node's GPUs (run\n"
     "one rank per GPU), by --method as 'nqueens count --gpu' (auto: the\n"
     "quadrant join from N = 20), its quadrant join fed by up to 4 host\n"
     "threads; --threads is not used. A rank without a GPU, or a build\n"
     "without CUDA: exit 2 before the count starts"},
    {NULL, 0, NULL, NULL},
};

static const tool_command mpi_command = {
    "count",
    "Usage: nqueens-mpi count N [--unique] [--json] [--threads T] [--checkpoint FILE]\n"
    "                           [--heartbeat S] [--progress | --no-progress] [--force] [--gpu]\n"
    "                           [--method auto|backtrack|quadrant]\n"
    "Count the solutions of the N-queens problem (1 <= N <= 64) over MPI ranks, with the\n"
    "output of 'nqueens count'. Rank 0 hands out the numbered subproblems, sums the results\n"
    "and owns the checkpoint journal; every rank, rank 0 included, computes with T threads.\n"
    "Run it with mpirun or srun, e.g. 'mpirun -np 8 nqueens-mpi count 18'.\n",
    mpi_option_table,
    "Environment: NQ_KERNEL=generic, avx2 or avx512 forces a counting kernel on every rank\n"
    "(default: each rank's fastest).\n",
};

/* The default of --heartbeat: long enough for a busy machine or a slow fsync, short enough that
 * a job does not hang unnoticed. */
#define HEARTBEAT_DEFAULT_S 120

/* Parses the command line (every rank does, identically); prints errors only if `loud`. */
static int parse_args(int argc, char **argv, mpi_options *o, int loud) {
    tool_getopt g;
    tool_getopt_init(&g, &mpi_command);
    long long v;
    memset(o, 0, sizeof *o);
    o->threads = 1;
    o->progress = -1;
    o->heartbeat = HEARTBEAT_DEFAULT_S;
    tool_set_program("nqueens-mpi", !loud); /* every rank parses the same arguments and fails
                                               the same way: only rank 0 explains */
    if (argc < 2 || strcmp(argv[1], "count") != 0) {
        if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
            o->help = 1;
            return 0;
        }
        tool_error("the only command is 'count' (try 'nqueens-mpi count --help')");
        return -1;
    }
    argc--;
    argv++;
    tool_set_command("count"); /* messages: "nqueens-mpi count: ..." */
    /* A negative N ("-1") is a number out of range, not an unknown option: said as for any N. */
    for (int i = 1; i < argc; i++)
        if (argv[i][0] == '-' && argv[i][1] >= '0' && argv[i][1] <= '9' &&
            (i == 1 || argv[i - 1][0] != '-' || argv[i - 1][1] != '-' ||
             (strcmp(argv[i - 1], "--threads") && strcmp(argv[i - 1], "--checkpoint") &&
              strcmp(argv[i - 1], "--heartbeat")))) {
            (void)tool_parse_ll("N", argv[i], 1, NQ_MAX_N, &v);
            return -1;
        }
    opterr = 0;
    int opt;
    while ((opt = getopt_long(argc, argv, g.optstring, g.longopts, NULL)) != -1) {
        switch (opt) {
        case 'u':
            o->unique = 1;
            break;
        case 't':
            if (tool_parse_ll("--threads", optarg, 1, NQ_MAX_THREADS, &v))
                return -1;
            o->threads = (int)v;
            break;
        case 'j':
            o->json = 1;
            break;
        case 'c':
            o->checkpoint = optarg;
            break;
        case 'p':
        case 'P':
            o->progress = opt == 'p';
            break;
        case 'g':
            o->gpu = 1;
            break;
        case 'f':
            o->force = 1;
            break;
        case 'm':
            if (tool_method_parse(optarg, &o->method))
                return -1;
            break;
        case 'H':
            if (tool_parse_ll("--heartbeat", optarg, 1, 86400, &v))
                return -1;
            o->heartbeat = (double)v;
            break;
        case 'h':
            o->help = 1;
            return 0;
        case ':':
            tool_error("option '%s' needs a value", argv[optind - 1]);
            return -1;
        default: {
            char why[640];
            if (tool_option_misuse(argv[optind - 1], g.longopts, why, sizeof why))
                tool_error("%s (try 'nqueens-mpi count --help')", why);
            else
                tool_error("unknown option '%s' (try 'nqueens-mpi count --help')",
                           argv[optind - 1]);
            return -1;
        }
        }
    }
    if (argc - optind != 1) {
        tool_error("expected one N (try 'nqueens-mpi count --help')");
        return -1;
    }
    if (tool_parse_ll("N", argv[optind], 1, NQ_MAX_N, &v))
        return -1;
    o->n = (int)v;
    if (tool_method_n_check(o->n, o->method)) /* before the estimate */
        return -1;
    return tool_kernel_from_env(&o->kernel);
}

/* Rank 0 estimates a count of N above 24 (as `nqueens count` does), prints the estimate and
 * refuses one of more than a year without --force. @return 0 to go on, or -1 (refused). */
static int estimate_gate(const mpi_options *o, int ranks) {
    if (o->n < TOOL_ESTIMATE_FROM || o->gpu || tool_journal_whole(o->checkpoint, o->n))
        return 0;
    tool_estimate est;
    nq_method m = o->method; /* a journal being resumed keeps its own split: its method */
    if (m == NQ_METHOD_AUTO && o->checkpoint)
        (void)tool_journal_method(o->checkpoint, o->n, &m);
    if (tool_estimate_count(o->n, o->threads, ranks, o->kernel, m, &est) != NQ_OK)
        return 0; /* the count itself will say what is wrong */
    char lead[80];
    snprintf(lead, sizeof lead, "%s: ", tool_prefix());
    tool_print_estimate(stderr, lead, &est);
    if (est.seconds > TOOL_REFUSE_S && !o->force) {
        fputs("; not started: use more ranks, or add --force to start it anyway\n", stderr);
        return -1;
    }
    fputc('\n', stderr);
    return 0;
}

int main(int argc, char **argv) {
    int provided, rank, ranks;
    tool_output_hold_std();
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    mpi_options o;
    if (parse_args(argc, argv, &o, rank == 0) != 0) {
        MPI_Finalize();
        return EXIT_USAGE;
    }
    if (o.help) {
        if (rank == 0)
            tool_print_help(stdout, &mpi_command);
        MPI_Finalize();
        return EXIT_OK;
    }
    if (provided < MPI_THREAD_FUNNELED) {
        if (rank == 0)
            tool_error("this MPI library does not support threads (MPI_THREAD_FUNNELED)");
        MPI_Finalize();
        return EXIT_USAGE;
    }
    int device = -1;
    if (o.gpu) {
        /* Every rank checks its own node; rank 0 explains its own failure, or that of another. */
        MPI_Comm node;
        int local = 0, have = 0;
        MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node);
        MPI_Comm_rank(node, &local);
        MPI_Comm_free(&node);
        int ready = tool_gpu_ready(o.n, NULL, 0) == 0 && nq_gpu_devices(&have) == NQ_OK, all;
        MPI_Allreduce(&ready, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
        if (!all) {
            if (rank == 0 && ready)
                tool_error("--gpu: another rank found no CUDA GPU on its node; run the ranks on "
                           "nodes with GPUs, or count without --gpu");
            MPI_Finalize();
            return EXIT_USAGE;
        }
        device = local % have;
        o.threads = 1;
    }
    /* The journal's path is judged before the estimate's seconds (tool/output.h). */
    int go = rank != 0 || ((!o.checkpoint || tool_output_check(TOOL_OUTPUT_JOURNAL, "checkpoint",
                                                               o.checkpoint, NULL) == 0) &&
                           estimate_gate(&o, ranks) == 0);
    MPI_Bcast(&go, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (!go) {
        MPI_Finalize();
        return EXIT_USAGE;
    }
    /* Rank 0 chooses the split (by the method, its memory and the journal), every rank builds
     * the same one from its id. */
    nq_split *split = NULL;
    char id[NQ_JOURNAL_SPLIT_ID] = ""; /* any split id the library makes */
    tool_session ss; /* rank 0's: the signals first, then the journal, read once, and the split */
    if (rank == 0) {
        tool_session_signals(&ss, o.checkpoint);
        ss.gpu = o.gpu;
        if (tool_session_split(&ss, o.n, o.method, o.gpu ? TOOL_SPLIT_GPU : TOOL_SPLIT_ANY,
                               o.threads, o.checkpoint, &split) == 0)
            snprintf(id, sizeof id, "%s", nq_split_id(split));
        else
            tool_signals_restore();
    }
    MPI_Bcast(id, sizeof id, MPI_CHAR, 0, MPI_COMM_WORLD);
    int rc = !id[0] ? NQ_EINVAL : rank == 0 ? NQ_OK : nq_split_new_id(id, &split);
    int ok = rc == NQ_OK, all_ok;
    if (rank != 0 && id[0] && !ok)
        tool_error("rank %d cannot build the split '%s': %s", rank, id, nq_strerror(rc));
    MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (!all_ok) {
        if (rank == 0 && split) {
            tool_session_drop(&ss);
            tool_signals_restore();
        }
        nq_split_free(split);
        MPI_Finalize();
        return EXIT_USAGE;
    }
    int code;
    if (rank == 0) {
        code = run_master(split, &o, ranks, device, &ss);
    } else {
        /* Rank 0 may refuse the journal: then nothing is counted. */
        int journal_ok;
        MPI_Bcast(&journal_ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
        code = journal_ok ? run_worker(split, &o, rank, device) : EXIT_USAGE;
    }
    nq_split_free(split);
    MPI_Finalize();
    return code;
}
