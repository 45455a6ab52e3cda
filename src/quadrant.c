/*
 * quadrant.c: the quadrant join's lists and working memory (quadrant.h), and the checked entry
 * that hands a subproblem to the kernel a scratch names (quadrant_body.h does the counting).
 *
 * Every placement of each of the four quadrants (every row subset, every column subset) is
 * listed once, 8 bytes each, grouped by key (rows, columns), the keys in increasing order, each
 * key's list made from the lists of the smaller keys before it (part_fill()), so that the build
 * needs no more than the lists themselves (about 0.26 GB at n = 20, 2.2 GB at n = 22, 4.35 GB at
 * n = 23), never reallocates, and writes them from start to end. Every subproblem of a count reads
 * them; the halves a subproblem joins are built from them in the caller's scratch. The design is
 * that of E. Kluev's meet-in-the-middle counter (github.com/EvgenyKluev/N-Queens-Count-Sol:
 * quadrants joined into halves, halves paired), with our own lists, symmetry and pair counter;
 * contrib/join/README.md has the measurements.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "kernel.h"
#include "quadrant.h"
#include "quadrant_kernel.h"

/* Placements of a rows x cols rectangle (the empty one included; symmetric in rows and cols),
 * for 1 <= rows <= cols <= 12, counted once by a walk over the placements (0.2 s for all of them):
 * tests/unit/test_quadrant.c checks the entries up to 10 x 10 against its own walk, and
 * part_build() asserts the entries of every list it builds. */
static const uint32_t rectangle_placements[12][12] = {
    {2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13},
    {0, 5, 9, 15, 23, 33, 45, 59, 75, 93, 113, 135},
    {0, 0, 18, 37, 68, 117, 190, 293, 432, 613, 842, 1125},
    {0, 0, 0, 87, 185, 371, 701, 1249, 2113, 3413, 5293, 7921},
    {0, 0, 0, 0, 462, 1039, 2224, 4541, 8782, 16099, 28176, 47305},
    {0, 0, 0, 0, 0, 2635, 6335, 14561, 31835, 65975, 130319, 245501},
    {0, 0, 0, 0, 0, 0, 16870, 42807, 103888, 240071, 529826, 1115181},
    {0, 0, 0, 0, 0, 0, 0, 118969, 316395, 803163, 1956213, 4558093},
    {0, 0, 0, 0, 0, 0, 0, 0, 915442, 2524999, 6701976, 17099053},
    {0, 0, 0, 0, 0, 0, 0, 0, 0, 7535369, 21637115, 59835665},
    {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 66807234, 198770307},
    {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 633443407},
};

static size_t placements_of(int rows, int cols) {
    int a = rows < cols ? rows : cols, b = rows < cols ? cols : rows;
    assert(a >= 1 && b <= 12);
    return rectangle_placements[a - 1][b - 1];
}

/* The four quadrants' shapes: rows r0, rows, columns c0, cols of part i (quadrant_lists.part). */
static void part_shapes(int n, int middle, int shape[4][4]) {
    int h = n / 2, below = middle ? h + 1 : h, rows_below = n - below;
    int s[4][4] = {
        {0, h, 0, h}, {0, h, h, n - h}, {below, rows_below, 0, h}, {below, rows_below, h, n - h}};
    memcpy(shape, s, sizeof s);
}

static int args_ok(int n, int middle) {
    return n >= QUADRANT_MIN_N && n <= QUADRANT_MAX_N && (middle == 0 || (middle == 1 && n % 2));
}

size_t quadrant_lists_bytes_needed(int n, int middle) {
    if (!args_ok(n, middle))
        return 0;
    int shape[4][4];
    part_shapes(n, middle, shape);
    /* Summed in 64 bits: n = 22 needs 2.05 GiB, more than a 32-bit size_t (the page's) holds. */
    uint64_t bytes = sizeof(quadrant_lists);
    for (int i = 0; i < 4; i++)
        bytes += (uint64_t)placements_of(shape[i][1], shape[i][3]) * sizeof(quadrant_placement) +
                 (((uint64_t)1 << (shape[i][1] + shape[i][3])) + 1) * sizeof(uint32_t);
    return bytes > SIZE_MAX ? SIZE_MAX : (size_t)bytes;
}

/* The placements of part p, written key after key in increasing key order, so that v is filled
 * from its start to its end and start[key] is where key's begin: a placement of key (R, C) (row
 * subset R, column subset C, local bits) with r the highest row of R is one of key
 * (R - r, C - c) for some c of C, plus a queen at (r, c) on none of its diagonals, and that key is
 * smaller than (R, C), so it is listed already. Each placement so comes once, from the one with its
 * last row's queen taken away; the lists are read in runs and written in order (a walk of the
 * placements one by one, grouped afterwards, wrote them all over the lists: 3.1x slower at n = 20).
 * The stop flag (NULL: none) is looked at every 2^14 keys (a few hundred times a part at
 * n = 22): returns 1 once it is seen (the lists then unfinished), else 0. */
