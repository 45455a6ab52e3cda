/*
 * instance.c: n-Queens Completion instances (nq_instance) and their readers: a board drawn with
 * Q / . / _ / x cells, the `r-c, r-c` list of given queens, and the data files of CSPLib problem
 * 79 (excluded diagonals: `n`, `numdiags`, `diags`; completion: `n`, `init`) in MiniZinc
 * (`name = value;`) or Essence (`letting name be value`) spelling. The input is untrusted text:
 * every number is range-checked, every error names its line and column, nothing is read past len.
 * Instances are read once per run, so the readers favour clear messages over speed; they are
 * linear in the input. Numbers, digits and the byte order mark are read with the solution
 * readers' scanner (scan.h); the cursor with line and column and the two languages stay here,
 * since they accept more than the solution readers' `pairs` and `board`: pairs separated by
 * blanks alone or over several lines ("3-3 4-1"), and boards with x cells, blanks between any
 * cells and blank lines between rows.
 */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "instance.h"
#include "scan.h"

/* Releases what an instance holds and zeroes it (the readers build theirs on the stack). */
static void instance_clear(nq_instance *inst) {
    free(inst->cols);
    free(inst->xdiag);
    free(inst->xanti);
    free(inst->blocked);
    memset(inst, 0, sizeof *inst);
}

/* Makes *inst an empty instance of size n (1 <= n <= NQ_INSTANCE_MAX_N); on NQ_ENOMEM *inst is
 * zeroed, so that instance_clear() may still be called on it. */
static int instance_init(nq_instance *inst, int n) {
    nq_instance x = {0};
    x.n = n;
    x.cols = malloc((size_t)n * sizeof *x.cols);
    x.xdiag = calloc((size_t)(2 * n - 1), 1);
    x.xanti = calloc((size_t)(2 * n - 1), 1);
    if (!x.cols || !x.xdiag || !x.xanti) {
        instance_clear(&x);
        *inst = x;
        return NQ_ENOMEM;
    }
    for (int r = 0; r < n; r++) {
        x.cols[r] = -1;
    }
    *inst = x;
    return NQ_OK;
}

/* Hands a reader's instance (built on the stack) over to *out on the heap, or releases it. */
static int instance_hand_over(nq_instance *inst, int ret, nq_instance **out) {
    nq_instance *box = ret == NQ_OK ? malloc(sizeof *box) : NULL;
    if (ret == NQ_OK && !box) {
        ret = NQ_ENOMEM;
    }
    if (ret != NQ_OK) {
        instance_clear(inst);
        return ret;
    }
    *box = *inst;
    *out = box;
    return NQ_OK;
}

int nq_instance_new(int n, nq_instance **out) {
    if (!out || n < 1 || n > NQ_INSTANCE_MAX_N) {
        return NQ_EINVAL;
    }
    nq_instance inst;
    return instance_hand_over(&inst, instance_init(&inst, n), out);
}

void nq_instance_free(nq_instance *inst) {
    if (!inst) {
        return;
    }
    instance_clear(inst);
    free(inst);
}

int nq_instance_n(const nq_instance *inst) {
    return inst ? inst->n : 0;
}

int nq_instance_queen(const nq_instance *inst, int row) {
    return inst && row >= 0 && row < inst->n ? inst->cols[row] : -1;
}

int nq_instance_allows(const nq_instance *inst, int row, int col) {
    if (!inst || row < 0 || row >= inst->n || col < 0 || col >= inst->n) {
        return 0;
    }
    if (inst->xdiag[row - col + inst->n - 1] || inst->xanti[row + col]) {
        return 0;
    }
    for (size_t b = 0; b < inst->nblocked; b++) {
        if (inst->blocked[2 * b] == row && inst->blocked[2 * b + 1] == col) {
            return 0;
        }
    }
    return 1;
}

