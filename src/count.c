/*
 * count.c: the counting kernel: the number of ways to complete a board on which some queens are
 * placed (the subproblems of split.c: the queens of the border rows and columns, one placement
 * per symmetry class, and a few more), with the nodes of the search. The scratch memory is the
 * caller's (one per thread, kept by parallel.c from one subproblem to the next).
 *
 * Method (after the Q27 project's border pre-placement and Knuth's "most constrained item
 * first" rule for exact cover; measured in contrib/nodes/README.md). Every line, row or column,
 * must get exactly one queen. The search keeps, for each free row, the cells its queen may still
 * take, branches on the free row with the fewest of them (MRV: a row with one cell is a forced
 * move, a row with none a dead end found at once), and drops every child that leaves some free
 * row or some free column without a free cell (forward checking on all lines, not just on the
 * next row). Ties go to the row nearest the middle of the board. Against a row-by-row search
 * with a one-row look-ahead this visits about 4 times fewer nodes at n = 16..17, and fewer per
 * solution as n grows (21.5 nodes per fundamental solution at n = 17 against 94).
 *
 * Representation. Once at most 16 queens are left, the free rows and columns are renumbered into
 * a grid of 16 row lanes and 16 column lanes of 16 bits, and each cell gets the mask of the cells
 * it takes away (count_kernel.h): placing a queen is one AND-NOT on 512 bits, and forward
 * checking a count of zero lanes, whatever the rows and the diagonals involved. Above 16 queens
 * left a plain depth-first search on board masks does the first levels (only counts of n >= 21
 * need it).
 *
 * The grid is searched depth-first down to 10 queens left, then breadth-first: a pass over an
 * array of nodes takes one candidate of each node, writes the child at the end of the next level
 * (counted there when it is live) and keeps the node while it has candidates left. Every step of
 * a pass is the same branch-free sequence over independent nodes, which the processor overlaps;
 * a depth-first search waits at every node on the one before it and mispredicts the branches of
 * a dead end. Children with one queen left are solutions when live and are only counted.
 *
 * Kernels: this file builds the grid and hands it to the kernel that the scratch memory names,
 * one of kernel.c's table: count_generic.c (GNU C vector extensions, everywhere), count_avx2.c
 * and count_avx512.c (their instruction sets, chosen at run time). They run the same search and
 * give the same counts and the same nodes. Without scratch memory the depth-first search on
 * board states does everything (slowly, same counts, same nodes).
 * Workload: subproblems of n = 10..27 with 3 to 30 queens placed, from microseconds to hours.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "count_kernel.h"
#include "kernel.h"
#include "symmetry.h"

/* ---- n <= 3 -------------------------------------------------------------------------------- */

static void plain_rec(int n, int y, int *cols, uint64_t l, uint64_t d, uint64_t r, nq_counts *out) {
    uint64_t mask = ((uint64_t)1 << n) - 1;
    for (uint64_t a = ~(l | d | r) & mask; a; a &= a - 1) {
        uint64_t bit = a & (0 - a);
        cols[y] = __builtin_ctzll(bit);
        out->nodes++;
        if (y + 1 < n) {
            plain_rec(n, y + 1, cols, (l | bit) << 1, d | bit, (r | bit) >> 1, out);
            continue;
        }
        int img[8];
        int orbit = sym_least_orbit(n, cols, img);
        out->total++;
        out->unique += orbit != 0;
        out->orbit8 += orbit == 8, out->orbit4 += orbit == 4;
        out->orbit2 += orbit == 2, out->orbit1 += orbit == 1;
    }
}

void count_plain(int n, nq_counts *out) {
    assert(n >= 1 && n <= 8);
    memset(out, 0, sizeof *out);
    int cols[8];
    plain_rec(n, 0, cols, 0, 0, 0, out);
}

/* ---- The board state ----------------------------------------------------------------------- */

void count_state_init(count_state *s, int n) {
    assert(n >= 1 && n <= NQ_MAX_N);
    uint64_t all = n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
    memset(s, 0, sizeof *s);
    s->n = n;
    s->left = n;
    s->rows = s->cols = all;
    for (int y = 0; y < n; y++)
        s->free[y] = all;
}

int count_state_place(count_state *s, int y, int x) {
    int n = s->n;
    assert(y >= 0 && y < n && x >= 0 && x < n);
    if (!(s->rows >> y & 1) || !(s->free[y] >> x & 1))
        return 0;
    uint64_t bit = (uint64_t)1 << x;
    s->rows &= ~((uint64_t)1 << y);
    s->cols &= ~bit;
    s->free[y] = 0;
    s->left--;
    for (uint64_t fr = s->rows; fr; fr &= fr - 1) {
        int r = __builtin_ctzll(fr), dist = r > y ? r - y : y - r;
        uint64_t hit = bit | (x + dist < n ? bit << dist : 0) | (x >= dist ? bit >> dist : 0);
        s->free[r] &= ~hit;
    }
    return 1;
}

