/*
 * read_json.c: the readers of the JSON formats, through yajl (a streaming, event-based JSON
 * parser, Debian's libyajl-dev): `json`, one array of boards as LeetCode prints them
 * ([[".Q..","...Q","Q...","..Q."], ...], // comments allowed, or a single board), and `jsonl`,
 * one object a line ({"n":4,"cols":[1,3,0,2]}, or a count claim {"n":8,"total":92,...}).
 *
 * yajl parses the text in chunks of JSON_CHUNK bytes and calls back for every token; the
 * callbacks build the items of the chunk and queue them, and nq_reader_next() hands them out one
 * at a time, feeding the next chunk when the queue is empty. So memory stays bounded by one chunk's
 * items (and one board) however long the listing is, and the input could as well come in pieces.
 * Numbers are taken as text (yajl's number callback), so counts keep all of their 128 bits.
 *
 * In `json` a broken structure ends the reading (NQ_EPARSE with its line and column: yajl's own
 * message, or ours when a board is not an array of strings), while a board with bad cells, rows of
 * different lengths or a shape that is not square is a malformed item and reading goes on. In
 * `jsonl` each object stands alone: an object that is not JSON, or whose fields are wrong, or that
 * has more text after it on its last line, is a malformed item, and reading goes on at the line
 * after the one where that object began, with a fresh parser (yajl stops at its first error).
 * Escapes in strings are decoded as JSON says ("\u0051" is a queen).
 */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yajl/yajl_parse.h>

#include "readers.h"
#include "scan.h"

/* Bytes given to yajl at a time (the fuzzer builds with a small odd chunk, so that boards and
 * objects cut by a chunk boundary are common). */
#ifndef JSON_CHUNK
#define JSON_CHUNK 4096
#endif

enum { MODE_UNKNOWN, MODE_LIST, MODE_SINGLE }; /* json: a list of boards, or one board */
/* jsonl: the key being read. KEY_TOTAL .. KEY_ORBIT1 are in the order of the NQ_CLAIM_* bits. */
enum {
    KEY_OTHER,
    KEY_N,
    KEY_COLS,
    KEY_TOTAL,
    KEY_UNIQUE,
    KEY_ORBIT8,
    KEY_ORBIT4,
    KEY_ORBIT2,
    KEY_ORBIT1
};

/* The longest list of the other fields of a count claim kept for its message. */
#define JSON_OTHER_MAX 96

/* An item read from the current chunk, waiting to be handed out. */
typedef struct json_item {
    nq_item_kind kind;
    int n;
    size_t first, queens; /* its queens: [first, first + queens) of the reader's rows and cols */
    nq_u128 counts[6];    /* a count claim: total, unique, orbit8, orbit4, orbit2, orbit1 */
    unsigned fields;      /* ... the NQ_CLAIM_* bits of those it names */
    char other[JSON_OTHER_MAX]; /* ... the names of its other fields, or "" */
    size_t at;     /* offset of the item: its '[' or '{', or (malformed) of what is wrong */
    char msg[120]; /* malformed: what is wrong */
} json_item;

struct json_state {
    nq_reader *r;
    yajl_handle h;
    int jsonl;        /* 1: a stream of objects, 0: one list of boards */
    size_t chunk;     /* offset of the chunk being parsed */
    size_t fed;       /* offset up to which the text was given to yajl */
    int ended;        /* the parse was completed (yajl_complete_parse): no more items */
    int depth;        /* open arrays and objects */
    json_item *queue; /* items of the chunk not yet handed out: [head, len) */
    size_t head, len, cap;
    size_t item_first; /* the queens of the board or object being read start here */
    /* json */
    int mode;
    size_t top_at;     /* the top-level '[' */
    int closed;        /* the top-level array is closed */
    size_t closed_at;  /* just after its ']' */
    size_t board_at;   /* the current board's '[' */
    long long rows, w; /* its rows so far, and the cells of its first row (-1: none yet) */
    size_t bad_at;     /* the first thing wrong with it, if bad[0] */
    char bad[120];
    /* jsonl */
    size_t obj_at; /* the current object's '{' (or the start of a top-level value that is not) */
    int key;       /* what the value being read is */
    long long n;   /* "n", or -1 */
    int has_cols;
    unsigned fields;   /* the NQ_CLAIM_* bits of the counts read */
    size_t cols_at;    /* the '[' of "cols" */
    int cols_row;      /* entries of "cols" so far */
    nq_u128 counts[6]; /* total, unique, orbit8, orbit4, orbit2, orbit1, where fields says */
    char other[JSON_OTHER_MAX]; /* the names of the other keys, comma-separated */
    size_t restart;    /* after a malformed object: where a fresh parser starts (0: none) */
    size_t value_end;  /* just after the last complete top-level value */
    int junk_after;    /* a stream dropped a byte other than a blank after value_end */
    size_t last_event; /* just after the last token yajl reported (a token not yet complete
                          starts after it: a stream keeps it) */
    /* an unrecoverable error (json), reported once the items before it are handed out */
    int fatal;
    size_t fatal_at;
    char fatal_msg[160];
};

