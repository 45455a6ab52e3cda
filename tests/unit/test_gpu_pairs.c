/*
 * test_gpu_pairs.c: the GPU's pair counter of the quadrant join (src/cuda/gpu_pairs.h and the
 * host's layout of its batches, src/gpu_quadrant.c), compiled here by the C compiler, run task
 * by task as the device runs them: on random lists of signatures (many hot bits, groups larger
 * than a task, halves of one, lists of one size and of very different sizes) against the plain
 * double loop over the pairs; on every subproblem of n = 4..14 (both cuts for odd n) against the
 * CPU's join (quadrant_solutions()); on a sample of n = 17 and 18; and several subproblems in
 * one batch, as the driver sends them. Runs in every build: it needs no GPU.
 */
#include <stdlib.h>
#include <string.h>

#include "../../src/gpu_quadrant.h"
#include "../../src/quadrant.h"
#include "support.h"

static uint32_t U[GPU_PAIR_TABLE_WORDS], rows[GPU_PAIR_BITS * GPU_PAIR_BLOCKS];

/* The pairs of each subproblem of b, its tasks run as the device runs them, into out[]. */
static void run_batch(const gpu_pair_build *b, uint64_t *out) {
    memset(out, 0, b->nsub * sizeof *out);
    for (uint32_t i = 0; i < b->ntasks; i++) {
        const gpu_pair_task *k = &b->tasks[i];
        assert_true(k->sub < b->nsub);
        assert_true(k->nblocks >= 1 && k->nblocks <= GPU_PAIR_BLOCKS);
        assert_true(k->valid > 32 * (k->nblocks - 1) && k->valid <= 32 * k->nblocks);
        assert_int_equal(k->bottom0 % 32, 0);
        assert_true(k->bottom0 + 32 * k->nblocks <= b->nbottoms);
        out[k->sub] += gpu_pair_task_host(k, &b->subs[k->sub], b->tops, b->bottoms, U, rows);
    }
}

/* The slow, obvious count: every pair tried. */
static uint64_t pairs_plain(const uint64_t *t, size_t nt, const uint64_t *u, size_t nu) {
    uint64_t found = 0;
    for (size_t i = 0; i < nt; i++)
        for (size_t j = 0; j < nu; j++)
            found += (t[i] & u[j]) == 0;
    return found;
}

static uint64_t rng = 88172645463325252ull;
static uint64_t next_rand(void) { /* xorshift64 */
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return rng;
}

/* A random signature of `bits` bits, each set with probability about 1/density. */
static uint64_t sparse(int bits, int density) {
    uint64_t x = 0;
    for (int b = 0; b < bits; b++)
        x |= (uint64_t)(next_rand() % (uint64_t)density == 0) << b;
    return x;
}

static void test_random_lists(void **state) {
    (void)state;
    static const struct {
        size_t nt, nu;
        int bits, density;
        uint64_t hot;
    } cases[] = {
        {1, 1, 10, 3, 0},          {0, 50, 20, 3, 0x3},
        {50, 0, 20, 3, 0x3},       {1, 3000, 44, 5, 0xF0000},
        {3000, 1, 44, 5, 0xF0000}, {700, 2500, 38, 4, 0x3F << 16}, /* six hot bits: 64 groups */
        {2000, 2049, 30, 6, 0x1}, /* a group over two tasks, one bottom into a new block */
        {333, 1024, 48, 8, 0},    /* every chunk of 6 bits, exactly one task */
        {100, 100, 12, 2, 0xFFF}, /* every bit hot */
    };
    gpu_pair_build b;
    memset(&b, 0, sizeof b);
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        uint64_t *t = malloc((cases[c].nt + 1) * sizeof *t);
        uint64_t *u = malloc((cases[c].nu + 1) * sizeof *u);
        assert_non_null(t);
        assert_non_null(u);
        for (size_t i = 0; i < cases[c].nt; i++)
            t[i] = sparse(cases[c].bits, cases[c].density);
        for (size_t j = 0; j < cases[c].nu; j++)
            u[j] = sparse(cases[c].bits, cases[c].density);
        gpu_pair_build_clear(&b);
        assert_int_equal(gpu_pair_build_add(&b, t, cases[c].nt, u, cases[c].nu, cases[c].hot),
                         NQ_OK);
        assert_int_equal(b.nsub, 1);
        assert_int_equal(b.pairs, (uint64_t)cases[c].nt * cases[c].nu);
        uint64_t got;
        run_batch(&b, &got);
        assert_int_equal(got, pairs_plain(t, cases[c].nt, u, cases[c].nu));
        free(t), free(u);
    }
    gpu_pair_build_free(&b);
}

