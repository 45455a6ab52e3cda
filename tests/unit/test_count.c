/*
 * test_count.c: the counting engine (count.c, split.c, parallel.c) against the OEIS tables, the
 * plain solution iterator, a brute-force reference written here, and itself split every way.
 * White-box (through the private header): every subproblem of every n <= 14 against a slow
 * reference that lists its completions and their classes, with every kernel and arena size; the
 * kernel on deep states of n = 32, 34 and 64 against the plain iterator.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/split.h"
#include "support.h"

/* The largest n checked against the tables: 16 takes seconds in an optimised build; builds with
 * assertions (Debug, sanitizers) stop at 15 to keep the suite short. */
#ifdef NDEBUG
#define TABLE_MAX_N   16
#define THREADS_MAX_N 16
#else
#define TABLE_MAX_N   15
#define THREADS_MAX_N 14
#endif

static void assert_counts_match_table(int n, const nq_counts *c) {
    ref_counts want = ref_table(n);
    assert_true(c->total == want.total);
    assert_true(c->unique == want.unique);
    assert_true(c->orbit8 == want.orbit8);
    assert_true(c->orbit4 == want.orbit4);
    assert_true(c->orbit2 == want.orbit2);
    assert_true(c->orbit1 == want.orbit1);
    /* The orbit identity. */
    assert_true(c->total == 8 * c->orbit8 + 4 * c->orbit4 + 2 * c->orbit2 + c->orbit1);
    assert_true(c->unique == c->orbit8 + c->orbit4 + c->orbit2 + c->orbit1);
}

static nq_counts count_threads(int n, int threads) {
    nq_split *s;
    assert_int_equal(nq_split_new(n, &s), NQ_OK);
    nq_count_options opt;
    memset(&opt, 0, sizeof opt);
    opt.threads = threads;
    nq_counts c;
    memset(&c, 0, sizeof c);
    assert_int_equal(nq_count_split(s, &opt, &c), NQ_OK);
    nq_split_free(s);
    return c;
}

/* Every n from 1 to 16: total, fundamental and orbit counts (A000170, A002562). */
static void test_table(void **state) {
    (void)state;
    for (int n = 1; n <= TABLE_MAX_N; n++) {
        nq_counts c;
        memset(&c, 0xab, sizeof c); /* every field must be written */
        assert_int_equal(nq_count(n, &c), NQ_OK);
        assert_counts_match_table(n, &c);
        /* At n = 4 the border places every queen: the search places none. */
        assert_true(n < 5 || c.nodes > 0);
    }
}

/* Two counts in one process, the larger first: nothing of the first leaks into the second. */
static void test_two_counts(void **state) {
    (void)state;
    nq_counts c;
    assert_int_equal(nq_count(4, &c), NQ_OK);
    assert_true(c.total == 2 && c.unique == 1);
    assert_int_equal(nq_count(1, &c), NQ_OK);
    assert_true(c.total == 1 && c.unique == 1 && c.orbit1 == 1);
}

/* The same with 1, 2 and 3 threads; the node count does not depend on the threads either.
 * (Above 14 the one-thread count is test_table's; 2 threads are then run twice. Builds with
 * assertions stop at 14.) */
static void test_threads(void **state) {
    (void)state;
    for (int n = 1; n <= THREADS_MAX_N; n++) {
        nq_counts one = count_threads(n, n <= 14 ? 1 : 2);
        assert_counts_match_table(n, &one);
        for (int threads = 2; threads <= 3; threads++) {
            nq_counts c = count_threads(n, threads);
            assert_same_counts(&c, &one);
            assert_true(c.nodes == one.nodes);
        }
    }
    assert_int_equal(nq_count_threads(3), 3);
    assert_true(nq_count_threads(0) >= 1);
}

/* The kernel against the plain iterator and nq_canonical(), for n <= 12. */
static void test_against_iterator(void **state) {
    (void)state;
    for (int n = 1; n <= 12; n++) {
        nq_counts want;
        memset(&want, 0, sizeof want);
        nq_search *s;
        assert_int_equal(nq_search_new(n, NULL, 0, 0, &s), NQ_OK);
        int cols[NQ_MAX_N], least[NQ_MAX_N], orbit;
        while (nq_search_next(s, cols) == NQ_OK) {
            want.total++;
            assert_int_equal(nq_canonical(n, cols, least, &orbit), NQ_OK);
            if (memcmp(least, cols, (size_t)n * sizeof *cols) != 0)
                continue;
            want.unique++;
            want.orbit8 += orbit == 8, want.orbit4 += orbit == 4;
            want.orbit2 += orbit == 2, want.orbit1 += orbit == 1;
        }
        nq_search_free(s);
        nq_counts got;
        assert_int_equal(nq_count(n, &got), NQ_OK);
        assert_same_counts(&got, &want);
    }
}

