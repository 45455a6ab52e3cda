/* drive.h: the one hand-out of a count's numbered subproblems (drive.c), shared by every engine
 * that counts them: the CPU workers of nq_count_split() (parallel.c), the host threads of the
 * GPUs (gpu.c), and through nq_count_options.source an MPI rank's share of a cluster's count.
 *
 * A drive owns what the engines must agree on: which numbers are handed out (0 .. size-1 in
 * order, or those of the options' source; skip flags honoured), the stop flag, the results added
 * and reported through on_result under one lock, the first error, and the rule that makes a
 * count NQ_STOPPED (a halt by on_result, or a number left out because of the stop flag). An
 * engine only takes numbers (drive_take()), solves them, and gives their results back
 * (drive_give()) or its error (drive_fail()). */
#ifndef NQ_DRIVE_H
#define NQ_DRIVE_H

#include <pthread.h>
#include <stdatomic.h>

#include "nqueens_advanced.h"

typedef struct drive {
    const nq_split *s;
    const nq_count_options *opt; /* never NULL (the defaults when the caller gave none) */
    uint64_t size;               /* nq_split_size(s) */
    pthread_mutex_t take_lock;   /* cursor, exhausted, and the calls of opt->source */
    uint64_t cursor;             /* the next number of 0 .. size-1 (without a source) */
    int exhausted;               /* every number was handed out (or the source said no more) */
    atomic_int quit;             /* no number is handed out any more */
    atomic_int skipped;          /* some number was left out because of the stop flag */
    pthread_mutex_t lock;        /* the fields below, and the calls of opt->on_result */
    int halt;                    /* on_result said stop: nothing more is counted or reported */
    int error;                   /* the first error of an engine (NQ_OK while none) */
    nq_counts sum;               /* the sum of the results counted */
} drive;

/* drive_init() : a drive of the subproblems of s with the options opt (NULL: the defaults, which
 * the drive keeps a copy of in *none, so none must live as long as the drive). */
void drive_init(drive *d, const nq_split *s, const nq_count_options *opt, nq_count_options *none);

/* drive_destroy() : frees the drive's locks. */
void drive_destroy(drive *d);

/* drive_take() :
 * Writes up to max (>= 1) numbers to solve into index and returns how many: 0 when there is no
 * more work (all handed out, the source has no more, the stop flag is set, on_result halted the
 * count, or an engine failed). Safe to call from many threads. With a source it may block until
 * the source has numbers. */
size_t drive_take(drive *d, uint64_t *index, size_t max);

/* drive_give() :
 * The results c[0..k-1] of the numbers index[0..k-1], taken from this drive: added to the sum and
 * reported through on_result, one at a time under the drive's lock, unless the count was halted
 * (then dropped). counted (may be NULL) receives how many were counted and reported.
 * @return non-zero when the engine should take no more (halted, stopped or failed). */
int drive_give(drive *d, const uint64_t *index, const nq_counts *c, size_t k, size_t *counted);

/* drive_abandon() : an engine gave up a number it took because of the stop flag (its partial
 * counts are thrown away, never given): the count is NQ_STOPPED, and no number is handed out any
 * more. */
void drive_abandon(drive *d);

/* drive_fail() : an engine could not solve a number it took (status rc < 0): the first such
 * status is the count's, and no number is handed out any more. */
void drive_fail(drive *d, int rc);

/* drive_status() : the status of the finished count: the first engine error, else NQ_STOPPED
 * if it was halted or some number was left out, else for a whole count (no skip flags, no
 * source) NQ_EWRONG if its sum disagrees with the known counts (nq_known_check()), else NQ_OK. */
int drive_status(drive *d);

/* drive_threads() :
 * Runs work(arg[t]) on `threads` threads (1 .. NQ_MAX_THREADS), the caller's thread as the first,
 * and waits for them all. Every thread is created before any starts working, so when one cannot
 * be, no work is done at all. @return NQ_OK, or NQ_ETHREAD (nothing ran), NQ_ENOMEM. */
int drive_threads(int threads, void (*work)(void *arg), void *const *arg);

#endif /* NQ_DRIVE_H */
