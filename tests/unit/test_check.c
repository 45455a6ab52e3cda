/* test_check.c: the judge of solution lists (check.c): the known counts against the OEIS table
 * (tests/data/counts.txt) and a brute force, complete and incomplete lists with the first missing
 * solution, every kind of wrong answer, random lists against a reference judge, and the cases of a
 * `cases` output. Items come from the readers (test_reader.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

/* Judges a text; returns the verdicts (up to 64) and fills group 0's report. */
static int judge(const char *s, int n, nq_verdict *v, int max, nq_check_group *g) {
    nq_reader *r;
    nq_checker *c;
    assert_int_equal(nq_reader_new(s, strlen(s), NQ_INPUT_AUTO, n, &r), NQ_OK);
    assert_int_equal(nq_checker_new(n, &c), NQ_OK);
    nq_item it;
    int k = 0, rc;
    nq_verdict scratch;
    while ((rc = nq_reader_next(r, &it)) == NQ_OK) {
        assert_int_equal(nq_checker_add(c, &it, k < max ? &v[k] : &scratch), NQ_OK);
        k++;
    }
    assert_int_equal(rc, NQ_DONE);
    if (g) {
        assert_int_equal(nq_checker_group(c, 0, g), NQ_OK);
        /* first_missing lives in the checker: copy what the tests look at. */
        static int missing[64];
        if (g->first_missing) {
            memcpy(missing, g->first_missing, (size_t)g->n * sizeof(int));
            g->first_missing = missing;
        }
    }
    nq_checker_free(c);
    nq_reader_free(r);
    return k;
}

static void test_known_counts(void **state) {
    (void)state;
    for (int n = 1; n <= 27; n++) {
        ref_counts ref = ref_table(n);
        nq_u128 total, unique;
        assert_int_equal(nq_known_count(n, &total, &unique), NQ_OK);
        assert_true(total == ref.total);
        assert_true(unique == ref.unique);
    }
    /* Against the brute-force reference too, for small n. */
    for (int n = 1; n <= 9; n++) {
        int *sols;
        size_t k = ref_solutions(n, &sols);
        nq_u128 total;
        assert_int_equal(nq_known_count(n, &total, NULL), NQ_OK);
        assert_true(total == k);
        free(sols);
    }
    assert_int_equal(nq_known_count(28, NULL, NULL), NQ_ERANGE);
    assert_int_equal(nq_known_count(0, NULL, NULL), NQ_EINVAL);
}

/* Complete lists from the reference are complete and ordered; one missing is found, for each
 * position it could be missing from. */
static void test_complete_lists(void **state) {
    (void)state;
    for (int n = 1; n <= 8; n++) {
        int *ref;
        size_t count = ref_solutions(n, &ref);
        text_buf t = text_list(NQ_FMT_COLS, n, ref, count);
        nq_check_group g;
        judge(t.s, n, NULL, 0, &g);
        assert_true(g.known && g.complete && g.ordered);
        assert_true(g.valid == count && g.wrong == 0 && g.missing == 0);
        free(t.s);
        for (size_t skip = 0; skip < count && n <= 6; skip++) {
            int *less = malloc((count ? count : 1) * (size_t)n * sizeof(int));
            size_t k = 0;
            for (size_t i = 0; i < count; i++)
                if (i != skip)
                    memcpy(less + (k++) * (size_t)n, ref + i * (size_t)n, (size_t)n * sizeof(int));
            text_buf u = text_list(NQ_FMT_PAIRS, n, less, k);
            judge(u.s, n, NULL, 0, &g);
            assert_false(g.complete);
            assert_true(g.missing == 1 && g.valid == count - 1 && g.ordered);
            assert_non_null(g.first_missing);
            assert_memory_equal(g.first_missing, ref + skip * (size_t)n, (size_t)n * sizeof(int));
            free(u.s);
            free(less);
        }
        free(ref);
    }
    /* n = 2: the empty list is complete. */
    nq_check_group g;
    judge("", 2, NULL, 0, &g);
    assert_true(g.known && g.complete && g.items == 0);
}

