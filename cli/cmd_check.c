/*
 * cmd_check.c: `nqueens check [FILE]`: judge a list of solutions written by anyone, in any format
 * (detected, or --format), like an online judge: each item valid, attacked (the first two queens
 * and how), incomplete, of the wrong size, malformed (line and column), a duplicate; claims ("-1",
 * counts); with --all, completeness against OEIS A000170 and lexicographic order (of solutions:
 * --all with count claims only is refused). A human report by default, one JSON object with
 * --json. Exit 0 all good, 1 something wrong, 2 unreadable input.
 *
 * The input is read as a stream (nq_reader_open()), so memory is bounded by one item and, for
 * the duplicates and --all, by the distinct solutions listed, however long the input. The report
 * is written to a temporary file as the items come and copied to stdout at the end, so that an
 * input found unreadable part-way (a broken JSON structure, a read error) prints nothing but the
 * error, as one read whole would.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "signals.h"

static const tool_option check_options[] = {
    {"format", 'f', "F",
     "the input format (default: detected): cols, pairs, board, json, jsonl,\n"
     "grid, perm, matrix, cases (a whole 'nqueens cases' output, in any of its\n"
     "formats) or count (lines 'COUNT' or 'N COUNT': claimed numbers of\n"
     "solutions)"},
    {"n", 'n', "N", "insist on board size N (also the size of a bare count or a \"-1\")"},
    {"all", 'a', NULL,
     "also require the list to be complete (every solution of N, once) and\n"
     "in lexicographic order; for 'cases', each case. Count claims are no\n"
     "list: --all with nothing else is refused (exit 2)"},
    {"column-major", 'c', NULL,
     "read each board transposed (queen (r, c) drawn at (c, r)), as\n"
     "'nqueens solve --column-major' prints them"},
    {"json", 'j', NULL, "print the report as one JSON object"},
    {NULL, 0, NULL, NULL},
};

static const tool_command check_command = {
    "check",
    "Usage: nqueens check [FILE] [--format F] [--n N] [--all] [--column-major] [--json]\n"
    "Judge the solutions in FILE (or standard input) like an online judge: each one valid,\n"
    "or the first two queens that attack each other and how, or malformed (with its line and\n"
    "column); duplicates; \"-1\" and count claims against the known counts (OEIS A000170).\n",
    check_options,
    "Exit status: 0 all good, 1 something wrong, 2 unreadable or unparseable input (or\n"
    "--all given count claims only).\n"
    "Example: nqueens solve 8 | nqueens check --all     echo 48042 | nqueens check --n 8\n",
};

/* Problems printed in the human report before "... more"; --json lists them all. */
enum { HUMAN_PROBLEMS = 50 };

/* Where the report goes: a temporary file, copied to stdout once the input is read (stdout if
 * no temporary file can be made). */
static FILE *out;

typedef struct check_opts {
    int format, n, all, json, column_major;
    const char *file;
} check_opts;

static void json_string(const char *s) {
    fputc('"', out);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(out, "\\%c", c);
        else if (c < 32)
            fprintf(out, "\\u%04x", c);
        else
            fputc(c, out);
    }
    fputc('"', out);
}

static const char *u128(nq_u128 v, char buf[41]) {
    return nq_u128_to_string(v, buf);
}

/* How two queens attack each other, as a phrase. */
static const char *attack_phrase(nq_attack kind) {
    switch (kind) {
    case NQ_ATTACK_ROW:
        return "a row";
    case NQ_ATTACK_COLUMN:
        return "a column";
    case NQ_ATTACK_DIAGONAL:
        return "a diagonal";
    case NQ_ATTACK_ANTIDIAGONAL:
        return "an anti-diagonal";
    default:
        return "nothing";
    }
}

static int is_problem(const nq_verdict *v) {
    return v->kind != NQ_VERDICT_VALID && v->kind != NQ_VERDICT_CLAIM_RIGHT;
}

