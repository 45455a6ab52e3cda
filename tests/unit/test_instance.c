/*
 * test_instance.c: n-Queens Completion instances (instance.c): the setters and accessors, and the
 * readers (boards, CSPLib problem 79 data, given queens), each read instance compared cell by cell
 * with one built by the setters; every error names its line and column.
 */
#include <stdlib.h>
#include <string.h>

#include "support.h"

static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static unsigned rnd(unsigned bound) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (unsigned)(rng_state % bound);
}

static int parse(const char *text, int n, long maxd, nq_instance **inst, char *err) {
    nq_conflict cf;
    return nq_instance_parse(text, strlen(text), n, maxd, inst, &cf, err, 160);
}

/* The two instances have the same size, given queens and allowed cells. */
static void assert_same_instance(const nq_instance *a, const nq_instance *b) {
    int n = nq_instance_n(a);
    assert_int_equal(nq_instance_n(b), n);
    for (int r = 0; r < n; r++) {
        assert_int_equal(nq_instance_queen(a, r), nq_instance_queen(b, r));
        for (int c = 0; c < n; c++)
            assert_int_equal(nq_instance_allows(a, r, c), nq_instance_allows(b, r, c));
    }
}

/* An instance of size n with the excluded diagonals (i, t) of CSPLib 79 given in pairs. */
static nq_instance *excluded(int n, const int *pairs, int k) {
    nq_instance *inst;
    assert_int_equal(nq_instance_new(n, &inst), NQ_OK);
    for (int i = 0; i < k; i++)
        assert_int_equal(nq_instance_exclude(inst, pairs[2 * i], pairs[2 * i + 1]), NQ_OK);
    return inst;
}

static void test_setters_and_accessors(void **state) {
    (void)state;
    nq_instance *inst;
    assert_int_equal(nq_instance_new(5, &inst), NQ_OK);
    assert_int_equal(nq_instance_n(inst), 5);
    for (int r = 0; r < 5; r++) {
        assert_int_equal(nq_instance_queen(inst, r), -1);
        for (int c = 0; c < 5; c++)
            assert_int_equal(nq_instance_allows(inst, r, c), 1);
    }
    assert_int_equal(nq_instance_place(inst, 2, 3, NULL), NQ_OK);
    assert_int_equal(nq_instance_place(inst, 2, 3, NULL), NQ_OK); /* the same queen again */
    nq_conflict cf;
    assert_int_equal(nq_instance_place(inst, 2, 1, &cf), NQ_ECONFLICT);
    assert_int_equal(cf.kind, NQ_ATTACK_ROW);
    assert_int_equal(cf.col1, 1);
    assert_int_equal(cf.col2, 3);
    assert_int_equal(nq_instance_queen(inst, 2), 3);
    assert_int_equal(nq_instance_block(inst, 4, 0), NQ_OK);
    assert_int_equal(nq_instance_exclude(inst, 0, 1), NQ_OK); /* anti-diagonal r + c = 0 */
    assert_int_equal(nq_instance_exclude(inst, 8, 0), NQ_OK); /* diagonal r - c = 4 */
    int blocked = 0;
    for (int r = 0; r < 5; r++)
        for (int c = 0; c < 5; c++)
            blocked += !nq_instance_allows(inst, r, c);
    assert_int_equal(blocked, 2); /* (4, 0) blocked and on r - c = 4; (0, 0) */
    assert_int_equal(nq_instance_allows(inst, 0, 0), 0);
    assert_int_equal(nq_instance_allows(inst, 4, 0), 0);
    /* Out of range: nothing allowed, no queen; bad arguments refused. */
    assert_int_equal(nq_instance_allows(inst, 5, 0), 0);
    assert_int_equal(nq_instance_queen(inst, -1), -1);
    assert_int_equal(nq_instance_n(NULL), 0);
    assert_int_equal(nq_instance_place(inst, 5, 0, NULL), NQ_EINVAL);
    assert_int_equal(nq_instance_block(inst, 0, -1), NQ_EINVAL);
    assert_int_equal(nq_instance_exclude(inst, 9, 0), NQ_EINVAL);
    assert_int_equal(nq_instance_exclude(inst, 4, 2), NQ_EINVAL);
    nq_instance_free(inst);
    nq_instance_free(NULL);
    assert_int_equal(nq_instance_new(0, &inst), NQ_EINVAL);
    assert_int_equal(nq_instance_new(NQ_INSTANCE_MAX_N + 1, &inst), NQ_EINVAL);
    assert_int_equal(nq_instance_new(4, NULL), NQ_EINVAL);
}

