/*
 * cmd_merge.c: `nqueens merge FILE...`: adds up the parts of one count (`count --part I/K`, each
 * an export or a checkpoint journal, say the tasks of a job array) and prints the total as
 * `count` does, after making sure that the parts are exactly one count: the same n and
 * numbering, every subproblem in exactly one file, each part once and finished, no file damaged,
 * and the sum the known one (n <= 27).
 *
 * An export says which part it is; a journal does not (its header has no room for it), so a
 * journal is judged by the subproblems it holds: two files that hold one subproblem overlap, a
 * subproblem in no file is missing. Where the parts can be told (from the exports, or from the
 * journals' numbers: part I of K holds the numbers I-1 modulo K), the messages name them.
 */
#include <getopt.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "export.h"

static const tool_option merge_options[] = {
    {"unique", 'u', NULL, "print the number of fundamental solutions"},
    {"json", 'j', NULL,
     "print one JSON object: n, total, unique, orbit8, orbit4, orbit2,\n"
     "orbit1, nodes (as count --json), subproblems, files, and parts (K,\n"
     "when the files tell it)"},
    {NULL, 0, NULL, NULL},
};

static const tool_command merge_command = {
    "merge",
    "Usage: nqueens merge FILE... [--unique] [--json]\n"
    "Add up the parts of one count, each counted by 'nqueens count N' with the option that\n"
    "names its part I/K and the one that writes an export or a checkpoint journal (see\n"
    "'nqueens count --help'): one file per part, in any order. Refuses files of another N or\n"
    "numbering, parts of another K, a part given twice (or two files holding one\n"
    "subproblem), a part missing or unfinished, and a damaged file (a record that breaks the\n"
    "identities, sums that are not its records'), each with a message (exit 2). Prints the\n"
    "total as 'nqueens count' does; a total that disagrees with the known count (N <= 27) is\n"
    "reported and exits 1.\n",
    merge_options,
    NULL,
};

static uint64_t merge_gcd(uint64_t a, uint64_t b) {
    while (b) {
        uint64_t r = a % b;
        a = b;
        b = r;
    }
    return a;
}

/* The part a journal's numbers tell (I of K: all its numbers are I-1 modulo K, and K is the
 * greatest such); 0/0 when it holds fewer than two records (nothing to tell). */
static void merge_guess_part(const tool_table *t, uint64_t *part, uint64_t *parts) {
    *part = *parts = 0;
    if (t->records < 2)
        return;
    uint64_t g = 0;
    for (uint64_t i = 1; i < t->records; i++)
        g = merge_gcd(g, t->rec[i].index - t->rec[0].index);
    *parts = g;
    *part = t->rec[0].index % g + 1;
}

/* "part 2/5" into buf. */
static const char *merge_part_name(uint64_t part, uint64_t parts, char *buf, size_t cap) {
    snprintf(buf, cap, "part %" PRIu64 "/%" PRIu64, part, parts);
    return buf;
}

typedef struct merge_file {
    const char *path;
    tool_table t;
    uint64_t part, parts; /* as the file says (export) or its numbers tell (journal); 0/0 */
} merge_file;

