/* test_svg.c: pictures (svg.c): snprintf-style sizing and truncation, pieces equal to the whole,
 * argument checks, the geometry, and each queen drawn in its cell. (Validity as XML and the
 * rendered pixels are checked by tests/cli/svg_trace.sh with xmllint and rsvg-convert.) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

/* The whole picture in a fresh buffer of exactly the size that a sizing call announced. */
static char *picture(int n, const int *cols, size_t k, unsigned flags) {
    size_t len = nq_svg_picture(NULL, 0, n, cols, k, flags);
    assert_true(len > 0);
    char *buf = malloc(len + 1);
    assert_non_null(buf);
    memset(buf, 'x', len + 1);
    assert_int_equal(nq_svg_picture(buf, len + 1, n, cols, k, flags), len);
    assert_int_equal(strlen(buf), len);
    return buf;
}

static size_t count_of(const char *s, const char *needle) {
    size_t c = 0;
    for (const char *p = strstr(s, needle); p != NULL; p = strstr(p + 1, needle)) {
        c++;
    }
    return c;
}

static void test_sizing_and_truncation(void **state) {
    (void)state;
    int *sols = NULL;
    size_t k = ref_solutions(6, &sols);
    assert_int_equal(k, 4);
    char *full = picture(6, sols, k, 0);
    size_t len = strlen(full);
    /* Every smaller buffer gets the same text, cut and terminated. */
    char *small = malloc(len + 1);
    assert_non_null(small);
    for (size_t cap = 1; cap <= len; cap += 37) {
        memset(small, 'x', len + 1);
        assert_int_equal(nq_svg_picture(small, cap, 6, sols, k, 0), len);
        assert_int_equal(strlen(small), cap - 1);
        assert_memory_equal(small, full, cap - 1);
    }
    /* cap 0 writes nothing. */
    small[0] = 'x';
    assert_int_equal(nq_svg_picture(small, 0, 6, sols, k, 0), len);
    assert_int_equal(small[0], 'x');
    free(small);
    free(full);
    free(sols);
}

static void test_pieces_equal_the_whole(void **state) {
    (void)state;
    int *sols = NULL;
    size_t k = ref_solutions(8, &sols);
    assert_int_equal(k, 92);
    const size_t ks[] = {1, 2, 12, 92};
    for (size_t t = 0; t < 4; t++) {
        for (unsigned flags = 0; flags <= NQ_FMT_COLUMN_MAJOR; flags += NQ_FMT_COLUMN_MAJOR) {
            size_t kk = ks[t];
            char *full = picture(8, sols, kk, flags);
            size_t cap = strlen(full) + 1, at = 0;
            char *joined = malloc(cap);
            assert_non_null(joined);
            at += nq_svg_begin(joined + at, cap - at, 8, kk, flags);
            for (size_t i = 0; i < kk; i++) {
                at += nq_svg_board(joined + at, cap - at, 8, sols + 8 * i, i, kk, flags);
            }
            at += nq_svg_end(joined + at, cap - at, 8, kk, flags);
            assert_int_equal(at, cap - 1);
            assert_string_equal(joined, full);
            free(joined);
            free(full);
        }
    }
    free(sols);
}

