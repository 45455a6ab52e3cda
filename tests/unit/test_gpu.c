/*
 * test_gpu.c: the GPU driver of the library (src/gpu.c: nq_count_gpu(), nq_gpu_solve()) on an
 * emulated backend that runs the device's search on the host (gpu_emulator.c, linked in place of
 * the real one): counts against the OEIS table, every subproblem's contribution against
 * nq_split_solve(), skip flags, stops, several devices, both batch slots in use, a device that
 * fails, and the errors of the API. Runs in every build; the real backend's own code (the CUDA
 * kernels and their host side) runs in test_gpu_cuda on an emulated CUDA runtime, and on a GPU
 * by bench/gpu.sh.
 */
#include <stdlib.h>
#include <string.h>

#include "gpu_emulator.h"
#include "support.h"

/* The options of the counts that pass none: only the batch size set (0: the default). */
static nq_count_options plain;

static void reset(void) {
    emu_devices = 2;
    emu_fail_after = -1;
    emu_submits = 0;
    emu_max_slot_use = 0;
    emu_wrong = 0;
    emu_pair_submits = 0;
    emu_stop_flag = NULL;
    emu_stop_at = 0;
    memset(&plain, 0, sizeof plain);
}

/* What on_result saw. */
typedef struct seen {
    uint64_t size, calls, stop_after;
    uint8_t *count; /* per subproblem: times reported */
    nq_counts *c;   /* per subproblem: its contribution */
    nq_counts sum;
} seen;

static int on_result(void *user, uint64_t index, const nq_counts *c) {
    seen *w = user;
    assert_true(index < w->size);
    w->count[index]++;
    w->c[index] = *c;
    nq_counts_add(&w->sum, c);
    w->calls++;
    return w->stop_after && w->calls >= w->stop_after;
}

static seen seen_new(const nq_split *s) {
    seen w;
    memset(&w, 0, sizeof w);
    w.size = nq_split_size(s);
    w.count = calloc(w.size, 1);
    w.c = calloc(w.size, sizeof *w.c);
    assert_non_null(w.count);
    assert_non_null(w.c);
    return w;
}

static void seen_free(seen *w) {
    free(w->count);
    free(w->c);
}

static void test_counts_against_table(void **state) {
    (void)state;
    for (int small = 0; small < 2; small++)
        for (int n = 1; n <= 13; n++) {
            reset();
            if (small)
                plain.gpu_batch = 37; /* many batches: both slots in flight */
            nq_split *s;
            assert_int_equal(nq_split_new(n, &s), NQ_OK);
            nq_counts c;
            memset(&c, 0, sizeof c);
            nq_gpu_report rep;
            assert_int_equal(nq_count_gpu(s, &plain, NULL, 0, &rep, &c), NQ_OK);
            ref_counts want = ref_table(n);
            assert_true(c.total == want.total);
            assert_true(c.unique == want.unique);
            assert_true(c.orbit8 == want.orbit8);
            assert_true(c.orbit4 == want.orbit4);
            assert_true(c.orbit2 == want.orbit2);
            assert_true(c.orbit1 == want.orbit1);
            assert_int_equal(rep.ndevices, 2);
            assert_int_equal(rep.device[0], 0);
            assert_int_equal(rep.device[1], 1);
            assert_string_equal(rep.name[1], "Emulated \"GPU\" 1");
            if (n >= 4) {
                assert_int_equal(rep.subproblems[0] + rep.subproblems[1], nq_split_size(s));
                /* (n = 4, 5: the border fills the board or leaves one free row: no node.) */
                assert_true(n < 6 || c.nodes > 0);
            }
            if (small && nq_split_size(s) > 4 * 37)
                assert_int_equal(emu_max_slot_use, 2);
            nq_split_free(s);
        }
}

/* Every subproblem is reported once, with the contribution nq_split_solve() gives (nodes apart),
 * on one device and on three, with small batches and large. */
