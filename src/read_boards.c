/*
 * read_boards.c: the readers of the board formats, one board of n lines of n cells an item:
 * board (".Q.."), grid ("_ Q _ _ ", cells separated by blanks) and matrix ("0 1 0 0"). Boards may
 * follow each other with or without a blank line between them; a bad board is a malformed item,
 * skipped up to the next blank line.
 */
#include <stdlib.h>
#include <string.h>

#include "scan.h"

/* The cells of one board row [a, b), trimmed: queens go to row `row`. Returns the number of
 * cells, or -1 after making *item malformed (-2 on NQ_ENOMEM). */
static long long boards_cells(nq_reader *r, nq_item *item, int format, const char *a, const char *b,
                              int row) {
    long long cells = 0;
    const char *p = a;
    while (p < b) {
        char c = *p;
        const char *tok = p;
        if (format != NQ_FMT_BOARD) {
            /* grid and matrix: one-character cells separated by blanks. */
            if (p + 1 < b && !scan_is_blank(p[1])) {
                const char *e = p;
                while (e < b && !scan_is_blank(*e))
                    e++;
                char ex[SCAN_EXCERPT];
                scan_malformed(r, item, tok, "expected one character per cell, got '%s'",
                               scan_excerpt(tok, e, ex));
                return -1;
            }
        }
        int queen, ok;
        if (format == NQ_FMT_MATRIX) {
            ok = c == '0' || c == '1';
            queen = c == '1';
        } else {
            ok = c == '.' || c == '_' || c == 'Q';
            queen = c == 'Q';
        }
        if (!ok) {
            char ex[SCAN_EXCERPT];
            scan_malformed(r, item, tok, "unexpected '%s' in a board row (cells are %s)",
                           scan_excerpt(tok, tok + 1, ex),
                           format == NQ_FMT_MATRIX ? "0 and 1" : "'Q' and '.' or '_'");
            return -1;
        }
        if (cells >= NQ_PARSE_MAX_N) {
            scan_malformed(r, item, tok, "a board row longer than %d cells", NQ_PARSE_MAX_N);
            return -1;
        }
        if (queen && scan_push(r, row, (int)cells) != NQ_OK)
            return -2;
        cells++;
        p++;
        if (format != NQ_FMT_BOARD)
            while (p < b && scan_is_blank(*p))
                p++;
    }
    return cells;
}

/* Skips the rest of a block: up to the next blank line. */
static void boards_skip_block(nq_reader *r) {
    const char *a, *b;
    size_t next;
    while (scan_line(r->text, r->len, r->pos, &a, &b, &next)) {
        r->pos = next;
        if (a == b)
            break;
    }
}

int boards_read(nq_reader *r, nq_item *item, int format) {
    const char *a, *b;
    size_t next;
    if (!scan_next_line(r, &a, &b)) /* the board's first row */
        return NQ_DONE;
    r->nq = 0;
    const char *start = a;
    long long w = boards_cells(r, item, format, a, b, 0);
    if (w < 0) {
        boards_skip_block(r);
        return w == -2 ? NQ_ENOMEM : NQ_OK;
    }
    for (long long row = 1; row < w; row++) {
        if (!scan_line(r->text, r->len, r->pos, &a, &b, &next) || a == b) {
            scan_malformed(r, item, start, "a board of %lld rows of %lld cells (a board is square)",
                           row, w);
            return NQ_OK;
        }
        r->pos = next;
        long long k = boards_cells(r, item, format, a, b, (int)row);
        if (k < 0) {
            boards_skip_block(r);
            return k == -2 ? NQ_ENOMEM : NQ_OK;
        }
        if (k != w) {
            scan_malformed(r, item, a, "a row of %lld cells in a board whose first row has %lld", k,
                           w);
            boards_skip_block(r);
            return NQ_OK;
        }
    }
    scan_placement(r, item, (int)w);
    scan_locate(r, scan_offset(r, start), &item->line, &item->column);
    return NQ_OK;
}
