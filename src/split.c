/*
 * split.c: the numbered subproblems of a count: the contract shared by the threads, the
 * checkpoint journal and the MPI driver.
 *
 * For n >= 4 every solution has exactly one queen in each of its border lines (rows 0 and n-1,
 * columns 0 and n-1), three queens if one sits in a corner (two corners always attack each other),
 * four otherwise. These border placements are grouped in classes under the 8 symmetries of the
 * square, and one per class is kept: the one whose tuple (column of the row-0 queen, column of the
 * row-(n-1) queen, row of the column-0 queen, row of the column-(n-1) queen) is the least of its
 * 8 images (the Q27 project's pre-placement, Preusser and Engelhardt 2016, reduced to the
 * outermost ring). A border whose stabilizer (the symmetries that map it to itself) is trivial
 * stands for 8 border placements, and so does each of its completions; a stabilizer is always a
 * group of rotations (a reflection fixes no valid border), of 2 or 4 elements, and then the
 * classes of completions are counted from their number N and the numbers F2 and F4 of those
 * invariant under the half and the quarter turn (Burnside; border_counts()).
 *
 * Subproblems, numbered in this order: each border in the order of its tuple; a border with a
 * trivial stabilizer is split further by the first `depth` queens of the search of count.c (the
 * row it picks, the columns in increasing order), keeping the live states; a symmetric border is
 * one subproblem (its counts need the whole set of its completions). The depth is the least that
 * gives enough subproblems for the threads and for checkpoints of large n, without storing more
 * than about two million (see nq_split_new()). For n <= 3 there is one subproblem, the whole
 * plain search.
 * Workload: a split is built once per count (0.07 s at n = 20, 0.2 s at n = 32 on one core) and
 * read by many threads at once.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "quadrant.h"
#include "split.h"
#include "split_quadrant.h"
#include "symmetry.h"

/* One border placement: its tuple and its stabilizer size. */
typedef struct border {
    uint8_t top, bottom, left, right; /* as in the head comment */
    uint8_t stab;                     /* 1, 2 or 4 */
} border;

struct nq_split {
    int n;
    int depth;        /* queens placed below the border by the subproblems of an asymmetric one */
    uint64_t size;    /* number of subproblems */
    uint32_t borders; /* number of canonical borders */
    border *border;
    uint8_t *sub;         /* size records of split_record(depth) bytes: the border's index (4 bytes,
                           * little-endian), then depth (row, column) pairs, 0xFF for none */
    split_quadrant *quad; /* a quadrant split (split_quadrant.c): no border, no sub */
    char id[96];
};

/* The split's method and its version; a journal made with another one is refused. */
#define SPLIT_METHOD "nq-split/3 border-mrv"

/* The most subproblems a split stores (depth stops growing before it would exceed this). */
#define SPLIT_MAX_SIZE 2000000u

static size_t split_record(int depth) {
    return 4 + 2 * (size_t)depth;
}

/* How many subproblems a split of n aims for: enough for dynamic scheduling on many cores at
 * n = 12..16, then four times more for each larger n, so that a subproblem of a long count
 * stays short enough to checkpoint. */
static uint64_t split_target(int n) {
    uint64_t target = 1000;
    for (int m = 17; m <= n && target < SPLIT_MAX_SIZE; m++)
        target *= 4;
    return target < SPLIT_MAX_SIZE ? target : SPLIT_MAX_SIZE;
}

/* The queens of a border tuple: 3 or 4 cells, corners shared; returns how many. */
static int border_cells(int n, const int *t, int *r, int *c) {
    int cr[4] = {0, n - 1, t[2], t[3]}, cc[4] = {t[0], t[1], 0, n - 1}, q = 0;
    for (int a = 0; a < 4; a++) {
        int dup = 0;
        for (int b = 0; b < q; b++)
            dup |= r[b] == cr[a] && c[b] == cc[a];
        if (!dup)
            r[q] = cr[a], c[q] = cc[a], q++;
    }
    return q;
}

/* The action of a symmetry on border tuples: entry a of the image is entry from[a] of the tuple,
 * or n - 1 minus it when flip[a]. Derived once per n from sym_cell_image() on probe queens
 * (column or row 1, never a corner for n >= 4), so the symmetries are written in one place. */
