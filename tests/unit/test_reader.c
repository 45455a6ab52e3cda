/* test_reader.c: the readers of solution lists (reader.c, read_lines.c, read_boards.c,
 * read_json.c): round trips through every writer of format.c, detected or forced, malformed input
 * with its position, recovery after it, long JSON listings, and every kind of item. Detection
 * alone is tested in test_detect.c, the judging of the items in test_check.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

static const nq_format text_formats[] = {NQ_FMT_COLS,  NQ_FMT_PAIRS, NQ_FMT_BOARD, NQ_FMT_JSON,
                                         NQ_FMT_JSONL, NQ_FMT_GRID,  NQ_FMT_PERM,  NQ_FMT_MATRIX};
#define NFORMATS (sizeof text_formats / sizeof text_formats[0])

/* ---- Helpers ---------------------------------------------------------------------------- */

/* Every "\n" becomes "  \t\r\n" (trailing blanks and DOS line ends). */
static text_buf dosify(const text_buf *in) {
    text_buf t = {NULL, 0, 0};
    text_puts(&t, "");
    for (size_t i = 0; i < in->len; i++) {
        if (in->s[i] == '\n')
            text_puts(&t, "  \t\r\n");
        else
            text_put(&t, in->s + i, 1);
    }
    return t;
}

/* Reads every item; placements must have one queen per row; stores their cols. Returns the
 * number of placements; fails on anything else. */
static size_t read_placements(const char *s, size_t len, int format, int n_hint, int n, int **out) {
    nq_reader *r;
    assert_int_equal(nq_reader_new(s, len, format, n_hint, &r), NQ_OK);
    size_t count = 0, cap = 16;
    int *sols = malloc(cap * (size_t)n * sizeof(int));
    assert_non_null(sols);
    nq_item it;
    int rc;
    while ((rc = nq_reader_next(r, &it)) == NQ_OK) {
        if (it.kind != NQ_ITEM_PLACEMENT)
            fail_msg("item %zu: kind %d (%s) at %d:%d", count, it.kind, it.error ? it.error : "",
                     it.line, it.column);
        assert_int_equal(it.n, n);
        assert_int_equal(it.queens, (size_t)n);
        if (count == cap) {
            cap *= 2;
            sols = realloc(sols, cap * (size_t)n * sizeof(int));
            assert_non_null(sols);
        }
        int *c = sols + count * (size_t)n;
        for (int i = 0; i < n; i++)
            c[i] = -1;
        for (size_t q = 0; q < it.queens; q++) {
            assert_true(c[it.rows[q]] == -1);
            c[it.rows[q]] = it.cols[q];
        }
        count++;
    }
    if (rc != NQ_DONE) {
        int line, col;
        const char *msg = nq_reader_error(r, &line, &col);
        fail_msg("reader: %d (%s at %d:%d)", rc, msg, line, col);
    }
    nq_reader_free(r);
    *out = sols;
    return count;
}

/* The only item of a text. */
static nq_item one_item(nq_reader **r, const char *s, int format, int n_hint) {
    assert_int_equal(nq_reader_new(s, strlen(s), format, n_hint, r), NQ_OK);
    nq_item it;
    assert_int_equal(nq_reader_next(*r, &it), NQ_OK);
    return it;
}

static int detect(const char *s, int n_hint) {
    int fmt = -2, line = 0;
    int rc = nq_input_detect(s, strlen(s), n_hint, &fmt, &line);
    return rc == NQ_OK ? fmt : rc;
}

/* ---- Reading ---------------------------------------------------------------------------- */

/* Every writer's output for n = 1..8 reads back as the same solutions, detected or forced, with
 * "\r\n" and trailing blanks, and without the final newline or blank line. */
