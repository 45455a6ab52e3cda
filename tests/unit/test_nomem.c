/*
 * test_nomem.c: every allocation the library checks, proven by failing it. The test is linked
 * with -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free (CMakeLists.txt), so that
 * every call of these in the static library (and in this file) goes through the wrappers below,
 * which count the allocations and the blocks alive and can fail the k-th allocation of a job.
 * Each job (a count, a check through the reader and the checker, a completion) is run once as
 * it is, then again with allocation k failing, for k = 1, 2, ... until a run makes fewer than k
 * allocations: every failed run must return NQ_ENOMEM (or NQ_OK with the right answer, where
 * the library can do without the memory), and must not crash or leak: the blocks alive after
 * the job's own cleanup are those alive before (LeakSanitizer checks the same in the sanitizer
 * build). A second pass fails every allocation from the k-th on, for the paths that allocate
 * again while cleaning up. The method is SQLite's fault injection (its test_malloc.c), on the
 * linker's symbol wrapping rather than a replaceable allocator.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../../src/complete.h"
#include "nqueens_advanced.h"

/* ---- The wrappers ------------------------------------------------------------------------- */

void *__real_malloc(size_t size);
void *__real_calloc(size_t count, size_t size);
void *__real_realloc(void *p, size_t size);
void __real_free(void *p);
void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t count, size_t size);
void *__wrap_realloc(void *p, size_t size);
void __wrap_free(void *p);

/* Atomic: a count allocates from its worker threads. */
static atomic_long nomem_calls;   /* allocations asked for while armed */
static atomic_long nomem_live;    /* blocks alive (malloc'd and not freed) */
static atomic_int nomem_failures; /* allocations failed on purpose in this run */
static long nomem_fail_at;        /* 0: fail none; else fail allocation nomem_fail_at */
static int nomem_sticky;          /* fail every allocation from nomem_fail_at on */
static atomic_int nomem_armed;

/* Whether this allocation fails. */
static int nomem_fail(void) {
    if (!atomic_load(&nomem_armed)) {
        return 0;
    }
    long k = atomic_fetch_add(&nomem_calls, 1) + 1;
    if (nomem_fail_at > 0 && (k == nomem_fail_at || (nomem_sticky && k > nomem_fail_at))) {
        atomic_fetch_add(&nomem_failures, 1);
        return 1;
    }
    return 0;
}

void *__wrap_malloc(size_t size) {
    if (nomem_fail()) {
        return NULL;
    }
    void *p = __real_malloc(size);
    if (p) {
        atomic_fetch_add(&nomem_live, 1);
    }
    return p;
}

void *__wrap_calloc(size_t count, size_t size) {
    if (nomem_fail()) {
        return NULL;
    }
    void *p = __real_calloc(count, size);
    if (p) {
        atomic_fetch_add(&nomem_live, 1);
    }
    return p;
}

void *__wrap_realloc(void *p, size_t size) {
    if (nomem_fail()) {
        return NULL;
    }
    void *q = __real_realloc(p, size);
    if (q && !p) {
        atomic_fetch_add(&nomem_live, 1);
    }
    return q;
}

void __wrap_free(void *p) {
    if (p) {
        atomic_fetch_sub(&nomem_live, 1);
    }
    __real_free(p);
}

/* ---- The driver --------------------------------------------------------------------------- */

/* A job: runs one use of the library from scratch and releases everything it made, whatever
 * happens; returns the first status that is not NQ_OK (or NQ_OK) and writes what it computed
 * into out (compared with the run without failures). */
typedef int (*nomem_job)(void *out);

