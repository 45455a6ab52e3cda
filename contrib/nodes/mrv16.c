/*
 * mrv16.c: research prototype, the fast form of the winner of order.c.
 * 1. Border pre-placement: the queens of rows 0 and n-1 and columns 0 and n-1 (a corner queen
 *    covers a row and a column), one pre-placement per class under the 8 symmetries (the least
 *    image), weight 8/|stabilizer| (stabilizers are rotation groups: 1, 2 or 4 elements).
 * 2. The rest is a grid of the free rows x free columns (at most 16 x 16 here): each free row is
 *    one 16-bit lane of free cells (bit = index of the free column), and placing a queen on a
 *    cell clears, in one AND-NOT, every cell it attacks (a per-cell table of 16 lanes, built once
 *    per pre-placement). The search branches on the free row with the fewest free cells (MRV,
 *    ties to the most central row), and drops a child when some free row or free column has no
 *    free cell left (forward checking on every line).
 * 3. Fundamental and orbit counts: a pre-placement with a trivial stabilizer gives classes of 8,
 *    one per completion. With stabilizer {e, rot180}: F2 = completions invariant under rot180,
 *    classes (N + F2) / 2; with the 4 rotations also F4 (rot90-invariant), classes
 *    (N + F2 + 2 F4) / 4. F2 and F4 come from small searches that place 2 or 4 queens at once.
 * KERNEL=avx2 (default when built with AVX2) or KERNEL=plain.
 * usage: mrv16 NMIN NMAX
 */
#include "common.h"
#ifdef __AVX2__
#include <immintrin.h>
#endif

#define L 16 /* lanes (free rows) and bits (free columns) */

typedef struct {
    int n, nr, nc;      /* free rows and columns */
    int row[L], col[L]; /* board row / column of each lane / bit */
    uint16_t att[L][L][L]
        __attribute__((aligned(32)));            /* att[y][x]: lanes cleared by a queen at (y, x) */
    uint16_t m0[L] __attribute__((aligned(32))); /* free cells at the root */
    uint16_t f0[L] __attribute__((aligned(32))); /* 0xFFFF: lane not a free row */
    int central[L];      /* tie order of the lanes: smaller = more central */
    int img180[L][L][2]; /* image of cell (y, x) under rot180: lane, bit (or -1) */
    int img90[L][L][2];
} grid;

static unsigned long long g_nodes, g_tried;
static int use_avx2 = 1, use_pbfs = 0;

__attribute__((noinline)) static void grid_build(grid *g, int n, int q, const int *qr,
                                                 const int *qc) {
    memset(g, 0, sizeof *g);
    g->n = n;
    int rowused[64] = {0}, colused[64] = {0};
    for (int i = 0; i < q; i++)
        rowused[qr[i]] = 1, colused[qc[i]] = 1;
    int lane_of[64], bit_of[64];
    for (int y = 0; y < n; y++)
        lane_of[y] = rowused[y] ? -1 : g->nr, g->row[g->nr] = y, g->nr += !rowused[y];
    for (int x = 0; x < n; x++)
        bit_of[x] = colused[x] ? -1 : g->nc, g->col[g->nc] = x, g->nc += !colused[x];
    if (g->nr > L || g->nc > L) {
        fprintf(stderr, "grid too large\n");
        exit(3);
    }
    for (int a = 0; a < L; a++) {
        g->f0[a] = a < g->nr ? 0 : 0xFFFF;
        if (a >= g->nr)
            continue;
        int y = g->row[a];
        uint16_t m = 0;
        for (int b = 0; b < g->nc; b++) {
            int x = g->col[b], ok = 1;
            for (int i = 0; i < q; i++)
                ok &= qr[i] - qc[i] != y - x && qr[i] + qc[i] != y + x;
            m |= (uint16_t)(ok << b);
        }
        g->m0[a] = m;
        int dc = 2 * y - (n - 1);
        g->central[a] = (dc < 0 ? -dc : dc) * 2 + (dc > 0);
    }
    for (int a = 0; a < g->nr; a++)
        for (int b = 0; b < g->nc; b++) {
            int y = g->row[a], x = g->col[b];
            for (int a2 = 0; a2 < L; a2++) {
                uint16_t m = 0;
                if (a2 == a)
                    m = 0xFFFF;
                else if (a2 < g->nr) {
                    int dy = g->row[a2] - y;
                    if (dy < 0)
                        dy = -dy;
                    m = (uint16_t)(1 << b);
                    if (x - dy >= 0 && bit_of[x - dy] >= 0)
                        m |= (uint16_t)(1 << bit_of[x - dy]);
                    if (x + dy < n && bit_of[x + dy] >= 0)
                        m |= (uint16_t)(1 << bit_of[x + dy]);
                }
                g->att[a][b][a2] = m;
            }
            int rr, cc;
            sym_cell(n, 2, y, x, &rr, &cc);
            g->img180[a][b][0] = lane_of[rr], g->img180[a][b][1] = bit_of[cc];
            sym_cell(n, 1, y, x, &rr, &cc);
            g->img90[a][b][0] = lane_of[rr], g->img90[a][b][1] = bit_of[cc];
        }
}