int nq_instance_place(nq_instance *inst, int row, int col, nq_conflict *conflict) {
    if (!inst || !inst->cols || row < 0 || row >= inst->n || col < 0 || col >= inst->n) {
        return NQ_EINVAL;
    }
    int old = inst->cols[row];
    if (old >= 0 && old != col) {
        if (conflict) {
            conflict->row1 = conflict->row2 = row;
            conflict->col1 = old < col ? old : col;
            conflict->col2 = old < col ? col : old;
            conflict->kind = NQ_ATTACK_ROW;
        }
        return NQ_ECONFLICT;
    }
    inst->cols[row] = col;
    return NQ_OK;
}

int nq_instance_block(nq_instance *inst, int row, int col) {
    if (!inst || row < 0 || row >= inst->n || col < 0 || col >= inst->n) {
        return NQ_EINVAL;
    }
    if (inst->nblocked == inst->blocked_cap) {
        size_t cap = inst->blocked_cap ? 2 * inst->blocked_cap : 16;
        int *b = realloc(inst->blocked, 2 * cap * sizeof *b);
        if (!b) {
            return NQ_ENOMEM;
        }
        inst->blocked = b;
        inst->blocked_cap = cap;
    }
    inst->blocked[2 * inst->nblocked] = row;
    inst->blocked[2 * inst->nblocked + 1] = col;
    inst->nblocked++;
    return NQ_OK;
}

int nq_instance_exclude(nq_instance *inst, int i, int t) {
    if (!inst || !inst->xdiag || i < 0 || i > 2 * inst->n - 2 || (t != 0 && t != 1)) {
        return NQ_EINVAL;
    }
    (t ? inst->xanti : inst->xdiag)[i] = 1;
    return NQ_OK;
}

/* ---- Reading ---------------------------------------------------------------------------- */

/* A cursor over the text, with the line and column (from 1) of the next character. */
typedef struct rd {
    const char *p, *end;
    int line, col;
    char *err;
    size_t errcap;
} rd;

static int rd_peek(const rd *t) {
    return t->p < t->end ? (unsigned char)*t->p : -1;
}

static void rd_next(rd *t) {
    if (t->p < t->end) {
        if (*t->p == '\n') {
            t->line++;
            t->col = 1;
        } else {
            t->col++;
        }
        t->p++;
    }
}

static int rd_fail(rd *t, int status, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static int rd_fail(rd *t, int status, const char *fmt, ...) {
    if (t->err && t->errcap > 0) {
        int len = snprintf(t->err, t->errcap, "line %d, column %d: ", t->line, t->col);
        if (len >= 0 && (size_t)len < t->errcap) {
            va_list ap;
            va_start(ap, fmt);
            vsnprintf(t->err + len, t->errcap - (size_t)len, fmt, ap);
            va_end(ap);
        }
    }
    return status;
}

/* Describes the next character for a message: 'c', "end of input" or a byte value. */
static const char *rd_what(const rd *t, char buf[24]) {
    int c = rd_peek(t);
    if (c < 0) {
        return "end of input";
    }
    if (c == '\n' || c == '\r') {
        return "end of line";
    }
    if (c >= 0x21 && c < 0x7f) {
        snprintf(buf, 24, "'%c'", c);
    } else {
        snprintf(buf, 24, "byte 0x%02x", (unsigned)c);
    }
    return buf;
}

/* Skips blanks, newlines and comments (% $ # and // to the end of the line). */
static void rd_skip(rd *t) {
    for (;;) {
        int c = rd_peek(t);
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
            rd_next(t);
        } else if (c == '%' || c == '$' || c == '#' ||
                   (c == '/' && t->p + 1 < t->end && t->p[1] == '/')) {
            while (rd_peek(t) >= 0 && rd_peek(t) != '\n') {
                rd_next(t);
            }
        } else {
            return;
        }
    }
}

static int rd_is_ident(int c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || scan_is_digit((char)c) || c == '_';
}