int count_state_live(const count_state *s) {
    uint64_t seen = 0;
    for (uint64_t fr = s->rows; fr; fr &= fr - 1) {
        uint64_t m = s->free[__builtin_ctzll(fr)];
        if (!m)
            return 0;
        seen |= m;
    }
    return (seen & s->cols) == s->cols;
}

/* The tie order of the rows: the distance to the middle of the board, the upper row first. */
static int row_central(int n, int y) {
    int dc = 2 * y - (n - 1);
    return dc < 0 ? -2 * dc : 2 * dc + 1;
}

int count_state_pick(const count_state *s) {
    assert(s->left >= 1);
    int best = -1, bestkey = 1 << 30;
    for (uint64_t fr = s->rows; fr; fr &= fr - 1) {
        int y = __builtin_ctzll(fr);
        int key = __builtin_popcountll(s->free[y]) << 8 | row_central(s->n, y);
        if (key < bestkey)
            bestkey = key, best = y;
    }
    return best;
}

/* ---- The grid of the last 16 queens (count_kernel.h) ----------------------------------------- */

static void grid_build(grid *g, const count_state *s) {
    int n = s->n, rowof[LANES], colof[LANES], nr = 0, nc = 0;
    assert(s->left <= LANES);
    for (int y = 0; y < n; y++)
        if (s->rows >> y & 1)
            rowof[nr++] = y;
    for (int x = 0; x < n; x++)
        if (s->cols >> x & 1)
            colof[nc++] = x;
    assert(nr == s->left && nc == s->left);
    /* Two cells attack each other along a diagonal when their rows are as far apart as their
     * columns: rowat[a][d] holds the lanes whose row is d rows from lane a's, colat[b][d] the
     * bits whose column is d columns from bit b's (d >= 1). */
    uint16_t rowat[LANES][NQ_MAX_N], colat[LANES][NQ_MAX_N];
    memset(rowat, 0, sizeof rowat);
    memset(colat, 0, sizeof colat);
    for (int a = 0; a < nr; a++)
        for (int a2 = 0; a2 < nr; a2++)
            if (a2 != a)
                rowat[a][rowof[a2] > rowof[a] ? rowof[a2] - rowof[a] : rowof[a] - rowof[a2]] |=
                    (uint16_t)(1u << a2);
    for (int b = 0; b < nc; b++)
        for (int b2 = 0; b2 < nc; b2++)
            if (b2 != b)
                colat[b][colof[b2] > colof[b] ? colof[b2] - colof[b] : colof[b] - colof[b2]] |=
                    (uint16_t)(1u << b2);
    uint8_t rowdist[LANES][LANES], coldist[LANES][LANES];
    for (int a = 0; a < nr; a++)
        for (int a2 = 0; a2 < nr; a2++)
            rowdist[a][a2] =
                (uint8_t)(rowof[a2] > rowof[a] ? rowof[a2] - rowof[a] : rowof[a] - rowof[a2]);
    for (int b = 0; b < nc; b++)
        for (int b2 = 0; b2 < nc; b2++)
            coldist[b][b2] =
                (uint8_t)(colof[b2] > colof[b] ? colof[b2] - colof[b] : colof[b] - colof[b2]);
    g->left = nr;
    memset(g->m0, 0, sizeof g->m0);
    for (int a = 0; a < nr; a++) {
        uint64_t f = s->free[rowof[a]];
        for (int b = 0; b < nc; b++) {
            if (f >> colof[b] & 1) {
                g->m0[a] |= (uint16_t)(1u << b);
                g->m0[LANES + b] |= (uint16_t)(1u << a);
            }
        }
        int rank = 0;
        for (int a2 = 0; a2 < nr; a2++)
            rank += row_central(n, rowof[a2]) < row_central(n, rowof[a]);
        g->tie[a] = (uint16_t)((rank << 4 | a) - 0x100);
    }
    for (int a = nr; a < LANES; a++)
        g->tie[a] = (uint16_t)((a << 4 | a) - 0x100);
    /* The attack table of the cells the search uses (a < nr, b < nc), every lane written. */
    for (int a = 0; a < nr; a++) {
        for (int b = 0; b < nc; b++) {
            uint16_t *e = g->att[a][b];
            memset(e, 0, sizeof g->att[a][b]);
            for (int a2 = 0; a2 < nr; a2++)
                e[a2] = (uint16_t)(1u << b | colat[b][rowdist[a][a2]]);
            e[a] = 0xFFFF;
            for (int b2 = 0; b2 < nc; b2++)
                e[LANES + b2] = (uint16_t)(1u << a | rowat[a][coldist[b][b2]]);
            e[LANES + b] = 0xFFFF;
        }
    }
}

/* ---- Scratch memory and the kernel's entry ------------------------------------------------- */

struct count_scratch {
    grid g;
    const volatile int *stop; /* NULL, or the count's stop flag (count_scratch_set_stop()) */
    int stopped;              /* the last count_completions() saw it and gave up */
    count_grid_fn *search;    /* the kernel's entry (kernel.c's table), never NULL */
    size_t cap;               /* nodes in the arena */
    gnode *arena;             /* cap nodes, right after this structure */
    void *block;              /* what malloc gave (the structure is aligned inside it) */
};

