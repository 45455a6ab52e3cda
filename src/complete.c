/*
 * complete.c: the n-Queens Completion driver. Given queens, blocked cells and excluded diagonals
 * (nq_instance), it finds the lexicographically first completion, counts all completions, or
 * lists them in lexicographic order: it checks the instance, builds the reduced problem, picks
 * the engine and turns the engine's answer into the library's status.
 *
 * Reduction. Only the k free rows and k free columns matter. A free cell is allowed when it is not
 * blocked and neither its diagonal nor its anti-diagonal is excluded or taken by a given queen.
 * The problem becomes: choose one allowed cell in every free row so that the columns are distinct
 * and no two chosen cells share a diagonal. It is tuned for the hard instances of the phase
 * transition (k about 10..30, the cells of a board from which about n diagonals were excluded) and
 * also works for boards of thousands of rows with a few dozen queens left to place (the instances
 * translated from excluded diagonals), where rows and columns are no longer contiguous: diagonals
 * are therefore followed through board coordinates and index tables, not by bit shifts.
 *
 * Search. Two views of the allowed cells are kept in step: a bitset of candidate columns for every
 * free row and a bitset of candidate rows for every free column (ceil(k/64) words each), with the
 * candidate counts. Placing a queen removes every cell of its row, column, diagonal and
 * anti-diagonal (forward checking: a row or column left without a candidate fails at once). At
 * every node the unplaced row or column with the fewest candidates is chosen (the "dual" choice of
 * rows and columns: a column with one candidate row forces a queen as well as a row does), and the
 * search branches in two: the first candidate is placed, or it is removed and the choice is made
 * again (2-way branching as in CP solvers: a refuted cell stays removed for the siblings, which
 * also forward-checks their lines). Two engines run this search, each in its own file under this
 * driver (complete_engine.h): for k <= 64 (every instance of the benchmarks) the one-word engine
 * (complete_word.c), where each line is one word and a node's state (2 + 2k words) is copied into
 * the next frame as the attacked cells are removed, with ties between lines going to the line
 * nearest the centre; for larger k the general engine (complete_trail.c), where the lines are
 * multi-word bitsets with counts and removed cells are undone from a trail of cell numbers, so a
 * node costs O(k) and memory stays O(k^2). When the free rows and the free columns are each a run
 * of consecutive board lines and k <= 32 (every excluded-diagonals instance without given queens,
 * n <= 32), the one-word engine also applies a diagonal sums rule after each placement: the queens
 * still to place take distinct free diagonals whose sum is known in advance (word_sums() in
 * complete_word.c); it halves the nodes on the hardest CSPLib instances of n = 19..21. The same
 * sums show which free diagonals every completion needs (word_needed()): such a diagonal is an
 * "exactly one" line like a row, and one that holds one or two cells is branched on first, which
 * cuts the nodes of those instances by 2.1-6.2x again (bench/RESULTS.md). A second moment is
 * known in advance too: a queen's squared distances from the centre along its two diagonals sum
 * to half the squares of its row's and column's (word_squares()), which bounds how far from the
 * diagonals' mean (known from the sums) those still usable may lie; applied from 14 unplaced rows
 * on, it cuts a tenth to two fifths of the nodes left, most on the largest boards. At the top
 * levels of those boards (19 unplaced rows or more, with the sums rule) a node first places each
 * of its candidate cells on trial with the lines it forces, and removes the cells that fail
 * (word_lookahead(): failed literals, as SAT solvers probe them): a subtree there holds thousands
 * of nodes, and a failure met once at the top is not met again in every branch below; on the
 * slowest generated instance of n = 25 it halves the nodes, the trials counted.
 *
 * Lexicographic order. That search finds some completion fast but not the first in row order, and
 * row order alone would make the hard (unsatisfiable) subtrees much slower. So the choice made is:
 * "fewest candidates to prove, row order to pick". Rows are fixed in increasing order; for the
 * current row the candidate columns are tried left to right, and each is kept only if the
 * fewest-candidates search (a probe) finds a completion under it. The completion found by the
 * last probe is a witness: its column for the next row is known to work, so only the columns left
 * of it need a probe. A probe whose first line is the walk's next row takes that row's cells left
 * to right, not fewest first (word_probe()): what it refutes there is what the walk needs, and its
 * witness holds that row's first column. Listing all completions is the same depth-first walk
 * without stopping; every branch it enters holds a completion. Counting needs no order and uses the
 * search directly.
 *
 * Threads (nq_complete_*_parallel(), the one-word engine). The walk stays on the caller's thread;
 * a probe or a count that outlasts a budget alone is split into the subtrees of its first levels,
 * which the threads take in order (complete_par.c), the first subtree in order that holds a
 * completion winning: so every probe hands back the witness of one thread, and the walk, its
 * probes and its answer are those of one thread.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "complete.h"
#include "complete_engine.h"
#include "instance.h"

static void complete_free(complete_state *s) {
    free(s->row_of);
    free(s->col_of);
    free(s->cidx);
    free(s->ridx);
    free(s->frames);
    free(s->cent);
    free(s->vkey);
    free(s->sq);
    free(s->cbit);
    free(s->rbit);
    free(s->rc);
    free(s->cr);
    free(s->rcnt);
    free(s->ccnt);
    free(s->place);
    free(s->rlist);
    free(s->rpos);
    free(s->clist);
    free(s->cpos);
    free(s->trail);
}

/* The first two given queens that attack each other, in the order of nq_validate(): the earliest
 * row whose queen is attacked from an earlier row, and for it column, diagonal, anti-diagonal. */