/* Offset in the text just after the token yajl is calling back for. */
static size_t json_here(const json_state *st) {
    return st->chunk + yajl_get_bytes_consumed(st->h);
}

/* Notes that yajl reported a token (every callback calls it). */
static void json_event(json_state *st) {
    st->last_event = json_here(st);
}

static json_item *json_push_item(json_state *st, nq_item_kind kind, size_t at) {
    if (st->len == st->cap) {
        size_t cap = st->cap ? 2 * st->cap : 16;
        json_item *q = realloc(st->queue, cap * sizeof *q);
        if (!q)
            return NULL;
        st->queue = q;
        st->cap = cap;
    }
    json_item *it = &st->queue[st->len++];
    memset(it, 0, sizeof *it);
    it->kind = kind;
    it->at = at;
    it->first = st->item_first = st->r->nq;
    return it;
}

/* Queues a malformed item; returns 1 to go on, 0 (out of memory) to stop yajl. */
__attribute__((format(printf, 3, 4))) static int json_malformed(json_state *st, size_t at,
                                                                const char *fmt, ...) {
    json_item *it = json_push_item(st, NQ_ITEM_MALFORMED, at);
    if (!it)
        return 0;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(it->msg, sizeof it->msg, fmt, ap);
    va_end(ap);
    return 1;
}

/* Records an unrecoverable error (json) and returns 0, which stops yajl. */
__attribute__((format(printf, 3, 4))) static int json_fatal(json_state *st, size_t at,
                                                            const char *fmt, ...) {
    if (!st->fatal) {
        st->fatal = 1;
        st->fatal_at = at;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(st->fatal_msg, sizeof st->fatal_msg, fmt, ap);
        va_end(ap);
    }
    return 0;
}

/* Notes the first thing wrong with the current board or object. */
__attribute__((format(printf, 3, 4))) static void json_bad(json_state *st, size_t at,
                                                           const char *fmt, ...) {
    if (st->bad[0])
        return;
    st->bad_at = at;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(st->bad, sizeof st->bad, fmt, ap);
    va_end(ap);
}

/* A whole unsigned decimal number in [s, s + len), as a count; 1, 0 (not one), -1 (overflow). */
static int json_count(const char *s, size_t len, nq_u128 *v) {
    const char *p = s;
    int rc = scan_u128(&p, s + len, v);
    return p == s + len ? rc : 0;
}

/* ---- json: a list of boards ---------------------------------------------------------------- */

static void board_start(json_state *st, size_t at) {
    st->board_at = at;
    st->rows = 0;
    st->w = -1;
    st->bad[0] = '\0';
    st->item_first = st->r->nq;
}

/* One row of the current board: the string s of len bytes, which ended at offset end. */
static int board_row(json_state *st, const unsigned char *s, size_t len, size_t end) {
    nq_reader *r = st->r;
    /* Where the row's text starts, for a message: exact unless the string had escapes. */
    size_t start = end >= len + 2 && r->text[end - len - 2] == '"' ? end - len - 1 : end;
    long long cells = (long long)len;
    for (size_t i = 0; i < len; i++) {
        char c = (char)s[i];
        if (c == 'Q') {
            if (!st->bad[0] && cells <= NQ_PARSE_MAX_N && st->rows < NQ_PARSE_MAX_N &&
                scan_push(r, (int)st->rows, (int)i) != NQ_OK)
                return 0;
        } else if (c != '.' && c != '_') {
            char ex[SCAN_EXCERPT];
            json_bad(st, start == end ? end : start + i,
                     "unexpected '%s' in a board row (cells are 'Q' and '.')",
                     scan_excerpt((const char *)s + i, (const char *)s + i + 1, ex));
        }
    }
    if (cells == 0 || cells > NQ_PARSE_MAX_N)
        json_bad(st, start, "a board row of %lld cells", cells);
    if (st->w >= 0 && cells != st->w)
        json_bad(st, start, "a row of %lld cells in a board whose first row has %lld", cells,
                 st->w);
    if (st->w < 0)
        st->w = cells;
    st->rows++;
    return 1;
}

