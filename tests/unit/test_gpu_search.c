/*
 * test_gpu_search.c: the search of the CUDA backend (src/cuda/gpu_search.h), compiled here by the
 * C compiler, against the CPU kernel (count_completions()): on every subproblem of n = 4..14 and
 * on a sample of n = 17 (every 13th), whole and cut into items at several depths (the items'
 * completions must add up, and their nodes with those of the cut); on boards of n = 32 whose free
 * rows are far apart (the 64-bit diagonal words shifted by up to 31 rows), against the plain
 * depth-first search; and on the degenerate items (no free row, the last free row, a dead board).
 * Runs in every build: it needs no GPU.
 */
#include <stdlib.h>
#include <string.h>

#include "../../src/cuda/gpu_search.h"
#include "../../src/split.h"
#include "support.h"

/* A stack stride other than 1, as the device's [row][thread] layout has. */
#define STRIDE 3

/* Runs the lane of gpu_search.h on item it to the end; returns its completions, *nodes its
 * nodes. */
static uint64_t lane_run(const gpu_sub *sub, const gpu_item *it, uint64_t *nodes) {
    uint32_t stack[GPU_MAX_N * STRIDE];
    memset(stack, 0xA5, sizeof stack); /* garbage: the lane must write before it reads */
    gpu_mem m = {stack, STRIDE};
    gpu_lane s;
    if (gpu_lane_start(sub, &s, it))
        while (gpu_lane_step(sub, &s, m))
            ;
    *nodes = s.nodes;
    return s.sols;
}

/* The completions of sub by the items `levels` free rows down; checks that the nodes add up to
 * those of the whole (root_nodes). */
static uint64_t items_run(const gpu_sub *sub, int levels, uint64_t root_nodes) {
    gpu_item root;
    gpu_item_root(&root, 7);
    uint64_t cut_nodes;
    uint32_t k = gpu_expand(sub, &root, levels, NULL, 0, &cut_nodes);
    gpu_item *items = malloc((k ? k : 1) * sizeof *items);
    assert_non_null(items);
    uint64_t again;
    assert_int_equal(gpu_expand(sub, &root, levels, items, k, &again), k);
    assert_int_equal(again, cut_nodes);
    uint64_t sols = 0, nodes = cut_nodes;
    for (uint32_t i = 0; i < k; i++) {
        assert_int_equal(items[i].sub, 7);
        assert_true(items[i].level <= (uint32_t)sub->nfree);
        assert_int_equal(items[i].pad, 0);
        uint64_t nd;
        sols += lane_run(sub, &items[i], &nd);
        nodes += nd;
    }
    free(items);
    assert_int_equal(nodes, root_nodes);
    return sols;
}

/* The device's count of the completions of st, whole and through items of 1..3 rows (which one
 * is chosen by `which`, to keep the test short), checked against each other; returns it. */
static uint64_t gpu_count(const count_state *st, int which) {
    gpu_sub sub;
    gpu_sub_make(&sub, st->n, st->rows, st->free);
    assert_int_equal(sub.nfree, st->left);
    gpu_item root;
    gpu_item_root(&root, 0);
    uint64_t nodes;
    uint64_t sols = lane_run(&sub, &root, &nodes);
    assert_true(sub.nfree == 0 || nodes >= sols);
    assert_int_equal(items_run(&sub, 1 + which % 3, nodes), sols);
    return sols;
}

/* Every subproblem of n against count_completions(), or every `step`-th one. */
static void check_split(int n, uint64_t step) {
    nq_split *s;
    assert_int_equal(nq_split_new(n, &s), NQ_OK);
    count_scratch *sc = count_scratch_new();
    assert_non_null(sc);
    uint64_t size = nq_split_size(s), checked = 0, nonzero = 0;
    for (uint64_t i = 0; i < size; i += step) {
        count_state st;
        int stab;
        assert_int_equal(split_state(s, i, &st, &stab), NQ_OK);
        uint64_t nodes;
        uint64_t want = count_completions(&st, sc, &nodes);
        uint64_t got = gpu_count(&st, (int)(i % 3));
        if (got != want)
            fail_msg("n = %d, subproblem %llu: %llu completions on the device search, %llu on "
                     "the CPU",
                     n, (unsigned long long)i, (unsigned long long)got, (unsigned long long)want);
        checked++;
        nonzero += want > 0;
    }
    /* The comparison means something only if subproblems have completions (from n = 13 on,
     * most of them: 1034 of 1105 at n = 13, every one in the sample of n = 17). */
    assert_true(checked > 0);
    assert_true(nonzero > 0 && (n < 13 || nonzero * 2 > checked));
    count_scratch_free(sc);
    nq_split_free(s);
}

