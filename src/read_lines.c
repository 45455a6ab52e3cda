/*
 * read_lines.c: the readers of the formats with one item a line: cols ("1 3 0 2"), perm
 * ("[2 4 1 3 ]"), pairs ("0-1, 1-3, 2-0, 3-2, ."), count claims ("COUNT" or "N COUNT"), and whole
 * `cases` outputs (all the permutations of a case on one line, or "-1"). A bad line is a
 * malformed item, and reading goes on at the next line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "readers.h"
#include "scan.h"

/* "a" or "an" before the number n read in English ("an 8x8 board", "an 11x11", "an 18x18", "a
 * 1000x1000"): "an" where the leading group of three digits is read eight, eleven, eighteen,
 * eighty-, or eight hundred. */
static const char *lines_article(long long n) {
    while (n >= 1000)
        n /= 1000;
    return n == 8 || n == 11 || n == 18 || n / 10 == 8 || n / 100 == 8 ? "an" : "a";
}

/* Whether the numbers of a line [a, b) with one off the board are the common slip of the other
 * base, 1-based columns in `cols` or 0-based ones in `perm`: every number lies in the other base's
 * range [1 - base, n - base]. If so, *shown receives the line's first numbers as the format
 * that reads it as written takes them ("[1 5 8 ...]" for perm, "0 4 7 ..." for cols). */
static int lines_slip(const char *a, const char *b, int n, int base, char *shown, size_t cap) {
    const char *p = a;
    long long first[3];
    int k = 0;
    for (;;) {
        while (p < b && (scan_is_blank(*p) || *p == ','))
            p++;
        if (p >= b)
            break;
        long long v;
        if (*p == '-' || !scan_uint(&p, b, NQ_PARSE_MAX_N, &v) || v < 1 - base || v > n - base)
            return 0;
        if (k < 3)
            first[k++] = v;
    }
    size_t len = (size_t)snprintf(shown, cap, "%s", base ? "" : "[");
    for (int i = 0; i < k && len < cap; i++)
        len += (size_t)snprintf(shown + len, cap - len, "%s%lld", i ? " " : "", first[i]);
    if (len < cap)
        snprintf(shown + len, cap - len, "%s%s", n > 3 ? " ..." : "", base ? "" : "]");
    return 1;
}

/* The numbers of a `cols` line or of the inside of a `perm` bracket, separated by blanks or
 * commas. Their count is n; the number of row i is its queen's column plus `base` (0 for cols,
 * 1 for perm), so it must lie in [base, n + base); in `cols`, -1 marks an empty row. The queens
 * go to r->rows/r->cols. Returns 0 on success, 1 after making *item malformed, -1 on NQ_ENOMEM. */
static int lines_numbers(nq_reader *r, nq_item *item, const char *a, const char *b, int base,
                         const char *what) {
    r->nq = 0;
    const char *p = a;
    size_t count = 0;
    for (;;) {
        while (p < b && (scan_is_blank(*p) || *p == ','))
            p++;
        if (p >= b)
            break;
        const char *tok = p;
        if (*p == '-')
            p++;
        long long v;
        if (!scan_uint(&p, b, NQ_PARSE_MAX_N, &v) || (p < b && !scan_is_blank(*p) && *p != ',')) {
            const char *e = tok;
            while (e < b && !scan_is_blank(*e) && *e != ',')
                e++;
            char ex[SCAN_EXCERPT];
            scan_malformed(r, item, tok, "expected a %s, got '%s'", what, scan_excerpt(tok, e, ex));
            return 1;
        }
        count++;
        if (count > NQ_PARSE_MAX_N) {
            scan_malformed(r, item, tok, "more than %d numbers on one line", NQ_PARSE_MAX_N);
            return 1;
        }
    }
    if (count == 0) {
        scan_malformed(r, item, a, "no %s", "queens");
        return 1;
    }
    int n = (int)count;
    /* Second pass: range checks and the queens. */
    p = a;
    int row = 0;
    for (;;) {
        while (p < b && (scan_is_blank(*p) || *p == ','))
            p++;
        if (p >= b)
            break;
        const char *tok = p;
        int neg = *p == '-';
        if (neg)
            p++;
        long long v = 0;
        scan_uint(&p, b, NQ_PARSE_MAX_N, &v);
        long long val = neg ? -v : v;
        if (base == 0 && val == -1) {
            row++;
            continue;
        }
        if (val < base || val >= n + base) {
            char ex[SCAN_EXCERPT], shown[96];
            if (lines_slip(a, b, n, base, shown, sizeof shown)) {
                scan_malformed(r, item, tok,
                               "%s '%s' is off the %dx%d board; the line looks %s: use the %s "
                               "format '%s' or %s",
                               what, scan_excerpt(tok, p, ex), n, n, base ? "0-based" : "1-based",
                               base ? "cols" : "perm", shown, base ? "add 1" : "subtract 1");
                return 1;
            }
            /* One number is the slip, the whole line is not. */
            int slip = base ? val == 0 : val == n;
            const char *hint = !slip  ? ""
                               : base ? " (perm columns are 1-based)"
                                      : " (cols columns are 0-based)";
            scan_malformed(r, item, tok,
                           "%s '%s' is off the board: %d queens make %s %dx%d board%s", what,
                           scan_excerpt(tok, p, ex), n, lines_article(n), n, n, hint);
            return 1;
        }
        if (scan_push(r, row, (int)(val - base)) != NQ_OK)
            return -1;
        row++;
    }
    scan_placement(r, item, n);
    return 0;
}

