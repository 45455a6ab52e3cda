/*
 * kernels.c: one vector counting kernel (named on the command line: avx2, avx512) against the
 * generic kernel: the same counts and the same nodes on every subproblem of every n up to 14, on
 * whole branches with an arena small enough to split the levels, on deep prefixes of n = 31 and
 * 32 (every row count from the lanes' start down to the last rows), on samples of the
 * subproblems of n = 17 and n = 20, and through nq_count_split() against the OEIS table.
 * A kernel this CPU (or this build) lacks exits 77, which ctest reports as skipped.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/split.h"
#include "support.h"

static nq_kernel kernel; /* the kernel under test */

static void assert_same(const nq_counts *a, const nq_counts *b) {
    assert_true(a->total == b->total);
    assert_true(a->unique == b->unique);
    assert_true(a->orbit8 == b->orbit8);
    assert_true(a->orbit4 == b->orbit4);
    assert_true(a->orbit2 == b->orbit2);
    assert_true(a->orbit1 == b->orbit1);
    assert_true(a->nodes == b->nodes);
}

/* Subproblems first..last (every step-th) of n, by both kernels; returns how many differed
 * from zero solutions (so that a test can insist it checked real work). */
static int compare_split(int n, uint64_t first, uint64_t step, uint64_t count) {
    nq_split *s;
    assert_int_equal(nq_split_new(n, &s), NQ_OK);
    count_scratch *gen = count_scratch_new_kernel(NQ_KERNEL_GENERIC);
    count_scratch *vec = count_scratch_new_kernel(kernel);
    assert_non_null(gen);
    assert_non_null(vec);
    int nonzero = 0;
    for (uint64_t j = 0, i = first; j < count && i < nq_split_size(s); j++, i += step) {
        nq_counts want, got;
        assert_int_equal(split_solve(s, i, &want, gen), NQ_OK);
        assert_int_equal(split_solve(s, i, &got, vec), NQ_OK);
        assert_same(&got, &want);
        nonzero += want.total != 0;
    }
    count_scratch_free(gen);
    count_scratch_free(vec);
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

/* Whole branches (the first one or two rows fixed): many roots at once, and with a small arena
 * the levels are expanded in parts; against the depth-first reference too. */
static void test_whole_branches(void **state) {
    (void)state;
    count_scratch *vec = count_scratch_new_kernel(kernel);
    assert_non_null(vec);
    for (int n = 4; n <= 15; n++) {
        for (int corner = 1; corner >= 0; corner--) {
            for (int b1 = 1; b1 < n; b1++) {
                if (!count_task_valid(n, corner, b1))
                    continue;
                count_task t;
                count_task_init(&t, n, corner, b1);
                int prefix[2] = {corner ? 0 : b1, b1};
                int k = corner ? 2 : 1;
                if (k > n - 2)
                    continue;
                nq_counts dfs, got, small;
                count_task_solve_dfs(&t, prefix, k, &dfs);
                count_task_solve_with(&t, prefix, k, &got, vec);
                assert_same(&got, &dfs);
                t.bfs_cap = 1000;
                count_task_solve_with(&t, prefix, k, &small, vec);
                assert_same(&small, &dfs);
            }
        }
    }
    count_scratch_free(vec);
}

/* Deep prefixes of a solution of n (all its images that a branch admits), from n - 13 free rows
 * down to 2: every entry of the lanes (roots above, at and in the last rows). n = 32 uses every
 * bit of the lanes. */
static void check_deep(int n) {
    int sol[NQ_MAX_N];
    assert_int_equal(nq_construct(n, sol), NQ_OK);
    count_scratch *gen = count_scratch_new_kernel(NQ_KERNEL_GENERIC);
    count_scratch *vec = count_scratch_new_kernel(kernel);
    assert_non_null(gen);
    assert_non_null(vec);
    int checked = 0, nonzero = 0;
    for (int sym = 0; sym < NQ_SYMMETRIES; sym++) {
        int cols[NQ_MAX_N];
        assert_int_equal(nq_transform(n, sol, (nq_symmetry)sym, cols), NQ_OK);
        int corner = cols[0] == 0;
        int b1 = corner ? cols[1] : cols[0];
        if (!count_task_valid(n, corner, b1))
            continue;
        count_task t;
        count_task_init(&t, n, corner, b1);
        for (int free_rows = 13; free_rows >= 2; free_rows--) {
            int k = n - free_rows;
            uint64_t l = 0, d = 0, r = 0;
            int ok = 1;
            for (int y = 0; y < k && ok; y++) {
                uint64_t bit = (uint64_t)1 << cols[y];
                ok = (count_task_avail(&t, y, l, d, r) & bit) != 0;
                l = (l | bit) << 1, d |= bit, r = (r | bit) >> 1;
            }
            if (!ok)
                continue;
            nq_counts want, got;
            count_task_solve_with(&t, cols, k, &want, gen);
            count_task_solve_with(&t, cols, k, &got, vec);
            assert_same(&got, &want);
            checked++;
            nonzero += want.total > 0;
        }
    }
    assert_true(checked > 0 && nonzero > 0);
    count_scratch_free(gen);
    count_scratch_free(vec);
}

static void test_deep_prefixes(void **state) {
    (void)state;
    check_deep(32);
    check_deep(31);
    check_deep(30);
    check_deep(26);
}

/* Samples of the large splits: evenly spread subproblems (corner and edge branches, every
 * b1 region). */
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
        cmocka_unit_test(test_every_subproblem), cmocka_unit_test(test_whole_branches),
        cmocka_unit_test(test_deep_prefixes),    cmocka_unit_test(test_samples),
        cmocka_unit_test(test_counts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
