/*
 * gpu_quadrant.c: the quadrant join counted on GPUs (gpu_quadrant.h): each host thread takes
 * subproblems of a quadrant split from the count's drive (drive.c, as the CPU workers and the
 * GPU's backtracking do), sends the quadrant lists to its device once, then each subproblem's
 * segments (the splits of each half's rows between its two quadrants, a few KB), in batches, two
 * in flight, so that the host makes the next batch while the device builds the halves, lays them
 * out and counts their pairs (gpu_pairs.h); the device gives each subproblem's pairs that AND to
 * 0, the solutions before its weight, and the sizes of its halves. Up to GPU_QUADRANT_FEEDERS host
 * threads feed one device (gpu.c starts them), each with its own streams. The halves and their
 * layout moved to the device when the first runs on an H200 showed the host to be the bottleneck
 * (n = 20 took 4.4 s with 16 host threads and 6.2 s with 8; bench/RESULTS.md): a subproblem now
 * costs the host a few microseconds and the bus a few KB instead of 0.4 ms and 600 KB at n = 20.
 * Workload: n = 16..23, thousands to millions of subproblems, each 10^3..10^6 halves a side.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "cuda/gpu_backend.h"
#include "gpu_quadrant.h"
#include "quadrant_kernel.h"
#include "split.h"

/* A batch is sent when it holds this many subproblems, or its rooms on the device (the halves'
 * and the laid-out bottoms', each as large as its segments' pairs allow, 2-7 times what is built)
 * this many words: up to about 1 GiB each, in each of a host thread's two slots, so 4-5 GiB of
 * device memory a host thread, and one copy of the lists a device, shared by its host threads
 * (445 MiB at n = 21, 2 GiB at n = 22, about 4 GiB at n = 23): about 20 GiB with the 4 host
 * threads of a device at n = 22. */
#define PAIR_BATCH_SUBS 4096u
#define PAIR_BATCH_ROOM ((uint64_t)1 << 27)

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

/* The board bits that the diagonals (or anti-diagonals, at = a0) of a part of `rows` rows and
 * `cols` columns may take (quadrant_body.h's part_span()). */
static uint64_t span(int rows, int cols, int at) {
    return (((uint64_t)1 << (rows + cols - 1)) - 1) << at;
}

void gpu_pair_lists_info(const quadrant_lists *q, gpu_lists_info *info, uint32_t base[4],
                         size_t *total) {
    memset(info, 0, sizeof *info);
    info->n = q->n, info->h = q->h;
    for (int k = 0; k < 2; k++) {
        const quadrant_part *l = &q->part[2 * k], *r = &q->part[2 * k + 1];
        gpu_half_join *j = &info->half[k];
        j->od = span(l->rows, l->cols, l->d0) & span(r->rows, r->cols, r->d0);
        j->oa = span(l->rows, l->cols, l->a0) & span(r->rows, r->cols, r->a0);
        j->d0l = l->d0, j->a0l = l->a0, j->d0r = r->d0, j->a0r = r->a0;
        j->odn = __builtin_popcountll(j->od);
        j->odl = j->od ? __builtin_ctzll(j->od) : 0;
        j->oal = j->oa ? __builtin_ctzll(j->oa) : 0;
    }
    size_t at = 0;
    for (int p = 0; p < 4; p++) {
        base[p] = (uint32_t)at;
        at += q->part[p].count;
    }
    *total = at;
}

/* Appends to b the segments of one half (the parts l = 2k and 2k + 1, on the left columns lc of
 * part l and the right columns rc of the other, local bits), as half_list() walks them: every
 * split of the rows with a placement on both sides. *pairs gets their pairs. */
static int half_segments(gpu_pair_build *b, const quadrant_lists *q, const uint32_t base[4], int k,
                         uint32_t lc, uint32_t rc, uint64_t *pairs) {
    const quadrant_part *ql = &q->part[2 * k], *qr = &q->part[2 * k + 1];
    int rows = ql->rows, need = __builtin_popcount(lc);
    uint32_t all = (1u << rows) - 1;
    *pairs = 0;
    for (uint32_t y = 0; y <= all; y++) {
        if (__builtin_popcount(y) != need)
            continue;
        uint32_t kl = y | lc << rows, kr = (all & ~y) | rc << rows;
        uint32_t nl = ql->start[kl + 1] - ql->start[kl], nr = qr->start[kr + 1] - qr->start[kr];
        if (!nl || !nr)
            continue;
        if (grow(b, (void **)&b->segs, &b->seg_cap, b->nsegs + 1, sizeof *b->segs))
            return NQ_ENOMEM;
        b->segs[b->nsegs++] =
            (gpu_segment){base[2 * k] + ql->start[kl], nl, base[2 * k + 1] + qr->start[kr], nr};
        *pairs += (uint64_t)nl * nr;
    }
    return NQ_OK;
}

