/*
 * test_split_quadrant.c: the quadrant split (nq_split_new_method(), split_quadrant.c) and its
 * count by the quadrant join: every subproblem of n = 4..14 against the backtracking kernel's
 * count of the same board (split_quadrant_state(): the top rows held to the subproblem's
 * columns), and against the plain search for n <= 10; the kept column sets one per class with
 * the class's size as weight (every column set of the cut is in exactly one kept class,
 * checked by brute force over the mirror and the flip); the six counts of n = 4..18 against
 * OEIS with the orbits; samples of n = 17, 18, 19 (the middle cut) and 20; the counts
 * independent of the threads, a count resumed with skip flags completed as a whole one; the
 * ids (nq_split_new_id()), the completion (nq_split_complete()) and the refusals of bad
 * arguments and of methods a split is not counted by.
 */
#include <stdlib.h>
#include <string.h>

#include "../../src/split.h"
#include "../../src/split_quadrant.h"
#include "support.h"

static nq_split *quadrant_split(int n) {
    nq_split *s = NULL;
    assert_int_equal(nq_split_new_method(n, NQ_METHOD_QUADRANT, &s), NQ_OK);
    assert_int_equal(nq_split_method(s), NQ_METHOD_QUADRANT);
    return s;
}

/* The subproblem's total from an independent recount of its board by backtracking. */
static void assert_subproblem(const nq_split *s, uint64_t i, int plain) {
    nq_counts got;
    assert_int_equal(nq_split_solve(s, i, &got), NQ_OK);
    uint64_t top;
    int m, w;
    assert_int_equal(nq_split_columns(s, i, &top, &m, &w), NQ_OK);
    assert_true(w == 1 || w == 2 || w == 4);
    count_state st;
    assert_int_equal(split_quadrant_state(s, i, &st), NQ_OK);
    uint64_t nodes,
        sols = plain ? count_completions_plain(&st, &nodes) : count_completions(&st, NULL, &nodes);
    assert_true(got.total == (nq_u128)sols * (nq_u128)w);
    assert_true(got.unique == 0 && got.orbit8 == 0 && got.orbit4 == 0 && got.orbit2 == 0);
    assert_true(got.orbit1 == 0);
    if (sols > 0)
        assert_true(got.nodes > 0); /* the pairs considered */
}

static uint64_t mirror(int n, uint64_t c) {
    uint64_t m = 0;
    for (int i = 0; i < n; i++)
        if (c >> i & 1)
            m |= (uint64_t)1 << (n - 1 - i);
    return m;
}

/* Every (m, C) of the cut is the image of exactly one kept one under the mirror and (for even n
 * or the middle cut) the flip, and each kept one's weight is the size of its class. */
static void assert_classes(const nq_split *s) {
    int n = nq_split_n(s), h = n / 2;
    uint64_t full = ((uint64_t)1 << n) - 1, cover = 0, all = 0;
    int middle = -2;
    for (uint64_t i = 1; i < nq_split_size(s); i++) {
        uint64_t top;
        int m, w;
        assert_int_equal(nq_split_columns(s, i, &top, &m, &w), NQ_OK);
        assert_int_equal(__builtin_popcountll(top), h);
        if (middle == -2)
            middle = m >= 0;
        assert_int_equal(m >= 0, middle);
        if (m >= 0)
            assert_false(top >> m & 1);
        /* The class, written out: (m, C), the mirror, the flip (the other columns), both. */
        uint64_t mb = m >= 0 ? (uint64_t)1 << m : 0, other = full & ~top & ~mb;
        int mm = m >= 0 ? n - 1 - m : -1, flips = (n % 2 == 0 || m >= 0);
        uint64_t im[4][2] = {{(uint64_t)(m + 1), top},
                             {(uint64_t)(mm + 1), mirror(n, top)},
                             {(uint64_t)(m + 1), other},
                             {(uint64_t)(mm + 1), mirror(n, other)}};
        int size = 0;
        for (int a = 0; a < (flips ? 4 : 2); a++) {
            int dup = 0;
            for (int b = 0; b < a; b++)
                dup |= im[a][0] == im[b][0] && im[a][1] == im[b][1];
            size += !dup;
        }
        assert_int_equal(w, size);
        cover += (uint64_t)w;
    }
    /* all the (m, C) pairs of the cut */
    for (uint64_t c = 0; c <= full; c++)
        if (__builtin_popcountll(c) == h)
            all += middle ? (uint64_t)(n - h) : 1; /* m: one of the columns not in C */
    assert_true(cover == all);
}