typedef struct tuple_map {
    int from[4], flip[4];
} tuple_map;

static void tuple_maps(int n, tuple_map *maps) {
    int m = n - 1;
    for (int s = 0; s < NQ_SYMMETRIES; s++) {
        for (int a = 0; a < 4; a++) {
            int r = a == 0 ? 0 : a == 1 ? m : 1, c = a == 2 ? 0 : a == 3 ? m : 1, ir, ic;
            sym_cell_image(n, (nq_symmetry)s, r, c, &ir, &ic);
            int to = ir == 0 ? 0 : ir == m ? 1 : ic == 0 ? 2 : 3;
            int v = to <= 1 ? ic : ir;
            assert(v == 1 || v == m - 1);
            maps[s].from[to] = a;
            maps[s].flip[to] = v != 1;
        }
    }
}

/* If tuple t is a valid border (one queen per border line, none attacking another) and the least
 * of its 8 images, returns its stabilizer size; otherwise 0. */
static int border_canonical(int n, const tuple_map *maps, const int *t) {
    int r[4], c[4];
    /* A corner queen covers two border lines: both must name it. */
    if ((t[0] == 0) != (t[2] == 0) || (t[0] == n - 1) != (t[3] == 0) ||
        (t[1] == 0) != (t[2] == n - 1) || (t[1] == n - 1) != (t[3] == n - 1))
        return 0;
    int q = border_cells(n, t, r, c);
    for (int a = 0; a < q; a++)
        for (int b = a + 1; b < q; b++)
            if (r[a] == r[b] || c[a] == c[b] || r[a] - c[a] == r[b] - c[b] ||
                r[a] + c[a] == r[b] + c[b])
                return 0;
    int stab = 1;
    for (int s = 1; s < NQ_SYMMETRIES; s++) {
        int cmp = 0;
        for (int a = 0; a < 4 && !cmp; a++) {
            int v = t[maps[s].from[a]];
            v = maps[s].flip[a] ? n - 1 - v : v;
            cmp = v < t[a] ? -1 : v > t[a];
        }
        if (cmp < 0)
            return 0;
        stab += cmp == 0;
    }
    assert(stab == 1 || stab == 2 || stab == 4);
    return stab;
}

/* Lists the canonical borders of n in the order of their tuples into out; returns how many. Each of
 * the 8 images of a tuple has as its first entry the coordinate or the mirrored coordinate of one
 * of the four queens, so the least one has the top queen no further from its corner than any other
 * queen: the loops skip every other tuple. */
static uint32_t border_list(int n, border *out) {
    uint32_t count = 0;
    tuple_map maps[NQ_SYMMETRIES];
    tuple_maps(n, maps);
    for (int i = 0; 2 * i <= n - 1; i++) {
        int lo = i, hi = n - 1 - i;
        for (int j = lo; j <= hi; j++)
            for (int k = lo; k <= hi; k++)
                for (int l = lo; l <= hi; l++) {
                    int t[4] = {i, j, k, l};
                    int stab = border_canonical(n, maps, t);
                    if (!stab)
                        continue;
                    out[count].top = (uint8_t)i, out[count].bottom = (uint8_t)j;
                    out[count].left = (uint8_t)k, out[count].right = (uint8_t)l;
                    out[count].stab = (uint8_t)stab;
                    count++;
                }
    }
    return count;
}

/* The board state of border b (its queens placed). */
static void border_state(int n, const border *b, count_state *s) {
    int t[4] = {b->top, b->bottom, b->left, b->right}, r[4], c[4];
    int q = border_cells(n, t, r, c);
    count_state_init(s, n);
    for (int a = 0; a < q; a++) {
        int ok = count_state_place(s, r[a], c[a]);
        assert(ok);
        (void)ok;
    }
}

typedef struct walk {
    int depth;
    uint64_t count; /* subproblems found */
    uint64_t next;  /* at most this many one level deeper */
    uint8_t *store; /* the records, grown as needed */
    size_t cap;     /* records the store has room for */
    int oom;        /* an allocation failed */
    size_t stride;
    uint32_t index;
    uint8_t path[2 * NQ_MAX_N];
} walk;