/* Makes the rooms of the subproblem just appended to b (b->subs[b->nsub]) for halves of `room`
 * signatures each at most, and counts it in. */
static void sub_rooms(gpu_pair_build *b, gpu_pair_sub *s, uint32_t room) {
    s->nroom = room;
    s->bottom0 = b->nbottoms;
    b->nbottoms += gpu_pair_bottom_room(room);
    b->ntasks += gpu_pair_task_room(room);
    b->nsub++;
}

int gpu_pair_build_sub(gpu_pair_build *b, const quadrant_lists *q, const uint32_t base[4], int m,
                       uint64_t c, uint64_t *bound) {
    int n = q->n, h = q->h;
    uint64_t full = ((uint64_t)1 << n) - 1;
    if (b->nhalves || (c & ~full) || __builtin_popcountll(c) != h ||
        (q->middle ? m < 0 || m >= n || (c >> m & 1) : m != -1))
        return NQ_EINVAL;
    if (grow(b, (void **)&b->subs, &b->sub_cap, (size_t)b->nsub + 1, sizeof *b->subs))
        return NQ_ENOMEM;
    uint32_t left = (1u << h) - 1, right = (1u << (n - h)) - 1;
    uint32_t top = (uint32_t)c, bottom = (uint32_t)full & ~top & ~(m >= 0 ? 1u << m : 0u);
    size_t nsegs = b->nsegs;
    gpu_pair_sub *s = &b->subs[b->nsub];
    memset(s, 0, sizeof *s);
    s->fd = m >= 0 ? (uint64_t)1 << (h - m + n - 1) : 0;
    s->fa = m >= 0 ? (uint64_t)1 << (h + m) : 0;
    uint64_t pairs[2];
    uint32_t lc[2] = {top & left, bottom & left}, rc[2] = {top >> h, bottom >> h & right};
    uint64_t nroom = b->nroom;
    for (int k = 0; k < 2; k++) {
        s->seg0[k] = (uint32_t)b->nsegs;
        int rc2 = half_segments(b, q, base, k, lc[k], rc[k], &pairs[k]);
        if (rc2 != NQ_OK || pairs[k] > UINT32_MAX || b->nsegs - nsegs > UINT32_MAX) {
            b->nsegs = nsegs, b->nroom = nroom; /* b as it was */
            return rc2 != NQ_OK ? rc2 : NQ_EINVAL;
        }
        s->nseg[k] = (uint32_t)(b->nsegs - s->seg0[k]);
        s->half0[k] = b->nroom;
        b->nroom += pairs[k];
    }
    *bound = pairs[0] + pairs[1];
    sub_rooms(b, s, (uint32_t)(pairs[0] > pairs[1] ? pairs[0] : pairs[1]));
    return NQ_OK;
}

int gpu_pair_build_add(gpu_pair_build *b, const uint64_t *t, size_t nt, const uint64_t *u,
                       size_t nu) {
    if (b->nsegs || nt > UINT32_MAX || nu > UINT32_MAX)
        return NQ_EINVAL;
    if (grow(b, (void **)&b->subs, &b->sub_cap, (size_t)b->nsub + 1, sizeof *b->subs) ||
        grow(b, (void **)&b->halves, &b->half_cap, b->nhalves + nt + nu + 1, sizeof *b->halves))
        return NQ_ENOMEM;
    gpu_pair_sub *s = &b->subs[b->nsub];
    memset(s, 0, sizeof *s);
    s->half0[0] = b->nhalves, s->half0[1] = b->nhalves + nt;
    s->nhalf[0] = (uint32_t)nt, s->nhalf[1] = (uint32_t)nu;
    if (nt)
        memcpy(b->halves + b->nhalves, t, nt * sizeof *t);
    if (nu)
        memcpy(b->halves + b->nhalves + nt, u, nu * sizeof *u);
    b->nhalves += nt + nu;
    b->nroom = b->nhalves;
    sub_rooms(b, s, (uint32_t)(nt > nu ? nt : nu));
    return NQ_OK;
}

int gpu_pair_build_host(const gpu_pair_build *b, const quadrant_lists *q, uint64_t hot,
                        uint64_t *pairs) {
    if (!b->nsub)
        return NQ_OK;
    gpu_lists_info info;
    uint32_t base[4], *pl = NULL;
    if (q) {
        size_t total;
        gpu_pair_lists_info(q, &info, base, &total);
        pl = malloc((2 * total + 1) * sizeof *pl);
        if (!pl)
            return NQ_ENOMEM;
        for (int p = 0; p < 4; p++)
            if (q->part[p].count)
                memcpy(pl + 2 * (size_t)base[p], q->part[p].v,
                       q->part[p].count * sizeof *q->part[p].v);
    }
    int rc = gpu_pair_batch_host(q ? &info : NULL, pl, b->segs, b->nsegs, hot, b->halves,
                                 q ? b->nroom : b->nhalves, b->subs, b->nsub, b->nbottoms,
                                 b->ntasks, pairs, NULL);
    free(pl);
    return rc ? NQ_ENOMEM : NQ_OK;
}

