/*
 * nqueens-mpi.c: `nqueens-mpi count N [--unique] [--json] [--threads T] [--checkpoint FILE]`, the
 * count of `nqueens count` spread over MPI ranks, with the same output.
 *
 * Workload: one count of hours to months over the library's numbered subproblems (nq_split_*),
 * whose sizes differ by orders of magnitude, on anything from one laptop to a cluster. Rank 0 is
 * the master: it owns the journal (the same file format and resume rules as `nqueens count
 * --checkpoint`), hands out subproblem numbers on demand and sums the results; every rank,
 * rank 0 included, computes with T threads. The hand-out is dynamic because sizes are skewed: a
 * rank asks for more as soon as its queue runs low, and keeps 4T + 4 numbers queued so its threads
 * never wait for a round trip. Results travel back as they finish, so the journal loses at most the
 * subproblems in flight when the job is killed; rerunning the same command resumes it.
 *
 * Only each rank's main thread calls MPI (MPI_THREAD_FUNNELED); it waits by polling with short
 * sleeps rather than in blocking receives, because Open MPI spins in those and would take a core
 * from the compute threads.
 *
 * A rank that stops (SIGSTOP, a hung node) would hang the job silently, the others waiting for it
 * for ever: so every worker tells rank 0 it is alive at least every quarter of --heartbeat S
 * seconds (an empty message, answered as any other), and a rank that hears nothing from the other
 * side for S seconds ends the job with MPI_Abort(), saying which rank fell silent (finished work is
 * in the journal already).
 */
#include <errno.h>
#include <getopt.h>
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "gpu_options.h"
#include "kernel_env.h"
#include "nqueens.h"
#include "options.h"
#include "progress.h"
#include "report.h"

enum { TAG_RESULT = 1, TAG_WORK = 2 };
enum { EXIT_OK = 0, EXIT_USAGE = 2 };
#define REC_WORDS 14         /* index, 6 counts of 2 words, nodes */
#define POLL_NS   1000000L   /* how often a rank looks for messages while it expects one */
#define IDLE_NS   100000000L /* longest sleep of a worker with nothing to expect but results */
/* Subproblems a rank with --gpu keeps queued: its compute thread hands all of them to the GPU at
 * once (nq_gpu_solve()), and the next ones arrive while the GPU counts. */
#define GPU_QUEUE 16384

static const tool_option mpi_options[] = {
    {"unique", 'u', NULL, "print the number of fundamental solutions"},
    {"threads", 't', "T",
     "worker threads per rank, 1 to " TOOL_STR(NQ_MAX_THREADS) " (default 1: one rank per core)"},
    {"json", 'j', NULL,
     "print one JSON object as 'nqueens count --json' does (threads is\n"
     "the number of compute threads over all ranks; kernel is rank 0's;\n"
     "with --checkpoint resumed and computed count subproblems)"},
    {"checkpoint", 'c', "FILE",
     "record finished subproblems in FILE (on rank 0's file system)\n"
     "and resume from it; a killed job is resumed by the same command"},
    {"heartbeat", 'H', "S",
     "end the job when a rank has been silent for S seconds (stopped,\n"
     "hung, or its node lost), 1 to 86400 (default 120)"},
    {"progress", 'p', NULL, "progress and ETA on rank 0's stderr (default: when a terminal)"},
    {"no-progress", 'P', NULL, "never show progress"},
    {"gpu", 'g', NULL,
     "count on CUDA GPUs, one per rank: each rank takes the GPU numbered\n"
     "its rank among the ranks of its node, modulo the node's GPUs (run\n"
     "one rank per GPU); --threads is not used. A rank without a GPU, or\n"
     "a build without CUDA: exit 2 before the count starts"},
    {NULL, 0, NULL, NULL},
};

