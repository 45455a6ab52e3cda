/*
 * test_join.c: the join method (join.c, method.c, the pair counters of join_generic.c,
 * join_avx2.c, join_avx512.c) against the backtracking kernels and slow references written here.
 * White-box (through the private headers): every pair counter the CPU runs against a double loop
 * on random lists of every length up to 70; every subproblem of every n <= 14 (12 in builds with
 * assertions) by both methods, total, fundamental and orbit counts; random deep boards of n = 8
 * to 32 (odd and even numbers of free rows, dead ones, one and no free row) and n = 33 (too wide
 * for the join: counted by backtracking) against the plain search; the fall-back of a board whose
 * halves overflow the lists; samples of the subproblems of n = 17, 18 and 20; whole counts of
 * n = 1 .. 16 (13) against the OEIS table; and the public calls' errors.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/join.h"
#include "../../src/split.h"
#include "support.h"

#ifdef NDEBUG
#define EVERY_MAX_N 14
#define TABLE_MAX_N 16
#else
#define EVERY_MAX_N 12
#define TABLE_MAX_N 13
#endif

/* A small deterministic generator (xorshift64*), so that a failure reproduces. */
static uint64_t rng = 0x9E3779B97F4A7C15u;
static uint64_t next(void) {
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return rng * 0x2545F4914F6CDD1Du;
}

static uint64_t pairs_reference(const uint64_t *a, size_t p, const uint64_t *b, size_t q) {
    uint64_t sum = 0;
    for (size_t i = 0; i < p; i++)
        for (size_t j = 0; j < q; j++)
            sum += (a[i] & b[j]) == 0;
    return sum;
}

/* Every pair counter the CPU runs, on lists of every length 0..70 (sparse random signatures, so
 * that about half the pairs share no bit), with garbage in the padding that must not count. */
static void test_pairs(void **state) {
    (void)state;
    int kernels = 0;
    for (int k = NQ_KERNEL_GENERIC; k < NQ_KERNELS; k++) {
        if (!nq_kernel_supported((nq_kernel)k))
            continue;
        join_scratch *js = join_scratch_new((nq_kernel)k);
        assert_non_null(js);
        kernels++;
        uint64_t top[70], bottom[70 + 8];
        for (size_t q = 0; q <= 70; q++) {
            size_t p = 1 + (size_t)(next() % 9);
            for (size_t i = 0; i < p; i++)
                top[i] = next() & next() & next();
            for (size_t j = 0; j < q; j++)
                bottom[j] = next() & next() & next();
            for (size_t j = q; j < q + 8; j++)
                bottom[j] = 0; /* would be counted if read without the mask */
            uint64_t want = pairs_reference(top, p, bottom, q);
            assert_int_equal(join_pairs(js, top, p, bottom, q), want);
            assert_int_equal(join_pairs(js, top, 0, bottom, q), 0);
        }
        /* All pairs: zero signatures; none: a shared bit everywhere. */
        for (size_t j = 0; j < 70; j++)
            bottom[j] = 0;
        top[0] = UINT64_MAX;
        assert_int_equal(join_pairs(js, top, 1, bottom, 70), 70);
        for (size_t j = 0; j < 70; j++)
            bottom[j] = (uint64_t)1 << 63;
        assert_int_equal(join_pairs(js, top, 1, bottom, 70), 0);
        join_scratch_free(js);
    }
    assert_true(kernels >= 1);
}

/* Every subproblem of n = 4 .. EVERY_MAX_N by both methods: the same counts (every field but the
 * nodes), and real work checked (some subproblem with solutions). */
static void test_every_subproblem(void **state) {
    (void)state;
    join_scratch *js = join_scratch_new(NQ_KERNEL_AUTO);
    assert_non_null(js);
    for (int n = 4; n <= EVERY_MAX_N; n++) {
        nq_split *s;
        assert_int_equal(nq_split_new(n, &s), NQ_OK);
        int nonzero = 0;
        for (uint64_t i = 0; i < nq_split_size(s); i++) {
            nq_counts want, got;
            assert_int_equal(split_solve(s, i, &want, NULL), NQ_OK);
            assert_int_equal(split_solve_join(s, i, &got, js), NQ_OK);
            assert_same_counts(&want, &got);
            nonzero += want.total != 0;
        }
        assert_true(n < 6 || nonzero > 0);
        nq_split_free(s);
    }
    join_scratch_free(js);
}

/* A random board of n with `placed` queens put on free cells of distinct rows, whatever they
 * attack (the state may be dead). */
static void random_board(int n, int placed, count_state *st) {
    count_state_init(st, n);
    for (int t = 0; t < placed && st->left > 0; t++) {
        int y;
        do
            y = (int)(next() % (uint64_t)n);
        while (!(st->rows >> y & 1));
        uint64_t cells = st->free[y];
        if (!cells)
            break;
        int c = (int)(next() % (uint64_t)__builtin_popcountll(cells));
        while (c-- > 0)
            cells &= cells - 1;
        (void)count_state_place(st, y, __builtin_ctzll(cells));
    }
}

