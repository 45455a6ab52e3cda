/*
 * mpi_worker.c: a rank other than 0 of nqueens-mpi. Its main thread asks rank 0 for numbers as
 * its feed runs low, sends the finished results back as they come, and tells rank 0 it is alive
 * at least every quarter of --heartbeat S seconds (an empty message, answered as any other); it
 * ends the job with MPI_Abort() when rank 0 has not answered for S seconds, saying so (finished
 * work is in rank 0's journal already). A silence is rank 0's only if this rank was running all
 * along: when its own loop was held up for half the heartbeat (this rank was stopped, e.g. by
 * SIGSTOP, and rank 0 has already named it and is ending the job), the wait starts again, so that
 * the job's one diagnosis names the rank that stopped.
 *
 * A message to rank 0 is [final, want, nrecords, records...]; rank 0 answers every message that
 * is not final with [no_more, k, k numbers]. A SIGINT or SIGTERM that reaches this rank (mpirun
 * passes a Ctrl-C on to every rank as SIGTERM, and so does an MPI_Abort() of rank 0) is left to
 * rank 0: it stops handing out numbers and sends each worker a TAG_STOP message with the signal,
 * checked on every turn of this loop (at least every 0.1 s); this rank's count then gives up its
 * subproblems in flight as `nqueens count` does (within about 0.1 s, partial counts dropped), and
 * the rank sends every result that finished, so that nothing computed is lost, and exits with
 * 128 + the signal as rank 0 does. Every worker receives exactly one TAG_STOP: without a stop, it
 * is rank 0's answer to the final message, waited for before the rank leaves. A signal here also
 * means that the job is being ended: if rank 0 then falls silent, this rank leaves without a word
 * of its own (rank 0 has said what happened, or is gone with the job), instead of blaming rank 0.
 *
 * Test hook (tests/cli/mpi.sh): with NQ_TEST_HOLD_MS=MS in its environment, rank 1's count holds
 * the first numbers it takes for MS ms before counting them, and again the ones that empty its
 * queue: subproblems that outlast a heartbeat made certain, the first while the queue is full,
 * the second (at the end of a short count) while rank 0 has no more to hand out; the rank
 * meanwhile sends messages with nothing but "still here", then its results. Nothing else reads
 * NQ_TEST_HOLD_MS.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <mpi.h>

#include "nqmpi.h"
#include "progress.h"

/* Set by SIGINT or SIGTERM: the job is being ended (by the user, the launcher, or rank 0). */
static volatile sig_atomic_t worker_ending;

static void worker_on_signal(int sig) {
    (void)sig;
    worker_ending = 1;
}