/* The current board is closed: queue it, as a placement or as a malformed item. */
static int board_end(json_state *st) {
    if (!st->bad[0] && st->rows != st->w)
        json_bad(st, st->board_at, "a board of %lld row%s of %lld cell%s (a board is square)",
                 st->rows, st->rows == 1 ? "" : "s", st->w < 0 ? 0 : st->w, st->w == 1 ? "" : "s");
    size_t first = st->item_first;
    if (st->bad[0]) {
        st->r->nq = first;
        return json_malformed(st, st->bad_at, "%s", st->bad);
    }
    json_item *it = json_push_item(st, NQ_ITEM_PLACEMENT, st->board_at);
    if (!it)
        return 0;
    it->n = (int)st->w;
    it->first = first;
    it->queens = st->r->nq - first;
    return 1;
}

/* A token that is not a string or an array where a board or a row must be. */
static int list_unexpected(json_state *st, const char *what) {
    json_event(st);
    size_t at = json_here(st);
    if (st->depth == 0)
        return json_fatal(st, at, "expected '[' at the start of a JSON list of boards, got %s",
                          what);
    if (st->depth == 1 && st->mode != MODE_SINGLE)
        return json_fatal(st, at, "expected a board (an array of strings), got %s", what);
    return json_fatal(st, at, "expected a quoted board row, got %s", what);
}

static int list_null(void *ctx) {
    return list_unexpected(ctx, "null");
}

static int list_boolean(void *ctx, int b) {
    return list_unexpected(ctx, b ? "true" : "false");
}

static int list_number(void *ctx, const char *s, size_t len) {
    (void)s;
    (void)len;
    return list_unexpected(ctx, "a number");
}

static int list_start_map(void *ctx) {
    return list_unexpected(ctx, "an object");
}

static int list_string(void *ctx, const unsigned char *s, size_t len) {
    json_state *st = ctx;
    json_event(st);
    if (st->depth == 1 && st->mode == MODE_UNKNOWN) {
        st->mode = MODE_SINGLE; /* a single board: the top-level array is the board */
        board_start(st, st->top_at);
    }
    if ((st->depth == 1 && st->mode == MODE_SINGLE) || (st->depth == 2 && st->mode == MODE_LIST))
        return board_row(st, s, len, json_here(st));
    return list_unexpected(st, "a string");
}

static int list_start_array(void *ctx) {
    json_state *st = ctx;
    json_event(st);
    size_t at = json_here(st) - 1;
    if (st->depth == 0) {
        st->top_at = at;
    } else if (st->depth == 1 && st->mode != MODE_SINGLE) {
        st->mode = MODE_LIST;
        board_start(st, at);
    } else {
        return list_unexpected(st, "an array");
    }
    st->depth++;
    return 1;
}

static int list_end_array(void *ctx) {
    json_state *st = ctx;
    json_event(st);
    st->depth--;
    if ((st->depth == 1 && st->mode == MODE_LIST) || (st->depth == 0 && st->mode == MODE_SINGLE))
        if (!board_end(st))
            return 0;
    if (st->depth == 0) {
        st->closed = 1;
        st->closed_at = json_here(st);
    }
    return 1;
}

static const yajl_callbacks list_callbacks = {
    list_null,   list_boolean,     NULL,           NULL,
    list_number, list_string,      list_start_map, NULL,
    NULL,        list_start_array, list_end_array,
};

/* ---- jsonl: one object a line ------------------------------------------------------------- */

/* The first character after the blanks that follow offset `after` (reading more as needed), in
 * *at: where a top-level value that follows `after` begins. Returns NQ_OK or a refill's status. */
static int lines_value_start(json_state *st, size_t after, size_t *at) {
    nq_reader *r = st->r;
    for (;;) {
        while (after < r->len && (scan_is_blank(r->text[after]) || r->text[after] == '\n'))
            after++;
        if (after < r->len || r->eof) {
            *at = after;
            return NQ_OK;
        }
        int rc = scan_more(r);
        if (rc != NQ_OK)
            return rc;
    }
}

static void object_start(json_state *st, size_t at) {
    st->obj_at = at;
    st->key = KEY_OTHER;
    st->n = -1;
    st->has_cols = 0;
    st->fields = 0;
    memset(st->counts, 0, sizeof st->counts);
    st->other[0] = '\0';
    st->bad[0] = '\0';
    st->item_first = st->r->nq;
}

