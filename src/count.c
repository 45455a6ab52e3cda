/*
 * count.c: the counting kernel: the number of ways to complete a board on which some queens are
 * placed (the subproblems of split.c: the queens of the border rows and columns, one placement
 * per symmetry class, and a few more), with the nodes of the search.
 *
 * Method (after the Q27 project's border pre-placement and Knuth's "most constrained item
 * first" rule for exact cover; measured in bench/nodes/README.md). Every line, row or column,
 * must get exactly one queen. The search keeps, for each free row, the cells its queen may still
 * take, branches on the free row with the fewest of them (MRV: a row with one cell is a forced
 * move, a row with none a dead end found at once), and drops every child that leaves some free
 * row or some free column without a free cell (forward checking on all lines, not just on the
 * next row). Ties go to the row nearest the middle of the board. Against a row-by-row search
 * with a one-row look-ahead this visits about 4 times fewer nodes at n = 16..17, and fewer per
 * solution as n grows (21.5 nodes per fundamental solution at n = 17 against 94).
 *
 * Representation. Once at most 16 queens are left, the free rows and columns are renumbered into
 * a grid of 16 lanes (rows) of 16 bits (columns), and each cell gets the 16-lane mask of the
 * cells it attacks: placing a queen is then one AND-NOT on 256 bits, whatever the rows and the
 * diagonals involved. Above 16 queens left a plain depth-first search on board masks does the
 * first levels (only counts of n >= 21 need it).
 *
 * The last levels are searched breadth-first: a node is a grid state with its branching row
 * already picked; a pass over an array of nodes takes one candidate of each node, writes the
 * child at the end of the next level when it is live (picking its row in turn) and keeps the
 * node while it has candidates left. Every step of a pass is the same branch-free sequence over
 * independent nodes, which the processor overlaps; a depth-first search waits at every node on
 * the one before it and mispredicts the branches of a dead end. Children with one queen left
 * are solutions when live and are only counted.
 *
 * Three forms of the pass: plain C on four 64-bit words of four lanes each (SWAR, for any
 * processor), SSE2 on two 128-bit registers (every x86-64) and AVX2 on one 256-bit register
 * (built when the compiler targets AVX2). They give the same counts and nodes.
 * Workload: subproblems of n = 10..27 with 4 to 30 queens placed, from microseconds to hours.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#if defined(__AVX2__)
#include <immintrin.h>
#define COUNT_HAVE_AVX2 1
#else
#define COUNT_HAVE_AVX2 0
#endif
#if defined(__SSE2__)
#include <emmintrin.h>
#define COUNT_HAVE_SSE2 1
#else
#define COUNT_HAVE_SSE2 0
#endif

#include "board.h"
#include "count.h"

void nq_counts_add(nq_counts *acc, const nq_counts *x) {
    acc->total += x->total;
    acc->unique += x->unique;
    acc->orbit8 += x->orbit8;
    acc->orbit4 += x->orbit4;
    acc->orbit2 += x->orbit2;
    acc->orbit1 += x->orbit1;
    acc->nodes += x->nodes;
}

/* ---- n <= 3 -------------------------------------------------------------------------------- */

/* Returns the class size (8, 4, 2, 1) if cols is the least of its images, 0 otherwise. */
static int plain_canonical(int n, const int *cols) {
    int img[NQ_MAX_N];
    int same = 1;
    for (int s = 1; s < NQ_SYMMETRIES; s++) {
        board_image(n, cols, (nq_symmetry)s, img);
        int cmp = board_compare(n, img, cols);
        if (cmp < 0)
            return 0;
        same += cmp == 0;
    }
    return 8 / same;
}

static void plain_rec(int n, int y, int *cols, uint64_t l, uint64_t d, uint64_t r, nq_counts *out) {
    uint64_t mask = ((uint64_t)1 << n) - 1;
    for (uint64_t a = ~(l | d | r) & mask; a; a &= a - 1) {
        uint64_t bit = a & (0 - a);
        cols[y] = __builtin_ctzll(bit);
        out->nodes++;
        if (y + 1 < n) {
            plain_rec(n, y + 1, cols, (l | bit) << 1, d | bit, (r | bit) >> 1, out);
            continue;
        }
        int orbit = plain_canonical(n, cols);
        out->total++;
        out->unique += orbit != 0;
        out->orbit8 += orbit == 8, out->orbit4 += orbit == 4;
        out->orbit2 += orbit == 2, out->orbit1 += orbit == 1;
    }
}

void count_plain(int n, nq_counts *out) {
    assert(n >= 1 && n <= 8);
    memset(out, 0, sizeof *out);
    int cols[8];
    plain_rec(n, 0, cols, 0, 0, 0, out);
}

/* ---- The board state ----------------------------------------------------------------------- */

