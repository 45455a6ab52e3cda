/*
 * complete.c: the n-Queens Completion engine. Given queens, blocked cells and excluded diagonals
 * (nq_instance), it finds the lexicographically first completion, counts all completions, or
 * lists them in lexicographic order.
 *
 * Reduction. Only the k free rows and k free columns matter. A free cell is allowed when it is not
 * blocked and neither its diagonal nor its anti-diagonal is excluded or taken by a given queen.
 * The problem becomes: choose one allowed cell in every free row so that the columns are distinct
 * and no two chosen cells share a diagonal. It is tuned for the hard instances of the phase
 * transition (k about 10..30, the cells of a board from which about n diagonals were excluded) and
 * also works for boards of thousands of rows with a few dozen queens left to place (the instances
 * translated from excluded diagonals), where rows and columns are no longer contiguous: diagonals
 * are therefore followed through board coordinates and index tables, not by bit shifts.
 *
 * Search. Two views of the allowed cells are kept in step: a bitset of candidate columns for every
 * free row and a bitset of candidate rows for every free column (ceil(k/64) words each), with the
 * candidate counts. Placing a queen removes every cell of its row, column, diagonal and
 * anti-diagonal (forward checking: a row or column left without a candidate fails at once). At
 * every node the unplaced row or column with the fewest candidates is chosen (the "dual" choice of
 * rows and columns: a column with one candidate row forces a queen as well as a row does), and the
 * search branches in two: the first candidate is placed, or it is removed and the choice is made
 * again (2-way branching as in CP solvers: a refuted cell stays removed for the siblings, which
 * also forward-checks their lines). Two engines run this search: for k <= 64 (every instance
 * of the benchmarks) each line is one word and a node's state (2 + 2k words) is copied into the
 * next frame as the attacked cells are removed, with ties between lines going to the line nearest
 * the centre; for larger k the lines are multi-word bitsets with counts, and removed cells are
 * undone from a trail of cell numbers, so a node costs O(k) and memory stays O(k^2).
 *
 * Lexicographic order. That search finds some completion fast but not the first in row order, and
 * row order alone would make the hard (unsatisfiable) subtrees much slower. So the choice made is:
 * "fewest candidates to prove, row order to pick". Rows are fixed in increasing order; for the
 * current row the candidate columns are tried left to right, and each is kept only if the
 * fewest-candidates search (a probe) finds a completion under it. The completion found by the
 * last probe is a witness: its column for the next row is known to work, so only the columns left
 * of it need a probe. Listing all completions is the same depth-first walk without stopping; every
 * branch it enters holds a completion. Counting needs no order and uses the search directly.
 */
#include <assert.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "complete.h"
#include "instance.h"

#define COMPLETE_MAX_K NQ_COMPLETE_MAX_FREE /* cells are numbered i * k + j in 32 bits */

typedef struct complete_state {
    int n;        /* board size */
    int k;        /* free rows = free columns */
    int w;        /* 64-bit words per bitset */
    int *row_of;  /* k: board row of free row i, increasing */
    int *col_of;  /* k: board column of free column j, increasing */
    int *cidx;    /* n: free column index of a board column, or -1 */
    int *ridx;    /* n: free row index of a board row, or -1 */
    uint64_t *rc; /* k * w: candidate free columns of each free row */
    uint64_t *cr; /* k * w: candidate free rows of each free column */
    int *rcnt;    /* k: candidates of each free row */
    int *ccnt;    /* k: candidates of each free column */
    int *place;   /* k: free column of the queen in free row i, or -1 */
    /* Sparse sets of the unplaced rows and columns: members in [0, nr), pos the inverse map. */
    int *rlist, *rpos, nr;
    int *clist, *cpos, nc;
    uint32_t *trail; /* removed cells i * k + j, undone in reverse */
    size_t tlen, tcap;
    int nomem;       /* set when the trail could not grow */
    uint64_t nodes;  /* queens placed */
    uint64_t probes; /* feasibility searches */
    nq_u128 count;   /* completions counted */
    /* The one-word engine (k <= 64): frames of 2 + 2k words, and the bit of the free column
     * (cbit) or free row (rbit) of a board column or row x, at index x + n for x in (-n, 2n). */
    uint64_t *frames;
    uint64_t *cbit, *rbit;
    int *cent; /* 2k: distance from the centre of free row i, then of free column j (times 2) */
} complete_state;

static void complete_free(complete_state *s) {
    free(s->row_of);
    free(s->col_of);
    free(s->cidx);
    free(s->ridx);
    free(s->frames);
    free(s->cent);
    free(s->cbit);
    free(s->rbit);
    free(s->rc);
    free(s->cr);
    free(s->rcnt);
    free(s->ccnt);
    free(s->place);
    free(s->rlist);
    free(s->rpos);
    free(s->clist);
    free(s->cpos);
    free(s->trail);
}

