/*
 * cmd_verify.c: `nqueens verify FILE`: checks a count's per-subproblem records (an export or a
 * checkpoint journal) the way a second party would: the file's own consistency (identities of
 * every record, its sums), the total against the known counts when the file holds the whole
 * count (n <= 27), and a recount of a random sample of the records (or all of them) by other
 * means than the count used: the plain generic kernel (NQ_KERNEL_GENERIC, whatever the count
 * ran), and for small subproblems also the slow reference search below, which shares nothing
 * with the kernels but the subproblem's queens (nq_split_queens()). A journal of the quadrant
 * split (nqueens count --method quadrant) holds totals only (its classes follow from the whole
 * total): its records are recounted by the quadrant join's generic kernel and, within a budget,
 * by backtracking on each subproblem's board (nq_split_solve_method()).
 *
 * The sample is reproducible from its seed, by a method anyone can reimplement: splitmix64
 * (Steele, Lea and Flood 2014) seeded with S draws x; the records, in increasing order of index,
 * are shuffled by a partial Fisher-Yates pass (for j = 0 .. K-1, position j is swapped with
 * position j + x mod (R - j), R the number of records), and the first K are the sample. If a
 * fraction p of the records were wrong, a sample of K finds at least one with probability
 * 1 - (1 - p)^K (drawing without replacement only does better); the verdict states it for
 * p = 1%. Workload: the recount costs what the sampled part of the count cost, on all cores.
 */
#include <getopt.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "export.h"

#define VERIFY_SAMPLE     1000 /* the default sample */
#define VERIFY_REF_NODES  4096 /* the reference search recounts subproblems up to this size, */
#define VERIFY_REF_TRIES  2000000ULL   /* gives up on one after this many cells tried, */
#define VERIFY_REF_BUDGET 100000000ULL /* and stops after this many in all (about a second) */

static const tool_option verify_options[] = {
    {"sample", 'k', "K",
     "recount K records chosen at random (default " TOOL_STR(VERIFY_SAMPLE) "; all of them if\n"
                                                                            "the file has fewer)"},
    {"all", 'a', NULL, "recount every record"},
    {"seed", 'S', "S",
     "the seed of the sample (0 to 2^64-1; default: drawn from the\n"
     "clock, and printed, so that the same sample can be drawn again)"},
    {"threads", 't', "T", "recount on T threads (default: all cores)"},
    {NULL, 0, NULL, NULL},
};

static const tool_command verify_command = {
    "verify",
    "Usage: nqueens verify FILE [--sample K | --all] [--seed S] [--threads T]\n"
    "Check the per-subproblem records of a count, an export (written by 'nqueens count') or a\n"
    "checkpoint journal, as someone else would: every record's identities (total = 8 orbit8 +\n"
    "4 orbit4 + 2 orbit2 + orbit1, unique = the orbits' sum), the file's sums, the total\n"
    "against the known counts when the file holds the whole count (N <= 27), and a recount of\n"
    "K random records (or all) by the plain generic kernel and, for small subproblems, also by\n"
    "a slow reference search. Prints what was checked, each record that disagrees, the\n"
    "confidence the sample gives, and a verdict.\n",
    verify_options,
    "Exit status: 0 every check agrees, 1 some record or the total is wrong, 2 bad usage or a\n"
    "file that cannot be read (or numbers its subproblems as another version does).\n",
};

/* ---- The sample ------------------------------------------------------------------------- */