void count_state_init(count_state *s, int n) {
    assert(n >= 1 && n <= NQ_MAX_N);
    uint64_t all = n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
    memset(s, 0, sizeof *s);
    s->n = n;
    s->left = n;
    s->rows = s->cols = all;
    for (int y = 0; y < n; y++)
        s->free[y] = all;
}

int count_state_place(count_state *s, int y, int x) {
    int n = s->n;
    assert(y >= 0 && y < n && x >= 0 && x < n);
    if (!(s->rows >> y & 1) || !(s->free[y] >> x & 1))
        return 0;
    uint64_t bit = (uint64_t)1 << x;
    s->rows &= ~((uint64_t)1 << y);
    s->cols &= ~bit;
    s->free[y] = 0;
    s->left--;
    for (uint64_t fr = s->rows; fr; fr &= fr - 1) {
        int r = __builtin_ctzll(fr), dist = r > y ? r - y : y - r;
        uint64_t hit = bit | (x + dist < n ? bit << dist : 0) | (x >= dist ? bit >> dist : 0);
        s->free[r] &= ~hit;
    }
    return 1;
}

int count_state_live(const count_state *s) {
    uint64_t seen = 0;
    for (uint64_t fr = s->rows; fr; fr &= fr - 1) {
        uint64_t m = s->free[__builtin_ctzll(fr)];
        if (!m)
            return 0;
        seen |= m;
    }
    return (seen & s->cols) == s->cols;
}

/* The tie order of the rows: the distance to the middle of the board, the upper row first. */
static int row_central(int n, int y) {
    int dc = 2 * y - (n - 1);
    return dc < 0 ? -2 * dc : 2 * dc + 1;
}

int count_state_pick(const count_state *s) {
    assert(s->left >= 1);
    int best = -1, bestkey = 1 << 30;
    for (uint64_t fr = s->rows; fr; fr &= fr - 1) {
        int y = __builtin_ctzll(fr);
        int key = __builtin_popcountll(s->free[y]) << 8 | row_central(s->n, y);
        if (key < bestkey)
            bestkey = key, best = y;
    }
    return best;
}

/* Depth-first search on board states: below more than 16 queens left (until the grid takes
 * over), and the whole search when no scratch memory can be had. s is live. */
static uint64_t state_dfs(const count_state *s, count_scratch *sc, count_kernel k, uint64_t *nodes);

/* ---- The grid of the last 16 queens ----------------------------------------------------------
 * Lane a is the a-th free row, bit b the b-th free column (both in board order). att[a][b] holds
 * for every lane the cells a queen on (a, b) takes away: its column, its two diagonals, and the
 * whole of its own lane. Lanes beyond `left` are always 0, as is a filled lane: in a live state a
 * lane is 0 exactly when its row is filled or unused. */
#define LANES 16

typedef struct grid {
    _Alignas(32) uint16_t att[LANES][LANES][LANES];
    _Alignas(32) uint16_t m0[LANES];  /* the free cells of each lane at the root */
    _Alignas(32) uint16_t tie[LANES]; /* rank << 4 | lane: the rank of the lane's row in the tie
                                       * order; the pick key is popcount << 8 | tie */
    int left;                         /* free rows at the root (<= 16) */
} grid;

static void grid_build(grid *g, const count_state *s) {
    int n = s->n, rowof[LANES], colof[LANES], bitof[NQ_MAX_N], nr = 0, nc = 0;
    assert(s->left <= LANES);
    for (int y = 0; y < n; y++)
        if (s->rows >> y & 1)
            rowof[nr++] = y;
    for (int x = 0; x < n; x++) {
        bitof[x] = -1;
        if (s->cols >> x & 1)
            colof[nc] = x, bitof[x] = nc++;
    }
    assert(nr == s->left && nc == s->left);
    memset(g, 0, sizeof *g);
    g->left = nr;
    for (int a = 0; a < nr; a++) {
        uint16_t m = 0;
        for (int b = 0; b < nc; b++)
            m |= (uint16_t)((s->free[rowof[a]] >> colof[b] & 1) << b);
        g->m0[a] = m;
        int rank = 0;
        for (int a2 = 0; a2 < nr; a2++)
            rank += row_central(n, rowof[a2]) < row_central(n, rowof[a]);
        g->tie[a] = (uint16_t)(rank << 4 | a);
        for (int b = 0; b < nc; b++) {
            for (int a2 = 0; a2 < nr; a2++) {
                if (a2 == a) {
                    g->att[a][b][a2] = 0xFFFF;
                    continue;
                }
                int dist = rowof[a2] > rowof[a] ? rowof[a2] - rowof[a] : rowof[a] - rowof[a2];
                int x = colof[b];
                unsigned m2 = 1u << b;
                if (x + dist < n && bitof[x + dist] >= 0)
                    m2 |= 1u << bitof[x + dist];
                if (x - dist >= 0 && bitof[x - dist] >= 0)
                    m2 |= 1u << bitof[x - dist];
                g->att[a][b][a2] = (uint16_t)m2;
            }
        }
    }
    for (int a = nr; a < LANES; a++)
        g->tie[a] = (uint16_t)(a << 4 | a);
}