static int complete_given_conflict(const nq_instance *inst, nq_conflict *conflict) {
    int n = inst->n;
    int *by = malloc((size_t)(5 * n) * sizeof *by); /* column, diagonal, anti-diagonal -> row */
    if (!by) {
        return NQ_ENOMEM;
    }
    for (int x = 0; x < 5 * n; x++) {
        by[x] = -1;
    }
    int *bycol = by, *bydiag = by + n, *byanti = by + 3 * n;
    int ret = NQ_OK;
    for (int r = 0; r < n && ret == NQ_OK; r++) {
        int c = inst->cols[r];
        if (c < 0) {
            continue;
        }
        int d = r - c + n - 1, a = r + c, other = -1;
        nq_attack kind = NQ_ATTACK_NONE;
        if (bycol[c] >= 0) {
            other = bycol[c], kind = NQ_ATTACK_COLUMN;
        } else if (bydiag[d] >= 0) {
            other = bydiag[d], kind = NQ_ATTACK_DIAGONAL;
        } else if (byanti[a] >= 0) {
            other = byanti[a], kind = NQ_ATTACK_ANTIDIAGONAL;
        }
        if (kind != NQ_ATTACK_NONE) {
            if (conflict) {
                conflict->row1 = other;
                conflict->col1 = inst->cols[other];
                conflict->row2 = r;
                conflict->col2 = c;
                conflict->kind = kind;
            }
            ret = NQ_ECONFLICT;
        }
        bycol[c] = bydiag[d] = byanti[a] = r;
    }
    free(by);
    return ret;
}

static int complete_check_instance(const nq_instance *inst) {
    if (!inst || inst->n < 1 || inst->n > NQ_INSTANCE_MAX_N || !inst->cols || !inst->xdiag ||
        !inst->xanti || (inst->nblocked && !inst->blocked)) {
        return NQ_EINVAL;
    }
    for (int r = 0; r < inst->n; r++) {
        if (inst->cols[r] < -1 || inst->cols[r] >= inst->n) {
            return NQ_EINVAL;
        }
    }
    for (size_t b = 0; b < 2 * inst->nblocked; b++) {
        if (inst->blocked[b] < 0 || inst->blocked[b] >= inst->n) {
            return NQ_EINVAL;
        }
    }
    return NQ_OK;
}

