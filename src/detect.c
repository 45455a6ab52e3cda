/*
 * detect.c: the names of the input formats, and the detection of a text's format from its first
 * non-blank line (and, where one line cannot tell, from the shape of the lines after it): the
 * first character tells the JSON formats, permutations and `cases`; a "3-1" tells pairs; the cells
 * tell board and grid; lines of integers are cols, matrix (0/1 boards) or count claims (a lone
 * number with a size given, or two numbers "N COUNT").
 */
#include <string.h>

#include "readers.h"
#include "scan.h"

static const char *const detect_names[] = {"cols",  "pairs", "board", "json",
                                           "jsonl", "grid",  "perm",  "matrix"};

const char *nq_input_name(int format) {
    if (format >= NQ_FMT_COLS && format <= NQ_FMT_MATRIX)
        return detect_names[format];
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
        if (strcmp(name, detect_names[i]) == 0) {
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

/* Does [a, b) hold only integer tokens (blank or comma separated)? Sets *count and *binary (every
 * token is 0 or 1). */
int detect_all_integers(const char *a, const char *b, long long *count, int *binary,
                        long long *ones) {
    *count = 0;
    *binary = 1;
    *ones = 0;
    const char *p = a;
    while (p < b) {
        while (p < b && (scan_is_blank(*p) || *p == ','))
            p++;
        if (p >= b)
            break;
        const char *t = p;
        if (*p == '-')
            p++;
        const char *d = p;
        while (p < b && scan_is_digit(*p))
            p++;
        if (p == d || (p < b && !scan_is_blank(*p) && *p != ','))
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
 * or another such line? (A `cols` line of n >= 3 zeros and ones is never a solution.) Without
 * eof, the text is only the beginning of the input: a board that goes on beyond it is judged by
 * its lines so far. */
static int detect_matrix_shape(const char *text, size_t len, int eof, size_t next, long long w,
                               long long ones) {
    if (w < 2)
        return 0;
    const char *a, *b;
    for (long long i = 1; i <= w; i++) {
        size_t at = next;
        if (!eof && (at >= len || !memchr(text + at, '\n', len - at)))
            return ones > 0; /* the rest of the board is beyond what can be seen */
        if (!scan_line(text, len, next, &a, &b, &next) || a == b)
            return i == w && ones > 0;
        long long k, o;
        int binary;
        if (!detect_all_integers(a, b, &k, &binary, &o) || !binary || k != w)
            return 0;
        if (i < w)
            ones += o;
    }
    return ones > 0;
}

/* Is the line [a, b) the permutation of n = 1, "[1 ]" (or "[1]", "[ 1 ]", "[1,]")? */
static int detect_is_one(const char *a, const char *b) {
    if (a == b || *a != '[' || b[-1] != ']')
        return 0;
    long long count, ones;
    int binary;
    return detect_all_integers(a + 1, b - 1, &count, &binary, &ones) && count == 1 && ones == 1;
}

/* Skips blanks, newlines and // comments (as a JSON list of boards may have them). */
static const char *detect_json_space(const char *p, const char *end) {
    while (p < end) {
        if (scan_is_blank(*p) || *p == '\n')
            p++;
        else if (*p == '/' && p + 1 < end && p[1] == '/') {
            const char *nl = memchr(p, '\n', (size_t)(end - p));
            p = nl ? nl : end;
        } else
            break;
    }
    return p;
}

int nq_input_detect(const char *text, size_t len, int n_hint, int *format, int *line) {
    if ((!text && len) || !format || n_hint < 0 || n_hint > NQ_PARSE_MAX_N)
        return NQ_EINVAL;
    if (!text)
        text = ""; /* NULL with len 0: no pointer arithmetic on NULL (UBSan) */
    size_t bom = scan_bom_length(text, len);
    return detect_format(text + bom, len - bom, 1, n_hint, format, NULL, line);
}

/* Is [a, b) the "-1" that `cases` prints for a case with no solution? */
static int detect_is_none(const char *a, const char *b) {
    return b - a == 2 && a[0] == '-' && a[1] == '1';
}

/* The formats that `cases --format` writes besides perm, whose cases follow each other with no
 * line of their own (a case ends at a "-1", where the size changes, or where the order of the
 * solutions starts again). */
static int detect_cases_writes(int format) {
    return format == NQ_FMT_COLS || format == NQ_FMT_PAIRS || format == NQ_FMT_BOARD ||
           format == NQ_FMT_GRID || format == NQ_FMT_MATRIX || format == NQ_FMT_JSONL;
}

static int detect_first(const char *text, size_t len, int eof, int n_hint, int *format, int *line);

int detect_cases_format(const char *text, size_t len, int eof, int n_hint) {
    const char *a, *b;
    size_t pos = 0, next;
    int lone = 0; /* the board of n = 1 as board or grid ("Q"), or matrix ("1") */
    while (scan_line(text, len, pos, &a, &b, &next)) {
        if (b - a == 1 && (*a == 'Q' || *a == '1') && !lone) {
            lone = *a; /* which of board, grid and matrix it is: the next case will tell */
        } else if (a < b && !detect_is_none(a, b) && !(b - a == 1 && *a == lone)) {
            int f;
            if (*a == '[' ||
                detect_first(text + (a - text), len - (size_t)(a - text), eof, n_hint, &f, NULL) !=
                    NQ_OK ||
                !detect_cases_writes(f))
                return NQ_INPUT_CASES;
            return f;
        }
        pos = next;
    }
    return lone == 'Q' ? NQ_FMT_BOARD : lone == '1' ? NQ_FMT_MATRIX : NQ_INPUT_CASES;
}

int detect_format(const char *text, size_t len, int eof, int n_hint, int *format, int *cases_of,
                  int *line) {
    int f, rc = detect_first(text, len, eof, n_hint, &f, line);
    if (rc != NQ_OK)
        return rc;
    int of = NQ_INPUT_CASES;
    if (f == NQ_INPUT_CASES) {
        of = detect_cases_format(text, len, eof, n_hint);
    } else if (detect_cases_writes(f)) {
        /* A "-1" line among solutions: only `cases` writes one (in `cols` it would be a board of
         * one row and no queen, never a solution). */
        const char *a, *b;
        size_t pos = 0, next;
        while (scan_line(text, len, pos, &a, &b, &next) && of == NQ_INPUT_CASES) {
            if (detect_is_none(a, b))
                of = f;
            pos = next;
        }
        if (of != NQ_INPUT_CASES) {
            /* Their format, from a line that tells it (not "Q" or "1", the board of n = 1). */
            int g = detect_cases_format(text, len, eof, n_hint);
            of = g == NQ_INPUT_CASES ? f : g;
            f = NQ_INPUT_CASES;
        }
    }
    *format = f;
    if (cases_of)
        *cases_of = of;
    return NQ_OK;
}

/* The format of a text from its first non-blank line (and its shape); `cases` is told by its
 * permutations or a first line "-1". */
static int detect_first(const char *text, size_t len, int eof, int n_hint, int *format, int *line) {
    const char *a = NULL, *b = NULL;
    size_t pos = 0, next = 0;
    int ln = 0;
    for (;;) {
        if (!scan_line(text, len, pos, &a, &b, &next)) {
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
        const char *first = detect_json_space(a + 1, text + len);
        if (first >= text + len || *first == '[' || *first == '"' || *first == ']') {
            *format = NQ_FMT_JSON;
            return NQ_OK;
        }
        /* perm, or a `cases` output: two permutations on a line, a "-1" line, or the lone
         * permutation of n = 1 with other lines. A case of n = 1 is the one case line with a
         * single permutation, so `cases` with 1 1 prints "[1 ]" twice, while a `perm` list
         * with [1 ] and anything else is never right (the list of n = 1 is that one line). */
        size_t p = (size_t)(a - text);
        int lines = 0, one = 0;
        while (scan_line(text, len, p, &a, &b, &next)) {
            p = next;
            if (a == b)
                continue;
            int closes = 0;
            for (const char *q = a; q < b; q++)
                closes += *q == ']';
            lines++;
            one |= detect_is_one(a, b);
            if (closes > 1 || (b - a == 2 && a[0] == '-' && a[1] == '1') || (one && lines > 1)) {
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
        if (scan_is_digit(q[0]) && q[1] == '-' && scan_is_digit(q[2])) {
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
        if (((q - a) % 2 == 0) ? !cell : !scan_is_blank(*q))
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
    if (detect_all_integers(a, b, &count, &binary, &ones)) {
        if (count == 1) {
            const char *a2, *b2;
            size_t p = next, nx;
            int alone = 1;
            while (scan_line(text, len, p, &a2, &b2, &nx)) {
                p = nx;
                if (a2 < b2) {
                    alone = 0;
                    break;
                }
            }
            int zero = b - a == 1 && *a == '0';
            alone = alone && eof; /* more may follow what can be seen */
            /* "1" and a blank line is how the matrix writer prints the solution of n = 1. */
            int matrix1 =
                alone && b - a == 1 && *a == '1' && scan_line(text, len, next, &a2, &b2, &nx);
            /* With n = 1 insisted on, "0" and the matrix's "1" are the solution of n = 1 (as
             * written by cols and matrix), not a claim: `check --all --n 1` holds them to be
             * the whole list, where it refuses claims. */
            if (alone && n_hint >= 1 && !((zero || matrix1) && n_hint == 1)) {
                *format = NQ_INPUT_COUNT;
                return NQ_OK;
            }
            if (matrix1) {
                *format = NQ_FMT_MATRIX;
                return NQ_OK;
            }
            if (alone && !zero && *a != '-')
                return NQ_EPARSE; /* a lone number with no size: a count claim needs n */
        }
        if (binary && detect_matrix_shape(text, len, eof, next, count, ones)) {
            *format = NQ_FMT_MATRIX;
            return NQ_OK;
        }
        /* Two numbers, "8 92": a count claim "N COUNT" (a `cols` line of two queens is never a
         * solution: n = 2 has none). */
        if (count == 2 && !memchr(a, '-', (size_t)(b - a)) && !memchr(a, ',', (size_t)(b - a))) {
            *format = NQ_INPUT_COUNT;
            return NQ_OK;
        }
        *format = NQ_FMT_COLS;
        return NQ_OK;
    }
    return NQ_EPARSE;
}
