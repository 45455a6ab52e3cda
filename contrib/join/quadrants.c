/*
 * contrib/join/quadrants.c: research prototype for issue 21: the total of n-queens counted by
 * joining half-boards built from quadrants, over the whole board (not per border subproblem as
 * the library's join method does), and the fundamental and orbit counts from it by Burnside's
 * lemma with two small symmetric searches. Not part of the library; see README.md for the
 * design, the figures and what integrating it would take.
 *
 * The board is cut between rows h - 1 and h (h = n / 2) and between columns h - 1 and h, into
 * four quadrants. Every solution puts h queens in the top rows; their columns C split into
 * A = C within the left columns and X = C within the right ones. For each column set C (one per
 * class under the symmetries that keep the row cut: left-right mirror, and for even n the
 * up-down flip, which maps C to its complement), the tops of C (placements of rows 0..h-1 on
 * the columns of C) are built by joining the placements of the top-left quadrant on the columns
 * A with those of the top-right quadrant on X, for every split of the top rows between them;
 * the bottoms on the complementary columns likewise from the two lower quadrants. Each quadrant's
 * placements (every row subset, every column subset) are listed once at the start. Odd n from
 * 19 (JOIN_ODD=middle or plain to choose) first places the middle row's queen, in column m: the
 * tops are then the h rows above it and the bottoms the h rows below, both clear of its diagonals,
 * so that the up-down flip (which keeps the middle row) is a symmetry of the cut again and the
 * pairs (m, C) are kept one per class under the mirror and the flip. A top and a bottom make a
 * solution exactly when they share no diagonal and no anti-diagonal; only the 2 (n - 1) diagonals
 * that cross the row cut matter (a 64-bit signature per half), and the pairs with signature AND ==
 * 0 are counted in bulk: the bottoms are grouped by K "hot" signature bits (the diagonals through
 * the middle of the cut: a top skips every group that shares one with it) and bit-transposed in
 * blocks of QB (256, or 512 built with -DQB=512), each block's remaining bits cut into chunks of at
 * most 8 (as few chunks as 8-bit ones would make, each as narrow as that allows) with a table of
 * the OR of every chunk value ("four Russians"), so that a top costs one table load per chunk and
 * one popcount per QB bottoms (a VPOPCNTQ into per-lane counts where the CPU has AVX512-VPOPCNTDQ).
 *
 * Usage: quadrants [NMIN [NMAX [THREADS [K]]]]  (NMIN default 12; 4 <= n <= 24, though the quadrant
 * lists take about 4 GiB at n = 22 and 40 GiB at n = 24; THREADS default 1; K 0..6, default 2
 * below n = 18 and 3 from there for even n; for odd n 0 below n = 19, and from there 2 with the
 * middle cut, 3 with the plain one: the best measured at n = 16 to 19)
 * Prints per n the total, fundamental and orbit counts (orbits8/4/2/1), the work counts and the
 * CPU and wall times, and checks the six counts against the table named by $JOIN_COUNTS
 * (tests/data/counts.txt), printing OK or WRONG (exit 1).
 * Needs x86-64-v3 (BMI2 pext, AVX2 through GNU vector extensions): cc -O3 -march=native -fopenmp
 * [-DQB=512 on a CPU with AVX-512].
 */
#include <immintrin.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* QB bottoms a block, one bit each: 256 (AVX2) or, built with -DQB=512, 512 (AVX-512). */
#ifndef QB
#define QB 256
#endif
#define LANES (QB / 64)
typedef uint64_t v4 __attribute__((vector_size(QB / 8)));
/* ACC(acc, x): the conflicts of x (its set bits) added to the per-lane counts acc: one VPOPCNTQ
 * where the CPU has AVX512-VPOPCNTDQ (and VL for 256 bits), else a popcount per lane. */