static void test_every_subproblem_small(void **state) {
    (void)state;
    for (int n = 4; n <= 14; n++) {
        nq_split *s = quadrant_split(n);
        for (uint64_t i = 1; i < nq_split_size(s); i++)
            assert_subproblem(s, i, n <= 10);
        assert_classes(s);
        nq_split_free(s);
    }
}

static void test_oeis_with_orbits(void **state) {
    (void)state;
    for (int n = 1; n <= 18; n++) {
        ref_counts want = ref_table(n);
        nq_split *s = NULL;
        if (n < 4) {
            assert_int_equal(nq_split_new_method(n, NQ_METHOD_QUADRANT, &s), NQ_EINVAL);
            assert_int_equal(nq_split_new_method(n, NQ_METHOD_AUTO, &s), NQ_OK);
            assert_int_equal(nq_split_method(s), NQ_METHOD_BACKTRACK);
        } else {
            s = quadrant_split(n);
        }
        nq_count_options opt;
        memset(&opt, 0, sizeof opt);
        opt.threads = 2;
        nq_counts c;
        memset(&c, 0, sizeof c);
        assert_int_equal(nq_count_split(s, &opt, &c), NQ_OK);
        assert_true(c.total == want.total && c.unique == want.unique);
        assert_true(c.orbit8 == want.orbit8 && c.orbit4 == want.orbit4);
        assert_true(c.orbit2 == want.orbit2 && c.orbit1 == want.orbit1);
        nq_split_free(s);
    }
}

/* Larger boards: a few subproblems each, against the backtracking kernel; n = 19 is cut through
 * its middle row. */
static void test_samples_large(void **state) {
    (void)state;
    const int ns[] = {17, 18, 19, 20};
    for (size_t k = 0; k < sizeof ns / sizeof ns[0]; k++) {
        nq_split *s = quadrant_split(ns[k]);
        uint64_t size = nq_split_size(s);
        assert_true(nq_split_memory(s) > 0);
        uint64_t picks[] = {1, 2, size / 3, size / 2, size - 1};
        for (size_t p = 0; p < sizeof picks / sizeof picks[0]; p++)
            assert_subproblem(s, picks[p], 0);
        if (ns[k] == 19) {
            uint64_t top;
            int m, w;
            assert_int_equal(nq_split_columns(s, 1, &top, &m, &w), NQ_OK);
            assert_true(m >= 0);
            assert_non_null(strstr(nq_split_id(s), "cut=middle"));
            assert_classes(s);
        }
        nq_split_free(s);
    }
}

/* Subproblem 0: the classes of 4 and of 2 (the solutions the half and the quarter turn fix). */
static void test_symmetric_part(void **state) {
    (void)state;
    for (int n = 4; n <= 16; n++) {
        ref_counts want = ref_table(n);
        nq_split *s = quadrant_split(n);
        nq_counts c;
        assert_int_equal(nq_split_solve(s, 0, &c), NQ_OK);
        assert_true(c.total == 0 && c.orbit8 == 0 && c.orbit1 == 0);
        assert_true(c.orbit4 == want.orbit4 && c.orbit2 == want.orbit2);
        assert_true(c.unique == want.orbit4 + want.orbit2);
        uint64_t top = 9;
        int m = 9, w = 9;
        assert_int_equal(nq_split_columns(s, 0, &top, &m, &w), NQ_OK);
        assert_true(top == 0 && m == -1 && w == 0);
        assert_int_equal(split_quadrant_state(s, 0, &(count_state){0}), NQ_EINVAL);
        nq_split_free(s);
    }
}

