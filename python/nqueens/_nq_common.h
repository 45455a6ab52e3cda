/*
 * _nq_common.h: what the files of the C extension share (_nq_common.c): the module's exceptions,
 * its count of native handles, the raising of exceptions and the conversions. Each topic file
 * (_nq_count.c, _nq_find.c, ...) includes this header and no other file of the extension;
 * _nqueens.c, the module itself, declares the bindings it lists from here too. The names shared
 * between the files start with py_nq_, apart from the library's nq_.
 */
#ifndef NQ_PY_COMMON_H
#define NQ_PY_COMMON_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <pthread.h>

#include "nqueens_advanced.h"

/* The exceptions of the module (created in _nqueens.c's module_exec). */
extern PyObject *py_nq_error;          /* NQueensError: base of the library's own errors */
extern PyObject *py_nq_journal_error;  /* JournalError: a checkpoint journal refused */
extern PyObject *py_nq_parse_error;    /* ParseError: malformed input text (also a ValueError) */
extern PyObject *py_nq_conflict_error; /* ConflictError: given queens that attack each other */

/* Native handles (searches, traces) alive now; changed with the GIL held. */
extern long py_nq_handles_alive;

/* ---- Errors (each returns NULL with the exception set) ---------------------------------- */

/* The exception that fits a library status, with the library's message after what. */
PyObject *py_nq_raise_status(int rc, const char *what);
/* OSError(err, "<what>: <why>", path), the subclass that err names. */
PyObject *py_nq_raise_os(int err, const char *what, const char *path);
/* The exception for a journal that nq_journal_open() or nq_journal_read() refused. */
PyObject *py_nq_raise_journal(const char *path, int rc, const nq_journal_problem *p,
                              const nq_split *s);

/* ---- Conversions ------------------------------------------------------------------------ */

/* The columns of a placement given from Python: a buffer of C ints (array('i')), used in place,
 * or any sequence of ints, copied. */
typedef struct py_nq_cols_arg {
    const int *cols;
    Py_ssize_t n;
    int *heap;
    Py_buffer view;
    int has_view;
} py_nq_cols_arg;

/* An int from Python (__index__, not bool) as a long, clamped; 0, -2 not an int, -1 raised. */
int py_nq_as_long(PyObject *o, long *v);
/* Reads obj into a; returns 0, or -1 with the exception set. */
int py_nq_cols_get(PyObject *obj, py_nq_cols_arg *a);
void py_nq_cols_release(py_nq_cols_arg *a);
/* A 128-bit count as a Python int (exact). */
PyObject *py_nq_from_u128(nq_u128 v);
/* A tuple of n ints. */
PyObject *py_nq_tuple_of(const int *cols, int n);
/* (row1, col1, row2, col2, attack) of a conflict. */
PyObject *py_nq_conflict_tuple(const nq_conflict *c);
/* Starts a thread with every signal blocked in it. */
int py_nq_start_quiet_thread(pthread_t *t, void *(*fn)(void *), void *arg);

/* ---- The bindings, listed by _nqueens.c's method table ----------------------------------- */

PyObject *py_nq_version(PyObject *self, PyObject *args);        /* _nq_board.c */
PyObject *py_nq_live_handles(PyObject *self, PyObject *args);   /* _nq_board.c */
PyObject *py_nq_known_count(PyObject *self, PyObject *args);    /* _nq_board.c */
PyObject *py_nq_validate(PyObject *self, PyObject *args);       /* _nq_board.c */
PyObject *py_nq_transform(PyObject *self, PyObject *args);      /* _nq_board.c */
PyObject *py_nq_canonical(PyObject *self, PyObject *args);      /* _nq_board.c */
PyObject *py_nq_format(PyObject *self, PyObject *args);         /* _nq_format.c */
PyObject *py_nq_svg(PyObject *self, PyObject *args);            /* _nq_format.c */
PyObject *py_nq_find(PyObject *self, PyObject *args);           /* _nq_find.c */
PyObject *py_nq_complete(PyObject *self, PyObject *args);       /* _nq_complete.c */
PyObject *py_nq_check(PyObject *self, PyObject *args);          /* _nq_check.c */
PyObject *py_nq_count(PyObject *self, PyObject *args);          /* _nq_count.c */
PyObject *py_nq_test_wind_down(PyObject *self, PyObject *args); /* _nq_count.c */
PyObject *py_nq_journal_info(PyObject *self, PyObject *args);   /* _nq_journal.c */

/* The iterator types: Search (solutions(), _nq_find.c) and Trace (_nq_trace.c). */
extern PyTypeObject py_nq_search_type;
extern PyTypeObject py_nq_trace_type;

#endif
