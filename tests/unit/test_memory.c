/*
 * test_memory.c: the memory a split says it takes is the memory it takes (issue 35: memory sized
 * one way and allocated another). nq_split_memory() (split_quadrant_memory(), i.e.
 * quadrant_lists_bytes_needed() of the split's cut) is what auto's choice of method and the
 * ulimit/cgroup check before the build read; here it is compared with the bytes the split
 * actually holds once its lists are built, measured by the allocator: the test is linked with
 * -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free (cmake/tests.cmake), and the
 * wrappers below keep the size of every block allocated while tracking is on, until it is freed.
 * Every cut: even n, odd n with the plain cut (n <= 17), odd n with the middle cut (n = 19, the
 * least that has it); every method (the border split holds nothing beyond its own struct);
 * built by one solve and by a count on two threads (the quadrants built by the threads in
 * turn). Also the lists alone, for both cuts of every odd n up to 17: quadrant_lists_bytes() and
 * quadrant_lists_bytes_needed() against the allocator; and AUTO's choice under a memory limit
 * (which sizes the placements itself, method.c), which must flip at the bound that the split's
 * reported memory gives.
 */
#include <math.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "../../src/quadrant.h"
#include "../../src/split_quadrant.h"
#include "nqueens_advanced.h"

/* ---- The wrappers: the blocks allocated while tracking, and their sizes -------------------- */

void *__real_malloc(size_t size);
void *__real_calloc(size_t count, size_t size);
void *__real_realloc(void *p, size_t size);
void __real_free(void *p);
void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t count, size_t size);
void *__wrap_realloc(void *p, size_t size);
void __wrap_free(void *p);

#define TRACK_MAX 65536
static pthread_mutex_t track_lock = PTHREAD_MUTEX_INITIALIZER;
static int tracking;
static struct {
    void *p;
    size_t size;
} track[TRACK_MAX];
static int tracked;        /* entries in use (blocks alive that were allocated while tracking) */
static size_t track_bytes; /* their sizes' sum */
static int track_overflow; /* more blocks than TRACK_MAX */

static void track_add(void *p, size_t size) {
    pthread_mutex_lock(&track_lock);
    if (tracking && p) {
        if (tracked < TRACK_MAX) {
            track[tracked].p = p, track[tracked++].size = size;
            track_bytes += size;
        } else
            track_overflow = 1;
    }
    pthread_mutex_unlock(&track_lock);
}

static void track_drop(void *p) {
    pthread_mutex_lock(&track_lock);
    for (int i = tracked - 1; p && i >= 0; i--)
        if (track[i].p == p) {
            track_bytes -= track[i].size;
            track[i] = track[--tracked];
            break;
        }
    pthread_mutex_unlock(&track_lock);
}

void *__wrap_malloc(size_t size) {
    void *p = __real_malloc(size);
    track_add(p, size);
    return p;
}

void *__wrap_calloc(size_t count, size_t size) {
    void *p = __real_calloc(count, size);
    track_add(p, count * size);
    return p;
}

void *__wrap_realloc(void *p, size_t size) {
    void *q = __real_realloc(p, size);
    if (q || size == 0)
        track_drop(p);
    track_add(q, size);
    return q;
}

void __wrap_free(void *p) {
    track_drop(p);
    __real_free(p);
}

static void track_start(void) {
    pthread_mutex_lock(&track_lock);
    tracking = 1, tracked = 0, track_bytes = 0, track_overflow = 0;
    pthread_mutex_unlock(&track_lock);
}

/* The bytes of the blocks allocated since track_start() and still alive. */
static size_t track_alive(void) {
    pthread_mutex_lock(&track_lock);
    size_t b = track_bytes;
    assert_int_equal(track_overflow, 0);
    pthread_mutex_unlock(&track_lock);
    return b;
}

static void track_stop(void) {
    pthread_mutex_lock(&track_lock);
    tracking = 0;
    pthread_mutex_unlock(&track_lock);
}

/* ---- The tests ----------------------------------------------------------------------------- */

/* The lists alone, each cut: what their build allocates is what they and the sizing say. */
static void test_lists_take_what_they_say(void **state) {
    (void)state;
    for (int n = 4; n <= 19; n++) {
        for (int middle = 0; middle <= n % 2; middle++) {
            if (n == 19 && !middle)
                continue; /* the plain cut of 19: 0.1 GB more, no other path */
            track_start();
            quadrant_lists *q = NULL;
            assert_int_equal(quadrant_lists_new(n, middle, &q), NQ_OK);
            size_t alive = track_alive();
            if (alive != quadrant_lists_bytes(q) || alive != quadrant_lists_bytes_needed(n, middle))
                print_error("n = %d, middle %d: allocated %zu, lists say %zu, sizing %zu\n", n,
                            middle, alive, quadrant_lists_bytes(q),
                            quadrant_lists_bytes_needed(n, middle));
            assert_true(alive == quadrant_lists_bytes(q));
            assert_true(alive == quadrant_lists_bytes_needed(n, middle));
            quadrant_lists_free(q);
            assert_true(track_alive() == 0);
            track_stop();
        }
    }
}

