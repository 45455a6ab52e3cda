/*
 * quadrant_body.h: the quadrant join's count of one subproblem, as a template that each kernel
 * file (quadrant_generic.c, quadrant_avx2.c, quadrant_avx512.c) includes once, after defining:
 *   QUADRANT_ENTRY        the entry's name (a quadrant_fn, quadrant_kernel.h)
 *   QUADRANT_HALVES       the halves' entry's name (a quadrant_halves_fn: the lists alone, which
 *                         the GPU's pair counter takes, src/gpu_quadrant.c)
 *   QB                    bottoms a block: 256 or 512
 *   QUADRANT_PEXT(x, m)   the bits of x under the mask m, packed (BMI2 PEXT or its equal)
 *   QUADRANT_ACC(acc, x)  the set bits of each 64-bit lane of x added to that lane of acc
 *   QUADRANT_COMPRESS     (optional) the halves' join eight candidates at a time by AVX-512
 * Every instance counts the same pairs; only the instructions differ.
 *
 * A subproblem fixes the top h rows' columns C (and, for the middle cut, the middle row's queen).
 * The tops, every placement of the top rows on C, are the compatible pairs of a top-left
 * quadrant placement on C's left columns and a top-right one on its right columns, over every
 * split of the rows between them; the bottoms likewise from the two lower quadrants on the other
 * columns. A top and a bottom make a solution exactly when they share no diagonal and no
 * anti-diagonal, and only the 2 (n - 1) that cross the cut can be shared: a half is kept as a
 * 64-bit signature (bits 0..n-2 the diagonals h..h+n-2, bits n-1..2n-3 the anti-diagonals
 * h..h+n-2), and the count is the number of pairs whose signatures AND to 0.
 *
 * The pair counter: the smaller list (the "bottoms") is grouped by its K hot bits (a top skips
 * every group that shares one with it; hot_choose() picks them for each subproblem), the groups
 * packed one after the other, and bit-transposed in blocks of QB bottoms, one QB-bit row per
 * signature bit: row b of a block has bit j set when its bottom j takes diagonal b. Only the
 * bits both lists use are kept (packed by PEXT), cut into chunks of 8 bits, and for each block
 * a table holds the OR of the rows of every value of every chunk (the "four Russians" method of
 * Arlazarov, Dinic, Kronrod and Faradzev, 1970). The tops (the larger list) are sorted by group
 * and by the value of their last chunk, so that a run of tops loads that chunk's row once and
 * each top one row per other chunk; a popcount of the lanes its group may pair with, less its
 * conflicts, gives its solutions among QB bottoms.
 */
#include <assert.h>
#include <string.h>

#include "quadrant_kernel.h"

#define QUADRANT_LANES (QB / 64)
typedef uint64_t qvec __attribute__((vector_size(QB / 8)));

/* The board bits that the diagonals (d) or anti-diagonals (a) of two quadrants' placements may
 * share: the overlap of their spans, a run of adjacent bits. */
static uint64_t part_span(int rows, int cols, int at) {
    return (((uint64_t)1 << (rows + cols - 1)) - 1) << at;
}

/* The placements of the list [v, e) of a quadrant (its diagonals' bit 0 at board bit d0, its
 * anti-diagonals' at a0), each as two words: sig[i], its share of a half's signature (the bits of
 * a half's signature are those of its two placements' ORed, as the shift and the mask of the
 * signature distribute over OR), and ck[i], its diagonals in od and anti-diagonals in oa (runs of
 * bits, odn bits in od) packed to the low end, where it may meet the other quadrant's; bit 63 of
 * ck[i] set when it takes a diagonal of fd or an anti-diagonal of fa (the middle row's queen's):
 * half_list() pairs none of those. One pass with no branch, which the compiler vectorizes. */
