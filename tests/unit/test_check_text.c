/*
 * test_check_text.c: the one-call judge of a text (nq_check_text()): every solution of n = 1..9
 * written in each text format is right, complete and ordered, with the count of OEIS A000170;
 * a duplicate, an attacked placement, a wrong and a right claim, a shuffled list, an
 * undetectable text, and the errors of the API.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

/* Every solution of n in format fmt, as `nqueens solve` writes them. */
static char *listing(int n, nq_format fmt, size_t *len) {
    size_t cap = 1 << 20, used = 0;
    char *buf = malloc(cap);
    assert_non_null(buf);
    used += (size_t)snprintf(buf, cap, "%s", nq_format_prefix(fmt));
    nq_search *s;
    assert_int_equal(nq_search_new(n, NULL, 0, 0, &s), NQ_OK);
    int cols[16], first = 1;
    while (nq_search_next(s, cols) == NQ_OK) {
        if (!first)
            used += (size_t)snprintf(buf + used, cap - used, "%s", nq_format_separator(fmt));
        first = 0;
        used += nq_format_solution(buf + used, cap - used, fmt, n, cols, 0);
        assert_true(used < cap);
    }
    nq_search_free(s);
    used += (size_t)snprintf(buf + used, cap - used, "%s", nq_format_suffix(fmt));
    assert_true(used < cap);
    *len = used;
    return buf;
}

static void test_listings_are_right(void **state) {
    (void)state;
    const nq_format fmts[] = {NQ_FMT_COLS,  NQ_FMT_PAIRS, NQ_FMT_BOARD, NQ_FMT_JSON,
                              NQ_FMT_JSONL, NQ_FMT_GRID,  NQ_FMT_PERM,  NQ_FMT_MATRIX};
    for (int n = 4; n <= 9; n++) {
        ref_counts want = ref_table(n);
        for (size_t f = 0; f < sizeof fmts / sizeof fmts[0]; f++) {
            size_t len;
            char *text = listing(n, fmts[f], &len);
            nq_check_result r;
            memset(&r, 0x55, sizeof r);
            assert_int_equal(nq_check_text(text, len, NQ_INPUT_AUTO, n, &r), NQ_OK);
            assert_int_equal(r.right, 1);
            assert_int_equal(r.complete, 1);
            assert_int_equal(r.ordered, 1);
            assert_int_equal(r.n, n);
            assert_int_equal(r.groups, 1);
            assert_int_equal(r.format, (int)fmts[f]);
            assert_true(r.valid == want.total && r.items == want.total);
            assert_true(r.wrong == 0 && r.duplicates == 0 && r.first_line == 0);
            assert_int_equal(r.stopped_line, 0);
            free(text);
        }
    }
}

static void test_faults(void **state) {
    (void)state;
    nq_check_result r;
    /* The two solutions of n = 4, the second listed twice: a duplicate on line 3. */
    const char *dup = "1 3 0 2\n2 0 3 1\n2 0 3 1\n";
    assert_int_equal(nq_check_text(dup, strlen(dup), NQ_INPUT_AUTO, 0, &r), NQ_OK);
    assert_int_equal(r.right, 0);
    assert_true(r.duplicates == 1 && r.valid == 2 && r.items == 3 && r.wrong == 0);
    assert_int_equal(r.first_kind, NQ_VERDICT_DUPLICATE);
    assert_true(r.first_index == 3);
    assert_int_equal(r.first_line, 3);
    assert_int_equal(r.complete, 0); /* nothing wrong, but a duplicate: not "exactly" */
    /* An attack on line 2 (queens (0,1) and (1,2) share a diagonal). */
    const char *attack = "1 3 0 2\n1 2 0 3\n";
    assert_int_equal(nq_check_text(attack, strlen(attack), NQ_FMT_COLS, 4, &r), NQ_OK);
    assert_int_equal(r.right, 0);
    assert_true(r.wrong == 1 && r.valid == 1);
    assert_int_equal(r.first_kind, NQ_VERDICT_ATTACK);
    assert_int_equal(r.first_line, 2);
    assert_int_equal(r.complete, 0);
    /* Out of order, yet all there: complete, not ordered, right. */
    const char *shuffled = "2 0 3 1\n1 3 0 2\n";
    assert_int_equal(nq_check_text(shuffled, strlen(shuffled), NQ_FMT_COLS, 4, &r), NQ_OK);
    assert_true(r.right == 1 && r.complete == 1 && r.ordered == 0);
    /* Claims: n = 8 has 92 solutions. */
    assert_int_equal(nq_check_text("8 92\n", 5, NQ_INPUT_COUNT, 0, &r), NQ_OK);
    assert_true(r.right == 1 && r.wrong == 0 && r.items == 1);
    assert_int_equal(nq_check_text("8 93\n", 5, NQ_INPUT_COUNT, 0, &r), NQ_OK);
    assert_true(r.right == 0 && r.wrong == 1);
    assert_int_equal(r.first_kind, NQ_VERDICT_CLAIM_WRONG);
    /* A text no reader knows: judged as far as read, and where it stopped. */
    assert_int_equal(nq_check_text("hello\n", 6, NQ_INPUT_AUTO, 0, &r), NQ_OK);
    assert_true(r.right == 0 && r.stopped_line >= 1 && r.items == 0);
    /* An empty text: nothing wrong, nothing complete. */
    assert_int_equal(nq_check_text(NULL, 0, NQ_FMT_COLS, 4, &r), NQ_OK);
    assert_true(r.items == 0 && r.complete == 0);
    /* The API's errors leave out untouched. */
    memset(&r, 0x5A, sizeof r);
    nq_check_result before = r;
    assert_int_equal(nq_check_text(NULL, 3, NQ_INPUT_AUTO, 0, &r), NQ_EINVAL);
    assert_int_equal(nq_check_text(dup, 3, NQ_INPUT_AUTO, -1, &r), NQ_EINVAL);
    assert_int_equal(nq_check_text(dup, 3, NQ_INPUT_AUTO, NQ_PARSE_MAX_N + 1, &r), NQ_EINVAL);
    assert_int_equal(nq_check_text(dup, 3, 77, 0, &r), NQ_EINVAL);
    assert_int_equal(nq_check_text(dup, 3, NQ_INPUT_AUTO, 0, NULL), NQ_EINVAL);
    assert_memory_equal(&r, &before, sizeof r);
}