static void test_round_trip(void **state) {
    (void)state;
    for (int n = 1; n <= 8; n++) {
        int *ref;
        size_t count = ref_solutions(n, &ref);
        for (size_t f = 0; f < NFORMATS; f++) {
            nq_format fmt = text_formats[f];
            text_buf t = text_list(fmt, n, ref, count);
            text_buf d = dosify(&t);
            text_buf cut = text_list(fmt, n, ref, count);
            while (cut.len > 0 && (cut.s[cut.len - 1] == '\n'))
                cut.s[--cut.len] = '\0';
            const text_buf *variants[] = {&t, &d, &cut};
            for (int v = 0; v < 3; v++) {
                for (int forced = 0; forced < 2; forced++) {
                    /* n = 1 boards ("Q", "1") are also other formats: force those. */
                    int format = forced || n == 1 ? (int)fmt : NQ_INPUT_AUTO;
                    int *got;
                    size_t k =
                        read_placements(variants[v]->s, variants[v]->len, format, 0, n, &got);
                    if (k != count)
                        fail_msg("%s n=%d variant %d forced %d: %zu of %zu", nq_format_name(fmt), n,
                                 v, forced, k, count);
                    assert_memory_equal(got, ref, count * (size_t)n * sizeof(int));
                    free(got);
                }
            }
            if (count > 0 && n > 1) {
                int got = detect(t.s, 0);
                if (got != (int)fmt)
                    fail_msg("%s n=%d detected as %s", nq_format_name(fmt), n, nq_input_name(got));
            }
            free(t.s);
            free(d.s);
            free(cut.s);
        }
        free(ref);
    }
}

/* Board formats: boards with no blank line between them, several blank lines, final board
 * without its blank line. */
static void test_board_separators(void **state) {
    (void)state;
    const char *s =
        "\n\n.Q..\n...Q\nQ...\n..Q.\n..Q.\nQ...\n...Q\n.Q..\n\n\n\n.Q..\n...Q\nQ...\n..Q.";
    int *got;
    assert_int_equal(read_placements(s, strlen(s), NQ_INPUT_AUTO, 0, 4, &got), 3);
    const int want[] = {1, 3, 0, 2, 2, 0, 3, 1, 1, 3, 0, 2};
    assert_memory_equal(got, want, sizeof want);
    free(got);
    const char *m = "0 1 0 0\n0 0 0 1\n1 0 0 0\n0 0 1 0\n0 0 1 0\n1 0 0 0\n0 0 0 1\n0 1 0 0\n";
    assert_int_equal(detect(m, 0), NQ_FMT_MATRIX);
    assert_int_equal(read_placements(m, strlen(m), NQ_INPUT_AUTO, 0, 4, &got), 2);
    assert_memory_equal(got, want, 8 * sizeof(int));
    free(got);
}

/* A malformed item, its position, and the reader going on with the next line. */
static void expect_malformed(const char *s, int format, int line, int column, const char *words) {
    nq_reader *r;
    assert_int_equal(nq_reader_new(s, strlen(s), format, 0, &r), NQ_OK);
    nq_item it;
    int rc;
    int seen = 0;
    while ((rc = nq_reader_next(r, &it)) == NQ_OK) {
        if (it.kind == NQ_ITEM_MALFORMED) {
            if (it.line != line || it.column != column || !strstr(it.error, words))
                fail_msg("'%s': got %d:%d '%s', want %d:%d '%s'", s, it.line, it.column, it.error,
                         line, column, words);
            seen = 1;
            break;
        }
    }
    assert_true(seen);
    nq_reader_free(r);
}

