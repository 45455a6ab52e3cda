/* test_trace.c: the traced branch-and-bound search (trace.c) against the OEIS table, a brute-force
 * count of partial placements, the bitboard iterator's node count, and the rules of its events. */
#include <stdlib.h>
#include <string.h>

#include "support.h"

/* Brute force, obviously correct: every sequence of k columns (k = 1..n) enumerated like an
 * odometer, kept if no two of its queens attack each other. A node is such a sequence (a queen
 * placed); a dead end is such a sequence with k < n that no column extends. */
static int brute_ok(const int *cols, int k) {
    for (int i = 0; i < k; i++) {
        for (int j = i + 1; j < k; j++) {
            if (ref_attacks(i, cols[i], j, cols[j])) {
                return 0;
            }
        }
    }
    return 1;
}

static void brute_counts(int n, uint64_t *nodes, uint64_t *dead_ends) {
    *nodes = *dead_ends = 0;
    int cols[8];
    assert_true(n <= 8);
    for (int k = 1; k <= n; k++) {
        memset(cols, 0, sizeof cols);
        for (;;) {
            if (brute_ok(cols, k)) {
                (*nodes)++;
                int extends = 0;
                for (int c = 0; k < n && c < n && !extends; c++) {
                    cols[k] = c;
                    extends = brute_ok(cols, k + 1);
                }
                if (k < n && !extends) {
                    (*dead_ends)++;
                }
            }
            int i = k - 1;
            while (i >= 0 && ++cols[i] == n) {
                cols[i--] = 0;
            }
            if (i < 0) {
                break;
            }
        }
    }
}

static void test_counts_match_oeis(void **state) {
    (void)state;
    for (int n = 1; n <= 10; n++) {
        nq_trace_stats st;
        memset(&st, 0xff, sizeof st);
        assert_int_equal(nq_trace_search(n, NULL, NULL, &st), NQ_OK);
        assert_true(st.solutions == (uint64_t)ref_table(n).total);
        assert_true(st.backtracks == st.nodes);
        assert_true(st.tries == st.attacked + st.nodes);
        /* Every row of every node below the last one is tried in full. */
        assert_true(st.tries == (uint64_t)n * (st.nodes - st.solutions + 1));
    }
}

static void test_nodes_and_dead_ends_match_brute_force(void **state) {
    (void)state;
    for (int n = 1; n <= 7; n++) {
        uint64_t nodes, dead;
        brute_counts(n, &nodes, &dead);
        nq_trace_stats st;
        assert_int_equal(nq_trace_search(n, NULL, NULL, &st), NQ_OK);
        assert_true(st.nodes == nodes);
        assert_true(st.dead_ends == dead);
    }
}

/* The node count is the iterator's: a full listing visits exactly the same placements. */
static void test_nodes_match_iterator(void **state) {
    (void)state;
    for (int n = 1; n <= 11; n++) {
        nq_search *s = NULL;
        assert_int_equal(nq_search_new(n, NULL, 0, 0, &s), NQ_OK);
        int cols[NQ_MAX_N];
        while (nq_search_next(s, cols) == NQ_OK) {
        }
        nq_trace_stats st;
        assert_int_equal(nq_trace_search(n, NULL, NULL, &st), NQ_OK);
        assert_true(st.nodes == nq_search_nodes(s));
        nq_search_free(s);
    }
}

/* Stopped at its first solution, the search has placed as many queens as the iterator. */
typedef struct first_sol {
    int cols[NQ_MAX_N];
    int found;
} first_sol;

static int stop_at_first(void *user, const nq_trace_event *ev) {
    first_sol *f = user;
    if (ev->kind == NQ_TRACE_SOLUTION) {
        memcpy(f->cols, ev->cols, sizeof(int) * (size_t)ev->n);
        f->found = 1;
        return 1;
    }
    return 0;
}

static void test_first_solution_matches_iterator(void **state) {
    (void)state;
    const int sizes[] = {1, 4, 8, 13, 20};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        int n = sizes[i];
        first_sol f = {.found = 0};
        nq_trace_stats st;
        assert_int_equal(nq_trace_search(n, stop_at_first, &f, &st), NQ_STOPPED);
        assert_true(f.found);
        assert_true(st.solutions == 1);
        nq_search *s = NULL;
        int cols[NQ_MAX_N];
        assert_int_equal(nq_search_new(n, NULL, 0, 0, &s), NQ_OK);
        assert_int_equal(nq_search_next(s, cols), NQ_OK);
        assert_memory_equal(cols, f.cols, sizeof(int) * (size_t)n);
        assert_true(st.nodes == nq_search_nodes(s));
        nq_search_free(s);
    }
}

/* Replays the events and checks them against the rules documented in nqueens.h, with the attacks
 * recomputed by brute force from the queens placed so far. */
