/*
 * signals.c: SIGINT and SIGTERM during a long count (see signals.h): with a journal, the first
 * signal lets the subproblems in flight finish and the second quits at once; without one, the
 * first quits at once, since nothing would be saved.
 */
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "signals.h"

/* The stop flag must be reachable from a signal handler, so it is the one file-level variable of
 * the programs' long counts. An int written whole is what nq_count_options.stop reads. */
static volatile int signal_stop;
static struct sigaction old_sigint, old_sigterm;

static int signal_graceful; /* a journal keeps the finished work: stop after those in flight */

static void on_stop_signal(int sig) {
    if (!signal_graceful) {
        static const char msg[] = "\nnqueens: interrupted; nothing was saved (count with "
                                  "--checkpoint FILE to be able to resume)\n";
        ssize_t w = write(STDERR_FILENO, msg, sizeof msg - 1);
        (void)w;
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    if (signal_stop) { /* the second one: quit now, the journal already has the finished work */
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    signal_stop = sig;
    static const char msg[] = "\nnqueens: stopping after the subproblems in flight "
                              "(signal again to quit at once)\n";
    ssize_t w = write(STDERR_FILENO, msg, sizeof msg - 1);
    (void)w;
}

const volatile int *tool_signals_install(int graceful) {
    struct sigaction sa;
    signal_graceful = graceful;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    signal_stop = 0;
    sigaction(SIGINT, &sa, &old_sigint);
    sigaction(SIGTERM, &sa, &old_sigterm);
    return &signal_stop;
}

int tool_signals_restore(void) {
    sigaction(SIGINT, &old_sigint, NULL);
    sigaction(SIGTERM, &old_sigterm, NULL);
    return signal_stop;
}

int tool_signal_caught(void) {
    return signal_stop;
}
