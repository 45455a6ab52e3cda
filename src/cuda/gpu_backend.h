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

/* gpu_backend_pairs_lists() :
 * Sends the quadrant lists to device d for this handle's pair batches: part p's count[p]
 * placements (two words each: diagonals, anti-diagonals) at parts[p], the four parts one after
 * the other (the indices of gpu_segment), and what the halves' joins share (info); replaces what
 * was sent before. The handles of one device that send the same arrays (same addresses, sizes
 * and info: the host threads of one count) share one copy on it, freed with the last of them; the
 * arrays must stay as they are until then. @return NQ_OK; NQ_ENOMEM (device memory); NQ_EDEVICE. */
int gpu_backend_pairs_lists(gpu_dev *d, const gpu_lists_info *info, const uint32_t *const parts[4],
                            const size_t count[4]);

/* gpu_backend_pairs_submit() :
 * Starts counting a batch of the quadrant join's pair counter (gpu_pairs.h) in slot (0..GPU_SLOTS
 * - 1, not in use), on the lists sent last: nsub >= 1 subproblems (subs: their segments in
 * segs[0..nsegs - 1], their rooms within nhalves halves' words, nbottoms laid-out bottoms and
 * ntasks >= 1 task slots), their halves built, laid out (with the lists' hot bits `hot`) and
 * counted on the device. segs and subs are copied while the batch runs: they must stay unchanged
 * until the slot's gpu_backend_pairs_collect(), and from gpu_backend_host_alloc() they are copied
 * without a copy on the host. A slot holds one kind of batch at a time.
 * @return NQ_OK; NQ_EINVAL (no lists sent, or a bad slot or size); NQ_ENOMEM (device or host
 * memory); NQ_EDEVICE. */
int gpu_backend_pairs_submit(gpu_dev *d, int slot, uint64_t hot, const gpu_segment *segs,
                             size_t nsegs, const gpu_pair_sub *subs, uint32_t nsub,
                             uint64_t nhalves, uint64_t nbottoms, uint32_t ntasks);

/* gpu_backend_pairs_collect() :
 * Waits for the pair batch of slot and writes, for each of its subproblems j, its pairs that AND
 * to 0 into pairs[j] and the product of its halves' sizes (tops x bottoms, the measure of its
 * work) into halves[j]; the slot is then free. @return NQ_OK; NQ_EDEVICE. */
int gpu_backend_pairs_collect(gpu_dev *d, int slot, uint64_t *pairs, uint64_t *halves);

/* gpu_backend_close() : waits for what is in flight, frees everything; NULL is accepted. */
void gpu_backend_close(gpu_dev *d);

#ifdef __cplusplus
}
#endif

#endif /* NQ_GPU_BACKEND_H */