/* Reads an identifier into buf (one of more than 31 characters cut to its first 28 and "...", so
 * that a message never shows it cut as if whole, and it matches no name); returns its length. */
static size_t rd_ident(rd *t, char buf[32]) {
    size_t len = 0;
    while (rd_is_ident(rd_peek(t))) {
        if (len < 31) {
            buf[len] = (char)rd_peek(t);
        }
        len++;
        rd_next(t);
    }
    buf[len < 31 ? len : 31] = '\0';
    if (len > 31) {
        memcpy(buf + 28, "...", 4);
    }
    return len;
}

/* Reads a decimal integer in [lo, hi] (0 <= hi), its digits by the readers' bounded
 * scan_uint(): a number too large for the range reads as one past it, so that no number overflows
 * and every one out of range gets the same message. */
static int rd_int(rd *t, long lo, long hi, const char *what, long *out) {
    assert(lo <= hi && hi >= 0);
    char b[24];
    rd st = *t;
    int neg = rd_peek(t) == '-';
    if (neg) {
        rd_next(t);
    }
    const char *p = t->p;
    long long v;
    if (!scan_uint(&p, t->end, -(long long)lo > hi ? -(long long)lo : hi, &v)) {
        return rd_fail(t, NQ_EPARSE, "expected %s, found %s", what, rd_what(t, b));
    }
    while (t->p < p) {
        rd_next(t); /* digits only: the line stays, the column moves */
    }
    v = neg ? -v : v;
    if (v < lo || v > hi) {
        *t = st;
        return rd_fail(t, NQ_EPARSE, "%s must be from %ld to %ld", what, lo, hi);
    }
    *out = (long)v;
    return NQ_OK;
}

/* rd_int() of a row or column of the n x n board, 0..n-1: a number n is taken for the slip of
 * counting from 1 and said so. */
static int rd_cell(rd *t, long n, const char *what, long *out) {
    const char *p = t->p;
    long long v;
    if (!scan_uint(&p, t->end, n, &v) || v != n)
        return rd_int(t, 0, n - 1, what, out);
    return rd_fail(t, NQ_EPARSE,
                   "%s must be from 0 to %ld, got %ld (rows and columns count from 0: subtract 1 "
                   "from 1-based ones)",
                   what, n - 1, n);
}

static int rd_expect(rd *t, int c) {
    char b[24];
    rd_skip(t);
    if (rd_peek(t) != c) {
        return rd_fail(t, NQ_EPARSE, "expected '%c', found %s", c, rd_what(t, b));
    }
    rd_next(t);
    return NQ_OK;
}

/* A list of pairs [[a, b], ...] read before n is known: numbers and their positions. */
typedef struct rd_pairs {
    long *v;    /* 2 * len numbers */
    int *where; /* 2 * len: line, column of each pair */
    size_t len, cap;
    int present;   /* the name was given */
    int line, col; /* where the value starts */
} rd_pairs;

static int rd_read_pairs(rd *t, rd_pairs *pl) {
    int ret = rd_expect(t, '[');
    rd_skip(t);
    if (ret != NQ_OK || rd_peek(t) == ']') {
        rd_next(t);
        return ret;
    }
    for (;;) {
        rd_skip(t);
        int line = t->line, col = t->col;
        long a, b;
        if ((ret = rd_expect(t, '[')) != NQ_OK) {
            return ret;
        }
        rd_skip(t);
        if ((ret = rd_int(t, -2000000000L, 2000000000L, "a number", &a)) != NQ_OK ||
            (ret = rd_expect(t, ',')) != NQ_OK) {
            return ret;
        }
        rd_skip(t);
        if ((ret = rd_int(t, -2000000000L, 2000000000L, "a number", &b)) != NQ_OK ||
            (ret = rd_expect(t, ']')) != NQ_OK) {
            return ret;
        }
        if (pl->len == pl->cap) {
            size_t cap = pl->cap ? 2 * pl->cap : 64;
            long *v = realloc(pl->v, 2 * cap * sizeof *v);
            if (!v) {
                return NQ_ENOMEM;
            }
            pl->v = v;
            int *w = realloc(pl->where, 2 * cap * sizeof *w);
            if (!w) {
                return NQ_ENOMEM;
            }
            pl->where = w;
            pl->cap = cap;
        }
        pl->v[2 * pl->len] = a;
        pl->v[2 * pl->len + 1] = b;
        pl->where[2 * pl->len] = line;
        pl->where[2 * pl->len + 1] = col;
        pl->len++;
        rd_skip(t);
        char bf[24];
        if (rd_peek(t) == ']') {
            rd_next(t);
            return NQ_OK;
        }
        if (rd_peek(t) != ',') {
            return rd_fail(t, NQ_EPARSE, "expected ',' or ']', found %s", rd_what(t, bf));
        }
        rd_next(t);
    }
}

