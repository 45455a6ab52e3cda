/*
 * complete_word_body.h: the one-word engine of the completion search (complete.c has the method)
 * as a template, for 1 <= k <= 64 free rows, which is every instance of the benchmarks (the hard
 * ones of the phase transition have k about 10..30). complete_word.c includes it once for the
 * portable build, complete_word_avx2.c once for x86-64-v3 (POPCNT, TZCNT/LZCNT, BMI2) and
 * complete_word_avx512.c once for AVX-512 with VPOPCNTDQ, each after defining the names of its
 * entries (complete_engine.h):
 *   WORD_SEARCH_ROOT  its word_search_root()
 *   WORD_LEX          its word_lex()
 *   WORD_VEC512       (AVX-512 only) the placement's rows and columns eight at a time
 *                     (word_lines_vec()) where the free lines are runs
 * All search the same nodes; only the instructions differ (popcount is a libgcc call without
 * POPCNT, a third of the instructions of a hard instance; the two loops over the lines are most
 * of the placement's, and the placement most of the search's).
 *
 * Every line is one word, so the state of a node fits in 2 + 2k words and is copied into the next
 * frame while the attacked cells are removed (no trail, no counts: a popcount when choosing is
 * cheaper). Frame layout: [0] unplaced rows, [1] unplaced columns, [2, 2 + k) the candidate
 * columns of each row, [2 + k, 2 + 2k) the candidate rows of each column; the words of placed
 * lines are stale. After each placement the diagonal sums rule (word_sums()) may fail the node or
 * remove cells, when the free lines allow it, and a diagonal that it shows every completion needs
 * (word_needed()) may become the line to branch on. At the top levels of the largest boards a node
 * first tries each of its cells with the lines it forces (word_lookahead()). Refuted cells are
 * removed from the current frame in place: they hold no completion under the frame's placements,
 * which every later use of the frame shares.
 */
#include <assert.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "complete_engine.h"

#if !defined(WORD_SEARCH_ROOT) || !defined(WORD_LEX)
#error "define WORD_SEARCH_ROOT and WORD_LEX before including complete_word_body.h"
#endif

static size_t word_words(const complete_state *s) {
    return 2 + 2 * (size_t)s->k;
}

static uint64_t *word_frame(const complete_state *s, int depth) {
    return s->frames + (size_t)depth * word_words(s);
}

/* The line a node branches on: the unplaced row or column with the fewest candidates, ties going
 * to the line nearest the centre of the board (its long diagonals make it the most constraining),
 * as the key popcount * 65536 + cent. On the n = 21 benchmark instances the tie-break and the
 * value order of word_pick() cut the nodes by about 30% against "first line, first candidate".
 * With the sums rule, a needed diagonal (every completion has a queen on it) that holds one cell,
 * or two when every row and column holds more, goes first (word_place()). */
typedef struct word_line {
    int key;   /* INT_MAX when every line is placed */
    int line;  /* free row or column index; for a diagonal, its a = i + j or d = j - i + k - 1 */
    int byrow; /* 1: the line is a row, 0 a column, 2 an anti-diagonal a, 3 a diagonal d */
    int lex;   /* 1: its candidates are taken left to right (word_probe()), 0: fewest first */
} word_line;