/* A reference written here, independent of the library: every permutation, every pair of
 * queens, and the class of each solution from its 8 images computed cell by cell. */
static void image(int n, int sym, const int *cols, int *out) {
    for (int r = 0; r < n; r++) {
        int c = cols[r], rr, cc;
        switch (sym) {
        case 0:
            rr = r, cc = c;
            break;
        case 1:
            rr = c, cc = n - 1 - r;
            break;
        case 2:
            rr = n - 1 - r, cc = n - 1 - c;
            break;
        case 3:
            rr = n - 1 - c, cc = r;
            break;
        case 4:
            rr = r, cc = n - 1 - c;
            break;
        case 5:
            rr = n - 1 - r, cc = c;
            break;
        case 6:
            rr = c, cc = r;
            break;
        default:
            rr = n - 1 - c, cc = n - 1 - r;
            break;
        }
        out[rr] = cc;
    }
}

static void test_against_brute_force(void **state) {
    (void)state;
    for (int n = 1; n <= 9; n++) {
        int *sols;
        size_t count = ref_solutions(n, &sols);
        nq_counts want;
        memset(&want, 0, sizeof want);
        for (size_t i = 0; i < count; i++) {
            const int *s = sols + i * (size_t)n;
            int img[12], least = 1, same = 0;
            for (int sym = 0; sym < 8; sym++) {
                image(n, sym, s, img);
                int cmp = memcmp(img, s, (size_t)n * sizeof *s);
                for (int r = 0; r < n && cmp; r++)
                    if (img[r] != s[r]) {
                        least = least && img[r] > s[r];
                        break;
                    }
                same += cmp == 0;
            }
            want.total++;
            if (least) {
                want.unique++;
                want.orbit8 += same == 1, want.orbit4 += same == 2;
                want.orbit2 += same == 4, want.orbit1 += same == 8;
            }
        }
        free(sols);
        nq_counts got;
        assert_int_equal(nq_count(n, &got), NQ_OK);
        assert_same_counts(&got, &want);
    }
}

/* The subproblems one by one add up to the whole, and so does any partition of them computed
 * by separate runs with skip flags (as a journal resumes); on_result sees each index once. */
typedef struct seen {
    uint64_t size;
    uint8_t *hits;
    nq_counts sum;
    int stop_after; /* stop when this many results came (0: never) */
    int calls;
} seen;

static int on_result(void *user, uint64_t index, const nq_counts *c) {
    seen *s = user;
    assert_true(index < s->size);
    s->hits[index]++;
    nq_counts_add(&s->sum, c);
    s->calls++;
    return s->stop_after && s->calls >= s->stop_after;
}

static void test_split_sums(void **state) {
    (void)state;
    unsigned seed = 12345;
    for (int n = 1; n <= 13; n++) {
        nq_split *s;
        assert_int_equal(nq_split_new(n, &s), NQ_OK);
        assert_int_equal(nq_split_n(s), n);
        uint64_t size = nq_split_size(s);
        assert_true(size >= 1);
        nq_counts whole, sum;
        assert_int_equal(nq_count(n, &whole), NQ_OK);
        memset(&sum, 0, sizeof sum);
        if (n <= 12) { /* one by one through the public call (each allocates its scratch) */
            for (uint64_t i = 0; i < size; i++) {
                nq_counts c;
                assert_int_equal(nq_split_solve(s, i, &c), NQ_OK);
                nq_counts_add(&sum, &c);
            }
            assert_same_counts(&sum, &whole);
            assert_true(sum.nodes == whole.nodes);
        }

        /* A random partition into three parts, each run with the others skipped. */
        uint8_t *part = malloc(size);
        uint8_t *skip = malloc(size);
        assert_non_null(part);
        assert_non_null(skip);
        for (uint64_t i = 0; i < size; i++) {
            seed = seed * 1103515245u + 12345u;
            part[i] = (uint8_t)((seed >> 16) % 3);
        }
        nq_counts acc;
        memset(&acc, 0, sizeof acc);
        for (int p = 0; p < 3; p++) {
            for (uint64_t i = 0; i < size; i++)
                skip[i] = part[i] != p;
            seen sn;
            memset(&sn, 0, sizeof sn);
            sn.size = size;
            sn.hits = calloc(size, 1);
            assert_non_null(sn.hits);
            nq_count_options opt;
            memset(&opt, 0, sizeof opt);
            opt.threads = 2;
            opt.skip = skip;
            opt.on_result = on_result;
            opt.user = &sn;
            nq_counts before = acc;
            assert_int_equal(nq_count_split(s, &opt, &acc), NQ_OK);
            for (uint64_t i = 0; i < size; i++)
                assert_int_equal(sn.hits[i], part[i] == p);
            /* What was reported is what was added. */
            nq_counts_add(&before, &sn.sum);
            assert_same_counts(&before, &acc);
            free(sn.hits);
        }
        assert_same_counts(&acc, &whole);
        free(part);
        free(skip);
        nq_split_free(s);
    }
}