/* The reduced problem's invariants (complete_engine.h), for assert(): free rows and columns in
 * increasing order with their inverse maps, the two views of the allowed cells in step, and the
 * counts equal to the views' sizes. O(k^2 + n). */
#ifndef NDEBUG
static int complete_state_ok(const complete_state *s) {
    size_t w = (size_t)s->w;
    for (int i = 0; i < s->k; i++) {
        if ((i > 0 && (s->row_of[i] <= s->row_of[i - 1] || s->col_of[i] <= s->col_of[i - 1])) ||
            s->ridx[s->row_of[i]] != i || s->cidx[s->col_of[i]] != i) {
            return 0;
        }
        int rows = 0, cols = 0;
        for (int j = 0; j < s->k; j++) {
            int a = (int)(s->rc[(size_t)i * w + (size_t)(j >> 6)] >> (j & 63) & 1);
            int b = (int)(s->cr[(size_t)j * w + (size_t)(i >> 6)] >> (i & 63) & 1);
            if (a != b) {
                return 0;
            }
            cols += a;
            rows += (int)(s->cr[(size_t)i * w + (size_t)(j >> 6)] >> (j & 63) & 1);
        }
        if (cols != s->rcnt[i] || rows != s->ccnt[i]) {
            return 0;
        }
    }
    return 1;
}
#endif

/* Builds the reduced problem. Returns NQ_OK, NQ_ENOSOL (a given queen stands on a forbidden
 * cell, or a free row or column has no allowed cell), NQ_ECONFLICT, NQ_EINVAL, NQ_ERANGE,
 * NQ_ENOMEM; on failure everything is released. */
