/* test_check.c: the judge of solution lists (check.c): the known counts against the OEIS table
 * (tests/data/counts.txt) and a brute force, complete and incomplete lists with the first missing
 * solution, every kind of wrong answer, random lists against a reference judge, and the cases of a
 * `cases` output. Items come from the readers (test_reader.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

/* Judges a text; returns the verdicts (up to 64) and fills group 0's report. */
static int judge(const char *s, int n, nq_verdict *v, int max, nq_check_group *g) {
    nq_reader *r;
    nq_checker *c;
    assert_int_equal(nq_reader_new(s, strlen(s), NQ_INPUT_AUTO, n, &r), NQ_OK);
    assert_int_equal(nq_checker_new(n, &c), NQ_OK);
    nq_item it;
    int k = 0, rc;
    nq_verdict scratch;
    while ((rc = nq_reader_next(r, &it)) == NQ_OK) {
        assert_int_equal(nq_checker_add(c, &it, k < max ? &v[k] : &scratch), NQ_OK);
        k++;
    }
    assert_int_equal(rc, NQ_DONE);
    if (g) {
        assert_int_equal(nq_checker_group(c, 0, g), NQ_OK);
        /* first_missing lives in the checker: copy what the tests look at. */
        static int missing[64];
        if (g->first_missing) {
            memcpy(missing, g->first_missing, (size_t)g->n * sizeof(int));
            g->first_missing = missing;
        }
    }
    nq_checker_free(c);
    nq_reader_free(r);
    return k;
}

static void test_known_counts(void **state) {
    (void)state;
    for (int n = 1; n <= 27; n++) {
        ref_counts ref = ref_table(n);
        nq_u128 total, unique;
        assert_int_equal(nq_known_count(n, &total, &unique), NQ_OK);
        assert_true(total == ref.total);
        assert_true(unique == ref.unique);
    }
    /* Against the brute-force reference too, for small n. */
    for (int n = 1; n <= 9; n++) {
        int *sols;
        size_t k = ref_solutions(n, &sols);
        nq_u128 total;
        assert_int_equal(nq_known_count(n, &total, NULL), NQ_OK);
        assert_true(total == k);
        free(sols);
    }
    assert_int_equal(nq_known_count(28, NULL, NULL), NQ_ERANGE);
    assert_int_equal(nq_known_count(0, NULL, NULL), NQ_EINVAL);
}

/* Complete lists from the reference are complete and ordered; one missing is found, for each
 * position it could be missing from. */
static void test_complete_lists(void **state) {
    (void)state;
    for (int n = 1; n <= 8; n++) {
        int *ref;
        size_t count = ref_solutions(n, &ref);
        text_buf t = text_list(NQ_FMT_COLS, n, ref, count);
        nq_check_group g;
        judge(t.s, n, NULL, 0, &g);
        assert_true(g.known && g.complete && g.ordered);
        assert_true(g.valid == count && g.wrong == 0 && g.missing == 0);
        free(t.s);
        for (size_t skip = 0; skip < count && n <= 6; skip++) {
            int *less = malloc((count ? count : 1) * (size_t)n * sizeof(int));
            size_t k = 0;
            for (size_t i = 0; i < count; i++)
                if (i != skip)
                    memcpy(less + (k++) * (size_t)n, ref + i * (size_t)n, (size_t)n * sizeof(int));
            text_buf u = text_list(NQ_FMT_PAIRS, n, less, k);
            judge(u.s, n, NULL, 0, &g);
            assert_false(g.complete);
            assert_true(g.missing == 1 && g.valid == count - 1 && g.ordered);
            assert_non_null(g.first_missing);
            assert_memory_equal(g.first_missing, ref + skip * (size_t)n, (size_t)n * sizeof(int));
            free(u.s);
            free(less);
        }
        free(ref);
    }
    /* n = 2: the empty list is complete. */
    nq_check_group g;
    judge("", 2, NULL, 0, &g);
    assert_true(g.known && g.complete && g.items == 0);
}

