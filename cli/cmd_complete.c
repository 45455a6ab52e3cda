/*
 * cmd_complete.c: `nqueens complete`: the n-Queens Completion problem. Reads given queens
 * (--queens, a board, or a CSPLib problem 79 data file), then prints the lexicographically first
 * completion, all of them, or their number.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "signals.h"

static const tool_option complete_options[] = {
    {"queens", 'q', "LIST", "given queens, 0-based row-col pairs, e.g. \"3-3, 4-1\""},
    {"diagonals", 'd', "D",
     "use only the first D excluded diagonals of the data file (its 'diags';\n"
     "refused for a board or other data without them)"},
    {"count", 'c', NULL, "print the number of completions (0 when none; exit 0)"},
    {"all", 'a', NULL, "print every completion in lexicographic order"},
    {"format", 'f', "F",
     "cols, pairs (default), board, json, jsonl, grid, perm, matrix, svg\n"
     "(json: one board [\".Q..\",...], with --all LeetCode's list of boards;\n"
     "svg draws the given queens apart from the added ones)"},
    {"column-major", 'C', NULL,
     "print each completion transposed (the queen of row r in column r;\n"
     "the instance is read as given)"},
    {"stats", 's', NULL,
     "print the search statistics on standard error (nodes: of every\n"
     "thread, abandoned subtrees included; probes: as on one thread)"},
    {"threads", 't', "T",
     "worker threads, 0 (all cores) to " TOOL_STR(
         NQ_MAX_THREADS) " (default: 1): a search still\n"
                         "running after a few milliseconds is split into subtrees that the\n"
                         "threads take in order; the same completion, count and listing as\n"
                         "on one thread (at most 64 free rows; more are searched on one)"},
    {NULL, 0, NULL, NULL},
};

static const tool_command complete_command = {
    "complete",
    "Usage: nqueens complete [N] [FILE] [--queens \"r-c, r-c, ...\"] [--diagonals D]\n"
    "                        [--count | --all] [--format F] [--column-major] [--stats]\n"
    "                        [--threads T]\n"
    "Extend queens already placed to a full solution (n-Queens Completion), or prove that\n"
    "none exists. The instance is read from FILE, or standard input, unless --queens is given:\n"
    "  a board: n lines of Q (queen), . or _ (free), x (no queen may stand here);\n"
    "  CSPLib problem 79 data: 'n = N', 'numdiags = D', 'diags = [[i, t], ...]' (t = 1: no queen\n"
    "    on row + col = i; t = 0: none on row - col = i - (n - 1)), or 'letting n = N' and\n"
    "    'letting init = [[r, c], ...]' (0-based given queens).\n"
    "N may be omitted when the instance states it; given, it must agree with it. With --queens,\n"
    "N is required (read from standard input when omitted).\n"
    "Prints the lexicographically first completion; exit status 1 when there is none, or when\n"
    "given queens attack each other.\n",
    complete_options,
    NULL,
};

typedef struct listing {
    cli_writer *w;
    nq_format fmt;
    unsigned flags;             /* NQ_FMT_COLUMN_MAJOR */
    const unsigned char *given; /* svg: the rows whose queen was given */
    int started;                /* the writer has begun: the first completion is out */
    int failed;
    int one; /* only the first completion is written (no --all) */
} listing;

static int begin(listing *l) {
    if ((l->one ? cli_writer_begin_one : cli_writer_begin)(l->w, l->fmt, l->flags))
        return -1;
    l->w->given = l->given;
    l->started = 1;
    return 0;
}

/* The run starts with the first completion, so that "no completion" prints nothing; a signal
 * ends it after the completion being written. */
static int put_one(void *user, int n, const int *cols) {
    listing *l = user;
    if ((!l->started && begin(l)) || cli_writer_put(l->w, n, cols)) {
        l->failed = 1;
        return 1;
    }
    return cli_listing_stopped();
}

/* --count prints one number at the end, so it is no listing: SIGINT or SIGTERM while it reads the
 * instance or counts ends it at once (tool_stop_idle()), saying so, with 128 + the signal number,
 * as a count of `nqueens count` does (it was killed with no word, and could not be stopped by
 * SIGINT when that was ignored on entry, as in a background job). Called by the handler: only
 * write(2). */
static char count_prefix[64];

static void count_drain(int sig) {
    const char *parts[] = {count_prefix, ": interrupted by ", tool_signal_name(sig),
                           " before the count finished\n"};
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
        ssize_t w = write(STDERR_FILENO, parts[i], strlen(parts[i]));
        (void)w;
    }
}