/* A node of the grid search: a live state and its picked lane's candidates. */
typedef struct gnode {
    _Alignas(32) uint16_t m[LANES];
    uint32_t cand; /* candidate bits of the picked lane, taken lowest first */
    uint32_t cols; /* free column bits */
    uint32_t row;  /* the picked lane */
    uint32_t pad;
    uint64_t nz; /* plain kernel: which lanes are not 0 (see swar_nonzero) */
} gnode;

/* Nodes of the breadth-first passes handed over at once, and the arena's default size. */
#define COUNT_ROOTS 256
#define COUNT_ARENA 16384
/* Queens left when the depth-first search in the grid hands its nodes to the passes. */
#define COUNT_HANDOVER 10

struct count_scratch {
    grid g;
    size_t cap;   /* nodes in the arena */
    gnode *arena; /* cap nodes, right after this structure */
    void *block;  /* what malloc gave (the structure is aligned inside it) */
};

static count_scratch *scratch_new(size_t cap) {
    /* The grid and the nodes want 32-byte alignment; malloc may give only 16. */
    size_t head = (sizeof(count_scratch) + 63) & ~(size_t)63;
    void *block = malloc(63 + head + cap * sizeof(gnode));
    if (!block)
        return NULL;
    uintptr_t p = ((uintptr_t)block + 63) & ~(uintptr_t)63;
    count_scratch *sc = (count_scratch *)(void *)p;
    sc->block = block;
    sc->cap = cap;
    sc->arena = (gnode *)(void *)(p + head);
    return sc;
}

count_scratch *count_scratch_new(void) {
    return scratch_new(COUNT_ARENA);
}

count_scratch *count_scratch_new_small(size_t nodes) {
    assert(nodes >= COUNT_ARENA_MIN);
    return scratch_new(nodes);
}

void count_scratch_free(count_scratch *sc) {
    if (sc)
        free(sc->block);
}

/* What a search below one grid root found. */
typedef struct tally {
    uint64_t sols, nodes;
} tally;

/* ---- The plain kernel: four lanes in each of four 64-bit words ---------------------------- */

#define SWAR_H ((uint64_t)0x8000800080008000)
#define SWAR_M ((uint64_t)0x7FFF7FFF7FFF7FFF)

static inline void swar_load(uint64_t *w, const uint16_t *m) {
    memcpy(w, m, 4 * sizeof *w);
}

/* The lanes that are not 0, one bit each: lane 4t + s at bit 16 s + t. */
static inline uint64_t swar_nonzero(const uint64_t *w) {
    uint64_t nz = 0;
    for (int t = 0; t < 4; t++)
        nz |= ((w[t] | ((w[t] & SWAR_M) + SWAR_M)) & SWAR_H) >> (15 - t);
    return nz;
}

static inline uint64_t swar_lanebit(uint32_t a) {
    return (uint64_t)1 << (16 * (a & 3) + (a >> 2));
}

/* Per-lane unsigned minimum of two words of 15-bit lanes. */
static inline uint64_t swar_min(uint64_t a, uint64_t b) {
    uint64_t ge = (((a | SWAR_H) - b) & SWAR_H) >> 15; /* 1 where a >= b */
    uint64_t m = ge * 0xFFFF;
    return (b & m) | (a & ~m);
}

/* The pick of the state w (nz: its nonzero lanes) with the grid's tie words. */
static inline void swar_pick(const uint64_t *w, uint64_t nz, const uint64_t *tie, uint32_t *row,
                             uint32_t *cand) {
    uint64_t k[4];
    for (int t = 0; t < 4; t++) {
        uint64_t x = w[t];
        x = x - ((x >> 1) & 0x5555555555555555);
        x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333);
        x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F;
        x = (x + (x >> 8)) & 0x001F001F001F001F;
        /* Zero lanes (filled rows) get the largest key. */
        uint64_t zero = ~(nz >> t) & 0x0001000100010001;
        k[t] = (x << 8 | tie[t]) | zero * 0x7FFF;
    }
    uint64_t m = swar_min(swar_min(k[0], k[1]), swar_min(k[2], k[3]));
    m = swar_min(m, m >> 32 | (uint64_t)0x7FFF7FFF00000000);
    m = swar_min(m, m >> 16 | (uint64_t)0x7FFF000000000000);
    uint32_t a = (uint32_t)m & 15;
    *row = a;
    *cand = (uint32_t)(w[a >> 2] >> (16 * (a & 3))) & 0xFFFF;
}

