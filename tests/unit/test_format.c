/* test_format.c: the text formats of DESIGN.md (format.c), byte for byte, whole or in pieces. */
#include <stdlib.h>
#include <string.h>

#include "support.h"

static const int four[] = {1, 3, 0, 2};

static void expect(nq_format fmt, unsigned flags, int n, const int *cols, const char *want) {
    char buf[512];
    size_t len = nq_format_solution(buf, sizeof buf, fmt, n, cols, flags);
    assert_int_equal(len, strlen(want));
    assert_string_equal(buf, want);
    /* Sizing call, as snprintf. */
    assert_int_equal(nq_format_solution(NULL, 0, fmt, n, cols, flags), strlen(want));
}

static void test_each_format(void **state) {
    (void)state;
    expect(NQ_FMT_COLS, 0, 4, four, "1 3 0 2\n");
    expect(NQ_FMT_PAIRS, 0, 4, four, "0-1, 1-3, 2-0, 3-2, .\n");
    expect(NQ_FMT_BOARD, 0, 4, four, ".Q..\n...Q\nQ...\n..Q.\n\n");
    expect(NQ_FMT_JSON, 0, 4, four, "[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"]");
    expect(NQ_FMT_JSONL, 0, 4, four, "{\"n\":4,\"cols\":[1,3,0,2]}\n");
    expect(NQ_FMT_GRID, 0, 4, four, "_ Q _ _ \n_ _ _ Q \nQ _ _ _ \n_ _ Q _ \n\n");
    expect(NQ_FMT_PERM, 0, 4, four, "[2 4 1 3 ]\n");
    expect(NQ_FMT_MATRIX, 0, 4, four, "0 1 0 0\n0 0 0 1\n1 0 0 0\n0 0 1 0\n\n");
    const int one[] = {0};
    expect(NQ_FMT_PAIRS, 0, 1, one, "0-0, .\n");
    expect(NQ_FMT_PERM, NQ_FMT_NO_END, 1, one, "[1 ]");
    expect(NQ_FMT_BOARD, NQ_FMT_NO_END, 1, one, "Q\n");
    const int ten[] = {0, 2, 5, 7, 9, 4, 8, 1, 3, 6};
    expect(NQ_FMT_PERM, 0, 10, ten, "[1 3 6 8 10 5 9 2 4 7 ]\n");
    expect(NQ_FMT_PAIRS, 0, 10, ten, "0-0, 1-2, 2-5, 3-7, 4-9, 5-4, 6-8, 7-1, 8-3, 9-6, .\n");
}

static void test_column_major(void **state) {
    (void)state;
    const int eight[] = {0, 4, 7, 5, 2, 6, 1, 3};
    expect(NQ_FMT_COLS, NQ_FMT_COLUMN_MAJOR, 8, eight, "0 6 4 7 1 3 5 2\n");
    expect(NQ_FMT_MATRIX, NQ_FMT_COLUMN_MAJOR, 4, four, "0 0 1 0\n1 0 0 0\n0 0 0 1\n0 1 0 0\n\n");
    const int dup[] = {0, 0, 1, 2};
    char buf[64];
    assert_int_equal(nq_format_solution(buf, sizeof buf, NQ_FMT_COLS, 4, dup, 0), 8);
    assert_int_equal(nq_format_solution(buf, sizeof buf, NQ_FMT_COLS, 4, dup, NQ_FMT_COLUMN_MAJOR),
                     0);
}

/* Pieces of rows put end to end equal the whole text, for every text format, every way of cutting
 * a solution of 10 rows in two or three, with and without NQ_FMT_NO_END; and for a solution of
 * 100003 rows cut in pieces of 1000. */