static int is_claim(const nq_item *it) {
    return it->kind == NQ_ITEM_NONE || it->kind == NQ_ITEM_COUNT;
}

/* The counts a claim can name, in the order of the NQ_CLAIM_* bits. */
static const char *const claim_names[6] = {"total",  "unique", "orbit8",
                                           "orbit4", "orbit2", "orbit1"};

/* The NQ_CLAIM_* bits of the counts a claim names (a reader's item always names its total). */
static unsigned claim_fields(const nq_item *it) {
    return it->fields | NQ_CLAIM_TOTAL | (it->has_unique ? NQ_CLAIM_UNIQUE : 0);
}

static nq_u128 claim_value(const nq_item *it, int i) {
    const nq_u128 v[6] = {it->total, it->unique, it->orbit8, it->orbit4, it->orbit2, it->orbit1};
    return v[i];
}

static nq_u128 claim_known(const nq_verdict *v, int i) {
    const nq_u128 k[6] = {v->known_total,  v->known_unique, v->known_orbit8,
                          v->known_orbit4, v->known_orbit2, v->known_orbit1};
    return k[i];
}

/* What a count claim's verdict did not judge: its other fields (seconds, nodes ...), and the
 * counts no table holds. "right" only covers what was judged, so it says so. */
static void human_unjudged(const nq_item *it, int right) {
    if (it->unjudged)
        fprintf(out, "%s(not judged: %s)", right ? " " : "; ", it->unjudged);
}

/* Where the items' queens stand in the text: in the board formats each row has a line of its own
 * (row r of a board on the line of its first row + r; read --column-major, the queen (r, c) of
 * the solution is drawn on row c), in the others the whole item is on its line. */
typedef struct item_lines {
    int boards;       /* board, grid or matrix */
    int column_major; /* the boards are read transposed */
} item_lines;

/* The line of the text on which the solution's queen (row, col) of item it stands. */
static int queen_line(const item_lines *l, const nq_item *it, int row, int col) {
    if (!l->boards || it->kind != NQ_ITEM_PLACEMENT)
        return it->line;
    return it->line + (l->column_major ? col : row);
}

/* One line of the human report for an item that is a problem or a claim. A wrong board is named
 * by the lines of its clashing queens (or of its empty row), not by its first line. */
