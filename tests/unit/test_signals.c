/*
 * test_signals.c: the programs' stop signals (tool/signals.c) as seen from inside the process.
 * The handler keeps the errno of the code it interrupted, even when its own message cannot be
 * written (stderr closed: write(2) fails with EBADF, which the handler let through before);
 * the stop flag, written by the handler, is read by other threads (the count's workers, the
 * progress line's) without a data race: under ThreadSanitizer (the TSan build of .ci/run) the
 * unguarded flag was reported as one.
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

#include "signals.h"
#include "support.h"

/* The handler does not change errno, even when its message fails to be written. */
static void test_handler_keeps_errno(void **state) {
    (void)state;
    const volatile int *stop = tool_signals_install(1);
    assert_non_null(stop);
    int err = dup(STDERR_FILENO);
    assert_true(err >= 0);
    assert_int_equal(close(STDERR_FILENO), 0); /* the handler's write(2) fails: EBADF */
    errno = EDOM;
    assert_int_equal(raise(SIGINT), 0);
    int after = errno;
    assert_int_equal(dup2(err, STDERR_FILENO), STDERR_FILENO);
    close(err);
    assert_int_equal(after, EDOM);
    assert_int_equal(tool_signal_caught(), SIGINT);
    assert_int_equal(tool_signals_restore(), SIGINT);
}

/* A thread polls the flag, as the progress line's does, while a signal sets it. */
static void *poll_flag(void *arg) {
    (void)arg;
    while (!tool_signal_caught())
        sched_yield();
    return NULL;
}

static void test_flag_seen_by_other_thread(void **state) {
    (void)state;
    tool_signals_install(1);
    pthread_t t;
    assert_int_equal(pthread_create(&t, NULL, poll_flag, NULL), 0);
    struct timespec ms = {0, 1000000};
    nanosleep(&ms, NULL);
    assert_int_equal(raise(SIGTERM), 0);
    assert_int_equal(pthread_join(t, NULL), 0);
    assert_int_equal(tool_signals_restore(), SIGTERM);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_handler_keeps_errno),
        cmocka_unit_test(test_flag_seen_by_other_thread),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
