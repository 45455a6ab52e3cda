/*
 * test_count.c: the counting engine (count.c, split.c, parallel.c) against the OEIS tables, the
 * plain solution iterator, a brute-force reference written here, and itself split every way.
 * Also white-box checks of the kernel on deep prefixes of n = 32 and n = 64 (through the private
 * header), against the plain iterator restricted to the same prefix.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/count.h"
#include "support.h"

/* The largest n checked against the tables: 16 takes seconds in an optimised build; builds with
 * assertions (Debug, sanitizers) stop at 15 to keep the suite short. */
#ifdef NDEBUG
#define TABLE_MAX_N 16
#else
#define TABLE_MAX_N 15
#endif

static void assert_counts_equal(const nq_counts *a, const nq_counts *b) {
    assert_true(a->total == b->total);
    assert_true(a->unique == b->unique);
    assert_true(a->orbit8 == b->orbit8);
    assert_true(a->orbit4 == b->orbit4);
    assert_true(a->orbit2 == b->orbit2);
    assert_true(a->orbit1 == b->orbit1);
}

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
        assert_true(n < 4 || c.nodes > 0);
    }
}

/* The same with 1, 2 and 3 threads; the node count does not depend on the threads either.
 * (Above 14 the one-thread count is test_table's; 2 threads are then run twice.) */
/* Two counts in one process, the larger first: nothing of the first leaks into the second. */
static void test_two_counts(void **state) {
    (void)state;
    nq_counts c;
    assert_int_equal(nq_count(4, &c), NQ_OK);
    assert_true(c.total == 2 && c.unique == 1);
    assert_int_equal(nq_count(1, &c), NQ_OK);
    assert_true(c.total == 1 && c.unique == 1 && c.orbit1 == 1);
}

