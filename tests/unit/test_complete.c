/*
 * test_complete.c: the n-Queens Completion engine (complete.c), both its engines, checked against
 * a slow, obviously correct reference: every permutation of the columns, in lexicographic order,
 * filtered by the pairwise attack test and by the instance's constraints cell by cell. The
 * instances themselves and their readers are tested in test_instance.c.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "../../src/complete.h"
#include "nqueens_advanced.h"

/* ---- The reference ---------------------------------------------------------------------- */

static int ref_allowed(const nq_instance *inst, int r, int c) {
    int q = nq_instance_queen(inst, r);
    return nq_instance_allows(inst, r, c) && (q < 0 || q == c);
}

static int ref_attack(int r, int c, int r2, int c2) {
    return c == c2 || c - r == c2 - r2 || c + r == c2 + r2;
}

static int ref_next_permutation(int *p, int n) {
    int i = n - 2;
    while (i >= 0 && p[i] > p[i + 1]) {
        i--;
    }
    if (i < 0) {
        return 0;
    }
    int j = n - 1;
    while (p[j] < p[i]) {
        j--;
    }
    int t = p[i];
    p[i] = p[j];
    p[j] = t;
    for (int a = i + 1, b = n - 1; a < b; a++, b--) {
        t = p[a], p[a] = p[b], p[b] = t;
    }
    return 1;
}

/* All completions in lexicographic order: every way to give the free columns (in increasing
 * order) to the free rows is one permutation of them; permutations in lexicographic order give
 * completions in lexicographic order. Each is tested cell by cell and pair by pair. k! * k * n
 * work for k free rows: k <= 8 here. The given queens must not attack each other. */
static int *ref_completions(const nq_instance *inst, size_t *count) {
    int n = nq_instance_n(inst), k = 0, rows[16], fcols[16], perm[16];
    int *used = calloc((size_t)n, sizeof *used);
    int *p = malloc((size_t)n * sizeof *p);
    assert_true(used && p);
    int ok = 1;
    for (int r = 0; r < n; r++) {
        p[r] = nq_instance_queen(inst, r);
        if (p[r] >= 0) {
            used[p[r]] = 1;
            ok &= ref_allowed(inst, r, p[r]);
        } else {
            assert_true(k < 16);
            rows[k++] = r;
        }
    }
    for (int c = 0, j = 0; c < n; c++) {
        if (!used[c]) {
            fcols[j++] = c;
        }
    }
    for (int i = 0; i < k; i++) {
        perm[i] = i;
    }
    size_t len = 0, cap = 16;
    int *all = malloc(cap * (size_t)n * sizeof *all);
    assert_non_null(all);
    do {
        int good = ok;
        for (int i = 0; i < k && good; i++) {
            int r = rows[i], c = fcols[perm[i]];
            p[r] = c;
            good = ref_allowed(inst, r, c);
            for (int r2 = 0; r2 < n && good; r2++) {
                int c2 = nq_instance_queen(inst, r2);
                if (c2 >= 0 && ref_attack(r, c, r2, c2)) {
                    good = 0;
                }
            }
            for (int i2 = 0; i2 < i && good; i2++) {
                if (ref_attack(r, c, rows[i2], fcols[perm[i2]])) {
                    good = 0;
                }
            }
        }
        if (good) {
            if (len == cap) {
                cap *= 2;
                all = realloc(all, cap * (size_t)n * sizeof *all);
                assert_non_null(all);
            }
            memcpy(all + len * (size_t)n, p, (size_t)n * sizeof *p);
            len++;
        }
    } while (k > 0 && ref_next_permutation(perm, k));
    free(used);
    free(p);
    *count = len;
    return all;
}

/* Whether two given queens attack each other, by the pairwise test. */
static int ref_given_conflict(const nq_instance *inst) {
    for (int r = 0; r < nq_instance_n(inst); r++) {
        for (int r2 = 0; r2 < r; r2++) {
            int c = nq_instance_queen(inst, r), c2 = nq_instance_queen(inst, r2);
            if (c >= 0 && c2 >= 0 && (c == c2 || c - r == c2 - r2 || c + r == c2 + r2)) {
                return 1;
            }
        }
    }
    return 0;
}

/* ---- Helpers ---------------------------------------------------------------------------- */

typedef struct listing {
    int *cols;
    size_t len, cap;
    int n;
    size_t stop_after; /* 0 = never stop */
} listing;

static int collect(void *user, int n, const int *cols) {
    listing *l = user;
    if (l->len == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 16;
        l->cols = realloc(l->cols, l->cap * (size_t)n * sizeof *l->cols);
        assert_non_null(l->cols);
    }
    memcpy(l->cols + l->len * (size_t)n, cols, (size_t)n * sizeof *cols);
    l->len++;
    l->n = n;
    return l->stop_after && l->len == l->stop_after;
}

static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static unsigned rnd(unsigned bound) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (unsigned)(rng_state % bound);
}

/* Checks every entry point of one engine on one instance against the reference. */
static void check_engine(const nq_instance *inst, int engine) {
    int n = nq_instance_n(inst);
    nq_conflict cf;
    int *cols = malloc((size_t)n * sizeof *cols);
    nq_u128 count = 12345;
    listing l = {0};
    int rf = complete_first_with(inst, engine, cols, &cf, NULL);
    int rc = complete_count_with(inst, engine, &count, &cf, NULL);
    int re = complete_each_with(inst, engine, collect, &l, &cf, NULL);
    if (ref_given_conflict(inst)) {
        assert_int_equal(rf, NQ_ECONFLICT);
        assert_int_equal(rc, NQ_ECONFLICT);
        assert_int_equal(re, NQ_ECONFLICT);
        /* The named queens are given and really attack each other. */
        assert_true(cf.row1 < cf.row2);
        assert_int_equal(nq_instance_queen(inst, cf.row1), cf.col1);
        assert_int_equal(nq_instance_queen(inst, cf.row2), cf.col2);
        int dr = cf.row2 - cf.row1, dc = cf.col2 - cf.col1;
        switch (cf.kind) {
        case NQ_ATTACK_COLUMN:
            assert_int_equal(dc, 0);
            break;
        case NQ_ATTACK_DIAGONAL:
            assert_int_equal(dr, dc);
            break;
        case NQ_ATTACK_ANTIDIAGONAL:
            assert_int_equal(dr, -dc);
            break;
        default:
            fail_msg("unexpected conflict kind %d", (int)cf.kind);
        }
        free(l.cols);
        free(cols);
        return;
    }
    size_t want;
    int *all = ref_completions(inst, &want);
    assert_int_equal(rc, NQ_OK);
    assert_true(count == (nq_u128)want);
    assert_int_equal(l.len, want);
    if (want == 0) {
        assert_int_equal(rf, NQ_ENOSOL);
        assert_int_equal(re, NQ_ENOSOL);
    } else {
        assert_int_equal(rf, NQ_OK);
        assert_int_equal(re, NQ_OK);
        assert_memory_equal(cols, all, (size_t)n * sizeof *cols);
        assert_memory_equal(l.cols, all, want * (size_t)n * sizeof *all);
    }
    free(all);
    free(l.cols);
    free(cols);
}

/* Both engines (the one-word engine, with and without its diagonal sums rule, and in its x86-64-v3
 * and portable builds where AUTO runs a faster one; and the general one) against the reference. */
static void check_against_reference(const nq_instance *inst) {
    check_engine(inst, COMPLETE_ENGINE_AUTO);
    check_engine(inst, COMPLETE_ENGINE_NOSUMS);
    check_engine(inst, COMPLETE_ENGINE_V3);
    check_engine(inst, COMPLETE_ENGINE_PORTABLE);
    check_engine(inst, COMPLETE_ENGINE_GENERAL);
}

/* perm[0..n-1]: a random permutation of 0..n-1 (Fisher-Yates by rnd()). */
static void random_perm(int n, int *perm) {
    for (int i = 0; i < n; i++) {
        perm[i] = i;
    }
    for (int i = n - 1; i > 0; i--) {
        int j = (int)rnd((unsigned)i + 1), t = perm[i];
        perm[i] = perm[j], perm[j] = t;
    }
}

/* A random instance: some queens (from a random solution, or anywhere), blocked cells, excluded
 * diagonals, in random amounts. */
