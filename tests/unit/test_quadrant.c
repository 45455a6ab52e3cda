/*
 * test_quadrant.c: the quadrant join (quadrant.h) on its own, against a slow reference: for
 * n = 4..12, every column set C of the top rows (and every middle column m, for the middle cut
 * of odd n) with every kernel this CPU runs, the count of solutions against a brute-force
 * enumeration of all solutions tallied by (m, C), and their sum against OEIS A000170; the
 * vector kernels against the generic one, solutions and pairs, on every subproblem of n = 13
 * and 14; the quadrants' placements against an independent count of each rectangle's
 * placements, and the memory the table foretells against the build (n = 4..16) and against the
 * walk (n up to 22); the lists built in steps, parts in any order, the same; bad arguments
 * refused.
 */
#include <stdlib.h>
#include <string.h>

#include "../../src/quadrant.h"
#include "../../src/quadrant_kernel.h"
#include "support.h"

/* ---- The reference ------------------------------------------------------------------------ */

/* The placements of an r x c rectangle (any number of queens, the empty one too), by trying
 * every cell of every row against every queen placed so far. */
static uint64_t rect_walk(int r, int c, int row, int *qr, int *qc, int k) {
    if (row == r)
        return 1;
    uint64_t found = rect_walk(r, c, row + 1, qr, qc, k);
    for (int x = 0; x < c; x++) {
        int ok = 1;
        for (int i = 0; i < k && ok; i++)
            ok = qc[i] != x && abs(qr[i] - row) != abs(qc[i] - x);
        if (ok) {
            qr[k] = row, qc[k] = x;
            found += rect_walk(r, c, row + 1, qr, qc, k + 1);
        }
    }
    return found;
}

static uint64_t rect_placements(int r, int c) {
    static uint64_t memo[13][13];
    if (!memo[r][c]) {
        int qr[12], qc[12];
        memo[r][c] = rect_walk(r, c, 0, qr, qc, 0);
    }
    return memo[r][c];
}

/* Every solution of n, by a search that checks each queen against all placed before it; each
 * one tallied under its top columns C (rows 0..h-1) and its middle column m (row h):
 * tally[m << n | C]. */
static void solutions_walk(int n, int row, int *col, uint64_t *tally) {
    if (row == n) {
        uint64_t c = 0;
        for (int r = 0; r < n / 2; r++)
            c |= (uint64_t)1 << col[r];
        tally[(uint64_t)col[n / 2] << n | c]++;
        return;
    }
    for (int x = 0; x < n; x++) {
        int ok = 1;
        for (int r = 0; r < row && ok; r++)
            ok = col[r] != x && abs(col[r] - x) != row - r;
        if (ok) {
            col[row] = x;
            solutions_walk(n, row + 1, col, tally);
        }
    }
}

/* ---- The tests ---------------------------------------------------------------------------- */

static quadrant_lists *lists(int n, int middle) {
    quadrant_lists *q = NULL;
    assert_int_equal(quadrant_lists_new(n, middle, &q), NQ_OK);
    assert_non_null(q);
    return q;
}

/* The next subproblem of n's cut (middle 1: the middle cut), in order: the top columns c (n / 2
 * of the n bits) increasing, and for the middle cut each middle column m (0..n-1, not in c)
 * increasing, else m = -1. Start with *c = 0, *m = n. @return 1, or 0 after the last. */
static int next_subproblem(int n, int middle, uint64_t *c, int *m) {
    for (;;) {
        if (middle)
            while (++*m < n)
                if (!(*c >> *m & 1))
                    return 1;
        do
            if (++*c >> n)
                return 0;
        while (__builtin_popcountll(*c) != n / 2);
        *m = -1;
        if (!middle)
            return 1;
    }
}