static void test_parse_excluded_diagonals(void **state) {
    (void)state;
    nq_instance *inst;
    char err[160];
    const char *text = "n =  6\nnumdiags =  3\ndiags =  [[0, 1], [10, 1], [5, 0]]\n";
    assert_int_equal(parse(text, 0, -1, &inst, err), NQ_OK);
    static const int three[] = {0, 1, 10, 1, 5, 0};
    nq_instance *want = excluded(6, three, 3);
    assert_same_instance(inst, want);
    nq_instance_free(want);
    nq_u128 count = 0;
    assert_int_equal(nq_complete_count(inst, &count, NULL, NULL), NQ_OK);
    assert_true(count > 0);
    nq_instance_free(inst);
    /* --diagonals 1 keeps only the first pair. */
    assert_int_equal(parse(text, 6, 1, &inst, err), NQ_OK);
    want = excluded(6, three, 1);
    assert_same_instance(inst, want);
    nq_instance_free(want);
    nq_instance_free(inst);
    /* MiniZinc and Essence spellings, comments, semicolons. */
    assert_int_equal(parse("% data\nn = 6;\nnumdiags = 1;\ndiags = [[5,0]];\n", 0, -1, &inst, err),
                     NQ_OK);
    want = excluded(6, three + 4, 1);
    assert_same_instance(inst, want);
    nq_instance_free(want);
    nq_instance_free(inst);
    assert_int_equal(parse("language ESSENCE' 1.0\n$ Nauck\nletting n be 8\n"
                           "letting init be [[3, 3], [4, 1]]\n",
                           0, -1, &inst, err),
                     NQ_OK);
    assert_int_equal(nq_instance_n(inst), 8);
    assert_int_equal(nq_instance_queen(inst, 3), 3);
    assert_int_equal(nq_instance_queen(inst, 4), 1);
    nq_instance_free(inst);
    assert_int_equal(parse("letting n = 8\nletting init = []\n", 0, -1, &inst, err), NQ_OK);
    nq_instance_free(inst);
}