/* The object is complete: queue its item. */
static int object_end(json_state *st, size_t end) {
    nq_reader *r = st->r;
    /* The rest of its last line must be blank. */
    const char *p = r->text + end, *e = r->text + r->len;
    const char *nl = memchr(p, '\n', (size_t)(e - p));
    const char *la = p, *lb = nl ? nl : e;
    scan_trim(&la, &lb);
    if (la < lb) {
        char ex[SCAN_EXCERPT];
        json_bad(st, scan_offset(r, la), "unexpected '%s' after the object",
                 scan_excerpt(la, lb, ex));
        st->restart = nl ? (size_t)(nl - r->text) + 1 : r->len;
    }
    size_t first = st->item_first;
    if (!st->bad[0] && st->has_cols) {
        size_t len = r->nq - first;
        if (len == 0)
            json_bad(st, st->cols_at, "\"cols\" is empty");
        else if (st->n >= 0 && (size_t)st->n != len)
            json_bad(st, st->cols_at, "\"n\" is %lld but \"cols\" has %zu entries", st->n, len);
        else {
            int size = (int)len;
            size_t k = first;
            for (size_t i = first; i < r->nq && !st->bad[0]; i++) {
                if (r->cols[i] == -1)
                    continue;
                if (r->cols[i] >= size) {
                    int one_based = 1; /* every column in 1..n: the slip of counting from 1 */
                    for (size_t j = first; j < r->nq; j++)
                        one_based &= r->cols[j] >= 1 && r->cols[j] <= size;
                    json_bad(st, st->cols_at, "column %d of row %zu is off the %dx%d board%s",
                             r->cols[i], i - first, size, size,
                             one_based ? "; \"cols\" look 1-based: subtract 1 from each" : "");
                    break;
                }
                r->rows[k] = r->rows[i];
                r->cols[k] = r->cols[i];
                k++;
            }
            if (!st->bad[0]) {
                r->nq = k;
                json_item *it = json_push_item(st, NQ_ITEM_PLACEMENT, st->obj_at);
                if (!it)
                    return 0;
                it->n = size;
                it->first = first;
                it->queens = k - first;
                return 1;
            }
        }
    }
    r->nq = first;
    if (!st->bad[0] && (st->fields & NQ_CLAIM_TOTAL)) {
        json_item *it = json_push_item(st, NQ_ITEM_COUNT, st->obj_at);
        if (!it)
            return 0;
        it->n = st->n > 0 ? (int)st->n : r->n_hint;
        memcpy(it->counts, st->counts, sizeof it->counts);
        it->fields = st->fields;
        memcpy(it->other, st->other, sizeof it->other);
        return 1;
    }
    if (!st->bad[0])
        json_bad(st, st->obj_at,
                 "an object with \"cols\" (a solution) or \"total\" (a count) expected");
    if (!json_malformed(st, st->bad_at, "%s", st->bad))
        return 0;
    return st->restart ? 0 : 1; /* text after the object: a fresh parser at the next line */
}

/* A value of the current object: a scalar (number, string, other) of `len` bytes at s. */
static int object_scalar(json_state *st, const char *s, size_t len, int number, int string) {
    json_event(st);
    size_t end = json_here(st);
    size_t at = end - len - (size_t)(string ? 2 : 0);
    if (st->depth == 0 && st->r->cases && number && len == 2 && s[0] == '-' && s[1] == '1') {
        st->value_end = end; /* a case with no solution, in a `cases` output */
        return json_push_item(st, NQ_ITEM_NONE, at) != NULL;
    }
    if (st->depth == 0) { /* a top-level value that is not an object */
        st->value_end = end;
        object_start(st, at);
        json_bad(st, at, "expected '{'");
        return object_end(st, end);
    }
    if (st->depth == 2 && st->key == KEY_COLS) {
        long long c = 0;
        const char *p = s + (number && len && *s == '-');
        int ok = number && scan_uint(&p, s + len, NQ_PARSE_MAX_N, &c) && p == s + len &&
                 (*s != '-' || c == 1);
        if (!ok)
            json_bad(st, at, "expected a column number (or -1) in \"cols\"");
        else if (st->cols_row >= NQ_PARSE_MAX_N)
            json_bad(st, at, "more than %d columns", NQ_PARSE_MAX_N);
        else if (!st->bad[0] && scan_push(st->r, st->cols_row, *s == '-' ? -1 : (int)c) != NQ_OK)
            return 0;
        st->cols_row++;
        return 1;
    }
    if (st->depth != 1)
        return 1; /* inside a value of a key we do not know */
    switch (st->key) {
    case KEY_N: {
        long long n = 0;
        const char *p = s;
        if (!number || !scan_uint(&p, s + len, NQ_PARSE_MAX_N, &n) || p != s + len || n < 1 ||
            n > NQ_PARSE_MAX_N)
            json_bad(st, at, "\"n\" must be a board size from 1 to %d", NQ_PARSE_MAX_N);
        else
            st->n = n;
        break;
    }
    case KEY_COLS:
        json_bad(st, at, "\"cols\" must be an array of column numbers");
        break;
    case KEY_TOTAL:
    case KEY_UNIQUE:
    case KEY_ORBIT8:
    case KEY_ORBIT4:
    case KEY_ORBIT2:
    case KEY_ORBIT1: {
        nq_u128 v = 0;
        int rc = number || string ? json_count(s, len, &v) : 0;
        if (rc <= 0) {
            json_bad(st, at, "%s",
                     rc < 0 ? "a count too large for 128 bits" : "a count must be a whole number");
        } else {
            st->counts[st->key - KEY_TOTAL] = v;
            st->fields |= 1u << (st->key - KEY_TOTAL);
        }
        break;
    }
    default:
        break;
    }
    return 1;
}