/* The child of node v by candidate x, into w; returns 1 if it is live. */
static inline int swar_child(const grid *g, const gnode *v, uint32_t x, uint64_t *w, uint64_t *nz) {
    uint64_t m[4], att[4];
    swar_load(m, v->m);
    swar_load(att, g->att[v->row][x]);
    for (int t = 0; t < 4; t++)
        w[t] = m[t] & ~att[t];
    *nz = swar_nonzero(w);
    uint64_t u = w[0] | w[1] | w[2] | w[3];
    u |= u >> 32;
    u |= u >> 16;
    uint32_t cols = v->cols & ~(1u << x);
    return (*nz == (v->nz & ~swar_lanebit(v->row))) & (((uint32_t)u & cols) == cols);
}

static void swar_expand(const grid *g, const uint64_t *tie, gnode *cur, size_t m, int left,
                        gnode *space_at, size_t space, tally *tl);

/* Expands the m nodes at cur (left queens to place, the picked one included) down to the
 * solutions; their children go to space_at, which has room for space nodes. */
static void swar_expand(const grid *g, const uint64_t *tie, gnode *cur, size_t m, int left,
                        gnode *space_at, size_t space, tally *tl) {
    while (m) {
        if (left == 1) {
            /* One queen left in a live state: one solution each. */
            tl->sols += m, tl->nodes += m;
            return;
        }
        size_t children = 0;
        for (size_t i = 0; i < m; i++)
            children += (size_t)__builtin_popcount(cur[i].cand);
        if (left > 2 && children + LANES * (size_t)(left - 2) > space) {
            assert(m > 1);
            swar_expand(g, tie, cur, m / 2, left, space_at, space, tl);
            cur += m / 2;
            m -= m / 2;
            continue;
        }
        size_t j = 0;
        uint64_t live = 0;
        for (size_t mm = m; mm;) {
            size_t keep = 0;
            for (size_t i = 0; i < mm; i++) {
                gnode v = cur[i];
                uint32_t x = (uint32_t)__builtin_ctz(v.cand);
                v.cand &= v.cand - 1;
                uint64_t w[4], nz;
                int ok = swar_child(g, &cur[i], x, w, &nz);
                if (left == 2) {
                    live += (uint64_t)ok;
                } else {
                    gnode *c = &space_at[j];
                    memcpy(c->m, w, sizeof w);
                    c->nz = nz;
                    c->cols = v.cols & ~(1u << x);
                    swar_pick(w, nz, tie, &c->row, &c->cand);
                    j += (size_t)ok;
                }
                cur[keep] = v;
                keep += v.cand != 0;
            }
            mm = keep;
        }
        if (left == 2) {
            /* Each live child is a solution: its queen and the last one. */
            tl->sols += live, tl->nodes += 2 * live;
            return;
        }
        tl->nodes += j;
        cur = space_at, m = j, space_at += j, space -= j, left--;
    }
}

static void swar_tie(const grid *g, uint64_t *tie) {
    swar_load(tie, g->tie);
}

/* The root node of the grid (live). */
static void swar_root(const grid *g, const uint64_t *tie, gnode *r) {
    uint64_t w[4];
    memcpy(r->m, g->m0, sizeof r->m);
    swar_load(w, g->m0);
    r->nz = swar_nonzero(w);
    r->cols = (uint32_t)((1u << g->left) - 1);
    swar_pick(w, r->nz, tie, &r->row, &r->cand);
}

/* ---- The AVX2 kernel: the 16 lanes in one register ----------------------------------------- */
#if COUNT_HAVE_AVX2
static inline __m256i avx2_popcnt16(__m256i v) {
    const __m256i lut = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2,
                                         1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
    const __m256i nib = _mm256_set1_epi8(0x0F);
    __m256i lo = _mm256_shuffle_epi8(lut, _mm256_and_si256(v, nib));
    __m256i hi = _mm256_shuffle_epi8(lut, _mm256_and_si256(_mm256_srli_epi16(v, 4), nib));
    return _mm256_maddubs_epi16(_mm256_add_epi8(lo, hi), _mm256_set1_epi8(1));
}

static inline void avx2_pick(__m256i m, __m256i tie, uint32_t *row, uint32_t *cand) {
    __m256i z = _mm256_cmpeq_epi16(m, _mm256_setzero_si256());
    __m256i key = _mm256_or_si256(_mm256_or_si256(_mm256_slli_epi16(avx2_popcnt16(m), 8), tie), z);
    __m128i k = _mm_min_epu16(_mm256_castsi256_si128(key), _mm256_extracti128_si256(key, 1));
    uint32_t a = (uint32_t)_mm_cvtsi128_si32(_mm_minpos_epu16(k)) & 15;
    __m256i sh = _mm256_permutevar8x32_epi32(m, _mm256_set1_epi32((int)(a >> 1)));
    *row = a;
    *cand = ((uint32_t)_mm256_cvtsi256_si32(sh) >> (16 * (a & 1))) & 0xFFFF;
}

/* The 2-bit-per-lane mask of the zero lanes. */
static inline uint32_t avx2_zeros(__m256i m) {
    return (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi16(m, _mm256_setzero_si256()));
}

