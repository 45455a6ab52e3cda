/*
 * gpu_quadrant.c: the quadrant join counted on GPUs (gpu_quadrant.h): each host thread takes
 * subproblems of a quadrant split from the count's drive (drive.c, as the CPU workers and the
 * GPU's backtracking do), builds their halves with the CPU's code (quadrant_halves()), lays them
 * out for the device's pair counter (gpu_pairs.h) and submits them in batches, two in flight, so
 * that the host builds the next batch while the device counts the last; the device gives each
 * subproblem's pairs that AND to 0, the solutions before its weight. Several host threads feed
 * one device (gpu.c starts them), each with its own streams: the halves and their layout take the
 * host longer than the pairs take the device (on an H200 with 16 host cores, n = 20 took 4.4 s
 * with 16 host threads and 6.2 s with 8; bench/RESULTS.md).
 * Workload: n = 16..23, thousands to millions of subproblems, each 10^3..10^6 halves a side.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "cuda/gpu_backend.h"
#include "gpu_quadrant.h"
#include "split.h"

/* A batch is sent when it holds this many subproblems, signatures or pairs. */
#define PAIR_BATCH_SUBS   4096u
#define PAIR_BATCH_VALUES ((size_t)1 << 23)
#define PAIR_BATCH_PAIRS  ((uint64_t)1 << 34)

/* Grows *p (of *cap elements of size `size`) to hold at least `need`; 0, or -1 without memory. */
static int grow(void **p, size_t *cap, size_t need, size_t size) {
    if (need <= *cap)
        return 0;
    size_t c = *cap ? *cap : 1024;
    while (c < need)
        c *= 2;
    void *q = realloc(*p, c * size);
    if (!q)
        return -1;
    *p = q, *cap = c;
    return 0;
}

/* The hot bits as runs of adjacent bits (the diagonals through the middle of the cut come in
 * two runs), so that a signature's group (its bits under the mask, packed) costs a few shifts. */
typedef struct hot_runs {
    int k;
    int at[6], to[6]; /* run r: bits at[r].. of a signature to bits to[r].. of the group */
    uint64_t mask[6];
} hot_runs;

static void hot_runs_make(hot_runs *h, uint64_t hk) {
    h->k = 0;
    int to = 0;
    while (hk) {
        int at = __builtin_ctzll(hk), len = 0;
        while (hk >> (at + len) & 1)
            len++;
        h->at[h->k] = at, h->to[h->k] = to, h->mask[h->k] = ((uint64_t)1 << len) - 1;
        h->k++;
        to += len;
        hk &= ~(h->mask[h->k - 1] << at);
    }
}

static unsigned hot_group(const hot_runs *h, uint64_t x) {
    uint64_t g = 0;
    for (int r = 0; r < h->k; r++)
        g |= (x >> h->at[r] & h->mask[r]) << h->to[r];
    return (unsigned)g;
}

