/*
 * gpu_quadrant.h: the quadrant join counted on GPUs (gpu_quadrant.c): the host's part of the
 * pair counter of src/cuda/gpu_pairs.h (a batch of subproblems' halves laid out as the device
 * takes them), and the loop of one host thread that feeds a device. Below gpu.c, which calls
 * gpu_quadrant_drive() for a quadrant split; the unit test (tests/unit/test_gpu_pairs.c) builds
 * batches with it and runs their tasks on the host.
 */
#ifndef NQ_GPU_QUADRANT_H
#define NQ_GPU_QUADRANT_H

#include <stddef.h>
#include <stdint.h>

#include "cuda/gpu_pairs.h"
#include "drive.h"

/* A batch of the pair counter as the host builds it: each subproblem's halves as they are, one
 * after the other, and its rooms on the device (gpu_pair_sub); every array grows as needed, in
 * memory from alloc and release (NULL: malloc() and free(); the driver gives
 * gpu_backend_host_alloc(), so that the device copies the batch as it is). */
typedef struct gpu_pair_build {
    void *(*alloc)(size_t bytes);
    void (*release)(void *p);
    uint64_t *tops, *raw;
    size_t ntops, nraw, top_cap, raw_cap, sub_cap;
    gpu_pair_sub *subs;
    uint32_t nsub;
    uint32_t ntasks;   /* the task slots of its subproblems */
    uint64_t nbottoms; /* the room of its laid-out bottoms (words) */
    uint64_t pairs;    /* the pairs of its subproblems' halves (tops x bottoms), weighed or not */
} gpu_pair_build;

/* gpu_pair_build_add() :
 * Appends one subproblem to b: its halves' signatures t (nt) and u (nu), as quadrant_halves()
 * gives them (no bit at GPU_PAIR_BITS or above), in either order: the larger half becomes the
 * bottoms (more tasks). The device lays them out (gpu_pair_layout_host() on the host); the
 * subproblem's pairs are the sum of its tasks'. @return NQ_OK, NQ_EINVAL (a half of 2^32
 * signatures or more) or NQ_ENOMEM (b unchanged). */
int gpu_pair_build_add(gpu_pair_build *b, const uint64_t *t, size_t nt, const uint64_t *u,
                       size_t nu);

/* gpu_pair_build_host() :
 * The pairs that AND to 0 of each subproblem of b, into pairs[0..b->nsub - 1], counted on the
 * host as the device counts them (gpu_pair_batch_host()): the unit test and the emulated backend.
 * hot: quadrant_lists_hot(). @return NQ_OK or NQ_ENOMEM. */
int gpu_pair_build_host(const gpu_pair_build *b, uint64_t hot, uint64_t *pairs);

/* gpu_pair_build_clear() : empties b, keeping its memory. gpu_pair_build_free(): frees it. */
void gpu_pair_build_clear(gpu_pair_build *b);
void gpu_pair_build_free(gpu_pair_build *b);

/* gpu_quadrant_drive() :
 * Counts on device `device` the subproblems of a quadrant split that the drive hands this
 * thread: the halves built here, the pairs counted on the device, two batches in flight; *done
 * gets the subproblems it counted. A failure is the drive's (drive_fail()) too. */
int gpu_quadrant_drive(drive *dr, int device, uint64_t *done);

#endif /* NQ_GPU_QUADRANT_H */