static void test_each_subproblem(void **state) {
    (void)state;
    const int ns[] = {8, 12, 14};
    for (size_t t = 0; t < sizeof ns / sizeof ns[0]; t++) {
        reset();
        emu_devices = 3;
        uint32_t batch = t == 1 ? 16 : 65536;
        nq_split *s;
        assert_int_equal(nq_split_new(ns[t], &s), NQ_OK);
        seen w = seen_new(s);
        nq_count_options opt;
        memset(&opt, 0, sizeof opt);
        opt.on_result = on_result;
        opt.user = &w;
        opt.gpu_batch = batch;
        nq_counts c;
        memset(&c, 0, sizeof c);
        nq_gpu_report rep;
        const int one[] = {2};
        int rc = t == 2 ? nq_count_gpu(s, &opt, one, 1, &rep, &c)
                        : nq_count_gpu(s, &opt, NULL, 0, &rep, &c);
        assert_int_equal(rc, NQ_OK);
        assert_int_equal(rep.ndevices, t == 2 ? 1 : 3);
        if (t == 2)
            assert_int_equal(rep.device[0], 2);
        for (uint64_t i = 0; i < w.size; i++) {
            assert_int_equal(w.count[i], 1);
            nq_counts cpu;
            assert_int_equal(nq_split_solve(s, i, &cpu), NQ_OK);
            assert_same_counts(&w.c[i], &cpu);
        }
        assert_same_counts(&w.sum, &c);
        seen_free(&w);
        nq_split_free(s);
    }
}

/* Skipped subproblems are neither counted nor reported; a stop from on_result ends the count
 * with exactly the subproblems reported; so does the stop flag. */
static void test_skip_and_stop(void **state) {
    (void)state;
    reset();
    nq_split *s;
    assert_int_equal(nq_split_new(12, &s), NQ_OK);
    uint64_t size = nq_split_size(s);
    uint8_t *skip = calloc(size, 1);
    assert_non_null(skip);
    nq_counts want;
    memset(&want, 0, sizeof want);
    for (uint64_t i = 0; i < size; i++) {
        skip[i] = i % 3 == 1;
        nq_counts cpu;
        assert_int_equal(nq_split_solve(s, i, &cpu), NQ_OK);
        if (!skip[i])
            nq_counts_add(&want, &cpu);
    }
    seen w = seen_new(s);
    nq_count_options opt;
    memset(&opt, 0, sizeof opt);
    opt.gpu_batch = 20;
    opt.skip = skip;
    opt.on_result = on_result;
    opt.user = &w;
    nq_counts c;
    memset(&c, 0, sizeof c);
    assert_int_equal(nq_count_gpu(s, &opt, NULL, 0, NULL, &c), NQ_OK);
    assert_same_counts(&c, &want);
    for (uint64_t i = 0; i < size; i++)
        assert_int_equal(w.count[i], !skip[i]);
    seen_free(&w);

    w = seen_new(s);
    w.stop_after = 50;
    opt.skip = NULL;
    memset(&c, 0, sizeof c);
    assert_int_equal(nq_count_gpu(s, &opt, NULL, 0, NULL, &c), NQ_STOPPED);
    assert_int_equal(w.calls, 50);
    assert_same_counts(&c, &w.sum);
    seen_free(&w);

    volatile int flag = 1;
    opt.stop = &flag;
    opt.on_result = NULL;
    memset(&c, 0, sizeof c);
    assert_int_equal(nq_count_gpu(s, &opt, NULL, 0, NULL, &c), NQ_STOPPED);
    assert_true(c.total == 0);
    free(skip);
    nq_split_free(s);
}

