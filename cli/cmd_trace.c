/*
 * cmd_trace.c: `nqueens trace N`: the branch-and-bound search of the classic write-ups, step by
 * step, for learners. One line per event of nq_trace_search(), indented two spaces per row, then
 * the totals. Boards are limited to N <= 12: the trace of N = 12 already has about 21 million
 * lines.
 */
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "signals.h"

#define TRACE_MAX_N 12

static const tool_option trace_options[] = {
    {"summary", 's', NULL, "print only the totals"},
    {"limit", 'l', "K", "stop after the K-th solution (the totals are those so far)"},
    {"events", 'e', "E", "stop after E events (lines), wherever the search is"},
    {NULL, 0, NULL, NULL},
};

static const tool_command trace_command = {
    "trace",
    "Usage: nqueens trace [N] [--summary] [--limit K] [--events E]\n"
    "Show the branch-and-bound search of the N-queens problem (1 <= N <= 12) as it happens:\n"
    "rows are filled top to bottom and the columns of a row tried left to right; a queen at row\n"
    "r, column c is written r-c (0-based, as in the pairs format). One line per event, indented\n"
    "two spaces per row:\n"
    "  try R-C                    the cell is tested\n"
    "  attacked R-C by Q-D (how)  ... and the queen at Q-D attacks it along its column,\n"
    "                             diagonal or anti-diagonal\n"
    "  place R-C                  ... and it is safe: a queen is placed (one node)\n"
    "  solution K: 0-C, 1-C, ...  every row holds a queen (the K-th solution)\n"
    "  dead end at row R          no column of row R is safe\n"
    "  backtrack R-C (why)        the queen is removed, to try the next column of row R:\n"
    "                             row R+1 is a dead end, or every column of row R+1 was\n"
    "                             tried, or a solution was found\n"
    "At the end: cells tried, attacked, nodes (queens placed; the same count as the fast\n"
    "search's), dead ends, backtracks and solutions (so far, with --limit or --events, and\n"
    "a line saying where it stopped). N is read from standard input when omitted.\n",
    trace_options,
    NULL,
};

typedef struct trace_printer {
    int quiet;          /* --summary: no event lines */
    long long limit;    /* --limit: stop after this solution (-1: none) */
    long long events;   /* --events: stop after this many events (-1: none) */
    long long seen;     /* events so far */
    nq_trace_kind last; /* the previous event, which tells why a queen goes */
    int stopped_by;     /* 'l' (--limit), 'e' (--events) or 's' (a signal) */
    char indent[2 * TRACE_MAX_N + 1];
} trace_printer;

static void print_line(const trace_printer *t, const nq_trace_event *ev, nq_trace_kind last);

static int print_event(void *user, const nq_trace_event *ev) {
    trace_printer *t = user;
    nq_trace_kind last = t->last;
    t->last = ev->kind;
    t->seen++;
    if (!t->quiet) {
        print_line(t, ev, last);
        /* A failed write (a full disk, a closed pipe) stops the search; cli_flush() reports
         * it. */
        if (ferror(stdout))
            return 1;
    }
    if (tool_signal_caught()) {
        t->stopped_by = 's';
        return 1;
    }
    if (t->limit >= 0 && ev->kind == NQ_TRACE_SOLUTION && (long long)ev->solution >= t->limit) {
        t->stopped_by = 'l';
        return 1;
    }
    if (t->events >= 0 && t->seen >= t->events) {
        t->stopped_by = 'e';
        return 1;
    }
    return 0;
}

/* One event's line, indented two spaces per row. */
static void print_line(const trace_printer *t, const nq_trace_event *ev, nq_trace_kind last) {
    printf("%.*s", 2 * ev->row, t->indent);
    switch (ev->kind) {
    case NQ_TRACE_TRY:
        printf("try %d-%d\n", ev->row, ev->col);
        break;
    case NQ_TRACE_ATTACKED:
        printf("attacked %d-%d by %d-%d (%s)\n", ev->row, ev->col, ev->by_row, ev->by_col,
               nq_attack_name(ev->attack));
        break;
    case NQ_TRACE_PLACE:
        printf("place %d-%d\n", ev->row, ev->col);
        break;
    case NQ_TRACE_SOLUTION:
        printf("solution %llu:", (unsigned long long)ev->solution);
        for (int r = 0; r < ev->n; r++) {
            printf(" %d-%d,", r, ev->cols[r]);
        }
        printf(" .\n");
        break;
    case NQ_TRACE_DEAD_END:
        printf("dead end at row %d\n", ev->row);
        break;
    case NQ_TRACE_BACKTRACK:
        /* Why the queen goes, from what came just before it in the row below. */
        if (last == NQ_TRACE_DEAD_END)
            printf("backtrack %d-%d (row %d is a dead end)\n", ev->row, ev->col, ev->row + 1);
        else if (last == NQ_TRACE_SOLUTION)
            printf("backtrack %d-%d (solution found; on to the next)\n", ev->row, ev->col);
        else
            printf("backtrack %d-%d (every column of row %d was tried)\n", ev->row, ev->col,
                   ev->row + 1);
        break;
    }
}