static int complete_init(complete_state *s, const nq_instance *inst, nq_conflict *conflict) {
    memset(s, 0, sizeof *s);
    s->threads = 1;
    s->poll_at = UINT64_MAX;
    int ret = complete_check_instance(inst);
    if (ret != NQ_OK || (ret = complete_given_conflict(inst, conflict)) != NQ_OK) {
        return ret;
    }
    int n = inst->n, k = 0;
    for (int r = 0; r < n; r++) {
        k += inst->cols[r] < 0;
    }
    if (k > COMPLETE_MAX_K) {
        return NQ_ERANGE;
    }
    s->n = n;
    s->k = k;
    s->w = k > 0 ? (k + 63) / 64 : 1;
    size_t kk = (size_t)(k > 0 ? k : 1), words = kk * (size_t)s->w;
    unsigned char *dfree = malloc((size_t)(4 * n) * sizeof *dfree); /* diagonals, anti-diagonals */
    int *ridx = s->ridx = malloc((size_t)n * sizeof *ridx);
    s->row_of = malloc(kk * sizeof(int));
    s->col_of = malloc(kk * sizeof(int));
    s->cidx = malloc((size_t)n * sizeof(int));
    s->rc = calloc(words, sizeof(uint64_t));
    s->cr = calloc(words, sizeof(uint64_t));
    s->rcnt = calloc(kk, sizeof(int));
    s->ccnt = calloc(kk, sizeof(int));
    s->place = malloc(kk * sizeof(int));
    s->rlist = malloc(kk * sizeof(int));
    s->rpos = malloc(kk * sizeof(int));
    s->clist = malloc(kk * sizeof(int));
    s->cpos = malloc(kk * sizeof(int));
    if (!dfree || !ridx || !s->row_of || !s->col_of || !s->cidx || !s->rc || !s->cr || !s->rcnt ||
        !s->ccnt || !s->place || !s->rlist || !s->rpos || !s->clist || !s->cpos) {
        ret = NQ_ENOMEM;
        goto done;
    }
    unsigned char *dok = dfree, *aok = dfree + 2 * n;
    for (int x = 0; x < 2 * n - 1; x++) {
        dok[x] = !inst->xdiag[x];
        aok[x] = !inst->xanti[x];
    }
    for (int c = 0; c < n; c++) {
        s->cidx[c] = 0; /* 0 = free column, -1 = taken, until numbered below */
    }
    for (int r = 0; r < n; r++) {
        int c = inst->cols[r];
        if (c >= 0) {
            if (!dok[r - c + n - 1] || !aok[r + c]) {
                ret = NQ_ENOSOL;
            }
            dok[r - c + n - 1] = aok[r + c] = 0;
            s->cidx[c] = -1;
        }
    }
    for (size_t b = 0; b < inst->nblocked; b++) {
        int r = inst->blocked[2 * b], c = inst->blocked[2 * b + 1];
        if (inst->cols[r] == c) {
            ret = NQ_ENOSOL;
        }
    }
    if (ret != NQ_OK) {
        goto done;
    }
    int nrow = 0, ncol = 0;
    for (int r = 0; r < n; r++) {
        ridx[r] = -1;
        if (inst->cols[r] < 0) {
            ridx[r] = nrow;
            s->row_of[nrow++] = r;
        }
    }
    for (int c = 0; c < n; c++) {
        if (s->cidx[c] == 0) {
            s->cidx[c] = ncol;
            s->col_of[ncol++] = c;
        }
    }
    assert(nrow == k && ncol == k);
    size_t w = (size_t)s->w;
    for (int i = 0; i < k; i++) {
        int r = s->row_of[i];
        for (int j = 0; j < k; j++) {
            int c = s->col_of[j];
            if (dok[r - c + n - 1] && aok[r + c]) {
                s->rc[(size_t)i * w + (size_t)(j >> 6)] |= (uint64_t)1 << (j & 63);
                s->cr[(size_t)j * w + (size_t)(i >> 6)] |= (uint64_t)1 << (i & 63);
            }
        }
    }
    for (size_t b = 0; b < inst->nblocked; b++) {
        int i = ridx[inst->blocked[2 * b]], j = s->cidx[inst->blocked[2 * b + 1]];
        if (i >= 0 && j >= 0) {
            s->rc[(size_t)i * w + (size_t)(j >> 6)] &= ~((uint64_t)1 << (j & 63));
            s->cr[(size_t)j * w + (size_t)(i >> 6)] &= ~((uint64_t)1 << (i & 63));
        }
    }
    for (int i = 0; i < k; i++) {
        for (size_t wd = 0; wd < w; wd++) {
            s->rcnt[i] += __builtin_popcountll(s->rc[(size_t)i * w + wd]);
            s->ccnt[i] += __builtin_popcountll(s->cr[(size_t)i * w + wd]);
        }
        s->place[i] = -1;
        s->rlist[i] = s->rpos[i] = s->clist[i] = s->cpos[i] = i;
        if (s->rcnt[i] == 0 || s->ccnt[i] == 0) {
            ret = NQ_ENOSOL;
        }
    }
    s->nr = s->nc = k;
    assert(ret != NQ_OK || complete_state_ok(s));
done:
    free(dfree);
    if (ret != NQ_OK) {
        complete_free(s);
        memset(s, 0, sizeof *s);
    }
    return ret;
}

static void complete_stats(const complete_state *s, const nq_instance *inst,
                           nq_complete_stats *stats) {
    if (stats) {
        int k = 0;
        for (int r = 0; inst && inst->cols && r < inst->n; r++) {
            k += inst->cols[r] < 0;
        }
        stats->nodes = s->nodes;
        stats->probes = s->probes;
        stats->free_rows = k;
    }
}

/* Whether the one-word engine runs: k <= 64, and its index tables (3n words) stay small. */
static int complete_use_words(const complete_state *s, int engine) {
    engine &= ~(COMPLETE_SQUARES_ALL | COMPLETE_LOOKAHEAD_ALL);
    return engine != COMPLETE_ENGINE_GENERAL && s->k >= 1 && s->k <= 64 && s->n <= (1 << 16);
}