static void half_side(const quadrant_placement *v, size_t count, int d0, int a0, uint64_t fd,
                      uint64_t fa, uint64_t od, uint64_t oa, int odn, int h, int n, uint64_t *sig,
                      uint64_t *ck) {
    const uint64_t w = ((uint64_t)1 << (n - 1)) - 1;
    int odl = od ? __builtin_ctzll(od) : 0, oal = oa ? __builtin_ctzll(oa) : 0;
    for (size_t k = 0; k < count; k++) {
        uint64_t d = (uint64_t)v[k].d << d0, a = (uint64_t)v[k].a << a0;
        sig[k] = (d >> h & w) | (a >> h & w) << (n - 1);
        ck[k] = (d & od) >> odl | ((a & oa) >> oal) << odn |
                (uint64_t)(((d & fd) | (a & fa)) != 0) << 63;
    }
}

/* Appends to out (count entries already) the signatures of the placements of a half (the rows
 * of the parts ql, qr) on the left columns lc of ql and the right columns rc of qr (local bits)
 * that use no diagonal of fd and no anti-diagonal of fa (the board's bits: those of the middle
 * row's queen, or 0): for each split of the rows between the parts, every compatible pair of a
 * placement of each (none sharing a diagonal or an anti-diagonal where the parts' spans overlap),
 * the shorter of the two lists outside and the longer inside. @return 0, or -1 if memory ran
 * out. */
static int half_list(const quadrant_lists *q, const quadrant_part *ql, const quadrant_part *qr,
                     uint32_t lc, uint32_t rc, uint64_t fd, uint64_t fa, quadrant_buf *out,
                     size_t *count, quadrant_scratch *s) {
    int n = q->n, h = q->h, rows = ql->rows, need = __builtin_popcount(lc);
    assert(qr->rows == rows && need + __builtin_popcount(rc) <= rows);
    uint64_t od = part_span(rows, ql->cols, ql->d0) & part_span(rows, qr->cols, qr->d0);
    uint64_t oa = part_span(rows, ql->cols, ql->a0) & part_span(rows, qr->cols, qr->a0);
    int odn = __builtin_popcountll(od);
    assert(odn + __builtin_popcountll(oa) <= 63);
    uint32_t all = (1u << rows) - 1;
    size_t at = 0;
    for (uint32_t y = 0; y <= all; y++) {
        if (__builtin_popcount(y) != need)
            continue;
        uint32_t kl = y | lc << rows, kr = (all & ~y) | rc << rows;
        const quadrant_placement *a = ql->v + ql->start[kl], *ae = ql->v + ql->start[kl + 1];
        const quadrant_placement *b = qr->v + qr->start[kr], *be = qr->v + qr->start[kr + 1];
        if (a == ae || b == be)
            continue;
        size_t na = (size_t)(ae - a), nb = (size_t)(be - b);
        if (quadrant_buf_fit(&s->keep, 2 * (na + nb) * sizeof(uint64_t), 0))
            return -1;
        uint64_t *as = s->keep.p, *ac = as + na, *bs = ac + na, *bc = bs + nb;
        half_side(a, na, ql->d0, ql->a0, fd, fa, od, oa, odn, h, n, as, ac);
        half_side(b, nb, qr->d0, qr->a0, fd, fa, od, oa, odn, h, n, bs, bc);
        const uint64_t *xs = as, *xc = ac, *is = bs, *ic = bc; /* outside, inside */
        size_t nx = na, ni = nb;
        if (na > nb)
            xs = bs, xc = bc, is = as, ic = ac, nx = nb, ni = na;
        for (size_t i = 0; i < nx; i++) {
            if (xc[i] >> 63)
                continue; /* on the middle queen's diagonals; bit 63 keeps the inside's off */
            if (quadrant_buf_fit(out, (at + ni + 8) * sizeof(uint64_t), 1))
                return -1;
            uint64_t *o = out->p, xsi = xs[i], xci = xc[i] | (uint64_t)1 << 63;
            size_t k = 0;
#ifdef QUADRANT_COMPRESS
            /* eight at a time: the compatible ones' signatures packed by VPCOMPRESSQ */
            __m512i vs = _mm512_set1_epi64((long long)xsi), vc = _mm512_set1_epi64((long long)xci);
            for (; k + 8 <= ni; k += 8) {
                __mmask8 ok = _mm512_testn_epi64_mask(vc, _mm512_loadu_si512(ic + k));
                __m512i sig = _mm512_or_si512(vs, _mm512_loadu_si512(is + k));
                _mm512_storeu_si512(o + at, _mm512_maskz_compress_epi64(ok, sig));
                at += (size_t)__builtin_popcount(ok);
            }
#endif
            for (; k < ni; k++) { /* written always, kept where compatible: no branch */
                o[at] = xsi | is[k];
                at += !(xci & ic[k]);
            }
        }
    }
    *count = at;
    return 0;
}