static void test_against_brute_force(void **state) {
    (void)state;
    for (int n = 4; n <= 12; n++) {
        uint64_t *tally = calloc((size_t)n << n, sizeof *tally);
        assert_non_null(tally);
        int col[12];
        solutions_walk(n, 0, col, tally);
        for (int middle = 0; middle <= n % 2; middle++) {
            quadrant_lists *q = lists(n, middle);
            for (int k = NQ_KERNEL_GENERIC; k < NQ_KERNELS; k++) {
                if (!nq_kernel_supported((nq_kernel)k))
                    continue;
                quadrant_scratch *sc = quadrant_scratch_new((nq_kernel)k);
                assert_non_null(sc);
                assert_int_equal(quadrant_scratch_kernel(sc), k);
                uint64_t sum = 0, nonzero = 0;
                uint64_t c = 0;
                int m = n;
                while (next_subproblem(n, middle, &c, &m)) {
                    uint64_t want = 0;
                    for (int x = 0; x < n; x++) /* the plain cut: any middle column */
                        if (m < 0 || x == m)
                            want += tally[(uint64_t)x << n | c];
                    uint64_t sols = 9, pairs = 9;
                    assert_int_equal(quadrant_solutions(q, m, c, sc, &sols, &pairs), NQ_OK);
                    assert_true(sols == want);
                    assert_true(sols <= pairs);
                    sum += sols, nonzero += sols > 0;
                }
                assert_true(sum == ref_table(n).total);
                assert_true(nonzero > 0 || n < 5); /* n = 4's two solutions: some C has them */
                quadrant_scratch_free(sc);
            }
            quadrant_lists_free(q);
        }
        free(tally);
    }
}

/* The vector kernels give the generic one's solutions and pairs on every subproblem. */
static void test_kernels_agree(void **state) {
    (void)state;
    quadrant_scratch *gen = quadrant_scratch_new(NQ_KERNEL_GENERIC);
    assert_non_null(gen);
    int compared = 0;
    for (int n = 13; n <= 14; n++) {
        for (int middle = 0; middle <= n % 2; middle++) {
            quadrant_lists *q = lists(n, middle);
            for (int k = NQ_KERNEL_GENERIC + 1; k < NQ_KERNELS; k++) {
                if (!nq_kernel_supported((nq_kernel)k))
                    continue;
                quadrant_scratch *vec = quadrant_scratch_new((nq_kernel)k);
                assert_non_null(vec);
                uint64_t sum = 0;
                uint64_t c = 0;
                int m = n;
                while (next_subproblem(n, middle, &c, &m)) {
                    uint64_t s1, p1, s2, p2;
                    assert_int_equal(quadrant_solutions(q, m, c, gen, &s1, &p1), NQ_OK);
                    assert_int_equal(quadrant_solutions(q, m, c, vec, &s2, &p2), NQ_OK);
                    assert_true(s1 == s2 && p1 == p2);
                    sum += s2;
                }
                assert_true(sum == ref_table(n).total);
                compared++;
                quadrant_scratch_free(vec);
            }
            quadrant_lists_free(q);
        }
    }
    quadrant_scratch_free(gen);
    if (!compared)
        skip(); /* this CPU runs the generic kernel only */
}

/* However many hot bits the pair counter groups the halves by (none, one, up to the most: many
 * groups with a bottom or none, the padding of the blocks), it counts the same solutions and
 * pairs as with its own choice, with every kernel: every subproblem of n = 6..14 (n = 13 and
 * 14: lists of more than one block of bottoms), the sums the table's. */