static int complete_has(const uint64_t *set, int b) {
    return (int)((set[b >> 6] >> (b & 63)) & 1u);
}

static int complete_alive_row(const complete_state *s, int i) {
    return s->rpos[i] < s->nr;
}

static int complete_alive_col(const complete_state *s, int j) {
    return s->cpos[j] < s->nc;
}

/* Removes the allowed cell (i, j) from both views and records it on the trail. Returns 1 if an
 * unplaced row or column is left without a candidate, -1 if the trail cannot grow, else 0. */
static int complete_kill(complete_state *s, int i, int j) {
    int w = s->w;
    assert(complete_has(s->rc + (size_t)i * (size_t)w, j) &&
           complete_has(s->cr + (size_t)j * (size_t)w, i));
    if (s->tlen == s->tcap) {
        size_t cap = s->tcap ? 2 * s->tcap : 1024;
        uint32_t *t = realloc(s->trail, cap * sizeof *t);
        if (!t) {
            s->nomem = 1;
            return -1;
        }
        s->trail = t;
        s->tcap = cap;
    }
    s->trail[s->tlen++] = (uint32_t)i * (uint32_t)s->k + (uint32_t)j;
    s->rc[(size_t)i * (size_t)w + (size_t)(j >> 6)] &= ~((uint64_t)1 << (j & 63));
    s->cr[(size_t)j * (size_t)w + (size_t)(i >> 6)] &= ~((uint64_t)1 << (i & 63));
    --s->rcnt[i];
    --s->ccnt[j];
    return (s->rcnt[i] == 0 && complete_alive_row(s, i)) ||
           (s->ccnt[j] == 0 && complete_alive_col(s, j));
}

/* Puts back the cells removed since the trail had length mark. */
static void complete_undo(complete_state *s, size_t mark) {
    uint32_t k = (uint32_t)s->k;
    size_t w = (size_t)s->w;
    while (s->tlen > mark) {
        uint32_t cell = s->trail[--s->tlen];
        int i = (int)(cell / k), j = (int)(cell % k);
        s->rc[(size_t)i * w + (size_t)(j >> 6)] |= (uint64_t)1 << (j & 63);
        s->cr[(size_t)j * w + (size_t)(i >> 6)] |= (uint64_t)1 << (i & 63);
        ++s->rcnt[i];
        ++s->ccnt[j];
    }
}

static void complete_set_remove(int *list, int *pos, int *len, int x) {
    int p = pos[x], last = list[--*len];
    list[p] = last;
    pos[last] = p;
    list[*len] = x;
    pos[x] = *len;
}

/* Re-inserting in reverse order of removal restores the exact order of the set. */
static void complete_set_restore(int *len, int x, const int *pos) {
    assert(pos[x] == *len);
    (void)pos;
    (void)x;
    ++*len;
}

/* Removes every cell of a bitset line except `keep`: row i (byrow) or column i. */
static int complete_kill_line(complete_state *s, int i, int keep, int byrow) {
    const uint64_t *line = (byrow ? s->rc : s->cr) + (size_t)i * (size_t)s->w;
    for (int wd = 0; wd < s->w; wd++) {
        uint64_t bits = line[wd]; /* a copy: complete_kill clears the bits as it goes */
        while (bits) {
            int b = wd * 64 + __builtin_ctzll(bits);
            bits &= bits - 1;
            if (b == keep) {
                continue;
            }
            int r = byrow ? complete_kill(s, i, b) : complete_kill(s, b, i);
            if (r) {
                return r;
            }
        }
    }
    return 0;
}

/* Places a queen on the allowed cell (i, j) and removes every cell it attacks. Returns 0, 1 if
 * forward checking fails, -1 on allocation failure; undo with complete_unplace() in every case. */
static int complete_place(complete_state *s, int i, int j) {
    assert(complete_alive_row(s, i) && complete_alive_col(s, j));
    s->nodes++;
    s->place[i] = j;
    complete_set_remove(s->rlist, s->rpos, &s->nr, i);
    complete_set_remove(s->clist, s->cpos, &s->nc, j);
    int r = complete_kill_line(s, i, j, 1);
    if (!r) {
        r = complete_kill_line(s, j, i, 0);
    }
    int br = s->row_of[i], bc = s->col_of[j], n = s->n;
    for (int p = 0; p < s->nr && !r; p++) {
        int i2 = s->rlist[p], r2 = s->row_of[i2];
        const uint64_t *line = s->rc + (size_t)i2 * (size_t)s->w;
        int cd = bc + (r2 - br), ca = bc - (r2 - br); /* same diagonal, same anti-diagonal */
        if (cd >= 0 && cd < n) {
            int j2 = s->cidx[cd];
            if (j2 >= 0 && complete_has(line, j2)) {
                r = complete_kill(s, i2, j2);
            }
        }
        if (!r && ca >= 0 && ca < n) {
            int j2 = s->cidx[ca];
            if (j2 >= 0 && complete_has(line, j2)) {
                r = complete_kill(s, i2, j2);
            }
        }
    }
    return r;
}

