/*
 * test_split_queens.c: nq_split_queens(), the public view of a subproblem's queens that lets a
 * program recount it by a method of its own (nqueens verify): for every subproblem of n = 1..14
 * the same queens as the split's own (split_queens(), through the private header), never two
 * that attack each other, the border lines each holding one queen, none for n <= 3; and the
 * refusals of bad arguments.
 */
#include <stdlib.h>
#include <string.h>

#include "../../src/split.h"
#include "support.h"

static void test_queens_match_the_split(void **state) {
    (void)state;
    for (int n = 1; n <= 14; n++) {
        nq_split *s;
        assert_int_equal(nq_split_new(n, &s), NQ_OK);
        for (uint64_t i = 0; i < nq_split_size(s); i++) {
            int rows[NQ_MAX_N], cols[NQ_MAX_N], placed = -1;
            assert_int_equal(nq_split_queens(s, i, rows, cols, &placed), NQ_OK);
            if (n <= 3) {
                assert_int_equal(placed, 0);
                continue;
            }
            int r2[NQ_MAX_N], c2[NQ_MAX_N], stab;
            assert_int_equal(placed, split_queens(s, i, r2, c2, &stab));
            assert_memory_equal(rows, r2, (size_t)placed * sizeof *rows);
            assert_memory_equal(cols, c2, (size_t)placed * sizeof *cols);
            /* A partial placement with no attack, one queen in each border line. */
            int board[NQ_MAX_N], lines[4] = {0, 0, 0, 0};
            for (int r = 0; r < n; r++)
                board[r] = -1;
            for (int k = 0; k < placed; k++) {
                assert_int_equal(board[rows[k]], -1);
                board[rows[k]] = cols[k];
                lines[0] += rows[k] == 0;
                lines[1] += rows[k] == n - 1;
                lines[2] += cols[k] == 0;
                lines[3] += cols[k] == n - 1;
            }
            assert_int_equal(nq_validate(n, board, 1, NULL), NQ_OK);
            for (int l = 0; l < 4; l++)
                assert_int_equal(lines[l], 1);
        }
        nq_split_free(s);
    }
}

static void test_refusals(void **state) {
    (void)state;
    nq_split *s;
    assert_int_equal(nq_split_new(8, &s), NQ_OK);
    int rows[NQ_MAX_N], cols[NQ_MAX_N], placed = 7;
    assert_int_equal(nq_split_queens(s, nq_split_size(s), rows, cols, &placed), NQ_EINVAL);
    assert_int_equal(nq_split_queens(NULL, 0, rows, cols, &placed), NQ_EINVAL);
    assert_int_equal(nq_split_queens(s, 0, NULL, cols, &placed), NQ_EINVAL);
    assert_int_equal(nq_split_queens(s, 0, rows, NULL, &placed), NQ_EINVAL);
    assert_int_equal(nq_split_queens(s, 0, rows, cols, NULL), NQ_EINVAL);
    assert_int_equal(placed, 7); /* untouched on failure */
    nq_split_free(s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_queens_match_the_split),
        cmocka_unit_test(test_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
