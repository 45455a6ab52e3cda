/*
 * split.c: the numbered subproblems of a count.
 *
 * Version 1 (plain): every valid placement of the first `depth` rows, in lexicographic order,
 * is one subproblem; each is counted by plain backtracking with a canonical check.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "count.h"

struct nq_split {
    int n;
    int depth;       /* rows fixed by every subproblem */
    uint64_t size;   /* number of subproblems */
    uint8_t *prefix; /* size * depth columns */
    char id[96];
};

/* Calls emit for every valid placement of rows 0..depth-1 in lexicographic order; returns the
 * number of placements. */
static uint64_t split_walk(int n, int depth, uint8_t *store) {
    uint64_t count = 0;
    int cols[NQ_MAX_N];
    uint64_t mask = n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
    uint64_t l[NQ_MAX_N + 1], d[NQ_MAX_N + 1], r[NQ_MAX_N + 1], avail[NQ_MAX_N + 1];
    if (depth == 0)
        return 1;
    int y = 0;
    l[0] = d[0] = r[0] = 0;
    avail[0] = mask;
    for (;;) {
        if (avail[y]) {
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
            avail[y] = mask & ~(l[y] | d[y] | r[y]);
        } else {
            if (y == 0)
                break;
            y--;
        }
    }
    return count;
}

int nq_split_new(int n, nq_split **out) {
    if (n < 1 || n > NQ_MAX_N || !out)
        return NQ_EINVAL;
    int depth = n <= 4 ? 1 : n <= 10 ? 2 : 3;
    nq_split *s = calloc(1, sizeof *s);
    if (!s)
        return NQ_ENOMEM;
    s->n = n;
    s->depth = depth;
    s->size = split_walk(n, depth, NULL);
    s->prefix = malloc(s->size * (uint64_t)depth + 1);
    if (!s->prefix) {
        free(s);
        return NQ_ENOMEM;
    }
    split_walk(n, depth, s->prefix);
    snprintf(s->id, sizeof s->id, "nq-split plain-v1 n=%d depth=%d size=%llu", n, depth,
             (unsigned long long)s->size);
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
    if (!s || !out || index >= s->size)
        return NQ_EINVAL;
    int prefix[NQ_MAX_N];
    for (int i = 0; i < s->depth; i++)
        prefix[i] = s->prefix[index * (uint64_t)s->depth + (uint64_t)i];
    count_plain(s->n, prefix, s->depth, out);
    return NQ_OK;
}

void nq_split_free(nq_split *s) {
    if (!s)
        return;
    free(s->prefix);
    free(s);
}
