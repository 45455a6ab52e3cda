/*
 * signals.h: SIGINT and SIGTERM during a long count, a listing or a check (signals.c), shared by
 * the nqueens and nqueens-mpi programs through the tool library (tool/).
 */
#ifndef NQ_TOOL_SIGNALS_H
#define NQ_TOOL_SIGNALS_H

/* tool_signals_install() :
 * For a count. With a journal (graceful non-zero): makes SIGINT and SIGTERM set a stop flag (and
 * say on stderr that the count is stopping after the subproblems in flight); a second signal ends
 * the process at once (finished work is already in the journal). Without one there is nothing to
 * save, so the first signal says so and ends the process at once. @return the flag, for
 * nq_count_options.stop. */
const volatile int *tool_signals_install(int graceful);

/* tool_signals_restore() : puts back the previous handlers.
 * @return the signal caught (SIGINT or SIGTERM), or 0. */
int tool_signals_restore(void);

/* How a listing or a check stops (tool_stop_install()). */
enum {
    /* A listing (solve, cases, complete --all, find, trace): the first signal sets the flag, and
     * the listing ends at the end of the record it is writing (tool_signal_caught()); if it is
     * idle (computing the next record, tool_stop_idle()), the drain function writes out the
     * records it holds and the process exits with 128 + the signal number at once. */
    TOOL_STOP_LISTING = 1,
    /* A check reading its input: the first signal sets the flag and interrupts a blocked read
     * (EINTR: the handler does not restart it), so that what was read can be judged. */
    TOOL_STOP_READ = 2,
};

/* tool_stop_install() : installs the handlers of SIGINT and SIGTERM for `mode`; in both, a second
 * signal ends the process at once. drain (TOOL_STOP_LISTING, may be NULL) must be
 * async-signal-safe: it is called from the handler, with the signal number, when the listing is
 * idle, and the process then exits with 128 + sig. */
void tool_stop_install(int mode, void (*drain)(int sig));

/* tool_stop_idle() : idle non-zero tells the handler that the listing holds only whole records
 * and is not writing (so that it may drain them), zero that it is busy. Call it outside the
 * handler only. */
void tool_stop_idle(int idle);

/* tool_stop_restore() : puts back the previous handlers. @return the signal caught, or 0. */
int tool_stop_restore(void);

/* tool_signal_caught() : the signal caught since the last install, or 0. */
int tool_signal_caught(void);

/* tool_signal_name() : "SIGINT", "SIGTERM" or "a signal". */
const char *tool_signal_name(int sig);

#endif /* NQ_TOOL_SIGNALS_H */
