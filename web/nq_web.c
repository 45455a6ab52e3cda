/*
 * nq_web.c: the functions the learners' page calls in libnqueens compiled to WebAssembly.
 *
 * The page calls the library's own C code, so what it shows is exactly what the library
 * computes; this file only reshapes the public API of nqueens.h for JavaScript (see nq_web.h).
 * It keeps no state between calls and uses nothing but nqueens.h. Workload: a call per click on
 * the page's thread (judging, the URL), and the long calls (counts, completions, the traced
 * search) in Web Workers, which the page cancels by terminating them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <emscripten/emscripten.h>

#include "nq_web.h"
#include "nqueens_advanced.h"

/* Kept by the linker and callable from JavaScript as Module._name. */
#define NQW_EXPORT EMSCRIPTEN_KEEPALIVE

NQW_EXPORT int nqw_judge(int n, int k, const int *rows, const int *cols, int *out) {
    if (k < 0)
        return NQ_EINVAL;
    nq_checker *c = NULL;
    int rc = nq_checker_new(n, &c);
    if (rc != NQ_OK)
        return rc;
    nq_item item;
    memset(&item, 0, sizeof item);
    item.kind = NQ_ITEM_PLACEMENT;
    item.n = n;
    item.queens = (size_t)k;
    item.rows = rows;
    item.cols = cols;
    item.line = 1;
    nq_verdict v;
    rc = nq_checker_add(c, &item, &v);
    nq_checker_free(c);
    if (rc != NQ_OK)
        return rc;
    for (int i = 0; i < NQW_JUDGE_INTS; i++)
        out[i] = -1;
    if (v.kind == NQ_VERDICT_ATTACK) {
        out[0] = NQW_ATTACK;
        out[1] = v.conflict.row1;
        out[2] = v.conflict.col1;
        out[3] = v.conflict.row2;
        out[4] = v.conflict.col2;
        out[5] = (int)v.conflict.kind;
    } else if (v.kind == NQ_VERDICT_INCOMPLETE) {
        out[0] = NQW_INCOMPLETE;
        out[6] = v.row;
    } else {
        out[0] = NQW_VALID;
    }
    return NQ_OK;
}

NQW_EXPORT int nqw_read_pairs(const char *text, int n, int max, int *rows, int *cols, char *err,
                              int errcap) {
    nq_instance *inst = NULL;
    int rc = nq_instance_parse_queens(text, n, &inst, NULL, err, (size_t)(errcap > 0 ? errcap : 0));
    nq_instance_free(inst);
    if (rc != NQ_OK && rc != NQ_ECONFLICT) { /* ECONFLICT: two queens in one row */
        if (rc != NQ_EPARSE && errcap > 0)
            snprintf(err, (size_t)errcap, "%s", nq_strerror(rc));
        return -1;
    }
    nq_reader *r = NULL;
    rc = nq_reader_new(text, strlen(text), NQ_FMT_PAIRS, n, &r);
    nq_item item;
    int k = -1;
    const char *why = NULL;
    if (rc == NQ_OK)
        rc = nq_reader_next(r, &item);
    if (rc == NQ_DONE) {
        k = 0;
    } else if (rc != NQ_OK) {
        why = rc == NQ_EPARSE ? nq_reader_error(r, NULL, NULL) : nq_strerror(rc);
    } else if (item.kind == NQ_ITEM_MALFORMED) {
        why = item.error;
    } else if (item.kind != NQ_ITEM_PLACEMENT || item.n != n || item.queens > (size_t)max) {
        why = "expected queens as ROW-COL pairs separated by commas, one per cell";
    } else {
        k = (int)item.queens;
        memcpy(rows, item.rows, (size_t)k * sizeof *rows);
        memcpy(cols, item.cols, (size_t)k * sizeof *cols);
        if (nq_reader_next(r, &item) != NQ_DONE) {
            k = -1;
            why = "expected one list of queens, on one line";
        }
    }
    if (k < 0 && errcap > 0) {
        /* why may belong to the reader: copied before it is freed. */
        strncpy(err, why != NULL ? why : "unreadable queens", (size_t)errcap - 1);
        err[errcap - 1] = '\0';
    }
    nq_reader_free(r);
    return k;
}

/* The completion problem of k given queens; *out must be freed when NQ_OK is returned. */
static int nqw_instance(nq_instance **out, int n, int k, const int *rows, const int *cols) {
    nq_instance *inst;
    int rc = nq_instance_new(n, &inst);
    if (rc != NQ_OK)
        return rc;
    for (int i = 0; rc == NQ_OK && i < k; i++)
        rc = nq_instance_place(inst, rows[i], cols[i], NULL);
    if (rc != NQ_OK) {
        nq_instance_free(inst);
        return rc;
    }
    *out = inst;
    return NQ_OK;
}

NQW_EXPORT int nqw_complete_first(int n, int k, const int *rows, const int *cols, int *out) {
    nq_instance *inst;
    int rc = nqw_instance(&inst, n, k, rows, cols);
    if (rc != NQ_OK)
        return rc;
    rc = nq_complete_first(inst, out, NULL, NULL);
    nq_instance_free(inst);
    return rc;
}

