/*
 * svg.c: pictures of boards, as SVG 1.1 text written into caller buffers (snprintf-style).
 *
 * A picture is one board or a grid of boards (ceil(sqrt(k)) a line, for `solve --format svg
 * --limit K`): light and dark squares, row numbers on the left and column numbers on top, and a
 * queen drawn as a path (a five-pointed crown on a base), so that no font is needed for the
 * pieces and every renderer draws the same glyph (a plain disc where cells are too small for a
 * crown), given queens of a completion in other colours, and each board of a grid numbered under
 * it. The dark squares are one 2 x 2 pattern, and the empty board and the queens are defined
 * once in <defs> and reused through <use>, so k boards cost O(n + k n) bytes instead of O(k n^2).
 * Workload: a handful to a few thousand boards of small n for people to look at; the pieces
 * (begin, board, end) let the command line stream a large grid without holding all of its text.
 * Geometry is integral (whole pixels per cell) so that renderers draw crisp squares and tests can
 * probe a cell's centre pixel; nq_svg_board_origin() exposes it.
 */
#include <limits.h>

#include "nqueens_advanced.h"
#include "sink.h"

#define SVG_LIGHT      "#f0d9b5"
#define SVG_DARK       "#b58863"
#define SVG_INK        "#4a4a4a"
#define SVG_QUEEN_FILL "#1b1b1b"
#define SVG_QUEEN_EDGE "#fafafa"
#define SVG_GIVEN_FILL "#8c1c13" /* a given queen (of a completion): dark red */
#define SVG_GIVEN_EDGE "#ffd966"
#define SVG_EMPTY_W    320 /* size of the "no solution" picture */
#define SVG_EMPTY_H    60

/* The queen, in a 40 x 40 box: five balls on the points of a crown, the crown, and its base. The
 * crown covers the centre of the box (20, 20) by a wide margin, so a queen's cell is dark there. */
static const char svg_queen_path[] =
    "M3.5 10a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0 -5 0Z"
    "M10.5 7a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0 -5 0Z"
    "M17.5 5a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0 -5 0Z"
    "M24.5 7a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0 -5 0Z"
    "M31.5 10a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0 -5 0Z"
    "M10 30L6 11L12.5 20L13 8L17.5 18L20 6L22.5 18L27 8L27.5 20L34 11L30 30Z"
    "M9 31H31V35H9Z";

/* In cells smaller than this (n > 53), a crown is a grey smudge: the queen is a plain disc. */
#define SVG_CROWN_MIN_CELL 12
static const char svg_queen_dot[] = "M4 20a16 16 0 1 0 32 0a16 16 0 1 0 -32 0Z";

/* The layout of a picture of k boards of size n (all in px). */
typedef struct svg_geom {
    int n;
    int cell;        /* side of a cell */
    int margin;      /* space before each board (labels) and after it (gap) */
    int labels;      /* whether row and column numbers are drawn */
    long long block; /* side of the square a board occupies in the grid: n*cell + 2*margin */
    size_t per_line; /* boards a line: ceil(sqrt(k)) */
    long long width; /* whole picture */
    long long height;
} svg_geom;

int nq_svg_cell_px(int n) {
    if (n < 1 || n > NQ_SVG_MAX_N) {
        return 0;
    }
    if (n <= 16) {
        return NQ_SVG_CELL;
    }
    int cell = 640 / n;
    return cell < 4 ? 4 : cell;
}

/* Fills g for n and k; returns 0, or -1 if the arguments are out of range. (The largest picture,
 * 1000 x 1000 boards of 40020 px, still fits int coordinates; the check below keeps it so if the
 * limits change.) */
static int svg_geom_init(svg_geom *g, int n, size_t k) {
    if (n < 1 || n > NQ_SVG_MAX_N || k > NQ_SVG_MAX_BOARDS) {
        return -1;
    }
    g->n = n;
    g->cell = nq_svg_cell_px(n);
    g->margin = g->cell < 10 ? 10 : g->cell;
    g->labels = g->cell >= 10;
    g->block = (long long)n * g->cell + 2LL * g->margin;
    if (k == 0) {
        g->per_line = 0;
        g->width = SVG_EMPTY_W;
        g->height = SVG_EMPTY_H;
        return 0;
    }
    /* per_line = ceil(sqrt(k)), by bisection: the least p with p * p >= k (k <= 10^6). */
    size_t lo = 1, hi = 1000;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (mid * mid >= k) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    size_t per_line = lo;
    size_t lines = (k + per_line - 1) / per_line;
    g->per_line = per_line;
    g->width = (long long)per_line * g->block;
    g->height = (long long)lines * g->block;
    if (g->width > INT_MAX || g->height > INT_MAX) {
        return -1;
    }
    return 0;
}