static void test_malformed(void **state) {
    (void)state;
    expect_malformed("1 3 0 2\n1 3 x 2\n", NQ_INPUT_AUTO, 2, 5, "got 'x'");
    expect_malformed("1 3 0 4\n", NQ_INPUT_AUTO, 1, 7, "off the board");
    expect_malformed("1 3 -2 0\n", NQ_FMT_COLS, 1, 5, "off the board");
    expect_malformed("[2 4 1 3 ]\n[2 4 1 3\n", NQ_INPUT_AUTO, 2, 9, "missing ']'");
    expect_malformed("[2 4 1 5 ]\n", NQ_INPUT_AUTO, 1, 8, "off the board");
    expect_malformed("[2 4 1 3 ] x\n", NQ_FMT_PERM, 1, 12, "after the permutation");
    expect_malformed("0-1, 1-3, 2-0, 3-2, .\n0-1, 1+3, 2-0, 3-2, .\n", NQ_INPUT_AUTO, 2, 6,
                     "ROW-COL");
    expect_malformed("0-1, 1-3, 2-0, 3-2, . x\n", NQ_FMT_PAIRS, 1, 23, "after the final");
    expect_malformed("0-1, 1-3, 2-0, 3-7, .\n", NQ_FMT_PAIRS, 1, 16, "off the 4x4 board");
    expect_malformed(".Q..\n...Q\nQ.x.\n..Q.\n", NQ_INPUT_AUTO, 3, 3, "unexpected 'x'");
    expect_malformed(".Q..\n...Q\nQ..\n..Q.\n", NQ_INPUT_AUTO, 3, 1, "a row of 3 cells");
    expect_malformed(".Q..\n...Q\nQ...\n\n", NQ_INPUT_AUTO, 1, 1, "3 rows of 4 cells");
    expect_malformed("_ Q _ _\n_ _ _ Q\nQ _ _ _\n_ _ QQ\n", NQ_INPUT_AUTO, 4, 5, "one character");
    expect_malformed("0 1 0 0\n0 0 0 1\n1 0 2 0\n0 0 1 0\n", NQ_FMT_MATRIX, 3, 5, "'2'");
    expect_malformed("{\"n\":4,\"cols\":[1,3,0]}\n", NQ_INPUT_AUTO, 1, 15, "has 3 entries");
    expect_malformed("{\"n\":4,\"cols\":[1,3,0,4]}\n", NQ_INPUT_AUTO, 1, 15, "off the");
    expect_malformed("{\"n\":4,\"cols\":[1,3,0,2] x\n", NQ_INPUT_AUTO, 1, 25, "invalid char");
    expect_malformed("{\"n\":4,\"cols\":[1,3,0,2] 5}\n", NQ_INPUT_AUTO, 1, 25, "expect ','");
    expect_malformed("{\"n\":4,\"cols\":[1,3,0,2],\"total\":-2}\n", NQ_INPUT_AUTO, 1, 33,
                     "whole number");
    expect_malformed("{\"n\":0,\"cols\":[1,3,0,2]}\n", NQ_INPUT_AUTO, 1, 6, "board size");
    expect_malformed("{\"n\":4,\"cols\":[1,[3],0,2]}\n", NQ_INPUT_AUTO, 1, 18, "column number");
    expect_malformed("[4]\n", NQ_FMT_JSONL, 1, 1, "expected '{'");
    expect_malformed("{\"n\":4,\"cols\":[1,3,0,2}\n", NQ_FMT_JSONL, 1, 23, "expect ',' or ']'");
    expect_malformed("{\"n\" 4}\n", NQ_FMT_JSONL, 1, 6, "colon");
    expect_malformed("{\"n\":4 \"x\"}\n", NQ_FMT_JSONL, 1, 8, "expect ','");
    expect_malformed("{\"n\":4,\"cols\":[1,3,0,2]} x\n", NQ_INPUT_AUTO, 1, 26, "after the object");
    expect_malformed("{\"n\":4}\n", NQ_INPUT_AUTO, 1, 1, "\"cols\"");
    expect_malformed("[[\".Q..\",\"...Q\",\"Qx..\",\"..Q.\"]]", NQ_INPUT_AUTO, 1, 19,
                     "unexpected 'x'");
    expect_malformed("[[\".Q..\",\"...Q\",\"Q...\"]]", NQ_INPUT_AUTO, 1, 2, "3 rows");
    expect_malformed("[1 ]\nx\n", NQ_INPUT_CASES, 2, 1, "expected '['");
    expect_malformed("8 x\n", NQ_INPUT_COUNT, 1, 3, "N COUNT");
    expect_malformed("99999999999999999999999999999999999999999999\n", NQ_INPUT_COUNT, 1, 1,
                     "too large");
    expect_malformed("999999999999999999999 0\n", NQ_FMT_COLS, 1, 1, "off the board");
}

