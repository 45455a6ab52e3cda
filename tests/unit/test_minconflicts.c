/* test_minconflicts.c: the min-conflicts search (minconflicts.c): valid answers for every n up
 * to 300 and for large boards, seeds that differ and seeds pinned to their answers, the work
 * budget, and bad arguments; answers checked as in test_construct.c. */
#include <stdlib.h>
#include <string.h>

#include "support.h"

static const uint64_t seeds[] = {0, 1, 2, 42, 0xdeadbeefu, UINT64_MAX};
#define NSEEDS (sizeof seeds / sizeof seeds[0])

/* FNV-1a of the columns as 32-bit little-endian words: independent of the machine. */
static uint64_t hash_cols(int n, const int *cols) {
    uint64_t h = 0xcbf29ce484222325u;
    for (int r = 0; r < n; r++) {
        uint32_t v = (uint32_t)cols[r];
        for (int k = 0; k < 4; k++) {
            h ^= (v >> (8 * k)) & 0xffu;
            h *= 0x100000001b3u;
        }
    }
    return h;
}

static void test_minconflicts_valid_4_to_300(void **state) {
    (void)state;
    int a[300], b[300];
    for (int n = 4; n <= 300; n++) {
        for (size_t s = 0; s < NSEEDS; s++) {
            nq_mc_stats st;
            assert_int_equal(nq_minconflicts(n, seeds[s], 0, a, &st), NQ_OK);
            assert_solution(n, a);
            assert_true(st.tries >= 1);
            /* Reproducible: the same seed gives the same solution. */
            assert_int_equal(nq_minconflicts(n, seeds[s], 0, b, NULL), NQ_OK);
            assert_memory_equal(a, b, (size_t)n * sizeof *a);
        }
    }
}

/* Different seeds give different solutions (n = 300 has far more solutions than seeds). */
static void test_minconflicts_seeds_differ(void **state) {
    (void)state;
    int sol[NSEEDS][300];
    for (size_t s = 0; s < NSEEDS; s++)
        assert_int_equal(nq_minconflicts(300, seeds[s], 0, sol[s], NULL), NQ_OK);
    for (size_t s = 0; s < NSEEDS; s++)
        for (size_t t = 0; t < s; t++)
            assert_true(memcmp(sol[s], sol[t], sizeof sol[s]) != 0);
}

/* The same seed gives the same solution on every machine and in every build: these hashes were
 * recorded once (x86_64, gcc -O2, and the same with clang -O0) and must never change unless the
 * method changes on purpose. */
static void test_minconflicts_pinned(void **state) {
    (void)state;
    static const struct {
        int n;
        uint64_t seed, hash;
    } pinned[] = {
        {8, 1, 0x2ab7d0af3c4f1a45u},
        {1000, 42, 0x29e5ab458928cc55u},
        {100000, 7, 0x129f684c80c356f1u},
    };
    int *cols = alloc_cols(100000);
    for (size_t i = 0; i < sizeof pinned / sizeof pinned[0]; i++) {
        assert_int_equal(nq_minconflicts(pinned[i].n, pinned[i].seed, 0, cols, NULL), NQ_OK);
        assert_solution(pinned[i].n, cols);
        assert_int_equal(hash_cols(pinned[i].n, cols), pinned[i].hash);
    }
    free(cols);
}

static void test_minconflicts_large(void **state) {
    (void)state;
    int n = 200003;
    int *cols = alloc_cols(n);
    nq_mc_stats st;
    assert_int_equal(nq_minconflicts(n, 12345, 0, cols, &st), NQ_OK);
    assert_solution(n, cols);
    /* The greedy placement leaves few attacks: far fewer than n (Sosic and Gu). */
    assert_true(st.init_conflicts < (uint64_t)n / 100);
    assert_true(st.init_probes >= (uint64_t)n);
    free(cols);
}

static void test_minconflicts_small_and_errors(void **state) {
    (void)state;
    int cols[4] = {7, 7, 7, 7};
    nq_mc_stats st;
    assert_int_equal(nq_minconflicts(1, 5, 0, cols, &st), NQ_OK);
    assert_int_equal(cols[0], 0);
    cols[0] = 7;
    assert_int_equal(nq_minconflicts(2, 5, 0, cols, &st), NQ_ENOSOL);
    assert_int_equal(nq_minconflicts(3, 5, 0, cols, NULL), NQ_ENOSOL);
    assert_int_equal(cols[0], 7);
    assert_int_equal(nq_minconflicts(0, 5, 0, cols, NULL), NQ_EINVAL);
    assert_int_equal(nq_minconflicts(-1, 5, 0, cols, NULL), NQ_EINVAL);
    assert_int_equal(nq_minconflicts(4, 5, 0, NULL, NULL), NQ_EINVAL);
    assert_int_equal(nq_minconflicts_memory(0), 0);
    assert_true(nq_minconflicts_memory(1000) >= 4 * 1000 - 2);
}

/* A budget too small to finish ends with NQ_EFAIL and statistics, never a wrong answer. */
static void test_minconflicts_budget(void **state) {
    (void)state;
    int n = 20000;
    int *cols = alloc_cols(n);
    nq_mc_stats st;
    memset(&st, 0, sizeof st);
    assert_int_equal(nq_minconflicts(n, 3, (uint64_t)n / 2, cols, &st), NQ_EFAIL);
    assert_true(st.tries >= 1);
    /* The budget is checked between greedy placements and at every evaluation. */
    assert_true(st.evaluations == 0);
    assert_int_equal(nq_minconflicts(n, 3, 0, cols, &st), NQ_OK);
    assert_solution(n, cols);
    free(cols);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_minconflicts_valid_4_to_300),
        cmocka_unit_test(test_minconflicts_seeds_differ),
        cmocka_unit_test(test_minconflicts_pinned),
        cmocka_unit_test(test_minconflicts_large),
        cmocka_unit_test(test_minconflicts_small_and_errors),
        cmocka_unit_test(test_minconflicts_budget),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
