/*
 * test_gpu_pairs.c: the GPU's quadrant join (src/cuda/gpu_pairs.h: the halves, their layout and
 * the pair counter, and the host's batches, src/gpu_quadrant.c), compiled here by the C compiler
 * and run step by step as the device runs them: the pair counter on random lists of signatures
 * (many hot bits, groups larger than a task, halves of one, lists of one size and of very
 * different sizes) against the plain double loop over the pairs; the layout of a subproblem piece
 * by piece, its rooms in their worst cases; and the halves built from the quadrant lists' segments
 * against the CPU's (quadrant_halves()) and their counts against the CPU's join
 * (quadrant_solutions()) on every subproblem of n = 4..14 (both cuts for odd n) and samples of
 * n = 17..20, alone and many in one batch, as the driver sends them. Runs in every build: it
 * needs no GPU.
 */
#include <stdlib.h>
#include <string.h>

#include "../../src/gpu_quadrant.h"
#include "../../src/quadrant.h"
#include "../../src/quadrant_kernel.h"
#include "support.h"

/* The pairs of each subproblem of b (its segments index q's lists; q NULL: b holds halves),
 * built, laid out and counted as the device does, into out[]. */
static void run_batch(const gpu_pair_build *b, const quadrant_lists *q, uint64_t hot,
                      uint64_t *out) {
    assert_int_equal(gpu_pair_build_host(b, q, hot, out), NQ_OK);
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
        assert_int_equal(gpu_pair_build_add(&b, t, cases[c].nt, u, cases[c].nu), NQ_OK);
        assert_int_equal(b.nsub, 1);
        assert_int_equal(b.nhalves, cases[c].nt + cases[c].nu);
        uint64_t got;
        run_batch(&b, NULL, cases[c].hot, &got);
        assert_int_equal(got, pairs_plain(t, cases[c].nt, u, cases[c].nu));
        free(t), free(u);
    }
    gpu_pair_build_free(&b);
}

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* The layout of one subproblem as the device makes it (gpu_pair_layout_host()), checked piece by
 * piece: the group of a signature and its bits are inverse; at most GPU_PAIR_HOT hot bits, the
 * highest of those both halves take; the tasks fit in the room;
 * each task's blocks hold exactly the bottoms of its group (as many as the raw list has with
 * those hot bits), without the hot bits, its last block padded with 0; the laid-out bottoms are
 * the raw ones. */
