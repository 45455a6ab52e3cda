/*
 * cmd_solve.c: `nqueens solve N`: every solution in lexicographic order, streamed as it is found.
 */
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>

#include "cli.h"

/* The most boards `--format svg` draws without --limit: a picture of thousands of boards is
 * megabytes (n = 12: 14200 boards, 12 MB) that nobody looks at. */
#define SOLVE_SVG_DEFAULT 1000

static const tool_option solve_options[] = {
    {"format", 'f', "F",
     "cols, pairs (default), board, json, jsonl, grid, perm, matrix, svg\n"
     "(json: LeetCode's list of boards, [[\".Q..\",...],...];\n"
     "svg: at most 1000 boards without --limit)"},
    {"limit", 'l', "K", "stop after the first K solutions"},
    {"unique", 'u', NULL, "only fundamental solutions, each the least of its symmetry class"},
    {"column-major", 'c', NULL, "print each board transposed (the queen of row r in column r)"},
    {NULL, 0, NULL, NULL},
};

static const tool_command solve_command = {
    "solve",
    "Usage: nqueens solve [N] [--format F] [--limit K] [--unique] [--column-major]\n"
    "Print every solution of the N-queens problem (1 <= N <= 64) in lexicographic order\n"
    "(rows top to bottom, columns left to right), as they are found. N is read from\n"
    "standard input when omitted. With no solution (N = 2, 3) nothing is printed (json: [],\n"
    "svg: a picture that says there is no solution).\n"
    "The first solution takes seconds at N = 30 and may not come in any reasonable time\n"
    "beyond about N = 35; for one solution of a big board use 'nqueens find N'.\n",
    solve_options,
    NULL,
};

int cmd_solve(int argc, char **argv) {
    tool_getopt g;
    tool_getopt_init(&g, &solve_command);
    nq_format fmt = NQ_FMT_PAIRS;
    long long limit = -1, n;
    unsigned sflags = 0, fflags = 0;
    if (cli_reject_negative(argc, argv, "N", 1, NQ_MAX_N, g.optstring, g.longopts))
        return EXIT_USAGE;
    opterr = 0;
    int opt;
    while ((opt = getopt_long(argc, argv, g.optstring, g.longopts, NULL)) != -1) {
        switch (opt) {
        case 'f':
            if (cli_parse_format("solve", optarg, &fmt))
                return EXIT_USAGE;
            break;
        case 'l':
            if (tool_parse_ll("--limit", optarg, 1, LLONG_MAX, &limit))
                return EXIT_USAGE;
            break;
        case 'u':
            sflags |= NQ_SEARCH_UNIQUE;
            break;
        case 'c':
            fflags |= NQ_FMT_COLUMN_MAJOR;
            break;
        case 'h':
            tool_print_help(stdout, &solve_command);
            return cli_flush() ? EXIT_USAGE : EXIT_OK;
        default:
            return cli_option_error("solve", opt, argv, optind, g.longopts);
        }
    }
    if (cli_positional_n("solve", argc, argv, optind, 1, NQ_MAX_N, &n))
        return EXIT_USAGE;

    if (fmt == NQ_FMT_SVG && limit < 0) {
        nq_u128 total = 0, unique = 0;
        if (nq_known_count((int)n, &total, &unique) == NQ_OK &&
            (sflags & NQ_SEARCH_UNIQUE ? unique : total) > SOLVE_SVG_DEFAULT) {
            char count[41];
            nq_u128_to_string(sflags & NQ_SEARCH_UNIQUE ? unique : total, count);
            return cli_usage_error("solve",
                                   "n = %lld has %s %ssolutions: the svg format draws at most %d "
                                   "boards without --limit (a picture of all would be megabytes "
                                   "no one looks at); add --limit K",
                                   n, count, sflags & NQ_SEARCH_UNIQUE ? "fundamental " : "",
                                   SOLVE_SVG_DEFAULT);
        }
    }
    nq_search *search;
    int rc = nq_search_new((int)n, NULL, 0, sflags, &search);
    if (rc != NQ_OK) {
        tool_error("cannot start the search: %s", nq_strerror(rc));
        return EXIT_USAGE;
    }
    cli_writer w;
    int status = EXIT_OK;
    int cols[NQ_MAX_N];
    cli_listing_start("solutions");
    if (cli_writer_begin(&w, fmt, fflags)) {
        nq_search_free(search);
        return cli_listing_finish(EXIT_USAGE);
    }
    if (limit < 0)
        w.svg_max = SOLVE_SVG_DEFAULT;
    for (long long i = 0; (limit < 0 || i < limit) && !cli_listing_stopped(); i++) {
        int next = nq_search_next(search, cols);
        if (next != NQ_OK) {
            if (next == NQ_DONE && i == 0)
                w.none_n = (int)n; /* the search is over: n has no solution */
            break;
        }
        if (cli_writer_put(&w, (int)n, cols)) {
            status = EXIT_USAGE;
            break;
        }
    }
    if (cli_writer_end(&w))
        status = EXIT_USAGE;
    nq_search_free(search);
    return cli_listing_finish(status);
}
