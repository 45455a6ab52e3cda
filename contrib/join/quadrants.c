/*
 * contrib/join/quadrants.c: research prototype for issue 21: the total of n-queens counted by
 * joining half-boards built from quadrants, over the whole board (not per border subproblem as
 * the library's join method does). Not part of the library; see README.md for the design, the
 * figures and what integrating it would take.
 *
 * The board is cut between rows h - 1 and h (h = n / 2) and between columns h - 1 and h, into
 * four quadrants. Every solution puts h queens in the top rows; their columns C split into
 * A = C within the left columns and X = C within the right ones. For each column set C (one per
 * class under the symmetries that keep the row cut: left-right mirror, and for even n the
 * up-down flip, which maps C to its complement), the tops of C (placements of rows 0..h-1 on
 * the columns of C) are built by joining the placements of the top-left quadrant on the columns
 * A with those of the top-right quadrant on X, for every split of the top rows between them;
 * the bottoms on the complementary columns likewise from the two lower quadrants. Each quadrant's
 * placements (every row subset, every column subset) are listed once at the start. A top and a
 * bottom make a solution exactly when they share no diagonal and no anti-diagonal; only the
 * 2 (n - 1) diagonals that cross the row cut matter (a 64-bit signature per half), and the pairs
 * with signature AND == 0 are counted in bulk: the bottoms are grouped by K "hot" signature bits
 * (the diagonals through the middle of the cut: a top skips every group that shares one with it)
 * and bit-transposed in blocks of 256, each block's remaining bits cut into chunks of at most 8
 * (as few chunks as 8-bit ones would make, each as narrow as that allows) with a
 * table of the OR of every chunk value ("four Russians"), so that a top costs one table load
 * per chunk and one popcount per 256 bottoms.
 *
 * Usage: quadrants [NMIN [NMAX [THREADS [K]]]]  (NMIN default 12; 4 <= n <= 24, though the quadrant
 * lists take about 4 GiB at n = 22 and 40 GiB at n = 24; THREADS default 1; K 0..6, default 2
 * below n = 18 and 3 from there, the best measured at n = 16 and 18)
 * Prints per n the total, the work counts and the CPU and wall times, and checks the total
 * against the table named by $JOIN_COUNTS (tests/data/counts.txt), printing OK or WRONG.
 * Needs x86-64-v3 (BMI2 pext, AVX2 through GNU vector extensions): cc -O3 -march=native -fopenmp.
 */
#include <immintrin.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef uint64_t v4 __attribute__((vector_size(32))); /* 256 bottoms, one bit each */
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

static void buf_push(buf *b, uint64_t x) {
    if (b->count == b->cap) {
        b->cap = b->cap ? 2 * b->cap : 4096;
        b->v = realloc(b->v, b->cap * sizeof *b->v);
        if (!b->v)
            abort();
    }
    b->v[b->count++] = x;
}

/* The signatures of the placements of a half (the rows of ql and qr) on the columns lc of the
 * left quadrant and rc of the right one (local bits): bits 0..n-2 the diagonals h..h+n-2 (those a
 * queen of either half can reach), bits n-1..2n-3 the anti-diagonals h..h+n-2. *tests counts the
 * quadrant pairs tried. */
static void half_list(const quad *ql, const quad *qr, uint32_t lc, uint32_t rc, buf *out,
                      double *tests) {
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
        *tests += (double)(ae - a) * (double)(be - b);
        for (; a < ae; a++)
            for (const qp *c = b; c < be; c++)
                if (!((a->d & c->d) | (a->a & c->a)))
                    buf_push(out, ((a->d | c->d) >> h & w) | ((a->a | c->a) >> h & w) << (n - 1));
    }
}

/* ---- the pair counter ----------------------------------------------------------------------- */

typedef struct scratch {
    buf top, bottom;
    v4 *tr; /* transposed blocks: 64 rows of one v4 a block */
    size_t trcap;
    uint16_t *off; /* each top's chunk values, 8 a top */
    size_t offcap;
    v4 table[8][256];
    double pairs, tests, lookups;
} scratch;

