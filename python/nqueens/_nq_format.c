/*
 * _nq_format.c: the bindings of the text and picture output: format() (src/format.c) and svg()
 * (src/svg.c).
 */
#include "_nq_common.h"

#include <string.h>

/* format(fmt, cols, flags) -> str: nq_format_solution(). */
PyObject *py_nq_format(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *obj;
    int fmt;
    unsigned int flags;
    if (!PyArg_ParseTuple(args, "iOI", &fmt, &obj, &flags))
        return NULL;
    py_nq_cols_arg a;
    if (py_nq_cols_get(obj, &a))
        return NULL;
    char small[512];
    size_t len = a.n < 1 || a.n > INT_MAX ? 0
                                          : nq_format_solution(small, sizeof small, (nq_format)fmt,
                                                               (int)a.n, a.cols, flags);
    PyObject *r = NULL;
    if (len == 0)
        PyErr_SetString(PyExc_ValueError, "cannot format these columns: each must be in [0, n) "
                                          "(a permutation with column_major), the format a text "
                                          "one");
    else if (len < sizeof small)
        r = PyUnicode_FromStringAndSize(small, (Py_ssize_t)len);
    else {
        char *big = PyMem_Malloc(len + 1);
        if (!big)
            PyErr_NoMemory();
        else {
            Py_BEGIN_ALLOW_THREADS
            nq_format_solution(big, len + 1, (nq_format)fmt, (int)a.n, a.cols, flags);
            Py_END_ALLOW_THREADS
            r = PyUnicode_FromStringAndSize(big, (Py_ssize_t)len);
            PyMem_Free(big);
        }
    }
    py_nq_cols_release(&a);
    return r;
}

/* A growing text buffer for the SVG pieces. */
typedef struct text_buf {
    char *p;
    size_t len, cap;
} text_buf;

/* Makes room for need more bytes plus a NUL; returns 0 or -1 (MemoryError set). */
static int text_room(text_buf *t, size_t need) {
    if (t->len + need + 1 <= t->cap)
        return 0;
    size_t cap = (t->len + need + 1) * 2;
    char *p = PyMem_Realloc(t->p, cap);
    if (!p) {
        PyErr_NoMemory();
        return -1;
    }
    t->p = p;
    t->cap = cap;
    return 0;
}

/* svg(n, boards, flags, given) -> str: one picture of every board (a sequence of placements of
 * size n); given None or n flags (the queens given to a completion, drawn apart). */
PyObject *py_nq_svg(PyObject *self, PyObject *args) {
    (void)self;
    int n;
    PyObject *boards, *given_obj;
    unsigned int flags;
    if (!PyArg_ParseTuple(args, "iOIO", &n, &boards, &flags, &given_obj))
        return NULL;
    if (n < 1 || n > NQ_SVG_MAX_N)
        return PyErr_Format(PyExc_ValueError,
                            "the svg pictures draw boards of 1 to %d rows, got %d; use the cols "
                            "format",
                            NQ_SVG_MAX_N, n);
    PyObject *seq = PySequence_Fast(boards, "boards must be a sequence of placements");
    if (!seq)
        return NULL;
    size_t k = (size_t)PySequence_Fast_GET_SIZE(seq);
    if (k > NQ_SVG_MAX_BOARDS) {
        Py_DECREF(seq);
        return PyErr_Format(PyExc_ValueError,
                            "the svg format draws at most %d boards in one "
                            "picture",
                            NQ_SVG_MAX_BOARDS);
    }
    unsigned char *given = NULL;
    if (given_obj != Py_None) {
        py_nq_cols_arg g;
        if (py_nq_cols_get(given_obj, &g)) {
            Py_DECREF(seq);
            return NULL;
        }
        given = PyMem_Malloc((size_t)n);
        if (!given || g.n != n) {
            py_nq_cols_release(&g);
            PyMem_Free(given);
            Py_DECREF(seq);
            return given ? PyErr_Format(PyExc_ValueError, "given needs %d flags", n)
                         : PyErr_NoMemory();
        }
        for (int r = 0; r < n; r++)
            given[r] = g.cols[r] != 0;
        py_nq_cols_release(&g);
    }
    text_buf t = {NULL, 0, 0};
    PyObject *result = NULL;
    int ok = 1;
    for (size_t i = 0; ok && i <= k + 1; i++) {
        py_nq_cols_arg a = {0};
        if (i >= 1 && i <= k) {
            if (py_nq_cols_get(PySequence_Fast_GET_ITEM(seq, (Py_ssize_t)(i - 1)), &a)) {
                ok = 0;
                break;
            }
            if (a.n != n) {
                py_nq_cols_release(&a);
                PyErr_Format(PyExc_ValueError, "board %zu has %zd rows, not %d", i, a.n, n);
                ok = 0;
                break;
            }
        }
        for (int pass = 0; pass < 2; pass++) {
            size_t cap = t.cap - t.len, len;
            char *at = t.p ? t.p + t.len : NULL;
            if (i == 0)
                len = nq_svg_begin(at, t.p ? cap : 0, n, k, flags);
            else if (i <= k)
                len = nq_svg_board_marked(at, t.p ? cap : 0, n, a.cols, given, i - 1, k, flags);
            else
                len = nq_svg_end(at, t.p ? cap : 0, n, k, flags);
            if (len == 0) {
                PyErr_SetString(PyExc_ValueError,
                                "cannot draw this board: every column must be in [0, n)");
                ok = 0;
                break;
            }
            if (t.p && len < cap) {
                t.len += len;
                break;
            }
            if (text_room(&t, len)) {
                ok = 0;
                break;
            }
        }
        py_nq_cols_release(&a);
    }
    if (ok)
        result = PyUnicode_FromStringAndSize(t.p ? t.p : "", (Py_ssize_t)t.len);
    PyMem_Free(t.p);
    PyMem_Free(given);
    Py_DECREF(seq);
    return result;
}
