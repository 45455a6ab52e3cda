/*
 * gpu.c: counting on GPUs: the calls of nqueens.h's GPU section, over the device backend of
 * src/cuda/ (gpu_backend.cu with CUDA, gpu_none.c without).
 *
 * The contract is nq_count_split()'s: the same numbered subproblems, skip flags, on_result calls
 * and stop flag, so the checkpoint journal and the progress line work unchanged. One host thread
 * drives each device; the threads take their subproblems from the count's drive (drive.c, the
 * hand-out the CPU workers and MPI ranks use too) and give it their results, so that on_result
 * is never called concurrently and a halt stops every device. Each thread fills a batch: for each
 * subproblem its board (split_state()), unless it is dead, cut GPU_CUT_ROWS free rows deeper into
 * items (gpu_expand()), until the batch holds GPU_BATCH_ITEMS items or GPU_BATCH_SUBS
 * (nq_count_options.gpu_batch) subproblems; it submits the batch, and while the device counts it,
 * fills the next one (two slots), then collects the first and weighs each subproblem's completions
 * with split_weigh() into exact 128-bit counts. Workload: one call per count; the devices do the
 * search, this file builds boards (about a microsecond each) and hands out numbers.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "cuda/gpu_backend.h"
#include "drive.h"
#include "gpu_quadrant.h"
#include "split.h"

/* How a batch is made: free rows cut on the host, and its size (items, subproblems). */
#define GPU_CUT_ROWS    2
#define GPU_BATCH_ITEMS (1u << 21)
#define GPU_BATCH_SUBS  (1u << 16)
/* Subproblems taken from the cursor at a time while a batch is filled. */
#define GPU_TAKE 512

int nq_gpu_built(void) {
    return gpu_backend_built();
}

int nq_gpu_devices(int *count) {
    if (!count)
        return NQ_EINVAL;
    *count = gpu_backend_count();
    return *count > 0 ? NQ_OK : NQ_ENODEV;
}

int nq_gpu_name(int device, char name[NQ_GPU_NAME]) {
    if (!name)
        return NQ_EINVAL;
    return gpu_backend_name(device, name, NQ_GPU_NAME);
}

/* ---- Batches and one device's loop ---------------------------------------------------------- */

/* The host side of one slot. */
typedef struct gpu_batch {
    uint32_t nsub, nitems;
    int submitted; /* the device has it (some item to count) */
    uint64_t *index;
    count_state *state; /* the subproblems' boards, for split_weigh() */
    int *stab;          /* their borders' stabilizer sizes; 0: dead, no item */
    gpu_sub *subs;
    uint64_t *cut_nodes; /* the nodes of the host's cut */
    uint64_t *sols, *nodes;
    nq_counts *counts;
    gpu_item *items;
    size_t item_cap;
} gpu_batch;

static void batch_free(gpu_batch *b) {
    free(b->index), free(b->state), free(b->stab), free(b->subs);
    free(b->cut_nodes), free(b->sols), free(b->nodes), free(b->counts), free(b->items);
}

static int batch_alloc(gpu_batch *b) {
    memset(b, 0, sizeof *b);
    size_t k = GPU_BATCH_SUBS;
    b->index = malloc(k * sizeof *b->index);
    b->state = malloc(k * sizeof *b->state);
    b->stab = malloc(k * sizeof *b->stab);
    b->subs = malloc(k * sizeof *b->subs);
    b->cut_nodes = malloc(k * sizeof *b->cut_nodes);
    b->sols = malloc(k * sizeof *b->sols);
    b->nodes = malloc(k * sizeof *b->nodes);
    b->counts = malloc(k * sizeof *b->counts);
    b->item_cap = 1u << 16;
    b->items = malloc(b->item_cap * sizeof *b->items);
    if (!b->index || !b->state || !b->stab || !b->subs || !b->cut_nodes || !b->sols || !b->nodes ||
        !b->counts || !b->items) {
        batch_free(b);
        memset(b, 0, sizeof *b);
        return NQ_ENOMEM;
    }
    return NQ_OK;
}

/* Adds subproblem j of the batch (its number in b->index[j]): its board, and its items unless it
 * is dead. */