/* Points the cursor at a remembered position, for a message about what stands there. */
static rd *rd_at(rd *t, int line, int col) {
    t->line = line;
    t->col = col;
    return t;
}

/* The keyword formats: statements `[letting] NAME (= | be) VALUE [;]`. */
static int rd_statements(rd *t, int n_given, long max_diags, nq_instance **out,
                         nq_conflict *conflict) {
    long n = 0, numdiags = -1;
    int n_line = 0, n_col = 0, nd_line = 0, nd_col = 0;
    rd_pairs diags = {0}, init = {0};
    int ret = NQ_OK;
    char name[32], b[24];
    for (rd_skip(t); ret == NQ_OK && rd_peek(t) >= 0; rd_skip(t)) {
        int line = t->line, col = t->col;
        if (!rd_is_ident(rd_peek(t))) {
            ret = rd_fail(t, NQ_EPARSE, "expected a name such as 'n' or 'diags', found %s",
                          rd_what(t, b));
            break;
        }
        rd_ident(t, name);
        if (strcmp(name, "language") == 0) { /* Essence header: "language ESSENCE' 1.0" */
            while (rd_peek(t) >= 0 && rd_peek(t) != '\n') {
                rd_next(t);
            }
            continue;
        }
        if (strcmp(name, "letting") == 0) {
            rd_skip(t);
            line = t->line, col = t->col;
            if (!rd_is_ident(rd_peek(t))) {
                ret = rd_fail(t, NQ_EPARSE, "expected a name after 'letting', found %s",
                              rd_what(t, b));
                break;
            }
            rd_ident(t, name);
        }
        rd_skip(t);
        if (rd_peek(t) == '=') {
            rd_next(t);
        } else if (t->end - t->p >= 2 && t->p[0] == 'b' && t->p[1] == 'e' &&
                   !rd_is_ident(t->end - t->p > 2 ? (unsigned char)t->p[2] : ' ')) {
            rd_next(t);
            rd_next(t);
        } else {
            ret = rd_fail(t, NQ_EPARSE, "expected '=' after '%s', found %s", name, rd_what(t, b));
            break;
        }
        rd_skip(t);
        int dup = 0;
        if (strcmp(name, "n") == 0) {
            dup = n > 0;
            n_line = t->line, n_col = t->col;
            ret = dup ? NQ_OK : rd_int(t, 1, NQ_INSTANCE_MAX_N, "the board size n", &n);
        } else if (strcmp(name, "numdiags") == 0) {
            dup = numdiags >= 0;
            nd_line = t->line, nd_col = t->col;
            ret = dup ? NQ_OK : rd_int(t, 0, 2000000000L, "numdiags", &numdiags);
        } else if (strcmp(name, "diags") == 0 || strcmp(name, "init") == 0) {
            rd_pairs *pl = name[0] == 'd' ? &diags : &init;
            dup = pl->present;
            pl->present = 1;
            pl->line = t->line, pl->col = t->col;
            ret = dup ? NQ_OK : rd_read_pairs(t, pl);
        } else {
            t->line = line, t->col = col;
            ret = rd_fail(t, NQ_EPARSE, "unknown name '%s' (expected n, numdiags, diags or init)",
                          name);
            break;
        }
        if (dup) {
            t->line = line, t->col = col;
            ret = rd_fail(t, NQ_EPARSE, "'%s' is given twice", name);
            break;
        }
        rd_skip(t);
        if (ret == NQ_OK && rd_peek(t) == ';') {
            rd_next(t);
        }
    }
    if (ret == NQ_OK && n == 0) {
        if (n_given > 0) {
            n = n_given;
        } else {
            ret = rd_fail(t, NQ_EPARSE, "the board size is missing: add 'n = N' or give N");
        }
    } else if (ret == NQ_OK && n_given > 0 && n != n_given) {
        ret = rd_fail(rd_at(t, n_line, n_col), NQ_EMISMATCH, "the instance has n = %ld, not %ld", n,
                      (long)n_given);
    }
    if (ret == NQ_OK && diags.present && numdiags >= 0 && (size_t)numdiags != diags.len) {
        ret = rd_fail(rd_at(t, nd_line, nd_col), NQ_EPARSE,
                      "numdiags = %ld but diags has %ld pairs", numdiags, (long)diags.len);
    } else if (ret == NQ_OK && numdiags >= 0 && !diags.present) {
        ret = rd_fail(rd_at(t, nd_line, nd_col), NQ_EPARSE, "numdiags = %ld but diags is missing",
                      numdiags);
    }
    size_t use = diags.len;
    if (ret == NQ_OK && max_diags >= 0 && !diags.present) {
        /* A prefix of a list the text lacks (`letting init` data) would be ignored, even of 0. */
        ret = rd_fail(rd_at(t, 1, 1), NQ_EPARSE,
                      "the instance has no excluded diagonals (no 'diags' list), so there are no "
                      "first %ld to use",
                      max_diags);
    } else if (ret == NQ_OK && max_diags >= 0) {
        if ((size_t)max_diags > diags.len) {
            ret = rd_fail(rd_at(t, diags.line, diags.col), NQ_EPARSE,
                          "only %ld diagonal pairs, cannot use the first %ld", (long)diags.len,
                          max_diags);
        }
        use = (size_t)max_diags;
    }
    nq_instance inst = {0};
    if (ret == NQ_OK) {
        ret = instance_init(&inst, (int)n);
    }
    for (size_t q = 0; ret == NQ_OK && q < use; q++) {
        long i = diags.v[2 * q], ty = diags.v[2 * q + 1];
        if (i < 0 || i > 2 * n - 2 || (ty != 0 && ty != 1)) {
            ret = rd_fail(rd_at(t, diags.where[2 * q], diags.where[2 * q + 1]), NQ_EPARSE,
                          "diagonal [%ld, %ld]: the index must be from 0 to 2n-2 and the "
                          "type 0 or 1",
                          i, ty);
        } else {
            nq_instance_exclude(&inst, (int)i, (int)ty);
        }
    }
    for (size_t q = 0; ret == NQ_OK && q < init.len; q++) {
        long r = init.v[2 * q], c = init.v[2 * q + 1];
        if (r < 0 || r >= n || c < 0 || c >= n) {
            ret = rd_fail(rd_at(t, init.where[2 * q], init.where[2 * q + 1]), NQ_EPARSE,
                          "queen [%ld, %ld] is off the board (rows and columns 0..n-1%s)", r, c,
                          r == n || c == n ? ": subtract 1 from 1-based ones" : "");
        } else {
            ret = nq_instance_place(&inst, (int)r, (int)c, conflict);
        }
    }
    free(diags.v);
    free(diags.where);
    free(init.v);
    free(init.where);
    return instance_hand_over(&inst, ret, out);
}