/* Stores the subproblem found by the walk; s: its state when it may be divided further (live),
 * else NULL. The bound on the next level stops growing once it is too large to matter. */
static void walk_store(walk *w, const count_state *s) {
    if (s && s->left > 0 && w->next <= SPLIT_MAX_SIZE)
        w->next += (uint64_t)__builtin_popcountll(s->free[count_state_pick(s)]);
    if (w->count == w->cap && !w->oom) {
        size_t cap = w->cap ? 2 * w->cap : 1024;
        uint8_t *p = realloc(w->store, cap * w->stride);
        if (!p)
            w->oom = 1;
        else
            w->store = p, w->cap = cap;
    }
    if (!w->oom) {
        uint8_t *p = w->store + (size_t)w->count * w->stride;
        for (int i = 0; i < 4; i++)
            p[i] = (uint8_t)(w->index >> (8 * i));
        memcpy(p + 4, w->path, w->stride - 4);
    }
    w->count++;
}

/* The live states at `depth` queens below s, in the search's order. */
static void walk_state(walk *w, const count_state *s, int level) {
    if (level == w->depth) {
        walk_store(w, s);
        return;
    }
    int y = count_state_pick(s);
    for (uint64_t a = s->free[y]; a; a &= a - 1) {
        int x = __builtin_ctzll(a);
        count_state c = *s;
        count_state_place(&c, y, x);
        if (!count_state_live(&c))
            continue;
        w->path[2 * level] = (uint8_t)y, w->path[2 * level + 1] = (uint8_t)x;
        walk_state(w, &c, level + 1);
    }
}

/* Walks every border of the list down to depth, storing the subproblems' records in w (which the
 * caller frees). */
static void split_walk(int n, const border *list, uint32_t borders, int depth, walk *w) {
    memset(w, 0, sizeof *w);
    w->depth = depth, w->stride = split_record(depth);
    for (uint32_t b = 0; b < borders && !w->oom; b++) {
        w->index = b;
        memset(w->path, 0xFF, sizeof w->path);
        if (list[b].stab > 1) {
            /* A symmetric border is one subproblem at every depth. */
            w->next++;
            walk_store(w, NULL);
            continue;
        }
        if (depth == 0 && w->next > SPLIT_MAX_SIZE) {
            walk_store(w, NULL);
            continue;
        }
        count_state s;
        border_state(n, &list[b], &s);
        /* A dead border has no completion, and then no subproblem below it. */
        int live = count_state_live(&s);
        if (depth == 0)
            walk_store(w, live ? &s : NULL);
        else if (live)
            walk_state(w, &s, 0);
    }
}

int nq_split_new(int n, nq_split **out) {
    if (n < 1 || n > NQ_MAX_N || !out)
        return NQ_EINVAL;
    nq_split *s = calloc(1, sizeof *s);
    if (!s)
        return NQ_ENOMEM;
    s->n = n;
    s->size = 1;
    if (n < 4) {
        s->sub = malloc(1);
        if (!s->sub) {
            free(s);
            return NQ_ENOMEM;
        }
    } else {
        /* Room for every tuple the enumeration looks at, then only for those kept. */
        size_t room = 0;
        for (int i = 0; 2 * i <= n - 1; i++)
            room += (size_t)(n - 2 * i) * (size_t)(n - 2 * i) * (size_t)(n - 2 * i);
        s->border = malloc(room * sizeof *s->border);
        if (!s->border) {
            free(s);
            return NQ_ENOMEM;
        }
        s->borders = border_list(n, s->border);
        border *fit = realloc(s->border, s->borders * sizeof *s->border);
        if (fit)
            s->border = fit;
        uint64_t target = split_target(n);
        walk w;
        split_walk(n, s->border, s->borders, 0, &w);
        if (w.oom) {
            free(w.store);
            free(s->border);
            free(s);
            return NQ_ENOMEM;
        }
        s->size = w.count, s->sub = w.store;
        /* One level deeper while there are too few subproblems, as long as that level cannot hold
         * more than SPLIT_MAX_SIZE (bounded by the candidates of the rows the search picks) and
         * no solution (below the depth n - 5 a walk could meet one). On small boards a deeper
         * level can hold fewer live states, and then it is not taken. */
        while (s->size < target && s->depth < n - 5 && w.next <= SPLIT_MAX_SIZE) {
            walk deeper;
            split_walk(n, s->border, s->borders, s->depth + 1, &deeper);
            if (deeper.oom) {
                free(deeper.store);
                free(s->sub);
                free(s->border);
                free(s);
                return NQ_ENOMEM;
            }
            if (deeper.count <= s->size) {
                free(deeper.store);
                break;
            }
            free(s->sub);
            w = deeper;
            s->depth++;
            s->size = w.count, s->sub = w.store;
        }
    }
    snprintf(s->id, sizeof s->id, "%s n=%d depth=%d size=%llu", SPLIT_METHOD, n, s->depth,
             (unsigned long long)s->size);
    *out = s;
    return NQ_OK;
}