static nq_instance *random_instance(int n) {
    nq_instance *inst;
    assert_int_equal(nq_instance_new(n, &inst), NQ_OK);
    int queens = (int)rnd((unsigned)n / 2 + 1), mode = (int)rnd(3);
    int perm[16];
    random_perm(n, perm);
    for (int q = 0; q < queens; q++) {
        int r = perm[q];
        int c = mode == 0 ? (int)rnd((unsigned)n) : (r * 2 + q) % n;
        assert_int_equal(nq_instance_place(inst, r, c, NULL), NQ_OK);
    }
    int blocks = (int)rnd((unsigned)n + 1), diags = (int)rnd((unsigned)n / 2 + 2);
    for (int b = 0; b < blocks; b++) {
        assert_int_equal(nq_instance_block(inst, (int)rnd((unsigned)n), (int)rnd((unsigned)n)),
                         NQ_OK);
    }
    for (int d = 0; d < diags && mode != 2; d++) {
        assert_int_equal(nq_instance_exclude(inst, (int)rnd(2u * (unsigned)n - 1), (int)rnd(2)),
                         NQ_OK);
    }
    return inst;
}

/* ---- Tests ------------------------------------------------------------------------------ */

static void test_empty_board_matches_oeis(void **state) {
    (void)state;
    static const unsigned a000170[] = {1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200};
    for (int n = 1; n <= 12; n++) {
        nq_instance *inst;
        nq_u128 count = 0;
        assert_int_equal(nq_instance_new(n, &inst), NQ_OK);
        assert_int_equal(nq_complete_count(inst, &count, NULL, NULL), NQ_OK);
        assert_true(count == a000170[n]);
        if (n <= 8) {
            check_against_reference(inst);
        }
        nq_instance_free(inst);
    }
}

static void test_nauck_1850(void **state) {
    (void)state;
    nq_instance *inst;
    nq_conflict cf;
    assert_int_equal(nq_instance_parse_queens("3-3, 4-1", 8, &inst, &cf, NULL, 0), NQ_OK);
    listing l = {0};
    assert_int_equal(nq_complete_each(inst, collect, &l, NULL, NULL), NQ_OK);
    static const int want[2][8] = {{4, 0, 7, 3, 1, 6, 2, 5}, {4, 6, 0, 3, 1, 7, 5, 2}};
    assert_int_equal(l.len, 2);
    assert_memory_equal(l.cols, want, sizeof want);
    check_against_reference(inst);
    nq_instance_free(inst);
    free(l.cols);
}

static void test_random_against_reference(void **state) {
    (void)state;
    for (int trial = 0; trial < 3000; trial++) {
        nq_instance *inst = random_instance(1 + (int)rnd(8));
        check_against_reference(inst);
        nq_instance_free(inst);
    }
}

/* Boards too large for the reference (n = 10..15, about n excluded diagonals, some queens): the
 * two engines agree on the count, the first completion and the first completions listed, and each
 * listed completion is one (checked pair by pair). */
static void test_engines_agree(void **state) {
    (void)state;
    for (int trial = 0; trial < 60; trial++) {
        int n = 10 + (int)rnd(6);
        nq_instance *inst;
        assert_int_equal(nq_instance_new(n, &inst), NQ_OK);
        for (int d = 0; d < n; d++) {
            nq_instance_exclude(inst, (int)rnd(2u * (unsigned)n - 1), (int)rnd(2));
        }
        if (trial % 3 == 0) {
            nq_instance_place(inst, (int)rnd((unsigned)n), (int)rnd((unsigned)n), NULL);
        }
        nq_u128 c1 = 0, c2 = 1;
        int f1[16], f2[16];
        int r1 = complete_count_with(inst, COMPLETE_ENGINE_AUTO, &c1, NULL, NULL);
        int r2 = complete_count_with(inst, COMPLETE_ENGINE_GENERAL, &c2, NULL, NULL);
        assert_int_equal(r1, r2);
        assert_true(c1 == c2);
        r1 = complete_first_with(inst, COMPLETE_ENGINE_AUTO, f1, NULL, NULL);
        r2 = complete_first_with(inst, COMPLETE_ENGINE_GENERAL, f2, NULL, NULL);
        assert_int_equal(r1, r2);
        assert_int_equal(r1 == NQ_OK, c1 > 0);
        if (r1 == NQ_OK) {
            assert_memory_equal(f1, f2, (size_t)n * sizeof *f1);
        }
        listing l1 = {0}, l2 = {0};
        l1.stop_after = l2.stop_after = 40;
        complete_each_with(inst, COMPLETE_ENGINE_AUTO, collect, &l1, NULL, NULL);
        complete_each_with(inst, COMPLETE_ENGINE_GENERAL, collect, &l2, NULL, NULL);
        assert_int_equal(l1.len, l2.len);
        assert_true(l1.len == (c1 < 40 ? (size_t)c1 : 40));
        if (l1.len) {
            assert_memory_equal(l1.cols, l2.cols, l1.len * (size_t)n * sizeof *l1.cols);
            assert_memory_equal(l1.cols, f1, (size_t)n * sizeof *f1);
        }
        for (size_t q = 0; q < l1.len; q++) {
            const int *p = l1.cols + q * (size_t)n;
            for (int r = 0; r < n; r++) {
                assert_true(ref_allowed(inst, r, p[r]));
                for (int rr = 0; rr < r; rr++) {
                    assert_false(ref_attack(r, p[r], rr, p[rr]));
                }
            }
        }
        free(l1.cols);
        free(l2.cols);
        nq_instance_free(inst);
    }
}

/* Row-by-row backtracking over the allowed cells, testing every pair: the reference for boards
 * too large for permutations but with few allowed cells per row. Counts, and records the first. */
static void ref_rows(const nq_instance *inst, const char *ok, int *p, int r, size_t *count,
                     int *first) {
    if (r == nq_instance_n(inst)) {
        if ((*count)++ == 0) {
            memcpy(first, p, (size_t)nq_instance_n(inst) * sizeof *p);
        }
        return;
    }
    for (int c = 0; c < nq_instance_n(inst); c++) {
        int good = ok[r * nq_instance_n(inst) + c];
        for (int r2 = 0; r2 < r && good; r2++) {
            good = !ref_attack(r, c, r2, p[r2]);
        }
        if (good) {
            p[r] = c;
            ref_rows(inst, ok, p, r + 1, count, first);
        }
    }
}

/* More than 64 free rows take several words per bitset: a 71 x 71 board (71 is prime, so
 * cols[r] = a * r mod 71 is a solution for a = 2..69) where every cell is blocked except those
 * of the solutions a = 2 and 3. */
static void test_wide_bitsets(void **state) {
    (void)state;
    int n = 71;
    static const int mult[] = {2, 3};
    nq_instance *inst;
    assert_int_equal(nq_instance_new(n, &inst), NQ_OK);
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) {
            int open = 0;
            for (size_t m = 0; m < sizeof mult / sizeof *mult; m++) {
                open |= c == (mult[m] * r) % n;
            }
            if (!open) {
                assert_int_equal(nq_instance_block(inst, r, c), NQ_OK);
            }
        }
    }
    int p[71], first[71], cols[71];
    size_t want = 0;
    char ok[71 * 71];
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) {
            ok[r * n + c] = (char)ref_allowed(inst, r, c);
        }
    }
    ref_rows(inst, ok, p, 0, &want, first);
    assert_true(want >= 2);
    nq_u128 count = 0;
    nq_complete_stats st;
    assert_int_equal(nq_complete_count(inst, &count, NULL, &st), NQ_OK);
    assert_int_equal(st.free_rows, 71);
    assert_true(count == (nq_u128)want);
    assert_int_equal(nq_complete_first(inst, cols, NULL, NULL), NQ_OK);
    assert_memory_equal(cols, first, sizeof cols);
    listing l = {0};
    assert_int_equal(nq_complete_each(inst, collect, &l, NULL, NULL), NQ_OK);
    assert_int_equal(l.len, want);
    for (size_t i = 1; i < l.len; i++) { /* strictly increasing, so distinct */
        const int *a = l.cols + (i - 1) * 71, *b = l.cols + i * 71;
        int r = 0;
        while (r < n && a[r] == b[r]) {
            r++;
        }
        assert_true(r < n && a[r] < b[r]);
    }
    free(l.cols);
    nq_instance_free(inst);
}

