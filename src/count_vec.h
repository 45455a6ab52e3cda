/*
 * count_vec.h: the counting kernel with its last rows in SIMD lanes; a template, included once
 * per instruction set (count_avx2.c, count_avx512.c) after the lane operations are defined:
 *   VEC_LANES, VEC_FULL      lanes of 32-bit masks, and the bit mask of all of them
 *   vec_t, vmask_t           a vector of lanes and a per-lane condition
 *   vplan_t, vcplan_t        plans for filling empty lanes from memory and for packing lanes
 *   VEC_ENTRY                the name of the kernel's entry point
 * and the inline functions used below (vset1, vand, ..., vexpand, vcompress; see count_avx2.c).
 *
 * Method. The generic kernel (count.c) expands the last rows level by level in branch-free
 * passes over an array of nodes, one board at a time. Here the same work runs in lanes: a lane
 * holds one node (attack masks l, d, r and candidates a, 32-bit for n <= 32) and each step takes
 * the lowest candidate of every lane, computes the child, filters its candidates with the
 * one-row look-ahead, and packs the children that have candidates into the next level (a
 * compress of the lanes, vpcompressd or a permutation looked up from the lane mask). A lane whose
 * node has no candidates left is refilled from the level's array (an expand) at the next step,
 * so the lanes stay busy without ever rewriting the level: it stays intact below, and a child
 * names its parent by index. A leaf (a solution) is therefore not carried with its columns: when
 * the full solution is needed (the class check of an edge solution with a side queen or the
 * bottom queen on a bound row: a quarter of the solutions, a few nodes in a thousand) the
 * columns are read back along the parent indices and the queens of the roots' rows. The last level
 * is only counted (a population count of the children's candidates), never stored. Nodes and
 * solutions are exactly the generic kernel's. Workload: batches of up to VEC_ROOTS nodes of row
 * n-1-VEC_ROWS, from the depth-first top.
 */

/* Rows finished in lanes, as the generic kernel's BFS_ROWS (measured on Zen 4: 8 to 12 within
 * 3 %, 5 two to three times slower; -DVEC_ROWS=... to try others). */
#ifndef VEC_ROWS
#define VEC_ROWS 8
#endif
#define VEC_FLAG  0x80000000u /* in t: a side queen in row b1 or b2 */
#define VEC_INDEX 0x7fffffffu /* in t: the parent's index */

typedef struct vec_state {
    const count_task *t;
    count_vec_mem *m;
    int y0, ylast;        /* the roots' row; n - 2 */
    size_t cap;           /* nodes of the arena in use */
    size_t roots_cap;     /* roots handed over at once */
    size_t nroots;        /* roots waiting */
    size_t root_children; /* the sum of their candidates */
    size_t ncheck;        /* leaves waiting for the class check */
    uint64_t nodes, c8, c4, c2;
} vec_state;

/* The queens of a leaf (parent index and flag in tag, the row n-3 queen bit, the row n-2 queen
 * x) as bits in P[0..n-2]: along the parent indices up to the root, then the root's prefix. */
static void vec_leaf_queens(const vec_state *st, uint32_t tag, uint32_t bit, uint64_t x,
                            uint64_t *P) {
    const count_vec_mem *m = st->m;
    int y0 = st->y0;
    uint32_t node = tag & VEC_INDEX;
    uint32_t dd = m->d[node] | bit; /* the columns of the rows above the leaf */
    P[st->ylast] = x;
    for (int y = st->ylast - 1;; y--) {
        P[y] = dd ^ m->d[node];
        if (y == y0)
            break;
        dd = m->d[node];
        node = m->t[node] & VEC_INDEX;
    }
    for (int y = 0; y < y0; y++)
        P[y] = (uint64_t)1 << m->roots[node][y];
}

/* The leaves waiting for the class check (edge tasks): each candidate x of a leaf completes a
 * solution; those with a possible tie go through count_edge_orbit(), as in count.c. */
