/* test_board.c: validation of placements (board.c), against a pairwise reference. */
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

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_validate_solution),
        cmocka_unit_test(test_validate_conflicts),
        cmocka_unit_test(test_validate_arguments),
        cmocka_unit_test(test_validate_against_reference),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