/* The engine's choices and the threads of the one-word engine (the general one runs on the
 * caller's thread alone). */
/* The highest build of the one-word engine that an engine choice allows (complete_state.isa). */
static int complete_isa(int engine) {
    engine &= ~(COMPLETE_SQUARES_ALL | COMPLETE_LOOKAHEAD_ALL);
    return engine == COMPLETE_ENGINE_PORTABLE ? 0 : engine == COMPLETE_ENGINE_V3 ? 3 : 4;
}

static void complete_configure(complete_state *s, const complete_opts *o, int words) {
    int engine = o->engine & ~(COMPLETE_SQUARES_ALL | COMPLETE_LOOKAHEAD_ALL);
    s->sums_allowed = engine != COMPLETE_ENGINE_NOSUMS;
    s->needed = engine != COMPLETE_ENGINE_NONEEDED;
    s->isa = complete_isa(engine);
    s->lextop = engine != COMPLETE_ENGINE_NOLEX;
    s->squares_from = engine == COMPLETE_ENGINE_NOSQUARES ? 0
                      : o->engine & COMPLETE_SQUARES_ALL  ? 2
                                                          : WORD_SQUARES_FROM;
    s->lookahead = engine == COMPLETE_ENGINE_NOLOOKAHEAD ? 0
                   : o->engine & COMPLETE_LOOKAHEAD_ALL  ? 2
                                                         : WORD_LOOKAHEAD_FROM;
    s->threads = words && o->runner && o->threads > 1 ? o->threads : 1;
    s->runner = s->threads > 1 ? o->runner : NULL;
    s->budget = o->budget;
    s->split = o->split > 0 ? o->split : COMPLETE_SPLIT_PER_THREAD * s->threads;
}

/* Runs the lexicographic walk; NQ_ENOSOL also covers an instance that fails its set-up. */
static int complete_walk(const nq_instance *inst, const complete_opts *o, complete_sink *out,
                         nq_conflict *conflict, nq_complete_stats *stats) {
    complete_state s;
    int ret = complete_init(&s, inst, conflict);
    if (ret != NQ_OK) {
        complete_stats(&s, inst, stats);
        return ret;
    }
    int words = complete_use_words(&s, o->engine);
    complete_configure(&s, o, words);
    int *witness = malloc((size_t)(s.k > 0 ? s.k : 1) * sizeof *witness);
    out->cols = malloc((size_t)inst->n * sizeof *out->cols);
    if (!witness || !out->cols || (words && word_setup(&s) != NQ_OK)) {
        ret = NQ_ENOMEM;
    } else {
        memcpy(out->cols, inst->cols, (size_t)inst->n * sizeof *out->cols);
        int r = COMPLETE_STOP;
        if (s.k > 0) {
            s.probes++;
            r = words ? word_search_root(&s, 0, 0, witness) : trail_search(&s, 0, witness);
        }
        if (r == COMPLETE_STOP) {
            r = words ? word_lex(&s, 0, witness, out) : trail_lex(&s, 0, witness, out);
        }
        ret = s.par_error                      ? s.par_error
              : r == COMPLETE_NOMEM || s.nomem ? NQ_ENOMEM
              : r == COMPLETE_STOP             ? NQ_STOPPED
              : out->found                     ? NQ_OK
                                               : NQ_ENOSOL;
    }
    complete_stats(&s, inst, stats);
    free(witness);
    free(out->cols);
    complete_free(&s);
    return ret;
}

typedef struct complete_first {
    int *cols;
} complete_first;

static int complete_keep_first(void *user, int n, const int *cols) {
    complete_first *f = user;
    memcpy(f->cols, cols, (size_t)n * sizeof *cols);
    return 1;
}