/* ---- plain C kernel ---- */
typedef struct {
    uint16_t m[L], f[L];
} pstate;

/* Chooses the row to branch on; returns -1 if some row or column is dead. */
static inline int plain_pick(const grid *g, const pstate *s, uint16_t colfree) {
    uint16_t uni = 0;
    int best = 1 << 30, by = -1;
    for (int a = 0; a < L; a++) {
        if (s->f[a])
            continue;
        uint16_t m = s->m[a];
        if (!m)
            return -1;
        uni |= m;
        int k = __builtin_popcount(m) * 64 + g->central[a];
        if (k < best)
            best = k, by = a;
    }
    if ((uni & colfree) != colfree)
        return -1;
    return by;
}

__attribute__((noinline)) static unsigned long long plain_count(const grid *g) {
    pstate st[L + 1];
    uint16_t cand[L + 1], colfree[L + 1];
    int rowat[L + 1];
    memcpy(st[0].m, g->m0, sizeof g->m0);
    memcpy(st[0].f, g->f0, sizeof g->f0);
    colfree[0] = (uint16_t)((1u << g->nc) - 1);
    int left = g->nr;
    if (left == 0)
        return 1;
    int y = plain_pick(g, &st[0], colfree[0]);
    if (y < 0)
        return 0;
    unsigned long long sols = 0, nodes = 0, tried = 0;
    int d = 0;
    rowat[0] = y, cand[0] = st[0].m[y];
    for (;;) {
        if (!cand[d]) {
            if (!d)
                break;
            d--;
            continue;
        }
        int x = __builtin_ctz(cand[d]);
        cand[d] &= (uint16_t)(cand[d] - 1);
        tried++;
        int a = rowat[d];
        if (d + 1 == left) {
            sols++, nodes++;
            continue;
        }
        pstate *c = &st[d + 1];
        for (int i = 0; i < L; i++)
            c->m[i] = st[d].m[i] & (uint16_t)~g->att[a][x][i];
        memcpy(c->f, st[d].f, sizeof c->f);
        c->f[a] = 0xFFFF;
        colfree[d + 1] = colfree[d] & (uint16_t) ~(1u << x);
        int y2 = plain_pick(g, c, colfree[d + 1]);
        if (y2 < 0)
            continue;
        nodes++;
        d++;
        rowat[d] = y2, cand[d] = c->m[y2];
    }
    g_nodes += nodes, g_tried += tried;
    return sols;
}

/* ---- plain C breadth-first engine (the same passes on arrays of 16 lanes) ---- */
typedef struct {
    uint16_t m[L];
    uint32_t cand, colfree, row, pad[5];
} pnode;

typedef struct {
    const grid *g;
    uint16_t tie[L];
    unsigned long long sols, nodes, tried;
} pbstate;

static inline void ppick(const uint16_t *m, const uint16_t *tie, uint32_t *row, uint32_t *cand) {
    uint16_t key[L];
    for (int i = 0; i < L; i++) {
        uint16_t x = m[i];
        x = (uint16_t)(x - ((x >> 1) & 0x5555));
        x = (uint16_t)((x & 0x3333) + ((x >> 2) & 0x3333));
        x = (uint16_t)((x + (x >> 4)) & 0x0F0F);
        x = (uint16_t)((x + (x >> 8)) & 0x001F);
        uint16_t z = (uint16_t) - (m[i] == 0);
        key[i] = (uint16_t)((x << 8 | tie[i]) | (z & 0x7FFF));
    }
    int16_t best = 0x7FFF;
    for (int i = 0; i < L; i++)
        best = (int16_t)key[i] < best ? (int16_t)key[i] : best;
    *row = (uint32_t)best & 15;
    *cand = m[(uint32_t)best & 15];
}

static inline int plive(const uint16_t *m, uint32_t cf, unsigned filled) {
    uint16_t z = 0;
    uint16_t u = 0;
    for (int i = 0; i < L; i++)
        z = (uint16_t)(z + (m[i] == 0)), u |= m[i];
    return (z == filled) & ((u & cf) == cf);
}

static void pbfs_expand(pbstate *st, pnode *cur, size_t m, unsigned left, pnode *free,
                        size_t space) {
    const grid *g = st->g;
    while (m) {
        if (left == 1) {
            st->sols += m, st->nodes += m, st->tried += m;
            return;
        }
        size_t children = 0;
        for (size_t i = 0; i < m; i++)
            children += (size_t)__builtin_popcount(cur[i].cand);
        if (left > 2 && children + 16 * (left - 2) > space) {
            pbfs_expand(st, cur, m / 2, left, free, space);
            cur += m / 2;
            m -= m / 2;
            continue;
        }
        unsigned filled = L - (left - 1);
        size_t j = 0;
        unsigned long long tried = 0, cnt = 0;
        for (size_t mm = m; mm;) {
            size_t k = 0;
            for (size_t i = 0; i < mm; i++) {
                pnode v = cur[i];
                uint32_t x = (uint32_t)__builtin_ctz(v.cand);
                v.cand &= v.cand - 1;
                const uint16_t *att = g->att[v.row][x];
                pnode *w = &free[j];
                for (int t = 0; t < L; t++)
                    w->m[t] = v.m[t] & (uint16_t)~att[t];
                uint32_t cf = v.colfree & ~(1u << x);
                int ok = plive(w->m, cf, filled);
                if (left == 2) {
                    cnt += (unsigned)ok;
                } else {
                    w->colfree = cf;
                    ppick(w->m, st->tie, &w->row, &w->cand);
                    j += (size_t)ok;
                }
                cur[k] = v;
                k += v.cand != 0;
            }
            tried += mm;
            mm = k;
        }
        st->tried += tried;
        if (left == 2) {
            st->nodes += 2 * cnt, st->sols += cnt;
            return;
        }
        st->nodes += j;
        cur = free, m = j, free += j, space -= j, left--;
    }
}

