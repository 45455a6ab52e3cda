/*
 * ring.c: research prototype. Counts the n-queens solutions by pre-placing the queens of the
 * outer ring(s) of the board (the w outermost rows and columns on each side, Q27 style), keeping
 * one pre-placement per class under the 8 symmetries (weight 8/|stabilizer|), and counting the
 * completions of each by a plain row-by-row depth-first search that jumps the pre-placed rows.
 * Fundamental and orbit counts: for a pre-placement with a non-trivial stabilizer H, a solution
 * is counted when it is the least of its H-images (class size 8/|Stab(S)|); otherwise every
 * completion is one class of 8. Slow and generic on purpose: it measures node counts under
 * options (ring width, orientation of the search, look-ahead depth).
 * usage: ring W ORIENT LA NMIN NMAX    ORIENT: 0 canonical image, 1 oracle (fewest nodes of 8),
 *        2.. heuristics (see orient_pick)
 */
#include "common.h"

typedef struct {
    int n, w, la, orient;
    int nrows, rows[64];
    uint64_t rowmask[64];
    int cols[64];
    int H[8], nh; /* stabilizer elements other than the identity */
    unsigned long long nodes, sols, uniq, o[9];
    unsigned long long level[64];
    int count_only; /* 1: only nodes and sols (oracle trials) */
    int rootleft;
    int order[64], norder; /* static row order (modes 15..17) */
    int dynk;              /* mode 18: MRV for the first dynk levels */
} ctx;

static int cmp_int(const void *a, const void *b) {
    return *(const int *)a - *(const int *)b;
}

/* Is solution cols the least of its H-images? Returns |Stab(S)| or 0. */
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

static void dfs(ctx *c, int idx, uint64_t l, uint64_t d, uint64_t r) {
    int y = c->rows[idx];
    uint64_t a = ~(l | d | r) & c->rowmask[y];
    while (a) {
        uint64_t bit = a & -a;
        a ^= bit;
        c->cols[y] = __builtin_ctzll(bit);
        if (idx == c->nrows - 1) {
            c->nodes++;
            c->level[y]++;
            c->sols++;
            if (!c->count_only && c->w > 0) {
                int st = c->nh ? leaf_rep(c) : 1;
                if (st)
                    c->uniq++, c->o[8 / st]++;
            }
            continue;
        }
        int y2 = c->rows[idx + 1], dl = y2 - y;
        uint64_t l2 = (l | bit) << dl, r2 = (r | bit) >> dl, d2 = d | bit;
        if (c->la >= 1 && !(~(l2 | d2 | r2) & c->rowmask[y2]))
            continue;
        if (c->la >= 2 && idx + 2 < c->nrows) {
            int y3 = c->rows[idx + 2], d3 = y3 - y2;
            if (!(~(l2 << d3 | d2 | r2 >> d3) & c->rowmask[y3]))
                continue;
        }
        c->nodes++;
        c->level[y]++;
        dfs(c, idx + 1, l2, d2, r2);
    }
    c->cols[y] = -1;
}

/* Interior searches with absolute masks (A bit r+c, D bit c-r+n-1, E bit r-c+n-1: D reversed,
 * for columns). la = 9: the free line (row or column) with the fewest free cells is branched on
 * (MRV), a line with none ends the branch (forward checking on every line); 10: rows top-down,
 * forward checking on every row and column; 11: rows top-down, forward checking on rows only;
 * 12: MRV among rows only, forward checking on every line. */