#if defined(__AVX512VPOPCNTDQ__) && QB == 512
#define ACC(acc, x) ((acc) += (v4)_mm512_popcnt_epi64((__m512i)(x)))
#elif defined(__AVX512VPOPCNTDQ__) && defined(__AVX512VL__) && QB == 256
#define ACC(acc, x) ((acc) += (v4)_mm256_popcnt_epi64((__m256i)(x)))
#else
#define ACC(acc, x)                                                                                \
    do {                                                                                           \
        v4 x_ = (x);                                                                               \
        for (int l_ = 0; l_ < LANES; l_++)                                                         \
            (acc)[l_] += (uint64_t)__builtin_popcountll(x_[l_]);                                   \
    } while (0)
#endif
__extension__ typedef unsigned __int128 u128;

static int n, h, nr; /* board size, top rows (= left columns), bottom rows (= right columns) */
static int hot_bits; /* K, or -1: by n */

/* ---- quadrants ------------------------------------------------------------------------------ */

/* One placement of a quadrant: its diagonals (r - c + n - 1) and anti-diagonals (r + c). */
typedef struct qp {
    uint64_t d, a;
} qp;

/* Every placement of a quadrant (rows r0.., columns c0..), grouped by key (row subset | column
 * subset << rows) in start[key] .. start[key + 1]. */
typedef struct quad {
    int r0, rows, c0, cols;
    uint32_t *start;
    qp *v;
    size_t count;
} quad;

typedef struct qlist {
    qp *v;
    uint32_t *key;
    size_t count, cap;
} qlist;

static void quad_walk(const quad *q, qlist *l, int i, uint32_t rs, uint32_t cs, uint64_t d,
                      uint64_t a) {
    if (i == q->rows) {
        if (l->count == l->cap) {
            l->cap = l->cap ? 2 * l->cap : 1024;
            l->v = realloc(l->v, l->cap * sizeof *l->v);
            l->key = realloc(l->key, l->cap * sizeof *l->key);
            if (!l->v || !l->key)
                abort();
        }
        l->v[l->count] = (qp){d, a};
        l->key[l->count++] = rs | cs << q->rows;
        return;
    }
    quad_walk(q, l, i + 1, rs, cs, d, a); /* row i of the quadrant stays empty */
    int r = q->r0 + i;
    for (int j = 0; j < q->cols; j++) {
        int c = q->c0 + j, dd = r - c + n - 1, aa = r + c;
        if (!(cs >> j & 1) && !(d >> dd & 1) && !(a >> aa & 1))
            quad_walk(q, l, i + 1, rs | 1u << i, cs | 1u << j, d | 1ull << dd, a | 1ull << aa);
    }
}

static void quad_build(quad *q, int r0, int rows, int c0, int cols) {
    *q = (quad){r0, rows, c0, cols, NULL, NULL, 0};
    qlist l = {0};
    quad_walk(q, &l, 0, 0, 0, 0, 0);
    size_t keys = (size_t)1 << (rows + cols);
    q->start = calloc(keys + 1, sizeof *q->start);
    q->v = malloc((l.count ? l.count : 1) * sizeof *q->v);
    uint32_t *pos = malloc(keys * sizeof *pos);
    if (!q->start || !q->v || !pos)
        abort();
    for (size_t i = 0; i < l.count; i++)
        q->start[l.key[i] + 1]++;
    for (size_t k = 0; k < keys; k++)
        q->start[k + 1] += q->start[k];
    memcpy(pos, q->start, keys * sizeof *pos);
    for (size_t i = 0; i < l.count; i++)
        q->v[pos[l.key[i]]++] = l.v[i];
    q->count = l.count;
    free(pos);
    free(l.v);
    free(l.key);
}

/* ---- halves --------------------------------------------------------------------------------- */

typedef struct buf {
    uint64_t *v;
    size_t count, cap;
} buf;

/* Room for at least `need` entries in b. */
static void buf_reserve(buf *b, size_t need) {
    if (need <= b->cap)
        return;
    b->cap = need > 2 * b->cap ? need : 2 * b->cap;
    b->cap = b->cap < 4096 ? 4096 : b->cap;
    b->v = realloc(b->v, b->cap * sizeof *b->v);
    if (!b->v)
        abort();
}

