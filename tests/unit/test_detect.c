/* test_detect.c: the input formats' names and the detection of a text's format (detect.c). */
#include <string.h>

#include "support.h"

static int detect(const char *s, int n_hint) {
    int fmt = -2, line = 0;
    int rc = nq_input_detect(s, strlen(s), n_hint, &fmt, &line);
    return rc == NQ_OK ? fmt : rc;
}

static void test_detect(void **state) {
    (void)state;
    assert_int_equal(detect("", 0), NQ_FMT_COLS);
    assert_int_equal(detect("  \n\r\n", 0), NQ_FMT_COLS);
    assert_int_equal(detect("1 3 0 2\n", 0), NQ_FMT_COLS);
    assert_int_equal(detect("1, 3, 0, 2\n", 0), NQ_FMT_COLS);
    assert_int_equal(detect("0-1, 1-3, 2-0, 3-2, .\n", 0), NQ_FMT_PAIRS);
    assert_int_equal(detect(".Q..\n", 0), NQ_FMT_BOARD);
    assert_int_equal(detect("_ Q _ _ \n", 0), NQ_FMT_GRID);
    assert_int_equal(detect("[[\".Q..\"]]", 0), NQ_FMT_JSON);
    assert_int_equal(detect("[\n  // Solution 1\n  [\".Q..\",", 0), NQ_FMT_JSON);
    assert_int_equal(detect("[]\n", 0), NQ_FMT_JSON);
    assert_int_equal(detect("{\"n\":4,\"cols\":[1,3,0,2]}\n", 0), NQ_FMT_JSONL);
    assert_int_equal(detect("[2 4 1 3 ]\n[3 1 4 2 ]\n", 0), NQ_FMT_PERM);
    assert_int_equal(detect("[1 ]\n", 0), NQ_FMT_PERM);
    assert_int_equal(detect("[1 ]\n[2 4 1 3 ] [3 1 4 2 ]\n", 0), NQ_INPUT_CASES);
    assert_int_equal(detect("[1 ]\n-1\n", 0), NQ_INPUT_CASES);
    /* `cases` of 1 and 1 (issue 20 item 3: read as a perm list with a duplicate), of 1 and 4
     * (one solution each way round), and an n = 1 case after others. */
    assert_int_equal(detect("[1 ]\n[1 ]\n", 0), NQ_INPUT_CASES);
    assert_int_equal(detect("[1 ]\r\n\r\n[1 ]\r\n", 0), NQ_INPUT_CASES);
    assert_int_equal(detect("[2 4 1 3 ]\n[1 ]\n", 0), NQ_INPUT_CASES);
    assert_int_equal(detect("[1]\n[ 1 ]\n", 0), NQ_INPUT_CASES);
    assert_int_equal(detect("[1 ]\n\n", 0), NQ_FMT_PERM);
    assert_int_equal(detect("[2 4 1 3 ]\n[3 1 4 2 ]\n", 0), NQ_FMT_PERM);
    assert_int_equal(detect("[1 2 ]\n[2 1 ]\n", 0), NQ_FMT_PERM);
    /* `cases` in the other formats it writes: a "-1" line among solutions. */
    assert_int_equal(detect("0\n-1\n", 0), NQ_INPUT_CASES);
    assert_int_equal(detect("-1\n1 3 0 2\n2 0 3 1\n", 0), NQ_INPUT_CASES);
    assert_int_equal(detect("1\n\n-1\n", 0), NQ_INPUT_CASES);
    assert_int_equal(detect("Q \n\n-1\n_ Q _ _ \n_ _ _ Q \nQ _ _ _ \n_ _ Q _ \n", 0),
                     NQ_INPUT_CASES);
    assert_int_equal(detect("{\"n\":1,\"cols\":[0]}\n-1\n", 0), NQ_INPUT_CASES);
    assert_int_equal(detect("0-0, .\n-1\n", 0), NQ_INPUT_CASES);
    assert_int_equal(detect("1 3 0 2\n2 0 3 1\n", 0), NQ_FMT_COLS);
    assert_int_equal(detect("-1\n", 0), NQ_INPUT_CASES);
    assert_int_equal(detect("0 1 0 0\n0 0 0 1\n1 0 0 0\n0 0 1 0\n", 0), NQ_FMT_MATRIX);
    assert_int_equal(detect("0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n", 0), NQ_FMT_COLS);
    assert_int_equal(detect("0 1 0\n0 0 1\n1 0 0\n1 0\n", 0), NQ_FMT_COLS);
    /* A lone number: a count claim when n is known; the cols solution "0" of n = 1. */
    assert_int_equal(detect("48042\n", 8), NQ_INPUT_COUNT);
    assert_int_equal(detect(" 1 \r\n", 1), NQ_INPUT_COUNT);
    assert_int_equal(detect("0\n", 1), NQ_FMT_COLS);
    assert_int_equal(detect("0\n", 0), NQ_FMT_COLS);
    assert_int_equal(detect("48042\n", 0), NQ_EPARSE);
    /* `solve 1 --format matrix` ("1" and a blank line) is the solution of n = 1; a bare "1" is
     * still a count that needs its n. */
    assert_int_equal(detect("1\n\n", 0), NQ_FMT_MATRIX);
    assert_int_equal(detect("1\r\n\r\n", 0), NQ_FMT_MATRIX);
    assert_int_equal(detect("1\n", 0), NQ_EPARSE);
    /* With --n 1 too (it was a count claim, right but not a list: `solve 1 --format matrix |
     * check --all --n 1` was refused); a bare "1" is the count. */
    assert_int_equal(detect("1\n\n", 1), NQ_FMT_MATRIX);
    assert_int_equal(detect("1\n", 1), NQ_INPUT_COUNT);
    /* A UTF-8 byte order mark is skipped. */
    assert_int_equal(detect("\xEF\xBB\xBF.Q..\n", 0), NQ_FMT_BOARD);
    const char *bom = "\xEF\xBB\xBF[[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"]]";
    assert_int_equal(detect(bom, 0), NQ_FMT_JSON);
    assert_int_equal(detect("hello world\n", 0), NQ_EPARSE);
    int fmt, line = 0;
    assert_int_equal(nq_input_detect("\n\n  what?\n", 11, 0, &fmt, &line), NQ_EPARSE);
    assert_int_equal(line, 3);
    nq_reader *r;
    assert_int_equal(nq_reader_new("\n\n  what?\n", 11, NQ_INPUT_AUTO, 0, &r), NQ_OK);
    nq_item it;
    assert_int_equal(nq_reader_next(r, &it), NQ_EPARSE);
    int col;
    const char *msg = nq_reader_error(r, &line, &col);
    assert_int_equal(line, 3);
    assert_int_equal(col, 3);
    assert_non_null(strstr(msg, "--format"));
    nq_reader_free(r);
}

