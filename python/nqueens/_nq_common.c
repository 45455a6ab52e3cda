/*
 * _nq_common.c: what every binding of the extension shares: the module's exceptions and its
 * count of native handles, the raising of an exception for a library status, an OS error or a
 * refused journal, and the conversions between Python objects and the library's types.
 */
#include "_nq_common.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The exceptions of the module (created in module_exec). */
PyObject *py_nq_error;          /* base of the library's own errors */
PyObject *py_nq_journal_error;  /* a checkpoint journal refused: damaged, another count's, busy */
PyObject *py_nq_parse_error;    /* malformed input text (also a ValueError) */
PyObject *py_nq_conflict_error; /* given queens that attack each other (also a ValueError) */

/* Native handles (searches, traces) alive now; changed with the GIL held. */
long py_nq_handles_alive;

/* ---- Errors ----------------------------------------------------------------------------- */

/* Raises the exception that fits a library status, with the library's message after `what`;
 * returns NULL. */
PyObject *py_nq_raise_status(int rc, const char *what) {
    PyObject *type = py_nq_error;
    switch (rc) {
    case NQ_EINVAL:
    case NQ_ERANGE:
    case NQ_ENOSOL:
        type = PyExc_ValueError;
        break;
    case NQ_ENOMEM:
        return PyErr_Format(PyExc_MemoryError, "%s: %s", what, nq_strerror(rc));
    case NQ_EPARSE:
        type = py_nq_parse_error;
        break;
    case NQ_ECONFLICT:
        type = py_nq_conflict_error;
        break;
    case NQ_EMISMATCH:
    case NQ_ECORRUPT:
    case NQ_EBUSY:
        type = py_nq_journal_error;
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
PyObject *py_nq_raise_os(int err, const char *what, const char *path) {
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
PyObject *py_nq_raise_journal(const char *path, int rc, const nq_journal_problem *p,
                              const nq_split *s) {
    if (rc == NQ_EIO)
        return py_nq_raise_os(p->os_error, "cannot use checkpoint", path);
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
    PyObject *exc = PyObject_CallFunction(py_nq_journal_error, "s", msg);
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
        PyErr_SetObject(py_nq_journal_error, exc);
    Py_XDECREF(line);
    Py_XDECREF(kind);
    Py_XDECREF(status);
    Py_XDECREF(where);
    Py_DECREF(exc);
    return NULL;
}

/* ---- Conversions ------------------------------------------------------------------------ */

/* A 128-bit count as a Python int (exact). */
PyObject *py_nq_from_u128(nq_u128 v) {
    char buf[41];
    return PyLong_FromString(nq_u128_to_string(v, buf), NULL, 10);
}

void py_nq_cols_release(py_nq_cols_arg *a) {
    if (a->has_view)
        PyBuffer_Release(&a->view);
    PyMem_Free(a->heap);
    a->heap = NULL;
    a->has_view = 0;
}

/* Reads an int given from Python: an int or any object with __index__ (numpy's integers), but
 * not a bool, which is a slip (True is no column). A value beyond a long is clamped to LONG_MIN
 * or LONG_MAX, so that the caller's range check refuses it with its ValueError, as it does any
 * other value off the board, rather than an OverflowError. Returns 0; -2 (nothing raised) when o
 * is no int, for the caller to say what it expected; -1 with the exception of __index__. */
int py_nq_as_long(PyObject *o, long *v) {
    if (PyBool_Check(o) || !PyIndex_Check(o))
        return -2;
    PyObject *i = PyNumber_Index(o);
    if (!i)
        return -1;
    int overflow = 0;
    long x = PyLong_AsLongAndOverflow(i, &overflow);
    Py_DECREF(i);
    if (x == -1 && PyErr_Occurred())
        return -1;
    *v = overflow > 0 ? LONG_MAX : overflow < 0 ? LONG_MIN : x;
    return 0;
}

/* Raises ValueError "<what> is <value>: outside the board", the value as Python writes it. */
static void cols_raise_outside(PyObject *o, Py_ssize_t i) {
    PyObject *num = PyNumber_Index(o);
    if (num) {
        PyErr_Format(PyExc_ValueError, "column %zd is %S: outside the board", i, num);
        Py_DECREF(num);
    }
}

/* Reads obj into a; returns 0, or -1 with TypeError (not ints, bools), ValueError (an entry
 * below -1 or above INT_MAX, however large) or MemoryError. The library checks the board's
 * range. */
int py_nq_cols_get(PyObject *obj, py_nq_cols_arg *a) {
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
        long v = 0;
        int got = py_nq_as_long(items[i], &v);
        if (got == -2)
            PyErr_Format(PyExc_TypeError, "column %zd is a %s, not an int", i,
                         Py_TYPE(items[i])->tp_name);
        if (got) {
            Py_DECREF(seq);
            py_nq_cols_release(a);
            return -1;
        }
        if (v < -1 || v > INT_MAX) {
            cols_raise_outside(items[i], i);
            Py_DECREF(seq);
            py_nq_cols_release(a);
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
PyObject *py_nq_tuple_of(const int *cols, int n) {
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

PyObject *py_nq_conflict_tuple(const nq_conflict *c) {
    return Py_BuildValue("(iiiis)", c->row1, c->col1, c->row2, c->col2, nq_attack_name(c->kind));
}

/* Starts a thread with every signal blocked in it (and in the threads it starts), so that
 * signals reach the interpreter's thread, whose polling loop acts on them. */
int py_nq_start_quiet_thread(pthread_t *t, void *(*fn)(void *), void *arg) {
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &old);
    int rc = pthread_create(t, NULL, fn, arg);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return rc;
}