static uint64_t verify_splitmix(uint64_t *state) {
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static int verify_cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* The positions (into the records) of a sample of k of r, sorted; NULL if out of memory. */
static uint64_t *verify_sample(uint64_t r, uint64_t k, uint64_t seed) {
    uint64_t *pos = malloc((size_t)(r ? r : 1) * sizeof *pos);
    if (!pos)
        return NULL;
    for (uint64_t i = 0; i < r; i++)
        pos[i] = i;
    uint64_t state = seed;
    for (uint64_t j = 0; j < k && k < r; j++) {
        uint64_t x = j + verify_splitmix(&state) % (r - j), t = pos[j];
        pos[j] = pos[x];
        pos[x] = t;
    }
    qsort(pos, (size_t)k, sizeof *pos, verify_cmp_u64);
    return pos;
}

/* ---- The recount by the generic kernel, through the count driver (a source of numbers) ---- */

typedef struct verify_run {
    const tool_table *t;
    const uint64_t *pos; /* the sample: positions into t->rec, increasing */
    uint64_t k, next;    /* its size, and the next one to hand out */
    nq_counts *got;      /* k recounts, in the sample's order */
} verify_run;

static size_t verify_source(void *user, uint64_t *index, size_t max) {
    verify_run *v = user;
    size_t k = 0;
    while (k < max && v->next < v->k)
        index[k++] = v->t->rec[v->pos[v->next++]].index;
    return k;
}

static int verify_result(void *user, uint64_t index, const nq_counts *c) {
    verify_run *v = user;
    uint64_t lo = 0, hi = v->k; /* the sample's indices increase with its positions */
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (v->t->rec[v->pos[mid]].index < index)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == v->k || v->t->rec[v->pos[lo]].index != index)
        return 1; /* not a number of the sample: cannot happen (the source gives only those) */
    v->got[lo] = *c;
    return 0;
}

/* ---- The reference search ---------------------------------------------------------------- */

/* The image of cell (r, c) under symmetry s, as nqueens.h defines the 8 symmetries. */
static void verify_image(int n, int s, int r, int c, int *ir, int *ic) {
    int m = n - 1;
    const int map[8][2] = {{r, c},     {c, m - r}, {m - r, m - c}, {m - c, r},
                           {r, m - c}, {m - r, c}, {c, r},         {m - c, m - r}};
    *ir = map[s][0];
    *ic = map[s][1];
}

typedef struct verify_ref {
    int n;
    int fixed[NQ_MAX_N]; /* the column given for each row, or -1 */
    int cols[NQ_MAX_N];
    unsigned char col[NQ_MAX_N], diag[2 * NQ_MAX_N], anti[2 * NQ_MAX_N]; /* taken lines */
    uint64_t tries;
    uint64_t weight[9]; /* by orbit size o: the sum of 8 / o over the completions */
    uint64_t completions;
} verify_ref;

/* The classic search: rows top to bottom, every column of a free row tried, a cell free when its
 * column, diagonal and anti-diagonal are; a given queen taken as it is (if it is free). */
static void verify_ref_row(verify_ref *v, int row) {
    int n = v->n;
    if (v->tries > VERIFY_REF_TRIES)
        return;
    if (row == n) {
        int orbit;
        int rc = nq_canonical(n, v->cols, NULL, &orbit);
        if (rc == NQ_OK) {
            v->weight[orbit] += (uint64_t)(8 / orbit);
            v->completions++;
        }
        return;
    }
    for (int c = 0; c < n; c++) {
        if (v->fixed[row] >= 0 && c != v->fixed[row])
            continue;
        v->tries++;
        if (v->col[c] || v->diag[row - c + n] || v->anti[row + c])
            continue;
        v->col[c] = v->diag[row - c + n] = v->anti[row + c] = 1;
        v->cols[row] = c;
        verify_ref_row(v, row + 1);
        v->col[c] = v->diag[row - c + n] = v->anti[row + c] = 0;
    }
}

/* Recounts subproblem index by the reference search into *out, adding the cells it tried to
 * *spent; @return 1 if done, 0 if it gave up (over VERIFY_REF_TRIES), -1 if the queens cannot be
 * had. */