static const tool_command mpi_command = {
    "count",
    "Usage: nqueens-mpi count N [--unique] [--json] [--threads T] [--checkpoint FILE]\n"
    "                           [--heartbeat S] [--progress | --no-progress] [--gpu]\n"
    "Count the solutions of the N-queens problem (1 <= N <= 64) over MPI ranks, with the\n"
    "output of 'nqueens count'. Rank 0 hands out the numbered subproblems, sums the results\n"
    "and owns the checkpoint journal; every rank, rank 0 included, computes with T threads.\n"
    "Run it with mpirun or srun, e.g. 'mpirun -np 8 nqueens-mpi count 18'.\n",
    mpi_options,
    "Environment: NQ_KERNEL=generic, avx2 or avx512 forces a counting kernel on every rank\n"
    "(default: each rank's fastest).\n",
};

typedef struct options {
    int n, unique, json, threads, progress, help, gpu;
    double heartbeat; /* seconds of silence after which a rank counts as lost */
    const char *checkpoint;
    nq_kernel kernel; /* from NQ_KERNEL */
} options;

/* The default of --heartbeat: long enough for a busy machine or a slow fsync, short enough that
 * a job does not hang unnoticed. */
#define HEARTBEAT_DEFAULT_S 120

/* Parses the command line (every rank does, identically); prints errors only if `loud`. */
static int parse_args(int argc, char **argv, options *o, int loud) {
    tool_getopt g;
    tool_getopt_init(&g, &mpi_command);
    long long v;
    memset(o, 0, sizeof *o);
    o->threads = 1;
    o->progress = -1;
    o->heartbeat = HEARTBEAT_DEFAULT_S;
    tool_set_program("nqueens-mpi", !loud); /* every rank parses the same arguments and fails
                                               the same way: only rank 0 explains */
    if (argc < 2 || strcmp(argv[1], "count") != 0) {
        if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
            o->help = 1;
            return 0;
        }
        tool_error("the only command is 'count' (try 'nqueens-mpi count --help')");
        return -1;
    }
    argc--;
    argv++;
    tool_set_command("count"); /* messages: "nqueens-mpi count: ..." */
    opterr = 0;
    int opt;
    while ((opt = getopt_long(argc, argv, g.optstring, g.longopts, NULL)) != -1) {
        switch (opt) {
        case 'u':
            o->unique = 1;
            break;
        case 't':
            if (tool_parse_ll("--threads", optarg, 1, NQ_MAX_THREADS, &v))
                return -1;
            o->threads = (int)v;
            break;
        case 'j':
            o->json = 1;
            break;
        case 'c':
            o->checkpoint = optarg;
            break;
        case 'p':
        case 'P':
            o->progress = opt == 'p';
            break;
        case 'g':
            o->gpu = 1;
            break;
        case 'H':
            if (tool_parse_ll("--heartbeat", optarg, 1, 86400, &v))
                return -1;
            o->heartbeat = (double)v;
            break;
        case 'h':
            o->help = 1;
            return 0;
        case ':':
            tool_error("option '%s' needs a value", argv[optind - 1]);
            return -1;
        default:
            tool_error("unknown option '%s' (try 'nqueens-mpi count --help')", argv[optind - 1]);
            return -1;
        }
    }
    if (argc - optind != 1) {
        tool_error("expected one N (try 'nqueens-mpi count --help')");
        return -1;
    }
    if (tool_parse_ll("N", argv[optind], 1, NQ_MAX_N, &v))
        return -1;
    o->n = (int)v;
    return tool_kernel_from_env(&o->kernel);
}

/* ---- the compute threads of a rank -------------------------------------------------------- */

/* A rank's queue of subproblem numbers and its finished results, shared by its main thread (which
 * alone talks MPI) and its compute threads. */
typedef struct rank_work {
    pthread_mutex_t mu;
    pthread_cond_t work_cv; /* compute threads wait for numbers */
    pthread_cond_t main_cv; /* the main thread waits for results */
    const nq_split *split;
    nq_kernel kernel;
    int device;      /* --gpu: the CUDA GPU of this rank; -1: the CPU */
    uint64_t *batch; /* --gpu: the numbers handed to the GPU (qcap) */
    nq_counts *results;
    uint64_t *queue;
    size_t qhead, qlen, qcap; /* a ring of qcap numbers */
    uint64_t *outbox;         /* REC_WORDS words per finished subproblem */
    size_t olen, ocap;        /* in records */
    int inflight;
    int no_more; /* no number will be queued again: compute threads exit when the queue is empty */
    int error;   /* a library error of nq_split_solve, reported by rank 0 */
} rank_work;