/* Deep boards: few free rows on wide boards (n up to 32, and 33 beyond the join's width), many
 * on small ones; the join against the plain search. */
static void test_deep_boards(void **state) {
    (void)state;
    join_scratch *js = join_scratch_new(NQ_KERNEL_AUTO);
    assert_non_null(js);
    int with_solutions = 0, odd = 0, even = 0;
    for (int round = 0; round < 400; round++) {
        int n = 8 + (int)(next() % 26); /* 8 .. 33 */
        int left = (int)(next() % 12);  /* 0 .. 11 free rows wanted */
        if (left > n)
            left = n;
        count_state st;
        random_board(n, n - left, &st);
        uint64_t nodes_plain, nodes_join;
        uint64_t want = count_completions_plain(&st, &nodes_plain);
        uint64_t got = join_completions(&st, js, &nodes_join);
        assert_int_equal(got, want);
        with_solutions += want > 0;
        odd += st.left % 2 == 1;
        even += st.left % 2 == 0;
    }
    assert_true(with_solutions > 20 && odd > 20 && even > 20);
    /* No free row: the placed queens are the one solution; one free row. */
    count_state st;
    uint64_t nodes;
    count_state_init(&st, 4);
    assert_true(count_state_place(&st, 0, 1) && count_state_place(&st, 1, 3) &&
                count_state_place(&st, 2, 0));
    assert_int_equal(join_completions(&st, js, &nodes), 1);
    assert_true(count_state_place(&st, 3, 2));
    assert_int_equal(join_completions(&st, js, &nodes), 1);
    assert_int_equal(nodes, 0);
    /* A dead board: no completion, nothing searched. */
    count_state_init(&st, 6);
    assert_true(count_state_place(&st, 0, 0) && count_state_place(&st, 1, 2));
    assert_true(count_state_place(&st, 2, 4));
    assert_int_equal(join_completions(&st, js, &nodes), count_completions_plain(&st, &nodes));
    /* The empty boards of n = 4 .. 11 (every row free), with no scratch. */
    for (int n = 4; n <= 11; n++) {
        count_state_init(&st, n);
        assert_int_equal(join_completions(&st, NULL, &nodes), ref_table(n).total);
    }
    join_scratch_free(js);
}

/* Lists too small for the halves: the board goes to the backtracking kernel, the same count and
 * that kernel's nodes. */
static void test_overflow(void **state) {
    (void)state;
    join_scratch *tiny = join_scratch_new_small(NQ_KERNEL_AUTO, 3);
    join_scratch *full = join_scratch_new(NQ_KERNEL_AUTO);
    assert_non_null(tiny);
    assert_non_null(full);
    for (int n = 8; n <= 11; n++) {
        count_state st;
        count_state_init(&st, n);
        uint64_t nodes_tiny, nodes_full, nodes_back;
        uint64_t back = count_completions(&st, NULL, &nodes_back);
        assert_int_equal(join_completions(&st, tiny, &nodes_tiny), back);
        assert_int_equal(nodes_tiny, nodes_back);
        assert_int_equal(join_completions(&st, full, &nodes_full), back);
        assert_true(nodes_full != nodes_back); /* the join did run on this one */
    }
    join_scratch_free(tiny);
    join_scratch_free(full);
}

/* Samples of the subproblems of n = 17, 18 and 20 (evenly spread, a few each): both methods. */
static void test_samples(void **state) {
    (void)state;
    static const int ns[] = {17, 18, 20};
    join_scratch *js = join_scratch_new(NQ_KERNEL_AUTO);
    assert_non_null(js);
    for (size_t t = 0; t < sizeof ns / sizeof ns[0]; t++) {
        nq_split *s;
        assert_int_equal(nq_split_new(ns[t], &s), NQ_OK);
        uint64_t size = nq_split_size(s), step = size / 5 + 1;
        int nonzero = 0;
        for (uint64_t i = step / 3; i < size; i += step) {
            nq_counts want, got;
            assert_int_equal(split_solve(s, i, &want, NULL), NQ_OK);
            assert_int_equal(split_solve_join(s, i, &got, js), NQ_OK);
            assert_same_counts(&want, &got);
            nonzero += want.total != 0;
        }
        assert_true(nonzero > 0);
        nq_split_free(s);
    }
    join_scratch_free(js);
}

/* Whole counts by the join through nq_count_split(), on 1 and 2 threads, against the table. */
static void test_table(void **state) {
    (void)state;
    for (int n = 1; n <= TABLE_MAX_N; n++) {
        nq_split *s;
        assert_int_equal(nq_split_new(n, &s), NQ_OK);
        for (int threads = 1; threads <= 2; threads++) {
            if (n > 14 && threads == 1)
                continue;
            nq_count_options opt;
            memset(&opt, 0, sizeof opt);
            opt.threads = threads;
            opt.method = NQ_METHOD_JOIN;
            nq_counts c;
            memset(&c, 0, sizeof c);
            assert_int_equal(nq_count_split(s, &opt, &c), NQ_OK);
            ref_counts want = ref_table(n);
            assert_true(c.total == want.total && c.unique == want.unique);
            assert_true(c.orbit8 == want.orbit8 && c.orbit4 == want.orbit4);
            assert_true(c.orbit2 == want.orbit2 && c.orbit1 == want.orbit1);
        }
        nq_split_free(s);
    }
}