static void complete_unplace(complete_state *s, int i, int j, size_t mark) {
    complete_undo(s, mark);
    complete_set_restore(&s->nc, j, s->cpos);
    complete_set_restore(&s->nr, i, s->rpos);
    s->place[i] = -1;
}

static int complete_first_bit(const uint64_t *set, int w) {
    for (int wd = 0; wd < w; wd++) {
        if (set[wd]) {
            return wd * 64 + __builtin_ctzll(set[wd]);
        }
    }
    return -1;
}

/* The next candidate (i, j) to branch on: the first candidate of the unplaced row or column with
 * the fewest candidates (rows first on ties). Forward checking guarantees at least one. */
static void complete_choose(const complete_state *s, int *ci, int *cj) {
    int best = INT_MAX, line = -1, byrow = 1;
    for (int p = 0; p < s->nr && best > 1; p++) {
        int i = s->rlist[p];
        if (s->rcnt[i] < best) {
            best = s->rcnt[i];
            line = i;
        }
    }
    for (int p = 0; p < s->nc && best > 1; p++) {
        int j = s->clist[p];
        if (s->ccnt[j] < best) {
            best = s->ccnt[j];
            line = j;
            byrow = 0;
        }
    }
    assert(line >= 0 && best >= 1);
    if (byrow) {
        *ci = line;
        *cj = complete_first_bit(s->rc + (size_t)line * (size_t)s->w, s->w);
    } else {
        *cj = line;
        *ci = complete_first_bit(s->cr + (size_t)line * (size_t)s->w, s->w);
    }
}

enum { COMPLETE_GO = 0, COMPLETE_STOP = 1, COMPLETE_NOMEM = -1 };

/* The fewest-candidates search from the current state, which it leaves unchanged. Counting mode
 * adds every completion to s->count; otherwise it stops at the first one and copies the free
 * columns of its rows into witness. */
static int complete_search(complete_state *s, int counting, int *witness) {
    if (s->nr == 0) {
        if (counting) {
            s->count++;
            return COMPLETE_GO;
        }
        memcpy(witness, s->place, (size_t)s->k * sizeof *witness);
        return COMPLETE_STOP;
    }
    size_t mark = s->tlen;
    int ret = COMPLETE_GO;
    for (;;) {
        int i, j;
        complete_choose(s, &i, &j);
        size_t pmark = s->tlen;
        int r = complete_place(s, i, j);
        if (r == 0) {
            ret = complete_search(s, counting, witness);
        } else if (r < 0) {
            ret = COMPLETE_NOMEM;
        }
        complete_unplace(s, i, j, pmark);
        if (ret != COMPLETE_GO) {
            break;
        }
        r = complete_kill(s, i, j);
        if (r) {
            ret = r < 0 ? COMPLETE_NOMEM : COMPLETE_GO;
            break;
        }
    }
    complete_undo(s, mark);
    return ret;
}

static int complete_probe(complete_state *s, int *witness) {
    s->probes++;
    return complete_search(s, 0, witness);
}

/* What the lexicographic walk does with each completion. */
typedef struct complete_sink {
    int (*fn)(void *user, int n, const int *cols);
    void *user;
    int *cols; /* n: the given queens, completed in place */
    int found; /* completions delivered */
} complete_sink;

/* Fixes free row `row` and the ones after it in increasing order, trying candidate columns left
 * to right and entering only those under which a probe (or the witness) shows a completion. */
