/*
 * join.c: the join method: the completions of a board with some queens placed (a subproblem of
 * split.c), counted by meeting in the middle. The free rows are cut into an upper half (the
 * first half of them, top down) and a lower half (the rest). A depth-first search lists every
 * placement of the upper half that its own queens and the placed ones allow, each as its columns
 * and its signature: the diagonals and anti-diagonals it takes that a queen of the other half
 * can reach. Every row below the cut s has a diagonal index (row - column + n - 1) of at least s
 * and every row above it at most s + n - 2, and so for the anti-diagonals (row + column): the
 * two halves meet on n - 1 diagonals and n - 1 anti-diagonals, 2 (n - 1) bits (n <= 32: one
 * word). A solution is then exactly a pair of halves whose columns are complementary and whose
 * signatures share no bit. The upper placements are grouped by their columns (a counting sort on
 * the ranks of the free columns, through tables that only the keys used touch), and a second
 * search walks the lower half: each of its placements looks up the group with the complementary
 * columns and counts the partners with the pair counter of the CPU's kernel (join_kernel.h: the
 * AND of every pair, 8 a VPTESTNMQ on AVX-512). Only the upper half is ever stored.
 *
 * The idea is the meet-in-the-middle counters' (Rivin and Zabih 1992 for the general method;
 * E. Kluev's N-Queens-Count-Sol, which joins quadrants over the whole board, for the counting of
 * pairs in bulk); this one joins within each subproblem of the border split, so that the
 * symmetry weights, the fundamental and orbit counts and the numbering stay those of split.c.
 * Workload and what it costs (bench/RESULTS.md): the halves are listed again for every
 * subproblem that shares them, and they outnumber the nodes of the backtracking search below
 * the same border (about 2x at n = 16..18), so on the machine measured (Zen 4) it is slower
 * than the backtracking kernels at every n measured (2.2x to 4.4x at n = 13..18); it is kept as
 * an independent method, a second count of every subproblem by other means. A join that wins
 * must share the halves between subproblems (../shared/research/counting.md).
 * Memory: one thread's scratch, at most about 150 MiB (join.h); a board that would need more is
 * counted by the backtracking kernel, with the same result.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "join.h"
#include "join_kernel.h"
#include "kernel.h"

/* One placement of the stored half: the ranks of its columns among the free ones, and its
 * signature. */
typedef struct half {
    uint32_t key;
    uint64_t sig;
} half;

struct join_scratch {
    nq_kernel kernel;     /* resolved: never NQ_KERNEL_AUTO */
    join_pairs_fn *pairs; /* its pair counter */
    size_t max; /* the most placements of the stored half (JOIN_MAX_HALVES; less in tests) */
    /* The stored half: its placements as listed (cap entries), then their signatures grouped by
     * key (cap + JOIN_PAD entries, the padding zero). */
    half *v;
    uint64_t *sig;
    size_t n, cap;
    /* Per key (2^bits entries, bits the most free rows seen): how many placements have it, and
     * where its group ends in sig; only the keys in touched[] (n entries at most) are non-zero,
     * and they are cleared after each board, so that a board costs what it lists, not 2^k. */
    uint32_t *count, *end, *touched;
    int bits;
    count_scratch *back; /* the backtracking kernel's scratch, made when first needed */
};

join_scratch *join_scratch_new_small(nq_kernel k, size_t max) {
    nq_kernel used;
    if (nq_kernel_resolve(k, 4, &used) != NQ_OK)
        return NULL;
    join_pairs_fn *pairs = join_kernel_pairs(used);
    join_scratch *js = pairs ? calloc(1, sizeof *js) : NULL;
    if (!js)
        return NULL;
    js->kernel = used;
    js->pairs = pairs;
    js->max = max;
    return js;
}

join_scratch *join_scratch_new(nq_kernel k) {
    return join_scratch_new_small(k, JOIN_MAX_HALVES);
}

void join_scratch_free(join_scratch *js) {
    if (!js)
        return;
    free(js->v);
    free(js->sig);
    free(js->count);
    free(js->end);
    free(js->touched);
    count_scratch_free(js->back);
    free(js);
}

uint64_t join_pairs(const join_scratch *js, const uint64_t *top, size_t p, const uint64_t *bottom,
                    size_t q) {
    return js->pairs(top, p, bottom, q);
}