static void test_threads_and_kernels_agree(void **state) {
    (void)state;
    nq_split *s = quadrant_split(13);
    nq_counts one;
    memset(&one, 0, sizeof one);
    nq_count_options opt;
    memset(&opt, 0, sizeof opt);
    opt.threads = 1;
    assert_int_equal(nq_count_split(s, &opt, &one), NQ_OK);
    for (int t = 2; t <= 5; t += 3) {
        for (int k = NQ_KERNEL_GENERIC; k < NQ_KERNELS; k++) {
            if (!nq_kernel_supported((nq_kernel)k))
                continue;
            opt.threads = t;
            opt.kernel = (nq_kernel)k;
            opt.method = k % 2 ? NQ_METHOD_QUADRANT : NQ_METHOD_AUTO;
            nq_counts c;
            memset(&c, 0, sizeof c);
            assert_int_equal(nq_count_split(s, &opt, &c), NQ_OK);
            assert_same_counts(&c, &one);
            assert_true(c.nodes == one.nodes); /* the pairs do not depend on the kernel */
        }
    }
    for (uint64_t i = 0; i < nq_split_size(s); i += 37) {
        nq_counts a, b;
        assert_int_equal(nq_split_solve(s, i, &a), NQ_OK);
        for (int k = NQ_KERNEL_GENERIC; k < NQ_KERNELS; k++) {
            if (!nq_kernel_supported((nq_kernel)k))
                continue;
            assert_int_equal(nq_split_solve_method(s, i, NQ_METHOD_QUADRANT, (nq_kernel)k, &b),
                             NQ_OK);
            assert_same_counts(&a, &b);
        }
    }
    nq_split_free(s);
}

/* A count resumed from a journal: the subproblems done before (their sum, as a journal adds it
 * up) skipped, the rest counted, the whole completed and checked. */
static void test_resumed_count_completes(void **state) {
    (void)state;
    nq_split *s = quadrant_split(12);
    uint64_t size = nq_split_size(s);
    uint8_t *skip = calloc(size, 1);
    assert_non_null(skip);
    nq_counts before;
    memset(&before, 0, sizeof before);
    for (uint64_t i = 0; i < size; i += 2) {
        nq_counts c;
        assert_int_equal(nq_split_solve(s, i, &c), NQ_OK);
        nq_counts_add(&before, &c);
        skip[i] = 1;
    }
    nq_count_options opt;
    memset(&opt, 0, sizeof opt);
    opt.skip = skip;
    opt.threads = 2;
    nq_counts c = before;
    assert_int_equal(nq_count_split(s, &opt, &c), NQ_OK);
    ref_counts want = ref_table(12);
    assert_true(c.total == want.total && c.unique == want.unique && c.orbit8 == want.orbit8);
    assert_true(c.orbit4 == want.orbit4 && c.orbit2 == want.orbit2);
    /* Completing again changes nothing. */
    nq_counts again = c;
    assert_int_equal(nq_split_complete(s, &again), NQ_OK);
    assert_same_counts(&again, &c);
    free(skip);
    nq_split_free(s);
}

static void test_complete(void **state) {
    (void)state;
    nq_split *q = quadrant_split(8), *b;
    assert_int_equal(nq_split_new(8, &b), NQ_OK);
    nq_counts c;
    memset(&c, 0, sizeof c);
    c.total = 92, c.orbit4 = 1, c.unique = 1;
    assert_int_equal(nq_split_complete(q, &c), NQ_OK);
    assert_true(c.orbit8 == 11 && c.unique == 12 && c.total == 92);
    nq_counts bad;
    memset(&bad, 0, sizeof bad);
    bad.total = 91, bad.orbit4 = 1; /* 87 is no multiple of 8 */
    nq_counts keep = bad;
    assert_int_equal(nq_split_complete(q, &bad), NQ_EWRONG);
    assert_memory_equal(&bad, &keep, sizeof bad);
    bad.total = 3; /* less than 4 orbit4 */
    assert_int_equal(nq_split_complete(q, &bad), NQ_EWRONG);
    /* A border split's sum is complete already. */
    nq_counts border = keep;
    assert_int_equal(nq_split_complete(b, &border), NQ_OK);
    assert_memory_equal(&border, &keep, sizeof border);
    assert_int_equal(nq_split_complete(NULL, &border), NQ_EINVAL);
    assert_int_equal(nq_split_complete(q, NULL), NQ_EINVAL);
    nq_split_free(q);
    nq_split_free(b);
}

