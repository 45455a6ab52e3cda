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

/* ---- Notations -------------------------------------------------------------------------- */

/* One notation of the solution {1, 3, 0, 2, 4} of n = 5: the text, the format to force (or
 * NQ_INPUT_AUTO) and the format it must be detected as. */
typedef struct notation {
    const char *text;
    int format;
    int detected;
} notation;

/* The solution every notation writes: not symmetric under the transpose (which would read
 * {2, 0, 3, 1, 4}), a reflection or a shift, so a reader that swaps rows and columns, counts from
 * the wrong base or drops a number reads another placement, not this one. */
static const int five[] = {1, 3, 0, 2, 4};

#define BOM               "\xef\xbb\xbf"
#define BOARD5(q, e, end) e q e e e end e e e q e end q e e e e end e e q e e end e e e e q end

static const notation notations[] = {
    /* cols: blanks, tabs, commas, CRLF, a byte order mark, no final newline. */
    {"1 3 0 2 4\n", NQ_FMT_COLS, NQ_FMT_COLS},
    {"1 3 0 2 4", NQ_FMT_COLS, NQ_FMT_COLS},
    {"1,3,0,2,4\n", NQ_FMT_COLS, NQ_FMT_COLS},
    {"1, 3, 0, 2, 4,\n", NQ_FMT_COLS, NQ_FMT_COLS},
    {" \t1  3\t0 ,2 4 \t\r\n", NQ_FMT_COLS, NQ_FMT_COLS},
    {BOM "1 3 0 2 4\r\n", NQ_FMT_COLS, NQ_FMT_COLS},
    /* perm: 1-based, with and without the space before ']', commas, blanks inside. */
    {"[2 4 1 3 5 ]\n", NQ_FMT_PERM, NQ_FMT_PERM},
    {"[2 4 1 3 5]\n", NQ_FMT_PERM, NQ_FMT_PERM},
    {"[2,4,1,3,5]\n", NQ_FMT_PERM, NQ_FMT_PERM},
    {"[ 2, 4, 1, 3, 5 ]", NQ_FMT_PERM, NQ_FMT_PERM},
    {"  [2\t4 1  3 5]  \r\n", NQ_FMT_PERM, NQ_FMT_PERM},
    {BOM "[2 4 1 3 5 ]\r\n", NQ_FMT_PERM, NQ_FMT_PERM},
    /* pairs: with and without the final '.', without blanks, in another order. */
    {"0-1, 1-3, 2-0, 3-2, 4-4, .\n", NQ_FMT_PAIRS, NQ_FMT_PAIRS},
    {"0-1, 1-3, 2-0, 3-2, 4-4\n", NQ_FMT_PAIRS, NQ_FMT_PAIRS},
    {"0-1,1-3,2-0,3-2,4-4.", NQ_FMT_PAIRS, NQ_FMT_PAIRS},
    {"4-4, 0-1, 2-0, 1-3, 3-2 .\r\n", NQ_FMT_PAIRS, NQ_FMT_PAIRS},
    {BOM "0-1 , 1-3 , 2-0 , 3-2 , 4-4 , .", NQ_FMT_PAIRS, NQ_FMT_PAIRS},
    /* board: '.' or '_' for an empty cell, CRLF, trailing blanks, no final newline. */
    {BOARD5("Q", ".", "\n"), NQ_FMT_BOARD, NQ_FMT_BOARD},
    {BOARD5("Q", "_", "\n"), NQ_FMT_BOARD, NQ_FMT_BOARD},
    {BOARD5("Q", ".", "  \r\n") "\r\n", NQ_FMT_BOARD, NQ_FMT_BOARD},
    {BOM ".Q...\n___Q_\nQ....\n__Q__\n....Q", NQ_FMT_BOARD, NQ_FMT_BOARD},
    /* grid: each cell then a blank, or blanks between cells only, '_' or '.'. */
    {BOARD5("Q ", "_ ", "\n") "\n", NQ_FMT_GRID, NQ_FMT_GRID},
    {"_ Q _ _ _\n_ _ _ Q _\nQ _ _ _ _\n_ _ Q _ _\n_ _ _ _ Q\n", NQ_FMT_GRID, NQ_FMT_GRID},
    {BOARD5("Q\t", ".\t", "\r\n"), NQ_FMT_GRID, NQ_FMT_GRID},
    /* matrix: 0/1, blanks or tabs between. */
    {BOARD5("1 ", "0 ", "\n") "\n", NQ_FMT_MATRIX, NQ_FMT_MATRIX},
    {"0 1 0 0 0\n0 0 0 1 0\n1 0 0 0 0\n0 0 1 0 0\n0 0 0 0 1", NQ_FMT_MATRIX, NQ_FMT_MATRIX},
    {BOARD5("1\t", "0\t", "\r\n"), NQ_FMT_MATRIX, NQ_FMT_MATRIX},
    /* json: a list of boards or one board, blanks, comments, escapes, '_' cells. */
    {"[\".Q...\",\"...Q.\",\"Q....\",\"..Q..\",\"....Q\"]", NQ_FMT_JSON, NQ_FMT_JSON},
    {"[[\".Q...\",\"...Q.\",\"Q....\",\"..Q..\",\"....Q\"]]\n", NQ_FMT_JSON, NQ_FMT_JSON},
    {"// n = 5\n[ [ \"_Q___\" , \"___Q_\" ,\r\n \"Q____\", /* row 3 */ \"__Q__\", \"____Q\" ] ]",
     NQ_FMT_JSON, NQ_FMT_JSON},
    {BOM "[\".\\u0051...\",\"...Q.\",\"Q....\",\"..Q..\",\"....\\u0051\"]", NQ_FMT_JSON,
     NQ_FMT_JSON},
    /* jsonl: with or without "n", keys in any order, blanks. */
    {"{\"n\":5,\"cols\":[1,3,0,2,4]}\n", NQ_FMT_JSONL, NQ_FMT_JSONL},
    {"{\"cols\":[1,3,0,2,4]}", NQ_FMT_JSONL, NQ_FMT_JSONL},
    {" { \"cols\" : [ 1 , 3 , 0 , 2 , 4 ] , \"n\" : 5 } \r\n", NQ_FMT_JSONL, NQ_FMT_JSONL},
    {BOM "{\"seconds\":1,\"cols\":[1,3,0,2,4],\"n\":5}\n", NQ_FMT_JSONL, NQ_FMT_JSONL},
    /* cases: every permutation of a line, in each perm notation. */
    {"[2 4 1 3 5 ] [2 4 1 3 5] [2,4,1,3,5] [ 2 4 1 3 5 ]\r\n", NQ_INPUT_CASES, NQ_INPUT_CASES},
    {BOM "[2,4,1,3,5 ][2 4 1 3 5]\n", NQ_INPUT_CASES, NQ_INPUT_CASES},
};

