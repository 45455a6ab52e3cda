/*
 * split.c: the numbered subproblems of a count: the contract shared by the threads, the
 * checkpoint journal and the MPI driver.
 *
 * For n >= 4 a subproblem is an admissible placement of the first `depth` rows of the
 * symmetry-reduced search of count.c (a corner task: row 0 in column 0, row 1 in column b1;
 * or an edge task: row 0 in column b1), and the subproblems are numbered in the lexicographic
 * order of these prefixes (so the corner tasks come first, by b1, then the edge tasks, by b1).
 * The depth is the least (at least 2, at most n-2) that gives enough subproblems for the
 * threads and for checkpoints of large n, without storing more than about two million. For
 * n <= 3 there is one subproblem, the whole plain search.
 * Workload: a split is built once per count (a walk of the first rows, milliseconds) and read
 * by many threads at once.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "split.h"

struct nq_split {
    int n;
    int depth;       /* rows fixed by every subproblem */
    uint64_t size;   /* number of subproblems */
    uint8_t *prefix; /* size * depth columns, row by row */
    char id[96];
};

/* The split's method and its version; a journal made with another one is refused. */
#define SPLIT_METHOD "nq-split/2 corner-edge-bound"

/* The most subproblems a split stores (depth stops growing before it would exceed this). */
#define SPLIT_MAX_SIZE 2000000u

/* How many subproblems a split of n aims for: enough for dynamic scheduling on many cores at
 * n = 12..16, then four times more for each larger n, so that a subproblem of a long count
 * stays short enough to checkpoint. */
static uint64_t split_target(int n) {
    uint64_t target = 1000;
    for (int m = 17; m <= n && target < SPLIT_MAX_SIZE; m++)
        target *= 4;
    return target < SPLIT_MAX_SIZE ? target : SPLIT_MAX_SIZE;
}

/* Walks the admissible placements of rows 0..depth-1 of one task in lexicographic order;
 * stores them from store[count * depth] on when store is not NULL. Returns the new count. */
static uint64_t split_walk_task(const count_task *t, int depth, uint8_t *store, uint64_t count) {
    uint64_t l[NQ_MAX_N], d[NQ_MAX_N], r[NQ_MAX_N], avail[NQ_MAX_N];
    int cols[NQ_MAX_N];
    int y = 0;
    l[0] = d[0] = r[0] = 0;
    avail[0] = count_task_avail(t, 0, 0, 0, 0);
    for (;;) {
        if (!avail[y]) {
            if (y == 0)
                break;
            y--;
            continue;
        }
        uint64_t bit = avail[y] & (0 - avail[y]);
        avail[y] ^= bit;
        cols[y] = __builtin_ctzll(bit);
        if (y + 1 == depth) {
            if (store)
                for (int i = 0; i < depth; i++)
                    store[count * (uint64_t)depth + (uint64_t)i] = (uint8_t)cols[i];
            count++;
            continue;
        }
        l[y + 1] = (l[y] | bit) << 1;
        d[y + 1] = d[y] | bit;
        r[y + 1] = (r[y] | bit) >> 1;
        y++;
        avail[y] = count_task_avail(t, y, l[y], d[y], r[y]);
    }
    return count;
}

/* Walks every task of n in order (corner tasks by b1, then edge tasks by b1). */
static uint64_t split_walk(int n, int depth, uint8_t *store) {
    uint64_t count = 0;
    count_task t;
    for (int corner = 1; corner >= 0; corner--) {
        for (int b1 = 1; b1 < n; b1++) {
            if (!count_task_valid(n, corner, b1))
                continue;
            count_task_init(&t, n, corner, b1);
            count = split_walk_task(&t, depth, store, count);
        }
    }
    return count;
}

int nq_split_new(int n, nq_split **out) {
    if (n < 1 || n > NQ_MAX_N || !out)
        return NQ_EINVAL;
    int depth = 0;
    uint64_t size = 1;
    if (n >= 4) {
        uint64_t target = split_target(n);
        depth = 2;
        size = split_walk(n, depth, NULL);
        while (size < target && depth < n - 2) {
            uint64_t deeper = split_walk(n, depth + 1, NULL);
            if (deeper > SPLIT_MAX_SIZE)
                break;
            depth++;
            size = deeper;
        }
    }
    nq_split *s = calloc(1, sizeof *s);
    if (!s)
        return NQ_ENOMEM;
    s->n = n;
    s->depth = depth;
    s->size = size;
    /* At most SPLIT_MAX_SIZE prefixes of at most 62 bytes: fits a 32-bit size_t too (wasm). */
    assert(size <= SPLIT_MAX_SIZE && depth <= NQ_MAX_N - 2);
    s->prefix = malloc((size_t)size * (size_t)depth + 1);
    if (!s->prefix) {
        free(s);
        return NQ_ENOMEM;
    }
    if (n >= 4)
        split_walk(n, depth, s->prefix);
    snprintf(s->id, sizeof s->id, "%s n=%d depth=%d size=%llu", SPLIT_METHOD, n, depth,
             (unsigned long long)size);
    *out = s;
    return NQ_OK;
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

int nq_split_solve(const nq_split *s, uint64_t index, nq_counts *out) {
    return split_solve(s, index, out, NULL);
}

int nq_split_solve_kernel(const nq_split *s, uint64_t index, nq_kernel kernel, nq_counts *out) {
    if (!s || !out || index >= s->size || !nq_kernel_supported(kernel))
        return NQ_EINVAL;
    count_scratch *sc = count_scratch_new_kernel(kernel); /* NULL: see count_task_solve_with() */
    int rc = split_solve(s, index, out, sc);
    count_scratch_free(sc);
    return rc;
}

int split_solve(const nq_split *s, uint64_t index, nq_counts *out, count_scratch *sc) {
    if (!s || !out || index >= s->size)
        return NQ_EINVAL;
    if (s->n < 4) {
        count_plain(s->n, NULL, 0, out);
        return NQ_OK;
    }
    int prefix[NQ_MAX_N];
    const uint8_t *p = s->prefix + index * (uint64_t)s->depth;
    for (int i = 0; i < s->depth; i++)
        prefix[i] = p[i];
    count_task t;
    if (prefix[0] == 0)
        count_task_init(&t, s->n, 1, prefix[1]);
    else
        count_task_init(&t, s->n, 0, prefix[0]);
    count_task_solve_with(&t, prefix, s->depth, out, sc);
    return NQ_OK;
}

void nq_split_free(nq_split *s) {
    if (!s)
        return;
    free(s->prefix);
    free(s);
}
