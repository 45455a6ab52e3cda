/*
 * complete_par.c: the completion search on several threads (complete.c has the method), and the
 * public calls that ask for them. A search that outlasts its budget on the caller's thread is
 * split by the one-word engine into subtrees (complete_word_body.h: the branches of its first
 * levels, in the order the search would take them), and this file's runner hands them out: each
 * worker, the caller's thread among them, takes the next subtree in order (an atomic counter:
 * subtree sizes differ by orders of magnitude, so no fixed share), with its own copy of the
 * search state. Looking for a completion, the first subtree in order that holds one wins: a
 * worker that finds one records it only if no earlier subtree has, and the workers of later
 * subtrees give up (they look every COMPLETE_POLL nodes). So the answer, and the completion it
 * hands back as a witness, are those of the search on one thread, whatever the threads and
 * their timing; only the nodes differ (the abandoned work). Counting, the workers' counts are
 * added. The threads are POSIX threads started per split (drive_threads(), as the count's
 * workers are: a thread that cannot be created is a status, not an exit). Host build only: the
 * page (web/) has no threads, and its engine never splits (no runner).
 */
#include <stdlib.h>
#include <string.h>

#include "complete.h"
#include "drive.h"

typedef struct complete_split {
    const complete_state *s; /* the caller's state: its place[] is the subtrees' common start */
    size_t ntasks;
    int counting;
    complete_solve_fn solve;
    void *ctx;
    atomic_size_t next;   /* the next subtree to hand out */
    atomic_size_t best;   /* the first subtree known to hold a completion; ntasks: none yet */
    pthread_mutex_t lock; /* witness, and the writes of best */
    int *witness;         /* k: the completion of subtree best */
} complete_split;

typedef struct complete_worker {
    complete_state ws; /* the worker's state: shared tables, its own frames and place[] */
    int *mine;         /* k: the completion its search found */
    complete_split *sp;
} complete_worker;

static void complete_par_work(void *arg) {
    complete_worker *w = arg;
    complete_split *sp = w->sp;
    complete_state *ws = &w->ws;
    size_t k = (size_t)ws->k;
    for (;;) {
        size_t i = atomic_fetch_add(&sp->next, 1);
        /* Subtrees are handed out in order: once one is after the best, so are all the rest. */
        if (i >= sp->ntasks || i > atomic_load(&sp->best)) {
            break;
        }
        ws->task = i;
        ws->poll_at = sp->counting ? UINT64_MAX : ws->nodes + COMPLETE_POLL;
        memcpy(ws->place, sp->s->place, k * sizeof *ws->place);
        if (sp->solve(ws, i, sp->ctx, w->mine) == COMPLETE_STOP) {
            pthread_mutex_lock(&sp->lock);
            if (i < atomic_load(&sp->best)) {
                memcpy(sp->witness, w->mine, k * sizeof *sp->witness);
                atomic_store(&sp->best, i);
            }
            pthread_mutex_unlock(&sp->lock);
        }
    }
}

static void complete_par_release(complete_worker *w, int threads) {
    for (int t = 0; w && t < threads; t++) {
        free(w[t].ws.frames);
        free(w[t].ws.place);
        free(w[t].mine);
    }
    free(w);
}

static int complete_par_run(complete_state *s, size_t ntasks, int counting, complete_solve_fn solve,
                            void *ctx, size_t *winner, int *witness) {
    assert(s->threads >= 1 && !s->best && s->k >= 1 && s->k <= 64);
    size_t k = (size_t)s->k, words = (k + 2) * (2 + 2 * k);
    int threads = s->threads, rc = NQ_OK;
    complete_worker *w = calloc((size_t)threads, sizeof *w);
    void **arg = malloc((size_t)threads * sizeof *arg);
    complete_split sp = {.s = s,
                         .ntasks = ntasks,
                         .counting = counting,
                         .solve = solve,
                         .ctx = ctx,
                         .witness = witness};
    atomic_init(&sp.next, 0);
    atomic_init(&sp.best, ntasks);
    for (int t = 0; w && arg && t < threads; t++) {
        w[t].ws = *s; /* the tables and the engine's flags; its own frames, place[], counters */
        w[t].ws.frames = malloc(words * sizeof *w[t].ws.frames);
        w[t].ws.place = malloc(k * sizeof *w[t].ws.place);
        w[t].mine = malloc(k * sizeof *w[t].mine);
        w[t].ws.nodes = w[t].ws.probes = 0;
        w[t].ws.count = 0;
        w[t].ws.best = &sp.best;
        w[t].sp = &sp;
        arg[t] = &w[t];
        if (!w[t].ws.frames || !w[t].ws.place || !w[t].mine) {
            rc = NQ_ENOMEM;
        }
    }
    if (!w || !arg) {
        rc = NQ_ENOMEM;
    }
    if (rc == NQ_OK) {
        pthread_mutex_init(&sp.lock, NULL);
        rc = drive_threads(threads, complete_par_work, arg);
        pthread_mutex_destroy(&sp.lock);
        for (int t = 0; t < threads; t++) {
            s->nodes += w[t].ws.nodes;
            s->count += w[t].ws.count;
        }
    }
    complete_par_release(w, threads);
    free(arg);
    if (rc != NQ_OK) {
        s->par_error = rc;
        return COMPLETE_NOMEM;
    }
    *winner = atomic_load(&sp.best);
    return !counting && *winner < ntasks ? COMPLETE_STOP : COMPLETE_GO;
}

const complete_runner complete_par_runner = {complete_par_run};

/* The options of the public calls: threads resolved (0 = all cores), the default budget. */
static int complete_par_opts(int threads, complete_opts *o) {
    int t = nq_count_threads(threads);
    if (t < 0) {
        return NQ_EINVAL;
    }
    *o = (complete_opts){COMPLETE_ENGINE_AUTO, t, COMPLETE_BUDGET, 0, &complete_par_runner};
    return NQ_OK;
}

int nq_complete_first_parallel(const nq_instance *inst, int threads, int *cols,
                               nq_conflict *conflict, nq_complete_stats *stats) {
    complete_opts o;
    int ret = complete_par_opts(threads, &o);
    return ret != NQ_OK ? ret : complete_first_opts(inst, &o, cols, conflict, stats);
}

int nq_complete_count_parallel(const nq_instance *inst, int threads, nq_u128 *count,
                               nq_conflict *conflict, nq_complete_stats *stats) {
    complete_opts o;
    int ret = complete_par_opts(threads, &o);
    return ret != NQ_OK ? ret : complete_count_opts(inst, &o, count, conflict, stats);
}

int nq_complete_each_parallel(const nq_instance *inst, int threads,
                              int (*fn)(void *user, int n, const int *cols), void *user,
                              nq_conflict *conflict, nq_complete_stats *stats) {
    complete_opts o;
    int ret = complete_par_opts(threads, &o);
    return ret != NQ_OK ? ret : complete_each_opts(inst, &o, fn, user, conflict, stats);
}