/* A big board with a few free rows (as in the instances translated from excluded diagonals):
 * queens of the solution cols[r] = 2r mod n (a solution when n = 6m + 5) everywhere but in 7
 * rows, with and without an excluded diagonal, checked against the reference. */
static void test_large_board_few_free(void **state) {
    (void)state;
    int n = 2003; /* 6 * 333 + 5 */
    nq_instance *inst;
    assert_int_equal(nq_instance_new(n, &inst), NQ_OK);
    for (int r = 0; r < n; r++) {
        if (r % 300 != 3) {
            assert_int_equal(nq_instance_place(inst, r, (2 * r) % n, NULL), NQ_OK);
        }
    }
    nq_complete_stats st;
    nq_u128 count = 0;
    assert_int_equal(nq_complete_count(inst, &count, NULL, &st), NQ_OK);
    assert_int_equal(st.free_rows, 7);
    assert_true(count >= 1);
    check_against_reference(inst);
    /* Excluding the anti-diagonal of one missing queen of the pattern. */
    assert_int_equal(nq_instance_exclude(inst, 303 + (2 * 303) % n, 1), NQ_OK);
    check_against_reference(inst);
    nq_instance_free(inst);
}

/* ---- Hard instances ----------------------------------------------------------------------
 * Random instances of the phase transition (about n excluded diagonals), where the search goes
 * deep: tests/data/complete/genN-S.param is `bench/gen_diags N 2 S` (every row and column keeps
 * 2 free cells), of which the first D diagonals are used. Each takes the engines 0.05 to 0.2 s
 * and hundreds of thousands of nodes; an engine that says "no completion" before its search is
 * exhausted, or skips the first completion, fails here. The answer they are checked against is
 * an independent search: plain row-by-row backtracking over the allowed cells
 * (nq_instance_allows()), columns left to right, with a mark per column, diagonal and
 * anti-diagonal: no forward checking, no choice of line, no 2-way branching, so none of the
 * engines' shortcuts. Rows in order and columns left to right find the completions in
 * lexicographic order. */

typedef struct hard_ref {
    int n;
    uint64_t allow[32]; /* allowed columns of each row */
    int p[32];          /* the placement so far */
    int *found;         /* the completions found, n ints each */
    size_t count, keep; /* completions found; the search stops after `keep` of them */
} hard_ref;

static void hard_ref_rows(hard_ref *h, int r, uint64_t cols, uint64_t diag, uint64_t anti) {
    if (r == h->n) {
        memcpy(h->found + h->count * (size_t)h->n, h->p, (size_t)h->n * sizeof *h->p);
        h->count++;
        return;
    }
    for (uint64_t m = h->allow[r] & ~cols; m && h->count < h->keep; m &= m - 1) {
        int c = __builtin_ctzll(m), d = r - c + h->n - 1, a = r + c;
        if ((diag >> d & 1) || (anti >> a & 1)) {
            continue;
        }
        h->p[r] = c;
        hard_ref_rows(h, r + 1, cols | (uint64_t)1 << c, diag | (uint64_t)1 << d,
                      anti | (uint64_t)1 << a);
    }
}

/* The reference for inst (n rows): its allowed cells (a given queen's row allows its column
 * only), and its completions by hard_ref_rows(), at most keep of them kept in h->found (freed by
 * the caller). */
static void hard_ref_run(hard_ref *h, const nq_instance *inst, int n, size_t keep) {
    *h = (hard_ref){.n = n, .keep = keep};
    for (int r = 0; r < n; r++) {
        int q = nq_instance_queen(inst, r);
        for (int c = 0; c < n; c++) {
            h->allow[r] |= (uint64_t)(nq_instance_allows(inst, r, c) && (q < 0 || q == c)) << c;
        }
    }
    h->found = malloc(keep * (size_t)n * sizeof *h->found);
    assert_non_null(h->found);
    hard_ref_rows(h, 0, 0, 0, 0);
}

/* Runs engine on inst (n rows) against the reference h: the count, the first completion and the
 * whole listing must be the reference's. *counted and *first: the count's and the first
 * completion's stats. */
static void check_with_ref(const nq_instance *inst, int engine, const hard_ref *h, int n,
                           nq_complete_stats *counted, nq_complete_stats *first) {
    int cols[32];
    nq_u128 count = 12345;
    *counted = *first = (nq_complete_stats){0};
    assert_int_equal(complete_count_with(inst, engine, &count, NULL, counted), NQ_OK);
    assert_true(count == (nq_u128)h->count);
    int rf = complete_first_with(inst, engine, cols, NULL, first);
    assert_int_equal(rf, h->count ? NQ_OK : NQ_ENOSOL);
    if (h->count) {
        assert_memory_equal(cols, h->found, (size_t)n * sizeof *cols);
    }
    listing l = {0};
    int re = complete_each_with(inst, engine, collect, &l, NULL, NULL);
    assert_int_equal(re, h->count ? NQ_OK : NQ_ENOSOL);
    assert_int_equal(l.len, h->count);
    if (l.len) {
        assert_memory_equal(l.cols, h->found, l.len * (size_t)n * sizeof *l.cols);
    }
    free(l.cols);
}

/* The instance of the first d diagonals of tests/data/complete/<file>. */
static nq_instance *hard_instance(const char *file, long d) {
    char path[512], text[4096], err[160];
    snprintf(path, sizeof path, "%s/complete/%s", NQ_TEST_DATA, file);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    size_t len = fread(text, 1, sizeof text, f);
    fclose(f);
    assert_true(len > 0 && len < sizeof text);
    nq_instance *inst;
    int rc = nq_instance_parse(text, len, 0, d, &inst, NULL, err, sizeof err);
    if (rc != NQ_OK) {
        fail_msg("%s: %s", path, err);
    }
    return inst;
}

static void test_hard_instances(void **state) {
    (void)state;
    static const struct {
        const char *file;
        long diags;
        size_t want; /* completions: 0 (unsolvable), or at least 1 */
        int all;     /* 1: the reference lists them all (few enough); 0: only the first */
    } cases[] = {
        {"gen20-1.param", 20, 0, 1}, {"gen20-3.param", 22, 0, 1}, {"gen20-3.param", 25, 0, 1},
        {"gen20-3.param", 20, 3, 1}, {"gen20-5.param", 22, 1, 0}, {"gen20-5.param", 20, 1, 0},
    };
    for (size_t t = 0; t < sizeof cases / sizeof *cases; t++) {
        nq_instance *inst = hard_instance(cases[t].file, cases[t].diags);
        int n = nq_instance_n(inst);
        assert_true(n <= 32);
        hard_ref h = {.n = n, .keep = cases[t].all ? 64 : 1};
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) {
                h.allow[r] |= (uint64_t)nq_instance_allows(inst, r, c) << c;
            }
        }
        h.found = malloc(h.keep * (size_t)n * sizeof *h.found);
        assert_non_null(h.found);
        hard_ref_rows(&h, 0, 0, 0, 0);
        assert_true(cases[t].all ? h.count == cases[t].want && h.count < h.keep
                                 : h.count == 1); /* the table says what the reference finds */
        /* The one-word engine also without its diagonal sums rule: its probes then go deep
         * (beyond 2^18 nodes on some), as they may on instances the rule does not apply to; and
         * in its portable build, which must search the very nodes of the x86-64-v3 one. */
        static const int engines[] = {COMPLETE_ENGINE_AUTO, COMPLETE_ENGINE_NOSUMS,
                                      COMPLETE_ENGINE_GENERAL, COMPLETE_ENGINE_PORTABLE};
        nq_u128 counts[4] = {0, 0, 0, 0};
        uint64_t first_nodes[4] = {0, 0, 0, 0};
        for (int e = 0; e < 4; e++) {
            int cols[32];
            nq_complete_stats st;
            int rf = complete_first_with(inst, engines[e], cols, NULL, &st);
            assert_int_equal(st.free_rows, n);
            first_nodes[e] = st.nodes;
            if (h.count == 0) {
                assert_int_equal(rf, NQ_ENOSOL);
            } else {
                assert_int_equal(rf, NQ_OK);
                assert_memory_equal(cols, h.found, (size_t)n * sizeof *cols);
            }
            if (cases[t].all) { /* counting the instances with many completions is slow */
                assert_int_equal(complete_count_with(inst, engines[e], &counts[e], NULL, NULL),
                                 NQ_OK);
                assert_true(counts[e] == (nq_u128)h.count);
            }
            listing l = {0};
            l.stop_after = h.count; /* the count has shown that the search ends after them */
            int re = complete_each_with(inst, engines[e], collect, &l, NULL, NULL);
            assert_int_equal(re, h.count == 0 ? NQ_ENOSOL : NQ_STOPPED);
            assert_int_equal(l.len, h.count);
            if (l.len) {
                assert_memory_equal(l.cols, h.found, l.len * (size_t)n * sizeof *l.cols);
            }
            free(l.cols);
        }
        assert_true(counts[0] == counts[1] && counts[1] == counts[2] && counts[2] == counts[3]);
        assert_true(first_nodes[3] == first_nodes[0]);
        free(h.found);
        nq_instance_free(inst);
    }
}

