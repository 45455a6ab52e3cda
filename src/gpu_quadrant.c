/*
 * gpu_quadrant.c: the quadrant join counted on GPUs (gpu_quadrant.h): each host thread takes
 * subproblems of a quadrant split from the count's drive (drive.c, as the CPU workers and the
 * GPU's backtracking do), builds their halves with the CPU's code (quadrant_halves()) and submits
 * them as they are, in batches, two in flight, so that the host builds the next batch while the
 * device lays out and counts the last (gpu_pairs.h); the device gives each subproblem's pairs
 * that AND to 0, the solutions before its weight. Several host threads feed one device (gpu.c
 * starts them), each with its own streams. The layout moved to the device when the first runs
 * on an H200 showed the host's halves and layout to be the bottleneck (n = 20 took 4.4 s with 16
 * host threads and 6.2 s with 8; bench/RESULTS.md).
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

/* Grows *p (of *cap elements of size `size`) to hold at least `need`, keeping its elements, in
 * memory of b's allocator; 0, or -1 without memory. */
static int grow(const gpu_pair_build *b, void **p, size_t *cap, size_t need, size_t size) {
    if (need <= *cap)
        return 0;
    size_t c = *cap ? *cap : 1024;
    while (c < need)
        c *= 2;
    void *q = b->alloc ? b->alloc(c * size) : malloc(c * size);
    if (!q)
        return -1;
    if (*cap)
        memcpy(q, *p, *cap * size);
    b->release ? b->release(*p) : free(*p);
    *p = q, *cap = c;
    return 0;
}

/* Every signature of n <= QUADRANT_MAX_N (2n - 2 bits) is weighed by the device's chunks. */
_Static_assert(2 * QUADRANT_MAX_N - 2 <= GPU_PAIR_BITS, "signatures wider than the chunks");

int gpu_pair_build_add(gpu_pair_build *b, const uint64_t *t, size_t nt, const uint64_t *u,
                       size_t nu) {
    if (nt > nu) { /* the larger half makes the bottoms: more tasks */
        const uint64_t *x = t;
        size_t y = nt;
        t = u, nt = nu, u = x, nu = y;
    }
    if (!nt)
        nu = 0; /* no pair: nothing to lay out */
    if (nu > UINT32_MAX)
        return NQ_EINVAL;
    uint32_t room = gpu_pair_task_room((uint32_t)nu);
    if ((uint64_t)b->ntasks + room > UINT32_MAX)
        return NQ_EINVAL;
    if (grow(b, (void **)&b->subs, &b->sub_cap, (size_t)b->nsub + 1, sizeof *b->subs) ||
        grow(b, (void **)&b->tops, &b->top_cap, b->ntops + nt + 1, sizeof *b->tops) ||
        grow(b, (void **)&b->raw, &b->raw_cap, b->nraw + nu + 1, sizeof *b->raw))
        return NQ_ENOMEM;
    gpu_pair_sub *s = &b->subs[b->nsub];
    memset(s, 0, sizeof *s);
    s->top0 = b->ntops, s->raw0 = b->nraw, s->bottom0 = b->nbottoms;
    s->ntops = (uint32_t)nt, s->nbottoms = (uint32_t)nu, s->task0 = b->ntasks;
    if (nt)
        memcpy(b->tops + b->ntops, t, nt * sizeof *t);
    if (nu)
        memcpy(b->raw + b->nraw, u, nu * sizeof *u);
    b->ntops += nt;
    b->nraw += nu;
    b->nbottoms += gpu_pair_bottom_room((uint32_t)nu);
    b->ntasks += room;
    b->pairs += (uint64_t)nt * nu;
    b->nsub++;
    return NQ_OK;
}

int gpu_pair_build_host(const gpu_pair_build *b, uint64_t hot, uint64_t *pairs) {
    if (!b->nsub)
        return NQ_OK;
    return gpu_pair_batch_host(hot, b->tops, b->ntops, b->raw, b->nraw, b->subs, b->nsub,
                               b->nbottoms, b->ntasks, pairs)
               ? NQ_ENOMEM
               : NQ_OK;
}

void gpu_pair_build_clear(gpu_pair_build *b) {
    b->ntops = b->nraw = 0;
    b->nsub = b->ntasks = 0;
    b->nbottoms = b->pairs = 0;
}

void gpu_pair_build_free(gpu_pair_build *b) {
    void (*release)(void *) = b->release ? b->release : free;
    release(b->tops), release(b->raw), release(b->subs);
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
    p->b.alloc = gpu_backend_host_alloc; /* the device copies the batch from where it is built */
    p->b.release = gpu_backend_host_free;
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
    uint32_t most = dr->opt->gpu_batch && dr->opt->gpu_batch < PAIR_BATCH_SUBS ? dr->opt->gpu_batch
                                                                               : PAIR_BATCH_SUBS;
    while (p->n < most && p->b.ntops + p->b.nraw < PAIR_BATCH_VALUES &&
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
            rc = gpu_pair_build_add(&p->b, t, nt, u, nu);
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
            if (p->b.ntasks > 0 &&
                (rc = gpu_backend_pairs_submit(d, cur, quadrant_lists_hot(q), p->b.tops, p->b.ntops,
                                               p->b.raw, p->b.nraw, p->b.subs, p->b.nsub,
                                               p->b.nbottoms, p->b.ntasks)) != NQ_OK)
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