static int verify_reference(const nq_split *s, uint64_t index, nq_counts *out, uint64_t *spent) {
    int n = nq_split_n(s), rows[NQ_MAX_N], cols[NQ_MAX_N], q;
    if (nq_split_queens(s, index, rows, cols, &q) != NQ_OK)
        return -1;
    verify_ref *v = calloc(1, sizeof *v);
    if (!v)
        return -1;
    v->n = n;
    for (int r = 0; r < n; r++)
        v->fixed[r] = -1;
    for (int i = 0; i < q; i++)
        v->fixed[rows[i]] = cols[i];
    /* g: the symmetries that map the border's queens (those on rows 0, n-1, columns 0, n-1) to
     * themselves; 8 when there are none (the whole count of n <= 3). */
    int g = 0;
    for (int sym = 0; sym < 8; sym++) {
        int fixed = 1;
        for (int i = 0; i < q && fixed; i++) {
            if (rows[i] != 0 && rows[i] != n - 1 && cols[i] != 0 && cols[i] != n - 1)
                continue;
            int ir, ic;
            verify_image(n, sym, rows[i], cols[i], &ir, &ic);
            fixed = v->fixed[ir] == ic;
        }
        g += fixed;
    }
    verify_ref_row(v, 0);
    *spent += v->tries;
    int done = v->tries <= VERIFY_REF_TRIES;
    if (done) {
        memset(out, 0, sizeof *out);
        out->total = 8 * v->completions / (uint64_t)g;
        nq_u128 *orbit[9] = {NULL, &out->orbit1, &out->orbit2, NULL,        &out->orbit4,
                             NULL, NULL,         NULL,         &out->orbit8};
        for (int o = 1; o <= 8; o *= 2) {
            *orbit[o] = v->weight[o] / (uint64_t)g;
            out->unique += *orbit[o];
        }
    }
    free(v);
    return done;
}

/* ---- Reporting ---------------------------------------------------------------------------- */

/* 1234567 as "1,234,567" into buf (32 bytes). */
static const char *verify_grouped(uint64_t v, char *buf) {
    char digits[24];
    int len = snprintf(digits, sizeof digits, "%" PRIu64, v), k = 0;
    for (int i = 0; i < len; i++) {
        if (i > 0 && (len - i) % 3 == 0)
            buf[k++] = ',';
        buf[k++] = digits[i];
    }
    buf[k] = '\0';
    return buf;
}

/* The reference recount of a quadrant subproblem: its board searched by backtracking with the
 * generic kernel (nq_split_solve_method()), its nodes added to *spent. @return 1 if done. */
static int verify_backtrack(const nq_split *s, uint64_t index, nq_counts *out, uint64_t *spent) {
    if (nq_split_solve_method(s, index, NQ_METHOD_BACKTRACK, NQ_KERNEL_GENERIC, out) != NQ_OK)
        return 0;
    *spent += out->nodes;
    return 1;
}

static int verify_same(const nq_counts *a, const nq_counts *b) {
    return a->total == b->total && a->unique == b->unique && a->orbit8 == b->orbit8 &&
           a->orbit4 == b->orbit4 && a->orbit2 == b->orbit2 && a->orbit1 == b->orbit1;
}

/* The room for verify_counts_text(): six 128-bit numbers (39 digits at most) and their labels. */
enum { VERIFY_COUNTS_TEXT = 6 * 40 + 48 };

/* "total T unique U orbit8 .. orbit1 .." into buf (VERIFY_COUNTS_TEXT bytes). */
static const char *verify_counts_text(const nq_counts *c, char buf[VERIFY_COUNTS_TEXT]) {
    char v[6][41];
    snprintf(buf, VERIFY_COUNTS_TEXT, "total %s unique %s orbit8 %s orbit4 %s orbit2 %s orbit1 %s",
             nq_u128_to_string(c->total, v[0]), nq_u128_to_string(c->unique, v[1]),
             nq_u128_to_string(c->orbit8, v[2]), nq_u128_to_string(c->orbit4, v[3]),
             nq_u128_to_string(c->orbit2, v[4]), nq_u128_to_string(c->orbit1, v[5]));
    return buf;
}

