/* test_construct.c: the explicit construction (construct.c), checked by a pairwise reference for
 * small boards, an independent O(n) checker for large ones, and the library's validator. */
#include <stdlib.h>
#include <string.h>

#include "support.h"

static void test_construct_every_n_to_5000(void **state) {
    (void)state;
    int *cols = alloc_cols(5000);
    for (int n = 4; n <= 5000; n++) {
        assert_int_equal(nq_construct(n, cols), NQ_OK);
        assert_solution(n, cols);
    }
    free(cols);
}

/* Every residue of n mod 6 (the constructions differ by n mod 6) at 10^4, 10^5 and 10^6, and at
 * 10^7 the residues 2 and 3 (where the plain pattern fails) and 4. */
static void test_construct_large_sample(void **state) {
    (void)state;
    static const int bases[] = {10000, 100000, 1000000};
    static const int top[] = {9999998, 9999999, 10000000};
    int *cols = alloc_cols(10000000);
    for (size_t b = 0; b < sizeof bases / sizeof bases[0]; b++) {
        for (int k = 0; k < 6; k++) {
            int n = bases[b] + k;
            assert_int_equal(nq_construct(n, cols), NQ_OK);
            assert_solution(n, cols);
        }
    }
    for (size_t t = 0; t < sizeof top / sizeof top[0]; t++) {
        assert_int_equal(nq_construct(top[t], cols), NQ_OK);
        assert_solution(top[t], cols);
    }
    free(cols);
}

static void test_construct_small_and_errors(void **state) {
    (void)state;
    int cols[4] = {7, 7, 7, 7};
    assert_int_equal(nq_construct(1, cols), NQ_OK);
    assert_int_equal(cols[0], 0);
    cols[0] = 7;
    assert_int_equal(nq_construct(2, cols), NQ_ENOSOL);
    assert_int_equal(nq_construct(3, cols), NQ_ENOSOL);
    assert_int_equal(cols[0], 7); /* untouched on failure */
    assert_int_equal(nq_construct(0, cols), NQ_EINVAL);
    assert_int_equal(nq_construct(-5, cols), NQ_EINVAL);
    assert_int_equal(nq_construct(4, NULL), NQ_EINVAL);
    /* Both solutions of n = 4 are known; the construction gives one of them. */
    assert_int_equal(nq_construct(4, cols), NQ_OK);
    assert_true(ref_is_solution_pairwise(4, cols));
}

/* The construction is one of the solutions the brute-force reference lists, for every n <= 10. */
static void test_construct_among_reference(void **state) {
    (void)state;
    for (int n = 4; n <= 10; n++) {
        int *all = NULL;
        size_t count = ref_solutions(n, &all);
        int cols[10];
        assert_int_equal(nq_construct(n, cols), NQ_OK);
        int found = 0;
        for (size_t i = 0; i < count && !found; i++)
            found = memcmp(all + i * (size_t)n, cols, (size_t)n * sizeof *cols) == 0;
        assert_true(found);
        free(all);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_construct_every_n_to_5000),
        cmocka_unit_test(test_construct_large_sample),
        cmocka_unit_test(test_construct_small_and_errors),
        cmocka_unit_test(test_construct_among_reference),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
