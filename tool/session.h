/*
 * session.h: one count's session with its checkpoint journal, progress line and signals
 * (session.c), the same for `nqueens count` and rank 0 of `nqueens-mpi`: the journal opened (or
 * its refusal explained) and resumed, each result recorded, the journal synced on a timer, and at
 * the end the journal closed, its errors merged with the count's, the result checked against the
 * known counts, and the one message that says what became of the work.
 */
#ifndef NQ_TOOL_SESSION_H
#define NQ_TOOL_SESSION_H

#include <pthread.h>

#include "nqueens_advanced.h"
#include "progress.h"
#include "report.h"

typedef struct tool_session {
    const char *path;         /* the journal's file, or NULL without one */
    nq_journal *journal;      /* NULL without one */
    tool_progress *progress;  /* NULL without a progress line */
    const volatile int *stop; /* the signals' stop flag (tool_session_signals()) */
    uint64_t size;            /* subproblems of the count */
    uint64_t tables;          /* the bytes of the split's shared tables (nq_split_memory()) */
    nq_counts resumed_counts; /* what the journal held when opened (zero without one) */
    tool_work work;           /* subproblems resumed from the journal and computed now */
    int partial;              /* a part of a count (--part): its sum is not the whole count's,
                                 so it is not compared with the known counts */
    int gpu;                  /* counted on GPUs (--gpu): out of memory is then the GPU's */
    uint64_t part_size;       /* set before tool_session_open(): a part's subproblems, which
                                 its messages count (0: the split's) */
    pthread_mutex_t sync_mu;  /* the fsync timer's */
    pthread_cond_t sync_cv;
    pthread_t sync_thread;
    int sync_quit, sync_running;
} tool_session;

/* tool_session_signals() :
 * Installs the handlers of SIGINT and SIGTERM for a count (tool_signals_install(): with a journal
 * a first signal lets the subproblems in flight finish). Call it first, before the split is made,
 * so that a signal during the set-up ends the count as it would a moment later. */
void tool_session_signals(tool_session *ss, const char *path);

/* tool_method_n_check() :
 * Whether method m counts n (NQ_METHOD_QUADRANT: n = 4 to NQ_METHOD_QUADRANT_MAX_N; every other
 * method every n), checked before anything is measured or started (--estimate included).
 * @return 0, or -1 after printing why and what to use instead. */
int tool_method_n_check(int n, nq_method m);

/* tool_session_split() :
 * The split that counts n by method m for the session ss with the journal at path (NULL: none),
 * into *out: with m NQ_METHOD_AUTO and a journal of n at path, the journal's own split (a resumed
 * count keeps its numbering, unless `where` is TOOL_SPLIT_BORDER); else nq_split_new_method() of
 * m, AUTO taken as backtracking for TOOL_SPLIT_BORDER (--part and --export count the border
 * split only), for TOOL_SPLIT_GPU (nqueens count --gpu, nqueens-mpi --gpu) as nq_method_choose()
 * takes it from n = TOOL_GPU_QUADRANT_FROM on and as backtracking below, and for TOOL_SPLIT_ANY as
 * nq_method_choose() takes it for a count on `threads` threads (0: all cores: its memory counts).
 * m must count that split (nq_split_count_method()), and NQ_METHOD_QUADRANT takes n = 4 to
 * NQ_METHOD_QUADRANT_MAX_N only. Where the choice needs the journal, it is attached here
 * (nq_journal_attach(): locked and read, once) and kept in ss->journal for tool_session_open(),
 * which binds it; a session that goes no further calls tool_session_drop().
 * @return 0, or -1 after printing why (nothing is then attached). */
enum { TOOL_SPLIT_ANY = 0, TOOL_SPLIT_BORDER = 1, TOOL_SPLIT_GPU = 2 };
/* The n from which --gpu under auto counts by the quadrant join: on one H200, n = 20 took 4.4 s
 * by the join and 16.0 s by backtracking, n = 19 3.7 s and 1.9 s (bench/RESULTS.md). */
#define TOOL_GPU_QUADRANT_FROM 20
int tool_session_split(tool_session *ss, int n, nq_method m, int where, int threads,
                       const char *path, nq_split **out);

/* tool_journal_method() :
 * The method that resumes the journal at path for n (its split's: nq_split_method()) into *m,
 * and 1; 0 (and *m untouched) when there is no readable journal of n there. What an estimate of
 * a resumed count under --method auto must measure. */
int tool_journal_method(const char *path, int n, nq_method *m);

/* tool_journal_whole() :
 * 1 if the journal at path (NULL: none) belongs to a count of n and holds every subproblem of its
 * split, so that a count with it only reads it: there is nothing to estimate, and a count of
 * years is no reason to refuse it (`nqueens count 27 --checkpoint J` of a finished nqueens-mpi
 * job was refused as 39 years). 0 otherwise: missing, unreadable, of another n, or unfinished
 * (the count itself says what is wrong). Reads the file (nq_journal_read()). */
int tool_journal_whole(const char *path, int n);

/* tool_session_drop() : releases the journal tool_session_split() attached, if any, for a
 * session that does not go on to tool_session_open() (or whose open failed). */
void tool_session_drop(tool_session *ss);

/* tool_session_open() :
 * Opens the journal at path (NULL: none) for the split s (binds the one tool_session_split()
 * attached, so that the file is read once per run), explains a refusal, says what a resumed
 * journal held, and starts the progress line (progress as tool_progress_wanted(); 1, asked for,
 * shows its first and final lines however short the count) and the
 * journal's fsync timer (every NQ_JOURNAL_SYNC_MS). @return 0, or -1 after printing why (the
 * signal handlers are then restored). */
int tool_session_open(tool_session *ss, const char *path, const nq_split *s, int progress);

/* tool_session_skip() : the journal's flags of finished subproblems, or NULL. */
const uint8_t *tool_session_skip(const tool_session *ss);

/* tool_session_result() :
 * Records one finished subproblem: in the journal, in the progress line, and in work.computed.
 * Called never concurrently. @return NQ_OK, or the journal's error (the count should stop). */
int tool_session_result(tool_session *ss, uint64_t index, const nq_counts *c);

/* tool_session_on_result() : tool_session_result() as an nq_count_options.on_result. */
int tool_session_on_result(void *session, uint64_t index, const nq_counts *c);

/* tool_session_close() :
 * Ends the session of the count of n: stops the timer and the progress line, restores the signal
 * handlers, closes the journal, and says what became of the work: a journal that could not be
 * written, an interruption (how much is saved and how to resume), a count that failed with
 * status rc (threads: the worker threads it asked for), or a finished result (sum: the journal's
 * and this run's) that disagrees with the known counts (nq_known_check(); a partial session's
 * sum is not compared), naming the journal as
 * the likely cause. @return the exit code: 0 (sum may be shown), 2, or 128 + the signal. */
int tool_session_close(tool_session *ss, int n, int rc, int threads, const nq_counts *sum);

#endif /* NQ_TOOL_SESSION_H */