/* The signatures of the placements of a half (the rows of ql and qr) on the columns lc of the
 * left quadrant and rc of the right one (local bits) that use no diagonal of fd and no
 * anti-diagonal of fa (those of a middle-row queen, or 0): bits 0..n-2 the diagonals h..h+n-2
 * (those a queen of both halves can reach), bits n-1..2n-3 the anti-diagonals h..h+n-2. *tests
 * counts the quadrant pairs tried. */
static void half_list(const quad *ql, const quad *qr, uint32_t lc, uint32_t rc, uint64_t fd,
                      uint64_t fa, buf *out, double *tests) {
    /* the right quadrant's placements clear of fd and fa, diagonals and anti-diagonals apart */
    static __thread uint64_t *kd, *ka;
    static __thread size_t kept_cap;
    int rows = ql->rows, need = __builtin_popcount(lc);
    uint32_t all = (1u << rows) - 1;
    uint64_t w = (1ull << (n - 1)) - 1;
    out->count = 0;
    for (uint32_t y = 0; y <= all; y++) {
        if (__builtin_popcount(y) != need)
            continue;
        uint32_t kl = y | lc << rows, kr = (all & ~y) | rc << rows;
        const qp *a = ql->v + ql->start[kl], *ae = ql->v + ql->start[kl + 1];
        const qp *b = qr->v + qr->start[kr], *be = qr->v + qr->start[kr + 1];
        if (a == ae || b == be)
            continue;
        if ((size_t)(be - b) > kept_cap) {
            free(kd), free(ka);
            kept_cap = 2 * (size_t)(be - b);
            kd = malloc(kept_cap * sizeof *kd), ka = malloc(kept_cap * sizeof *ka);
            if (!kd || !ka)
                abort();
        }
        size_t nk = 0;
        for (const qp *c = b; c < be; c++) {
            kd[nk] = c->d, ka[nk] = c->a;
            nk += !((c->d & fd) | (c->a & fa));
        }
        size_t used = 0;
        for (; a < ae; a++) {
            if ((a->d & fd) | (a->a & fa))
                continue;
            used++;
            buf_reserve(out, out->count + nk + 8);
            uint64_t *o = out->v;
            size_t at = out->count, k = 0;
#ifdef __AVX512F__
            /* eight at a time: the compatible ones' signatures packed (VPCOMPRESSQ) */
            __m512i ad = _mm512_set1_epi64((long long)a->d),
                    aa = _mm512_set1_epi64((long long)a->a);
            __m512i wv = _mm512_set1_epi64((long long)w);
            for (; k + 8 <= nk; k += 8) {
                __m512i cd = _mm512_loadu_si512(kd + k), ca = _mm512_loadu_si512(ka + k);
                __mmask8 ok =
                    (__mmask8) ~(_mm512_test_epi64_mask(ad, cd) | _mm512_test_epi64_mask(aa, ca));
                __m512i sd =
                    _mm512_and_si512(_mm512_srli_epi64(_mm512_or_si512(ad, cd), (unsigned)h), wv);
                __m512i sa =
                    _mm512_and_si512(_mm512_srli_epi64(_mm512_or_si512(aa, ca), (unsigned)h), wv);
                __m512i sig = _mm512_or_si512(sd, _mm512_slli_epi64(sa, (unsigned)(n - 1)));
                _mm512_storeu_si512(o + at, _mm512_maskz_compress_epi64(ok, sig));
                at += (size_t)__builtin_popcount(ok);
            }
#endif
            for (; k < nk; k++) { /* written always, kept where compatible */
                o[at] = ((a->d | kd[k]) >> h & w) | ((a->a | ka[k]) >> h & w) << (n - 1);
                at += !((a->d & kd[k]) | (a->a & ka[k]));
            }
            out->count = at;
        }
        *tests += (double)used * (double)nk;
    }
}

/* ---- the pair counter ----------------------------------------------------------------------- */

typedef struct scratch {
    buf top, bottom;
    v4 *tr; /* transposed blocks: 64 rows of one v4 a block */
    size_t trcap;
    uint64_t *cx; /* the bottoms' compressed signatures, in their blocks' order */
    size_t cxcap;
    uint16_t *off; /* each top's chunk values, 8 a top */
    size_t offcap;
    v4 table[8][256];
    double pairs, tests, lookups;
} scratch;

