/*
 * read_boards.c: the readers of the board formats, one board of n lines of n cells an item:
 * board (".Q.."), grid ("_ Q _ _ ", cells separated by blanks) and matrix ("0 1 0 0"). Boards may
 * follow each other with or without a blank line between them; a bad board is a malformed item,
 * skipped up to the next blank line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "readers.h"
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

/* The next line at r->pos, trimmed, into [*a, *b) and *next; 0 at the end of the input, 1, or -1
 * when reading failed (scan_status()). */
static int boards_line(nq_reader *r, const char **a, const char **b, size_t *next) {
    size_t from = r->pos;
    if (scan_need_line(r, &from) != NQ_OK)
        return -1;
    return scan_line(r->text, r->len, from, a, b, next);
}

/* Skips the rest of a block: up to the next blank line. */
static int boards_skip_block(nq_reader *r) {
    const char *a, *b;
    size_t next;
    int rc;
    while ((rc = boards_line(r, &a, &b, &next)) == 1) {
        r->pos = next;
        if (a == b)
            break;
        scan_slide(r, r->pos);
    }
    return rc < 0 ? scan_status(r) : NQ_OK;
}

int boards_read(nq_reader *r, nq_item *item, int format) {
    const char *a, *b;
    size_t next;
    int got = scan_next_line(r, &a, &b); /* the board's first row */
    if (got <= 0)
        return got == 0 ? NQ_DONE : scan_status(r);
    r->nq = 0;
    /* Where the board starts, located now: the window may slide under a big board. */
    int line, column;
    scan_locate(r, scan_offset(r, a), &line, &column);
    if (r->cases && b - a == 2 && a[0] == '-' && a[1] == '1') {
        item->kind = NQ_ITEM_NONE; /* a case with no solution, in a `cases` output */
        item->line = line;
        item->column = column;
        return NQ_OK;
    }
    long long w = boards_cells(r, item, format, a, b, 0);
    if (w < 0) {
        int rc = boards_skip_block(r);
        return w == -2 ? NQ_ENOMEM : rc;
    }
    for (long long row = 1; row < w; row++) {
        scan_slide(r, r->pos);
        got = boards_line(r, &a, &b, &next);
        if (got < 0)
            return scan_status(r);
        if (got == 0 || a == b) {
            /* A board too short: the message points at its first row. */
            snprintf(r->msg, sizeof r->msg,
                     "a board of %lld row%s of %lld cell%s (a board is square)", row,
                     row == 1 ? "" : "s", w, w == 1 ? "" : "s");
            item->kind = NQ_ITEM_MALFORMED;
            item->queens = 0;
            item->rows = item->cols = NULL;
            item->error = r->msg;
            item->line = line;
            item->column = column;
            return NQ_OK;
        }
        r->pos = next;
        long long k = boards_cells(r, item, format, a, b, (int)row);
        if (k < 0) {
            int rc = boards_skip_block(r);
            return k == -2 ? NQ_ENOMEM : rc;
        }
        if (k != w) {
            scan_malformed(r, item, a, "a row of %lld cells in a board whose first row has %lld", k,
                           w);
            return boards_skip_block(r);
        }
    }
    scan_placement(r, item, (int)w);
    item->line = line;
    item->column = column;
    return NQ_OK;
}