__attribute__((noinline)) static unsigned long long pbfs_count(const grid *g, pnode *arena,
                                                               size_t cap, unsigned handover) {
    int left0 = g->nr;
    if (left0 == 0)
        return 1;
    pbstate st;
    memset(&st, 0, sizeof st);
    st.g = g;
    {
        int rank[L];
        for (int a = 0; a < L; a++) {
            rank[a] = 0;
            for (int b = 0; b < g->nr; b++)
                if (a < g->nr && g->central[b] < g->central[a])
                    rank[a]++;
        }
        for (int a = 0; a < L; a++)
            st.tie[a] = (uint16_t)((rank[a] & 15) << 4 | a);
    }
    uint32_t cf0 = (1u << g->nc) - 1;
    if (!plive(g->m0, cf0, (unsigned)(L - left0)))
        return 0;
    typedef struct {
        uint16_t m[L];
        uint32_t cand, colfree, row, left;
    } dnode;
    dnode stack[L + 1];
    int d = 0;
    memcpy(stack[0].m, g->m0, sizeof g->m0);
    stack[0].colfree = cf0, stack[0].left = (uint32_t)left0;
    ppick(stack[0].m, st.tie, &stack[0].row, &stack[0].cand);
    const size_t roots_max = 256;
    size_t nroots = 0;
    if ((unsigned)left0 <= handover) {
        memcpy(arena[0].m, g->m0, sizeof g->m0);
        arena[0].colfree = cf0, arena[0].row = stack[0].row, arena[0].cand = stack[0].cand;
        pbfs_expand(&st, arena, 1, (unsigned)left0, arena + 1, cap - 1);
    } else {
        for (;;) {
            dnode *v = &stack[d];
            if (!v->cand) {
                if (!d)
                    break;
                d--;
                continue;
            }
            uint32_t x = (uint32_t)__builtin_ctz(v->cand);
            v->cand &= v->cand - 1;
            st.tried++;
            uint16_t c[L];
            for (int t = 0; t < L; t++)
                c[t] = v->m[t] & (uint16_t)~g->att[v->row][x][t];
            uint32_t cf = v->colfree & ~(1u << x);
            uint32_t left = v->left - 1;
            if (!plive(c, cf, L - left))
                continue;
            st.nodes++;
            if (left == handover) {
                pnode *w = &arena[nroots++];
                memcpy(w->m, c, sizeof c);
                w->colfree = cf;
                ppick(c, st.tie, &w->row, &w->cand);
                if (nroots == roots_max) {
                    pbfs_expand(&st, arena, nroots, left, arena + nroots, cap - nroots);
                    nroots = 0;
                }
                continue;
            }
            dnode *w = &stack[++d];
            memcpy(w->m, c, sizeof c);
            w->colfree = cf, w->left = left;
            ppick(c, st.tie, &w->row, &w->cand);
        }
        if (nroots)
            pbfs_expand(&st, arena, nroots, handover, arena + nroots, cap - nroots);
    }
    g_nodes += st.nodes, g_tried += st.tried;
    return st.sols;
}

#ifdef __AVX2__
/* ---- AVX2 kernel: the 16 lanes of a state in one register ---- */
static inline __m256i popcnt16(__m256i v) {
    const __m256i lut = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2,
                                         1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
    const __m256i nib = _mm256_set1_epi8(0x0F);
    __m256i lo = _mm256_shuffle_epi8(lut, _mm256_and_si256(v, nib));
    __m256i hi = _mm256_shuffle_epi8(lut, _mm256_and_si256(_mm256_srli_epi16(v, 4), nib));
    return _mm256_maddubs_epi16(_mm256_add_epi8(lo, hi), _mm256_set1_epi8(1));
}