static inline int avx2_cover(__m256i m, uint32_t cols) {
    __m128i u = _mm_or_si128(_mm256_castsi256_si128(m), _mm256_extracti128_si256(m, 1));
    u = _mm_or_si128(u, _mm_shuffle_epi32(u, 0x4E));
    u = _mm_or_si128(u, _mm_shuffle_epi32(u, 0xB1));
    u = _mm_or_si128(u, _mm_srli_epi32(u, 16));
    return ((uint32_t)_mm_cvtsi128_si32(u) & cols) == cols;
}

static void avx2_expand(const grid *g, __m256i tie, gnode *cur, size_t m, int left, gnode *space_at,
                        size_t space, tally *tl) {
    while (m) {
        if (left == 1) {
            tl->sols += m, tl->nodes += m;
            return;
        }
        size_t children = 0;
        for (size_t i = 0; i < m; i++)
            children += (size_t)__builtin_popcount(cur[i].cand);
        if (left > 2 && children + LANES * (size_t)(left - 2) > space) {
            assert(m > 1);
            avx2_expand(g, tie, cur, m / 2, left, space_at, space, tl);
            cur += m / 2;
            m -= m / 2;
            continue;
        }
        /* A node moves as two halves: its lanes, then cand, cols, row and the rest. */
        const __m256i first = _mm256_setr_epi32(-1, 0, 0, 0, 0, 0, 0, 0);
        if (left == 2) {
            /* Each live child is a solution: its queen and the last one. */
            uint64_t live = 0;
            for (size_t mm = m; mm;) {
                size_t keep = 0;
                for (size_t i = 0; i < mm; i++) {
                    __m256i pm = _mm256_load_si256((const __m256i *)(const void *)&cur[i]);
                    __m256i tail = _mm256_load_si256((const __m256i *)(const void *)&cur[i] + 1);
                    uint32_t cand = cur[i].cand, row = cur[i].row, cols = cur[i].cols;
                    uint32_t x = (uint32_t)__builtin_ctz(cand);
                    cand &= cand - 1;
                    __m256i c = _mm256_andnot_si256(
                        _mm256_load_si256((const __m256i *)(const void *)g->att[row][x]), pm);
                    cols &= ~(1u << x);
                    live +=
                        (avx2_zeros(c) == (avx2_zeros(pm) | 3u << (2 * row))) & avx2_cover(c, cols);
                    tail = _mm256_blendv_epi8(tail, _mm256_set1_epi32((int)cand), first);
                    _mm256_store_si256((__m256i *)(void *)&cur[keep], pm);
                    _mm256_store_si256((__m256i *)(void *)&cur[keep] + 1, tail);
                    keep += cand != 0;
                }
                mm = keep;
            }
            tl->sols += live, tl->nodes += 2 * live;
            return;
        }
        size_t j = 0;
        for (size_t mm = m; mm;) {
            size_t keep = 0;
            for (size_t i = 0; i < mm; i++) {
                __m256i pm = _mm256_load_si256((const __m256i *)(const void *)&cur[i]);
                __m256i tail = _mm256_load_si256((const __m256i *)(const void *)&cur[i] + 1);
                uint32_t cand = cur[i].cand, row = cur[i].row, cols = cur[i].cols;
                uint32_t x = (uint32_t)__builtin_ctz(cand);
                cand &= cand - 1;
                __m256i c = _mm256_andnot_si256(
                    _mm256_load_si256((const __m256i *)(const void *)g->att[row][x]), pm);
                cols &= ~(1u << x);
                int ok =
                    (avx2_zeros(c) == (avx2_zeros(pm) | 3u << (2 * row))) & avx2_cover(c, cols);
                gnode *w = &space_at[j];
                _mm256_store_si256((__m256i *)(void *)w->m, c);
                w->cols = cols;
                avx2_pick(c, tie, &w->row, &w->cand);
                j += (size_t)ok;
                tail = _mm256_blendv_epi8(tail, _mm256_set1_epi32((int)cand), first);
                _mm256_store_si256((__m256i *)(void *)&cur[keep], pm);
                _mm256_store_si256((__m256i *)(void *)&cur[keep] + 1, tail);
                keep += cand != 0;
            }
            mm = keep;
        }
        tl->nodes += j;
        cur = space_at, m = j, space_at += j, space -= j, left--;
    }
}
#endif

/* ---- The SSE2 kernel: the 16 lanes in two 128-bit registers (every x86-64) ------------------- */
#if COUNT_HAVE_SSE2
static inline __m128i sse2_popcnt16(__m128i x) {
    x = _mm_sub_epi16(x, _mm_and_si128(_mm_srli_epi16(x, 1), _mm_set1_epi16(0x5555)));
    x = _mm_add_epi16(_mm_and_si128(x, _mm_set1_epi16(0x3333)),
                      _mm_and_si128(_mm_srli_epi16(x, 2), _mm_set1_epi16(0x3333)));
    x = _mm_and_si128(_mm_add_epi16(x, _mm_srli_epi16(x, 4)), _mm_set1_epi16(0x0F0F));
    return _mm_and_si128(_mm_add_epi16(x, _mm_srli_epi16(x, 8)), _mm_set1_epi16(0x001F));
}

