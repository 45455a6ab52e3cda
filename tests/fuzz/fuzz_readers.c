/* fuzz_readers.c: libFuzzer target of the readers (reader.c, detect.c, read_*.c) and the checker
 * (check.c), which are fed untrusted text. Every input is read under format detection and, chosen
 * by its first byte, under one forced format and board size; every item goes through the checker,
 * and the verdict on every placement is checked here against nq_validate() and against the
 * attacks of its queens taken two by two. Each is also read as a stream (nq_reader_open()) handed
 * out in pieces of 1 to 16 bytes, through a window of 64 bytes at first (SCAN_WINDOW,
 * cmake/fuzz.cmake), which must give exactly the same items, positions and messages as the whole
 * text. No input may crash, leak, overflow or hang them, or get a wrong verdict. Build: cmake
 * -DNQ_FUZZ=ON with clang (cmake/fuzz.cmake); run: scripts/fuzz.sh SECONDS. The same code replays
 * the corpus in the test suite (tests/fuzz/replay.c, ctest fuzz_replay), where a failure prints
 * what was wrong instead of trapping. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nqueens_advanced.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#ifdef NQ_FUZZ_REPLAY
#define FUZZ_FAIL(what) fuzz_fail(what, __LINE__)
static void fuzz_fail(const char *what, int line) {
    fprintf(stderr, "fuzz_readers.c:%d: %s\n", line, what);
    exit(1);
}
#else
#define FUZZ_FAIL(what) __builtin_trap()
#endif

/* The largest placement whose queens are compared two by two (inputs are at most a few KiB). */
enum { FUZZ_PAIRS_MAX = 4096 };

static int attacks(int r1, int c1, int r2, int c2, nq_attack kind) {
    switch (kind) {
    case NQ_ATTACK_ROW:
        return r1 == r2;
    case NQ_ATTACK_COLUMN:
        return c1 == c2 && r1 != r2;
    case NQ_ATTACK_DIAGONAL:
        return r1 - c1 == r2 - c2 && r1 != r2;
    case NQ_ATTACK_ANTIDIAGONAL:
        return r1 + c1 == r2 + c2 && r1 != r2;
    default:
        return 0;
    }
}

static int any_attack(int r1, int c1, int r2, int c2) {
    for (nq_attack k = NQ_ATTACK_ROW; k <= NQ_ATTACK_ANTIDIAGONAL; k++)
        if (attacks(r1, c1, r2, c2, k))
            return 1;
    return 0;
}

/* 1 if queen j comes before queen i in row-major order (or is the same cell listed earlier). */
static int before(const nq_item *it, size_t j, size_t i) {
    int rj = it->rows[j], ri = it->rows[i], cj = it->cols[j], ci = it->cols[i];
    return rj < ri || (rj == ri && (cj < ci || (cj == ci && j < i)));
}

/* The verdict on a placement of the list's size, judged again: VALID or DUPLICATE only for n
 * queens, one a row, none attacking another (nq_validate() agrees); INCOMPLETE only with no attack,
 * `row` the first empty row; ATTACK names two queens of the item that attack each other as it
 * says, the later one the first queen in row-major order that an earlier one attacks (for two
 * queens in a row: one in its row), and with one queen a row nq_validate() names the same pair. */
