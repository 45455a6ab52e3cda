/*
 * mpi_master.c: rank 0 of nqueens-mpi. It owns the count's session (tool/session.c, as `nqueens
 * count --checkpoint`: the journal opened and resumed, each result recorded, fsync on a timer,
 * the clean stop on SIGINT/SIGTERM, the result checked against the known counts), hands out the
 * numbers not yet done on demand, to its own feed and to the other ranks, and sums the results.
 *
 * The hand-out is dynamic because subproblem sizes are skewed: a rank asks for more as soon as
 * its queue runs low. Results travel back as they finish, so the journal loses at most the
 * subproblems in flight when the job is killed; rerunning the same command resumes it. On the
 * first SIGINT or SIGTERM (with a journal) rank 0 hands out nothing more and stops every rank's
 * count as `nqueens count` stops its own (its own feed's stop flag, and a TAG_STOP message to each
 * worker): the subproblems in flight give up within about 0.1 s, their partial counts dropped,
 * and every one that finished is still sent, recorded and kept; rank 0 then ends the job saying
 * how far it got (exit 128 + the signal). Without a journal the first signal ends the job at once.
 *
 * Rank 0 waits by polling with short sleeps rather than in blocking receives, because Open MPI
 * spins in those and would take a core from the compute threads. A worker that has been silent
 * for --heartbeat seconds ends the job with MPI_Abort(), naming the rank; a silence counts only
 * while rank 0 itself was running (not when rank 0 was stopped and resumed).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

#include "nqmpi.h"
#include "session.h"

typedef struct master {
    const nq_split *split;
    tool_session ss;
    const uint8_t *skip; /* the journal's flags, or NULL */
    uint64_t cursor;     /* next number to hand out (skipped ones are passed over) */
    uint64_t size;
    uint64_t out; /* numbers handed out whose result has not come back */
    nq_counts sum;
    int error;   /* first journal error */
    int stopped; /* the signal's stop: nothing more is handed out */
} master;

/* Takes up to k numbers not yet done; returns how many. */
static size_t master_take(master *m, uint64_t *out, size_t k) {
    size_t got = 0;
    if (m->stopped || m->error != NQ_OK)
        return 0;
    while (got < k && m->cursor < m->size) {
        uint64_t i = m->cursor++;
        if (!m->skip || !m->skip[i])
            out[got++] = i;
    }
    m->out += got;
    return got;
}

/* No number will be handed out again. */
static int master_done(const master *m) {
    return m->stopped || m->error != NQ_OK || m->cursor >= m->size;
}

static void master_record(master *m, const uint64_t *recs, size_t k) {
    for (size_t r = 0; r < k; r++) {
        nq_counts c;
        uint64_t index = rank_unpack(recs + r * REC_WORDS, &c);
        if (index >= m->size) {
            tool_error("a rank sent a result for subproblem %llu of %llu: ending the job",
                       (unsigned long long)index, (unsigned long long)m->size);
            MPI_Abort(MPI_COMM_WORLD, EXIT_USAGE);
        }
        int rc = tool_session_result(&m->ss, index, &c);
        if (rc != NQ_OK && m->error == NQ_OK)
            m->error = rc;
        nq_counts_add(&m->sum, &c);
        m->out--;
    }
}

/* A worker has been silent for longer than the heartbeat: the job cannot finish. Rank 0 syncs
 * the journal, says which rank and why, and ends the job. */
static void master_lost(master *m, int rank, double silent, const char *checkpoint) {
    if (m->ss.journal)
        (void)nq_journal_sync(m->ss.journal);
    tool_progress_stop(m->ss.progress);
    m->ss.progress = NULL;
    if (checkpoint)
        tool_error("rank %d has sent nothing for %.0f s (stopped, hung, or its node lost): ending "
                   "the job; the finished subproblems are in '%s': run the same command to "
                   "resume",
                   rank, silent, checkpoint);
    else
        tool_error("rank %d has sent nothing for %.0f s (stopped, hung, or its node lost): ending "
                   "the job; nothing was saved (count with --checkpoint FILE to be able to "
                   "resume)",
                   rank, silent);
    MPI_Abort(MPI_COMM_WORLD, EXIT_USAGE);
}

