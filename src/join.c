/*
 * join.c: the join method: the completions of a board with some queens placed (a subproblem of
 * split.c), counted by meeting in the middle. The free rows are cut into an upper half (the
 * first half of them, top down) and a lower half (the rest); a depth-first search lists every
 * placement of each half that its own queens and the placed ones allow, each as its columns and
 * its signature: the diagonals and anti-diagonals it takes that a queen of the other half can
 * reach. Every row below the cut s has a diagonal index (row - column + n - 1) of at least s and
 * every row above it at most s + n - 2, and so for the anti-diagonals (row + column): the two
 * halves meet on n - 1 diagonals and n - 1 anti-diagonals, 2 (n - 1) bits (n <= 32: one word).
 * A solution is then exactly a pair of halves whose columns are complementary and whose
 * signatures share no bit. Both lists are sorted by their columns (a radix sort on the free
 * columns' ranks), merged, and each pair of groups with complementary columns goes to the pair
 * counter of the CPU's kernel (join_kernel.h: the AND of every pair, 8 a VPTESTNMQ on AVX-512).
 *
 * The idea is the meet-in-the-middle counters' (Rivin and Zabih 1992 for the general method;
 * E. Kluev's N-Queens-Count-Sol, which joins quadrants over the whole board, for the counting of
 * pairs in bulk); this one joins within each subproblem of the border split, so that the
 * symmetry weights, the fundamental and orbit counts and the numbering stay those of split.c.
 * Workload and what it costs (bench/RESULTS.md): halves are listed again for every subproblem
 * that shares them, and the half lists grow faster with n than the search tree below a border,
 * so on the machines measured this method is slower than the backtracking kernels at every n
 * measured; it is kept as an independent method (a second count by other means) and as the
 * place where a faster join plugs in.
 * Memory: the lists of one thread's scratch, at most JOIN_MAX_HALVES placements a half (a board
 * with more is counted by the backtracking kernel, with the same result).
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "join.h"
#include "join_kernel.h"
#include "kernel.h"

/* One placement of a half: the ranks of its columns among the free ones (the lower half keeps
 * the complement, so that matching halves have equal keys) and its signature. */
typedef struct half {
    uint32_t key;
    uint64_t sig;
} half;

/* The placements of one half: listed in v (cap entries), sorted through tmp, and their
 * signatures in key order in sig (cap + JOIN_PAD entries, the padding zero). */
typedef struct half_list {
    half *v, *tmp;
    uint64_t *sig;
    size_t n, cap;
} half_list;

struct join_scratch {
    nq_kernel kernel;     /* resolved: never NQ_KERNEL_AUTO */
    join_pairs_fn *pairs; /* its pair counter */
    half_list side[2];    /* the upper and the lower half */
    size_t max;           /* the most placements of a half (JOIN_MAX_HALVES; less in tests) */
    count_scratch *back;  /* the backtracking kernel's scratch, made when first needed */
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
    for (int i = 0; i < 2; i++) {
        free(js->side[i].v);
        free(js->side[i].tmp);
        free(js->side[i].sig);
    }
    count_scratch_free(js->back);
    free(js);
}

uint64_t join_pairs(const join_scratch *js, const uint64_t *top, size_t p, const uint64_t *bottom,
                    size_t q) {
    return js->pairs(top, p, bottom, q);
}

/* Room for one more placement in l: doubles the lists, up to max. 0 if it cannot. */
static int half_list_grow(half_list *l, size_t max) {
    if (l->n < l->cap)
        return 1;
    if (l->n >= max)
        return 0;
    size_t cap = l->cap ? 2 * l->cap : 4096;
    if (cap > max)
        cap = max;
    half *v = realloc(l->v, cap * sizeof *v);
    if (v)
        l->v = v;
    half *tmp = realloc(l->tmp, cap * sizeof *tmp);
    if (tmp)
        l->tmp = tmp;
    uint64_t *sig = realloc(l->sig, (cap + JOIN_PAD) * sizeof *sig);
    if (sig)
        l->sig = sig;
    if (!v || !tmp || !sig)
        return 0;
    l->cap = cap;
    return 1;
}

/* The depth-first search of one half: its rows in search order (away from the cut's other
 * side), and what a placement records. */
typedef struct half_walk {
    const count_state *s;
    int rows;          /* rows of the half */
    int row[64];       /* the rows, in search order */
    int step[64];      /* the distance from row[i] to row[i + 1] */
    int down;          /* 1: rows go down the board (the upper half), 0: up */
    int cut;           /* the first row of the lower half */
    uint32_t rank[64]; /* bit of a free column in the key: 1 << (its rank among the free ones) */
    uint32_t flip;     /* XOR of the keys: all ranks for the lower half, 0 for the upper */
    uint64_t meet;     /* the n - 1 bits where the halves meet, from bit 0 */
    half_list *out;
    size_t max;     /* the most placements out may hold */
    int over;       /* the list could not grow: the board goes to the backtracking kernel */
    uint64_t nodes; /* queens placed */
} half_walk;

static void half_emit(half_walk *w, uint32_t key, uint64_t d, uint64_t a) {
    if (!half_list_grow(w->out, w->max)) {
        w->over = 1;
        return;
    }
    const int n = w->s->n;
    half *h = &w->out->v[w->out->n++];
    h->key = key ^ w->flip;
    h->sig = ((d >> w->cut) & w->meet) | (((a >> w->cut) & w->meet) << (n - 1));
}

/* Places the queen of row[i], given the columns taken, the key so far, the columns of row[i]
 * that the half's queens attack along the two diagonals (ld: from the left, rd: from the right,
 * in the search's direction), and the diagonal and anti-diagonal indices taken (d, a). */
