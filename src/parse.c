/*
 * parse.c: readers of every text format that nqueens writes (cols, pairs, board, json, jsonl,
 * grid, perm, matrix), of a whole `cases` output and of count claims, with format detection.
 *
 * The workload is untrusted text written by other people's programs: a few solutions typed by
 * hand, or a few million written by a program, possibly with "\r\n" line ends, trailing spaces,
 * missing blank lines or typos. The reader therefore works on one buffer in memory with a single
 * forward pass, never recurses (except in the depth-limited skipping of unknown JSON values),
 * bounds every number, and turns a bad line or board into a malformed item with its line and
 * column rather than giving up: only a broken `json` structure or an undetectable format ends
 * the reading. Items are yielded one at a time through an iterator, in the order of the text;
 * the queens of an item are kept as (row, col) cells so that a board with two queens in one row
 * can be reported as such.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nqueens.h"

enum { JSON_START = 0, JSON_LIST, JSON_END };
enum { JSON_MAX_DEPTH = 32 };

struct nq_reader {
    const char *text; /* the input, len bytes */
    size_t len;
    size_t pos;  /* where reading goes on */
    int format;  /* the input format (detected under NQ_INPUT_AUTO) */
    int n_hint;  /* the size given by the caller, or 0 */
    int pairs_n; /* `pairs` without n_hint: the number of queens of the first line */
    int group;   /* `cases`: index of the next case line */
    int fatal;   /* 1 once an unrecoverable error was found */
    char error[160];
    int error_line, error_column;
    char msg[160]; /* the message of the last malformed item */
    /* `cases`: the rest of the current line still to read ([case_pos, case_end)). */
    int in_case;
    size_t case_pos, case_end;
    int case_line_group;
    /* `json`: where the top-level array is. */
    int json_state;
    int json_items; /* boards read so far */
    /* The queens of the current item. */
    int *rows, *cols;
    size_t nq, cap;
    /* Cache for turning a byte offset into line and column: the start of line `loc_line`. */
    size_t loc_start;
    int loc_line;
};

/* ---- Names and small helpers -------------------------------------------------------------- */

static const char *const input_names[] = {"cols",  "pairs", "board", "json",
                                          "jsonl", "grid",  "perm",  "matrix"};

const char *nq_input_name(int format) {
    if (format >= NQ_FMT_COLS && format <= NQ_FMT_MATRIX)
        return input_names[format];
    if (format == NQ_INPUT_CASES)
        return "cases";
    if (format == NQ_INPUT_COUNT)
        return "count";
    if (format == NQ_INPUT_AUTO)
        return "auto";
    return "unknown";
}

int nq_input_parse_name(const char *name, int *format) {
    if (!name || !format)
        return NQ_EINVAL;
    for (int i = NQ_FMT_COLS; i <= NQ_FMT_MATRIX; i++) {
        if (strcmp(name, input_names[i]) == 0) {
            *format = i;
            return NQ_OK;
        }
    }
    if (strcmp(name, "cases") == 0)
        *format = NQ_INPUT_CASES;
    else if (strcmp(name, "count") == 0)
        *format = NQ_INPUT_COUNT;
    else if (strcmp(name, "auto") == 0)
        *format = NQ_INPUT_AUTO;
    else
        return NQ_EINVAL;
    return NQ_OK;
}

static int is_blank(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static int is_digit(char c) {
    return c >= '0' && c <= '9';
}

/* Line [*a, *b) without its leading and trailing blanks. */
static void trim(const char **a, const char **b) {
    while (*a < *b && is_blank(**a))
        (*a)++;
    while (*b > *a && is_blank((*b)[-1]))
        (*b)--;
}

/* The line that starts at offset pos: its content [*a, *b) (trimmed), and the offset just after
 * its '\n' (or len). Returns 0 at the end of the text. */
static int get_line(const char *text, size_t len, size_t pos, const char **a, const char **b,
                    size_t *next) {
    if (pos >= len)
        return 0;
    const char *s = text + pos;
    const char *nl = memchr(s, '\n', len - pos);
    const char *e = nl ? nl : text + len;
    *next = nl ? (size_t)(nl - text) + 1 : len;
    *a = s;
    *b = e;
    trim(a, b);
    return 1;
}

/* Line and column (1-based, in bytes) of offset pos. Offsets asked for mostly grow, so the scan
 * starts from the last line found. */
static void locate(nq_reader *r, size_t pos, int *line, int *column) {
    if (pos > r->len)
        pos = r->len;
    if (pos < r->loc_start) {
        r->loc_start = 0;
        r->loc_line = 1;
    }
    for (;;) {
        const char *nl = memchr(r->text + r->loc_start, '\n', pos - r->loc_start);
        if (!nl)
            break;
        r->loc_start = (size_t)(nl - r->text) + 1;
        if (r->loc_line < INT_MAX)
            r->loc_line++;
    }
    *line = r->loc_line;
    size_t col = pos - r->loc_start + 1;
    *column = col > INT_MAX ? INT_MAX : (int)col;
}

static size_t offset(const nq_reader *r, const char *p) {
    return (size_t)(p - r->text);
}

/* Makes *item a malformed item, located at p. */
__attribute__((format(printf, 4, 5))) static void malformed(nq_reader *r, nq_item *item,
                                                            const char *p, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->msg, sizeof r->msg, fmt, ap);
    va_end(ap);
    item->kind = NQ_ITEM_MALFORMED;
    item->queens = 0;
    item->rows = item->cols = NULL;
    item->error = r->msg;
    locate(r, offset(r, p), &item->line, &item->column);
}

/* Records an unrecoverable error at p and returns NQ_EPARSE. */
__attribute__((format(printf, 3, 4))) static int fail(nq_reader *r, const char *p, const char *fmt,
                                                      ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->error, sizeof r->error, fmt, ap);
    va_end(ap);
    locate(r, offset(r, p), &r->error_line, &r->error_column);
    r->fatal = 1;
    return NQ_EPARSE;
}