typedef struct replay {
    int n;
    int cols[NQ_MAX_N];
    int depth;       /* rows holding a queen */
    int pending_row; /* the cell of the last TRY, waiting for its outcome; -1 if none */
    int pending_col;
    int placed_in_row[NQ_MAX_N + 1];
    int *sols; /* the solutions as reported, in order */
    size_t nsols;
    nq_trace_stats seen; /* events counted by kind */
} replay;

static nq_attack first_attack(const replay *r, int row, int col, int *by) {
    static const nq_attack order[] = {NQ_ATTACK_COLUMN, NQ_ATTACK_DIAGONAL, NQ_ATTACK_ANTIDIAGONAL};
    for (size_t k = 0; k < 3; k++) {
        for (int i = 0; i < r->depth; i++) {
            int c = r->cols[i];
            int hit = order[k] == NQ_ATTACK_COLUMN     ? c == col
                      : order[k] == NQ_ATTACK_DIAGONAL ? i - c == row - col
                                                       : i + c == row + col;
            if (hit) {
                *by = i;
                return order[k];
            }
        }
    }
    return NQ_ATTACK_NONE;
}

static int on_replay(void *user, const nq_trace_event *ev) {
    replay *r = user;
    assert_int_equal(ev->n, r->n);
    assert_non_null(ev->cols);
    for (int i = 0; i < r->depth; i++) {
        assert_int_equal(ev->cols[i], r->cols[i]);
    }
    if (ev->kind != NQ_TRACE_ATTACKED) {
        assert_int_equal(ev->attack, NQ_ATTACK_NONE);
        assert_int_equal(ev->by_row, -1);
        assert_int_equal(ev->by_col, -1);
    }
    if (ev->kind != NQ_TRACE_SOLUTION) {
        assert_true(ev->solution == 0);
    }
    int by = -1;
    switch (ev->kind) {
    case NQ_TRACE_TRY:
        r->seen.tries++;
        assert_int_equal(r->pending_row, -1);
        assert_int_equal(ev->row, r->depth);
        assert_in_range(ev->col, 0, r->n - 1);
        r->pending_row = ev->row;
        r->pending_col = ev->col;
        break;
    case NQ_TRACE_ATTACKED:
        r->seen.attacked++;
        assert_int_equal(ev->row, r->pending_row);
        assert_int_equal(ev->col, r->pending_col);
        assert_int_equal(ev->attack, first_attack(r, ev->row, ev->col, &by));
        assert_int_equal(ev->by_row, by);
        assert_int_equal(ev->by_col, r->cols[by]);
        assert_true(ref_attacks(ev->row, ev->col, ev->by_row, ev->by_col));
        r->pending_row = -1;
        break;
    case NQ_TRACE_PLACE:
        r->seen.nodes++;
        assert_int_equal(ev->row, r->pending_row);
        assert_int_equal(ev->col, r->pending_col);
        assert_int_equal(first_attack(r, ev->row, ev->col, &by), NQ_ATTACK_NONE);
        assert_int_equal(ev->cols[ev->row], ev->col);
        r->cols[r->depth++] = ev->col;
        r->placed_in_row[ev->row] = 1;
        r->placed_in_row[ev->row + 1] = 0;
        r->pending_row = -1;
        break;
    case NQ_TRACE_SOLUTION:
        r->seen.solutions++;
        assert_int_equal(r->depth, r->n);
        assert_int_equal(ev->row, r->n);
        assert_int_equal(ev->col, -1);
        assert_true(ev->solution == r->seen.solutions);
        memcpy(r->sols + r->nsols++ * (size_t)r->n, ev->cols, sizeof(int) * (size_t)r->n);
        break;
    case NQ_TRACE_DEAD_END:
        r->seen.dead_ends++;
        assert_int_equal(ev->row, r->depth);
        assert_true(ev->row < r->n);
        assert_int_equal(ev->col, -1);
        assert_int_equal(r->pending_row, -1);
        assert_false(r->placed_in_row[ev->row]);
        for (int c = 0; c < r->n; c++) {
            assert_int_not_equal(first_attack(r, ev->row, c, &by), NQ_ATTACK_NONE);
        }
        break;
    case NQ_TRACE_BACKTRACK:
        r->seen.backtracks++;
        assert_int_equal(r->pending_row, -1);
        assert_int_equal(ev->row, r->depth - 1);
        assert_int_equal(ev->col, r->cols[ev->row]);
        r->depth--;
        break;
    default:
        fail_msg("unknown event kind %d", (int)ev->kind);
    }
    return 0;
}

static void test_events_follow_the_rules(void **state) {
    (void)state;
    for (int n = 1; n <= 8; n++) {
        int *ref = NULL;
        size_t nref = ref_solutions(n, &ref);
        replay r = {.n = n, .pending_row = -1};
        r.sols = malloc(sizeof(int) * (size_t)n * (nref + 1));
        assert_non_null(r.sols);
        nq_trace_stats st;
        assert_int_equal(nq_trace_search(n, on_replay, &r, &st), NQ_OK);
        assert_int_equal(r.depth, 0);
        assert_int_equal(r.pending_row, -1);
        assert_memory_equal(&r.seen, &st, sizeof st);
        /* The solutions, in lexicographic order, are the brute-force list. */
        assert_int_equal(r.nsols, nref);
        if (nref > 0) {
            assert_memory_equal(r.sols, ref, sizeof(int) * (size_t)n * nref);
        }
        free(r.sols);
        free(ref);
    }
}