static void human_item(const nq_item *it, const nq_verdict *v, int cases, const item_lines *l) {
    char a[41], b[41];
    int line1 = it->line, line2 = it->line;
    if (v->kind == NQ_VERDICT_ATTACK) {
        line1 = queen_line(l, it, v->conflict.row1, v->conflict.col1);
        line2 = queen_line(l, it, v->conflict.row2, v->conflict.col2);
    } else if (v->kind == NQ_VERDICT_INCOMPLETE && !l->column_major) {
        line1 = line2 = queen_line(l, it, v->row, 0);
    }
    if (line2 < line1) {
        int t = line1;
        line1 = line2;
        line2 = t;
    }
    if (v->kind == NQ_VERDICT_MALFORMED)
        fprintf(out, "line %d, column %d: ", it->line, it->column);
    else if (line1 != line2)
        fprintf(out, "lines %d and %d: ", line1, line2);
    else
        fprintf(out, "line %d: ", line1);
    if (cases)
        fprintf(out, "case %d: ", it->group + 1);
    switch (v->kind) {
    case NQ_VERDICT_ATTACK:
        if (v->conflict.row1 == v->conflict.row2 && v->conflict.col1 == v->conflict.col2) {
            fprintf(out, "solution %llu is wrong: queen %d-%d is listed twice\n",
                    (unsigned long long)v->index, v->conflict.row1, v->conflict.col1);
            return;
        }
        fprintf(out, "solution %llu is wrong: queens %d-%d and %d-%d share %s\n",
                (unsigned long long)v->index, v->conflict.row1, v->conflict.col1, v->conflict.row2,
                v->conflict.col2, attack_phrase(v->conflict.kind));
        return;
    case NQ_VERDICT_INCOMPLETE:
        fprintf(out, "solution %llu is incomplete: row %d has no queen\n",
                (unsigned long long)v->index, v->row);
        return;
    case NQ_VERDICT_SIZE:
        if (it->kind == NQ_ITEM_COUNT)
            fprintf(out, "count %s is for n = %d, but the list is for n = %d\n", u128(it->total, a),
                    v->n, v->list_n);
        else
            fprintf(out, "solution %llu is for n = %d, but the list is for n = %d\n",
                    (unsigned long long)v->index, v->n, v->list_n);
        return;
    case NQ_VERDICT_MALFORMED:
        fprintf(out, "item %llu is malformed: %s\n", (unsigned long long)v->index, it->error);
        return;
    case NQ_VERDICT_DUPLICATE:
        fprintf(out, "solution %llu is a duplicate of solution %llu (line %d)\n",
                (unsigned long long)v->index, (unsigned long long)v->dup_of, v->dup_line);
        return;
    default:
        break;
    }
    const char *verdict = v->kind == NQ_VERDICT_CLAIM_RIGHT ? "right" : "wrong";
    if (it->kind == NQ_ITEM_NONE) {
        if (v->kind == NQ_VERDICT_CLAIM_UNKNOWN)
            fprintf(out,
                    "-1 (no solution): not checked, n is unknown (give --n N; -1 is right only "
                    "for n = 2 and 3)\n");
        else if (v->kind == NQ_VERDICT_CLAIM_RIGHT)
            fprintf(out, "-1 (no solution) for n = %d: right\n", v->n);
        else
            fprintf(out, "-1 (no solution) for n = %d: wrong, n = %d has solutions\n", v->n, v->n);
        return;
    }
    fprintf(out, "count %s", u128(it->total, a));
    unsigned fields = claim_fields(it);
    if (fields & ~NQ_CLAIM_TOTAL) {
        const char *sep = " (";
        for (int i = 1; i < 6; i++) {
            if (!(fields & (1u << i)))
                continue;
            fprintf(out, "%s%s %s", sep, i == 1 ? "fundamental" : claim_names[i],
                    u128(claim_value(it, i), a));
            sep = ", ";
        }
        fputc(')', out);
    }
    if (v->n == 0 && v->kind != NQ_VERDICT_CLAIM_WRONG) {
        fprintf(out, ": not checked, n is unknown (give --n N or write 'N COUNT')");
        human_unjudged(it, 0);
        fputc('\n', out);
        return;
    }
    if (v->n)
        fprintf(out, " for n = %d", v->n);
    if (v->kind == NQ_VERDICT_CLAIM_UNKNOWN) {
        fprintf(out, ": not checked, the number of solutions is known only up to n = 27");
        human_unjudged(it, 0);
        fputc('\n', out);
        return;
    }
    fprintf(out, ": %s", verdict);
    if (v->kind == NQ_VERDICT_CLAIM_WRONG && v->wrong_fields && !(v->n == 0 || v->n > 27)) {
        fprintf(out, ", n = %d has %s solution%s", v->n, u128(v->known_total, a),
                v->known_total == 1 ? "" : "s");
        if (fields & NQ_CLAIM_UNIQUE)
            fprintf(out, ", %s fundamental", u128(v->known_unique, b));
        for (int i = 2; i < 6; i++)
            if (fields & (1u << i))
                fprintf(out, ", %s %s", claim_names[i], u128(claim_known(v, i), b));
        fprintf(out, " (OEIS A000170%s)", fields & NQ_CLAIM_UNIQUE ? ", A002562" : "");
        if (fields & NQ_CLAIM_ORBITS) {
            fprintf(out, "; wrong:");
            for (int i = 0; i < 6; i++)
                if (v->wrong_fields & (1u << i))
                    fprintf(out, " %s", claim_names[i]);
        }
    }
    if (v->contradiction)
        fprintf(out, "%s the counts contradict each other (%s)",
                v->wrong_fields && !(v->n == 0 || v->n > 27) ? ";" : ",",
                fields & NQ_CLAIM_ORBITS
                    ? "total = 8 orbit8 + 4 orbit4 + 2 orbit2 + orbit1, unique = orbit8 + orbit4 + "
                      "orbit2 + orbit1, orbit1 = 0 for n > 1"
                    : "a class of solutions has 1 to 8 members: unique <= total <= 8 unique");
    human_unjudged(it, v->kind == NQ_VERDICT_CLAIM_RIGHT);
    fputc('\n', out);
}