/* One bit per zero lane. */
static inline uint32_t sse2_zeros(__m128i lo, __m128i hi) {
    __m128i z = _mm_setzero_si128();
    return (uint32_t)_mm_movemask_epi8(
        _mm_packs_epi16(_mm_cmpeq_epi16(lo, z), _mm_cmpeq_epi16(hi, z)));
}

static inline int sse2_cover(__m128i lo, __m128i hi, uint32_t cols) {
    __m128i u = _mm_or_si128(lo, hi);
    u = _mm_or_si128(u, _mm_shuffle_epi32(u, 0x4E));
    u = _mm_or_si128(u, _mm_shuffle_epi32(u, 0xB1));
    u = _mm_or_si128(u, _mm_srli_epi32(u, 16));
    return ((uint32_t)_mm_cvtsi128_si32(u) & cols) == cols;
}

/* The picked lane (keys below 0x8000: a signed minimum will do). */
static inline uint32_t sse2_pick(__m128i lo, __m128i hi, __m128i tlo, __m128i thi) {
    __m128i z = _mm_setzero_si128(), fill = _mm_set1_epi16(0x7FFF);
    __m128i klo = _mm_or_si128(_mm_or_si128(_mm_slli_epi16(sse2_popcnt16(lo), 8), tlo),
                               _mm_and_si128(_mm_cmpeq_epi16(lo, z), fill));
    __m128i khi = _mm_or_si128(_mm_or_si128(_mm_slli_epi16(sse2_popcnt16(hi), 8), thi),
                               _mm_and_si128(_mm_cmpeq_epi16(hi, z), fill));
    __m128i k = _mm_min_epi16(klo, khi);
    k = _mm_min_epi16(k, _mm_shuffle_epi32(k, 0x4E));
    k = _mm_min_epi16(k, _mm_shuffle_epi32(k, 0xB1));
    k = _mm_min_epi16(k, _mm_shufflelo_epi16(k, 0xB1));
    return (uint32_t)_mm_cvtsi128_si32(k) & 15;
}

static void sse2_expand(const grid *g, const uint16_t *tie, gnode *cur, size_t m, int left,
                        gnode *space_at, size_t space, tally *tl) {
    const __m128i tlo = _mm_loadu_si128((const __m128i *)(const void *)tie);
    const __m128i thi = _mm_loadu_si128((const __m128i *)(const void *)(tie + 8));
    while (m) {
        if (left == 1) {
            tl->sols += m, tl->nodes += m;
            return;
        }
        size_t children = 0;
        for (size_t i = 0; i < m; i++)
            children += (size_t)__builtin_popcount(cur[i].cand);
        if (left > 2 && children + LANES * (size_t)(left - 2) > space) {
            assert(m > 1);
            sse2_expand(g, tie, cur, m / 2, left, space_at, space, tl);
            cur += m / 2;
            m -= m / 2;
            continue;
        }
        size_t j = 0;
        uint64_t live = 0;
        for (size_t mm = m; mm;) {
            size_t keep = 0;
            for (size_t i = 0; i < mm; i++) {
                gnode v = cur[i];
                uint32_t x = (uint32_t)__builtin_ctz(v.cand);
                v.cand &= v.cand - 1;
                const __m128i *att = (const __m128i *)(const void *)g->att[v.row][x];
                __m128i plo = _mm_load_si128((const __m128i *)(const void *)v.m);
                __m128i phi = _mm_load_si128((const __m128i *)(const void *)(v.m + 8));
                __m128i clo = _mm_andnot_si128(_mm_load_si128(att), plo);
                __m128i chi = _mm_andnot_si128(_mm_load_si128(att + 1), phi);
                uint32_t want = sse2_zeros(plo, phi) | 1u << v.row;
                uint32_t cols = v.cols & ~(1u << x);
                int ok = (sse2_zeros(clo, chi) == want) & sse2_cover(clo, chi, cols);
                if (left == 2) {
                    live += (uint64_t)ok;
                } else {
                    gnode *w = &space_at[j];
                    _mm_store_si128((__m128i *)(void *)w->m, clo);
                    _mm_store_si128((__m128i *)(void *)(w->m + 8), chi);
                    w->cols = cols;
                    w->row = sse2_pick(clo, chi, tlo, thi);
                    w->cand = w->m[w->row];
                    j += (size_t)ok;
                }
                cur[keep] = v;
                keep += v.cand != 0;
            }
            mm = keep;
        }
        if (left == 2) {
            tl->sols += live, tl->nodes += 2 * live;
            return;
        }
        tl->nodes += j;
        cur = space_at, m = j, space_at += j, space -= j, left--;
    }
}
#endif