/* The wrong answers people really produce. */
static void test_wrong_answers(void **state) {
    (void)state;
    nq_verdict v[8];
    nq_check_group g;
    /* The 8x8 main-diagonal "solution". */
    judge("0 1 2 3 4 5 6 7\n", 0, v, 8, &g);
    assert_int_equal(v[0].kind, NQ_VERDICT_ATTACK);
    assert_int_equal(v[0].conflict.kind, NQ_ATTACK_DIAGONAL);
    assert_int_equal(v[0].conflict.row1, 0);
    assert_int_equal(v[0].conflict.col1, 0);
    assert_int_equal(v[0].conflict.row2, 1);
    assert_int_equal(v[0].conflict.col2, 1);
    /* Two queens in a column (a board). */
    judge(".Q..\n...Q\nQ...\n.Q..\n", 0, v, 8, &g);
    assert_int_equal(v[0].kind, NQ_VERDICT_ATTACK);
    assert_int_equal(v[0].conflict.kind, NQ_ATTACK_COLUMN);
    assert_int_equal(v[0].conflict.row1, 0);
    assert_int_equal(v[0].conflict.row2, 3);
    /* Two queens in a row, one row empty. */
    judge("Q..Q\n....\n.Q..\n..Q.\n", 0, v, 8, &g);
    assert_int_equal(v[0].kind, NQ_VERDICT_ATTACK);
    assert_int_equal(v[0].conflict.kind, NQ_ATTACK_ROW);
    assert_int_equal(v[0].conflict.col1, 0);
    assert_int_equal(v[0].conflict.col2, 3);
    /* An earlier attack comes first: rows 0 and 1 share a diagonal before row 2's two queens. */
    judge("Q...\n.Q..\nQ.Q.\n....\n", 0, v, 8, &g);
    assert_int_equal(v[0].conflict.kind, NQ_ATTACK_DIAGONAL);
    assert_int_equal(v[0].conflict.row2, 1);
    /* A solution twice, and the list out of order. */
    judge("1 3 0 2\n2 0 3 1\n1 3 0 2\n", 0, v, 8, &g);
    assert_int_equal(v[2].kind, NQ_VERDICT_DUPLICATE);
    assert_true(v[2].dup_of == 1 && v[2].dup_line == 1);
    assert_true(g.duplicates == 1 && !g.complete && !g.ordered);
    assert_true(g.order_index == 3 && g.order_line == 3);
    judge("2 0 3 1\n1 3 0 2\n", 0, v, 8, &g);
    assert_true(g.valid == 2 && !g.ordered && g.order_index == 2 && g.complete);
    /* A count of 48042 for n = 8 (a search that forgot the column test), and the right one. */
    judge("48042\n", 8, v, 8, &g);
    assert_int_equal(v[0].kind, NQ_VERDICT_CLAIM_WRONG);
    assert_true(v[0].known_total == 92);
    judge("92\n", 8, v, 8, &g);
    assert_int_equal(v[0].kind, NQ_VERDICT_CLAIM_RIGHT);
    judge("{\"n\":8,\"total\":92,\"unique\":11}\n", 0, v, 8, &g);
    assert_int_equal(v[0].kind, NQ_VERDICT_CLAIM_WRONG);
    judge("{\"n\":30,\"total\":1}\n", 0, v, 8, &g);
    assert_int_equal(v[0].kind, NQ_VERDICT_CLAIM_UNKNOWN);
    assert_true(g.unchecked == 1 && g.wrong == 0);
    /* "-1" is right only for n = 2 and 3. */
    judge("-1\n", 3, v, 8, &g);
    assert_int_equal(v[0].kind, NQ_VERDICT_CLAIM_RIGHT);
    judge("-1\n", 5, v, 8, &g);
    assert_int_equal(v[0].kind, NQ_VERDICT_CLAIM_WRONG);
    judge("-1\n", 0, v, 8, &g);
    assert_int_equal(v[0].kind, NQ_VERDICT_CLAIM_UNKNOWN);
    /* An incomplete placement; a board of another size; a malformed line. */
    judge("1 3 -1 2\n", 0, v, 8, &g);
    assert_int_equal(v[0].kind, NQ_VERDICT_INCOMPLETE);
    assert_int_equal(v[0].row, 2);
    judge("1 3 0 2\n0 2 4 1 3\n1 3 x 2\n", 0, v, 8, &g);
    assert_int_equal(v[1].kind, NQ_VERDICT_SIZE);
    assert_int_equal(v[1].list_n, 4);
    assert_int_equal(v[2].kind, NQ_VERDICT_MALFORMED);
    assert_true(g.wrong == 2 && g.valid == 1);
    /* --n insists on a size. */
    judge("1 3 0 2\n", 5, v, 8, &g);
    assert_int_equal(v[0].kind, NQ_VERDICT_SIZE);
    /* And on the size of a claim that names its n ("8 92" with --n 9 was judged right). */
    judge("8 92\n9 352\n", 9, v, 8, &g);
    assert_int_equal(v[0].kind, NQ_VERDICT_SIZE);
    assert_true(v[0].n == 8 && v[0].list_n == 9);
    assert_int_equal(v[1].kind, NQ_VERDICT_CLAIM_RIGHT);
    assert_true(g.wrong == 1 && g.n == 9);
    judge("{\"n\":8,\"total\":92}\n", 9, v, 8, &g);
    assert_int_equal(v[0].kind, NQ_VERDICT_SIZE);
}