__attribute__((noinline)) static unsigned long long avx2_count(const grid *g) {
    __m256i M[L + 1], F[L + 1];
    uint16_t cand[L + 1], colfree[L + 1];
    int rowat[L + 1];
    int left = g->nr;
    if (left == 0)
        return 1;
    __m256i tie = _mm256_setr_epi16(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    {
        /* key = popcount << 8 | central rank << 4 | lane */
        uint16_t t[L];
        int rank[L];
        for (int a = 0; a < L; a++) {
            rank[a] = 0;
            for (int b = 0; b < L; b++)
                if (b < g->nr && a < g->nr && g->central[b] < g->central[a])
                    rank[a]++;
        }
        for (int a = 0; a < L; a++)
            t[a] = (uint16_t)((rank[a] & 15) << 4 | a);
        tie = _mm256_loadu_si256((const __m256i *)t);
    }
    const __m256i zero = _mm256_setzero_si256();
    M[0] = _mm256_load_si256((const __m256i *)g->m0);
    F[0] = _mm256_load_si256((const __m256i *)g->f0);
    colfree[0] = (uint16_t)((1u << g->nc) - 1);
    unsigned long long sols = 0, nodes = 0, tried = 0;
#define PICK(m, f, cf, out)                                                                        \
    do {                                                                                           \
        __m256i z = _mm256_andnot_si256((f), _mm256_cmpeq_epi16((m), zero));                       \
        if (!_mm256_testz_si256(z, z)) {                                                           \
            out = -1;                                                                              \
            break;                                                                                 \
        }                                                                                          \
        __m128i u = _mm_or_si128(_mm256_castsi256_si128(m), _mm256_extracti128_si256((m), 1));     \
        u = _mm_or_si128(u, _mm_shuffle_epi32(u, 0x4E));                                           \
        u = _mm_or_si128(u, _mm_shuffle_epi32(u, 0xB1));                                           \
        u = _mm_or_si128(u, _mm_srli_epi32(u, 16));                                                \
        if (((uint16_t)_mm_cvtsi128_si32(u) & (cf)) != (cf)) {                                     \
            out = -1;                                                                              \
            break;                                                                                 \
        }                                                                                          \
        __m256i key =                                                                              \
            _mm256_or_si256(_mm256_or_si256(_mm256_slli_epi16(popcnt16(m), 8), tie), (f));         \
        __m128i k = _mm_min_epu16(_mm256_castsi256_si128(key), _mm256_extracti128_si256(key, 1));  \
        out = _mm_cvtsi128_si32(_mm_minpos_epu16(k)) & 15;                                         \
    } while (0)
    int y;
    PICK(M[0], F[0], colfree[0], y);
    if (y < 0)
        return 0;
    int d = 0;
    uint16_t lanes[L] __attribute__((aligned(32)));
    _mm256_store_si256((__m256i *)lanes, M[0]);
    rowat[0] = y, cand[0] = lanes[y];
    for (;;) {
        if (!cand[d]) {
            if (!d)
                break;
            d--;
            continue;
        }
        int x = __builtin_ctz(cand[d]);
        cand[d] &= (uint16_t)(cand[d] - 1);
        tried++;
        int a = rowat[d];
        if (d + 1 == left) {
            sols++, nodes++;
            continue;
        }
        __m256i m = _mm256_andnot_si256(_mm256_load_si256((const __m256i *)g->att[a][x]), M[d]);
        __m256i f =
            _mm256_or_si256(F[d], _mm256_load_si256((const __m256i *)g->f0 + 0)); /* placeholder */
        f = F[d];
        {
            uint16_t one[L] __attribute__((aligned(32))) = {0};
            (void)one;
        }
        f = _mm256_or_si256(F[d], _mm256_cmpeq_epi16(_mm256_set1_epi16((short)a),
                                                     _mm256_setr_epi16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
                                                                       10, 11, 12, 13, 14, 15)));
        uint16_t cf = colfree[d] & (uint16_t) ~(1u << x);
        int y2;
        PICK(m, f, cf, y2);
        if (y2 < 0)
            continue;
        nodes++;
        d++;
        M[d] = m, F[d] = f, colfree[d] = cf;
        _mm256_store_si256((__m256i *)lanes, m);
        rowat[d] = y2, cand[d] = lanes[y2];
    }
    g_nodes += nodes, g_tried += tried;
    return sols;
}

/* AVX2 kernel v2: an explicit stack of nodes; a node popped picks its row (MRV) and pushes all
 * of its live children at once without a branch per child. A free lane is never 0 in a live
 * node, a filled (or unused) lane always is, so the zero lanes of a child count the filled rows:
 * the child is live when they are exactly one more than its parent's, and when the free columns
 * all still appear in some lane. */
typedef struct {
    __m256i m;
    uint32_t colfree, left;
} vnode;