/* The 64 x 64 bit matrix a transposed in place (Hacker's Delight, 7-3, for 64 bits): bit 63 - p
 * of a[j] becomes bit 63 - j of a[p] (the caller reverses the rows to read bit p of row j as
 * bit j of row p). */
static void transpose64(uint64_t a[64]) {
    uint64_t m = 0x00000000FFFFFFFFull;
    for (int j = 32; j; j >>= 1, m ^= m << j)
        for (int k = 0; k < 64; k = ((k | j) + 1) & ~j) {
            uint64_t t = (a[k] ^ (a[k | j] >> j)) & m;
            a[k] ^= t;
            a[k | j] ^= t << j;
        }
}

/* The pairs (one of t, one of b) whose signatures AND to 0. */
static uint64_t pairs_count(scratch *s, const uint64_t *t, size_t nt, const uint64_t *b, size_t nb,
                            uint64_t hot) {
    if (!nt || !nb)
        return 0;
    s->pairs += (double)nt * (double)nb;
    if (nt < nb) { /* transpose the smaller list */
        const uint64_t *x = t;
        size_t y = nt;
        t = b, nt = nb, b = x, nb = y;
    }
    uint64_t ub = 0, ut = 0;
    for (size_t j = 0; j < nb; j++)
        ub |= b[j];
    for (size_t i = 0; i < nt; i++)
        ut |= t[i];
    uint64_t hk = hot & ub & ut, rest = ub & ut & ~hk; /* only bits both sides use matter */
    int groups = 1 << __builtin_popcountll(hk), width = __builtin_popcountll(rest);
    int chunks = width ? (width + 7) / 8 : 1;
    int cw = (width + chunks - 1) / chunks; /* bits a chunk: 8 or fewer, so the tables stay small */
    cw = cw ? cw : 1;
    size_t cnt[65] = {0}, blk0[65], tc[65] = {0}, tpos[65], fill[64] = {0}, blocks = 0;
    for (size_t j = 0; j < nb; j++)
        cnt[_pext_u64(b[j], hk)]++;
    for (int g = 0; g < groups; g++)
        blk0[g] = blocks, blocks += (cnt[g] + QB - 1) / QB;
    blk0[groups] = blocks;
    if (blocks * 64 > s->trcap) {
        free(s->tr);
        s->trcap = 2 * blocks * 64;
        s->tr = aligned_alloc(64, s->trcap * sizeof *s->tr);
        if (!s->tr)
            abort();
    }
    if (blocks * QB > s->cxcap) {
        free(s->cx);
        s->cxcap = 2 * blocks * QB;
        s->cx = malloc(s->cxcap * sizeof *s->cx);
        if (!s->cx)
            abort();
    }
    memset(s->cx, 0, blocks * QB * sizeof *s->cx); /* padding: no bit, never a conflict */
    for (size_t j = 0; j < nb; j++) {
        int g = (int)_pext_u64(b[j], hk);
        s->cx[blk0[g] * QB + fill[g]++] = _pext_u64(b[j], rest);
    }
    for (int g = 0; g < groups; g++) /* 64 bottoms at a time, bits to rows */
        for (size_t blk = blk0[g]; blk < blk0[g + 1]; blk++)
            for (int l = 0; l < LANES; l++) {
                uint64_t y[64] = {0};
                const uint64_t *x = s->cx + blk * QB + l * 64;
                size_t first = (blk - blk0[g]) * QB + (size_t)l * 64; /* of the group's bottoms */
                if (first < cnt[g]) {
                    for (int q = 0; q < 64; q++)
                        y[q] = x[63 - q];
                    transpose64(y);
                }
                for (int bit = 0; bit < width; bit++)
                    s->tr[blk * 64 + bit][l] = y[63 - bit];
            }
    for (size_t i = 0; i < nt; i++)
        tc[_pext_u64(t[i], hk) + 1]++;
    for (int g = 0; g < groups; g++)
        tc[g + 1] += tc[g];
    memcpy(tpos, tc, sizeof tpos);
    if (nt * 8 > s->offcap) {
        free(s->off);
        s->offcap = 2 * nt * 8;
        s->off = malloc(s->offcap * sizeof *s->off);
        if (!s->off)
            abort();
    }
    for (size_t i = 0; i < nt; i++) {
        size_t at = tpos[_pext_u64(t[i], hk)]++;
        uint64_t q = _pext_u64(t[i], rest);
        for (int c = 0; c < 8; c++)
            s->off[at * 8 + c] = (uint16_t)(q >> (cw * c) & ((1u << cw) - 1));
    }
    uint64_t total = 0;
    for (int g = 0; g < groups; g++) {
        size_t tops = 0;
        for (int p = 0; p < groups; p++)
            tops += (p & g) ? 0 : tc[p + 1] - tc[p];
        if (!cnt[g] || !tops)
            continue;
        for (size_t blk = blk0[g]; blk < blk0[g + 1]; blk++) {
            const v4 *T = s->tr + blk * 64;
            for (int c = 0; c < chunks; c++) {
                s->table[c][0] = (v4){0};
                for (int v = 1; v < 1 << cw; v++) {
                    int bit = c * cw + __builtin_ctz((unsigned)v);
                    s->table[c][v] = s->table[c][v & (v - 1)] | (bit < width ? T[bit] : (v4){0});
                }
            }
            size_t valid = cnt[g] - (blk - blk0[g]) * QB;
            valid = valid > QB ? QB : valid;
            v4 acc = {0}; /* conflicts per lane; padding bits are never set: they never conflict */
            v4(*U)[256] = s->table;
            for (int p = 0; p < groups; p++) {
                if (p & g)
                    continue;
                const uint16_t *q = s->off + tc[p] * 8, *qe = s->off + tc[p + 1] * 8;
                switch (chunks) {
                case 1:
                    for (; q < qe; q += 8) {
                        v4 x = U[0][q[0]];
                        ACC(acc, x);
                    }
                    break;
                case 2:
                    for (; q < qe; q += 8) {
                        v4 x = U[0][q[0]] | U[1][q[1]];
                        ACC(acc, x);
                    }
                    break;
                case 3:
                    for (; q < qe; q += 8) {
                        v4 x = U[0][q[0]] | U[1][q[1]] | U[2][q[2]];
                        ACC(acc, x);
                    }
                    break;
                case 4:
                    for (; q < qe; q += 8) {
                        v4 x = U[0][q[0]] | U[1][q[1]] | U[2][q[2]] | U[3][q[3]];
                        ACC(acc, x);
                    }
                    break;
                case 5:
                    for (; q < qe; q += 8) {
                        v4 x = U[0][q[0]] | U[1][q[1]] | U[2][q[2]] | U[3][q[3]] | U[4][q[4]];
                        ACC(acc, x);
                    }
                    break;
                default:
                    for (; q < qe; q += 8) {
                        v4 x = U[0][q[0]];
                        for (int c = 1; c < chunks; c++)
                            x |= U[c][q[c]];
                        ACC(acc, x);
                    }
                }
            }
            s->lookups += (double)tops * chunks;
            uint64_t conflicts = 0;
            for (int l = 0; l < LANES; l++)
                conflicts += acc[l];
            total += (uint64_t)valid * tops - conflicts;
        }
    }
    return total;
}