static void mrv(ctx *c, uint64_t R, uint64_t C, uint64_t A, uint64_t D, uint64_t E, int left) {
    int n = c->n, mode = c->la;
    uint64_t full = (1ull << n) - 1;
    if (!left) {
        c->nodes++;
        c->sols++;
        if (!c->count_only) {
            int st = c->nh ? leaf_rep(c) : 1;
            if (st)
                c->uniq++, c->o[8 / st]++;
        }
        return;
    }
    int best = 99, isrow = 0, line = -1;
    uint64_t bestm = 0, u1 = 0, u2 = 0;
    uint64_t rowm[64];
    int first = -1, two = -1, one = -1;
    for (uint64_t fr = ~R & full; fr; fr &= fr - 1) {
        int y = __builtin_ctzll(fr);
        uint64_t m = ~C & ~(A >> y) & ~(D >> (n - 1 - y)) & full;
        rowm[y] = m;
        if (!m)
            return;
        u2 |= u1 & m, u1 |= m;
        if (first < 0)
            first = y;
        int k = __builtin_popcountll(m);
        if (k == 1 && one < 0)
            one = y;
        if (k == 2 && two < 0)
            two = y;
        if (mode == 9 || mode == 12 || (mode == 18 && c->rootleft - left < c->dynk)) {
            if (k < best)
                best = k, isrow = 1, line = y, bestm = m;
        }
    }
    uint64_t fc = ~C & full;
    if (mode != 11 && (u1 & fc) != fc)
        return;
    if (mode == 10 || mode == 11)
        isrow = 1, line = first, bestm = rowm[first];
    if (mode == 9) {
        for (uint64_t f = fc; f; f &= f - 1) {
            int x = __builtin_ctzll(f);
            uint64_t m = ~R & ~(A >> x) & ~(E >> (n - 1 - x)) & full;
            int k = __builtin_popcountll(m);
            if (k < best)
                best = k, isrow = 0, line = x, bestm = m;
        }
    }
    if (mode >= 15 && !(mode == 18 && c->rootleft - left < c->dynk)) {
        for (int i = 0; i < c->norder; i++)
            if (!(R >> c->order[i] & 1)) {
                isrow = 1, line = c->order[i], bestm = rowm[line];
                break;
            }
    } else if (mode == 13 || mode == 14) {
        uint64_t forcedcol = fc & u1 & ~u2;
        if (one >= 0)
            isrow = 1, line = one, bestm = rowm[one];
        else if (forcedcol) {
            isrow = 0, line = __builtin_ctzll(forcedcol), bestm = 0;
            for (uint64_t fr = ~R & full; fr; fr &= fr - 1) {
                int y = __builtin_ctzll(fr);
                if (rowm[y] >> line & 1)
                    bestm |= 1ull << y;
            }
        } else if (mode >= 14 && two >= 0)
            isrow = 1, line = two, bestm = rowm[two];
        else
            isrow = 1, line = first, bestm = rowm[first];
    }
    /* This node survived the checks: count the placement that led here (not the root). */
    if (left < c->rootleft)
        c->nodes++;
    for (uint64_t m = bestm; m; m &= m - 1) {
        int v = __builtin_ctzll(m), r = isrow ? line : v, cc = isrow ? v : line;
        c->cols[r] = cc;
        mrv(c, R | 1ull << r, C | 1ull << cc, A | 1ull << (r + cc), D | 1ull << (cc - r + n - 1),
            E | 1ull << (r - cc + n - 1), left - 1);
        c->cols[r] = -1;
    }
}

/* Sets up the interior search for the pre-placed queens (qr[i], qc[i]). */
static void setup(ctx *c, int q, const int *qr, const int *qc) {
    int n = c->n;
    uint64_t full = n == 64 ? ~0ull : (1ull << n) - 1, colmask = full;
    int rowused[64] = {0};
    for (int y = 0; y < n; y++)
        c->cols[y] = -1;
    for (int i = 0; i < q; i++) {
        rowused[qr[i]] = 1;
        colmask &= ~(1ull << qc[i]);
        c->cols[qr[i]] = qc[i];
    }
    c->nrows = 0;
    for (int y = 0; y < n; y++) {
        uint64_t m = colmask;
        for (int i = 0; i < q; i++) {
            int dist = y > qr[i] ? y - qr[i] : qr[i] - y;
            if (qc[i] - dist >= 0)
                m &= ~(1ull << (qc[i] - dist));
            if (qc[i] + dist < n)
                m &= ~(1ull << (qc[i] + dist));
        }
        c->rowmask[y] = m;
        if (!rowused[y])
            c->rows[c->nrows++] = y;
    }
}

static void stabilizer(ctx *c, int q, const int *qr, const int *qc) {
    int n = c->n, key0[16], key[16];
    for (int i = 0; i < q; i++)
        key0[i] = qr[i] * n + qc[i];
    qsort(key0, (size_t)q, sizeof(int), cmp_int);
    c->nh = 0;
    for (int s = 1; s < 8; s++) {
        for (int i = 0; i < q; i++) {
            int rr, cc;
            sym_cell(n, s, qr[i], qc[i], &rr, &cc);
            key[i] = rr * n + cc;
        }
        qsort(key, (size_t)q, sizeof(int), cmp_int);
        if (!memcmp(key, key0, sizeof(int) * (size_t)q))
            c->H[c->nh++] = s;
    }
}