static void nomem_run(const char *name, nomem_job job, size_t out_size) {
    unsigned char *want = __real_calloc(1, out_size), *got = __real_calloc(1, out_size);
    assert_true(want && got);
    long base = atomic_load(&nomem_live);
    nomem_fail_at = 0;
    atomic_store(&nomem_calls, 0);
    atomic_store(&nomem_armed, 1);
    int rc = job(want);
    atomic_store(&nomem_armed, 0);
    long allocations = atomic_load(&nomem_calls);
    if (rc != NQ_OK) {
        fail_msg("%s: status %d without a failed allocation", name, rc);
    }
    assert_int_equal(atomic_load(&nomem_live), base);
    assert_true(allocations > 0);
    printf("%s: %ld allocations, each failed in turn\n", name, allocations);
    for (nomem_sticky = 0; nomem_sticky < 2; nomem_sticky++) {
        for (long k = 1;; k++) {
            memset(got, 0, out_size);
            nomem_fail_at = k;
            atomic_store(&nomem_calls, 0);
            atomic_store(&nomem_failures, 0);
            atomic_store(&nomem_armed, 1);
            rc = job(got);
            atomic_store(&nomem_armed, 0);
            nomem_fail_at = 0;
            long live = atomic_load(&nomem_live);
            if (live != base) {
                fail_msg("%s: %ld block(s) leaked when allocation %ld %s (status %d)", name,
                         live - base, k, nomem_sticky ? "and the later ones failed" : "failed", rc);
            }
            if (atomic_load(&nomem_failures) == 0) {
                assert_int_equal(rc, NQ_OK); /* k is past the job's last allocation */
                assert_memory_equal(got, want, out_size);
                break;
            }
            if (rc == NQ_OK) { /* it could do without: then the answer is still right */
                assert_memory_equal(got, want, out_size);
            } else if (rc != NQ_ENOMEM) {
                fail_msg("%s: status %d when allocation %ld %s (want NQ_ENOMEM)", name, rc, k,
                         nomem_sticky ? "and the later ones failed" : "failed");
            }
            assert_true(k < 1000000);
        }
    }
    __real_free(want);
    __real_free(got);
}

/* ---- Counts ------------------------------------------------------------------------------- */

static int job_count(void *out) {
    return nq_count(9, out);
}

static int job_count_threads(void *out) {
    nq_split *s;
    int rc = nq_split_new(10, &s);
    if (rc != NQ_OK) {
        return rc;
    }
    nq_count_options opt = {.threads = 2};
    nq_counts *c = out;
    memset(c, 0, sizeof *c);
    rc = nq_count_split(s, &opt, c);
    nq_split_free(s);
    c->nodes = 0; /* the same on every run, but not what is compared */
    return rc;
}

/* The quadrant join: its quadrants' placements and each thread's halves and blocks. */
static int job_count_quadrant(void *out) {
    nq_split *s;
    int rc = nq_split_new_method(11, NQ_METHOD_QUADRANT, &s);
    if (rc != NQ_OK) {
        return rc;
    }
    nq_count_options opt = {.threads = 2, .method = NQ_METHOD_QUADRANT};
    nq_counts *c = out;
    memset(c, 0, sizeof *c);
    rc = nq_count_split(s, &opt, c);
    nq_split_free(s);
    return rc;
}

/* nq_split_solve() of a quadrant split, which builds the split's tables at its first subproblem
 * that needs them and a scratch of its own at each: a call that fails leaves its out untouched,
 * as nqueens.h promises (it was zeroed before the build, so a caller adding it up on a failure it
 * did not look at added zeros rather than its own sentinel). */
static int nomem_out_touched;

static int job_split_solve_quadrant(void *out) {
    nq_split *s;
    int rc = nq_split_new_method(11, NQ_METHOD_QUADRANT, &s);
    if (rc != NQ_OK) {
        return rc;
    }
    nq_counts *sum = out;
    memset(sum, 0, sizeof *sum);
    for (uint64_t i = 0; rc == NQ_OK && i < 8 && i < nq_split_size(s); i++) {
        nq_counts c, before;
        memset(&c, 0xA5, sizeof c);
        memcpy(&before, &c, sizeof c);
        rc = nq_split_solve(s, i, &c);
        if (rc == NQ_OK) {
            nq_counts_add(sum, &c);
        } else if (memcmp(&c, &before, sizeof c) != 0) {
            nomem_out_touched++;
        }
    }
    nq_split_free(s);
    return rc;
}