/* Stopping: by on_result, and by the stop flag; out holds exactly what was reported. */
static void test_stop(void **state) {
    (void)state;
    nq_split *s;
    assert_int_equal(nq_split_new(12, &s), NQ_OK);
    uint64_t size = nq_split_size(s);
    assert_true(size > 10);
    for (int threads = 1; threads <= 3; threads++) {
        seen sn;
        memset(&sn, 0, sizeof sn);
        sn.size = size;
        sn.hits = calloc(size, 1);
        assert_non_null(sn.hits);
        sn.stop_after = 5;
        nq_count_options opt;
        memset(&opt, 0, sizeof opt);
        opt.threads = threads;
        opt.on_result = on_result;
        opt.user = &sn;
        nq_counts out;
        memset(&out, 0, sizeof out);
        assert_int_equal(nq_count_split(s, &opt, &out), NQ_STOPPED);
        assert_int_equal(sn.calls, 5);
        assert_same_counts(&out, &sn.sum);
        free(sn.hits);
    }
    volatile int stop = 1;
    nq_count_options opt;
    memset(&opt, 0, sizeof opt);
    opt.stop = &stop;
    nq_counts out;
    memset(&out, 0, sizeof out);
    assert_int_equal(nq_count_split(s, &opt, &out), NQ_STOPPED);
    assert_true(out.total == 0 && out.nodes == 0);
    nq_split_free(s);
}

/* The recorded numberings of tests/data/splits.txt: "n weighted-total split-id" lines. */
static int recorded_split(int n, unsigned long long *weighted, char *id, size_t cap) {
    FILE *f = fopen(NQ_TEST_DATA "/splits.txt", "r");
    assert_non_null(f);
    char line[512];
    int found = 0;
    while (!found && fgets(line, sizeof line, f)) {
        int m, at = 0;
        if (line[0] == '#' || sscanf(line, "%d %llu %n", &m, weighted, &at) != 2 || m != n)
            continue;
        line[strcspn(line, "\n")] = '\0';
        snprintf(id, cap, "%s", line + at);
        found = 1;
    }
    fclose(f);
    return found;
}

/* The numbering is a contract: the same for every split of n, named by its id. */
static void test_split_stable(void **state) {
    (void)state;
    nq_split *a, *b;
    assert_int_equal(nq_split_new(11, &a), NQ_OK);
    assert_int_equal(nq_split_new(11, &b), NQ_OK);
    assert_string_equal(nq_split_id(a), nq_split_id(b));
    assert_true(nq_split_size(a) == nq_split_size(b));
    for (uint64_t i = 0; i < nq_split_size(a); i++) {
        nq_counts x, y;
        assert_int_equal(nq_split_solve(a, i, &x), NQ_OK);
        assert_int_equal(nq_split_solve(b, i, &y), NQ_OK);
        assert_same_counts(&x, &y);
        assert_true(x.nodes == y.nodes);
    }
    nq_split_free(a);
    nq_split_free(b);
    /* Recorded numberings (tests/data/splits.txt): a change here breaks every journal written
     * before it. The id names the method, n and the size; the weighted total of the subproblems,
     * sum of (index + 1) * total, pins their order too. */
    for (int n = 4; n <= 16; n++) {
        unsigned long long weighted = 0;
        char id[256];
        assert_true(recorded_split(n, &weighted, id, sizeof id));
        assert_int_equal(nq_split_new(n, &a), NQ_OK);
        assert_string_equal(nq_split_id(a), id);
        const char *size = strstr(id, " size=");
        assert_non_null(size);
        assert_true(nq_split_size(a) == strtoull(size + 6, NULL, 10)); /* the id tells the truth */
        if (n < TABLE_MAX_N) {
            nq_u128 sum = 0;
            for (uint64_t i = 0; i < nq_split_size(a); i++) {
                nq_counts x;
                assert_int_equal(nq_split_solve(a, i, &x), NQ_OK);
                sum += (i + 1) * x.total;
            }
            assert_true(sum == weighted);
        }
        nq_split_free(a);
    }
}