/* The diagonal sums rule of the one-word engine (word_sums() in complete_word.c) applies when the
 * free rows and the free columns are each a run of board lines: excluded-diagonals instances
 * without given queens, or with one in a corner. On random ones of n = 6..12 (up to 2n excluded
 * diagonals, around where half have a completion), the engine with the rule and without it give
 * the count, the first completion and the whole listing of the reference (row-by-row
 * backtracking); and the rule does cut nodes, so these checks run where it acts. */
static void test_diagonal_sums_rule(void **state) {
    (void)state;
    uint64_t nodes[2] = {0, 0};
    int fewer = 0, solvable = 0, trials = 400;
    for (int trial = 0; trial < trials; trial++) {
        int n = 6 + (int)rnd(7), corner = (int)rnd(4);
        int qr = corner == 1 ? 0 : corner == 2 ? n - 1 : -1, qc = 0; /* a queen in a corner */
        nq_instance *inst;
        assert_int_equal(nq_instance_new(n, &inst), NQ_OK);
        if (qr >= 0) {
            assert_int_equal(nq_instance_place(inst, qr, qc, NULL), NQ_OK);
        }
        int diags = n / 4 + (int)rnd((unsigned)n);
        for (int d = 0; d < diags; d++) {
            int i = (int)rnd(2u * (unsigned)n - 1), t = (int)rnd(2);
            if (qr >= 0 && (t ? i == qr + qc : i == qr - qc + n - 1)) {
                continue; /* the queen's own lines stay free */
            }
            assert_int_equal(nq_instance_exclude(inst, i, t), NQ_OK);
        }
        hard_ref h;
        hard_ref_run(&h, inst, n, 20000);
        assert_true(h.count < h.keep);
        solvable += h.count > 0;
        static const int engines[] = {COMPLETE_ENGINE_AUTO, COMPLETE_ENGINE_NOSUMS,
                                      COMPLETE_ENGINE_PORTABLE};
        uint64_t here[3];
        for (int e = 0; e < 3; e++) {
            nq_complete_stats sc, sf;
            check_with_ref(inst, engines[e], &h, n, &sc, &sf);
            here[e] = sc.nodes;
            if (e < 2) {
                nodes[e] += sc.nodes;
            }
        }
        fewer += here[0] < here[1];
        assert_true(here[2] == here[0]); /* both builds of the engine search the same nodes */
        free(h.found);
        nq_instance_free(inst);
    }
    /* The sample covers both answers, and the rule acted on a good part of it. */
    assert_true(solvable > trials / 10 && solvable < trials - trials / 10);
    assert_true(fewer > trials / 10);
    assert_true(nodes[0] < nodes[1]);
}

/* The needed diagonals of the sums rule (word_needed() in complete_word_body.h): a diagonal
 * without which the sums of the free diagonals cannot be reached is used by every completion, so
 * the engine branches on it first when it holds one cell (or two, when every line holds more).
 * On random excluded-diagonals instances of n = 8..14 (a queen in a corner on some), around where
 * half have a completion, the engine with the needed diagonals and without them give the count,
 * the first completion and the whole listing of the reference (row-by-row backtracking), in both
 * builds; and the needed diagonals do cut nodes, so these checks run where they act. */
static void test_needed_diagonals(void **state) {
    (void)state;
    uint64_t nodes[2] = {0, 0};
    int fewer = 0, solvable = 0, trials = 300;
    for (int trial = 0; trial < trials; trial++) {
        int n = 8 + (int)rnd(7), corner = trial % 4 == 0;
        nq_instance *inst;
        assert_int_equal(nq_instance_new(n, &inst), NQ_OK);
        if (corner) {
            assert_int_equal(nq_instance_place(inst, n - 1, 0, NULL), NQ_OK);
        }
        for (int d = 3 * n / 4 + (int)rnd((unsigned)n / 2 + 1); d > 0; d--) {
            int i = (int)rnd(2u * (unsigned)n - 1), t = (int)rnd(2);
            if (corner && (t ? i == n - 1 : i == 2 * n - 2)) {
                continue; /* the queen's own lines stay free */
            }
            assert_int_equal(nq_instance_exclude(inst, i, t), NQ_OK);
        }
        hard_ref h;
        hard_ref_run(&h, inst, n, 20000);
        assert_true(h.count < h.keep);
        solvable += h.count > 0;
        static const int engines[] = {COMPLETE_ENGINE_AUTO, COMPLETE_ENGINE_NONEEDED,
                                      COMPLETE_ENGINE_PORTABLE};
        uint64_t here[3];
        for (int e = 0; e < 3; e++) {
            nq_complete_stats sc, sf;
            check_with_ref(inst, engines[e], &h, n, &sc, &sf);
            here[e] = sc.nodes;
            if (e < 2) {
                nodes[e] += sc.nodes;
            }
        }
        fewer += here[0] < here[1];
        assert_true(here[2] == here[0]); /* both builds of the engine search the same nodes */
        free(h.found);
        nq_instance_free(inst);
    }
    print_message("needed diagonals: %d of %d instances with fewer nodes, %llu against %llu "
                  "(count), %d solvable\n",
                  fewer, trials, (unsigned long long)nodes[0], (unsigned long long)nodes[1],
                  solvable);
    assert_true(solvable > trials / 10 && solvable < trials - trials / 10);
    assert_true(fewer > trials / 10);
    assert_true(nodes[0] < nodes[1]);
}

/* The squares rule of the one-word engine (word_squares() in complete_word_body.h): a queen's two
 * diagonals' squared distances from the centre sum to a quantity of its row and column alone, so
 * the queens still to place fix that sum over their diagonals, and a diagonal too far from the
 * centre for it is removed. By default it runs from WORD_SQUARES_FROM unplaced rows on, which
 * these small boards never reach, so here it runs at every level (COMPLETE_SQUARES_ALL). On
 * random excluded-diagonals instances of n = 8..14 (a queen in a corner on some), around where
 * half have a completion, the engine with the rule and without it give the count, the first
 * completion and the whole listing of the reference (row-by-row backtracking), in all three
 * builds, which search the same nodes; on looser ones of n = 16..19 the count and the first
 * completion agree with the rule at every level, from its default level on, and without it; and
 * the rule does cut nodes, so these checks run where it acts. */