/* The line to branch on at the root frame. */
static void word_root_line(const complete_state *s, const uint64_t *f, word_line *out) {
    int k = s->k;
    out->key = INT_MAX;
    out->lex = 0;
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

/* The sum of the u lowest (word_sum_low) or u highest (word_sum_high) bit positions of m, which
 * holds at least u bits. */
#ifdef __BMI2__
#include <immintrin.h>
#endif

/* The sum of the bit positions of m: bit b of each position counted by one popcount. */
static inline int word_positions(uint64_t m) {
    return __builtin_popcountll(m & 0xAAAAAAAAAAAAAAAAu) +
           2 * __builtin_popcountll(m & 0xCCCCCCCCCCCCCCCCu) +
           4 * __builtin_popcountll(m & 0xF0F0F0F0F0F0F0F0u) +
           8 * __builtin_popcountll(m & 0xFF00FF00FF00FF00u) +
           16 * __builtin_popcountll(m & 0xFFFF0000FFFF0000u) +
           32 * __builtin_popcountll(m & 0xFFFFFFFF00000000u);
}

#ifdef __BMI2__

static inline int word_sum_low(uint64_t m, int u) {
    assert(__builtin_popcountll(m) >= u);
    return word_positions(m & (_pdep_u64((uint64_t)1 << u, m) - 1));
}

static inline int word_sum_high(uint64_t m, int u) {
    int cnt = __builtin_popcountll(m);
    assert(cnt >= u);
    return word_positions(m & -_pdep_u64((uint64_t)1 << (cnt - u), m));
}
#else
static int word_sum_low(uint64_t m, int u) {
    int t = 0;
    for (; u > 0; u--, m &= m - 1) {
        assert(m);
        t += __builtin_ctzll(m);
    }
    return t;
}

static int word_sum_high(uint64_t m, int u) {
    int t = 0;
    for (; u > 0; u--) {
        assert(m);
        int b = 63 - __builtin_clzll(m);
        t += b;
        m &= ~((uint64_t)1 << b);
    }
    return t;
}
#endif

/* The bits lo..hi of a word (clamped to 0..63). */
static uint64_t word_window(int lo, int hi) {
    lo = lo < 0 ? 0 : lo;
    hi = hi > 63 ? 63 : hi;
    if (lo > hi) {
        return 0;
    }
    uint64_t top = hi == 63 ? ~(uint64_t)0 : ((uint64_t)1 << (hi + 1)) - 1;
    return top & ~(((uint64_t)1 << lo) - 1);
}

/* The position of the (u + 1)-th lowest member of m as a one-bit word, or 0 if m has at most u
 * members. */
static inline uint64_t word_nth(uint64_t m, int u) {
#ifdef __BMI2__
    return _pdep_u64((uint64_t)1 << u, m);
#else
    for (; u > 0 && m; u--) {
        m &= m - 1;
    }
    return m & -m;
#endif
}

/* The members of m that every u-subset of m summing to t contains (m has at least u members,
 * and t lies within the sums of its u lowest and u highest members): removing a member x of
 * the u lowest raises the least sum to low - x + (the next member), which may pass t; the same
 * from above. */
static uint64_t word_needed(uint64_t m, int u, int t) {
    int na = __builtin_popcountll(m);
    if (na <= u) {
        return m;
    }
    uint64_t nb = word_nth(m, u), hb = word_nth(m, na - u - 1);
    uint64_t low = m & (nb - 1), high = m & ~(hb | (hb - 1));
    int lim = word_positions(low) + __builtin_ctzll(nb) - t;
    int lim2 = word_positions(high) + __builtin_ctzll(hb) - t;
    return (low & word_window(0, lim - 1)) | (high & word_window(lim2 + 1, 63));
}

/* The sum of sq[p] over the bits p of m, which lie in its first `bytes` bytes, from the byte
 * tables of complete_state.sq (8 x 256). */
static inline int word_sqsum(const uint16_t *sq, uint64_t m, int bytes) {
    int t = 0;
    for (int q = 0; q < bytes; q++, m >>= 8) {
        t += sq[(uint64_t)q * 256 + (m & 255)];
    }
    return t;
}

/* m with its bits in reverse order. */
static inline uint64_t word_reverse(uint64_t m) {
    m = __builtin_bswap64(m);
    m = (m & 0x0F0F0F0F0F0F0F0Fu) << 4 | (m >> 4 & 0x0F0F0F0F0F0F0F0Fu);
    m = (m & 0x3333333333333333u) << 2 | (m >> 2 & 0x3333333333333333u);
    return (m & 0x5555555555555555u) << 1 | (m >> 1 & 0x5555555555555555u);
}

#ifndef __BMI2__
/* The bits of v deposited at the members of mask, lowest first (BMI2's PDEP). */
static uint64_t word_deposit(uint64_t v, uint64_t mask) {
    uint64_t r = 0;
    for (; mask && v; mask &= mask - 1, v >>= 1) {
        r |= (v & 1) ? mask & -mask : 0;
    }
    return r;
}
#endif

/* The least sum of u squared distances from c of members of m (anti-diagonals or diagonals,
 * each at most 31 from c; m has at least u >= 1 members) in *lo, and the u-th least distance in
 * *t. The members are first laid out by distance t: bit 2t for c + t, bit 2t + 1 for c - t
 * (t >= 1), so that the u least are the u lowest bits (table sq + 2048: (p >> 1)^2 at bit p). */
static inline void word_sqlow(const uint16_t *sq, uint64_t m, int c, int u, int *lo, int *t) {
    uint64_t up = m >> c, down = (word_reverse(m) >> (63 - c)) & ~(uint64_t)1;
#ifdef __BMI2__
    uint64_t z = _pdep_u64(up, 0x5555555555555555u) | _pdep_u64(down, 0xAAAAAAAAAAAAAAAAu);
#else
    uint64_t z = word_deposit(up, 0x5555555555555555u) | word_deposit(down, 0xAAAAAAAAAAAAAAAAu);
#endif
    assert(__builtin_popcountll(z) >= u && u >= 1);
    uint64_t low = z & (word_nth(z, u) - 1); /* word_nth() is 0 when z has u members: all */
    *lo = word_sqsum(sq + 2048, low, 8);
    *t = (63 - __builtin_clzll(low)) >> 1;
}

/* The squares rule (after the sums rule, with its names): with X = 2i - c and Y = 2j - c a free
 * row's and column's distance from the centre (times 2), a queen on (i, j) has
 * (a - c)^2 + (d - c)^2 = ((X + Y)^2 + (Y - X)^2) / 4 = (X^2 + Y^2) / 2, so the u queens still to
 * place have sum over their anti-diagonals of (a - c)^2 plus sum over their diagonals of
 * (d - c)^2 equal to T = (sum of X^2 over the unplaced rows + sum of Y^2 over the unplaced
 * columns) / 2, whatever cells they take. Their anti-diagonals also sum to sa (the sums rule), so
 * for any p, sum (a - c)^2 = sum (a - p)^2 + 2 (p - c) (sa - u c) - u (p - c)^2: measured from p,
 * the nearest integer to their mean sa / u, the least sum of u squared distances of members of am
 * (lo_a) bounds the first sum more tightly than from the centre (2-8% fewer nodes on the n = 21
 * sets of bench/complete_paired.sh, 17% on its generated n = 22..25, 23% on the slowest of those),
 * and the same with q = sd / u for dm (lo_d). With T' = T less both offsets: if
 * T' < lo_a + lo_d, no completion; and a member x of am is usable only if (x - p)^2 + (the least
 * u - 1 of the others) + lo_d <= T', which bounds its distance from p (the same for dm). p and q
 * are kept within 31 of every diagonal (distances must fit word_sqlow()'s layout); any p is valid.
 * (The bounds from above, by the greatest sums, cut 46 more of 14.5 M nodes on the hardest
 * instances when measured from the centre: not applied.) Sets *ra and *rd to the members of am
 * and dm too far from p and q; returns 1 if no completion, else 0. */
static int word_squares(const complete_state *s, const uint64_t *g, uint64_t am, uint64_t dm, int u,
                        int sa, int sd, uint64_t *ra, uint64_t *rd) {
    int c = s->k - 1;
    const uint16_t *sq = s->sq;
    /* Sum of (2x - c)^2 = 4 x^2 - 4 c x + c^2 over the unplaced rows and columns (sa: sum of x;
     * k <= 32, so the rows' and columns' words have four bytes). */
    int sx2 = word_sqsum(sq, g[0], 4) + word_sqsum(sq, g[1], 4);
    int t2 = 4 * sx2 - 4 * c * sa + 2 * u * c * c;
    assert(t2 >= 0 && t2 % 2 == 0 && u >= 1 && sa >= 0 && sd >= 0);
    int lo = 2 * c - 31 > 0 ? 2 * c - 31 : 0, hi = c < 31 ? 2 * c : 31;
    int p = (2 * sa + u) / (2 * u), q = (2 * sd + u) / (2 * u);
    p = p < lo ? lo : p > hi ? hi : p;
    q = q < lo ? lo : q > hi ? hi : q;
    int t = t2 / 2 - (2 * (p - c) * (sa - u * c) - u * (p - c) * (p - c)) -
            (2 * (q - c) * (sd - u * c) - u * (q - c) * (q - c));
    int la, ta, ld, td;
    word_sqlow(sq, am, p, u, &la, &ta);
    word_sqlow(sq, dm, q, u, &ld, &td);
    if (t < la + ld) {
        return 1;
    }
    /* t >= la + ld, so both bounds are at least the u-th least square: nonnegative. Their integer
     * square roots from the table after sq's (a distance is at most 31, so 63 stands for all). */
    int x = t - ld - (la - ta * ta), y = t - la - (ld - td * td);
    const uint8_t *root = (const uint8_t *)(sq + WORD_SQ_ROOTS);
    int fa = root[x < 4095 ? x : 4095], fd = root[y < 4095 ? y : 4095];
    *ra = am & ~word_window(p - fa, p + fa);
    *rd = dm & ~word_window(q - fd, q + fd);
    return 0;
}

#ifdef WORD_VEC512
/* The end of a vector of lines (word_lines_vec(), word_drop_vec()): the lines' new candidates v
 * (lanes m) are stored at to; their packed keys (as the scalar loops': (popcount * 65536 + cent)
 * << 7 | 64 for a column | line; key[] holds the part after the popcount) are folded into *best by
 * a lane-wise minimum and, with `diag` (rows, idx their index and rev k - 1 - idx), their
 * anti-diagonals and diagonals into *am and *dm. Returns the lanes left without a candidate. */
static inline __mmask8 word_fold_vec(__m512i v, __mmask8 m, uint64_t *to, const uint64_t *key,
                                     __m512i idx, __m512i rev, int diag, __m512i *best, __m512i *am,
                                     __m512i *dm) {
    _mm512_mask_storeu_epi64(to, m, v);
    if (diag) {
        *am = _mm512_or_si512(*am, _mm512_sllv_epi64(v, idx));
        *dm = _mm512_or_si512(*dm, _mm512_sllv_epi64(v, rev));
    }
    __m512i kv =
        _mm512_add_epi64(_mm512_slli_epi64(_mm512_popcnt_epi64(v), 23), _mm512_loadu_si512(key));
    *best = _mm512_mask_min_epu64(*best, m, *best, kv);
    return _mm512_mask_testn_epi64_mask(m, v, v);
}

/* The cell removal of word_sums() (the sums and squares rules), eight lines a vector as
 * word_lines_vec(): lines [0, k) of view w that are in `live` lose the cells on the members of
 * `a` (anti-diagonals, seen from the line x: a >> x) and of `b` (b >> (c - x)), folded as
 * word_fold_vec() says. Returns nonzero if a line is left without a candidate. */
static inline __mmask8 word_drop_vec(uint64_t *w, const uint64_t *key, uint64_t live, uint64_t a,
                                     uint64_t b, int k, int diag, __m512i *best, __m512i *am,
                                     __m512i *dm) {
    const __m512i lane = _mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0);
    const __m512i av = _mm512_set1_epi64((long long)a), bv = _mm512_set1_epi64((long long)b);
    const __m512i cv = _mm512_set1_epi64(k - 1);
    __mmask8 empty = 0;
    for (int x = 0; x < k; x += 8) {
        __mmask8 m = (__mmask8)(live >> x);
        if (!m) {
            continue;
        }
        __m512i idx = _mm512_add_epi64(lane, _mm512_set1_epi64(x)), rev = _mm512_sub_epi64(cv, idx);
        __m512i att = _mm512_or_si512(_mm512_srlv_epi64(av, idx), _mm512_srlv_epi64(bv, rev));
        __m512i v = _mm512_andnot_si512(att, _mm512_maskz_loadu_epi64(m, w + x));
        empty |= word_fold_vec(v, m, w + x, key + x, idx, rev, diag, best, am, dm);
    }
    return empty;
}
#endif