static int part_fill(quadrant_part *p, const volatile int *stop) {
    int rows = p->rows, cols = p->cols;
    uint32_t keys = (uint32_t)1 << (rows + cols), rmask = ((uint32_t)1 << rows) - 1;
    size_t at = 0;
    p->start[0] = 0;
    for (uint32_t key = 0; key < keys; key++) {
        if (!(key & 0x3FFF) && stop && __atomic_load_n(stop, __ATOMIC_RELAXED))
            return 1;
        uint32_t rs = key & rmask, cs = key >> rows;
        if (!key)
            p->v[at++] = (quadrant_placement){0, 0}; /* the empty placement */
        else if (__builtin_popcount(rs) == __builtin_popcount(cs)) {
            int r = 31 - __builtin_clz(rs);
            for (uint32_t cm = cs; cm; cm &= cm - 1) {
                int c = __builtin_ctz(cm);
                uint32_t db = (uint32_t)1 << (r - c + cols - 1), ab = (uint32_t)1 << (r + c);
                uint32_t from = (rs & ~((uint32_t)1 << r)) | (cs & ~((uint32_t)1 << c)) << rows;
                const quadrant_placement *u = p->v + p->start[from], *e = p->v + p->start[from + 1];
                if (at + (size_t)(e - u) <= p->count) /* room for every one of them */
                    for (; u < e; u++) { /* written always, kept where clear: no branch */
                        p->v[at] = (quadrant_placement){u->d | db, u->a | ab};
                        at += !((u->d & db) | (u->a & ab));
                    }
                else /* the last few: never past the end of the lists */
                    for (; u < e; u++)
                        if (!((u->d & db) | (u->a & ab)) && at < p->count)
                            p->v[at++] = (quadrant_placement){u->d | db, u->a | ab};
            }
        }
        p->start[key + 1] = (uint32_t)at;
    }
    return 0;
}

static void part_shape(quadrant_part *p, int n, const int shape[4]) {
    *p = (quadrant_part){shape[0], shape[1], shape[2], shape[3], 0, 0, NULL, NULL, 0};
    /* bit 0 of d: the diagonal of (r0, c0 + cols - 1); of a: the anti-diagonal of (r0, c0) */
    p->d0 = p->r0 - (p->c0 + p->cols - 1) + n - 1, p->a0 = p->r0 + p->c0;
    p->count = placements_of(p->rows, p->cols);
}

static int part_build(quadrant_part *p, const volatile int *stop) {
    size_t keys = (size_t)1 << (p->rows + p->cols);
    if (p->count > SIZE_MAX / sizeof *p->v)
        return NQ_ENOMEM; /* a 32-bit size_t from n = 21 on */
    p->start = calloc(keys + 1, sizeof *p->start);
    p->v = malloc(p->count * sizeof *p->v);
    if (!p->start || !p->v) {
        free(p->start), free(p->v);
        p->start = NULL, p->v = NULL;
        return NQ_ENOMEM;
    }
    if (part_fill(p, stop))
        goto stopped;
    assert(p->start[keys] == p->count); /* the table, checked against the lists */
    return NQ_OK;
stopped:
    free(p->start), free(p->v);
    p->start = NULL, p->v = NULL;
    return NQ_STOPPED;
}

/* The hot bits of the GPU's pair counter (gpu_quadrant.c; the CPU's picks its own for each
 * subproblem, quadrant_body.h): the K diagonals and anti-diagonals through the middle of the cut,
 * which most halves take, K the best measured for the CPU's counter on Zen 3 and Zen 5 at n = 16
 * to 20 (contrib/join/README.md): even n 2 below 18 and 3 from there; odd n none below 19, and
 * from there 2 with the middle cut, 3 with the plain one. */
static uint64_t hot_bits(int n, int middle) {
    int mid = (n - 2) / 2, order[6] = {mid, n - 1 + mid, mid + 1, n + mid, mid - 1, n - 2 + mid};
    int k = n % 2 ? (n >= 19 ? (middle ? 2 : 3) : 0) : (n >= 18 ? 3 : 2);
    uint64_t hot = 0;
    for (int i = 0; i < k; i++)
        hot |= (uint64_t)1 << order[i];
    return hot;
}

int quadrant_lists_start(int n, int middle, quadrant_lists **out) {
    if (!out || !args_ok(n, middle))
        return NQ_EINVAL;
    quadrant_lists *q = calloc(1, sizeof *q);
    if (!q)
        return NQ_ENOMEM;
    q->n = n, q->middle = middle, q->h = n / 2, q->hot = hot_bits(n, middle);
    int shape[4][4];
    part_shapes(n, middle, shape);
    for (int i = 0; i < 4; i++)
        part_shape(&q->part[i], n, shape[i]);
    q->bytes = quadrant_lists_bytes_needed(n, middle);
    *out = q;
    return NQ_OK;
}

int quadrant_lists_build_until(quadrant_lists *q, int part, const volatile int *stop) {
    if (!q || part < 0 || part > 3 || q->part[part].v)
        return NQ_EINVAL;
    return part_build(&q->part[part], stop);
}