static void test_squares_rule(void **state) {
    (void)state;
    uint64_t saved = rng_state; /* the later tests draw the instances they always drew */
    rng_state ^= 0x5bd1e995u;
    uint64_t nodes[2] = {0, 0};
    int fewer = 0, solvable = 0, trials = 300;
    for (int trial = 0; trial < trials; trial++) {
        int n = 8 + (int)rnd(7), corner = trial % 4 == 1;
        nq_instance *inst;
        assert_int_equal(nq_instance_new(n, &inst), NQ_OK);
        if (corner) {
            assert_int_equal(nq_instance_place(inst, n - 1, 0, NULL), NQ_OK);
        }
        for (int d = 3 * n / 4 + (int)rnd((unsigned)n / 2 + 1); d > 0; d--) {
            int i = (int)rnd(2u * (unsigned)n - 1), t = (int)rnd(2);
            if (corner && (t ? i == n - 1 : i == 2 * n - 2)) {
                continue; /* the queen's own lines stay free */
            }
            assert_int_equal(nq_instance_exclude(inst, i, t), NQ_OK);
        }
        hard_ref h;
        hard_ref_run(&h, inst, n, 20000);
        assert_true(h.count < h.keep);
        solvable += h.count > 0;
        static const int engines[] = {COMPLETE_ENGINE_AUTO | COMPLETE_SQUARES_ALL,
                                      COMPLETE_ENGINE_NOSQUARES,
                                      COMPLETE_ENGINE_V3 | COMPLETE_SQUARES_ALL,
                                      COMPLETE_ENGINE_PORTABLE | COMPLETE_SQUARES_ALL};
        uint64_t here[4];
        for (int e = 0; e < 4; e++) {
            nq_complete_stats sc, sf;
            check_with_ref(inst, engines[e], &h, n, &sc, &sf);
            here[e] = sc.nodes;
            if (e < 2) {
                nodes[e] += sc.nodes;
            }
        }
        fewer += here[0] < here[1];
        /* The builds of the engine search the same nodes (V3 where the CPU runs it). */
        assert_true(here[2] == here[0] && here[3] == here[0]);
        free(h.found);
        nq_instance_free(inst);
    }
    print_message("squares rule: %d of %d instances with fewer nodes, %llu against %llu (count), "
                  "%d solvable\n",
                  fewer, trials, (unsigned long long)nodes[0], (unsigned long long)nodes[1],
                  solvable);
    assert_true(solvable > trials / 10 && solvable < trials - trials / 10);
    assert_true(fewer > trials / 10);
    assert_true(nodes[0] < nodes[1]);
    /* Looser boards, larger: no reference, the rule against the engine without it. */
    uint64_t big[3] = {0, 0, 0};
    for (int trial = 0; trial < 12; trial++) {
        int n = 16 + trial % 4;
        nq_instance *inst;
        assert_int_equal(nq_instance_new(n, &inst), NQ_OK);
        for (int d = n - 2 + (int)rnd(4); d > 0; d--) {
            assert_int_equal(nq_instance_exclude(inst, (int)rnd(2u * (unsigned)n - 1), (int)rnd(2)),
                             NQ_OK);
        }
        /* Every level, from WORD_SQUARES_FROM on (AUTO; reached from n = 16 on), never. */
        static const int engines[] = {COMPLETE_ENGINE_AUTO | COMPLETE_SQUARES_ALL,
                                      COMPLETE_ENGINE_AUTO, COMPLETE_ENGINE_NOSQUARES};
        nq_u128 count[3];
        int cols[3][32], rf[3];
        for (int e = 0; e < 3; e++) {
            nq_complete_stats st = {0};
            assert_int_equal(complete_count_with(inst, engines[e], &count[e], NULL, &st), NQ_OK);
            big[e] += st.nodes;
            rf[e] = complete_first_with(inst, engines[e], cols[e], NULL, NULL);
        }
        assert_int_equal(rf[0], count[0] ? NQ_OK : NQ_ENOSOL);
        for (int e = 1; e < 3; e++) {
            assert_true(count[e] == count[0]);
            assert_int_equal(rf[e], rf[0]);
            if (rf[0] == NQ_OK) {
                assert_memory_equal(cols[e], cols[0], (size_t)n * sizeof *cols[0]);
            }
        }
        nq_instance_free(inst);
    }
    print_message("squares rule, n = 16..19: %llu nodes (every level), %llu (default), %llu "
                  "(none) (count)\n",
                  (unsigned long long)big[0], (unsigned long long)big[1],
                  (unsigned long long)big[2]);
    assert_true(big[0] < big[1] && big[1] < big[2]);
    rng_state = saved;
}

/* The look-ahead of the one-word engine (word_lookahead() in complete_word_body.h): before a
 * node branches, each candidate cell is placed with the lines it forces, and the cells whose
 * placement fails are removed. By default it runs at nodes with WORD_LOOKAHEAD_FROM unplaced rows
 * or more, which these small boards never reach, so here it runs at every node
 * (COMPLETE_LOOKAHEAD_ALL), with the squares rule at every level too in one engine. On random
 * excluded-diagonals instances of n = 8..14 (a queen in a corner on some), around where half have
 * a completion, the engine with the look-ahead gives the count, the first completion and the
 * whole listing of the reference (row-by-row backtracking), in all three builds, which search the
 * same nodes; the look-ahead does act (the nodes differ from the engine without it, and on some
 * instances the nodes fall even with every trial placement counted); on looser boards of
 * n = 16..19 the count and the first completion agree with it at every node and without it; on
 * two generated instances of n = 22 (bench/gen_diags.c's rule) the default level is reached and
 * the first completion agrees with the engine without it. */
static void test_lookahead(void **state) {
    (void)state;
    uint64_t saved = rng_state; /* the later tests draw the instances they always drew */
    rng_state ^= 0x27d4eb2fu;
    int differ = 0, fewer = 0, solvable = 0, trials = 200;
    for (int trial = 0; trial < trials; trial++) {
        int n = 8 + (int)rnd(7), corner = trial % 4 == 1;
        nq_instance *inst;
        assert_int_equal(nq_instance_new(n, &inst), NQ_OK);
        if (corner) {
            assert_int_equal(nq_instance_place(inst, n - 1, 0, NULL), NQ_OK);
        }
        for (int d = 3 * n / 4 + (int)rnd((unsigned)n / 2 + 1); d > 0; d--) {
            int i = (int)rnd(2u * (unsigned)n - 1), t = (int)rnd(2);
            if (corner && (t ? i == n - 1 : i == 2 * n - 2)) {
                continue; /* the queen's own lines stay free */
            }
            assert_int_equal(nq_instance_exclude(inst, i, t), NQ_OK);
        }
        hard_ref h;
        hard_ref_run(&h, inst, n, 20000);
        assert_true(h.count < h.keep);
        solvable += h.count > 0;
        static const int engines[] = {
            COMPLETE_ENGINE_AUTO | COMPLETE_LOOKAHEAD_ALL, COMPLETE_ENGINE_NOLOOKAHEAD,
            COMPLETE_ENGINE_V3 | COMPLETE_LOOKAHEAD_ALL,
            COMPLETE_ENGINE_PORTABLE | COMPLETE_LOOKAHEAD_ALL,
            COMPLETE_ENGINE_AUTO | COMPLETE_LOOKAHEAD_ALL | COMPLETE_SQUARES_ALL};
        uint64_t here[5];
        for (int e = 0; e < 5; e++) {
            nq_complete_stats sc, sf;
            check_with_ref(inst, engines[e], &h, n, &sc, &sf);
            here[e] = sc.nodes;
        }
        differ += here[0] != here[1];
        fewer += here[0] < here[1];
        /* The builds of the engine search the same nodes (V3 where the CPU runs it). */
        assert_true(here[2] == here[0] && here[3] == here[0]);
        free(h.found);
        nq_instance_free(inst);
    }
    print_message("look-ahead: %d of %d instances searched differently, %d with fewer nodes, "
                  "%d solvable\n",
                  differ, trials, fewer, solvable);
    assert_true(solvable > trials / 10 && solvable < trials - trials / 10);
    assert_true(differ > trials / 2);
    assert_true(fewer > 0);
    /* Looser boards, larger: no reference, the look-ahead against the engine without it. */
    for (int trial = 0; trial < 8; trial++) {
        int n = 16 + trial % 4;
        nq_instance *inst;
        assert_int_equal(nq_instance_new(n, &inst), NQ_OK);
        for (int d = n - 2 + (int)rnd(4); d > 0; d--) {
            assert_int_equal(nq_instance_exclude(inst, (int)rnd(2u * (unsigned)n - 1), (int)rnd(2)),
                             NQ_OK);
        }
        static const int engines[] = {COMPLETE_ENGINE_AUTO | COMPLETE_LOOKAHEAD_ALL,
                                      COMPLETE_ENGINE_NOLOOKAHEAD};
        nq_u128 count[2];
        int cols[2][32], rf[2];
        for (int e = 0; e < 2; e++) {
            assert_int_equal(complete_count_with(inst, engines[e], &count[e], NULL, NULL), NQ_OK);
            rf[e] = complete_first_with(inst, engines[e], cols[e], NULL, NULL);
        }
        assert_true(count[1] == count[0]);
        assert_int_equal(rf[0], count[0] ? NQ_OK : NQ_ENOSOL);
        assert_int_equal(rf[1], rf[0]);
        if (rf[0] == NQ_OK) {
            assert_memory_equal(cols[1], cols[0], (size_t)n * sizeof *cols[0]);
        }
        nq_instance_free(inst);
    }
    /* The default level (AUTO) on n = 22, 22 free rows (tests/data/complete/gen22-S.param:
     * bench/gen_diags 22 2 S): a completion, and none. */
    static const struct {
        const char *file;
        long d;
    } big[] = {{"gen22-1.param", 19}, {"gen22-3.param", 19}};
    for (size_t b = 0; b < sizeof big / sizeof big[0]; b++) {
        nq_instance *inst = hard_instance(big[b].file, big[b].d);
        int cols[2][32], rf[2];
        nq_complete_stats st[2] = {{0}, {0}};
        rf[0] = complete_first_with(inst, COMPLETE_ENGINE_AUTO, cols[0], NULL, &st[0]);
        rf[1] = complete_first_with(inst, COMPLETE_ENGINE_NOLOOKAHEAD, cols[1], NULL, &st[1]);
        assert_int_equal(rf[1], rf[0]);
        if (rf[0] == NQ_OK) {
            assert_memory_equal(cols[1], cols[0], 22 * sizeof *cols[0]);
            assert_int_equal(nq_validate(22, cols[0], 0, NULL), NQ_OK);
        }
        assert_true(st[0].nodes != st[1].nodes); /* the look-ahead ran */
        print_message("look-ahead, %s D = %ld: %s, %llu nodes against %llu without\n", big[b].file,
                      big[b].d, rf[0] == NQ_OK ? "a completion" : "none",
                      (unsigned long long)st[0].nodes, (unsigned long long)st[1].nodes);
        nq_instance_free(inst);
    }
    rng_state = saved;
}

