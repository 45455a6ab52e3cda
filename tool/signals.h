/*
 * signals.h: SIGINT and SIGTERM during a long count (signals.c), shared by the nqueens and
 * nqueens-mpi programs through the tool library (tool/).
 */
#ifndef NQ_TOOL_SIGNALS_H
#define NQ_TOOL_SIGNALS_H

/* tool_signals_install() :
 * With a journal (graceful non-zero): makes SIGINT and SIGTERM set a stop flag (and say on stderr
 * that the count is stopping after the subproblems in flight); a second signal ends the process at
 * once (finished work is already in the journal). Without one there is nothing to save, so the
 * first signal says so and ends the process at once. @return the flag, for
 * nq_count_options.stop. */
const volatile int *tool_signals_install(int graceful);

/* tool_signals_restore() : puts back the previous handlers.
 * @return the signal caught (SIGINT or SIGTERM), or 0. */
int tool_signals_restore(void);

/* tool_signal_caught() : the signal caught since tool_signals_install(), or 0. */
int tool_signal_caught(void);

#endif /* NQ_TOOL_SIGNALS_H */