/* After a malformed line or board, reading goes on. */
static void test_recovery(void **state) {
    (void)state;
    const char *s = "1 3 0 2\n1 3 ? 2\n2 0 3 1\n";
    nq_reader *r;
    assert_int_equal(nq_reader_new(s, strlen(s), NQ_INPUT_AUTO, 0, &r), NQ_OK);
    nq_item it;
    assert_int_equal(nq_reader_next(r, &it), NQ_OK);
    assert_int_equal(it.kind, NQ_ITEM_PLACEMENT);
    assert_int_equal(nq_reader_next(r, &it), NQ_OK);
    assert_int_equal(it.kind, NQ_ITEM_MALFORMED);
    assert_int_equal(nq_reader_next(r, &it), NQ_OK);
    assert_int_equal(it.kind, NQ_ITEM_PLACEMENT);
    assert_int_equal(it.line, 3);
    assert_int_equal(it.cols[0], 2);
    assert_int_equal(nq_reader_next(r, &it), NQ_DONE);
    assert_int_equal(nq_reader_next(r, &it), NQ_DONE);
    nq_reader_free(r);
    /* A bad board is skipped up to the next blank line. */
    const char *b = ".Q..\n.?.Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n";
    assert_int_equal(nq_reader_new(b, strlen(b), NQ_INPUT_AUTO, 0, &r), NQ_OK);
    assert_int_equal(nq_reader_next(r, &it), NQ_OK);
    assert_int_equal(it.kind, NQ_ITEM_MALFORMED);
    assert_int_equal(nq_reader_next(r, &it), NQ_OK);
    assert_int_equal(it.kind, NQ_ITEM_PLACEMENT);
    assert_int_equal(it.line, 6);
    assert_int_equal(nq_reader_next(r, &it), NQ_DONE);
    nq_reader_free(r);
    /* json: a bad cell is an item; a broken structure is the end. */
    const char *j = "[[\"Q.\",\"x.\"],\n [\".Q\",\"Q.\"],\n [\"Q.\" \".Q\"]]";
    assert_int_equal(nq_reader_new(j, strlen(j), NQ_INPUT_AUTO, 0, &r), NQ_OK);
    assert_int_equal(nq_reader_next(r, &it), NQ_OK);
    assert_int_equal(it.kind, NQ_ITEM_MALFORMED);
    assert_int_equal(nq_reader_next(r, &it), NQ_OK);
    assert_int_equal(it.kind, NQ_ITEM_PLACEMENT);
    assert_int_equal(it.line, 2);
    assert_int_equal(nq_reader_next(r, &it), NQ_EPARSE);
    int line, col;
    assert_non_null(strstr(nq_reader_error(r, &line, &col), "expect ',' or ']'"));
    assert_int_equal(line, 3);
    assert_int_equal(col, 8); /* the second row, where a ',' was due */
    assert_int_equal(nq_reader_next(r, &it), NQ_EPARSE);
    nq_reader_free(r);
}

/* Long json and jsonl listings (all 724 solutions of n = 10, and n = 1000 boards whose rows
 * alone are longer than the parser's chunk) read back exactly: items cut by the boundaries of the
 * chunks given to yajl keep all their queens. */
/* jsonl: a malformed object is an item and reading goes on at the next line, with a fresh
 * parser; an object left open at the end of the text_buf ends the reading (found by the fuzzer: it
 * once restarted the parser at the end of the text_buf for ever). */
