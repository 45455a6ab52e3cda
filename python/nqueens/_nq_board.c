/*
 * _nq_board.c: the small bindings on one board: version(), live_handles(), known_count(),
 * validate() (src/board.c), transform() and canonical() (src/symmetry.c).
 */
#include "_nq_common.h"

/* ---- Small functions -------------------------------------------------------------------- */

PyObject *py_nq_version(PyObject *self, PyObject *args) {
    (void)self;
    (void)args;
    return PyUnicode_FromString(nq_version());
}

PyObject *py_nq_live_handles(PyObject *self, PyObject *args) {
    (void)self;
    (void)args;
    return PyLong_FromLong(py_nq_handles_alive);
}

PyObject *py_nq_known_count(PyObject *self, PyObject *args) {
    (void)self;
    int n;
    if (!PyArg_ParseTuple(args, "i", &n))
        return NULL;
    nq_u128 total, unique;
    int rc = nq_known_count(n, &total, &unique);
    if (rc == NQ_ERANGE)
        Py_RETURN_NONE;
    if (rc != NQ_OK)
        return py_nq_raise_status(rc, "known_count");
    PyObject *a = py_nq_from_u128(total), *b = py_nq_from_u128(unique);
    PyObject *r = a && b ? PyTuple_Pack(2, a, b) : NULL;
    Py_XDECREF(a);
    Py_XDECREF(b);
    return r;
}

/* validate(cols, partial_ok) -> None, or the first two attacking queens (r1, c1, r2, c2, how). */
PyObject *py_nq_validate(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *obj;
    int partial;
    if (!PyArg_ParseTuple(args, "Op", &obj, &partial))
        return NULL;
    py_nq_cols_arg a;
    if (py_nq_cols_get(obj, &a))
        return NULL;
    if (a.n < 1 || a.n > INT_MAX) {
        py_nq_cols_release(&a);
        PyErr_SetString(PyExc_ValueError, "a placement needs at least one row");
        return NULL;
    }
    nq_conflict c;
    int rc;
    Py_BEGIN_ALLOW_THREADS
    rc = nq_validate((int)a.n, a.cols, partial, &c);
    Py_END_ALLOW_THREADS
    if (rc == NQ_EINVAL) {
        /* Name the first entry off the board, as py_nq_cols_get() does for one off any board. */
        Py_ssize_t bad = 0;
        while (bad < a.n - 1 && a.cols[bad] >= (partial ? -1 : 0) && a.cols[bad] < a.n)
            bad++;
        if (partial)
            PyErr_Format(PyExc_ValueError,
                         "column %zd is %d: outside the %zd x %zd board (each must be from 0 to "
                         "%zd, or -1 for an empty row)",
                         bad, a.cols[bad], a.n, a.n, a.n - 1);
        else
            PyErr_Format(PyExc_ValueError,
                         "column %zd is %d: not a full placement of the %zd x %zd board (each "
                         "must be from 0 to %zd)",
                         bad, a.cols[bad], a.n, a.n, a.n - 1);
        py_nq_cols_release(&a);
        return NULL;
    }
    py_nq_cols_release(&a);
    if (rc == NQ_OK)
        Py_RETURN_NONE;
    if (rc == NQ_ECONFLICT)
        return py_nq_conflict_tuple(&c);
    return py_nq_raise_status(rc, "validate");
}

/* transform(cols, sym) -> tuple. */
PyObject *py_nq_transform(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *obj;
    int sym;
    if (!PyArg_ParseTuple(args, "Oi", &obj, &sym))
        return NULL;
    py_nq_cols_arg a;
    if (py_nq_cols_get(obj, &a))
        return NULL;
    int *out = PyMem_Malloc((size_t)(a.n > 0 ? a.n : 1) * sizeof(int));
    if (!out) {
        py_nq_cols_release(&a);
        return PyErr_NoMemory();
    }
    int rc = a.n < 1 || a.n > INT_MAX ? NQ_EINVAL
                                      : nq_transform((int)a.n, a.cols, (nq_symmetry)sym, out);
    PyObject *r = rc == NQ_OK
                      ? py_nq_tuple_of(out, (int)a.n)
                      : py_nq_raise_status(rc, "transform (the columns must be a permutation "
                                               "of 0..n-1, the symmetry one of the 8)");
    PyMem_Free(out);
    py_nq_cols_release(&a);
    return r;
}

/* canonical(cols) -> (tuple, orbit). */
PyObject *py_nq_canonical(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *obj;
    if (!PyArg_ParseTuple(args, "O", &obj))
        return NULL;
    py_nq_cols_arg a;
    if (py_nq_cols_get(obj, &a))
        return NULL;
    int *out = PyMem_Malloc((size_t)(a.n > 0 ? a.n : 1) * sizeof(int));
    if (!out) {
        py_nq_cols_release(&a);
        return PyErr_NoMemory();
    }
    int orbit = 0;
    int rc = a.n < 1 || a.n > INT_MAX ? NQ_EINVAL : nq_canonical((int)a.n, a.cols, out, &orbit);
    PyObject *r = NULL;
    if (rc == NQ_OK) {
        PyObject *t = py_nq_tuple_of(out, (int)a.n);
        r = t ? Py_BuildValue("(Ni)", t, orbit) : NULL;
    } else
        py_nq_raise_status(rc, "canonical (the columns must be a permutation of 0..n-1)");
    PyMem_Free(out);
    py_nq_cols_release(&a);
    return r;
}