static void pack_u128(uint64_t *w, nq_u128 v) {
    w[0] = (uint64_t)v;
    w[1] = (uint64_t)(v >> 64);
}

static nq_u128 unpack_u128(const uint64_t *w) {
    return (nq_u128)w[0] | (nq_u128)w[1] << 64;
}

static void pack_record(uint64_t *w, uint64_t index, const nq_counts *c) {
    w[0] = index;
    pack_u128(w + 1, c->total);
    pack_u128(w + 3, c->unique);
    pack_u128(w + 5, c->orbit8);
    pack_u128(w + 7, c->orbit4);
    pack_u128(w + 9, c->orbit2);
    pack_u128(w + 11, c->orbit1);
    w[13] = c->nodes;
}

static uint64_t unpack_record(const uint64_t *w, nq_counts *c) {
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

/* The compute thread of a rank with --gpu: takes every number queued, counts them on the GPU in
 * one call, and posts their results. */
static void gpu_compute(rank_work *w) {
    size_t k = 0;
    while (w->qlen > 0) {
        w->batch[k++] = w->queue[w->qhead];
        w->qhead = (w->qhead + 1) % w->qcap;
        w->qlen--;
    }
    w->inflight += (int)k;
    pthread_mutex_unlock(&w->mu);
    int rc = nq_gpu_solve(w->split, w->device, w->batch, k, w->results);
    pthread_mutex_lock(&w->mu);
    w->inflight -= (int)k;
    if (rc != NQ_OK) {
        w->error = rc;
        w->no_more = 1; /* nothing more is counted here: the job ends with the error */
        w->qlen = 0;
    } else {
        for (size_t i = 0; i < k; i++) {
            pack_record(w->outbox + w->olen * REC_WORDS, w->batch[i], &w->results[i]);
            w->olen++;
        }
    }
    pthread_cond_signal(&w->main_cv);
}

static void *compute_thread(void *arg) {
    rank_work *w = arg;
    pthread_mutex_lock(&w->mu);
    for (;;) {
        while (w->qlen == 0 && !w->no_more)
            pthread_cond_wait(&w->work_cv, &w->mu);
        if (w->qlen == 0)
            break;
        if (w->device >= 0) {
            gpu_compute(w);
            continue;
        }
        uint64_t index = w->queue[w->qhead];
        w->qhead = (w->qhead + 1) % w->qcap;
        w->qlen--;
        w->inflight++;
        pthread_mutex_unlock(&w->mu);
        nq_counts c;
        int rc = nq_split_solve_kernel(w->split, index, w->kernel, &c);
        pthread_mutex_lock(&w->mu);
        w->inflight--;
        if (rc != NQ_OK) {
            w->error = rc;
        } else {
            /* The outbox holds at most queued + in flight records: qcap is enough. */
            pack_record(w->outbox + w->olen * REC_WORDS, index, &c);
            w->olen++;
        }
        pthread_cond_signal(&w->main_cv);
    }
    pthread_mutex_unlock(&w->mu);
    return NULL;
}

/* A rank's queue; device >= 0: counted on that GPU by one compute thread (threads = 1). */
static int work_init(rank_work *w, const nq_split *split, int threads, nq_kernel kernel,
                     int device) {
    memset(w, 0, sizeof *w);
    w->split = split;
    w->kernel = kernel;
    w->device = device;
    /* Deep enough to hide a round trip behind small tasks; on a GPU, a batch and the next. */
    w->qcap = device >= 0 ? GPU_QUEUE : 4 * (size_t)threads + 4;
    w->ocap = w->qcap + (size_t)threads;
    w->queue = malloc(w->qcap * sizeof *w->queue);
    w->outbox = malloc(w->ocap * REC_WORDS * sizeof *w->outbox);
    if (device >= 0) {
        w->batch = malloc(w->qcap * sizeof *w->batch);
        w->results = malloc(w->qcap * sizeof *w->results);
    }
    if (!w->queue || !w->outbox || (device >= 0 && (!w->batch || !w->results))) {
        free(w->queue);
        free(w->outbox);
        free(w->batch);
        free(w->results);
        return NQ_ENOMEM;
    }
    pthread_mutex_init(&w->mu, NULL);
    pthread_cond_init(&w->work_cv, NULL);
    pthread_cond_init(&w->main_cv, NULL);
    return NQ_OK;
}

static void work_destroy(rank_work *w) {
    pthread_mutex_destroy(&w->mu);
    pthread_cond_destroy(&w->work_cv);
    pthread_cond_destroy(&w->main_cv);
    free(w->queue);
    free(w->outbox);
    free(w->batch);
    free(w->results);
}

/* Numbers the queue can take now (with w->mu held): room for qcap, counting those in flight. */
static size_t work_wanted(const rank_work *w) {
    size_t held = w->qlen + (size_t)w->inflight + w->olen;
    return w->no_more || held >= w->qcap ? 0 : w->qcap - held;
}

static void work_push(rank_work *w, const uint64_t *idx, size_t k) {
    for (size_t i = 0; i < k; i++) {
        w->queue[(w->qhead + w->qlen) % w->qcap] = idx[i];
        w->qlen++;
    }
    pthread_cond_broadcast(&w->work_cv);
}

/* Waits (with w->mu held) until a compute thread reports, or ns nanoseconds (< 1 s). */
static void work_wait(rank_work *w, long ns) {
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_nsec += ns;
    if (until.tv_nsec >= 1000000000L) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000L;
    }
    pthread_cond_timedwait(&w->main_cv, &w->mu, &until);
}