static int lines_null(void *ctx) {
    return object_scalar(ctx, "null", 4, 0, 0);
}

static int lines_boolean(void *ctx, int b) {
    return object_scalar(ctx, b ? "true" : "false", b ? 4 : 5, 0, 0);
}

static int lines_number(void *ctx, const char *s, size_t len) {
    return object_scalar(ctx, s, len, 1, 0);
}

static int lines_string(void *ctx, const unsigned char *s, size_t len) {
    return object_scalar(ctx, (const char *)s, len, 0, 1);
}

/* Notes the name of a key that no table can judge (a count claim's "seconds", "nodes"), once;
 * a list too long for the message ends in "...". */
static void json_other(json_state *st, const unsigned char *s, size_t len) {
    size_t have = strlen(st->other), cap = sizeof st->other;
    char name[JSON_OTHER_MAX];
    snprintf(name, sizeof name, "%.*s", (int)(len < sizeof name - 1 ? len : sizeof name - 1),
             (const char *)s);
    for (const char *p = st->other; *p;) { /* already listed? */
        const char *e = strstr(p, ", ");
        size_t k = e ? (size_t)(e - p) : strlen(p);
        if (k == strlen(name) && memcmp(p, name, k) == 0)
            return;
        p += k + (e ? 2 : 0);
    }
    if (have >= 3 && strcmp(st->other + have - 3, "...") == 0)
        return;
    if (have + 2 + strlen(name) + 4 >= cap) {
        snprintf(st->other + have, cap - have, "%s...", have ? ", " : "");
        return;
    }
    snprintf(st->other + have, cap - have, "%s%s", have ? ", " : "", name);
}

static int lines_key(void *ctx, const unsigned char *s, size_t len) {
    json_state *st = ctx;
    json_event(st);
    if (st->depth != 1)
        return 1;
    static const struct {
        const char *name;
        int key;
    } keys[] = {{"n", KEY_N},           {"cols", KEY_COLS},     {"total", KEY_TOTAL},
                {"unique", KEY_UNIQUE}, {"orbit8", KEY_ORBIT8}, {"orbit4", KEY_ORBIT4},
                {"orbit2", KEY_ORBIT2}, {"orbit1", KEY_ORBIT1}};
    st->key = KEY_OTHER;
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (strlen(keys[i].name) == len && memcmp(keys[i].name, s, len) == 0)
            st->key = keys[i].key;
    if (st->key == KEY_OTHER)
        json_other(st, s, len);
    return 1;
}

static int lines_start_container(json_state *st, int array) {
    json_event(st);
    size_t at = json_here(st) - 1;
    if (st->depth == 0) {
        object_start(st, at);
        if (array)
            json_bad(st, at, "expected '{'");
    } else if (st->depth == 1 && st->key == KEY_COLS) {
        if (array) {
            st->has_cols = 1;
            st->cols_at = at;
            st->cols_row = 0;
            st->r->nq = st->item_first; /* a second "cols" replaces the first */
        } else {
            json_bad(st, at, "\"cols\" must be an array of column numbers");
        }
    } else if (st->depth == 1 && st->key != KEY_OTHER) {
        json_bad(st, at, "%s",
                 st->key == KEY_N ? "\"n\" must be a board size"
                                  : "a count must be a whole number");
    } else if (st->depth == 2 && st->key == KEY_COLS) {
        json_bad(st, at, "expected a column number (or -1) in \"cols\"");
    }
    st->depth++;
    return 1;
}

static int lines_end_container(json_state *st) {
    json_event(st);
    st->depth--;
    if (st->depth == 1)
        st->key = KEY_OTHER;
    if (st->depth > 0)
        return 1;
    st->value_end = json_here(st);
    return object_end(st, st->value_end);
}

static int lines_start_map(void *ctx) {
    return lines_start_container(ctx, 0);
}

static int lines_start_array(void *ctx) {
    return lines_start_container(ctx, 1);
}