/* Room for one more placement of the stored half: doubles the lists, up to js->max. 0 if it
 * cannot. */
static int join_grow(join_scratch *js) {
    if (js->n < js->cap)
        return 1;
    if (js->n >= js->max)
        return 0;
    size_t cap = js->cap ? 2 * js->cap : 4096;
    if (cap > js->max)
        cap = js->max;
    half *v = realloc(js->v, cap * sizeof *v);
    if (v)
        js->v = v;
    uint64_t *sig = realloc(js->sig, (cap + JOIN_PAD) * sizeof *sig);
    if (sig)
        js->sig = sig;
    uint32_t *touched = realloc(js->touched, cap * sizeof *touched);
    if (touched)
        js->touched = touched;
    if (!v || !sig || !touched)
        return 0;
    js->cap = cap;
    return 1;
}

/* The per-key tables for boards of up to `bits` free rows, zero. 0 if there is no memory. */
static int join_tables(join_scratch *js, int bits) {
    if (bits <= js->bits)
        return 1;
    size_t keys = (size_t)1 << bits;
    uint32_t *count = calloc(keys, sizeof *count), *end = calloc(keys, sizeof *end);
    if (!count || !end) {
        free(count);
        free(end);
        return 0;
    }
    free(js->count);
    free(js->end);
    js->count = count;
    js->end = end;
    js->bits = bits;
    return 1;
}

/* The depth-first search of one half: its rows in search order (away from the cut), and what a
 * placement does: the stored half lists it, the streamed half counts its partners. */
typedef struct half_walk {
    const count_state *s;
    join_scratch *js;
    int rows;          /* rows of the half */
    int row[64];       /* the rows, in search order */
    int step[64];      /* the distance from row[i] to row[i + 1] */
    int down;          /* 1: rows go down the board (the upper half), 0: up */
    int cut;           /* the first row of the lower half */
    int stream;        /* 0: list the placements (the upper half); 1: count the pairs */
    uint32_t rank[64]; /* bit of a free column in the key: 1 << (its rank among the free ones) */
    uint32_t flip;     /* XOR of the keys: all ranks for the lower half, 0 for the upper */
    uint64_t meet;     /* the n - 1 bits where the halves meet, from bit 0 */
    int over;          /* the list could not grow: the board goes to the backtracking kernel */
    uint64_t nodes;    /* queens placed */
    uint64_t sols;     /* pairs counted (the streamed half) */
} half_walk;

static inline void half_leaf(half_walk *w, uint32_t key, uint64_t d, uint64_t a) {
    const int n = w->s->n;
    const uint64_t sig = ((d >> w->cut) & w->meet) | (((a >> w->cut) & w->meet) << (n - 1));
    join_scratch *js = w->js;
    key ^= w->flip;
    if (w->stream) {
        uint32_t c = js->count[key];
        if (c)
            w->sols += js->pairs(&sig, 1, js->sig + (js->end[key] - c), c);
        return;
    }
    if (!join_grow(js)) {
        w->over = 1;
        return;
    }
    js->v[js->n].key = key;
    js->v[js->n].sig = sig;
    js->n++;
}

/* Places the queen of row[i], given the columns taken, the key so far, the columns of row[i]
 * that the half's queens attack along the two diagonals (ld: from the left, rd: from the right,
 * in the search's direction), and the diagonal and anti-diagonal indices taken (d, a). */
static void half_walk_row(half_walk *w, int i, uint64_t cols, uint32_t key, uint64_t ld,
                          uint64_t rd, uint64_t d, uint64_t a) {
    if (i == w->rows) {
        half_leaf(w, key, d, a);
        return;
    }
    const int y = w->row[i], n = w->s->n, g = w->step[i];
    uint64_t free = w->s->free[y] & ~(cols | ld | rd);
    while (free && !w->over) {
        const int x = __builtin_ctzll(free);
        const uint64_t b = free & (0 - free);
        free &= free - 1;
        w->nodes++;
        const uint64_t nd = d | (uint64_t)1 << (y - x + n - 1), na = a | (uint64_t)1 << (y + x);
        if (i + 1 == w->rows)
            half_leaf(w, key | w->rank[x], nd, na);
        else if (w->down)
            half_walk_row(w, i + 1, cols | b, key | w->rank[x], (ld | b) << g, (rd | b) >> g, nd,
                          na);
        else
            half_walk_row(w, i + 1, cols | b, key | w->rank[x], (ld | b) >> g, (rd | b) << g, nd,
                          na);
    }
}

