/*
 * progress.h: the progress line of a long count on stderr (progress.c), shared by the nqueens
 * and nqueens-mpi programs through the tool library (tool/).
 */
#ifndef NQ_TOOL_PROGRESS_H
#define NQ_TOOL_PROGRESS_H

#include <stdint.h>

#include "nqueens.h"

typedef struct tool_progress tool_progress;

/* tool_now() : a monotonic clock in seconds, for elapsed times (progress, reports). */
double tool_now(void);

/* tool_progress_wanted() :
 * @param mode  1 (--progress), 0 (--no-progress) or -1 (default: on when stderr is a terminal).
 * @return non-zero if a progress line should be shown. */
int tool_progress_wanted(int mode);

/* tool_progress_start() :
 * Starts a progress line for the count of n over the split's `size` subproblems, of which those
 * flagged in `done` (may be NULL) are already finished. A thread redraws the line a few times a
 * second on a terminal (\r, cleared to the end of line), once a second otherwise (one line each).
 * The ETA divides the estimated remaining work in nodes by the measured rate in nodes a second:
 * subproblem sizes differ by orders of magnitude but neighbours in the numbering are alike, so the
 * work of an unfinished subproblem is estimated by the mean of finished ones nearby.
 * @return the meter, or NULL if memory or the thread could not be had (then nothing is shown). */
tool_progress *tool_progress_start(int n, uint64_t size, const uint8_t *done);

/* tool_progress_result() : one subproblem finished (calls must be serialised, as on_result is). */
void tool_progress_result(tool_progress *p, uint64_t index, const nq_counts *c);

/* tool_progress_stop() : stops the thread, erases the line (terminal) and frees; NULL accepted. */
void tool_progress_stop(tool_progress *p);

#endif /* NQ_TOOL_PROGRESS_H */
