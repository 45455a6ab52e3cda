/*
 * cmd_find.c: `nqueens find N`: one solution, for any N up to 2^31 - 1: the lexicographically
 * first (backtracking, N <= 64), an explicit construction (O(N)), or a random one by min-conflicts
 * (reproducible from --seed). Every answer is checked by the O(N) validator before it is printed.
 *
 * Huge boards (10^7 rows) are the workload: the O(N) formats (cols, pairs, perm, jsonl) are
 * written by the library's formatter in pieces of rows through a 1 MiB buffer, never as one
 * string of the whole solution, and --column-major transposes the answer in place, so memory
 * stays at one int per row plus the buffer (and a byte per row to check the transpose).
 * Board-shaped formats draw N^2 cells and are refused above FIND_BOARD_MAX.
 */
#define _DEFAULT_SOURCE /* madvise() and MADV_HUGEPAGE */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

/* The largest N drawn by a board-shaped format (a million cells). */
#define FIND_BOARD_MAX 1000
/* The largest N for which `first` is the default method. */
#define FIND_FIRST_DEFAULT_MAX 32
/* The output buffer of the streamed formats, and the rows written into it at a time (a row of
 * `pairs` takes at most 23 bytes). */
#define FIND_CHUNK      ((size_t)1 << 20)
#define FIND_CHUNK_ROWS 32768

static const tool_option find_options[] = {
    {"method", 'm', "M",
     "first: the lexicographically first solution, by backtracking\n"
     "(N <= 64; erratic above N = 30, may not end in any reasonable\n"
     "time beyond about N = 35; the default for N <= 32);\n"
     "construct: an explicit solution in O(N) (Hoffman, Loessi and\n"
     "Moore 1969; the default for N > 32);\n"
     "random: a random solution by min-conflicts local search\n"
     "(Sosic and Gu 1991, Minton et al. 1992), the same for the same seed"},
    {"seed", 's', "S",
     "seed of --method random, 0 .. 2^64-1 (default: a random seed,\n"
     "shown with --verbose)"},
    {"format", 'f', "F",
     "cols, pairs (default), board, json, jsonl, grid, perm, matrix, svg\n"
     "(json: the one board as LeetCode writes a board, [\".Q..\",...]);\n"
     "board-shaped formats (board, json, grid, matrix, svg) up to N = 1000"},
    {"column-major", 'c', NULL, "print the board transposed (the queen of row r in column r)"},
    {"verbose", 'v', NULL, "on standard error: method, seed, effort, time and the check"},
    {NULL, 0, NULL, NULL},
};

static const tool_command find_command = {
    "find",
    "Usage: nqueens find [N] [--method M] [--seed S] [--format F] [--column-major] [--verbose]\n"
    "Print one solution of the N-queens problem, 1 <= N <= 2147483647, checked by the\n"
    "validator before it is printed. N is read from standard input when omitted. With no\n"
    "solution (N = 2, 3) print a message and exit 1.\n",
    find_options,
    "Examples: nqueens find 8 --format board\n"
    "          nqueens find 10000000 --format cols > queens.txt\n"
    "          nqueens find 1000 --method random --seed 42 --format perm\n",
};

typedef enum { METHOD_DEFAULT, METHOD_FIRST, METHOD_CONSTRUCT, METHOD_RANDOM } find_method;

static const char *const method_names[] = {"default", "first", "construct", "random"};

/* The O(N) formats, written from the answer in pieces of FIND_CHUNK_ROWS rows
 * (nq_format_rows()), through one buffer that grows only if a piece does not fit. The solution is
 * one record of the listing: a signal meanwhile ends the output after it. */
static int write_streamed(nq_format fmt, int n, const int *cols) {
    size_t cap = FIND_CHUNK;
    char *buf = malloc(cap);
    if (!buf) {
        tool_error("out of memory: the output buffer needs %zu bytes", cap);
        return -1;
    }
    int status = 0;
    cli_out_record(1);
    for (int first = 0; first < n && status == 0;) {
        int last = n - first > FIND_CHUNK_ROWS ? first + FIND_CHUNK_ROWS : n;
        size_t len = nq_format_rows(buf, cap, fmt, n, cols, first, last, 0);
        if (len == 0) {
            tool_error("internal error: cannot format rows %d to %d of N = %d", first, last, n);
            status = -1;
        } else if (len >= cap) {
            char *bigger = realloc(buf, len + 1);
            if (!bigger) {
                tool_error("out of memory: the output buffer needs %zu bytes", len + 1);
                status = -1;
            } else {
                buf = bigger;
                cap = len + 1;
            }
            continue; /* the same rows again, into the bigger buffer */
        } else if (cli_out_write(buf, len)) {
            status = -1;
        }
        first = last;
    }
    cli_out_record(0);
    free(buf);
    return status ? status : cli_out_flush();
}