/* Every notation the readers accept reads as the same placement, queen by queen (not only as
 * "a valid solution"), forced or detected (test_stream_same_items() reads them as streams). */
static void test_notations(void **state) {
    (void)state;
    for (size_t i = 0; i < sizeof notations / sizeof notations[0]; i++) {
        const notation *no = &notations[i];
        size_t len = strlen(no->text);
        int got_format = detect(no->text, 0);
        if (got_format != no->detected)
            fail_msg("notation %zu '%s': detected as %s", i, no->text, nq_input_name(got_format));
        for (int forced = 0; forced < 2; forced++) {
            int format = forced ? no->format : NQ_INPUT_AUTO;
            int *got;
            size_t k = read_placements(no->text, len, format, 0, 5, &got);
            if (k == 0)
                fail_msg("notation %zu '%s': nothing read", i, no->text);
            for (size_t s = 0; s < k; s++)
                if (memcmp(got + 5 * s, five, sizeof five) != 0)
                    fail_msg("notation %zu '%s' (forced %d), item %zu: read as %d %d %d %d %d", i,
                             no->text, forced, s, got[5 * s], got[5 * s + 1], got[5 * s + 2],
                             got[5 * s + 3], got[5 * s + 4]);
            free(got);
        }
    }
}

/* The readings one off of the notations' base are caught: 0-based columns in perm, 1-based ones
 * in cols, jsonl and pairs, a row or column short or long. Each is malformed (with a hint where
 * the slip is the usual one: a whole line in the other base names the format that reads it as
 * written), never read as some other placement. */