static void svg_board_xy(const svg_geom *g, size_t index, long long *x, long long *y) {
    *x = (long long)(index % g->per_line) * g->block + g->margin;
    *y = (long long)(index / g->per_line) * g->block + g->margin;
}

int nq_svg_board_origin(int n, size_t k, size_t index, int *x, int *y, int *width, int *height) {
    svg_geom g;
    if (x == NULL || y == NULL || index >= k || svg_geom_init(&g, n, k) != 0) {
        return NQ_EINVAL;
    }
    long long bx, by;
    svg_board_xy(&g, index, &bx, &by);
    *x = (int)bx;
    *y = (int)by;
    if (width != NULL) {
        *width = (int)g.width;
    }
    if (height != NULL) {
        *height = (int)g.height;
    }
    return NQ_OK;
}

static void svg_write_begin(sink *o, const svg_geom *g, size_t k) {
    const int n = g->n, s = g->cell;
    sink_printf(o,
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                "<svg xmlns=\"http://www.w3.org/2000/svg\" "
                "xmlns:xlink=\"http://www.w3.org/1999/xlink\" version=\"1.1\" "
                "width=\"%lld\" height=\"%lld\" viewBox=\"0 0 %lld %lld\">\n",
                g->width, g->height, g->width, g->height);
    if (k == 0) {
        sink_printf(o,
                    "<title>%d-queens: no solution</title>\n"
                    "<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n"
                    "<text x=\"20\" y=\"36\" font-family=\"sans-serif\" font-size=\"18\" "
                    "fill=\"" SVG_INK "\">No solution for n = %d.</text>\n",
                    n, n);
        return;
    }
    sink_printf(o, "<title>%d-queens: %zu board%s</title>\n", n, k, k == 1 ? "" : "s");
    sink_printf(o, "<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n<defs>\n");
    const char *queen = g->cell >= SVG_CROWN_MIN_CELL ? svg_queen_path : svg_queen_dot;
    sink_printf(o,
                "<symbol id=\"q\" viewBox=\"0 0 40 40\"><path d=\"%s\" fill=\"" SVG_QUEEN_FILL
                "\" stroke=\"" SVG_QUEEN_EDGE "\" stroke-width=\"1.2\" "
                "stroke-linejoin=\"round\"/></symbol>\n",
                queen);
    /* A given queen (nq_svg_board_marked()): the same crown in other colours. */
    sink_printf(o,
                "<symbol id=\"g\" viewBox=\"0 0 40 40\"><path d=\"%s\" fill=\"" SVG_GIVEN_FILL
                "\" stroke=\"" SVG_GIVEN_EDGE "\" stroke-width=\"2\" "
                "stroke-linejoin=\"round\"/></symbol>\n",
                queen);
    /* The dark squares, as a pattern of 2 x 2 cells whose tiles start at the board's corner:
     * (r + c) odd is dark, so the top-left square is light, as on a chess board. O(1) text for
     * any n. */
    sink_printf(o,
                "<pattern id=\"d\" width=\"%d\" height=\"%d\" patternUnits=\"userSpaceOnUse\">"
                "<rect x=\"%d\" width=\"%d\" height=\"%d\" fill=\"" SVG_DARK "\"/>"
                "<rect y=\"%d\" width=\"%d\" height=\"%d\" fill=\"" SVG_DARK "\"/></pattern>\n",
                2 * s, 2 * s, s, s, s, s, s, s);
    /* The empty board, with its labels, relative to its cell (0, 0). */
    sink_printf(o,
                "<g id=\"b\">\n<rect width=\"%d\" height=\"%d\" fill=\"" SVG_LIGHT "\"/>\n"
                "<rect width=\"%d\" height=\"%d\" fill=\"url(#d)\"/>\n"
                "<rect width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"" SVG_INK
                "\" stroke-width=\"1\"/>\n",
                n * s, n * s, n * s, n * s, n * s, n * s);
    if (g->labels) {
        /* Font size and baseline offset in tenths of a pixel, to stay in integers. */
        int font10 = g->margin * 4;
        sink_printf(o,
                    "<g font-family=\"sans-serif\" font-size=\"%d.%d\" text-anchor=\"middle\" "
                    "fill=\"" SVG_INK "\">\n",
                    font10 / 10, font10 % 10);
        int half = g->margin / 2, drop = font10 * 35 / 100; /* cap height ~0.7 em, halved */
        for (int r = 0; r < n; r++) {
            int y10 = (r * s + s / 2) * 10 + drop;
            sink_printf(o, "<text x=\"%d\" y=\"%d.%d\">%d</text>", -half, y10 / 10, y10 % 10, r);
        }
        sink_printf(o, "\n");
        for (int c = 0; c < n; c++) {
            sink_printf(o, "<text x=\"%d\" y=\"%d\">%d</text>", c * s + s / 2, -half + drop / 10,
                        c);
        }
        sink_printf(o, "\n</g>\n");
    }
    sink_printf(o, "</g>\n</defs>\n");
}

