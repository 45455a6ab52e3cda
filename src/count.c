/*
 * count.c: the counting kernel: total and fundamental solutions in one pass.
 *
 * This first version is the plain reference: row-by-row bitboard backtracking below a prefix,
 * with a canonical check (is the solution the least of its 8 images?) at every solution.
 */
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