static void test_parse_errors(void **state) {
    (void)state;
    nq_instance *inst;
    char err[160];
    assert_int_equal(parse("n = 6\nnumdiags = 2\ndiags = [[0, 1]]\n", 0, -1, &inst, err),
                     NQ_EPARSE);
    assert_string_equal(err, "line 2, column 12: numdiags = 2 but diags has 1 pairs");
    assert_int_equal(parse("n = 6\ndiags = [[11, 1]]\n", 0, -1, &inst, err), NQ_EPARSE);
    assert_non_null(strstr(err, "line 2, column 10"));
    assert_int_equal(parse("n = 6\ndiags = [[1, 2]]\n", 0, -1, &inst, err), NQ_EPARSE);
    assert_int_equal(parse("n = 6\ndiags = [[1, 1]\n", 0, -1, &inst, err), NQ_EPARSE);
    assert_int_equal(parse("n = 6\nfoo = 3\n", 0, -1, &inst, err), NQ_EPARSE);
    assert_non_null(strstr(err, "unknown name 'foo'"));
    assert_int_equal(parse("n = 0\n", 0, -1, &inst, err), NQ_EPARSE);
    assert_int_equal(parse("n = 99999999999999\n", 0, -1, &inst, err), NQ_EPARSE);
    assert_string_equal(err, "line 1, column 5: the board size n must be from 1 to 1048576");
    /* A number within its range but above 10^9 is read as it is (it was taken for one out of
     * range, with a message that said so falsely); one above the range, however long, is out of
     * it; so is one below. */
    assert_int_equal(parse("n = 6\nnumdiags = 1500000000\ndiags = [[0, 1]]\n", 0, -1, &inst, err),
                     NQ_EPARSE);
    assert_string_equal(err, "line 2, column 12: numdiags = 1500000000 but diags has 1 pairs");
    assert_int_equal(parse("n = 6\ndiags = [[0, 1999999999]]\n", 0, -1, &inst, err), NQ_EPARSE);
    assert_non_null(strstr(err, "diagonal [0, 1999999999]: the index must be"));
    assert_int_equal(
        parse("n = 6\ndiags = [[0, 123456789012345678901234567890]]\n", 0, -1, &inst, err),
        NQ_EPARSE);
    assert_string_equal(err, "line 2, column 14: a number must be from -2000000000 to 2000000000");
    assert_int_equal(parse("n = 6\ndiags = [[-2000000001, 0]]\n", 0, -1, &inst, err), NQ_EPARSE);
    assert_string_equal(err, "line 2, column 11: a number must be from -2000000000 to 2000000000");
    /* The byte order mark is skipped as the solution readers skip it; one in the middle is no
     * cell. */
    assert_int_equal(parse("\xEF\xBB\xBF.Q..\n...Q\nQ...\n....\n", 0, -1, &inst, err), NQ_OK);
    assert_int_equal(nq_instance_queen(inst, 0), 1);
    nq_instance_free(inst);
    assert_int_equal(parse(".Q..\n\xEF\xBB\xBF...Q\nQ...\n....\n", 0, -1, &inst, err), NQ_EPARSE);
    assert_int_equal(parse("n = 6\n", 7, -1, &inst, err), NQ_EMISMATCH);
    assert_int_equal(parse("n = 6\nn = 6\n", 0, -1, &inst, err), NQ_EPARSE);
    assert_int_equal(parse("init = [[0, 0]]\n", 0, -1, &inst, err), NQ_EPARSE);
    assert_int_equal(parse("n = 4\ninit = [[0, 4]]\n", 0, -1, &inst, err), NQ_EPARSE);
    assert_int_equal(parse("n = 4\ndiags = [[0, 1]]\n", 0, 2, &inst, err), NQ_EPARSE);
    /* A prefix of diagonals, even of 0, from a text without 'diags' (it was ignored). */
    assert_int_equal(parse("n = 4\ninit = [[0, 1]]\n", 0, 0, &inst, err), NQ_EPARSE);
    assert_string_equal(err, "line 1, column 1: the instance has no excluded diagonals (no "
                             "'diags' list), so there are no first 0 to use");
    assert_int_equal(parse("Q...\n....\n....\n....\n", 0, 0, &inst, err), NQ_EPARSE);
    assert_non_null(strstr(err, "a board has no excluded diagonals"));
    assert_int_equal(parse("n = 4\nnumdiags = 0\ndiags = []\n", 0, 0, &inst, err), NQ_OK);
    nq_instance_free(inst);
    assert_int_equal(parse("Q.\n..\n..\n", 0, -1, &inst, err), NQ_EPARSE);
    assert_int_equal(parse("Q..\n.z.\n...\n", 0, -1, &inst, err), NQ_EPARSE);
    assert_string_equal(err,
                        "line 2, column 2: expected a cell: Q (queen), . or _ (free), x (blocked); "
                        "found 'z'");
    /* A cell it does not know in the first row is named as such, not taken for a keyword
     * ("expected '=' after 'q', found '.'"); words and '=' still start a keyword instance. */
    assert_int_equal(parse("q..\n...\n...\n", 0, -1, &inst, err), NQ_EPARSE);
    assert_string_equal(err,
                        "line 1, column 1: expected a cell: Q (queen), . or _ (free), x (blocked); "
                        "found 'q'");
    assert_int_equal(parse(". z .\n. . .\n. . .\n", 0, -1, &inst, err), NQ_EPARSE);
    assert_non_null(strstr(err, "line 1, column 3: expected a cell"));
    assert_int_equal(parse("XQ.\n...\n...\n", 0, -1, &inst, err), NQ_OK);
    nq_instance_free(inst);
    assert_int_equal(parse("n be 4\n", 0, -1, &inst, err), NQ_OK);
    nq_instance_free(inst);
    assert_int_equal(parse("queens\n", 0, -1, &inst, err), NQ_EPARSE);
    assert_non_null(strstr(err, "expected '=' after 'queens'"));
    assert_int_equal(parse("Q..\n..\n...\n", 0, -1, &inst, err), NQ_EPARSE);
    assert_int_equal(parse("", 0, -1, &inst, err), NQ_EPARSE);
    assert_int_equal(parse("\n\n", 0, -1, &inst, err), NQ_EPARSE);
    assert_int_equal(parse("....\n....\n....\n....\n", 5, -1, &inst, err), NQ_EMISMATCH);
    nq_conflict cf;
    assert_int_equal(nq_instance_parse_queens("3-3 4-", 8, &inst, &cf, err, 160), NQ_EPARSE);
    assert_string_equal(err, "line 1, column 7: expected a column after '-', found end of input");
    assert_int_equal(nq_instance_parse_queens("3-9", 8, &inst, &cf, err, 160), NQ_EPARSE);
    assert_string_equal(err, "line 1, column 3: the column must be from 0 to 7");
    /* A row or column of n is the slip of counting from 1, and said so. */
    assert_int_equal(nq_instance_parse_queens("3-8", 8, &inst, &cf, err, 160), NQ_EPARSE);
    assert_string_equal(err, "line 1, column 3: the column must be from 0 to 7, got 8 (rows and "
                             "columns count from 0: subtract 1 from 1-based ones)");
    assert_int_equal(nq_instance_parse_queens("3:3", 8, &inst, &cf, err, 160), NQ_EPARSE);
    assert_int_equal(nq_instance_parse_queens("-1-3", 8, &inst, &cf, err, 160), NQ_EPARSE);
    assert_int_equal(nq_instance_parse_queens("1-3, . 2-2", 8, &inst, &cf, err, 160), NQ_EPARSE);
    /* A text with an embedded NUL or random bytes is an error, never a crash. */
    assert_int_equal(nq_instance_parse("Q.\0.", 4, 0, -1, &inst, &cf, err, 160), NQ_EPARSE);
    char junk[64];
    for (int trial = 0; trial < 2000; trial++) {
        size_t len = rnd(sizeof junk);
        for (size_t i = 0; i < len; i++) {
            static const char alphabet[] = "Qx._ \n[],=01nd-iagsletb";
            junk[i] = alphabet[rnd(sizeof alphabet - 1)];
        }
        if (nq_instance_parse(junk, len, 0, -1, &inst, &cf, err, 160) == NQ_OK) {
            nq_instance_free(inst);
        }
    }
}