static void test_layout(void **state) {
    (void)state;
    for (int k = 0; k < 2000; k++) {
        uint64_t hk = sparse(44, 4), g = next_rand() & 63;
        assert_true(gpu_pair_group(gpu_pair_group_bits((uint32_t)g, hk), hk) ==
                    (g & (((uint64_t)1 << __builtin_popcountll(hk)) - 1)));
        uint64_t x = sparse(44, 2);
        assert_true(gpu_pair_group_bits(gpu_pair_group(x, hk), hk) == (x & hk));
    }
    assert_true(gpu_pair_hot_bits(0xFFF, 0xF0F) == 0xF0C); /* six highest of 0xF0F */
    assert_true(gpu_pair_hot_bits(0x3, 0x2) == 0x2);
    assert_int_equal(gpu_pair_chunks(0), 1);
    assert_int_equal(gpu_pair_chunks((uint64_t)1 << 6), 2);
    assert_int_equal(gpu_pair_chunks((uint64_t)1 << 47), 8);
    static const struct {
        uint32_t nt, nu;
        int density;
        uint64_t hot;
    } cases[] = {{5, 1, 3, 0x3F},    {40, 3000, 3, 0x3F << 20},         {7, 5000, 2, 0x1},
                 {1, 70, 2, 0xFFFF}, {100, 2049, 9, (uint64_t)7 << 30}, {3, 31, 4, 0}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        /* the halves one after the other, as a batch holds them; the larger is the bottoms */
        uint32_t n0 = cases[c].nt, n1 = cases[c].nu, nu = n0 > n1 ? n0 : n1;
        uint32_t room = gpu_pair_task_room(nu);
        uint64_t broom = gpu_pair_bottom_room(nu);
        uint64_t *hv = malloc((n0 + n1) * sizeof *hv);
        uint64_t *laid = malloc(broom * sizeof *laid), *want = malloc(nu * sizeof *want);
        uint64_t *got = malloc(nu * sizeof *got);
        gpu_pair_task *tasks = malloc(room * sizeof *tasks);
        assert_true(hv && laid && want && got && tasks);
        for (uint32_t i = 0; i < n0 + n1; i++)
            hv[i] = sparse(44, cases[c].density);
        gpu_pair_sub s;
        memset(&s, 0, sizeof s);
        s.half0[1] = n0, s.nhalf[0] = n0, s.nhalf[1] = n1, s.nroom = nu;
        uint32_t used = 0;
        gpu_pair_layout_host(&s, 3, hv, cases[c].hot, laid, tasks, &used);
        assert_true(used >= 1 && used <= room);
        int tk = gpu_pair_tops(&s);
        assert_int_equal(s.nhalf[1 - tk], nu);
        assert_int_equal(gpu_pair_nbottoms(&s), nu);
        const uint64_t *t = hv + s.half0[tk], *u = hv + s.half0[1 - tk];
        uint64_t ot = 0, ou = 0;
        for (uint32_t i = 0; i < s.nhalf[tk]; i++)
            ot |= t[i];
        for (uint32_t j = 0; j < nu; j++)
            ou |= u[j];
        uint64_t hk = gpu_pair_hot_bits(cases[c].hot, ot & ou);
        assert_true(__builtin_popcountll(hk) <= GPU_PAIR_HOT && (hk & ~(ot & ou)) == 0);
        assert_true(s.rest == (ot & ou & ~hk));
        assert_int_equal(s.chunks, gpu_pair_chunks(s.rest));
        uint32_t n = 0;
        for (uint32_t i = 0; i < used; i++) {
            const gpu_pair_task *k = &tasks[i];
            assert_int_equal(k->sub, 3);
            assert_true(k->nblocks >= 1 && k->nblocks <= GPU_PAIR_BLOCKS && k->bottom0 % 32 == 0);
            assert_true(k->valid > 32 * (k->nblocks - 1) && k->valid <= 32 * k->nblocks);
            assert_true(k->bottom0 + 32 * k->nblocks <= broom && (k->hot & ~hk) == 0);
            for (uint32_t j = k->valid; j < 32 * k->nblocks; j++)
                assert_true(laid[k->bottom0 + j] == 0);
            for (uint32_t j = 0; j < k->valid; j++)
                got[n++] = laid[k->bottom0 + j];
        }
        for (uint64_t h = 0; h < 64; h++) { /* each group's bottoms: as many as the raw list's */
            uint64_t bits = gpu_pair_group_bits((uint32_t)h, hk), in_raw = 0, in_tasks = 0;
            if (h >> __builtin_popcountll(hk))
                break;
            for (uint32_t j = 0; j < nu; j++)
                in_raw += (u[j] & hk) == bits;
            for (uint32_t i = 0; i < used; i++)
                in_tasks += tasks[i].hot == bits ? tasks[i].valid : 0;
            assert_true(in_raw == in_tasks);
        }
        assert_int_equal(n, nu);
        for (uint32_t j = 0; j < nu; j++)
            want[j] = u[j] & s.rest;
        qsort(want, nu, sizeof *want, cmp_u64);
        qsort(got, nu, sizeof *got, cmp_u64);
        assert_memory_equal(want, got, nu * sizeof *got);
        free(hv), free(laid), free(want), free(got), free(tasks);
    }
}

/* The rooms are enough in the worst cases, and no more: 64 groups of 1025 bottoms take two tasks
 * each, as many as gpu_pair_task_room() gives; 64 groups of one bottom each take a padded block
 * each, the whole gpu_pair_bottom_room(). */
static void test_rooms(void **state) {
    (void)state;
    for (int v = 0; v < 2; v++) {
        uint32_t per = v ? 1 : 1025, nu = 64 * per, room = gpu_pair_task_room(nu);
        uint64_t broom = gpu_pair_bottom_room(nu);
        uint64_t *hv = malloc((nu + 1) * sizeof *hv), *laid = malloc(broom * sizeof *laid);
        gpu_pair_task *tasks = malloc(room * sizeof *tasks);
        assert_true(hv && laid && tasks);
        hv[0] = 0x3F; /* one top, then the bottoms */
        for (uint32_t j = 0; j < nu; j++)
            hv[1 + j] = j % 64 | (uint64_t)1 << (6 + j % 30);
        gpu_pair_sub s;
        memset(&s, 0, sizeof s);
        s.half0[1] = 1, s.nhalf[0] = 1, s.nhalf[1] = nu, s.nroom = nu;
        uint32_t used = 0;
        gpu_pair_layout_host(&s, 0, hv, 0x3F, laid, tasks, &used);
        assert_int_equal(used, room); /* every slot used */
        uint64_t blocks = 0;
        for (uint32_t i = 0; i < used; i++)
            blocks += tasks[i].nblocks;
        assert_int_equal(room, v ? 64 : 128);
        assert_true(blocks * 32 == (v ? broom : 64 * 33 * 32) && blocks * 32 <= broom);
        free(hv), free(laid), free(tasks);
    }
}

/* The halves of one subproblem built from its segments as the device builds them, as sorted
 * lists, against the CPU's (t, nt; u, nu), which are sorted here too. */
