/*
 * count.c: the counting kernel: the total and the fundamental solutions of the n-queens problem
 * in one pass over about one eighth of the backtracking tree.
 *
 * Method (the corner / edge split with bound rows of the Japanese N-Queens community's counters,
 * after Takaken's program; re-derived here, see the README). Every solution has at most one queen
 * in a corner, since any two corners share a row, a column or a diagonal.
 * - Corner solutions: every class has 8 members (no symmetry fixes a solution with a corner
 *   queen), and exactly two of them, S and its transpose, have the queen at (0, 0). If S has its
 *   row-1 queen in column b1 and its column-1 queen in row c, the transpose has them swapped, and
 *   b1 != c; so the search keeps only b1 < c by forbidding column 1 in rows 2..b1-1. Each
 *   solution found stands for 8.
 * - Edge solutions (no corner queen): the 8 images of a solution have as row-0 column one of
 *   the 8 values t, n-1-t, b, n-1-b, l, n-1-l, r, n-1-r (t, b: the columns of the top and bottom
 *   queens; l, r: the rows of the queens in columns 0 and n-1). The search keeps the images whose
 *   row-0 column b1 is the least of these values: no queen in columns 0 and n-1 in rows 1..b1-1
 *   and n-b1..n-1, the bottom queen in columns b1..n-1-b1. The rows above n-1-b1 = b2 cannot hold
 *   a side queen, so at row b2 a side column still free must be taken there (and two free side
 *   columns end the branch). A solution found is counted as the representative of its class
 *   when no other image that the search also finds is lexicographically smaller; such a tie
 *   needs a side queen in row b1 or b2 or the bottom queen in column b1 or b2, which one mask
 *   test at the leaf rules out for most solutions. The number of images equal to the solution
 *   gives its class size (8, 4 or 2).
 * The loop is iterative on 64-bit bitboards (one word per row for the columns, the diagonals
 * and the anti-diagonals), with no allocation. Before a row's candidates are tried, those that
 * would leave the next row without a free cell are removed with a few branch-free bit
 * operations, and the last two rows are finished without the stack.
 * Workload: whole counts of n = 10..20 in seconds to hours; each call runs one subproblem.
 */
#include <assert.h>
#include <string.h>

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

/* Image of (r, c) under sym, n x n board; see nq_symmetry. */
static void sym_cell(int n, int sym, int r, int c, int *rr, int *cc) {
    switch (sym) {
    case NQ_SYM_ROT90:
        *rr = c, *cc = n - 1 - r;
        break;
    case NQ_SYM_ROT180:
        *rr = n - 1 - r, *cc = n - 1 - c;
        break;
    case NQ_SYM_ROT270:
        *rr = n - 1 - c, *cc = r;
        break;
    case NQ_SYM_MIRROR:
        *rr = r, *cc = n - 1 - c;
        break;
    case NQ_SYM_FLIP:
        *rr = n - 1 - r, *cc = c;
        break;
    case NQ_SYM_TRANSPOSE:
        *rr = c, *cc = r;
        break;
    case NQ_SYM_ANTITRANSPOSE:
        *rr = n - 1 - c, *cc = n - 1 - r;
        break;
    default:
        *rr = r, *cc = c;
        break;
    }
}

/* Returns the class size (8, 4, 2, 1) if cols is the least of its images, 0 otherwise. */
static int plain_canonical(int n, const int *cols) {
    int img[NQ_MAX_N];
    int same = 1;
    for (int s = 1; s < NQ_SYMMETRIES; s++) {
        for (int r = 0; r < n; r++) {
            int rr, cc;
            sym_cell(n, s, r, cols[r], &rr, &cc);
            img[rr] = cc;
        }
        int cmp = 0;
        for (int r = 0; r < n && cmp == 0; r++)
            cmp = img[r] < cols[r] ? -1 : img[r] > cols[r] ? 1 : 0;
        if (cmp < 0)
            return 0;
        same += cmp == 0;
    }
    return 8 / same;
}

void count_plain(int n, const int *prefix, int k, nq_counts *out) {
    memset(out, 0, sizeof *out);
    uint64_t mask = n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
    uint64_t left[NQ_MAX_N + 1], down[NQ_MAX_N + 1], right[NQ_MAX_N + 1], avail[NQ_MAX_N + 1];
    int cols[NQ_MAX_N];
    uint64_t l = 0, d = 0, r = 0;
    for (int y = 0; y < k; y++) {
        if (prefix[y] < 0 || prefix[y] >= n)
            return;
        uint64_t bit = (uint64_t)1 << prefix[y];
        if ((l | d | r) & bit)
            return;
        cols[y] = prefix[y];
        l = (l | bit) << 1, d |= bit, r = (r | bit) >> 1;
    }
    if (k == n) {
        /* The prefix is itself a full solution. */
        int orbit = plain_canonical(n, cols);
        out->total = 1;
        out->unique = orbit != 0;
        out->orbit8 = orbit == 8, out->orbit4 = orbit == 4;
        out->orbit2 = orbit == 2, out->orbit1 = orbit == 1;
        return;
    }
    int y = k;
    left[y] = l, down[y] = d, right[y] = r;
    avail[y] = mask & ~(l | d | r);
    for (;;) {
        if (avail[y]) {
            uint64_t bit = avail[y] & (0 - avail[y]);
            avail[y] ^= bit;
            cols[y] = __builtin_ctzll(bit);
            out->nodes++;
            if (y + 1 == n) {
                int orbit = plain_canonical(n, cols);
                out->total++;
                if (orbit) {
                    out->unique++;
                    if (orbit == 8)
                        out->orbit8++;
                    else if (orbit == 4)
                        out->orbit4++;
                    else if (orbit == 2)
                        out->orbit2++;
                    else
                        out->orbit1++;
                }
                continue;
            }
            left[y + 1] = (left[y] | bit) << 1;
            down[y + 1] = down[y] | bit;
            right[y + 1] = (right[y] | bit) >> 1;
            y++;
            avail[y] = mask & ~(left[y] | down[y] | right[y]);
        } else {
            if (y == k)
                break;
            y--;
        }
    }
}

