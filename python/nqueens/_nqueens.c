/*
 * _nqueens.c: the C extension under the Python package `nqueens` (python/nqueens/__init__.py),
 * written against the CPython API and libnqueens' public header only.
 *
 * Why the CPython API rather than cffi: the solution iterator is the hot path (365,596 solutions
 * of n = 14 in well under a second), and a C type whose tp_iternext calls nq_search_next() and
 * builds the tuple itself costs a fraction of a microsecond a solution, where a call through cffi
 * costs a few; the count needs a C thread and the GIL released while a polling loop checks for
 * signals, which the API gives directly; and a user needs nothing beyond Python itself (cffi would
 * be one more package at run time).
 *
 * The Python layer adds the classes (Solution, CountResult, Verdict, TraceEvent) and the argument
 * checks; this file does the work that must not hold the GIL, and maps every library status to
 * an exception carrying the library's message. Every native handle is counted (live_handles), so
 * that a test can see that an abandoned iterator released its search.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "nqueens_advanced.h"

/* The exceptions of the module (created in module_exec). */
static PyObject *NQueensError;  /* base of the library's own errors */
static PyObject *JournalError;  /* a checkpoint journal refused: damaged, another count's, busy */
static PyObject *ParseError;    /* malformed input text (also a ValueError) */
static PyObject *ConflictError; /* given queens that attack each other (also a ValueError) */

/* Native handles (searches, traces) alive now; changed with the GIL held. */
static long live_handles;

/* ---- Errors ----------------------------------------------------------------------------- */

/* Raises the exception that fits a library status, with the library's message after `what`;
 * returns NULL. */
static PyObject *raise_status(int rc, const char *what) {
    PyObject *type = NQueensError;
    switch (rc) {
    case NQ_EINVAL:
    case NQ_ERANGE:
    case NQ_ENOSOL:
        type = PyExc_ValueError;
        break;
    case NQ_ENOMEM:
        return PyErr_Format(PyExc_MemoryError, "%s: %s", what, nq_strerror(rc));
    case NQ_EPARSE:
        type = ParseError;
        break;
    case NQ_ECONFLICT:
        type = ConflictError;
        break;
    case NQ_EMISMATCH:
    case NQ_ECORRUPT:
    case NQ_EBUSY:
        type = JournalError;
        break;
    case NQ_EIO:
        type = PyExc_OSError;
        break;
    default:
        break;
    }
    PyErr_Format(type, "%s: %s", what, nq_strerror(rc));
    return NULL;
}

/* The text of a journal refusal, in the words of the CLI's messages (tool/report.c). */
static void journal_message(char *msg, size_t cap, const char *path, int rc,
                            const nq_journal_problem *p, const nq_split *s) {
    switch (rc) {
    case NQ_EBUSY:
        snprintf(msg, cap, "checkpoint '%s' is in use by another running count", path);
        break;
    case NQ_EMISMATCH:
        if (p->found.format < NQ_JOURNAL_FORMAT_MIN || p->found.format > NQ_JOURNAL_FORMAT)
            snprintf(msg, cap,
                     "checkpoint '%s' has journal format %d (by nqueens %s); this version (%s) "
                     "reads formats %d to %d",
                     path, p->found.format, p->found.library[0] ? p->found.library : "unknown",
                     nq_version(), NQ_JOURNAL_FORMAT_MIN, NQ_JOURNAL_FORMAT);
        else {
            /* the same n numbered by the other split: say which method resumes it */
            nq_split *theirs = NULL;
            const char *hint = "give another file";
            if (s && p->found.n == nq_split_n(s) &&
                nq_split_new_id(p->found.split_id, &theirs) == NQ_OK &&
                nq_split_method(theirs) != nq_split_method(s))
                hint = nq_split_method(theirs) == NQ_METHOD_QUADRANT
                           ? "it is a journal of the quadrant join: resume it with "
                             "method='quadrant' or 'auto', or give another file"
                           : "it is a journal of the border split: resume it with method='auto' "
                             "or 'backtrack', or give another file";
            nq_split_free(theirs);
            snprintf(msg, cap,
                     "checkpoint '%s' belongs to another count (n = %d, split '%s'), not to "
                     "n = %d (split '%s'); %s",
                     path, p->found.n, p->found.split_id, s ? nq_split_n(s) : 0,
                     s ? nq_split_id(s) : "", hint);
        }
        break;
    case NQ_ECORRUPT:
        switch (p->kind) {
        case NQ_JOURNAL_NOT_A_JOURNAL:
            snprintf(msg, cap, "'%s' is not a checkpoint journal (line 1 is not a journal header)",
                     path);
            break;
        case NQ_JOURNAL_BAD_HEADER:
            snprintf(msg, cap, "checkpoint '%s': line 1, the journal's header, is damaged", path);
            break;
        case NQ_JOURNAL_HEADER_DISAGREES:
            snprintf(msg, cap,
                     "checkpoint '%s': line 1, the journal's header, contradicts itself (n=%d "
                     "size=%llu, format %d, but split '%s'): it was edited",
                     path, p->found.n, (unsigned long long)p->found.size, p->found.format,
                     p->found.split_id);
            break;
        case NQ_JOURNAL_FOREIGN_RECORD:
            snprintf(msg, cap,
                     "checkpoint '%s': line %d is not a record of this journal (damaged, or "
                     "copied from another journal)",
                     path, p->line);
            break;
        case NQ_JOURNAL_DUPLICATE:
            snprintf(msg, cap, "checkpoint '%s': line %d records subproblem %llu a second time",
                     path, p->line, (unsigned long long)p->index);
            break;
        case NQ_JOURNAL_OUT_OF_RANGE:
            snprintf(msg, cap,
                     "checkpoint '%s': line %d records subproblem %llu, which this count does "
                     "not have",
                     path, p->line, (unsigned long long)p->index);
            break;
        case NQ_JOURNAL_TORN_HEADER:
            snprintf(msg, cap, "checkpoint '%s' holds no record yet (its header was cut short)",
                     path);
            break;
        default:
            snprintf(msg, cap, "checkpoint '%s': line %d is damaged", path, p->line);
            break;
        }
        break;
    default:
        snprintf(msg, cap, "cannot use checkpoint '%s': %s", path, nq_strerror(rc));
        break;
    }
}

/* Raises OSError(err, "<what>: <why>", path), the subclass that err names (FileNotFoundError,
 * ...), where why is strerror(err) or, for a path that is not a regular file, what it is and what
 * to give instead, in the words of the CLI (tool/report.c): "[Errno 22] Invalid argument" alone
 * said nothing of /dev/full. Returns NULL. */