/* The lexicographic order at a probe's first line (word_probe() in complete_word_body.h): when the
 * line a probe of the walk branches on first is the walk's next row, its cells are taken left to
 * right, so that the cells the probe refutes there are the ones the walk would probe next and its
 * completion has that row's lexicographically first column. On random excluded-diagonals
 * instances of n = 8..14 (a queen in a corner on some), around where half have a completion, the
 * engine with this order and without it (COMPLETE_ENGINE_NOLEX) give the first completion and the
 * whole listing of the reference (row-by-row backtracking), in both builds; counting does not use
 * the order (the same nodes); and the order does change the walk on a good part of the sample
 * and cuts its nodes there, so these checks run where it acts. */
static void test_lex_first_line(void **state) {
    (void)state;
    uint64_t nodes[2] = {0, 0}, probes[2] = {0, 0};
    int acted = 0, solvable = 0, trials = 300;
    for (int trial = 0; trial < trials; trial++) {
        int n = 8 + (int)rnd(7), corner = trial % 4 == 0;
        nq_instance *inst;
        assert_int_equal(nq_instance_new(n, &inst), NQ_OK);
        if (corner) {
            assert_int_equal(nq_instance_place(inst, 0, n - 1, NULL), NQ_OK);
        }
        for (int d = n / 2 + (int)rnd((unsigned)n / 2 + 1); d > 0; d--) {
            int i = (int)rnd(2u * (unsigned)n - 1), t = (int)rnd(2);
            if (corner && (t ? i == n - 1 : i == 0)) {
                continue; /* the queen's own lines stay free */
            }
            assert_int_equal(nq_instance_exclude(inst, i, t), NQ_OK);
        }
        /* The first free row narrowed to three cells by blocked cells, so that the walk's next
         * row is often the line with the fewest candidates. */
        int perm[16];
        random_perm(n, perm);
        for (int c = 3; c < n; c++) {
            assert_int_equal(nq_instance_block(inst, corner, perm[c]), NQ_OK);
        }
        hard_ref h;
        hard_ref_run(&h, inst, n, 20000);
        assert_true(h.count < h.keep);
        solvable += h.count > 0;
        static const int engines[] = {COMPLETE_ENGINE_AUTO, COMPLETE_ENGINE_NOLEX,
                                      COMPLETE_ENGINE_PORTABLE};
        uint64_t first[3], counted[3];
        for (int e = 0; e < 3; e++) {
            nq_complete_stats sc, sf;
            check_with_ref(inst, engines[e], &h, n, &sc, &sf);
            counted[e] = sc.nodes;
            first[e] = sf.nodes;
            if (e < 2) {
                nodes[e] += sf.nodes;
                probes[e] += sf.probes;
            }
        }
        acted += first[0] != first[1];
        assert_true(counted[0] == counted[1]); /* counting takes every cell anyway */
        assert_true(first[2] == first[0]);     /* both builds of the engine search the same nodes */
        free(h.found);
        nq_instance_free(inst);
    }
    print_message("lexicographic first line: %d of %d instances changed, nodes %llu against %llu, "
                  "probes %llu against %llu, %d solvable\n",
                  acted, trials, (unsigned long long)nodes[0], (unsigned long long)nodes[1],
                  (unsigned long long)probes[0], (unsigned long long)probes[1], solvable);
    assert_true(solvable > trials / 10 && solvable < trials - trials / 10);
    assert_true(acted > trials / 20);
    assert_true(nodes[0] < nodes[1] && probes[0] < probes[1]);
}

/* The one-word engine's three builds (complete_word.c portable, complete_word_avx2.c for x86-64-v3:
 * POPCNT, TZCNT/LZCNT, BMI2; complete_word_avx512.c: eight lines a vector in the placement),
 * chosen at run time: AUTO runs the AVX-512 one exactly where the library reports the AVX-512
 * kernel supported (the same CPU test), else the x86-64-v3 one where it reports the AVX2 kernel;
 * V3 never the AVX-512 one, PORTABLE neither vector build. On excluded-diagonals instances of
 * n = 12..17 near the threshold (the sums rule acting; a queen in a corner on some) the three give
 * the same count, first completion and listing after the same nodes; on looser ones of n = 18..33
 * (17 to 32 free lines: every lane of the AVX-512 build's vectors) the same first completion and
 * first 50 of the listing after the same nodes. */
