/*
 * progress.h: what long counts share in the `nqueens` program: the progress line on stderr, the
 * SIGINT/SIGTERM handling that stops a count cleanly, and the count driver that ties them to a
 * checkpoint journal (progress.c, checkpoint.c), and the kernel asked for in the environment
 * (kernel_env.c).
 */
#ifndef NQ_CLI_PROGRESS_H
#define NQ_CLI_PROGRESS_H

#include <stddef.h>
#include <stdint.h>

#include "nqueens.h"

/* ---- progress line (progress.c) ---- */

typedef struct cli_progress cli_progress;

/* cli_progress_wanted() :
 * @param mode  1 (--progress), 0 (--no-progress) or -1 (default: on when stderr is a terminal).
 * @return non-zero if a progress line should be shown. */
int cli_progress_wanted(int mode);

/* cli_progress_start() :
 * Starts a progress line for the count of n over the split's `size` subproblems, of which those
 * flagged in `done` (may be NULL) are already finished. A thread redraws the line a few times a
 * second on a terminal (\r, cleared to the end of line), once a second otherwise (one line each).
 * The ETA divides the estimated remaining work in nodes by the measured rate in nodes a second:
 * subproblem sizes differ by orders of magnitude but neighbours in the numbering are alike, so the
 * work of an unfinished subproblem is estimated by the mean of finished ones nearby.
 * @return the meter, or NULL if memory or the thread could not be had (then nothing is shown). */
cli_progress *cli_progress_start(int n, uint64_t size, const uint8_t *done);

/* cli_progress_result() : one subproblem finished (calls must be serialised, as on_result is). */
void cli_progress_result(cli_progress *p, uint64_t index, const nq_counts *c);

/* cli_progress_stop() : stops the thread, erases the line (terminal) and frees; NULL accepted. */
void cli_progress_stop(cli_progress *p);

/* ---- signals (progress.c) ---- */

/* cli_signals_install() :
 * With a journal (graceful non-zero): makes SIGINT and SIGTERM set a stop flag (and say on stderr
 * that the count is stopping after the subproblems in flight); a second signal ends the process at
 * once (finished work is already in the journal). Without one there is nothing to save, so the
 * first signal says so and ends the process at once. @return the flag, for
 * nq_count_options.stop. */
const volatile int *cli_signals_install(int graceful);

/* cli_signals_restore() : puts back the previous handlers.
 * @return the signal caught (SIGINT or SIGTERM), or 0. */
int cli_signals_restore(void);

/* ---- counts with a journal (checkpoint.c) ---- */

typedef struct cli_long_count {
    const char *checkpoint; /* journal file, or NULL */
    int progress;           /* as cli_progress_wanted() */
    int threads;            /* as nq_count_options.threads */
    nq_kernel kernel;       /* as nq_count_options.kernel */
} cli_long_count;

/* cli_count_long() :
 * Counts n on the library's split with a journal, a progress line and clean stops, as asked.
 * On success fills *out (the journal's earlier work included) and *seconds (this run only) and
 * returns EXIT_OK. Otherwise prints why (a bad journal, a write error, an interruption with how to
 * resume) and returns the exit code: EXIT_USAGE, or 128 + the signal number when interrupted. */
int cli_count_long(int n, const cli_long_count *lc, nq_counts *out, double *seconds);

/* cli_checkpoint_status() :
 * Prints on stdout how far the journal at path has got, without computing. n is the N given on the
 * command line, or 0 if none: then it must match the journal, whose split must be this version's.
 * @return EXIT_OK, or EXIT_USAGE after printing why (unreadable, damaged, another n or split). */
int cli_checkpoint_status(const char *path, int n);

/* ---- the counting kernel (kernel_env.c) ---- */

/* cli_kernel_from_env() :
 * The kernel named by the environment variable NQ_KERNEL (unset or empty: NQ_KERNEL_AUTO).
 * @return 0 with *out set; -1 if the name is unknown or this CPU cannot run that kernel, with a
 *         one-line message (without "nqueens: ") in msg, cap bytes. */
int cli_kernel_from_env(nq_kernel *out, char *msg, size_t cap);

#endif /* NQ_CLI_PROGRESS_H */
