/* test_search.c: the iterative solution iterator (search.c) against the brute-force reference. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

/* Every solution, in the same (lexicographic) order as the reference, for n = 1..10. */
static void test_iterator_matches_reference(void **state) {
    (void)state;
    for (int n = 1; n <= 10; n++) {
        int *ref;
        size_t count = ref_solutions(n, &ref);
        nq_search *s;
        assert_int_equal(nq_search_new(n, NULL, 0, 0, &s), NQ_OK);
        int cols[NQ_MAX_N];
        size_t i = 0;
        while (nq_search_next(s, cols) == NQ_OK) {
            assert_true(i < count);
            assert_memory_equal(cols, ref + i * (size_t)n, (size_t)n * sizeof *cols);
            i++;
        }
        assert_true(i == count);
        assert_int_equal(nq_search_next(s, cols), NQ_DONE); /* stays done */
        nq_search_free(s);
        free(ref);
    }
}

static size_t count_solutions(int n, const int *prefix, int k, unsigned flags, uint64_t *nodes) {
    nq_search *s;
    assert_int_equal(nq_search_new(n, prefix, k, flags, &s), NQ_OK);
    int cols[NQ_MAX_N];
    size_t count = 0;
    while (nq_search_next(s, cols) == NQ_OK) {
        assert_int_equal(nq_validate(n, cols, 0, NULL), NQ_OK);
        assert_memory_equal(cols, prefix ? prefix : cols, (size_t)k * sizeof *cols);
        count++;
    }
    if (nodes)
        *nodes = nq_search_nodes(s);
    nq_search_free(s);
    return count;
}

/* Totals (A000170) for n <= 12, and fundamental solutions (A002562), each its class's least. */
static void test_counts_and_unique(void **state) {
    (void)state;
    for (int n = 1; n <= 12; n++) {
        ref_counts want = ref_table(n);
        assert_true(count_solutions(n, NULL, 0, 0, NULL) == want.total);
        nq_search *s;
        assert_int_equal(nq_search_new(n, NULL, 0, NQ_SEARCH_UNIQUE, &s), NQ_OK);
        int cols[NQ_MAX_N], canon[NQ_MAX_N];
        size_t unique = 0;
        while (nq_search_next(s, cols) == NQ_OK) {
            assert_int_equal(nq_canonical(n, cols, canon, NULL), NQ_OK);
            assert_memory_equal(cols, canon, (size_t)n * sizeof *cols);
            unique++;
        }
        nq_search_free(s);
        assert_true(unique == want.unique);
    }
}

/* The fundamental solutions the search lists (NQ_SEARCH_UNIQUE) are exactly, and in the same
 * order, the brute-force solutions that no image is lexicographically smaller than, the images
 * computed cell by cell (ref_least_orbit): the definition, not the library's nq_canonical(). */
static void test_unique_by_definition(void **state) {
    (void)state;
    for (int n = 1; n <= 10; n++) {
        int *sols;
        size_t count = ref_solutions(n, &sols), next = 0;
        nq_search *s;
        assert_int_equal(nq_search_new(n, NULL, 0, NQ_SEARCH_UNIQUE, &s), NQ_OK);
        int cols[NQ_MAX_N];
        while (nq_search_next(s, cols) == NQ_OK) {
            while (next < count && !ref_least_orbit(n, sols + next * (size_t)n))
                next++;
            assert_true(next < count);
            assert_memory_equal(cols, sols + next * (size_t)n, (size_t)n * sizeof *cols);
            next++;
        }
        nq_search_free(s);
        while (next < count)
            assert_int_equal(ref_least_orbit(n, sols + next++ * (size_t)n), 0);
        free(sols);
    }
}

/* Splitting by the first two rows partitions the solutions; bad prefixes yield nothing. */
static void test_prefix(void **state) {
    (void)state;
    const int n = 9;
    size_t sum = 0;
    uint64_t nodes_sum = 0, nodes_all = 0;
    for (int a = 0; a < n; a++) {
        int p1[1] = {a};
        uint64_t nodes1;
        size_t c1 = count_solutions(n, p1, 1, 0, &nodes1);
        nodes_sum += nodes1 + 1;
        size_t c2 = 0;
        for (int b = 0; b < n; b++) {
            int p2[2] = {a, b};
            c2 += count_solutions(n, p2, 2, 0, NULL);
        }
        assert_true(c1 == c2);
        sum += c1;
    }
    assert_true(sum == 352);
    count_solutions(n, NULL, 0, 0, &nodes_all);
    assert_true(nodes_sum == nodes_all);
    const int attacked[] = {0, 1};
    assert_true(count_solutions(n, attacked, 2, 0, NULL) == 0);
    const int out_of_range[] = {0, 9};
    assert_true(count_solutions(n, out_of_range, 2, 0, NULL) == 0);
    const int full[] = {1, 3, 0, 2};
    assert_true(count_solutions(4, full, 4, 0, NULL) == 1);
    const int full_bad[] = {1, 3, 0, 1};
    assert_true(count_solutions(4, full_bad, 4, 0, NULL) == 0);
    /* n = 64: the first 40 rows of the explicit solution "odd columns, then even columns"
     * (valid when n mod 6 is not 2 or 3); the search completes them into a valid solution. */
    int p64[64];
    for (int r = 0; r < 32; r++) {
        p64[r] = 2 * r + 1;
        p64[32 + r] = 2 * r;
    }
    assert_int_equal(nq_validate(64, p64, 0, NULL), NQ_OK);
    nq_search *s;
    assert_int_equal(nq_search_new(64, p64, 40, 0, &s), NQ_OK);
    int cols[NQ_MAX_N];
    assert_int_equal(nq_search_next(s, cols), NQ_OK);
    assert_int_equal(nq_validate(64, cols, 0, NULL), NQ_OK);
    assert_memory_equal(cols, p64, 40 * sizeof *cols);
    nq_search_free(s);
}