static void test_jsonl_recovery(void **state) {
    (void)state;
    const char *s = "{\"n\":4,\"cols\":[1,3,0,2]}\n{\"n\":4,\"cols\":[1,3,0 x]}\n"
                    "{\"n\":4,\"cols\":[2,0,3,1]} {\"n\":4}\n{\"n\":4,\"cols\":[2,0,3,1]}\n"
                    "{\"n\":5,\"cols\":[\n";
    nq_reader *r;
    assert_int_equal(nq_reader_new(s, strlen(s), NQ_INPUT_AUTO, 0, &r), NQ_OK);
    static const struct {
        nq_item_kind kind;
        int line, column;
    } want[] = {{NQ_ITEM_PLACEMENT, 1, 1},
                {NQ_ITEM_MALFORMED, 2, 22},
                {NQ_ITEM_MALFORMED, 3, 26},
                {NQ_ITEM_PLACEMENT, 4, 1},
                {NQ_ITEM_MALFORMED, 6, 1}};
    nq_item it;
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        assert_int_equal(nq_reader_next(r, &it), NQ_OK);
        if (it.kind != want[i].kind || it.line != want[i].line || it.column != want[i].column)
            fail_msg("item %zu: kind %d at %d:%d (%s)", i, it.kind, it.line, it.column,
                     it.error ? it.error : "");
    }
    assert_int_equal(nq_reader_next(r, &it), NQ_DONE);
    nq_reader_free(r);
}

static void test_json_long(void **state) {
    (void)state;
    int *ref = malloc(724 * 10 * sizeof *ref);
    assert_non_null(ref);
    nq_search *s;
    assert_int_equal(nq_search_new(10, NULL, 0, 0, &s), NQ_OK);
    size_t count = 0;
    while (nq_search_next(s, ref + count * 10) == NQ_OK)
        count++;
    nq_search_free(s);
    assert_int_equal(count, 724);
    const nq_format json[] = {NQ_FMT_JSON, NQ_FMT_JSONL};
    for (int f = 0; f < 2; f++) {
        text_buf t = text_list(json[f], 10, ref, count);
        int *got;
        assert_int_equal(read_placements(t.s, t.len, NQ_INPUT_AUTO, 0, 10, &got), count);
        assert_memory_equal(got, ref, count * 10 * sizeof *got);
        free(got);
        free(t.s);
    }
    free(ref);
    int *big = malloc(2 * 1000 * sizeof *big);
    assert_non_null(big);
    for (int r = 0; r < 1000; r++) {
        big[r] = r < 500 ? 2 * r + 1 : 2 * (r - 500); /* n = 1000: n mod 6 = 4 */
        big[1000 + r] = 999 - big[r];
    }
    assert_int_equal(nq_validate(1000, big, 0, NULL), NQ_OK);
    for (int f = 0; f < 2; f++) {
        text_buf t = text_list(json[f], 1000, big, 2);
        int *got;
        assert_int_equal(read_placements(t.s, t.len, (int)json[f], 0, 1000, &got), 2);
        assert_memory_equal(got, big, 2 * 1000 * sizeof *got);
        free(got);
        free(t.s);
    }
    free(big);
}

static void test_json_shapes(void **state) {
    (void)state;
    /* A UTF-8 byte order mark before the list is skipped. */
    const char *bom = "\xEF\xBB\xBF[[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"]]";
    int *sols;
    assert_int_equal(read_placements(bom, strlen(bom), NQ_INPUT_AUTO, 0, 4, &sols), 1);
    free(sols);
    /* The LeetCode listing, with comments and line breaks; a single board; an empty list. */
    const char *lc =
        "[\n  // Solution 1\n  [\".Q..\",\n   \"...Q\",\n   \"Q...\",\n   \"..Q.\"\n  ],\n"
        "  // Solution 2\n  [\"..Q.\",\n   \"Q...\",\n   \"...Q\",\n   \".Q..\"\n  ]\n]\n";
    int *got;
    assert_int_equal(read_placements(lc, strlen(lc), NQ_INPUT_AUTO, 0, 4, &got), 2);
    const int want[] = {1, 3, 0, 2, 2, 0, 3, 1};
    assert_memory_equal(got, want, sizeof want);
    free(got);
    const char *one = "[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"]";
    assert_int_equal(read_placements(one, strlen(one), NQ_INPUT_AUTO, 0, 4, &got), 1);
    free(got);
    assert_int_equal(read_placements("[]\n", 3, NQ_INPUT_AUTO, 0, 4, &got), 0);
    free(got);
    const char *bad[] = {"[[\".Q\"", "[[\"Q\"]] x", "[[\"Q\"],", "{", "[[\"Q]]", "[[1]]"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        nq_reader *r;
        assert_int_equal(nq_reader_new(bad[i], strlen(bad[i]), NQ_FMT_JSON, 0, &r), NQ_OK);
        nq_item it;
        int rc;
        while ((rc = nq_reader_next(r, &it)) == NQ_OK)
            ;
        if (rc != NQ_EPARSE)
            fail_msg("'%s' gave %d", bad[i], rc);
        nq_reader_free(r);
    }
}