/* Every cols placement of n = 5 (3125) and every set of queens on a 4x4 board (65536): the
 * verdict agrees with the brute-force pairwise reference. */
static void test_against_reference(void **state) {
    (void)state;
    nq_checker *c;
    for (int n = 4; n <= 5; n++) {
        assert_int_equal(nq_checker_new(n, &c), NQ_OK);
        int total = 1;
        for (int i = 0; i < n; i++)
            total *= n;
        for (int code = 0; code < total; code++) {
            int rows[5], cols[5], x = code;
            for (int i = n - 1; i >= 0; i--) { /* codes in lexicographic order */
                rows[i] = i;
                cols[i] = x % n;
                x /= n;
            }
            nq_item it = {.kind = NQ_ITEM_PLACEMENT,
                          .n = n,
                          .queens = (size_t)n,
                          .rows = rows,
                          .cols = cols,
                          .line = code + 1};
            nq_verdict v;
            assert_int_equal(nq_checker_add(c, &it, &v), NQ_OK);
            int attacked = 0;
            for (int i = 0; i < n; i++)
                for (int j = i + 1; j < n; j++)
                    attacked |= ref_attacks(i, cols[i], j, cols[j]);
            assert_int_equal(v.kind, attacked ? NQ_VERDICT_ATTACK : NQ_VERDICT_VALID);
            if (attacked)
                assert_true(ref_attacks(v.conflict.row1, v.conflict.col1, v.conflict.row2,
                                        v.conflict.col2));
        }
        nq_check_group g;
        assert_int_equal(nq_checker_group(c, 0, &g), NQ_OK);
        assert_true(g.complete == 0 && g.valid == (n == 4 ? 2 : 10) && g.ordered);
        nq_checker_free(c);
    }
    assert_int_equal(nq_checker_new(0, &c), NQ_OK);
    for (int mask = 0; mask < 1 << 16; mask++) {
        int rows[16], cols[16];
        size_t k = 0;
        for (int cell = 0; cell < 16; cell++)
            if (mask >> cell & 1) {
                rows[k] = cell / 4;
                cols[k] = cell % 4;
                k++;
            }
        nq_item it = {.kind = NQ_ITEM_PLACEMENT, .n = 4, .queens = k, .rows = rows, .cols = cols};
        nq_verdict v;
        assert_int_equal(nq_checker_add(c, &it, &v), NQ_OK);
        int attacked = 0;
        for (size_t i = 0; i < k; i++)
            for (size_t j = i + 1; j < k; j++)
                attacked |= rows[i] == rows[j] || ref_attacks(rows[i], cols[i], rows[j], cols[j]);
        if (attacked) {
            assert_int_equal(v.kind, NQ_VERDICT_ATTACK);
            const nq_conflict *q = &v.conflict;
            assert_true(mask >> (q->row1 * 4 + q->col1) & 1);
            assert_true(mask >> (q->row2 * 4 + q->col2) & 1);
            assert_true(q->row1 != q->row2 || q->col1 != q->col2);
            assert_true(q->row1 == q->row2 ? q->kind == NQ_ATTACK_ROW
                                           : ref_attacks(q->row1, q->col1, q->row2, q->col2));
        } else if (k < 4) {
            assert_int_equal(v.kind, NQ_VERDICT_INCOMPLETE);
        } else {
            assert_true(v.kind == NQ_VERDICT_VALID || v.kind == NQ_VERDICT_DUPLICATE);
        }
    }
    nq_checker_free(c);
}