/* A board: rows of Q . _ x X cells, blanks between cells ignored, blank lines ignored. */
static int rd_board(rd *t, int n_given, nq_instance **out, nq_conflict *conflict) {
    /* First pass: the size is the number of rows; every row must have as many cells. */
    rd probe = *t;
    long rows = 0, width = -1;
    char b[24];
    while (rd_peek(&probe) >= 0) {
        long cells = 0;
        int line = probe.line;
        while (rd_peek(&probe) >= 0 && rd_peek(&probe) != '\n') {
            int c = rd_peek(&probe);
            if (c == 'Q' || c == '.' || c == '_' || c == 'x' || c == 'X') {
                cells++;
            } else if (c != ' ' && c != '\t' && c != '\r') {
                return rd_fail(&probe, NQ_EPARSE,
                               "expected a cell: Q (queen), . or _ (free), x (blocked); found %s",
                               rd_what(&probe, b));
            }
            rd_next(&probe);
        }
        if (cells > 0) {
            if (width >= 0 && cells != width) {
                probe.line = line;
                probe.col = 1;
                return rd_fail(&probe, NQ_EPARSE, "this row has %ld cells, the first has %ld",
                               cells, width);
            }
            width = cells;
            if (++rows > NQ_INSTANCE_MAX_N) {
                return rd_fail(&probe, NQ_EPARSE, "the board has too many rows");
            }
        }
        rd_next(&probe);
    }
    if (rows == 0) {
        return rd_fail(t, NQ_EPARSE, "empty input: expected a board or an instance");
    }
    if (width != rows) {
        return rd_fail(t, NQ_EPARSE, "the board has %ld row%s of %ld cell%s; it must be square",
                       rows, rows == 1 ? "" : "s", width, width == 1 ? "" : "s");
    }
    if (n_given > 0 && rows != n_given) {
        return rd_fail(t, NQ_EMISMATCH, "the board has n = %ld, not %d", rows, n_given);
    }
    nq_instance inst;
    int ret = instance_init(&inst, (int)rows);
    int r = 0, c = 0;
    while (ret == NQ_OK && rd_peek(t) >= 0) {
        int ch = rd_peek(t);
        if (ch == '\n') {
            r += c > 0;
            c = 0;
        } else if (ch == 'Q') {
            ret = nq_instance_place(&inst, r, c++, conflict);
        } else if (ch == 'x' || ch == 'X') {
            ret = nq_instance_block(&inst, r, c++);
        } else if (ch == '.' || ch == '_') {
            c++;
        }
        rd_next(t);
    }
    return instance_hand_over(&inst, ret, out);
}