static void cross_check(const nq_item *it, const nq_verdict *v) {
    int n = it->n;
    size_t q = it->queens;
    if (it->kind != NQ_ITEM_PLACEMENT || v->kind == NQ_VERDICT_SIZE ||
        v->kind == NQ_VERDICT_MALFORMED || q > FUZZ_PAIRS_MAX || n > FUZZ_PAIRS_MAX)
        return;
    int *cols = malloc((size_t)n * sizeof *cols);
    if (!cols)
        return;
    for (int r = 0; r < n; r++)
        cols[r] = -1;
    int doubled = 0; /* some row holds two queens */
    for (size_t i = 0; i < q; i++) {
        if (cols[it->rows[i]] >= 0)
            doubled = 1;
        else
            cols[it->rows[i]] = it->cols[i];
    }
    int empty = -1;
    for (int r = n - 1; r >= 0; r--)
        if (cols[r] < 0)
            empty = r;
    /* The first queen (row-major) attacked by an earlier one, by comparing every two. */
    size_t first = q;
    for (size_t i = 0; i < q; i++)
        for (size_t j = 0; j < q; j++)
            if (j != i && before(it, j, i) &&
                any_attack(it->rows[j], it->cols[j], it->rows[i], it->cols[i]) &&
                (first == q || before(it, i, first)))
                first = i;
    nq_conflict cf;
    int vrc = doubled ? NQ_ECONFLICT : nq_validate(n, cols, 1, &cf);
    switch (v->kind) {
    case NQ_VERDICT_VALID:
    case NQ_VERDICT_DUPLICATE:
        if (first != q || doubled || empty >= 0 || (size_t)n != q || vrc != NQ_OK ||
            nq_validate(n, cols, 0, NULL) != NQ_OK)
            FUZZ_FAIL("a placement judged a solution is not one");
        break;
    case NQ_VERDICT_INCOMPLETE:
        if (first != q || doubled || vrc != NQ_OK || v->row != empty)
            FUZZ_FAIL("a placement judged incomplete has an attack, or another first empty row");
        break;
    case NQ_VERDICT_ATTACK: {
        const nq_conflict *c = &v->conflict;
        int seen1 = 0, seen2 = 0;
        for (size_t i = 0; i < q; i++) {
            seen1 |= it->rows[i] == c->row1 && it->cols[i] == c->col1;
            seen2 |= it->rows[i] == c->row2 && it->cols[i] == c->col2;
        }
        /* Two queens in a row: any two of that row may be named (a cell listed twice, too). */
        if (first == q || !seen1 || !seen2 ||
            !attacks(c->row1, c->col1, c->row2, c->col2, c->kind) || c->row2 != it->rows[first] ||
            (c->kind != NQ_ATTACK_ROW && c->col2 != it->cols[first]))
            FUZZ_FAIL("the attack named is not the first attack of the placement");
        if (!doubled && (vrc != NQ_ECONFLICT || cf.row1 != c->row1 || cf.col1 != c->col1 ||
                         cf.row2 != c->row2 || cf.col2 != c->col2 || cf.kind != c->kind))
            FUZZ_FAIL("the attack named is not the one nq_validate() names");
        break;
    }
    default:
        FUZZ_FAIL("a placement got the verdict of a claim");
    }
    free(cols);
}

/* The first missing solution of an incomplete list is searched for up to n = 15; keep the
 * fuzzer fast by summing up groups of small boards only. */
enum { FUZZ_GROUP_MAX_N = 9 };

static void run(const char *text, size_t len, int format, int n) {
    nq_reader *r;
    nq_checker *c;
    if (nq_reader_new(text, len, format, n, &r) != NQ_OK)
        return;
    if (nq_checker_new(n, &c) != NQ_OK) {
        nq_reader_free(r);
        return;
    }
    nq_item it;
    int rc, maxn = 0;
    while ((rc = nq_reader_next(r, &it)) == NQ_OK) {
        /* The reader's promises: queens on the board, rows in range, positions set. */
        if (it.kind == NQ_ITEM_PLACEMENT) {
            if (it.n < 1 || it.n > NQ_PARSE_MAX_N)
                FUZZ_FAIL("a broken promise of the reader");
            for (size_t i = 0; i < it.queens; i++)
                if (it.rows[i] < 0 || it.rows[i] >= it.n || it.cols[i] < 0 || it.cols[i] >= it.n)
                    FUZZ_FAIL("a broken promise of the reader");
            if (it.n > maxn)
                maxn = it.n;
        }
        if (it.line < 1 || it.column < 1)
            FUZZ_FAIL("a broken promise of the reader");
        if (it.kind == NQ_ITEM_MALFORMED && (!it.error || strlen(it.error) == 0))
            FUZZ_FAIL("a broken promise of the reader");
        nq_verdict v;
        if (nq_checker_add(c, &it, &v) != NQ_OK)
            break;
        cross_check(&it, &v);
    }
    if (rc == NQ_EPARSE) {
        int line, column;
        const char *msg = nq_reader_error(r, &line, &column);
        if (!msg[0] || line < 1 || column < 1)
            FUZZ_FAIL("a broken promise of the reader");
    }
    if (maxn <= FUZZ_GROUP_MAX_N && n <= FUZZ_GROUP_MAX_N) {
        int groups = nq_checker_groups(c);
        for (int g = 0; g < groups; g++) {
            nq_check_group s;
            if (nq_checker_group(c, g, &s) != NQ_OK)
                break;
        }
    }
    nq_checker_free(c);
    nq_reader_free(r);
}