static void vec_check_flush(vec_state *st) {
    const count_task *t = st->t;
    count_vec_mem *m = st->m;
    const int n = t->n, ylast = st->ylast;
    const uint64_t last_mask = t->rowmask[n - 1];
    const uint64_t ties = (uint64_t)1 << t->b1 | (uint64_t)1 << t->b2;
    const uint64_t rowflag = ylast == t->b1 || ylast == t->b2 ? t->side : 0;
    for (size_t i = 0; i < st->ncheck; i++) {
        uint32_t tag = m->ct[i], bit = m->cd[i], p = tag & VEC_INDEX;
        uint64_t l = (uint32_t)((m->l[p] | bit) << 1), d = m->d[p] | bit, r = (m->r[p] | bit) >> 1;
        uint64_t base = ~(l << 1 | d | r >> 1) & last_mask;
        uint64_t flag = tag & VEC_FLAG;
        for (uint64_t a = m->ca[i]; a;) {
            uint64_t x = a & (0 - a);
            a ^= x;
            uint64_t last = base & ~(x << 1 | x | x >> 1);
            if (!(flag | (last & ties) | (x & rowflag))) {
                st->c8++;
                continue;
            }
            uint64_t P[NQ_MAX_N];
            vec_leaf_queens(st, tag, bit, x, P);
            int orbit = count_edge_orbit(t, P, last);
            st->c8 += orbit == 8, st->c4 += orbit == 4, st->c2 += orbit == 2;
        }
    }
    st->ncheck = 0;
}

/* Roots that are already in row n-2 (a prefix of n-2 rows): counted one by one. */
static void vec_roots_last(vec_state *st, size_t cnt, const int corner) {
    const count_task *t = st->t;
    const count_vec_mem *m = st->m;
    const int n = t->n, ylast = st->ylast;
    const uint64_t last_mask = t->rowmask[n - 1];
    const uint64_t ties = corner ? 0 : (uint64_t)1 << t->b1 | (uint64_t)1 << t->b2;
    const uint64_t rowflag = !corner && (ylast == t->b1 || ylast == t->b2) ? t->side : 0;
    for (size_t i = 0; i < cnt; i++) {
        uint64_t c = (uint64_t)__builtin_popcount(m->a[i]);
        st->nodes += 2 * c;
        if (corner) {
            st->c8 += c;
            continue;
        }
        uint64_t base = ~((uint64_t)m->l[i] << 1 | m->d[i] | m->r[i] >> 1) & last_mask;
        uint64_t flag = m->t[i] & VEC_FLAG;
        for (uint64_t a = m->a[i]; a;) {
            uint64_t x = a & (0 - a);
            a ^= x;
            uint64_t last = base & ~(x << 1 | x | x >> 1);
            if (!(flag | (last & ties) | (x & rowflag))) {
                st->c8++;
                continue;
            }
            uint64_t P[NQ_MAX_N];
            P[ylast] = x;
            for (int y = 0; y < ylast; y++)
                P[y] = (uint64_t)1 << m->roots[i][y];
            int orbit = count_edge_orbit(t, P, last);
            st->c8 += orbit == 8, st->c4 += orbit == 4, st->c2 += orbit == 2;
        }
    }
}

/* The lanes working through a level: their nodes, and the part of the level not loaded yet. */
typedef struct vec_group {
    vec_t l, d, r, a, tg, idx;
    size_t p, end;
} vec_group;

/* What a level's steps share: the row's constants, the output, the leaf counters. */
typedef struct vec_level_ctx {
    vec_t rm, rm2, side, flagside, ties, leafrow, flagbit;
    size_t q;              /* the next child's index */
    vec_t grand;           /* the candidates of the children written (their children) */
    vec_t counted, leaves; /* last level: leaves counted at once; all leaves */
} vec_level_ctx;

/* One step: refills the empty lanes from the level, then takes the
 * lowest candidate of every lane and writes (or, at the last level, counts) the children that
 * have candidates of their own. Returns 0 if the group had nothing left to do. */
