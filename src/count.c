/*
 * count.c: the counting kernel: the number of ways to complete a board on which some queens are
 * placed (the subproblems of split.c: the queens of the border rows and columns, one placement
 * per symmetry class, and a few more), with the nodes of the search. The scratch memory is the
 * caller's (one per thread, kept by parallel.c from one subproblem to the next).
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
 * Two kernels run the passes: the generic one, written with GNU C vector extensions (GCC and
 * Clang map it to SSE2 on x86-64, to NEON on ARM64, to scalar code elsewhere), and an AVX2 one
 * (built when the compiler targets AVX2: popcounts by table lookup, the pick by PHMINPOSUW).
 * They give the same counts and the same nodes. Without vector extensions, or without scratch
 * memory, the depth-first search on board states does everything (slowly, same counts, same
 * nodes).
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

#include "count.h"
#include "symmetry.h"

/* ---- n <= 3 -------------------------------------------------------------------------------- */

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
        int img[8];
        int orbit = sym_least_orbit(n, cols, img);
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

/* ---- The vector kernel: GNU C vector extensions, two halves of 8 lanes ----------------------
 * The compiler maps these to SSE2 on x86-64, NEON on ARM64, and to wider registers where the
 * target allows; the same steps as the AVX2 kernel, written once. */
#if defined(__GNUC__) || defined(__clang__)
#define COUNT_HAVE_VECTOR 1
typedef uint16_t vu16 __attribute__((vector_size(16)));
typedef int16_t vs16 __attribute__((vector_size(16)));

static inline vu16 vec_load(const uint16_t *p) {
    vu16 v;
    memcpy(&v, p, sizeof v);
    return v;
}

static inline void vec_store(uint16_t *p, vu16 v) {
    memcpy(p, &v, sizeof v);
}

static inline vu16 vec_popcnt(vu16 x) {
    x = x - ((x >> 1) & 0x5555);
    x = (x & 0x3333) + ((x >> 2) & 0x3333);
    x = (x + (x >> 4)) & 0x0F0F;
    return (x + (x >> 8)) & 0x001F;
}

/* Every lane gets the OR of all lanes. */
static inline vu16 vec_or_all(vu16 u) {
    u |= __builtin_shufflevector(u, u, 4, 5, 6, 7, 0, 1, 2, 3);
    u |= __builtin_shufflevector(u, u, 2, 3, 0, 1, 6, 7, 4, 5);
    return u | __builtin_shufflevector(u, u, 1, 0, 3, 2, 5, 4, 7, 6);
}

static inline vs16 vec_min(vs16 a, vs16 b) {
    vs16 lt = a < b;
    return (a & lt) | (b & ~lt);
}

/* Live: the zero lanes are the parent's and the picked one (row), and every free column is in
 * some lane. */
static inline int vec_live(vu16 plo, vu16 phi, vu16 lo, vu16 hi, uint32_t row, uint32_t cols) {
    const vs16 idx = {0, 1, 2, 3, 4, 5, 6, 7};
    vs16 r = (vs16){0, 0, 0, 0, 0, 0, 0, 0} + (int16_t)row;
    vs16 dlo = (vs16)(lo == 0) ^ ((vs16)(plo == 0) | (idx == r));
    vs16 dhi = (vs16)(hi == 0) ^ ((vs16)(phi == 0) | (idx + 8 == r));
    vu16 d = vec_or_all((vu16)(dlo | dhi)), u = vec_or_all(lo | hi);
    return (d[0] == 0) & (((uint32_t)u[0] & cols) == cols);
}

static inline uint32_t vec_pick(vu16 lo, vu16 hi, vu16 tlo, vu16 thi) {
    vs16 klo = (vs16)((vec_popcnt(lo) << 8) | tlo | ((vu16)(lo == 0) & 0x7FFF));
    vs16 khi = (vs16)((vec_popcnt(hi) << 8) | thi | ((vu16)(hi == 0) & 0x7FFF));
    vs16 k = vec_min(klo, khi);
    k = vec_min(k, __builtin_shufflevector(k, k, 4, 5, 6, 7, 0, 1, 2, 3));
    k = vec_min(k, __builtin_shufflevector(k, k, 2, 3, 0, 1, 6, 7, 4, 5));
    k = vec_min(k, __builtin_shufflevector(k, k, 1, 0, 3, 2, 5, 4, 7, 6));
    return (uint32_t)k[0] & 15;
}