/* Splits of the largest boards are built, sized for the journal, and named. */
static void test_split_large(void **state) {
    (void)state;
    int ns[] = {24, 32, 64};
    for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++) {
        nq_split *s;
        assert_int_equal(nq_split_new(ns[i], &s), NQ_OK);
        assert_true(nq_split_size(s) >= 1000 && nq_split_size(s) <= 2000000);
        assert_non_null(strstr(nq_split_id(s), ns[i] == 64 ? "n=64 " : "n="));
        nq_split_free(s);
    }
}

static void test_errors(void **state) {
    (void)state;
    nq_counts c;
    nq_split *s;
    assert_int_equal(nq_count(0, &c), NQ_EINVAL);
    assert_int_equal(nq_count(NQ_MAX_N + 1, &c), NQ_EINVAL);
    assert_int_equal(nq_count(8, NULL), NQ_EINVAL);
    assert_int_equal(nq_split_new(0, &s), NQ_EINVAL);
    assert_int_equal(nq_split_new(65, &s), NQ_EINVAL);
    assert_int_equal(nq_split_new(8, NULL), NQ_EINVAL);
    assert_int_equal(nq_split_new(8, &s), NQ_OK);
    assert_int_equal(nq_split_solve(s, nq_split_size(s), &c), NQ_EINVAL);
    assert_int_equal(nq_split_solve(s, 0, NULL), NQ_EINVAL);
    assert_int_equal(nq_split_solve(NULL, 0, &c), NQ_EINVAL);
    nq_count_options opt;
    memset(&opt, 0, sizeof opt);
    opt.threads = -1;
    assert_int_equal(nq_count_split(s, &opt, &c), NQ_EINVAL);
    assert_int_equal(nq_count_split(NULL, NULL, &c), NQ_EINVAL);
    assert_int_equal(nq_count_split(s, NULL, NULL), NQ_EINVAL);
    /* opt NULL means the defaults. */
    memset(&c, 0, sizeof c);
    assert_int_equal(nq_count_split(s, NULL, &c), NQ_OK);
    assert_true(c.total == 92);
    nq_split_free(s);
    nq_split_free(NULL);
    assert_int_equal(nq_split_n(NULL), 0);
    assert_true(nq_split_size(NULL) == 0);
}