static int instance_parse_text(const char *text, size_t len, int n, long max_diags,
                               nq_instance **out, nq_conflict *conflict, char *err, size_t errcap);

int nq_instance_parse(const char *text, size_t len, int n, long max_diags, nq_instance **out,
                      nq_conflict *conflict, char *err, size_t errcap) {
    if (!text || !out || n < 0 || n > NQ_INSTANCE_MAX_N || max_diags < -1) {
        return NQ_EINVAL;
    }
    if (err && errcap > 0) {
        err[0] = '\0';
    }
    /* Line ends of every kind read alike (scan_bare_cr()): a text with a bare CR is read from a
     * copy in which it is an LF. */
    for (const char *p = text, *e = text + len; (p = memchr(p, '\r', (size_t)(e - p))); p++) {
        if (p + 1 == e || p[1] != '\n') {
            char *copy = malloc(len);
            if (!copy) {
                return NQ_ENOMEM;
            }
            memcpy(copy, text, len);
            scan_bare_cr(copy, 0, len, 1);
            int rc = instance_parse_text(copy, len, n, max_diags, out, conflict, err, errcap);
            free(copy);
            return rc;
        }
    }
    return instance_parse_text(text, len, n, max_diags, out, conflict, err, errcap);
}

/* nq_instance_parse() of a text whose line ends are LF, or CR LF. */
static int instance_parse_text(const char *text, size_t len, int n, long max_diags,
                               nq_instance **out, nq_conflict *conflict, char *err, size_t errcap) {
    rd t = {text, text + len, 1, 1, err, errcap};
    t.p += scan_bom_length(text, len); /* a UTF-8 byte order mark, as the readers skip it */
    /* A keyword instance has '=' or a word on its first line ("n = 8", "letting n be 8",
     * "language ESSENCE' 1.0"); a board has cells of one letter (Q, x, X) and so does a board
     * drawn with a cell it does not know ("q..."), which is then named as such. */
    rd first = t;
    rd_skip(&first);
    int keyword = 0, run = 0, other = 0;
    for (const char *p = first.p; p < first.end && *p != '\n'; p++) {
        int letter = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z');
        run = letter ? run + 1 : 0;
        other = letter ? other || (*p != 'Q' && *p != 'x' && *p != 'X') : 0;
        if (*p == '=' || (run >= 2 && other)) {
            keyword = 1;
        }
    }
    if (keyword) {
        return rd_statements(&t, n, max_diags, out, conflict);
    }
    if (max_diags >= 0) {
        /* Even 0: a prefix of a list a board cannot have would be silently ignored. */
        return rd_fail(&t, NQ_EPARSE,
                       "a board has no excluded diagonals (a 'diags' list, as CSPLib data has), so "
                       "there are no first %ld to use",
                       max_diags);
    }
    return rd_board(&t, n, out, conflict);
}