/* A list of NQ_CLAIM_* fields, as "key":["total","orbit8"], or nothing when there is none. */
static void json_fields(const char *key, unsigned fields) {
    if (!fields)
        return;
    fprintf(out, ",\"%s\":[", key);
    for (int i = 0, k = 0; i < 6; i++)
        if (fields & (1u << i))
            fprintf(out, "%s\"%s\"", k++ ? "," : "", claim_names[i]);
    fputc(']', out);
}

static void json_item(const nq_item *it, const nq_verdict *v, int first, const item_lines *l) {
    char a[41];
    fprintf(out, "%s\n  {\"item\":%llu,\"line\":%d,\"column\":%d", first ? "" : ",",
            (unsigned long long)v->index, it->line, it->column);
    if (it->kind == NQ_ITEM_NONE || it->kind == NQ_ITEM_COUNT)
        fprintf(out, ",\"case\":%d", it->group + 1);
    switch (v->kind) {
    case NQ_VERDICT_ATTACK:
        fprintf(out,
                ",\"kind\":\"attack\",\"how\":\"%s\",\"queens\":[[%d,%d],[%d,%d]],"
                "\"queen_lines\":[%d,%d]}",
                nq_attack_name(v->conflict.kind), v->conflict.row1, v->conflict.col1,
                v->conflict.row2, v->conflict.col2,
                queen_line(l, it, v->conflict.row1, v->conflict.col1),
                queen_line(l, it, v->conflict.row2, v->conflict.col2));
        return;
    case NQ_VERDICT_INCOMPLETE:
        fprintf(out, ",\"kind\":\"incomplete\",\"row\":%d", v->row);
        if (l->boards && !l->column_major)
            fprintf(out, ",\"row_line\":%d", queen_line(l, it, v->row, 0));
        fputc('}', out);
        return;
    case NQ_VERDICT_SIZE:
        fprintf(out, ",\"kind\":\"size\",\"n\":%d,\"list_n\":%d}", v->n, v->list_n);
        return;
    case NQ_VERDICT_MALFORMED:
        fprintf(out, ",\"kind\":\"malformed\",\"error\":");
        json_string(it->error);
        fputc('}', out);
        return;
    case NQ_VERDICT_DUPLICATE:
        fprintf(out, ",\"kind\":\"duplicate\",\"of\":%llu,\"of_line\":%d}",
                (unsigned long long)v->dup_of, v->dup_line);
        return;
    default:
        break;
    }
    fprintf(out, ",\"kind\":\"claim\",\"claim\":\"%s\"",
            it->kind == NQ_ITEM_NONE ? "none" : "count");
    if (v->n)
        fprintf(out, ",\"n\":%d", v->n);
    if (it->kind == NQ_ITEM_COUNT) {
        unsigned fields = claim_fields(it);
        for (int i = 0; i < 6; i++)
            if (fields & (1u << i))
                fprintf(out, ",\"%s\":\"%s\"", claim_names[i], u128(claim_value(it, i), a));
    }
    const char *verdict = v->kind == NQ_VERDICT_CLAIM_RIGHT   ? "right"
                          : v->kind == NQ_VERDICT_CLAIM_WRONG ? "wrong"
                                                              : "unchecked";
    fprintf(out, ",\"verdict\":\"%s\"", verdict);
    if (v->kind != NQ_VERDICT_CLAIM_UNKNOWN && v->n >= 1 && v->n <= 27) {
        fprintf(out, ",\"known_total\":\"%s\"", u128(v->known_total, a));
        fprintf(out, ",\"known_unique\":\"%s\"", u128(v->known_unique, a));
        if (it->kind == NQ_ITEM_COUNT && (claim_fields(it) & NQ_CLAIM_ORBITS))
            for (int i = 2; i < 6; i++)
                fprintf(out, ",\"known_%s\":\"%s\"", claim_names[i], u128(claim_known(v, i), a));
    }
    if (it->kind == NQ_ITEM_COUNT) {
        json_fields("wrong", v->wrong_fields);
        if (v->contradiction)
            fprintf(out, ",\"contradiction\":true");
        json_fields("unjudged", v->unjudged_fields);
        if (it->unjudged) {
            fprintf(out, ",\"unjudged_other\":");
            json_string(it->unjudged);
        }
    }
    fputc('}', out);
}