static void test_ids(void **state) {
    (void)state;
    nq_split *q = quadrant_split(12), *r = NULL;
    assert_string_equal(nq_split_id(q), "nq-split/4 quadrant n=12 cut=plain size=253");
    assert_int_equal(nq_split_new_id(nq_split_id(q), &r), NQ_OK);
    assert_int_equal(nq_split_method(r), NQ_METHOD_QUADRANT);
    assert_int_equal(nq_split_size(r), nq_split_size(q));
    nq_split_free(r);
    nq_split *b;
    assert_int_equal(nq_split_new(12, &b), NQ_OK);
    assert_int_equal(nq_split_new_id(nq_split_id(b), &r), NQ_OK);
    assert_int_equal(nq_split_method(r), NQ_METHOD_BACKTRACK);
    assert_string_equal(nq_split_id(r), nq_split_id(b));
    nq_split_free(r);
    nq_split_free(b);
    const char *bad[] = {
        "",
        "nq-split/4 quadrant n=12 cut=plain size=254",
        "nq-split/4 quadrant n=12 cut=middle size=253",
        "nq-split/4 quadrant n=24 cut=middle size=1",
        "nq-split/4 quadrant n=3 cut=plain size=1",
        "nq-split/4 quadrant n= cut=plain size=253",
        "nq-split/4 quadrant n=12",
        "nq-split/3 border-mrv n=12 depth=1 size=1",
        "nq-split/2 border n=12 depth=3 size=2000",
        "nq-split/5 quadrant n=12 cut=plain size=253",
        "nq-split/4 quadrant n=0012 cut=plain size=253",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        r = (nq_split *)&r;
        assert_int_equal(nq_split_new_id(bad[i], &r), NQ_EINVAL);
    }
    assert_int_equal(nq_split_new_id(NULL, &r), NQ_EINVAL);
    assert_int_equal(nq_split_new_id(nq_split_id(q), NULL), NQ_EINVAL);
    nq_split_free(q);
    /* The sizes by Burnside's lemma over the mirror and the flip: n = 12, (924 + 20 + 0 + 64) / 4
     * = 252 classes; n = 20, (184756 + 252 + 0 + 1024) / 4 = 46508; and subproblem 0. */
    nq_split *q20 = quadrant_split(20), *q19 = quadrant_split(19);
    assert_string_equal(nq_split_id(q20), "nq-split/4 quadrant n=20 cut=plain size=46509");
    assert_non_null(strstr(nq_split_id(q19), "cut=middle"));
    nq_split_free(q20);
    nq_split_free(q19);
}