int nq_split_new_method(int n, nq_method m, nq_split **out) {
    if (n < 1 || n > NQ_MAX_N || !out ||
        (m == NQ_METHOD_QUADRANT && (n < QUADRANT_MIN_N || n > NQ_METHOD_QUADRANT_MAX_N)) ||
        nq_method_resolve(m, n, &m) != NQ_OK)
        return NQ_EINVAL;
    if (m != NQ_METHOD_QUADRANT)
        return nq_split_new(n, out);
    nq_split *s = calloc(1, sizeof *s);
    if (!s)
        return NQ_ENOMEM;
    int rc = split_quadrant_new(n, &s->quad);
    if (rc != NQ_OK) {
        free(s);
        return rc;
    }
    s->n = n;
    s->size = split_quadrant_size(s->quad);
    snprintf(s->id, sizeof s->id, "%s", split_quadrant_id(s->quad));
    *out = s;
    return NQ_OK;
}

/* The split an id names: both kinds are rebuilt from their n (each id holds it) and the rebuilt
 * one's id must be the same string, which refuses any other numbering or version. */
int nq_split_new_id(const char *id, nq_split **out) {
    if (!id || !out)
        return NQ_EINVAL;
    static const char *const kinds[] = {SPLIT_METHOD " n=", "nq-split/4 quadrant n="};
    static const nq_method methods[] = {NQ_METHOD_BACKTRACK, NQ_METHOD_QUADRANT};
    for (int k = 0; k < 2; k++) {
        size_t len = strlen(kinds[k]);
        if (strncmp(id, kinds[k], len) != 0)
            continue;
        int n = 0, digits = 0;
        for (const char *p = id + len; *p >= '0' && *p <= '9' && digits < 3; p++, digits++)
            n = 10 * n + (*p - '0');
        if (digits == 0 || n < 1 || n > NQ_MAX_N)
            return NQ_EINVAL;
        nq_split *s;
        int rc = nq_split_new_method(n, methods[k], &s);
        if (rc != NQ_OK)
            return rc == NQ_ENOMEM ? rc : NQ_EINVAL;
        if (strcmp(s->id, id) != 0) {
            nq_split_free(s);
            return NQ_EINVAL;
        }
        *out = s;
        return NQ_OK;
    }
    return NQ_EINVAL;
}

nq_method nq_split_method(const nq_split *s) {
    return !s ? NQ_METHOD_AUTO : s->quad ? NQ_METHOD_QUADRANT : NQ_METHOD_BACKTRACK;
}

uint64_t nq_split_memory(const nq_split *s) {
    return s && s->quad ? split_quadrant_memory(s->quad) : 0;
}

int nq_split_complete(const nq_split *s, nq_counts *sum) {
    if (!s || !sum)
        return NQ_EINVAL;
    return s->quad ? split_quadrant_complete(sum) : NQ_OK;
}

int nq_split_columns(const nq_split *s, uint64_t index, uint64_t *top, int *middle, int *weight) {
    if (!s || !s->quad || !top || !middle || !weight)
        return NQ_EINVAL;
    return split_quadrant_columns(s->quad, index, top, middle, weight);
}

int nq_split_n(const nq_split *s) {
    return s ? s->n : 0;
}

uint64_t nq_split_size(const nq_split *s) {
    return s ? s->size : 0;
}

const char *nq_split_id(const nq_split *s) {
    return s ? s->id : "";
}