int run_worker(const nq_split *split, const mpi_options *o, int rank, int device) {
    /* The stop is rank 0's to decide: its answer tells this rank when no more numbers come. */
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = worker_on_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    rank_feed f;
    int rc = rank_start(&f, split, o->threads, o->kernel, o->method, device);
    if (rc != NQ_OK) {
        /* Only rank 0 speaks, but it cannot know: this rank says why it ends the job. */
        fprintf(stderr,
                "nqueens-mpi count: rank %d cannot start %d threads (out of memory, or over "
                "the process's limit of threads); use fewer --threads\n",
                rank, o->threads);
        return MPI_Abort(MPI_COMM_WORLD, EXIT_USAGE);
    }
    const char *hold = getenv("NQ_TEST_HOLD_MS"); /* the test hook: see the head comment */
    if (hold && rank == 1) {
        pthread_mutex_lock(&f.mu);
        f.hold_ms = atol(hold);
        pthread_mutex_unlock(&f.mu);
    }
    size_t msg_cap = 3 + f.qcap * REC_WORDS, reply_cap = 2 + f.qcap;
    uint64_t *msg = malloc(msg_cap * sizeof *msg), *reply = malloc(reply_cap * sizeof *reply);
    if (!msg || !reply)
        return MPI_Abort(MPI_COMM_WORLD, EXIT_USAGE);
    MPI_Request req = MPI_REQUEST_NULL;
    /* Rank 0's one TAG_STOP message: a signal's stop while this rank counts, or the answer to
     * its final message. */
    uint64_t told = 0;
    MPI_Request told_req;
    MPI_Irecv(&told, 1, MPI_UINT64_T, 0, TAG_STOP, MPI_COMM_WORLD, &told_req);
    int told_in = 0, stopped = 0;
    int waiting = 0, finished = 0;
    double sent = tool_now(); /* when the last message went to rank 0 */
    double tick = sent;       /* the last turn of this loop */
    pthread_mutex_lock(&f.mu);
    while (!finished) {
        double now = tool_now();
        if (now - tick > o->heartbeat / 2)
            sent = now; /* this rank was held up itself: rank 0's silence does not count */
        tick = now;
        if (!told_in) {
            pthread_mutex_unlock(&f.mu);
            MPI_Test(&told_req, &told_in, MPI_STATUS_IGNORE);
            pthread_mutex_lock(&f.mu);
            if (told_in && told != 0) {
                stopped = (int)told; /* the job stops: give up what is in flight */
                rank_stop(&f);
            }
        }
        if (f.finished && f.status != NQ_OK && !(stopped && f.status == NQ_STOPPED)) {
            /* Rank 0 would take this rank's drained queue for finished work: end the job. */
            fprintf(stderr,
                    "nqueens-mpi count: rank %d cannot count: %s; ending the job (run the same "
                    "command to resume from the journal)\n",
                    rank, nq_strerror(f.status));
            return MPI_Abort(MPI_COMM_WORLD, EXIT_USAGE);
        }
        if (waiting) {
            int flag = 0;
            pthread_mutex_unlock(&f.mu);
            MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
            double t = tool_now();
            if (!flag && t - sent > o->heartbeat && t - tick < o->heartbeat / 2 && worker_ending)
                _exit(EXIT_USAGE); /* the job is being ended: rank 0 has the word */
            if (!flag && t - sent > o->heartbeat && t - tick < o->heartbeat / 2) {
                fprintf(stderr,
                        "nqueens-mpi count: rank %d: rank 0 has not answered for %.0f s "
                        "(stopped, hung, or its node lost); ending the job (run the same command "
                        "to resume from the journal)\n",
                        rank, o->heartbeat);
                return MPI_Abort(MPI_COMM_WORLD, EXIT_USAGE);
            }
            pthread_mutex_lock(&f.mu);
            if (flag) {
                waiting = 0;
                rank_push(&f, reply + 2, (size_t)reply[1], reply[0] != 0);
            }
        }
        if (!waiting) {
            size_t want = rank_wanted(&f);
            int drained = rank_drained(&f);
            int alive = tool_now() - sent >= o->heartbeat / 4; /* nothing to say: "still here" */
            if (f.olen > 0 || want > 0 || drained || alive) {
                msg[0] = (uint64_t)drained;
                msg[1] = want;
                msg[2] = f.olen;
                memcpy(msg + 3, f.outbox, f.olen * REC_WORDS * sizeof *msg);
                int len = (int)(3 + f.olen * REC_WORDS);
                f.olen = 0;
                pthread_mutex_unlock(&f.mu);
                MPI_Send(msg, len, MPI_UINT64_T, 0, TAG_RESULT, MPI_COMM_WORLD);
                sent = tool_now();
                if (drained)
                    finished = 1;
                else
                    MPI_Irecv(reply, (int)reply_cap, MPI_UINT64_T, 0, TAG_WORK, MPI_COMM_WORLD,
                              &req);
                pthread_mutex_lock(&f.mu);
                waiting = !drained;
                continue;
            }
        }
        rank_wait(&f, waiting ? POLL_NS : IDLE_NS);
    }
    pthread_mutex_unlock(&f.mu);
    rc = rank_finish(&f);
    free(msg);
    free(reply);
    /* Rank 0 answers the final message with TAG_STOP (if it has not sent it already): waited for,
     * so that no message is left unreceived, under the rules of the wait for a reply above. */
    for (double since = tool_now(), last = since; !told_in;) {
        MPI_Test(&told_req, &told_in, MPI_STATUS_IGNORE);
        if (told_in)
            break;
        double t = tool_now();
        if (t - last > o->heartbeat / 2)
            since = t; /* this rank was held up itself */
        last = t;
        if (t - since > o->heartbeat) {
            if (worker_ending)
                _exit(EXIT_USAGE);
            fprintf(stderr,
                    "nqueens-mpi count: rank %d: rank 0 has not answered for %.0f s (stopped, "
                    "hung, or its node lost); ending the job (run the same command to resume "
                    "from the journal)\n",
                    rank, o->heartbeat);
            return MPI_Abort(MPI_COMM_WORLD, EXIT_USAGE);
        }
        struct timespec nap = {0, POLL_NS};
        nanosleep(&nap, NULL);
    }
    if (told != 0 && rc == NQ_STOPPED)
        return 128 + (int)told; /* as rank 0 and `nqueens count` exit when interrupted */
    return rc == NQ_OK ? EXIT_OK : EXIT_USAGE;
}