static void test_off_by_one(void **state) {
    (void)state;
    static const struct {
        const char *text;
        int format;
        const char *words;
    } slips[] = {
        {"[1 3 0 2 4 ]\n", NQ_FMT_PERM, "looks 0-based: use the cols format '1 3 0 ...' or add 1"},
        {"[1,3,0,2,4]\n", NQ_FMT_PERM, "looks 0-based: use the cols format '1 3 0 ...' or add 1"},
        {"[1 3 0 2 5 ]\n", NQ_FMT_PERM, "(perm columns are 1-based)"},
        {"2 4 1 3 5\n", NQ_FMT_COLS,
         "looks 1-based: use the perm format '[2 4 1 ...]' or subtract 1"},
        {"2,4,1,3,5\n", NQ_FMT_COLS,
         "looks 1-based: use the perm format '[2 4 1 ...]' or subtract 1"},
        {"5 3 0 2 1\n", NQ_FMT_COLS, "(cols columns are 0-based)"},
        {"3 1 2\n", NQ_FMT_COLS, "looks 1-based: use the perm format '[3 1 2]' or subtract 1"},
        {"{\"cols\":[2,4,1,3,5]}\n", NQ_FMT_JSONL, "off the 5x5 board; \"cols\" look 1-based"},
        {"1-2, 2-4, 3-1, 4-3, 5-5, .\n", NQ_FMT_PAIRS, "off the 5x5 board; the line looks 1-based"},
        {"0-2, 2-4, 3-1, 4-3, 5-5, .\n", NQ_FMT_PAIRS, "off the 5x5 board (its size is"},
        {"[2 4 1 3 6 ]\n", NQ_FMT_PERM, "off the board"},
        {".Q...\n...Q.\nQ....\n..Q..\n....Q.\n", NQ_FMT_BOARD, "a row of 6 cells"},
        {".Q...\n...Q.\nQ....\n..Q..\n", NQ_FMT_BOARD, "a board of 4 rows of 5 cells"},
        {"Q.\n", NQ_FMT_BOARD, "a board of 1 row of 2 cells"}, /* not "1 rows" */
    };
    for (size_t i = 0; i < sizeof slips / sizeof slips[0]; i++) {
        for (int forced = 0; forced < 2; forced++) {
            nq_reader *r;
            const char *s = slips[i].text;
            assert_int_equal(
                nq_reader_new(s, strlen(s), forced ? slips[i].format : NQ_INPUT_AUTO, 0, &r),
                NQ_OK);
            nq_item it;
            int rc = nq_reader_next(r, &it);
            if (rc != NQ_OK || it.kind != NQ_ITEM_MALFORMED || !strstr(it.error, slips[i].words))
                fail_msg("'%s' (forced %d): status %d, kind %d, '%s'", s, forced, rc,
                         rc == NQ_OK ? (int)it.kind : -1, rc == NQ_OK && it.error ? it.error : "");
            nq_reader_free(r);
        }
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
    /* Text after the list is pointed at, even a string yajl cannot lex (found by the fuzzer: the
     * position went back to the start of the text, looking for the string's opening quote). */
    const char *after = "[ // ]\n]\"\n\t\t\xff\n";
    nq_reader *ra;
    assert_int_equal(nq_reader_new(after, strlen(after), NQ_INPUT_AUTO, 0, &ra), NQ_OK);
    nq_item ai;
    assert_int_equal(nq_reader_next(ra, &ai), NQ_EPARSE);
    int al, ac;
    assert_string_equal(nq_reader_error(ra, &al, &ac), "text after the end of the JSON array");
    assert_int_equal(al, 2);
    assert_int_equal(ac, 2);
    nq_reader_free(ra);
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
    /* A cases output in cols (and grid): a case ends at a "-1", a change of size, or where the
     * order starts again; the solutions are read in their own format. */
    static const struct {
        const char *text;
        int format;
        int groups[6];
        int kinds[6];
        int count;
    } cases_of[] = {
        {"1 3 0 2\n2 0 3 1\n1 3 0 2\n-1\n0\n0\n",
         NQ_INPUT_CASES,
         {0, 0, 1, 2, 3, 4},
         {0, 0, 0, NQ_ITEM_NONE, 0, 0},
         6},
        {"0\n-1\n-1\n2 0 3 1\n1 3 0 2\n",
         NQ_INPUT_AUTO,
         {0, 1, 2, 3, 4},
         {0, NQ_ITEM_NONE, NQ_ITEM_NONE, 0, 0},
         5},
        {"Q \n\n-1\n_ Q _ _ \n_ _ _ Q \nQ _ _ _ \n_ _ Q _ \n\n",
         NQ_INPUT_AUTO,
         {0, 1, 2},
         {0, NQ_ITEM_NONE, 0},
         3},
    };
    for (size_t i = 0; i < sizeof cases_of / sizeof cases_of[0]; i++) {
        const char *t = cases_of[i].text;
        assert_int_equal(nq_reader_new(t, strlen(t), cases_of[i].format, 0, &r), NQ_OK);
        assert_int_equal(nq_reader_format(r), NQ_INPUT_CASES);
        for (int k = 0; k < cases_of[i].count; k++) {
            assert_int_equal(nq_reader_next(r, &it), NQ_OK);
            if ((int)it.kind != cases_of[i].kinds[k] || it.group != cases_of[i].groups[k])
                fail_msg("cases %zu item %d: kind %d group %d (%s)", i, k, it.kind, it.group,
                         it.error ? it.error : "");
        }
        assert_int_equal(nq_reader_next(r, &it), NQ_DONE);
        nq_reader_free(r);
    }
    /* pairs: n from --n, or from the first line. */
    it = one_item(&r, "0-1, 1-3, 3-2, .\n", NQ_FMT_PAIRS, 4);
    assert_int_equal(it.n, 4);
    assert_int_equal(it.queens, 3);
    nq_reader_free(r);
}

/* A NUL byte in a number never reads as the end of it (printf '8\0junk' once read as 8 on the
 * command line): in every format it makes the item malformed (or the JSON text unreadable), and
 * the message shows it as \x00. */
static void test_nul_bytes(void **state) {
    (void)state;
#define NUL_TEXT(fmt, text, words)                                                                 \
    { fmt, text, sizeof text - 1, words }
    static const struct {
        int format;
        const char *text;
        size_t len;
        const char *words; /* in the message; NULL: the JSON text is unreadable */
    } cases[] = {
        NUL_TEXT(NQ_FMT_COLS, "1 3\0 0 2\n", "got '3\\x00'"),
        NUL_TEXT(NQ_FMT_COLS, "1 3 0 2\0\n", "got '2\\x00'"),
        NUL_TEXT(NQ_FMT_PAIRS, "0-1\0, 1-3, 2-0, 3-2, .\n", "got '\\x00'"),
        NUL_TEXT(NQ_FMT_PERM, "[2 4\0 1 3 ]\n", "got '4\\x00'"),
        NUL_TEXT(NQ_INPUT_CASES, "[2 4 1 3\0 ]\n", "got '3\\x00'"),
        NUL_TEXT(NQ_INPUT_COUNT,
                 "8 9\0"
                 "2\n",
                 "expected COUNT or N COUNT"),
        NUL_TEXT(NQ_FMT_BOARD, ".Q..\n...Q\nQ\0..\n..Q.\n", "unexpected '\\x00'"),
        NUL_TEXT(NQ_FMT_GRID, "_ Q _ _\n_ _ _ Q\nQ _\0_ _\n_ _ Q _\n", "\\x00"),
        NUL_TEXT(NQ_FMT_MATRIX, "0 1 0 0\n0 0 0 1\n1\0 0 0 0\n0 0 1 0\n", "\\x00"),
        NUL_TEXT(NQ_FMT_JSONL, "{\"n\":4,\"cols\":[1,3\0,0,2]}\n", "malformed JSON"),
        NUL_TEXT(NQ_FMT_JSON, "[[\".Q..\",\"...Q\",\"Q..\0.\",\"..Q.\"]]", NULL),
    };
#undef NUL_TEXT
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        nq_reader *r;
        assert_int_equal(nq_reader_new(cases[i].text, cases[i].len, cases[i].format, 4, &r), NQ_OK);
        nq_item it;
        int rc, malformed = 0;
        while ((rc = nq_reader_next(r, &it)) == NQ_OK) {
            if (it.kind == NQ_ITEM_PLACEMENT && it.queens == 4)
                fail_msg("case %zu: a NUL byte went unseen: a placement of 4 queens", i);
            if (it.kind == NQ_ITEM_COUNT)
                fail_msg("case %zu: a NUL byte went unseen: a count", i);
            if (it.kind == NQ_ITEM_MALFORMED) {
                malformed = 1;
                if (!cases[i].words || !strstr(it.error, cases[i].words))
                    fail_msg("case %zu: '%s'", i, it.error);
            }
        }
        if (cases[i].words)
            assert_true(malformed && rc == NQ_DONE);
        else
            assert_int_equal(rc, NQ_EPARSE);
        nq_reader_free(r);
    }
}