static int batch_add(gpu_batch *b, const nq_split *s, uint32_t j) {
    int rc = split_state(s, b->index[j], &b->state[j], &b->stab[j]);
    if (rc != NQ_OK)
        return rc;
    const count_state *st = &b->state[j];
    b->cut_nodes[j] = 0;
    if (!count_state_live(st)) {
        b->stab[j] = -b->stab[j]; /* no item: no completion, no node (as count_completions()) */
        return NQ_OK;
    }
    gpu_sub *sub = &b->subs[j];
    gpu_sub_make(sub, st->n, st->rows, st->free);
    /* The cut has at most the product of its rows' candidates as items. */
    size_t bound = 1;
    for (int i = 0; i < GPU_CUT_ROWS && i < sub->nfree; i++)
        bound *= (size_t)__builtin_popcount(GPU_MASK(sub, i)) + 1;
    if (b->nitems + bound > b->item_cap) {
        size_t cap = 2 * b->item_cap + bound;
        gpu_item *p = realloc(b->items, cap * sizeof *p);
        if (!p)
            return NQ_ENOMEM;
        b->items = p, b->item_cap = cap;
    }
    gpu_item root;
    gpu_item_root(&root, j);
    uint32_t k = gpu_expand(sub, &root, GPU_CUT_ROWS, b->items + b->nitems,
                            (uint32_t)(b->item_cap - b->nitems), &b->cut_nodes[j]);
    b->nitems += k;
    return NQ_OK;
}

/* Fills b with at most `most` subproblems taken from the drive: returns NQ_OK with b->nsub = 0
 * when there is no more work. */
static int batch_fill(gpu_batch *b, drive *d, uint32_t most) {
    b->nsub = b->nitems = 0;
    b->submitted = 0;
    while (b->nitems < GPU_BATCH_ITEMS && b->nsub < most) {
        size_t want = most - b->nsub < GPU_TAKE ? most - b->nsub : GPU_TAKE;
        size_t k = drive_take(d, b->index + b->nsub, want);
        if (k == 0)
            break;
        for (size_t i = 0; i < k; i++) {
            int rc = batch_add(b, d->s, b->nsub);
            b->nsub++;
            if (rc != NQ_OK)
                return rc;
        }
    }
    return NQ_OK;
}

/* The results of a collected (or never submitted) batch, weighed, to the drive; *done grows by
 * those it counted. Returns non-zero when the device should take no more. */
static int batch_give(gpu_batch *b, drive *d, uint64_t *done) {
    for (uint32_t j = 0; j < b->nsub; j++) {
        if (b->stab[j] < 0 || !b->submitted) {
            b->sols[j] = b->nodes[j] = 0;
            if (b->stab[j] < 0)
                b->stab[j] = -b->stab[j];
        }
        split_weigh(&b->state[j], b->stab[j], b->sols[j], b->cut_nodes[j] + b->nodes[j],
                    &b->counts[j]);
    }
    size_t counted = 0;
    int stop = b->nsub ? drive_give(d, b->index, b->counts, b->nsub, &counted) : 0;
    *done += counted;
    return stop;
}

/* Counts on device `device` every subproblem the drive hands it, two batches in flight; *done
 * gets the number of subproblems it counted. A failure is the drive's (drive_fail()) too. */
static int gpu_drive(drive *dr, int device, uint64_t *done) {
    uint32_t most = dr->opt->gpu_batch ? dr->opt->gpu_batch : GPU_BATCH_SUBS;
    assert(most >= 1 && most <= GPU_BATCH_SUBS);
    gpu_dev *d;
    int rc = gpu_backend_open(device, &d);
    if (rc != NQ_OK) {
        drive_fail(dr, rc);
        return rc;
    }
    gpu_batch slot[GPU_SLOTS];
    int pending[GPU_SLOTS] = {0};
    int ok = 0;
    for (; ok < GPU_SLOTS; ok++)
        if (batch_alloc(&slot[ok]) != NQ_OK)
            break;
    if (ok < GPU_SLOTS) {
        for (int i = 0; i < ok; i++)
            batch_free(&slot[i]);
        gpu_backend_close(d);
        drive_fail(dr, NQ_ENOMEM);
        return NQ_ENOMEM;
    }
    int cur = 0, stop = 0;
    for (;;) {
        gpu_batch *b = &slot[cur];
        b->nsub = 0;
        if (!stop) {
            rc = batch_fill(b, dr, most);
            if (rc != NQ_OK)
                break;
        }
        if (b->nsub > 0) {
            if (b->nitems > 0) {
                rc = gpu_backend_submit(d, cur, b->subs, b->nsub, b->items, b->nitems);
                if (rc != NQ_OK)
                    break;
                b->submitted = 1;
            }
            pending[cur] = 1;
        }
        int other = (cur + 1) % GPU_SLOTS;
        if (pending[other]) {
            gpu_batch *o = &slot[other];
            if (o->submitted)
                rc = gpu_backend_collect(d, other, o->sols, o->nodes);
            if (rc != NQ_OK)
                break;
            pending[other] = 0;
            stop |= batch_give(o, dr, done);
        }
        if (!pending[cur])
            break;
        cur = other;
    }
    gpu_backend_close(d);
    for (int i = 0; i < GPU_SLOTS; i++)
        batch_free(&slot[i]);
    if (rc != NQ_OK)
        drive_fail(dr, rc);
    return rc;
}