static void test_names(void **state) {
    (void)state;
    int f;
    static const nq_format text_formats[] = {NQ_FMT_COLS, NQ_FMT_PAIRS, NQ_FMT_BOARD,
                                             NQ_FMT_JSON, NQ_FMT_JSONL, NQ_FMT_GRID,
                                             NQ_FMT_PERM, NQ_FMT_MATRIX};
    for (size_t i = 0; i < sizeof text_formats / sizeof text_formats[0]; i++) {
        assert_int_equal(nq_input_parse_name(nq_format_name(text_formats[i]), &f), NQ_OK);
        assert_int_equal(f, (int)text_formats[i]);
        assert_string_equal(nq_input_name(f), nq_format_name(text_formats[i]));
    }
    assert_int_equal(nq_input_parse_name("cases", &f), NQ_OK);
    assert_int_equal(f, NQ_INPUT_CASES);
    assert_int_equal(nq_input_parse_name("count", &f), NQ_OK);
    assert_int_equal(f, NQ_INPUT_COUNT);
    assert_int_equal(nq_input_parse_name("svg", &f), NQ_EINVAL);
    assert_int_equal(nq_input_parse_name(NULL, &f), NQ_EINVAL);
    nq_reader *r;
    assert_int_equal(nq_reader_new("", 0, NQ_FMT_SVG, 0, &r), NQ_EINVAL);
    assert_int_equal(nq_reader_new("", 0, NQ_FMT_COLS, -1, &r), NQ_EINVAL);
    assert_int_equal(nq_reader_new("", 0, NQ_FMT_COLS, 0, NULL), NQ_EINVAL);
    nq_reader_free(NULL);
    /* nq_input_detect() takes what nq_reader_new() takes: an n_hint out of range was detected
     * with (a negative one as no hint) instead of refused; NULL text only with len 0. */
    f = 12345;
    assert_int_equal(nq_input_detect("1 3 0 2\n", 8, -1, &f, NULL), NQ_EINVAL);
    assert_int_equal(nq_input_detect("1 3 0 2\n", 8, NQ_PARSE_MAX_N + 1, &f, NULL), NQ_EINVAL);
    assert_int_equal(f, 12345);
    assert_int_equal(nq_input_detect("1 3 0 2\n", 8, NQ_PARSE_MAX_N, &f, NULL), NQ_OK);
    assert_int_equal(f, NQ_FMT_COLS);
    assert_int_equal(nq_input_detect(NULL, 0, 0, &f, NULL), NQ_OK);
    assert_int_equal(nq_input_detect(NULL, 1, 0, &f, NULL), NQ_EINVAL);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_detect),
        cmocka_unit_test(test_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