/* A device that fails: NQ_EDEVICE and out untouched, whether it fails at once or later. */
static void test_device_error(void **state) {
    (void)state;
    for (int after = 0; after < 3; after++) {
        reset();
        plain.gpu_batch = 30;
        emu_fail_after = after;
        nq_split *s;
        assert_int_equal(nq_split_new(12, &s), NQ_OK);
        nq_counts c;
        memset(&c, 0x5A, sizeof c);
        nq_counts before = c;
        assert_int_equal(nq_count_gpu(s, &plain, NULL, 0, NULL, &c), NQ_EDEVICE);
        assert_memory_equal(&c, &before, sizeof c);
        uint64_t index[100];
        nq_counts out[100];
        for (int i = 0; i < 100; i++)
            index[i] = (uint64_t)i;
        /* One batch (nq_gpu_solve() takes the default size): it fails when the first does;
         * later failures go through the same drive as the counts above. */
        emu_submits = 0;
        assert_int_equal(nq_gpu_solve(s, 0, index, 100, out), after == 0 ? NQ_EDEVICE : NQ_OK);
        nq_split_free(s);
    }
    reset();
}

static void test_gpu_solve(void **state) {
    (void)state;
    reset();
    for (int n = 1; n <= 13; n += 3) {
        nq_split *s;
        assert_int_equal(nq_split_new(n, &s), NQ_OK);
        uint64_t size = nq_split_size(s);
        size_t k = (size_t)size + 5;
        uint64_t *index = malloc(k * sizeof *index);
        nq_counts *out = malloc(k * sizeof *out);
        assert_non_null(index);
        assert_non_null(out);
        /* Every subproblem in reverse order, then a few again. */
        for (size_t i = 0; i < k; i++)
            index[i] = i < size ? size - 1 - i : (i * 7) % size;
        assert_int_equal(nq_gpu_solve(s, 1, index, k, out), NQ_OK);
        for (size_t i = 0; i < k; i++) {
            nq_counts cpu;
            assert_int_equal(nq_split_solve(s, index[i], &cpu), NQ_OK);
            assert_same_counts(&out[i], &cpu);
        }
        assert_int_equal(nq_gpu_solve(s, 0, NULL, 0, NULL), NQ_OK);
        index[0] = size;
        assert_int_equal(nq_gpu_solve(s, 0, index, 1, out), NQ_EINVAL);
        free(index);
        free(out);
        nq_split_free(s);
    }
}

static void test_errors(void **state) {
    (void)state;
    reset();
    nq_split *s;
    assert_int_equal(nq_split_new(8, &s), NQ_OK);
    nq_counts c;
    memset(&c, 0, sizeof c);
    const int dup[] = {0, 0}, neg[] = {-1}, none[] = {2}, ok[] = {1, 0};
    assert_int_equal(nq_count_gpu(NULL, NULL, NULL, 0, NULL, &c), NQ_EINVAL);
    assert_int_equal(nq_count_gpu(s, NULL, NULL, 0, NULL, NULL), NQ_EINVAL);
    assert_int_equal(nq_count_gpu(s, NULL, dup, 2, NULL, &c), NQ_EINVAL);
    assert_int_equal(nq_count_gpu(s, NULL, neg, 1, NULL, &c), NQ_EINVAL);
    assert_int_equal(nq_count_gpu(s, NULL, ok, 0, NULL, &c), NQ_EINVAL);
    assert_int_equal(nq_count_gpu(s, NULL, ok, NQ_GPU_MAX_DEVICES + 1, NULL, &c), NQ_EINVAL);
    assert_int_equal(nq_count_gpu(s, NULL, none, 1, NULL, &c), NQ_ENODEV);
    nq_count_options big;
    memset(&big, 0, sizeof big);
    big.gpu_batch = 65537; /* over the most of a batch */
    assert_int_equal(nq_count_gpu(s, &big, NULL, 0, NULL, &c), NQ_EINVAL);
    assert_true(c.total == 0);
    nq_gpu_report rep;
    assert_int_equal(nq_count_gpu(s, NULL, ok, 2, &rep, &c), NQ_OK);
    assert_true(c.total == 92);
    assert_int_equal(rep.device[0], 1);
    assert_int_equal(rep.device[1], 0);
    assert_int_equal(nq_gpu_solve(s, 2, NULL, 0, NULL), NQ_ENODEV);
    assert_int_equal(nq_gpu_solve(s, -1, NULL, 0, NULL), NQ_ENODEV);
    assert_int_equal(nq_gpu_solve(NULL, 0, NULL, 0, NULL), NQ_EINVAL);
    char name[NQ_GPU_NAME];
    assert_int_equal(nq_gpu_name(0, NULL), NQ_EINVAL);
    assert_int_equal(nq_gpu_name(2, name), NQ_ENODEV);
    assert_int_equal(nq_gpu_name(0, name), NQ_OK);
    assert_int_equal(nq_gpu_devices(NULL), NQ_EINVAL);
    int count;
    assert_int_equal(nq_gpu_devices(&count), NQ_OK);
    assert_int_equal(count, 2);
    nq_split_free(s);

    /* n above NQ_GPU_MAX_N. */
    assert_int_equal(nq_split_new(NQ_GPU_MAX_N + 1, &s), NQ_OK);
    assert_int_equal(nq_count_gpu(s, NULL, NULL, 0, NULL, &c), NQ_ERANGE);
    uint64_t zero = 0;
    nq_counts one;
    assert_int_equal(nq_gpu_solve(s, 0, &zero, 1, &one), NQ_ERANGE);
    nq_split_free(s);

    /* No device at all. */
    emu_devices = 0;
    assert_int_equal(nq_split_new(8, &s), NQ_OK);
    assert_int_equal(nq_gpu_devices(&count), NQ_ENODEV);
    assert_int_equal(count, 0);
    assert_int_equal(nq_count_gpu(s, NULL, NULL, 0, NULL, &c), NQ_ENODEV);
    assert_int_equal(nq_gpu_solve(s, 0, NULL, 0, NULL), NQ_ENODEV);
    nq_split_free(s);
    assert_string_not_equal(nq_strerror(NQ_ENODEV), nq_strerror(NQ_EDEVICE));
    assert_string_not_equal(nq_strerror(NQ_ENODEV), nq_strerror(12345));
    assert_string_not_equal(nq_strerror(NQ_EDEVICE), nq_strerror(12345));
    reset();
}