/* Checks the device list (NULL: all devices) and copies it to use[]; returns the count or a
 * negative status. */
static int gpu_pick(const int *devices, int ndevices, int *use) {
    if (devices && (ndevices < 1 || ndevices > NQ_GPU_MAX_DEVICES))
        return NQ_EINVAL;
    for (int i = 0; devices && i < ndevices; i++) {
        if (devices[i] < 0)
            return NQ_EINVAL;
        for (int k = 0; k < i; k++)
            if (devices[k] == devices[i])
                return NQ_EINVAL;
    }
    int have = gpu_backend_count();
    if (have <= 0)
        return NQ_ENODEV;
    if (!devices) {
        int k = have < NQ_GPU_MAX_DEVICES ? have : NQ_GPU_MAX_DEVICES;
        for (int i = 0; i < k; i++)
            use[i] = i;
        return k;
    }
    for (int i = 0; i < ndevices; i++) {
        if (devices[i] >= have)
            return NQ_ENODEV;
        use[i] = devices[i];
    }
    return ndevices;
}

/* ---- nq_count_gpu() ------------------------------------------------------------------------ */

/* One device's thread of a count. */
typedef struct gpu_worker {
    drive *d;
    int device;
    int quadrant;  /* the quadrant join (gpu_quadrant.c), else backtracking */
    uint64_t done; /* subproblems this thread counted and reported */
} gpu_worker;

static void gpu_work(void *arg) {
    gpu_worker *w = arg;
    if (w->quadrant) /* a failure is the drive's */
        (void)gpu_quadrant_drive(w->d, w->device, &w->done);
    else
        (void)gpu_drive(w->d, w->device, &w->done);
}

int nq_count_gpu(const nq_split *s, const nq_count_options *opt, const int *devices, int ndevices,
                 nq_gpu_report *report, nq_counts *out) {
    if (!s || !out || (opt && (unsigned)opt->method > NQ_METHOD_QUADRANT))
        return NQ_EINVAL;
    /* A border split is counted by backtracking, a quadrant split by the quadrant join. */
    int quadrant = nq_split_method(s) == NQ_METHOD_QUADRANT;
    if (opt && opt->method != NQ_METHOD_AUTO &&
        opt->method != (quadrant ? NQ_METHOD_QUADRANT : NQ_METHOD_BACKTRACK))
        return NQ_EINVAL;
    int use[NQ_GPU_MAX_DEVICES];
    int nd = gpu_pick(devices, ndevices, use);
    if (nd < 0)
        return nd;
    int n = nq_split_n(s);
    if (n > NQ_GPU_MAX_N)
        return NQ_ERANGE;
    nq_count_options none;
    if (!opt) {
        memset(&none, 0, sizeof none);
        opt = &none;
    }
    if (opt->gpu_batch > GPU_BATCH_SUBS)
        return NQ_EINVAL;
    nq_gpu_report rep;
    memset(&rep, 0, sizeof rep);
    rep.ndevices = nd;
    for (int i = 0; i < nd; i++) {
        rep.device[i] = use[i];
        if (gpu_backend_name(use[i], rep.name[i], NQ_GPU_NAME) != NQ_OK)
            return NQ_ENODEV;
    }
    int rc = NQ_OK;
    if (quadrant) {
        /* threads host threads in all, each with a device of its own (round robin), at least
         * one a device and at most GPU_QUADRANT_FEEDERS: the devices build the halves, the host
         * only their segments, and each host thread keeps a copy of the quadrant lists on its
         * device. */
        int threads = nq_count_threads(opt->threads);
        if (threads < 0)
            return NQ_EINVAL;
        if (threads > GPU_QUADRANT_FEEDERS * nd)
            threads = GPU_QUADRANT_FEEDERS * nd;
        if (threads < nd)
            threads = nd;
        drive d;
        drive_init(&d, s, opt, NULL);
        gpu_worker *workers = calloc((size_t)threads, sizeof *workers);
        void **arg = calloc((size_t)threads, sizeof *arg);
        if (!workers || !arg) {
            free(workers), free(arg);
            drive_destroy(&d);
            return NQ_ENOMEM;
        }
        for (int i = 0; i < threads; i++) {
            workers[i] = (gpu_worker){&d, use[i % nd], 1, 0};
            arg[i] = &workers[i];
        }
        rc = drive_threads(threads, gpu_work, arg);
        if (rc == NQ_OK)
            rc = drive_status(&d);
        nq_counts sum = *out;
        if (rc == NQ_OK || rc == NQ_STOPPED)
            nq_counts_add(&sum, &d.sum);
        /* A finished count of every number: its class counts completed (as nq_count_split()). */
        if (rc == NQ_OK && !opt->source && nq_split_complete(s, &sum) != NQ_OK)
            rc = NQ_EWRONG;
        if (rc == NQ_OK || rc == NQ_STOPPED) {
            *out = sum;
            for (int i = 0; i < threads; i++)
                rep.subproblems[i % nd] += workers[i].done;
        }
        free(workers), free(arg);
        drive_destroy(&d);
    } else if (n < 4) {
        /* One subproblem, the plain search: counted on the host. */
        nq_count_options one = *opt;
        one.threads = 1;
        one.kernel = NQ_KERNEL_AUTO;
        rc = nq_count_split(s, &one, out);
    } else {
        drive d;
        drive_init(&d, s, opt, NULL);
        gpu_worker workers[NQ_GPU_MAX_DEVICES];
        void *arg[NQ_GPU_MAX_DEVICES];
        for (int i = 0; i < nd; i++) {
            workers[i] = (gpu_worker){&d, use[i], 0, 0};
            arg[i] = &workers[i];
        }
        rc = drive_threads(nd, gpu_work, arg);
        if (rc == NQ_OK)
            rc = drive_status(&d);
        if (rc == NQ_OK || rc == NQ_STOPPED) {
            nq_counts_add(out, &d.sum);
            for (int i = 0; i < nd; i++)
                rep.subproblems[i] = workers[i].done;
        }
        drive_destroy(&d);
    }
    if (report && (rc == NQ_OK || rc == NQ_STOPPED))
        *report = rep;
    return rc;
}