int nq_split_count_method(const nq_split *s, nq_method asked, nq_method *out) {
    if (!s || !out || !nq_method_name(asked)) /* out of range, or 2: the retired join */
        return NQ_EINVAL;
    if (s->quad) {
        if (asked != NQ_METHOD_AUTO && asked != NQ_METHOD_QUADRANT)
            return NQ_EINVAL;
        *out = NQ_METHOD_QUADRANT;
        return NQ_OK;
    }
    if (asked == NQ_METHOD_QUADRANT)
        return NQ_EINVAL;
    if (asked == NQ_METHOD_AUTO) /* the border split's own method */
        asked = NQ_METHOD_BACKTRACK;
    return nq_method_resolve(asked, s->n, out);
}

/* A quadrant subproblem recounted by backtracking (nq_split_solve_method()): its board, the top
 * rows held to its columns, searched by kernel, the total weighted by its class. */
static int split_quadrant_backtrack(const nq_split *s, uint64_t index, nq_kernel kernel,
                                    nq_counts *out) {
    if (index == 0) /* its classes come from a search already */
        return split_quadrant_solve(s->quad, 0, out, NULL);
    uint64_t top;
    int m, w;
    count_state st;
    if (split_quadrant_columns(s->quad, index, &top, &m, &w) != NQ_OK ||
        split_quadrant_board(s->quad, index, &st) != NQ_OK)
        return NQ_EINVAL;
    count_scratch *sc = count_scratch_new_kernel(kernel); /* NULL: see count_completions() */
    uint64_t nodes = 0, sols = count_completions(&st, sc, &nodes);
    count_scratch_free(sc);
    memset(out, 0, sizeof *out);
    out->total = (nq_u128)sols * (nq_u128)w;
    out->nodes = nodes;
    return NQ_OK;
}

int nq_split_solve_method(const nq_split *s, uint64_t index, nq_method method, nq_kernel kernel,
                          nq_counts *out) {
    if (s && s->quad && out && index < s->size && method == NQ_METHOD_BACKTRACK &&
        nq_kernel_supported(kernel))
        return split_quadrant_backtrack(s, index, kernel, out);
    if (!s || !out || index >= s->size || nq_split_count_method(s, method, &method) != NQ_OK)
        return NQ_EINVAL;
    return nq_split_solve_kernel(s, index, kernel, out); /* backtracking, or the quadrant's */
}

int nq_split_solve(const nq_split *s, uint64_t index, nq_counts *out) {
    return split_solve(s, index, out, NULL);
}

/* The counts of a subproblem of a border with stabilizer size stab from its N completions: every
 * class of completions stands for one class of solutions (a symmetry that maps a completion of
 * this border to a completion of this border fixes the border). With a trivial stabilizer each
 * completion is a class of 8; otherwise the classes are counted with the completions invariant
 * under the half turn (f2) and the quarter turn (f4), none of them fixed by a reflection. */
static void border_counts(uint64_t sols, int stab, uint64_t f2, uint64_t f4, nq_counts *out) {
    memset(out, 0, sizeof *out);
    if (stab == 1) {
        out->orbit8 = sols;
    } else if (stab == 2) {
        /* {e, r180}: the invariant ones are classes of 4, the others pair up into classes of 8. */
        assert(f2 <= sols && (sols - f2) % 2 == 0);
        out->orbit8 = (sols - f2) / 2;
        out->orbit4 = f2;
    } else {
        /* The 4 rotations: quarter-turn invariant ones are classes of 2, half-turn invariant ones
         * pair up into classes of 4, the others make classes of 8 four at a time. */
        assert(f4 <= f2 && f2 <= sols && (f2 - f4) % 2 == 0 && (sols - f2) % 4 == 0);
        out->orbit8 = (sols - f2) / 4;
        out->orbit4 = (f2 - f4) / 2;
        out->orbit2 = f4;
    }
    out->unique = out->orbit8 + out->orbit4 + out->orbit2;
    out->total = (nq_u128)sols * (nq_u128)(8 / stab);
}

