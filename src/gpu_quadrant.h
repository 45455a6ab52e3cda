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
#include "quadrant.h"

/* A batch of the pair counter as the host builds it: each subproblem's segments (gpu_segment:
 * the splits of each half's rows between its two quadrants, which the device joins) and its rooms
 * on the device (gpu_pair_sub); or, from gpu_pair_build_add(), its halves themselves. Every array
 * grows as needed, in memory from alloc and release (NULL: malloc() and free(); the driver gives
 * gpu_backend_host_alloc(), so that the device copies the batch from where it is). */
typedef struct gpu_pair_build {
    void *(*alloc)(size_t bytes);
    void (*release)(void *p);
    gpu_pair_sub *subs;
    gpu_segment *segs;
    uint64_t *halves; /* gpu_pair_build_add()'s halves (none from gpu_pair_build_sub()) */
    size_t nsegs, nhalves, seg_cap, half_cap, sub_cap;
    uint32_t nsub;
    uint32_t ntasks;   /* the task slots of its subproblems */
    uint64_t nbottoms; /* the room of its laid-out bottoms (words) */
    uint64_t nroom;    /* the room of its halves (words) */
} gpu_pair_build;

/* gpu_pair_lists_info() :
 * What the device needs of q to build halves (gpu_lists_info) and where each quadrant's
 * placements start in their concatenation, part 0 to 3 (base[4], in placements), which is how
 * the device keeps them; *total gets the placements of all four. */
void gpu_pair_lists_info(const quadrant_lists *q, gpu_lists_info *info, uint32_t base[4],
                         size_t *total);

/* gpu_pair_build_sub() :
 * Appends to b the subproblem (m, c) of q (as quadrant_halves(): c the top rows' columns, m the
 * middle queen's column or -1), its halves to be built on the device: each half's segments (with
 * placements, from the quadrant lists' starts; base from gpu_pair_lists_info()) and its rooms, as
 * large as its segments' pairs. *bound gets that room (both halves), the most signatures the
 * device may write for it. @return NQ_OK, NQ_EINVAL (a room of 2^32 signatures or more) or
 * NQ_ENOMEM (b unchanged). */
int gpu_pair_build_sub(gpu_pair_build *b, const quadrant_lists *q, const uint32_t base[4], int m,
                       uint64_t c, uint64_t *bound);

/* gpu_pair_build_add() :
 * Appends to b one subproblem given by its halves' signatures t (nt) and u (nu), no bit at
 * GPU_PAIR_BITS or above, in either order: the unit test's way to give the layout and the pair
 * counter lists of its own (a batch holds subproblems of one kind only). @return NQ_OK, NQ_EINVAL
 * (a half of 2^32 signatures or more, or b holds segments) or NQ_ENOMEM (b unchanged). */
int gpu_pair_build_add(gpu_pair_build *b, const uint64_t *t, size_t nt, const uint64_t *u,
                       size_t nu);

/* gpu_pair_build_host() :
 * The pairs that AND to 0 of each subproblem of b, into pairs[0..b->nsub - 1], counted on the
 * host as the device counts them (gpu_pair_batch_host()): the unit test and the emulated backend.
 * q: the lists b's segments index (NULL for a batch of gpu_pair_build_add()). hot:
 * quadrant_lists_hot(). @return NQ_OK or NQ_ENOMEM. */
int gpu_pair_build_host(const gpu_pair_build *b, const quadrant_lists *q, uint64_t hot,
                        uint64_t *pairs);

/* gpu_pair_build_clear() : empties b, keeping its memory. gpu_pair_build_free(): frees it. */
void gpu_pair_build_clear(gpu_pair_build *b);
void gpu_pair_build_free(gpu_pair_build *b);

/* The host threads that feed one device at most (gpu.c). */
#define GPU_QUADRANT_FEEDERS 4

/* gpu_quadrant_drive() :
 * Counts on device `device` the subproblems of a quadrant split that the drive hands this
 * thread: the quadrant lists sent to the device once, then each subproblem's segments; its
 * halves built, laid out and their pairs counted on the device, two batches in flight; *done
 * gets the subproblems it counted. A failure is the drive's (drive_fail()) too. */
int gpu_quadrant_drive(drive *dr, int device, uint64_t *done);

#endif /* NQ_GPU_QUADRANT_H */