static int start_threads(rank_work *w, pthread_t *tid, int threads) {
    for (int t = 0; t < threads; t++)
        if (pthread_create(&tid[t], NULL, compute_thread, w) != 0) {
            pthread_mutex_lock(&w->mu);
            w->no_more = 1;
            pthread_cond_broadcast(&w->work_cv);
            pthread_mutex_unlock(&w->mu);
            for (int k = 0; k < t; k++)
                pthread_join(tid[k], NULL);
            return NQ_ETHREAD;
        }
    return NQ_OK;
}

/* ---- worker ranks ------------------------------------------------------------------------- */

/* A message from a worker: [final, want, nrecords, records...]. The master answers every message
 * that is not final with [no_more, k, k numbers]. */
static int run_worker(const nq_split *split, int threads, nq_kernel kernel, int device, int rank,
                      double heartbeat) {
    rank_work w;
    if (work_init(&w, split, threads, kernel, device) != NQ_OK)
        return MPI_Abort(MPI_COMM_WORLD, EXIT_USAGE);
    pthread_t *tid = malloc((size_t)threads * sizeof *tid);
    if (!tid || start_threads(&w, tid, threads) != NQ_OK) {
        /* Only rank 0 speaks, but it cannot know: this rank says why it ends the job. */
        fprintf(stderr,
                "nqueens-mpi count: rank %d cannot start %d threads (out of memory, or over "
                "the process's limit of threads); use fewer --threads\n",
                rank, threads);
        return MPI_Abort(MPI_COMM_WORLD, EXIT_USAGE);
    }
    size_t msg_cap = 3 + w.ocap * REC_WORDS, reply_cap = 2 + w.qcap;
    uint64_t *msg = malloc(msg_cap * sizeof *msg), *reply = malloc(reply_cap * sizeof *reply);
    if (!msg || !reply)
        return MPI_Abort(MPI_COMM_WORLD, EXIT_USAGE);
    MPI_Request req = MPI_REQUEST_NULL;
    int waiting = 0, finished = 0;
    double sent = tool_now(); /* when the last message went to rank 0 */
    pthread_mutex_lock(&w.mu);
    while (!finished) {
        if (w.error != NQ_OK) {
            /* Rank 0 would take this rank's drained queue for finished work: end the job. */
            fprintf(stderr,
                    "nqueens-mpi count: rank %d cannot count: %s; ending the job (run the same "
                    "command to resume from the journal)\n",
                    rank, nq_strerror(w.error));
            return MPI_Abort(MPI_COMM_WORLD, EXIT_USAGE);
        }
        if (waiting) {
            int flag = 0;
            pthread_mutex_unlock(&w.mu);
            MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
            if (!flag && tool_now() - sent > heartbeat) {
                fprintf(stderr,
                        "nqueens-mpi count: rank %d: rank 0 has not answered for %.0f s "
                        "(stopped, hung, or its node lost); ending the job (run the same command "
                        "to resume from the journal)\n",
                        rank, heartbeat);
                return MPI_Abort(MPI_COMM_WORLD, EXIT_USAGE);
            }
            pthread_mutex_lock(&w.mu);
            if (flag) {
                waiting = 0;
                if (reply[0])
                    w.no_more = 1;
                work_push(&w, reply + 2, (size_t)reply[1]);
                if (w.no_more)
                    pthread_cond_broadcast(&w.work_cv);
            }
        }
        if (!waiting) {
            size_t want = work_wanted(&w);
            int drained = w.no_more && w.qlen == 0 && w.inflight == 0;
            int alive = tool_now() - sent >= heartbeat / 4; /* nothing to say: "still here" */
            if (w.olen > 0 || want > 0 || drained || alive) {
                msg[0] = (uint64_t)drained;
                msg[1] = want;
                msg[2] = w.olen;
                memcpy(msg + 3, w.outbox, w.olen * REC_WORDS * sizeof *msg);
                int len = (int)(3 + w.olen * REC_WORDS);
                w.olen = 0;
                pthread_mutex_unlock(&w.mu);
                MPI_Send(msg, len, MPI_UINT64_T, 0, TAG_RESULT, MPI_COMM_WORLD);
                sent = tool_now();
                if (drained)
                    finished = 1;
                else
                    MPI_Irecv(reply, (int)reply_cap, MPI_UINT64_T, 0, TAG_WORK, MPI_COMM_WORLD,
                              &req);
                pthread_mutex_lock(&w.mu);
                waiting = !drained;
                continue;
            }
        }
        work_wait(&w, waiting ? POLL_NS : IDLE_NS);
    }
    pthread_mutex_unlock(&w.mu);
    for (int t = 0; t < threads; t++)
        pthread_join(tid[t], NULL);
    int error = w.error;
    work_destroy(&w);
    free(tid);
    free(msg);
    free(reply);
    return error;
}