static void test_bad_arguments(void **state) {
    (void)state;
    int cols[4] = {1, 3, 0, 2};
    char buf[64] = "untouched";
    assert_int_equal(nq_svg_picture(buf, sizeof buf, 0, cols, 1, 0), 0);
    assert_int_equal(nq_svg_picture(buf, sizeof buf, -1, cols, 1, 0), 0);
    assert_int_equal(nq_svg_picture(buf, sizeof buf, NQ_SVG_MAX_N + 1, cols, 1, 0), 0);
    assert_int_equal(nq_svg_picture(buf, sizeof buf, 4, NULL, 1, 0), 0);
    assert_int_equal(nq_svg_picture(buf, sizeof buf, 4, cols, NQ_SVG_MAX_BOARDS + 1, 0), 0);
    int bad[4] = {1, 3, 4, 2};
    assert_int_equal(nq_svg_picture(buf, sizeof buf, 4, bad, 1, 0), 0);
    bad[2] = -1;
    assert_int_equal(nq_svg_picture(buf, sizeof buf, 4, bad, 1, 0), 0);
    assert_int_equal(nq_svg_board(buf, sizeof buf, 4, bad, 0, 1, 0), 0);
    assert_int_equal(nq_svg_board(buf, sizeof buf, 4, cols, 1, 1, 0), 0); /* index >= k */
    assert_int_equal(nq_svg_board(buf, sizeof buf, 4, NULL, 0, 1, 0), 0);
    assert_int_equal(nq_svg_begin(buf, sizeof buf, 0, 1, 0), 0);
    assert_int_equal(nq_svg_end(buf, sizeof buf, 4, NQ_SVG_MAX_BOARDS + 1, 0), 0);
    /* The largest picture still fits int pixel coordinates. */
    int x, y, w, h;
    assert_int_equal(
        nq_svg_board_origin(NQ_SVG_MAX_N, NQ_SVG_MAX_BOARDS, NQ_SVG_MAX_BOARDS - 1, &x, &y, &w, &h),
        NQ_OK);
    assert_true(x > 0 && y > 0 && x < w && y < h);
    /* A failed call leaves an empty string in the buffer. */
    assert_string_equal(buf, "");
}

static void test_geometry(void **state) {
    (void)state;
    assert_int_equal(nq_svg_cell_px(1), NQ_SVG_CELL);
    assert_int_equal(nq_svg_cell_px(16), NQ_SVG_CELL);
    assert_int_equal(nq_svg_cell_px(17), 37);
    assert_int_equal(nq_svg_cell_px(64), 10);
    assert_int_equal(nq_svg_cell_px(1000), 4);
    assert_int_equal(nq_svg_cell_px(NQ_SVG_MAX_N), 4);
    assert_int_equal(nq_svg_cell_px(0), 0);
    assert_int_equal(nq_svg_cell_px(NQ_SVG_MAX_N + 1), 0);

    /* 12 boards of 8: 4 a line, 3 lines; each board 8 * 40 px plus a 40 px margin each side. */
    int x, y, w, h;
    assert_int_equal(nq_svg_board_origin(8, 12, 0, &x, &y, &w, &h), NQ_OK);
    assert_int_equal(x, 40);
    assert_int_equal(y, 40);
    assert_int_equal(w, 4 * 400);
    assert_int_equal(h, 3 * 400);
    assert_int_equal(nq_svg_board_origin(8, 12, 5, &x, &y, NULL, NULL), NQ_OK);
    assert_int_equal(x, 400 + 40);
    assert_int_equal(y, 400 + 40);
    assert_int_equal(nq_svg_board_origin(8, 12, 11, &x, &y, NULL, NULL), NQ_OK);
    assert_int_equal(x, 3 * 400 + 40);
    assert_int_equal(y, 2 * 400 + 40);
    /* 5 boards: 3 a line, 2 lines. */
    assert_int_equal(nq_svg_board_origin(4, 5, 4, &x, &y, &w, &h), NQ_OK);
    assert_int_equal(x, 240 + 40);
    assert_int_equal(y, 240 + 40);
    assert_int_equal(w, 3 * 240);
    assert_int_equal(h, 2 * 240);
    /* ceil(sqrt(k)) boards a line, for every k up to 3000 and near the largest. */
    const size_t big[] = {999000, 998001, 998002, NQ_SVG_MAX_BOARDS - 1, NQ_SVG_MAX_BOARDS};
    for (size_t t = 0; t < 3000 + 5; t++) {
        size_t k = t < 3000 ? t + 1 : big[t - 3000], per = 1;
        while (per * per < k) {
            per++;
        }
        assert_int_equal(nq_svg_board_origin(4, k, k - 1, &x, &y, &w, &h), NQ_OK);
        assert_int_equal(w, (int)per * 240);
        assert_int_equal(h, (int)((k + per - 1) / per) * 240);
        assert_int_equal(x, (int)((k - 1) % per) * 240 + 40);
        assert_int_equal(y, (int)((k - 1) / per) * 240 + 40);
    }
    assert_int_equal(nq_svg_board_origin(8, 12, 12, &x, &y, NULL, NULL), NQ_EINVAL);
    assert_int_equal(nq_svg_board_origin(8, 12, 0, NULL, &y, NULL, NULL), NQ_EINVAL);
    assert_int_equal(nq_svg_board_origin(0, 1, 0, &x, &y, NULL, NULL), NQ_EINVAL);

    /* The root element states the same size. */
    int cols[8] = {0, 4, 7, 5, 2, 6, 1, 3};
    char *svg = picture(8, cols, 1, 0);
    assert_int_equal(nq_svg_board_origin(8, 1, 0, &x, &y, &w, &h), NQ_OK);
    char want[128];
    snprintf(want, sizeof want, "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\"", w, h, w, h);
    assert_non_null(strstr(svg, want));
    free(svg);
}

