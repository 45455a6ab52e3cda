/*
 * test_gpu_cuda.c: the CUDA backend itself, src/cuda/gpu_backend.cu, its kernels and its host
 * side, compiled by the C++ compiler against an emulated CUDA runtime (tests/cuda_emu/: blocks on
 * host threads, every warp intrinsic a rendezvous of its 32 lanes, device memory from malloc) and
 * driven through the library (nq_count_gpu(), nq_gpu_solve()): the backtracking kernel and the
 * quadrant join's three kernels (k_halves, k_layout, k_pairs) count against the OEIS table and
 * against the CPU, subproblem by subproblem, with one device and two, and every allocation that
 * fails comes back as an error with nothing counted. test_gpu runs the same driver on a backend
 * written for the host (gpu_emulator.c); this one runs the code a GPU runs, so that its first
 * run on a device is not its first run. Timing and the device's memory model are not emulated.
 */
#include <stdlib.h>
#include <string.h>

#include "../cuda_emu/cuda_emu.h"
#include "gpu_backend.h"
#include "support.h"

static void reset(int devices) {
    cuda_emu_devices = devices;
    cuda_emu_fail_alloc = -1;
    cuda_emu_launches = 0;
}

static nq_split *split_of(int n, nq_method method) {
    nq_split *s;
    assert_int_equal(nq_split_new_method(n, method, &s), NQ_OK);
    return s;
}

static void assert_table(const nq_counts *c, int n) {
    ref_counts want = ref_table(n);
    assert_true(c->total == want.total);
    assert_true(c->unique == want.unique);
    assert_true(c->orbit8 == want.orbit8 && c->orbit4 == want.orbit4);
    assert_true(c->orbit2 == want.orbit2 && c->orbit1 == want.orbit1);
}

/* Counts of both methods against the table: backtracking n = 1..10, the quadrant join n = 4..10,
 * and at n = 10 also in small batches (37 subproblems, 7 for the join: both slots in
 * flight) on two devices (the join with three host threads). */
static void test_counts_against_table(void **state) {
    (void)state;
    for (int q = 0; q < 2; q++)
        for (int n = q ? 4 : 1; n <= 10; n++)
            for (int small = 0; small < 1 + (n >= 10); small++) {
                reset(small ? 2 : 1);
                nq_split *s = split_of(n, q ? NQ_METHOD_QUADRANT : NQ_METHOD_BACKTRACK);
                nq_count_options opt;
                memset(&opt, 0, sizeof opt);
                opt.gpu_batch = small ? (q ? 7 : 37) : 0;
                opt.threads = small && q ? 3 : 1;
                nq_counts c;
                memset(&c, 0, sizeof c);
                nq_gpu_report rep;
                assert_int_equal(nq_count_gpu(s, &opt, NULL, 0, &rep, &c), NQ_OK);
                assert_table(&c, n);
                assert_int_equal(rep.ndevices, small ? 2 : 1);
                assert_string_equal(rep.name[0], "CUDA emulated on the host 0");
                if (n >= 8) /* the kernels ran: k_solve, or k_halves, k_layout and k_pairs */
                    assert_true(cuda_emu_launches >= (q ? 3 : 1) && c.nodes > 0);
                nq_split_free(s);
            }
}

/* nq_gpu_solve() of the k subproblems index[] of s on device 0, each as the CPU counts it. */
static void assert_gpu_as_cpu(nq_split *s, const uint64_t *index, size_t k) {
    nq_counts *out = malloc(k * sizeof *out);
    assert_non_null(out);
    assert_int_equal(nq_gpu_solve(s, 0, index, k, out), NQ_OK);
    for (size_t i = 0; i < k; i++) {
        nq_counts cpu;
        assert_int_equal(nq_split_solve(s, index[i], &cpu), NQ_OK);
        assert_same_counts(&out[i], &cpu);
    }
    free(out);
}

/* Every subproblem of n = 10 (backtracking) and n = 11 (the quadrant join) as the CPU counts it,
 * in reverse order and some twice, in one call (one batch a device's slot at a time). */
static void test_each_subproblem(void **state) {
    (void)state;
    for (int q = 0; q < 2; q++) {
        reset(1);
        nq_split *s = split_of(q ? 11 : 10, q ? NQ_METHOD_QUADRANT : NQ_METHOD_BACKTRACK);
        uint64_t size = nq_split_size(s);
        size_t k = (size_t)size + 9;
        uint64_t *index = malloc(k * sizeof *index);
        assert_non_null(index);
        for (size_t i = 0; i < k; i++)
            index[i] = i < size ? size - 1 - i : (i * 7) % size;
        assert_gpu_as_cpu(s, index, k);
        free(index);
        nq_split_free(s);
    }
}

/* Subproblems of the quadrant join at n = 16, whose halves are large enough for several tasks a
 * subproblem and groups by hot bits: a sample spread over the split, as the CPU counts them. */
static void test_quadrant_samples(void **state) {
    (void)state;
    reset(1);
    nq_split *s = split_of(16, NQ_METHOD_QUADRANT);
    uint64_t size = nq_split_size(s);
    enum { K = 3 };
    uint64_t index[K];
    for (int i = 0; i < K; i++)
        index[i] = (uint64_t)i * (size - 1) / (K - 1);
    assert_gpu_as_cpu(s, index, K);
    nq_split_free(s);
}