static int complete_lex(complete_state *s, int row, const int *witness, complete_sink *out) {
    if (row == s->k) {
        for (int i = 0; i < s->k; i++) {
            out->cols[s->row_of[i]] = s->col_of[s->place[i]];
        }
        out->found++;
        return out->fn(out->user, s->n, out->cols) ? COMPLETE_STOP : COMPLETE_GO;
    }
    int *mine = malloc((size_t)s->k * sizeof *mine);
    if (!mine) {
        return COMPLETE_NOMEM;
    }
    size_t mark = s->tlen;
    int ret = COMPLETE_GO;
    const uint64_t *line = s->rc + (size_t)row * (size_t)s->w;
    for (int j = complete_first_bit(line, s->w); j >= 0;) {
        size_t pmark = s->tlen;
        int r = complete_place(s, row, j);
        if (r == 0) {
            if (witness && witness[row] == j) {
                ret = complete_lex(s, row + 1, witness, out);
            } else {
                r = complete_probe(s, mine);
                if (r == COMPLETE_STOP) {
                    ret = complete_lex(s, row + 1, mine, out);
                } else {
                    ret = r;
                }
            }
        } else if (r < 0) {
            ret = COMPLETE_NOMEM;
        }
        complete_unplace(s, row, j, pmark);
        if (ret != COMPLETE_GO) {
            break;
        }
        r = complete_kill(s, row, j);
        if (r) {
            ret = r < 0 ? COMPLETE_NOMEM : COMPLETE_GO;
            break;
        }
        j = complete_first_bit(line, s->w); /* the cells left of j are all removed by now */
    }
    complete_undo(s, mark);
    free(mine);
    return ret;
}

/* ---- The one-word engine ------------------------------------------------------------------
 * For k <= 64 every line is one word, so the state of a node fits in 2 + 2k words and is copied
 * into the next frame while the attacked cells are removed (no trail, no counts: a popcount when
 * choosing is cheaper). Frame layout: [0] unplaced rows, [1] unplaced columns, [2, 2 + k) the
 * candidate columns of each row, [2 + k, 2 + 2k) the candidate rows of each column; the words of
 * placed lines are stale. Refuted cells are removed from the current frame in place: they hold
 * no completion under the frame's placements, which every later use of the frame shares. */

static size_t word_words(const complete_state *s) {
    return 2 + 2 * (size_t)s->k;
}

static uint64_t *word_frame(const complete_state *s, int depth) {
    return s->frames + (size_t)depth * word_words(s);
}

static int word_setup(complete_state *s) {
    int k = s->k, n = s->n;
    assert(k >= 1 && k <= 64 && s->w == 1);
    s->frames = malloc((size_t)(k + 2) * word_words(s) * sizeof *s->frames);
    s->cbit = calloc((size_t)(3 * n), sizeof *s->cbit);
    s->rbit = calloc((size_t)(3 * n), sizeof *s->rbit);
    s->cent = malloc((size_t)(2 * k) * sizeof *s->cent);
    if (!s->frames || !s->cbit || !s->rbit || !s->cent) {
        return NQ_ENOMEM;
    }
    for (int x = 0; x < k; x++) {
        s->cent[x] = abs(2 * s->row_of[x] - (n - 1));
        s->cent[k + x] = abs(2 * s->col_of[x] - (n - 1));
    }
    for (int x = 0; x < n; x++) {
        s->cbit[x + n] = s->cidx[x] >= 0 ? (uint64_t)1 << s->cidx[x] : 0;
        s->rbit[x + n] = s->ridx[x] >= 0 ? (uint64_t)1 << s->ridx[x] : 0;
    }
    uint64_t *f = word_frame(s, 0), all = k == 64 ? ~(uint64_t)0 : ((uint64_t)1 << k) - 1;
    f[0] = f[1] = all;
    for (int i = 0; i < k; i++) {
        f[2 + i] = s->rc[i];
        f[2 + k + i] = s->cr[i];
    }
    return NQ_OK;
}

/* The line a node branches on: the unplaced row or column with the fewest candidates, ties going
 * to the line nearest the centre of the board (its long diagonals make it the most constraining),
 * as the key popcount * 65536 + cent. On the n = 21 benchmark instances the tie-break and the
 * value order of word_pick() cut the nodes by about 30% against "first line, first candidate". */
typedef struct word_line {
    int key;   /* INT_MAX when every line is placed */
    int line;  /* free row or column index */
    int byrow; /* 1: the line is a row */
} word_line;

/* Places (i, j) on the state of frame f, writing the result into frame g, and chooses the line
 * the child branches on while doing so. Returns 0, or 1 if a row or column is left without a
 * candidate (g is then incomplete). */
