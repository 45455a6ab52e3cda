/*
 * complete_trail.c: the general engine of the completion search (complete.c has the method):
 * any number k of free rows. The candidate columns of each free row and the candidate rows of
 * each free column are bitsets of ceil(k/64) words with their counts, kept in step; a placement
 * removes the cells it attacks one by one, recording each on a trail, and backtracking puts them
 * back from it, so a node costs O(k) and the memory stays O(k^2) (a 71-row board takes 2 words a
 * line; boards of thousands of rows with a few dozen queens to place are the other workload).
 * The line to branch on is the unplaced row or column with the fewest candidates, rows first on
 * ties.
 */
#include <assert.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "complete_engine.h"

static int trail_has(const uint64_t *set, int b) {
    return (int)((set[b >> 6] >> (b & 63)) & 1u);
}

static int trail_alive_row(const complete_state *s, int i) {
    return s->rpos[i] < s->nr;
}

static int trail_alive_col(const complete_state *s, int j) {
    return s->cpos[j] < s->nc;
}

/* Removes the allowed cell (i, j) from both views and records it on the trail. Returns 1 if an
 * unplaced row or column is left without a candidate, -1 if the trail cannot grow, else 0. */
static int trail_kill(complete_state *s, int i, int j) {
    int w = s->w;
    assert(trail_has(s->rc + (size_t)i * (size_t)w, j) &&
           trail_has(s->cr + (size_t)j * (size_t)w, i));
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
    return (s->rcnt[i] == 0 && trail_alive_row(s, i)) || (s->ccnt[j] == 0 && trail_alive_col(s, j));
}

/* Puts back the cells removed since the trail had length mark. */
static void trail_undo(complete_state *s, size_t mark) {
    assert(mark <= s->tlen); /* undone in reverse: marks are taken on the way down */
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

static void trail_set_remove(int *list, int *pos, int *len, int x) {
    assert(pos[x] < *len && list[pos[x]] == x); /* a member, and pos its inverse */
    int p = pos[x], last = list[--*len];
    list[p] = last;
    pos[last] = p;
    list[*len] = x;
    pos[x] = *len;
}

/* Re-inserting in reverse order of removal restores the exact order of the set. */
static void trail_set_restore(int *len, int x, const int *pos) {
    assert(pos[x] == *len);
    (void)pos;
    (void)x;
    ++*len;
}

/* Removes every cell of a bitset line except `keep`: row i (byrow) or column i. */
static int trail_kill_line(complete_state *s, int i, int keep, int byrow) {
    const uint64_t *line = (byrow ? s->rc : s->cr) + (size_t)i * (size_t)s->w;
    for (int wd = 0; wd < s->w; wd++) {
        uint64_t bits = line[wd]; /* a copy: trail_kill clears the bits as it goes */
        while (bits) {
            int b = wd * 64 + __builtin_ctzll(bits);
            bits &= bits - 1;
            if (b == keep) {
                continue;
            }
            int r = byrow ? trail_kill(s, i, b) : trail_kill(s, b, i);
            if (r) {
                return r;
            }
        }
    }
    return 0;
}

/* Places a queen on the allowed cell (i, j) and removes every cell it attacks. Returns 0, 1 if
 * forward checking fails, -1 on allocation failure; undo with trail_unplace() in every case. */
static int trail_place(complete_state *s, int i, int j) {
    assert(trail_alive_row(s, i) && trail_alive_col(s, j));
    s->nodes++;
    s->place[i] = j;
    trail_set_remove(s->rlist, s->rpos, &s->nr, i);
    trail_set_remove(s->clist, s->cpos, &s->nc, j);
    int r = trail_kill_line(s, i, j, 1);
    if (!r) {
        r = trail_kill_line(s, j, i, 0);
    }
    int br = s->row_of[i], bc = s->col_of[j], n = s->n;
    for (int p = 0; p < s->nr && !r; p++) {
        int i2 = s->rlist[p], r2 = s->row_of[i2];
        const uint64_t *line = s->rc + (size_t)i2 * (size_t)s->w;
        int cd = bc + (r2 - br), ca = bc - (r2 - br); /* same diagonal, same anti-diagonal */
        if (cd >= 0 && cd < n) {
            int j2 = s->cidx[cd];
            if (j2 >= 0 && trail_has(line, j2)) {
                r = trail_kill(s, i2, j2);
            }
        }
        if (!r && ca >= 0 && ca < n) {
            int j2 = s->cidx[ca];
            if (j2 >= 0 && trail_has(line, j2)) {
                r = trail_kill(s, i2, j2);
            }
        }
    }
    return r;
}

static void trail_unplace(complete_state *s, int i, int j, size_t mark) {
    trail_undo(s, mark);
    trail_set_restore(&s->nc, j, s->cpos);
    trail_set_restore(&s->nr, i, s->rpos);
    s->place[i] = -1;
}

static int trail_first_bit(const uint64_t *set, int w) {
    for (int wd = 0; wd < w; wd++) {
        if (set[wd]) {
            return wd * 64 + __builtin_ctzll(set[wd]);
        }
    }
    return -1;
}

/* The next candidate (i, j) to branch on: the first candidate of the unplaced row or column with
 * the fewest candidates (rows first on ties). Forward checking guarantees at least one. */
static void trail_choose(const complete_state *s, int *ci, int *cj) {
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
        *cj = trail_first_bit(s->rc + (size_t)line * (size_t)s->w, s->w);
    } else {
        *cj = line;
        *ci = trail_first_bit(s->cr + (size_t)line * (size_t)s->w, s->w);
    }
}