int gpu_pair_build_add(gpu_pair_build *b, const uint64_t *t, size_t nt, const uint64_t *u,
                       size_t nu, uint64_t hot) {
    if (nt > nu) { /* the larger half makes the bottoms: more tasks */
        const uint64_t *x = t;
        size_t y = nt;
        t = u, nt = nu, u = x, nu = y;
    }
    if (!nt)
        nu = 0; /* no pair: nothing to lay out */
    uint64_t ut = 0, uu = 0;
    for (size_t i = 0; i < nt; i++)
        ut |= t[i];
    for (size_t j = 0; j < nu; j++)
        uu |= u[j];
    uint64_t both = ut & uu, hk = hot & both;
    while (__builtin_popcountll(hk) > 6) /* at most 64 groups; the other bits are weighed */
        hk &= hk - 1;
    uint64_t rest = both & ~hk;
    int groups = 1 << __builtin_popcountll(hk);
    if (rest >> GPU_PAIR_BITS)
        return NQ_EINVAL; /* no signature of n <= QUADRANT_MAX_N has such bits */
    hot_runs hr;
    hot_runs_make(&hr, hk);
    if (grow((void **)&b->group, &b->group_cap, nt + nu + 1, 1)) /* + 1: never NULL */
        return NQ_ENOMEM;
    uint8_t *gt = b->group, *gu = gt + nt; /* each signature's group, found once */
    size_t cnt[64] = {0}, tcnt[65] = {0}, pos[64], padded = 0;
    for (size_t j = 0; j < nu; j++)
        cnt[gu[j] = (uint8_t)hot_group(&hr, u[j])]++;
    for (size_t i = 0; i < nt; i++)
        tcnt[(gt[i] = (uint8_t)hot_group(&hr, t[i])) + 1]++;
    uint32_t ntask = 0;
    for (int g = 0; g < groups; g++) {
        size_t blocks = (cnt[g] + 31) / 32;
        pos[g] = b->nbottoms + padded;
        padded += blocks * 32;
        ntask += (uint32_t)((blocks + GPU_PAIR_BLOCKS - 1) / GPU_PAIR_BLOCKS);
        tcnt[g + 1] += tcnt[g];
    }
    size_t head = (size_t)groups + 1;
    if (grow((void **)&b->subs, &b->sub_cap, (size_t)b->nsub + 1, sizeof *b->subs) ||
        grow((void **)&b->tasks, &b->task_cap, (size_t)b->ntasks + ntask, sizeof *b->tasks) ||
        grow((void **)&b->tops, &b->top_cap, b->ntops + head + nt, sizeof *b->tops) ||
        grow((void **)&b->bottoms, &b->bottom_cap, b->nbottoms + padded + 1, sizeof *b->bottoms))
        return NQ_ENOMEM;
    gpu_pair_sub *s = &b->subs[b->nsub];
    memset(s, 0, sizeof *s);
    s->top0 = b->ntops;
    s->groups = groups;
    s->chunks = rest ? (63 - __builtin_clzll(rest)) / GPU_PAIR_CW + 1 : 1;
    uint64_t *off = b->tops + b->ntops, *tv = off + head;
    for (int g = 0; g <= groups; g++)
        off[g] = tcnt[g];
    for (size_t i = 0; i < nt; i++) /* tcnt[g]: where group g's next top goes */
        tv[tcnt[gt[i]]++] = gpu_pair_pack(t[i] & rest);
    memset(b->bottoms + b->nbottoms, 0, padded * sizeof *b->bottoms); /* padding: never counted */
    size_t at[64];
    memcpy(at, pos, sizeof at);
    for (size_t j = 0; j < nu; j++)
        b->bottoms[at[gu[j]]++] = u[j] & rest;
    for (int g = 0; g < groups; g++)
        for (size_t k = 0; k < cnt[g]; k += 32u * GPU_PAIR_BLOCKS) {
            size_t left = cnt[g] - k;
            size_t take = left < 32u * GPU_PAIR_BLOCKS ? left : 32u * GPU_PAIR_BLOCKS;
            gpu_pair_task *tk = &b->tasks[b->ntasks++];
            memset(tk, 0, sizeof *tk);
            tk->bottom0 = pos[g] + k;
            tk->sub = b->nsub;
            tk->group = (uint32_t)g;
            tk->nblocks = (uint32_t)((take + 31) / 32);
            tk->valid = (uint32_t)take;
        }
    b->ntops += head + nt;
    b->nbottoms += padded;
    b->pairs += (uint64_t)nt * nu;
    b->nsub++;
    return NQ_OK;
}

void gpu_pair_build_clear(gpu_pair_build *b) {
    b->ntops = b->nbottoms = 0;
    b->nsub = b->ntasks = 0;
    b->pairs = 0;
}

void gpu_pair_build_free(gpu_pair_build *b) {
    free(b->tops), free(b->bottoms), free(b->subs), free(b->tasks), free(b->group);
    memset(b, 0, sizeof *b);
}

/* ---- One host thread's loop ---------------------------------------------------------------- */

/* The host side of one slot: the batch and, per subproblem, its number, weight and result. */
typedef struct pair_slot {
    gpu_pair_build b;
    uint64_t *index, *sols;
    int *weight;
    nq_counts *counts;
    uint64_t *halves; /* tops x bottoms of each, the measure of work (nq_counts.nodes) */
    uint32_t n;       /* subproblems taken, some of them (number 0) counted here */
    int pending;
} pair_slot;

static void slot_free(pair_slot *p) {
    gpu_pair_build_free(&p->b);
    free(p->index), free(p->sols), free(p->weight), free(p->counts), free(p->halves);
}

static int slot_alloc(pair_slot *p) {
    memset(p, 0, sizeof *p);
    size_t k = PAIR_BATCH_SUBS;
    p->index = malloc(k * sizeof *p->index);
    p->sols = malloc(k * sizeof *p->sols);
    p->weight = malloc(k * sizeof *p->weight);
    p->counts = malloc(k * sizeof *p->counts);
    p->halves = malloc(k * sizeof *p->halves);
    if (!p->index || !p->sols || !p->weight || !p->counts || !p->halves) {
        slot_free(p);
        return NQ_ENOMEM;
    }
    return NQ_OK;
}

/* Fills p with subproblems from the drive: their halves into the batch (number 0, the symmetric
 * solutions, is counted here at once). p->n = 0 when there is no more work. */