/* ---- rank 0 ------------------------------------------------------------------------------- */

typedef struct master {
    const nq_split *split;
    nq_journal *journal;
    tool_progress *progress;
    const uint8_t *skip; /* the journal's flags, or NULL */
    uint64_t cursor;     /* next number to hand out (skipped ones are passed over) */
    uint64_t size;
    nq_counts sum;
    tool_work work; /* subproblems resumed from the journal and computed by this job */
    int error;      /* first journal or library error */
} master;

/* Takes up to k numbers not yet done; returns how many. */
static size_t master_take(master *m, uint64_t *out, size_t k) {
    size_t got = 0;
    while (got < k && m->cursor < m->size) {
        uint64_t i = m->cursor++;
        if (!m->skip || !m->skip[i])
            out[got++] = i;
    }
    return got;
}

static void master_record(master *m, const uint64_t *recs, size_t k) {
    for (size_t r = 0; r < k; r++) {
        nq_counts c;
        uint64_t index = unpack_record(recs + r * REC_WORDS, &c);
        if (m->journal && m->error == NQ_OK) {
            int rc = nq_journal_append(m->journal, index, &c);
            if (rc != NQ_OK)
                m->error = rc;
        }
        nq_counts_add(&m->sum, &c);
        m->work.computed++;
        tool_progress_result(m->progress, index, &c);
    }
}

/* A worker has been silent for longer than the heartbeat: the job cannot finish. Rank 0 syncs
 * the journal, says which rank and why, and ends the job. */