static void half_walk_row(half_walk *w, int i, uint64_t cols, uint32_t key, uint64_t ld,
                          uint64_t rd, uint64_t d, uint64_t a) {
    if (i == w->rows) {
        half_emit(w, key, d, a);
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
            half_emit(w, key | w->rank[x], nd, na);
        else if (w->down)
            half_walk_row(w, i + 1, cols | b, key | w->rank[x], (ld | b) << g, (rd | b) >> g, nd,
                          na);
        else
            half_walk_row(w, i + 1, cols | b, key | w->rank[x], (ld | b) >> g, (rd | b) << g, nd,
                          na);
    }
}

/* Sorts l's placements by key (least significant byte first, `bytes` passes) and writes their
 * signatures in that order to l->sig, the padding zero; l->v then holds them sorted. */
static void half_list_sort(half_list *l, int bytes) {
    half *src = l->v, *dst = l->tmp;
    for (int pass = 0; pass < bytes; pass++) {
        size_t at[257] = {0};
        const int shift = 8 * pass;
        for (size_t i = 0; i < l->n; i++)
            at[((src[i].key >> shift) & 0xFF) + 1]++;
        for (int b = 0; b < 256; b++)
            at[b + 1] += at[b];
        for (size_t i = 0; i < l->n; i++)
            dst[at[(src[i].key >> shift) & 0xFF]++] = src[i];
        half *t = src;
        src = dst;
        dst = t;
    }
    l->v = src;
    l->tmp = dst;
    for (size_t i = 0; i < l->n; i++)
        l->sig[i] = src[i].sig;
    memset(l->sig + l->n, 0, JOIN_PAD * sizeof *l->sig);
}

/* The board of s to the backtracking kernel, with js's kernel. */
static uint64_t join_back(const count_state *s, join_scratch *js, uint64_t *nodes) {
    if (js && !js->back)
        js->back = count_scratch_new_kernel(js->kernel); /* NULL is fine: count.c copes */
    return count_completions(s, js ? js->back : NULL, nodes);
}

/* Lists the placements of one half of s: the free rows fr[from .. to-1], searched down the board
 * (down = 1) or up, the cut at row `cut`. 0 if the list overflowed. */
static int join_half(const count_state *s, const int *fr, int from, int to, int down, int cut,
                     const uint32_t *rank, uint32_t flip, half_list *out, size_t max,
                     uint64_t *nodes) {
    half_walk w;
    w.s = s;
    w.rows = to - from;
    for (int i = 0; i < w.rows; i++)
        w.row[i] = down ? fr[from + i] : fr[to - 1 - i];
    for (int i = 0; i + 1 < w.rows; i++)
        w.step[i] = down ? w.row[i + 1] - w.row[i] : w.row[i] - w.row[i + 1];
    if (w.rows > 0)
        w.step[w.rows - 1] = 0;
    w.down = down;
    w.cut = cut;
    memcpy(w.rank, rank, sizeof w.rank);
    w.flip = flip;
    w.meet = ((uint64_t)1 << (s->n - 1)) - 1;
    w.out = out;
    w.max = max;
    w.over = 0;
    w.nodes = 0;
    out->n = 0;
    half_walk_row(&w, 0, 0, 0, 0, 0, 0, 0);
    *nodes += w.nodes;
    return !w.over;
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
    if (!js || s->n > JOIN_MAX_N) {
        uint64_t sols = join_back(s, js, nodes);
        join_scratch_free(own);
        return sols;
    }
    int fr[64], k = 0;
    for (int y = 0; y < s->n; y++)
        if (s->rows >> y & 1)
            fr[k++] = y;
    assert(k == s->left && k <= 32);
    uint32_t rank[64] = {0};
    int r = 0;
    for (int x = 0; x < s->n; x++)
        if (s->cols >> x & 1)
            rank[x] = (uint32_t)1 << r++;
    const uint32_t all = k == 32 ? UINT32_MAX : ((uint32_t)1 << k) - 1;
    const int h = k / 2, cut = fr[h];
    half_list *top = &js->side[0], *bottom = &js->side[1];
    uint64_t placed = 0;
    if (!join_half(s, fr, 0, h, 1, cut, rank, 0, top, js->max, &placed) ||
        !join_half(s, fr, h, k, 0, cut, rank, all, bottom, js->max, &placed)) {
        uint64_t sols = join_back(s, js, nodes);
        join_scratch_free(own);
        return sols;
    }
    *nodes = placed;
    if (top->n == 0 || bottom->n == 0) {
        join_scratch_free(own);
        return 0;
    }
    const int bytes = (k + 7) / 8;
    half_list_sort(top, bytes);
    half_list_sort(bottom, bytes);
    uint64_t sols = 0;
    size_t i = 0, j = 0;
    while (i < top->n && j < bottom->n) {
        const uint32_t a = top->v[i].key, b = bottom->v[j].key;
        if (a != b) {
            if (a < b)
                i++;
            else
                j++;
            continue;
        }
        size_t ie = i, je = j;
        while (ie < top->n && top->v[ie].key == a)
            ie++;
        while (je < bottom->n && bottom->v[je].key == a)
            je++;
        /* The longer list is the inner one, the one the vector counters run along. */
        if (ie - i > je - j)
            sols += js->pairs(bottom->sig + j, je - j, top->sig + i, ie - i);
        else
            sols += js->pairs(top->sig + i, ie - i, bottom->sig + j, je - j);
        i = ie;
        j = je;
    }
    join_scratch_free(own);
    return sols;
}