/* Groups the stored placements by key: their signatures to js->sig, each key's group ending at
 * end[key] and count[key] long; the keys used listed in touched (returns how many). */
static size_t join_group(join_scratch *js) {
    size_t keys = 0;
    for (size_t i = 0; i < js->n; i++) {
        uint32_t k = js->v[i].key;
        if (js->count[k]++ == 0)
            js->touched[keys++] = k;
    }
    uint32_t at = 0;
    for (size_t t = 0; t < keys; t++) {
        uint32_t k = js->touched[t];
        js->end[k] = at;
        at += js->count[k];
    }
    for (size_t i = 0; i < js->n; i++)
        js->sig[js->end[js->v[i].key]++] = js->v[i].sig;
    memset(js->sig + js->n, 0, JOIN_PAD * sizeof *js->sig);
    return keys;
}

/* The board of s to the backtracking kernel, with js's kernel. */
static uint64_t join_back(const count_state *s, join_scratch *js, uint64_t *nodes) {
    if (js && !js->back)
        js->back = count_scratch_new_kernel(js->kernel); /* NULL is fine: count.c copes */
    return count_completions(s, js ? js->back : NULL, nodes);
}

/* Walks one half of s: the free rows fr[from .. to-1], searched down the board (down = 1) or up,
 * the cut at row `cut`; listing its placements (stream = 0) or counting their partners. */
static void join_half(half_walk *w, const int *fr, int from, int to, int down, int stream,
                      uint32_t flip) {
    w->rows = to - from;
    for (int i = 0; i < w->rows; i++)
        w->row[i] = down ? fr[from + i] : fr[to - 1 - i];
    for (int i = 0; i + 1 < w->rows; i++)
        w->step[i] = down ? w->row[i + 1] - w->row[i] : w->row[i] - w->row[i + 1];
    if (w->rows > 0)
        w->step[w->rows - 1] = 0;
    w->down = down;
    w->stream = stream;
    w->flip = flip;
    half_walk_row(w, 0, 0, 0, 0, 0, 0, 0);
}

uint64_t join_completions(const count_state *s, join_scratch *js, uint64_t *nodes) {
    *nodes = 0;
    if (s->left == 0)
        return 1;
    if (!count_state_live(s))
        return 0;
    join_scratch *own = NULL;
    if (!js)
        js = own = join_scratch_new(NQ_KERNEL_AUTO);
    if (!js || s->n > JOIN_MAX_N || s->left > JOIN_MAX_ROWS || !join_tables(js, s->left)) {
        uint64_t sols = join_back(s, js, nodes);
        join_scratch_free(own);
        return sols;
    }
    int fr[64], k = 0;
    for (int y = 0; y < s->n; y++)
        if (s->rows >> y & 1)
            fr[k++] = y;
    assert(k == s->left && k <= JOIN_MAX_ROWS);
    half_walk w;
    memset(w.rank, 0, sizeof w.rank);
    int r = 0;
    for (int x = 0; x < s->n; x++)
        if (s->cols >> x & 1)
            w.rank[x] = (uint32_t)1 << r++;
    const uint32_t all = ((uint32_t)1 << k) - 1;
    /* The cut at half the free rows: measured against one row either way (n = 16 and 17, one
     * thread, Zen 4: 0.88 s and 5.2 s here, 1.00-1.04 s and 5.4-6.4 s there). */
    const int h = k / 2;
    w.s = s;
    w.js = js;
    w.cut = fr[h];
    w.meet = ((uint64_t)1 << (s->n - 1)) - 1;
    w.over = 0;
    w.nodes = 0;
    w.sols = 0;
    js->n = 0;
    join_half(&w, fr, 0, h, 1, 0, 0); /* the upper half, listed */
    if (w.over) {
        uint64_t sols = join_back(s, js, nodes);
        join_scratch_free(own);
        return sols;
    }
    size_t keys = 0;
    if (js->n > 0) {
        keys = join_group(js);
        join_half(&w, fr, h, k, 0, 1, all); /* the lower half, its partners counted */
        for (size_t t = 0; t < keys; t++)
            js->count[js->touched[t]] = 0;
    }
    *nodes = w.nodes;
    join_scratch_free(own);
    return w.sols;
}
