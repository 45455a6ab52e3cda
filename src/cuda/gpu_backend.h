/*
 * gpu_backend.h: what the library's C side (gpu.c) asks of a GPU backend: how many devices there
 * are, and a device that counts batches of items (gpu_search.h) and hands back each subproblem's
 * completions. Two implementations: gpu_backend.cu (CUDA, -DNQ_CUDA=ON) and gpu_none.c (every
 * other build: no device).
 */
#ifndef NQ_GPU_BACKEND_H
#define NQ_GPU_BACKEND_H

#include <stddef.h>
#include <stdint.h>

#include "gpu_pairs.h"
#include "gpu_search.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Batches in flight on one device at once (gpu_backend_submit()'s slots). */
#define GPU_SLOTS 2

typedef struct gpu_dev gpu_dev;

/* gpu_backend_built() : 1 in a CUDA build, 0 otherwise. */
int gpu_backend_built(void);

/* gpu_backend_count() : the number of usable devices (0 if none, no driver, or no CUDA). */
int gpu_backend_count(void);

/* gpu_backend_name() : the device's name into buf (cap bytes, NUL-terminated).
 * @return NQ_OK, NQ_ENODEV (no such device). */
int gpu_backend_name(int device, char *buf, size_t cap);

/* gpu_backend_open() : a handle on device `device` for one host thread.
 * @return NQ_OK; NQ_ENODEV (no such device); NQ_ENOMEM; NQ_EDEVICE. */
int gpu_backend_open(int device, gpu_dev **out);

/* gpu_backend_submit() :
 * Starts counting a batch in slot (0..GPU_SLOTS-1, not in use): nsub subproblems and nitems items
 * (1 <= nitems, every items[i].sub < nsub), copied before the call returns. The work runs while
 * the caller prepares the next batch.
 * @return NQ_OK; NQ_ENOMEM (device or host memory); NQ_EDEVICE. */
int gpu_backend_submit(gpu_dev *d, int slot, const gpu_sub *subs, uint32_t nsub,
                       const gpu_item *items, uint32_t nitems);

/* gpu_backend_collect() :
 * Waits for the batch of slot and writes, for each of its subproblems j, the completions of its
 * items into sols[j] and their nodes into nodes[j]; the slot is then free.
 * @return NQ_OK; NQ_EDEVICE. */
int gpu_backend_collect(gpu_dev *d, int slot, uint64_t *sols, uint64_t *nodes);

/* gpu_backend_host_alloc() :
 * Host memory of `bytes` bytes that a device copies from without staging (page-locked in a CUDA
 * build, for any device; plain malloc() in the others), or NULL. gpu_backend_host_free() frees it
 * (NULL accepted). */
void *gpu_backend_host_alloc(size_t bytes);
void gpu_backend_host_free(void *p);

/* gpu_backend_pairs_submit() :
 * Starts counting a batch of the quadrant join's pair counter (gpu_pairs.h) in slot (0..GPU_SLOTS
 * - 1, not in use): nsub >= 1 subproblems (subs: their tops and raw bottoms in tops[0..ntops - 1]
 * and raw[0..nraw - 1], their rooms within nbottoms laid-out bottoms and ntasks >= 1 task slots),
 * laid out and counted on the device with the lists' hot bits `hot`. The three arrays are copied
 * while the batch runs: they must stay unchanged until the slot's gpu_backend_pairs_collect(),
 * and from gpu_backend_host_alloc() they are copied without a copy on the host. A slot holds one
 * kind of batch at a time.
 * @return NQ_OK; NQ_EINVAL; NQ_ENOMEM (device or host memory); NQ_EDEVICE. */
int gpu_backend_pairs_submit(gpu_dev *d, int slot, uint64_t hot, const uint64_t *tops, size_t ntops,
                             const uint64_t *raw, size_t nraw, const gpu_pair_sub *subs,
                             uint32_t nsub, uint64_t nbottoms, uint32_t ntasks);

/* gpu_backend_pairs_collect() :
 * Waits for the pair batch of slot and writes each subproblem's pairs that AND to 0 into
 * pairs[0..nsub-1]; the slot is then free. @return NQ_OK; NQ_EDEVICE. */
int gpu_backend_pairs_collect(gpu_dev *d, int slot, uint64_t *pairs);

/* gpu_backend_close() : waits for what is in flight, frees everything; NULL is accepted. */
void gpu_backend_close(gpu_dev *d);

#ifdef __cplusplus
}
#endif

#endif /* NQ_GPU_BACKEND_H */