static void test_count(void **state) {
    (void)state;
    nomem_out_touched = 0;
    nomem_run("nq_split_solve(11, the quadrant join)", job_split_solve_quadrant, sizeof(nq_counts));
    assert_int_equal(nomem_out_touched, 0);
    nomem_run("nq_count_split(11, the quadrant join)", job_count_quadrant, sizeof(nq_counts));
    nomem_run("nq_count(9)", job_count, sizeof(nq_counts));
    nomem_run("nq_count_split(10, 2 threads)", job_count_threads, sizeof(nq_counts));
}

/* ---- Checks ------------------------------------------------------------------------------- */

/* What a check computed: the verdicts' kinds and the group's sums. */
typedef struct check_result {
    int kinds[16];
    uint64_t items, valid, wrong, duplicates;
    int complete, ordered;
} check_result;

/* Reads the list with r (freed here) and judges it. */
static int check_list(nq_reader *r, int n, check_result *out) {
    nq_checker *c = NULL;
    int rc = nq_checker_new(n, &c);
    nq_item it;
    int k = 0;
    while (rc == NQ_OK && (rc = nq_reader_next(r, &it)) == NQ_OK) {
        nq_verdict v;
        rc = nq_checker_add(c, &it, &v);
        if (rc == NQ_OK && k < 16) {
            out->kinds[k++] = (int)v.kind + 1;
        }
    }
    if (rc == NQ_DONE) {
        nq_check_group g;
        rc = nq_checker_group(c, 0, &g);
        if (rc == NQ_OK) {
            out->items = g.items;
            out->valid = g.valid;
            out->wrong = g.wrong;
            out->duplicates = g.duplicates;
            out->complete = g.complete;
            out->ordered = g.ordered;
        }
    }
    nq_checker_free(c);
    nq_reader_free(r);
    return rc;
}

/* The 4 solutions of n = 6 in cols, one twice, a line of two attacking queens and a bad line:
 * the incomplete list makes the checker find the first missing solution. */
static const char check_cols[] = "\xEF\xBB\xBF"
                                 "1 3 5 0 2 4\n"
                                 "2 5 1 4 0 3\n"
                                 "1 3 5 0 2 4\n"
                                 "0 1 2 3 4 5\n"
                                 "x y\n"
                                 "4 2 0 5 3 1\n";
static const char check_json[] = "[[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"],"
                                 "[\"..Q.\",\"Q...\",\"...Q\",\".Q..\"],"
                                 "[\"..Q.\",\"Q...\",\"...Q\",\".Q..\"]]";
static const char check_boards[] = ".Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n";

static int job_check_text(void *out) {
    nq_reader *r;
    int rc = nq_reader_new(check_cols, sizeof check_cols - 1, NQ_INPUT_AUTO, 0, &r);
    return rc != NQ_OK ? rc : check_list(r, 0, out);
}

static int job_check_json(void *out) {
    nq_reader *r;
    int rc = nq_reader_new(check_json, sizeof check_json - 1, NQ_INPUT_AUTO, 0, &r);
    return rc != NQ_OK ? rc : check_list(r, 4, out);
}

static int job_check_boards(void *out) {
    nq_reader *r;
    int rc = nq_reader_new(check_boards, sizeof check_boards - 1, NQ_INPUT_AUTO, 0, &r);
    return rc != NQ_OK ? rc : check_list(r, 0, out);
}

/* A stream that hands out the text 5 bytes at a time. */
typedef struct chunks {
    const char *text;
    size_t len, pos;
} chunks;

static int chunks_read(void *user, char *buf, size_t cap, size_t *got) {
    chunks *c = user;
    size_t k = c->len - c->pos < 5 ? c->len - c->pos : 5;
    k = k < cap ? k : cap;
    memcpy(buf, c->text + c->pos, k);
    c->pos += k;
    *got = k;
    return NQ_OK;
}

static int job_check_stream(void *out) {
    static chunks c;
    c = (chunks){check_cols, sizeof check_cols - 1, 0};
    nq_reader *r;
    int rc = nq_reader_open(chunks_read, &c, NQ_INPUT_AUTO, 0, &r);
    return rc != NQ_OK ? rc : check_list(r, 0, out);
}

