/*
 * _nq_complete.c: the binding of complete(), the completions of given queens (src/complete.c,
 * src/instance.c).
 */
#include "_nq_common.h"

#include <stdlib.h>
#include <string.h>

/* ---- complete --------------------------------------------------------------------------- */

/* The completions of nq_complete_each(), kept while the GIL is released. */
typedef struct completions {
    int *cols;
    size_t count, cap; /* solutions kept, room for */
    int n;
    int nomem;
} completions;

static int keep_completion(void *user, int n, const int *cols) {
    completions *c = user;
    if (c->count == c->cap) {
        size_t cap = c->cap ? c->cap * 2 : 16;
        int *p = realloc(c->cols, cap * (size_t)n * sizeof *p);
        if (!p) {
            c->nomem = 1;
            return 1;
        }
        c->cols = p;
        c->cap = cap;
    }
    memcpy(c->cols + c->count * (size_t)n, cols, (size_t)n * sizeof *cols);
    c->count++;
    return 0;
}

/* Builds the instance of complete(): queens is a str in the pairs notation, bytes holding an
 * instance text (a board, MiniZinc or Essence data), or a sequence of (row, col) pairs. */
static nq_instance *complete_instance(int n, PyObject *queens) {
    nq_instance *inst = NULL;
    nq_conflict cf;
    char err[256] = "";
    int rc;
    if (PyUnicode_Check(queens) || PyBytes_Check(queens)) {
        Py_ssize_t len;
        const char *text;
        int is_text = PyBytes_Check(queens);
        if (PyUnicode_Check(queens))
            text = PyUnicode_AsUTF8AndSize(queens, &len);
        else {
            text = PyBytes_AS_STRING(queens);
            len = PyBytes_GET_SIZE(queens);
        }
        if (!text)
            return NULL;
        if (PyUnicode_Check(queens) && strlen(text) != (size_t)len) {
            PyErr_SetString(PyExc_ValueError, "the queens text holds a NUL character");
            return NULL;
        }
        Py_BEGIN_ALLOW_THREADS
        if (is_text)
            rc = nq_instance_parse(text, (size_t)len, n, -1, &inst, &cf, err, sizeof err);
        else
            rc = nq_instance_parse_queens(text, n, &inst, &cf, err, sizeof err);
        Py_END_ALLOW_THREADS
    } else {
        PyObject *seq = PySequence_Fast(queens, "queens must be a str like \"0-1, 2-3\", bytes "
                                                "(a board), or a sequence of (row, col) pairs");
        if (!seq)
            return NULL;
        rc = nq_instance_new(n, &inst);
        Py_ssize_t k = PySequence_Fast_GET_SIZE(seq);
        for (Py_ssize_t i = 0; rc == NQ_OK && i < k; i++) {
            long r = 0, c = 0;
            PyObject *pair = PySequence_Fast_GET_ITEM(seq, i);
            if (!PyTuple_Check(pair) && !PyList_Check(pair)) {
                PyErr_Format(PyExc_TypeError, "queen %zd is a %s, not a (row, col) pair", i,
                             Py_TYPE(pair)->tp_name);
                rc = 1;
                break;
            }
            /* Rows and columns as the columns of a Solution are read (py_nq_as_long()): ints of
             * any size, numpy's too, but no bools; one off the board is a ValueError. */
            PyObject *tp = PySequence_Tuple(pair);
            int got = -2;
            if (tp && PyTuple_GET_SIZE(tp) == 2) {
                got = py_nq_as_long(PyTuple_GET_ITEM(tp, 0), &r);
                if (got == 0)
                    got = py_nq_as_long(PyTuple_GET_ITEM(tp, 1), &c);
            }
            if (tp && got == -2)
                PyErr_Format(PyExc_TypeError, "queen %zd is not a (row, col) pair of ints", i);
            if (!tp || got) {
                Py_XDECREF(tp);
                rc = 1;
                break;
            }
            if (r < 0 || r >= n || c < 0 || c >= n) {
                PyErr_Format(PyExc_ValueError,
                             "queen %zd at row %S, column %S is outside the %d x %d board", i,
                             PyTuple_GET_ITEM(tp, 0), PyTuple_GET_ITEM(tp, 1), n, n);
                Py_DECREF(tp);
                rc = 1;
                break;
            }
            Py_DECREF(tp);
            rc = nq_instance_place(inst, (int)r, (int)c, &cf);
        }
        Py_DECREF(seq);
        if (rc == 1) {
            nq_instance_free(inst);
            return NULL;
        }
    }
    if (rc == NQ_OK)
        return inst;
    nq_instance_free(inst);
    if (rc == NQ_EPARSE || rc == NQ_EMISMATCH)
        PyErr_Format(py_nq_parse_error, "queens: %s", err);
    else if (rc == NQ_ECONFLICT)
        PyErr_Format(py_nq_conflict_error, "the given queens %d-%d and %d-%d are in the same row",
                     cf.row1, cf.col1, cf.row2, cf.col2);
    else if (rc == NQ_EINVAL)
        PyErr_Format(PyExc_ValueError, "complete: n must be from 1 to %d, got %d",
                     NQ_INSTANCE_MAX_N, n);
    else
        py_nq_raise_status(rc, "complete");
    return NULL;
}