static void master_lost(master *m, int rank, double silent, const char *checkpoint) {
    if (m->journal)
        (void)nq_journal_sync(m->journal);
    tool_progress_stop(m->progress);
    m->progress = NULL;
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

static int run_master(master *m, int ranks, int threads, nq_kernel kernel, int device,
                      double heartbeat, const char *checkpoint) {
    rank_work w;
    if (work_init(&w, m->split, threads, kernel, device) != NQ_OK)
        return NQ_ENOMEM;
    pthread_t *tid = malloc((size_t)threads * sizeof *tid);
    if (!tid || start_threads(&w, tid, threads) != NQ_OK) {
        free(tid);
        work_destroy(&w);
        return NQ_ETHREAD;
    }
    int active = ranks - 1; /* workers that have not sent their final message */
    double last_sync = tool_now(), last_check = last_sync;
    double *seen = malloc((size_t)ranks * sizeof *seen); /* when each rank was last heard */
    if (!seen)
        MPI_Abort(MPI_COMM_WORLD, EXIT_USAGE);
    for (int r = 0; r < ranks; r++)
        seen[r] = last_sync;
    size_t msg_cap = 0;
    uint64_t *msg = NULL, *reply = NULL, *local = malloc(w.qcap * sizeof *local),
             *recs = malloc(w.ocap * REC_WORDS * sizeof *recs);
    int rc = local && recs ? NQ_OK : NQ_ENOMEM;
    for (;;) {
        int out_of_work = m->cursor >= m->size || m->error != NQ_OK || rc != NQ_OK;
        /* Rank 0's own threads: refill their queue, collect their results. */
        pthread_mutex_lock(&w.mu);
        if (out_of_work && !w.no_more) {
            w.no_more = 1;
            pthread_cond_broadcast(&w.work_cv);
        }
        size_t k = master_take(m, local, work_wanted(&w));
        work_push(&w, local, k);
        size_t done = w.olen;
        memcpy(recs, w.outbox, done * REC_WORDS * sizeof *recs);
        w.olen = 0;
        int local_drained = w.no_more && w.qlen == 0 && w.inflight == 0;
        if (w.error != NQ_OK && m->error == NQ_OK)
            m->error = w.error;
        pthread_mutex_unlock(&w.mu);
        master_record(m, recs, done);

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
                active--;
                continue;
            }
            size_t want = (size_t)msg[1];
            free(reply);
            reply = malloc((2 + want) * sizeof *reply);
            if (!reply)
                MPI_Abort(MPI_COMM_WORLD, EXIT_USAGE);
            int stop = m->error != NQ_OK;
            size_t got = stop ? 0 : master_take(m, reply + 2, want);
            reply[0] = (uint64_t)(stop || m->cursor >= m->size);
            reply[1] = got;
            MPI_Send(reply, (int)(2 + got), MPI_UINT64_T, st.MPI_SOURCE, TAG_WORK, MPI_COMM_WORLD);
            served++;
        }
        if (active == 0 && local_drained)
            break;
        double now = tool_now();
        if (now - last_check >= 0.25) { /* every rank still alive? */
            last_check = now;
            for (int r = 1; r < ranks; r++)
                if (seen[r] >= 0 && now - seen[r] > heartbeat)
                    master_lost(m, r, now - seen[r], checkpoint);
        }
        if (m->journal && tool_now() - last_sync >= 1.0) { /* appends fsync only as they come */
            if (nq_journal_sync(m->journal) != NQ_OK && m->error == NQ_OK)
                m->error = NQ_EIO;
            last_sync = tool_now();
        }
        if (!served && done == 0) {
            pthread_mutex_lock(&w.mu);
            if (w.olen == 0)
                work_wait(&w, POLL_NS);
            pthread_mutex_unlock(&w.mu);
        }
    }
    for (int t = 0; t < threads; t++)
        pthread_join(tid[t], NULL);
    work_destroy(&w);
    free(tid);
    free(msg);
    free(reply);
    free(local);
    free(recs);
    free(seen);
    return rc != NQ_OK ? rc : m->error;
}

/* Rank 0 opens the journal; explains a refusal. Returns NQ_OK or the status. */
static int open_journal(master *m, const char *path) {
    nq_journal_problem why;
    int rc = nq_journal_open(path, m->split, 0, &m->journal, &why);
    if (rc != NQ_OK) {
        tool_journal_refused(path, rc, &why, m->split);
        return rc;
    }
    nq_journal_info info;
    nq_journal_get_info(m->journal, &info);
    m->sum = info.counts;
    m->work.resumed = info.done;
    m->skip = nq_journal_skip(m->journal);
    tool_journal_opened(path, &info);
    return NQ_OK;
}