/* The split of each method for n = 4..19: nq_split_memory() against the bytes the split holds
 * after a subproblem is solved (the lists built on the way, the solve's scratch freed), and after
 * a count on two threads (n <= 16: the count of n = 19 takes seconds). */
static void test_split_memory_is_what_it_holds(void **state) {
    (void)state;
    const nq_method methods[] = {NQ_METHOD_BACKTRACK, NQ_METHOD_QUADRANT};
    for (int n = 4; n <= 19; n++) {
        if (n == 17 || n == 18)
            continue; /* the same cuts as 15 and 16, 0.1 s each more */
        for (int k = 0; k < 2; k++) {
            for (int count = 0; count < 2; count++) {
                if (count && n > 16)
                    continue;
                nq_split *s;
                assert_int_equal(nq_split_new_method(n, methods[k], &s), NQ_OK);
                uint64_t said = nq_split_memory(s);
                assert_true(methods[k] == NQ_METHOD_BACKTRACK ? said == 0 : said > 0);
                track_start();
                nq_counts c;
                if (count) {
                    nq_count_options opt;
                    memset(&opt, 0, sizeof opt);
                    opt.threads = 2;
                    memset(&c, 0, sizeof c);
                    assert_int_equal(nq_count_split(s, &opt, &c), NQ_OK);
                } else
                    assert_int_equal(nq_split_solve(s, 1, &c), NQ_OK);
                size_t alive = track_alive();
                if (alive != said)
                    print_error("n = %d, %s, %s: the split holds %zu bytes, says %llu\n", n,
                                nq_method_name(methods[k]), count ? "count" : "solve", alive,
                                (unsigned long long)said);
                assert_true(alive == said);
                nq_split_free(s);
                assert_true(track_alive() == 0);
                track_stop();
            }
        }
    }
}

/* The choice of AUTO under a memory limit sizes the quadrant split as the split does: with one
 * thread it takes the quadrant join exactly when nq_split_memory() and the thread's share (its
 * stack, RLIMIT_STACK's size or 8 MiB, a sixteenth of the tables and 1 MiB: nq_method_choose())
 * fit in half the limit. For each n of AUTO's quadrant range whose bound fits this machine, a
 * child sets RLIMIT_DATA just above the bound (the quadrant join) and just below it
 * (backtracking); the child only reads the limit, it allocates nothing under it. n = 19 and 21
 * take the middle cut, the others the plain one. */
static int choice_under(rlim_t limit, int n) {
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        struct rlimit r;
        if (getrlimit(RLIMIT_DATA, &r) != 0)
            _exit(90);
        r.rlim_cur = limit;
        if (r.rlim_max != RLIM_INFINITY && r.rlim_max < limit)
            _exit(91);
        if (setrlimit(RLIMIT_DATA, &r) != 0)
            _exit(92);
        nq_method m;
        _exit(nq_method_choose(NQ_METHOD_AUTO, n, 1, &m) == NQ_OK ? (int)m : 93);
    }
    int st;
    assert_int_equal(waitpid(pid, &st, 0), pid);
    assert_true(WIFEXITED(st));
    return WEXITSTATUS(st);
}

static void test_auto_sizes_as_the_split(void **state) {
    (void)state;
    double stack = 8.0 * (1 << 20);
    struct rlimit r;
    if (getrlimit(RLIMIT_STACK, &r) == 0 && r.rlim_cur != RLIM_INFINITY &&
        r.rlim_cur < (rlim_t)1 << 30)
        stack = (double)r.rlim_cur;
    double room = split_memory_limit(); /* the machine's, a cgroup's, a ulimit's */
    int tried = 0;
    for (int n = NQ_METHOD_QUADRANT_AUTO_N; n <= NQ_METHOD_QUADRANT_MAX_N; n++) {
        nq_split *s;
        assert_int_equal(nq_split_new_method(n, NQ_METHOD_QUADRANT, &s), NQ_OK);
        double tables = (double)nq_split_memory(s);
        nq_split_free(s);
        double bound = 2 * (tables + stack + tables / 16 + (1 << 20));
        if (room != 0 && room < bound * 1.01)
            continue; /* this machine's own limit is below the bound */
        rlim_t above = (rlim_t)ceil(bound) + 4096, below = (rlim_t)floor(bound) - 4096;
        int hi = choice_under(above, n), lo = choice_under(below, n);
        if (hi != NQ_METHOD_QUADRANT || lo != NQ_METHOD_BACKTRACK)
            print_error("n = %d: tables %.0f bytes, bound %.0f: above it %d, below it %d\n", n,
                        tables, bound, hi, lo);
        assert_int_equal(hi, NQ_METHOD_QUADRANT);
        assert_int_equal(lo, NQ_METHOD_BACKTRACK);
        tried++;
    }
    assert_true(tried >= 4); /* n = 16..19 at least: their bounds are below 0.2 GB */
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lists_take_what_they_say),
        cmocka_unit_test(test_split_memory_is_what_it_holds),
        cmocka_unit_test(test_auto_sizes_as_the_split),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