/* The 64 x 64 bit matrix a transposed in place (Hacker's Delight, 2nd ed., 7-3, for 64 bits): bit
 * 63 - p of a[j] becomes bit 63 - j of a[p]. */
static void transpose64(uint64_t a[64]) {
    uint64_t m = 0x00000000FFFFFFFFull;
    for (int j = 32; j; j >>= 1, m ^= m << j)
        for (int k = 0; k < 64; k = ((k | j) + 1) & ~j) {
            uint64_t t = (a[k] ^ (a[k | j] >> j)) & m;
            a[k] ^= t;
            a[k | j] ^= t << j;
        }
}

/* The bits set in a sample of the n signatures x (at most `most` of them, evenly spaced), added
 * to f[bit]. */
static void bit_sample(const uint64_t *x, size_t n, size_t most, uint32_t f[64]) {
    size_t step = n > most ? n / most : 1;
    for (size_t i = 0, k = 0; i < n && k < most; i += step, k++)
        for (uint64_t v = x[i]; v; v &= v - 1)
            f[__builtin_ctzll(v)]++;
}

/* The hot bits of one pair count, among the bits both lists use (both): as many as make groups
 * of the nb bottoms of sqrt(2) to 2 sqrt(2) x QB_PER_GROUP blocks on average (K the largest with
 * nb >= 2^(K + 1/2) QB_PER_GROUP QB, at most QUADRANT_HOT_MAX), and those that the most pairs share
 * (by a sample of each list: the product of how often a top and a bottom take the bit), since a
 * group of tops skips every group of bottoms that shares a hot bit with it; forced >= 0: that many
 * (the tests). Any choice counts the same pairs; this one was measured against the fixed choice
 * before it (2 or 3 bits through the middle of the cut, none for odd n < 19) with runs of
 * consecutive subproblems counted both ways (bench/RESULTS.md, issue 34): 1.6x faster at n = 20
 * (1.7x in whole counts), 1.4x at 21 and 3.7x at 22, where the lists are longest; within 4% either
 * way at n = 16 to 19.
 * QB_PER_GROUP 0.5 to 0.7 measured the same; 2 lost 13-16% at n = 20 and 22, 4 lost 16% at n = 18.
 */
#define QB_PER_GROUP 0.6
static uint64_t hot_choose(const uint64_t *t, size_t nt, const uint64_t *b, size_t nb,
                           uint64_t both, int forced) {
    int k = 0;
    while (k < QUADRANT_HOT_MAX &&
           (double)nb >= 1.4142135 * QB_PER_GROUP * QB * (double)((uint64_t)1 << (k + 1)))
        k++;
    k = forced >= 0 ? forced : k; /* quadrant_scratch_set_hot() */
    if (!k)
        return 0;
    uint32_t ft[64] = {0}, fb[64] = {0};
    size_t sample = k < 4 ? (size_t)64 * (size_t)k : 256; /* 256 cost 3% at n = 17 */
    bit_sample(t, nt, sample, ft);
    bit_sample(b, nb, sample, fb);
    uint64_t hot = 0;
    for (int i = 0; i < k; i++) {
        uint64_t best = 0, most = 0;
        for (uint64_t m = both & ~hot; m; m &= m - 1) {
            int bit = __builtin_ctzll(m);
            uint64_t v = (uint64_t)ft[bit] * fb[bit];
            if (v > most)
                most = v, best = m & -m;
        }
        if (!best)
            break; /* no other bit is shared in the samples */
        hot |= best;
    }
    return hot;
}

/* The pairs (one of t, one of b) whose signatures AND to 0, into *pairs_out. @return 0, or -1
 * if memory ran out. */
