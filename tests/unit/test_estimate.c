/*
 * test_estimate.c: the estimate of a count's time (tool/estimate.c, `count --estimate` and
 * nqueens-mpi's) divides the measured CPU time by the threads that run at once (at most the
 * processors) and by the ranks: options that change how long, not what (issue 35, kind 6). The
 * measure itself varies from run to run, so the divisor is recovered from each estimate's own
 * fields: seconds x divisor / measured is the growth from the measured n to n, one number for
 * every setting of threads and ranks. n = 20 by the quadrant join is always measured on n = 16
 * (its growth table starts there), so every estimate here scales by the same growth.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "estimate.h"

static void test_divisor_is_threads_and_ranks(void **state) {
    (void)state;
    int procs = nq_count_threads(0);
    const struct {
        int threads, ranks;
    } cases[] = {{1, 1}, {1, 3}, {2, 4}}; /* beyond the processors: tests/cli/count.sh */
    double growth = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tool_estimate e;
        assert_int_equal(tool_estimate_count(20, cases[i].threads, cases[i].ranks, NQ_KERNEL_AUTO,
                                             NQ_METHOD_QUADRANT, &e),
                         NQ_OK);
        assert_int_equal(e.n, 20);
        assert_int_equal(e.m, 16);
        assert_int_equal(e.method, NQ_METHOD_QUADRANT);
        assert_int_equal(e.threads, cases[i].threads);
        assert_int_equal(e.ranks, cases[i].ranks);
        assert_int_equal(e.procs, procs);
        assert_true(e.measured > 0 && e.seconds > 0);
        int at_once = cases[i].threads < procs ? cases[i].threads : procs;
        double g = e.seconds * at_once * cases[i].ranks / e.measured;
        if (i == 0)
            growth = g;
        if (fabs(g - growth) > 1e-9 * growth)
            print_error("threads %d, ranks %d: %.6g s from %.6g s measured: growth %.9g, not "
                        "%.9g\n",
                        cases[i].threads, cases[i].ranks, e.seconds, e.measured, g, growth);
        assert_true(fabs(g - growth) <= 1e-9 * growth);
    }
    assert_true(growth > 100); /* n = 20 takes hundreds of times n = 16's time */
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_divisor_is_threads_and_ranks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