static void svg_write_board(sink *o, const svg_geom *g, const int *cols, const unsigned char *given,
                            size_t index, size_t k, unsigned flags) {
    const int n = g->n, s = g->cell;
    long long x, y;
    svg_board_xy(g, index, &x, &y);
    sink_printf(o, "<g transform=\"translate(%lld %lld)\">\n<title>board %zu:", x, y, index + 1);
    for (int r = 0; r < n; r++) {
        sink_printf(o, " %d", cols[r]);
    }
    sink_printf(o, "%s%s</title>\n<use xlink:href=\"#b\"/>\n",
                (flags & NQ_FMT_COLUMN_MAJOR) ? " (drawn transposed)" : "",
                given ? " (given queens in red)" : "");
    if (k > 1) {
        /* Its number, under it, in the margin that separates it from the next line. */
        int font10 = g->margin * 4, y10 = n * s * 10 + g->margin * 7;
        sink_printf(o,
                    "<text x=\"%d\" y=\"%d.%d\" font-family=\"sans-serif\" font-size=\"%d.%d\" "
                    "text-anchor=\"middle\" fill=\"" SVG_INK "\">%zu</text>\n",
                    n * s / 2, y10 / 10, y10 % 10, font10 / 10, font10 % 10, index + 1);
    }
    for (int r = 0; r < n; r++) {
        int row = r, col = cols[r];
        if (flags & NQ_FMT_COLUMN_MAJOR) {
            row = cols[r], col = r;
        }
        sink_printf(o, "<use xlink:href=\"#%c\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>",
                    given && given[r] ? 'g' : 'q', col * s, row * s, s, s);
        if (r % 8 == 7 || r == n - 1) {
            sink_printf(o, "\n");
        }
    }
    sink_printf(o, "</g>\n");
}

static int svg_cols_ok(int n, const int *cols) {
    for (int r = 0; r < n; r++) {
        if (cols[r] < 0 || cols[r] >= n) {
            return 0;
        }
    }
    return 1;
}

size_t nq_svg_begin(char *buf, size_t cap, int n, size_t k, unsigned flags) {
    svg_geom g;
    sink o;
    sink_init(&o, buf, cap);
    if ((flags & ~NQ_FMT_COLUMN_MAJOR) || svg_geom_init(&g, n, k) != 0) {
        return 0;
    }
    svg_write_begin(&o, &g, k);
    return sink_finish(&o);
}

size_t nq_svg_board(char *buf, size_t cap, int n, const int *cols, size_t index, size_t k,
                    unsigned flags) {
    return nq_svg_board_marked(buf, cap, n, cols, NULL, index, k, flags);
}

size_t nq_svg_board_marked(char *buf, size_t cap, int n, const int *cols,
                           const unsigned char *given, size_t index, size_t k, unsigned flags) {
    svg_geom g;
    sink o;
    sink_init(&o, buf, cap);
    if (cols == NULL || index >= k || (flags & ~NQ_FMT_COLUMN_MAJOR) ||
        svg_geom_init(&g, n, k) != 0 || !svg_cols_ok(n, cols)) {
        return 0;
    }
    svg_write_board(&o, &g, cols, given, index, k, flags);
    return sink_finish(&o);
}

size_t nq_svg_end(char *buf, size_t cap, int n, size_t k, unsigned flags) {
    svg_geom g;
    sink o;
    sink_init(&o, buf, cap);
    if ((flags & ~NQ_FMT_COLUMN_MAJOR) || svg_geom_init(&g, n, k) != 0) {
        return 0;
    }
    sink_printf(&o, "</svg>\n");
    return sink_finish(&o);
}

size_t nq_svg_picture(char *buf, size_t cap, int n, const int *cols, size_t k, unsigned flags) {
    svg_geom g;
    sink o;
    sink_init(&o, buf, cap);
    if ((flags & ~NQ_FMT_COLUMN_MAJOR) || svg_geom_init(&g, n, k) != 0 || (k > 0 && cols == NULL)) {
        return 0;
    }
    for (size_t i = 0; i < k; i++) {
        if (!svg_cols_ok(n, cols + i * (size_t)n)) {
            return 0;
        }
    }
    svg_write_begin(&o, &g, k);
    for (size_t i = 0; i < k; i++) {
        svg_write_board(&o, &g, cols + i * (size_t)n, NULL, i, k, flags);
    }
    sink_printf(&o, "</svg>\n");
    return sink_finish(&o);
}