/* Does --all judge the group? A list of solutions, yes; a "-1" case is its own whole answer (its
 * claim is judged as an item). A group of count claims only is no list: judge() refuses --all
 * for it. A count claim among solutions is judged as an item, and the solutions as a list. */
static int all_applies(const nq_check_group *g) {
    return !g->claims_none;
}

/* A group of count claims and nothing else ("8 92", `nqueens count 8 --json`). */
static int only_counts(const nq_check_group *g) {
    return g->claims > 0 && g->placements == 0 && !g->claims_none;
}

/* Is a group all good? With --all: complete and in order (for lists of solutions). */
static int group_ok(const nq_check_group *g, int all) {
    if (g->wrong || g->duplicates)
        return 0;
    if (all && all_applies(g))
        return g->known && g->complete && g->ordered;
    return 1;
}

static void cols_text(int n, const int *cols) {
    for (int i = 0; i < n; i++)
        fprintf(out, i ? " %d" : "%d", cols[i]);
}

static void human_group(const nq_check_group *g, int cases, int all) {
    char a[41], b[41];
    if (cases)
        fprintf(out, "case %d (line %d)", g->group + 1, g->line);
    else
        fprintf(out, "list");
    if (g->n)
        fprintf(out, ", n = %d", g->n);
    fprintf(out, ": %llu item%s", (unsigned long long)g->items, g->items == 1 ? "" : "s");
    if (g->placements)
        fprintf(out, ", %llu valid solution%s", (unsigned long long)g->valid,
                g->valid == 1 ? "" : "s");
    fprintf(out, ", %llu wrong", (unsigned long long)g->wrong);
    if (g->duplicates)
        fprintf(out, ", %llu duplicate%s", (unsigned long long)g->duplicates,
                g->duplicates == 1 ? "" : "s");
    if (g->unchecked)
        fprintf(out, ", %llu unchecked", (unsigned long long)g->unchecked);
    fputc('\n', out);
    if (!all || !all_applies(g))
        return;
    if (!g->known) {
        if (g->n)
            fprintf(out, "  completeness: not known, the number of solutions is known only up to "
                         "n = 27\n");
        else
            fprintf(out, "  completeness: not known, n is unknown (give --n N)\n");
    } else if (g->complete)
        fprintf(out, "  complete: all %s solution%s of n = %d (OEIS A000170)\n",
                u128(g->expected, a), g->expected == 1 ? "" : "s", g->n);
    else if (g->missing == 0)
        fprintf(out,
                "  not complete: all %s solutions of n = %d (OEIS A000170) are listed, but so are "
                "%llu duplicate%s and %llu wrong item%s\n",
                u128(g->expected, a), g->n, (unsigned long long)g->duplicates,
                g->duplicates == 1 ? "" : "s", (unsigned long long)g->wrong,
                g->wrong == 1 ? "" : "s");
    else {
        fprintf(out, "  incomplete: %llu of the %s solutions of n = %d (OEIS A000170) listed",
                (unsigned long long)g->valid, u128(g->expected, a), g->n);
        if (g->missing)
            fprintf(out, ", %s missing", u128(g->missing, b));
        if (g->first_missing) {
            fprintf(out, ", the first missing: ");
            cols_text(g->n, g->first_missing);
        }
        fputc('\n', out);
    }
    if (g->ordered)
        fprintf(out, "  in lexicographic order\n");
    else
        fprintf(out,
                "  not in lexicographic order: item %llu (line %d) does not come after the one "
                "before it\n",
                (unsigned long long)g->order_index, g->order_line);
}