static void test_cases_groups(void **state) {
    (void)state;
    const char *s = "[1 ]\n-1\n[2 4 1 3 ]\n[3 1 4 2 ] [2 4 1 3 ]\n";
    nq_reader *r;
    nq_checker *c;
    assert_int_equal(nq_reader_new(s, strlen(s), NQ_INPUT_AUTO, 0, &r), NQ_OK);
    assert_int_equal(nq_checker_new(0, &c), NQ_OK);
    nq_item it;
    while (nq_reader_next(r, &it) == NQ_OK)
        assert_int_equal(nq_checker_add(c, &it, NULL), NQ_OK);
    assert_int_equal(nq_checker_groups(c), 4);
    nq_check_group g;
    assert_int_equal(nq_checker_group(c, 0, &g), NQ_OK);
    assert_true(g.n == 1 && g.complete && g.ordered);
    assert_int_equal(nq_checker_group(c, 1, &g), NQ_OK);
    assert_true(g.claims_none && g.unchecked == 1);
    assert_int_equal(nq_checker_group(c, 2, &g), NQ_OK);
    assert_true(g.n == 4 && !g.complete && g.missing == 1 && g.first_missing[0] == 2);
    assert_int_equal(nq_checker_group(c, 3, &g), NQ_OK);
    assert_true(g.n == 4 && g.valid == 2 && !g.ordered && g.complete);
    assert_int_equal(nq_checker_group(c, 4, &g), NQ_EINVAL);
    nq_checker_free(c);
    nq_reader_free(r);
    nq_checker_free(NULL);
    assert_int_equal(nq_checker_new(-1, &c), NQ_EINVAL);
}

/* Duplicates in lists in any order, against a reference (the first equal item before, by a linear
 * scan): solutions of n = 6..9 drawn at random with repeats, in increasing order, decreasing,
 * and shuffled, so that the sorted run and the set of the checker's store both hold some; the
 * first missing solution against the reference's first solution never drawn. */
