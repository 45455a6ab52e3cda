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
 * `asked` (the user gave --progress) shows a first line at once and the final one at the end
 * (kept on a terminal), so that a count shorter than the first redraw still shows its progress;
 * otherwise (the default on a terminal) the line appears at the first redraw and is erased at
 * the end.
 * The ETA divides the estimated remaining work in nodes by the measured rate in nodes a second:
 * subproblem sizes differ by orders of magnitude but neighbours in the numbering are alike, so the
 * work of an unfinished subproblem is estimated by the mean of finished ones nearby.
 * @return the meter, or NULL if memory or the thread could not be had (then nothing is shown). */
tool_progress *tool_progress_start(int n, uint64_t size, const uint8_t *done, int asked);

/* tool_progress_result() : one subproblem finished (calls must be serialised, as on_result is). */
void tool_progress_result(tool_progress *p, uint64_t index, const nq_counts *c);

/* tool_progress_figures() :
 * The share of the work done (0 to 1, or -1 before any subproblem finished) and the ETA in seconds
 * (-1 if unknown), as the line shows them at the time `at` (seconds since the start; < 0: now):
 * the share never decreases (it stays under 1 until every subproblem is done), and the ETA is
 * smoothed (each call counts down the time since the last one, then moves a quarter of the way to
 * the new estimate). The line's redraws call it (now); tests give the time. */
void tool_progress_figures(tool_progress *p, double at, double *done, double *eta);

/* tool_progress_stop() : stops the thread; draws the final line if asked, else erases the line
 * (terminal); frees. NULL accepted. */
void tool_progress_stop(tool_progress *p);

#endif /* NQ_TOOL_PROGRESS_H */