/* ---- The grid search: depth-first down to COUNT_HANDOVER queens left, then the passes ------ */

/* A kernel and the grid's tie keys in the forms the kernels want. */
typedef struct kctx {
    const grid *g;
    count_kernel k;
    _Alignas(32) uint16_t tie16[LANES];
    uint64_t tie64[4];
} kctx;

/* The child of v by x; returns 1 if it is live (c then filled in and picked). */
static inline int grid_child(const kctx *kc, const gnode *v, uint32_t x, gnode *c) {
    const grid *g = kc->g;
    uint32_t cols = v->cols & ~(1u << x);
#if COUNT_HAVE_AVX2
    if (kc->k == COUNT_KERNEL_AVX2) {
        __m256i pm = _mm256_load_si256((const __m256i *)(const void *)v->m);
        __m256i m = _mm256_andnot_si256(
            _mm256_load_si256((const __m256i *)(const void *)g->att[v->row][x]), pm);
        if (avx2_zeros(m) != (avx2_zeros(pm) | 3u << (2 * v->row)) || !avx2_cover(m, cols))
            return 0;
        _mm256_store_si256((__m256i *)(void *)c->m, m);
        c->cols = cols;
        avx2_pick(m, _mm256_load_si256((const __m256i *)(const void *)kc->tie16), &c->row,
                  &c->cand);
        return 1;
    }
#endif
#if COUNT_HAVE_SSE2
    if (kc->k == COUNT_KERNEL_SSE2) {
        const __m128i *att = (const __m128i *)(const void *)g->att[v->row][x];
        __m128i plo = _mm_load_si128((const __m128i *)(const void *)v->m);
        __m128i phi = _mm_load_si128((const __m128i *)(const void *)(v->m + 8));
        __m128i lo = _mm_andnot_si128(_mm_load_si128(att), plo);
        __m128i hi = _mm_andnot_si128(_mm_load_si128(att + 1), phi);
        if (sse2_zeros(lo, hi) != (sse2_zeros(plo, phi) | 1u << v->row) ||
            !sse2_cover(lo, hi, cols))
            return 0;
        _mm_store_si128((__m128i *)(void *)c->m, lo);
        _mm_store_si128((__m128i *)(void *)(c->m + 8), hi);
        c->cols = cols;
        c->row = sse2_pick(lo, hi, _mm_load_si128((const __m128i *)(const void *)kc->tie16),
                           _mm_load_si128((const __m128i *)(const void *)(kc->tie16 + 8)));
        c->cand = c->m[c->row];
        return 1;
    }
#endif
    uint64_t w[4], nz;
    if (!swar_child(g, v, x, w, &nz))
        return 0;
    memcpy(c->m, w, sizeof w);
    c->nz = nz;
    c->cols = cols;
    swar_pick(w, nz, kc->tie64, &c->row, &c->cand);
    return 1;
}

static void grid_expand(const kctx *kc, gnode *cur, size_t m, int left, gnode *space_at,
                        size_t space, tally *tl) {
#if COUNT_HAVE_AVX2
    if (kc->k == COUNT_KERNEL_AVX2) {
        avx2_expand(kc->g, _mm256_load_si256((const __m256i *)(const void *)kc->tie16), cur, m,
                    left, space_at, space, tl);
        return;
    }
#endif
#if COUNT_HAVE_SSE2
    if (kc->k == COUNT_KERNEL_SSE2) {
        sse2_expand(kc->g, kc->tie16, cur, m, left, space_at, space, tl);
        return;
    }
#endif
    swar_expand(kc->g, kc->tie64, cur, m, left, space_at, space, tl);
}

/* Counts the completions of the grid g (its root live), with the arena of sc. */
static void grid_search(const grid *g, count_scratch *sc, count_kernel k, tally *tl) {
    kctx kc;
    kc.g = g, kc.k = k;
    memcpy(kc.tie16, g->tie, sizeof kc.tie16);
    swar_tie(g, kc.tie64);
    int left0 = g->left;
    if (left0 == 0) {
        tl->sols++;
        return;
    }
    /* The root, picked by the plain kernel: every kernel picks the same lane. */
    gnode stack[LANES + 1];
    swar_root(g, kc.tie64, &stack[0]);
    gnode *arena = sc->arena;
    size_t cap = sc->cap, roots = 0;
    if (left0 <= COUNT_HANDOVER) {
        arena[0] = stack[0];
        grid_expand(&kc, arena, 1, left0, arena + 1, cap - 1, tl);
        return;
    }
    /* Depth-first: stack[d] has left0 - d queens left. */
    int d = 0;
    for (;;) {
        gnode *v = &stack[d];
        if (!v->cand) {
            if (d == 0)
                break;
            d--;
            continue;
        }
        uint32_t x = (uint32_t)__builtin_ctz(v->cand);
        v->cand &= v->cand - 1;
        int left = left0 - d - 1; /* queens left in the child */
        gnode *c = left == COUNT_HANDOVER ? &arena[roots] : &stack[d + 1];
        if (!grid_child(&kc, v, x, c))
            continue;
        tl->nodes++;
        if (left == COUNT_HANDOVER) {
            if (++roots == COUNT_ROOTS) {
                grid_expand(&kc, arena, roots, left, arena + roots, cap - roots, tl);
                roots = 0;
            }
            continue;
        }
        d++;
    }
    if (roots)
        grid_expand(&kc, arena, roots, COUNT_HANDOVER, arena + roots, cap - roots, tl);
}

