/* test_board.c: validation, the D4 symmetries and the canonical form (board.c). */
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

static void test_transform(void **state) {
    (void)state;
    /* The first 8-queens solution and its images, worked out by hand from the cell maps. */
    const int s[] = {0, 4, 7, 5, 2, 6, 1, 3};
    int out[8], back[8];
    assert_int_equal(nq_transform(8, s, NQ_SYM_IDENTITY, out), NQ_OK);
    assert_memory_equal(out, s, sizeof s);
    assert_int_equal(nq_transform(8, s, NQ_SYM_MIRROR, out), NQ_OK);
    const int mirror[] = {7, 3, 0, 2, 5, 1, 6, 4};
    assert_memory_equal(out, mirror, sizeof s);
    assert_int_equal(nq_transform(8, s, NQ_SYM_FLIP, out), NQ_OK);
    const int flip[] = {3, 1, 6, 2, 5, 7, 4, 0};
    assert_memory_equal(out, flip, sizeof s);
    assert_int_equal(nq_transform(8, s, NQ_SYM_TRANSPOSE, out), NQ_OK);
    const int transpose[] = {0, 6, 4, 7, 1, 3, 5, 2};
    assert_memory_equal(out, transpose, sizeof s);
    /* Four quarter turns are the identity; ROT270 undoes ROT90; ROT180 = ROT90 twice. */
    int a[8], b[8];
    memcpy(a, s, sizeof s);
    for (int i = 0; i < 4; i++) {
        assert_int_equal(nq_transform(8, a, NQ_SYM_ROT90, b), NQ_OK);
        assert_int_equal(nq_validate(8, b, 0, NULL), NQ_OK);
        memcpy(a, b, sizeof a);
    }
    assert_memory_equal(a, s, sizeof s);
    nq_transform(8, s, NQ_SYM_ROT90, out);
    nq_transform(8, out, NQ_SYM_ROT270, back);
    assert_memory_equal(back, s, sizeof s);
    nq_transform(8, out, NQ_SYM_ROT90, back);
    nq_transform(8, s, NQ_SYM_ROT180, out);
    assert_memory_equal(back, out, sizeof s);
    /* The anti-transpose is the transpose of the half turn. */
    nq_transform(8, s, NQ_SYM_ANTITRANSPOSE, out);
    nq_transform(8, s, NQ_SYM_ROT180, a);
    nq_transform(8, a, NQ_SYM_TRANSPOSE, b);
    assert_memory_equal(out, b, sizeof s);
    /* Not a permutation, bad symmetry. */
    const int dup[] = {0, 0, 1, 2};
    assert_int_equal(nq_transform(4, dup, NQ_SYM_ROT90, out), NQ_EINVAL);
    assert_int_equal(nq_transform(4, s, (nq_symmetry)8, out), NQ_EINVAL);
}

/* 1 if no image of cols is lexicographically smaller (checked with nq_transform). */
static int board_least_check(int n, const int *cols) {
    int img[12];
    for (int sym = 0; sym < NQ_SYMMETRIES; sym++) {
        nq_transform(n, cols, (nq_symmetry)sym, img);
        for (int r = 0; r < n; r++) {
            if (img[r] != cols[r]) {
                if (img[r] < cols[r])
                    return 0;
                break;
            }
        }
    }
    return 1;
}

/* Grouping every solution of n <= 10 by its canonical form reproduces A002562 and the orbits. */
static void test_canonical_classes(void **state) {
    (void)state;
    for (int n = 1; n <= 10; n++) {
        int *sols;
        size_t count = ref_solutions(n, &sols);
        ref_counts want = ref_table(n);
        assert_true(count == want.total);
        size_t classes = 0, orbits[9] = {0};
        int canon[12], canon2[12];
        for (size_t i = 0; i < count; i++) {
            const int *s = sols + i * (size_t)n;
            int orbit;
            assert_int_equal(nq_canonical(n, s, canon, &orbit), NQ_OK);
            assert_true(board_least_check(n, canon));
            if (memcmp(canon, s, (size_t)n * sizeof *s) == 0) {
                classes++;
                orbits[orbit]++;
            }
            /* Every image has the same representative. */
            for (int sym = 0; sym < NQ_SYMMETRIES; sym++) {
                int img[12];
                nq_transform(n, s, (nq_symmetry)sym, img);
                assert_int_equal(nq_canonical(n, img, canon2, NULL), NQ_OK);
                assert_memory_equal(canon, canon2, (size_t)n * sizeof *canon);
            }
        }
        assert_true(classes == want.unique);
        assert_true(orbits[8] == want.orbit8 && orbits[4] == want.orbit4 &&
                    orbits[2] == want.orbit2 && orbits[1] == want.orbit1);
        free(sols);
    }
    /* In place. */
    int s[] = {2, 0, 3, 1};
    assert_int_equal(nq_canonical(4, s, s, NULL), NQ_OK);
    const int least[] = {1, 3, 0, 2};
    assert_memory_equal(s, least, sizeof s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_validate_solution),
        cmocka_unit_test(test_validate_conflicts),
        cmocka_unit_test(test_validate_arguments),
        cmocka_unit_test(test_validate_against_reference),
        cmocka_unit_test(test_transform),
        cmocka_unit_test(test_canonical_classes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