__attribute__((noinline)) static unsigned long long avx2v2_count(const grid *g) {
    int left0 = g->nr;
    if (left0 == 0)
        return 1;
    uint16_t t[L];
    {
        int rank[L];
        for (int a = 0; a < L; a++) {
            rank[a] = 0;
            for (int b = 0; b < g->nr; b++)
                if (a < g->nr && g->central[b] < g->central[a])
                    rank[a]++;
        }
        for (int a = 0; a < L; a++)
            t[a] = (uint16_t)((rank[a] & 15) << 4 | a);
    }
    const __m256i tie = _mm256_loadu_si256((const __m256i *)t);
    const __m256i zero = _mm256_setzero_si256();
    const __m256i idx = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    vnode stack[L * L + 8];
    int sp = 0;
    unsigned long long sols = 0, nodes = 0, tried = 0;
    /* The root must itself pass the checks. */
    {
        __m256i m = _mm256_load_si256((const __m256i *)g->m0);
        unsigned zc = (unsigned)__builtin_popcount(
            (unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi16(m, zero)));
        if (zc != 2u * (unsigned)(L - left0))
            return 0;
        __m128i u = _mm_or_si128(_mm256_castsi256_si128(m), _mm256_extracti128_si256(m, 1));
        u = _mm_or_si128(u, _mm_shuffle_epi32(u, 0x4E));
        u = _mm_or_si128(u, _mm_shuffle_epi32(u, 0xB1));
        u = _mm_or_si128(u, _mm_srli_epi32(u, 16));
        uint32_t cf = (1u << g->nc) - 1;
        if (((uint32_t)_mm_cvtsi128_si32(u) & cf) != cf)
            return 0;
        stack[0].m = m, stack[0].colfree = cf, stack[0].left = (uint32_t)left0;
        sp = 1;
    }
    while (sp) {
        vnode v = stack[--sp];
        /* MRV: the free lane with the fewest free cells (zero lanes are filled: key 0xFFFF). */
        __m256i z = _mm256_cmpeq_epi16(v.m, zero);
        __m256i key = _mm256_or_si256(_mm256_or_si256(_mm256_slli_epi16(popcnt16(v.m), 8), tie), z);
        __m128i k = _mm_min_epu16(_mm256_castsi256_si128(key), _mm256_extracti128_si256(key, 1));
        int a = _mm_cvtsi128_si32(_mm_minpos_epu16(k)) & 15;
        __m256i sh = _mm256_permutevar8x32_epi32(v.m, _mm256_set1_epi32(a >> 1));
        uint32_t cand = ((uint32_t)_mm256_cvtsi256_si32(sh) >> (16 * (a & 1))) & 0xFFFF;
        (void)idx;
        uint32_t left = v.left - 1;
        if (left == 0) {
            /* The last queen: one free column left, so one completion per candidate (one). */
            sols += (unsigned)__builtin_popcount(cand);
            tried += (unsigned)__builtin_popcount(cand);
            nodes += (unsigned)__builtin_popcount(cand);
            continue;
        }
        unsigned want = 2u * (unsigned)(L - left);
        const __m256i *att = (const __m256i *)g->att[a];
        while (cand) {
            int x = __builtin_ctz(cand);
            cand &= cand - 1;
            tried++;
            __m256i m = _mm256_andnot_si256(_mm256_load_si256(att + x), v.m);
            unsigned zc = (unsigned)__builtin_popcount(
                (unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi16(m, zero)));
            __m128i u = _mm_or_si128(_mm256_castsi256_si128(m), _mm256_extracti128_si256(m, 1));
            u = _mm_or_si128(u, _mm_shuffle_epi32(u, 0x4E));
            u = _mm_or_si128(u, _mm_shuffle_epi32(u, 0xB1));
            u = _mm_or_si128(u, _mm_srli_epi32(u, 16));
            uint32_t cf = v.colfree & ~(1u << x);
            int live = zc == want && ((uint32_t)_mm_cvtsi128_si32(u) & cf) == cf;
            stack[sp].m = m, stack[sp].colfree = cf, stack[sp].left = left;
            sp += live;
            nodes += (unsigned)live;
        }
    }
    g_nodes += nodes, g_tried += tried;
    return sols;
}

/* ---- AVX2 breadth-first engine --------------------------------------------------------------
 * A node is a state of the grid with its branching row already picked (MRV) and that row's
 * free cells as candidates. A pass over an array of nodes takes one candidate of each, writes
 * the child (picked in turn) at the end of the next level when it is live, and keeps the node
 * when it has candidates left: the same branch-free steps for every node, so independent nodes
 * overlap in the processor instead of waiting on one another as depth-first search does.
 * Children with one queen left are complete solutions when live and are only counted. */
typedef struct {
    __m256i m;        /* free cells of each lane (0: filled or unused lane) */
    uint32_t cand;    /* candidates of the picked lane */
    uint32_t colfree; /* free columns */
    uint32_t row;     /* the picked lane */
    uint32_t pad[5];
} bnode;

typedef struct {
    const grid *g;
    __m256i tie;
    bnode *arena;
    size_t cap;
    unsigned long long sols, nodes, tried;
} bstate;

static inline __m128i or_reduce(__m256i m) {
    __m128i u = _mm_or_si128(_mm256_castsi256_si128(m), _mm256_extracti128_si256(m, 1));
    u = _mm_or_si128(u, _mm_shuffle_epi32(u, 0x4E));
    u = _mm_or_si128(u, _mm_shuffle_epi32(u, 0xB1));
    return _mm_or_si128(u, _mm_srli_epi32(u, 16));
}

static int g_forced = 0;
/* The MRV pick of state m: lane and its candidates. With g_forced, a free column with one free
 * cell is taken first when no row has fewer than 2. */