/* Runs the interior search of the pre-placement as oriented by symmetry s. */
static void run_oriented(ctx *c, int q, const int *qr, const int *qc, int s) {
    int rr[16], cc[16];
    for (int i = 0; i < q; i++)
        sym_cell(c->n, s, qr[i], qc[i], &rr[i], &cc[i]);
    setup(c, q, rr, cc);
    stabilizer(c, q, rr, cc);
    if (c->nrows == 0) {
        /* Fully pre-placed (tiny n). */
        c->sols++;
        if (!c->count_only) {
            int st = c->nh ? leaf_rep(c) : 1;
            if (st)
                c->uniq++, c->o[8 / st]++;
        }
        return;
    }
    if (c->la >= 9) {
        int n = c->n;
        uint64_t R = 0, C = 0, A = 0, D = 0, E = 0;
        for (int i = 0; i < q; i++) {
            R |= 1ull << rr[i], C |= 1ull << cc[i], A |= 1ull << (rr[i] + cc[i]);
            D |= 1ull << (cc[i] - rr[i] + n - 1), E |= 1ull << (rr[i] - cc[i] + n - 1);
        }
        c->rootleft = n - q;
        if (c->la >= 15) {
            /* Static orders: 15 by free cells at the root, 16 outside-in, 17 inside-out, 18: MRV
             * for dynk levels then by free cells at the root. */
            int k = 0;
            for (int y = 0; y < n; y++)
                if (!(R >> y & 1))
                    c->order[k++] = y;
            c->norder = k;
            int key[64];
            for (int i = 0; i < k; i++) {
                int y = c->order[i];
                int edge = y < n - 1 - y ? y : n - 1 - y;
                if (c->la == 15 || c->la == 18)
                    key[i] = __builtin_popcountll(c->rowmask[y]) * 64 + edge;
                else if (c->la == 16)
                    key[i] = edge * 2 + (y > n - 1 - y);
                else
                    key[i] = -edge * 2 + (y > n - 1 - y);
            }
            for (int i = 1; i < k; i++)
                for (int j = i; j > 0 && key[j] < key[j - 1]; j--) {
                    int t = key[j];
                    key[j] = key[j - 1];
                    key[j - 1] = t;
                    t = c->order[j];
                    c->order[j] = c->order[j - 1];
                    c->order[j - 1] = t;
                }
        }
        mrv(c, R, C, A, D, E, n - q);
        return;
    }
    dfs(c, 0, 0, 0, 0);
}

static unsigned long long g_total, g_uniq, g_o[9], g_nodes, g_pre, g_level[64];

/* Heuristic orientation: the image whose interior search looks cheapest by a proxy. */
static int orient_pick(ctx *base, int q, const int *qr, const int *qc) {
    if (base->orient == 0)
        return 0;
    int best = 0;
    unsigned long long bestv = ~0ull;
    for (int s = 0; s < 8; s++) {
        ctx t = *base;
        t.count_only = 1;
        t.nodes = t.sols = 0;
        unsigned long long v;
        if (base->orient == 1) {
            run_oriented(&t, q, qr, qc, s);
            v = t.nodes;
        } else {
            int rr[16], cc[16];
            for (int i = 0; i < q; i++)
                sym_cell(t.n, s, qr[i], qc[i], &rr[i], &cc[i]);
            setup(&t, q, rr, cc);
            if (base->orient == 2) {
                /* Fewest free cells in the first interior rows (weighted). */
                v = 0;
                for (int i = 0; i < t.nrows && i < 4; i++)
                    v = v * 64 + (unsigned)__builtin_popcountll(t.rowmask[t.rows[i]]);
            } else if (base->orient == 3) {
                /* Product of the free cells of the first 3 interior rows. */
                v = 1;
                for (int i = 0; i < t.nrows && i < 3; i++)
                    v *= (unsigned)__builtin_popcountll(t.rowmask[t.rows[i]]);
            } else {
                /* Nodes of the first K interior rows (a shallow search). */
                int K = base->orient - 3;
                int save = t.nrows;
                t.nrows = K < save ? K : save;
                t.la = 1;
                t.nodes = 0;
                dfs(&t, 0, 0, 0, 0);
                v = t.nodes;
                t.nrows = save;
            }
        }
        if (v < bestv)
            bestv = v, best = s;
    }
    return best;
}