/* ---- Streams ---------------------------------------------------------------------------- */

/* A source that hands out a text `step` bytes at a time; then the end, or `fail` (NQ_EIO,
 * NQ_STOPPED) once `fail_after` bytes were given. */
typedef struct piece_source {
    const char *s;
    size_t len, at, step, fail_after;
    int fail;
} piece_source;

static int piece_read(void *user, char *buf, size_t cap, size_t *got) {
    piece_source *src = user;
    assert_true(cap > 0);
    if (src->fail && src->at >= src->fail_after)
        return src->fail;
    size_t k = src->len - src->at;
    if (k > src->step)
        k = src->step;
    if (k > cap)
        k = cap;
    memcpy(buf, src->s + src->at, k);
    src->at += k;
    *got = k;
    return NQ_OK;
}

/* Everything a reader says about a text, as one string: each item (kind, size, cells, claim,
 * group, position, message), then the final status with its message and position. */
static text_buf trace_items(nq_reader *r) {
    text_buf t = {NULL, 0, 0};
    text_puts(&t, nq_input_name(nq_reader_format(r)));
    text_puts(&t, "\n");
    nq_item it;
    int rc;
    char line[256];
    while ((rc = nq_reader_next(r, &it)) == NQ_OK) {
        snprintf(line, sizeof line, "%d n=%d q=%zu g=%d @%d:%d ", (int)it.kind, it.n, it.queens,
                 it.group, it.line, it.column);
        text_puts(&t, line);
        for (size_t i = 0; i < it.queens; i++) {
            snprintf(line, sizeof line, "%d-%d,", it.rows[i], it.cols[i]);
            text_puts(&t, line);
        }
        snprintf(line, sizeof line, " t=%llu u=%llu/%d %s\n", (unsigned long long)it.total,
                 (unsigned long long)it.unique, it.has_unique, it.error ? it.error : "");
        text_puts(&t, line);
    }
    int el, ec;
    const char *msg = nq_reader_error(r, &el, &ec);
    snprintf(line, sizeof line, "end %d %s @%d:%d\n", rc, msg, el, ec);
    text_puts(&t, line);
    return t;
}