static void json_group(const nq_check_group *g, int all, int first) {
    char a[41];
    fprintf(out,
            "%s\n  {\"case\":%d,\"line\":%d,\"n\":%d,\"items\":%llu,\"valid\":%llu,\"wrong\":%llu,"
            "\"duplicates\":%llu,\"unchecked\":%llu,\"ordered\":%s",
            first ? "" : ",", g->group + 1, g->line, g->n, (unsigned long long)g->items,
            (unsigned long long)g->valid, (unsigned long long)g->wrong,
            (unsigned long long)g->duplicates, (unsigned long long)g->unchecked,
            g->ordered ? "true" : "false");
    if (g->ordered)
        fprintf(out, ",\"order_item\":null");
    else
        fprintf(out, ",\"order_item\":%llu,\"order_line\":%d", (unsigned long long)g->order_index,
                g->order_line);
    fprintf(out, ",\"known\":%s", g->known ? "true" : "false");
    if (g->known) {
        fprintf(out, ",\"expected\":\"%s\",\"complete\":%s", u128(g->expected, a),
                g->complete ? "true" : "false");
        fprintf(out, ",\"missing\":\"%s\"", u128(g->missing, a));
        if (g->first_missing) {
            fprintf(out, ",\"first_missing\":[");
            for (int i = 0; i < g->n; i++)
                fprintf(out, i ? ",%d" : "%d", g->first_missing[i]);
            fputc(']', out);
        }
    }
    fprintf(out, ",\"ok\":%s}", group_ok(g, all) ? "true" : "false");
}

/* --all given count claims: a claim is no list of solutions, so there is nothing for --all to
 * require (it once was ignored, and "all good" said of the claims alone). */
static int all_refused(void) {
    return cli_usage_error("check",
                           "--all requires a list of solutions to be complete and in order, but "
                           "the input holds count claims only (such as '8 92' or what 'nqueens "
                           "count --json' prints), which are no list: leave out --all to judge "
                           "the claims");
}

static int parse_opts(int argc, char **argv, check_opts *o, int *done) {
    tool_getopt g;
    tool_getopt_init(&g, &check_command);
    memset(o, 0, sizeof *o);
    o->format = NQ_INPUT_AUTO;
    *done = 0;
    opterr = 0;
    int opt;
    long long n;
    while ((opt = getopt_long(argc, argv, g.optstring, g.longopts, NULL)) != -1) {
        switch (opt) {
        case 'f':
            if (nq_input_parse_name(optarg, &o->format) != NQ_OK)
                return cli_usage_error("check",
                                       "unknown format '%s'; the formats are cols, pairs, board, "
                                       "json, jsonl, grid, perm, matrix, cases and count",
                                       optarg);
            break;
        case 'n':
            if (tool_parse_ll("--n", optarg, 1, NQ_PARSE_MAX_N, &n))
                return EXIT_USAGE;
            o->n = (int)n;
            break;
        case 'a':
            o->all = 1;
            break;
        case 'j':
            o->json = 1;
            break;
        case 'c':
            o->column_major = 1;
            break;
        case 'h':
            tool_print_help(stdout, &check_command);
            *done = 1;
            return cli_flush() ? EXIT_USAGE : EXIT_OK;
        default:
            return cli_option_error("check", opt, argv, optind, g.longopts);
        }
    }
    if (o->all && o->format == NQ_INPUT_COUNT)
        return all_refused();
    if (optind < argc)
        o->file = argv[optind++];
    if (optind < argc)
        return cli_usage_error("check", "takes one FILE at most, got '%s' too", argv[optind]);
    return EXIT_OK;
}

