/*
 * count.c: the counting kernel: the total and the fundamental solutions of the n-queens problem
 * in one pass over about a quarter of the backtracking tree (the left-right mirror alone visits
 * half; the classes alone would be an eighth, but the bound rows below prune late).
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
 *   and n-b1..n-1, the bottom queen in columns b1..n-1-b1. The rows below row b2 = n-1-b1 cannot
 * hold a side queen, so at row b2 a side column still free must be taken there (and two free side
 *   columns end the branch). A solution found is counted as the representative of its class
 *   when no other image that the search also finds is lexicographically smaller; such a tie
 *   needs a side queen in row b1 or b2 or the bottom queen in column b1 or b2, which one mask
 *   test at the leaf rules out for most solutions. The number of images equal to the solution
 *   gives its class size (8, 4 or 2).
 * The search runs on 64-bit bitboards (one word per row for the columns, the diagonals and the
 * anti-diagonals). Before a row's candidates are tried, those that would leave the next row
 * without a free cell are removed with a few branch-free bit operations, and the last two rows
 * are finished without visiting them. The first rows are searched depth-first (an iterative
 * loop); the last BFS_ROWS rows, where most nodes are, breadth-first in branch-free passes over
 * arrays of nodes (see "The last rows breadth-first" below), which avoids the mispredicted branch
 * a depth-first search pays at about every node. The breadth-first part works in the caller's
 * scratch memory (one per thread, kept by parallel.c from one subproblem to the next); without
 * it the depth-first loop does the whole search.
 * This is the generic kernel; the vector kernels (count_vec.h) run the same breadth-first part in
 * SIMD lanes and share the depth-first top, the look-ahead and the class check (count_kernel.h).
 * count_task_solve_with() runs the kernel its scratch memory was made for.
 * Workload: whole counts of n = 10..20 in seconds to hours; each call runs one subproblem.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "count_kernel.h"
#include "symmetry.h"

void count_plain(int n, const int *prefix, int k, nq_counts *out) {
    memset(out, 0, sizeof *out);
    uint64_t mask = n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
    uint64_t left[NQ_MAX_N + 1], down[NQ_MAX_N + 1], right[NQ_MAX_N + 1], avail[NQ_MAX_N + 1];
    int cols[NQ_MAX_N], img[NQ_MAX_N];
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
        int orbit = sym_least_orbit(n, cols, img);
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
                int orbit = sym_least_orbit(n, cols, img);
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
    t->bfs_cap = 0;
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

/* The row-j column of image sym of the solution (cols, inv = its inverse): symmetry.h. */
static int image_col(int n, int sym, const int *cols, const int *inv, int j) {
    return sym_image_col(n, (nq_symmetry)sym, cols, inv, j);
}

