/*
 * nqmpi.h: the parts of nqueens-mpi (mpi_main.c: arguments and the job's start and end;
 * mpi_master.c: rank 0; mpi_worker.c: the other ranks; mpi_rank.c: what every rank computes
 * with). Every rank counts its share with the library's one count driver: a count thread runs
 * nq_count_split() (or nq_count_gpu()) whose numbers come from the rank's feed
 * (nq_count_options.source) and whose results go to the feed's outbox, while the rank's main
 * thread alone talks MPI (MPI_THREAD_FUNNELED): it fills the feed from rank 0's answers and sends
 * the outbox back.
 */
#ifndef NQ_MPI_NQMPI_H
#define NQ_MPI_NQMPI_H

#include <pthread.h>
#include <stdint.h>

#include "nqueens_advanced.h"
#include "session.h"

/* TAG_STOP: rank 0's one message to each worker, [signal]: with a signal (non-zero), the job
 * stops (the worker's count gives its subproblems in flight up, as `nqueens count` does); with
 * 0, the answer to the worker's final message (the job ends). Every worker receives exactly one,
 * so that no message is left unreceived when the ranks finalize. */
enum { TAG_RESULT = 1, TAG_WORK = 2, TAG_STOP = 3 };
/* The exit codes of `nqueens count`: 2 for bad usage or a failed count, 128 + a signal. */
enum { EXIT_OK = 0, EXIT_USAGE = 2 };
#define REC_WORDS 14         /* a result on the wire: index, 6 counts of 2 words, nodes */
#define POLL_NS   1000000L   /* how often a rank looks for messages while it expects one */
#define IDLE_NS   100000000L /* longest sleep of a worker with nothing to expect but results */
/* Subproblems a rank with --gpu keeps queued: its GPU fills batches from them, and the next ones
 * arrive while the GPU counts. */
#define GPU_QUEUE 16384

typedef struct mpi_options {
    int n, unique, json, threads, progress, help, gpu, force, estimate;
    double heartbeat; /* seconds of silence after which a rank counts as lost */
    const char *checkpoint;
    nq_kernel kernel; /* from NQ_KERNEL */
    nq_method method; /* --method */
} mpi_options;

/* A rank's feed: the queue of numbers rank 0 sent, which its count thread takes through
 * nq_count_options.source, and the outbox of finished results, which the main thread sends. */
typedef struct rank_feed {
    pthread_mutex_t mu;
    pthread_cond_t work_cv; /* the count thread waits for numbers */
    pthread_cond_t main_cv; /* the main thread waits for results */
    uint64_t *queue;
    size_t qhead, qlen, qcap; /* a ring of qcap numbers */
    uint64_t *outbox;         /* REC_WORDS words per finished subproblem */
    size_t olen;              /* records in the outbox (at most qcap) */
    size_t inflight;          /* numbers the count took and has not given back */
    int no_more;              /* no number will be queued again: the count ends when all is taken */
    int finished;             /* the count thread has returned ... */
    int status;               /* ... with this status */
    volatile int stop;        /* the count's nq_count_options.stop (rank_stop()) */
    /* The count. */
    const nq_split *split;
    int threads;
    nq_kernel kernel;
    nq_method method;
    int device;     /* --gpu: this rank's CUDA GPU; -1: the CPU */
    long hold_ms;   /* test hook (mpi_worker.c): the count holds its first numbers so long, */
    int hold_stage; /* and then the ones that empty its queue (0, 1: which comes; 2: done) */
    pthread_t thread;
} rank_feed;

/* rank_start() : makes the feed and starts the count thread (threads workers, or GPU `device`
 * >= 0, threads then unused: its quadrant join is fed by nq_count_gpu()'s choice of host threads).
 * @return NQ_OK, NQ_ENOMEM, or NQ_ETHREAD. */
int rank_start(rank_feed *f, const nq_split *split, int threads, nq_kernel kernel, nq_method method,
               int device);

/* rank_finish() : waits for the count thread (the feed must have no_more set) and frees the
 * feed. @return the count's status. */
int rank_finish(rank_feed *f);

/* With f->mu held: stops the count (a signal's clean stop): no number starts, and those in flight
 * by backtracking give up within about 0.1 s, their partial counts dropped (nq_count_options.stop);
 * the count thread then returns NQ_STOPPED, its finished results in the outbox. */
void rank_stop(rank_feed *f);

/* With f->mu held: numbers the queue can take now (room for qcap, counting those in flight and
 * those finished but not yet sent). */
size_t rank_wanted(const rank_feed *f);

/* With f->mu held: queues k numbers, or with no_more non-zero says that no more will come. */
void rank_push(rank_feed *f, const uint64_t *idx, size_t k, int no_more);

/* With f->mu held: waits until the count thread reports, or ns nanoseconds (< 1 s). */
void rank_wait(rank_feed *f, long ns);

/* With f->mu held: the count has taken everything it will and given back every result. */
int rank_drained(const rank_feed *f);

/* The wire format of one result. */
void rank_pack(uint64_t *w, uint64_t index, const nq_counts *c);
uint64_t rank_unpack(const uint64_t *w, nq_counts *c);

/* run_worker() : the loop of a rank other than 0. @return its exit code. */
int run_worker(const nq_split *split, const mpi_options *o, int rank, int device);

/* run_master() : rank 0: hands out the numbers, records the results in the session's journal,
 * and prints the result. @return the job's exit code. */
int run_master(const nq_split *split, const mpi_options *o, int ranks, int device,
               const tool_session *ss);

#endif /* NQ_MPI_NQMPI_H */
