/*
 * drive.c: the one hand-out of a count's numbered subproblems to its engines (drive.h): the CPU
 * workers of nq_count_split(), the host threads of the GPUs of nq_count_gpu(), and an MPI rank
 * whose numbers come from rank 0 through nq_count_options.source.
 *
 * Subproblem sizes vary by orders of magnitude, so numbers are handed out on demand: a CPU worker
 * takes one at a time, a GPU's thread a few hundred to fill a batch. Results are added and
 * reported under one lock as they come, in whatever order that is: the addition of exact
 * integers is associative and commutative, so the result never depends on the engines, their
 * number or the schedule. The rules every engine used to restate are here once: a skipped
 * number is never handed out; once the stop flag is seen, no number is; a halt by on_result
 * drops every later result; the first error ends the hand-out; and the count is NQ_STOPPED when
 * it was halted or left a number out because of the stop flag.
 *
 * Workload: a few thousand to a few million numbers per count, each taken and given back once;
 * the locks are held for a few additions and one call of on_result.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "drive.h"

/* The caller's stop flag, read atomically: a signal handler or another thread sets it. */
static int drive_stop_seen(const drive *d) {
    return d->opt->stop && __atomic_load_n(d->opt->stop, __ATOMIC_RELAXED) != 0;
}

void drive_init(drive *d, const nq_split *s, const nq_count_options *opt, nq_count_options *none) {
    memset(d, 0, sizeof *d);
    if (!opt) {
        memset(none, 0, sizeof *none);
        opt = none;
    }
    d->s = s;
    d->opt = opt;
    d->size = nq_split_size(s);
    atomic_init(&d->quit, 0);
    atomic_init(&d->skipped, 0);
    pthread_mutex_init(&d->take_lock, NULL);
    pthread_mutex_init(&d->lock, NULL);
}

void drive_destroy(drive *d) {
    pthread_mutex_destroy(&d->take_lock);
    pthread_mutex_destroy(&d->lock);
}

static int drive_skips(const drive *d, uint64_t i) {
    return d->opt->skip && d->opt->skip[i];
}

/* With take_lock held: the stop flag was seen; is some number left out? */
static void drive_note_left_out(drive *d) {
    if (d->exhausted)
        return;
    if (d->opt->source) {
        atomic_store(&d->skipped, 1); /* the source may have had more */
        return;
    }
    for (uint64_t i = d->cursor; i < d->size; i++)
        if (!drive_skips(d, i)) {
            atomic_store(&d->skipped, 1);
            break;
        }
    d->cursor = d->size;
}

size_t drive_take(drive *d, uint64_t *index, size_t max) {
    assert(max >= 1);
    size_t k = 0;
    pthread_mutex_lock(&d->take_lock);
    if (!atomic_load(&d->quit) && drive_stop_seen(d)) {
        atomic_store(&d->quit, 1);
        drive_note_left_out(d);
    }
    if (atomic_load(&d->quit) || d->exhausted) {
        pthread_mutex_unlock(&d->take_lock);
        return 0;
    }
    if (!d->opt->source) {
        while (k < max && d->cursor < d->size) {
            uint64_t i = d->cursor++;
            if (!drive_skips(d, i))
                index[k++] = i;
        }
    } else {
        /* A source's numbers may all be skipped ones: ask again until some are not. */
        while (k == 0) {
            size_t got = d->opt->source(d->opt->source_user, index, max);
            if (got == 0 || got > max)
                break;
            for (size_t j = 0; j < got; j++) {
                if (index[j] >= d->size) {
                    pthread_mutex_unlock(&d->take_lock);
                    drive_fail(d, NQ_EINVAL); /* a number the split does not have */
                    return 0;
                }
                if (!drive_skips(d, index[j]))
                    index[k++] = index[j];
            }
        }
    }
    if (k == 0)
        d->exhausted = 1;
    pthread_mutex_unlock(&d->take_lock);
    return k;
}

