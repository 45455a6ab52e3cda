/*
 * kernels.c: one vector counting kernel (named on the command line: avx2, avx512) against the
 * generic kernel: the same counts and the same nodes on every subproblem of every n up to 14 (with
 * the kernel's own arena and with one small enough that the levels are done in parts), on deep
 * states of n = 32, 34 and 64 (from 13 free rows, all in the grid, to 18, two levels above it),
 * on samples of the subproblems of n = 17 and n = 20, and through nq_count_split() against the
 * OEIS table. A kernel this CPU (or this build) lacks exits 77, which ctest reports as skipped.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/split.h"
#include "support.h"

static nq_kernel kernel; /* the kernel under test */

/* The same counts and the same nodes: every kernel walks the same tree. */
static void assert_same(const nq_counts *a, const nq_counts *b) {
    assert_same_counts(a, b);
    assert_true(a->nodes == b->nodes);
}

/* Subproblems first, first + step, ... (count of them) of n, by both kernels, the kernel with a
 * full and with a small arena; returns how many had solutions (so that a test can insist it
 * checked real work). */
static int compare_split(int n, uint64_t first, uint64_t step, uint64_t count) {
    nq_split *s;
    assert_int_equal(nq_split_new(n, &s), NQ_OK);
    count_scratch *gen = count_scratch_new_kernel(NQ_KERNEL_GENERIC);
    count_scratch *vec = count_scratch_new_kernel(kernel);
    count_scratch *small = count_scratch_new_small(kernel, COUNT_ARENA_MIN);
    assert_non_null(gen);
    assert_non_null(vec);
    assert_non_null(small);
    int nonzero = 0;
    for (uint64_t j = 0, i = first; j < count && i < nq_split_size(s); j++, i += step) {
        nq_counts want, got;
        assert_int_equal(split_solve(s, i, &want, gen), NQ_OK);
        assert_int_equal(split_solve(s, i, &got, vec), NQ_OK);
        assert_same(&got, &want);
        assert_int_equal(split_solve(s, i, &got, small), NQ_OK);
        assert_same(&got, &want);
        nonzero += want.total != 0;
    }
    count_scratch_free(gen);
    count_scratch_free(vec);
    count_scratch_free(small);
    nq_split_free(s);
    return nonzero;
}

/* Every subproblem of every n from 4 to 14; a few through the public nq_split_solve_kernel(). */
static void test_every_subproblem(void **state) {
    (void)state;
    for (int n = 4; n <= 14; n++) {
        assert_true(compare_split(n, 0, 1, UINT64_MAX) > 0);
        nq_split *s;
        assert_int_equal(nq_split_new(n, &s), NQ_OK);
        uint64_t size = nq_split_size(s);
        for (uint64_t i = 0; i < size; i += size / 5 + 1) {
            nq_counts want, got;
            assert_int_equal(nq_split_solve_kernel(s, i, NQ_KERNEL_GENERIC, &want), NQ_OK);
            assert_int_equal(nq_split_solve_kernel(s, i, kernel, &got), NQ_OK);
            assert_same(&got, &want);
        }
        nq_split_free(s);
    }
}

/* Deep states: the first rows of a solution of n (and of its 8 images) placed, the rest counted
 * by both kernels and by the plain search on board states, from 13 free rows (a grid of 13) up
 * to 18 (two levels of the plain search above the grid), fewer where the reference would take
 * long. n = 64 uses every bit of the boards. A
 * random solution (min-conflicts, a fixed seed) has many completions this deep; the explicit
 * construction's have few. */
static void check_deep(int n, int free_lo, int free_hi) {
    int sol[NQ_MAX_N];
    nq_mc_stats mc;
    assert_int_equal(nq_minconflicts(n, 1, 0, sol, &mc), NQ_OK);
    count_scratch *gen = count_scratch_new_kernel(NQ_KERNEL_GENERIC);
    count_scratch *vec = count_scratch_new_kernel(kernel);
    assert_non_null(gen);
    assert_non_null(vec);
    int nonzero = 0;
    for (int sym = 0; sym < NQ_SYMMETRIES; sym++) {
        int cols[NQ_MAX_N];
        assert_int_equal(nq_transform(n, sol, (nq_symmetry)sym, cols), NQ_OK);
        for (int free_rows = free_lo; free_rows <= free_hi; free_rows++) {
            count_state st;
            count_state_init(&st, n);
            for (int y = 0; y < n - free_rows; y++)
                assert_true(count_state_place(&st, y, cols[y]));
            uint64_t want_nodes, gen_nodes, vec_nodes;
            uint64_t want = count_completions_plain(&st, &want_nodes);
            assert_true(want >= 1); /* the solution itself */
            assert_true(count_completions(&st, gen, &gen_nodes) == want);
            assert_true(count_completions(&st, vec, &vec_nodes) == want);
            assert_true(gen_nodes == want_nodes && vec_nodes == want_nodes);
            nonzero += want > 1;
        }
    }
    assert_true(nonzero > 0);
    count_scratch_free(gen);
    count_scratch_free(vec);
}

static void test_deep_states(void **state) {
    (void)state;
    check_deep(32, 13, 16);
    check_deep(34, 15, 17);
    check_deep(64, 16, 18);
}

/* Samples of the large splits: evenly spread subproblems (borders of every kind). */
static void test_samples(void **state) {
    (void)state;
    nq_split *s;
    assert_int_equal(nq_split_new(17, &s), NQ_OK);
    uint64_t size17 = nq_split_size(s);
    nq_split_free(s);
    assert_true(compare_split(17, 7, size17 / 24, 24) > 0);
    assert_int_equal(nq_split_new(20, &s), NQ_OK);
    uint64_t size20 = nq_split_size(s);
    nq_split_free(s);
    assert_true(compare_split(20, 11, size20 / 12, 12) > 0);
}

/* Whole counts through the public API, on 1 and 2 threads, against the OEIS table. */
static void test_counts(void **state) {
    (void)state;
    for (int n = 1; n <= 13; n++) {
        ref_counts want = ref_table(n);
        nq_split *s;
        assert_int_equal(nq_split_new(n, &s), NQ_OK);
        nq_counts ref;
        memset(&ref, 0, sizeof ref);
        nq_count_options opt;
        memset(&opt, 0, sizeof opt);
        opt.threads = 1;
        opt.kernel = NQ_KERNEL_GENERIC;
        assert_int_equal(nq_count_split(s, &opt, &ref), NQ_OK);
        for (int threads = 1; threads <= 2; threads++) {
            nq_counts c;
            memset(&c, 0, sizeof c);
            opt.threads = threads;
            opt.kernel = kernel;
            assert_int_equal(nq_count_split(s, &opt, &c), NQ_OK);
            assert_true(c.total == want.total && c.unique == want.unique);
            assert_same(&c, &ref);
        }
        nq_split_free(s);
    }
}

int main(int argc, char **argv) {
    if (argc != 2 || nq_kernel_parse(argv[1], &kernel) != NQ_OK || kernel == NQ_KERNEL_AUTO ||
        kernel == NQ_KERNEL_GENERIC) {
        fprintf(stderr, "usage: kernels avx2|avx512\n");
        return 2;
    }
    if (!nq_kernel_supported(kernel)) {
        printf("kernel %s: not supported by this CPU or build; skipped\n", argv[1]);
        return 77;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_subproblem),
        cmocka_unit_test(test_deep_states),
        cmocka_unit_test(test_samples),
        cmocka_unit_test(test_counts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
