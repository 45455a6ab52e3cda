/*
 * trace.c: the recursive branch-and-bound search of the classic write-ups, made observable.
 *
 * The classic "branch and bound" write-ups teach the n-queens search so: rows are filled one by
 * one, and three occupancy arrays (columns; diagonals, indexed by row - col + n - 1;
 * anti-diagonals, indexed by row + col) answer "is this cell attacked?" in O(1) instead of scanning
 * the queens already placed. This file implements that search and reports every step (try, attacked
 * and by whom, place, solution, dead end, backtrack) to a callback, for `nqueens trace` and for
 * anyone who wants to watch the search prune. The arrays hold the row of the queen that occupies a
 * line (or -1) rather than a bare flag, so that an attacked cell can name its attacker at no extra
 * cost. Workload: teaching and tracing small boards (n <= 12 on the command line); a callback per
 * step makes it far slower than the bitboard iterator of search.c, whose nodes it visits exactly.
 */
#include <assert.h>
#include <stdint.h>

#include "nqueens_advanced.h"

/* The state of one search: all on the caller's stack (no allocation, no global state). */
typedef struct trace_state {
    int n;
    int cols[NQ_MAX_N];           /* cols[r] for the rows placed so far */
    int8_t col_by[NQ_MAX_N];      /* row of the queen in column c, or -1 */
    int8_t diag_by[2 * NQ_MAX_N]; /* row of the queen on diagonal r - c + n - 1, or -1 */
    int8_t anti_by[2 * NQ_MAX_N]; /* row of the queen on anti-diagonal r + c, or -1 */
    nq_trace_callback on_event;
    void *user;
    nq_trace_stats stats;
} trace_state;

/* Reports one event; returns non-zero if the callback asks to stop. */
static int trace_emit(trace_state *st, nq_trace_kind kind, int row, int col, nq_attack attack,
                      int by_row) {
    if (st->on_event == NULL) {
        return 0;
    }
    nq_trace_event ev = {
        .kind = kind,
        .n = st->n,
        .row = row,
        .col = col,
        .attack = attack,
        .by_row = by_row,
        .by_col = by_row >= 0 ? st->cols[by_row] : -1,
        .cols = st->cols,
        .solution = kind == NQ_TRACE_SOLUTION ? st->stats.solutions : 0,
    };
    return st->on_event(st->user, &ev);
}

/* Searches every completion of rows 0..row-1; returns non-zero once the callback asked to stop. */
static int trace_row(trace_state *st, int row) {
    const int n = st->n;
    if (row == n) {
        st->stats.solutions++;
        return trace_emit(st, NQ_TRACE_SOLUTION, row, -1, NQ_ATTACK_NONE, -1);
    }
    int placed = 0;
    for (int col = 0; col < n; col++) {
        st->stats.tries++;
        if (trace_emit(st, NQ_TRACE_TRY, row, col, NQ_ATTACK_NONE, -1)) {
            return 1;
        }
        const int d = row - col + n - 1, a = row + col;
        int by = -1;
        nq_attack how = NQ_ATTACK_NONE;
        if (st->col_by[col] >= 0) {
            by = st->col_by[col], how = NQ_ATTACK_COLUMN;
        } else if (st->diag_by[d] >= 0) {
            by = st->diag_by[d], how = NQ_ATTACK_DIAGONAL;
        } else if (st->anti_by[a] >= 0) {
            by = st->anti_by[a], how = NQ_ATTACK_ANTIDIAGONAL;
        }
        if (how != NQ_ATTACK_NONE) {
            st->stats.attacked++;
            if (trace_emit(st, NQ_TRACE_ATTACKED, row, col, how, by)) {
                return 1;
            }
            continue;
        }
        /* Bound passed: branch. */
        placed = 1;
        st->cols[row] = col;
        st->col_by[col] = st->diag_by[d] = st->anti_by[a] = (int8_t)row;
        st->stats.nodes++;
        int stop = trace_emit(st, NQ_TRACE_PLACE, row, col, NQ_ATTACK_NONE, -1);
        if (!stop) {
            stop = trace_row(st, row + 1);
        }
        st->col_by[col] = st->diag_by[d] = st->anti_by[a] = -1;
        if (stop) {
            return 1;
        }
        st->stats.backtracks++;
        if (trace_emit(st, NQ_TRACE_BACKTRACK, row, col, NQ_ATTACK_NONE, -1)) {
            return 1;
        }
    }
    if (!placed) {
        st->stats.dead_ends++;
        return trace_emit(st, NQ_TRACE_DEAD_END, row, -1, NQ_ATTACK_NONE, -1);
    }
    return 0;
}

int nq_trace_search(int n, nq_trace_callback on_event, void *user, nq_trace_stats *stats) {
    if (n < 1 || n > NQ_MAX_N) {
        return NQ_EINVAL;
    }
    static_assert(NQ_MAX_N <= INT8_MAX, "rows must fit the int8_t occupancy arrays");
    trace_state st = {.n = n, .on_event = on_event, .user = user};
    for (int i = 0; i < n; i++) {
        st.col_by[i] = -1;
        st.cols[i] = -1;
    }
    for (int i = 0; i < 2 * n - 1; i++) {
        st.diag_by[i] = st.anti_by[i] = -1;
    }
    int stopped = trace_row(&st, 0);
    if (stats != NULL) {
        *stats = st.stats;
    }
    return stopped ? NQ_STOPPED : NQ_OK;
}