/* ---- symmetry of the row cut ---------------------------------------------------------------- */

static uint32_t mirror(uint32_t c) {
    uint32_t m = 0;
    for (int i = 0; i < n; i++)
        m |= (c >> i & 1) << (n - 1 - i);
    return m;
}

/* The size of the class whose k images are im[0..k-1] (im[0] the element itself) if im[0] is the
 * least of them; else 0 (another element of the class stands for it). */
static int least_weight(const uint64_t *im, int k) {
    int w = 0;
    for (int i = 0; i < k; i++) {
        if (im[i] < im[0])
            return 0;
        int dup = 0;
        for (int j = 0; j < i; j++)
            dup |= im[j] == im[i];
        w += !dup;
    }
    return w;
}

/* How many column sets the class of top columns c has, if c is the least of them; else 0. */
static int class_weight(uint32_t c) {
    uint32_t full = (1u << n) - 1;
    uint64_t im[4] = {c, mirror(c), full & ~c, mirror(full & ~c)};
    return least_weight(im, n % 2 ? 2 : 4);
}

/* Odd n with the middle row's queen first (column m): how many (m, top columns c) pairs the
 * class of (m, c) has under the mirror and the up-down flip (which keeps the middle row and maps
 * c to the other columns but m), if (m, c) is the least of them; else 0. */