/* The stream reader must say exactly what the text reader says, however the input comes in. */
static void assert_stream_reads_as_text(const char *s, size_t len, int format, int n_hint) {
    nq_reader *r;
    assert_int_equal(nq_reader_new(s, len, format, n_hint, &r), NQ_OK);
    text_buf want = trace_items(r);
    nq_reader_free(r);
    const size_t steps[] = {1, 2, 3, 7, 61, 4096, (size_t)1 << 20};
    for (size_t k = 0; k < sizeof steps / sizeof steps[0]; k++) {
        if (steps[k] < 61 && len > 200000 && k % 2)
            continue; /* the big texts: a few small steps are enough */
        piece_source src = {s, len, 0, steps[k], 0, 0};
        assert_int_equal(nq_reader_open(piece_read, &src, format, n_hint, &r), NQ_OK);
        text_buf got = trace_items(r);
        nq_reader_free(r);
        if (got.len != want.len || memcmp(got.s, want.s, want.len) != 0) {
            size_t i = 0;
            while (i < got.len && i < want.len && got.s[i] == want.s[i])
                i++;
            size_t from = i > 100 ? i - 100 : 0;
            fail_msg("format %d, %zu bytes in steps of %zu: the stream differs at %zu:\n"
                     "text:   ...%.200s\nstream: ...%.200s",
                     format, len, steps[k], i, want.s + from, got.s + from);
        }
        free(got.s);
    }
    free(want.s);
}