static int pairs_count(quadrant_scratch *s, const uint64_t *t, size_t nt, const uint64_t *b,
                       size_t nb, uint64_t *pairs_out) {
    *pairs_out = 0;
    if (!nt || !nb)
        return 0;
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
    /* only bits both sides use matter */
    uint64_t hk = hot_choose(t, nt, b, nb, ub & ut, s->hot_k), rest = ub & ut & ~hk;
    int groups = 1 << __builtin_popcountll(hk), width = __builtin_popcountll(rest);
    /* chunks of cb bits (chunk c: bits cb c .. cb c + cb - 1 of the packed rest), the last one,
     * the lead, taking what is left (1 to cb bits; none when width is 0). cb is 8, or 9 where
     * that makes the runs of tops of one lead value (nt / (groups 2^lw) on average) 8 times
     * longer than short ones (under 24 tops) with no more chunks: a run's end costs a
     * mispredicted branch, and a table of 9 bits takes twice as long to build (measured on
     * sampled subproblems: 9 bits 1.07x faster at n = 22, 4% slower at n = 20). */
    int cb = 8, chunks = width ? (width + 7) / 8 : 1, lead = chunks - 1, lw = width - 8 * lead;
    if (lead && (width + 8) / 9 == chunks && (double)nt < 24.0 * groups * (1 << lw))
        cb = 9, lw = width - 9 * lead;
    assert(groups <= 1 << QUADRANT_HOT_MAX && chunks <= 8 && lw >= 0 && lw <= cb);
    /* per group: bottoms, first bottom (packed), where the next bottom goes, first run of tops */
    if (quadrant_buf_fit(&s->groups, 4 * ((size_t)groups + 1) * sizeof(size_t), 0))
        return -1;
    size_t *cnt = s->groups.p, *first = cnt + groups + 1, *fill = first + groups + 1;
    size_t *run0 = fill + groups + 1;
    /* The bottoms by group, the groups in Gray code order (neighbours differ in one hot bit),
     * packed into blocks of QB with no room left between groups: a block may hold the end of
     * one group and the start of the next, and a group of tops weighs the bottoms of a block
     * under a mask of the lanes of the groups it may pair with. Padding each group to whole
     * blocks instead (as before) weighed 1.6 times the pairs at n = 20 and 22. */
    memset(cnt, 0, ((size_t)groups + 1) * sizeof *cnt);
    for (size_t j = 0; j < nb; j++)
        cnt[QUADRANT_PEXT(b[j], hk)]++;
    for (size_t i = 0, at = 0; i < (size_t)groups; i++) {
        size_t g = i ^ (i >> 1);
        first[g] = at, at += cnt[g];
    }
    size_t blocks = (nb + QB - 1) / QB;
    if (quadrant_buf_fit(&s->tr, blocks * 64 * sizeof(qvec), 0) ||
        quadrant_buf_fit(&s->cx, blocks * QB * sizeof(uint64_t), 0))
        return -1;
    qvec *tr = s->tr.p;
    uint64_t *cx = s->cx.p;
    memset(cx + nb, 0, (blocks * QB - nb) * sizeof *cx); /* padding: outside every mask */
    memcpy(fill, first, (size_t)groups * sizeof *fill);
    for (size_t j = 0; j < nb; j++)
        cx[fill[QUADRANT_PEXT(b[j], hk)]++] = QUADRANT_PEXT(b[j], rest);
    for (size_t blk = 0; blk < blocks; blk++) /* 64 bottoms at a time, bits to rows */
        for (int l = 0; l < QUADRANT_LANES; l++) {
            uint64_t y[64];
            const uint64_t *x = cx + blk * QB + l * 64;
            for (int r = 0; r < 64; r++)
                y[r] = x[63 - r];
            transpose64(y);
            for (int bit = 0; bit < width; bit++)
                tr[blk * 64 + (size_t)bit][l] = y[63 - bit];
        }
    /* The tops by group, and within a group by the value of their lead chunk: a run of tops
     * with one lead value ORs that chunk's row once, each top the other chunks' rows (8 bytes a
     * top for up to 5 chunks: their byte offsets in the tables). A counting sort on the key
     * (group, lead value): at most 2^10 groups of 2^lw values, lw small where groups are many
     * (a few thousand keys at n = 22); a key of every 8-bit value (65,536 and more) missed the
     * cache on most tops, and took a quarter of the pair counter's time at n = 20. */
    int stride = lead <= 4 ? 4 : 8;
    size_t keys = (size_t)groups << lw;
    const uint64_t lm = ((uint64_t)1 << lw) - 1, cm = (1u << cb) - 1;
    if (quadrant_buf_fit(&s->off, nt * (size_t)stride * sizeof(uint16_t), 0) ||
        quadrant_buf_fit(&s->keys, (keys + 1) * sizeof(uint32_t), 0) ||
        quadrant_buf_fit(&s->runs, (nt + 1) * (sizeof(uint32_t) + sizeof(uint16_t)), 0))
        return -1;
    uint16_t *off = s->off.p;
    uint32_t *kp = s->keys.p;                 /* per key: its tops, then where its next one goes */
    uint32_t *rb = s->runs.p;                 /* per run: its first top; rb[runs] = nt */
    uint16_t *rv = (uint16_t *)(rb + nt + 1); /* per run: its lead value */
    assert(nt < UINT32_MAX);
    memset(kp, 0, (keys + 1) * sizeof *kp);
    for (size_t i = 0; i < nt; i++)
        kp[(QUADRANT_PEXT(t[i], hk) << lw | QUADRANT_PEXT(t[i], rest) >> (cb * lead)) + 1]++;
    size_t runs = 0;
    for (size_t key = 0; key < keys; key++) { /* counts to first tops, and the runs */
        if (!(key & lm))
            run0[key >> lw] = runs;
        if (kp[key + 1])
            rb[runs] = kp[key], rv[runs++] = (uint16_t)(key & lm);
        kp[key + 1] += kp[key];
    }
    for (size_t i = 0; i < nt; i++) {
        uint64_t r = QUADRANT_PEXT(t[i], rest);
        uint16_t *o = off + (size_t)kp[QUADRANT_PEXT(t[i], hk) << lw | r >> (cb * lead)]++ *
                                (size_t)stride; /* byte offsets: 511 x 64 fits 16 bits */
        if (stride == 4) { /* all four written (those past the lead unread): no loop */
            o[0] = (uint16_t)((r & cm) * sizeof(qvec));
            o[1] = (uint16_t)((r >> cb & cm) * sizeof(qvec));
            o[2] = (uint16_t)((r >> (2 * cb) & cm) * sizeof(qvec));
            o[3] = (uint16_t)((r >> (3 * cb) & cm) * sizeof(qvec));
        } else
            for (int c = 0; c < lead; c++)
                o[c] = (uint16_t)((r >> (cb * c) & cm) * sizeof(qvec));
    }
    run0[groups] = runs, rb[runs] = (uint32_t)nt;
    qvec(*U)[512] = s->table.p;
#define QUADRANT_ROW(c, o) (*(const qvec *)((const char *)U[c] + (o)))
    qvec acc = {0}; /* the compatible pairs, per lane */
    int i0 = 0, i1; /* the groups of bottoms in a block: Gray positions i0..i1 */
    for (size_t blk = 0; blk < blocks; blk++) {
        size_t b0 = blk * QB, b1 = b0 + QB < nb ? b0 + QB : nb; /* lanes [lo, hi) each */
        while (first[i0 ^ (i0 >> 1)] + cnt[i0 ^ (i0 >> 1)] <= b0)
            i0++;
        for (i1 = i0; i1 + 1 < groups && first[(i1 + 1) ^ ((i1 + 1) >> 1)] < b1;)
            i1++;
        const qvec *T = tr + blk * 64;
        for (int c = 0; c < chunks; c++) {
            U[c][0] = (qvec){0};
            for (unsigned v = 1; v < 1u << (c < lead ? cb : lw); v++)
                U[c][v] = U[c][v & (v - 1)] | T[cb * c + __builtin_ctz(v)];
        }
        for (int p = 0; p < groups; p++) {
            if (run0[p] == run0[p + 1])
                continue;
            qvec M = {0}; /* the lanes of the bottoms whose hot bits p's tops avoid */
            int any = 0;
            for (int i = i0; i <= i1; i++) {
                int g = i ^ (i >> 1);
                if (g & p || !cnt[g])
                    continue;
                size_t lo = first[g] > b0 ? first[g] - b0 : 0;
                size_t hi = first[g] + cnt[g] < b1 ? first[g] + cnt[g] - b0 : b1 - b0;
                for (int l = 0; l < QUADRANT_LANES; l++) {
                    size_t a = (size_t)l * 64, e = a + 64;
                    a = lo > a ? lo : a, e = hi < e ? hi : e;
                    if (a < e)
                        M[l] |= (e - a == 64 ? ~(uint64_t)0 : (((uint64_t)1 << (e - a)) - 1))
                                << (a - (size_t)l * 64);
                }
                any = 1;
            }
            if (!any)
                continue;
            for (size_t r = run0[p]; r < run0[p + 1]; r++) {
                const qvec V = M & ~U[lead][rv[r]];
                const uint16_t *o = off + (size_t)rb[r] * (size_t)stride;
                const uint16_t *oe = off + (size_t)rb[r + 1] * (size_t)stride;
                switch (lead) {
                case 0:
                    for (; o < oe; o += stride)
                        QUADRANT_ACC(acc, V);
                    break;
                case 1:
                    for (; o < oe; o += 4)
                        QUADRANT_ACC(acc, V & ~QUADRANT_ROW(0, o[0]));
                    break;
                case 2:
                    for (; o < oe; o += 4)
                        QUADRANT_ACC(acc, V & ~(QUADRANT_ROW(0, o[0]) | QUADRANT_ROW(1, o[1])));
                    break;
                case 3:
                    for (; o < oe; o += 4)
                        QUADRANT_ACC(acc, V & ~(QUADRANT_ROW(0, o[0]) | QUADRANT_ROW(1, o[1]) |
                                                QUADRANT_ROW(2, o[2])));
                    break;
                case 4:
                    for (; o < oe; o += 4)
                        QUADRANT_ACC(acc, V & ~(QUADRANT_ROW(0, o[0]) | QUADRANT_ROW(1, o[1]) |
                                                QUADRANT_ROW(2, o[2]) | QUADRANT_ROW(3, o[3])));
                    break;
                default:
                    for (; o < oe; o += 8) {
                        qvec x = QUADRANT_ROW(0, o[0]);
                        for (int c = 1; c < lead; c++)
                            x |= QUADRANT_ROW(c, o[c]);
                        QUADRANT_ACC(acc, V & ~x);
                    }
                }
            }
        }
    }
#undef QUADRANT_ROW
    uint64_t total = 0;
    for (int l = 0; l < QUADRANT_LANES; l++)
        total += acc[l];
    *pairs_out = total;
    return 0;
}