static int lines_end(void *ctx) {
    return lines_end_container(ctx);
}

static const yajl_callbacks lines_callbacks = {
    lines_null,   lines_boolean,   NULL,      NULL,      lines_number,
    lines_string, lines_start_map, lines_key, lines_end, lines_start_array,
    lines_end,
};

/* ---- Feeding yajl ------------------------------------------------------------------------- */

/* A fresh parser from offset `at` on. */
static int json_open(json_state *st, size_t at) {
    if (st->h)
        yajl_free(st->h);
    st->h = yajl_alloc(st->jsonl ? &lines_callbacks : &list_callbacks, NULL, st);
    if (!st->h)
        return NQ_ENOMEM;
    yajl_config(st->h, yajl_allow_comments, 1);
    yajl_config(st->h, yajl_dont_validate_strings, 1); /* bad bytes are bad cells, not JSON */
    if (st->jsonl)
        yajl_config(st->h, yajl_allow_multiple_values, 1);
    st->fed = st->chunk = st->value_end = st->last_event = at;
    st->junk_after = 0;
    st->depth = 0;
    st->restart = 0;
    return NQ_OK;
}

/* yajl's message for the error at hand, without its kind and final newline. */
static void json_yajl_message(json_state *st, char *out, size_t cap) {
    unsigned char *m = yajl_get_error(st->h, 0, NULL, 0);
    const char *s = m ? (const char *)m : "malformed JSON";
    const char *colon = strstr(s, "error: ");
    if (colon)
        s = colon + 7;
    snprintf(out, cap, "malformed JSON: %s", s);
    size_t l = strlen(out);
    while (l && (out[l - 1] == '\n' || out[l - 1] == '.'))
        out[--l] = '\0';
    if (m)
        yajl_free_error(st->h, m);
}

/* A character of a number or a literal (true, false, null). */
static int json_word_char(char c) {
    return c == '-' || c == '+' || c == '.' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
           (c >= 'A' && c <= 'Z');
}

/* The first offset from q before end that holds no blank, newline, comma or colon (the separators
 * yajl reports nothing for, after the last token it reported), or end. */
static size_t json_past_separators(const char *t, size_t q, size_t end) {
    while (q < end && (scan_is_blank(t[q]) || t[q] == '\n' || t[q] == ',' || t[q] == ':'))
        q++;
    return q;
}

/* Where yajl found an error, in *where. After a lexical error it has read the bad byte; after a
 * parse error it has read the token that does not fit (then the token is meant: a string from
 * its opening quote, a number or a literal from its first character), or stopped before it
 * (after blanks: then the next token is meant, read for if need be). Returns NQ_OK or a refill's
 * status. */
static int json_error_at(json_state *st, size_t *where) {
    size_t at = json_here(st);
    unsigned char *m = yajl_get_error(st->h, 0, NULL, 0);
    int lexical = m && strncmp((const char *)m, "lexical", 7) == 0;
    if (m)
        yajl_free_error(st->h, m);
    const char *t = st->r->text;
    *where = 0;
    if (at == 0)
        return NQ_OK;
    size_t p = at - 1;
    *where = p;
    if (lexical)
        return NQ_OK;
    if (st->last_event == at) {
        *where = at; /* the token right after the last one reported, glued to it ("null5") */
        return NQ_OK;
    }
    if (yajl_get_bytes_consumed(st->h) == 0 && st->last_event < st->chunk) {
        /* yajl puts a parse error at the bad token's start, but no earlier than the chunk's: a
         * token cut by the chunk's start is found after the last token reported (past the
         * separators yajl reports nothing for), as in a text cut elsewhere. */
        size_t q = json_past_separators(t, st->last_event, at);
        if (q < st->chunk && t[q] != '/') { /* begun before the chunk; not a comment */
            *where = q;
            return NQ_OK;
        }
    }
    if (scan_is_blank(t[p]) || t[p] == '\n')
        return lines_value_start(st, at, where);
    if (t[p] == '"') {
        while (p > 0 && (t[p - 1] != '"' || (p > 1 && t[p - 2] == '\\')))
            p--;
        *where = p > 0 ? p - 1 : 0;
        return NQ_OK;
    }
    while (p > 0 && json_word_char(t[p]) && json_word_char(t[p - 1]))
        p--; /* a number or a literal: from its first character */
    if (p > 0 && json_word_char(t[p]) && t[p - 1] == '"')
        p--; /* yajl went back to the start of a string's text: its quote is meant */
    *where = p;
    return NQ_OK;
}

/* The line after the one holding offset at, in *next (reading more as needed). Returns NQ_OK or
 * a refill's status. */