/* The checks of the files against each other; 0, or EXIT_USAGE after printing why. */
/* A refusal of the files: the message, and EXIT_USAGE. */
static int merge_refuse(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int merge_refuse(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    tool_vmessage(NULL, NULL, fmt, ap);
    va_end(ap);
    return EXIT_USAGE;
}

static int merge_judge(merge_file *f, int m, uint64_t *parts_out) {
    const tool_table *a = &f[0].t;
    char why[256], pa[48], pb[48];
    for (int i = 0; i < m; i++) {
        const tool_table *t = &f[i].t;
        if (t->n != a->n)
            return merge_refuse("'%s' is a part of the count of n = %d, but '%s' of n = %d: "
                                "give the parts of one count",
                                f[i].path, t->n, f[0].path, a->n);
        if (strcmp(t->split_id, a->split_id) != 0)
            return merge_refuse("'%s' numbers the subproblems as '%s', but '%s' as '%s': "
                                "parts counted by different versions cannot be added",
                                f[i].path, t->split_id, f[0].path, a->split_id);
        /* A size that disagrees with its own split id is refused when the file is read (the
         * export's header check, the journal's NQ_JOURNAL_HEADER_DISAGREES), naming the line. */
        if (t->size != a->size)
            return merge_refuse("'%s' says %" PRIu64 " subproblems (its size line), but '%s' says "
                                "%" PRIu64 ": give the parts of one count",
                                f[i].path, t->size, f[0].path, a->size);
        nq_split *q = NULL;
        int rc = nq_split_new_id(t->split_id, &q);
        int quadrant = rc == NQ_OK && nq_split_method(q) == NQ_METHOD_QUADRANT;
        nq_split_free(q);
        if (quadrant)
            return merge_refuse("'%s' is the journal of a whole count by the quadrant join "
                                "('%s'), not a part: its count is 'nqueens count %d "
                                "--checkpoint %s'",
                                f[i].path, t->split_id, t->n, f[i].path);
        if (tool_table_audit(t, why, sizeof why)) {
            tool_error("'%s' is damaged: %s; 'nqueens verify %s --all' tells which records are "
                       "wrong",
                       f[i].path, why, f[i].path);
            return EXIT_USAGE;
        }
        /* A numbering of this version's kinds that this version does not make is no count's:
         * its n (and the header's, which agrees) was edited, say n=12 to n=30 in both places of
         * an export of format 1, which has no check. Another version's numbering is added as
         * it is (the parts agree with each other, which is all a sum needs). */
        if (rc == NQ_EINVAL && (strncmp(t->split_id, "nq-split/3 border-mrv ", 22) == 0 ||
                                strncmp(t->split_id, "nq-split/4 quadrant ", 20) == 0))
            return merge_refuse("'%s' numbers the subproblems as '%s', which no count of n = %d "
                                "does: the file was edited or damaged",
                                f[i].path, t->split_id, t->n);
        if (rc == NQ_ENOMEM) {
            tool_error("cannot merge: out of memory");
            return EXIT_USAGE;
        }
        if (t->kind == TOOL_TABLE_EXPORT) {
            f[i].part = t->part;
            f[i].parts = t->parts;
        } else
            merge_guess_part(t, &f[i].part, &f[i].parts);
    }
    /* K: every export's, and the journals' numbers must fit it. */
    uint64_t K = 0;
    int from = -1;
    for (int i = 0; i < m; i++)
        if (f[i].t.kind == TOOL_TABLE_EXPORT) {
            if (K && f[i].parts != K)
                return merge_refuse(
                    "'%s' is %s, but '%s' is %s: give the parts of one "
                    "division of the count into K parts",
                    f[i].path, merge_part_name(f[i].part, f[i].parts, pa, sizeof pa), f[from].path,
                    merge_part_name(f[from].part, f[from].parts, pb, sizeof pb));
            K = f[i].parts;
            from = i;
        }
    if (!K) { /* journals only: the parts they tell, if they agree */
        for (int i = 0; i < m; i++)
            if (f[i].parts && (!K || f[i].parts == K))
                K = f[i].parts;
            else if (f[i].parts) {
                K = 0;
                break;
            }
    }
    for (int i = 0; i < m; i++) /* a journal with a single record: its part under K */
        if (K && f[i].t.kind == TOOL_TABLE_JOURNAL && f[i].t.records &&
            (f[i].parts == 0 || f[i].parts % K == 0)) {
            f[i].part = f[i].t.rec[0].index % K + 1;
            f[i].parts = K;
        }
    for (int i = 0; K && i < m; i++)
        for (int j = 0; j < i; j++)
            if (f[i].parts == K && f[j].parts == K && f[i].part == f[j].part)
                return merge_refuse("%s is given twice: '%s' and '%s'",
                                    merge_part_name(f[i].part, K, pa, sizeof pa), f[j].path,
                                    f[i].path);
    /* Every subproblem in exactly one file. */
    uint64_t size = a->size;
    int *owner = calloc((size_t)size, sizeof *owner);
    if (!owner) {
        tool_error("cannot merge: out of memory");
        return EXIT_USAGE;
    }
    for (int i = 0; i < m; i++)
        for (uint64_t r = 0; r < f[i].t.records; r++) {
            uint64_t x = f[i].t.rec[r].index;
            if (owner[x]) {
                int j = owner[x] - 1;
                free(owner);
                return merge_refuse("subproblem %" PRIu64 " is in both '%s' and '%s': they "
                                    "overlap (the same part twice, or parts of different "
                                    "divisions)",
                                    x, f[j].path, f[i].path);
            }
            owner[x] = i + 1;
        }
    uint64_t missing = 0, first = 0;
    for (uint64_t x = 0; x < size; x++)
        if (!owner[x] && missing++ == 0)
            first = x;
    free(owner);
    if (missing == 0) {
        *parts_out = K;
        return 0;
    }
    /* Say which part is unfinished or missing, when the parts can be told. */
    for (int i = 0; K && i < m; i++) {
        uint64_t want = tool_part_size(size, f[i].part, K);
        if (f[i].parts == K && f[i].t.records < want) {
            /* an export is written whole by a finished count: one that lacks records was edited
               or cut, and only counting the part again makes it; a journal resumes */
            int journal = f[i].t.kind == TOOL_TABLE_JOURNAL;
            tool_error("'%s' (%s) is unfinished: it holds %" PRIu64 " of the part's %" PRIu64
                       " subproblems; %s with 'nqueens count %d --part %" PRIu64 "/%" PRIu64
                       " %s %s'",
                       f[i].path, merge_part_name(f[i].part, K, pa, sizeof pa), f[i].t.records,
                       want, journal ? "resume it" : "count it again", a->n, f[i].part, K,
                       journal ? "--checkpoint" : "--export", f[i].path);
            return EXIT_USAGE;
        }
    }
    if (K) {
        char list[256] = "";
        size_t len = 0;
        uint64_t absent = 0;
        for (uint64_t p = 1; p <= K; p++) {
            int found = 0;
            for (int i = 0; i < m && !found; i++)
                found = f[i].parts == K && f[i].part == p;
            if (!found && tool_part_size(size, p, K) > 0) {
                if (absent++ < 8 && len < sizeof list - 24)
                    len += (size_t)snprintf(list + len, sizeof list - len, "%s%" PRIu64 "/%" PRIu64,
                                            absent > 1 ? ", " : "", p, K);
            }
        }
        if (absent) {
            tool_error("%s %s%s missing (%" PRIu64 " of the %" PRIu64 " subproblems are in none "
                       "of the files): give every part of the count",
                       absent == 1 ? "part" : "parts", list, absent > 8 ? ", ..." : "", missing,
                       size);
            return EXIT_USAGE;
        }
    }
    tool_error("%" PRIu64 " of the %" PRIu64 " subproblems are in none of the files (the first: "
               "%" PRIu64 "): a part is missing or unfinished",
               missing, size, first);
    return EXIT_USAGE;
}

int cmd_merge(int argc, char **argv) {
    tool_getopt g;
    tool_getopt_init(&g, &merge_command);
    int unique = 0, json = 0, opt;
    opterr = 0;
    while ((opt = getopt_long(argc, argv, g.optstring, g.longopts, NULL)) != -1) {
        switch (opt) {
        case 'u':
            unique = 1;
            break;
        case 'j':
            json = 1;
            break;
        case 'h':
            tool_print_help(stdout, &merge_command);
            return cli_flush() ? EXIT_USAGE : EXIT_OK;
        default:
            return cli_option_error("merge", opt, argv, optind, g.longopts);
        }
    }
    int m = argc - optind;
    if (m < 1)
        return cli_usage_error("merge", "give the files of the parts (exports or journals)");
    merge_file *f = calloc((size_t)m, sizeof *f);
    if (!f) {
        tool_error("cannot merge: out of memory");
        return EXIT_USAGE;
    }
    int code = EXIT_OK;
    for (int i = 0; i < m && code == EXIT_OK; i++) {
        f[i].path = argv[optind + i];
        if (tool_table_read(f[i].path, &f[i].t))
            code = EXIT_USAGE;
    }
    uint64_t K = 0;
    if (code == EXIT_OK)
        code = merge_judge(f, m, &K);
    nq_counts sum;
    memset(&sum, 0, sizeof sum);
    int n = f[0].t.n;
    for (int i = 0; i < m && code == EXIT_OK; i++)
        nq_counts_add(&sum, &f[i].t.sum);
    if (code == EXIT_OK && nq_known_check(n, &sum) != NQ_OK) {
        nq_counts k;
        (void)nq_known_counts(n, &k);
        char got[41], want[41], gu[41], wu[41];
        tool_error("the parts add up to %s solutions (%s fundamental), but n = %d has %s (%s "
                   "fundamental; OEIS A000170, A002562): some record is wrong; 'nqueens verify "
                   "FILE --all' on each part tells which",
                   nq_u128_to_string(sum.total, got), nq_u128_to_string(sum.unique, gu), n,
                   nq_u128_to_string(k.total, want), nq_u128_to_string(k.unique, wu));
        code = EXIT_NO;
    }
    if (code == EXIT_OK) {
        char v[6][41];
        nq_u128_to_string(sum.total, v[0]);
        nq_u128_to_string(sum.unique, v[1]);
        if (!json)
            printf("%s\n", unique ? v[1] : v[0]);
        else {
            printf("{\"n\":%d,\"total\":%s,\"unique\":%s,\"orbit8\":%s,\"orbit4\":%s,"
                   "\"orbit2\":%s,\"orbit1\":%s,\"nodes\":%" PRIu64 ",\"subproblems\":%" PRIu64
                   ",\"files\":%d",
                   n, v[0], v[1], nq_u128_to_string(sum.orbit8, v[2]),
                   nq_u128_to_string(sum.orbit4, v[3]), nq_u128_to_string(sum.orbit2, v[4]),
                   nq_u128_to_string(sum.orbit1, v[5]), sum.nodes, f[0].t.size, m);
            if (K)
                printf(",\"parts\":%" PRIu64, K);
            puts("}");
        }
        if (cli_flush())
            code = EXIT_USAGE;
    }
    for (int i = 0; i < m; i++)
        tool_table_free(&f[i].t);
    free(f);
    return code;
}