/* The four events of the n = 4 search that a learner sees first. */
typedef struct recorder {
    nq_trace_event ev[8];
    int count;
} recorder;

static int record(void *user, const nq_trace_event *ev) {
    recorder *rec = user;
    rec->ev[rec->count++] = *ev;
    return rec->count == 8;
}

static void test_first_events_of_n4(void **state) {
    (void)state;
    recorder rec = {.count = 0};
    nq_trace_stats st;
    assert_int_equal(nq_trace_search(4, record, &rec, &st), NQ_STOPPED);
    const struct {
        nq_trace_kind kind;
        int row, col;
        nq_attack attack;
        int by_row, by_col;
    } want[8] = {
        {NQ_TRACE_TRY, 0, 0, NQ_ATTACK_NONE, -1, -1},
        {NQ_TRACE_PLACE, 0, 0, NQ_ATTACK_NONE, -1, -1},
        {NQ_TRACE_TRY, 1, 0, NQ_ATTACK_NONE, -1, -1},
        {NQ_TRACE_ATTACKED, 1, 0, NQ_ATTACK_COLUMN, 0, 0},
        {NQ_TRACE_TRY, 1, 1, NQ_ATTACK_NONE, -1, -1},
        {NQ_TRACE_ATTACKED, 1, 1, NQ_ATTACK_DIAGONAL, 0, 0},
        {NQ_TRACE_TRY, 1, 2, NQ_ATTACK_NONE, -1, -1},
        {NQ_TRACE_PLACE, 1, 2, NQ_ATTACK_NONE, -1, -1},
    };
    for (int i = 0; i < 8; i++) {
        assert_int_equal(rec.ev[i].kind, want[i].kind);
        assert_int_equal(rec.ev[i].row, want[i].row);
        assert_int_equal(rec.ev[i].col, want[i].col);
        assert_int_equal(rec.ev[i].attack, want[i].attack);
        assert_int_equal(rec.ev[i].by_row, want[i].by_row);
        assert_int_equal(rec.ev[i].by_col, want[i].by_col);
    }
    assert_true(st.tries == 4 && st.attacked == 2 && st.nodes == 2);
    assert_true(st.solutions == 0 && st.dead_ends == 0 && st.backtracks == 0);
}

static int stop_after(void *user, const nq_trace_event *ev) {
    (void)ev;
    int *left = user;
    return --*left == 0;
}

static void test_stop_and_bad_arguments(void **state) {
    (void)state;
    nq_trace_stats st;
    int left = 1;
    assert_int_equal(nq_trace_search(6, stop_after, &left, &st), NQ_STOPPED);
    assert_true(st.tries == 1 && st.nodes == 0);
    left = 1000;
    assert_int_equal(nq_trace_search(6, stop_after, &left, &st), NQ_STOPPED);
    assert_int_equal(left, 0);
    left = 5;
    assert_int_equal(nq_trace_search(6, stop_after, &left, NULL), NQ_STOPPED); /* stats optional */

    nq_trace_stats untouched;
    memset(&untouched, 0x5a, sizeof untouched);
    st = untouched;
    assert_int_equal(nq_trace_search(0, NULL, NULL, &st), NQ_EINVAL);
    assert_int_equal(nq_trace_search(-3, NULL, NULL, &st), NQ_EINVAL);
    assert_int_equal(nq_trace_search(NQ_MAX_N + 1, NULL, NULL, &st), NQ_EINVAL);
    assert_memory_equal(&st, &untouched, sizeof st);
}

/* n = 2 and 3: no solution, and every branch ends in a dead end. */
static void test_no_solution_sizes(void **state) {
    (void)state;
    nq_trace_stats st;
    assert_int_equal(nq_trace_search(2, NULL, NULL, &st), NQ_OK);
    assert_true(st.solutions == 0 && st.nodes == 2 && st.dead_ends == 2);
    assert_int_equal(nq_trace_search(3, NULL, NULL, &st), NQ_OK);
    assert_true(st.solutions == 0 && st.nodes == 5 && st.dead_ends == 3);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counts_match_oeis),
        cmocka_unit_test(test_nodes_and_dead_ends_match_brute_force),
        cmocka_unit_test(test_nodes_match_iterator),
        cmocka_unit_test(test_first_solution_matches_iterator),
        cmocka_unit_test(test_events_follow_the_rules),
        cmocka_unit_test(test_first_events_of_n4),
        cmocka_unit_test(test_stop_and_bad_arguments),
        cmocka_unit_test(test_no_solution_sizes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