static void check_halves(const quadrant_lists *q, const gpu_pair_build *one, uint64_t *t, size_t nt,
                         uint64_t *u, size_t nu) {
    gpu_lists_info info;
    uint32_t base[4];
    size_t total;
    gpu_pair_lists_info(q, &info, base, &total);
    uint32_t *pl = malloc((2 * total + 1) * sizeof *pl);
    uint64_t *built = malloc((one->nroom + 1) * sizeof *built);
    assert_true(pl && built);
    for (int p = 0; p < 4; p++)
        if (q->part[p].count)
            memcpy(pl + 2 * (size_t)base[p], q->part[p].v, q->part[p].count * sizeof *q->part[p].v);
    gpu_pair_sub s = one->subs[0];
    uint64_t *cpu[2] = {t, u};
    size_t ncpu[2] = {nt, nu};
    for (int k = 0; k < 2; k++) {
        gpu_half_host(&info, pl, one->segs, &s, k, built);
        assert_int_equal(s.nhalf[k], ncpu[k]);
        assert_true(s.half0[k] + s.nhalf[k] <= one->nroom);
        qsort(built + s.half0[k], s.nhalf[k], sizeof *built, cmp_u64);
        qsort(cpu[k], ncpu[k], sizeof *cpu[k], cmp_u64);
        assert_memory_equal(built + s.half0[k], cpu[k], ncpu[k] * sizeof *built);
    }
    free(pl), free(built);
}

/* Every subproblem (m, C) of n with the cut `middle` (`every`: the sample's step) in one batch of
 * segments, and every 7th alone in a batch too, its halves compared with the CPU's and also
 * counted from the CPU's halves, against quadrant_solutions(). @return the solutions. */
static uint64_t check_lists(int n, int middle, uint64_t every) {
    quadrant_lists *q = NULL;
    assert_int_equal(quadrant_lists_new(n, middle, &q), NQ_OK);
    quadrant_scratch *sc = quadrant_scratch_new(NQ_KERNEL_AUTO),
                     *cpu = quadrant_scratch_new(NQ_KERNEL_AUTO);
    assert_non_null(sc);
    assert_non_null(cpu);
    gpu_lists_info info;
    uint32_t base[4];
    size_t placements;
    gpu_pair_lists_info(q, &info, base, &placements);
    gpu_pair_build one, all, given;
    memset(&one, 0, sizeof one);
    memset(&all, 0, sizeof all);
    memset(&given, 0, sizeof given);
    uint64_t *want = NULL, total = 0, seen = 0, hot = quadrant_lists_hot(q), bound;
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
                    assert_int_equal(gpu_pair_build_sub(&one, q, base, m, c, &bound), NQ_OK);
                    assert_true(bound >= nt + nu && one.nroom == bound);
                    run_batch(&one, q, hot, &got);
                    assert_int_equal(got, sols);
                    gpu_pair_build_clear(&given);
                    assert_int_equal(gpu_pair_build_add(&given, t, nt, u, nu), NQ_OK);
                    run_batch(&given, NULL, hot, &got);
                    assert_int_equal(got, sols);
                    uint64_t *tc = malloc((nt + 1) * sizeof *tc),
                             *uc = malloc((nu + 1) * sizeof *uc);
                    assert_true(tc && uc);
                    if (nt) /* (an empty half may be NULL) */
                        memcpy(tc, t, nt * sizeof *t);
                    if (nu)
                        memcpy(uc, u, nu * sizeof *u);
                    check_halves(q, &one, tc, nt, uc, nu);
                    free(tc), free(uc);
                }
                assert_int_equal(gpu_pair_build_sub(&all, q, base, m, c, &bound), NQ_OK);
                want = realloc(want, (nwant + 1) * sizeof *want);
                assert_non_null(want);
                want[nwant++] = sols;
                total += sols;
            }
            uint64_t low = c & (0 - c), r = c + low; /* the next set of h columns */
            c = r | (((c ^ r) >> 2) / low);
        }
    assert_int_equal(all.nsub, nwant);
    assert_int_equal(gpu_pair_build_add(&all, NULL, 0, NULL, 0), NQ_EINVAL); /* one kind a batch */
    uint64_t *got = malloc((nwant + 1) * sizeof *got);
    assert_non_null(got);
    run_batch(&all, q, hot, got);
    for (size_t i = 0; i < nwant; i++)
        assert_int_equal(got[i], want[i]);
    free(got), free(want);
    gpu_pair_build_free(&one);
    gpu_pair_build_free(&all);
    gpu_pair_build_free(&given);
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

/* About ten subproblems of each cut of n = 19 and of n = 20, where the halves hold up to 10^5
 * signatures and a subproblem makes hundreds of tasks (the lists: about 250 MiB at n = 20). */
static void test_sample_19_20(void **state) {
    (void)state;
    check_lists(19, 0, 9241);
    check_lists(19, 1, 92381);
    check_lists(20, 0, 18461);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_lists), cmocka_unit_test(test_layout),
        cmocka_unit_test(test_rooms),        cmocka_unit_test(test_every_subproblem),
        cmocka_unit_test(test_sample_17_18), cmocka_unit_test(test_sample_19_20),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