static inline void pick(__m256i m, __m256i tie, uint32_t *row, uint32_t *cand, uint32_t cf) {
    __m256i z = _mm256_cmpeq_epi16(m, _mm256_setzero_si256());
    __m256i key = _mm256_or_si256(_mm256_or_si256(_mm256_slli_epi16(popcnt16(m), 8), tie), z);
    __m128i k = _mm_min_epu16(_mm256_castsi256_si128(key), _mm256_extracti128_si256(key, 1));
    uint32_t mk = (uint32_t)_mm_cvtsi128_si32(_mm_minpos_epu16(k));
    uint32_t a = mk & 15;
    __m256i sh = _mm256_permutevar8x32_epi32(m, _mm256_set1_epi32((int)(a >> 1)));
    uint32_t c = ((uint32_t)_mm256_cvtsi256_si32(sh) >> (16 * (a & 1))) & 0xFFFF;
    if (g_forced) {
        __m128i lo = _mm256_castsi256_si128(m), hi = _mm256_extracti128_si256(m, 1);
        __m128i u1 = _mm_or_si128(lo, hi), u2 = _mm_and_si128(lo, hi), b;
        b = _mm_shuffle_epi32(u1, 0x4E);
        u2 = _mm_or_si128(_mm_or_si128(u2, _mm_shuffle_epi32(u2, 0x4E)), _mm_and_si128(u1, b));
        u1 = _mm_or_si128(u1, b);
        b = _mm_shuffle_epi32(u1, 0xB1);
        u2 = _mm_or_si128(_mm_or_si128(u2, _mm_shuffle_epi32(u2, 0xB1)), _mm_and_si128(u1, b));
        u1 = _mm_or_si128(u1, b);
        b = _mm_srli_epi32(u1, 16);
        u2 = _mm_or_si128(_mm_or_si128(u2, _mm_srli_epi32(u2, 16)), _mm_and_si128(u1, b));
        u1 = _mm_or_si128(u1, b);
        uint32_t forced =
            (uint32_t)_mm_cvtsi128_si32(u1) & ~(uint32_t)_mm_cvtsi128_si32(u2) & cf & 0xFFFF;
        uint32_t x = forced ? (uint32_t)__builtin_ctz(forced) : 0;
        __m256i bx = _mm256_set1_epi16((short)(1u << x));
        uint32_t lanes = ~(uint32_t)_mm256_movemask_epi8(
            _mm256_cmpeq_epi16(_mm256_and_si256(m, bx), _mm256_setzero_si256()));
        uint32_t fa = lanes ? (uint32_t)__builtin_ctz(lanes) >> 1 : 0;
        int use = forced && (mk >> 8) >= 2;
        a = use ? fa : a;
        c = use ? 1u << x : c;
    }
    *row = a;
    *cand = c;
}

/* Live: exactly `want` zero bytes pairs (the filled lanes) and every free column in some lane. */
static inline int live(__m256i m, uint32_t cf, unsigned want) {
    unsigned zc = (unsigned)__builtin_popcount(
        (unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi16(m, _mm256_setzero_si256())));
    return (zc == want) & (((uint32_t)_mm_cvtsi128_si32(or_reduce(m)) & cf) == cf);
}

static void bfs_expand(bstate *st, bnode *cur, size_t m, unsigned left, bnode *free, size_t space);

/* One level: every child of the m nodes at cur (left queens to place, this one included). */
static void bfs_expand(bstate *st, bnode *cur, size_t m, unsigned left, bnode *free, size_t space) {
    const grid *g = st->g;
    while (m) {
        if (left == 1) {
            /* One queen left and live: one completion each. */
            st->sols += m, st->nodes += m, st->tried += m;
            return;
        }
        size_t children = 0;
        for (size_t i = 0; i < m; i++)
            children += (size_t)__builtin_popcount(cur[i].cand);
        if (left > 2 && children + 16 * (left - 2) > space) {
            bfs_expand(st, cur, m / 2, left, free, space);
            cur += m / 2;
            m -= m / 2;
            continue;
        }
        unsigned want = 2u * (L - (left - 1));
        size_t j = 0;
        unsigned long long tried = 0, cnt = 0;
        for (size_t mm = m; mm;) {
            size_t k = 0;
            for (size_t i = 0; i < mm; i++) {
                bnode v = cur[i];
                uint32_t x = (uint32_t)__builtin_ctz(v.cand);
                v.cand &= v.cand - 1;
                __m256i c =
                    _mm256_andnot_si256(_mm256_load_si256((const __m256i *)g->att[v.row][x]), v.m);
                uint32_t cf = v.colfree & ~(1u << x);
                int ok = live(c, cf, want);
                if (left == 2) {
                    cnt += (unsigned)ok;
                } else {
                    bnode *w = &free[j];
                    w->m = c, w->colfree = cf;
                    pick(c, st->tie, &w->row, &w->cand, cf);
                    j += (size_t)ok;
                }
                cur[k] = v;
                k += v.cand != 0;
            }
            tried += mm;
            mm = k;
        }
        st->tried += tried;
        if (left == 2) {
            st->nodes += 2 * cnt, st->sols += cnt;
            return;
        }
        st->nodes += j;
        cur = free, m = j, free += j, space -= j, left--;
    }
}