/* Sends worker r its one TAG_STOP message (mpi/nqmpi.h), unless it was sent already: sig, the
 * signal that stops the job, or 0 in answer to the worker's final message. */
static void master_tell(uint8_t *told, int r, int sig) {
    if (told[r])
        return;
    told[r] = 1;
    uint64_t word = (uint64_t)sig;
    MPI_Send(&word, 1, MPI_UINT64_T, r, TAG_STOP, MPI_COMM_WORLD);
}

/* The loop of rank 0 until every rank has finished. @return the count's status. */
static int master_loop(master *m, int ranks, const mpi_options *o, int device) {
    rank_feed f;
    int rc = rank_start(&f, m->split, o->threads, o->kernel, o->method, device);
    if (rc != NQ_OK)
        return rc;
    int active = ranks - 1; /* workers that have not sent their final message */
    double tick = tool_now();
    double *seen = malloc((size_t)ranks * sizeof *seen); /* when each rank was last heard */
    size_t msg_cap = 0;
    uint64_t *msg = NULL, *reply = NULL, *local = malloc(f.qcap * sizeof *local),
             *recs = malloc(f.qcap * REC_WORDS * sizeof *recs);
    uint8_t *told = calloc((size_t)ranks, 1); /* the worker was sent its TAG_STOP */
    if (!seen || !local || !recs || !told)
        MPI_Abort(MPI_COMM_WORLD, EXIT_USAGE);
    for (int r = 0; r < ranks; r++)
        seen[r] = tick;
    for (;;) {
        int sig = m->ss.stop ? __atomic_load_n(m->ss.stop, __ATOMIC_RELAXED) : 0;
        if (!m->stopped && sig) {
            /* The clean stop reaches the subproblems in flight on every rank, as in `nqueens
             * count`: each gives up within about 0.1 s, and what finished is still sent here. */
            m->stopped = 1;
            pthread_mutex_lock(&f.mu);
            rank_stop(&f);
            pthread_mutex_unlock(&f.mu);
            for (int r = 1; r < ranks; r++)
                if (seen[r] >= 0)
                    master_tell(told, r, sig);
        }
        /* Rank 0's own count: refill its queue, collect its results. */
        pthread_mutex_lock(&f.mu);
        size_t k = master_take(m, local, rank_wanted(&f));
        rank_push(&f, local, k, master_done(m));
        size_t done = f.olen;
        memcpy(recs, f.outbox, done * REC_WORDS * sizeof *recs);
        f.olen = 0;
        int local_drained = rank_drained(&f);
        int local_failed =
            f.finished && f.status != NQ_OK && !(m->stopped && f.status == NQ_STOPPED);
        pthread_mutex_unlock(&f.mu);
        master_record(m, recs, done);
        if (local_failed)
            break; /* a library error: the job ends with it */

        /* The other ranks. */
        int flag = 1, served = 0;
        while (active > 0 && flag) {
            MPI_Status st;
            MPI_Iprobe(MPI_ANY_SOURCE, TAG_RESULT, MPI_COMM_WORLD, &flag, &st);
            if (!flag)
                break;
            int len;
            MPI_Get_count(&st, MPI_UINT64_T, &len);
            if ((size_t)len > msg_cap) {
                free(msg);
                msg_cap = (size_t)len;
                msg = malloc(msg_cap * sizeof *msg);
                if (!msg)
                    MPI_Abort(MPI_COMM_WORLD, EXIT_USAGE);
            }
            MPI_Recv(msg, len, MPI_UINT64_T, st.MPI_SOURCE, TAG_RESULT, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
            master_record(m, msg + 3, (size_t)msg[2]);
            seen[st.MPI_SOURCE] = tool_now();
            if (msg[0]) {
                seen[st.MPI_SOURCE] = -1; /* finished: no more news is expected */
                master_tell(told, st.MPI_SOURCE, 0);
                active--;
                continue;
            }
            size_t want = (size_t)msg[1];
            free(reply);
            reply = malloc((2 + want) * sizeof *reply);
            if (!reply)
                MPI_Abort(MPI_COMM_WORLD, EXIT_USAGE);
            size_t got = master_take(m, reply + 2, want);
            reply[0] = (uint64_t)master_done(m);
            reply[1] = got;
            MPI_Send(reply, (int)(2 + got), MPI_UINT64_T, st.MPI_SOURCE, TAG_WORK, MPI_COMM_WORLD);
            served++;
        }
        if (active == 0 && local_drained)
            break;
        double now = tool_now();
        if (now - tick > o->heartbeat / 2) /* rank 0 was held up itself: silences restart */
            for (int r = 1; r < ranks; r++)
                if (seen[r] >= 0)
                    seen[r] = now;
        tick = now;
        for (int r = 1; r < ranks; r++)
            if (seen[r] >= 0 && now - seen[r] > o->heartbeat)
                master_lost(m, r, now - seen[r], o->checkpoint);
        if (!served && done == 0) {
            pthread_mutex_lock(&f.mu);
            if (f.olen == 0)
                rank_wait(&f, POLL_NS);
            pthread_mutex_unlock(&f.mu);
        }
    }
    rc = rank_finish(&f);
    free(msg);
    free(reply);
    free(local);
    free(recs);
    free(seen);
    free(told);
    if (rc == NQ_STOPPED && m->stopped)
        rc = NQ_OK; /* the stop's own: whether work is left is judged below, over every rank */
    if (rc == NQ_OK && m->error != NQ_OK)
        rc = m->error;
    if (rc == NQ_OK && m->stopped && m->out > 0)
        rc = NQ_STOPPED; /* handed out and given up in flight: left for the resume */
    if (rc == NQ_OK && m->stopped)
        for (uint64_t i = m->cursor; i < m->size && rc == NQ_OK; i++)
            if (!m->skip || !m->skip[i])
                rc = NQ_STOPPED;
    return rc;
}

int run_master(const nq_split *split, const mpi_options *o, int ranks, int device,
               const tool_session *ss) {
    master m;
    memset(&m, 0, sizeof m);
    m.split = split;
    m.size = nq_split_size(split);
    m.ss = *ss; /* its signals installed and its journal attached by main() */
    int ok = tool_session_open(&m.ss, o->checkpoint, split, o->progress) == 0;
    MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD); /* rank 0 alone may have refused the journal */
    if (!ok)
        return EXIT_USAGE;
    m.sum = m.ss.resumed_counts;
    m.skip = tool_session_skip(&m.ss);
    double start = tool_now();
    int rc = master_loop(&m, ranks, o, device);
    if (rc == NQ_ETHREAD) { /* the other ranks wait for work: end the job */
        tool_count_failed(o->n, rc, o->threads);
        MPI_Abort(MPI_COMM_WORLD, EXIT_USAGE);
    }
    /* Every subproblem counted: a quadrant split's class counts follow from the whole total. */
    if (rc == NQ_OK && nq_split_complete(split, &m.sum) != NQ_OK)
        rc = NQ_EWRONG;
    int code = tool_session_close(&m.ss, o->n, rc, o->threads, &m.sum);
    if (code == EXIT_OK) {
        nq_kernel used; /* rank 0's: each rank resolves NQ_KERNEL_AUTO on its own CPU */
        nq_method mused;
        if (nq_kernel_resolve(o->kernel, o->n, &used) != NQ_OK)
            used = NQ_KERNEL_GENERIC;
        if (nq_split_count_method(m.split, o->method, &mused) != NQ_OK)
            mused = NQ_METHOD_BACKTRACK;
        if (tool_print_counts(o->n, &m.sum, o->unique, o->json, tool_now() - start,
                              ranks * o->threads, o->gpu ? "cuda" : nq_kernel_name(used),
                              nq_method_name(mused), o->checkpoint ? &m.ss.work : NULL, NULL))
            code = EXIT_USAGE; /* the result went to stderr */
    }
    return code;
}