/* Kernel names, support and resolution (kernels.c compares the kernels' answers). */
static void test_kernel_api(void **state) {
    (void)state;
    for (int k = 0; k < NQ_KERNELS; k++) {
        nq_kernel back;
        assert_non_null(nq_kernel_name((nq_kernel)k));
        assert_int_equal(nq_kernel_parse(nq_kernel_name((nq_kernel)k), &back), NQ_OK);
        assert_int_equal(back, k);
    }
    assert_string_equal(nq_kernel_name(NQ_KERNEL_AVX2), "avx2");
    assert_null(nq_kernel_name((nq_kernel)NQ_KERNELS));
    assert_null(nq_kernel_name((nq_kernel)-1));
    nq_kernel k = NQ_KERNEL_AVX512;
    assert_int_equal(nq_kernel_parse("AVX2", &k), NQ_EINVAL);
    assert_int_equal(nq_kernel_parse("", &k), NQ_EINVAL);
    assert_int_equal(nq_kernel_parse(NULL, &k), NQ_EINVAL);
    assert_int_equal(nq_kernel_parse("avx2", NULL), NQ_EINVAL);
    assert_int_equal(k, NQ_KERNEL_AVX512); /* untouched on failure */
    assert_true(nq_kernel_supported(NQ_KERNEL_AUTO) && nq_kernel_supported(NQ_KERNEL_GENERIC));
    assert_false(nq_kernel_supported((nq_kernel)NQ_KERNELS));
    /* auto resolves to a supported kernel other than auto; below 4 (a plain search), generic;
     * every other n keeps the kernel asked for (the largest too). */
    assert_int_equal(nq_kernel_resolve(NQ_KERNEL_AUTO, 16, &k), NQ_OK);
    assert_true(k != NQ_KERNEL_AUTO && nq_kernel_supported(k));
    for (int kk = 0; kk < NQ_KERNELS; kk++) {
        if (!nq_kernel_supported((nq_kernel)kk))
            continue;
        assert_int_equal(nq_kernel_resolve((nq_kernel)kk, 3, &k), NQ_OK);
        assert_int_equal(k, NQ_KERNEL_GENERIC);
        for (int n = 4; n <= NQ_MAX_N; n += NQ_MAX_N - 4) {
            assert_int_equal(nq_kernel_resolve((nq_kernel)kk, n, &k), NQ_OK);
            if (kk != NQ_KERNEL_AUTO)
                assert_int_equal(k, kk);
        }
    }
    assert_int_equal(nq_kernel_resolve(NQ_KERNEL_AUTO, 0, &k), NQ_EINVAL);
    assert_int_equal(nq_kernel_resolve(NQ_KERNEL_AUTO, 65, &k), NQ_EINVAL);
    assert_int_equal(nq_kernel_resolve((nq_kernel)NQ_KERNELS, 8, &k), NQ_EINVAL);
    assert_int_equal(nq_kernel_resolve(NQ_KERNEL_AUTO, 8, NULL), NQ_EINVAL);
    /* A kernel out of range is refused by the counts. */
    nq_split *s;
    assert_int_equal(nq_split_new(8, &s), NQ_OK);
    nq_count_options opt;
    memset(&opt, 0, sizeof opt);
    opt.kernel = (nq_kernel)NQ_KERNELS;
    nq_counts c;
    memset(&c, 0, sizeof c);
    assert_int_equal(nq_count_split(s, &opt, &c), NQ_EINVAL);
    assert_int_equal(nq_split_solve_kernel(s, 0, (nq_kernel)NQ_KERNELS, &c), NQ_EINVAL);
    assert_int_equal(nq_split_solve_kernel(s, nq_split_size(s), NQ_KERNEL_GENERIC, &c), NQ_EINVAL);
    assert_int_equal(nq_split_solve_kernel(NULL, 0, NQ_KERNEL_GENERIC, &c), NQ_EINVAL);
    assert_int_equal(nq_split_solve_kernel(s, 0, NQ_KERNEL_GENERIC, NULL), NQ_EINVAL);
    assert_null(count_scratch_new_kernel((nq_kernel)NQ_KERNELS));
    opt.kernel = NQ_KERNEL_GENERIC;
    assert_int_equal(nq_count_split(s, &opt, &c), NQ_OK);
    assert_true(c.total == 92);
    nq_split_free(s);
}

/* ---- Every subproblem against a slow reference ------------------------------------------- */

/* The least image of a solution and its class size, computed cell by cell (image() above). */
static int least_image(int n, const int *cols, int *least) {
    int img[NQ_MAX_N], same = 0;
    memcpy(least, cols, (size_t)n * sizeof *cols);
    for (int sym = 0; sym < 8; sym++) {
        image(n, sym, cols, img);
        int cmp = memcmp(img, cols, (size_t)n * sizeof *img);
        same += cmp == 0;
        for (int r = 0; r < n; r++)
            if (img[r] != least[r]) {
                if (img[r] < least[r])
                    memcpy(least, img, (size_t)n * sizeof *img);
                break;
            }
    }
    return 8 / same;
}

/* Every completion of the queens placed in cols (-1: free row), by backtracking over the free
 * rows in order and checking each new queen against every queen: slow and obviously correct.
 * Appends their least images (n ints each) to *list and their class sizes to *sizes. */
typedef struct completions {
    int *least, *size;
    size_t count, cap;
} completions;

static void complete_rec(int n, int *cols, int y, completions *out) {
    while (y < n && cols[y] >= 0)
        y++;
    if (y == n) {
        if (out->count == out->cap) {
            out->cap = out->cap ? 2 * out->cap : 64;
            out->least = realloc(out->least, out->cap * (size_t)n * sizeof(int));
            out->size = realloc(out->size, out->cap * sizeof(int));
            assert_non_null(out->least);
            assert_non_null(out->size);
        }
        out->size[out->count] = least_image(n, cols, out->least + out->count * (size_t)n);
        out->count++;
        return;
    }
    for (int x = 0; x < n; x++) {
        int ok = 1;
        for (int r = 0; r < n && ok; r++)
            if (cols[r] >= 0 && (cols[r] == x || ref_attacks(r, cols[r], y, x)))
                ok = 0;
        if (!ok)
            continue;
        cols[y] = x;
        complete_rec(n, cols, y + 1, out);
        cols[y] = -1;
    }
}

