/*
 * gpu_emulator.c: a GPU backend that runs on the host, for test_gpu: linked into the test before
 * libnqueens, it takes the place of gpu_none.c (or gpu_backend.cu), so that the library's GPU
 * driver (src/gpu.c: batches, two slots, the weights, the journal's callbacks, several devices)
 * runs in every build, on the very search of the device (gpu_search.h), and the quadrant join's
 * driver (src/gpu_quadrant.c) on the very pair counter of the device (gpu_pairs.h). The tests set
 * how many devices there are and make a device fail.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/cuda/gpu_backend.h"
#include "gpu_emulator.h"
#include "nqueens.h"

int emu_devices = 2; /* devices the emulator offers */
int emu_wrong = 0;
int emu_fail_after = -1;            /* >= 0: the submit after this many fails with NQ_EDEVICE */
int emu_submits = 0;                /* batches submitted so far (all devices) */
int emu_max_slot_use = 0;           /* the most slots in use at once on one device */
volatile int *emu_stop_flag = NULL; /* a stop that comes while batches are in flight */
int emu_stop_at = 0;
int emu_pair_submits = 0; /* of them, batches of the quadrant join's pair counter */

struct gpu_dev {
    int device;
    int busy[GPU_SLOTS];
    uint32_t nsub[GPU_SLOTS];
    uint64_t *sols[GPU_SLOTS], *nodes[GPU_SLOTS];
    uint64_t *prod[GPU_SLOTS]; /* a pair batch's halves' products */
    gpu_lists_info info;       /* the lists sent (gpu_backend_pairs_lists()) */
    uint32_t *pl;
    size_t npl;
};

int gpu_backend_built(void) {
    return 1;
}

int gpu_backend_count(void) {
    return emu_devices;
}

int gpu_backend_name(int device, char *buf, size_t cap) {
    if (device < 0 || device >= emu_devices)
        return NQ_ENODEV;
    snprintf(buf, cap, "Emulated \"GPU\" %d", device);
    return NQ_OK;
}

int gpu_backend_open(int device, gpu_dev **out) {
    if (device < 0 || device >= emu_devices)
        return NQ_ENODEV;
    gpu_dev *d = calloc(1, sizeof *d);
    if (!d)
        return NQ_ENOMEM;
    d->device = device;
    *out = d;
    return NQ_OK;
}

/* A submit counted: the stop set where the test asks, NQ_EDEVICE where it makes the device fail. */
static int submit_begin(void) {
    int n = __atomic_fetch_add(&emu_submits, 1, __ATOMIC_SEQ_CST);
    if (emu_stop_flag && n + 1 == emu_stop_at)
        __atomic_store_n(emu_stop_flag, 1, __ATOMIC_SEQ_CST);
    return emu_fail_after >= 0 && n >= emu_fail_after ? NQ_EDEVICE : NQ_OK;
}

/* The slot holds a batch's results now (nodes NULL: a pair batch); the most slots in use is kept
 * atomically (devices run on their own threads). */
static void slot_taken(gpu_dev *d, int slot, uint32_t nsub, uint64_t *sols, uint64_t *nodes) {
    d->busy[slot] = 1;
    d->nsub[slot] = nsub;
    d->sols[slot] = sols, d->nodes[slot] = nodes;
    int use = 0;
    for (int k = 0; k < GPU_SLOTS; k++)
        use += d->busy[k];
    int seen = __atomic_load_n(&emu_max_slot_use, __ATOMIC_RELAXED);
    while (use > seen && !__atomic_compare_exchange_n(&emu_max_slot_use, &seen, use, 0,
                                                      __ATOMIC_RELAXED, __ATOMIC_RELAXED))
        ;
}

int gpu_backend_submit(gpu_dev *d, int slot, const gpu_sub *subs, uint32_t nsub,
                       const gpu_item *items, uint32_t nitems) {
    if (slot < 0 || slot >= GPU_SLOTS || d->busy[slot] || nitems < 1 || nsub < 1)
        abort(); /* a misuse of the interface by the driver */
    if (submit_begin() != NQ_OK)
        return NQ_EDEVICE;
    uint64_t *sols = calloc(nsub, sizeof *sols), *nodes = calloc(nsub, sizeof *nodes);
    if (!sols || !nodes) {
        free(sols), free(nodes);
        return NQ_ENOMEM;
    }
    uint32_t stack[GPU_MAX_N * 4];
    gpu_mem m = {stack, 4};
    for (uint32_t i = 0; i < nitems; i++) {
        if (items[i].sub >= nsub)
            abort();
        const gpu_sub *sub = &subs[items[i].sub];
        gpu_lane s;
        if (gpu_lane_start(sub, &s, &items[i]))
            while (gpu_lane_step(sub, &s, m))
                ;
        sols[items[i].sub] += s.sols;
        nodes[items[i].sub] += s.nodes;
    }
    slot_taken(d, slot, nsub, sols, nodes);
    return NQ_OK;
}