static void test_pieces_of_rows(void **state) {
    (void)state;
    const int ten[] = {0, 2, 5, 7, 9, 4, 8, 1, 3, 6};
    char whole[512], piece[512], joined[512];
    for (int fmt = 0; fmt < NQ_FORMATS; fmt++) {
        if (fmt == NQ_FMT_SVG)
            continue;
        for (unsigned flags = 0; flags <= NQ_FMT_NO_END; flags += NQ_FMT_NO_END) {
            size_t len = nq_format_solution(whole, sizeof whole, (nq_format)fmt, 10, ten, flags);
            for (int a = 1; a <= 10; a++) {
                for (int b = a; b <= 10; b++) {
                    const int cuts[4] = {0, a, b, 10};
                    size_t at = 0;
                    for (int k = 0; k < 3; k++) {
                        if (cuts[k] == cuts[k + 1])
                            continue;
                        size_t l = nq_format_rows(piece, sizeof piece, (nq_format)fmt, 10, ten,
                                                  cuts[k], cuts[k + 1], flags);
                        assert_true(l > 0 && at + l < sizeof joined);
                        assert_int_equal(nq_format_rows(NULL, 0, (nq_format)fmt, 10, ten, cuts[k],
                                                        cuts[k + 1], flags),
                                         l);
                        memcpy(joined + at, piece, l);
                        at += l;
                    }
                    joined[at] = '\0';
                    assert_int_equal(at, len);
                    assert_string_equal(joined, whole);
                }
            }
        }
    }
    enum { BIG = 100003 };
    int *cols = malloc(BIG * sizeof *cols);
    assert_non_null(cols);
    for (int r = 0; r < BIG; r++)
        cols[r] = (int)(((long long)r * 2) % BIG); /* 2r mod n: a solution for n = 6m + 5 */
    size_t len = nq_format_solution(NULL, 0, NQ_FMT_JSONL, BIG, cols, 0);
    char *all = malloc(len + 1), *cut = malloc(len + 1);
    assert_non_null(all);
    assert_non_null(cut);
    nq_format_solution(all, len + 1, NQ_FMT_JSONL, BIG, cols, 0);
    size_t at = 0;
    for (int first = 0; first < BIG; first += 1000) {
        int last = first + 1000 < BIG ? first + 1000 : BIG;
        at += nq_format_rows(cut + at, len + 1 - at, NQ_FMT_JSONL, BIG, cols, first, last, 0);
    }
    assert_int_equal(at, len);
    assert_memory_equal(cut, all, len);
    /* Refused: empty or reversed ranges, rows out of range, column-major, svg. */
    assert_int_equal(nq_format_rows(piece, sizeof piece, NQ_FMT_COLS, 10, ten, 3, 3, 0), 0);
    assert_int_equal(nq_format_rows(piece, sizeof piece, NQ_FMT_COLS, 10, ten, 4, 3, 0), 0);
    assert_int_equal(nq_format_rows(piece, sizeof piece, NQ_FMT_COLS, 10, ten, -1, 3, 0), 0);
    assert_int_equal(nq_format_rows(piece, sizeof piece, NQ_FMT_COLS, 10, ten, 0, 11, 0), 0);
    assert_int_equal(
        nq_format_rows(piece, sizeof piece, NQ_FMT_COLS, 10, ten, 0, 10, NQ_FMT_COLUMN_MAJOR), 0);
    assert_int_equal(nq_format_rows(piece, sizeof piece, NQ_FMT_SVG, 10, ten, 0, 10, 0), 0);
    free(cols);
    free(all);
    free(cut);
}

static void test_truncation_and_errors(void **state) {
    (void)state;
    char buf[6];
    memset(buf, 'x', sizeof buf);
    assert_int_equal(nq_format_solution(buf, sizeof buf, NQ_FMT_PAIRS, 4, four, 0), 22);
    assert_string_equal(buf, "0-1, ");
    const int bad[] = {1, 4, 0, 2};
    assert_int_equal(nq_format_solution(buf, sizeof buf, NQ_FMT_COLS, 4, bad, 0), 0);
    assert_int_equal(nq_format_solution(buf, sizeof buf, NQ_FMT_SVG, 4, four, 0), 0);
    assert_int_equal(nq_format_solution(buf, sizeof buf, (nq_format)42, 4, four, 0), 0);
    assert_int_equal(nq_format_solution(buf, sizeof buf, NQ_FMT_COLS, 0, four, 0), 0);
}

static void test_names(void **state) {
    (void)state;
    for (int f = 0; f < NQ_FORMATS; f++) {
        nq_format back;
        assert_int_equal(nq_format_parse(nq_format_name((nq_format)f), &back), NQ_OK);
        assert_int_equal(back, f);
    }
    nq_format fmt;
    assert_int_equal(nq_format_parse("xml", &fmt), NQ_EINVAL);
    assert_int_equal(nq_format_parse("PAIRS", &fmt), NQ_EINVAL);
    assert_string_equal(nq_format_prefix(NQ_FMT_JSON), "[");
    assert_string_equal(nq_format_separator(NQ_FMT_JSON), ",");
    assert_string_equal(nq_format_suffix(NQ_FMT_JSON), "]\n");
    assert_string_equal(nq_format_separator(NQ_FMT_BOARD), "");
    assert_true(nq_format_is_board(NQ_FMT_GRID) && !nq_format_is_board(NQ_FMT_COLS));
}

static void test_misc(void **state) {
    (void)state;
    char buf[41];
    assert_string_equal(nq_u128_to_string(0, buf), "0");
    nq_u128 big = (nq_u128)234907967154122528ull * 1000;
    assert_string_equal(nq_u128_to_string(big, buf), "234907967154122528000");
    assert_string_equal(nq_u128_to_string(~(nq_u128)0, buf),
                        "340282366920938463463374607431768211455");
    assert_string_equal(nq_version(), NQ_VERSION_STRING);
    assert_string_equal(nq_strerror(NQ_ENOSOL), "no solution exists");
    assert_string_equal(nq_strerror(-999), "unknown status");
    assert_string_equal(nq_attack_name(NQ_ATTACK_ANTIDIAGONAL), "anti-diagonal");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_each_format),    cmocka_unit_test(test_column_major),
        cmocka_unit_test(test_pieces_of_rows), cmocka_unit_test(test_truncation_and_errors),
        cmocka_unit_test(test_names),          cmocka_unit_test(test_misc),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