static PyObject *raise_os(int err, const char *what, const char *path) {
    char msg[512];
    struct stat st;
    if (err == EINVAL && path && stat(path, &st) == 0 && !S_ISREG(st.st_mode))
        snprintf(msg, sizeof msg, "%s: it is not a regular file (%s); give the path of a file",
                 what,
                 S_ISFIFO(st.st_mode)   ? "a FIFO"
                 : S_ISCHR(st.st_mode)  ? "a character device"
                 : S_ISBLK(st.st_mode)  ? "a block device"
                 : S_ISSOCK(st.st_mode) ? "a socket"
                 : S_ISDIR(st.st_mode)  ? "a directory"
                                        : "not a plain file");
    else
        snprintf(msg, sizeof msg, "%s: %s", what, strerror(err));
    PyObject *where = path ? PyUnicode_DecodeFSDefault(path) : Py_None;
    if (!path)
        Py_INCREF(where);
    PyObject *exc = where ? PyObject_CallFunction(PyExc_OSError, "isO", err, msg, where) : NULL;
    if (exc)
        PyErr_SetObject((PyObject *)Py_TYPE(exc), exc);
    Py_XDECREF(exc);
    Py_XDECREF(where);
    return NULL;
}

/* Raises the exception for a journal that nq_journal_open() or nq_journal_read() refused:
 * OSError (with errno, the path and the CLI's explanation) for NQ_EIO, MemoryError with what ran
 * out, else JournalError with the attributes path, status, line and kind. Returns NULL. */
static PyObject *raise_journal(const char *path, int rc, const nq_journal_problem *p,
                               const nq_split *s) {
    if (rc == NQ_EIO)
        return raise_os(p->os_error, "cannot use checkpoint", path);
    if (rc == NQ_ENOMEM)
        return PyErr_Format(PyExc_MemoryError,
                            "cannot use checkpoint '%s': out of memory (its "
                            "flags take one byte per subproblem)",
                            path);
    /* The words and the path twice at most, and the split ids of the two counts. */
    size_t cap = 1024 + 2 * strlen(path) + 4 * NQ_JOURNAL_SPLIT_ID;
    char *msg = malloc(cap);
    if (!msg)
        return PyErr_NoMemory();
    journal_message(msg, cap, path, rc, p, s);
    PyObject *exc = PyObject_CallFunction(JournalError, "s", msg);
    free(msg);
    if (!exc)
        return NULL;
    PyObject *line = PyLong_FromLong(rc == NQ_ECORRUPT ? p->line : 0);
    PyObject *kind = PyLong_FromLong(rc == NQ_ECORRUPT ? p->kind : 0);
    PyObject *status = PyLong_FromLong(rc);
    PyObject *where = PyUnicode_DecodeFSDefault(path);
    if (line && kind && status && where && PyObject_SetAttrString(exc, "line", line) == 0 &&
        PyObject_SetAttrString(exc, "kind", kind) == 0 &&
        PyObject_SetAttrString(exc, "status", status) == 0 &&
        PyObject_SetAttrString(exc, "path", where) == 0)
        PyErr_SetObject(JournalError, exc);
    Py_XDECREF(line);
    Py_XDECREF(kind);
    Py_XDECREF(status);
    Py_XDECREF(where);
    Py_DECREF(exc);
    return NULL;
}

/* ---- Conversions ------------------------------------------------------------------------ */

/* A 128-bit count as a Python int (exact). */
static PyObject *from_u128(nq_u128 v) {
    char buf[41];
    return PyLong_FromString(nq_u128_to_string(v, buf), NULL, 10);
}

/* The columns of a placement given from Python: a buffer of C ints (array('i')), used in place,
 * or any sequence of ints, copied. */
typedef struct cols_arg {
    const int *cols;
    Py_ssize_t n;
    int *heap;
    Py_buffer view;
    int has_view;
} cols_arg;

static void cols_release(cols_arg *a) {
    if (a->has_view)
        PyBuffer_Release(&a->view);
    PyMem_Free(a->heap);
    a->heap = NULL;
    a->has_view = 0;
}

/* Reads obj into a; returns 0, or -1 with TypeError (not ints), OverflowError or MemoryError.
 * Entries below -1 or above INT_MAX are refused here; the library checks the board's range. */
static int cols_get(PyObject *obj, cols_arg *a) {
    memset(a, 0, sizeof *a);
    if (PyObject_CheckBuffer(obj) && !PyUnicode_Check(obj) && !PyBytes_Check(obj) &&
        !PyByteArray_Check(obj)) {
        if (PyObject_GetBuffer(obj, &a->view, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) == 0) {
            a->has_view = 1;
            if (a->view.itemsize == (Py_ssize_t)sizeof(int) && a->view.format &&
                (strcmp(a->view.format, "i") == 0 || strcmp(a->view.format, "@i") == 0 ||
                 strcmp(a->view.format, "=i") == 0)) {
                a->cols = a->view.buf;
                a->n = a->view.len / (Py_ssize_t)sizeof(int);
                return 0;
            }
            PyBuffer_Release(&a->view);
            a->has_view = 0;
        } else
            PyErr_Clear();
    }
    PyObject *seq = PySequence_Fast(obj, "the columns must be a sequence of ints");
    if (!seq)
        return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    a->heap = PyMem_Malloc((size_t)(n > 0 ? n : 1) * sizeof(int));
    if (!a->heap) {
        Py_DECREF(seq);
        PyErr_NoMemory();
        return -1;
    }
    PyObject **items = PySequence_Fast_ITEMS(seq);
    for (Py_ssize_t i = 0; i < n; i++) {
        if (!PyLong_Check(items[i])) {
            PyErr_Format(PyExc_TypeError, "column %zd is a %s, not an int", i,
                         Py_TYPE(items[i])->tp_name);
            Py_DECREF(seq);
            cols_release(a);
            return -1;
        }
        long v = PyLong_AsLong(items[i]);
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            cols_release(a);
            return -1;
        }
        if (v < -1 || v > INT_MAX) {
            PyErr_Format(PyExc_ValueError, "column %zd is %ld: outside the board", i, v);
            Py_DECREF(seq);
            cols_release(a);
            return -1;
        }
        a->heap[i] = (int)v;
    }
    Py_DECREF(seq);
    a->cols = a->heap;
    a->n = n;
    return 0;
}

