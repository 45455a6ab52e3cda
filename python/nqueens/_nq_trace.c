/*
 * _nq_trace.c: the type Trace, the events of the branch-and-bound search produced on a thread
 * and handed over in batches (src/trace.c).
 */
#include "_nq_common.h"

#include <string.h>

/* ---- Trace: the branch-and-bound events, produced on a thread in batches ----------------- */

#define TRACE_BATCH 1024

/* One event, copied out of the callback (which owns its cols only during the call). */
typedef struct trace_item {
    int kind, row, col, attack, by_row, by_col, ncols;
    uint64_t solution;
    int cols[NQ_MAX_N];
} trace_item;

typedef struct {
    PyObject_HEAD int n;
    pthread_t thread;
    int started, finished, cancel, ready; /* under mu; ready: pending holds a batch */
    pthread_mutex_t mu;
    pthread_cond_t cv;
    trace_item *pending, *current; /* the producer's batch, the consumer's */
    int npending, ncurrent, pos;
    nq_trace_stats stats;
    int rc;
} TraceObject;

/* Hands the pending batch to the consumer and waits until it has taken it; returns non-zero if
 * the trace was abandoned. Called with mu held. */
static int trace_hand_over(TraceObject *t) {
    t->ready = 1;
    pthread_cond_broadcast(&t->cv);
    while (t->ready && !t->cancel)
        pthread_cond_wait(&t->cv, &t->mu);
    return t->cancel;
}

static int trace_on_event(void *user, const nq_trace_event *ev) {
    TraceObject *t = user;
    trace_item *it = &t->pending[t->npending++];
    it->kind = (int)ev->kind;
    it->row = ev->row;
    it->col = ev->col;
    it->attack = (int)ev->attack;
    it->by_row = ev->by_row;
    it->by_col = ev->by_col;
    it->solution = ev->solution;
    int k = ev->kind == NQ_TRACE_SOLUTION                                  ? ev->n
            : ev->kind == NQ_TRACE_PLACE || ev->kind == NQ_TRACE_BACKTRACK ? ev->row + 1
                                                                           : ev->row;
    it->ncols = k;
    memcpy(it->cols, ev->cols, (size_t)k * sizeof(int));
    if (t->npending < TRACE_BATCH)
        return 0;
    pthread_mutex_lock(&t->mu);
    int stop = trace_hand_over(t);
    pthread_mutex_unlock(&t->mu);
    return stop;
}

static void *trace_thread(void *arg) {
    TraceObject *t = arg;
    nq_trace_stats stats;
    int rc = nq_trace_search(t->n, trace_on_event, t, &stats);
    pthread_mutex_lock(&t->mu);
    if (t->npending > 0 && !t->cancel)
        trace_hand_over(t);
    t->stats = stats;
    t->rc = rc;
    t->finished = 1;
    pthread_cond_broadcast(&t->cv);
    pthread_mutex_unlock(&t->mu);
    return NULL;
}

static PyObject *Trace_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"n", NULL};
    int n;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "i", kwlist, &n))
        return NULL;
    if (n < 1 || n > NQ_MAX_N)
        return PyErr_Format(PyExc_ValueError, "n must be from 1 to %d, got %d", NQ_MAX_N, n);
    TraceObject *t = (TraceObject *)type->tp_alloc(type, 0);
    if (!t)
        return NULL;
    t->n = n;
    t->pending = PyMem_RawMalloc(TRACE_BATCH * sizeof *t->pending);
    t->current = PyMem_RawMalloc(TRACE_BATCH * sizeof *t->current);
    pthread_mutex_init(&t->mu, NULL);
    pthread_cond_init(&t->cv, NULL);
    py_nq_handles_alive++;
    if (!t->pending || !t->current) {
        Py_DECREF(t);
        return PyErr_NoMemory();
    }
    return (PyObject *)t;
}

static void Trace_dealloc(TraceObject *t) {
    if (t->started) {
        Py_BEGIN_ALLOW_THREADS
        pthread_mutex_lock(&t->mu);
        t->cancel = 1;
        pthread_cond_broadcast(&t->cv);
        pthread_mutex_unlock(&t->mu);
        pthread_join(t->thread, NULL);
        Py_END_ALLOW_THREADS
    }
    pthread_mutex_destroy(&t->mu);
    pthread_cond_destroy(&t->cv);
    PyMem_RawFree(t->pending);
    PyMem_RawFree(t->current);
    py_nq_handles_alive--;
    Py_TYPE(t)->tp_free((PyObject *)t);
}

static const char *trace_kind_names[] = {"try",      "attacked", "place",
                                         "solution", "dead_end", "backtrack"};

static PyObject *Trace_next(TraceObject *t) {
    if (t->pos == t->ncurrent) {
        if (!t->started) {
            if (py_nq_start_quiet_thread(&t->thread, trace_thread, t) != 0) {
                PyErr_SetString(py_nq_error, "trace: cannot start the search's thread");
                return NULL;
            }
            t->started = 1;
        }
        int got = 0;
        Py_BEGIN_ALLOW_THREADS
        pthread_mutex_lock(&t->mu);
        while (!t->ready && !t->finished)
            pthread_cond_wait(&t->cv, &t->mu);
        if (t->ready) {
            trace_item *swap = t->current;
            t->current = t->pending;
            t->pending = swap;
            t->ncurrent = t->npending;
            t->npending = 0;
            t->pos = 0;
            t->ready = 0;
            got = 1;
            pthread_cond_broadcast(&t->cv);
        }
        pthread_mutex_unlock(&t->mu);
        Py_END_ALLOW_THREADS
        if (!got)
            return NULL;
    }
    const trace_item *it = &t->current[t->pos++];
    PyObject *cols = py_nq_tuple_of(it->cols, it->ncols);
    if (!cols)
        return NULL;
    return Py_BuildValue("(siiisiiNK)", trace_kind_names[it->kind], t->n, it->row, it->col,
                         nq_attack_name((nq_attack)it->attack), it->by_row, it->by_col, cols,
                         (unsigned long long)it->solution);
}

static PyObject *Trace_stats(TraceObject *t, void *closure) {
    (void)closure;
    int fin;
    nq_trace_stats s;
    pthread_mutex_lock(&t->mu);
    fin = t->finished;
    s = t->stats;
    pthread_mutex_unlock(&t->mu);
    if (!fin || t->pos < t->ncurrent)
        Py_RETURN_NONE;
    return Py_BuildValue("{s:K,s:K,s:K,s:K,s:K,s:K}", "tries", (unsigned long long)s.tries,
                         "attacked", (unsigned long long)s.attacked, "nodes",
                         (unsigned long long)s.nodes, "dead_ends", (unsigned long long)s.dead_ends,
                         "solutions", (unsigned long long)s.solutions, "backtracks",
                         (unsigned long long)s.backtracks);
}

static PyGetSetDef Trace_getset[] = {
    {"stats", (getter)Trace_stats, NULL,
     "the totals (tries, attacked, nodes, dead_ends, solutions, backtracks) once every event "
     "was read; None before",
     NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyTypeObject py_nq_trace_type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "nqueens._nqueens.Trace",
    .tp_basicsize = sizeof(TraceObject),
    .tp_dealloc = (destructor)Trace_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Trace(n): the events of nq_trace_search() as tuples (kind, n, row, col, attack, "
              "by_row, by_col, cols, solution).",
    .tp_iter = PyObject_SelfIter,
    .tp_iternext = (iternextfunc)Trace_next,
    .tp_getset = Trace_getset,
    .tp_new = Trace_new,
};