static int slot_fill(pair_slot *p, drive *dr, const quadrant_lists *q, quadrant_scratch *qs) {
    gpu_pair_build_clear(&p->b);
    p->n = 0;
    uint64_t hot = quadrant_lists_hot(q);
    uint32_t most = dr->opt->gpu_batch && dr->opt->gpu_batch < PAIR_BATCH_SUBS ? dr->opt->gpu_batch
                                                                               : PAIR_BATCH_SUBS;
    while (p->n < most && p->b.ntops + p->b.nbottoms < PAIR_BATCH_VALUES &&
           p->b.pairs < PAIR_BATCH_PAIRS) {
        uint32_t j = p->n;
        if (drive_take(dr, &p->index[j], 1) == 0)
            break;
        p->n++;
        nq_counts *c = &p->counts[j];
        memset(c, 0, sizeof *c);
        p->weight[j] = -1; /* counted here */
        if (p->index[j] == 0) {
            int rc = split_solve_quadrant(dr->s, 0, c, NULL);
            if (rc != NQ_OK)
                return rc;
            continue;
        }
        uint64_t top;
        int m, w;
        const uint64_t *t, *u;
        size_t nt, nu;
        int rc = nq_split_columns(dr->s, p->index[j], &top, &m, &w);
        if (rc == NQ_OK)
            rc = quadrant_halves(q, m, top, qs, &t, &nt, &u, &nu);
        if (rc == NQ_OK)
            rc = gpu_pair_build_add(&p->b, t, nt, u, nu, hot);
        if (rc != NQ_OK)
            return rc;
        p->weight[j] = w;
        p->halves[j] = (uint64_t)nt * nu;
    }
    return NQ_OK;
}

/* The results of a collected batch, weighed (total = pairs x weight), to the drive. */
static int slot_give(pair_slot *p, drive *dr, uint64_t *done) {
    uint32_t k = 0;
    for (uint32_t j = 0; j < p->n; j++) {
        if (p->weight[j] < 0)
            continue;
        nq_counts *c = &p->counts[j];
        c->total = (nq_u128)p->sols[k++] * (nq_u128)p->weight[j];
        c->nodes = p->halves[j];
    }
    assert(k == p->b.nsub);
    size_t counted = 0;
    int stop = p->n ? drive_give(dr, p->index, p->counts, p->n, &counted) : 0;
    *done += counted;
    return stop;
}

int gpu_quadrant_drive(drive *dr, int device, uint64_t *done) {
    int rc;
    const quadrant_lists *q = split_quadrant_lists(dr->s, dr->opt->stop, &rc);
    if (!q) {
        if (rc == NQ_STOPPED)
            drive_abandon(dr); /* nothing taken yet: the count is stopped, no number lost */
        else
            drive_fail(dr, rc);
        return rc;
    }
    quadrant_scratch *qs = quadrant_scratch_new(NQ_KERNEL_AUTO);
    gpu_dev *d = NULL;
    pair_slot slot[GPU_SLOTS];
    int ok = 0;
    rc = qs ? NQ_OK : NQ_ENOMEM;
    for (; rc == NQ_OK && ok < GPU_SLOTS; ok++)
        rc = slot_alloc(&slot[ok]);
    if (rc != NQ_OK)
        ok--;
    if (rc == NQ_OK)
        rc = gpu_backend_open(device, &d);
    int cur = 0, stop = 0;
    while (rc == NQ_OK) {
        pair_slot *p = &slot[cur];
        p->n = 0;
        if (!stop && (rc = slot_fill(p, dr, q, qs)) != NQ_OK)
            break;
        if (p->n > 0) {
            if (p->b.ntasks > 0 && (rc = gpu_backend_pairs_submit(
                                        d, cur, p->b.tops, p->b.ntops, p->b.bottoms, p->b.nbottoms,
                                        p->b.subs, p->b.nsub, p->b.tasks, p->b.ntasks)) != NQ_OK)
                break;
            if (p->b.ntasks == 0)
                memset(p->sols, 0, p->b.nsub * sizeof *p->sols);
            p->pending = 1 + (p->b.ntasks > 0);
        }
        int other = (cur + 1) % GPU_SLOTS;
        pair_slot *o = &slot[other];
        if (o->pending) {
            if (o->pending == 2 && (rc = gpu_backend_pairs_collect(d, other, o->sols)) != NQ_OK)
                break;
            o->pending = 0;
            stop |= slot_give(o, dr, done);
        }
        if (!p->pending)
            break;
        cur = other;
    }
    gpu_backend_close(d);
    for (int i = 0; i < ok; i++)
        slot_free(&slot[i]);
    quadrant_scratch_free(qs);
    if (rc != NQ_OK)
        drive_fail(dr, rc);
    return rc;
}