/* Shows at most 20 bytes of [a, b) in a message, as printable ASCII. */
static const char *excerpt(const char *a, const char *b, char out[24]) {
    size_t k = 0;
    for (; a < b && k < 20; a++)
        out[k++] = (*a >= 32 && *a < 127) ? *a : '?';
    if (a < b && k >= 3)
        out[k - 1] = out[k - 2] = out[k - 3] = '.';
    out[k] = '\0';
    return out;
}

static int push(nq_reader *r, int row, int col) {
    if (r->nq == r->cap) {
        size_t cap = r->cap ? 2 * r->cap : 64;
        if (cap > SIZE_MAX / sizeof(int))
            return NQ_ENOMEM;
        int *rows = realloc(r->rows, cap * sizeof(int));
        if (!rows)
            return NQ_ENOMEM;
        r->rows = rows;
        int *cols = realloc(r->cols, cap * sizeof(int));
        if (!cols)
            return NQ_ENOMEM;
        r->cols = cols;
        r->cap = cap;
    }
    r->rows[r->nq] = row;
    r->cols[r->nq] = col;
    r->nq++;
    return NQ_OK;
}

static void placement(nq_reader *r, nq_item *item, int n) {
    item->kind = NQ_ITEM_PLACEMENT;
    item->n = n;
    item->queens = r->nq;
    item->rows = r->rows;
    item->cols = r->cols;
}

/* Reads a decimal number at *p (before end); a value above `cap` reads as cap + 1. Returns 0 if
 * there is no digit. */
static int read_uint(const char **p, const char *end, long long cap, long long *v) {
    const char *s = *p;
    long long x = 0;
    while (s < end && is_digit(*s)) {
        if (x <= cap)
            x = x * 10 + (*s - '0');
        s++;
    }
    if (s == *p)
        return 0;
    *v = x > cap ? cap + 1 : x;
    *p = s;
    return 1;
}

/* Reads a decimal nq_u128 at *p. Returns 0 if there is no digit, -1 on overflow. */
static int read_u128(const char **p, const char *end, nq_u128 *v) {
    const char *s = *p;
    nq_u128 x = 0;
    const nq_u128 max = ~(nq_u128)0;
    int over = 0;
    while (s < end && is_digit(*s)) {
        unsigned d = (unsigned)(*s - '0');
        if (x > (max - d) / 10)
            over = 1;
        else
            x = x * 10 + d;
        s++;
    }
    if (s == *p)
        return 0;
    *p = s;
    *v = x;
    return over ? -1 : 1;
}

/* ---- Line formats: cols, perm, pairs, count ---------------------------------------------- */

/* The numbers of a `cols` line or of the inside of a `perm` bracket, separated by blanks or
 * commas. Their count is n; the number of row i is its queen's column plus `base` (0 for cols,
 * 1 for perm), so it must lie in [base, n + base); in `cols`, -1 marks an empty row. The queens
 * go to r->rows/r->cols. Returns 0 on success, 1 after making *item malformed, -1 on NQ_ENOMEM. */
static int read_numbers(nq_reader *r, nq_item *item, const char *a, const char *b, int base,
                        const char *what) {
    r->nq = 0;
    const char *p = a;
    size_t count = 0;
    for (;;) {
        while (p < b && (is_blank(*p) || *p == ','))
            p++;
        if (p >= b)
            break;
        const char *tok = p;
        if (*p == '-')
            p++;
        long long v;
        if (!read_uint(&p, b, NQ_PARSE_MAX_N, &v) || (p < b && !is_blank(*p) && *p != ',')) {
            const char *e = tok;
            while (e < b && !is_blank(*e) && *e != ',')
                e++;
            char ex[24];
            malformed(r, item, tok, "expected a %s, got '%s'", what, excerpt(tok, e, ex));
            return 1;
        }
        count++;
        if (count > NQ_PARSE_MAX_N) {
            malformed(r, item, tok, "more than %d numbers on one line", NQ_PARSE_MAX_N);
            return 1;
        }
    }
    if (count == 0) {
        malformed(r, item, a, "no %s", "queens");
        return 1;
    }
    int n = (int)count;
    /* Second pass: range checks and the queens. */
    p = a;
    int row = 0;
    for (;;) {
        while (p < b && (is_blank(*p) || *p == ','))
            p++;
        if (p >= b)
            break;
        const char *tok = p;
        int neg = *p == '-';
        if (neg)
            p++;
        long long v = 0;
        read_uint(&p, b, NQ_PARSE_MAX_N, &v);
        long long val = neg ? -v : v;
        if (base == 0 && val == -1) {
            row++;
            continue;
        }
        if (val < base || val >= n + base) {
            char ex[24];
            /* A common slip: 1-based columns in `cols`, 0-based ones in `perm`. */
            int slip = base ? val == 0 : val == n;
            const char *hint = !slip  ? ""
                               : base ? " (perm columns are 1-based)"
                                      : " (cols columns are 0-based)";
            malformed(r, item, tok, "%s '%s' is off the board: %d queens make a %dx%d board%s",
                      what, excerpt(tok, p, ex), n, n, n, hint);
            return 1;
        }
        if (push(r, row, (int)(val - base)) != NQ_OK)
            return -1;
        row++;
    }
    placement(r, item, n);
    return 0;
}

static int read_cols_line(nq_reader *r, nq_item *item, const char *a, const char *b) {
    int rc = read_numbers(r, item, a, b, 0, "column number");
    return rc < 0 ? NQ_ENOMEM : NQ_OK;
}

/* One "[2 4 1 3 ]" at p (which is '['), ending at *after. Returns NQ_OK (item filled, possibly
 * malformed: then *after is b), or NQ_ENOMEM. */