static void test_arguments(void **state) {
    (void)state;
    nq_search *s = NULL;
    assert_int_equal(nq_search_new(0, NULL, 0, 0, &s), NQ_EINVAL);
    assert_int_equal(nq_search_new(65, NULL, 0, 0, &s), NQ_EINVAL);
    assert_int_equal(nq_search_new(8, NULL, 1, 0, &s), NQ_EINVAL);
    assert_int_equal(nq_search_new(8, NULL, 0, 99, &s), NQ_EINVAL);
    assert_int_equal(nq_search_new(8, NULL, 0, 0, NULL), NQ_EINVAL);
    assert_null(s);
    nq_search_free(NULL);
    int cols[8];
    assert_int_equal(nq_search_next(NULL, cols), NQ_EINVAL);
}

/* Recursive reference: places queens row by row, columns left to right, counting every queen
 * placed, until the first solution; returns 1 when found. */
static int ref_first(int n, int row, int *cols, uint64_t *nodes) {
    if (row == n)
        return 1;
    for (int c = 0; c < n; c++) {
        int free_cell = 1;
        for (int r = 0; r < row && free_cell; r++)
            free_cell = !ref_attacks(r, cols[r], row, c);
        if (!free_cell)
            continue;
        cols[row] = c;
        ++*nodes;
        if (ref_first(n, row + 1, cols, nodes))
            return 1;
    }
    return 0;
}

static void test_find_first(void **state) {
    (void)state;
    int cols[NQ_MAX_N];
    uint64_t nodes = 0;
    assert_int_equal(nq_find_first(2, cols, NULL), NQ_ENOSOL);
    assert_int_equal(nq_find_first(3, cols, NULL), NQ_ENOSOL);
    assert_int_equal(nq_find_first(65, cols, NULL), NQ_EINVAL);
    assert_int_equal(nq_find_first(8, cols, &nodes), NQ_OK);
    const int first8[] = {0, 4, 7, 5, 2, 6, 1, 3};
    assert_memory_equal(cols, first8, sizeof first8);
    for (int n = 4; n <= 20; n++) {
        int ref[20];
        uint64_t ref_nodes = 0;
        assert_true(ref_first(n, 0, ref, &ref_nodes));
        assert_int_equal(nq_find_first(n, cols, &nodes), NQ_OK);
        assert_memory_equal(cols, ref, (size_t)n * sizeof *cols);
        assert_true(nodes == ref_nodes);
    }
}

typedef struct counting {
    int n;
    size_t got;
} counting;

static void *count_in_thread(void *arg) {
    counting *c = arg;
    c->got = count_solutions(c->n, NULL, 0, 0, NULL);
    return NULL;
}

/* Searches share nothing: interleaved handles and concurrent threads give the right counts. */
static void test_no_shared_state(void **state) {
    (void)state;
    nq_search *a, *b;
    assert_int_equal(nq_search_new(4, NULL, 0, 0, &a), NQ_OK);
    assert_int_equal(nq_search_new(1, NULL, 0, 0, &b), NQ_OK);
    int ca[4], cb[1];
    size_t na = 0, nb = 0;
    for (;;) {
        int ra = nq_search_next(a, ca), rb = nq_search_next(b, cb);
        na += ra == NQ_OK;
        nb += rb == NQ_OK;
        if (ra != NQ_OK && rb != NQ_OK)
            break;
    }
    assert_true(na == 2 && nb == 1);
    nq_search_free(a);
    nq_search_free(b);
    counting c[4] = {{8, 0}, {9, 0}, {10, 0}, {11, 0}};
    pthread_t t[4];
    for (int i = 0; i < 4; i++)
        assert_int_equal(pthread_create(&t[i], NULL, count_in_thread, &c[i]), 0);
    for (int i = 0; i < 4; i++)
        assert_int_equal(pthread_join(t[i], NULL), 0);
    assert_true(c[0].got == 92 && c[1].got == 352 && c[2].got == 724 && c[3].got == 2680);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_iterator_matches_reference),
        cmocka_unit_test(test_counts_and_unique),
        cmocka_unit_test(test_unique_by_definition),
        cmocka_unit_test(test_prefix),
        cmocka_unit_test(test_arguments),
        cmocka_unit_test(test_find_first),
        cmocka_unit_test(test_no_shared_state),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