/* The diagonal sums rule, on frame g after a placement (s->sums: the free rows and the free
 * columns are each a run of consecutive board lines and k <= 32, so that a free cell (i, j) lies
 * on the anti-diagonal a = i + j and the diagonal d = j - i + (k - 1), up to a constant shift of
 * the board's numbering, each in 0..62). The u queens still to place stand on the u unplaced rows
 * and the u unplaced columns, so whatever cells they take, their anti-diagonals sum to
 * sa = (sum of unplaced i) + (sum of unplaced j) and their diagonals to sd = (sum of unplaced j) -
 * (sum of unplaced i) + u (k - 1); they are u distinct members of am (the anti-diagonals that
 * still hold a candidate cell) and of dm (the diagonals). Hence, each a necessary condition:
 * - counts: am and dm have at least u members;
 * - parity: a cell's a and d have the same parity up to the constant k - 1, and the queens on
 *   odd anti-diagonals number sa mod 2 modulo 2, at most as many as the odd members of am and
 *   of dm (the same for the even ones);
 * - sums: a member x of am is usable only if x + (the u - 1 lowest others) <= sa <= x + (the
 *   u - 1 highest others), which keeps the members in [sa - high(u - 1), sa - low(u - 1)]; the
 *   same for dm and sd. The cells of the anti-diagonals and diagonals outside these windows are
 *   removed from both views, and the rule runs again until nothing changes.
 * - squares (s->squares: with at least that many unplaced rows, two or more): once a placement,
 *   when the sums find nothing more, the squares rule (word_squares()) may fail the node or
 *   remove the anti-diagonals and diagonals too far from their mean, after which the sums run
 *   again.
 * On the hardest CSPLib problem 79 instances of n = 19..21 (bench/complete.sh --csplib) the sums
 * halve the nodes; the squares cut a quarter to a third of the rest at every level, and less from
 * 14 unplaced rows on (WORD_SQUARES_FROM), where they save more than they cost; bench/RESULTS.md
 * has the figures. Returns 1 if the frame has no completion (g is then incomplete), else 0; where
 * cells were removed, *best is the packed key of word_place() of the line to branch on, recomputed.
 */