/* Every text of the tests above, and big ones (whose windows slide, in every format, with DOS
 * line ends), read from a stream in pieces of 1 byte to 1 MiB, give the same items, positions and
 * messages as read whole. */
static void test_stream_same_items(void **state) {
    (void)state;
    for (size_t i = 0; i < sizeof notations / sizeof notations[0]; i++) {
        size_t len = strlen(notations[i].text);
        assert_stream_reads_as_text(notations[i].text, len, NQ_INPUT_AUTO, 0);
        assert_stream_reads_as_text(notations[i].text, len, notations[i].format, 0);
    }
    for (int n = 1; n <= 8; n++) {
        int *ref;
        size_t count = ref_solutions(n, &ref);
        for (size_t f = 0; f < NFORMATS; f++) {
            text_buf t = text_list(text_formats[f], n, ref, count);
            text_buf d = dosify(&t);
            assert_stream_reads_as_text(t.s, t.len, NQ_INPUT_AUTO, 0);
            assert_stream_reads_as_text(d.s, d.len, (int)text_formats[f], 0);
            free(t.s);
            free(d.s);
        }
        free(ref);
    }
    const char *texts[] = {
        "1 3 0 2\n1 3 x 2\n",
        "1 3 0 4\n",
        "[2 4 1 3 ]\n[2 4 1 3\n",
        "[2 4 1 3 ] x\n",
        "0-1, 1-3, 2-0, 3-2, .\n0-1, 1+3, 2-0, 3-2, .\n",
        "0-1, 1-3, 2-0, 3-7, .\n",
        ".Q..\n...Q\nQ.x.\n..Q.\n",
        ".Q..\n...Q\nQ..\n..Q.\n",
        ".Q..\n...Q\nQ...\n\n",
        "_ Q _ _\n_ _ _ Q\nQ _ _ _\n_ _ QQ\n",
        "0 1 0 0\n0 0 0 1\n1 0 2 0\n0 0 1 0\n",
        "{\"n\":4,\"cols\":[1,3,0]}\n",
        "{\"n\":4,\"cols\":[1,3,0,2] x\n",
        "{\"n\":4,\"cols\":[1,3,0,2]} x\n",
        "{\"n\":4}\n",
        "[[\".Q..\",\"...Q\",\"Qx..\",\"..Q.\"]]",
        "[[\".Q..\",\"...Q\",\"Q...\"]]",
        "[1 ]\nx\n",
        "8 x\n",
        "1 3 0 2\n1 3 ? 2\n2 0 3 1\n",
        ".Q..\n.?.Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n",
        "[[\"Q.\",\"x.\"],\n [\".Q\",\"Q.\"],\n [\"Q.\" \".Q\"]]",
        "{\"n\":4,\"cols\":[1,3,0,2]}\n{\"n\":4,\"cols\":[1,3,0 x]}\n"
        "{\"n\":4,\"cols\":[2,0,3,1]} "
        "{\"n\":4}\n{\"n\":4,\"cols\":[2,0,3,1]}\n{\"n\":5,\"cols\":[\n",
        "[[\".Q\"",
        "[[\"Q\"]] x",
        "[[\"Q\"],",
        "{",
        "[[\"Q]]",
        "[[1]]",
        "[]\n",
        "\xEF\xBB\xBF[[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"]]",
        "[1 ]\n-1\n[2 4 1 3 ] [3 1 4 2 ]  \r\n",
        "[1 ]\n-1\n[2 4 1 3 ] x [3 1 4 2 ]\n[2 4 1\n[3 1 4 2 ] [2 4 1 3\n\n  -1  \n[9 ]\n",
        "8 92\n9 352\n",
        "92\n",
        "",
        "   \n\n  ",
        "0-1, 1-3, 3-2, .\n",
        "1 -1 0 2\n",
        "{\"n\": 8, \"total\": \"92\", \"unique\": 12}\n",
        "27 234907967154122528\n",
        "\xEF\xBB\xBF\x31 3 0 2\n", /* \x31: '1', which would extend the hex escape */
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        size_t len = strlen(texts[i]);
        assert_stream_reads_as_text(texts[i], len, NQ_INPUT_AUTO, 0);
        assert_stream_reads_as_text(texts[i], len, NQ_INPUT_AUTO, 4);
        for (int f = NQ_FMT_COLS; f <= NQ_FMT_MATRIX; f++)
            assert_stream_reads_as_text(texts[i], len, f, 0);
        assert_stream_reads_as_text(texts[i], len, NQ_INPUT_CASES, 0);
        assert_stream_reads_as_text(texts[i], len, NQ_INPUT_COUNT, 8);
    }
    /* Texts with a NUL byte, taken whole (sizeof, not strlen). */