static inline __attribute__((always_inline)) int vec_step(vec_state *st, vec_group *g,
                                                          vec_level_ctx *c, const int corner,
                                                          const int at_b2, const int leaf) {
    count_vec_mem *M = st->m;
    vmask_t act = vnonzero(g->a);
    unsigned empty = ~vmask_bits(act) & VEC_FULL;
    if (empty && g->p < g->end) {
        size_t p = g->p;
        unsigned e = (unsigned)__builtin_popcount(empty);
        if (g->end - p < e) {
            /* The part's last nodes: fill only the lowest empty lanes. */
            while ((unsigned)__builtin_popcount(empty) > g->end - p)
                empty &= ~(1u << (31 - __builtin_clz(empty)));
            e = (unsigned)(g->end - p);
        }
        vplan_t x = vplan(M, empty);
        g->l = vexpand(g->l, x, M->l + p);
        g->d = vexpand(g->d, x, M->d + p);
        g->r = vexpand(g->r, x, M->r + p);
        g->a = vexpand(g->a, x, M->a + p);
        if (!corner) {
            g->tg = vexpand(g->tg, x, M->t + p);
            g->idx = vexpand_index(g->idx, x, (uint32_t)p);
        }
        g->p = p + e;
        act = vnonzero(g->a);
    }
    if (!vmask_bits(act))
        return 0;
    vec_t bit = vand(g->a, vneg(g->a));
    g->a = vxor(g->a, bit);
    vec_t nl = vshl(vor(g->l, bit), 1), nd = vor(g->d, bit), nr = vshr(vor(g->r, bit), 1);
    vec_t ca = vandnot(vor(vor(nl, nd), nr), c->rm);
    if (at_b2)
        ca = vbound_row(ca, nd, c->side);
    vec_t base = vandnot(vor(vor(vshl(nl, 1), nd), vshr(nr, 1)), c->rm2);
    vec_t lbit = vand(base, vneg(base));
    ca = vand(ca, vor(vbelow_high(base), vneg(vshl(lbit, 2))));
    vec_t flag = vzero();
    if (!corner) {
        /* Bit 31 set if a side queen sits in row b1 or b2 (x | -x has it for x != 0). */
        vec_t fs = vand(bit, c->flagside);
        flag = vor(vand(g->tg, c->flagbit), vand(vor(fs, vneg(fs)), c->flagbit));
    }
    if (!leaf) {
        vmask_t keep = vmask_and(vnonzero(ca), act);
        vcplan_t cp = vcplan(M, keep);
        size_t q = c->q;
        vcompress(M->l + q, cp, nl);
        vcompress(M->d + q, cp, nd);
        vcompress(M->r + q, cp, nr);
        vcompress(M->a + q, cp, ca);
        if (!corner)
            vcompress(M->t + q, cp, vor(g->idx, flag));
        c->q = q + (unsigned)__builtin_popcount(vmask_bits(keep));
        c->grand = vpopcount_add(c->grand, vselect(act, ca));
        return 1;
    }
    ca = vselect(act, ca);
    c->leaves = vpopcount_add(c->leaves, ca);
    if (corner)
        return 1;
    /* Leaves that may tie with another image: checked one by one (vec_check_flush()). */
    vec_t tie = vor(flag, vor(vand(base, c->ties), vand(ca, c->leafrow)));
    vmask_t check = vmask_and(vnonzero(tie), vnonzero(ca));
    c->counted = vpopcount_add(c->counted, vselect_not(check, ca));
    vcplan_t cp = vcplan(M, check);
    size_t k = st->ncheck;
    vcompress(M->ct + k, cp, vor(g->idx, flag));
    vcompress(M->cd + k, cp, bit);
    vcompress(M->ca + k, cp, ca);
    st->ncheck = k + (unsigned)__builtin_popcount(vmask_bits(check));
    if (st->ncheck > VEC_CHECK - VEC_LANES)
        vec_check_flush(st);
    return 1;
}