static int word_place(complete_state *s, const uint64_t *f, uint64_t *g, int i, int j,
                      word_line *next) {
    int k = s->k;
    s->nodes++;
    s->place[i] = j;
    uint64_t bi = (uint64_t)1 << i, bj = (uint64_t)1 << j;
    uint64_t rows = f[0] & ~bi, cols = f[1] & ~bj;
    g[0] = rows;
    g[1] = cols;
    const uint64_t *fr = f + 2, *fc = f + 2 + k, *cb = s->cbit + s->n, *rb = s->rbit + s->n;
    uint64_t *gr = g + 2, *gc = g + 2 + k;
    const int *row_of = s->row_of, *col_of = s->col_of, *cent = s->cent;
    int br = row_of[i], bc = col_of[j], best = INT_MAX, line = -1, byrow = 1;
    for (; rows; rows &= rows - 1) {
        int i2 = __builtin_ctzll(rows), dr = row_of[i2] - br;
        uint64_t v = fr[i2] & ~(bj | cb[bc + dr] | cb[bc - dr]);
        gr[i2] = v;
        int key = __builtin_popcountll(v) * 65536 + cent[i2];
        if (key < best) {
            if (!v) {
                return 1;
            }
            best = key;
            line = i2;
        }
    }
    for (; cols; cols &= cols - 1) {
        int j2 = __builtin_ctzll(cols), dc = col_of[j2] - bc;
        uint64_t v = fc[j2] & ~(bi | rb[br + dc] | rb[br - dc]);
        gc[j2] = v;
        int key = __builtin_popcountll(v) * 65536 + cent[k + j2];
        if (key < best) {
            if (!v) {
                return 1;
            }
            best = key;
            line = j2;
            byrow = 0;
        }
    }
    next->key = best;
    next->line = line;
    next->byrow = byrow;
    return 0;
}

/* The line to branch on at the root frame. */
static void word_root_line(const complete_state *s, const uint64_t *f, word_line *out) {
    int k = s->k;
    out->key = INT_MAX;
    for (int byrow = 1; byrow >= 0; byrow--) {
        for (uint64_t m = f[!byrow]; m; m &= m - 1) {
            int x = __builtin_ctzll(m);
            int key = __builtin_popcountll(f[2 + (byrow ? 0 : k) + x]) * 65536 +
                      s->cent[(byrow ? 0 : k) + x];
            if (key < out->key) {
                out->key = key;
                out->line = x;
                out->byrow = byrow;
            }
        }
    }
}

/* The cell of the line to branch on: the candidate whose other line has the fewest candidates
 * (fail first), sets *ci, *cj; returns 0, or 1 if the line has no candidate left. */
static int word_pick(const complete_state *s, const uint64_t *f, const word_line *at, int *ci,
                     int *cj) {
    int k = s->k;
    uint64_t cand = at->byrow ? f[2 + at->line] : f[2 + k + at->line];
    const uint64_t *other = at->byrow ? f + 2 + k : f + 2;
    int pick = -1, fewest = INT_MAX;
    for (; cand; cand &= cand - 1) {
        int x = __builtin_ctzll(cand), c = __builtin_popcountll(other[x]);
        if (c < fewest) {
            fewest = c;
            pick = x;
        }
    }
    *ci = at->byrow ? at->line : pick;
    *cj = at->byrow ? pick : at->line;
    return pick < 0;
}

/* As complete_search(), from frame depth, branching on the line `at`. After a refuted cell only its
 * row and column lose a candidate, so `at` stays a line with the fewest candidates: the node
 * keeps it for all its branches. */
static int word_search(complete_state *s, int depth, const word_line *at, int counting,
                       int *witness) {
    uint64_t *f = word_frame(s, depth), *g = word_frame(s, depth + 1);
    int k = s->k;
    if (!f[0]) {
        if (counting) {
            s->count++;
            return COMPLETE_GO;
        }
        memcpy(witness, s->place, (size_t)k * sizeof *witness);
        return COMPLETE_STOP;
    }
    int i, j;
    while (!word_pick(s, f, at, &i, &j)) {
        word_line next;
        if (!word_place(s, f, g, i, j, &next)) {
            int r = word_search(s, depth + 1, &next, counting, witness);
            if (r != COMPLETE_GO) {
                return r;
            }
        }
        f[2 + i] &= ~((uint64_t)1 << j);
        f[2 + k + j] &= ~((uint64_t)1 << i);
        if (!f[2 + i] || !f[2 + k + j]) {
            return COMPLETE_GO;
        }
    }
    return COMPLETE_GO;
}

static int word_search_root(complete_state *s, int depth, int counting, int *witness) {
    word_line at;
    word_root_line(s, word_frame(s, depth), &at);
    return word_search(s, depth, &at, counting, witness);
}

