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

/* A batch of the pair counter as the host builds it: every array grows as needed. */
typedef struct gpu_pair_build {
    uint64_t *tops, *bottoms;
    size_t ntops, nbottoms, top_cap, bottom_cap, sub_cap, task_cap;
    gpu_pair_sub *subs;
    gpu_pair_task *tasks;
    uint32_t nsub, ntasks;
    uint64_t pairs; /* the pairs of its subproblems' halves (tops x bottoms), weighed or not */
    uint8_t *group; /* scratch: the hot group of each signature of the subproblem being added */
    size_t group_cap;
} gpu_pair_build;

/* gpu_pair_build_add() :
 * Appends one subproblem to b: its halves' signatures t (nt) and u (nu), as quadrant_halves()
 * gives them, in either order, and the hot bits of the lists (quadrant_lists_hot()): the larger
 * half becomes the bottoms, grouped by the hot bits both halves take and cut into tasks; the
 * other the tops, both with only the bits both halves take. Its pairs are then the sum of its
 * tasks' (gpu_pair_task_host() or the device). @return NQ_OK, NQ_EINVAL (a bit both take
 * lies at GPU_PAIR_BITS or above) or NQ_ENOMEM (b unchanged). */
int gpu_pair_build_add(gpu_pair_build *b, const uint64_t *t, size_t nt, const uint64_t *u,
                       size_t nu, uint64_t hot);

/* gpu_pair_build_clear() : empties b, keeping its memory. gpu_pair_build_free(): frees it. */
void gpu_pair_build_clear(gpu_pair_build *b);
void gpu_pair_build_free(gpu_pair_build *b);

/* gpu_quadrant_drive() :
 * Counts on device `device` the subproblems of a quadrant split that the drive hands this
 * thread: the halves built here, the pairs counted on the device, two batches in flight; *done
 * gets the subproblems it counted. A failure is the drive's (drive_fail()) too. */
int gpu_quadrant_drive(drive *dr, int device, uint64_t *done);

#endif /* NQ_GPU_QUADRANT_H */