static void test_duplicates_any_order(void **state) {
    (void)state;
    uint64_t seed = 12345;
    for (int n = 6; n <= 9; n++) {
        int *sols;
        size_t count = ref_solutions(n, &sols);
        for (int order = 0; order < 3; order++) {
            size_t k = 3 * count;
            size_t *pick = malloc(k * sizeof *pick);
            assert_non_null(pick);
            for (size_t i = 0; i < k; i++) {
                seed = seed * 6364136223846793005ull + 1442695040888963407ull;
                pick[i] = (size_t)(seed >> 33) % count;
            }
            if (order < 2) /* sorted, increasing or decreasing: long runs of repeats */
                for (size_t i = 1; i < k; i++)
                    for (size_t j = i;
                         j > 0 && (order ? pick[j - 1] < pick[j] : pick[j - 1] > pick[j]); j--) {
                        size_t t = pick[j];
                        pick[j] = pick[j - 1];
                        pick[j - 1] = t;
                    }
            k = order == 2 ? count / 2 : k; /* shuffled: some solutions missing */
            nq_checker *c;
            assert_int_equal(nq_checker_new(n, &c), NQ_OK);
            int rows[9] = {0, 1, 2, 3, 4, 5, 6, 7, 8};
            for (size_t i = 0; i < k; i++) {
                nq_item it = {.kind = NQ_ITEM_PLACEMENT,
                              .n = n,
                              .queens = (size_t)n,
                              .rows = rows,
                              .cols = sols + pick[i] * (size_t)n,
                              .line = (int)(10 * i + 3)};
                nq_verdict v;
                assert_int_equal(nq_checker_add(c, &it, &v), NQ_OK);
                size_t first = i;
                for (size_t j = 0; j < i && first == i; j++)
                    if (pick[j] == pick[i])
                        first = j;
                if (first == i) {
                    assert_int_equal(v.kind, NQ_VERDICT_VALID);
                } else {
                    assert_int_equal(v.kind, NQ_VERDICT_DUPLICATE);
                    assert_int_equal(v.dup_of, first + 1);
                    assert_int_equal(v.dup_line, (int)(10 * first + 3));
                }
            }
            nq_check_group g;
            assert_int_equal(nq_checker_group(c, 0, &g), NQ_OK);
            size_t missing = count;
            for (size_t s = 0; s < count && missing == count; s++) {
                int listed = 0;
                for (size_t i = 0; i < k && !listed; i++)
                    listed = pick[i] == s;
                if (!listed)
                    missing = s;
            }
            if (missing == count) {
                assert_null(g.first_missing);
            } else {
                assert_non_null(g.first_missing);
                assert_memory_equal(g.first_missing, sols + missing * (size_t)n,
                                    (size_t)n * sizeof(int));
            }
            nq_checker_free(c);
            free(pick);
        }
        free(sols);
    }
}

/* Judges one text holding one claim; returns its verdict. */
static nq_verdict judge_one(const char *s, int n) {
    nq_verdict v[2];
    assert_int_equal(judge(s, n, v, 2, NULL), 1);
    return v[0];
}

/* A JSON count claim of n with the six counts (decimal strings). */
static const char *claim_json(int n, const char *const c[6]) {
    static char buf[512];
    snprintf(buf, sizeof buf,
             "{\"n\":%d,\"total\":\"%s\",\"unique\":\"%s\",\"orbit8\":\"%s\",\"orbit4\":\"%s\","
             "\"orbit2\":\"%s\",\"orbit1\":\"%s\"}\n",
             n, c[0], c[1], c[2], c[3], c[4], c[5]);
    return buf;
}

/* Every count of a claim is judged: against the table for n <= 27 (each field alone off by one
 * is wrong, and named), against the identities beyond (and always). The two claims of issue 20
 * item 2 used to be called right. */