static int class_weight_middle(int m, uint32_t c) {
    uint32_t full = (1u << n) - 1, o = full & ~c & ~(1u << m);
    uint64_t im[4] = {(uint64_t)m << n | c, (uint64_t)(n - 1 - m) << n | mirror(c),
                      (uint64_t)m << n | o, (uint64_t)(n - 1 - m) << n | mirror(o)};
    return least_weight(im, 4);
}

/* ---- the classes, by Burnside ---------------------------------------------------------------- */

/* The solutions invariant under the quarter turn (k = 4) or the half turn (k = 2): a search that
 * places with each queen its k - 1 images, rows in order, skipping the rows images filled. */
static uint64_t sym_search(int k, int *col, int r, uint64_t cm, uint64_t dm, uint64_t am) {
    while (r < n && col[r] >= 0)
        r++;
    if (r == n)
        return 1;
    uint64_t found = 0;
    for (int c = 0; c < n; c++) {
        int rr[4] = {r, c, n - 1 - r, n - 1 - c}, cc[4] = {c, n - 1 - r, n - 1 - c, r}, set[4];
        int step = k == 4 ? 1 : 2, m = 0, ok = 1; /* image i: (rr[i], cc[i]); half turn: 0 and 2 */
        uint64_t cm2 = cm, dm2 = dm, am2 = am;
        for (int i = 0; i < 4; i += step) {
            int dup = 0;
            for (int j = 0; j < i; j += step)
                dup |= rr[j] == rr[i] && cc[j] == cc[i];
            if (dup)
                continue;
            uint64_t cb = 1ull << cc[i], db = 1ull << (rr[i] - cc[i] + n - 1),
                     ab = 1ull << (rr[i] + cc[i]);
            int row_used = col[rr[i]] >= 0;
            for (int j = 0; j < m; j++)
                row_used |= rr[set[j]] == rr[i];
            if (row_used || (cm2 & cb) || (dm2 & db) || (am2 & ab)) {
                ok = 0;
                break;
            }
            cm2 |= cb, dm2 |= db, am2 |= ab, set[m++] = i;
        }
        if (!ok)
            continue;
        for (int j = 0; j < m; j++)
            col[rr[set[j]]] = cc[set[j]];
        found += sym_search(k, col, r + 1, cm2, dm2, am2);
        for (int j = 0; j < m; j++)
            col[rr[set[j]]] = -1;
    }
    return found;
}

/* The counts of the classes from the total q (n >= 4, where no reflection fixes a solution): by
 * Burnside's lemma over D4, with the solutions fixed by the half turn (f2) and the quarter turn
 * (f4, which the half turn fixes too): orbits2 = f4 / 2, orbits4 = (f2 - f4) / 4, orbits8 =
 * (q - f2) / 8, fundamental = their sum; k[] as in known_counts() (orbits1 = 0). */
static void classes(u128 q, u128 k[6], int threads) {
    int col[64], col4[64]; /* each search's board: the column of each row's queen, or -1 */
    for (int i = 0; i < 64; i++)
        col[i] = col4[i] = -1;
    u128 f2 = 0, f4 = 0;
#pragma omp parallel sections num_threads(threads)
    {
#pragma omp section
        f2 = sym_search(2, col, 0, 0, 0, 0);
#pragma omp section
        f4 = sym_search(4, col4, 0, 0, 0, 0);
    }
    k[0] = q, k[4] = f4 / 2, k[3] = (f2 - f4) / 4, k[2] = (q - f2) / 8, k[5] = 0;
    k[1] = k[2] + k[3] + k[4];
}

/* ---- the count ------------------------------------------------------------------------------ */