static int word_sums(const complete_state *s, uint64_t *g, uint64_t *amp, uint64_t *dmp, int si,
                     int sj, int *best) {
    uint64_t am = *amp, dm = *dmp;
    int k = s->k, c = k - 1, u = __builtin_popcountll(g[0]);
    int sa = si + sj, sd = sj - si + u * c;
    uint64_t *gr = g + 2, *gc = g + 2 + k;
    const uint64_t ev = 0x5555555555555555u, dev = c % 2 ? ~ev : ev;
    assert(s->sums && k <= 32 && u == __builtin_popcountll(g[1]));
    int squares = s->squares;
    while (u > 0) {
        int na = __builtin_popcountll(am), nd = __builtin_popcountll(dm);
        if (na < u || nd < u) {
            return 1;
        }
        int ea = __builtin_popcountll(am & ev), ed = __builtin_popcountll(dm & dev);
        int emax = ea < ed ? ea : ed, omax = na - ea < nd - ed ? na - ea : nd - ed;
        int lo = u - omax > 0 ? u - omax : 0, hi = emax < u ? emax : u; /* even-cell queens */
        if ((u - lo) % 2 != (sa & 1)) {
            lo++;
        }
        if (lo > hi) {
            return 1;
        }
        uint64_t ra =
            am & ~word_window(sa - word_sum_high(am, u - 1), sa - word_sum_low(am, u - 1));
        uint64_t rd =
            dm & ~word_window(sd - word_sum_high(dm, u - 1), sd - word_sum_low(dm, u - 1));
        if (!ra && !rd && squares && u >= squares) {
            squares = 0; /* once a placement: again after its removals costs more than it cuts */
            if (word_squares(s, g, am, dm, u, sa, sd, &ra, &rd)) {
                return 1;
            }
        }
        if (!ra && !rd) {
            *amp = am;
            *dmp = dm;
            return 0;
        }
        /* rd seen from the columns: e = i - j + (k - 1) = 2 (k - 1) - d, bits 0..2c reversed. */
        uint64_t re = word_reverse(rd) >> (63 - 2 * c);
#ifdef WORD_VEC512
        __m512i vb = _mm512_set1_epi64(-1), va = _mm512_setzero_si512(), vd = va;
        if (word_drop_vec(gr, s->vkey, g[0], ra, rd, k, 1, &vb, &va, &vd) ||
            word_drop_vec(gc, s->vkey + 32, g[1], ra, re, k, 0, &vb, NULL, NULL)) {
            return 1;
        }
        uint64_t r = (uint64_t)_mm512_reduce_min_epu64(vb);
        *best = r > INT_MAX ? INT_MAX : (int)r;
        am = (uint64_t)_mm512_reduce_or_epi64(va);
        dm = (uint64_t)_mm512_reduce_or_epi64(vd);
#else
        const int *cent = s->cent;
        int key = INT_MAX;
        am = dm = 0;
        for (uint64_t m = g[0]; m; m &= m - 1) {
            int i = __builtin_ctzll(m);
            uint64_t v = gr[i] & ~(ra >> i) & ~(rd >> (c - i));
            if (!v) {
                return 1;
            }
            gr[i] = v;
            am |= v << i;
            dm |= v << (c - i);
            int kx = (__builtin_popcountll(v) * 65536 + cent[i]) << 7 | i;
            key = kx < key ? kx : key;
        }
        for (uint64_t m = g[1]; m; m &= m - 1) {
            int j = __builtin_ctzll(m);
            uint64_t v = gc[j] & ~(ra >> j) & ~(re >> (c - j));
            if (!v) {
                return 1;
            }
            gc[j] = v;
            int kx = (__builtin_popcountll(v) * 65536 + cent[k + j]) << 7 | 64 | j;
            key = kx < key ? kx : key;
        }
        *best = key;
#endif
    }
    return 0;
}

#ifdef WORD_VEC512
/* The two loops of word_place() for free rows and columns that are runs (s->sums, k <= 32), eight
 * lines a vector: lines [0, k) of view `from` (rows or columns) that are in `live` lose the cells
 * that (line p, cell q) attacks, b = the bit of q (the cells q +- t and q itself, t the line's
 * distance from p), into view `to`, folded as word_fold_vec() says. Returns nonzero if a line
 * is left without a candidate. */