static int n_for_sort;
static int cmp_placement(const void *a, const void *b) {
    return memcmp(a, b, (size_t)n_for_sort * sizeof(int));
}

/* The classes among a list of least images: sorted, one per distinct image. */
static nq_counts classes_of(int n, completions *c) {
    nq_counts want;
    memset(&want, 0, sizeof want);
    /* Sort the (image, size) pairs by image: pack the size after the image. */
    int *packed = malloc((c->count + 1) * (size_t)(n + 1) * sizeof(int));
    assert_non_null(packed);
    for (size_t i = 0; i < c->count; i++) {
        memcpy(packed + i * (size_t)(n + 1), c->least + i * (size_t)n, (size_t)n * sizeof(int));
        packed[i * (size_t)(n + 1) + (size_t)n] = c->size[i];
    }
    n_for_sort = n + 1;
    qsort(packed, c->count, (size_t)(n + 1) * sizeof(int), cmp_placement);
    for (size_t i = 0; i < c->count; i++) {
        const int *p = packed + i * (size_t)(n + 1);
        if (i > 0 && memcmp(p, p - (n + 1), (size_t)n * sizeof(int)) == 0)
            continue;
        int size = p[n];
        want.unique++;
        want.total += (unsigned)size;
        want.orbit8 += size == 8, want.orbit4 += size == 4;
        want.orbit2 += size == 2, want.orbit1 += size == 1;
    }
    free(packed);
    return want;
}

/* Every subproblem of the splits of n = 4..14: its counts are the classes of solutions among its
 * completions (so the total is the size of those classes), each class is counted by one
 * subproblem only, and every kernel and arena size gives the same counts and nodes. Builds
 * with assertions stop at 12 for the slow reference (13 and 14 compare the kernels). */
static void test_subproblems(void **state) {
    (void)state;
    count_scratch *big = count_scratch_new_kernel(NQ_KERNEL_GENERIC);
    count_scratch *small = count_scratch_new_small(NQ_KERNEL_GENERIC, COUNT_ARENA_MIN);
    count_scratch *best = count_scratch_new();
    assert_non_null(big);
    assert_non_null(small);
    assert_non_null(best);
    for (int n = 4; n <= 14; n++) {
        nq_split *s;
        assert_int_equal(nq_split_new(n, &s), NQ_OK);
#ifdef NDEBUG
        int reference = 1;
#else
        int reference = n <= 12;
#endif
        completions all;
        memset(&all, 0, sizeof all);
        nq_counts sum;
        memset(&sum, 0, sizeof sum);
        for (uint64_t i = 0; i < nq_split_size(s); i++) {
            int rows[NQ_MAX_N], cols[NQ_MAX_N], stab;
            int q = split_queens(s, i, rows, cols, &stab);
            assert_true(q >= 3);
            assert_true(stab == 1 || stab == 2 || stab == 4);
            nq_counts got;
            assert_int_equal(split_solve(s, i, &got, best), NQ_OK);
            nq_counts_add(&sum, &got);
            /* The generic kernel with its arena and with a tiny one (levels done in parts), the
             * fastest kernel (through split_solve() above; kernels.c compares each vector
             * kernel), the search on board states without scratch, and a null scratch. */
            count_state st;
            count_state_init(&st, n);
            for (int k = 0; k < q; k++)
                assert_true(count_state_place(&st, rows[k], cols[k]));
            uint64_t nodes_plain, nodes;
            uint64_t sols = count_completions_plain(&st, &nodes_plain);
            assert_true(got.nodes == nodes_plain);
            assert_true(got.total == (nq_u128)sols * (nq_u128)(8 / stab));
            assert_true(count_completions(&st, big, &nodes) == sols);
            assert_true(nodes == nodes_plain);
            assert_true(count_completions(&st, small, &nodes) == sols);
            assert_true(nodes == nodes_plain);
            assert_true(count_completions(&st, NULL, &nodes) == sols);
            assert_true(nodes == nodes_plain);
            if (!reference)
                continue;
            int board[NQ_MAX_N];
            for (int r = 0; r < n; r++)
                board[r] = -1;
            for (int k = 0; k < q; k++)
                board[rows[k]] = cols[k];
            completions c;
            memset(&c, 0, sizeof c);
            complete_rec(n, board, 0, &c);
            assert_true((uint64_t)c.count == sols);
            nq_counts want = classes_of(n, &c);
            assert_same_counts(&got, &want);
            /* Keep the images for the check across subproblems. */
            for (size_t k = 0; k < c.count; k++) {
                if (all.count == all.cap) {
                    all.cap = all.cap ? 2 * all.cap : 1024;
                    all.least = realloc(all.least, all.cap * (size_t)n * sizeof(int));
                    all.size = realloc(all.size, all.cap * sizeof(int));
                    assert_non_null(all.least);
                    assert_non_null(all.size);
                }
                memcpy(all.least + all.count * (size_t)n, c.least + k * (size_t)n,
                       (size_t)n * sizeof(int));
                all.size[all.count++] = c.size[k];
            }
            free(c.least);
            free(c.size);
        }
        assert_counts_match_table(n, &sum);
        if (reference) {
            /* No class is counted by two subproblems: the distinct classes of all completions
             * are the table's, as many as the subproblems counted. */
            nq_counts classes = classes_of(n, &all);
            assert_counts_match_table(n, &classes);
        }
        free(all.least);
        free(all.size);
        nq_split_free(s);
    }
    count_scratch_free(big);
    count_scratch_free(small);
    count_scratch_free(best);
}