/* The table's line for m (the last one counts): total, fundamental, orbits8, orbits4, orbits2,
 * orbits1 into k[6]; 0 if there is none (k all 0). */
static int known_counts(int m, u128 k[6]) {
    const char *path = getenv("JOIN_COUNTS");
    FILE *f = path ? fopen(path, "r") : NULL;
    char line[512];
    int found = 0;
    memset(k, 0, 6 * sizeof *k);
    while (f && fgets(line, sizeof line, f)) {
        int j;
        char d[6][64];
        if (line[0] == '#' ||
            sscanf(line, "%d %63s %63s %63s %63s %63s %63s", &j, d[0], d[1], d[2], d[3], d[4],
                   d[5]) != 7 ||
            j != m)
            continue;
        found = 1;
        for (int i = 0; i < 6; i++) {
            k[i] = 0;
            for (char *p = d[i]; *p >= '0' && *p <= '9'; p++)
                k[i] = k[i] * 10 + (unsigned)(*p - '0');
        }
    }
    if (f)
        fclose(f);
    return found;
}

static void u128_print(u128 v, char *out) {
    char tmp[48];
    int k = 0;
    do
        tmp[k++] = (char)('0' + (int)(v % 10)), v /= 10;
    while (v);
    for (int i = 0; i < k; i++)
        out[i] = tmp[k - 1 - i];
    out[k] = 0;
}