/* As complete_lex(): free row `row` is fixed at frame `row`. */
static int word_lex(complete_state *s, int row, const int *witness, complete_sink *out) {
    int k = s->k;
    if (row == k) {
        for (int i = 0; i < k; i++) {
            out->cols[s->row_of[i]] = s->col_of[s->place[i]];
        }
        out->found++;
        return out->fn(out->user, s->n, out->cols) ? COMPLETE_STOP : COMPLETE_GO;
    }
    int *mine = malloc((size_t)k * sizeof *mine);
    if (!mine) {
        return COMPLETE_NOMEM;
    }
    uint64_t *f = word_frame(s, row), *g = word_frame(s, row + 1);
    int ret = COMPLETE_GO;
    while (f[2 + row]) {
        int j = __builtin_ctzll(f[2 + row]);
        word_line next;
        if (!word_place(s, f, g, row, j, &next)) {
            if (witness && witness[row] == j) {
                ret = word_lex(s, row + 1, witness, out);
            } else {
                s->probes++;
                ret = word_search(s, row + 1, &next, 0, mine);
                if (ret == COMPLETE_STOP) {
                    ret = word_lex(s, row + 1, mine, out);
                }
            }
        }
        if (ret != COMPLETE_GO) {
            break;
        }
        f[2 + row] &= ~((uint64_t)1 << j);
        f[2 + k + j] &= ~((uint64_t)1 << row);
        if (!f[2 + k + j]) {
            break;
        }
    }
    free(mine);
    return ret;
}

/* The first two given queens that attack each other, in the order of nq_validate(): the earliest
 * row whose queen is attacked from an earlier row, and for it column, diagonal, anti-diagonal. */
static int complete_given_conflict(const nq_instance *inst, nq_conflict *conflict) {
    int n = inst->n;
    int *by = malloc((size_t)(5 * n) * sizeof *by); /* column, diagonal, anti-diagonal -> row */
    if (!by) {
        return NQ_ENOMEM;
    }
    for (int x = 0; x < 5 * n; x++) {
        by[x] = -1;
    }
    int *bycol = by, *bydiag = by + n, *byanti = by + 3 * n;
    int ret = NQ_OK;
    for (int r = 0; r < n && ret == NQ_OK; r++) {
        int c = inst->cols[r];
        if (c < 0) {
            continue;
        }
        int d = r - c + n - 1, a = r + c, other = -1;
        nq_attack kind = NQ_ATTACK_NONE;
        if (bycol[c] >= 0) {
            other = bycol[c], kind = NQ_ATTACK_COLUMN;
        } else if (bydiag[d] >= 0) {
            other = bydiag[d], kind = NQ_ATTACK_DIAGONAL;
        } else if (byanti[a] >= 0) {
            other = byanti[a], kind = NQ_ATTACK_ANTIDIAGONAL;
        }
        if (kind != NQ_ATTACK_NONE) {
            if (conflict) {
                conflict->row1 = other;
                conflict->col1 = inst->cols[other];
                conflict->row2 = r;
                conflict->col2 = c;
                conflict->kind = kind;
            }
            ret = NQ_ECONFLICT;
        }
        bycol[c] = bydiag[d] = byanti[a] = r;
    }
    free(by);
    return ret;
}

static int complete_check_instance(const nq_instance *inst) {
    if (!inst || inst->n < 1 || inst->n > NQ_INSTANCE_MAX_N || !inst->cols || !inst->xdiag ||
        !inst->xanti || (inst->nblocked && !inst->blocked)) {
        return NQ_EINVAL;
    }
    for (int r = 0; r < inst->n; r++) {
        if (inst->cols[r] < -1 || inst->cols[r] >= inst->n) {
            return NQ_EINVAL;
        }
    }
    for (size_t b = 0; b < 2 * inst->nblocked; b++) {
        if (inst->blocked[b] < 0 || inst->blocked[b] >= inst->n) {
            return NQ_EINVAL;
        }
    }
    return NQ_OK;
}

/* Builds the reduced problem. Returns NQ_OK, NQ_ENOSOL (a given queen stands on a forbidden
 * cell, or a free row or column has no allowed cell), NQ_ECONFLICT, NQ_EINVAL, NQ_ERANGE,
 * NQ_ENOMEM; on failure everything is released. */