/* Each device or page-locked allocation in turn fails (out of memory): the count fails with an
 * error and leaves its result untouched, or, where that allocation is not needed, is right; the
 * backend frees what it had (AddressSanitizer's leak check). */
static void test_out_of_memory(void **state) {
    (void)state;
    for (int q = 0; q < 2; q++) {
        reset(1);
        cuda_emu_allocs = 0;
        nq_split *s = split_of(8, q ? NQ_METHOD_QUADRANT : NQ_METHOD_BACKTRACK);
        nq_counts c;
        memset(&c, 0, sizeof c);
        assert_int_equal(nq_count_gpu(s, NULL, NULL, 0, NULL, &c), NQ_OK);
        long needed = cuda_emu_allocs;
        assert_true(needed > 0);
        int failed = 0;
        for (long k = 0; k < needed; k++) {
            reset(1);
            cuda_emu_allocs = 0;
            cuda_emu_fail_alloc = k;
            memset(&c, 0, sizeof c); /* (a count adds to it) */
            nq_counts before = c;
            int rc = nq_count_gpu(s, NULL, NULL, 0, NULL, &c);
            if (rc == NQ_OK) {
                assert_table(&c, 8);
            } else {
                assert_true(rc == NQ_ENOMEM || rc == NQ_EDEVICE);
                assert_memory_equal(&c, &before, sizeof c);
                failed++;
            }
        }
        assert_true(failed > 0);
        nq_split_free(s);
    }
    reset(1);
}

/* The quadrant lists go to a device once however many host threads (handles) feed it: a handle
 * that sends the arrays another handle of its device sent shares that copy; another device, or
 * other arrays, get their own; a copy whose handles are all closed is freed (AddressSanitizer's
 * leak check), and sending the same arrays again then copies them again. A copy that cannot be
 * allocated is an error for its handle only. */
static void test_lists_shared(void **state) {
    (void)state;
    reset(2);
    uint32_t place[2 * 7];
    for (int i = 0; i < 2 * 7; i++)
        place[i] = (uint32_t)i;
    const uint32_t *parts[4] = {place, place + 2, place + 6, place + 8};
    const size_t count[4] = {1, 2, 1, 3}, other[4] = {1, 2, 1, 2};
    gpu_lists_info info;
    memset(&info, 0, sizeof info);
    info.n = 8, info.h = 4;
    gpu_dev *d[4];
    for (int i = 0; i < 3; i++)
        assert_int_equal(gpu_backend_open(i == 2, &d[i]), NQ_OK);
    cuda_emu_sync_copies = 0;
    assert_int_equal(gpu_backend_pairs_lists(d[0], &info, parts, count), NQ_OK);
    assert_int_equal(cuda_emu_sync_copies, 4);
    assert_int_equal(gpu_backend_pairs_lists(d[1], &info, parts, count), NQ_OK);
    assert_int_equal(cuda_emu_sync_copies, 4); /* shared */
    assert_int_equal(gpu_backend_pairs_lists(d[2], &info, parts, count), NQ_OK);
    assert_int_equal(cuda_emu_sync_copies, 8); /* device 1's own */
    assert_int_equal(gpu_backend_pairs_lists(d[1], &info, parts, other), NQ_OK);
    assert_int_equal(cuda_emu_sync_copies, 12); /* other lists: replaces d[1]'s */
    info.h = 3;
    assert_int_equal(gpu_backend_pairs_lists(d[2], &info, parts, count), NQ_OK);
    assert_int_equal(cuda_emu_sync_copies, 16); /* other info */
    info.h = 4;
    assert_int_equal(gpu_backend_pairs_lists(d[1], &info, parts, count), NQ_OK);
    assert_int_equal(cuda_emu_sync_copies, 16); /* d[0]'s again */
    for (int i = 0; i < 3; i++)
        gpu_backend_close(d[i]);
    assert_int_equal(gpu_backend_open(0, &d[3]), NQ_OK);
    assert_int_equal(gpu_backend_open(0, &d[0]), NQ_OK);
    cuda_emu_allocs = 0;
    cuda_emu_fail_alloc = 0;
    assert_int_equal(gpu_backend_pairs_lists(d[3], &info, parts, count), NQ_ENOMEM);
    cuda_emu_fail_alloc = -1;
    assert_int_equal(gpu_backend_pairs_lists(d[0], &info, parts, count), NQ_OK);
    assert_int_equal(cuda_emu_sync_copies, 20); /* the copies of the closed handles were freed */
    assert_int_equal(gpu_backend_pairs_lists(d[3], &info, parts, count), NQ_OK);
    assert_int_equal(cuda_emu_sync_copies, 20);
    gpu_backend_close(d[3]);
    gpu_backend_close(d[0]);
    reset(1);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counts_against_table), cmocka_unit_test(test_each_subproblem),
        cmocka_unit_test(test_quadrant_samples),     cmocka_unit_test(test_out_of_memory),
        cmocka_unit_test(test_lists_shared),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