/* The symmetric searches against the completions that are invariant, on every border of n <= 12
 * with a rotation in its stabilizer. */
static void test_symmetric(void **state) {
    (void)state;
    int checked = 0;
    for (int n = 4; n <= 12; n++) {
        nq_split *s;
        assert_int_equal(nq_split_new(n, &s), NQ_OK);
        for (uint64_t i = 0; i < nq_split_size(s); i++) {
            int rows[NQ_MAX_N], cols[NQ_MAX_N], stab;
            int q = split_queens(s, i, rows, cols, &stab);
            if (stab == 1)
                continue;
            int board[NQ_MAX_N];
            for (int r = 0; r < n; r++)
                board[r] = -1;
            count_state st;
            count_state_init(&st, n);
            for (int k = 0; k < q; k++) {
                board[rows[k]] = cols[k];
                assert_true(count_state_place(&st, rows[k], cols[k]));
            }
            completions c;
            memset(&c, 0, sizeof c);
            complete_rec(n, board, 0, &c);
            /* complete_rec() kept only the least images; list the completions again. */
            uint64_t f2 = 0, f4 = 0;
            for (size_t k = 0; k < c.count; k++) {
                /* A completion is invariant under a rotation exactly when its class is small. */
                f2 += c.size[k] <= 4, f4 += c.size[k] <= 2;
            }
            assert_true(count_symmetric(&st, 0) == f2);
            if (stab == 4)
                assert_true(count_symmetric(&st, 1) == f4);
            free(c.least);
            free(c.size);
            checked++;
        }
        nq_split_free(s);
    }
    assert_true(checked > 10);
}

/* ---- Deep states of n = 32, 34 and 64 ------------------------------------------------------- */

/* A solution for even n with n mod 6 != 2, 3 (Hoffman, Loessi and Moore 1969; 0-based). */
static void construct_even(int n, int *cols) {
    for (int i = 0; i < n / 2; i++) {
        cols[i] = 2 * i + 1;
        cols[n / 2 + i] = 2 * i;
    }
}

/* A solution for even n with n mod 6 = 2 (same source). */
static void construct_mod2(int n, int *cols) {
    for (int i = 1; i <= n / 2; i++) {
        int v = (2 * (i - 1) + n / 2 - 1) % n;
        cols[i - 1] = v;         /* row i (1-based) in column v + 1 */
        cols[n - i] = n - 1 - v; /* row n + 1 - i in column n - (v) */
    }
}

/* The first k rows of the solution and of its 8 images placed, the rest counted by every kernel
 * (below 16 free rows the grid, above it the search on board states first) against the plain
 * iterator with the same prefix. */