/* complete(n, queens, mode) with mode 0 (first), 1 (all), 2 (count) ->
 * (n, given flags as bytes, result): result a tuple or None, a list of tuples, or an int. */
PyObject *py_nq_complete(PyObject *self, PyObject *args) {
    (void)self;
    int n, mode;
    PyObject *queens;
    if (!PyArg_ParseTuple(args, "iOi", &n, &queens, &mode))
        return NULL;
    nq_instance *inst = complete_instance(n, queens);
    if (!inst)
        return NULL;
    int size = nq_instance_n(inst);
    PyObject *given = PyBytes_FromStringAndSize(NULL, size);
    if (!given) {
        nq_instance_free(inst);
        return NULL;
    }
    for (int r = 0; r < size; r++)
        PyBytes_AS_STRING(given)[r] = (char)(nq_instance_queen(inst, r) >= 0);
    nq_conflict cf;
    nq_u128 total = 0;
    completions all = {NULL, 0, 0, size, 0};
    int *cols = mode == 0 ? PyMem_RawMalloc((size_t)size * sizeof *cols) : NULL;
    int rc;
    if (mode == 0 && !cols)
        rc = NQ_ENOMEM;
    else {
        Py_BEGIN_ALLOW_THREADS
        if (mode == 2)
            rc = nq_complete_count(inst, &total, &cf, NULL);
        else if (mode == 1)
            rc = nq_complete_each(inst, keep_completion, &all, &cf, NULL);
        else
            rc = nq_complete_first(inst, cols, &cf, NULL);
        Py_END_ALLOW_THREADS
    }
    nq_instance_free(inst);
    PyObject *result = NULL;
    if (rc == NQ_STOPPED && all.nomem)
        PyErr_NoMemory();
    else if (rc == NQ_ECONFLICT)
        PyErr_Format(py_nq_conflict_error,
                     "the given queens %d-%d and %d-%d attack each other (same %s)", cf.row1,
                     cf.col1, cf.row2, cf.col2, nq_attack_name(cf.kind));
    else if (rc == NQ_ENOSOL) {
        result = mode == 1 ? PyList_New(0) : (Py_INCREF(Py_None), Py_None);
    } else if (rc != NQ_OK)
        py_nq_raise_status(rc, "cannot complete the instance");
    else if (mode == 2)
        result = py_nq_from_u128(total);
    else if (mode == 0)
        result = py_nq_tuple_of(cols, size);
    else {
        result = PyList_New((Py_ssize_t)all.count);
        for (size_t i = 0; result && i < all.count; i++) {
            PyObject *t = py_nq_tuple_of(all.cols + i * (size_t)size, size);
            if (!t) {
                Py_CLEAR(result);
                break;
            }
            PyList_SET_ITEM(result, (Py_ssize_t)i, t);
        }
    }
    PyMem_RawFree(cols);
    free(all.cols);
    if (!result) {
        Py_DECREF(given);
        return NULL;
    }
    return Py_BuildValue("(iNN)", size, given, result);
}