/* The input: a file descriptor read with read(2), in the reader's window. */
typedef struct check_input {
    int fd;
    int os_error; /* errno of a failed read */
} check_input;

static int check_read(void *user, char *buf, size_t cap, size_t *got) {
    check_input *in = user;
    for (;;) {
        ssize_t k = read(in->fd, buf, cap);
        if (k >= 0) {
            *got = (size_t)k;
            return NQ_OK;
        }
        if (errno == EINTR) {
            if (tool_signal_caught())
                return NQ_STOPPED; /* SIGINT or SIGTERM: judge what was read so far */
            continue;
        }
        in->os_error = errno;
        return NQ_EIO;
    }
}

/* Copies the spooled report to stdout. Returns 0, or -1 after printing a write error. */
static int copy_report(FILE *spool) {
    if (spool == stdout)
        return cli_flush();
    char buf[1 << 16];
    size_t k;
    rewind(spool);
    while ((k = fread(buf, 1, sizeof buf, spool)) > 0)
        if (fwrite(buf, 1, k, stdout) != k)
            break;
    if (ferror(spool)) {
        tool_error("cannot read back the report from a temporary file: %s", strerror(errno));
        return -1;
    }
    return cli_flush();
}

/* Explains why the reading ended early (a status of nq_reader_open() or nq_reader_next()). */
static int reading_failed(const check_opts *o, nq_reader *r, int rc, const check_input *in) {
    const char *name = o->file ? o->file : "standard input";
    if (rc == NQ_EPARSE) {
        int line, column;
        const char *msg = nq_reader_error(r, &line, &column);
        tool_error("%s%sline %d, column %d: %s", o->file ? o->file : "", o->file ? ": " : "", line,
                   column, msg);
    } else if (rc == NQ_EIO) {
        tool_error("cannot read '%s': %s", name, strerror(in->os_error));
    } else {
        tool_error("%s", nq_strerror(rc));
    }
    return EXIT_USAGE;
}