int gpu_backend_collect(gpu_dev *d, int slot, uint64_t *sols, uint64_t *nodes) {
    if (slot < 0 || slot >= GPU_SLOTS || !d->busy[slot] || !d->nodes[slot])
        abort();
    memcpy(sols, d->sols[slot], d->nsub[slot] * sizeof *sols);
    for (uint32_t j = 0; emu_wrong && j < d->nsub[slot]; j++)
        if (sols[j] > 0) {
            sols[j]++;
            break;
        }
    memcpy(nodes, d->nodes[slot], d->nsub[slot] * sizeof *nodes);
    free(d->sols[slot]), free(d->nodes[slot]);
    d->busy[slot] = 0;
    return NQ_OK;
}

void *gpu_backend_host_alloc(size_t bytes) {
    return malloc(bytes ? bytes : 1);
}

void gpu_backend_host_free(void *p) {
    free(p);
}

int gpu_backend_pairs_lists(gpu_dev *d, const gpu_lists_info *info, const uint32_t *const parts[4],
                            const size_t count[4]) {
    size_t total = count[0] + count[1] + count[2] + count[3];
    uint32_t *pl = malloc((2 * total + 1) * sizeof *pl);
    if (!pl)
        return NQ_ENOMEM;
    for (size_t p = 0, at = 0; p < 4; at += count[p++])
        if (count[p])
            memcpy(pl + 2 * at, parts[p], 2 * count[p] * sizeof *pl);
    free(d->pl);
    d->pl = pl, d->npl = total, d->info = *info;
    return NQ_OK;
}

int gpu_backend_pairs_submit(gpu_dev *d, int slot, uint64_t hot, const gpu_segment *segs,
                             size_t nsegs, const gpu_pair_sub *subs, uint32_t nsub,
                             uint64_t nhalves, uint64_t nbottoms, uint32_t ntasks) {
    if (slot < 0 || slot >= GPU_SLOTS || d->busy[slot] || ntasks < 1 || nsub < 1 || !d->pl)
        abort(); /* a misuse of the interface by the driver */
    for (size_t i = 0; i < nsegs; i++)
        if ((uint64_t)segs[i].l0 + segs[i].nl > d->npl ||
            (uint64_t)segs[i].r0 + segs[i].nr > d->npl)
            abort(); /* a segment outside the lists */
    __atomic_fetch_add(&emu_pair_submits, 1, __ATOMIC_SEQ_CST);
    if (submit_begin() != NQ_OK)
        return NQ_EDEVICE;
    uint64_t *pairs = calloc(nsub, sizeof *pairs), *prod = calloc(nsub, sizeof *prod);
    if (!pairs || !prod ||
        gpu_pair_batch_host(&d->info, d->pl, segs, nsegs, hot, NULL, nhalves, subs, nsub, nbottoms,
                            ntasks, pairs, prod)) { /* aborts if a subproblem lies outside */
        free(pairs), free(prod);
        return NQ_ENOMEM;
    }
    slot_taken(d, slot, nsub, pairs, NULL);
    d->prod[slot] = prod;
    return NQ_OK;
}

int gpu_backend_pairs_collect(gpu_dev *d, int slot, uint64_t *pairs, uint64_t *halves) {
    if (slot < 0 || slot >= GPU_SLOTS || !d->busy[slot] || d->nodes[slot])
        abort();
    memcpy(pairs, d->sols[slot], d->nsub[slot] * sizeof *pairs);
    memcpy(halves, d->prod[slot], d->nsub[slot] * sizeof *halves);
    for (uint32_t j = 0; emu_wrong && j < d->nsub[slot]; j++)
        if (pairs[j] > 0) {
            pairs[j]++;
            break;
        }
    free(d->sols[slot]), free(d->prod[slot]);
    d->prod[slot] = NULL;
    d->busy[slot] = 0;
    return NQ_OK;
}

void gpu_backend_close(gpu_dev *d) {
    if (!d)
        return;
    for (int k = 0; k < GPU_SLOTS; k++)
        if (d->busy[k])
            free(d->sols[k]), free(d->nodes[k]), free(d->prod[k]);
    free(d->pl);
    free(d);
}