static void test_refusals(void **state) {
    (void)state;
    nq_split *s;
    assert_int_equal(nq_split_new_method(NQ_METHOD_QUADRANT_MAX_N + 1, NQ_METHOD_QUADRANT, &s),
                     NQ_EINVAL);
    assert_int_equal(nq_split_new_method(0, NQ_METHOD_AUTO, &s), NQ_EINVAL);
    assert_int_equal(nq_split_new_method(8, (nq_method)NQ_METHODS, &s), NQ_EINVAL);
    assert_int_equal(nq_split_new_method(8, NQ_METHOD_QUADRANT, NULL), NQ_EINVAL);
    /* method 2, the retired join, is no method: refused by every call that takes one */
    nq_method rm;
    assert_null(nq_method_name((nq_method)2));
    assert_int_equal(nq_method_parse("join", &rm), NQ_EINVAL);
    assert_int_equal(nq_method_resolve((nq_method)2, 12, &rm), NQ_EINVAL);
    assert_int_equal(nq_split_new_method(12, (nq_method)2, &s), NQ_EINVAL);
    /* backtracking: the border split */
    assert_int_equal(nq_split_new_method(18, NQ_METHOD_BACKTRACK, &s), NQ_OK);
    assert_int_equal(nq_split_count_method(s, (nq_method)2, &rm), NQ_EINVAL);
    assert_int_equal(nq_split_method(s), NQ_METHOD_BACKTRACK);
    assert_int_equal(nq_split_memory(s), 0);
    nq_counts c;
    memset(&c, 0, sizeof c);
    assert_int_equal(nq_split_solve_method(s, 0, NQ_METHOD_QUADRANT, NQ_KERNEL_AUTO, &c),
                     NQ_EINVAL);
    nq_count_options opt;
    memset(&opt, 0, sizeof opt);
    opt.method = NQ_METHOD_QUADRANT;
    assert_int_equal(nq_count_split(s, &opt, &c), NQ_EINVAL);
    uint64_t top;
    int m, w;
    assert_int_equal(nq_split_columns(s, 0, &top, &m, &w), NQ_EINVAL);
    nq_split_free(s);
    /* A quadrant split: only its own method; no queens to list. */
    s = quadrant_split(10);
    assert_int_equal(nq_split_method(NULL), NQ_METHOD_AUTO);
    assert_int_equal(nq_split_memory(NULL), 0);
    assert_int_equal(nq_split_solve_method(s, 1, (nq_method)2, NQ_KERNEL_AUTO, &c), NQ_EINVAL);
    /* backtracking recounts a subproblem's board: the same total, its own nodes */
    for (uint64_t i = 0; i < nq_split_size(s); i++) {
        nq_counts q;
        assert_int_equal(nq_split_solve_method(s, i, NQ_METHOD_BACKTRACK, NQ_KERNEL_GENERIC, &c),
                         NQ_OK);
        assert_int_equal(nq_split_solve_method(s, i, NQ_METHOD_QUADRANT, NQ_KERNEL_GENERIC, &q),
                         NQ_OK);
        assert_same_counts(&c, &q);
    }
    assert_int_equal(nq_split_solve_method(s, 1, NQ_METHOD_BACKTRACK, (nq_kernel)NQ_KERNELS, &c),
                     NQ_EINVAL);
    assert_int_equal(nq_split_solve_method(s, nq_split_size(s), NQ_METHOD_AUTO, NQ_KERNEL_AUTO, &c),
                     NQ_EINVAL);
    assert_int_equal(nq_split_solve(s, nq_split_size(s), &c), NQ_EINVAL);
    opt.method = (nq_method)2;
    assert_int_equal(nq_count_split(s, &opt, &c), NQ_EINVAL);
    opt.method = NQ_METHOD_BACKTRACK;
    assert_int_equal(nq_count_split(s, &opt, &c), NQ_EINVAL);
    assert_true(c.total == 0);
    int rows[NQ_MAX_N], cols[NQ_MAX_N], placed;
    assert_int_equal(nq_split_queens(s, 1, rows, cols, &placed), NQ_EINVAL);
    int stab;
    assert_int_equal(split_queens(s, 1, rows, cols, &stab), -1);
    assert_int_equal(nq_split_columns(s, nq_split_size(s), &top, &m, &w), NQ_EINVAL);
    assert_int_equal(nq_split_columns(s, 1, NULL, &m, &w), NQ_EINVAL);
    assert_int_equal(nq_split_columns(s, 1, &top, NULL, &w), NQ_EINVAL);
    assert_int_equal(nq_split_columns(s, 1, &top, &m, NULL), NQ_EINVAL);
    assert_int_equal(nq_split_columns(NULL, 1, &top, &m, &w), NQ_EINVAL);
    nq_split_free(s);
}