/* Reads back, from each board's group, the cells where queens are drawn. */
static void check_queens(const char *svg, int n, const int *sols, size_t k, unsigned flags) {
    int s = nq_svg_cell_px(n);
    const char *p = svg;
    for (size_t i = 0; i < k; i++) {
        int ox, oy;
        assert_int_equal(nq_svg_board_origin(n, k, i, &ox, &oy, NULL, NULL), NQ_OK);
        char head[64];
        snprintf(head, sizeof head, "<g transform=\"translate(%d %d)\">", ox, oy);
        p = strstr(p, head);
        assert_non_null(p);
        const char *end = strstr(p, "</g>");
        assert_non_null(end);
        int seen[64] = {0};
        for (int r = 0; r < n; r++) {
            p = strstr(p, "<use xlink:href=\"#q\"");
            assert_non_null(p);
            assert_true(p < end);
            int x, y, w, h;
            assert_int_equal(sscanf(p,
                                    "<use xlink:href=\"#q\" x=\"%d\" y=\"%d\" width=\"%d\" "
                                    "height=\"%d\"/>",
                                    &x, &y, &w, &h),
                             4);
            assert_int_equal(w, s);
            assert_int_equal(h, s);
            assert_int_equal(x % s, 0);
            assert_int_equal(y % s, 0);
            int row = y / s, col = x / s;
            if (flags & NQ_FMT_COLUMN_MAJOR) {
                int t = row;
                row = col, col = t;
            }
            assert_in_range(row, 0, n - 1);
            assert_int_equal(sols[i * (size_t)n + (size_t)row], col);
            assert_false(seen[row]);
            seen[row] = 1;
            p++;
        }
        assert_null(strstr(p, "<use xlink:href=\"#q\"") < end ? strstr(p, "<use xlink:href=\"#q\"")
                                                              : NULL);
    }
}

static void test_queens_in_their_cells(void **state) {
    (void)state;
    for (int n = 1; n <= 8; n++) {
        int *sols = NULL;
        size_t k = ref_solutions(n, &sols);
        for (unsigned flags = 0; flags <= NQ_FMT_COLUMN_MAJOR; flags += NQ_FMT_COLUMN_MAJOR) {
            if (k == 0) {
                continue;
            }
            char *svg = picture(n, sols, k, flags);
            assert_int_equal(count_of(svg, "<use xlink:href=\"#q\""), k * (size_t)n);
            assert_int_equal(count_of(svg, "<use xlink:href=\"#b\"/>"), k);
            assert_int_equal(count_of(svg, "<g"), count_of(svg, "</g>"));
            assert_int_equal(count_of(svg, "<svg "), 1);
            assert_non_null(strstr(svg, "</svg>\n"));
            check_queens(svg, n, sols, k, flags);
            free(svg);
        }
        free(sols);
    }
}

/* The queen is a path (no font); labels are the 0-based row and column numbers. */
static void test_glyph_and_labels(void **state) {
    (void)state;
    int cols[4] = {1, 3, 0, 2};
    char *svg = picture(4, cols, 1, 0);
    assert_non_null(strstr(svg, "<symbol id=\"q\" viewBox=\"0 0 40 40\"><path d=\"M"));
    assert_int_equal(count_of(svg, "<text"), 8);
    for (int i = 0; i < 4; i++) {
        char label[16];
        snprintf(label, sizeof label, ">%d</text>", i);
        assert_int_equal(count_of(svg, label), 2);
    }
    free(svg);
    /* Beyond n = 64 the cells are too small for numbers. */
    int big[100];
    for (int i = 0; i < 100; i++) {
        big[i] = (2 * i) % 100;
    }
    svg = picture(100, big, 1, 0);
    assert_int_equal(count_of(svg, "<text"), 0);
    assert_non_null(strstr(svg, "<symbol id=\"q\" viewBox=\"0 0 40 40\"><path d=\"M4 20a16"));
    assert_int_equal(count_of(svg, "<use xlink:href=\"#q\""), 100);
    free(svg);
}