static void process(ctx *base, int q, const int *qr, const int *qc) {
    int n = base->n;
    /* Canonical among the 8 images? */
    int key0[16], key[16];
    for (int i = 0; i < q; i++)
        key0[i] = qr[i] * n + qc[i];
    qsort(key0, (size_t)q, sizeof(int), cmp_int);
    int stab = 1;
    for (int s = 1; s < 8; s++) {
        for (int i = 0; i < q; i++) {
            int rr, cc;
            sym_cell(n, s, qr[i], qc[i], &rr, &cc);
            key[i] = rr * n + cc;
        }
        qsort(key, (size_t)q, sizeof(int), cmp_int);
        int cmp = memcmp(key, key0, sizeof(int) * (size_t)q);
        for (int i = 0; i < q; i++)
            if (key[i] != key0[i]) {
                cmp = key[i] < key0[i] ? -1 : 1;
                break;
            }
        if (cmp < 0)
            return;
        stab += cmp == 0;
    }
    g_pre++;
    int s = orient_pick(base, q, qr, qc);
    ctx c = *base;
    c.nodes = c.sols = c.uniq = 0;
    memset(c.o, 0, sizeof c.o);
    memset(c.level, 0, sizeof c.level);
    run_oriented(&c, q, qr, qc, s);
    g_total += c.sols * (unsigned long long)(8 / stab);
    g_uniq += c.uniq;
    for (int k = 0; k < 9; k++)
        g_o[k] += c.o[k];
    g_nodes += c.nodes;
    for (int y = 0; y < n; y++)
        g_level[y] += c.level[y];
}

/* Enumerates the pre-placements of the ring of width w: one queen on each of its 4w lines. */
static int R_n, R_w, R_q, R_qr[16], R_qc[16];
static uint64_t R_rows, R_cols;
static ctx *R_base;

static int attacks(int r, int c) {
    for (int i = 0; i < R_q; i++)
        if (R_qr[i] == r || R_qc[i] == c || R_qr[i] - R_qc[i] == r - c ||
            R_qr[i] + R_qc[i] == r + c)
            return 1;
    return 0;
}

static void ring_rec(int t) {
    int n = R_n, w = R_w;
    if (t == 4 * w) {
        process(R_base, R_q, R_qr, R_qc);
        return;
    }
    int isrow = t < 2 * w, u = t % (2 * w), line = u < w ? u : n - 2 * w + u;
    if (isrow ? (R_rows >> line & 1) : (R_cols >> line & 1)) {
        ring_rec(t + 1);
        return;
    }
    for (int x = 0; x < n; x++) {
        int r = isrow ? line : x, c = isrow ? x : line;
        if ((R_rows >> r & 1) || (R_cols >> c & 1) || attacks(r, c))
            continue;
        R_qr[R_q] = r, R_qc[R_q] = c, R_q++;
        R_rows |= 1ull << r, R_cols |= 1ull << c;
        ring_rec(t + 1);
        R_q--;
        R_rows &= ~(1ull << r), R_cols &= ~(1ull << c);
    }
}

int main(int argc, char **argv) {
    if (argc < 6) {
        fprintf(stderr, "usage: ring W ORIENT LA NMIN NMAX\n");
        return 2;
    }
    int w = atoi(argv[1]), orient = atoi(argv[2]), la = atoi(argv[3]);
    int nmin = atoi(argv[4]), nmax = atoi(argv[5]);
    oeis_row ref[40];
    oeis_load(ref, 40);
    int bad = 0;
    for (int n = nmin; n <= nmax; n++) {
        ctx base;
        memset(&base, 0, sizeof base);
        base.n = n, base.w = w, base.la = la, base.orient = orient;
        base.dynk = getenv("DYNK") ? atoi(getenv("DYNK")) : 3;
        g_total = g_uniq = g_nodes = g_pre = 0;
        memset(g_o, 0, sizeof g_o);
        memset(g_level, 0, sizeof g_level);
        double t0 = cpu_seconds();
        if (w == 0) {
            setup(&base, 0, NULL, NULL);
            dfs(&base, 0, 0, 0, 0);
            g_total = base.sols, g_nodes = base.nodes;
            memcpy(g_level, base.level, sizeof g_level);
        } else {
            R_n = n, R_w = w, R_q = 0, R_rows = R_cols = 0, R_base = &base;
            ring_rec(0);
        }
        double t = cpu_seconds() - t0;
        int ok =
            g_total == ref[n].total && (w == 0 || (g_uniq == ref[n].unique && g_o[8] == ref[n].o8 &&
                                                   g_o[4] == ref[n].o4 && g_o[2] == ref[n].o2));
        if (n < 4)
            ok = 1; /* the ring needs n >= 2w + 2 */
        bad += !ok;
        printf("n=%2d total=%llu unique=%llu o8=%llu o4=%llu o2=%llu pre=%llu nodes=%llu "
               "nodes/unique=%.1f cpu=%.3f %s\n",
               n, g_total, g_uniq, g_o[8], g_o[4], g_o[2], g_pre, g_nodes,
               ref[n].unique ? (double)g_nodes / (double)ref[n].unique : 0.0, t,
               ok ? "OK" : "MISMATCH");
        if (getenv("LEVELS")) {
            printf("   levels:");
            for (int y = 0; y < n; y++)
                printf(" %llu", g_level[y]);
            printf("\n");
        }
    }
    return bad != 0;
}