/* Every subproblem (m, C) of n with the cut `middle` (`every`: the sample's step) in one batch,
 * and every 7th alone in a batch too, against quadrant_solutions(). @return the solutions. */
static uint64_t check_lists(int n, int middle, uint64_t every) {
    quadrant_lists *q = NULL;
    assert_int_equal(quadrant_lists_new(n, middle, &q), NQ_OK);
    quadrant_scratch *sc = quadrant_scratch_new(NQ_KERNEL_AUTO),
                     *cpu = quadrant_scratch_new(NQ_KERNEL_AUTO);
    assert_non_null(sc);
    assert_non_null(cpu);
    gpu_pair_build one, all;
    memset(&one, 0, sizeof one);
    memset(&all, 0, sizeof all);
    uint64_t *want = NULL, total = 0, seen = 0;
    size_t nwant = 0;
    int h = n / 2;
    for (int m = middle ? 0 : -1; m < (middle ? n : 0); m++)
        for (uint64_t c = ((uint64_t)1 << h) - 1; c < (uint64_t)1 << n;) {
            if ((m < 0 || !(c >> m & 1)) && seen++ % every == 0) {
                const uint64_t *t, *u;
                size_t nt, nu;
                assert_int_equal(quadrant_halves(q, m, c, sc, &t, &nt, &u, &nu), NQ_OK);
                uint64_t sols, pairs, got;
                assert_int_equal(quadrant_solutions(q, m, c, cpu, &sols, &pairs), NQ_OK);
                assert_int_equal(pairs, (uint64_t)nt * nu);
                if (seen % 7 == 1) { /* some alone in a batch too (the rest: all in one) */
                    gpu_pair_build_clear(&one);
                    assert_int_equal(gpu_pair_build_add(&one, t, nt, u, nu, quadrant_lists_hot(q)),
                                     NQ_OK);
                    run_batch(&one, &got);
                    assert_int_equal(got, sols);
                }
                assert_int_equal(gpu_pair_build_add(&all, t, nt, u, nu, quadrant_lists_hot(q)),
                                 NQ_OK);
                want = realloc(want, (nwant + 1) * sizeof *want);
                assert_non_null(want);
                want[nwant++] = sols;
                total += sols;
            }
            uint64_t low = c & (0 - c), r = c + low; /* the next set of h columns */
            c = r | (((c ^ r) >> 2) / low);
        }
    assert_int_equal(all.nsub, nwant);
    uint64_t *got = malloc((nwant + 1) * sizeof *got);
    assert_non_null(got);
    run_batch(&all, got);
    for (size_t i = 0; i < nwant; i++)
        assert_int_equal(got[i], want[i]);
    free(got), free(want);
    gpu_pair_build_free(&one);
    gpu_pair_build_free(&all);
    quadrant_scratch_free(sc);
    quadrant_scratch_free(cpu);
    quadrant_lists_free(q);
    return total;
}

static void test_every_subproblem(void **state) {
    (void)state;
    for (int n = 4; n <= 14; n++) {
        ref_counts want = ref_table(n);
        assert_true(check_lists(n, 0, 1) == want.total);
        if (n % 2)
            assert_true(check_lists(n, 1, 1) == want.total);
    }
}

static void test_sample_17_18(void **state) {
    (void)state;
    check_lists(17, 0, 211);
    check_lists(17, 1, 223);
    check_lists(18, 0, 809);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_lists),
        cmocka_unit_test(test_every_subproblem),
        cmocka_unit_test(test_sample_17_18),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