/* Numbers from a source (as an MPI rank's come), in reverse order and chunks of up to 7, on two
 * devices with small batches: the table's counts, every subproblem reported once. */
typedef struct rev_source {
    uint64_t next; /* numbers left: next-1 .. 0 */
} rev_source;

static size_t rev_take(void *user, uint64_t *index, size_t max) {
    rev_source *r = user;
    size_t k = 0;
    while (k < max && k < 7 && r->next > 0)
        index[k++] = --r->next;
    return k;
}

static void test_source(void **state) {
    (void)state;
    for (int n = 4; n <= 12; n++) {
        reset();
        nq_split *s;
        assert_int_equal(nq_split_new(n, &s), NQ_OK);
        seen w = seen_new(s);
        rev_source r = {nq_split_size(s)};
        nq_count_options opt;
        memset(&opt, 0, sizeof opt);
        opt.source = rev_take;
        opt.source_user = &r;
        opt.on_result = on_result;
        opt.user = &w;
        opt.gpu_batch = 5;
        nq_counts c;
        memset(&c, 0, sizeof c);
        assert_int_equal(nq_count_gpu(s, &opt, NULL, 0, NULL, &c), NQ_OK);
        ref_counts want = ref_table(n);
        assert_true(c.total == want.total && c.unique == want.unique);
        assert_true(c.orbit8 == want.orbit8 && c.orbit4 == want.orbit4);
        assert_true(c.orbit2 == want.orbit2 && c.orbit1 == want.orbit1);
        for (uint64_t i = 0; i < w.size; i++)
            assert_int_equal(w.count[i], 1);
        seen_free(&w);
        nq_split_free(s);
    }
}

/* A device that miscounts (faulty hardware): a whole count disagrees with the known counts and
 * is NQ_EWRONG, out untouched; with skip flags (a resumed count) it cannot know, and the caller
 * checks the final sum (tool/session.c). */