static void test_parse_board(void **state) {
    (void)state;
    nq_instance *inst;
    char err[160];
    /* Nauck's instance as a board, in the board and grid spellings, with a blocked cell. */
    const char *board = "........\n........\n........\n...Q....\n.Q......\n........\n"
                        "........\n........\n";
    assert_int_equal(parse(board, 8, -1, &inst, err), NQ_OK);
    nq_instance *want;
    assert_int_equal(nq_instance_parse_queens("3-3, 4-1", 8, &want, NULL, NULL, 0), NQ_OK);
    assert_same_instance(inst, want);
    nq_instance_free(want);
    nq_instance_free(inst);
    assert_int_equal(parse("_ _ x _ \n_ _ _ _ \n_ _ _ _ \n_ _ _ _ \n\n", 0, -1, &inst, err), NQ_OK);
    assert_int_equal(nq_instance_new(4, &want), NQ_OK);
    assert_int_equal(nq_instance_block(want, 0, 2), NQ_OK);
    assert_same_instance(inst, want);
    nq_instance_free(want);
    /* With 0-2 blocked, only the solution 1 3 0 2 is left. */
    int cols[4];
    assert_int_equal(nq_complete_first(inst, cols, NULL, NULL), NQ_OK);
    static const int only[4] = {1, 3, 0, 2};
    assert_memory_equal(cols, only, sizeof only);
    nq_instance_free(inst);
    nq_conflict cf;
    assert_int_equal(nq_instance_parse("QQ..\n....\n....\n....\n", 19, 0, -1, &inst, &cf, err, 160),
                     NQ_ECONFLICT);
    assert_int_equal(cf.kind, NQ_ATTACK_ROW);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_setters_and_accessors),
        cmocka_unit_test(test_parse_excluded_diagonals),
        cmocka_unit_test(test_parse_errors),
        cmocka_unit_test(test_parse_board),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
