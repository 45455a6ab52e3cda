/* test_parse.c: the readers (parse.c) and the list checker (check.c): round trips through every
 * writer of format.c, format detection, malformed input with its position, and the judgements
 * against a brute-force reference (tests/support) and the OEIS table (tests/data/counts.txt). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

static const nq_format text_formats[] = {NQ_FMT_COLS,  NQ_FMT_PAIRS, NQ_FMT_BOARD, NQ_FMT_JSON,
                                         NQ_FMT_JSONL, NQ_FMT_GRID,  NQ_FMT_PERM,  NQ_FMT_MATRIX};
#define NFORMATS (sizeof text_formats / sizeof text_formats[0])

/* ---- Helpers ---------------------------------------------------------------------------- */

typedef struct text {
    char *s;
    size_t len, cap;
} text;

static void put(text *t, const char *s, size_t len) {
    if (t->len + len + 1 > t->cap) {
        t->cap = 2 * (t->len + len + 1);
        t->s = realloc(t->s, t->cap);
        assert_non_null(t->s);
    }
    memcpy(t->s + t->len, s, len);
    t->len += len;
    t->s[t->len] = '\0';
}

static void puts_(text *t, const char *s) {
    put(t, s, strlen(s));
}

/* The writers' text for `count` solutions of n (n ints each), as `nqueens solve` prints it. */
static text write_list(nq_format fmt, int n, const int *sols, size_t count) {
    text t = {NULL, 0, 0};
    puts_(&t, nq_format_prefix(fmt));
    for (size_t i = 0; i < count; i++) {
        if (i)
            puts_(&t, nq_format_separator(fmt));
        size_t len = nq_format_solution(NULL, 0, fmt, n, sols + i * (size_t)n, 0);
        assert_true(len > 0);
        char *buf = malloc(len + 1);
        assert_non_null(buf);
        assert_int_equal(nq_format_solution(buf, len + 1, fmt, n, sols + i * (size_t)n, 0), len);
        put(&t, buf, len);
        free(buf);
    }
    puts_(&t, nq_format_suffix(fmt));
    if (t.s == NULL)
        puts_(&t, "");
    return t;
}

/* Every "\n" becomes "  \t\r\n" (trailing blanks and DOS line ends). */
static text dosify(const text *in) {
    text t = {NULL, 0, 0};
    puts_(&t, "");
    for (size_t i = 0; i < in->len; i++) {
        if (in->s[i] == '\n')
            puts_(&t, "  \t\r\n");
        else
            put(&t, in->s + i, 1);
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
            text t = write_list(fmt, n, ref, count);
            text d = dosify(&t);
            text cut = write_list(fmt, n, ref, count);
            while (cut.len > 0 && (cut.s[cut.len - 1] == '\n'))
                cut.s[--cut.len] = '\0';
            const text *variants[] = {&t, &d, &cut};
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
    assert_int_equal(detect("1\n\n", 1), NQ_INPUT_COUNT);
    /* A UTF-8 byte order mark is skipped. */
    assert_int_equal(detect("\xEF\xBB\xBF.Q..\n", 0), NQ_FMT_BOARD);
    int *sols;
    const char *bom = "\xEF\xBB\xBF[[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"]]";
    assert_int_equal(read_placements(bom, strlen(bom), NQ_INPUT_AUTO, 0, 4, &sols), 1);
    free(sols);
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
    for (size_t i = 0; i < NFORMATS; i++) {
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
    expect_malformed("{\"n\":4,\"cols\":[1,3,0,2] x\n", NQ_INPUT_AUTO, 1, 25, "expected ','");
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
    assert_non_null(strstr(nq_reader_error(r, &line, &col), "expected ','"));
    assert_int_equal(line, 3);
    assert_int_equal(col, 8);
    assert_int_equal(nq_reader_next(r, &it), NQ_EPARSE);
    nq_reader_free(r);
}

static void test_json_shapes(void **state) {
    (void)state;
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

/* Complete lists from the reference are complete and ordered; one missing is found, for each
 * position it could be missing from. */
static void test_complete_lists(void **state) {
    (void)state;
    for (int n = 1; n <= 8; n++) {
        int *ref;
        size_t count = ref_solutions(n, &ref);
        text t = write_list(NQ_FMT_COLS, n, ref, count);
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
            text u = write_list(NQ_FMT_PAIRS, n, less, k);
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
        cmocka_unit_test(test_round_trip),    cmocka_unit_test(test_board_separators),
        cmocka_unit_test(test_detect),        cmocka_unit_test(test_names),
        cmocka_unit_test(test_malformed),     cmocka_unit_test(test_recovery),
        cmocka_unit_test(test_json_shapes),   cmocka_unit_test(test_items),
        cmocka_unit_test(test_known_counts),  cmocka_unit_test(test_complete_lists),
        cmocka_unit_test(test_wrong_answers), cmocka_unit_test(test_against_reference),
        cmocka_unit_test(test_cases_groups),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