static void test_every_hot_choice_counts_the_same(void **state) {
    (void)state;
    static const int forced[] = {0, 1, 2, 4, 7, QUADRANT_HOT_MAX};
    for (int n = 6; n <= 14; n++) {
        for (int middle = 0; middle <= n % 2; middle++) {
            quadrant_lists *q = lists(n, middle);
            for (int k = NQ_KERNEL_GENERIC; k < NQ_KERNELS; k++) {
                if (!nq_kernel_supported((nq_kernel)k))
                    continue;
                quadrant_scratch *own = quadrant_scratch_new((nq_kernel)k);
                quadrant_scratch *set = quadrant_scratch_new((nq_kernel)k);
                assert_non_null(own);
                assert_non_null(set);
                for (size_t f = 0; f < sizeof forced / sizeof *forced; f++) {
                    if (n >= 13 && forced[f] != 0 && forced[f] != QUADRANT_HOT_MAX)
                        continue; /* the two ends only: n = 14 has 3,432 subproblems */
                    quadrant_scratch_set_hot(set, forced[f]);
                    uint64_t sum = 0;
                    uint64_t c = 0;
                    int m = n;
                    while (next_subproblem(n, middle, &c, &m)) {
                        uint64_t s1 = 1, p1 = 1, s2 = 2, p2 = 2;
                        assert_int_equal(quadrant_solutions(q, m, c, own, &s1, &p1), NQ_OK);
                        assert_int_equal(quadrant_solutions(q, m, c, set, &s2, &p2), NQ_OK);
                        assert_true(s1 == s2 && p1 == p2);
                        sum += s2;
                    }
                    assert_true(sum == ref_table(n).total);
                }
                quadrant_scratch_free(own);
                quadrant_scratch_free(set);
            }
            quadrant_lists_free(q);
        }
    }
}

/* The memory the table foretells: that of the build, and that of the rectangles' placements. */
static void test_placements_and_memory(void **state) {
    (void)state;
    for (int n = 4; n <= QUADRANT_MAX_N; n++) {
        for (int middle = 0; middle <= n % 2; middle++) {
            int h = n / 2, below = n - (middle ? h + 1 : h);
            int shape[4][2] = {{h, h}, {h, n - h}, {below, h}, {below, n - h}};
            size_t want = sizeof(quadrant_lists);
            for (int i = 0; i < 4; i++)
                want += rect_placements(shape[i][0], shape[i][1]) * sizeof(quadrant_placement) +
                        (((size_t)1 << (shape[i][0] + shape[i][1])) + 1) * sizeof(uint32_t);
            assert_true(quadrant_lists_bytes_needed(n, middle) == want);
            if (n > 16)
                continue;
            quadrant_lists *q = lists(n, middle);
            assert_true(quadrant_lists_bytes(q) == want);
            for (int i = 0; i < 4; i++) {
                const quadrant_part *p = &q->part[i];
                assert_int_equal(p->rows, shape[i][0]);
                assert_int_equal(p->cols, shape[i][1]);
                assert_true(p->count == rect_placements(p->rows, p->cols));
                assert_true(p->start[(size_t)1 << (p->rows + p->cols)] == p->count);
            }
            quadrant_lists_free(q);
        }
    }
}