/* Parses a whole decimal seed in [0, 2^64 - 1]; 0 on success. */
static int parse_seed(const char *s, uint64_t *out) {
    if (!s || *s < '0' || *s > '9') {
        tool_error("--seed must be an integer from 0 to %llu, got '%s'",
                   (unsigned long long)UINT64_MAX, s ? s : "");
        return -1;
    }
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (*end != '\0' || errno == ERANGE) {
        tool_error("--seed must be an integer from 0 to %llu, got '%s'%s",
                   (unsigned long long)UINT64_MAX, s, errno == ERANGE ? " (out of range)" : "");
        return -1;
    }
    *out = (uint64_t)v;
    return 0;
}

/* A seed from the system's entropy, or from the clock and process id if that is unavailable. */
static uint64_t fresh_seed(void) {
    uint64_t seed = 0;
    FILE *f = fopen("/dev/urandom", "rb");
    if (f) {
        size_t got = fread(&seed, sizeof seed, 1, f);
        fclose(f);
        if (got == 1)
            return seed;
    }
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    return (uint64_t)t.tv_sec * 1000000007u ^ (uint64_t)t.tv_nsec ^ ((uint64_t)getpid() << 32);
}

static double seconds_since(const struct timespec *t0) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) * 1e-9;
}

/* The answer's array; a large one is aligned and marked for transparent huge pages, which saves
 * most of the page faults of its first touch (a third of the time of `find 10000000`). */
static int *alloc_cols(unsigned long long bytes) {
    const size_t huge = (size_t)2 << 20;
    if (bytes < 4 * huge)
        return malloc((size_t)bytes);
    void *p = NULL;
    size_t rounded = (size_t)((bytes + huge - 1) / huge * huge);
    if (posix_memalign(&p, huge, rounded) != 0)
        return NULL;
#ifdef MADV_HUGEPAGE
    madvise(p, rounded, MADV_HUGEPAGE); /* only a hint: failure changes nothing */
#endif
    return p;
}

static void report_memory(int n, unsigned long long bytes, const char *what) {
    tool_error("out of memory: %s for N = %d needs %llu bytes (%.1f MiB)", what, n, bytes,
               (double)bytes / (1024.0 * 1024.0));
}

