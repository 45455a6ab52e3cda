/*
 * order.c: research prototype. Border pre-placement (ring.c, width 1: the queens of rows 0 and
 * n-1 and columns 0 and n-1, one per class under the 8 symmetries) followed by an interior
 * search whose row ORDER and look-ahead CHECK are options, on absolute masks (A bit r+c,
 * D bit c-r+n-1) so that rows can be taken in any order.
 *   ORDER: 0 top-down, 1 outside-in, 2 inside-out (middle row first, then alternating below and
 *          above), 3 inside-out one side first (middle down to the bottom, then up), 4 MRV among
 *          rows (fewest free cells first), 5 by free cells at the root
 *   CHECK: 0 none, 1 the next row of the order, 2 the next two rows, 3 every remaining row,
 *          4 every remaining row and column
 * Nodes: queens placed that pass the check (as the library counts them).
 * usage: order ORDER CHECK NMIN NMAX
 */
#include "common.h"

typedef struct {
    int n, order_kind, check;
    uint64_t full, rowmask[64];
    int order[64], nfree; /* the rows to fill, in static order */
    int cols[64];
    int H[8], nh;
    unsigned long long nodes, sols, uniq, o[9], tried, lev[64], levt[64];
} ctx;

static int leaf_rep(ctx *c) {
    int n = c->n, img[64], stab = 1;
    for (int h = 0; h < c->nh; h++) {
        for (int r = 0; r < n; r++) {
            int rr, cc;
            sym_cell(n, c->H[h], r, c->cols[r], &rr, &cc);
            img[rr] = cc;
        }
        int cmp = 0;
        for (int r = 0; r < n && !cmp; r++)
            cmp = img[r] < c->cols[r] ? -1 : img[r] > c->cols[r];
        if (cmp < 0)
            return 0;
        stab += cmp == 0;
    }
    return stab;
}

static inline uint64_t avail(const ctx *c, int y, uint64_t C, uint64_t A, uint64_t D) {
    return ~(C | A >> y | D >> (c->n - 1 - y)) & c->rowmask[y];
}

/* depth: index into order of the row to fill (static orders); R: rows filled. */
static void search(ctx *c, int depth, uint64_t R, uint64_t C, uint64_t A, uint64_t D) {
    int n = c->n;
    if (depth == c->nfree) {
        c->sols++;
        int st = c->nh ? leaf_rep(c) : 1;
        if (st)
            c->uniq++, c->o[8 / st]++;
        return;
    }
    int y;
    uint64_t a;
    if (c->order_kind == 4 || c->order_kind >= 6) {
        int best = 1 << 30;
        y = -1, a = 0;
        uint64_t u1 = 0, u2 = 0;
        for (int i = 0; i < c->nfree; i++) {
            int yy = c->order[i];
            if (R >> yy & 1)
                continue;
            uint64_t m = avail(c, yy, C, A, D);
            u2 |= u1 & m, u1 |= m;
            int edge = yy < n - 1 - yy ? yy : n - 1 - yy;
            int pc = __builtin_popcountll(m);
            if (getenv("CAPK") && pc > atoi(getenv("CAPK")))
                pc = atoi(getenv("CAPK"));
            int k = pc * 64;
            if (c->order_kind == 7 || c->order_kind == 9)
                k += 32 - edge; /* ties: the most central row */
            if (c->order_kind == 8)
                k += edge; /* ties: the outermost row */
            if (k < best)
                best = k, y = yy, a = m;
        }
        uint64_t forced = u1 & ~u2 & ~C & c->full;
        if ((c->order_kind == 6 || c->order_kind == 9) && forced && best >= 2 * 64) {
            /* A column with one free cell: place it (its row) instead. */
            int x = __builtin_ctzll(forced);
            for (int i = 0; i < c->nfree; i++) {
                int yy = c->order[i];
                if (R >> yy & 1)
                    continue;
                if (avail(c, yy, C, A, D) >> x & 1) {
                    y = yy, a = 1ull << x;
                    break;
                }
            }
        }
    } else {
        y = c->order[depth];
        a = avail(c, y, C, A, D);
    }
    while (a) {
        uint64_t bit = a & -a;
        a ^= bit;
        int x = __builtin_ctzll(bit);
        uint64_t R2 = R | 1ull << y, C2 = C | bit, A2 = A | 1ull << (y + x),
                 D2 = D | 1ull << (x - y + n - 1);
        int ok = 1;
        c->tried++;
        c->levt[c->nfree - depth]++;
        if (depth + 1 < c->nfree) {
            if (c->check == 1 || c->check == 2) {
                int lim = depth + c->check < c->nfree ? depth + c->check : c->nfree - 1;
                if (c->order_kind == 4 || c->order_kind >= 6) {
                    /* Dynamic order: the check is on every row. */
                    lim = c->nfree - 1;
                }
                for (int i = depth + 1; i <= lim && ok; i++) {
                    int yy = c->order[i];
                    if ((c->order_kind == 4 || c->order_kind >= 6) && (R2 >> yy & 1))
                        continue;
                    if (!avail(c, yy, C2, A2, D2))
                        ok = 0;
                }
            } else if (c->check >= 3) {
                uint64_t uni = 0;
                for (int i = 0; i < c->nfree && ok; i++) {
                    int yy = c->order[i];
                    if (R2 >> yy & 1)
                        continue;
                    uint64_t m = avail(c, yy, C2, A2, D2);
                    if (!m)
                        ok = 0;
                    uni |= m;
                }
                if (ok && c->check == 4 && (uni & ~C2 & c->full) != (~C2 & c->full))
                    ok = 0;
            }
        }
        if (!ok)
            continue;
        c->nodes++;
        c->lev[c->nfree - depth]++;
        c->cols[y] = x;
        search(c, depth + 1, R2, C2, A2, D2);
        c->cols[y] = -1;
    }
}

