/*
 * _nq_find.c: the bindings that find solutions: find() (one solution by backtracking,
 * construction or min-conflicts: src/search.c, src/construct.c, src/minconflicts.c) and the type
 * Search, the iterator of solutions() (src/search.c).
 */
#include "_nq_common.h"

#include <string.h>

/* ---- find ------------------------------------------------------------------------------- */

/* find(method, n, seed, out) -> dict of statistics; out is a writable buffer of n C ints.
 * method: 0 first, 1 construct, 2 random. Returns None when n has no solution (2, 3). */
PyObject *py_nq_find(PyObject *self, PyObject *args) {
    (void)self;
    int method, n;
    unsigned long long seed;
    Py_buffer out;
    if (!PyArg_ParseTuple(args, "iiKw*", &method, &n, &seed, &out))
        return NULL;
    if (out.len < (Py_ssize_t)n * (Py_ssize_t)sizeof(int) || n < 1) {
        PyBuffer_Release(&out);
        return PyErr_Format(PyExc_ValueError, "find needs n >= 1 and room for n columns");
    }
    int rc;
    uint64_t nodes = 0;
    nq_mc_stats st;
    memset(&st, 0, sizeof st);
    Py_BEGIN_ALLOW_THREADS
    if (method == 0)
        rc = nq_find_first(n, out.buf, &nodes);
    else if (method == 1)
        rc = nq_construct(n, out.buf);
    else
        rc = nq_minconflicts(n, seed, 0, out.buf, &st);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&out);
    if (rc == NQ_ENOSOL)
        Py_RETURN_NONE;
    if (rc == NQ_ENOMEM && method == 2)
        return PyErr_Format(PyExc_MemoryError, "find(%d, method='random') needs %llu bytes", n,
                            (unsigned long long)nq_minconflicts_memory(n));
    if (rc != NQ_OK)
        return py_nq_raise_status(rc, "find");
    if (method == 2)
        return Py_BuildValue("{s:K,s:K,s:K,s:K,s:K}", "tries", (unsigned long long)st.tries,
                             "init_conflicts", (unsigned long long)st.init_conflicts, "init_probes",
                             (unsigned long long)st.init_probes, "evaluations",
                             (unsigned long long)st.evaluations, "swaps",
                             (unsigned long long)st.swaps);
    return Py_BuildValue("{s:K}", "nodes", (unsigned long long)nodes);
}

/* ---- Search: the solution iterator ------------------------------------------------------- */

typedef struct {
    PyObject_HEAD nq_search *search; /* NULL once exhausted */
    int n;
    int busy; /* a thread is in nq_search_next() with the GIL released */
} SearchObject;

static void search_release(SearchObject *s) {
    if (s->search) {
        nq_search_free(s->search);
        s->search = NULL;
        py_nq_handles_alive--;
    }
}

static PyObject *Search_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"n", "unique", NULL};
    int n, unique = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "i|p", kwlist, &n, &unique))
        return NULL;
    nq_search *search;
    int rc = nq_search_new(n, NULL, 0, unique ? NQ_SEARCH_UNIQUE : 0, &search);
    if (rc == NQ_EINVAL)
        return PyErr_Format(PyExc_ValueError, "n must be from 1 to %d, got %d", NQ_MAX_N, n);
    if (rc != NQ_OK)
        return py_nq_raise_status(rc, "solutions");
    SearchObject *s = (SearchObject *)type->tp_alloc(type, 0);
    if (!s) {
        nq_search_free(search);
        return NULL;
    }
    s->search = search;
    s->n = n;
    py_nq_handles_alive++;
    return (PyObject *)s;
}

static void Search_dealloc(SearchObject *s) {
    search_release(s);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

static PyObject *Search_next(SearchObject *s) {
    if (!s->search)
        return NULL;
    if (s->busy) {
        PyErr_SetString(PyExc_RuntimeError, "this solutions() iterator is already running in "
                                            "another thread; give each thread its own");
        return NULL;
    }
    int cols[NQ_MAX_N];
    int rc;
    nq_search *search = s->search;
    s->busy = 1;
    Py_BEGIN_ALLOW_THREADS
    rc = nq_search_next(search, cols);
    Py_END_ALLOW_THREADS
    s->busy = 0;
    if (rc != NQ_OK) {
        search_release(s);
        return NULL;
    }
    return py_nq_tuple_of(cols, s->n);
}

static PyObject *Search_nodes(SearchObject *s, void *closure) {
    (void)closure;
    return PyLong_FromUnsignedLongLong(s->search ? nq_search_nodes(s->search) : 0);
}

static PyGetSetDef Search_getset[] = {
    {"nodes", (getter)Search_nodes, NULL, "search nodes so far (queens placed); 0 once exhausted",
     NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyTypeObject py_nq_search_type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "nqueens._nqueens.Search",
    .tp_basicsize = sizeof(SearchObject),
    .tp_dealloc = (destructor)Search_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Search(n, unique=False): the solutions of n as tuples, in lexicographic order.",
    .tp_iter = PyObject_SelfIter,
    .tp_iternext = (iternextfunc)Search_next,
    .tp_getset = Search_getset,
    .tp_new = Search_new,
};