/* The wrong answers people really produce. */
static void test_wrong_answers(void **state) {
    (void)state;
    nq_verdict v[8];
    nq_check_group g;
    /* The 8x8 main-diagonal "solution". */
    judge("0 1 2 3 4 5 6 7\n", 0, v, 8, &g);
    assert_int_equal(v[0].kind, NQ_VERDICT_ATTACK);
    assert_int_equal(v[0].conflict.kind, NQ_ATTACK_DIAGONAL);
    assert_int_equal(v[0].conflict.row1, 0);
    assert_int_equal(v[0].conflict.col1, 0);
    assert_int_equal(v[0].conflict.row2, 1);
    assert_int_equal(v[0].conflict.col2, 1);
    /* Two queens in a column (a board). */
    judge(".Q..\n...Q\nQ...\n.Q..\n", 0, v, 8, &g);
    assert_int_equal(v[0].kind, NQ_VERDICT_ATTACK);
    assert_int_equal(v[0].conflict.kind, NQ_ATTACK_COLUMN);
    assert_int_equal(v[0].conflict.row1, 0);
    assert_int_equal(v[0].conflict.row2, 3);
    /* Two queens in a row, one row empty. */
    judge("Q..Q\n....\n.Q..\n..Q.\n", 0, v, 8, &g);
    assert_int_equal(v[0].kind, NQ_VERDICT_ATTACK);
    assert_int_equal(v[0].conflict.kind, NQ_ATTACK_ROW);
    assert_int_equal(v[0].conflict.col1, 0);
    assert_int_equal(v[0].conflict.col2, 3);
    /* An earlier attack comes first: rows 0 and 1 share a diagonal before row 2's two queens. */
    judge("Q...\n.Q..\nQ.Q.\n....\n", 0, v, 8, &g);
    assert_int_equal(v[0].conflict.kind, NQ_ATTACK_DIAGONAL);
    assert_int_equal(v[0].conflict.row2, 1);
    /* A solution twice, and the list out of order. */
    judge("1 3 0 2\n2 0 3 1\n1 3 0 2\n", 0, v, 8, &g);
    assert_int_equal(v[2].kind, NQ_VERDICT_DUPLICATE);
    assert_true(v[2].dup_of == 1 && v[2].dup_line == 1);
    assert_true(g.duplicates == 1 && !g.complete && !g.ordered);
    assert_true(g.order_index == 3 && g.order_line == 3);
    judge("2 0 3 1\n1 3 0 2\n", 0, v, 8, &g);
    assert_true(g.valid == 2 && !g.ordered && g.order_index == 2 && g.complete);
    /* A count of 48042 for n = 8 (a search that forgot the column test), and the right one. */
    judge("48042\n", 8, v, 8, &g);
    assert_int_equal(v[0].kind, NQ_VERDICT_CLAIM_WRONG);
    assert_true(v[0].known_total == 92);
    judge("92\n", 8, v, 8, &g);
    assert_int_equal(v[0].kind, NQ_VERDICT_CLAIM_RIGHT);
    judge("{\"n\":8,\"total\":92,\"unique\":11}\n", 0, v, 8, &g);
    assert_int_equal(v[0].kind, NQ_VERDICT_CLAIM_WRONG);
    judge("{\"n\":30,\"total\":1}\n", 0, v, 8, &g);
    assert_int_equal(v[0].kind, NQ_VERDICT_CLAIM_UNKNOWN);
    assert_true(g.unchecked == 1 && g.wrong == 0);
    /* "-1" is right only for n = 2 and 3. */
    judge("-1\n", 3, v, 8, &g);
    assert_int_equal(v[0].kind, NQ_VERDICT_CLAIM_RIGHT);
    judge("-1\n", 5, v, 8, &g);
    assert_int_equal(v[0].kind, NQ_VERDICT_CLAIM_WRONG);
    judge("-1\n", 0, v, 8, &g);
    assert_int_equal(v[0].kind, NQ_VERDICT_CLAIM_UNKNOWN);
    /* An incomplete placement; a board of another size; a malformed line. */
    judge("1 3 -1 2\n", 0, v, 8, &g);
    assert_int_equal(v[0].kind, NQ_VERDICT_INCOMPLETE);
    assert_int_equal(v[0].row, 2);
    judge("1 3 0 2\n0 2 4 1 3\n1 3 x 2\n", 0, v, 8, &g);
    assert_int_equal(v[1].kind, NQ_VERDICT_SIZE);
    assert_int_equal(v[1].list_n, 4);
    assert_int_equal(v[2].kind, NQ_VERDICT_MALFORMED);
    assert_true(g.wrong == 2 && g.valid == 1);
    /* --n insists on a size. */
    judge("1 3 0 2\n", 5, v, 8, &g);
    assert_int_equal(v[0].kind, NQ_VERDICT_SIZE);
}

/* Every cols placement of n = 5 (3125) and every set of queens on a 4x4 board (65536): the
 * verdict agrees with the brute-force pairwise reference. */