static void test_items(void **state) {
    (void)state;
    nq_reader *r;
    /* [1 ]: the one solution of n = 1. */
    nq_item it = one_item(&r, "[1 ]\n", NQ_INPUT_AUTO, 0);
    assert_int_equal(it.kind, NQ_ITEM_PLACEMENT);
    assert_int_equal(it.n, 1);
    assert_int_equal(it.queens, 1);
    assert_int_equal(it.cols[0], 0);
    nq_reader_free(r);
    /* Partial cols: -1 is an empty row. */
    it = one_item(&r, "1 -1 0 2\n", NQ_FMT_COLS, 0);
    assert_int_equal(it.n, 4);
    assert_int_equal(it.queens, 3);
    assert_int_equal(it.rows[1], 2);
    nq_reader_free(r);
    /* Count claims. */
    it = one_item(&r, "48042\n", NQ_INPUT_AUTO, 8);
    assert_int_equal(it.kind, NQ_ITEM_COUNT);
    assert_int_equal(it.n, 8);
    assert_true(it.total == 48042);
    nq_reader_free(r);
    it = one_item(&r, "27 234907967154122528\n", NQ_INPUT_COUNT, 0);
    assert_int_equal(it.n, 27);
    assert_true(it.total == 234907967154122528ull);
    nq_reader_free(r);
    it = one_item(&r,
                  "{\"n\": 8, \"total\": \"92\", \"unique\": 12, \"seconds\": 1.5e-3,\n"
                  " \"extra\": [{\"a\": [true, null]}, \"x\\\"y\"]}\n",
                  NQ_INPUT_AUTO, 0);
    assert_int_equal(it.kind, NQ_ITEM_COUNT);
    assert_int_equal(it.n, 8);
    assert_true(it.total == 92 && it.unique == 12 && it.has_unique);
    nq_reader_free(r);
    /* A cases output: one group per line. */
    const char *c = "[1 ]\n-1\n[2 4 1 3 ] [3 1 4 2 ]  \r\n";
    assert_int_equal(nq_reader_new(c, strlen(c), NQ_INPUT_AUTO, 0, &r), NQ_OK);
    assert_int_equal(nq_reader_format(r), NQ_INPUT_CASES);
    const int groups[] = {0, 1, 2, 2};
    const nq_item_kind kinds[] = {NQ_ITEM_PLACEMENT, NQ_ITEM_NONE, NQ_ITEM_PLACEMENT,
                                  NQ_ITEM_PLACEMENT};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(nq_reader_next(r, &it), NQ_OK);
        assert_int_equal(it.group, groups[i]);
        assert_int_equal(it.kind, kinds[i]);
    }
    assert_int_equal(it.column, 12);
    assert_int_equal(it.cols[0], 2);
    assert_int_equal(nq_reader_next(r, &it), NQ_DONE);
    nq_reader_free(r);
    /* pairs: n from --n, or from the first line. */
    it = one_item(&r, "0-1, 1-3, 3-2, .\n", NQ_FMT_PAIRS, 4);
    assert_int_equal(it.n, 4);
    assert_int_equal(it.queens, 3);
    nq_reader_free(r);
}

/* ---- Checking --------------------------------------------------------------------------- */

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),     cmocka_unit_test(test_board_separators),
        cmocka_unit_test(test_malformed),      cmocka_unit_test(test_recovery),
        cmocka_unit_test(test_jsonl_recovery), cmocka_unit_test(test_json_long),
        cmocka_unit_test(test_json_shapes),    cmocka_unit_test(test_items),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