static void test_bad_arguments(void **state) {
    (void)state;
    quadrant_lists *q = (quadrant_lists *)&q; /* untouched on failure */
    assert_int_equal(quadrant_lists_new(3, 0, &q), NQ_EINVAL);
    assert_int_equal(quadrant_lists_new(QUADRANT_MAX_N + 1, 0, &q), NQ_EINVAL);
    assert_int_equal(quadrant_lists_new(12, 1, &q), NQ_EINVAL); /* the middle cut: odd n only */
    assert_int_equal(quadrant_lists_new(13, 2, &q), NQ_EINVAL);
    assert_int_equal(quadrant_lists_new(12, 0, NULL), NQ_EINVAL);
    assert_true(q == (quadrant_lists *)&q);
    assert_true(quadrant_lists_bytes_needed(3, 0) == 0);
    assert_true(quadrant_lists_bytes_needed(12, 1) == 0);
    assert_true(quadrant_lists_bytes_needed(QUADRANT_MAX_N + 1, 1) == 0);
    assert_null(quadrant_scratch_new((nq_kernel)NQ_KERNELS));
    quadrant_lists_free(NULL);
    quadrant_scratch_free(NULL);
    assert_true(quadrant_scratch_bytes(NULL) == 0);
    /* a size the doubling would wrap (what n = 21 asks of a 32-bit size_t): refused, b emptied */
    quadrant_buf big = {NULL, NULL, 0};
    assert_int_equal(quadrant_buf_fit(&big, 100, 0), 0);
    assert_true(big.p != NULL && big.bytes >= 100);
    assert_int_equal(quadrant_buf_fit(&big, SIZE_MAX - 10, 1), -1);
    assert_true(big.raw == NULL && big.p == NULL && big.bytes == 0);
    assert_int_equal(quadrant_buf_fit(&big, SIZE_MAX / 2, 0), -1);

    /* built in steps, the parts in any order: the same lists; each part once */
    quadrant_lists *steps = NULL, *whole = lists(15, 1);
    assert_int_equal(quadrant_lists_start(15, 1, &steps), NQ_OK);
    assert_int_equal(quadrant_lists_build(steps, 4), NQ_EINVAL);
    assert_int_equal(quadrant_lists_build(steps, -1), NQ_EINVAL);
    assert_int_equal(quadrant_lists_build(NULL, 0), NQ_EINVAL);
    for (int i = 3; i >= 0; i--)
        assert_int_equal(quadrant_lists_build(steps, i), NQ_OK);
    assert_int_equal(quadrant_lists_build(steps, 2), NQ_EINVAL);
    assert_true(quadrant_lists_bytes(steps) == quadrant_lists_bytes(whole));
    for (int i = 0; i < 4; i++) {
        const quadrant_part *a = &steps->part[i], *b = &whole->part[i];
        size_t keys = (size_t)1 << (a->rows + a->cols);
        assert_true(a->count == b->count);
        assert_memory_equal(a->start, b->start, (keys + 1) * sizeof *a->start);
        assert_memory_equal(a->v, b->v, a->count * sizeof *a->v);
    }
    assert_int_equal(quadrant_lists_start(3, 0, &steps), NQ_EINVAL);
    quadrant_lists_free(steps);
    quadrant_lists_free(whole);

    quadrant_lists *plain = lists(9, 0), *middle = lists(9, 1);
    uint64_t sols = 7, pairs = 7;
    const uint64_t c = 0x0F; /* columns 0..3 */
    assert_int_equal(quadrant_solutions(plain, -1, 0x07, NULL, &sols, &pairs), NQ_EINVAL);
    assert_int_equal(quadrant_solutions(plain, -1, c | 1u << 9, NULL, &sols, &pairs), NQ_EINVAL);
    assert_int_equal(quadrant_solutions(plain, 5, c, NULL, &sols, &pairs), NQ_EINVAL);
    assert_int_equal(quadrant_solutions(middle, -1, c, NULL, &sols, &pairs), NQ_EINVAL);
    assert_int_equal(quadrant_solutions(middle, 2, c, NULL, &sols, &pairs), NQ_EINVAL);
    assert_int_equal(quadrant_solutions(middle, 9, c, NULL, &sols, &pairs), NQ_EINVAL);
    assert_int_equal(quadrant_solutions(NULL, -1, c, NULL, &sols, &pairs), NQ_EINVAL);
    assert_int_equal(quadrant_solutions(plain, -1, c, NULL, NULL, &pairs), NQ_EINVAL);
    assert_true(sols == 7 && pairs == 7);
    /* a scratch of its own (NULL), and the scratch's memory grows with use */
    quadrant_scratch *sc = quadrant_scratch_new(NQ_KERNEL_AUTO);
    assert_non_null(sc);
    size_t before = quadrant_scratch_bytes(sc);
    uint64_t s1, p1, s2, p2;
    assert_int_equal(quadrant_solutions(middle, 4, c, NULL, &s1, &p1), NQ_OK);
    assert_int_equal(quadrant_solutions(middle, 4, c, sc, &s2, &p2), NQ_OK);
    assert_true(s1 == s2 && p1 == p2 && p1 > 0);
    assert_true(quadrant_scratch_bytes(sc) > before);
    quadrant_scratch_free(sc);
    quadrant_lists_free(plain);
    quadrant_lists_free(middle);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_against_brute_force),
        cmocka_unit_test(test_kernels_agree),
        cmocka_unit_test(test_every_hot_choice_counts_the_same),
        cmocka_unit_test(test_placements_and_memory),
        cmocka_unit_test(test_bad_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
