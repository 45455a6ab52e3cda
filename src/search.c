/*
 * search.c: the solution iterator. Iterative backtracking (an explicit stack, no recursion) on
 * bitboards: one 64-bit mask each for the columns, diagonals and anti-diagonals attacked in the
 * current row, so choosing the next free column and descending a row take a few instructions.
 * Rows are filled top to bottom and columns tried left to right (lowest set bit first), so the
 * solutions come out in lexicographic order. Tuned for streaming listings (`solve`) and for the
 * first solution (`find --method first`); counting has its own kernel in count.c.
 *
 * The fundamental-only mode yields a solution iff it is the least of its 8 images under the
 * symmetries of the square, which is how a fundamental solution is printed (DESIGN.md).
 */
#include <stdlib.h>
#include <string.h>

#include "symmetry.h"

struct nq_search {
    int n;
    int k;                    /* rows fixed by the prefix, 0 <= k <= n */
    int row;                  /* the row being filled; < k once the search is exhausted */
    unsigned flags;           /* NQ_SEARCH_* */
    int prefix_pending;       /* k == n and the prefix itself is a solution not yet yielded */
    uint64_t full;            /* the n low bits */
    uint64_t nodes;           /* queens placed below the prefix */
    uint64_t avail[NQ_MAX_N]; /* columns of row r still to try */
    uint64_t col[NQ_MAX_N + 1], diag[NQ_MAX_N + 1], anti[NQ_MAX_N + 1]; /* attacks on row r */
    int cols[NQ_MAX_N];
    int scratch[NQ_MAX_N];
};

static int ctz64(uint64_t x) {
    return __builtin_ctzll(x);
}

int nq_search_new(int n, const int *prefix, int k, unsigned flags, nq_search **out) {
    if (n < 1 || n > NQ_MAX_N || k < 0 || k > n || (k > 0 && !prefix) || !out ||
        (flags & ~NQ_SEARCH_UNIQUE))
        return NQ_EINVAL;
    nq_search *s = calloc(1, sizeof *s);
    if (!s)
        return NQ_ENOMEM;
    s->n = n;
    s->k = k;
    s->flags = flags;
    s->full = n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
    int ok = 1;
    for (int r = 0; r < k && ok; r++) {
        int c = prefix[r];
        uint64_t bit = (c >= 0 && c < n) ? (uint64_t)1 << c : 0;
        if (!bit || ((s->col[r] | s->diag[r] | s->anti[r]) & bit)) {
            ok = 0;
            break;
        }
        s->cols[r] = c;
        s->col[r + 1] = s->col[r] | bit;
        s->diag[r + 1] = ((s->diag[r] | bit) << 1) & s->full;
        s->anti[r + 1] = (s->anti[r] | bit) >> 1;
    }
    if (!ok) {
        s->row = -1; /* an attacked prefix: nothing to yield */
    } else if (k == n) {
        s->prefix_pending = 1;
        s->row = -1;
    } else {
        s->row = k;
        s->avail[k] = s->full & ~(s->col[k] | s->diag[k] | s->anti[k]);
    }
    *out = s;
    return NQ_OK;
}

/* Advances the backtracking to the next full placement; returns 0 when exhausted. */
static int search_advance(nq_search *s) {
    const int last = s->n - 1;
    const uint64_t full = s->full;
    int row = s->row;
    while (row >= s->k) {
        uint64_t avail = s->avail[row];
        if (!avail) {
            row--;
            continue;
        }
        uint64_t bit = avail & (~avail + 1);
        s->avail[row] = avail ^ bit;
        s->cols[row] = ctz64(bit);
        s->nodes++;
        if (row == last) {
            s->row = row;
            return 1;
        }
        uint64_t col = s->col[row] | bit;
        uint64_t diag = ((s->diag[row] | bit) << 1) & full;
        uint64_t anti = (s->anti[row] | bit) >> 1;
        row++;
        s->col[row] = col;
        s->diag[row] = diag;
        s->anti[row] = anti;
        s->avail[row] = full & ~(col | diag | anti);
    }
    s->row = row;
    return 0;
}

int nq_search_next(nq_search *s, int *cols) {
    if (!s || !cols)
        return NQ_EINVAL;
    for (;;) {
        if (s->prefix_pending) {
            s->prefix_pending = 0;
        } else if (!search_advance(s)) {
            return NQ_DONE;
        }
        if ((s->flags & NQ_SEARCH_UNIQUE) && !sym_least_orbit(s->n, s->cols, s->scratch))
            continue;
        memcpy(cols, s->cols, (size_t)s->n * sizeof *cols);
        return NQ_OK;
    }
}

uint64_t nq_search_nodes(const nq_search *s) {
    return s ? s->nodes : 0;
}

void nq_search_free(nq_search *s) {
    free(s);
}

int nq_find_first(int n, int *cols, uint64_t *nodes) {
    if (n < 1 || n > NQ_MAX_N || !cols)
        return NQ_EINVAL;
    nq_search *s;
    int rc = nq_search_new(n, NULL, 0, 0, &s);
    if (rc != NQ_OK)
        return rc;
    rc = nq_search_next(s, cols);
    if (nodes)
        *nodes = nq_search_nodes(s);
    nq_search_free(s);
    return rc == NQ_DONE ? NQ_ENOSOL : rc;
}