int complete_first_opts(const nq_instance *inst, const complete_opts *o, int *cols,
                        nq_conflict *conflict, nq_complete_stats *stats) {
    if (!cols) {
        return NQ_EINVAL;
    }
    complete_first f = {cols};
    complete_sink out = {complete_keep_first, &f, NULL, 0};
    int ret = complete_walk(inst, o, &out, conflict, stats);
    return ret == NQ_STOPPED ? NQ_OK : ret;
}

int complete_each_opts(const nq_instance *inst, const complete_opts *o,
                       int (*fn)(void *user, int n, const int *cols), void *user,
                       nq_conflict *conflict, nq_complete_stats *stats) {
    if (!fn) {
        return NQ_EINVAL;
    }
    complete_sink out = {fn, user, NULL, 0};
    return complete_walk(inst, o, &out, conflict, stats);
}

int complete_count_opts(const nq_instance *inst, const complete_opts *o, nq_u128 *count,
                        nq_conflict *conflict, nq_complete_stats *stats) {
    if (!count) {
        return NQ_EINVAL;
    }
    complete_state s;
    int ret = complete_init(&s, inst, conflict);
    if (ret == NQ_ENOSOL) {
        *count = 0;
        complete_stats(&s, inst, stats);
        return NQ_OK;
    }
    if (ret != NQ_OK) {
        return ret;
    }
    if (s.k == 0) {
        s.count = 1;
    } else if (complete_use_words(&s, o->engine)) {
        complete_configure(&s, o, 1);
        ret = word_setup(&s);
        if (ret == NQ_OK && word_search_root(&s, 0, 1, NULL) == COMPLETE_NOMEM) {
            ret = s.par_error ? s.par_error : NQ_ENOMEM;
        }
    } else if (trail_search(&s, 1, NULL) == COMPLETE_NOMEM || s.nomem) {
        ret = NQ_ENOMEM;
    }
    if (ret == NQ_OK) {
        *count = s.count;
    }
    complete_stats(&s, inst, stats);
    complete_free(&s);
    return ret;
}

/* The options of one thread with an engine choice. */
static complete_opts complete_one(int engine) {
    complete_opts o = {engine, 1, 0, 0, NULL};
    return o;
}

int complete_first_with(const nq_instance *inst, int engine, int *cols, nq_conflict *conflict,
                        nq_complete_stats *stats) {
    complete_opts o = complete_one(engine);
    return complete_first_opts(inst, &o, cols, conflict, stats);
}

int complete_each_with(const nq_instance *inst, int engine,
                       int (*fn)(void *user, int n, const int *cols), void *user,
                       nq_conflict *conflict, nq_complete_stats *stats) {
    complete_opts o = complete_one(engine);
    return complete_each_opts(inst, &o, fn, user, conflict, stats);
}

int complete_count_with(const nq_instance *inst, int engine, nq_u128 *count, nq_conflict *conflict,
                        nq_complete_stats *stats) {
    complete_opts o = complete_one(engine);
    return complete_count_opts(inst, &o, count, conflict, stats);
}

int complete_word_build(int engine) {
    return word_build(complete_isa(engine));
}

int nq_complete_first(const nq_instance *inst, int *cols, nq_conflict *conflict,
                      nq_complete_stats *stats) {
    complete_opts o = complete_one(COMPLETE_ENGINE_AUTO);
    return complete_first_opts(inst, &o, cols, conflict, stats);
}

int nq_complete_each(const nq_instance *inst, int (*fn)(void *user, int n, const int *cols),
                     void *user, nq_conflict *conflict, nq_complete_stats *stats) {
    complete_opts o = complete_one(COMPLETE_ENGINE_AUTO);
    return complete_each_opts(inst, &o, fn, user, conflict, stats);
}

int nq_complete_count(const nq_instance *inst, nq_u128 *count, nq_conflict *conflict,
                      nq_complete_stats *stats) {
    complete_opts o = complete_one(COMPLETE_ENGINE_AUTO);
    return complete_count_opts(inst, &o, count, conflict, stats);
}