/* A tuple of n ints. */
static PyObject *tuple_of(const int *cols, int n) {
    PyObject *t = PyTuple_New(n);
    if (!t)
        return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *v = PyLong_FromLong(cols[i]);
        if (!v) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, i, v);
    }
    return t;
}

static PyObject *conflict_tuple(const nq_conflict *c) {
    return Py_BuildValue("(iiiis)", c->row1, c->col1, c->row2, c->col2, nq_attack_name(c->kind));
}

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Starts a thread with every signal blocked in it (and in the threads it starts), so that
 * signals reach the interpreter's thread, whose polling loop acts on them. */
static int start_quiet_thread(pthread_t *t, void *(*fn)(void *), void *arg) {
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &old);
    int rc = pthread_create(t, NULL, fn, arg);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return rc;
}

/* ---- Small functions -------------------------------------------------------------------- */

static PyObject *py_version(PyObject *self, PyObject *args) {
    (void)self;
    (void)args;
    return PyUnicode_FromString(nq_version());
}

static PyObject *py_live_handles(PyObject *self, PyObject *args) {
    (void)self;
    (void)args;
    return PyLong_FromLong(live_handles);
}

static PyObject *py_known_count(PyObject *self, PyObject *args) {
    (void)self;
    int n;
    if (!PyArg_ParseTuple(args, "i", &n))
        return NULL;
    nq_u128 total, unique;
    int rc = nq_known_count(n, &total, &unique);
    if (rc == NQ_ERANGE)
        Py_RETURN_NONE;
    if (rc != NQ_OK)
        return raise_status(rc, "known_count");
    PyObject *a = from_u128(total), *b = from_u128(unique);
    PyObject *r = a && b ? PyTuple_Pack(2, a, b) : NULL;
    Py_XDECREF(a);
    Py_XDECREF(b);
    return r;
}

/* validate(cols, partial_ok) -> None, or the first two attacking queens (r1, c1, r2, c2, how). */
static PyObject *py_validate(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *obj;
    int partial;
    if (!PyArg_ParseTuple(args, "Op", &obj, &partial))
        return NULL;
    cols_arg a;
    if (cols_get(obj, &a))
        return NULL;
    if (a.n < 1 || a.n > INT_MAX) {
        cols_release(&a);
        PyErr_SetString(PyExc_ValueError, "a placement needs at least one row");
        return NULL;
    }
    nq_conflict c;
    int rc;
    Py_BEGIN_ALLOW_THREADS
    rc = nq_validate((int)a.n, a.cols, partial, &c);
    Py_END_ALLOW_THREADS
    cols_release(&a);
    if (rc == NQ_OK)
        Py_RETURN_NONE;
    if (rc == NQ_ECONFLICT)
        return conflict_tuple(&c);
    if (rc == NQ_EINVAL) {
        PyErr_SetString(PyExc_ValueError,
                        partial ? "a column is outside the board (each must be in [0, n), or -1 "
                                  "for an empty row)"
                                : "not a full placement: each column must be in [0, n)");
        return NULL;
    }
    return raise_status(rc, "validate");
}

/* transform(cols, sym) -> tuple. */
static PyObject *py_transform(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *obj;
    int sym;
    if (!PyArg_ParseTuple(args, "Oi", &obj, &sym))
        return NULL;
    cols_arg a;
    if (cols_get(obj, &a))
        return NULL;
    int *out = PyMem_Malloc((size_t)(a.n > 0 ? a.n : 1) * sizeof(int));
    if (!out) {
        cols_release(&a);
        return PyErr_NoMemory();
    }
    int rc = a.n < 1 || a.n > INT_MAX ? NQ_EINVAL
                                      : nq_transform((int)a.n, a.cols, (nq_symmetry)sym, out);
    PyObject *r = rc == NQ_OK ? tuple_of(out, (int)a.n)
                              : raise_status(rc, "transform (the columns must be a permutation "
                                                 "of 0..n-1, the symmetry one of the 8)");
    PyMem_Free(out);
    cols_release(&a);
    return r;
}

/* canonical(cols) -> (tuple, orbit). */
static PyObject *py_canonical(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *obj;
    if (!PyArg_ParseTuple(args, "O", &obj))
        return NULL;
    cols_arg a;
    if (cols_get(obj, &a))
        return NULL;
    int *out = PyMem_Malloc((size_t)(a.n > 0 ? a.n : 1) * sizeof(int));
    if (!out) {
        cols_release(&a);
        return PyErr_NoMemory();
    }
    int orbit = 0;
    int rc = a.n < 1 || a.n > INT_MAX ? NQ_EINVAL : nq_canonical((int)a.n, a.cols, out, &orbit);
    PyObject *r = NULL;
    if (rc == NQ_OK) {
        PyObject *t = tuple_of(out, (int)a.n);
        r = t ? Py_BuildValue("(Ni)", t, orbit) : NULL;
    } else
        raise_status(rc, "canonical (the columns must be a permutation of 0..n-1)");
    PyMem_Free(out);
    cols_release(&a);
    return r;
}