int count_edge_orbit(const count_task *t, const uint64_t *P, uint64_t last) {
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
    const uint64_t *rowmask = t->rowmask;
    uint64_t a = count_filter(count_task_avail(t, y, l, d, r), l, d, r, rowmask[y + 1]);
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
                    int orbit = count_edge_orbit(t, P, last);
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
        a = count_filter(a, l, d, r, rowmask[y + 1]);
        {
            uint64_t base = ~(l << 1 | d | r >> 1) & rowmask[y + 1];
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
                        int orbit = count_edge_orbit(t, P, last);
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

void count_task_solve_dfs(const count_task *t, const int *prefix, int k, nq_counts *out) {
    if (t->corner)
        task_run_corner(t, prefix, k, out);
    else
        task_run_edge(t, prefix, k, out);
}

/* ---- The last rows breadth-first ----------------------------------------------------------
 *
 * Depth-first search mispredicts a branch at about every node (how many children a node has is
 * unpredictable). The last BFS_ROWS rows, where most nodes are, are therefore expanded level by
 * level instead: all the nodes of a level sit in an array, and each pass over it takes one
 * candidate from every node, writes the child (when it has candidates of its own) at the end of
 * the next level, and keeps the node if it has candidates left. Every step of a pass is the same
 * branch-free sequence, so the processor runs the passes at full speed. The depth-first search
 * above hands its nodes of row n-1-BFS_ROWS over in batches. Node counts are those of the
 * depth-first kernel. */
#define BFS_ROWS  8
#define BFS_ROOTS 256   /* nodes handed over at once */
#define BFS_CAP   32768 /* nodes in the scratch arena (count_task.bfs_cap in tests) */

typedef struct bfs_node {
    uint64_t l, d, r, a; /* attack masks at the node's row; its candidates */
    /* Edge tasks: the columns of the rows from y0 on (6 bits each, bits 0..53), the batch index
     * of the root's prefix (bits 54..61), and bit 63 set if a side queen sits in row b1 or b2. */
    uint64_t tag;
} bfs_node;
#define BFS_ROOT_SHIFT 54
#define BFS_FLAG       ((uint64_t)1 << 63)

typedef struct bfs_state {
    const count_task *t;
    int y0;          /* the row of the roots */
    bfs_node *arena; /* cap nodes */
    size_t cap;
    uint8_t (*roots)[NQ_MAX_N]; /* edge tasks: the prefix columns of each root, BFS_ROOTS */
    size_t m;                   /* roots waiting in the arena */
    uint64_t nodes, c8, c4, c2;
} bfs_state;

/* A leaf with a possible tie: the full solution, then the class check of count_edge_orbit(). */
static void bfs_check(bfs_state *st, const bfs_node *v, uint64_t x, uint64_t last) {
    const count_task *t = st->t;
    int n = t->n, y0 = st->y0;
    uint64_t P[NQ_MAX_N];
    const uint8_t *root = st->roots[v->tag >> BFS_ROOT_SHIFT & (BFS_ROOTS - 1)];
    for (int y = 0; y < y0; y++)
        P[y] = (uint64_t)1 << root[y];
    for (int y = y0; y < n - 2; y++)
        P[y] = (uint64_t)1 << (v->tag >> (6 * (y - y0)) & 63);
    P[n - 2] = x;
    int orbit = count_edge_orbit(t, P, last);
    st->c8 += orbit == 8, st->c4 += orbit == 4, st->c2 += orbit == 2;
}

/* All the children of the m nodes at cur, written to free (those with candidates of their
 * own); returns how many were written. at_b2: the children's row is b2 (see count_task_avail). */
static inline __attribute__((always_inline)) size_t
bfs_level(bfs_state *st, bfs_node *cur, size_t m, bfs_node *free, uint64_t rm, uint64_t rm2,
          uint64_t side, uint64_t rowflag, unsigned shift, const int corner, const int at_b2) {
    size_t j = 0;
    for (size_t mm = m; mm;) {
        size_t k = 0;
        for (size_t i = 0; i < mm; i++) {
            bfs_node v = cur[i];
            uint64_t bit = v.a & (0 - v.a);
            v.a ^= bit;
            uint64_t nl = (v.l | bit) << 1, nd = v.d | bit, nr = (v.r | bit) >> 1;
            uint64_t ca = ~(nl | nd | nr) & rm;
            if (at_b2) {
                uint64_t free_side = side & ~nd;
                ca = free_side == side ? 0 : free_side ? ca & free_side : ca;
            }
            ca = count_filter(ca, nl, nd, nr, rm2);
            bfs_node *c = &free[j];
            c->l = nl, c->d = nd, c->r = nr, c->a = ca;
            if (!corner)
                c->tag =
                    v.tag | (uint64_t)__builtin_ctzll(bit) << shift | ((bit & side) ? rowflag : 0);
            j += ca != 0;
            cur[k] = v;
            k += v.a != 0;
        }
        st->nodes += mm;
        mm = k;
    }
    return j;
}

static void bfs_expand_corner(bfs_state *st, bfs_node *cur, size_t m, int y, bfs_node *free,
                              size_t space);
static void bfs_expand_edge(bfs_state *st, bfs_node *cur, size_t m, int y, bfs_node *free,
                            size_t space);

/* Expands the m nodes of row y at cur (their children go to free, which has room for space
 * nodes) down to the last row. */
static inline __attribute__((always_inline)) void bfs_expand(bfs_state *st, bfs_node *cur, size_t m,
                                                             int y, bfs_node *free, size_t space,
                                                             const int corner) {
    const count_task *t = st->t;
    const int n = t->n, ylast = n - 2, b1 = t->b1, b2 = t->b2, y0 = st->y0;
    const uint64_t side = t->side;
    while (m) {
        if (y == ylast) {
            const uint64_t last_mask = t->rowmask[n - 1];
            const uint64_t ties = corner ? 0 : (uint64_t)1 << b1 | (uint64_t)1 << b2;
            const uint64_t rowflag = !corner && (y == b1 || y == b2) ? side : 0;
            uint64_t cnt = 0;
            for (size_t i = 0; i < m; i++) {
                const bfs_node *v = &cur[i];
                uint64_t c = (uint64_t)__builtin_popcountll(v->a);
                st->nodes += 2 * c;
                if (corner) {
                    cnt += c;
                    continue;
                }
                uint64_t base = ~(v->l << 1 | v->d | v->r >> 1) & last_mask;
                uint64_t flag = v->tag & BFS_FLAG;
                if (!(flag | (base & ties) | (v->a & rowflag))) {
                    cnt += c;
                    continue;
                }
                for (uint64_t a = v->a; a;) {
                    uint64_t x = a & (0 - a);
                    a ^= x;
                    uint64_t last = base & ~(x << 1 | x | x >> 1);
                    if (!(flag | (last & ties) | (x & rowflag)))
                        cnt++;
                    else
                        bfs_check(st, v, x, last);
                }
            }
            st->c8 += cnt;
            return;
        }
        /* Room for every child, and then for one chain of at most 64 children a level below?
         * Otherwise the two halves one after the other. */
        size_t children = 0;
        for (size_t i = 0; i < m; i++)
            children += (size_t)__builtin_popcountll(cur[i].a);
        if (children + 64 * (size_t)(ylast - y - 1) > space) {
            assert(m > 1);
            if (corner)
                bfs_expand_corner(st, cur, m / 2, y, free, space);
            else
                bfs_expand_edge(st, cur, m / 2, y, free, space);
            cur += m / 2;
            m -= m / 2;
            continue;
        }
        const uint64_t rm = t->rowmask[y + 1], rm2 = t->rowmask[y + 2];
        const uint64_t rowflag = !corner && (y == b1 || y == b2) ? BFS_FLAG : 0;
        const unsigned shift = (unsigned)(6 * (y - y0));
        size_t j;
        if (corner)
            j = bfs_level(st, cur, m, free, rm, rm2, side, 0, 0, 1, 0);
        else if (y + 1 == b2)
            j = bfs_level(st, cur, m, free, rm, rm2, side, rowflag, shift, 0, 1);
        else
            j = bfs_level(st, cur, m, free, rm, rm2, side, rowflag, shift, 0, 0);
        /* The children become the current level; their own children go after them. */
        cur = free;
        m = j;
        free += j;
        space -= j;
        y++;
    }
}

static void bfs_expand_corner(bfs_state *st, bfs_node *cur, size_t m, int y, bfs_node *free,
                              size_t space) {
    bfs_expand(st, cur, m, y, free, space, 1);
}

static void bfs_expand_edge(bfs_state *st, bfs_node *cur, size_t m, int y, bfs_node *free,
                            size_t space) {
    bfs_expand(st, cur, m, y, free, space, 0);
}

static void bfs_flush(bfs_state *st, size_t m) {
    if (!m)
        return;
    if (st->t->corner)
        bfs_expand_corner(st, st->arena, m, st->y0, st->arena + m, st->cap - m);
    else
        bfs_expand_edge(st, st->arena, m, st->y0, st->arena + m, st->cap - m);
}

/* A root of the breadth-first part, from the depth-first top (count_top()). */
static inline __attribute__((always_inline)) void
bfs_emit(void *ctx, uint64_t l, uint64_t d, uint64_t r, uint64_t a, int flag, const uint64_t *P) {
    bfs_state *st = ctx;
    size_t m = st->m;
    bfs_node *v = &st->arena[m];
    v->l = l, v->d = d, v->r = r, v->a = a;
    if (!st->t->corner) {
        v->tag = (uint64_t)m << BFS_ROOT_SHIFT | (flag ? BFS_FLAG : 0);
        for (int i = 0; i < st->y0; i++)
            st->roots[m][i] = (uint8_t)__builtin_ctzll(P[i]);
    }
    if (++st->m == BFS_ROOTS) {
        bfs_flush(st, st->m);
        st->m = 0;
    }
}

/* Depth-first from the prefix down to row y0, then breadth-first (see above). */
static void task_bfs_corner(bfs_state *st, const int *prefix, int k) {
    st->nodes += count_top(st->t, prefix, k, st->y0, 1, bfs_emit, st);
    bfs_flush(st, st->m);
}

static void task_bfs_edge(bfs_state *st, const int *prefix, int k) {
    st->nodes += count_top(st->t, prefix, k, st->y0, 0, bfs_emit, st);
    bfs_flush(st, st->m);
}

struct count_scratch {
    nq_kernel kernel; /* never NQ_KERNEL_AUTO */
    union {
        struct {
            bfs_node arena[BFS_CAP];
            uint8_t roots[BFS_ROOTS][NQ_MAX_N];
        } generic;
        count_vec_mem vec;
    } mem;
};

void count_vec_mem_init(count_vec_mem *m) {
    /* Only the tables: the arena is written before it is used (the lanes past a level's end
     * load whatever is there and never use it). */
    for (unsigned mask = 0; mask < 256; mask++) {
        unsigned k = 0;
        for (unsigned j = 0; j < 8; j++) {
            m->xtab[mask][j] = (uint8_t)k; /* lane j's rank among the set lanes */
            if (mask >> j & 1)
                m->ctab[mask][k++] = (uint8_t)j;
        }
    }
}

count_scratch *count_scratch_new_kernel(nq_kernel k) {
    if (nq_kernel_resolve(k, VEC_MAX_N, &k) != NQ_OK)
        return NULL;
    count_scratch *sc = malloc(sizeof(count_scratch));
    if (!sc)
        return NULL;
    sc->kernel = k;
    if (k != NQ_KERNEL_GENERIC)
        count_vec_mem_init(&sc->mem.vec);
    return sc;
}

count_scratch *count_scratch_new(void) {
    return count_scratch_new_kernel(NQ_KERNEL_AUTO);
}

void count_scratch_free(count_scratch *sc) {
    free(sc);
}

void count_task_solve_with(const count_task *t, const int *prefix, int k, nq_counts *out,
                           count_scratch *sc) {
    int n = t->n;
    assert(k >= (t->corner ? 2 : 1) && k <= n - 2);
    count_scratch *own = NULL;
    if (!sc)
        sc = own = count_scratch_new();
    if (!sc) {
        /* No scratch memory: the depth-first kernel needs none. */
        count_task_solve_dfs(t, prefix, k, out);
        return;
    }
    if (sc->kernel != NQ_KERNEL_GENERIC && n <= VEC_MAX_N) {
        if (sc->kernel == NQ_KERNEL_AVX512)
            count_solve_avx512(t, prefix, k, out, &sc->mem.vec);
        else
            count_solve_avx2(t, prefix, k, out, &sc->mem.vec);
        count_scratch_free(own);
        return;
    }
    bfs_state st;
    memset(&st, 0, sizeof st);
    st.t = t;
    st.y0 = n - 1 - BFS_ROWS > k ? n - 1 - BFS_ROWS : k;
    st.cap = t->bfs_cap && t->bfs_cap < BFS_CAP ? t->bfs_cap : BFS_CAP;
    assert(st.cap >= BFS_ROOTS + 64 * (BFS_ROWS + 1));
    st.arena = sc->mem.generic.arena;
    st.roots = sc->mem.generic.roots;
    if (t->corner)
        task_bfs_corner(&st, prefix, k);
    else
        task_bfs_edge(&st, prefix, k);
    count_scratch_free(own);
    memset(out, 0, sizeof *out);
    out->orbit8 = st.c8, out->orbit4 = st.c4, out->orbit2 = st.c2;
    out->unique = (nq_u128)st.c8 + st.c4 + st.c2;
    out->total = (nq_u128)st.c8 * 8 + (nq_u128)st.c4 * 4 + (nq_u128)st.c2 * 2;
    out->nodes = st.nodes;
}

void count_task_solve(const count_task *t, const int *prefix, int k, nq_counts *out) {
    count_task_solve_with(t, prefix, k, out, NULL);
}