/* A `cases` output with several cases: the judgement sums every case, not the last one alone
 * (issue 35: a wrong or a duplicate item in the first of two cases). Each fault is planted in the
 * first case, then in the second, then in the last of three, the other cases right. */
static void test_several_cases(void **state) {
    (void)state;
    const char *four = "[2 4 1 3 ] [3 1 4 2 ]", *six = "[2 4 6 1 3 5 ] [3 6 2 5 1 4 ] "
                                                       "[4 1 5 2 6 3 ] [5 3 1 6 4 2 ]";
    const struct {
        const char *line; /* a case of n = 4 */
        uint64_t items, valid, wrong, duplicates;
        int complete, ordered, first_kind;
        uint64_t first_index; /* within the case */
    } faults[] = {
        {"[2 4 1 3 ] [3 1 4 2 ]", 2, 2, 0, 0, 1, 1, 0, 0},                 /* right */
        {"[2 4 1 3 ] [1 3 2 4 ]", 2, 1, 1, 0, 0, 0, NQ_VERDICT_ATTACK, 2}, /* wrong */
        {"[2 4 1 3 ] [2 4 1 3 ] [3 1 4 2 ]", 3, 2, 0, 1, 0, 0, NQ_VERDICT_DUPLICATE, 2},
        {"[2 4 1 3 ]", 1, 1, 0, 0, 0, 1, 0, 0},            /* one missing */
        {"[3 1 4 2 ] [2 4 1 3 ]", 2, 2, 0, 0, 1, 0, 0, 0}, /* out of order */
        {"[2 4 1 3 ] [3 1 4 2 ] [1 3 ]", 3, 2, 1, 0, 0, 1, NQ_VERDICT_MALFORMED,
         3}, /* a short one */
    };
    for (size_t f = 0; f < sizeof faults / sizeof faults[0]; f++) {
        for (int where = 0; where < 3; where++) { /* first of two, second of two, last of three */
            char text[512];
            int line;        /* of the fault */
            uint64_t before; /* items before the faulty case */
            if (where == 0)
                snprintf(text, sizeof text, "%s\n%s\n", faults[f].line, six), line = 1, before = 0;
            else if (where == 1)
                snprintf(text, sizeof text, "%s\n%s\n", six, faults[f].line), line = 2, before = 4;
            else
                snprintf(text, sizeof text, "%s\n%s\n%s\n", four, six, faults[f].line), line = 3,
                                                                                        before = 6;
            int cases = where == 2 ? 3 : 2;
            uint64_t others = where == 2 ? 6 : 4; /* the right cases' items */
            nq_check_result r;
            memset(&r, 0x55, sizeof r);
            assert_int_equal(nq_check_text(text, strlen(text), NQ_INPUT_CASES, 0, &r), NQ_OK);
            int bad = faults[f].wrong || faults[f].duplicates;
            if (r.groups != cases || r.items != others + faults[f].items ||
                r.right != (bad ? 0 : 1) || r.complete != faults[f].complete ||
                r.ordered != faults[f].ordered)
                print_error("fault %zu at %d: groups %d items %llu right %d complete %d ordered "
                            "%d\n",
                            f, where, r.groups, (unsigned long long)r.items, r.right, r.complete,
                            r.ordered);
            assert_int_equal(r.groups, cases);
            assert_int_equal(r.format, NQ_INPUT_CASES);
            assert_int_equal(r.n, where == 1 ? 6 : 4);
            assert_true(r.items == others + faults[f].items);
            assert_true(r.valid == others + faults[f].valid);
            assert_true(r.wrong == faults[f].wrong);
            assert_true(r.duplicates == faults[f].duplicates);
            assert_int_equal(r.right, bad ? 0 : 1);
            assert_int_equal(r.complete, faults[f].complete);
            assert_int_equal(r.ordered, faults[f].ordered);
            assert_int_equal(r.stopped_line, 0);
            if (bad) {
                assert_int_equal(r.first_kind, faults[f].first_kind);
                assert_int_equal(r.first_line, line);
                assert_true(r.first_index == before + faults[f].first_index);
            } else
                assert_int_equal(r.first_line, 0);
        }
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_listings_are_right),
        cmocka_unit_test(test_faults),
        cmocka_unit_test(test_several_cases),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
