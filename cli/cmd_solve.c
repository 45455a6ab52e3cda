/*
 * cmd_solve.c: `nqueens solve N`: every solution in lexicographic order, streamed as it is found.
 */
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>

#include "cli.h"

static const char solve_help[] =
    "Usage: nqueens solve [N] [--format F] [--limit K] [--unique] [--column-major]\n"
    "Print every solution of the N-queens problem (1 <= N <= 64) in lexicographic order\n"
    "(rows top to bottom, columns left to right), as they are found. N is read from\n"
    "standard input when omitted. With no solution (N = 2, 3) nothing is printed (json: []).\n"
    "The first solution takes seconds at N = 30 and may not come in any reasonable time\n"
    "beyond about N = 35; for one solution of a big board use 'nqueens find N'.\n\n"
    "  -f, --format F     cols, pairs (default), board, json, jsonl, grid, perm, matrix, svg\n"
    "  -l, --limit K      stop after the first K solutions\n"
    "  -u, --unique       only fundamental solutions, each the least of its symmetry class\n"
    "  -c, --column-major print each board transposed (the queen of row r in column r)\n"
    "  -h, --help         show this help\n";

int cmd_solve(int argc, char **argv) {
    static const struct option longopts[] = {
        {"format", required_argument, NULL, 'f'}, {"limit", required_argument, NULL, 'l'},
        {"unique", no_argument, NULL, 'u'},       {"column-major", no_argument, NULL, 'c'},
        {"help", no_argument, NULL, 'h'},         {NULL, 0, NULL, 0},
    };
    nq_format fmt = NQ_FMT_PAIRS;
    long long limit = -1, n;
    unsigned sflags = 0, fflags = 0;
    static const char optstring[] = ":f:l:uch";
    if (cli_reject_negative(argc, argv, "N", 1, NQ_MAX_N, optstring, longopts))
        return EXIT_USAGE;
    opterr = 0;
    int opt;
    while ((opt = getopt_long(argc, argv, optstring, longopts, NULL)) != -1) {
        switch (opt) {
        case 'f':
            if (cli_parse_format("solve", optarg, &fmt))
                return EXIT_USAGE;
            break;
        case 'l':
            if (cli_parse_ll("--limit", optarg, 1, LLONG_MAX, &limit))
                return EXIT_USAGE;
            break;
        case 'u':
            sflags |= NQ_SEARCH_UNIQUE;
            break;
        case 'c':
            fflags |= NQ_FMT_COLUMN_MAJOR;
            break;
        case 'h':
            fputs(solve_help, stdout);
            return cli_flush() ? EXIT_USAGE : EXIT_OK;
        default:
            return cli_option_error("solve", opt, argv, optind);
        }
    }
    if (cli_positional_n("solve", argc, argv, optind, 1, NQ_MAX_N, &n))
        return EXIT_USAGE;

    nq_search *search;
    int rc = nq_search_new((int)n, NULL, 0, sflags, &search);
    if (rc != NQ_OK) {
        tool_error("cannot start the search: %s", nq_strerror(rc));
        return EXIT_USAGE;
    }
    cli_writer w;
    int status = EXIT_OK;
    int cols[NQ_MAX_N];
    if (cli_writer_begin(&w, fmt, fflags)) {
        nq_search_free(search);
        return EXIT_USAGE;
    }
    for (long long i = 0; limit < 0 || i < limit; i++) {
        if (nq_search_next(search, cols) != NQ_OK)
            break;
        if (cli_writer_put(&w, (int)n, cols)) {
            status = EXIT_USAGE;
            break;
        }
    }
    if (cli_writer_end(&w))
        status = EXIT_USAGE;
    nq_search_free(search);
    return status;
}