static void test_against_reference(void **state) {
    (void)state;
    nq_checker *c;
    for (int n = 4; n <= 5; n++) {
        assert_int_equal(nq_checker_new(n, &c), NQ_OK);
        int total = 1;
        for (int i = 0; i < n; i++)
            total *= n;
        for (int code = 0; code < total; code++) {
            int rows[5], cols[5], x = code;
            for (int i = n - 1; i >= 0; i--) { /* codes in lexicographic order */
                rows[i] = i;
                cols[i] = x % n;
                x /= n;
            }
            nq_item it = {.kind = NQ_ITEM_PLACEMENT,
                          .n = n,
                          .queens = (size_t)n,
                          .rows = rows,
                          .cols = cols,
                          .line = code + 1};
            nq_verdict v;
            assert_int_equal(nq_checker_add(c, &it, &v), NQ_OK);
            int attacked = 0;
            for (int i = 0; i < n; i++)
                for (int j = i + 1; j < n; j++)
                    attacked |= ref_attacks(i, cols[i], j, cols[j]);
            assert_int_equal(v.kind, attacked ? NQ_VERDICT_ATTACK : NQ_VERDICT_VALID);
            if (attacked)
                assert_true(ref_attacks(v.conflict.row1, v.conflict.col1, v.conflict.row2,
                                        v.conflict.col2));
        }
        nq_check_group g;
        assert_int_equal(nq_checker_group(c, 0, &g), NQ_OK);
        assert_true(g.complete == 0 && g.valid == (n == 4 ? 2 : 10) && g.ordered);
        nq_checker_free(c);
    }
    assert_int_equal(nq_checker_new(0, &c), NQ_OK);
    for (int mask = 0; mask < 1 << 16; mask++) {
        int rows[16], cols[16];
        size_t k = 0;
        for (int cell = 0; cell < 16; cell++)
            if (mask >> cell & 1) {
                rows[k] = cell / 4;
                cols[k] = cell % 4;
                k++;
            }
        nq_item it = {.kind = NQ_ITEM_PLACEMENT, .n = 4, .queens = k, .rows = rows, .cols = cols};
        nq_verdict v;
        assert_int_equal(nq_checker_add(c, &it, &v), NQ_OK);
        int attacked = 0;
        for (size_t i = 0; i < k; i++)
            for (size_t j = i + 1; j < k; j++)
                attacked |= rows[i] == rows[j] || ref_attacks(rows[i], cols[i], rows[j], cols[j]);
        if (attacked) {
            assert_int_equal(v.kind, NQ_VERDICT_ATTACK);
            const nq_conflict *q = &v.conflict;
            assert_true(mask >> (q->row1 * 4 + q->col1) & 1);
            assert_true(mask >> (q->row2 * 4 + q->col2) & 1);
            assert_true(q->row1 != q->row2 || q->col1 != q->col2);
            assert_true(q->row1 == q->row2 ? q->kind == NQ_ATTACK_ROW
                                           : ref_attacks(q->row1, q->col1, q->row2, q->col2));
        } else if (k < 4) {
            assert_int_equal(v.kind, NQ_VERDICT_INCOMPLETE);
        } else {
            assert_true(v.kind == NQ_VERDICT_VALID || v.kind == NQ_VERDICT_DUPLICATE);
        }
    }
    nq_checker_free(c);
}

static void test_cases_groups(void **state) {
    (void)state;
    const char *s = "[1 ]\n-1\n[2 4 1 3 ]\n[3 1 4 2 ] [2 4 1 3 ]\n";
    nq_reader *r;
    nq_checker *c;
    assert_int_equal(nq_reader_new(s, strlen(s), NQ_INPUT_AUTO, 0, &r), NQ_OK);
    assert_int_equal(nq_checker_new(0, &c), NQ_OK);
    nq_item it;
    while (nq_reader_next(r, &it) == NQ_OK)
        assert_int_equal(nq_checker_add(c, &it, NULL), NQ_OK);
    assert_int_equal(nq_checker_groups(c), 4);
    nq_check_group g;
    assert_int_equal(nq_checker_group(c, 0, &g), NQ_OK);
    assert_true(g.n == 1 && g.complete && g.ordered);
    assert_int_equal(nq_checker_group(c, 1, &g), NQ_OK);
    assert_true(g.claims_none && g.unchecked == 1);
    assert_int_equal(nq_checker_group(c, 2, &g), NQ_OK);
    assert_true(g.n == 4 && !g.complete && g.missing == 1 && g.first_missing[0] == 2);
    assert_int_equal(nq_checker_group(c, 3, &g), NQ_OK);
    assert_true(g.n == 4 && g.valid == 2 && !g.ordered && g.complete);
    assert_int_equal(nq_checker_group(c, 4, &g), NQ_EINVAL);
    nq_checker_free(c);
    nq_reader_free(r);
    nq_checker_free(NULL);
    assert_int_equal(nq_checker_new(-1, &c), NQ_EINVAL);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_known_counts),  cmocka_unit_test(test_complete_lists),
        cmocka_unit_test(test_wrong_answers), cmocka_unit_test(test_against_reference),
        cmocka_unit_test(test_cases_groups),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