static void test_wrong_device(void **state) {
    (void)state;
    reset();
    emu_wrong = 1;
    nq_split *s;
    assert_int_equal(nq_split_new(11, &s), NQ_OK);
    nq_counts c;
    memset(&c, 0, sizeof c);
    assert_int_equal(nq_count_gpu(s, NULL, NULL, 0, NULL, &c), NQ_EWRONG);
    assert_true(c.total == 0 && c.nodes == 0);
    uint8_t *skip = calloc(nq_split_size(s), 1);
    assert_non_null(skip);
    skip[0] = 1;
    nq_count_options opt;
    memset(&opt, 0, sizeof opt);
    opt.skip = skip;
    assert_int_equal(nq_count_gpu(s, &opt, NULL, 0, NULL, &c), NQ_OK);
    free(skip);
    nq_split_free(s);
    reset();
}

/* ---- The quadrant join (gpu_quadrant.c over gpu_pairs.h) ------------------------------------ */

static nq_split *quadrant_split(int n) {
    nq_split *s;
    assert_int_equal(nq_split_new_method(n, NQ_METHOD_QUADRANT, &s), NQ_OK);
    return s;
}

/* Quadrant splits of n = 4..14 on two devices with one host thread and batches of the default
 * size, and n = 4..12 with three host threads and batches of 7 subproblems: the table's counts,
 * every subproblem once. */
static void test_quadrant_counts(void **state) {
    (void)state;
    for (int v = 0; v < 2; v++)
        for (int n = 4; n <= (v ? 12 : 14); n++) {
            reset();
            plain.threads = v ? 3 : 1;
            plain.gpu_batch = v ? 7 : 0;
            nq_split *s = quadrant_split(n);
            nq_counts c;
            memset(&c, 0, sizeof c);
            nq_gpu_report rep;
            assert_int_equal(nq_count_gpu(s, &plain, NULL, 0, &rep, &c), NQ_OK);
            ref_counts want = ref_table(n);
            assert_true(c.total == want.total && c.unique == want.unique);
            assert_true(c.orbit8 == want.orbit8 && c.orbit4 == want.orbit4);
            assert_true(c.orbit2 == want.orbit2 && c.orbit1 == want.orbit1);
            assert_int_equal(rep.ndevices, 2);
            assert_int_equal(rep.subproblems[0] + rep.subproblems[1], nq_split_size(s));
            if (n >= 8)
                assert_true(emu_pair_submits > 0 && c.nodes > 0);
            if (v && nq_split_size(s) > 6 * 7)
                assert_int_equal(emu_max_slot_use, 2);
            nq_split_free(s);
        }
    reset();
}

/* Every subproblem's contribution as the CPU's join gives it, skip flags, a halt by on_result,
 * the stop flag, numbers from a source, nq_gpu_solve(), and a method the split does not have. */