static int json_next_line(nq_reader *r, size_t at, size_t *next) {
    size_t nl;
    int rc = scan_find(r, at < r->len ? at : r->len, '\n', '\n', &nl);
    if (rc == NQ_OK)
        *next = nl < r->len ? nl + 1 : r->len;
    return rc;
}

/* The bytes of the next chunk: chunks end at multiples of JSON_CHUNK in the input, wherever the
 * parsing started, so that a text read whole and a stream are cut alike (yajl's positions of an
 * error in a token cut by a chunk's end depend on the cut). */
static size_t json_room(const json_state *st) {
    return JSON_CHUNK - (size_t)((st->r->base + st->fed) % JSON_CHUNK);
}

/* A stream's window before yajl is given more: what lies beyond the next chunk as far as the next
 * '\n' (jsonl: an object's callbacks look at the rest of its line), or the end of the input. */
static int json_need(json_state *st) {
    nq_reader *r = st->r;
    int rc = NQ_OK;
    size_t room = json_room(st);
    while (rc == NQ_OK && !r->eof && r->len - st->fed < room)
        rc = scan_more(r);
    if (rc == NQ_OK && st->jsonl && !r->eof) {
        size_t end = r->len - st->fed < room ? r->len : st->fed + room, nl;
        rc = scan_find(r, end, '\n', '\n', &nl);
    }
    return rc;
}

/* A stream's window drops what no item needs any more: what was given to yajl, but not the start
 * of the board or object being read, nor that of a token yajl has not finished (it follows the
 * last token reported, after blanks, commas and colons). Offsets move with the window. */
static void json_slide(json_state *st) {
    nq_reader *r = st->r;
    if (!r->buf)
        return;
    assert(st->head == st->len); /* no queued item points into the window */
    size_t keep =
        json_past_separators(r->text, st->last_event < st->fed ? st->last_event : st->fed, st->fed);
    if (st->jsonl && st->depth > 0 && st->obj_at < keep)
        keep = st->obj_at;
    if (!st->jsonl && st->depth >= 2 && st->mode == MODE_LIST && st->board_at < keep)
        keep = st->board_at;
    if (!st->jsonl && st->depth >= 1 && st->mode != MODE_LIST && st->top_at < keep)
        keep = st->top_at;
    if (!st->jsonl && st->closed && st->closed_at < keep)
        keep = st->closed_at; /* what follows the list is an error, pointed at */
    for (size_t i = st->value_end; i < keep && !st->junk_after; i++)
        st->junk_after = !scan_is_blank(r->text[i]) && r->text[i] != '\n';
    size_t k = scan_slide(r, keep);
    if (k == 0)
        return;
    size_t *const moved[] = {&st->chunk,    &st->fed,        &st->top_at,   &st->board_at,
                             &st->bad_at,   &st->obj_at,     &st->cols_at,  &st->value_end,
                             &st->fatal_at, &st->last_event, &st->closed_at};
    for (size_t i = 0; i < sizeof moved / sizeof moved[0]; i++)
        *moved[i] = *moved[i] > k ? *moved[i] - k : 0;
    if (st->restart)
        st->restart = st->restart > k ? st->restart - k : 0;
}

