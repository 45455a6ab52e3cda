/*
 * mpi_rank.c: what every rank of nqueens-mpi computes with (nqmpi.h): a feed of numbers from rank
 * 0 and a count thread that counts them with the library's one count driver, nq_count_split()
 * on T threads (or nq_count_gpu() on the rank's GPU), whose numbers come from the feed
 * (nq_count_options.source) and whose results go to the feed's outbox. The rank's main thread,
 * which alone talks MPI, fills the queue and empties the outbox. The feed's stop flag is the
 * count's (rank_stop(): the job's clean stop reaches the subproblems in flight, as in `nqueens
 * count`).
 *
 * The queue is kept 4T + 4 numbers deep (GPU_QUEUE with a GPU), so that the workers never wait
 * for a round trip to rank 0; a number stays counted against the queue's room until its result
 * has been sent, so the outbox never holds more than qcap records.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "nqmpi.h"

static void pack_u128(uint64_t *w, nq_u128 v) {
    w[0] = (uint64_t)v;
    w[1] = (uint64_t)(v >> 64);
}

static nq_u128 unpack_u128(const uint64_t *w) {
    return (nq_u128)w[0] | (nq_u128)w[1] << 64;
}

void rank_pack(uint64_t *w, uint64_t index, const nq_counts *c) {
    w[0] = index;
    pack_u128(w + 1, c->total);
    pack_u128(w + 3, c->unique);
    pack_u128(w + 5, c->orbit8);
    pack_u128(w + 7, c->orbit4);
    pack_u128(w + 9, c->orbit2);
    pack_u128(w + 11, c->orbit1);
    w[13] = c->nodes;
}

uint64_t rank_unpack(const uint64_t *w, nq_counts *c) {
    memset(c, 0, sizeof *c);
    c->total = unpack_u128(w + 1);
    c->unique = unpack_u128(w + 3);
    c->orbit8 = unpack_u128(w + 5);
    c->orbit4 = unpack_u128(w + 7);
    c->orbit2 = unpack_u128(w + 9);
    c->orbit1 = unpack_u128(w + 11);
    c->nodes = w[13];
    return w[0];
}

/* nq_count_options.source: the next numbers of the queue, waiting for them; 0 once rank 0 has
 * said there are no more and the queue is empty. */
static size_t feed_take(void *user, uint64_t *index, size_t max) {
    rank_feed *f = user;
    pthread_mutex_lock(&f->mu);
    while (f->qlen == 0 && !f->no_more)
        pthread_cond_wait(&f->work_cv, &f->mu);
    size_t k = 0;
    while (k < max && f->qlen > 0) {
        index[k++] = f->queue[f->qhead];
        f->qhead = (f->qhead + 1) % f->qcap;
        f->qlen--;
    }
    f->inflight += k;
    /* the test hook: the first numbers, then those that empty the queue */
    long hold = 0;
    if (k && f->hold_ms > 0 && (f->hold_stage == 0 || (f->hold_stage == 1 && f->qlen == 0))) {
        hold = f->hold_ms;
        f->hold_stage++;
    }
    pthread_mutex_unlock(&f->mu);
    if (hold > 0) { /* the test hook: a subproblem that outlasts a heartbeat */
        struct timespec t = {hold / 1000, (hold % 1000) * 1000000L};
        nanosleep(&t, NULL);
    }
    return k;
}

/* nq_count_options.on_result: into the outbox, for the main thread to send. */
static int feed_result(void *user, uint64_t index, const nq_counts *c) {
    rank_feed *f = user;
    pthread_mutex_lock(&f->mu);
    rank_pack(f->outbox + f->olen * REC_WORDS, index, c);
    f->olen++;
    f->inflight--;
    pthread_cond_signal(&f->main_cv);
    pthread_mutex_unlock(&f->mu);
    return 0;
}

static void *count_main(void *arg) {
    rank_feed *f = arg;
    nq_count_options opt;
    memset(&opt, 0, sizeof opt);
    opt.threads = f->device >= 0 ? 0 : f->threads; /* a GPU's join: all cores, at most 4 a GPU */
    opt.kernel = f->kernel;
    opt.method = f->method;
    opt.source = feed_take;
    opt.source_user = f;
    opt.on_result = feed_result;
    opt.user = f;
    opt.stop = &f->stop;
    nq_counts sum; /* the rank's share; rank 0 adds the results it receives */
    memset(&sum, 0, sizeof sum);
    int rc = f->device >= 0 ? nq_count_gpu(f->split, &opt, &f->device, 1, NULL, &sum)
                            : nq_count_split(f->split, &opt, &sum);
    pthread_mutex_lock(&f->mu);
    f->status = rc;
    f->finished = 1;
    f->no_more = 1;
    pthread_cond_signal(&f->main_cv);
    pthread_mutex_unlock(&f->mu);
    return NULL;
}

int rank_start(rank_feed *f, const nq_split *split, int threads, nq_kernel kernel, nq_method method,
               int device) {
    memset(f, 0, sizeof *f);
    f->split = split;
    f->threads = threads;
    f->kernel = kernel;
    f->method = method;
    f->device = device;
    f->qcap = device >= 0 ? GPU_QUEUE : 4 * (size_t)threads + 4;
    f->queue = malloc(f->qcap * sizeof *f->queue);
    f->outbox = malloc(f->qcap * REC_WORDS * sizeof *f->outbox);
    if (!f->queue || !f->outbox) {
        free(f->queue);
        free(f->outbox);
        return NQ_ENOMEM;
    }
    pthread_mutex_init(&f->mu, NULL);
    pthread_cond_init(&f->work_cv, NULL);
    pthread_cond_init(&f->main_cv, NULL);
    if (pthread_create(&f->thread, NULL, count_main, f) != 0) {
        pthread_mutex_destroy(&f->mu);
        pthread_cond_destroy(&f->work_cv);
        pthread_cond_destroy(&f->main_cv);
        free(f->queue);
        free(f->outbox);
        return NQ_ETHREAD;
    }
    return NQ_OK;
}

int rank_finish(rank_feed *f) {
    pthread_mutex_lock(&f->mu);
    f->no_more = 1;
    pthread_cond_broadcast(&f->work_cv);
    pthread_mutex_unlock(&f->mu);
    pthread_join(f->thread, NULL);
    pthread_mutex_destroy(&f->mu);
    pthread_cond_destroy(&f->work_cv);
    pthread_cond_destroy(&f->main_cv);
    free(f->queue);
    free(f->outbox);
    return f->status;
}

void rank_stop(rank_feed *f) {
    __atomic_store_n(&f->stop, 1, __ATOMIC_SEQ_CST);
    f->no_more = 1;
    pthread_cond_broadcast(&f->work_cv);
}

size_t rank_wanted(const rank_feed *f) {
    size_t held = f->qlen + f->inflight + f->olen;
    return f->no_more || held >= f->qcap ? 0 : f->qcap - held;
}

void rank_push(rank_feed *f, const uint64_t *idx, size_t k, int no_more) {
    for (size_t i = 0; i < k; i++) {
        f->queue[(f->qhead + f->qlen) % f->qcap] = idx[i];
        f->qlen++;
    }
    if (no_more)
        f->no_more = 1;
    pthread_cond_broadcast(&f->work_cv);
}

void rank_wait(rank_feed *f, long ns) {
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_nsec += ns;
    if (until.tv_nsec >= 1000000000L) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000L;
    }
    pthread_cond_timedwait(&f->main_cv, &f->mu, &until);
}

int rank_drained(const rank_feed *f) {
    return f->finished || (f->no_more && f->qlen == 0 && f->inflight == 0);
}