__attribute__((noinline)) static unsigned long long bfs_count(const grid *g, bnode *arena,
                                                              size_t cap, unsigned handover) {
    int left0 = g->nr;
    if (left0 == 0)
        return 1;
    bstate st;
    memset(&st, 0, sizeof st);
    st.g = g, st.arena = arena, st.cap = cap;
    {
        uint16_t t[L];
        int rank[L];
        for (int a = 0; a < L; a++) {
            rank[a] = 0;
            for (int b = 0; b < g->nr; b++)
                if (a < g->nr && g->central[b] < g->central[a])
                    rank[a]++;
        }
        for (int a = 0; a < L; a++)
            t[a] = (uint16_t)((rank[a] & 15) << 4 | a);
        st.tie = _mm256_loadu_si256((const __m256i *)t);
    }
    __m256i m0 = _mm256_load_si256((const __m256i *)g->m0);
    uint32_t cf0 = (1u << g->nc) - 1;
    if (!live(m0, cf0, 2u * (unsigned)(L - left0)))
        return 0;
    /* Depth-first down to `handover` queens left, then breadth-first in batches. */
    typedef struct {
        __m256i m;
        uint32_t cand, colfree, row, left;
    } dnode;
    dnode stack[L + 1];
    int d = 0;
    stack[0].m = m0, stack[0].colfree = cf0, stack[0].left = (uint32_t)left0;
    pick(m0, st.tie, &stack[0].row, &stack[0].cand, cf0);
    const size_t roots_max = 256;
    size_t nroots = 0;
    if ((unsigned)left0 <= handover) {
        arena[0].m = m0, arena[0].colfree = cf0, arena[0].row = stack[0].row,
        arena[0].cand = stack[0].cand;
        bfs_expand(&st, arena, 1, (unsigned)left0, arena + 1, cap - 1);
    } else {
        for (;;) {
            dnode *v = &stack[d];
            if (!v->cand) {
                if (!d)
                    break;
                d--;
                continue;
            }
            uint32_t x = (uint32_t)__builtin_ctz(v->cand);
            v->cand &= v->cand - 1;
            st.tried++;
            __m256i c =
                _mm256_andnot_si256(_mm256_load_si256((const __m256i *)g->att[v->row][x]), v->m);
            uint32_t cf = v->colfree & ~(1u << x);
            uint32_t left = v->left - 1;
            if (!live(c, cf, 2u * (L - left)))
                continue;
            st.nodes++;
            if (left == handover) {
                bnode *w = &arena[nroots++];
                w->m = c, w->colfree = cf;
                pick(c, st.tie, &w->row, &w->cand, cf);
                if (nroots == roots_max) {
                    bfs_expand(&st, arena, nroots, left, arena + nroots, cap - nroots);
                    nroots = 0;
                }
                continue;
            }
            dnode *w = &stack[++d];
            w->m = c, w->colfree = cf, w->left = left;
            pick(c, st.tie, &w->row, &w->cand, cf);
        }
        if (nroots)
            bfs_expand(&st, arena, nroots, handover, arena + nroots, cap - nroots);
    }
    g_nodes += st.nodes, g_tried += st.tried;
    return st.sols;
}
#endif

/* Completions invariant under rot180 (k = 2) or rot90 (k = 4): queens placed k at a time. */
static unsigned long long sym_count(const grid *g, const uint16_t *m, const uint16_t *f, int k) {
    int a = -1;
    for (int i = 0; i < L; i++)
        if (!f[i]) {
            a = i;
            break;
        }
    if (a < 0)
        return 1;
    unsigned long long cnt = 0;
    for (uint16_t c = m[a]; c; c &= (uint16_t)(c - 1)) {
        int b = __builtin_ctz(c);
        uint16_t mm[L], ff[L];
        memcpy(mm, m, sizeof mm);
        memcpy(ff, f, sizeof ff);
        int ya = a, xb = b, ok = 1;
        for (int t = 0; t < k && ok; t++) {
            if (ff[ya] || !(mm[ya] >> xb & 1)) {
                /* the image is the cell itself (centre) only when already placed this step */
                ok = 0;
                break;
            }
            for (int i = 0; i < L; i++)
                mm[i] &= (uint16_t)~g->att[ya][xb][i];
            ff[ya] = 0xFFFF;
            int ny, nx;
            if (k == 2)
                ny = g->img180[ya][xb][0], nx = g->img180[ya][xb][1];
            else
                ny = g->img90[ya][xb][0], nx = g->img90[ya][xb][1];
            if (ny == a && nx == b)
                break; /* the orbit closed early (centre cell / rot180 pair) */
            ya = ny, xb = nx;
            if (ya < 0 || xb < 0)
                ok = 0;
        }
        if (ok)
            cnt += sym_count(g, mm, ff, k);
    }
    return cnt;
}

static int cmp_int(const void *a, const void *b) {
    return *(const int *)a - *(const int *)b;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: mrv16 NMIN NMAX\n");
        return 2;
    }
    const char *k = getenv("KERNEL");
    use_pbfs = k && !strcmp(k, "pbfs");