#define WITH_NUL(s)                                                                                \
    { s, sizeof s - 1 }
    static const struct {
        const char *s;
        size_t len;
    } nul[] = {WITH_NUL("1 3\0 0 2\n"), WITH_NUL("[2 4 1 3\0 ]\n"),
               WITH_NUL("{\"n\":4\0,\"cols\":[1,3]}\n")};
#undef WITH_NUL
    for (size_t i = 0; i < sizeof nul / sizeof nul[0]; i++)
        assert_stream_reads_as_text(nul[i].s, nul[i].len, NQ_INPUT_AUTO, 0);
    /* Big texts: every solution of n = 11 in every format, with DOS line ends; a `cases` output
     * of n = 1..10, one line a case; blank runs longer than a window. */
    int *ref;
    size_t count = ref_solutions(11, &ref);
    for (size_t f = 0; f < NFORMATS; f++) {
        text_buf t = text_list(text_formats[f], 11, ref, count);
        text_buf d = dosify(&t);
        assert_stream_reads_as_text(d.s, d.len, NQ_INPUT_AUTO, 0);
        free(t.s);
        free(d.s);
    }
    text_buf c = {NULL, 0, 0};
    for (int n = 1; n <= 10; n++) {
        int *sols;
        size_t k = ref_solutions(n, &sols);
        if (k == 0)
            text_puts(&c, "-1");
        for (size_t i = 0; i < k; i++) {
            char one[64];
            nq_format_solution(one, sizeof one, NQ_FMT_PERM, n, sols + i * (size_t)n,
                               NQ_FMT_NO_END);
            text_puts(&c, i ? " " : "");
            text_puts(&c, one);
        }
        text_puts(&c, n == 5 ? " x [1 \n" : "\n");
        free(sols);
    }
    assert_stream_reads_as_text(c.s, c.len, NQ_INPUT_AUTO, 0);
    free(c.s);
    text_buf blanks = {NULL, 0, 0};
    for (int i = 0; i < 100000; i++)
        text_puts(&blanks, i % 1000 == 999 ? "\n" : " ");
    text_puts(&blanks, "1 3 0 2");
    for (int i = 0; i < 100000; i++)
        text_puts(&blanks, " ");
    text_puts(&blanks, "\n.Q..\n...Q\nQ...\n..Q.\n");
    for (int i = 0; i < 70000; i++)
        text_puts(&blanks, "\t");
    text_puts(&blanks, "\n[[\".Q..\",");
    for (int i = 0; i < 70000; i++)
        text_puts(&blanks, " ");
    text_puts(&blanks, "\"...Q\"]]\n");
    assert_stream_reads_as_text(blanks.s, blanks.len, NQ_INPUT_AUTO, 0);
    for (int f = NQ_FMT_COLS; f <= NQ_FMT_MATRIX; f++)
        assert_stream_reads_as_text(blanks.s, blanks.len, f, 0);
    free(blanks.s);
    text_buf j = text_list(NQ_FMT_JSONL, 11, ref, count);
    for (int i = 0; i < 70000; i++)
        text_puts(&j, i % 7 ? " " : "\n");
    text_puts(&j, "{\"n\":4,\"cols\":[1,3,0,2]} x\n");
    assert_stream_reads_as_text(j.s, j.len, NQ_FMT_JSONL, 0);
    free(j.s);
    free(ref);
}