static int lines_cols(nq_reader *r, nq_item *item, const char *a, const char *b) {
    int rc = lines_numbers(r, item, a, b, 0, "column number");
    return rc < 0 ? NQ_ENOMEM : NQ_OK;
}

/* One "[2 4 1 3 ]" at p (which is '['), ending at *after. Returns NQ_OK (item filled, possibly
 * malformed: then *after is b), or NQ_ENOMEM. */
static int lines_perm(nq_reader *r, nq_item *item, const char *p, const char *b,
                      const char **after) {
    const char *close = memchr(p, ']', (size_t)(b - p));
    *after = b;
    if (!close) {
        scan_malformed(r, item, b, "missing ']' at the end of the permutation");
        return NQ_OK;
    }
    int rc = lines_numbers(r, item, p + 1, close, 1, "1-based column number");
    if (rc < 0)
        return NQ_ENOMEM;
    if (rc == 0) {
        *after = close + 1;
        scan_locate(r, scan_offset(r, p), &item->line, &item->column);
    }
    return NQ_OK;
}

static int lines_perm_line(nq_reader *r, nq_item *item, const char *a, const char *b) {
    if (*a != '[') {
        scan_malformed(r, item, a, "expected '[' at the start of a permutation");
        return NQ_OK;
    }
    const char *after;
    int rc = lines_perm(r, item, a, b, &after);
    if (rc != NQ_OK || item->kind == NQ_ITEM_MALFORMED)
        return rc;
    while (after < b && scan_is_blank(*after))
        after++;
    if (after < b) {
        char ex[SCAN_EXCERPT];
        scan_malformed(r, item, after, "unexpected '%s' after the permutation",
                       scan_excerpt(after, b, ex));
    }
    return NQ_OK;
}