void gpu_pair_build_clear(gpu_pair_build *b) {
    b->nsegs = b->nhalves = 0;
    b->nsub = b->ntasks = 0;
    b->nbottoms = b->nroom = 0;
}

void gpu_pair_build_free(gpu_pair_build *b) {
    void (*release)(void *) = b->release ? b->release : free;
    release(b->subs), release(b->segs), release(b->halves);
    memset(b, 0, sizeof *b);
}

/* ---- One host thread's loop ---------------------------------------------------------------- */

/* The host side of one slot: the batch and, per subproblem, its number, weight and result. */
typedef struct pair_slot {
    gpu_pair_build b;
    uint64_t *index, *sols;
    int *weight;
    nq_counts *counts;
    uint64_t *halves; /* per subproblem of the batch: tops x bottoms, the measure of work */
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

/* Fills p with subproblems from the drive: their segments into the batch (number 0, the
 * symmetric solutions, is counted here at once). p->n = 0 when there is no more work. */
static int slot_fill(pair_slot *p, drive *dr, const quadrant_lists *q, const uint32_t base[4]) {
    gpu_pair_build_clear(&p->b);
    p->n = 0;
    uint32_t most = dr->opt->gpu_batch && dr->opt->gpu_batch < PAIR_BATCH_SUBS ? dr->opt->gpu_batch
                                                                               : PAIR_BATCH_SUBS;
    while (p->n < most && p->b.nroom < PAIR_BATCH_ROOM && p->b.nbottoms < PAIR_BATCH_ROOM) {
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
        uint64_t top, bound;
        int m, w;
        int rc = nq_split_columns(dr->s, p->index[j], &top, &m, &w);
        if (rc == NQ_OK)
            rc = gpu_pair_build_sub(&p->b, q, base, m, top, &bound);
        if (rc != NQ_OK)
            return rc;
        p->weight[j] = w;
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
        c->total = (nq_u128)p->sols[k] * (nq_u128)p->weight[j];
        c->nodes = p->halves[k++];
    }
    assert(k == p->b.nsub);
    size_t counted = 0;
    int stop = p->n ? drive_give(dr, p->index, p->counts, p->n, &counted) : 0;
    *done += counted;
    return stop;
}

/* Sends q's placements to device d (once for this host thread). */
static int lists_send(gpu_dev *d, const quadrant_lists *q, uint32_t base[4]) {
    gpu_lists_info info;
    size_t total;
    gpu_pair_lists_info(q, &info, base, &total);
    if (total > UINT32_MAX)
        return NQ_EINVAL; /* more placements than the segments can index (none up to n = 23) */
    const uint32_t *parts[4];
    size_t counts[4];
    for (int i = 0; i < 4; i++)
        parts[i] = (const uint32_t *)q->part[i].v, counts[i] = q->part[i].count;
    return gpu_backend_pairs_lists(d, &info, parts, counts);
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
    gpu_dev *d = NULL;
    pair_slot slot[GPU_SLOTS];
    uint32_t base[4];
    int ok = 0;
    rc = NQ_OK;
    for (; rc == NQ_OK && ok < GPU_SLOTS; ok++)
        rc = slot_alloc(&slot[ok]);
    if (rc != NQ_OK)
        ok--;
    if (rc == NQ_OK)
        rc = gpu_backend_open(device, &d);
    if (rc == NQ_OK)
        rc = lists_send(d, q, base);
    int cur = 0, stop = 0;
    while (rc == NQ_OK) {
        pair_slot *p = &slot[cur];
        p->n = 0;
        if (!stop && (rc = slot_fill(p, dr, q, base)) != NQ_OK)
            break;
        if (p->n > 0) {
            if (p->b.ntasks > 0 &&
                (rc = gpu_backend_pairs_submit(d, cur, quadrant_lists_hot(q), p->b.segs, p->b.nsegs,
                                               p->b.subs, p->b.nsub, p->b.nroom, p->b.nbottoms,
                                               p->b.ntasks)) != NQ_OK)
                break;
            if (p->b.ntasks == 0) {
                memset(p->sols, 0, p->b.nsub * sizeof *p->sols);
                memset(p->halves, 0, p->b.nsub * sizeof *p->halves);
            }
            p->pending = 1 + (p->b.ntasks > 0);
        }
        int other = (cur + 1) % GPU_SLOTS;
        pair_slot *o = &slot[other];
        if (o->pending) {
            if (o->pending == 2 &&
                (rc = gpu_backend_pairs_collect(d, other, o->sols, o->halves)) != NQ_OK)
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
    if (rc != NQ_OK)
        drive_fail(dr, rc);
    return rc;
}