static inline __mmask8 word_lines_vec(const uint64_t *from, uint64_t *to, const uint64_t *key,
                                      uint64_t live, int p, uint64_t b, int k, int diag,
                                      __m512i *best, __m512i *am, __m512i *dm) {
    const __m512i lane = _mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0);
    const __m512i bv = _mm512_set1_epi64((long long)b);
    __mmask8 empty = 0;
    for (int x = 0; x < k; x += 8) {
        __mmask8 m = (__mmask8)(live >> x);
        if (!m) {
            continue;
        }
        __m512i idx = _mm512_add_epi64(lane, _mm512_set1_epi64(x));
        __m512i t = _mm512_abs_epi64(_mm512_sub_epi64(idx, _mm512_set1_epi64(p)));
        __m512i att = _mm512_or_si512(
            bv, _mm512_or_si512(_mm512_sllv_epi64(bv, t), _mm512_srlv_epi64(bv, t)));
        __m512i v = _mm512_andnot_si512(att, _mm512_maskz_loadu_epi64(m, from + x));
        __m512i rev = _mm512_sub_epi64(_mm512_set1_epi64(k - 1), idx);
        empty |= word_fold_vec(v, m, to + x, key + x, idx, rev, diag, best, am, dm);
    }
    return empty;
}
#endif

/* Places (i, j) on the state of frame f, writing the result into frame g, and chooses the line
 * the child branches on while doing so. Returns 0, or 1 if a row or column is left without a
 * candidate (g is then incomplete). */
static int word_place(complete_state *s, const uint64_t *f, uint64_t *g, int i, int j,
                      word_line *next) {
    int k = s->k;
    /* The queen goes on a candidate cell of an unplaced row and an unplaced column, which both
     * views of the frame hold. */
    assert((f[0] >> i & 1) && (f[1] >> j & 1) && (f[2 + i] >> j & 1) && (f[2 + k + j] >> i & 1));
    s->nodes++;
    s->place[i] = j;
    next->lex = 0;
    uint64_t bi = (uint64_t)1 << i, bj = (uint64_t)1 << j;
    uint64_t rows = f[0] & ~bi, cols = f[1] & ~bj;
    g[0] = rows;
    g[1] = cols;
    const uint64_t *fr = f + 2, *fc = f + 2 + k, *cb = s->cbit + s->n, *rb = s->rbit + s->n;
    uint64_t *gr = g + 2, *gc = g + 2 + k;
    const int *row_of = s->row_of, *col_of = s->col_of, *cent = s->cent;
    int br = row_of[i], bc = col_of[j], best = INT_MAX, line = -1, byrow = 1, empty = 0;
    /* With the sums rule the free rows and columns are runs of board lines (k <= 32): the cells
     * that (i, j) attacks in free row i2 are the columns j +- |i2 - i|, shifts of bj. */
    const int contig = s->sums;
    uint64_t am = 0, dm = 0, am2 = 0, dm2 = 0, am3 = 0, dm3 = 0;
    int si = 0, sj = 0;
#ifdef WORD_VEC512
    if (contig) {
        __m512i vb = _mm512_set1_epi64(-1), va = _mm512_setzero_si512(), vd = va;
        if (word_lines_vec(fr, gr, s->vkey, rows, i, bj, k, 1, &vb, &va, &vd)) {
            return 1; /* a row without a candidate */
        }
        if (word_lines_vec(fc, gc, s->vkey + 32, cols, j, bi, k, 0, &vb, NULL, NULL)) {
            return 1; /* a column without a candidate */
        }
        uint64_t r = (uint64_t)_mm512_reduce_min_epu64(vb);
        best = r > INT_MAX ? INT_MAX : (int)r;
        am = (uint64_t)_mm512_reduce_or_epi64(va);
        dm = (uint64_t)_mm512_reduce_or_epi64(vd);
        si = word_positions(rows);
        sj = word_positions(cols);
        rows = cols = 0; /* the scalar loops below have nothing left to do */
    }
#endif
    for (; rows; rows &= rows - 1) {
        int i2 = __builtin_ctzll(rows);
        uint64_t v;
        if (contig) {
            int t = i2 > i ? i2 - i : i - i2;
            v = fr[i2] & ~(bj | bj << t | bj >> t);
        } else {
            int dr = row_of[i2] - br;
            v = fr[i2] & ~(bj | cb[bc + dr] | cb[bc - dr]);
        }
        gr[i2] = v;
        am |= v << i2;
        dm |= v << (k - 1 - i2);
        si += i2;
        int key = (__builtin_popcountll(v) * 65536 + cent[i2]) << 7 | i2;
        best = key < best ? key : best;
        empty |= !v;
    }
    if (empty) {
        return 1; /* a row without a candidate */
    }
    for (; cols; cols &= cols - 1) {
        int j2 = __builtin_ctzll(cols);
        uint64_t v;
        if (contig) {
            int t = j2 > j ? j2 - j : j - j2;
            v = fc[j2] & ~(bi | bi << t | bi >> t);
        } else {
            int dc = col_of[j2] - bc;
            v = fc[j2] & ~(bi | rb[br + dc] | rb[br - dc]);
        }
        gc[j2] = v;
        sj += j2;
        int key = (__builtin_popcountll(v) * 65536 + cent[k + j2]) << 7 | 64 | j2;
        best = key < best ? key : best;
        empty |= !v;
    }
    if (empty) {
        return 1; /* a column without a candidate */
    }
    /* The packed key: the line's key, then 0 for a row and 64 for a column, then its index, so
     * that the least packed key is the first line of least key in the order rows, columns (the
     * sums rule recomputes it when it removes cells). */
    if (s->sums && word_sums(s, g, &am, &dm, si, sj, &best)) {
        return 1;
    }
    if (best != INT_MAX) {
        line = best & 63;
        byrow = !(best & 64);
        best >>= 7;
    }
    next->key = best;
    next->line = line;
    next->byrow = byrow;
    if (s->sums && s->needed && best >= 2 * 65536) {
        /* A diagonal that every completion uses and that holds one cell forces that cell; one
         * with two cells is branched on when every line holds more. */
        int u = __builtin_popcountll(g[0]);
        uint64_t na = word_needed(am, u, si + sj), nd = word_needed(dm, u, sj - si + u * (k - 1));
        if (!(na | nd)) {
            return 0;
        }
        /* The needed diagonals that hold at least two (am2, dm2) or three (am3, dm3) cells. */
        am = dm = 0;
        for (rows = g[0]; rows; rows &= rows - 1) {
            int i2 = __builtin_ctzll(rows);
            uint64_t va = na & (gr[i2] << i2), vd = nd & (gr[i2] << (k - 1 - i2));
            am3 |= am2 & va;
            am2 |= am & va;
            am |= va;
            dm3 |= dm2 & vd;
            dm2 |= dm & vd;
            dm |= vd;
        }
        uint64_t one = na & ~am2, two = best >= 3 * 65536 ? na & ~am3 : 0;
        int type = 2;
        if (!one) {
            one = nd & ~dm2;
            type = 3;
        }
        if (one) {
            next->key = 65536;
            next->line = __builtin_ctzll(one);
            next->byrow = type;
            return 0;
        }
        type = 2;
        if (!two && best >= 3 * 65536) {
            two = nd & ~dm3;
            type = 3;
        }
        if (two) {
            next->key = 2 * 65536;
            next->line = __builtin_ctzll(two);
            next->byrow = type;
        }
    }
    return 0;
}