int quadrant_lists_build(quadrant_lists *q, int part) {
    return quadrant_lists_build_until(q, part, NULL);
}

int quadrant_lists_new(int n, int middle, quadrant_lists **out) {
    quadrant_lists *q = NULL;
    int rc = out ? quadrant_lists_start(n, middle, &q) : NQ_EINVAL;
    for (int i = 0; i < 4 && rc == NQ_OK; i++)
        rc = quadrant_lists_build(q, i);
    if (rc == NQ_ENOMEM)
        quadrant_lists_free(q);
    if (rc == NQ_OK)
        *out = q;
    return rc;
}

size_t quadrant_lists_bytes(const quadrant_lists *q) {
    return q ? q->bytes : 0;
}

void quadrant_lists_free(quadrant_lists *q) {
    if (!q)
        return;
    for (int i = 0; i < 4; i++) {
        free(q->part[i].start);
        free(q->part[i].v);
    }
    free(q);
}

quadrant_scratch *quadrant_scratch_new(nq_kernel k) {
    nq_kernel use;
    if (nq_kernel_resolve(k, QUADRANT_MIN_N, &use) != NQ_OK)
        return NULL;
    quadrant_scratch *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->kernel = use;
    s->hot_k = -1;
    s->count = quadrant_kernel_count(use);
    s->halves = quadrant_kernel_halves(use);
    assert(s->count && s->halves);
    if (quadrant_buf_fit(&s->table, QUADRANT_TABLE_BYTES, 0)) {
        free(s);
        return NULL;
    }
    return s;
}

size_t quadrant_scratch_bytes(const quadrant_scratch *sc) {
    if (!sc)
        return 0;
    return sizeof *sc + sc->table.bytes + sc->top.bytes + sc->bottom.bytes + sc->keep.bytes +
           sc->tr.bytes + sc->cx.bytes + sc->off.bytes + sc->groups.bytes + sc->keys.bytes +
           sc->runs.bytes;
}

nq_kernel quadrant_scratch_kernel(const quadrant_scratch *sc) {
    return sc->kernel;
}

void quadrant_scratch_set_hot(quadrant_scratch *sc, int k) {
    if (sc)
        sc->hot_k = k < 0 ? -1 : k > QUADRANT_HOT_MAX ? QUADRANT_HOT_MAX : k;
}

void quadrant_scratch_set_stop(quadrant_scratch *sc, const volatile int *stop) {
    if (sc)
        sc->stop = stop;
}

const volatile int *quadrant_scratch_stop(const quadrant_scratch *sc) {
    return sc ? sc->stop : NULL;
}

void quadrant_scratch_free(quadrant_scratch *sc) {
    if (!sc)
        return;
    quadrant_buf *b[] = {&sc->top, &sc->bottom, &sc->keep,   &sc->tr,   &sc->cx,
                         &sc->off, &sc->table,  &sc->groups, &sc->keys, &sc->runs};
    for (size_t i = 0; i < sizeof b / sizeof *b; i++)
        free(b[i]->raw);
    free(sc);
}

int quadrant_solutions(const quadrant_lists *q, int m, uint64_t c, quadrant_scratch *sc,
                       uint64_t *sols, uint64_t *pairs) {
    if (!q || !sols || !pairs)
        return NQ_EINVAL;
    int n = q->n;
    uint64_t full = ((uint64_t)1 << n) - 1;
    if ((c & ~full) || __builtin_popcountll(c) != q->h || (q->middle ? m < 0 || m >= n : m != -1) ||
        (m >= 0 && (c >> m & 1)))
        return NQ_EINVAL;
    quadrant_scratch *own = NULL;
    if (!sc && !(sc = own = quadrant_scratch_new(NQ_KERNEL_AUTO)))
        return NQ_ENOMEM;
    uint64_t s = 0, p = 0;
    int rc = sc->count(q, m, c, sc, &s, &p);
    quadrant_scratch_free(own);
    if (rc == NQ_OK)
        *sols = s, *pairs = p;
    return rc;
}

int quadrant_halves(const quadrant_lists *q, int m, uint64_t c, quadrant_scratch *sc,
                    const uint64_t **top, size_t *nt, const uint64_t **bottom, size_t *nb) {
    if (!q || !sc || !top || !nt || !bottom || !nb)
        return NQ_EINVAL;
    int n = q->n;
    uint64_t full = ((uint64_t)1 << n) - 1;
    if ((c & ~full) || __builtin_popcountll(c) != q->h || (q->middle ? m < 0 || m >= n : m != -1) ||
        (m >= 0 && (c >> m & 1)))
        return NQ_EINVAL;
    size_t t = 0, b = 0;
    int rc = sc->halves(q, m, c, sc, &t, &b);
    if (rc != NQ_OK)
        return rc;
    *top = sc->top.p, *nt = t;
    *bottom = sc->bottom.p, *nb = b;
    return NQ_OK;
}

uint64_t quadrant_lists_hot(const quadrant_lists *q) {
    return q ? q->hot : 0;
}