/* The fewest-candidates search from the current state, which it leaves unchanged. Counting mode
 * adds every completion to s->count; otherwise it stops at the first one and copies the free
 * columns of its rows into witness. */
int trail_search(complete_state *s, int counting, int *witness) {
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
        trail_choose(s, &i, &j);
        size_t pmark = s->tlen;
        int r = trail_place(s, i, j);
        if (r == 0) {
            ret = trail_search(s, counting, witness);
        } else if (r < 0) {
            ret = COMPLETE_NOMEM;
        }
        trail_unplace(s, i, j, pmark);
        if (ret != COMPLETE_GO) {
            break;
        }
        r = trail_kill(s, i, j);
        if (r) {
            ret = r < 0 ? COMPLETE_NOMEM : COMPLETE_GO;
            break;
        }
    }
    trail_undo(s, mark);
    return ret;
}

static int trail_probe(complete_state *s, int *witness) {
    s->probes++;
    return trail_search(s, 0, witness);
}

/* Fixes free row `row` and the ones after it in increasing order, trying candidate columns left
 * to right and entering only those under which a probe (or the witness) shows a completion. */
int trail_lex(complete_state *s, int row, const int *witness, complete_sink *out) {
    if (row == s->k) {
        return complete_deliver(s, out);
    }
    int *mine = malloc((size_t)s->k * sizeof *mine);
    if (!mine) {
        return COMPLETE_NOMEM;
    }
    size_t mark = s->tlen;
    int ret = COMPLETE_GO;
    const uint64_t *line = s->rc + (size_t)row * (size_t)s->w;
    for (int j = trail_first_bit(line, s->w); j >= 0;) {
        size_t pmark = s->tlen;
        int r = trail_place(s, row, j);
        if (r == 0) {
            if (witness && witness[row] == j) {
                ret = trail_lex(s, row + 1, witness, out);
            } else {
                r = trail_probe(s, mine);
                if (r == COMPLETE_STOP) {
                    ret = trail_lex(s, row + 1, mine, out);
                } else {
                    ret = r;
                }
            }
        } else if (r < 0) {
            ret = COMPLETE_NOMEM;
        }
        trail_unplace(s, row, j, pmark);
        if (ret != COMPLETE_GO) {
            break;
        }
        r = trail_kill(s, row, j);
        if (r) {
            ret = r < 0 ? COMPLETE_NOMEM : COMPLETE_GO;
            break;
        }
        j = trail_first_bit(line, s->w); /* the cells left of j are all removed by now */
    }
    trail_undo(s, mark);
    free(mine);
    return ret;
}