/* ---- Above the grid -------------------------------------------------------------------------- */

static uint64_t state_dfs(const count_state *s, count_scratch *sc, count_kernel k,
                          uint64_t *nodes) {
    if (s->left == 0)
        return 1;
    if (sc && s->left <= LANES) {
        tally tl = {0, 0};
        grid_build(&sc->g, s);
        grid_search(&sc->g, sc, k, &tl);
        *nodes += tl.nodes;
        return tl.sols;
    }
    int y = count_state_pick(s);
    uint64_t sols = 0;
    for (uint64_t a = s->free[y]; a; a &= a - 1) {
        count_state c = *s;
        count_state_place(&c, y, __builtin_ctzll(a));
        if (!count_state_live(&c))
            continue;
        (*nodes)++;
        sols += state_dfs(&c, sc, k, nodes);
    }
    return sols;
}

int count_kernel_available(count_kernel k) {
    return k == COUNT_KERNEL_PLAIN || (k == COUNT_KERNEL_SSE2 && COUNT_HAVE_SSE2) ||
           (k == COUNT_KERNEL_AVX2 && COUNT_HAVE_AVX2);
}

uint64_t count_completions(const count_state *s, count_scratch *sc, count_kernel k,
                           uint64_t *nodes) {
    if (k == COUNT_KERNEL_BEST)
        k = COUNT_HAVE_AVX2   ? COUNT_KERNEL_AVX2
            : COUNT_HAVE_SSE2 ? COUNT_KERNEL_SSE2
                              : COUNT_KERNEL_PLAIN;
    assert(count_kernel_available(k));
    *nodes = 0;
    if (!count_state_live(s))
        return 0;
    count_scratch *own = NULL;
    if (!sc)
        sc = own = count_scratch_new(); /* NULL: state_dfs() then needs none */
    uint64_t sols = state_dfs(s, sc, k, nodes);
    count_scratch_free(own);
    return sols;
}

/* ---- Symmetric solutions ------------------------------------------------------------------- */

/* Places the orbit of (y, x) under the rotation group (quarter: by 90 degrees, else by 180);
 * returns 0 if some queen of it cannot go. */
static int place_orbit(count_state *s, int y, int x, int quarter) {
    int n = s->n, r = y, c = x;
    for (int i = 0; i < (quarter ? 4 : 2); i++) {
        int rr, cc;
        if (i > 0 && r == y && c == x)
            break; /* the orbit closed early (the centre cell) */
        if (!count_state_place(s, r, c))
            return 0;
        board_cell_image(n, quarter ? NQ_SYM_ROT90 : NQ_SYM_ROT180, r, c, &rr, &cc);
        r = rr, c = cc;
    }
    return r == y && c == x;
}

static uint64_t symmetric_rec(const count_state *s, int quarter) {
    if (s->left == 0)
        return 1;
    if (!count_state_live(s))
        return 0;
    int y = __builtin_ctzll(s->rows);
    uint64_t sols = 0;
    for (uint64_t a = s->free[y]; a; a &= a - 1) {
        count_state c = *s;
        if (place_orbit(&c, y, __builtin_ctzll(a), quarter))
            sols += symmetric_rec(&c, quarter);
    }
    return sols;
}

uint64_t count_symmetric(const count_state *s, int quarter) {
    return symmetric_rec(s, quarter);
}

int nq_count(int n, nq_counts *out) {
    if (n < 1 || n > NQ_MAX_N || !out)
        return NQ_EINVAL;
    nq_split *s;
    int rc = nq_split_new(n, &s);
    if (rc != NQ_OK)
        return rc;
    nq_counts sum;
    memset(&sum, 0, sizeof sum);
    uint64_t size = nq_split_size(s);
    count_scratch *sc = count_scratch_new(); /* NULL is fine: each subproblem then allocates */
    for (uint64_t i = 0; i < size && rc == NQ_OK; i++) {
        nq_counts c;
        rc = count_split_solve(s, i, &c, sc);
        if (rc == NQ_OK)
            nq_counts_add(&sum, &c);
    }
    count_scratch_free(sc);
    nq_split_free(s);
    if (rc == NQ_OK)
        *out = sum;
    return rc;
}