/* AUTO: the quadrant join from NQ_METHOD_QUADRANT_AUTO_N where it fits, backtracking below. */
static void test_auto(void **state) {
    (void)state;
    nq_method m;
    assert_int_equal(nq_method_resolve(NQ_METHOD_AUTO, NQ_METHOD_QUADRANT_AUTO_N - 1, &m), NQ_OK);
    assert_int_equal(m, NQ_METHOD_BACKTRACK);
    assert_int_equal(nq_method_resolve(NQ_METHOD_AUTO, NQ_METHOD_QUADRANT_MAX_N + 1, &m), NQ_OK);
    assert_int_equal(m, NQ_METHOD_BACKTRACK);
    assert_int_equal(nq_method_resolve(NQ_METHOD_QUADRANT, 3, &m), NQ_OK);
    assert_int_equal(m, NQ_METHOD_BACKTRACK);
    assert_int_equal(nq_method_resolve(NQ_METHOD_AUTO, NQ_METHOD_QUADRANT_AUTO_N, &m), NQ_OK);
    assert_int_equal(m, NQ_METHOD_QUADRANT); /* its 3 MiB of placements fit anywhere */
    /* The choice for a number of threads (their memory counts: tests/cli/count.sh checks it
     * under ulimit -d), with the range of nq_count_options.threads. */
    assert_int_equal(nq_method_choose(NQ_METHOD_AUTO, NQ_METHOD_QUADRANT_AUTO_N, 1, &m), NQ_OK);
    assert_int_equal(m, NQ_METHOD_QUADRANT);
    assert_int_equal(nq_method_choose(NQ_METHOD_AUTO, NQ_METHOD_QUADRANT_AUTO_N - 1, 1, &m), NQ_OK);
    assert_int_equal(m, NQ_METHOD_BACKTRACK);
    assert_int_equal(nq_method_choose(NQ_METHOD_BACKTRACK, 12, 2, &m), NQ_OK);
    assert_int_equal(m, NQ_METHOD_BACKTRACK);
    assert_int_equal(nq_method_choose((nq_method)2, 12, 2, &m), NQ_EINVAL); /* the retired join */
    assert_int_equal(nq_method_choose(NQ_METHOD_AUTO, 16, -1, &m), NQ_EINVAL);
    assert_int_equal(nq_method_choose(NQ_METHOD_AUTO, 16, NQ_MAX_THREADS + 1, &m), NQ_EINVAL);
    assert_int_equal(nq_method_choose(NQ_METHOD_AUTO, 16, 1, NULL), NQ_EINVAL);
    assert_string_equal(nq_method_name(NQ_METHOD_QUADRANT), "quadrant");
    assert_int_equal(nq_method_parse("quadrant", &m), NQ_OK);
    assert_int_equal(m, NQ_METHOD_QUADRANT);
    nq_split *s;
    assert_int_equal(nq_split_new_method(NQ_METHOD_QUADRANT_AUTO_N, NQ_METHOD_AUTO, &s), NQ_OK);
    assert_int_equal(nq_split_method(s), NQ_METHOD_QUADRANT);
    nq_split_free(s);
    assert_int_equal(nq_split_new_method(12, NQ_METHOD_AUTO, &s), NQ_OK);
    assert_int_equal(nq_split_method(s), NQ_METHOD_BACKTRACK);
    nq_split_free(s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_subproblem_small),
        cmocka_unit_test(test_oeis_with_orbits),
        cmocka_unit_test(test_samples_large),
        cmocka_unit_test(test_symmetric_part),
        cmocka_unit_test(test_threads_and_kernels_agree),
        cmocka_unit_test(test_resumed_count_completes),
        cmocka_unit_test(test_complete),
        cmocka_unit_test(test_ids),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_auto),
    };
    return ref_exit(cmocka_run_group_tests(tests, NULL, NULL));
}