static void test_word_builds(void **state) {
    (void)state;
    int v3 = nq_kernel_supported(NQ_KERNEL_AVX2) ? 3 : 0;
    int v4 = nq_kernel_supported(NQ_KERNEL_AVX512) ? 4 : v3;
    assert_int_equal(complete_word_build(COMPLETE_ENGINE_AUTO), v4);
    assert_int_equal(complete_word_build(COMPLETE_ENGINE_NOSUMS), v4);
    assert_int_equal(complete_word_build(COMPLETE_ENGINE_V3), v3);
    assert_int_equal(complete_word_build(COMPLETE_ENGINE_PORTABLE), 0);
    if (v4 < 4) {
        print_message("the one-word engine's builds that run here: %s: the others are compared "
                      "with them\n",
                      v3 ? "portable, x86-64-v3" : "portable");
    }
    int solvable = 0, trials = 90, loose = 0, hard = 0, full = 0;
    for (int trial = 0; trial < trials; trial++) {
        /* n = 18..33: a queen at (0, 0) and a few diagonals excluded, so that the first
         * completions come quickly (their count is out of reach and not compared); k = n - 1 */
        int big = trial >= 60, n = big ? 18 + (int)rnd(16) : 12 + (int)rnd(6);
        nq_instance *inst;
        assert_int_equal(nq_instance_new(n, &inst), NQ_OK);
        if (trial % 4 == 0 || big) {
            assert_int_equal(nq_instance_place(inst, 0, 0, NULL), NQ_OK);
        }
        int d = big ? 1 + (int)rnd((unsigned)n / 4) : 3 * n / 4 + (int)rnd((unsigned)n / 2 + 1);
        for (; d > 0; d--) {
            int i = (int)rnd(2u * (unsigned)n - 1), t = (int)rnd(2);
            if ((trial % 4 == 0 || big) && i == (t ? 0 : n - 1)) {
                continue; /* the queen's own lines stay free */
            }
            assert_int_equal(nq_instance_exclude(inst, i, t), NQ_OK);
        }
        static const int engines[] = {COMPLETE_ENGINE_AUTO, COMPLETE_ENGINE_V3,
                                      COMPLETE_ENGINE_PORTABLE};
        nq_u128 count[3] = {0, 0, 0};
        int rf[3], re[3], cols[3][33];
        nq_complete_stats sc[3] = {{0}}, sf[3];
        listing l[3] = {{0}, {0}, {0}};
        for (int e = 0; e < 3; e++) {
            if (!big) {
                assert_int_equal(complete_count_with(inst, engines[e], &count[e], NULL, &sc[e]),
                                 NQ_OK);
            }
            rf[e] = complete_first_with(inst, engines[e], cols[e], NULL, &sf[e]);
            if (big && sf[0].nodes > 1000000) {
                break; /* the lexicographic walk is slow on some loose boards: not this one */
            }
            l[e].stop_after = 50;
            re[e] = complete_each_with(inst, engines[e], collect, &l[e], NULL, NULL);
        }
        if (big && sf[0].nodes > 1000000) {
            hard++;
            nq_instance_free(inst);
            continue;
        }
        for (int e = 1; e < 3; e++) {
            assert_true(count[0] == count[e]);
            assert_true(sc[0].nodes == sc[e].nodes && sf[0].nodes == sf[e].nodes);
            assert_true(sf[0].probes == sf[e].probes);
            assert_int_equal(rf[0], rf[e]);
            assert_int_equal(re[0], re[e]);
            assert_int_equal(l[0].len, l[e].len);
            if (rf[0] == NQ_OK) {
                assert_memory_equal(cols[0], cols[e], (size_t)n * sizeof **cols);
                assert_memory_equal(l[0].cols, l[e].cols, l[0].len * (size_t)n * sizeof *l[0].cols);
            }
        }
        if (big) {
            full += n == 33;
            loose += rf[0] == NQ_OK;
            assert_true(rf[0] == NQ_OK || rf[0] == NQ_ENOSOL);
            assert_true(l[0].len == (rf[0] == NQ_OK ? 50 : 0));
        } else {
            assert_int_equal(rf[0], count[0] ? NQ_OK : NQ_ENOSOL);
            assert_true(l[0].len == (count[0] < 50 ? (size_t)count[0] : 50));
            solvable += count[0] != 0;
        }
        for (int e = 0; e < 3; e++) {
            free(l[e].cols);
        }
        nq_instance_free(inst);
    }
    assert_true(solvable > 6 && solvable < 54);
    print_message("word builds: %d loose boards compared (%d with k = 32), %d skipped\n", loose,
                  full, hard);
    assert_true(loose > 20 && hard < 5 && full > 0); /* full: k = 32 compared */
}

/* ---- Threads (complete_par.c) ------------------------------------------------------------ */

/* The options of `threads` threads: every search split at once (budget 0) or after `budget`
 * nodes alone, into at least `split` subtrees. */
static complete_opts par_opts(int engine, int threads, uint64_t budget, int split) {
    complete_opts o = {engine, threads, budget, split, &complete_par_runner};
    return o;
}

/* One instance on 1 thread and on 2, 3 and 8, split at once and after a small budget, against
 * the reference h (h->count completions, the first h->keep of them in h->found): the same
 * first completion, count and listing (up to `list` completions), the same probes as one thread
 * (the split's searches hand back the same witnesses, so the walk makes the same probes), and,
 * where every subtree is searched to its end (a count, or a first completion of an instance
 * without one, split at once), the same nodes. */
static void check_threads(const nq_instance *inst, const hard_ref *h, int engine, size_t list) {
    int n = nq_instance_n(inst), conflict = ref_given_conflict(inst);
    static const int threads[] = {1, 2, 3, 8};
    static const uint64_t budgets[] = {0, 37};
    nq_complete_stats one_f = {0}, one_c = {0}, one_e = {0};
    for (int t = 0; t < 4; t++) {
        for (int b = 0; b < 2 && (b == 0 || t == 1); b++) {
            complete_opts o = t == 0 ? par_opts(engine, 1, 0, 0)
                                     : par_opts(engine, threads[t], budgets[b], 2 + (int)rnd(40));
            int cols[32];
            nq_complete_stats sf = {0}, sc = {0}, se = {0};
            nq_u128 count = 12345;
            int rf = complete_first_opts(inst, &o, cols, NULL, &sf);
            int rc = complete_count_opts(inst, &o, &count, NULL, &sc);
            listing l = {0};
            l.stop_after = list;
            int re = complete_each_opts(inst, &o, collect, &l, NULL, &se);
            if (conflict) {
                assert_int_equal(rf, NQ_ECONFLICT);
                assert_int_equal(rc, NQ_ECONFLICT);
                assert_int_equal(re, NQ_ECONFLICT);
                free(l.cols);
                return;
            }
            assert_int_equal(rf, h->count ? NQ_OK : NQ_ENOSOL);
            assert_int_equal(rc, NQ_OK);
            assert_true(count == (nq_u128)h->count);
            if (h->count) {
                assert_memory_equal(cols, h->found, (size_t)n * sizeof *cols);
            }
            size_t want = h->count < list ? h->count : list;
            assert_int_equal(re, !h->count ? NQ_ENOSOL : h->count >= list ? NQ_STOPPED : NQ_OK);
            assert_int_equal(l.len, want);
            if (want) {
                assert_true(want <= h->keep);
                assert_memory_equal(l.cols, h->found, want * (size_t)n * sizeof *l.cols);
            }
            free(l.cols);
            if (t == 0) {
                one_f = sf, one_c = sc, one_e = se;
                continue;
            }
            assert_true(sf.probes == one_f.probes);
            assert_true(se.probes == one_e.probes);
            if (budgets[b] == 0) {
                assert_true(sc.nodes == one_c.nodes);
                if (!h->count) {
                    assert_true(sf.nodes == one_f.nodes);
                }
            }
        }
    }
}

/* The search on threads against the reference on small random instances, n = 6..14: excluded
 * diagonals near the threshold (a queen in a corner on some), given queens from a partial
 * solution or anywhere (pairs that attack each other on some), blocked cells, empty boards; a
 * quarter with the look-ahead at every node. */
static void test_threads_agree(void **state) {
    (void)state;
    int solvable = 0, trials = 120, with_queens = 0, with_diags = 0;
    for (int trial = 0; trial < trials; trial++) {
        int kind = trial % 4, n = kind == 3 ? 6 + (int)rnd(4) : 6 + (int)rnd(9);
        nq_instance *inst;
        assert_int_equal(nq_instance_new(n, &inst), NQ_OK);
        if (kind == 0 || kind == 1) { /* excluded diagonals, a queen in a corner on kind 1 */
            if (kind == 1) {
                assert_int_equal(nq_instance_place(inst, n - 1, 0, NULL), NQ_OK);
            }
            for (int d = 3 * n / 4 + (int)rnd((unsigned)n / 2 + 1); d > 0; d--) {
                int i = (int)rnd(2u * (unsigned)n - 1), t = (int)rnd(2);
                if (kind == 1 && (t ? i == n - 1 : i == 2 * n - 2)) {
                    continue; /* the queen's own lines stay free */
                }
                assert_int_equal(nq_instance_exclude(inst, i, t), NQ_OK);
            }
        } else if (kind == 2) { /* given queens, blocked cells, no excluded diagonal */
            int queens = 1 + (int)rnd((unsigned)n / 3 + 1), perm[16];
            random_perm(n, perm);
            for (int q = 0; q < queens; q++) {
                int r = perm[q], c = rnd(4) ? (3 * r + q) % n : (int)rnd((unsigned)n);
                assert_int_equal(nq_instance_place(inst, r, c, NULL), NQ_OK);
            }
            for (int b = (int)rnd((unsigned)n); b > 0; b--) {
                assert_int_equal(
                    nq_instance_block(inst, (int)rnd((unsigned)n), (int)rnd((unsigned)n)), NQ_OK);
            }
        } /* kind 3: an empty board */
        for (int r = 0; r < n; r++) {
            with_queens += nq_instance_queen(inst, r) >= 0;
        }
        with_diags += kind <= 1;
        hard_ref h;
        hard_ref_run(&h, inst, n, 400);
        size_t found = h.count;
        if (h.count == h.keep) { /* more than kept: the reference counts them all */
            nq_u128 all;
            assert_int_equal(complete_count_with(inst, COMPLETE_ENGINE_GENERAL, &all, NULL, NULL),
                             NQ_OK);
            h.count = (size_t)all;
        }
        solvable += h.count > 0 && !ref_given_conflict(inst);
        /* Some with the look-ahead at every node (by default only on boards of 19 free rows and
         * more): the split makes it at the nodes it expands, as one thread does. */
        int engine = trial % 8 == 5   ? COMPLETE_ENGINE_PORTABLE
                     : trial % 8 == 3 ? COMPLETE_ENGINE_AUTO | COMPLETE_LOOKAHEAD_ALL
                     : trial % 8 == 7 ? COMPLETE_ENGINE_PORTABLE | COMPLETE_LOOKAHEAD_ALL
                                      : COMPLETE_ENGINE_AUTO;
        check_threads(inst, &h, engine, trial % 6 == 0 && found < h.keep ? h.keep : 12);
        free(h.found);
        nq_instance_free(inst);
    }
    assert_true(solvable > trials / 10 && solvable < trials - trials / 10);
    assert_true(with_queens > 0 && with_diags > 0);
}