/* A stream of the text in pieces of `step` bytes. */
typedef struct pieces {
    const char *s;
    size_t len, at, step;
} pieces;

static int pieces_read(void *user, char *buf, size_t cap, size_t *got) {
    pieces *p = user;
    size_t k = p->len - p->at;
    if (k > p->step)
        k = p->step;
    if (k > cap)
        k = cap;
    memcpy(buf, p->s + p->at, k);
    p->at += k;
    *got = k;
    return NQ_OK;
}

/* Appends what the reader says (items, then the final status) to a growing buffer; returns it. */
static char *trace(nq_reader *r, size_t *len) {
    size_t cap = 4096, n = 0;
    char *t = malloc(cap);
    if (!t)
        return NULL;
    nq_item it;
    int rc;
    char line[600];
    for (;;) {
        rc = nq_reader_next(r, &it);
        int k;
        if (rc == NQ_OK) {
            k = snprintf(line, sizeof line, "%d %d %zu %d %d:%d %llu %llu %d %s|", (int)it.kind,
                         it.n, it.queens, it.group, it.line, it.column,
                         (unsigned long long)it.total, (unsigned long long)it.unique, it.has_unique,
                         it.error ? it.error : "");
        } else {
            int el, ec;
            const char *msg = nq_reader_error(r, &el, &ec);
            k = snprintf(line, sizeof line, "end %d %s %d:%d", rc, msg, el, ec);
        }
        size_t need = (size_t)k + (rc == NQ_OK ? it.queens * 24 : 0);
        if (n + need + 1 > cap) {
            cap = 2 * (n + need + 1);
            char *bigger = realloc(t, cap);
            if (!bigger) {
                free(t);
                return NULL;
            }
            t = bigger;
        }
        memcpy(t + n, line, (size_t)k);
        n += (size_t)k;
        if (rc != NQ_OK)
            break;
        for (size_t i = 0; i < it.queens; i++)
            n += (size_t)snprintf(t + n, cap - n, "%d-%d,", it.rows[i], it.cols[i]);
    }
    *len = n;
    return t;
}

/* The stream must read as the whole text does. */
static void same_as_stream(const char *text, size_t len, int format, int n, size_t step) {
    nq_reader *r;
    if (nq_reader_new(text, len, format, n, &r) != NQ_OK)
        return;
    size_t want_len, got_len;
    char *want = trace(r, &want_len);
    nq_reader_free(r);
    pieces p = {text, len, 0, step};
    if (nq_reader_open(pieces_read, &p, format, n, &r) != NQ_OK) {
        free(want);
        return;
    }
    char *got = trace(r, &got_len);
    nq_reader_free(r);
    if (want && got && (want_len != got_len || memcmp(want, got, want_len) != 0)) {
        fprintf(stderr, "stream (steps of %zu) differs:\ntext:   %.*s\nstream: %.*s\n", step,
                (int)want_len, want, (int)got_len, got);
        __builtin_trap();
    }
    free(want);
    free(got);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const char *text = (const char *)data;
    run(text, size, NQ_INPUT_AUTO, 0);
    if (size == 0)
        return 0;
    /* First byte: a forced format (10 choices) and a board size hint 0..8. */
    static const int formats[] = {NQ_FMT_COLS,    NQ_FMT_PAIRS,  NQ_FMT_BOARD, NQ_FMT_JSON,
                                  NQ_FMT_JSONL,   NQ_FMT_GRID,   NQ_FMT_PERM,  NQ_FMT_MATRIX,
                                  NQ_INPUT_CASES, NQ_INPUT_COUNT};
    unsigned b = data[0];
    run(text + 1, size - 1, formats[b % 10], (int)(b / 10 % 9));
    run(text, size, NQ_INPUT_AUTO, (int)(b % 9));
    size_t step = 1 + (size > 1 ? data[1] % 16 : 0);
    same_as_stream(text, size, NQ_INPUT_AUTO, 0, step);
    same_as_stream(text + 1, size - 1, formats[b % 10], (int)(b / 10 % 9), step);
    return 0;
}