int QUADRANT_HALVES(const quadrant_lists *q, int m, uint64_t c, quadrant_scratch *s, size_t *nt,
                    size_t *nb) {
    int n = q->n, h = q->h;
    uint32_t left = (1u << h) - 1, right = (1u << (n - h)) - 1, full = (1u << n) - 1;
    uint32_t top = (uint32_t)c, bottom = full & ~top & ~(m >= 0 ? 1u << m : 0u);
    uint64_t fd = m >= 0 ? (uint64_t)1 << (h - m + n - 1) : 0;
    uint64_t fa = m >= 0 ? (uint64_t)1 << (h + m) : 0;
    const quadrant_part *p = q->part;
    *nt = *nb = 0;
    if (half_list(q, &p[0], &p[1], top & left, top >> h, fd, fa, &s->top, nt, s) ||
        half_list(q, &p[2], &p[3], bottom & left, bottom >> h & right, fd, fa, &s->bottom, nb, s))
        return NQ_ENOMEM;
    return NQ_OK;
}

int QUADRANT_ENTRY(const quadrant_lists *q, int m, uint64_t c, quadrant_scratch *s, uint64_t *sols,
                   uint64_t *pairs) {
    size_t nt = 0, nb = 0;
    if (QUADRANT_HALVES(q, m, c, s, &nt, &nb) != NQ_OK)
        return NQ_ENOMEM;
    uint64_t found;
    if (pairs_count(s, s->top.p, nt, s->bottom.p, nb, &found))
        return NQ_ENOMEM;
    *sols = found;
    *pairs = (uint64_t)nt * (uint64_t)nb;
    return NQ_OK;
}