static void test_quadrant_each(void **state) {
    (void)state;
    reset();
    nq_split *s = quadrant_split(13);
    uint64_t size = nq_split_size(s);
    uint8_t *skip = calloc(size, 1);
    assert_non_null(skip);
    for (uint64_t i = 0; i < size; i++)
        skip[i] = i % 3 == 1;
    nq_count_options opt;
    memset(&opt, 0, sizeof opt);
    opt.skip = skip;
    nq_counts want; /* the CPU's count with the same skip flags (classes completed as there) */
    memset(&want, 0, sizeof want);
    assert_int_equal(nq_count_split(s, &opt, &want), NQ_OK);
    seen w = seen_new(s);
    opt.gpu_batch = 11;
    opt.threads = 2;
    opt.skip = skip;
    opt.on_result = on_result;
    opt.user = &w;
    nq_counts c;
    memset(&c, 0, sizeof c);
    assert_int_equal(nq_count_gpu(s, &opt, NULL, 0, NULL, &c), NQ_OK);
    assert_same_counts(&c, &want);
    for (uint64_t i = 0; i < size; i++) {
        assert_int_equal(w.count[i], !skip[i]);
        nq_counts cpu;
        assert_int_equal(nq_split_solve(s, i, &cpu), NQ_OK);
        if (!skip[i])
            assert_same_counts(&w.c[i], &cpu);
    }
    seen_free(&w);

    w = seen_new(s);
    w.stop_after = 25;
    opt.skip = NULL;
    memset(&c, 0, sizeof c);
    assert_int_equal(nq_count_gpu(s, &opt, NULL, 0, NULL, &c), NQ_STOPPED);
    assert_int_equal(w.calls, 25);
    assert_same_counts(&c, &w.sum);
    seen_free(&w);

    volatile int flag = 1;
    opt.stop = &flag;
    opt.on_result = NULL;
    memset(&c, 0, sizeof c);
    assert_int_equal(nq_count_gpu(s, &opt, NULL, 0, NULL, &c), NQ_STOPPED);
    assert_true(c.total == 0);
    opt.stop = NULL;

    /* Numbers from a source, in reverse and in chunks of up to 7. */
    w = seen_new(s);
    rev_source r = {size};
    opt.source = rev_take;
    opt.source_user = &r;
    opt.on_result = on_result;
    opt.user = &w;
    memset(&c, 0, sizeof c);
    assert_int_equal(nq_count_gpu(s, &opt, NULL, 0, NULL, &c), NQ_OK);
    assert_true(c.total == ref_table(13).total);
    for (uint64_t i = 0; i < size; i++)
        assert_int_equal(w.count[i], 1);
    seen_free(&w);

    /* nq_gpu_solve(): every subproblem in reverse order, then some again. */
    size_t k = (size_t)size + 5;
    uint64_t *index = malloc(k * sizeof *index);
    nq_counts *out = malloc(k * sizeof *out);
    assert_non_null(index);
    assert_non_null(out);
    for (size_t i = 0; i < k; i++)
        index[i] = i < size ? size - 1 - i : (i * 7) % size;
    assert_int_equal(nq_gpu_solve(s, 1, index, k, out), NQ_OK);
    for (size_t i = 0; i < k; i++) {
        nq_counts cpu;
        assert_int_equal(nq_split_solve(s, index[i], &cpu), NQ_OK);
        assert_same_counts(&out[i], &cpu);
    }
    free(index), free(out);

    /* The method must be the split's. */
    memset(&opt, 0, sizeof opt);
    opt.method = NQ_METHOD_BACKTRACK;
    assert_int_equal(nq_count_gpu(s, &opt, NULL, 0, NULL, &c), NQ_EINVAL);
    opt.method = NQ_METHOD_QUADRANT;
    memset(&c, 0, sizeof c);
    assert_int_equal(nq_count_gpu(s, &opt, NULL, 0, NULL, &c), NQ_OK);
    assert_true(c.total == ref_table(13).total);
    nq_split *border;
    assert_int_equal(nq_split_new(13, &border), NQ_OK);
    assert_int_equal(nq_count_gpu(border, &opt, NULL, 0, NULL, &c), NQ_EINVAL);
    nq_split_free(border);
    free(skip);
    nq_split_free(s);
}

/* A device that fails or miscounts, in a quadrant count: NQ_EDEVICE or NQ_EWRONG, out untouched. */
static void test_quadrant_device_faults(void **state) {
    (void)state;
    for (int after = 0; after < 3; after++) {
        reset();
        plain.gpu_batch = 9;
        emu_fail_after = after;
        nq_split *s = quadrant_split(12);
        nq_counts c;
        memset(&c, 0x5A, sizeof c);
        nq_counts before = c;
        assert_int_equal(nq_count_gpu(s, &plain, NULL, 0, NULL, &c), NQ_EDEVICE);
        assert_memory_equal(&c, &before, sizeof c);
        nq_split_free(s);
    }
    reset();
    emu_wrong = 1;
    nq_split *s = quadrant_split(11);
    nq_counts c;
    memset(&c, 0, sizeof c);
    assert_int_equal(nq_count_gpu(s, NULL, NULL, 0, NULL, &c), NQ_EWRONG);
    assert_true(c.total == 0 && c.nodes == 0);
    nq_split_free(s);
    reset();
}