static int cmp_int(const void *a, const void *b) {
    return *(const int *)a - *(const int *)b;
}

static unsigned long long g_lev[64], g_levt[64];
static unsigned long long g_total, g_uniq, g_o[9], g_nodes, g_pre, g_tried;

static void run(ctx *base, int q, const int *qr, const int *qc, int stab) {
    ctx c = *base;
    int n = c.n;
    c.nodes = c.sols = c.uniq = c.tried = 0;
    memset(c.o, 0, sizeof c.o);
    memset(c.lev, 0, sizeof c.lev);
    memset(c.levt, 0, sizeof c.levt);
    uint64_t colmask = c.full, R = 0;
    for (int y = 0; y < n; y++)
        c.cols[y] = -1;
    for (int i = 0; i < q; i++) {
        R |= 1ull << qr[i];
        colmask &= ~(1ull << qc[i]);
        c.cols[qr[i]] = qc[i];
    }
    for (int y = 0; y < n; y++) {
        uint64_t m = colmask;
        for (int i = 0; i < q; i++) {
            int dist = y > qr[i] ? y - qr[i] : qr[i] - y;
            if (qc[i] - dist >= 0)
                m &= ~(1ull << (qc[i] - dist));
            if (qc[i] + dist < n)
                m &= ~(1ull << (qc[i] + dist));
        }
        c.rowmask[y] = m;
    }
    /* The stabilizer. */
    int key0[8], key[8];
    for (int i = 0; i < q; i++)
        key0[i] = qr[i] * n + qc[i];
    qsort(key0, (size_t)q, sizeof(int), cmp_int);
    c.nh = 0;
    for (int s = 1; s < 8; s++) {
        for (int i = 0; i < q; i++) {
            int rr, cc;
            sym_cell(n, s, qr[i], qc[i], &rr, &cc);
            key[i] = rr * n + cc;
        }
        qsort(key, (size_t)q, sizeof(int), cmp_int);
        if (!memcmp(key, key0, sizeof(int) * (size_t)q))
            c.H[c.nh++] = s;
    }
    /* The static order of the free rows. */
    int k = 0, keyv[64];
    for (int y = 0; y < n; y++)
        if (!(R >> y & 1))
            c.order[k++] = y;
    c.nfree = k;
    for (int i = 0; i < k; i++) {
        int y = c.order[i], edge = y < n - 1 - y ? y : n - 1 - y;
        switch (c.order_kind) {
        case 1:
            keyv[i] = edge * 2 + (y > n - 1 - y);
            break;
        case 2:
            keyv[i] = -edge * 2 + (y > n - 1 - y);
            break;
        case 3:
            keyv[i] = y >= n / 2 ? y - n / 2 : n + (n / 2 - y);
            break;
        case 5:
            keyv[i] = __builtin_popcountll(c.rowmask[y]) * 64 - edge;
            break;
        default:
            keyv[i] = y;
        }
    }
    for (int i = 1; i < k; i++)
        for (int j = i; j > 0 && keyv[j] < keyv[j - 1]; j--) {
            int t = keyv[j];
            keyv[j] = keyv[j - 1];
            keyv[j - 1] = t;
            t = c.order[j];
            c.order[j] = c.order[j - 1];
            c.order[j - 1] = t;
        }
    search(&c, 0, R, ~colmask & c.full, 0, 0);
    g_total += c.sols * (unsigned long long)(8 / stab);
    g_uniq += c.uniq;
    for (int i = 0; i < 9; i++)
        g_o[i] += c.o[i];
    g_nodes += c.nodes;
    g_tried += c.tried;
    for (int i = 0; i < 64; i++)
        g_lev[i] += c.lev[i], g_levt[i] += c.levt[i];
    g_pre++;
}