static void vec_expand(const grid *g, const uint16_t *tie, gnode *cur, size_t m, int left,
                       gnode *space_at, size_t space, tally *tl) {
    const vu16 tlo = vec_load(tie), thi = vec_load(tie + 8);
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
            vec_expand(g, tie, cur, m / 2, left, space_at, space, tl);
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
                const uint16_t *att = g->att[v.row][x];
                vu16 plo = vec_load(v.m), phi = vec_load(v.m + 8);
                vu16 lo = plo & ~vec_load(att), hi = phi & ~vec_load(att + 8);
                uint32_t cols = v.cols & ~(1u << x);
                int ok = vec_live(plo, phi, lo, hi, v.row, cols);
                if (left == 2) {
                    live += (uint64_t)ok;
                } else {
                    gnode *w = &space_at[j];
                    vec_store(w->m, lo);
                    vec_store(w->m + 8, hi);
                    w->cols = cols;
                    w->row = vec_pick(lo, hi, tlo, thi);
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
#else
#define COUNT_HAVE_VECTOR 0
#endif

/* ---- The grid search: depth-first down to COUNT_HANDOVER queens left, then the passes ------ */
#if COUNT_HAVE_VECTOR

/* A kernel and the grid. */
typedef struct kctx {
    const grid *g;
    count_kernel k;
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
        avx2_pick(m, _mm256_load_si256((const __m256i *)(const void *)g->tie), &c->row, &c->cand);
        return 1;
    }
#endif
    const uint16_t *att = g->att[v->row][x];
    vu16 plo = vec_load(v->m), phi = vec_load(v->m + 8);
    vu16 lo = plo & ~vec_load(att), hi = phi & ~vec_load(att + 8);
    if (!vec_live(plo, phi, lo, hi, v->row, cols))
        return 0;
    vec_store(c->m, lo);
    vec_store(c->m + 8, hi);
    c->cols = cols;
    c->row = vec_pick(lo, hi, vec_load(g->tie), vec_load(g->tie + 8));
    c->cand = c->m[c->row];
    return 1;
}

static void grid_expand(const kctx *kc, gnode *cur, size_t m, int left, gnode *space_at,
                        size_t space, tally *tl) {
#if COUNT_HAVE_AVX2
    if (kc->k == COUNT_KERNEL_AVX2) {
        avx2_expand(kc->g, _mm256_load_si256((const __m256i *)(const void *)kc->g->tie), cur, m,
                    left, space_at, space, tl);
        return;
    }
#endif
    vec_expand(kc->g, kc->g->tie, cur, m, left, space_at, space, tl);
}

/* Counts the completions of the grid g (its root live), with the arena of sc. */
static void grid_search(const grid *g, count_scratch *sc, count_kernel k, tally *tl) {
    kctx kc;
    kc.g = g, kc.k = k;
    int left0 = g->left;
    if (left0 == 0) {
        tl->sols++;
        return;
    }
    /* The root, picked by the generic kernel: every kernel picks the same lane. */
    gnode stack[LANES + 1];
    memcpy(stack[0].m, g->m0, sizeof stack[0].m);
    stack[0].cols = (uint32_t)((1u << left0) - 1);
    stack[0].row =
        vec_pick(vec_load(g->m0), vec_load(g->m0 + 8), vec_load(g->tie), vec_load(g->tie + 8));
    stack[0].cand = g->m0[stack[0].row];
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
#endif

/* ---- Above the grid -------------------------------------------------------------------------- */

static uint64_t state_dfs(const count_state *s, count_scratch *sc, count_kernel k,
                          uint64_t *nodes) {
    if (s->left == 0)
        return 1;
#if COUNT_HAVE_VECTOR
    if (sc && s->left <= LANES) {
        tally tl = {0, 0};
        grid_build(&sc->g, s);
        grid_search(&sc->g, sc, k, &tl);
        *nodes += tl.nodes;
        return tl.sols;
    }
#else
    (void)k;
#endif
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
    return k == COUNT_KERNEL_GENERIC || (k == COUNT_KERNEL_AVX2 && COUNT_HAVE_AVX2);
}

uint64_t count_completions(const count_state *s, count_scratch *sc, count_kernel k,
                           uint64_t *nodes) {
    if (k == COUNT_KERNEL_BEST)
        k = COUNT_HAVE_AVX2 ? COUNT_KERNEL_AVX2 : COUNT_KERNEL_GENERIC;
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
        sym_cell_image(n, quarter ? NQ_SYM_ROT90 : NQ_SYM_ROT180, r, c, &rr, &cc);
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