static int read_perm(nq_reader *r, nq_item *item, const char *p, const char *b,
                     const char **after) {
    const char *close = memchr(p, ']', (size_t)(b - p));
    *after = b;
    if (!close) {
        malformed(r, item, b, "missing ']' at the end of the permutation");
        return NQ_OK;
    }
    int rc = read_numbers(r, item, p + 1, close, 1, "1-based column number");
    if (rc < 0)
        return NQ_ENOMEM;
    if (rc == 0) {
        *after = close + 1;
        locate(r, offset(r, p), &item->line, &item->column);
    }
    return NQ_OK;
}

static int read_perm_line(nq_reader *r, nq_item *item, const char *a, const char *b) {
    if (*a != '[') {
        malformed(r, item, a, "expected '[' at the start of a permutation");
        return NQ_OK;
    }
    const char *after;
    int rc = read_perm(r, item, a, b, &after);
    if (rc != NQ_OK || item->kind == NQ_ITEM_MALFORMED)
        return rc;
    while (after < b && is_blank(*after))
        after++;
    if (after < b) {
        char ex[24];
        malformed(r, item, after, "unexpected '%s' after the permutation", excerpt(after, b, ex));
    }
    return NQ_OK;
}

/* "0-1, 1-3, 2-0, 3-2, ." : row-col pairs, separated by commas, ended by an optional '.'. */
static int read_pairs_line(nq_reader *r, nq_item *item, const char *a, const char *b) {
    r->nq = 0;
    const char *p = a;
    long long maxv = 0;
    while (p < b) {
        while (p < b && is_blank(*p))
            p++;
        if (p >= b)
            break;
        if (*p == '.') {
            const char *q = p + 1;
            while (q < b && is_blank(*q))
                q++;
            if (q < b) {
                char ex[24];
                malformed(r, item, q, "unexpected '%s' after the final '.'", excerpt(q, b, ex));
                return NQ_OK;
            }
            break;
        }
        const char *tok = p;
        long long row, col;
        if (!read_uint(&p, b, NQ_PARSE_MAX_N, &row) || p >= b || *p != '-' ||
            (p++, !read_uint(&p, b, NQ_PARSE_MAX_N, &col))) {
            const char *e = tok;
            while (e < b && !is_blank(*e) && *e != ',')
                e++;
            char ex[24];
            malformed(r, item, tok, "expected a queen as ROW-COL, got '%s'", excerpt(tok, e, ex));
            return NQ_OK;
        }
        if (row >= NQ_PARSE_MAX_N || col >= NQ_PARSE_MAX_N) {
            malformed(r, item, tok, "a row or column above %d", NQ_PARSE_MAX_N - 1);
            return NQ_OK;
        }
        if (row > maxv)
            maxv = row;
        if (col > maxv)
            maxv = col;
        if (push(r, (int)row, (int)col) != NQ_OK)
            return NQ_ENOMEM;
        while (p < b && is_blank(*p))
            p++;
        if (p < b && *p == ',')
            p++;
        else if (p < b && *p != '.') {
            char ex[24];
            malformed(r, item, p, "expected ',' or '.' after a queen, got '%s'",
                      excerpt(p, p + 1, ex));
            return NQ_OK;
        }
    }
    if (r->nq == 0) {
        malformed(r, item, a, "no queens");
        return NQ_OK;
    }
    int n = r->n_hint;
    if (n == 0) {
        if (r->pairs_n == 0)
            r->pairs_n = r->nq > NQ_PARSE_MAX_N ? NQ_PARSE_MAX_N : (int)r->nq;
        n = r->pairs_n;
    }
    if (maxv >= n) {
        /* Point at the first queen off the board: the line is well formed, so read it again. */
        p = a;
        for (size_t i = 0; i < r->nq; i++) {
            while (p < b && (is_blank(*p) || *p == ','))
                p++;
            const char *tok = p;
            long long v;
            read_uint(&p, b, NQ_PARSE_MAX_N, &v);
            p++;
            read_uint(&p, b, NQ_PARSE_MAX_N, &v);
            if (r->rows[i] >= n || r->cols[i] >= n) {
                malformed(r, item, tok, "queen %d-%d is off the %dx%d board%s", r->rows[i],
                          r->cols[i], n, n,
                          r->n_hint ? "" : " (its size is the first line's number of queens)");
                return NQ_OK;
            }
        }
    }
    placement(r, item, n);
    return NQ_OK;
}

/* "COUNT" or "N COUNT". */
static int read_count_line(nq_reader *r, nq_item *item, const char *a, const char *b) {
    const char *p = a;
    nq_u128 first, second = 0;
    int rc = read_u128(&p, b, &first);
    int two = 0;
    if (rc > 0 && p < b && is_blank(*p)) {
        while (p < b && is_blank(*p))
            p++;
        const char *q = p;
        rc = read_u128(&p, b, &second);
        if (rc == 0)
            p = q;
        two = 1;
    }
    if (rc == 0 || p < b) {
        char ex[24];
        malformed(r, item, p, "expected COUNT or N COUNT, got '%s'", excerpt(a, b, ex));
        return NQ_OK;
    }
    if (rc < 0) {
        malformed(r, item, a, "a number too large for 128 bits");
        return NQ_OK;
    }
    int n = r->n_hint;
    nq_u128 total = first;
    if (two) {
        if (first < 1 || first > NQ_PARSE_MAX_N) {
            malformed(r, item, a, "board size out of range 1..%d", NQ_PARSE_MAX_N);
            return NQ_OK;
        }
        n = (int)first;
        total = second;
    }
    item->kind = NQ_ITEM_COUNT;
    item->n = n;
    item->total = total;
    return NQ_OK;
}

/* ---- jsonl (and count objects) ----------------------------------------------------------- */

typedef struct jcur {
    const char *p, *end;
} jcur;