/* A clean stop must not throw away finished work (issue 35 kind 3): the stop flag is set by the
 * third submit of one device (gpu_batch 20), when that batch and the second are on the device.
 * Both finish there, and all three batches must be reported whole and summed: exactly 60
 * subproblems, each with nq_split_solve()'s counts (nodes apart), and NQ_STOPPED. */
static void test_a_stop_keeps_the_batches_in_flight(void **state) {
    (void)state;
    reset();
    nq_split *s;
    assert_int_equal(nq_split_new(12, &s), NQ_OK);
    assert_true(nq_split_size(s) > 100);
    seen w = seen_new(s);
    volatile int flag = 0;
    emu_stop_flag = &flag;
    emu_stop_at = 3;
    nq_count_options opt;
    memset(&opt, 0, sizeof opt);
    opt.gpu_batch = 20;
    opt.on_result = on_result;
    opt.user = &w;
    opt.stop = &flag;
    int dev = 0;
    nq_counts c;
    memset(&c, 0, sizeof c);
    assert_int_equal(nq_count_gpu(s, &opt, &dev, 1, NULL, &c), NQ_STOPPED);
    assert_int_equal(emu_submits, 3);
    assert_int_equal(w.calls, 60);
    nq_counts want;
    memset(&want, 0, sizeof want);
    for (uint64_t i = 0; i < w.size; i++) {
        assert_true(w.count[i] <= 1);
        if (!w.count[i])
            continue;
        nq_counts cpu;
        assert_int_equal(nq_split_solve(s, i, &cpu), NQ_OK);
        assert_true(cpu.total == w.c[i].total && cpu.unique == w.c[i].unique);
        nq_counts_add(&want, &cpu);
    }
    assert_true(c.total == want.total && c.unique == want.unique && w.sum.total == want.total);
    seen_free(&w);
    nq_split_free(s);
    reset();
}

/* The same for the quadrant join (gpu_quadrant.c): one device, one host thread, batches of 9
 * subproblems, the stop set by the third submit: the three batches (27 subproblems, number 0
 * counted on the host among them) reported whole, each as the CPU's join counts it. */
static void test_a_quadrant_stop_keeps_the_batches_in_flight(void **state) {
    (void)state;
    reset();
    nq_split *s = quadrant_split(13);
    assert_true(nq_split_size(s) > 50);
    seen w = seen_new(s);
    volatile int flag = 0;
    emu_stop_flag = &flag;
    emu_stop_at = 3;
    nq_count_options opt;
    memset(&opt, 0, sizeof opt);
    opt.gpu_batch = 9;
    opt.threads = 1;
    opt.on_result = on_result;
    opt.user = &w;
    opt.stop = &flag;
    nq_counts c;
    memset(&c, 0, sizeof c);
    const int one[] = {0};
    assert_int_equal(nq_count_gpu(s, &opt, one, 1, NULL, &c), NQ_STOPPED);
    assert_int_equal(emu_pair_submits, 3);
    assert_int_equal(w.calls, 27);
    for (uint64_t i = 0; i < w.size; i++) {
        assert_int_equal(w.count[i], i < 27);
        nq_counts cpu;
        assert_int_equal(nq_split_solve(s, i, &cpu), NQ_OK);
        if (i < 27)
            assert_same_counts(&w.c[i], &cpu);
    }
    assert_same_counts(&c, &w.sum);
    seen_free(&w);
    nq_split_free(s);
    reset();
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_counts_against_table),
        cmocka_unit_test(test_each_subproblem),
        cmocka_unit_test(test_skip_and_stop),
        cmocka_unit_test(test_device_error),
        cmocka_unit_test(test_gpu_solve),
        cmocka_unit_test(test_source),
        cmocka_unit_test(test_wrong_device),
        cmocka_unit_test(test_quadrant_counts),
        cmocka_unit_test(test_quadrant_each),
        cmocka_unit_test(test_quadrant_device_faults),
        cmocka_unit_test(test_a_stop_keeps_the_batches_in_flight),
        cmocka_unit_test(test_a_quadrant_stop_keeps_the_batches_in_flight),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