static void test_threads(void **state) {
    (void)state;
    for (int n = 1; n <= TABLE_MAX_N; n++) {
        nq_counts one = count_threads(n, n <= 14 ? 1 : 2);
        assert_counts_match_table(n, &one);
        for (int threads = 2; threads <= 3; threads++) {
            nq_counts c = count_threads(n, threads);
            assert_counts_equal(&c, &one);
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
        assert_counts_equal(&got, &want);
    }
}

/* A reference independent of the library: every permutation, every pair of queens (support.c's
 * ref_solutions), and the class of each solution from its 8 images computed cell by cell
 * (ref_least_orbit). */
static void test_against_brute_force(void **state) {
    (void)state;
    for (int n = 1; n <= 9; n++) {
        int *sols;
        size_t count = ref_solutions(n, &sols);
        nq_counts want;
        memset(&want, 0, sizeof want);
        for (size_t i = 0; i < count; i++) {
            int orbit = ref_least_orbit(n, sols + i * (size_t)n);
            want.total++;
            if (orbit) {
                want.unique++;
                want.orbit8 += orbit == 8, want.orbit4 += orbit == 4;
                want.orbit2 += orbit == 2, want.orbit1 += orbit == 1;
            }
        }
        free(sols);
        nq_counts got;
        assert_int_equal(nq_count(n, &got), NQ_OK);
        assert_counts_equal(&got, &want);
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
            assert_counts_equal(&sum, &whole);
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
            assert_counts_equal(&before, &acc);
            free(sn.hits);
        }
        assert_counts_equal(&acc, &whole);
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
        assert_counts_equal(&out, &sn.sum);
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
        assert_counts_equal(&x, &y);
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

/* The breadth-first finish of the kernel against its depth-first form, branch by branch and on
 * every subproblem prefix of the splits: the same counts and the same nodes. */
static void test_bfs_against_dfs(void **state) {
    (void)state;
    for (int n = 4; n <= 14; n++) {
        for (int corner = 1; corner >= 0; corner--) {
            for (int b1 = 1; b1 < n; b1++) {
                if (!count_task_valid(n, corner, b1))
                    continue;
                count_task t;
                count_task_init(&t, n, corner, b1);
                int prefix[2] = {corner ? 0 : b1, b1};
                int k = corner ? 2 : 1;
                if (k > n - 2)
                    continue;
                nq_counts bfs, dfs, small;
                count_task_solve(&t, prefix, k, &bfs);
                count_task_solve_dfs(&t, prefix, k, &dfs);
                assert_counts_equal(&bfs, &dfs);
                assert_true(bfs.nodes == dfs.nodes);
                /* A scratch arena so small that the levels are expanded in parts. */
                t.bfs_cap = 1000;
                count_task_solve(&t, prefix, k, &small);
                assert_counts_equal(&small, &dfs);
                assert_true(small.nodes == dfs.nodes);
            }
        }
    }
}

/* ---- Deep prefixes of n = 32 and n = 64 ------------------------------------------------- */

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

/* Is the solution admissible for the task, i.e. one the kernel finds (count.c's rules)? */
static int admissible(const count_task *t, const int *cols) {
    int n = t->n;
    uint64_t l = 0, d = 0, r = 0;
    for (int y = 0; y < n; y++) {
        uint64_t bit = (uint64_t)1 << cols[y];
        if (y == n - 1) {
            if (!(~(l | d | r) & t->rowmask[y] & bit))
                return 0;
        } else if (!(count_task_avail(t, y, l, d, r) & bit)) {
            return 0;
        }
        l = (l | bit) << 1, d |= bit, r = (r | bit) >> 1;
    }
    return 1;
}

/* The class size of an admissible solution if it is the least of its admissible images, else
 * 0: the kernel's rule, computed here from nq_transform(). */
static int reference_weight(const count_task *t, const int *cols) {
    int n = t->n, img[NQ_MAX_N], same = 0;
    for (int sym = 0; sym < NQ_SYMMETRIES; sym++) {
        assert_int_equal(nq_transform(n, cols, (nq_symmetry)sym, img), NQ_OK);
        int cmp = memcmp(img, cols, (size_t)n * sizeof *img);
        if (cmp == 0) {
            same++;
            continue;
        }
        count_task u;
        int corner = img[0] == 0;
        int b1 = corner ? img[1] : img[0];
        if (!count_task_valid(n, corner, b1))
            continue;
        count_task_init(&u, n, corner, b1);
        if (!admissible(&u, img))
            continue;
        for (int r = 0; r < n; r++)
            if (img[r] != cols[r]) {
                if (img[r] < cols[r])
                    return 0;
                break;
            }
    }
    return 8 / same;
}

static void check_deep_prefixes(int n, const int *solution, int free_rows) {
    int checked = 0;
    for (int sym = 0; sym < NQ_SYMMETRIES; sym++) {
        int cols[NQ_MAX_N];
        assert_int_equal(nq_transform(n, solution, (nq_symmetry)sym, cols), NQ_OK);
        int corner = cols[0] == 0;
        int b1 = corner ? cols[1] : cols[0];
        if (!count_task_valid(n, corner, b1))
            continue;
        count_task t;
        count_task_init(&t, n, corner, b1);
        int k = n - free_rows;
        /* The prefix must be admissible row by row. */
        uint64_t l = 0, d = 0, r = 0;
        int ok = 1;
        for (int y = 0; y < k && ok; y++) {
            uint64_t bit = (uint64_t)1 << cols[y];
            ok = (count_task_avail(&t, y, l, d, r) & bit) != 0;
            l = (l | bit) << 1, d |= bit, r = (r | bit) >> 1;
        }
        if (!ok)
            continue;
        /* Reference: the plain iterator below the same prefix, filtered and weighted. */
        nq_counts want;
        memset(&want, 0, sizeof want);
        nq_search *s;
        assert_int_equal(nq_search_new(n, cols, k, 0, &s), NQ_OK);
        int sol[NQ_MAX_N];
        int found_self = 0;
        while (nq_search_next(s, sol) == NQ_OK) {
            found_self |= memcmp(sol, cols, (size_t)n * sizeof *sol) == 0;
            if (!admissible(&t, sol))
                continue;
            int w = reference_weight(&t, sol);
            if (!w)
                continue;
            want.total += (unsigned)w;
            want.unique++;
            want.orbit8 += w == 8, want.orbit4 += w == 4, want.orbit2 += w == 2;
        }
        nq_search_free(s);
        assert_true(found_self);
        nq_counts got, dfs;
        count_task_solve(&t, cols, k, &got);
        assert_counts_equal(&got, &want);
        count_task_solve_dfs(&t, cols, k, &dfs);
        assert_counts_equal(&dfs, &want);
        assert_true(got.nodes == dfs.nodes);
        checked++;
    }
    assert_true(checked > 0);
}

/* ---- The method's rules from their definition --------------------------------------------
 * admissible() and reference_weight() above decide with the kernel's own task masks
 * (count_task_avail), so a fault in those masks would pass them, and the breadth-first and
 * depth-first kernels share their look-ahead filter. Here the rules are written from their
 * definition in count.c's head comment, on whole solutions and without the kernel: a solution with
 * a queen at (0, 0) belongs to the corner task b1 = cols[1] when cols[1] is below the row of its
 * column-1 queen; a solution with no corner queen belongs to the edge task b1 = cols[0] when
 * cols[0] is below the middle and the least of the 8 values t, n-1-t, b, n-1-b, l, n-1-l, r, n-1-r
 * (the columns of the top and bottom queens, the rows of the queens in columns 0 and n-1). A
 * solution is counted, with weight 8 / (its images equal to it), when none of its images that
 * belongs to a task is lexicographically smaller. */
static int task_by_definition(int n, const int *cols, int *corner, int *b1) {
    int inv[NQ_MAX_N];
    for (int r = 0; r < n; r++)
        inv[cols[r]] = r;
    if (cols[0] == 0) {
        *corner = 1, *b1 = cols[1];
        return cols[1] < inv[1];
    }
    if (cols[0] == n - 1 || cols[n - 1] == 0 || cols[n - 1] == n - 1)
        return 0; /* another corner: its images with the queen at (0, 0) are counted */
    int t = cols[0], b = cols[n - 1], l = inv[0], r = inv[n - 1];
    const int v[8] = {t, n - 1 - t, b, n - 1 - b, l, n - 1 - l, r, n - 1 - r};
    for (int k = 0; k < 8; k++)
        if (v[k] < t)
            return 0;
    *corner = 0, *b1 = t;
    return 2 * t < n - 1;
}

static int weight_by_definition(int n, const int *cols) {
    int corner, b1, img[NQ_MAX_N], same = 0;
    if (!task_by_definition(n, cols, &corner, &b1))
        return 0;
    for (int sym = 0; sym < 8; sym++) {
        ref_image(n, sym, cols, img);
        int r = 0;
        while (r < n && img[r] == cols[r])
            r++;
        if (r == n)
            same++;
        else if (img[r] < cols[r] && task_by_definition(n, img, &corner, &b1))
            return 0;
    }
    return 8 / same;
}

/* The rules by definition give the OEIS counts, agree with admissible() and reference_weight()
 * on every solution of n = 4..10, and each task of the kernel counts exactly the solutions that
 * belong to it by definition, with their weights. */
static void test_rules_by_definition(void **state) {
    (void)state;
    for (int n = 4; n <= 10; n++) {
        int *sols;
        size_t count = ref_solutions(n, &sols);
        nq_counts all, task[2][NQ_MAX_N];
        memset(&all, 0, sizeof all);
        memset(task, 0, sizeof task);
        for (size_t i = 0; i < count; i++) {
            const int *s = sols + i * (size_t)n;
            int corner = -1, b1 = -1, w = weight_by_definition(n, s);
            int mine = task_by_definition(n, s, &corner, &b1);
            for (int c = 1; c >= 0; c--)
                for (int b = 1; b < n; b++) {
                    if (!count_task_valid(n, c, b))
                        continue;
                    count_task t;
                    count_task_init(&t, n, c, b);
                    int in = mine && c == corner && b == b1;
                    assert_int_equal(admissible(&t, s), in);
                    if (in)
                        assert_int_equal(reference_weight(&t, s), w);
                }
            if (!w)
                continue;
            nq_counts *x = &task[corner][b1];
            for (nq_counts *y = &all; y; y = y == &all ? x : NULL) {
                y->total += (unsigned)w;
                y->unique++;
                y->orbit8 += w == 8, y->orbit4 += w == 4, y->orbit2 += w == 2;
            }
        }
        free(sols);
        assert_counts_match_table(n, &all);
        for (int c = 1; c >= 0; c--)
            for (int b = 1; b < n; b++) {
                if (!count_task_valid(n, c, b) || (c ? 2 : 1) > n - 2)
                    continue;
                count_task t;
                count_task_init(&t, n, c, b);
                int prefix[2] = {c ? 0 : b, b};
                nq_counts bfs, dfs;
                count_task_solve(&t, prefix, c ? 2 : 1, &bfs);
                count_task_solve_dfs(&t, prefix, c ? 2 : 1, &dfs);
                assert_counts_equal(&bfs, &task[c][b]);
                assert_counts_equal(&dfs, &task[c][b]);
            }
    }
}

static void test_deep_prefixes(void **state) {
    (void)state;
    int cols[NQ_MAX_N];
    construct_mod2(32, cols);
    assert_int_equal(nq_validate(32, cols, 0, NULL), NQ_OK);
    check_deep_prefixes(32, cols, 13);
    construct_even(64, cols);
    assert_int_equal(nq_validate(64, cols, 0, NULL), NQ_OK);
    check_deep_prefixes(64, cols, 13);
    construct_even(34, cols);
    assert_int_equal(nq_validate(34, cols, 0, NULL), NQ_OK);
    check_deep_prefixes(34, cols, 14);
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
        cmocka_unit_test(test_bfs_against_dfs),
        cmocka_unit_test(test_rules_by_definition),
        cmocka_unit_test(test_deep_prefixes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