static void test_check(void **state) {
    (void)state;
    nomem_run("check cols", job_check_text, sizeof(check_result));
    nomem_run("check json", job_check_json, sizeof(check_result));
    nomem_run("check board", job_check_boards, sizeof(check_result));
    nomem_run("check a stream", job_check_stream, sizeof(check_result));
}

/* ---- Completions -------------------------------------------------------------------------- */

/* What a completion computed: the first completion, the count, the first listed ones. */
typedef struct complete_result {
    int first[16];
    nq_u128 count;
    int listed[4][16];
    int nlisted;
    int first_rc, each_rc;
} complete_result;

static int keep_listed(void *user, int n, const int *cols) {
    complete_result *out = user;
    memcpy(out->listed[out->nlisted++], cols, (size_t)n * sizeof *cols);
    return out->nlisted == 4;
}

/* first, count and each (the first 4) of the instance read by parse, on one engine. */
static int complete_all(int (*parse)(nq_instance **inst), int engine, complete_result *out) {
    nq_instance *inst = NULL;
    int rc = parse(&inst);
    if (rc != NQ_OK) {
        return rc;
    }
    out->first_rc = complete_first_with(inst, engine, out->first, NULL, NULL);
    rc = out->first_rc == NQ_ENOSOL ? NQ_OK : out->first_rc;
    if (rc == NQ_OK) {
        rc = complete_count_with(inst, engine, &out->count, NULL, NULL);
    }
    if (rc == NQ_OK) {
        out->each_rc = complete_each_with(inst, engine, keep_listed, out, NULL, NULL);
        rc = out->each_rc == NQ_STOPPED || out->each_rc == NQ_ENOSOL ? NQ_OK : out->each_rc;
    }
    nq_instance_free(inst);
    return rc;
}

static int parse_queens(nq_instance **inst) {
    return nq_instance_parse_queens("3-3, 4-1", 8, inst, NULL, NULL, 0);
}

static int parse_board(nq_instance **inst) {
    static const char board[] = "\xEF\xBB\xBF"
                                "x.........\n..........\n.....Q....\n..........\n"
                                "..........\n..........\n.x........\n..........\n"
                                "..........\n.........x\n";
    return nq_instance_parse(board, sizeof board - 1, 0, -1, inst, NULL, NULL, 0);
}

static int parse_diags(nq_instance **inst) {
    static const char data[] =
        "n = 11;\nnumdiags = 4;\ndiags = [[0, 1], [10, 1], [5, 0], [12, 0]];\n"
        "init = [[2, 2]];\n";
    return nq_instance_parse(data, sizeof data - 1, 0, -1, inst, NULL, NULL, 0);
}

static int job_complete_word_queens(void *out) {
    return complete_all(parse_queens, COMPLETE_ENGINE_AUTO, out);
}

static int job_complete_trail_queens(void *out) {
    return complete_all(parse_queens, COMPLETE_ENGINE_GENERAL, out);
}

static int job_complete_word_board(void *out) {
    return complete_all(parse_board, COMPLETE_ENGINE_AUTO, out);
}

static int job_complete_trail_board(void *out) {
    return complete_all(parse_board, COMPLETE_ENGINE_GENERAL, out);
}

static int job_complete_diags(void *out) {
    return complete_all(parse_diags, COMPLETE_ENGINE_AUTO, out);
}

static int job_complete_trail_diags(void *out) {
    return complete_all(parse_diags, COMPLETE_ENGINE_GENERAL, out);
}

static void test_complete(void **state) {
    (void)state;
    nomem_run("complete --queens, one-word engine", job_complete_word_queens,
              sizeof(complete_result));
    nomem_run("complete --queens, general engine", job_complete_trail_queens,
              sizeof(complete_result));
    nomem_run("complete a board, one-word engine", job_complete_word_board,
              sizeof(complete_result));
    nomem_run("complete a board, general engine", job_complete_trail_board,
              sizeof(complete_result));
    nomem_run("complete CSPLib data, one-word engine", job_complete_diags, sizeof(complete_result));
    nomem_run("complete CSPLib data, general engine", job_complete_trail_diags,
              sizeof(complete_result));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_count),
        cmocka_unit_test(test_check),
        cmocka_unit_test(test_complete),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
