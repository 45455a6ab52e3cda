/* test_board.c: validation of placements (board.c), against a pairwise reference, and the report
 * of clashes planted in a board of 10^6 rows. */
#include <stdlib.h>
#include <string.h>

#include "support.h"

static void test_validate_solution(void **state) {
    (void)state;
    const int four[] = {1, 3, 0, 2};
    assert_int_equal(nq_validate(4, four, 0, NULL), NQ_OK);
    const int one[] = {0};
    assert_int_equal(nq_validate(1, one, 0, NULL), NQ_OK);
}

static void expect_conflict(int n, const int *cols, int partial, int r1, int c1, int r2, int c2,
                            nq_attack kind) {
    nq_conflict cf;
    memset(&cf, 0x5a, sizeof cf);
    assert_int_equal(nq_validate(n, cols, partial, &cf), NQ_ECONFLICT);
    assert_int_equal(cf.row1, r1);
    assert_int_equal(cf.col1, c1);
    assert_int_equal(cf.row2, r2);
    assert_int_equal(cf.col2, c2);
    assert_int_equal(cf.kind, kind);
}

static void test_validate_conflicts(void **state) {
    (void)state;
    const int same_col[] = {1, 3, 1, 0};
    expect_conflict(4, same_col, 0, 0, 1, 2, 1, NQ_ATTACK_COLUMN);
    const int main_diag[] = {0, 1, 2, 3, 4, 5, 6, 7}; /* the 8x8 main-diagonal "solution" */
    expect_conflict(8, main_diag, 0, 0, 0, 1, 1, NQ_ATTACK_DIAGONAL);
    const int anti[] = {3, 2, 0, 1};
    expect_conflict(4, anti, 0, 0, 3, 1, 2, NQ_ATTACK_ANTIDIAGONAL);
    /* Column before diagonal when a row is attacked both ways, by different queens. */
    const int both[] = {3, 1, 4, 2, 3, 0}; /* row 4: column of row 0, diagonal of row 3 */
    expect_conflict(6, both, 0, 0, 3, 4, 3, NQ_ATTACK_COLUMN);
    /* The earliest attacked row is reported, with the first queen that attacks it. */
    const int later[] = {0, 2, 4, 1, 3, 3};
    expect_conflict(6, later, 0, 4, 3, 5, 3, NQ_ATTACK_COLUMN);
    const int partial[] = {-1, 0, -1, 2};
    expect_conflict(4, partial, 1, 1, 0, 3, 2, NQ_ATTACK_DIAGONAL);
    assert_int_equal(nq_validate(4, same_col, 0, NULL), NQ_ECONFLICT);
}

static void test_validate_arguments(void **state) {
    (void)state;
    const int bad[] = {0, 4, 1, 3};
    const int partial[] = {1, -1, 0, -1};
    assert_int_equal(nq_validate(4, bad, 0, NULL), NQ_EINVAL);
    assert_int_equal(nq_validate(4, partial, 0, NULL), NQ_EINVAL);
    assert_int_equal(nq_validate(4, partial, 1, NULL), NQ_OK);
    assert_int_equal(nq_validate(0, bad, 0, NULL), NQ_EINVAL);
    assert_int_equal(nq_validate(4, NULL, 0, NULL), NQ_EINVAL);
    const int negative[] = {1, -2, 0, 2};
    assert_int_equal(nq_validate(4, negative, 1, NULL), NQ_EINVAL);
}

/* nq_validate agrees with a pairwise check on every placement of n = 5 (5^5 of them). */
static void test_validate_against_reference(void **state) {
    (void)state;
    int cols[5];
    for (int code = 0; code < 3125; code++) {
        for (int r = 0, x = code; r < 5; r++, x /= 5)
            cols[r] = x % 5;
        int ref_r2 = -1;
        for (int b = 1; b < 5 && ref_r2 < 0; b++)
            for (int a = 0; a < b && ref_r2 < 0; a++)
                if (ref_attacks(a, cols[a], b, cols[b]))
                    ref_r2 = b;
        nq_conflict cf;
        int rc = nq_validate(5, cols, 0, &cf);
        if (ref_r2 < 0) {
            assert_int_equal(rc, NQ_OK);
        } else {
            assert_int_equal(rc, NQ_ECONFLICT);
            assert_int_equal(cf.row2, ref_r2);
            assert_true(ref_attacks(cf.row1, cf.col1, cf.row2, cf.col2));
            assert_true(cf.row1 < cf.row2 && cols[cf.row1] == cf.col1);
        }
    }
}

/* nq_validate() finds a planted column clash and a planted diagonal clash in a 10^6 board, and
 * reports exactly the two queens involved. */
static void test_validate_planted_clashes(void **state) {
    (void)state;
    int n = 1000000;
    int *cols = alloc_cols(n);
    nq_conflict cf;

    /* Column: row j takes the column of row i; rows before j are untouched and clash-free. */
    assert_int_equal(nq_construct(n, cols), NQ_OK);
    int i = 333333, j = 666667;
    cols[j] = cols[i];
    assert_int_equal(nq_validate(n, cols, 0, &cf), NQ_ECONFLICT);
    assert_int_equal(cf.kind, NQ_ATTACK_COLUMN);
    assert_int_equal(cf.row1, i);
    assert_int_equal(cf.row2, j);
    assert_int_equal(cf.col1, cols[i]);
    assert_int_equal(cf.col2, cols[i]);

    /* Diagonal: row j = i + 1 moves to column cols[i] + 1 by a swap with the row k that holds
     * it, with i chosen so that k > j: the board stays a permutation, and row j is the first
     * attacked row, attacked only along the diagonal through row i. */
    assert_int_equal(nq_construct(n, cols), NQ_OK);
    int *row_of = alloc_cols(n);
    for (int r = 0; r < n; r++)
        row_of[cols[r]] = r;
    int k = -1;
    for (i = n / 4; i < n - 2; i++) {
        int v = cols[i] + 1;
        if (v < n && row_of[v] > i + 1) {
            k = row_of[v];
            break;
        }
    }
    assert_true(k > i + 1);
    j = i + 1;
    int v = cols[i] + 1;
    cols[k] = cols[j];
    cols[j] = v;
    assert_int_equal(nq_validate(n, cols, 0, &cf), NQ_ECONFLICT);
    assert_int_equal(cf.kind, NQ_ATTACK_DIAGONAL);
    assert_int_equal(cf.row1, i);
    assert_int_equal(cf.col1, v - 1);
    assert_int_equal(cf.row2, j);
    assert_int_equal(cf.col2, v);
    assert_false(ref_is_solution_marks(n, cols));

    /* Repaired, the board validates again. */
    cols[j] = cols[k];
    cols[k] = v;
    assert_int_equal(nq_validate(n, cols, 0, &cf), NQ_OK);
    free(row_of);
    free(cols);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_validate_solution),
        cmocka_unit_test(test_validate_conflicts),
        cmocka_unit_test(test_validate_arguments),
        cmocka_unit_test(test_validate_against_reference),
        cmocka_unit_test(test_validate_planted_clashes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