/* Expands the cnt nodes of row y at index in, writing the children of row y + 1 that have
 * candidates from index out on (returns how many); at the last level (leaf: y + 1 = n - 2) the
 * children are counted instead. at_b2: row y + 1 is the bound row b2 (see count_task_avail);
 * *grand receives the sum of the written children's candidates. */
static inline __attribute__((always_inline)) size_t vec_level(vec_state *st, size_t in, size_t cnt,
                                                              size_t out, int y, size_t *grand,
                                                              const int corner, const int at_b2,
                                                              const int leaf) {
    const count_task *t = st->t;
    vec_level_ctx c;
    c.rm = vset1((uint32_t)t->rowmask[y + 1]);
    c.rm2 = vset1((uint32_t)t->rowmask[y + 2]);
    c.side = vset1((uint32_t)t->side);
    c.flagside = vset1(!corner && (y == t->b1 || y == t->b2) ? (uint32_t)t->side : 0);
    c.ties = vset1(corner ? 0 : 1u << t->b1 | 1u << t->b2);
    c.leafrow = vset1(!corner && (y + 1 == t->b1 || y + 1 == t->b2) ? (uint32_t)t->side : 0);
    c.flagbit = vset1(VEC_FLAG);
    c.q = out;
    c.grand = c.counted = c.leaves = vzero();
    vec_group g;
    g.l = g.d = g.r = g.a = g.tg = g.idx = vzero();
    g.p = in, g.end = in + cnt;
    while (vec_step(st, &g, &c, corner, at_b2, leaf))
        continue;
    if (leaf) {
        uint64_t n = vreduce(c.leaves);
        st->nodes += 2 * n;
        st->c8 += corner ? n : vreduce(c.counted);
        if (!corner)
            vec_check_flush(st);
    }
    *grand = leaf ? 0 : (size_t)vreduce(c.grand);
    return c.q - out;
}

#define VEC_UNKNOWN SIZE_MAX /* the children of a part of a level, not counted yet */

static void vec_expand_corner(vec_state *st, size_t in, size_t cnt, int y, size_t free,
                              size_t children);
static void vec_expand_edge(vec_state *st, size_t in, size_t cnt, int y, size_t free,
                            size_t children);

/* Expands the cnt nodes of row y at index in (their children go from index free on) down to the
 * last row. children: the sum of their candidates (each level counts them for the next while it
 * writes it), or VEC_UNKNOWN. */
static inline __attribute__((always_inline)) void vec_expand(vec_state *st, size_t in, size_t cnt,
                                                             int y, size_t free, size_t children,
                                                             const int corner) {
    const count_task *t = st->t;
    const int ylast = st->ylast;
    const count_vec_mem *M = st->m;
    while (cnt) {
        if (y == ylast) {
            assert(in == 0);
            vec_roots_last(st, cnt, corner);
            return;
        }
        if (children == VEC_UNKNOWN) {
            children = 0;
            for (size_t i = in; i < in + cnt; i++)
                children += (size_t)__builtin_popcount(M->a[i]);
        }
        /* Room for every child, and then for one chain of at most 32 children a level below?
         * Otherwise the two halves one after the other. */
        if (y + 1 < ylast && free + children + 32 * (size_t)(ylast - 2 - y) > st->cap) {
            assert(cnt > 1);
            if (corner)
                vec_expand_corner(st, in, cnt / 2, y, free, VEC_UNKNOWN);
            else
                vec_expand_edge(st, in, cnt / 2, y, free, VEC_UNKNOWN);
            in += cnt / 2;
            cnt -= cnt / 2;
            children = VEC_UNKNOWN;
            continue;
        }
        st->nodes += children;
        size_t j;
        if (y + 1 == ylast) {
            if (!corner && y + 1 == t->b2)
                vec_level(st, in, cnt, free, y, &children, 0, 1, 1);
            else
                vec_level(st, in, cnt, free, y, &children, corner, 0, 1);
            return;
        }
        if (corner)
            j = vec_level(st, in, cnt, free, y, &children, 1, 0, 0);
        else if (y + 1 == t->b2)
            j = vec_level(st, in, cnt, free, y, &children, 0, 1, 0);
        else
            j = vec_level(st, in, cnt, free, y, &children, 0, 0, 0);
        in = free;
        cnt = j;
        free += j;
        y++;
    }
}