/* Skips blanks, newlines and // comments. */
static void json_ws(jcur *j) {
    while (j->p < j->end) {
        char c = *j->p;
        if (is_blank(c) || c == '\n')
            j->p++;
        else if (c == '/' && j->p + 1 < j->end && j->p[1] == '/') {
            const char *nl = memchr(j->p, '\n', (size_t)(j->end - j->p));
            j->p = nl ? nl : j->end;
        } else
            break;
    }
}

/* Skips a JSON string at j->p (which is '"'). Returns 0 if unterminated. */
static int json_skip_string(jcur *j) {
    j->p++;
    while (j->p < j->end && *j->p != '"' && *j->p != '\n') {
        if (*j->p == '\\' && j->p + 1 < j->end)
            j->p++;
        j->p++;
    }
    if (j->p >= j->end || *j->p != '"')
        return 0;
    j->p++;
    return 1;
}

/* Skips any JSON value (for keys we do not know). Returns 0 on a syntax error. */
static int json_skip_value(jcur *j, int depth) {
    json_ws(j);
    if (j->p >= j->end || depth > JSON_MAX_DEPTH)
        return 0;
    char c = *j->p;
    if (c == '"')
        return json_skip_string(j);
    if (c == '{' || c == '[') {
        char close = c == '{' ? '}' : ']';
        j->p++;
        json_ws(j);
        if (j->p < j->end && *j->p == close) {
            j->p++;
            return 1;
        }
        for (;;) {
            if (c == '{') {
                json_ws(j);
                if (j->p >= j->end || *j->p != '"' || !json_skip_string(j))
                    return 0;
                json_ws(j);
                if (j->p >= j->end || *j->p != ':')
                    return 0;
                j->p++;
            }
            if (!json_skip_value(j, depth + 1))
                return 0;
            json_ws(j);
            if (j->p >= j->end)
                return 0;
            if (*j->p == close) {
                j->p++;
                return 1;
            }
            if (*j->p != ',')
                return 0;
            j->p++;
        }
    }
    const char *s = j->p;
    while (j->p < j->end && (is_digit(*j->p) || *j->p == '-' || *j->p == '+' || *j->p == '.' ||
                             *j->p == 'e' || *j->p == 'E' || (*j->p >= 'a' && *j->p <= 'z')))
        j->p++;
    return j->p > s;
}

/* A key at j->p: compares it with `name`. j->p ends after the closing quote. */
static int json_key_is(const char *k, const char *kend, const char *name) {
    size_t n = strlen(name);
    return (size_t)(kend - k) == n && memcmp(k, name, n) == 0;
}

/* A count: a number or a string of digits. Returns 1, 0 (syntax), -1 (overflow). */
static int json_u128(jcur *j, nq_u128 *v) {
    int quoted = j->p < j->end && *j->p == '"';
    if (quoted)
        j->p++;
    int rc = read_u128(&j->p, j->end, v);
    if (rc == 0)
        return 0;
    if (quoted) {
        if (j->p >= j->end || *j->p != '"')
            return 0;
        j->p++;
    }
    return rc;
}

/* One JSON object starting at p, possibly spanning lines: {"n":4,"cols":[1,3,0,2]} or a count
 * object {"n":8,"total":92,"unique":12,...}. Sets *after to the end of the object. */
