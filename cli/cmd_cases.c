/*
 * cmd_cases.c: `nqueens cases`: judge-style input (as online judges give it). Standard input holds
 * T, then T values of n; each case prints all its solutions on one line (perm format: `[2 4 1 3 ]`,
 * separated by one space), or -1 when there is none.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const tool_option cases_options[] = {
    {"format", 'f', "F",
     "perm (default: [2 4 1 3 ]), cols, pairs, jsonl, or a board format\n"
     "(board, grid, matrix: boards one after another)"},
    {NULL, 0, NULL, NULL},
};

static const tool_command cases_command = {
    "cases",
    "Usage: nqueens cases [--format F] < input\n"
    "Judge-style input on standard input: T (the number of test cases), then T values of n\n"
    "(1 <= n <= 64), separated by white space. For each case print all its solutions in\n"
    "lexicographic order on one line, separated by one space, or -1 when it has none.\n"
    "The whole input is read first: anything after the T-th value is an error (T is likely\n"
    "wrong), and nothing is answered.\n",
    cases_options,
    "Example: printf '2\\n1\\n4\\n' | nqueens cases   prints  [1 ]  and  [2 4 1 3 ] [3 1 4 2 ]\n",
};

/* Reads the next white-space separated token of stdin as an integer in [lo, hi]. */
static int read_value(const char *what, long long index, long long lo, long long hi,
                      long long *out) {
    char token[64];
    int rc = cli_read_token(what, token);
    if (rc < 0)
        return -1;
    if (rc > 0) {
        if (index < 0)
            tool_error("expected the number of test cases T on standard input, got nothing");
        else
            tool_error("expected %s of test case %lld on standard input, got nothing", what,
                       index + 1);
        return -1;
    }
    return tool_parse_ll(what, token, lo, hi, out);
}

int cmd_cases(int argc, char **argv) {
    tool_getopt g;
    tool_getopt_init(&g, &cases_command);
    nq_format fmt = NQ_FMT_PERM;
    opterr = 0;
    int opt;
    while ((opt = getopt_long(argc, argv, g.optstring, g.longopts, NULL)) != -1) {
        switch (opt) {
        case 'f':
            if (cli_parse_format("cases", optarg, &fmt))
                return EXIT_USAGE;
            break;
        case 'h':
            tool_print_help(stdout, &cases_command);
            return cli_flush() ? EXIT_USAGE : EXIT_OK;
        default:
            return cli_option_error("cases", opt, argv, optind, g.longopts);
        }
    }
    if (optind < argc)
        return cli_usage_error("cases",
                               "takes no arguments (the cases come on standard input), "
                               "got '%s'",
                               argv[optind]);
    if (fmt == NQ_FMT_JSON || fmt == NQ_FMT_SVG)
        return cli_usage_error("cases",
                               "format '%s' is not available here; use perm, cols, "
                               "pairs, jsonl, board, grid or matrix",
                               nq_format_name(fmt));
    long long t;
    /* A signal while the input is read, or between two solutions, ends the output at once on a
     * solution's end (the line closed); while one is written, after it. */
    cli_listing_start("solutions");
    cli_stdin_prompt("the cases", "T, then T values of n; end with Ctrl-D");
    if (read_value("T", -1, 0, 1000000, &t))
        return cli_listing_finish(EXIT_USAGE);
    /* Read every case before printing, so malformed input prints nothing but the error. */
    int *ns = malloc((size_t)(t ? t : 1) * sizeof *ns);
    if (!ns) {
        tool_error("out of memory for %lld test cases", t);
        return cli_listing_finish(EXIT_USAGE);
    }
    for (long long i = 0; i < t; i++) {
        long long n;
        if (read_value("n", i, 1, NQ_MAX_N, &n)) {
            free(ns);
            return cli_listing_finish(EXIT_USAGE);
        }
        ns[i] = (int)n;
    }
    /* More values than T announces on the last line: T is probably wrong, so answer nothing. */
    char more[64];
    int left = cli_stdin_leftover(more);
    if (left > 0)
        tool_error("T = %lld, but the line of the last case goes on: '%s'", t, more);
    /* More input after the last case, on later lines: judges' inputs end with the T-th case, so
     * a value after it means that T or the file is wrong, and answering the first T cases alone
     * would look like a whole answer (`printf '1\n4\n5\n'` answered 4 and dropped 5). The input
     * is read to its end before anything is answered (end it with Ctrl-D on a terminal). */
    if (left == 0) {
        left = cli_read_token("the input after the last case", more);
        char shown[96];
        if (left == 0)
            tool_error("T = %lld, but more input follows the last case: '%s'; answering nothing "
                       "(make T the number of cases, or remove what follows)",
                       t, tool_quote(more, strlen(more), shown, sizeof shown));
        left = left == 1 ? 0 : 1;
    }
    if (left) {
        free(ns);
        return cli_listing_finish(EXIT_USAGE);
    }
    int line = fmt == NQ_FMT_PERM;
    int status = EXIT_OK;
    for (long long i = 0; i < t && status == EXIT_OK && !cli_listing_stopped(); i++) {
        nq_search *search;
        int cols[NQ_MAX_N];
        if (nq_search_new(ns[i], NULL, 0, 0, &search) != NQ_OK) {
            tool_error("out of memory");
            status = EXIT_USAGE;
            break;
        }
        cli_writer w;
        if (cli_writer_begin(&w, fmt, line ? NQ_FMT_NO_END : 0)) {
            nq_search_free(search);
            status = EXIT_USAGE;
            break;
        }
        w.sep = line ? " " : NULL;
        int finished = 0; /* every solution of the case is out */
        while (status == EXIT_OK && !cli_listing_stopped()) {
            if (nq_search_next(search, cols) != NQ_OK) {
                finished = 1;
                break;
            }
            if (cli_writer_put(&w, ns[i], cols))
                status = EXIT_USAGE;
        }
        /* "-1" only for a case searched to its end; a line cut by a signal is still closed. */
        const char *end = finished && w.written == 0 ? "-1\n" : line && w.written ? "\n" : "";
        if (status == EXIT_OK && end[0] && cli_out_raw(end))
            status = EXIT_USAGE;
        if (cli_writer_end(&w))
            status = EXIT_USAGE;
        nq_search_free(search);
    }
    free(ns);
    return cli_listing_finish(status);
}