/* ---- nq_gpu_solve() ------------------------------------------------------------------------ */

/* The caller's list, as the numbers of a one-device drive: a device gives its results in the order
 * it took the numbers, so the k-th result is that of the list's k-th number. */
typedef struct gpu_list {
    const uint64_t *index;
    size_t k, next, done;
    nq_counts *out;
} gpu_list;

static size_t list_take(void *user, uint64_t *index, size_t max) {
    gpu_list *l = user;
    size_t k = 0;
    for (; k < max && l->next < l->k; k++, l->next++)
        index[k] = l->index[l->next];
    return k;
}

static int list_give(void *user, uint64_t index, const nq_counts *c) {
    gpu_list *l = user;
    assert(l->done < l->next && l->index[l->done] == index);
    (void)index;
    l->out[l->done++] = *c;
    return 0;
}

int nq_gpu_solve(const nq_split *s, int device, const uint64_t *index, size_t k, nq_counts *out) {
    if (!s || (k && (!index || !out)))
        return NQ_EINVAL;
    for (size_t i = 0; i < k; i++)
        if (index[i] >= nq_split_size(s))
            return NQ_EINVAL;
    if (device < 0 || device >= gpu_backend_count())
        return NQ_ENODEV;
    int n = nq_split_n(s);
    if (n > NQ_GPU_MAX_N)
        return NQ_ERANGE;
    if (n < 4) {
        for (size_t i = 0; i < k; i++) {
            int rc = nq_split_solve(s, index[i], &out[i]);
            if (rc != NQ_OK)
                return rc;
        }
        return NQ_OK;
    }
    if (k == 0)
        return NQ_OK;
    gpu_list l = {index, k, 0, 0, out};
    nq_count_options opt;
    memset(&opt, 0, sizeof opt);
    opt.source = list_take;
    opt.source_user = &l;
    opt.on_result = list_give;
    opt.user = &l;
    drive d;
    drive_init(&d, s, &opt, NULL);
    uint64_t done = 0;
    if (nq_split_method(s) == NQ_METHOD_QUADRANT)
        (void)gpu_quadrant_drive(&d, device, &done);
    else
        (void)gpu_drive(&d, device, &done);
    int rc = drive_status(&d);
    drive_destroy(&d);
    return rc;
}