static count_scratch *scratch_new(nq_kernel k, size_t cap) {
    /* Any n >= 4 resolves to the kernel itself (nq_kernel_resolve()). */
    if (nq_kernel_resolve(k, NQ_MAX_N, &k) != NQ_OK)
        return NULL;
    /* The grid and the nodes want 64-byte alignment; malloc may give only 16. */
    size_t head = (sizeof(count_scratch) + 63) & ~(size_t)63;
    void *block = malloc(63 + head + cap * sizeof(gnode));
    if (!block)
        return NULL;
    uintptr_t p = ((uintptr_t)block + 63) & ~(uintptr_t)63;
    count_scratch *sc = (count_scratch *)(void *)p;
    sc->block = block;
    sc->stop = NULL;
    sc->stopped = 0;
    sc->search = count_kernel_search(k);
    assert(sc->search);
    sc->cap = cap;
    sc->arena = (gnode *)(void *)(p + head);
    return sc;
}

count_scratch *count_scratch_new_kernel(nq_kernel k) {
    return scratch_new(k, COUNT_ARENA);
}

count_scratch *count_scratch_new(void) {
    return scratch_new(NQ_KERNEL_AUTO, COUNT_ARENA);
}

count_scratch *count_scratch_new_small(nq_kernel k, size_t nodes) {
    assert(nodes >= COUNT_ARENA_MIN);
    return scratch_new(k, nodes);
}

void count_scratch_free(count_scratch *sc) {
    if (sc)
        free(sc->block);
}

void count_scratch_set_stop(count_scratch *sc, const volatile int *stop) {
    if (sc)
        sc->stop = stop;
}

int count_scratch_stopped(const count_scratch *sc) {
    return sc && sc->stopped;
}

/* Depth-first search on board states above the grid (more than 16 queens left: only counts of
 * n >= 21 have such states), and the whole search when no scratch memory can be had. s is
 * live. The stop flag is looked at on every state above the grid and before every grid search,
 * so that a subproblem of a large n (a day of work at n = 30) gives up within one grid search
 * (the last 16 rows) of a stop; what it found is then thrown away by the caller. */
static uint64_t state_dfs(const count_state *s, count_scratch *sc, uint64_t *nodes) {
    if (s->left == 0)
        return 1;
    if (sc && sc->stop && (sc->stopped || __atomic_load_n(sc->stop, __ATOMIC_RELAXED))) {
        sc->stopped = 1;
        return 0;
    }
    if (sc && s->left <= LANES) {
        tally tl = {0, 0};
        grid_build(&sc->g, s);
        sc->search(&sc->g, sc->arena, sc->cap, &tl);
        *nodes += tl.nodes;
        return tl.sols;
    }
    int y = count_state_pick(s);
    uint64_t sols = 0;
    for (uint64_t a = s->free[y]; a; a &= a - 1) {
        count_state c = *s;
        count_state_place(&c, y, __builtin_ctzll(a));
        if (!count_state_live(&c))
            continue;
        (*nodes)++;
        sols += state_dfs(&c, sc, nodes);
    }
    return sols;
}

uint64_t count_completions_plain(const count_state *s, uint64_t *nodes) {
    *nodes = 0;
    return count_state_live(s) ? state_dfs(s, NULL, nodes) : 0;
}

uint64_t count_completions(const count_state *s, count_scratch *sc, uint64_t *nodes) {
    *nodes = 0;
    if (sc)
        sc->stopped = 0;
    if (!count_state_live(s))
        return 0;
    count_scratch *own = NULL;
    if (!sc)
        sc = own = count_scratch_new(); /* NULL: state_dfs() then needs none */
    uint64_t sols = state_dfs(s, sc, nodes);
    count_scratch_free(own);
    return sols;
}

/* ---- Symmetric solutions ------------------------------------------------------------------- */

/* Places the orbit of (y, x) under the rotation group (quarter: by 90 degrees, else by 180);
 * returns 0 if some queen of it cannot go. */
static int place_orbit(count_state *s, int y, int x, int quarter) {
    int n = s->n, r = y, c = x;
    for (int i = 0; i < (quarter ? 4 : 2); i++) {
        int rr, cc;
        if (i > 0 && r == y && c == x)
            break; /* the orbit closed early (the centre cell) */
        if (!count_state_place(s, r, c))
            return 0;
        sym_cell_image(n, quarter ? NQ_SYM_ROT90 : NQ_SYM_ROT180, r, c, &rr, &cc);
        r = rr, c = cc;
    }
    return r == y && c == x;
}

static uint64_t symmetric_rec(const count_state *s, int quarter) {
    if (s->left == 0)
        return 1;
    if (!count_state_live(s))
        return 0;
    int y = __builtin_ctzll(s->rows);
    uint64_t sols = 0;
    for (uint64_t a = s->free[y]; a; a &= a - 1) {
        count_state c = *s;
        if (place_orbit(&c, y, __builtin_ctzll(a), quarter))
            sols += symmetric_rec(&c, quarter);
    }
    return sols;
}

uint64_t count_symmetric(const count_state *s, int quarter) {
    return symmetric_rec(s, quarter);
}