int split_queens(const nq_split *s, uint64_t index, int *rows, int *cols, int *stab) {
    if (!s || s->quad || index >= s->size || s->n < 4)
        return -1;
    const uint8_t *p = s->sub + (size_t)index * split_record(s->depth);
    uint32_t b = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
    assert(b < s->borders);
    const border *bd = &s->border[b];
    int t[4] = {bd->top, bd->bottom, bd->left, bd->right};
    int q = border_cells(s->n, t, rows, cols);
    for (int i = 0; i < s->depth && p[4 + 2 * i] != 0xFF; i++)
        rows[q] = p[4 + 2 * i], cols[q] = p[5 + 2 * i], q++;
    *stab = bd->stab;
    return q;
}

int split_state(const nq_split *s, uint64_t index, count_state *st, int *stab) {
    int rows[NQ_MAX_N], cols[NQ_MAX_N];
    int q = split_queens(s, index, rows, cols, stab);
    if (q < 0)
        return NQ_EINVAL;
    count_state_init(st, s->n);
    for (int i = 0; i < q; i++) {
        int ok = count_state_place(st, rows[i], cols[i]);
        assert(ok);
        (void)ok;
    }
    return NQ_OK;
}

void split_weigh(const count_state *st, int stab, uint64_t sols, uint64_t nodes, nq_counts *out) {
    uint64_t f2 = 0, f4 = 0;
    if (stab > 1 && sols > 0) {
        f2 = count_symmetric(st, 0);
        f4 = stab == 4 ? count_symmetric(st, 1) : 0;
    }
    border_counts(sols, stab, f2, f4, out);
    out->nodes = nodes;
}

int split_solve(const nq_split *s, uint64_t index, nq_counts *out, count_scratch *sc) {
    if (!s || !out || index >= s->size)
        return NQ_EINVAL;
    if (s->quad)
        return split_quadrant_solve(s->quad, index, out, NULL);
    if (s->n < 4) {
        count_plain(s->n, out);
        return NQ_OK;
    }
    count_state st;
    int stab;
    int rc = split_state(s, index, &st, &stab);
    assert(rc == NQ_OK);
    (void)rc;
    uint64_t nodes;
    uint64_t sols = count_completions(&st, sc, &nodes);
    if (count_scratch_stopped(sc))
        return NQ_STOPPED; /* partial: never weighed, reported or recorded */
    split_weigh(&st, stab, sols, nodes, out);
    return NQ_OK;
}

int split_solve_quadrant(const nq_split *s, uint64_t index, nq_counts *out, quadrant_scratch *qs) {
    if (!s || !out || !s->quad)
        return NQ_EINVAL;
    return split_quadrant_solve(s->quad, index, out, qs);
}

const quadrant_lists *split_quadrant_lists(const nq_split *s, const volatile int *stop, int *rc) {
    if (!s || !s->quad) {
        *rc = NQ_EINVAL;
        return NULL;
    }
    return split_quadrant_get_lists(s->quad, stop, rc);
}

int split_quadrant_state(const nq_split *s, uint64_t index, count_state *st) {
    if (!s || !st || !s->quad)
        return NQ_EINVAL;
    return split_quadrant_board(s->quad, index, st);
}

int nq_split_queens(const nq_split *s, uint64_t index, int *rows, int *cols, int *placed) {
    if (!s || s->quad || !rows || !cols || !placed || index >= s->size)
        return NQ_EINVAL;
    int stab;
    int q = s->n < 4 ? 0 : split_queens(s, index, rows, cols, &stab);
    assert(q >= 0);
    *placed = q;
    return NQ_OK;
}

int nq_split_solve_kernel(const nq_split *s, uint64_t index, nq_kernel kernel, nq_counts *out) {
    if (!s || !out || index >= s->size || !nq_kernel_supported(kernel))
        return NQ_EINVAL;
    if (s->quad) {
        quadrant_scratch *qs = index > 0 ? quadrant_scratch_new(kernel) : NULL;
        if (index > 0 && !qs)
            return NQ_ENOMEM;
        int rc = split_quadrant_solve(s->quad, index, out, qs);
        quadrant_scratch_free(qs);
        return rc;
    }
    count_scratch *sc = count_scratch_new_kernel(kernel); /* NULL: see count_completions() */
    int rc = split_solve(s, index, out, sc);
    count_scratch_free(sc);
    return rc;
}

void nq_split_free(nq_split *s) {
    if (!s)
        return;
    split_quadrant_free(s->quad);
    free(s->border);
    free(s->sub);
    free(s);
}