static int complete_init(complete_state *s, const nq_instance *inst, nq_conflict *conflict) {
    memset(s, 0, sizeof *s);
    int ret = complete_check_instance(inst);
    if (ret != NQ_OK || (ret = complete_given_conflict(inst, conflict)) != NQ_OK) {
        return ret;
    }
    int n = inst->n, k = 0;
    for (int r = 0; r < n; r++) {
        k += inst->cols[r] < 0;
    }
    if (k > COMPLETE_MAX_K) {
        return NQ_ERANGE;
    }
    s->n = n;
    s->k = k;
    s->w = k > 0 ? (k + 63) / 64 : 1;
    size_t kk = (size_t)(k > 0 ? k : 1), words = kk * (size_t)s->w;
    unsigned char *dfree = malloc((size_t)(4 * n) * sizeof *dfree); /* diagonals, anti-diagonals */
    int *ridx = s->ridx = malloc((size_t)n * sizeof *ridx);
    s->row_of = malloc(kk * sizeof(int));
    s->col_of = malloc(kk * sizeof(int));
    s->cidx = malloc((size_t)n * sizeof(int));
    s->rc = calloc(words, sizeof(uint64_t));
    s->cr = calloc(words, sizeof(uint64_t));
    s->rcnt = calloc(kk, sizeof(int));
    s->ccnt = calloc(kk, sizeof(int));
    s->place = malloc(kk * sizeof(int));
    s->rlist = malloc(kk * sizeof(int));
    s->rpos = malloc(kk * sizeof(int));
    s->clist = malloc(kk * sizeof(int));
    s->cpos = malloc(kk * sizeof(int));
    if (!dfree || !ridx || !s->row_of || !s->col_of || !s->cidx || !s->rc || !s->cr || !s->rcnt ||
        !s->ccnt || !s->place || !s->rlist || !s->rpos || !s->clist || !s->cpos) {
        ret = NQ_ENOMEM;
        goto done;
    }
    unsigned char *dok = dfree, *aok = dfree + 2 * n;
    for (int x = 0; x < 2 * n - 1; x++) {
        dok[x] = !inst->xdiag[x];
        aok[x] = !inst->xanti[x];
    }
    for (int c = 0; c < n; c++) {
        s->cidx[c] = 0; /* 0 = free column, -1 = taken, until numbered below */
    }
    for (int r = 0; r < n; r++) {
        int c = inst->cols[r];
        if (c >= 0) {
            if (!dok[r - c + n - 1] || !aok[r + c]) {
                ret = NQ_ENOSOL;
            }
            dok[r - c + n - 1] = aok[r + c] = 0;
            s->cidx[c] = -1;
        }
    }
    for (size_t b = 0; b < inst->nblocked; b++) {
        int r = inst->blocked[2 * b], c = inst->blocked[2 * b + 1];
        if (inst->cols[r] == c) {
            ret = NQ_ENOSOL;
        }
    }
    if (ret != NQ_OK) {
        goto done;
    }
    int nrow = 0, ncol = 0;
    for (int r = 0; r < n; r++) {
        ridx[r] = -1;
        if (inst->cols[r] < 0) {
            ridx[r] = nrow;
            s->row_of[nrow++] = r;
        }
    }
    for (int c = 0; c < n; c++) {
        if (s->cidx[c] == 0) {
            s->cidx[c] = ncol;
            s->col_of[ncol++] = c;
        }
    }
    assert(nrow == k && ncol == k);
    size_t w = (size_t)s->w;
    for (int i = 0; i < k; i++) {
        int r = s->row_of[i];
        for (int j = 0; j < k; j++) {
            int c = s->col_of[j];
            if (dok[r - c + n - 1] && aok[r + c]) {
                s->rc[(size_t)i * w + (size_t)(j >> 6)] |= (uint64_t)1 << (j & 63);
                s->cr[(size_t)j * w + (size_t)(i >> 6)] |= (uint64_t)1 << (i & 63);
            }
        }
    }
    for (size_t b = 0; b < inst->nblocked; b++) {
        int i = ridx[inst->blocked[2 * b]], j = s->cidx[inst->blocked[2 * b + 1]];
        if (i >= 0 && j >= 0) {
            s->rc[(size_t)i * w + (size_t)(j >> 6)] &= ~((uint64_t)1 << (j & 63));
            s->cr[(size_t)j * w + (size_t)(i >> 6)] &= ~((uint64_t)1 << (i & 63));
        }
    }
    for (int i = 0; i < k; i++) {
        for (size_t wd = 0; wd < w; wd++) {
            s->rcnt[i] += __builtin_popcountll(s->rc[(size_t)i * w + wd]);
            s->ccnt[i] += __builtin_popcountll(s->cr[(size_t)i * w + wd]);
        }
        s->place[i] = -1;
        s->rlist[i] = s->rpos[i] = s->clist[i] = s->cpos[i] = i;
        if (s->rcnt[i] == 0 || s->ccnt[i] == 0) {
            ret = NQ_ENOSOL;
        }
    }
    s->nr = s->nc = k;
done:
    free(dfree);
    if (ret != NQ_OK) {
        complete_free(s);
        memset(s, 0, sizeof *s);
    }
    return ret;
}

static void complete_stats(const complete_state *s, const nq_instance *inst,
                           nq_complete_stats *stats) {
    if (stats) {
        int k = 0;
        for (int r = 0; inst && inst->cols && r < inst->n; r++) {
            k += inst->cols[r] < 0;
        }
        stats->nodes = s->nodes;
        stats->probes = s->probes;
        stats->free_rows = k;
    }
}