/* Reads and judges the whole input, writing the report to `out`. */
static int judge(const check_opts *o, check_input *in) {
    nq_reader *r = NULL;
    nq_checker *c = NULL;
    int rc = nq_reader_open(check_read, in, o->format, o->n, &r);
    if (rc == NQ_STOPPED) {
        int sig = tool_signal_caught();
        tool_error("interrupted by %s before anything was read", tool_signal_name(sig));
        return 128 + sig;
    }
    if (rc != NQ_OK)
        return reading_failed(o, NULL, rc, in);
    rc = nq_checker_new(o->n, &c);
    if (rc != NQ_OK) {
        nq_reader_free(r);
        tool_error("%s", nq_strerror(rc));
        return EXIT_USAGE;
    }
    int cases = nq_reader_format(r) == NQ_INPUT_CASES;
    int format = nq_reader_format(r);
    if (o->all && format == NQ_INPUT_COUNT) {
        nq_checker_free(c);
        nq_reader_free(r);
        return all_refused();
    }
    item_lines lines = {format == NQ_FMT_BOARD || format == NQ_FMT_GRID || format == NQ_FMT_MATRIX,
                        o->column_major};
    if (o->json)
        fprintf(out, "{\"format\":\"%s\",\"problems\":[", nq_input_name(nq_reader_format(r)));
    nq_item it;
    nq_verdict v;
    unsigned long long problems = 0, hidden = 0, items = 0;
    while ((rc = nq_reader_next(r, &it)) == NQ_OK) {
        items++;
        if (o->column_major && it.kind == NQ_ITEM_PLACEMENT) {
            /* The transpose: queen (r, c) as drawn is the queen (c, r) of the solution. */
            const int *rows = it.rows;
            it.rows = it.cols;
            it.cols = rows;
        }
        rc = nq_checker_add(c, &it, &v);
        if (rc != NQ_OK)
            break;
        if (!is_problem(&v) && !is_claim(&it))
            continue;
        if (o->json)
            json_item(&it, &v, problems == 0, &lines);
        else if (problems < HUMAN_PROBLEMS || !is_problem(&v))
            human_item(&it, &v, cases, &lines);
        else
            hidden++;
        problems++;
    }
    int status = EXIT_OK, interrupted = rc == NQ_STOPPED;
    if (rc != NQ_DONE && !interrupted) {
        status = reading_failed(o, r, rc, in);
    } else if (items == 0 && o->n == 0 && !interrupted) {
        /* An empty list is right only for a known n (2 and 3 have no solution): without --n,
         * empty input (a program that printed nothing) would pass unjudged. */
        status = cli_usage_error("check",
                                 "the input holds nothing to check: give --n N to judge an empty "
                                 "list%s",
                                 o->all ? " with --all" : "");
    }
    int ok = 1, groups = nq_checker_groups(c);
    if (status == EXIT_OK && !o->json && hidden)
        fprintf(out, "... and %llu more problems (--json lists them all)\n", hidden);
    if (o->json && status == EXIT_OK)
        fprintf(out, "%s],\n\"groups\":[", problems ? "\n" : "");
    for (int i = 0; status == EXIT_OK && i < groups; i++) {
        nq_check_group g;
        rc = nq_checker_group(c, i, &g);
        if (rc != NQ_OK) {
            tool_error("%s", nq_strerror(rc));
            status = EXIT_USAGE;
            break;
        }
        if (o->all && !interrupted && only_counts(&g)) {
            status = all_refused();
            break;
        }
        if (!group_ok(&g, o->all))
            ok = 0;
        if (o->json)
            json_group(&g, o->all, i == 0);
        else
            human_group(&g, cases, o->all);
    }
    if (status == EXIT_OK) {
        if (interrupted)
            ok = 0;
        if (o->json)
            fprintf(out, "\n],\n%s\"ok\":%s}\n", interrupted ? "\"interrupted\":true," : "",
                    ok ? "true" : "false");
        else if (interrupted)
            fprintf(out, "interrupted: only the first %llu items were read and judged\n", items);
        else
            fprintf(out, "%s\n", ok ? "all good" : "something is wrong");
        if (ferror(out)) {
            tool_error("cannot write the report to a temporary file: %s", strerror(errno));
            status = EXIT_USAGE;
        } else if (copy_report(out)) {
            status = EXIT_USAGE;
        } else if (interrupted) {
            int sig = tool_signal_caught();
            tool_error("interrupted by %s after %llu items: the report covers those only",
                       tool_signal_name(sig), items);
            status = 128 + sig;
        } else {
            status = ok ? EXIT_OK : EXIT_NO;
        }
    }
    nq_checker_free(c);
    nq_reader_free(r);
    return status;
}

int cmd_check(int argc, char **argv) {
    check_opts o;
    int done;
    int status = parse_opts(argc, argv, &o, &done);
    if (done || status != EXIT_OK)
        return status;
    check_input in = {STDIN_FILENO, 0};
    if (o.file && strcmp(o.file, "-") != 0) {
        in.fd = open(o.file, O_RDONLY | O_CLOEXEC);
        if (in.fd < 0) {
            tool_error("cannot open '%s': %s", o.file, strerror(errno));
            return EXIT_USAGE;
        }
    } else {
        o.file = NULL;
        cli_stdin_prompt("the solutions to check", "one a line, or boards; end with Ctrl-D; or "
                                                   "give a FILE");
    }
    out = tmpfile();
    if (!out)
        out = stdout; /* no temporary file: the report goes out as it is made */
    tool_stop_install(TOOL_STOP_READ, NULL);
    status = judge(&o, &in);
    tool_stop_restore();
    if (out != stdout)
        fclose(out);
    else if (status == EXIT_USAGE)
        clearerr(stdout);
    if (in.fd != STDIN_FILENO)
        close(in.fd);
    return status;
}