int nq_instance_parse_queens(const char *spec, int n, nq_instance **out, nq_conflict *conflict,
                             char *err, size_t errcap) {
    if (!spec || !out || n < 1 || n > NQ_INSTANCE_MAX_N) {
        return NQ_EINVAL;
    }
    if (err && errcap > 0) {
        err[0] = '\0';
    }
    rd t = {spec, spec + strlen(spec), 1, 1, err, errcap};
    nq_instance inst;
    int ret = instance_init(&inst, n);
    char b[24];
    while (ret == NQ_OK) {
        while (rd_peek(&t) == ' ' || rd_peek(&t) == ',' || rd_peek(&t) == '\t' ||
               rd_peek(&t) == '\n' || rd_peek(&t) == '\r') {
            rd_next(&t);
        }
        if (rd_peek(&t) < 0) {
            break;
        }
        if (rd_peek(&t) == '.') { /* the end mark of the pairs format */
            rd_next(&t);
            while (rd_peek(&t) == ' ' || rd_peek(&t) == '\n' || rd_peek(&t) == '\r') {
                rd_next(&t);
            }
            if (rd_peek(&t) >= 0) {
                ret = rd_fail(&t, NQ_EPARSE, "nothing may follow the final '.', found %s",
                              rd_what(&t, b));
            }
            break;
        }
        long r, c;
        if (!scan_is_digit((char)rd_peek(&t))) {
            ret = rd_fail(&t, NQ_EPARSE, "expected a queen as row-col (e.g. 3-1), found %s",
                          rd_what(&t, b));
            break;
        }
        if ((ret = rd_cell(&t, n, "the row", &r)) != NQ_OK) {
            break;
        }
        if (rd_peek(&t) != '-') {
            ret = rd_fail(&t, NQ_EPARSE, "expected '-' between row and column, found %s",
                          rd_what(&t, b));
            break;
        }
        rd_next(&t);
        if (!scan_is_digit((char)rd_peek(&t))) {
            ret = rd_fail(&t, NQ_EPARSE, "expected a column after '-', found %s", rd_what(&t, b));
            break;
        }
        if ((ret = rd_cell(&t, n, "the column", &c)) != NQ_OK) {
            break;
        }
        ret = nq_instance_place(&inst, (int)r, (int)c, conflict);
    }
    return instance_hand_over(&inst, ret, out);
}