/* Whether the one-word engine runs: k <= 64, and its index tables (3n words) stay small. */
static int complete_use_words(const complete_state *s, int engine) {
    return engine != COMPLETE_ENGINE_GENERAL && s->k >= 1 && s->k <= 64 && s->n <= (1 << 16);
}

/* Runs the lexicographic walk; NQ_ENOSOL also covers an instance that fails its set-up. */
static int complete_walk(const nq_instance *inst, int engine, complete_sink *out,
                         nq_conflict *conflict, nq_complete_stats *stats) {
    complete_state s;
    int ret = complete_init(&s, inst, conflict);
    if (ret != NQ_OK) {
        complete_stats(&s, inst, stats);
        return ret;
    }
    int words = complete_use_words(&s, engine);
    int *witness = malloc((size_t)(s.k > 0 ? s.k : 1) * sizeof *witness);
    out->cols = malloc((size_t)inst->n * sizeof *out->cols);
    if (!witness || !out->cols || (words && word_setup(&s) != NQ_OK)) {
        ret = NQ_ENOMEM;
    } else {
        memcpy(out->cols, inst->cols, (size_t)inst->n * sizeof *out->cols);
        int r = COMPLETE_STOP;
        if (s.k > 0) {
            s.probes++;
            r = words ? word_search_root(&s, 0, 0, witness) : complete_search(&s, 0, witness);
        }
        if (r == COMPLETE_STOP) {
            r = words ? word_lex(&s, 0, witness, out) : complete_lex(&s, 0, witness, out);
        }
        ret = r == COMPLETE_NOMEM || s.nomem ? NQ_ENOMEM
              : r == COMPLETE_STOP           ? NQ_STOPPED
              : out->found                   ? NQ_OK
                                             : NQ_ENOSOL;
    }
    complete_stats(&s, inst, stats);
    free(witness);
    free(out->cols);
    complete_free(&s);
    return ret;
}

typedef struct complete_first {
    int *cols;
} complete_first;

static int complete_keep_first(void *user, int n, const int *cols) {
    complete_first *f = user;
    memcpy(f->cols, cols, (size_t)n * sizeof *cols);
    return 1;
}

int complete_first_with(const nq_instance *inst, int engine, int *cols, nq_conflict *conflict,
                        nq_complete_stats *stats) {
    if (!cols) {
        return NQ_EINVAL;
    }
    complete_first f = {cols};
    complete_sink out = {complete_keep_first, &f, NULL, 0};
    int ret = complete_walk(inst, engine, &out, conflict, stats);
    return ret == NQ_STOPPED ? NQ_OK : ret;
}

int complete_each_with(const nq_instance *inst, int engine,
                       int (*fn)(void *user, int n, const int *cols), void *user,
                       nq_conflict *conflict, nq_complete_stats *stats) {
    if (!fn) {
        return NQ_EINVAL;
    }
    complete_sink out = {fn, user, NULL, 0};
    return complete_walk(inst, engine, &out, conflict, stats);
}

int nq_complete_first(const nq_instance *inst, int *cols, nq_conflict *conflict,
                      nq_complete_stats *stats) {
    return complete_first_with(inst, COMPLETE_ENGINE_AUTO, cols, conflict, stats);
}

int nq_complete_each(const nq_instance *inst, int (*fn)(void *user, int n, const int *cols),
                     void *user, nq_conflict *conflict, nq_complete_stats *stats) {
    return complete_each_with(inst, COMPLETE_ENGINE_AUTO, fn, user, conflict, stats);
}

int nq_complete_count(const nq_instance *inst, nq_u128 *count, nq_conflict *conflict,
                      nq_complete_stats *stats) {
    return complete_count_with(inst, COMPLETE_ENGINE_AUTO, count, conflict, stats);
}

int complete_count_with(const nq_instance *inst, int engine, nq_u128 *count, nq_conflict *conflict,
                        nq_complete_stats *stats) {
    if (!count) {
        return NQ_EINVAL;
    }
    complete_state s;
    int ret = complete_init(&s, inst, conflict);
    if (ret == NQ_ENOSOL) {
        *count = 0;
        complete_stats(&s, inst, stats);
        return NQ_OK;
    }
    if (ret != NQ_OK) {
        return ret;
    }
    if (s.k == 0) {
        s.count = 1;
    } else if (complete_use_words(&s, engine)) {
        ret = word_setup(&s);
        if (ret == NQ_OK) {
            word_search_root(&s, 0, 1, NULL);
        }
    } else if (complete_search(&s, 1, NULL) == COMPLETE_NOMEM || s.nomem) {
        ret = NQ_ENOMEM;
    }
    if (ret == NQ_OK) {
        *count = s.count;
    }
    complete_stats(&s, inst, stats);
    complete_free(&s);
    return ret;
}