int count_task_valid(int n, int corner, int b1) {
    if (n < 4 || n > NQ_MAX_N)
        return 0;
    return corner ? b1 >= 2 && b1 <= n - 2 : b1 >= 1 && 2 * b1 < n - 1;
}

void count_task_init(count_task *t, int n, int corner, int b1) {
    assert(count_task_valid(n, corner, b1));
    t->n = n;
    t->corner = corner;
    t->b1 = b1;
    t->b2 = corner ? -1 : n - 1 - b1;
    t->mask = n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
    t->side = (uint64_t)1 | (uint64_t)1 << (n - 1);
    for (int y = 0; y < n; y++)
        t->rowmask[y] = t->mask;
    if (corner) {
        t->rowmask[0] = 1;
        t->rowmask[1] = (uint64_t)1 << b1;
        for (int y = 2; y < b1; y++)
            t->rowmask[y] &= ~(uint64_t)2;
    } else {
        t->rowmask[0] = (uint64_t)1 << b1;
        for (int y = 1; y < b1; y++)
            t->rowmask[y] &= ~t->side;
        /* Columns b1..b2 for the bottom queen. */
        t->rowmask[n - 1] = (t->mask >> b1) & ~(((uint64_t)1 << b1) - 1);
    }
}

/* The row-j column of image sym of the solution (cols, inv = its inverse). */
static int image_col(int n, int sym, const int *cols, const int *inv, int j) {
    switch (sym) {
    case NQ_SYM_ROT90:
        return n - 1 - inv[j];
    case NQ_SYM_ROT180:
        return n - 1 - cols[n - 1 - j];
    case NQ_SYM_ROT270:
        return inv[n - 1 - j];
    case NQ_SYM_MIRROR:
        return n - 1 - cols[j];
    case NQ_SYM_FLIP:
        return cols[n - 1 - j];
    case NQ_SYM_TRANSPOSE:
        return inv[j];
    case NQ_SYM_ANTITRANSPOSE:
        return n - 1 - inv[n - 1 - j];
    default:
        return cols[j];
    }
}

/* Class size of an edge solution (rows 0..n-2 in P, row n-1 in last) if it is the
 * representative of its class among the images the search finds, else 0. */
static int edge_orbit(const count_task *t, const uint64_t *P, uint64_t last) {
    int n = t->n, b1 = t->b1;
    int cols[NQ_MAX_N], inv[NQ_MAX_N];
    for (int y = 0; y < n - 1; y++)
        cols[y] = __builtin_ctzll(P[y]);
    cols[n - 1] = __builtin_ctzll(last);
    for (int y = 0; y < n; y++)
        inv[cols[y]] = y;
    int top[NQ_SYMMETRIES]; /* the row-0 column of each image */
    top[NQ_SYM_IDENTITY] = b1;
    top[NQ_SYM_ROT90] = n - 1 - inv[0];
    top[NQ_SYM_ROT180] = n - 1 - cols[n - 1];
    top[NQ_SYM_ROT270] = inv[n - 1];
    top[NQ_SYM_MIRROR] = n - 1 - b1;
    top[NQ_SYM_FLIP] = cols[n - 1];
    top[NQ_SYM_TRANSPOSE] = inv[0];
    top[NQ_SYM_ANTITRANSPOSE] = n - 1 - inv[n - 1];
    int same = 1;
    for (int sym = 1; sym < NQ_SYMMETRIES; sym++) {
        assert(top[sym] >= b1);
        if (top[sym] != b1)
            continue;
        int j = 1, c = 0;
        while (j < n && (c = image_col(n, sym, cols, inv, j)) == cols[j])
            j++;
        if (j == n)
            same++;
        else if (c < cols[j])
            return 0;
    }
    return 8 / same;
}

/* The search below a prefix; corner is a constant in each caller, so the compiler makes one
 * loop per kind of task. */