static double wall(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static double cpu(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int count(int threads) {
    /* Odd n from 19: the middle row's queen first (its column m), then h top and h bottom rows;
     * below 19 the plain cut, the top h rows against the bottom h + 1 (the faster, measured at
     * n = 15, 17 and 19). JOIN_ODD=middle or JOIN_ODD=plain chooses the cut for every odd n. */
    const char *odd = getenv("JOIN_ODD");
    int middle = n % 2 && (odd && !strcmp(odd, "middle")  ? 1
                           : odd && !strcmp(odd, "plain") ? 0
                                                          : n >= 19);
    h = n / 2, nr = n - h;
    double c0 = cpu(), w0 = wall();
    quad q[4];
    /* top-left, top-right, bottom-left, bottom-right (for the middle cut below the middle row),
     * the larger (right) ones first, built side by side on the threads */
    int below = middle ? h + 1 : h, rows_below = middle ? h : nr;
    int qr0[4] = {0, below, 0, below}, qrows[4] = {h, rows_below, h, rows_below};
    int qc0[4] = {h, h, 0, 0}, qcols[4] = {nr, nr, h, h}, slot[4] = {1, 3, 0, 2};
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1)
    for (int i = 0; i < 4; i++)
        quad_build(&q[slot[i]], qr0[i], qrows[i], qc0[i], qcols[i]);
    double cq = cpu() - c0;
    /* the hot bits: the diagonals and anti-diagonals through the middle of the cut */
    int mid = (n - 2) / 2, order[6] = {mid, n - 1 + mid, mid + 1, n + mid, mid - 1, n - 2 + mid};
    uint64_t hot = 0;
    int k = hot_bits >= 0 ? hot_bits
            : middle      ? (n >= 19 ? 2 : 0)
            : n % 2       ? (n >= 19 ? 3 : 0)
            : n >= 18     ? 3
                          : 2;
    for (int i = 0; i < k && i < 6; i++)
        hot |= 1ull << order[i];
    uint32_t left = (1u << h) - 1, right = (1u << nr) - 1, full = (1u << n) - 1;
    u128 total = 0;
    double pairs = 0, tests = 0, lookups = 0, halves = 0;
    size_t peak = 0;
    uint64_t jobs = (uint64_t)(middle ? n : 1) << n; /* (m, c) as m << n | c */
#pragma omp parallel num_threads(threads) reduction(+ : pairs, tests, lookups, halves)
    {
        scratch *s = aligned_alloc(64, (sizeof(scratch) + 63) / 64 * 64);
        if (!s)
            abort();
        memset(s, 0, sizeof *s);
        u128 mine = 0;
#pragma omp for schedule(dynamic, 1)
        for (uint64_t u = 0; u < jobs; u++) {
            uint32_t c = (uint32_t)(u & full), m = (uint32_t)(u >> n); /* c: the top's columns */
            if (__builtin_popcount(c) != h || (middle && (c >> m & 1)))
                continue;
            int w = middle ? class_weight_middle((int)m, c) : class_weight(c);
            if (!w)
                continue;
            uint32_t o = full & ~c & ~(middle ? 1u << m : 0u); /* the bottom's columns */
            uint64_t fd = middle ? 1ull << (h - m + n - 1) : 0, fa = middle ? 1ull << (h + m) : 0;
            half_list(&q[0], &q[1], c & left, c >> h, fd, fa, &s->top, &s->tests);
            half_list(&q[2], &q[3], o & left, o >> h & right, fd, fa, &s->bottom, &s->tests);
            halves += (double)(s->top.count + s->bottom.count);
            mine +=
                (u128)w * pairs_count(s, s->top.v, s->top.count, s->bottom.v, s->bottom.count, hot);
        }
#pragma omp critical
        {
            total += mine;
            size_t bytes = s->top.cap * 8 + s->bottom.cap * 8 + s->trcap * sizeof(v4) +
                           s->cxcap * 8 + s->offcap * 2;
            peak = bytes > peak ? bytes : peak;
        }
        pairs += s->pairs, tests += s->tests, lookups += s->lookups;
        free(s->top.v), free(s->bottom.v), free(s->tr), free(s->cx), free(s->off), free(s);
    }
    double c1 = cpu();
    u128 got[6], want[6];
    classes(total, got, threads);
    double csym = cpu() - c1;
    double cs = cpu() - c0, ws = wall() - w0; /* the symmetric searches included */
    size_t qbytes = 0;
    for (int i = 0; i < 4; i++)
        qbytes += q[i].count * sizeof(qp) + ((size_t)1 << (q[i].rows + q[i].cols)) * 4,
            free(q[i].start), free(q[i].v);
    int known = known_counts(n, want), agree = memcmp(got, want, sizeof got) == 0;
    char dec[6][48];
    for (int i = 0; i < 6; i++)
        u128_print(got[i], dec[i]);
    printf("n=%d total=%s unique=%s orbits=%s/%s/%s/%s threads=%d K=%d cpu=%.3f wall=%.3f "
           "quadrants_cpu=%.3f symmetric_cpu=%.3f quadrant_placements=%zu halves=%.4g "
           "quadrant_pairs=%.4g pairs=%.4g lookups/pair=%.4f memory_MiB=%.1f %s\n",
           n, dec[0], dec[1], dec[2], dec[3], dec[4], dec[5], threads, k, cs, ws, cq, csym,
           q[0].count + q[1].count + q[2].count + q[3].count, halves, tests, pairs,
           pairs ? lookups / pairs : 0.0, (double)(qbytes + peak * (size_t)threads) / 1048576.0,
           !known  ? "(no table)"
           : agree ? "OK"
                   : "WRONG");
    fflush(stdout);
    return !known || agree ? 0 : 1;
}

/* A whole decimal argument, or def when absent; -2 (out of every range) when malformed. */
static int arg(int argc, char **argv, int i, int def) {
    if (argc <= i)
        return def;
    char *end;
    long v = strtol(argv[i], &end, 10);
    return *argv[i] && !*end && v >= 0 && v <= 1000 ? (int)v : -2;
}

int main(int argc, char **argv) {
    int nmin = arg(argc, argv, 1, 12), nmax = arg(argc, argv, 2, nmin);
    int threads = arg(argc, argv, 3, 1);
    hot_bits = arg(argc, argv, 4, -1);
    if (nmin < 4 || nmax > 24 || nmin > nmax || threads < 1 || hot_bits < -1 || hot_bits > 6 ||
        argc > 5 || (argc > 4 && hot_bits < 0)) {
        fprintf(stderr,
                "usage: quadrants [NMIN [NMAX [THREADS [K]]]] with 4 <= NMIN <= NMAX <= 24, "
                "THREADS >= 1, 0 <= K <= 6\n");
        return 2;
    }
    int bad = 0;
    for (n = nmin; n <= nmax; n++)
        bad |= count(threads);
    return bad;
}