static void vec_expand_corner(vec_state *st, size_t in, size_t cnt, int y, size_t free,
                              size_t children) {
    vec_expand(st, in, cnt, y, free, children, 1);
}

static void vec_expand_edge(vec_state *st, size_t in, size_t cnt, int y, size_t free,
                            size_t children) {
    vec_expand(st, in, cnt, y, free, children, 0);
}

static void vec_flush(vec_state *st) {
    if (!st->nroots)
        return;
    if (st->t->corner)
        vec_expand_corner(st, 0, st->nroots, st->y0, st->nroots, st->root_children);
    else
        vec_expand_edge(st, 0, st->nroots, st->y0, st->nroots, st->root_children);
    st->nroots = 0;
    st->root_children = 0;
}

/* A root of the lanes' part, from the depth-first top. */
static inline __attribute__((always_inline)) void
vec_emit(void *ctx, uint64_t l, uint64_t d, uint64_t r, uint64_t a, int flag, const uint64_t *P) {
    vec_state *st = ctx;
    count_vec_mem *m = st->m;
    size_t i = st->nroots;
    m->l[i] = (uint32_t)l, m->d[i] = (uint32_t)d, m->r[i] = (uint32_t)r, m->a[i] = (uint32_t)a;
    m->t[i] = flag ? VEC_FLAG : 0;
    st->root_children += (size_t)__builtin_popcountll(a);
    if (!st->t->corner)
        for (int y = 0; y < st->y0; y++)
            m->roots[i][y] = (uint8_t)__builtin_ctzll(P[y]);
    if (++st->nroots == st->roots_cap)
        vec_flush(st);
}

static void vec_run_corner(vec_state *st, const int *prefix, int k) {
    st->nodes += count_top(st->t, prefix, k, st->y0, 1, vec_emit, st);
    vec_flush(st);
}

static void vec_run_edge(vec_state *st, const int *prefix, int k) {
    st->nodes += count_top(st->t, prefix, k, st->y0, 0, vec_emit, st);
    vec_flush(st);
}

void VEC_ENTRY(const count_task *t, const int *prefix, int k, nq_counts *out, count_vec_mem *m) {
    int n = t->n;
    assert(n <= VEC_MAX_N && k >= (t->corner ? 2 : 1) && k <= n - 2);
    vec_state st;
    memset(&st, 0, sizeof st);
    st.t = t;
    st.m = m;
    st.ylast = n - 2;
    st.y0 = n - 1 - VEC_ROWS > k ? n - 1 - VEC_ROWS : k;
    st.cap = t->bfs_cap && t->bfs_cap < VEC_CAP ? t->bfs_cap : VEC_CAP;
    /* Room for a chain of 32 children a level from a root, past the roots. */
    size_t chain = 32 * (size_t)(VEC_ROWS + 1);
    assert(st.cap > chain + 64);
    st.roots_cap = st.cap - chain < VEC_ROOTS ? st.cap - chain : VEC_ROOTS;
    if (t->corner)
        vec_run_corner(&st, prefix, k);
    else
        vec_run_edge(&st, prefix, k);
    memset(out, 0, sizeof *out);
    out->orbit8 = st.c8, out->orbit4 = st.c4, out->orbit2 = st.c2;
    out->unique = (nq_u128)st.c8 + st.c4 + st.c2;
    out->total = (nq_u128)st.c8 * 8 + (nq_u128)st.c4 * 4 + (nq_u128)st.c2 * 2;
    out->nodes = st.nodes;
}