static void test_count_claims(void **state) {
    (void)state;
    for (int n = 1; n <= 27; n++) {
        ref_counts ref = ref_table(n);
        const nq_u128 vals[6] = {ref.total,  ref.unique, ref.orbit8,
                                 ref.orbit4, ref.orbit2, ref.orbit1};
        char text[6][41];
        const char *c[6];
        for (int i = 0; i < 6; i++)
            c[i] = nq_u128_to_string(vals[i], text[i]);
        nq_verdict v = judge_one(claim_json(n, c), 0);
        assert_int_equal(v.kind, NQ_VERDICT_CLAIM_RIGHT);
        assert_true(v.wrong_fields == 0 && !v.contradiction && v.unjudged_fields == 0);
        assert_true(v.known_orbit8 == ref.orbit8 && v.known_orbit4 == ref.orbit4 &&
                    v.known_orbit2 == ref.orbit2 && v.known_orbit1 == ref.orbit1);
        for (int i = 0; i < 6; i++) {
            char bumped[41];
            const char *d[6];
            memcpy(d, c, sizeof d);
            d[i] = nq_u128_to_string(vals[i] + 1, bumped);
            v = judge_one(claim_json(n, d), 0);
            assert_int_equal(v.kind, NQ_VERDICT_CLAIM_WRONG);
            assert_int_equal(v.wrong_fields, 1u << i);
            assert_true(v.contradiction); /* one count changed alone breaks an identity */
        }
    }
    /* Issue 20 item 2: orbit8 edited in `count 12 --json`, and a claim whose orbits sum to 7. */
    nq_verdict v = judge_one("{\"n\":12,\"total\":14200,\"unique\":1787,\"orbit8\":1000,"
                             "\"orbit4\":18,\"orbit2\":4,\"orbit1\":0,\"seconds\":0.02,"
                             "\"nodes\":41625,\"threads\":2,\"kernel\":\"avx2\"}\n",
                             0);
    assert_int_equal(v.kind, NQ_VERDICT_CLAIM_WRONG);
    assert_int_equal(v.wrong_fields, NQ_CLAIM_ORBIT8);
    v = judge_one("{\"n\":8,\"total\":92,\"unique\":12,\"orbit8\":0,\"orbit4\":0,\"orbit2\":0,"
                  "\"orbit1\":7}\n",
                  0);
    assert_int_equal(v.kind, NQ_VERDICT_CLAIM_WRONG);
    assert_int_equal(v.wrong_fields, NQ_CLAIM_ORBIT8 | NQ_CLAIM_ORBIT4 | NQ_CLAIM_ORBIT1);
    assert_true(v.contradiction);
    /* The fields nothing judges are named by the reader. */
    nq_reader *r;
    nq_item it;
    const char *s = "{\"n\":12,\"total\":14200,\"seconds\":1,\"nodes\":2,\"seconds\":3}\n";
    assert_int_equal(nq_reader_new(s, strlen(s), NQ_INPUT_AUTO, 0, &r), NQ_OK);
    assert_int_equal(nq_reader_next(r, &it), NQ_OK);
    assert_int_equal(it.kind, NQ_ITEM_COUNT);
    assert_int_equal(it.fields, NQ_CLAIM_TOTAL);
    assert_string_equal(it.unjudged, "seconds, nodes");
    nq_reader_free(r);
    /* Beyond n = 27: the identities, exact in 128 bits (values computed with Python's integers:
     * 8 * (2^61 + 3) + 4 * 5 = 2^64 + 44; 8 * (2^125 - 1) + 4 + 2 = 2^128 - 2). */
    const char *across[6] = {
        "18446744073709551660", "2305843009213693960", "2305843009213693955", "5", "0", "0"};
    v = judge_one(claim_json(30, across), 0);
    assert_int_equal(v.kind, NQ_VERDICT_CLAIM_UNKNOWN);
    assert_int_equal(v.unjudged_fields, NQ_CLAIM_TOTAL | NQ_CLAIM_UNIQUE | NQ_CLAIM_ORBITS);
    const char *across_low[6] = {"44", "2305843009213693960", "2305843009213693955", "5", "0",
                                 "0"}; /* the total taken modulo 2^64 */
    v = judge_one(claim_json(30, across_low), 0);
    assert_int_equal(v.kind, NQ_VERDICT_CLAIM_WRONG);
    assert_true(v.contradiction);
    const char *near[6] = {"340282366920938463463374607431768211454",
                           "42535295865117307932921825928971026433",
                           "42535295865117307932921825928971026431",
                           "1",
                           "1",
                           "0"};
    v = judge_one(claim_json(40, near), 0);
    assert_int_equal(v.kind, NQ_VERDICT_CLAIM_UNKNOWN);
    near[0] = "340282366920938463463374607431768211455"; /* 2^128 - 1: one too many */
    v = judge_one(claim_json(40, near), 0);
    assert_int_equal(v.kind, NQ_VERDICT_CLAIM_WRONG);
    /* 8 * (2^125 + 1) = 2^128 + 8, which wraps to 8: a sum past 2^128 is never equal. */
    v = judge_one("{\"n\":40,\"total\":8,\"orbit8\":\"42535295865117307932921825928971026433\","
                  "\"orbit4\":0,\"orbit2\":0,\"orbit1\":0}\n",
                  0);
    assert_int_equal(v.kind, NQ_VERDICT_CLAIM_WRONG);
    assert_true(v.contradiction);
    /* orbit1 is 0 beyond n = 1; unique <= total <= 8 unique. */
    v = judge_one("{\"n\":30,\"total\":9,\"unique\":2,\"orbit8\":1,\"orbit4\":0,\"orbit2\":0,"
                  "\"orbit1\":1}\n",
                  0);
    assert_int_equal(v.kind, NQ_VERDICT_CLAIM_WRONG);
    assert_int_equal(v.wrong_fields, NQ_CLAIM_ORBIT1);
    v = judge_one("{\"n\":30,\"total\":17,\"unique\":2}\n", 0);
    assert_int_equal(v.kind, NQ_VERDICT_CLAIM_WRONG);
    v = judge_one("{\"n\":30,\"total\":16,\"unique\":2}\n", 0);
    assert_int_equal(v.kind, NQ_VERDICT_CLAIM_UNKNOWN);
    /* A count over 2^128 - 1 is refused by the readers, not wrapped. */
    v = judge_one("{\"n\":40,\"total\":\"340282366920938463463374607431768211456\"}\n", 0);
    assert_int_equal(v.kind, NQ_VERDICT_MALFORMED);
    v = judge_one("40 340282366920938463463374607431768211456\n", 0);
    assert_int_equal(v.kind, NQ_VERDICT_MALFORMED);
    v = judge_one("40 340282366920938463463374607431768211455\n", 0);
    assert_int_equal(v.kind, NQ_VERDICT_CLAIM_UNKNOWN);
}