static void count_stop_install(void) {
    snprintf(count_prefix, sizeof count_prefix, "%s", tool_prefix());
    tool_stop_install(TOOL_STOP_LISTING, count_drain);
    tool_stop_idle(1);
}

/* The count is done (or failed): a signal from now on ends the command after its output. */
static int count_stop_finish(int status) {
    int sig = tool_stop_restore();
    if (sig && status == EXIT_OK) {
        tool_error("interrupted by %s", tool_signal_name(sig));
        status = 128 + sig;
    }
    return status;
}

static int is_number(const char *s) {
    if (!*s) {
        return 0;
    }
    for (; *s; s++) {
        if (*s < '0' || *s > '9') {
            return 0;
        }
    }
    return 1;
}

static int cmd_complete_run(long long n, const char *queens, const char *file, long long diags,
                            int count, int all, int stats, int threads, nq_format fmt,
                            unsigned fflags);

int cmd_complete(int argc, char **argv) {
    tool_getopt g;
    tool_getopt_init(&g, &complete_command);
    nq_format fmt = NQ_FMT_PAIRS;
    const char *queens = NULL, *file = NULL;
    long long n = 0, diags = -1;
    int count = 0, all = 0, stats = 0, formatted = 0;
    long long threads = 1;
    unsigned fflags = 0;
    if (cli_reject_negative(argc, argv, "N", 1, NQ_INSTANCE_MAX_N, g.optstring, g.longopts)) {
        return EXIT_USAGE;
    }
    opterr = 0;
    int opt;
    while ((opt = getopt_long(argc, argv, g.optstring, g.longopts, NULL)) != -1) {
        switch (opt) {
        case 'q':
            queens = optarg;
            break;
        case 'd':
            if (tool_parse_ll("--diagonals", optarg, 0, 2000000000LL, &diags)) {
                return EXIT_USAGE;
            }
            break;
        case 'c':
            count = 1;
            break;
        case 'a':
            all = 1;
            break;
        case 'f':
            if (cli_parse_format("complete", optarg, &fmt)) {
                return EXIT_USAGE;
            }
            formatted = 1;
            break;
        case 's':
            stats = 1;
            break;
        case 'C':
            fflags |= NQ_FMT_COLUMN_MAJOR;
            break;
        case 't':
            if (tool_parse_ll("--threads", optarg, 0, NQ_MAX_THREADS, &threads)) {
                return EXIT_USAGE;
            }
            break;
        case 'h':
            tool_print_help(stdout, &complete_command);
            return cli_flush() ? EXIT_USAGE : EXIT_OK;
        default:
            return cli_option_error("complete", opt, argv, optind, g.longopts);
        }
    }
    int npos = argc - optind;
    if (npos > 2) {
        return cli_usage_error("complete", "expected at most N and FILE, got '%s' too",
                               argv[optind + 2]);
    }
    if (npos >= 1 && is_number(argv[optind])) {
        if (tool_parse_ll("N", argv[optind], 1, NQ_INSTANCE_MAX_N, &n)) {
            return EXIT_USAGE;
        }
        if (npos == 2) {
            file = argv[optind + 1];
        }
    } else if (npos == 2) {
        return cli_usage_error("complete", "N must be an integer from 1 to %d, got '%s'",
                               NQ_INSTANCE_MAX_N, argv[optind]);
    } else if (npos == 1) {
        file = argv[optind];
    }
    if (count && all) {
        return cli_usage_error("complete", "--count and --all cannot be used together");
    }
    if (count && (formatted || (fflags & NQ_FMT_COLUMN_MAJOR))) { /* they were silently ignored */
        return cli_usage_error("complete",
                               "--count prints a number; %s applies to printed completions "
                               "(leave it out, or use --all)",
                               formatted ? "--format" : "--column-major");
    }
    if (queens && (file || diags >= 0)) {
        return cli_usage_error("complete", "--queens cannot be used with %s",
                               file ? "an instance file" : "--diagonals");
    }

    /* From here on SIGINT and SIGTERM end the command cleanly, also while the instance is read
     * (a pipe that never ends). */
    if (count)
        count_stop_install();
    else
        cli_listing_start("completions");
    int status =
        cmd_complete_run(n, queens, file, diags, count, all, stats, (int)threads, fmt, fflags);
    return count ? count_stop_finish(status) : cli_listing_finish(status);
}

/* The work of cmd_complete() once the options are read and the signal handlers installed:
 * returns the exit status. */