int cmd_find(int argc, char **argv) {
    tool_getopt g;
    tool_getopt_init(&g, &find_command);
    find_method method = METHOD_DEFAULT;
    nq_format fmt = NQ_FMT_PAIRS;
    unsigned fflags = 0;
    int verbose = 0, have_seed = 0;
    uint64_t seed = 0;
    long long nn;
    if (cli_reject_negative(argc, argv, "N", 1, INT_MAX, g.optstring, g.longopts))
        return EXIT_USAGE;
    opterr = 0;
    int opt;
    while ((opt = getopt_long(argc, argv, g.optstring, g.longopts, NULL)) != -1) {
        switch (opt) {
        case 'm':
            if (strcmp(optarg, "first") == 0)
                method = METHOD_FIRST;
            else if (strcmp(optarg, "construct") == 0)
                method = METHOD_CONSTRUCT;
            else if (strcmp(optarg, "random") == 0)
                method = METHOD_RANDOM;
            else
                return cli_usage_error("find",
                                       "unknown method '%s'; the methods are first, construct "
                                       "and random",
                                       optarg);
            break;
        case 's':
            if (parse_seed(optarg, &seed))
                return EXIT_USAGE;
            have_seed = 1;
            break;
        case 'f':
            if (cli_parse_format("find", optarg, &fmt))
                return EXIT_USAGE;
            break;
        case 'c':
            fflags |= NQ_FMT_COLUMN_MAJOR;
            break;
        case 'v':
            verbose = 1;
            break;
        case 'h':
            tool_print_help(stdout, &find_command);
            return cli_flush() ? EXIT_USAGE : EXIT_OK;
        default:
            return cli_option_error("find", opt, argv, optind, g.longopts);
        }
    }
    if (cli_positional_n("find", argc, argv, optind, 1, INT_MAX, &nn))
        return EXIT_USAGE;
    int n = (int)nn;
    if (method == METHOD_DEFAULT)
        method = n <= FIND_FIRST_DEFAULT_MAX ? METHOD_FIRST : METHOD_CONSTRUCT;
    if (method == METHOD_FIRST && n > NQ_MAX_N)
        return cli_usage_error("find",
                               "--method first works for N <= %d; use --method construct or "
                               "random for N = %d",
                               NQ_MAX_N, n);
    if (have_seed && method != METHOD_RANDOM)
        return cli_usage_error("find", "--seed applies to --method random only");
    if (nq_format_is_board(fmt) && n > FIND_BOARD_MAX)
        return cli_usage_error("find",
                               "the %s format draws all N x N cells; it is limited to N <= %d, "
                               "use --format cols (or pairs, perm, jsonl) for N = %d",
                               nq_format_name(fmt), FIND_BOARD_MAX, n);
    if (n == 2 || n == 3) {
        tool_error("no solution: %d queens cannot be placed on a %d x %d board without attacks", n,
                   n, n);
        return EXIT_NO;
    }
    if (method == METHOD_RANDOM && !have_seed)
        seed = fresh_seed();

    /* From here on a signal ends the command at once while it computes, and after the solution
     * while it writes it (never a solution cut in two). */
    cli_listing_start("solutions");
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    unsigned long long cols_bytes = (unsigned long long)n * sizeof(int);
    int *cols = alloc_cols(cols_bytes);
    if (!cols) {
        report_memory(n, cols_bytes, "the solution");
        return cli_listing_finish(EXIT_USAGE);
    }
    int rc;
    uint64_t nodes = 0;
    nq_mc_stats stats;
    memset(&stats, 0, sizeof stats);
    switch (method) {
    case METHOD_FIRST:
        rc = nq_find_first(n, cols, &nodes);
        break;
    case METHOD_CONSTRUCT:
        rc = nq_construct(n, cols);
        break;
    default:
        rc = nq_minconflicts(n, seed, 0, cols, &stats);
        break;
    }
    double solve_s = seconds_since(&t0);
    if (rc == NQ_ENOMEM) {
        report_memory(n, cols_bytes + nq_minconflicts_memory(n), "the search");
        free(cols);
        return cli_listing_finish(EXIT_USAGE);
    }
    if (rc == NQ_EFAIL) {
        tool_error("--method random gave up after %llu tries and %llu swap evaluations without a "
                   "solution (seed %llu); try another seed or --method construct",
                   (unsigned long long)stats.tries, (unsigned long long)stats.evaluations,
                   (unsigned long long)seed);
        free(cols);
        return cli_listing_finish(EXIT_NO);
    }
    if (rc != NQ_OK) {
        tool_error("internal error: %s for N = %d: %s", method_names[method], n, nq_strerror(rc));
        free(cols);
        return cli_listing_finish(EXIT_USAGE);
    }

    nq_conflict conflict;
    int valid = nq_validate(n, cols, 0, &conflict);
    if (valid == NQ_ENOMEM) {
        /* The validator keeps one bit per column, diagonal and anti-diagonal. */
        report_memory(n, cols_bytes + 5ull * (unsigned long long)n / 8 + 64, "checking the answer");
        free(cols);
        return cli_listing_finish(EXIT_USAGE);
    }
    if (valid != NQ_OK) {
        if (valid == NQ_ECONFLICT)
            tool_error("internal error: the %s answer for N = %d is wrong (queens %d-%d and %d-%d "
                       "attack each other: same %s); nothing printed",
                       method_names[method], n, conflict.row1, conflict.col1, conflict.row2,
                       conflict.col2, nq_attack_name(conflict.kind));
        else
            tool_error("internal error: the %s answer for N = %d is not a placement: %s",
                       method_names[method], n, nq_strerror(valid));
        free(cols);
        return cli_listing_finish(EXIT_USAGE);
    }
    double check_s = seconds_since(&t0) - solve_s;
    if (verbose) {
        fflush(stdout);
        char what[256] = ""; /* the line goes out in one write, as tool_vmessage's do */
        if (method == METHOD_FIRST)
            snprintf(what, sizeof what, ", %llu nodes", (unsigned long long)nodes);
        if (method == METHOD_RANDOM)
            snprintf(what, sizeof what,
                     ", seed %llu, %llu tries, %llu attacks after the greedy placement, %llu "
                     "probes, %llu swap evaluations, %llu swaps",
                     (unsigned long long)seed, (unsigned long long)stats.tries,
                     (unsigned long long)stats.init_conflicts,
                     (unsigned long long)stats.init_probes, (unsigned long long)stats.evaluations,
                     (unsigned long long)stats.swaps);
        fprintf(stderr, "%s: N = %d, method %s%s; solved in %.3f ms, verified valid in %.3f ms\n",
                tool_prefix(), n, method_names[method], what, solve_s * 1e3, check_s * 1e3);
    }

    int status = EXIT_OK;
    if (nq_format_is_board(fmt)) {
        cli_writer w;
        if (cli_writer_begin_one(&w, fmt, fflags))
            status = EXIT_USAGE;
        else if ((cli_writer_put(&w, n, cols) != 0) + (cli_writer_end(&w) != 0))
            status = EXIT_USAGE;
    } else {
        /* A valid solution's transpose is one too; made in place, without a second array. */
        rc = fflags & NQ_FMT_COLUMN_MAJOR ? nq_transform(n, cols, NQ_SYM_TRANSPOSE, cols) : NQ_OK;
        if (rc == NQ_ENOMEM) {
            report_memory(n, cols_bytes + (unsigned long long)n, "transposing the answer");
            status = EXIT_USAGE;
        } else if (rc != NQ_OK) {
            tool_error("internal error: cannot transpose the answer: %s", nq_strerror(rc));
            status = EXIT_USAGE;
        } else if (write_streamed(fmt, n, cols)) {
            status = EXIT_USAGE;
        }
    }
    free(cols);
    status = cli_listing_finish(status);
    if (verbose && status == EXIT_OK)
        fprintf(stderr, "%s: done in %.3f ms (solved, verified and printed)\n", tool_prefix(),
                seconds_since(&t0) * 1e3);
    return status;
}
