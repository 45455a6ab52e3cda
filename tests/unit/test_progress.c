/*
 * test_progress.c: the figures of the progress line (tool/progress.c): the share of the work never
 * decreases, whatever order and sizes subproblems finish in (with 2 threads it went from 19.3%
 * back to 9.8%), stays under 100% until the last one and is 100% then; the ETA is smoothed: after
 * a big subproblem moves the estimate, each redraw moves the shown ETA only part of the way.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "progress.h"
#include "support.h"

/* A fixed pseudo-random sequence (xorshift64), so that a failure can be replayed. */
static uint64_t next_random(uint64_t *s) {
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static void test_share_never_decreases(void **state) {
    (void)state;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        const uint64_t size = 3000;
        uint64_t s = seed * 0x9E3779B97F4A7C15u, *order = malloc(size * sizeof *order);
        assert_non_null(order);
        for (uint64_t i = 0; i < size; i++)
            order[i] = i;
        for (uint64_t i = size - 1; i > 0; i--) { /* out of order, as threads finish */
            uint64_t j = next_random(&s) % (i + 1), t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        tool_progress *p = tool_progress_start(16, size, NULL, 0);
        assert_non_null(p);
        double last = -1, done, eta;
        for (uint64_t k = 0; k < size; k++) {
            nq_counts c;
            memset(&c, 0, sizeof c);
            /* Sizes over 8 orders of magnitude, the big ones rare. */
            uint64_t r = next_random(&s);
            c.nodes = 1 + (r % 100 == 0 ? r % 100000000 : r % 1000);
            tool_progress_result(p, order[k], &c);
            tool_progress_figures(p, 1.0 + (double)k * 0.01, &done, &eta);
            if (done < last)
                fail_msg("seed %llu, after %llu results: the share went from %f to %f",
                         (unsigned long long)seed, (unsigned long long)k + 1, last, done);
            if (k + 1 < size)
                assert_true(done < 1.0);
            assert_true(eta >= 0);
            last = done;
        }
        assert_true(done == 1.0 && eta == 0);
        tool_progress_stop(p);
        free(order);
    }
}

static void test_eta_is_smoothed(void **state) {
    (void)state;
    const uint64_t size = 1000;
    tool_progress *p = tool_progress_start(16, size, NULL, 0);
    assert_non_null(p);
    nq_counts c;
    memset(&c, 0, sizeof c);
    c.nodes = 10;
    for (uint64_t i = 0; i < size; i += 2)
        tool_progress_result(p, i, &c);
    double done0, eta0, done[4], eta[4];
    tool_progress_figures(p, 10.0, &done0, &eta0); /* 500 of 1000 done in 10 s: ETA 10 s */
    assert_true(fabs(eta0 - 10.0) < 1e-9);
    /* One huge subproblem: the work left in its part of the numbering now looks far bigger, and
     * the node rate far higher; the raw ETA (about 3.4 s) jumps down from 10 s. */
    c.nodes = 100000000;
    tool_progress_result(p, 1, &c);
    for (int i = 0; i < 4; i++)
        tool_progress_figures(p, 10.0 + 0.25 * (i + 1), &done[i], &eta[i]);
    /* The share does not fall; the shown ETA counts down the 0.25 s between redraws and moves a
     * quarter of the way to the new estimate at each. */
    for (int i = 0; i < 4; i++)
        assert_true(done[i] >= done0 && done[i] == done[0]);
    double prev = eta0, first = 0;
    for (int i = 0; i < 4; i++) {
        double counted = prev - 0.25;
        double raw = (eta[i] - counted) / 0.25 + counted; /* what the step aimed at */
        if (i == 0)
            first = raw;
        if (!(eta[i] < prev && raw < eta[i] && raw > 0 && fabs(raw - first) < 0.1 * first))
            fail_msg("redraw %d: ETA %f after %f (new estimate %f)", i, eta[i], prev, raw);
        prev = eta[i];
    }
    assert_true(first < 5.0 && eta[0] > 7.0); /* far from the new estimate at first: no swing */
    tool_progress_stop(p);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_share_never_decreases),
        cmocka_unit_test(test_eta_is_smoothed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