/* "0-1, 1-3, 2-0, 3-2, ." : row-col pairs, separated by commas, ended by an optional '.'. */
static int lines_pairs(nq_reader *r, nq_item *item, const char *a, const char *b) {
    r->nq = 0;
    const char *p = a;
    long long maxv = 0;
    while (p < b) {
        while (p < b && scan_is_blank(*p))
            p++;
        if (p >= b)
            break;
        if (*p == '.') {
            const char *q = p + 1;
            while (q < b && scan_is_blank(*q))
                q++;
            if (q < b) {
                char ex[SCAN_EXCERPT];
                scan_malformed(r, item, q, "unexpected '%s' after the final '.'",
                               scan_excerpt(q, b, ex));
                return NQ_OK;
            }
            break;
        }
        const char *tok = p;
        long long row, col;
        if (!scan_uint(&p, b, NQ_PARSE_MAX_N, &row) || p >= b || *p != '-' ||
            (p++, !scan_uint(&p, b, NQ_PARSE_MAX_N, &col))) {
            const char *e = tok;
            while (e < b && !scan_is_blank(*e) && *e != ',')
                e++;
            char ex[SCAN_EXCERPT];
            scan_malformed(r, item, tok, "expected a queen as ROW-COL, got '%s'",
                           scan_excerpt(tok, e, ex));
            return NQ_OK;
        }
        if (row >= NQ_PARSE_MAX_N || col >= NQ_PARSE_MAX_N) {
            scan_malformed(r, item, tok, "a row or column above %d", NQ_PARSE_MAX_N - 1);
            return NQ_OK;
        }
        if (row > maxv)
            maxv = row;
        if (col > maxv)
            maxv = col;
        if (scan_push(r, (int)row, (int)col) != NQ_OK)
            return NQ_ENOMEM;
        while (p < b && scan_is_blank(*p))
            p++;
        if (p < b && *p == ',')
            p++;
        else if (p < b && *p != '.') {
            char ex[SCAN_EXCERPT];
            scan_malformed(r, item, p, "expected ',' or '.' after a queen, got '%s'",
                           scan_excerpt(p, p + 1, ex));
            return NQ_OK;
        }
    }
    if (r->nq == 0) {
        scan_malformed(r, item, a, "no queens");
        return NQ_OK;
    }
    int n = r->n_hint;
    if (n == 0 && r->cases) {
        /* A `cases` output has cases of any size: each line is a solution of its own size. */
        n = r->nq > NQ_PARSE_MAX_N ? NQ_PARSE_MAX_N : (int)r->nq;
    } else if (n == 0) {
        if (r->pairs_n == 0)
            r->pairs_n = r->nq > NQ_PARSE_MAX_N ? NQ_PARSE_MAX_N : (int)r->nq;
        n = r->pairs_n;
    }
    if (maxv >= n) {
        /* Point at the first queen off the board: the line is well formed, so read it again. */
        p = a;
        for (size_t i = 0; i < r->nq; i++) {
            while (p < b && (scan_is_blank(*p) || *p == ','))
                p++;
            const char *tok = p;
            long long v;
            scan_uint(&p, b, NQ_PARSE_MAX_N, &v);
            p++;
            scan_uint(&p, b, NQ_PARSE_MAX_N, &v);
            if (r->rows[i] >= n || r->cols[i] >= n) {
                int one_based = 1; /* every row and column in 1..n: the slip of counting from 1 */
                for (size_t j = 0; j < r->nq; j++)
                    one_based &=
                        r->rows[j] >= 1 && r->cols[j] >= 1 && r->rows[j] <= n && r->cols[j] <= n;
                scan_malformed(r, item, tok, "queen %d-%d is off the %dx%d board%s", r->rows[i],
                               r->cols[i], n, n,
                               one_based   ? "; the line looks 1-based: subtract 1 from each row "
                                             "and column"
                               : r->n_hint ? ""
                                           : " (its size is the first line's number of queens)");
                return NQ_OK;
            }
        }
    }
    scan_placement(r, item, n);
    return NQ_OK;
}

/* "COUNT" or "N COUNT". */
static int lines_count(nq_reader *r, nq_item *item, const char *a, const char *b) {
    const char *p = a;
    nq_u128 first, second = 0;
    int rc = scan_u128(&p, b, &first);
    int two = 0;
    if (rc > 0 && p < b && scan_is_blank(*p)) {
        while (p < b && scan_is_blank(*p))
            p++;
        const char *q = p;
        rc = scan_u128(&p, b, &second);
        if (rc == 0)
            p = q;
        two = 1;
    }
    if (rc == 0 || p < b) {
        char ex[SCAN_EXCERPT];
        scan_malformed(r, item, p, "expected COUNT or N COUNT, got '%s'", scan_excerpt(a, b, ex));
        return NQ_OK;
    }
    if (rc < 0) {
        scan_malformed(r, item, a, "a number too large for 128 bits");
        return NQ_OK;
    }
    int n = r->n_hint;
    nq_u128 total = first;
    if (two) {
        if (first < 1 || first > NQ_PARSE_MAX_N) {
            scan_malformed(r, item, a, "board size out of range 1..%d", NQ_PARSE_MAX_N);
            return NQ_OK;
        }
        n = (int)first;
        total = second;
    }
    item->kind = NQ_ITEM_COUNT;
    item->n = n;
    item->total = total;
    item->fields = NQ_CLAIM_TOTAL;
    return NQ_OK;
}