#define POP(x)                                                                                     \
    (__builtin_popcountll((x)[0]) + __builtin_popcountll((x)[1]) + __builtin_popcountll((x)[2]) +  \
     __builtin_popcountll((x)[3]))

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
        blk0[g] = blocks, blocks += (cnt[g] + 255) / 256;
    blk0[groups] = blocks;
    if (blocks * 64 > s->trcap) {
        free(s->tr);
        s->trcap = 2 * blocks * 64;
        s->tr = aligned_alloc(64, s->trcap * sizeof *s->tr);
        if (!s->tr)
            abort();
    }
    memset(s->tr, 0, blocks * 64 * sizeof *s->tr);
    for (size_t j = 0; j < nb; j++) {
        int g = (int)_pext_u64(b[j], hk);
        size_t pos = fill[g]++, blk = blk0[g] + pos / 256;
        uint64_t *lane = (uint64_t *)&s->tr[blk * 64];
        for (uint64_t x = _pext_u64(b[j], rest); x; x &= x - 1)
            lane[__builtin_ctzll(x) * 4 + pos % 256 / 64] |= 1ull << (pos % 64);
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
            size_t valid = cnt[g] - (blk - blk0[g]) * 256;
            valid = valid > 256 ? 256 : valid;
            uint64_t conflicts = 0; /* padding lanes have no bit set: they never conflict */
            v4(*U)[256] = s->table;
            for (int p = 0; p < groups; p++) {
                if (p & g)
                    continue;
                const uint16_t *q = s->off + tc[p] * 8, *qe = s->off + tc[p + 1] * 8;
                switch (chunks) {
                case 1:
                    for (; q < qe; q += 8) {
                        v4 x = U[0][q[0]];
                        conflicts += POP(x);
                    }
                    break;
                case 2:
                    for (; q < qe; q += 8) {
                        v4 x = U[0][q[0]] | U[1][q[1]];
                        conflicts += POP(x);
                    }
                    break;
                case 3:
                    for (; q < qe; q += 8) {
                        v4 x = U[0][q[0]] | U[1][q[1]] | U[2][q[2]];
                        conflicts += POP(x);
                    }
                    break;
                case 4:
                    for (; q < qe; q += 8) {
                        v4 x = U[0][q[0]] | U[1][q[1]] | U[2][q[2]] | U[3][q[3]];
                        conflicts += POP(x);
                    }
                    break;
                case 5:
                    for (; q < qe; q += 8) {
                        v4 x = U[0][q[0]] | U[1][q[1]] | U[2][q[2]] | U[3][q[3]] | U[4][q[4]];
                        conflicts += POP(x);
                    }
                    break;
                default:
                    for (; q < qe; q += 8) {
                        v4 x = U[0][q[0]];
                        for (int c = 1; c < chunks; c++)
                            x |= U[c][q[c]];
                        conflicts += POP(x);
                    }
                }
            }
            s->lookups += (double)tops * chunks;
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

/* How many column sets the class of top columns c has, if c is the least of them; else 0. */
static int class_weight(uint32_t c) {
    uint32_t full = (1u << n) - 1, im[4] = {c, mirror(c), full & ~c, mirror(full & ~c)};
    int k = n % 2 ? 2 : 4, w = 0;
    for (int i = 0; i < k; i++) {
        if (im[i] < c)
            return 0;
        int dup = 0;
        for (int j = 0; j < i; j++)
            dup |= im[j] == im[i];
        w += !dup;
    }
    return w;
}

/* ---- the count ------------------------------------------------------------------------------ */

static u128 known_total(int m) {
    const char *path = getenv("JOIN_COUNTS");
    FILE *f = path ? fopen(path, "r") : NULL;
    char line[512];
    u128 t = 0;
    while (f && fgets(line, sizeof line, f)) {
        int k;
        char digits[64];
        if (line[0] == '#' || sscanf(line, "%d %63s", &k, digits) != 2 || k != m)
            continue;
        t = 0; /* the last line for m counts */
        for (char *p = digits; *p >= '0' && *p <= '9'; p++)
            t = t * 10 + (unsigned)(*p - '0');
    }
    if (f)
        fclose(f);
    return t;
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
    h = n / 2, nr = n - h;
    double c0 = cpu(), w0 = wall();
    quad q[4];
    quad_build(&q[0], 0, h, 0, h);   /* top-left */
    quad_build(&q[1], 0, h, h, nr);  /* top-right */
    quad_build(&q[2], h, nr, 0, h);  /* bottom-left */
    quad_build(&q[3], h, nr, h, nr); /* bottom-right */
    double cq = cpu() - c0;
    /* the hot bits: the diagonals and anti-diagonals through the middle of the cut */
    int mid = (n - 2) / 2, order[6] = {mid, n - 1 + mid, mid + 1, n + mid, mid - 1, n - 2 + mid};
    uint64_t hot = 0;
    int k = hot_bits >= 0 ? hot_bits : n >= 18 ? 3 : 2;
    for (int i = 0; i < k && i < 6; i++)
        hot |= 1ull << order[i];
    uint32_t left = (1u << h) - 1, right = (1u << nr) - 1;
    u128 total = 0;
    double pairs = 0, tests = 0, lookups = 0, halves = 0;
    size_t peak = 0;
#pragma omp parallel num_threads(threads) reduction(+ : pairs, tests, lookups, halves)
    {
        scratch *s = aligned_alloc(64, (sizeof(scratch) + 63) / 64 * 64);
        if (!s)
            abort();
        memset(s, 0, sizeof *s);
        u128 mine = 0;
#pragma omp for schedule(dynamic, 1)
        for (uint32_t c = 0; c < 1u << n; c++) { /* c: the top's columns */
            if (__builtin_popcount(c) != h)
                continue;
            int w = class_weight(c);
            if (!w)
                continue;
            uint32_t a = c & left, x = c >> h;
            half_list(&q[0], &q[1], a, x, &s->top, &s->tests);
            half_list(&q[2], &q[3], left & ~a, right & ~x, &s->bottom, &s->tests);
            halves += (double)(s->top.count + s->bottom.count);
            mine +=
                (u128)w * pairs_count(s, s->top.v, s->top.count, s->bottom.v, s->bottom.count, hot);
        }
#pragma omp critical
        {
            total += mine;
            size_t bytes = s->top.cap * 8 + s->bottom.cap * 8 + s->trcap * 32 + s->offcap * 2;
            peak = bytes > peak ? bytes : peak;
        }
        pairs += s->pairs, tests += s->tests, lookups += s->lookups;
        free(s->top.v), free(s->bottom.v), free(s->tr), free(s->off), free(s);
    }
    double cs = cpu() - c0, ws = wall() - w0;
    size_t qbytes = 0;
    for (int i = 0; i < 4; i++)
        qbytes += q[i].count * sizeof(qp) + ((size_t)1 << (q[i].rows + q[i].cols)) * 4,
            free(q[i].start), free(q[i].v);
    u128 want = known_total(n);
    char got[48], exp[48];
    u128_print(total, got);
    u128_print(want, exp);
    printf("n=%d total=%s threads=%d K=%d cpu=%.3f wall=%.3f quadrants_cpu=%.3f "
           "quadrant_placements=%zu halves=%.4g quadrant_pairs=%.4g pairs=%.4g "
           "lookups/pair=%.4f memory_MiB=%.1f %s\n",
           n, got, threads, k, cs, ws, cq, q[0].count + q[1].count + q[2].count + q[3].count,
           halves, tests, pairs, pairs ? lookups / pairs : 0.0,
           (double)(qbytes + peak * (size_t)threads) / 1048576.0,
           want == 0       ? "(no table)"
           : want == total ? "OK"
                           : "WRONG");
    fflush(stdout);
    return want == 0 || want == total ? 0 : 1;
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