/* format(fmt, cols, flags) -> str: nq_format_solution(). */
static PyObject *py_format(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *obj;
    int fmt;
    unsigned int flags;
    if (!PyArg_ParseTuple(args, "iOI", &fmt, &obj, &flags))
        return NULL;
    cols_arg a;
    if (cols_get(obj, &a))
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
    cols_release(&a);
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
static PyObject *py_svg(PyObject *self, PyObject *args) {
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
        cols_arg g;
        if (cols_get(given_obj, &g)) {
            Py_DECREF(seq);
            return NULL;
        }
        given = PyMem_Malloc((size_t)n);
        if (!given || g.n != n) {
            cols_release(&g);
            PyMem_Free(given);
            Py_DECREF(seq);
            return given ? PyErr_Format(PyExc_ValueError, "given needs %d flags", n)
                         : PyErr_NoMemory();
        }
        for (int r = 0; r < n; r++)
            given[r] = g.cols[r] != 0;
        cols_release(&g);
    }
    text_buf t = {NULL, 0, 0};
    PyObject *result = NULL;
    int ok = 1;
    for (size_t i = 0; ok && i <= k + 1; i++) {
        cols_arg a = {0};
        if (i >= 1 && i <= k) {
            if (cols_get(PySequence_Fast_GET_ITEM(seq, (Py_ssize_t)(i - 1)), &a)) {
                ok = 0;
                break;
            }
            if (a.n != n) {
                cols_release(&a);
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
        cols_release(&a);
    }
    if (ok)
        result = PyUnicode_FromStringAndSize(t.p ? t.p : "", (Py_ssize_t)t.len);
    PyMem_Free(t.p);
    PyMem_Free(given);
    Py_DECREF(seq);
    return result;
}

/* ---- find ------------------------------------------------------------------------------- */

/* find(method, n, seed, out) -> dict of statistics; out is a writable buffer of n C ints.
 * method: 0 first, 1 construct, 2 random. Returns None when n has no solution (2, 3). */
static PyObject *py_find(PyObject *self, PyObject *args) {
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
        return raise_status(rc, "find");
    if (method == 2)
        return Py_BuildValue("{s:K,s:K,s:K,s:K,s:K}", "tries", (unsigned long long)st.tries,
                             "init_conflicts", (unsigned long long)st.init_conflicts, "init_probes",
                             (unsigned long long)st.init_probes, "evaluations",
                             (unsigned long long)st.evaluations, "swaps",
                             (unsigned long long)st.swaps);
    return Py_BuildValue("{s:K}", "nodes", (unsigned long long)nodes);
}

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
            int r, c;
            PyObject *pair = PySequence_Fast_GET_ITEM(seq, i);
            if (!PyTuple_Check(pair) && !PyList_Check(pair)) {
                PyErr_Format(PyExc_TypeError, "queen %zd is a %s, not a (row, col) pair", i,
                             Py_TYPE(pair)->tp_name);
                rc = 1;
                break;
            }
            PyObject *tp = PySequence_Tuple(pair);
            if (!tp || !PyArg_ParseTuple(tp, "ii;a queen is a (row, col) pair of ints", &r, &c)) {
                Py_XDECREF(tp);
                rc = 1;
                break;
            }
            Py_DECREF(tp);
            if (r < 0 || r >= n || c < 0 || c >= n) {
                PyErr_Format(PyExc_ValueError, "queen %zd at %d-%d is outside the %d x %d board", i,
                             r, c, n, n);
                rc = 1;
                break;
            }
            rc = nq_instance_place(inst, r, c, &cf);
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
        PyErr_Format(ParseError, "queens: %s", err);
    else if (rc == NQ_ECONFLICT)
        PyErr_Format(ConflictError, "the given queens %d-%d and %d-%d are in the same row", cf.row1,
                     cf.col1, cf.row2, cf.col2);
    else if (rc == NQ_EINVAL)
        PyErr_Format(PyExc_ValueError, "complete: n must be from 1 to %d, got %d",
                     NQ_INSTANCE_MAX_N, n);
    else
        raise_status(rc, "complete");
    return NULL;
}

/* complete(n, queens, mode) with mode 0 (first), 1 (all), 2 (count) ->
 * (n, given flags as bytes, result): result a tuple or None, a list of tuples, or an int. */
static PyObject *py_complete(PyObject *self, PyObject *args) {
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
        PyErr_Format(ConflictError, "the given queens %d-%d and %d-%d attack each other (same %s)",
                     cf.row1, cf.col1, cf.row2, cf.col2, nq_attack_name(cf.kind));
    else if (rc == NQ_ENOSOL) {
        result = mode == 1 ? PyList_New(0) : (Py_INCREF(Py_None), Py_None);
    } else if (rc != NQ_OK)
        raise_status(rc, "cannot complete the instance");
    else if (mode == 2)
        result = from_u128(total);
    else if (mode == 0)
        result = tuple_of(cols, size);
    else {
        result = PyList_New((Py_ssize_t)all.count);
        for (size_t i = 0; result && i < all.count; i++) {
            PyObject *t = tuple_of(all.cols + i * (size_t)size, size);
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

/* ---- check ------------------------------------------------------------------------------ */

static const char *verdict_names[] = {"valid",       "attack",      "incomplete",
                                      "size",        "malformed",   "duplicate",
                                      "claim_right", "claim_wrong", "claim_unknown"};

/* One verdict as a dict, with what the item said that the verdict refers to. */
static PyObject *verdict_dict(const nq_verdict *v, const nq_item *it) {
    PyObject *conflict =
        v->kind == NQ_VERDICT_ATTACK ? conflict_tuple(&v->conflict) : (Py_INCREF(Py_None), Py_None);
    int claim = v->kind >= NQ_VERDICT_CLAIM_RIGHT;
    PyObject *kt = claim && v->kind != NQ_VERDICT_CLAIM_UNKNOWN ? from_u128(v->known_total)
                                                                : (Py_INCREF(Py_None), Py_None);
    PyObject *ku = claim && v->kind != NQ_VERDICT_CLAIM_UNKNOWN ? from_u128(v->known_unique)
                                                                : (Py_INCREF(Py_None), Py_None);
    PyObject *ct = it->kind == NQ_ITEM_COUNT ? from_u128(it->total) : (Py_INCREF(Py_None), Py_None);
    PyObject *cu = it->kind == NQ_ITEM_COUNT && it->has_unique ? from_u128(it->unique)
                                                               : (Py_INCREF(Py_None), Py_None);
    if (!conflict || !kt || !ku || !ct || !cu) {
        Py_XDECREF(conflict);
        Py_XDECREF(kt);
        Py_XDECREF(ku);
        Py_XDECREF(ct);
        Py_XDECREF(cu);
        return NULL;
    }
    const char *claim_kind = it->kind == NQ_ITEM_NONE    ? "none"
                             : it->kind == NQ_ITEM_COUNT ? "count"
                                                         : NULL;
    return Py_BuildValue("{s:s,s:K,s:i,s:i,s:N,s:i,s:K,s:i,s:N,s:N,s:i,s:i,s:i,s:z,s:z,s:N,s:N}",
                         "kind", verdict_names[v->kind], "index", (unsigned long long)v->index, "n",
                         v->n, "list_n", v->list_n, "conflict", conflict, "row",
                         v->kind == NQ_VERDICT_INCOMPLETE ? v->row : -1, "dup_of",
                         (unsigned long long)v->dup_of, "dup_line", v->dup_line, "known_total", kt,
                         "known_unique", ku, "line", it->line, "column", it->column, "group",
                         it->group, "error", it->kind == NQ_ITEM_MALFORMED ? it->error : NULL,
                         "claim", claim_kind, "claim_total", ct, "claim_unique", cu);
}

static PyObject *group_dict(const nq_check_group *g) {
    PyObject *missing =
        g->first_missing ? tuple_of(g->first_missing, g->n) : (Py_INCREF(Py_None), Py_None);
    PyObject *expected = g->known ? from_u128(g->expected) : (Py_INCREF(Py_None), Py_None);
    PyObject *nmissing = g->known ? from_u128(g->missing) : (Py_INCREF(Py_None), Py_None);
    if (!missing || !expected || !nmissing) {
        Py_XDECREF(missing);
        Py_XDECREF(expected);
        Py_XDECREF(nmissing);
        return NULL;
    }
    return Py_BuildValue(
        "{s:i,s:i,s:i,s:K,s:K,s:K,s:K,s:K,s:K,s:K,s:O,s:O,s:N,s:O,s:N,s:N,"
        "s:O,s:K,s:i}",
        "group", g->group, "n", g->n, "line", g->line, "items", (unsigned long long)g->items,
        "valid", (unsigned long long)g->valid, "wrong", (unsigned long long)g->wrong, "duplicates",
        (unsigned long long)g->duplicates, "placements", (unsigned long long)g->placements,
        "claims", (unsigned long long)g->claims, "unchecked", (unsigned long long)g->unchecked,
        "claims_none", g->claims_none ? Py_True : Py_False, "known", g->known ? Py_True : Py_False,
        "expected", expected, "complete", g->complete ? Py_True : Py_False, "missing", nmissing,
        "first_missing", missing, "ordered", g->ordered ? Py_True : Py_False, "order_index",
        (unsigned long long)g->order_index, "order_line", g->order_line);
}

/* check(text, n, format) -> (format name, [verdict dicts], [group dicts]). */
static PyObject *py_check(PyObject *self, PyObject *args) {
    (void)self;
    Py_buffer text;
    int n, format;
    if (!PyArg_ParseTuple(args, "y*ii", &text, &n, &format))
        return NULL;
    nq_reader *reader = NULL;
    nq_checker *checker = NULL;
    PyObject *verdicts = NULL, *groups = NULL, *result = NULL;
    int rc = nq_reader_new(text.buf, (size_t)text.len, format, n, &reader);
    if (rc == NQ_OK)
        rc = nq_checker_new(n, &checker);
    if (rc != NQ_OK) {
        raise_status(rc, "check (n must be from 0 to 16777216, the format one of the input "
                         "formats)");
        goto done;
    }
    verdicts = PyList_New(0);
    if (!verdicts)
        goto done;
    for (;;) {
        nq_item item;
        nq_verdict v;
        rc = nq_reader_next(reader, &item);
        if (rc == NQ_DONE)
            break;
        if (rc == NQ_EPARSE) {
            int line, column;
            const char *msg = nq_reader_error(reader, &line, &column);
            PyErr_Format(ParseError, "line %d, column %d: %s", line, column, msg);
            goto done;
        }
        if (rc != NQ_OK) {
            raise_status(rc, "check");
            goto done;
        }
        rc = nq_checker_add(checker, &item, &v);
        if (rc != NQ_OK) {
            raise_status(rc, "check");
            goto done;
        }
        PyObject *d = verdict_dict(&v, &item);
        if (!d || PyList_Append(verdicts, d)) {
            Py_XDECREF(d);
            goto done;
        }
        Py_DECREF(d);
    }
    int ng = nq_checker_groups(checker);
    groups = PyList_New(0);
    for (int i = 0; groups && i < ng; i++) {
        nq_check_group g;
        rc = nq_checker_group(checker, i, &g);
        if (rc != NQ_OK) {
            raise_status(rc, "check");
            goto done;
        }
        PyObject *d = group_dict(&g);
        if (!d || PyList_Append(groups, d)) {
            Py_XDECREF(d);
            goto done;
        }
        Py_DECREF(d);
    }
    if (groups)
        result = Py_BuildValue("(sOO)", nq_input_name(nq_reader_format(reader)), verdicts, groups);
done:
    Py_XDECREF(verdicts);
    Py_XDECREF(groups);
    nq_checker_free(checker);
    nq_reader_free(reader);
    PyBuffer_Release(&text);
    return result;
}

/* ---- count ------------------------------------------------------------------------------ */

/* A count running on its own thread while the interpreter's thread polls for signals. */
typedef struct count_job {
    nq_split *split;
    nq_journal *journal;
    nq_count_options opt;
    nq_counts counts;
    volatile int stop; /* set by the polling thread: no new subproblem starts */
    uint64_t computed; /* subproblems finished by this run (atomic: read while counting) */
    int rc;
    int finished;  /* under mu */
    int abandoned; /* under mu: the caller left (a second interrupt); the thread frees the job */
    pthread_mutex_t mu;
    pthread_cond_t cv;
} count_job;

static int count_on_result(void *user, uint64_t index, const nq_counts *c) {
    count_job *job = user;
    __atomic_fetch_add(&job->computed, 1, __ATOMIC_RELAXED);
    return job->journal ? nq_journal_on_result(job->journal, index, c) : 0;
}

static void *count_thread(void *arg) {
    count_job *job = arg;
    job->rc = nq_count_split(job->split, &job->opt, &job->counts);
    pthread_mutex_lock(&job->mu);
    job->finished = 1;
    int abandoned = job->abandoned;
    pthread_cond_signal(&job->cv);
    pthread_mutex_unlock(&job->mu);
    if (abandoned) { /* nobody waits: the journal keeps what finished, the rest goes */
        nq_journal_close(job->journal, NULL);
        nq_split_free(job->split);
        pthread_mutex_destroy(&job->mu);
        pthread_cond_destroy(&job->cv);
        PyMem_RawFree(job);
    }
    return NULL;
}

/* count(n, threads, checkpoint, progress, kernel, method) -> dict. checkpoint None or a path (str
 * or bytes, file system encoding), progress None or a callable(done, size), kernel and method
 * names. */
static PyObject *py_count(PyObject *self, PyObject *args) {
    (void)self;
    int n, threads;
    PyObject *path_obj, *progress;
    const char *kernel_name, *method_name;
    if (!PyArg_ParseTuple(args, "iiOOss", &n, &threads, &path_obj, &progress, &kernel_name,
                          &method_name))
        return NULL;
    nq_kernel kernel, used;
    if (nq_kernel_parse(kernel_name, &kernel) != NQ_OK || !nq_kernel_supported(kernel))
        return PyErr_Format(PyExc_ValueError,
                            "kernel '%s' is not one this CPU runs (auto, generic, avx2, avx512)",
                            kernel_name);
    nq_method method, mused;
    if (strcmp(method_name, "join") == 0)
        return PyErr_Format(PyExc_ValueError,
                            "method 'join' was retired: it never beat backtracking (2.2 to 4.4 "
                            "times slower); use 'auto' (the default) or 'backtrack', which also "
                            "resume its checkpoints");
    if (nq_method_parse(method_name, &method) != NQ_OK)
        return PyErr_Format(PyExc_ValueError,
                            "unknown method '%s': one of auto, backtrack, quadrant", method_name);
    if (n < 1 || n > NQ_MAX_N)
        return PyErr_Format(PyExc_ValueError, "n must be from 1 to %d, got %d", NQ_MAX_N, n);
    if (nq_count_threads(threads) < 0)
        return PyErr_Format(PyExc_ValueError, "threads must be from 1 to %d, got %d",
                            NQ_MAX_THREADS, threads);
    int rc = nq_kernel_resolve(kernel, n, &used);
    if (rc != NQ_OK)
        return raise_status(rc, "count");
    if (method == NQ_METHOD_QUADRANT && (n < 4 || n > NQ_METHOD_QUADRANT_MAX_N))
        return PyErr_Format(PyExc_ValueError, "method 'quadrant' counts n from 4 to %d, got %d",
                            NQ_METHOD_QUADRANT_MAX_N, n);
    PyObject *path_bytes = NULL;
    if (path_obj != Py_None && !PyUnicode_FSConverter(path_obj, &path_bytes))
        return NULL;
    const char *path = path_bytes ? PyBytes_AS_STRING(path_bytes) : NULL;

    count_job *job = PyMem_RawCalloc(1, sizeof *job);
    if (!job) {
        Py_XDECREF(path_bytes);
        return PyErr_NoMemory();
    }
    nq_journal_problem why;
    int refused = NQ_OK; /* the journal's refusal */
    Py_BEGIN_ALLOW_THREADS
    /* The split of the method (as `nqueens count` chooses it); a journal being resumed with
     * method auto keeps its own: attached (locked and read, once) first, then bound. */
    nq_journal_info found;
    rc = NQ_EINVAL;
    if (path && method == NQ_METHOD_AUTO) {
        refused = nq_journal_attach(path, 0, &job->journal, &found, &why);
        if (refused == NQ_OK && found.format && found.n == n)
            rc = nq_split_new_id(found.split_id, &job->split);
    }
    /* auto's choice counts the memory of this count's threads (nq_method_choose()) */
    nq_method chosen = method;
    if (refused == NQ_OK && rc != NQ_OK && nq_method_choose(method, n, threads, &chosen) != NQ_OK)
        chosen = method;
    if (refused == NQ_OK && rc != NQ_OK)
        rc = nq_split_new_method(n, method == NQ_METHOD_AUTO ? chosen : method, &job->split);
    if (refused == NQ_OK && rc == NQ_OK)
        rc = nq_split_count_method(job->split, method, &mused);
    if (refused == NQ_OK && rc == NQ_OK && path)
        refused = job->journal ? nq_journal_bind(job->journal, job->split, &why)
                               : nq_journal_open(path, job->split, 0, &job->journal, &why);
    if (refused != NQ_OK)
        rc = refused;
    Py_END_ALLOW_THREADS

    PyObject *result = NULL;
    uint64_t resumed = 0, size = nq_split_size(job->split);
    if (rc != NQ_OK) {
        if (refused != NQ_OK)
            raise_journal(path, rc, &why, job->split);
        else
            raise_status(rc, "count");
        goto done;
    }
    if (job->journal) {
        nq_journal_info info;
        nq_journal_get_info(job->journal, &info);
        job->counts = info.counts;
        resumed = info.done;
    }
    job->opt.threads = threads;
    job->opt.kernel = kernel;
    job->opt.method = method;
    job->opt.skip = nq_journal_skip(job->journal);
    job->opt.on_result = count_on_result;
    job->opt.user = job;
    job->opt.stop = &job->stop;
    pthread_mutex_init(&job->mu, NULL);
    pthread_cond_init(&job->cv, NULL);
    pthread_t thread;
    double start = now_seconds(), last_sync = start;
    if (start_quiet_thread(&thread, count_thread, job) != 0) {
        PyErr_SetString(NQueensError, "count: cannot start the counting thread");
        goto destroy;
    }
    int failed = 0; /* an exception was raised: a signal handler's or the progress callback's,
                       kept in pending while the count stops */
    PyObject *pending[3] = {NULL, NULL, NULL};
    uint64_t shown = UINT64_MAX;
    for (;;) {
        int fin;
        nq_journal *journal = job->journal;
        Py_BEGIN_ALLOW_THREADS
        pthread_mutex_lock(&job->mu);
        if (!job->finished) {
            struct timespec until;
            clock_gettime(CLOCK_REALTIME, &until);
            until.tv_nsec += 50 * 1000 * 1000; /* signals are looked at every 50 ms */
            if (until.tv_nsec >= 1000000000L) {
                until.tv_sec++;
                until.tv_nsec -= 1000000000L;
            }
            pthread_cond_timedwait(&job->cv, &job->mu, &until);
        }
        fin = job->finished;
        pthread_mutex_unlock(&job->mu);
        /* Appends fsync only when they come; a long subproblem must not leave records unsynced
         * for longer than about a second (as the CLI's timer thread does). */
        if (journal && now_seconds() - last_sync >= 1.0) {
            (void)nq_journal_sync(journal); /* a failure shows in nq_journal_error() */
            last_sync = now_seconds();
        }
        Py_END_ALLOW_THREADS
        if (fin)
            break;
        if (failed) {
            /* A second interrupt while it stops: leave at once, the thread winds down alone. */
            if (PyErr_CheckSignals() < 0) {
                pthread_mutex_lock(&job->mu);
                int left = !job->finished;
                job->abandoned = left;
                pthread_mutex_unlock(&job->mu);
                if (left) {
                    pthread_detach(thread);
                    Py_XDECREF(pending[0]);
                    Py_XDECREF(pending[1]);
                    Py_XDECREF(pending[2]);
                    Py_XDECREF(path_bytes);
                    return NULL; /* the second KeyboardInterrupt; job is the thread's now */
                }
                PyErr_Clear(); /* it finished meanwhile: the first exception stands */
            }
            continue;
        }
        if (PyErr_CheckSignals() < 0) {
            failed = 1;
            job->stop = 1;
            PyErr_Fetch(&pending[0], &pending[1], &pending[2]);
            continue;
        }
        uint64_t done = resumed + __atomic_load_n(&job->computed, __ATOMIC_RELAXED);
        if (progress != Py_None && done != shown) {
            shown = done;
            PyObject *r = PyObject_CallFunction(progress, "KK", (unsigned long long)done,
                                                (unsigned long long)size);
            if (!r) {
                failed = 1;
                job->stop = 1;
                PyErr_Fetch(&pending[0], &pending[1], &pending[2]);
            }
            Py_XDECREF(r);
        }
    }
    pthread_join(thread, NULL);
    double seconds = now_seconds() - start;
    int jrc = NQ_OK, os_error = 0;
    if (job->journal) {
        int close_error;
        jrc = nq_journal_error(job->journal, &os_error);
        int crc = nq_journal_close(job->journal, &close_error);
        job->journal = NULL;
        if (jrc == NQ_OK && crc != NQ_OK) {
            jrc = crc;
            os_error = close_error;
        }
    }
    if (failed) {
        PyErr_Restore(pending[0], pending[1], pending[2]);
        goto destroy;
    }
    if (jrc != NQ_OK) {
        if (jrc == NQ_EIO && os_error)
            raise_os(os_error, "cannot write checkpoint", path);
        else
            raise_status(jrc, "cannot write the checkpoint");
        goto destroy;
    }
    if (job->rc == NQ_ENOMEM && nq_split_memory(job->split)) {
        /* the quadrant join's tables or its threads' halves: what did not fit, and what to do
         * (a journal of the quadrant join is resumed by it alone: no advice that loops) */
        int t = nq_count_threads(threads);
        char msg[640];
        snprintf(msg, sizeof msg,
                 "count(%d): out of memory: the quadrant join's tables (%.0f MiB) and its %d "
                 "thread%s (each with its stack and its halves) need more than this process "
                 "may have; %s",
                 n, (double)nq_split_memory(job->split) / (1 << 20), t, t == 1 ? "" : "s",
                 resumed ? "the checkpoint is a journal of the quadrant join, which only it "
                           "resumes: resume it with fewer threads or more memory, or count "
                           "anew with method='backtrack' and another checkpoint"
                 : t > 1 ? "count with fewer threads or method='backtrack'"
                         : "count with method='backtrack'");
        PyErr_SetString(PyExc_MemoryError, msg);
        goto destroy;
    }
    if (job->rc != NQ_OK) {
        raise_status(job->rc, job->rc == NQ_ETHREAD ? "count (use fewer threads)" : "count");
        goto destroy;
    }
    /* A finished count that disagrees with the known counts (n <= 27) is no result: a damaged
     * journal (its records forged or corrupted past their checks) or faulty hardware. */
    if (nq_known_check(n, &job->counts) != NQ_OK) {
        raise_status(NQ_EWRONG, path ? "count (the checkpoint is likely damaged: count again "
                                       "with a new one)"
                                     : "count");
        goto destroy;
    }
    uint64_t computed = __atomic_load_n(&job->computed, __ATOMIC_RELAXED);
    if (progress != Py_None && resumed + computed != shown) {
        PyObject *r = PyObject_CallFunction(
            progress, "KK", (unsigned long long)(resumed + computed), (unsigned long long)size);
        if (!r)
            goto destroy;
        Py_DECREF(r);
    }
    {
        nq_counts *c = &job->counts;
        PyObject *v[6] = {from_u128(c->total),  from_u128(c->unique), from_u128(c->orbit8),
                          from_u128(c->orbit4), from_u128(c->orbit2), from_u128(c->orbit1)};
        if (v[0] && v[1] && v[2] && v[3] && v[4] && v[5])
            result = Py_BuildValue(
                "{s:i,s:O,s:O,s:O,s:O,s:O,s:O,s:K,s:d,s:s,s:s,s:i,s:K,s:K,s:K}", "n", n, "total",
                v[0], "unique", v[1], "orbit8", v[2], "orbit4", v[3], "orbit2", v[4], "orbit1",
                v[5], "nodes", (unsigned long long)c->nodes, "seconds", seconds, "kernel",
                nq_kernel_name(used), "method", nq_method_name(mused), "threads",
                nq_count_threads(threads), "resumed", (unsigned long long)resumed, "computed",
                (unsigned long long)computed, "subproblems", (unsigned long long)size);
        for (int i = 0; i < 6; i++)
            Py_XDECREF(v[i]);
    }
destroy:
    pthread_mutex_destroy(&job->mu);
    pthread_cond_destroy(&job->cv);
done:
    nq_journal_close(job->journal, NULL);
    nq_split_free(job->split);
    PyMem_RawFree(job);
    Py_XDECREF(path_bytes);
    return result;
}

/* The unique count of a journal's records as `nqueens count --status` gives it: a border split's
 * records carry their classes, so their sum is; a quadrant split's records give no orbit8 (only
 * record 0 has classes), so the count's unique follows from the whole total alone
 * (nq_split_complete() on the split the journal names, rebuilt): unknown (*known 0) until the
 * journal is complete, or when this version does not make its split. */
static int journal_unique(const nq_journal_info *info, nq_u128 *unique, int *known) {
    *known = 1;
    *unique = info->counts.unique;
    if (info->format != NQ_JOURNAL_FORMAT)
        return NQ_OK;
    *known = 0;
    if (info->done != info->size)
        return NQ_OK;
    nq_split *s;
    int rc = nq_split_new_id(info->split_id, &s);
    if (rc != NQ_OK)
        return rc == NQ_ENOMEM ? rc : NQ_OK;
    nq_counts whole = info->counts;
    if (nq_split_size(s) == info->size && nq_split_complete(s, &whole) == NQ_OK) {
        *unique = whole.unique;
        *known = 1;
    }
    nq_split_free(s);
    return NQ_OK;
}

/* journal_info(path) -> dict: nq_journal_read(), for a status report. */
static PyObject *py_journal_info(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *path_bytes;
    if (!PyArg_ParseTuple(args, "O&", PyUnicode_FSConverter, &path_bytes))
        return NULL;
    nq_journal_info info;
    nq_journal_problem why;
    int rc;
    const char *path = PyBytes_AS_STRING(path_bytes);
    nq_u128 unique = 0;
    int known = 0;
    Py_BEGIN_ALLOW_THREADS
    rc = nq_journal_read(path, &info, &why);
    if (rc == NQ_OK && journal_unique(&info, &unique, &known) != NQ_OK)
        rc = NQ_ENOMEM;
    Py_END_ALLOW_THREADS
    PyObject *r = NULL;
    if (rc != NQ_OK)
        raise_journal(path, rc, &why, NULL);
    else {
        PyObject *t = from_u128(info.counts.total), *u = known ? from_u128(unique) : Py_None;
        if (!known)
            Py_INCREF(u);
        if (t && u)
            r = Py_BuildValue(
                "{s:i,s:i,s:K,s:K,s:O,s:O,s:K,s:O,s:s,s:s}", "format", info.format, "n", info.n,
                "size", (unsigned long long)info.size, "done", (unsigned long long)info.done,
                "total", t, "unique", u, "nodes", (unsigned long long)info.counts.nodes, "torn",
                info.torn ? Py_True : Py_False, "split", info.split_id, "library", info.library);
        Py_XDECREF(t);
        Py_XDECREF(u);
    }
    Py_DECREF(path_bytes);
    return r;
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
        live_handles--;
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
        return raise_status(rc, "solutions");
    SearchObject *s = (SearchObject *)type->tp_alloc(type, 0);
    if (!s) {
        nq_search_free(search);
        return NULL;
    }
    s->search = search;
    s->n = n;
    live_handles++;
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
    return tuple_of(cols, s->n);
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

static PyTypeObject SearchType = {
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
    live_handles++;
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
    live_handles--;
    Py_TYPE(t)->tp_free((PyObject *)t);
}

static const char *trace_kind_names[] = {"try",      "attacked", "place",
                                         "solution", "dead_end", "backtrack"};

static PyObject *Trace_next(TraceObject *t) {
    if (t->pos == t->ncurrent) {
        if (!t->started) {
            if (start_quiet_thread(&t->thread, trace_thread, t) != 0) {
                PyErr_SetString(NQueensError, "trace: cannot start the search's thread");
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
    PyObject *cols = tuple_of(it->cols, it->ncols);
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

static PyTypeObject TraceType = {
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

/* ---- The module ------------------------------------------------------------------------- */

static PyMethodDef module_methods[] = {
    {"version", py_version, METH_NOARGS, "version() -> the library's version string"},
    {"live_handles", py_live_handles, METH_NOARGS,
     "live_handles() -> native searches and traces not yet released"},
    {"known_count", py_known_count, METH_VARARGS, "known_count(n) -> (total, unique) or None"},
    {"validate", py_validate, METH_VARARGS, "validate(cols, partial_ok) -> None or conflict"},
    {"transform", py_transform, METH_VARARGS, "transform(cols, sym) -> tuple"},
    {"canonical", py_canonical, METH_VARARGS, "canonical(cols) -> (tuple, orbit)"},
    {"format", py_format, METH_VARARGS, "format(fmt, cols, flags) -> str"},
    {"svg", py_svg, METH_VARARGS, "svg(n, boards, flags, given) -> str"},
    {"find", py_find, METH_VARARGS, "find(method, n, seed, out) -> stats or None"},
    {"complete", py_complete, METH_VARARGS, "complete(n, queens, mode) -> (n, given, result)"},
    {"check", py_check, METH_VARARGS, "check(text, n, format) -> (format, verdicts, groups)"},
    {"count", py_count, METH_VARARGS,
     "count(n, threads, checkpoint, progress, kernel, method) -> dict"},
    {"journal_info", py_journal_info, METH_VARARGS, "journal_info(path) -> dict"},
    {NULL, NULL, 0, NULL},
};

static int add_exception(PyObject *m, PyObject **slot, const char *name, PyObject *bases,
                         const char *doc) {
    *slot = PyErr_NewExceptionWithDoc(name, doc, bases, NULL);
    if (!*slot)
        return -1;
    Py_INCREF(*slot);
    if (PyModule_AddObject(m, strrchr(name, '.') + 1, *slot) < 0) {
        Py_DECREF(*slot);
        return -1;
    }
    return 0;
}

static int module_exec(PyObject *m) {
    if (PyType_Ready(&SearchType) < 0 || PyType_Ready(&TraceType) < 0)
        return -1;
    Py_INCREF(&SearchType);
    if (PyModule_AddObject(m, "Search", (PyObject *)&SearchType) < 0) {
        Py_DECREF(&SearchType);
        return -1;
    }
    Py_INCREF(&TraceType);
    if (PyModule_AddObject(m, "Trace", (PyObject *)&TraceType) < 0) {
        Py_DECREF(&TraceType);
        return -1;
    }
    if (add_exception(m, &NQueensError, "nqueens.NQueensError", NULL,
                      "An error reported by libnqueens."))
        return -1;
    if (add_exception(m, &JournalError, "nqueens.JournalError", NQueensError,
                      "A checkpoint journal that cannot be used: damaged, another count's, "
                      "another format's, or in use by a running count (attributes path, status, "
                      "line, kind)."))
        return -1;
    PyObject *bases = PyTuple_Pack(2, NQueensError, PyExc_ValueError);
    if (!bases)
        return -1;
    int rc = add_exception(m, &ParseError, "nqueens.ParseError", bases,
                           "Malformed input text (also a ValueError).");
    if (rc == 0)
        rc = add_exception(m, &ConflictError, "nqueens.ConflictError", bases,
                           "Given queens that attack each other (also a ValueError).");
    Py_DECREF(bases);
    if (rc)
        return -1;
    if (PyModule_AddIntConstant(m, "MAX_N", NQ_MAX_N) < 0 ||
        PyModule_AddIntConstant(m, "INSTANCE_MAX_N", NQ_INSTANCE_MAX_N) < 0 ||
        PyModule_AddIntConstant(m, "PARSE_MAX_N", NQ_PARSE_MAX_N) < 0 ||
        PyModule_AddIntConstant(m, "SVG_MAX_N", NQ_SVG_MAX_N) < 0 ||
        PyModule_AddIntConstant(m, "MAX_THREADS", NQ_MAX_THREADS) < 0 ||
        PyModule_AddStringConstant(m, "HEADER_VERSION", NQ_VERSION_STRING) < 0)
        return -1;
    return 0;
}

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    .m_name = "nqueens._nqueens",
    .m_doc = "The C half of the nqueens package: libnqueens through the CPython API.",
    .m_size = -1,
    .m_methods = module_methods,
};

/* Single-phase initialisation: the module keeps its exceptions and types in static variables,
 * as one interpreter per process uses it. */
PyMODINIT_FUNC PyInit__nqueens(void);
PyMODINIT_FUNC PyInit__nqueens(void) {
    PyObject *m = PyModule_Create(&module_def);
    if (m && module_exec(m) < 0)
        Py_CLEAR(m);
    return m;
}