#ifdef __AVX2__
    g_forced = getenv("FORCED") != NULL;
#endif
#ifdef __AVX2__
    use_avx2 = k && !strcmp(k, "plain") ? 0
               : k && !strcmp(k, "v1")  ? 1
               : k && !strcmp(k, "v2")  ? 2
                                        : 3;
#else
    use_avx2 = 0;
    (void)k;
#endif
    oeis_row ref[40];
    oeis_load(ref, 40);
    int allok = 1;
    static grid g;
    size_t arena_cap = getenv("CAP") ? (size_t)atol(getenv("CAP")) : 16384;
    unsigned handover = getenv("HANDOVER") ? (unsigned)atoi(getenv("HANDOVER")) : 9;
    pnode *parena = aligned_alloc(64, arena_cap * sizeof(pnode));
#ifdef __AVX2__
    bnode *arena = aligned_alloc(64, arena_cap * sizeof(bnode));
#endif
    for (int n = atoi(argv[1]); n <= atoi(argv[2]); n++) {
        unsigned long long total = 0, o8 = 0, o4 = 0, o2 = 0, pre = 0;
        g_nodes = g_tried = 0;
        double t0 = cpu_seconds();
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                for (int kk = 0; kk < n; kk++)
                    for (int l = 0; l < n; l++) {
                        int qr[4], qc[4], q = 0;
                        if ((i == 0) != (kk == 0) || (i == n - 1) != (l == 0) ||
                            (j == 0) != (kk == n - 1) || (j == n - 1) != (l == n - 1))
                            continue;
                        int cr[4] = {0, n - 1, kk, l}, cc[4] = {i, j, 0, n - 1};
                        for (int t = 0; t < 4; t++) {
                            int dup = 0;
                            for (int u = 0; u < q; u++)
                                dup |= qr[u] == cr[t] && qc[u] == cc[t];
                            if (!dup)
                                qr[q] = cr[t], qc[q] = cc[t], q++;
                        }
                        int bad = 0;
                        for (int a = 0; a < q; a++)
                            for (int b = a + 1; b < q; b++)
                                bad |= qr[a] == qr[b] || qc[a] == qc[b] ||
                                       qr[a] - qc[a] == qr[b] - qc[b] ||
                                       qr[a] + qc[a] == qr[b] + qc[b];
                        if (bad)
                            continue;
                        int key0[4], key[4], stab = 1, canon = 1;
                        for (int a = 0; a < q; a++)
                            key0[a] = qr[a] * n + qc[a];
                        qsort(key0, (size_t)q, sizeof(int), cmp_int);
                        for (int s = 1; s < 8 && canon; s++) {
                            for (int a = 0; a < q; a++) {
                                int rr, c2;
                                sym_cell(n, s, qr[a], qc[a], &rr, &c2);
                                key[a] = rr * n + c2;
                            }
                            qsort(key, (size_t)q, sizeof(int), cmp_int);
                            int cmp = 0;
                            for (int a = 0; a < q && !cmp; a++)
                                cmp = key[a] < key0[a] ? -1 : key[a] > key0[a];
                            if (cmp < 0)
                                canon = 0;
                            stab += cmp == 0;
                        }
                        if (!canon)
                            continue;
                        pre++;
                        grid_build(&g, n, q, qr, qc);
                        unsigned long long N;
                        if (use_pbfs)
                            N = pbfs_count(&g, parena, arena_cap, handover);
                        else
#ifdef __AVX2__
                            N = use_avx2 == 3   ? bfs_count(&g, arena, arena_cap, handover)
                                : use_avx2 == 2 ? avx2v2_count(&g)
                                : use_avx2      ? avx2_count(&g)
                                                : plain_count(&g);
#else
                            N = plain_count(&g);
#endif
                        total += N * (unsigned long long)(8 / stab);
                        if (stab == 1)
                            o8 += N;
                        else {
                            unsigned long long F2 = sym_count(&g, g.m0, g.f0, 2);
                            unsigned long long F4 = stab == 4 ? sym_count(&g, g.m0, g.f0, 4) : 0;
                            if (stab == 2)
                                o8 += (N - F2) / 2, o4 += F2;
                            else
                                o8 += (N - F2) / 4, o4 += (F2 - F4) / 2, o2 += F4;
                        }
                    }
        double t = cpu_seconds() - t0;
        unsigned long long uniq = o8 + o4 + o2;
        int ok = n < 4 || (total == ref[n].total && uniq == ref[n].unique && o8 == ref[n].o8 &&
                           o4 == ref[n].o4 && o2 == ref[n].o2);
        allok &= ok;
        printf(
            "n=%2d total=%llu unique=%llu o8=%llu o4=%llu o2=%llu pre=%llu nodes=%llu tried=%llu "
            "nodes/unique=%.1f cpu=%.3f %s\n",
            n, total, uniq, o8, o4, o2, pre, g_nodes, g_tried,
            ref[n].unique ? (double)g_nodes / (double)ref[n].unique : 0.0, t,
            ok ? "OK" : "MISMATCH");
    }
    return !allok;
}