/* The checks that need no recount; prints their lines and returns how many failed. */
static int verify_file(const char *path, const tool_table *t, const nq_split *s) {
    int quadrant = nq_split_method(s) == NQ_METHOD_QUADRANT;
    char a[32], b[32], why[VERIFY_COUNTS_TEXT], known_text[VERIFY_COUNTS_TEXT], tot[41], uq[41];
    int wrong = 0;
    printf("file: %s (%s of n = %d, numbered '%s')\n", path,
           t->kind == TOOL_TABLE_EXPORT ? "export" : "checkpoint journal", t->n, t->split_id);
    uint64_t want = tool_part_size(t->size, t->part, t->parts);
    if (t->kind == TOOL_TABLE_EXPORT && t->parts > 1)
        printf("records: %s of part %" PRIu64 "/%" PRIu64 "'s %s (of %s subproblems)\n",
               verify_grouped(t->records, a), t->part, t->parts, verify_grouped(want, b),
               verify_grouped(t->size, why));
    else
        printf("records: %s of %s subproblems%s\n", verify_grouped(t->records, a),
               verify_grouped(t->size, b),
               t->records == t->size ? " (the whole count)" : " (a part, or an unfinished count)");
    /* Every record that breaks the identities, then the sums. */
    uint64_t broken = 0;
    for (uint64_t i = 0; i < t->records && !quadrant; i++) {
        const nq_counts *c = &t->rec[i].c;
        if (c->total != 8 * c->orbit8 + 4 * c->orbit4 + 2 * c->orbit2 + c->orbit1 ||
            c->unique != c->orbit8 + c->orbit4 + c->orbit2 + c->orbit1) {
            if (broken++ < 20)
                printf("wrong: subproblem %" PRIu64 ": its %s break the identities\n",
                       t->rec[i].index, verify_counts_text(c, why));
        }
    }
    if (quadrant) {
        printf("identities: none per record (the quadrant split's records hold totals; the "
               "classes follow from the whole total)\n");
    } else if (broken) {
        printf("identities: %" PRIu64 " record%s them\n", broken,
               broken == 1 ? " breaks" : "s break");
        wrong++;
    } else
        printf("identities: every record's hold\n");
    if (t->claimed_records != t->records || memcmp(&t->claimed, &t->sum, sizeof t->sum) != 0) {
        printf("sums: wrong: the file's end line is not the sum of its records\n");
        wrong++;
    } else
        printf("sums: the file's are its records'\n");
    if (t->kind == TOOL_TABLE_EXPORT && t->check == TOOL_CHECK_WRONG) {
        printf("check: wrong: the end line's CRC-32 is not that of the file's lines (it was "
               "changed after it was written)\n");
        wrong++;
    } else if (t->kind == TOOL_TABLE_EXPORT && t->check == TOOL_CHECK_RIGHT)
        printf("check: the end line's CRC-32 is that of the file's lines\n");
    else if (t->kind == TOOL_TABLE_EXPORT)
        printf("check: none (an export of format %d has no CRC-32: an edit that keeps the "
               "identities and the sums is not found here)\n",
               t->format);
    nq_counts sum = t->sum, known;
    int classes = t->records != t->size || nq_split_complete(s, &sum) == NQ_OK;
    nq_u128_to_string(sum.total, tot);
    nq_u128_to_string(sum.unique, uq);
    if (!classes) {
        printf("total: wrong: the records' total %s leaves no whole classes (orbit counts "
               "%s)\n",
               tot, verify_counts_text(&sum, why));
        wrong++;
    } else if (t->records != t->size && quadrant) /* record 0's classes are not the records' */
        printf("total: %s, unique unknown until the journal is complete (of the records: not the "
               "whole count, nothing to compare with)\n",
               tot);
    else if (t->records != t->size)
        printf("total: %s, unique %s (of the records: not the whole count, nothing to compare "
               "with)\n",
               tot, uq);
    else if (nq_known_counts(t->n, &known) != NQ_OK)
        printf("total: %s, unique %s (n = %d is beyond the known counts)\n", tot, uq, t->n);
    else if (nq_known_check(t->n, &sum) == NQ_OK)
        printf("total: %s, unique %s: the known counts of n = %d (OEIS A000170, A002562)\n", tot,
               uq, t->n);
    else {
        printf("total: wrong: the records add up to %s; n = %d has %s (OEIS A000170, "
               "A002562)\n",
               verify_counts_text(&sum, why), t->n, verify_counts_text(&known, known_text));
        wrong++;
    }
    return wrong;
}