static inline __attribute__((always_inline)) void
task_run(const count_task *t, const int *prefix, int k, nq_counts *out, const int corner) {
    const int n = t->n, ylast = n - 2, b1 = t->b1, b2 = t->b2;
    const uint64_t side = t->side, last_mask = t->rowmask[n - 1];
    const uint64_t ties = corner ? 0 : (uint64_t)1 << b1 | (uint64_t)1 << b2;
    uint64_t SA[NQ_MAX_N], SL[NQ_MAX_N], SD[NQ_MAX_N], SR[NQ_MAX_N], P[NQ_MAX_N];
    uint64_t l = 0, d = 0, r = 0;
    assert(k >= (corner ? 2 : 1) && k <= n - 2);
    for (int y = 0; y < k; y++) {
        uint64_t bit = (uint64_t)1 << prefix[y];
        assert(count_task_avail(t, y, l, d, r) & bit);
        P[y] = bit;
        l = (l | bit) << 1, d |= bit, r = (r | bit) >> 1;
    }
    uint64_t nodes = 0, c8 = 0, c4 = 0, c2 = 0;
    int y = k;
    uint64_t a = count_task_avail(t, y, l, d, r);
    const uint64_t *rowmask = t->rowmask;
    for (;;) {
        if (!a) {
            if (y == k)
                break;
            y--;
            a = SA[y], l = SL[y], d = SD[y], r = SR[y];
            continue;
        }
        uint64_t bit = a & (0 - a);
        a ^= bit;
        P[y] = bit;
        nodes++;
        uint64_t nl = (l | bit) << 1, nd = d | bit, nr = (r | bit) >> 1;
        if (y == ylast) {
            uint64_t last = ~(nl | nd | nr) & last_mask;
            if (last) {
                nodes++;
                if (corner || !(((P[b1] | P[b2]) & side) | (last & ties))) {
                    c8++;
                } else {
                    int orbit = edge_orbit(t, P, last);
                    c8 += orbit == 8, c4 += orbit == 4, c2 += orbit == 2;
                }
            }
            continue;
        }
        SA[y] = a, SL[y] = l, SD[y] = d, SR[y] = r;
        y++;
        l = nl, d = nd, r = nr;
        a = ~(l | d | r) & rowmask[y];
        if (!corner && y == b2) {
            uint64_t free_side = side & ~d;
            a = free_side == side ? 0 : free_side ? a & free_side : a;
        }
        {
            /* One row of look-ahead, without branches: a child x leaves the next row empty when
             * that row's free cells `base` all lie in columns x-1..x+1, i.e. when x is in
             * [high(base) - 1, low(base) + 1]; such children are dropped before they are
             * visited (about a third of the nodes). */
            uint64_t base = ~(l << 1 | d | r >> 1) & rowmask[y + 1];
            uint64_t lbit = base & (0 - base);
            uint64_t hbit = (uint64_t)1 << (63 - __builtin_clzll(base | 1));
            uint64_t ge = ~(((hbit >> 1) | (hbit & 1)) - 1);
            uint64_t le = (lbit << 2) - 1;
            a &= ~(ge & le);
            if (y == ylast) {
                /* Every child x kept above completes the board: the last row's queen goes to
                 * the one free column that x leaves, base minus x's three cells. */
                uint64_t cnt = (uint64_t)__builtin_popcountll(a);
                nodes += 2 * cnt;
                if (corner) {
                    c8 += cnt;
                } else {
                    uint64_t tie = P[b1] & side;
                    if (b2 < ylast)
                        tie |= P[b2] & side;
                    while (a) {
                        uint64_t x = a & (0 - a);
                        a ^= x;
                        uint64_t last = base & ~(x << 1 | x | x >> 1);
                        if (!(tie | (last & ties) | (b2 == ylast ? x & side : 0))) {
                            c8++;
                            continue;
                        }
                        P[ylast] = x;
                        int orbit = edge_orbit(t, P, last);
                        c8 += orbit == 8, c4 += orbit == 4, c2 += orbit == 2;
                    }
                }
                a = 0;
            }
        }
    }
    memset(out, 0, sizeof *out);
    out->orbit8 = c8, out->orbit4 = c4, out->orbit2 = c2;
    out->unique = (nq_u128)c8 + c4 + c2;
    out->total = (nq_u128)c8 * 8 + (nq_u128)c4 * 4 + (nq_u128)c2 * 2;
    out->nodes = nodes;
}

static void task_run_corner(const count_task *t, const int *prefix, int k, nq_counts *out) {
    task_run(t, prefix, k, out, 1);
}

static void task_run_edge(const count_task *t, const int *prefix, int k, nq_counts *out) {
    task_run(t, prefix, k, out, 0);
}

void count_task_solve(const count_task *t, const int *prefix, int k, nq_counts *out) {
    if (t->corner)
        task_run_corner(t, prefix, k, out);
    else
        task_run_edge(t, prefix, k, out);
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
    for (uint64_t i = 0; i < size && rc == NQ_OK; i++) {
        nq_counts c;
        rc = nq_split_solve(s, i, &c);
        if (rc == NQ_OK)
            nq_counts_add(&sum, &c);
    }
    nq_split_free(s);
    if (rc == NQ_OK)
        *out = sum;
    return rc;
}