/* A runner test without the engine: subtree 37 holds a completion but reports it only after
 * subtree 80 (later in order) has reported its own, and subtree 80 must still lose; the
 * subtrees after the winner are abandoned or never started, and a count adds every worker's. */
typedef struct par_probe {
    int counting;
    atomic_int later_done; /* subtree 80 has reported */
    atomic_int bad;        /* a worker saw something wrong (cmocka asserts on this thread only) */
    atomic_int started[100];
} par_probe;

static int par_solve(complete_state *ws, size_t t, void *ctx, int *witness) {
    par_probe *p = ctx;
    atomic_store(&p->started[t], 1);
    ws->nodes++;
    if (ws->best == NULL || t >= 100) {
        atomic_store(&p->bad, 1);
    }
    if (p->counting) {
        ws->count += t;
        return COMPLETE_GO;
    }
    if (t == 37) {
        /* Waits (up to 10 s) for subtree 80 to report first, as a slow search would. */
        for (int spin = 0; spin < 10000 && !atomic_load(&p->later_done); spin++) {
            struct timespec ms = {0, 1000000};
            nanosleep(&ms, NULL);
        }
        if (!atomic_load(&p->later_done)) {
            atomic_store(&p->bad, 1);
        }
    }
    if (t == 37 || t == 80) {
        for (int i = 0; i < ws->k; i++) {
            witness[i] = (int)t;
        }
        atomic_store(&p->later_done, t == 80);
        return COMPLETE_STOP;
    }
    return COMPLETE_GO;
}

static void test_threads_first_subtree_wins(void **state) {
    (void)state;
    for (int threads = 2; threads <= 4; threads++) {
        int place[4] = {0, 1, 2, 3}, witness[4] = {-1, -1, -1, -1};
        complete_state s;
        memset(&s, 0, sizeof s);
        s.k = 4;
        s.place = place;
        s.threads = threads;
        s.poll_at = UINT64_MAX;
        par_probe p;
        memset(&p, 0, sizeof p);
        size_t winner = 0;
        int r = complete_par_runner.run(&s, 100, 0, par_solve, &p, &winner, witness);
        assert_false(atomic_load(&p.bad));
        assert_int_equal(r, COMPLETE_STOP);
        assert_int_equal(winner, 37);
        for (int i = 0; i < 4; i++) {
            assert_int_equal(witness[i], 37);
        }
        assert_true(s.nodes >= 81); /* 0 .. 80 were all searched */
        if (threads == 2) {
            /* One worker waits in 37, the other takes 38 .. 80 and stops: 81 .. 99 abandoned. */
            for (int t = 81; t < 100; t++) {
                assert_false(atomic_load(&p.started[t]));
            }
        }
        /* Counting: every subtree, the counts added. */
        s.nodes = 0;
        s.count = 0;
        par_probe q;
        memset(&q, 0, sizeof q);
        q.counting = 1;
        r = complete_par_runner.run(&s, 100, 1, par_solve, &q, &winner, witness);
        assert_false(atomic_load(&q.bad));
        assert_int_equal(r, COMPLETE_GO);
        assert_true(s.nodes == 100);
        assert_true(s.count == (nq_u128)(99 * 100 / 2));
    }
}

static void test_conflicts_and_forbidden(void **state) {
    (void)state;
    nq_instance *inst;
    nq_conflict cf;
    int cols[8];
    /* Row conflict: the reader refuses two queens in one row. */
    assert_int_equal(nq_instance_parse_queens("2-1, 2-5", 8, &inst, &cf, NULL, 0), NQ_ECONFLICT);
    assert_int_equal(cf.kind, NQ_ATTACK_ROW);
    assert_int_equal(cf.row1, 2);
    assert_int_equal(cf.col1, 1);
    assert_int_equal(cf.col2, 5);
    /* Diagonal conflict reported as the earliest later row. */
    assert_int_equal(nq_instance_parse_queens("5-5, 0-0, 6-1, 7-2", 8, &inst, &cf, NULL, 0), NQ_OK);
    assert_int_equal(nq_complete_first(inst, cols, &cf, NULL), NQ_ECONFLICT);
    assert_int_equal(cf.row1, 0);
    assert_int_equal(cf.row2, 5);
    assert_int_equal(cf.kind, NQ_ATTACK_DIAGONAL);
    nq_instance_free(inst);
    /* A queen on a blocked cell: no completion. */
    assert_int_equal(nq_instance_new(8, &inst), NQ_OK);
    nq_instance_place(inst, 0, 0, NULL);
    nq_instance_block(inst, 0, 0);
    assert_int_equal(nq_complete_first(inst, cols, &cf, NULL), NQ_ENOSOL);
    nq_u128 count = 9;
    assert_int_equal(nq_complete_count(inst, &count, &cf, NULL), NQ_OK);
    assert_true(count == 0);
    nq_instance_free(inst);
    /* Bad arguments. */
    assert_int_equal(nq_instance_new(0, &inst), NQ_EINVAL);
    assert_int_equal(nq_complete_first(NULL, cols, NULL, NULL), NQ_EINVAL);
    assert_int_equal(nq_instance_new(4, &inst), NQ_OK);
    assert_int_equal(nq_instance_place(inst, 4, 0, NULL), NQ_EINVAL);
    assert_int_equal(nq_instance_exclude(inst, 7, 0), NQ_EINVAL);
    assert_int_equal(nq_instance_exclude(inst, 6, 2), NQ_EINVAL);
    assert_int_equal(nq_complete_count(inst, NULL, NULL, NULL), NQ_EINVAL);
    assert_int_equal(nq_complete_each(inst, NULL, NULL, NULL, NULL), NQ_EINVAL);
    nq_instance_free(inst);
    nq_instance_free(NULL);
}

static void test_stop_listing(void **state) {
    (void)state;
    nq_instance *inst;
    assert_int_equal(nq_instance_new(8, &inst), NQ_OK);
    listing l = {0};
    l.stop_after = 5;
    assert_int_equal(nq_complete_each(inst, collect, &l, NULL, NULL), NQ_STOPPED);
    assert_int_equal(l.len, 5);
    size_t want;
    int *all = ref_completions(inst, &want);
    assert_int_equal(want, 92);
    assert_memory_equal(l.cols, all, 5 * 8 * sizeof *all);
    free(all);
    free(l.cols);
    nq_instance_free(inst);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_empty_board_matches_oeis),
        cmocka_unit_test(test_nauck_1850),
        cmocka_unit_test(test_random_against_reference),
        cmocka_unit_test(test_engines_agree),
        cmocka_unit_test(test_wide_bitsets),
        cmocka_unit_test(test_large_board_few_free),
        cmocka_unit_test(test_hard_instances),
        cmocka_unit_test(test_diagonal_sums_rule),
        cmocka_unit_test(test_needed_diagonals),
        cmocka_unit_test(test_squares_rule),
        cmocka_unit_test(test_lookahead),
        cmocka_unit_test(test_lex_first_line),
        cmocka_unit_test(test_word_builds),
        cmocka_unit_test(test_threads_agree),
        cmocka_unit_test(test_threads_first_subtree_wins),
        cmocka_unit_test(test_conflicts_and_forbidden),
        cmocka_unit_test(test_stop_listing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
