/*
 * gpu_none.c: the GPU backend of a library built without CUDA (-DNQ_CUDA=OFF, the default):
 * there is no device, and every GPU call of nqueens.h says so (NQ_ENODEV).
 */
#include <stdlib.h>

#include "nqueens.h"

#include "gpu_backend.h"

int gpu_backend_built(void) {
    return 0;
}

int gpu_backend_count(void) {
    return 0;
}

int gpu_backend_name(int device, char *buf, size_t cap) {
    (void)device, (void)buf, (void)cap;
    return NQ_ENODEV;
}

int gpu_backend_open(int device, gpu_dev **out) {
    (void)device, (void)out;
    return NQ_ENODEV;
}

int gpu_backend_submit(gpu_dev *d, int slot, const gpu_sub *subs, uint32_t nsub,
                       const gpu_item *items, uint32_t nitems) {
    (void)d, (void)slot, (void)subs, (void)nsub, (void)items, (void)nitems;
    return NQ_ENODEV;
}

int gpu_backend_collect(gpu_dev *d, int slot, uint64_t *sols, uint64_t *nodes) {
    (void)d, (void)slot, (void)sols, (void)nodes;
    return NQ_ENODEV;
}

void *gpu_backend_host_alloc(size_t bytes) {
    return malloc(bytes ? bytes : 1);
}

void gpu_backend_host_free(void *p) {
    free(p);
}

int gpu_backend_pairs_lists(gpu_dev *d, const gpu_lists_info *info, const uint32_t *const parts[4],
                            const size_t count[4]) {
    (void)d, (void)info, (void)parts, (void)count;
    return NQ_ENODEV;
}

int gpu_backend_pairs_submit(gpu_dev *d, int slot, uint64_t hot, const gpu_segment *segs,
                             size_t nsegs, const gpu_pair_sub *subs, uint32_t nsub,
                             uint64_t nhalves, uint64_t nbottoms, uint32_t ntasks) {
    (void)d, (void)slot, (void)hot, (void)segs, (void)nsegs, (void)subs, (void)nsub;
    (void)nhalves, (void)nbottoms, (void)ntasks;
    return NQ_ENODEV;
}

int gpu_backend_pairs_collect(gpu_dev *d, int slot, uint64_t *pairs, uint64_t *halves) {
    (void)d, (void)slot, (void)pairs, (void)halves;
    return NQ_ENODEV;
}

void gpu_backend_close(gpu_dev *d) {
    (void)d;
}