/* Each board of a grid is numbered under it (not a single board); the queens given to a
 * completion are drawn with their own symbol, in their cells. */
static void test_numbers_and_given_queens(void **state) {
    (void)state;
    int *sols = NULL;
    size_t k = ref_solutions(6, &sols);
    assert_int_equal(k, 4);
    char *svg = picture(6, sols, k, 0);
    for (size_t i = 1; i <= k; i++) {
        char caption[64];
        snprintf(caption, sizeof caption, "fill=\"#4a4a4a\">%zu</text>", i);
        assert_int_equal(count_of(svg, caption), 1);
    }
    free(svg);
    svg = picture(6, sols, 1, 0);
    assert_int_equal(count_of(svg, "fill=\"#4a4a4a\">1</text>"), 0);
    free(svg);
    /* Marked: the given rows' queens use "#g", the others "#q"; NULL marks nothing. */
    const unsigned char given[6] = {0, 1, 0, 0, 1, 0};
    for (unsigned flags = 0; flags <= NQ_FMT_COLUMN_MAJOR; flags += NQ_FMT_COLUMN_MAJOR) {
        char plain[8192], marked[8192], none[8192];
        size_t lp = nq_svg_board(plain, sizeof plain, 6, sols, 1, 4, flags);
        size_t lm = nq_svg_board_marked(marked, sizeof marked, 6, sols, given, 1, 4, flags);
        size_t ln = nq_svg_board_marked(none, sizeof none, 6, sols, NULL, 1, 4, flags);
        assert_true(lp > 0 && lp < sizeof plain && lm > 0 && lm < sizeof marked);
        assert_int_equal(ln, lp);
        assert_string_equal(none, plain);
        assert_int_equal(count_of(marked, "<use xlink:href=\"#g\""), 2);
        assert_int_equal(count_of(marked, "<use xlink:href=\"#q\""), 4);
        for (int r = 0; r < 6; r++) {
            int row = flags ? sols[r] : r, col = flags ? r : sols[r];
            char use[96];
            snprintf(use, sizeof use, "<use xlink:href=\"#%c\" x=\"%d\" y=\"%d\"",
                     given[r] ? 'g' : 'q', col * NQ_SVG_CELL, row * NQ_SVG_CELL);
            assert_int_equal(count_of(marked, use), 1);
        }
    }
    char begin[8192];
    assert_true(nq_svg_begin(begin, sizeof begin, 6, 4, 0) < sizeof begin);
    assert_non_null(strstr(begin, "<symbol id=\"g\" viewBox=\"0 0 40 40\"><path d=\"M"));
    assert_int_equal(nq_svg_board_marked(NULL, 0, 6, NULL, given, 0, 1, 0), 0);
    free(sols);
}

static void test_no_solution_picture(void **state) {
    (void)state;
    char *svg = picture(3, NULL, 0, 0);
    assert_non_null(strstr(svg, "No solution for n = 3."));
    assert_int_equal(count_of(svg, "<use"), 0);
    assert_non_null(strstr(svg, "</svg>\n"));
    size_t cap = strlen(svg) + 1, at = 0;
    char *joined = malloc(cap);
    assert_non_null(joined);
    at += nq_svg_begin(joined, cap, 3, 0, 0);
    at += nq_svg_end(joined + at, cap - at, 3, 0, 0);
    assert_string_equal(joined, svg);
    free(joined);
    free(svg);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sizing_and_truncation),
        cmocka_unit_test(test_pieces_equal_the_whole),
        cmocka_unit_test(test_bad_arguments),
        cmocka_unit_test(test_geometry),
        cmocka_unit_test(test_queens_in_their_cells),
        cmocka_unit_test(test_glyph_and_labels),
        cmocka_unit_test(test_no_solution_picture),
        cmocka_unit_test(test_numbers_and_given_queens),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