static void test_every_subproblem_to_14(void **state) {
    (void)state;
    for (int n = 4; n <= 14; n++)
        check_split(n, 1);
}

/* Every 13th subproblem of n = 17 (333 of 4319); builds with assertions (Debug, sanitizers),
 * every 39th, to keep the suite short. */
#ifdef NDEBUG
#define SAMPLE_17 13
#else
#define SAMPLE_17 39
#endif

static void test_sample_17(void **state) {
    (void)state;
    check_split(17, SAMPLE_17);
}

/* A board's whole count through the split's weights: n = 10 (724 solutions) from the device
 * search of each subproblem and split_weigh(), against the table. */
static void test_weighted_total(void **state) {
    (void)state;
    for (int n = 5; n <= 11; n++) {
        nq_split *s;
        assert_int_equal(nq_split_new(n, &s), NQ_OK);
        nq_counts sum;
        memset(&sum, 0, sizeof sum);
        for (uint64_t i = 0; i < nq_split_size(s); i++) {
            count_state st;
            int stab;
            assert_int_equal(split_state(s, i, &st, &stab), NQ_OK);
            nq_counts c;
            split_weigh(&st, stab, gpu_count(&st, 0), 0, &c);
            nq_counts_add(&sum, &c);
        }
        ref_counts want = ref_table(n);
        assert_true(sum.total == want.total);
        assert_true(sum.unique == want.unique);
        assert_true(sum.orbit8 == want.orbit8);
        assert_true(sum.orbit4 == want.orbit4);
        assert_true(sum.orbit2 == want.orbit2);
        nq_split_free(s);
    }
}

/* n = 32: a solution with the queens of some rows taken away, among them rows 0 and 31, so that
 * the search's diagonal words travel the whole board; against the plain search of count.c. */
static void test_far_rows_32(void **state) {
    (void)state;
    const int n = 32;
    int cols[32];
    assert_int_equal(nq_construct(n, cols), NQ_OK);
    static const int free_sets[][12] = {
        {0, 31, -1},
        {0, 1, 2, 3, 29, 30, 31, -1},
        {0, 5, 9, 16, 22, 27, 31, -1},
        {0, 2, 4, 6, 8, 10, 12, 14, 16, 31, -1},
        {15, 16, 17, 18, 19, 20, 21, 22, 23, 24, -1},
    };
    for (size_t f = 0; f < sizeof free_sets / sizeof free_sets[0]; f++) {
        int is_free[32] = {0};
        for (int j = 0; free_sets[f][j] >= 0; j++)
            is_free[free_sets[f][j]] = 1;
        for (int shift = 0; shift < 3; shift++) {
            /* The same rows freed in the solution and in two of its images (other columns). */
            count_state st;
            count_state_init(&st, n);
            for (int y = 0; y < n; y++) {
                int x = shift == 0 ? cols[y] : shift == 1 ? n - 1 - cols[y] : cols[n - 1 - y];
                if (!is_free[y])
                    assert_true(count_state_place(&st, y, x));
            }
            uint64_t nodes;
            uint64_t want = count_completions_plain(&st, &nodes);
            assert_true(want >= 1);
            assert_int_equal(gpu_count(&st, (int)f), want);
        }
    }
}

/* The degenerate items: a full board (one solution), one free row, a dead board. */
static void test_degenerate(void **state) {
    (void)state;
    int cols[8];
    assert_int_equal(nq_construct(8, cols), NQ_OK);
    count_state st;
    count_state_init(&st, 8);
    for (int y = 0; y < 8; y++)
        assert_true(count_state_place(&st, y, cols[y]));
    assert_int_equal(gpu_count(&st, 0), 1);
    count_state_init(&st, 8);
    for (int y = 0; y < 7; y++)
        assert_true(count_state_place(&st, y, cols[y]));
    assert_int_equal(gpu_count(&st, 1), 1);
    /* n = 5: queens (0,1) and (3,3) leave no free cell in column 2: no completion. */
    count_state_init(&st, 5);
    assert_true(count_state_place(&st, 0, 1));
    assert_true(count_state_place(&st, 3, 3));
    assert_int_equal(gpu_count(&st, 2), 0);
    /* The empty boards of n = 1..10 against the table (n = 1: one free row). */
    for (int n = 1; n <= 10; n++) {
        count_state_init(&st, n);
        assert_true(gpu_count(&st, n) == ref_table(n).total);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_degenerate),     cmocka_unit_test(test_far_rows_32),
        cmocka_unit_test(test_weighted_total), cmocka_unit_test(test_every_subproblem_to_14),
        cmocka_unit_test(test_sample_17),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
