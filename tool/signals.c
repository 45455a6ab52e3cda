/*
 * signals.c: SIGINT and SIGTERM during a long count, a listing or a check (see signals.h): with a
 * journal, the first signal lets the subproblems in flight finish and the second quits at once;
 * without one, the first quits at once, since nothing would be saved. A listing ends on a record
 * boundary: at the end of the record being written, or, when it is computing the next one, at
 * once through its drain function. A check stops reading and judges what it has read.
 *
 * The handlers only set the flag, write fixed messages and call the drain function, which are all
 * async-signal-safe; their messages are made when the handlers are installed. A handler keeps the
 * errno of the code it interrupted: write(2) may change it.
 *
 * The stop flag is read by other threads (the count's workers, through nq_count_options.stop,
 * and the progress line's), while a handler writes it: it is written and read here with atomic
 * operations (lock-free on an int, so async-signal-safe). The library reads the same int through
 * its `const volatile int *`; ThreadSanitizer sees that read as a race until the library reads it
 * atomically too (tests/tsan.supp).
 */
#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "message.h"
#include "signals.h"

enum { MODE_NOW, MODE_GRACEFUL }; /* the count's, beside TOOL_STOP_LISTING and TOOL_STOP_READ */

/* The stop flag must be reachable from a signal handler, so it is, with what the handler needs,
 * the file-level state of the programs' signal handling. An int is what nq_count_options.stop
 * reads; every access to it here is atomic (__atomic builtins: C11's atomic_int could not be
 * handed out as the option's `const volatile int *`). */
static volatile int signal_stop;
static volatile sig_atomic_t signal_idle; /* a listing is between records, not writing */
static struct sigaction old_sigint, old_sigterm;
static int signal_mode;
static void (*signal_drain)(int sig);
/* Made when installed: a prefix (tool_prefix(), under 64 bytes) and a sentence of at most 128. */
static char msg_first[192], msg_again[192];

static int stop_get(void) {
    return __atomic_load_n(&signal_stop, __ATOMIC_SEQ_CST);
}

static void stop_set(int sig) {
    __atomic_store_n(&signal_stop, sig, __ATOMIC_SEQ_CST);
}

static void say(const char *msg) {
    ssize_t w = write(STDERR_FILENO, msg, strlen(msg));
    (void)w;
}

static void die_now(int sig) {
    signal(sig, SIG_DFL);
    raise(sig);
}

static void on_stop_signal(int sig) {
    int saved = errno;
    if (stop_get()) { /* the second one: quit now */
        say(msg_again);
        die_now(sig);
    } else if (signal_mode == MODE_NOW) {
        say(msg_first);
        die_now(sig);
    } else {
        stop_set(sig);
        if (signal_mode == TOOL_STOP_LISTING && signal_idle && signal_drain) {
            signal_drain(sig);
            _exit(128 + sig);
        }
        say(msg_first);
    }
    errno = saved;
}

static void install(int mode, int restart) {
    signal_mode = mode;
    stop_set(0);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = (restart ? SA_RESTART : 0) | SA_NODEFER; /* a second signal comes through */
    sigaction(SIGINT, &sa, &old_sigint);
    sigaction(SIGTERM, &sa, &old_sigterm);
}

const volatile int *tool_signals_install(int graceful) {
    if (graceful)
        snprintf(msg_first, sizeof msg_first,
                 "\n%s: stopping after the subproblems in flight (signal again to quit at once)\n",
                 tool_prefix());
    else
        snprintf(msg_first, sizeof msg_first,
                 "\n%s: interrupted; nothing was saved (count with --checkpoint FILE to be able "
                 "to resume)\n",
                 tool_prefix());
    /* Only a graceful stop hears a second signal: say what became of the work (it quit with no
     * word after promising to). Every record written is whole in the journal. */
    snprintf(msg_again, sizeof msg_again,
             "\n%s: quitting at once: the subproblems finished so far are saved; run the same "
             "command again to resume\n",
             tool_prefix());
    install(graceful ? MODE_GRACEFUL : MODE_NOW, 1);
    return &signal_stop;
}

int tool_signals_restore(void) {
    return tool_stop_restore();
}

void tool_stop_install(int mode, void (*drain)(int sig)) {
    signal_drain = drain;
    signal_idle = 0;
    if (mode == TOOL_STOP_READ)
        snprintf(msg_first, sizeof msg_first,
                 "\n%s: stopping: judging what was read so far (signal again to quit at once)\n",
                 tool_prefix());
    else
        snprintf(msg_first, sizeof msg_first,
                 "\n%s: stopping at the end of this record (signal again to quit at once)\n",
                 tool_prefix());
    snprintf(msg_again, sizeof msg_again, "\n%s: quitting at once\n", tool_prefix());
    install(mode, mode != TOOL_STOP_READ);
}

void tool_stop_idle(int idle) {
    /* The records written before this call are complete in memory before the handler may see
     * idle set (and not changed after it sees it cleared). */
    atomic_signal_fence(memory_order_seq_cst);
    signal_idle = idle;
    atomic_signal_fence(memory_order_seq_cst);
}

int tool_stop_restore(void) {
    sigaction(SIGINT, &old_sigint, NULL);
    sigaction(SIGTERM, &old_sigterm, NULL);
    signal_idle = 0;
    return stop_get();
}

int tool_signal_caught(void) {
    return stop_get();
}

const char *tool_signal_name(int sig) {
    return sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : "a signal";
}