/* Border pre-placements, one per class: queens of rows 0, n-1 and columns 0, n-1. */
static void border(ctx *base) {
    int n = base->n;
    for (int i = 0; i < n; i++)               /* row 0 */
        for (int j = 0; j < n; j++)           /* row n-1 */
            for (int k = 0; k < n; k++)       /* column 0 */
                for (int l = 0; l < n; l++) { /* column n-1 */
                    int qr[4], qc[4], q = 0;
                    /* Corners cover two lines: they must agree. */
                    if ((i == 0) != (k == 0) || (i == n - 1) != (l == 0) ||
                        (j == 0) != (k == n - 1) || (j == n - 1) != (l == n - 1))
                        continue;
                    int cr[4] = {0, n - 1, k, l}, cc[4] = {i, j, 0, n - 1};
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
                                   qr[a] - qc[a] == qr[b] - qc[b] || qr[a] + qc[a] == qr[b] + qc[b];
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
                    if (canon)
                        run(base, q, qr, qc, stab);
                }
}

int main(int argc, char **argv) {
    if (argc < 5) {
        fprintf(stderr, "usage: order ORDER CHECK NMIN NMAX\n");
        return 2;
    }
    int ok_all = 1;
    oeis_row ref[40];
    oeis_load(ref, 40);
    for (int n = atoi(argv[3]); n <= atoi(argv[4]); n++) {
        ctx base;
        memset(&base, 0, sizeof base);
        base.n = n, base.order_kind = atoi(argv[1]), base.check = atoi(argv[2]);
        base.full = (1ull << n) - 1;
        g_total = g_uniq = g_nodes = g_pre = g_tried = 0;
        memset(g_o, 0, sizeof g_o);
        double t0 = cpu_seconds();
        border(&base);
        double t = cpu_seconds() - t0;
        int ok = g_total == ref[n].total && g_uniq == ref[n].unique && g_o[8] == ref[n].o8 &&
                 g_o[4] == ref[n].o4 && g_o[2] == ref[n].o2;
        ok_all &= ok;
        printf("n=%2d total=%llu unique=%llu pre=%llu nodes=%llu tried=%llu nodes/unique=%.1f "
               "cpu=%.3f %s\n",
               n, g_total, g_uniq, g_pre, g_nodes, g_tried,
               ref[n].unique ? (double)g_nodes / (double)ref[n].unique : 0.0, t,
               ok ? "OK" : "MISMATCH");
        if (getenv("LEVELS")) {
            printf("  by queens left (incl. this one): nodes / tried\n");
            for (int i = n; i >= 1; i--)
                if (g_levt[i])
                    printf("  %2d %12llu %12llu\n", i, g_lev[i], g_levt[i]);
            memset(g_lev, 0, sizeof g_lev);
            memset(g_levt, 0, sizeof g_levt);
        }
    }
    return !ok_all;
}