int cmd_trace(int argc, char **argv) {
    tool_getopt g;
    tool_getopt_init(&g, &trace_command);
    trace_printer t = {.quiet = 0, .limit = -1, .events = -1, .last = NQ_TRACE_TRY};
    memset(t.indent, ' ', sizeof t.indent - 1);
    t.indent[sizeof t.indent - 1] = '\0';
    if (cli_reject_negative(argc, argv, "N", 1, TRACE_MAX_N, g.optstring, g.longopts)) {
        return EXIT_USAGE;
    }
    opterr = 0;
    int opt;
    while ((opt = getopt_long(argc, argv, g.optstring, g.longopts, NULL)) != -1) {
        switch (opt) {
        case 's':
            t.quiet = 1;
            break;
        case 'l':
            if (tool_parse_ll("--limit", optarg, 1, LLONG_MAX, &t.limit))
                return EXIT_USAGE;
            break;
        case 'e':
            if (tool_parse_ll("--events", optarg, 1, LLONG_MAX, &t.events))
                return EXIT_USAGE;
            break;
        case 'h':
            tool_print_help(stdout, &trace_command);
            return cli_flush() ? EXIT_USAGE : EXIT_OK;
        default:
            return cli_option_error("trace", opt, argv, optind, g.longopts);
        }
    }
    if (cli_at_most_one_n("trace", argc, argv, optind))
        return EXIT_USAGE;
    /* A whole number above the limit gets the reason; anything else the usual message. */
    const char *arg = optind < argc ? argv[optind] : NULL;
    long long n;
    const char *digits = arg != NULL ? arg + strspn(arg, "0") : NULL;
    if (digits != NULL && *digits != '\0' && strspn(digits, "0123456789") == strlen(digits) &&
        (strlen(digits) > 2 || atoi(digits) > TRACE_MAX_N)) {
        tool_error("trace prints every step of the search, so N is limited to %d, got '%s' (the "
                   "trace of 12 has 21 million lines); for bigger boards use 'nqueens count' or "
                   "'nqueens solve'",
                   TRACE_MAX_N, arg);
        return EXIT_USAGE;
    }
    if (cli_get_n(arg, 1, TRACE_MAX_N, &n)) {
        return EXIT_USAGE;
    }
    if (!t.quiet) {
        printf("branch and bound for n = %lld: rows top to bottom, columns left to right; "
               "r-c is the cell at row r, column c\n",
               n);
    }
    /* A signal ends the trace after the line being written (SIGINT, SIGTERM: 130, 143). */
    tool_stop_install(TOOL_STOP_LISTING, NULL);
    nq_trace_stats st;
    int rc = nq_trace_search((int)n, print_event, &t, &st);
    int sig = tool_stop_restore();
    int stopped = rc == NQ_STOPPED && t.stopped_by;
    if (rc == NQ_OK || (stopped && t.stopped_by != 's')) {
        if (stopped)
            printf("stopped after %s %lld (%s); the totals are those so far\n",
                   t.stopped_by == 'l' ? "solution" : "event",
                   t.stopped_by == 'l' ? t.limit : t.events,
                   t.stopped_by == 'l' ? "--limit" : "--events");
        printf("tried: %llu\nattacked: %llu\nnodes: %llu\ndead ends: %llu\nbacktracks: %llu\n"
               "solutions: %llu\n",
               (unsigned long long)st.tries, (unsigned long long)st.attacked,
               (unsigned long long)st.nodes, (unsigned long long)st.dead_ends,
               (unsigned long long)st.backtracks, (unsigned long long)st.solutions);
    }
    if (cli_flush()) {
        return EXIT_USAGE;
    }
    if (stopped && t.stopped_by == 's') {
        tool_error("interrupted by %s after %lld events", tool_signal_name(sig), t.seen);
        return 128 + sig;
    }
    if (rc != NQ_OK && !stopped) {
        tool_error("the search failed: %s", nq_strerror(rc));
        return EXIT_USAGE;
    }
    return EXIT_OK;
}