/* The cell of the line to branch on: the candidate whose other line has the fewest candidates
 * (fail first), sets *ci, *cj; returns 0, or 1 if the line has no candidate left. */
static int word_pick(const complete_state *s, const uint64_t *f, const word_line *at, int *ci,
                     int *cj) {
    int k = s->k;
    if (at->byrow >= 2) {
        /* A diagonal line: its cells (i, x - i) or (i, x - (k - 1) + i) in the unplaced rows. */
        int x = at->line, pick = -1, fewest = INT_MAX;
        for (uint64_t m = f[0]; m; m &= m - 1) {
            int i = __builtin_ctzll(m), j = at->byrow == 2 ? x - i : x - (k - 1) + i;
            if (j >= 0 && j < k && (f[2 + i] >> j & 1)) {
                int c = __builtin_popcountll(f[2 + i]);
                if (c < fewest) {
                    fewest = c;
                    pick = i;
                }
            }
        }
        *ci = pick;
        *cj = at->byrow == 2 ? x - pick : x - (k - 1) + pick;
        return pick < 0;
    }
    uint64_t cand = at->byrow ? f[2 + at->line] : f[2 + k + at->line];
    if (at->lex) {
        assert(at->byrow == 1);
        *ci = at->line;
        *cj = cand ? __builtin_ctzll(cand) : -1;
        return !cand;
    }
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

/* A trial of the look-ahead: places (i, j) on frame depth, then the cell of every line left with
 * one candidate after it, one after the other (in the frames after depth, which the node's own
 * branches overwrite later). Returns 1 if a placement fails on the way: then no completion under
 * frame depth has a queen on (i, j). Its placements count as nodes. */
static int word_trial(complete_state *s, int depth, int i, int j) {
    const uint64_t *f = word_frame(s, depth);
    for (int d = depth;; d++) {
        uint64_t *g = word_frame(s, d + 1);
        word_line next;
        if (word_place(s, f, g, i, j, &next)) {
            return 1;
        }
        if (!g[0] || next.key >= 2 * 65536) {
            return 0; /* a completion, or no line with one candidate left */
        }
        if (word_pick(s, g, &next, &i, &j)) {
            return 1;
        }
        f = g;
    }
}

/* The look-ahead (failed literals, as SAT and CP solvers probe them) at frame depth, before the
 * node branches on *at: every candidate cell of every unplaced row is tried (word_trial()), in one
 * pass, and the ones that fail are removed from the frame. Tried alone, a cell is placed with the
 * sums and squares rules and the lines it forces; the search itself meets the same failure only
 * deeper, once in each branch that leads to it. At the top levels of the largest boards, where a
 * node roots thousands of others, this cuts more than it costs: from 19 unplaced rows on
 * (WORD_LOOKAHEAD_FROM), on bench/gen_diags's slowest instance (n = 25, 25 excluded diagonals) it
 * halves the nodes, trials included (passes again after removals, to the fixpoint, cost more
 * than they cut; bench/RESULTS.md, stop 53). Where cells were removed, *at is chosen again
 * (word_root_line()), unless it is the walk's next row taken left to right (lex). Returns 1 if the
 * node has no completion (a line lost its last candidate), else 0. */
static int word_lookahead(complete_state *s, int depth, word_line *at) {
    uint64_t *f = word_frame(s, depth);
    int k = s->k, removed = 0;
    for (uint64_t rows = f[0]; rows; rows &= rows - 1) {
        int i = __builtin_ctzll(rows);
        for (uint64_t c = f[2 + i]; c; c &= c - 1) {
            int j = __builtin_ctzll(c);
            if (word_trial(s, depth, i, j)) {
                f[2 + i] &= ~((uint64_t)1 << j);
                f[2 + k + j] &= ~((uint64_t)1 << i);
                if (!f[2 + i] || !f[2 + k + j]) {
                    return 1;
                }
                removed = 1;
            }
        }
    }
    if (removed && !at->lex) {
        word_root_line(s, f, at);
    }
    return 0;
}

/* The look-ahead where it applies: at frame depth, with s->lookahead or more unplaced rows (and
 * one at least); *at becomes the line to branch on. Returns 1 if the node has no completion. */
static int word_ahead(complete_state *s, int depth, word_line *at) {
    const uint64_t *f = word_frame(s, depth);
    return s->lookahead && f[0] && __builtin_popcountll(f[0]) >= s->lookahead &&
           word_lookahead(s, depth, at);
}

static int word_search(complete_state *s, int depth, const word_line *at, int counting,
                       int *witness);

/* The branches of the node at frame depth (a row unplaced at least), after its look-ahead, on the
 * line `at`; as word_search() otherwise. After a refuted cell only its row and column lose a
 * candidate, so `at` stays a line with the fewest candidates: the node keeps it for all its
 * branches. */
static int word_branch(complete_state *s, int depth, const word_line *at, int counting,
                       int *witness) {
    uint64_t *f = word_frame(s, depth), *g = word_frame(s, depth + 1);
    int k = s->k, i, j;
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

/* As trail_search(), from frame depth, branching on the line `at` (or the one its look-ahead
 * chooses). */
static int word_search(complete_state *s, int depth, const word_line *at, int counting,
                       int *witness) {
    assert(depth >= 0 && depth <= s->k); /* frames 0..k + 1: one per queen placed, and a spare */
    const uint64_t *f = word_frame(s, depth);
    if (!f[0]) {
        if (counting) {
            s->count++;
            return COMPLETE_GO;
        }
        memcpy(witness, s->place, (size_t)s->k * sizeof *witness);
        return COMPLETE_STOP;
    }
    if (s->nodes >= s->poll_at && complete_poll(s)) {
        return COMPLETE_ABORT; /* given up: nothing removed on the way back */
    }
    word_line la = *at;
    if (word_ahead(s, depth, &la)) {
        return COMPLETE_GO;
    }
    return word_branch(s, depth, &la, counting, witness);
}

/* ---- The search on several threads (s->runner, complete_par.c, hands out the subtrees) ---- */

/* The levels of the tree below a split node that a split may go down. */
#define WORD_SPLIT_LEVELS 8

/* A subtree of a split: the node reached from the split node by np placements. */
typedef struct word_task {
    word_line at; /* the line its search branches on first */
    int depth;    /* the frame it starts from */
    int root;     /* the split node's branch (0, 1, ...) it lies under */
    int np;
    unsigned char pi[WORD_SPLIT_LEVELS], pj[WORD_SPLIT_LEVELS]; /* its placements, in order */
} word_task;

typedef struct word_split {
    word_task *task;  /* in the order of the search on one thread */
    uint64_t *frames; /* each subtree's start frame, word_words() apart */
    size_t n, cap;
    int counting;
    int nroot, ri[64], rj[64]; /* the split node's branches, in order: their cells */
} word_split;

static int word_split_grow(word_split *sp, size_t words) {
    if (sp->n < sp->cap) {
        return 0;
    }
    size_t cap = sp->cap ? 2 * sp->cap : 64;
    word_task *t = realloc(sp->task, cap * sizeof *t);
    if (t) {
        sp->task = t;
    }
    uint64_t *f = t ? realloc(sp->frames, cap * words * sizeof *f) : NULL;
    if (!f) {
        return -1;
    }
    sp->frames = f;
    sp->cap = cap;
    return 0;
}

/* Splits the search from frame depth (branching on `at`, after the node's look-ahead) into the
 * subtrees below its first levels, going one level down at a time until there are at least
 * s->split of them: each node is replaced by its branches, in the order word_search() takes them
 * after the node's look-ahead, so the subtrees keep the order of the search on one thread. Its
 * placements are counted as nodes, like the search's. The cells refuted before a branch need not be
 * removed from its frame: its placement removes them (they share the branching line). Returns 0, or
 * -1 if memory ran out (*out released). */
static int word_split_build(complete_state *s, int depth, const word_line *at, word_split *out) {
    size_t words = word_words(s);
    int k = s->k, nroot = 0, ri[64], rj[64];
    word_split a = {0}, b = {0};
    uint64_t *f = malloc(words * sizeof *f);
    if (!f || word_split_grow(&a, words)) {
        goto nomem;
    }
    a.task[0] = (word_task){.at = *at, .depth = depth, .root = 0, .np = 0};
    memcpy(a.frames, word_frame(s, depth), words * sizeof *f);
    a.n = 1;
    for (int level = 0; level < WORD_SPLIT_LEVELS && a.n < (size_t)s->split; level++) {
        int expanded = 0;
        b.n = 0;
        for (size_t t = 0; t < a.n; t++) {
            const word_task *pt = &a.task[t];
            const uint64_t *pf = a.frames + t * words;
            if (!pf[0]) { /* a completion: nothing left to branch on */
                if (word_split_grow(&b, words)) {
                    goto nomem;
                }
                b.task[b.n] = *pt;
                memcpy(b.frames + b.n++ * words, pf, words * sizeof *pf);
                continue;
            }
            expanded = 1;
            memcpy(f, pf, words * sizeof *f);
            word_line line = pt->at;
            if (level > 0) {
                /* The node's look-ahead, as the search on one thread makes it on entering the
                 * node (in the node's frame, scratch here; level 0's was made by the caller). */
                uint64_t *w = word_frame(s, pt->depth);
                memcpy(w, pf, words * sizeof *w);
                if (word_ahead(s, pt->depth, &line)) {
                    continue; /* no completion: no subtree */
                }
                memcpy(f, w, words * sizeof *f);
            }
            int i, j;
            while (!word_pick(s, f, &line, &i, &j)) {
                if (word_split_grow(&b, words)) {
                    goto nomem;
                }
                if (level == 0) {
                    assert(nroot < 64);
                    ri[nroot] = i;
                    rj[nroot++] = j;
                }
                word_line next;
                if (!word_place(s, f, b.frames + b.n * words, i, j, &next)) {
                    word_task *c = &b.task[b.n++];
                    *c = *pt;
                    c->at = next;
                    c->depth = pt->depth + 1;
                    c->root = level == 0 ? nroot - 1 : pt->root;
                    c->pi[c->np] = (unsigned char)i;
                    c->pj[c->np++] = (unsigned char)j;
                }
                f[2 + i] &= ~((uint64_t)1 << j);
                f[2 + k + j] &= ~((uint64_t)1 << i);
                if (!f[2 + i] || !f[2 + k + j]) {
                    break;
                }
            }
        }
        word_split tmp = a;
        a = b;
        b = tmp;
        if (!expanded) {
            break;
        }
    }
    free(f);
    free(b.task);
    free(b.frames);
    a.nroot = nroot;
    memcpy(a.ri, ri, sizeof ri);
    memcpy(a.rj, rj, sizeof rj);
    *out = a;
    return 0;
nomem:
    free(f);
    free(a.task);
    free(a.frames);
    free(b.task);
    free(b.frames);
    return -1;
}

/* complete_par_run()'s solve: subtree t of the split ctx, on the worker's state ws. */
static int word_solve(complete_state *ws, size_t t, void *ctx, int *witness) {
    const word_split *sp = ctx;
    const word_task *tk = &sp->task[t];
    size_t words = word_words(ws);
    memcpy(word_frame(ws, tk->depth), sp->frames + t * words, words * sizeof *sp->frames);
    for (int p = 0; p < tk->np; p++) {
        ws->place[tk->pi[p]] = tk->pj[p];
    }
    return word_search(ws, tk->depth, &tk->at, sp->counting, witness);
}

/* word_search() from frame depth, on s->threads threads when it outlasts s->budget nodes: the
 * same answer, the same witness and the same cells removed from frame depth as word_search()
 * (the refuted branches before the one that holds the first completion), more nodes.
 * A probe of the lexicographic walk (depth: the walk's next free row) whose first line is that
 * row takes the row's cells left to right (s->lextop): the cells it refutes there, removed from
 * frame depth in place, are then the very columns the walk would probe next, and its completion
 * has the row's lexicographically first column, so the walk makes no probe in that row. Fewest
 * first, the probe may refute columns right of that one, which the walk never needs, and hand
 * back a witness right of it, after which the walk probes the columns left of it again (bench/
 * RESULTS.md, "stop 45": gen_diags 25 2 2 with 25 diagonals, 347.6 M nodes before, 245.9 M with
 * this). Deeper levels keep fewest first: their refutations do not outlive the probe. */
static int word_probe(complete_state *s, int depth, const word_line *line, int counting,
                      int *witness) {
    uint64_t *f = word_frame(s, depth);
    word_line lexed = *line, *at = &lexed;
    lexed.lex = s->lextop && !counting && line->byrow == 1 && line->line == depth;
    if (s->threads <= 1 || !s->runner || s->best || !f[0]) {
        return word_search(s, depth, at, counting, witness);
    }
    /* The node's look-ahead, once, before the attempt alone and the split: both then branch on
     * the line the search on one thread takes. */
    if (word_ahead(s, depth, at)) {
        return COMPLETE_GO;
    }
    size_t words = word_words(s);
    if (s->budget) {
        /* Alone first. A probe keeps the cells it refuted (they hold no completion); a count
         * starts again from its frame, as the branches it finished are counted but kept. */
        uint64_t *keep = counting ? malloc(words * sizeof *keep) : NULL;
        if (counting && !keep) {
            s->par_error = NQ_ENOMEM;
            return COMPLETE_NOMEM;
        }
        if (keep) {
            memcpy(keep, f, words * sizeof *keep);
        }
        nq_u128 count = s->count;
        s->poll_at = s->nodes + s->budget;
        int r = word_branch(s, depth, at, counting, witness);
        s->poll_at = UINT64_MAX;
        if (r == COMPLETE_ABORT && keep) {
            memcpy(f, keep, words * sizeof *keep);
            s->count = count;
        }
        free(keep);
        if (r != COMPLETE_ABORT) {
            return r;
        }
    }
    word_split sp;
    if (word_split_build(s, depth, at, &sp)) {
        s->par_error = NQ_ENOMEM;
        return COMPLETE_NOMEM;
    }
    sp.counting = counting;
    size_t winner;
    int r = s->runner->run(s, sp.n, counting, word_solve, &sp, &winner, witness);
    if (r == COMPLETE_STOP) {
        /* As the search on one thread leaves it: the branches before the winner's refuted. */
        int k = s->k;
        for (int o = 0; o < sp.task[winner].root; o++) {
            f[2 + sp.ri[o]] &= ~((uint64_t)1 << sp.rj[o]);
            f[2 + k + sp.rj[o]] &= ~((uint64_t)1 << sp.ri[o]);
        }
    }
    free(sp.task);
    free(sp.frames);
    return r;
}

int WORD_SEARCH_ROOT(complete_state *s, int depth, int counting, int *witness) {
    word_line at;
    word_root_line(s, word_frame(s, depth), &at);
    return word_probe(s, depth, &at, counting, witness);
}

/* As trail_lex(): free row `row` is fixed at frame `row`. */
int WORD_LEX(complete_state *s, int row, const int *witness, complete_sink *out) {
    int k = s->k;
    if (row == k) {
        return complete_deliver(s, out);
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
                ret = WORD_LEX(s, row + 1, witness, out);
            } else {
                s->probes++;
                ret = word_probe(s, row + 1, &next, 0, mine);
                if (ret == COMPLETE_STOP) {
                    ret = WORD_LEX(s, row + 1, mine, out);
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