/* Gives yajl the next chunk (or tells it the text ended), queueing the items it completes. */
static int json_feed(json_state *st) {
    nq_reader *r = st->r;
    yajl_status s;
    int rc = json_need(st);
    if (rc != NQ_OK)
        return rc;
    size_t room = json_room(st);
    size_t len = r->len - st->fed < room ? r->len - st->fed : room;
    st->chunk = st->fed;
    if (len > 0) {
        s = yajl_parse(st->h, (const unsigned char *)r->text + st->fed, len);
        st->fed += len;
    } else {
        s = yajl_complete_parse(st->h);
        if (!st->jsonl)
            st->ended = 1;
    }
    if (s == yajl_status_ok) {
        if (len == 0 && st->jsonl)
            st->ended = 1;
        return NQ_OK;
    }
    if (len == 0 && st->jsonl && st->depth == 0) {
        /* With several values allowed, yajl calls a text that ends between two values early;
         * nothing but blanks after the last value is a clean end. */
        const char *p = r->text + st->value_end, *e = r->text + r->len;
        while (p < e && (scan_is_blank(*p) || *p == '\n'))
            p++;
        if (p == e && !st->junk_after) {
            st->ended = 1;
            return NQ_OK;
        }
    }
    if (!st->jsonl) {
        if (st->fatal) /* ours, from a callback */
            return NQ_OK;
        if (s == yajl_status_client_canceled)
            return NQ_ENOMEM;
        st->fatal = 1;
        st->fatal_at = r->len;
        if (len && st->closed) /* the first thing after the list (yajl may be inside it) */
            rc = lines_value_start(st, st->closed_at, &st->fatal_at);
        else if (len)
            rc = json_error_at(st, &st->fatal_at);
        if (rc != NQ_OK)
            return rc;
        if (len == 0)
            snprintf(st->fatal_msg, sizeof st->fatal_msg,
                     "the JSON text ends before its closing ']'");
        else if (st->closed)
            snprintf(st->fatal_msg, sizeof st->fatal_msg, "text after the end of the JSON array");
        else
            json_yajl_message(st, st->fatal_msg, sizeof st->fatal_msg);
        return NQ_OK;
    }
    /* jsonl: the object at hand is malformed; go on with a fresh parser at the line after the one
     * where it began (or after the text that followed a good object on its line). */
    if (s == yajl_status_client_canceled && !st->restart)
        return NQ_ENOMEM;
    if (!st->restart) {
        size_t at = r->len, begin;
        if (len) {
            rc = json_error_at(st, &at);
            if (rc != NQ_OK)
                return rc;
        }
        if (st->depth > 0) {
            begin = st->obj_at;
        } else {
            rc = lines_value_start(st, at > 0 ? at - 1 : 0, &begin);
            if (rc != NQ_OK)
                return rc;
        }
        if (st->depth == 0 || begin > at)
            begin = at;
        if (st->depth > 0 && st->bad[0]) {
            if (!json_malformed(st, st->bad_at, "%s", st->bad))
                return NQ_ENOMEM;
        } else {
            char msg[120];
            json_yajl_message(st, msg, sizeof msg);
            if (!json_malformed(st, at, "%s", msg))
                return NQ_ENOMEM;
        }
        rc = json_next_line(r, begin, &st->restart);
        if (rc != NQ_OK)
            return rc;
    }
    if (st->restart >= r->len && r->eof) { /* the malformed object was the last thing */
        st->ended = 1;
        return NQ_OK;
    }
    return json_open(st, st->restart);
}

int json_read(nq_reader *r, nq_item *item) {
    json_state *st = r->json;
    if (!st) {
        st = r->json = calloc(1, sizeof *st);
        if (!st)
            return NQ_ENOMEM;
        st->r = r;
        st->jsonl = r->format == NQ_FMT_JSONL;
        if (json_open(st, r->pos) != NQ_OK)
            return NQ_ENOMEM;
    }
    while (st->head == st->len) {
        if (st->fatal) {
            r->pos = r->len;
            return scan_fail(r, r->text + st->fatal_at, "%s", st->fatal_msg);
        }
        if (st->ended)
            return NQ_DONE;
        /* The items handed out are no longer needed: keep only the queens of a board or object
         * that a chunk boundary cut. */
        st->head = st->len = 0;
        if (st->item_first > 0 && st->item_first <= r->nq) {
            size_t keep = r->nq - st->item_first;
            memmove(r->rows, r->rows + st->item_first, keep * sizeof *r->rows);
            memmove(r->cols, r->cols + st->item_first, keep * sizeof *r->cols);
            r->nq = keep;
            st->item_first = 0;
        }
        json_slide(st);
        int rc = json_feed(st);
        if (rc != NQ_OK)
            return rc;
    }
    const json_item *it = &st->queue[st->head++];
    item->kind = it->kind;
    item->n = it->n;
    if (it->kind == NQ_ITEM_PLACEMENT) {
        item->queens = it->queens;
        item->rows = it->queens ? r->rows + it->first : NULL; /* a board with no queen */
        item->cols = it->queens ? r->cols + it->first : NULL;
    } else if (it->kind == NQ_ITEM_COUNT) {
        item->total = it->counts[0];
        item->unique = it->counts[1];
        item->has_unique = (it->fields & NQ_CLAIM_UNIQUE) != 0;
        item->orbit8 = it->counts[2];
        item->orbit4 = it->counts[3];
        item->orbit2 = it->counts[4];
        item->orbit1 = it->counts[5];
        item->fields = it->fields;
        snprintf(r->other, sizeof r->other, "%s", it->other);
        item->unjudged = it->other[0] ? r->other : NULL;
    } else if (it->kind == NQ_ITEM_MALFORMED) {
        snprintf(r->msg, sizeof r->msg, "%s", it->msg);
        item->error = r->msg;
    }
    scan_locate(r, it->at, &item->line, &item->column);
    r->pos = st->chunk;
    return NQ_OK;
}

void json_free(json_state *st) {
    if (!st)
        return;
    if (st->h)
        yajl_free(st->h);
    free(st->queue);
    free(st);
}