/* `cases`: the next item of the current line, or of the next non-blank line. A line holds all the
 * permutations of a case (600 MB for n = 16), so it is read one permutation at a time: only the
 * permutation at hand needs to be in the window. */
int lines_read_case(nq_reader *r, nq_item *item) {
    const char *a, *b;
    int rc;
    for (;;) {
        if (!r->in_case) {
            rc = scan_skip_blanks(r, 1);
            if (rc != NQ_OK)
                return rc;
            if (r->pos == r->len)
                return NQ_DONE;
            r->in_case = 1;
            r->case_line_group = r->group++;
            item->group = r->case_line_group;
            if (r->text[r->pos] != '[') { /* "-1", or not a case line: the whole line */
                rc = scan_next_line(r, &a, &b);
                if (rc <= 0)
                    return rc == 0 ? NQ_DONE : scan_status(r);
                r->in_case = 0;
                if (b - a == 2 && a[0] == '-' && a[1] == '1') {
                    item->kind = NQ_ITEM_NONE;
                    item->n = r->n_hint;
                    scan_locate(r, scan_offset(r, a), &item->line, &item->column);
                    return NQ_OK;
                }
                char ex[SCAN_EXCERPT];
                scan_malformed(r, item, a, "expected '[' or -1, got '%s'", scan_excerpt(a, b, ex));
                return NQ_OK;
            }
        }
        item->group = r->case_line_group;
        rc = scan_skip_blanks(r, 0);
        if (rc != NQ_OK)
            return rc;
        if (r->pos == r->len || r->text[r->pos] == '\n') { /* the end of the case line */
            r->in_case = 0;
            continue;
        }
        if (r->text[r->pos] != '[') { /* the rest of the line is not a permutation */
            if (scan_next_line(r, &a, &b) < 0)
                return scan_status(r);
            r->in_case = 0;
            char ex[SCAN_EXCERPT];
            scan_malformed(r, item, a, "expected '[' or -1, got '%s'", scan_excerpt(a, b, ex));
            return NQ_OK;
        }
        size_t close;
        rc = scan_find(r, r->pos, ']', '\n', &close);
        if (rc != NQ_OK)
            return rc;
        if (close == r->len || r->text[close] == '\n') {
            /* No ']' on the line: the permutation is malformed at the line's (trimmed) end. */
            if (scan_next_line(r, &a, &b) < 0) /* the rest of the line, from its '[' */
                return scan_status(r);
            const char *after;
            r->in_case = 0;
            return lines_perm(r, item, a, b, &after);
        }
        const char *after;
        a = r->text + r->pos;
        rc = lines_perm(r, item, a, r->text + close + 1, &after);
        if (rc != NQ_OK)
            return rc;
        r->pos = scan_offset(r, after);
        if (item->kind == NQ_ITEM_MALFORMED) { /* reading goes on at the next line */
            r->in_case = 0;
            return scan_skip_line(r);
        }
        return NQ_OK;
    }
}

int lines_read(nq_reader *r, nq_item *item) {
    const char *a, *b;
    int got = scan_next_line(r, &a, &b);
    if (got <= 0)
        return got == 0 ? NQ_DONE : scan_status(r);
    int rc;
    scan_locate(r, scan_offset(r, a), &item->line, &item->column);
    if (r->cases && b - a == 2 && a[0] == '-' && a[1] == '1') {
        item->kind = NQ_ITEM_NONE; /* a case with no solution, in a `cases` output */
        return NQ_OK;
    }
    switch (r->format) {
    case NQ_FMT_PAIRS:
        rc = lines_pairs(r, item, a, b);
        break;
    case NQ_FMT_PERM:
        rc = lines_perm_line(r, item, a, b);
        break;
    case NQ_INPUT_COUNT:
        rc = lines_count(r, item, a, b);
        break;
    default:
        rc = lines_cols(r, item, a, b);
        break;
    }
    return rc;
}