static int read_json_object(nq_reader *r, nq_item *item, const char *p, const char **after) {
    jcur j = {p, r->text + r->len};
    long long n = -1;
    int has_cols = 0, has_total = 0, has_unique = 0;
    nq_u128 total = 0, unique = 0;
    const char *cols_at = NULL;
    r->nq = 0;
    *after = p;
    if (*j.p != '{') {
        malformed(r, item, j.p, "expected '{'");
        return NQ_OK;
    }
    j.p++;
    json_ws(&j);
    if (j.p < j.end && *j.p == '}')
        j.p++;
    else {
        for (;;) {
            json_ws(&j);
            const char *k = j.p;
            if (j.p >= j.end || *j.p != '"' || !json_skip_string(&j)) {
                malformed(r, item, k, "expected a quoted key");
                return NQ_OK;
            }
            const char *kname = k + 1, *kend = j.p - 1;
            json_ws(&j);
            if (j.p >= j.end || *j.p != ':') {
                malformed(r, item, j.p, "expected ':' after a key");
                return NQ_OK;
            }
            j.p++;
            json_ws(&j);
            const char *v = j.p;
            if (json_key_is(kname, kend, "n")) {
                if (!read_uint(&j.p, j.end, NQ_PARSE_MAX_N, &n) || n < 1 || n > NQ_PARSE_MAX_N) {
                    malformed(r, item, v, "\"n\" must be a board size from 1 to %d",
                              NQ_PARSE_MAX_N);
                    return NQ_OK;
                }
            } else if (json_key_is(kname, kend, "cols")) {
                has_cols = 1;
                cols_at = v;
                r->nq = 0;
                if (j.p >= j.end || *j.p != '[') {
                    malformed(r, item, v, "\"cols\" must be an array of column numbers");
                    return NQ_OK;
                }
                j.p++;
                json_ws(&j);
                int row = 0;
                if (j.p < j.end && *j.p == ']')
                    j.p++;
                else {
                    for (;;) {
                        json_ws(&j);
                        const char *t = j.p;
                        int neg = j.p < j.end && *j.p == '-';
                        if (neg)
                            j.p++;
                        long long c;
                        if (!read_uint(&j.p, j.end, NQ_PARSE_MAX_N, &c) || (neg && c != 1)) {
                            malformed(r, item, t, "expected a column number (or -1) in \"cols\"");
                            return NQ_OK;
                        }
                        if (row >= NQ_PARSE_MAX_N) {
                            malformed(r, item, t, "more than %d columns", NQ_PARSE_MAX_N);
                            return NQ_OK;
                        }
                        /* Range checks wait for n; -1 (empty row) is kept as a marker here. */
                        if (push(r, row, neg ? -1 : (int)c) != NQ_OK)
                            return NQ_ENOMEM;
                        row++;
                        json_ws(&j);
                        if (j.p < j.end && *j.p == ',') {
                            j.p++;
                            continue;
                        }
                        if (j.p < j.end && *j.p == ']') {
                            j.p++;
                            break;
                        }
                        malformed(r, item, j.p, "expected ',' or ']' in \"cols\"");
                        return NQ_OK;
                    }
                }
            } else if (json_key_is(kname, kend, "total") || json_key_is(kname, kend, "unique")) {
                int is_total = kname[0] == 't';
                int rc = json_u128(&j, is_total ? &total : &unique);
                if (rc <= 0) {
                    malformed(r, item, v, "%s",
                              rc < 0 ? "a count too large for 128 bits"
                                     : "a count must be a whole number");
                    return NQ_OK;
                }
                if (is_total)
                    has_total = 1;
                else
                    has_unique = 1;
            } else if (!json_skip_value(&j, 0)) {
                malformed(r, item, v, "a JSON value expected");
                return NQ_OK;
            }
            json_ws(&j);
            if (j.p < j.end && *j.p == ',') {
                j.p++;
                continue;
            }
            if (j.p < j.end && *j.p == '}') {
                j.p++;
                break;
            }
            malformed(r, item, j.p, "expected ',' or '}' in the object");
            return NQ_OK;
        }
    }
    *after = j.p;
    if (has_cols) {
        size_t len = r->nq;
        if (len == 0) {
            malformed(r, item, cols_at, "\"cols\" is empty");
            return NQ_OK;
        }
        if (n >= 0 && (size_t)n != len) {
            malformed(r, item, cols_at, "\"n\" is %lld but \"cols\" has %zu entries", n, len);
            return NQ_OK;
        }
        int size = (int)len;
        size_t k = 0;
        for (size_t i = 0; i < len; i++) {
            if (r->cols[i] == -1)
                continue;
            if (r->cols[i] >= size) {
                malformed(r, item, cols_at, "column %d of row %zu is off the %dx%d board",
                          r->cols[i], i, size, size);
                return NQ_OK;
            }
            r->rows[k] = r->rows[i];
            r->cols[k] = r->cols[i];
            k++;
        }
        r->nq = k;
        placement(r, item, size);
        locate(r, offset(r, p), &item->line, &item->column);
        return NQ_OK;
    }
    if (has_total) {
        item->kind = NQ_ITEM_COUNT;
        item->n = n > 0 ? (int)n : r->n_hint;
        item->total = total;
        item->unique = unique;
        item->has_unique = has_unique;
        locate(r, offset(r, p), &item->line, &item->column);
        return NQ_OK;
    }
    malformed(r, item, p, "an object with \"cols\" (a solution) or \"total\" (a count) expected");
    return NQ_OK;
}

/* ---- Board formats: board, grid, matrix -------------------------------------------------- */

/* The cells of one board row [a, b), trimmed: queens go to row `row`. Returns the number of
 * cells, or -1 after making *item malformed (-2 on NQ_ENOMEM). */