NQW_EXPORT int nqw_complete_count(int n, int k, const int *rows, const int *cols, char *count) {
    nq_instance *inst;
    int rc = nqw_instance(&inst, n, k, rows, cols);
    if (rc != NQ_OK)
        return rc;
    nq_u128 c = 0;
    rc = nq_complete_count(inst, &c, NULL, NULL);
    nq_instance_free(inst);
    if (rc == NQ_OK)
        nq_u128_to_string(c, count);
    return rc;
}

NQW_EXPORT int nqw_known_count(int n, char *total, char *unique) {
    nq_u128 t = 0, u = 0;
    int rc = nq_known_count(n, &t, &u);
    if (rc == NQ_OK) {
        nq_u128_to_string(t, total);
        nq_u128_to_string(u, unique);
    }
    return rc;
}

struct nqw_count {
    nq_split *split;
    nq_u128 total, unique; /* sums over the subproblems solved so far */
    uint64_t nodes;
    char text[41]; /* the last count written in decimal */
};

NQW_EXPORT nqw_count *nqw_count_new(int n) {
    nqw_count *c = calloc(1, sizeof *c);
    if (c != NULL && nq_split_new(n, &c->split) != NQ_OK) {
        free(c);
        c = NULL;
    }
    return c;
}

NQW_EXPORT int nqw_count_size(const nqw_count *c) {
    return (int)nq_split_size(c->split);
}

NQW_EXPORT int nqw_count_solve(nqw_count *c, int first, int k) {
    if (first < 0 || k < 0)
        return NQ_EINVAL;
    for (int i = first; i < first + k; i++) {
        nq_counts part;
        int rc = nq_split_solve(c->split, (uint64_t)i, &part);
        if (rc != NQ_OK)
            return rc;
        /* What the page shows: the total and the fundamental count. */
        c->total += part.total;
        c->unique += part.unique;
        c->nodes += part.nodes;
    }
    return NQ_OK;
}

NQW_EXPORT const char *nqw_count_total(nqw_count *c) {
    return nq_u128_to_string(c->total, c->text);
}

NQW_EXPORT const char *nqw_count_unique(nqw_count *c) {
    return nq_u128_to_string(c->unique, c->text);
}

NQW_EXPORT double nqw_count_nodes(const nqw_count *c) {
    return (double)c->nodes;
}

NQW_EXPORT void nqw_count_free(nqw_count *c) {
    if (c != NULL) {
        nq_split_free(c->split);
        free(c);
    }
}

typedef struct nqw_trace_state {
    double skip;   /* events still to pass over before the slice */
    int max, done; /* room in out, in events; events written */
    int *out;
    double nodes; /* PLACE events so far, those passed over included */
} nqw_trace_state;

static int nqw_trace_event(void *user, const nq_trace_event *ev) {
    nqw_trace_state *t = user;
    if (ev->kind == NQ_TRACE_PLACE)
        t->nodes++;
    if (t->skip > 0) {
        t->skip--;
        return 0;
    }
    if (t->done == t->max || t->nodes > 2147483647.0)
        return 1;
    int *e = t->out + (size_t)t->done * (size_t)(NQW_EVENT_HEAD + ev->n);
    e[NQW_EV_KIND] = (int)ev->kind;
    e[NQW_EV_ROW] = ev->row;
    e[NQW_EV_COL] = ev->col;
    e[NQW_EV_ATTACK] = (int)ev->attack;
    e[NQW_EV_BY_ROW] = ev->by_row;
    e[NQW_EV_BY_COL] = ev->by_col;
    e[NQW_EV_SOLUTION] = (int)ev->solution;
    e[NQW_EV_NODES] = (int)t->nodes;
    int known =
        ev->kind == NQ_TRACE_PLACE || ev->kind == NQ_TRACE_BACKTRACK ? ev->row + 1 : ev->row;
    for (int r = 0; r < ev->n; r++)
        e[NQW_EVENT_HEAD + r] = r < known ? ev->cols[r] : -1;
    t->done++;
    return 0;
}

NQW_EXPORT int nqw_trace(int n, double first, int max, int *out) {
    if (max < 0 || !(first >= 0))
        return -1;
    nqw_trace_state t = {.skip = first, .max = max, .out = out};
    int rc = nq_trace_search(n, nqw_trace_event, &t, NULL);
    if ((rc != NQ_OK && rc != NQ_STOPPED) || t.nodes > 2147483647.0)
        return -1;
    return t.done;
}

typedef struct nqw_find_state {
    double index; /* number of the event being reported */
    double first;
    int kind;
} nqw_find_state;

static int nqw_find_event(void *user, const nq_trace_event *ev) {
    nqw_find_state *f = user;
    if (f->index >= f->first && (int)ev->kind == f->kind)
        return 1;
    f->index++;
    return 0;
}

NQW_EXPORT double nqw_trace_find(int n, double first, int kind) {
    nqw_find_state f = {.index = 0, .first = first, .kind = kind};
    return nq_trace_search(n, nqw_find_event, &f, NULL) == NQ_STOPPED ? f.index : -1;
}

NQW_EXPORT nq_search *nqw_search_new(int n, int unique) {
    nq_search *s = NULL;
    if (nq_search_new(n, NULL, 0, unique ? NQ_SEARCH_UNIQUE : 0u, &s) != NQ_OK)
        return NULL;
    return s;
}