int main(int argc, char **argv) {
    int provided, rank, ranks;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    options o;
    if (parse_args(argc, argv, &o, rank == 0) != 0) {
        MPI_Finalize();
        return EXIT_USAGE;
    }
    if (o.help) {
        if (rank == 0)
            tool_print_help(stdout, &mpi_command);
        MPI_Finalize();
        return EXIT_OK;
    }
    if (provided < MPI_THREAD_FUNNELED) {
        if (rank == 0)
            tool_error("this MPI library does not support threads (MPI_THREAD_FUNNELED)");
        MPI_Finalize();
        return EXIT_USAGE;
    }
    int device = -1;
    if (o.gpu) {
        /* Every rank checks its own node; rank 0 explains its own failure, or that of another. */
        MPI_Comm node;
        int local = 0, have = 0;
        MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node);
        MPI_Comm_rank(node, &local);
        MPI_Comm_free(&node);
        int ready = tool_gpu_ready(o.n, NULL, 0) == 0 && nq_gpu_devices(&have) == NQ_OK, all;
        MPI_Allreduce(&ready, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
        if (!all) {
            if (rank == 0 && ready)
                tool_error("--gpu: another rank found no CUDA GPU on its node; run the ranks on "
                           "nodes with GPUs, or count without --gpu");
            MPI_Finalize();
            return EXIT_USAGE;
        }
        device = local % have;
        o.threads = 1;
    }
    nq_split *split;
    int rc = nq_split_new(o.n, &split);
    master m;
    memset(&m, 0, sizeof m);
    m.split = split;
    if (rc == NQ_OK) {
        m.size = nq_split_size(split);
        if (rank == 0 && o.checkpoint)
            rc = open_journal(&m, o.checkpoint);
    } else if (rank == 0) {
        tool_error("cannot count n = %d: %s", o.n, nq_strerror(rc));
    }
    int ok = rc == NQ_OK;
    MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD); /* rank 0 alone may have refused the journal */
    if (!ok) {
        nq_journal_close(m.journal, NULL);
        nq_split_free(split);
        MPI_Finalize();
        return EXIT_USAGE;
    }
    double start = tool_now();
    if (rank == 0) {
        if (tool_progress_wanted(o.progress))
            m.progress = tool_progress_start(o.n, m.size, m.skip);
        rc = run_master(&m, ranks, o.threads, o.kernel, device, o.heartbeat, o.checkpoint);
        tool_progress_stop(m.progress);
        if (rc == NQ_ETHREAD) { /* the other ranks wait for work: end the job */
            tool_count_failed(o.n, rc, o.threads);
            MPI_Abort(MPI_COMM_WORLD, EXIT_USAGE);
        }
        int os_error = 0, close_error;
        int jrc = m.journal ? nq_journal_error(m.journal, &os_error) : NQ_OK;
        int crc = nq_journal_close(m.journal, &close_error);
        if (jrc == NQ_OK && crc != NQ_OK) {
            jrc = crc;
            os_error = close_error;
        }
        if (jrc != NQ_OK) {
            tool_journal_failed(o.checkpoint, jrc, os_error);
            rc = jrc;
        } else if (rc != NQ_OK) {
            tool_count_failed(o.n, rc, o.threads);
        } else {
            nq_kernel used; /* rank 0's: each rank resolves NQ_KERNEL_AUTO on its own CPU */
            if (nq_kernel_resolve(o.kernel, o.n, &used) != NQ_OK)
                used = NQ_KERNEL_GENERIC;
            tool_print_counts(o.n, &m.sum, o.unique, o.json, tool_now() - start, ranks * o.threads,
                              o.gpu ? "cuda" : nq_kernel_name(used), o.checkpoint ? &m.work : NULL,
                              NULL);
        }
        if (fflush(stdout) != 0 && rc == NQ_OK) {
            tool_error("cannot write the result: %s", strerror(errno));
            rc = NQ_EIO;
        }
    } else {
        rc = run_worker(split, o.threads, o.kernel, device, rank, o.heartbeat);
    }
    nq_split_free(split);
    int code = rc == NQ_OK ? EXIT_OK : EXIT_USAGE;
    MPI_Finalize();
    return code;
}