static long long read_cells(nq_reader *r, nq_item *item, int format, const char *a, const char *b,
                            int row) {
    long long cells = 0;
    const char *p = a;
    while (p < b) {
        char c = *p;
        const char *tok = p;
        if (format != NQ_FMT_BOARD) {
            /* grid and matrix: one-character cells separated by blanks. */
            if (p + 1 < b && !is_blank(p[1])) {
                const char *e = p;
                while (e < b && !is_blank(*e))
                    e++;
                char ex[24];
                malformed(r, item, tok, "expected one character per cell, got '%s'",
                          excerpt(tok, e, ex));
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
            char ex[24];
            malformed(r, item, tok, "unexpected '%s' in a board row (cells are %s)",
                      excerpt(tok, tok + 1, ex),
                      format == NQ_FMT_MATRIX ? "0 and 1" : "'Q' and '.' or '_'");
            return -1;
        }
        if (cells >= NQ_PARSE_MAX_N) {
            malformed(r, item, tok, "a board row longer than %d cells", NQ_PARSE_MAX_N);
            return -1;
        }
        if (queen && push(r, row, (int)cells) != NQ_OK)
            return -2;
        cells++;
        p++;
        if (format != NQ_FMT_BOARD)
            while (p < b && is_blank(*p))
                p++;
    }
    return cells;
}

/* Skips the rest of a block: up to the next blank line. */
static void skip_block(nq_reader *r) {
    const char *a, *b;
    size_t next;
    while (get_line(r->text, r->len, r->pos, &a, &b, &next)) {
        r->pos = next;
        if (a == b)
            break;
    }
}

static int read_board(nq_reader *r, nq_item *item, int format) {
    const char *a, *b;
    size_t next;
    /* Skip blank lines to the board's first row. */
    for (;;) {
        if (!get_line(r->text, r->len, r->pos, &a, &b, &next))
            return NQ_DONE;
        r->pos = next;
        if (a < b)
            break;
    }
    r->nq = 0;
    const char *start = a;
    long long w = read_cells(r, item, format, a, b, 0);
    if (w < 0) {
        skip_block(r);
        return w == -2 ? NQ_ENOMEM : NQ_OK;
    }
    for (long long row = 1; row < w; row++) {
        if (!get_line(r->text, r->len, r->pos, &a, &b, &next) || a == b) {
            malformed(r, item, start, "a board of %lld rows of %lld cells (a board is square)", row,
                      w);
            return NQ_OK;
        }
        r->pos = next;
        long long k = read_cells(r, item, format, a, b, (int)row);
        if (k < 0) {
            skip_block(r);
            return k == -2 ? NQ_ENOMEM : NQ_OK;
        }
        if (k != w) {
            malformed(r, item, a, "a row of %lld cells in a board whose first row has %lld", k, w);
            skip_block(r);
            return NQ_OK;
        }
    }
    placement(r, item, (int)w);
    locate(r, offset(r, start), &item->line, &item->column);
    return NQ_OK;
}

/* ---- json: the LeetCode shape [[".Q..","...Q","Q...","..Q."], ...] ----------------------- */

/* One board: an array of strings at j->p ('['). Structural errors are fatal; bad cells make the
 * item malformed (the first one is reported) while the structure is read on. */
static int read_json_board(nq_reader *r, nq_item *item, jcur *j) {
    const char *start = j->p;
    const char *bad = NULL;
    char badmsg[160] = "";
    long long w = -1, rows = 0;
    r->nq = 0;
    j->p++;
    for (;;) {
        json_ws(j);
        if (j->p >= j->end)
            return fail(r, j->p, "the JSON text ends inside a board");
        if (*j->p == ']') {
            j->p++;
            break;
        }
        if (*j->p != '"') {
            char ex[24];
            return fail(r, j->p, "expected a quoted board row, got '%s'",
                        excerpt(j->p, j->p + 1, ex));
        }
        const char *s = ++j->p;
        long long cells = 0;
        while (j->p < j->end && *j->p != '"' && *j->p != '\n') {
            char c = *j->p;
            if (c == '\\') {
                if (!bad) {
                    bad = j->p;
                    snprintf(badmsg, sizeof badmsg, "an escape in a board row");
                }
                if (j->p + 1 < j->end && j->p[1] != '\n')
                    j->p++;
            } else if (c == 'Q') {
                if (!bad && cells < NQ_PARSE_MAX_N && rows < NQ_PARSE_MAX_N &&
                    push(r, (int)rows, (int)cells) != NQ_OK)
                    return NQ_ENOMEM;
            } else if (c != '.' && c != '_' && !bad) {
                bad = j->p;
                char ex[24];
                snprintf(badmsg, sizeof badmsg,
                         "unexpected '%s' in a board row (cells are 'Q' and '.')",
                         excerpt(j->p, j->p + 1, ex));
            }
            cells++;
            j->p++;
        }
        if (j->p >= j->end || *j->p != '"')
            return fail(r, s - 1, "unterminated string");
        j->p++;
        if (!bad && (cells == 0 || cells > NQ_PARSE_MAX_N)) {
            bad = s;
            snprintf(badmsg, sizeof badmsg, "a board row of %lld cells", cells);
        }
        if (!bad && w >= 0 && cells != w) {
            bad = s;
            snprintf(badmsg, sizeof badmsg,
                     "a row of %lld cells in a board whose first row has %lld", cells, w);
        }
        if (w < 0)
            w = cells;
        rows++;
        json_ws(j);
        if (j->p < j->end && *j->p == ',') {
            j->p++;
            continue;
        }
        if (j->p < j->end && *j->p == ']') {
            j->p++;
            break;
        }
        return fail(r, j->p, "expected ',' or ']' after a board row");
    }
    if (!bad && rows != w) {
        bad = start;
        snprintf(badmsg, sizeof badmsg, "a board of %lld rows of %lld cells (a board is square)",
                 rows, w < 0 ? 0 : w);
    }
    if (bad) {
        malformed(r, item, bad, "%s", badmsg);
        return NQ_OK;
    }
    placement(r, item, (int)w);
    locate(r, offset(r, start), &item->line, &item->column);
    return NQ_OK;
}

static int read_json(nq_reader *r, nq_item *item) {
    jcur j = {r->text + r->pos, r->text + r->len};
    if (r->json_state == JSON_START) {
        json_ws(&j);
        if (j.p >= j.end) {
            r->json_state = JSON_END;
            r->pos = r->len;
            return NQ_DONE;
        }
        if (*j.p != '[')
            return fail(r, j.p, "expected '[' at the start of a JSON list of boards");
        const char *open = j.p;
        j.p++;
        json_ws(&j);
        if (j.p < j.end && *j.p == '"') {
            /* A single board: the top-level array is the board itself. */
            j.p = open;
            int rc = read_json_board(r, item, &j);
            if (rc != NQ_OK)
                return rc;
            r->json_state = JSON_END;
            r->pos = offset(r, j.p);
            json_ws(&j);
            if (j.p < j.end)
                return fail(r, j.p, "text after the end of the JSON array");
            return NQ_OK;
        }
        r->json_state = JSON_LIST;
        r->pos = offset(r, j.p);
    }
    if (r->json_state == JSON_END)
        return NQ_DONE;
    json_ws(&j);
    if (j.p < j.end && r->json_items > 0 && *j.p == ',') {
        j.p++;
        json_ws(&j);
    } else if (j.p < j.end && r->json_items > 0 && *j.p != ']')
        return fail(r, j.p, "expected ',' or ']' after a board");
    if (j.p >= j.end)
        return fail(r, j.p, "the JSON text ends before its closing ']'");
    if (*j.p == ']') {
        j.p++;
        json_ws(&j);
        r->json_state = JSON_END;
        r->pos = offset(r, j.p);
        if (j.p < j.end)
            return fail(r, j.p, "text after the end of the JSON array");
        return NQ_DONE;
    }
    if (*j.p != '[') {
        char ex[24];
        return fail(r, j.p, "expected a board (an array of strings), got '%s'",
                    excerpt(j.p, j.p + 1, ex));
    }
    int rc = read_json_board(r, item, &j);
    if (rc != NQ_OK)
        return rc;
    r->json_items++;
    r->pos = offset(r, j.p);
    return NQ_OK;
}

/* ---- Detection ------------------------------------------------------------------------- */

/* Does [a, b) hold only integer tokens (blank or comma separated)? Sets *count and *binary (every
 * token is 0 or 1). */
static int all_integers(const char *a, const char *b, long long *count, int *binary,
                        long long *ones) {
    *count = 0;
    *binary = 1;
    *ones = 0;
    const char *p = a;
    while (p < b) {
        while (p < b && (is_blank(*p) || *p == ','))
            p++;
        if (p >= b)
            break;
        const char *t = p;
        if (*p == '-')
            p++;
        const char *d = p;
        while (p < b && is_digit(*p))
            p++;
        if (p == d || (p < b && !is_blank(*p) && *p != ','))
            return 0;
        if (!(p - t == 1 && (*t == '0' || *t == '1')))
            *binary = 0;
        else
            *ones += *t == '1';
        (*count)++;
    }
    return 1;
}

/* Is the block whose first line (w tokens, all 0 or 1, `ones` of them 1) ends at `next` a
 * `matrix` board: w >= 2 lines of w such tokens, with a 1 somewhere, then a blank line, the end,
 * or another such line? (A `cols` line of n >= 3 zeros and ones is never a solution.) */
static int looks_like_matrix(const char *text, size_t len, size_t next, long long w,
                             long long ones) {
    if (w < 2)
        return 0;
    const char *a, *b;
    for (long long i = 1; i <= w; i++) {
        if (!get_line(text, len, next, &a, &b, &next) || a == b)
            return i == w && ones > 0;
        long long k, o;
        int binary;
        if (!all_integers(a, b, &k, &binary, &o) || !binary || k != w)
            return 0;
        if (i < w)
            ones += o;
    }
    return ones > 0;
}

/* Length of a UTF-8 byte order mark at the start of a text (editors on Windows write one). */
static size_t bom_length(const char *text, size_t len) {
    return len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
}

int nq_input_detect(const char *text, size_t len, int n_hint, int *format, int *line) {
    if ((!text && len) || !format)
        return NQ_EINVAL;
    size_t bom = bom_length(text, len);
    text += bom;
    len -= bom;
    const char *a = NULL, *b = NULL;
    size_t pos = 0, next = 0;
    int ln = 0;
    for (;;) {
        if (!get_line(text, len, pos, &a, &b, &next)) {
            *format = NQ_FMT_COLS; /* nothing but blanks: an empty list */
            return NQ_OK;
        }
        ln++;
        pos = next;
        if (a < b)
            break;
    }
    if (line)
        *line = ln;
    if (*a == '[') {
        jcur j = {a + 1, text + len};
        json_ws(&j);
        if (j.p >= j.end || *j.p == '[' || *j.p == '"' || *j.p == ']') {
            *format = NQ_FMT_JSON;
            return NQ_OK;
        }
        /* perm, or a `cases` output: two permutations on a line, or a "-1" line. */
        size_t p = (size_t)(a - text);
        while (get_line(text, len, p, &a, &b, &next)) {
            p = next;
            int closes = 0;
            for (const char *q = a; q < b; q++)
                closes += *q == ']';
            if (closes > 1 || (b - a == 2 && a[0] == '-' && a[1] == '1')) {
                *format = NQ_INPUT_CASES;
                return NQ_OK;
            }
        }
        *format = NQ_FMT_PERM;
        return NQ_OK;
    }
    if (*a == '{') {
        *format = NQ_FMT_JSONL;
        return NQ_OK;
    }
    if (*a == '/' && b - a > 1 && a[1] == '/') {
        *format = NQ_FMT_JSON;
        return NQ_OK;
    }
    if (b - a == 2 && a[0] == '-' && a[1] == '1') {
        *format = NQ_INPUT_CASES;
        return NQ_OK;
    }
    for (const char *q = a; q + 2 < b; q++) {
        if (is_digit(q[0]) && q[1] == '-' && is_digit(q[2])) {
            *format = NQ_FMT_PAIRS;
            return NQ_OK;
        }
    }
    int board = 1, grid = 1;
    for (const char *q = a; q < b; q++) {
        int cell = *q == '.' || *q == '_' || *q == 'Q';
        if (!cell)
            board = 0;
        /* grid: a cell at even offsets, blanks between. */
        if (((q - a) % 2 == 0) ? !cell : !is_blank(*q))
            grid = 0;
    }
    if (board) {
        *format = NQ_FMT_BOARD;
        return NQ_OK;
    }
    if (grid) {
        *format = NQ_FMT_GRID;
        return NQ_OK;
    }
    long long count, ones;
    int binary;
    if (all_integers(a, b, &count, &binary, &ones)) {
        if (count == 1) {
            const char *a2, *b2;
            size_t p = next, nx;
            int alone = 1;
            while (get_line(text, len, p, &a2, &b2, &nx)) {
                p = nx;
                if (a2 < b2) {
                    alone = 0;
                    break;
                }
            }
            int zero = b - a == 1 && *a == '0';
            if (alone && n_hint >= 1 && !(zero && n_hint == 1)) {
                *format = NQ_INPUT_COUNT;
                return NQ_OK;
            }
            /* "1" and a blank line is how the matrix writer prints the solution of n = 1. */
            if (alone && b - a == 1 && *a == '1' && get_line(text, len, next, &a2, &b2, &nx)) {
                *format = NQ_FMT_MATRIX;
                return NQ_OK;
            }
            if (alone && !zero && *a != '-')
                return NQ_EPARSE; /* a lone number with no size: a count claim needs n */
        }
        if (binary && looks_like_matrix(text, len, next, count, ones)) {
            *format = NQ_FMT_MATRIX;
            return NQ_OK;
        }
        *format = NQ_FMT_COLS;
        return NQ_OK;
    }
    return NQ_EPARSE;
}

/* ---- The reader ---------------------------------------------------------------------------- */

int nq_reader_new(const char *text, size_t len, int format, int n_hint, nq_reader **out) {
    if (!out || (!text && len) || n_hint < 0 || n_hint > NQ_PARSE_MAX_N)
        return NQ_EINVAL;
    if (format != NQ_INPUT_AUTO && format != NQ_INPUT_CASES && format != NQ_INPUT_COUNT &&
        !(format >= NQ_FMT_COLS && format <= NQ_FMT_MATRIX))
        return NQ_EINVAL;
    nq_reader *r = calloc(1, sizeof *r);
    if (!r)
        return NQ_ENOMEM;
    r->text = text ? text : "";
    r->len = len;
    r->n_hint = n_hint;
    r->loc_line = 1;
    r->format = format;
    r->pos = bom_length(r->text, len);
    if (format == NQ_INPUT_AUTO) {
        int line = 1;
        r->format = NQ_FMT_COLS;
        if (nq_input_detect(r->text, len, n_hint, &r->format, &line) != NQ_OK) {
            const char *a = r->text, *b = r->text;
            size_t pos = 0, next;
            for (int i = 1; get_line(r->text, len, pos, &a, &b, &next); i++, pos = next)
                if (i == line)
                    break;
            long long k, ones;
            int binary;
            if (all_integers(a, b, &k, &binary, &ones))
                fail(r, a,
                     "a lone number: give --n N to check it as the number of solutions of "
                     "N, or --format cols");
            else {
                char ex[24];
                fail(r, a, "cannot tell the format of '%s': give --format", excerpt(a, b, ex));
            }
        }
    }
    *out = r;
    return NQ_OK;
}

int nq_reader_format(const nq_reader *r) {
    return r ? r->format : NQ_INPUT_AUTO;
}

const char *nq_reader_error(const nq_reader *r, int *line, int *column) {
    if (line)
        *line = r && r->fatal ? r->error_line : 0;
    if (column)
        *column = r && r->fatal ? r->error_column : 0;
    return r && r->fatal ? r->error : "";
}

/* `cases`: the next item of the current line, or of the next non-blank line. */
static int read_case(nq_reader *r, nq_item *item) {
    const char *a, *b;
    size_t next;
    if (!r->in_case) {
        for (;;) {
            if (!get_line(r->text, r->len, r->pos, &a, &b, &next))
                return NQ_DONE;
            r->pos = next;
            if (a < b)
                break;
        }
        r->in_case = 1;
        r->case_pos = offset(r, a);
        r->case_end = offset(r, b);
        r->case_line_group = r->group++;
        item->group = r->case_line_group;
        if (b - a == 2 && a[0] == '-' && a[1] == '1') {
            r->in_case = 0;
            item->kind = NQ_ITEM_NONE;
            item->n = r->n_hint;
            locate(r, offset(r, a), &item->line, &item->column);
            return NQ_OK;
        }
    }
    item->group = r->case_line_group;
    a = r->text + r->case_pos;
    b = r->text + r->case_end;
    if (*a != '[') {
        char ex[24];
        malformed(r, item, a, "expected '[' or -1, got '%s'", excerpt(a, b, ex));
        r->in_case = 0;
        return NQ_OK;
    }
    const char *after;
    int rc = read_perm(r, item, a, b, &after);
    if (rc != NQ_OK)
        return rc;
    while (after < b && is_blank(*after))
        after++;
    if (item->kind == NQ_ITEM_MALFORMED || after >= b)
        r->in_case = 0;
    else
        r->case_pos = offset(r, after);
    return NQ_OK;
}

int nq_reader_next(nq_reader *r, nq_item *item) {
    if (!r || !item)
        return NQ_EINVAL;
    if (r->fatal)
        return NQ_EPARSE;
    memset(item, 0, sizeof *item);
    switch (r->format) {
    case NQ_FMT_BOARD:
    case NQ_FMT_GRID:
    case NQ_FMT_MATRIX:
        return read_board(r, item, r->format);
    case NQ_FMT_JSON:
        return read_json(r, item);
    case NQ_INPUT_CASES:
        return read_case(r, item);
    default:
        break;
    }
    const char *a, *b;
    size_t next;
    for (;;) {
        if (!get_line(r->text, r->len, r->pos, &a, &b, &next))
            return NQ_DONE;
        if (a < b)
            break;
        r->pos = next;
    }
    int rc;
    if (r->format == NQ_FMT_JSONL) {
        const char *after;
        rc = read_json_object(r, item, a, &after);
        if (rc != NQ_OK)
            return rc;
        if (item->kind == NQ_ITEM_MALFORMED) {
            r->pos = next; /* go on at the next line */
            return NQ_OK;
        }
        /* The object may span lines; the rest of its last line must be blank. */
        const char *la, *lb;
        size_t lnext;
        size_t at = offset(r, after);
        const char *nl = memchr(after, '\n', r->len - at);
        lnext = nl ? (size_t)(nl - r->text) + 1 : r->len;
        la = after;
        lb = nl ? nl : r->text + r->len;
        trim(&la, &lb);
        r->pos = lnext;
        if (la < lb) {
            char ex[24];
            malformed(r, item, la, "unexpected '%s' after the object", excerpt(la, lb, ex));
        }
        return NQ_OK;
    }
    r->pos = next;
    locate(r, offset(r, a), &item->line, &item->column);
    switch (r->format) {
    case NQ_FMT_PAIRS:
        rc = read_pairs_line(r, item, a, b);
        break;
    case NQ_FMT_PERM:
        rc = read_perm_line(r, item, a, b);
        break;
    case NQ_INPUT_COUNT:
        rc = read_count_line(r, item, a, b);
        break;
    default:
        rc = read_cols_line(r, item, a, b);
        break;
    }
    return rc;
}

void nq_reader_free(nq_reader *r) {
    if (!r)
        return;
    free(r->rows);
    free(r->cols);
    free(r);
}
