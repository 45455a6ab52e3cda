/*
 * test_parallel.c: the count's driver (src/parallel.c) and its threads: the cap on threads
 * (NQ_MAX_THREADS) and the thread count of "all cores"; many threads, even more than
 * subproblems, give the OEIS counts; and a count whose threads cannot be created returns
 * NQ_ETHREAD, having computed and reported nothing, instead of ending the process as the OpenMP
 * runtime did ("libgomp: Thread creation failed", exit 1).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "support.h"

static int reported(void *user, uint64_t index, const nq_counts *c) {
    (void)index;
    (void)c;
    ++*(int *)user;
    return 0;
}

static void test_thread_cap(void **state) {
    (void)state;
    assert_int_equal(nq_count_threads(1), 1);
    assert_int_equal(nq_count_threads(NQ_MAX_THREADS), NQ_MAX_THREADS);
    assert_int_equal(nq_count_threads(NQ_MAX_THREADS + 1), NQ_EINVAL);
    assert_int_equal(nq_count_threads(INT_MAX), NQ_EINVAL); /* was INT_MAX */
    assert_int_equal(nq_count_threads(-1), NQ_EINVAL);
    int all = nq_count_threads(0);
    assert_true(all >= 1 && all <= NQ_MAX_THREADS);
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    assert_true(online < 1 || all <= online);
    nq_split *s;
    assert_int_equal(nq_split_new(8, &s), NQ_OK);
    nq_count_options opt;
    memset(&opt, 0, sizeof opt);
    nq_counts c;
    memset(&c, 0, sizeof c);
    opt.threads = NQ_MAX_THREADS + 1;
    assert_int_equal(nq_count_split(s, &opt, &c), NQ_EINVAL);
    opt.threads = INT_MAX;
    assert_int_equal(nq_count_split(s, &opt, &c), NQ_EINVAL);
    opt.threads = -1;
    assert_int_equal(nq_count_split(s, &opt, &c), NQ_EINVAL);
    assert_true(c.total == 0 && c.nodes == 0);
    nq_split_free(s);
}

/* More threads than subproblems, and many threads: the same counts, every subproblem reported
 * once. */
static void test_many_threads(void **state) {
    (void)state;
    const int threads[] = {1, 2, 7, 64, 200};
    for (int n = 4; n <= 10; n++) {
        ref_counts want = ref_table(n);
        nq_split *s;
        assert_int_equal(nq_split_new(n, &s), NQ_OK);
        for (size_t k = 0; k < sizeof threads / sizeof threads[0]; k++) {
            nq_count_options opt;
            memset(&opt, 0, sizeof opt);
            opt.threads = threads[k];
            int calls = 0;
            opt.on_result = reported;
            opt.user = &calls;
            nq_counts c;
            memset(&c, 0, sizeof c);
            assert_int_equal(nq_count_split(s, &opt, &c), NQ_OK);
            assert_true(c.total == want.total && c.unique == want.unique);
            assert_int_equal(calls, (int)nq_split_size(s));
        }
        nq_split_free(s);
    }
}

/* Under an address-space limit that leaves no room for NQ_MAX_THREADS thread stacks, in a child
 * process (the limit must not touch this one): NQ_ETHREAD, nothing reported, out untouched, and
 * the process goes on (the OpenMP runtime exited here). Skipped under AddressSanitizer, whose
 * shadow memory needs a huge address space. */
#if defined(__SANITIZE_ADDRESS__)
#define NQ_TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define NQ_TEST_ASAN 1
#endif
#endif

static void test_threads_that_cannot_start(void **state) {
    (void)state;
#ifdef NQ_TEST_ASAN
    skip();
#else
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        long pages = 0;
        FILE *f = fopen("/proc/self/statm", "r");
        if (!f || fscanf(f, "%ld", &pages) != 1)
            _exit(10);
        fclose(f);
        /* Room for what the process maps now and 256 MiB more: some threads, not 1024 stacks
         * of several MiB each. */
        rlim_t limit = (rlim_t)pages * (rlim_t)sysconf(_SC_PAGESIZE) + ((rlim_t)256 << 20);
        struct rlimit rl = {limit, limit};
        if (setrlimit(RLIMIT_AS, &rl) != 0)
            _exit(11);
        nq_split *s;
        if (nq_split_new(12, &s) != NQ_OK)
            _exit(12);
        nq_count_options opt;
        memset(&opt, 0, sizeof opt);
        opt.threads = NQ_MAX_THREADS;
        int calls = 0;
        opt.on_result = reported;
        opt.user = &calls;
        nq_counts c;
        memset(&c, 0, sizeof c);
        c.total = 77;
        int rc = nq_count_split(s, &opt, &c);
        if (rc != NQ_ETHREAD)
            _exit(13);
        if (calls != 0 || c.total != 77 || c.nodes != 0)
            _exit(14);
        /* The process is alive and can still count on one thread. */
        opt.threads = 1;
        memset(&c, 0, sizeof c);
        rc = nq_count_split(s, &opt, &c);
        nq_split_free(s);
        _exit(rc == NQ_OK && c.total == 14200 ? 0 : 15);
    }
    int st;
    assert_int_equal(waitpid(pid, &st, 0), pid);
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
        print_error("child: %s %d\n", WIFEXITED(st) ? "exit" : "signal",
                    WIFEXITED(st) ? WEXITSTATUS(st) : WTERMSIG(st));
    assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
#endif
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_thread_cap),
        cmocka_unit_test(test_many_threads),
        cmocka_unit_test(test_threads_that_cannot_start),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