int drive_give(drive *d, const uint64_t *index, const nq_counts *c, size_t k, size_t *counted) {
    const nq_count_options *opt = d->opt;
    size_t i = 0;
    pthread_mutex_lock(&d->lock);
    for (; i < k && !d->halt; i++) {
        assert(index[i] < d->size);
        nq_counts_add(&d->sum, &c[i]);
        if (opt->on_result && opt->on_result(opt->user, index[i], &c[i]))
            d->halt = 1;
    }
    int halt = d->halt;
    pthread_mutex_unlock(&d->lock);
    if (counted)
        *counted = i;
    if (halt)
        atomic_store(&d->quit, 1);
    return halt || atomic_load(&d->quit);
}

void drive_abandon(drive *d) {
    atomic_store(&d->skipped, 1);
    atomic_store(&d->quit, 1);
}

void drive_fail(drive *d, int rc) {
    assert(rc < 0);
    pthread_mutex_lock(&d->lock);
    if (d->error == NQ_OK)
        d->error = rc;
    pthread_mutex_unlock(&d->lock);
    atomic_store(&d->quit, 1);
}

int drive_status(drive *d) {
    pthread_mutex_lock(&d->lock);
    int rc = d->error != NQ_OK                     ? d->error
             : d->halt || atomic_load(&d->skipped) ? NQ_STOPPED
                                                   : NQ_OK;
    pthread_mutex_unlock(&d->lock);
    /* A whole count (every number, in order, none skipped) can know its answer, once its class
     * counts are complete (a quadrant split's come from its total). */
    if (rc == NQ_OK && !d->opt->skip && !d->opt->source) {
        nq_counts whole = d->sum;
        rc = nq_split_complete(d->s, &whole);
        if (rc == NQ_OK)
            rc = nq_known_check(nq_split_n(d->s), &whole);
    }
    return rc;
}

/* ---- Threads -------------------------------------------------------------------------------- */

typedef struct drive_team {
    pthread_mutex_t lock;
    pthread_cond_t go_cv;
    int go; /* 1: every thread was created, work; -1: one could not be, leave at once */
    void (*work)(void *arg);
} drive_team;

typedef struct drive_member {
    drive_team *team;
    void *arg;
} drive_member;

static void *drive_member_main(void *p) {
    drive_member *m = p;
    drive_team *team = m->team;
    pthread_mutex_lock(&team->lock);
    while (team->go == 0)
        pthread_cond_wait(&team->go_cv, &team->lock);
    int go = team->go;
    pthread_mutex_unlock(&team->lock);
    if (go > 0)
        team->work(m->arg);
    return NULL;
}

int drive_threads(int threads, void (*work)(void *arg), void *const *arg) {
    assert(threads >= 1 && threads <= NQ_MAX_THREADS);
    if (threads == 1) {
        work(arg[0]);
        return NQ_OK;
    }
    pthread_t *tid = malloc((size_t)(threads - 1) * sizeof *tid);
    drive_member *member = malloc((size_t)threads * sizeof *member);
    if (!tid || !member) {
        free(tid);
        free(member);
        return NQ_ENOMEM;
    }
    drive_team team = {.go = 0, .work = work};
    pthread_mutex_init(&team.lock, NULL);
    pthread_cond_init(&team.go_cv, NULL);
    int started = 0;
    for (int t = 0; t < threads; t++)
        member[t] = (drive_member){&team, arg[t]};
    while (started < threads - 1 &&
           pthread_create(&tid[started], NULL, drive_member_main, &member[started + 1]) == 0)
        started++;
    pthread_mutex_lock(&team.lock);
    team.go = started == threads - 1 ? 1 : -1;
    pthread_cond_broadcast(&team.go_cv);
    pthread_mutex_unlock(&team.lock);
    if (team.go > 0)
        drive_member_main(&member[0]); /* the caller's thread is the first */
    for (int t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    pthread_mutex_destroy(&team.lock);
    pthread_cond_destroy(&team.go_cv);
    free(tid);
    free(member);
    return team.go > 0 ? NQ_OK : NQ_ETHREAD;
}