static void check_deep(int n, const int *solution, int free_rows) {
    for (int sym = 0; sym < NQ_SYMMETRIES; sym++) {
        int cols[NQ_MAX_N];
        assert_int_equal(nq_transform(n, solution, (nq_symmetry)sym, cols), NQ_OK);
        int k = n - free_rows;
        uint64_t want = 0;
        nq_search *s;
        assert_int_equal(nq_search_new(n, cols, k, 0, &s), NQ_OK);
        int sol[NQ_MAX_N], found_self = 0;
        while (nq_search_next(s, sol) == NQ_OK) {
            found_self |= memcmp(sol, cols, (size_t)n * sizeof *sol) == 0;
            want++;
        }
        nq_search_free(s);
        assert_true(found_self);
        count_state st;
        count_state_init(&st, n);
        for (int y = 0; y < k; y++)
            assert_true(count_state_place(&st, y, cols[y]));
        uint64_t nodes_plain, nodes;
        assert_true(count_completions_plain(&st, &nodes_plain) == want);
        count_scratch *gen = count_scratch_new_kernel(NQ_KERNEL_GENERIC);
        assert_non_null(gen);
        assert_true(count_completions(&st, gen, &nodes) == want);
        assert_true(nodes == nodes_plain);
        count_scratch_free(gen);
        assert_true(count_completions(&st, NULL, &nodes) == want);
        assert_true(nodes == nodes_plain);
    }
}

static void test_deep_states(void **state) {
    (void)state;
    int cols[NQ_MAX_N];
    construct_mod2(32, cols);
    assert_int_equal(nq_validate(32, cols, 0, NULL), NQ_OK);
    check_deep(32, cols, 13);
    construct_even(64, cols);
    assert_int_equal(nq_validate(64, cols, 0, NULL), NQ_OK);
    check_deep(64, cols, 13);
    check_deep(64, cols, 18); /* two levels on board states before the grid */
    construct_even(34, cols);
    assert_int_equal(nq_validate(34, cols, 0, NULL), NQ_OK);
    check_deep(34, cols, 16);
    check_deep(34, cols, 17);
}

/* The state operations on their own: placing, refusing a taken or attacked cell, forward
 * checking, and the pick rule (fewest free cells, ties to the middle, the upper row first). */
static void test_state(void **state) {
    (void)state;
    count_state s;
    count_state_init(&s, 8);
    assert_int_equal(s.left, 8);
    assert_true(count_state_live(&s));
    /* All rows have 8 cells: the tie goes to row 3 (the upper of the two middle rows). */
    assert_int_equal(count_state_pick(&s), 3);
    assert_true(count_state_place(&s, 3, 3));
    assert_false(count_state_place(&s, 3, 5)); /* row taken */
    assert_false(count_state_place(&s, 0, 3)); /* column taken */
    assert_false(count_state_place(&s, 5, 5)); /* diagonal */
    assert_false(count_state_place(&s, 4, 2)); /* anti-diagonal */
    assert_int_equal(s.left, 7);
    assert_true(s.free[4] == (0xFF & ~(0x1C)));
    /* Rows 0..6 but 3 have 5 free cells, row 7 has 6: row 4 is the nearest the middle. */
    assert_int_equal(count_state_pick(&s), 4);
    /* A dead state: a row without a free cell. */
    count_state d;
    count_state_init(&d, 4);
    assert_true(count_state_place(&d, 0, 1));
    assert_true(count_state_place(&d, 2, 2));
    assert_false(count_state_live(&d)); /* row 1 has lost columns 0..3 */
    /* A dead column: every free row of n = 5 keeps a free cell, but none in column 2. */
    count_state e;
    count_state_init(&e, 5);
    assert_true(count_state_place(&e, 0, 1));
    assert_true(count_state_place(&e, 3, 3));
    for (int y = 1; y < 5; y++)
        assert_true(y == 3 || (e.free[y] != 0 && !(e.free[y] >> 2 & 1)));
    assert_false(count_state_live(&e));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table),
        cmocka_unit_test(test_two_counts),
        cmocka_unit_test(test_threads),
        cmocka_unit_test(test_against_iterator),
        cmocka_unit_test(test_against_brute_force),
        cmocka_unit_test(test_split_sums),
        cmocka_unit_test(test_stop),
        cmocka_unit_test(test_split_stable),
        cmocka_unit_test(test_split_large),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_kernel_api),
        cmocka_unit_test(test_state),
        cmocka_unit_test(test_subproblems),
        cmocka_unit_test(test_symmetric),
        cmocka_unit_test(test_deep_states),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