static int cmd_complete_run(long long n, const char *queens, const char *file, long long diags,
                            int count, int all, int stats, int threads, nq_format fmt,
                            unsigned fflags) {
    nq_instance *inst = NULL; /* stays NULL when a reader fails */
    nq_conflict cf;
    char err[256];
    int rc;
    const char *source = queens ? "--queens" : file && strcmp(file, "-") ? file : "standard input";
    if (queens) {
        if (n == 0 && cli_get_n(NULL, 1, NQ_INSTANCE_MAX_N, &n)) {
            return EXIT_USAGE;
        }
        rc = nq_instance_parse_queens(queens, (int)n, &inst, &cf, err, sizeof err);
    } else {
        size_t len;
        if (!file || strcmp(file, "-") == 0)
            cli_stdin_prompt("the instance", "a board, or CSPLib data; end it with Ctrl-D; or give "
                                             "a FILE, or N and --queens");
        char *text = cli_read_file(file, &len);
        if (!text) {
            return EXIT_USAGE;
        }
        rc = nq_instance_parse(text, len, (int)n, (long)diags, &inst, &cf, err, sizeof err);
        free(text);
    }
    if (rc == NQ_EPARSE || rc == NQ_EMISMATCH) {
        tool_error("%s: %s", source, err);
        return EXIT_USAGE;
    }
    int size = nq_instance_n(inst);
    if (rc == NQ_OK && nq_format_is_board(fmt) && !count && size > 1000) {
        nq_instance_free(inst);
        return cli_usage_error("complete", "n = %d is too large for the %s format; use cols", size,
                               nq_format_name(fmt));
    }

    nq_complete_stats st = {0};
    nq_u128 total = 0;
    int *cols = NULL;
    unsigned char *given = NULL;
    cli_writer w;
    listing l = {&w, fmt, fflags, NULL, 0, 0, !all};
    if (rc == NQ_OK && fmt == NQ_FMT_SVG && !count) {
        given = calloc((size_t)size, 1);
        if (!given)
            rc = NQ_ENOMEM;
        for (int r = 0; given && r < size; r++)
            given[r] = nq_instance_queen(inst, r) >= 0;
        l.given = given;
    }
    if (rc == NQ_OK) {
        if (count) {
            rc = nq_complete_count_parallel(inst, threads, &total, &cf, &st);
            tool_stop_idle(0); /* what follows writes: a signal ends the command after it */
        } else if (all) {
            rc = nq_complete_each_parallel(inst, threads, put_one, &l, &cf, &st);
        } else {
            cols = malloc((size_t)size * sizeof *cols);
            rc = cols ? nq_complete_first_parallel(inst, threads, cols, &cf, &st) : NQ_ENOMEM;
        }
    }
    int status = EXIT_OK;
    if (rc == NQ_ECONFLICT) {
        if (cf.kind == NQ_ATTACK_ROW) {
            tool_error("the given queens %d-%d and %d-%d are in the same row", cf.row1, cf.col1,
                       cf.row2, cf.col2);
        } else {
            tool_error("the given queens %d-%d and %d-%d attack each other (same %s)", cf.row1,
                       cf.col1, cf.row2, cf.col2, nq_attack_name(cf.kind));
        }
        status = EXIT_NO;
    } else if (rc == NQ_ENOSOL) {
        tool_error("no completion exists");
        status = EXIT_NO;
    } else if (rc == NQ_STOPPED && l.failed) {
        status = EXIT_USAGE;
    } else if (rc == NQ_ERANGE) {
        int free_rows = 0;
        for (int r = 0; r < size; r++)
            free_rows += nq_instance_queen(inst, r) < 0;
        tool_error("cannot complete the instance: it has %d free rows (rows without a given "
                   "queen), and the completion search handles at most %d; give more queens%s",
                   free_rows, NQ_COMPLETE_MAX_FREE,
                   free_rows == size ? ", or use 'nqueens find N' for an empty board" : "");
        status = EXIT_USAGE;
    } else if (rc != NQ_OK && rc != NQ_STOPPED) {
        tool_error("cannot complete the instance: %s", nq_strerror(rc));
        status = EXIT_USAGE;
    } else if (count) {
        char buf[41];
        printf("%s\n", nq_u128_to_string(total, buf));
        status = cli_flush() ? EXIT_USAGE : EXIT_OK;
    } else if (!all) {
        if (begin(&l) || cli_writer_put(&w, size, cols))
            status = EXIT_USAGE;
    }
    if (l.started) {
        if (cli_writer_end(&w) && status == EXIT_OK) {
            status = EXIT_USAGE;
        }
    }
    if (stats) {
        fprintf(stderr, "%s: n=%d free=%d nodes=%llu probes=%llu\n", tool_prefix(), size,
                st.free_rows, (unsigned long long)st.nodes, (unsigned long long)st.probes);
    }
    free(cols);
    free(given);
    nq_instance_free(inst);
    return status;
}