/* Names, the choice by n, and the errors of the public calls. */
static void test_api(void **state) {
    (void)state;
    nq_method m;
    for (int i = 0; i < NQ_METHODS; i++) {
        assert_int_equal(nq_method_parse(nq_method_name((nq_method)i), &m), NQ_OK);
        assert_int_equal(m, i);
    }
    assert_string_equal(nq_method_name(NQ_METHOD_JOIN), "join");
    assert_null(nq_method_name((nq_method)NQ_METHODS));
    assert_int_equal(nq_method_parse("Join", &m), NQ_EINVAL);
    assert_int_equal(nq_method_parse(NULL, &m), NQ_EINVAL);
    assert_int_equal(nq_method_parse("join", NULL), NQ_EINVAL);
    assert_int_equal(nq_method_resolve(NQ_METHOD_JOIN, 16, &m), NQ_OK);
    assert_int_equal(m, NQ_METHOD_JOIN);
    assert_int_equal(nq_method_resolve(NQ_METHOD_AUTO, 15, &m), NQ_OK);
    assert_int_equal(m, NQ_METHOD_BACKTRACK); /* the join is never chosen */
    assert_int_equal(nq_method_resolve(NQ_METHOD_JOIN, 3, &m), NQ_OK);
    assert_int_equal(m, NQ_METHOD_BACKTRACK);
    assert_int_equal(nq_method_resolve(NQ_METHOD_JOIN, NQ_METHOD_JOIN_MAX_N, &m), NQ_OK);
    assert_int_equal(m, NQ_METHOD_JOIN);
    assert_int_equal(nq_method_resolve(NQ_METHOD_JOIN, NQ_METHOD_JOIN_MAX_N + 1, &m), NQ_OK);
    assert_int_equal(m, NQ_METHOD_BACKTRACK);
    assert_int_equal(nq_method_resolve(NQ_METHOD_JOIN, 0, &m), NQ_EINVAL);
    assert_int_equal(nq_method_resolve(NQ_METHOD_JOIN, NQ_MAX_N + 1, &m), NQ_EINVAL);
    assert_int_equal(nq_method_resolve((nq_method)NQ_METHODS, 8, &m), NQ_EINVAL);
    assert_int_equal(nq_method_resolve((nq_method)-1, 8, &m), NQ_EINVAL);
    assert_int_equal(nq_method_resolve(NQ_METHOD_JOIN, 8, NULL), NQ_EINVAL);

    nq_split *s;
    assert_int_equal(nq_split_new(10, &s), NQ_OK);
    nq_counts a, b;
    for (uint64_t i = 0; i < nq_split_size(s); i += 7) {
        assert_int_equal(nq_split_solve_method(s, i, NQ_METHOD_BACKTRACK, NQ_KERNEL_AUTO, &a),
                         NQ_OK);
        assert_int_equal(nq_split_solve_method(s, i, NQ_METHOD_JOIN, NQ_KERNEL_GENERIC, &b), NQ_OK);
        assert_same_counts(&a, &b);
    }
    assert_int_equal(nq_split_solve_method(s, nq_split_size(s), NQ_METHOD_JOIN, 0, &a), NQ_EINVAL);
    assert_int_equal(nq_split_solve_method(s, 0, (nq_method)NQ_METHODS, 0, &a), NQ_EINVAL);
    assert_int_equal(nq_split_solve_method(s, 0, NQ_METHOD_JOIN, (nq_kernel)NQ_KERNELS, &a),
                     NQ_EINVAL);
    assert_int_equal(nq_split_solve_method(NULL, 0, NQ_METHOD_JOIN, 0, &a), NQ_EINVAL);
    assert_int_equal(nq_split_solve_method(s, 0, NQ_METHOD_JOIN, 0, NULL), NQ_EINVAL);
    nq_count_options opt;
    memset(&opt, 0, sizeof opt);
    opt.method = (nq_method)NQ_METHODS;
    memset(&a, 0x5a, sizeof a);
    b = a;
    assert_int_equal(nq_count_split(s, &opt, &a), NQ_EINVAL);
    assert_memory_equal(&a, &b, sizeof a); /* untouched */
    opt.method = NQ_METHOD_JOIN;
    assert_int_equal(nq_count_gpu(s, &opt, NULL, 0, NULL, &a), NQ_EINVAL);
    nq_split_free(s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pairs),       cmocka_unit_test(test_every_subproblem),
        cmocka_unit_test(test_deep_boards), cmocka_unit_test(test_overflow),
        cmocka_unit_test(test_samples),     cmocka_unit_test(test_table),
        cmocka_unit_test(test_api),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