int cmd_verify(int argc, char **argv) {
    tool_getopt g;
    tool_getopt_init(&g, &verify_command);
    long long sample = -1, threads = 0;
    int all = 0, seeded = 0, opt;
    uint64_t seed = 0;
    opterr = 0;
    while ((opt = getopt_long(argc, argv, g.optstring, g.longopts, NULL)) != -1) {
        switch (opt) {
        case 'k':
            if (tool_parse_ll("--sample", optarg, 1, 1000000000000LL, &sample))
                return EXIT_USAGE;
            break;
        case 'a':
            all = 1;
            break;
        case 'S': {
            char *end;
            if (optarg[0] < '0' || optarg[0] > '9')
                end = optarg;
            else
                seed = strtoull(optarg, &end, 10);
            if (*end || end == optarg ||
                (seed == UINT64_MAX && strcmp(optarg, "18446744073709551615")))
                return cli_usage_error("verify",
                                       "--seed must be an integer from 0 to 2^64-1, "
                                       "got '%s'",
                                       optarg);
            seeded = 1;
            break;
        }
        case 't':
            if (tool_parse_ll("--threads", optarg, 1, NQ_MAX_THREADS, &threads))
                return EXIT_USAGE;
            break;
        case 'h':
            tool_print_help(stdout, &verify_command);
            return cli_flush() ? EXIT_USAGE : EXIT_OK;
        default:
            return cli_option_error("verify", opt, argv, optind, g.longopts);
        }
    }
    if (optind + 1 != argc)
        return cli_usage_error("verify", optind == argc ? "give the FILE to verify (an export "
                                                          "or a checkpoint journal)"
                                                        : "expected one FILE");
    if (all && sample >= 0)
        return cli_usage_error("verify", "--all recounts every record: it takes no --sample");
    if (all && seeded)
        return cli_usage_error("verify", "--all recounts every record: it takes no --seed");
    const char *path = argv[optind];
    tool_table t;
    if (tool_table_read(path, &t))
        return EXIT_USAGE;
    nq_split *s;
    int rc = nq_split_new_id(t.split_id, &s); /* else this version's border split, to compare */
    if (rc == NQ_EINVAL)
        rc = nq_split_new(t.n, &s);
    if (rc != NQ_OK) {
        tool_error("cannot verify '%s': %s", path, nq_strerror(rc));
        tool_table_free(&t);
        return EXIT_USAGE;
    }
    if (strcmp(nq_split_id(s), t.split_id) != 0 || nq_split_size(s) != t.size) {
        tool_error("'%s' numbers the subproblems as '%s', this version as '%s': its records "
                   "cannot be recounted by this version",
                   path, t.split_id, nq_split_id(s));
        nq_split_free(s);
        tool_table_free(&t);
        return EXIT_USAGE;
    }
    if (!seeded)
        seed = (uint64_t)time(NULL) * UINT64_C(0x9e3779b97f4a7c15) ^ (uint64_t)getpid();
    uint64_t k = all || sample < 0 ? (all ? t.records : VERIFY_SAMPLE) : (uint64_t)sample;
    if (k > t.records)
        k = t.records;
    int code = EXIT_OK;
    int wrong = verify_file(path, &t, s);
    int quadrant = nq_split_method(s) == NQ_METHOD_QUADRANT;
    uint64_t *pos = verify_sample(t.records, k, seed);
    nq_counts *got = calloc((size_t)(k ? k : 1), sizeof *got);
    if (!pos || !got) {
        tool_error("cannot verify '%s': out of memory", path);
        code = EXIT_USAGE;
        goto done;
    }
    verify_run run = {&t, pos, k, 0, got};
    nq_count_options opt_c;
    memset(&opt_c, 0, sizeof opt_c);
    opt_c.threads = (int)threads;
    opt_c.kernel = NQ_KERNEL_GENERIC;
    opt_c.source = verify_source;
    opt_c.source_user = &run;
    opt_c.on_result = verify_result;
    opt_c.user = &run;
    nq_counts sum;
    memset(&sum, 0, sizeof sum);
    rc = nq_count_split(s, &opt_c, &sum);
    if (rc != NQ_OK) {
        tool_count_failed(t.n, rc, nq_count_threads((int)threads));
        code = EXIT_USAGE;
        goto done;
    }
    uint64_t disagree = 0, by_ref = 0, ref_disagree = 0, spent = 0;
    const char *ref_name = quadrant ? "backtracking" : "the reference search";
    char a[32], b[32], x[VERIFY_COUNTS_TEXT], y[VERIFY_COUNTS_TEXT];
    for (uint64_t i = 0; i < k; i++) {
        const tool_record *r = &t.rec[pos[i]];
        if (!verify_same(&got[i], &r->c)) {
            if (disagree++ < 100)
                printf("wrong: subproblem %" PRIu64 ": recorded %s; recounted %s\n", r->index,
                       verify_counts_text(&r->c, x), verify_counts_text(&got[i], y));
        }
        nq_counts ref;
        if (spent < VERIFY_REF_BUDGET &&
            (quadrant ? verify_backtrack(s, r->index, &ref, &spent)
                      : got[i].nodes <= VERIFY_REF_NODES &&
                            verify_reference(s, r->index, &ref, &spent) == 1)) {
            by_ref++;
            if (!verify_same(&ref, &got[i])) {
                ref_disagree++;
                printf("wrong: subproblem %" PRIu64 ": the generic kernel recounts %s, but %s "
                       "%s\n",
                       r->index, verify_counts_text(&got[i], x), ref_name,
                       verify_counts_text(&ref, y));
            }
        }
    }
    if (k == t.records)
        printf("recounted: all %s records, by the generic kernel%s; %s of them also by %s\n",
               verify_grouped(k, a), quadrant ? " of the quadrant join" : "",
               verify_grouped(by_ref, b), ref_name);
    else
        printf("recounted: %s of %s records (sample seed %" PRIu64 "), by the generic kernel%s; "
               "%s of them also by %s\n",
               verify_grouped(k, a), verify_grouped(t.records, b), seed,
               quadrant ? " of the quadrant join" : "", verify_grouped(by_ref, x), ref_name);
    if (disagree)
        printf("disagree: %s of the %s recounted records\n", verify_grouped(disagree, a),
               verify_grouped(k, b));
    if (k == t.records)
        printf("confidence: every record was recounted\n");
    else {
        double p = 100.0 * (1.0 - pow(0.99, (double)k));
        char pct[32];
        snprintf(pct, sizeof pct, "%.3f%%", p);
        if (strcmp(pct, "100.000%") == 0)
            snprintf(pct, sizeof pct, "more than 99.999%%");
        printf("confidence: if 1%% of records were wrong, a sample of %s finds one with "
               "probability at least %s\n",
               verify_grouped(k, a), pct);
    }
    wrong += disagree > 0 || ref_disagree > 0;
    printf("verdict: %s\n", wrong ? "WRONG" : "right");
    code = wrong ? EXIT_NO : EXIT_OK;
    if (cli_flush())
        code = EXIT_USAGE;
done:
    free(pos);
    free(got);
    nq_split_free(s);
    tool_table_free(&t);
    return code;
}