/* nq_checker_add() takes the item kinds there are, and refuses any other value (it used to judge
 * kind 77 as malformed and return NQ_OK), counting nothing. */
static void test_item_kinds(void **state) {
    (void)state;
    nq_checker *c;
    assert_int_equal(nq_checker_new(0, &c), NQ_OK);
    nq_item it;
    memset(&it, 0, sizeof it);
    nq_verdict v;
    const int bad[] = {77, -1, NQ_ITEM_MALFORMED + 1, 1 << 30};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        it.kind = (nq_item_kind)bad[i];
        assert_int_equal(nq_checker_add(c, &it, &v), NQ_EINVAL);
    }
    it.kind = NQ_ITEM_MALFORMED;
    it.error = "bad";
    assert_int_equal(nq_checker_add(c, &it, &v), NQ_OK);
    assert_int_equal(v.kind, NQ_VERDICT_MALFORMED);
    assert_int_equal(v.index, 1); /* the refused items were not counted */
    nq_check_group g;
    assert_int_equal(nq_checker_group(c, 0, &g), NQ_OK);
    assert_true(g.items == 1 && g.wrong == 1);
    nq_checker_free(c);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_known_counts),  cmocka_unit_test(test_complete_lists),
        cmocka_unit_test(test_wrong_answers), cmocka_unit_test(test_against_reference),
        cmocka_unit_test(test_cases_groups),  cmocka_unit_test(test_count_claims),
        cmocka_unit_test(test_item_kinds),    cmocka_unit_test(test_duplicates_any_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