/* A source's failure ends the reading with its status, after the items read before it; so does a
 * source that claims more bytes than it was given room for. */
static void test_stream_failures(void **state) {
    (void)state;
    const char *s = "1 3 0 2\n2 0 3 1\n1 3 0 2\n";
    const int fails[] = {NQ_EIO, NQ_STOPPED};
    for (int f = 0; f < 2; f++) {
        piece_source src = {s, strlen(s), 0, 1, 16, fails[f]};
        nq_reader *r;
        assert_int_equal(nq_reader_open(piece_read, &src, NQ_FMT_COLS, 0, &r), NQ_OK);
        nq_item it;
        assert_int_equal(nq_reader_next(r, &it), NQ_OK);
        assert_int_equal(nq_reader_next(r, &it), NQ_OK);
        assert_int_equal(nq_reader_next(r, &it), fails[f]);
        assert_int_equal(nq_reader_next(r, &it), fails[f]);
        nq_reader_free(r);
        /* While detecting: a read error fails the open; a stop after some bytes lets the items
         * read whole out, and not the one cut by the stop. */
        src = (piece_source){s, strlen(s), 0, 1, 3, fails[f]};
        if (fails[f] == NQ_EIO) {
            assert_int_equal(nq_reader_open(piece_read, &src, NQ_INPUT_AUTO, 0, &r), NQ_EIO);
        } else {
            assert_int_equal(nq_reader_open(piece_read, &src, NQ_INPUT_AUTO, 0, &r), NQ_OK);
            assert_int_equal(nq_reader_next(r, &it), NQ_STOPPED);
            nq_reader_free(r);
            src = (piece_source){s, strlen(s), 0, 5, 20, NQ_STOPPED};
            assert_int_equal(nq_reader_open(piece_read, &src, NQ_INPUT_AUTO, 0, &r), NQ_OK);
            assert_int_equal(nq_reader_format(r), NQ_FMT_COLS);
            assert_int_equal(nq_reader_next(r, &it), NQ_OK);
            assert_int_equal(nq_reader_next(r, &it), NQ_OK);
            assert_int_equal(it.line, 2);
            assert_int_equal(nq_reader_next(r, &it), NQ_STOPPED);
            nq_reader_free(r);
        }
        src = (piece_source){s, strlen(s), 0, 1, 0, fails[f]};
        assert_int_equal(nq_reader_open(piece_read, &src, NQ_INPUT_AUTO, 0, &r), fails[f]);
    }
    nq_reader *r;
    assert_int_equal(nq_reader_open(NULL, NULL, NQ_INPUT_AUTO, 0, &r), NQ_EINVAL);
    piece_source src = {s, strlen(s), 0, 1, 0, 0};
    assert_int_equal(nq_reader_open(piece_read, &src, 999, 0, &r), NQ_EINVAL);
}

static int liar_read(void *user, char *buf, size_t cap, size_t *got) {
    (void)user;
    (void)buf;
    *got = cap + 1;
    return NQ_OK;
}

static void test_stream_liar(void **state) {
    (void)state;
    nq_reader *r;
    assert_int_equal(nq_reader_open(liar_read, NULL, NQ_INPUT_AUTO, 0, &r), NQ_EIO);
    assert_int_equal(nq_reader_open(liar_read, NULL, NQ_FMT_COLS, 0, &r), NQ_EIO);
}

/* ---- Checking --------------------------------------------------------------------------- */

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),        cmocka_unit_test(test_board_separators),
        cmocka_unit_test(test_malformed),         cmocka_unit_test(test_recovery),
        cmocka_unit_test(test_jsonl_recovery),    cmocka_unit_test(test_json_long),
        cmocka_unit_test(test_json_shapes),       cmocka_unit_test(test_items),
        cmocka_unit_test(test_stream_same_items), cmocka_unit_test(test_stream_failures),
        cmocka_unit_test(test_stream_liar),       cmocka_unit_test(test_nul_bytes),
        cmocka_unit_test(test_notations),         cmocka_unit_test(test_off_by_one),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
