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
 * checks; the extension does the work that must not hold the GIL, and maps every library status
 * to an exception carrying the library's message. Every native handle is counted (live_handles),
 * so that a test can see that an abandoned iterator released its search.
 *
 * This file is the module only: its method table, its types and exceptions, its initialisation.
 * The bindings are split by topic as the library is: _nq_board.c (version, known_count,
 * validate, transform, canonical), _nq_format.c (format, svg), _nq_find.c (find, the Search
 * iterator), _nq_complete.c, _nq_check.c, _nq_count.c, _nq_journal.c (journal_info), _nq_trace.c
 * (the Trace iterator); what they share (exceptions, conversions) is _nq_common.c/.h.
 */
#include "_nq_common.h"

#include <string.h>

/* ---- The module ------------------------------------------------------------------------- */

static PyMethodDef module_methods[] = {
    {"version", py_nq_version, METH_NOARGS, "version() -> the library's version string"},
    {"live_handles", py_nq_live_handles, METH_NOARGS,
     "live_handles() -> native searches and traces not yet released"},
    {"known_count", py_nq_known_count, METH_VARARGS, "known_count(n) -> (total, unique) or None"},
    {"validate", py_nq_validate, METH_VARARGS, "validate(cols, partial_ok) -> None or conflict"},
    {"transform", py_nq_transform, METH_VARARGS, "transform(cols, sym) -> tuple"},
    {"canonical", py_nq_canonical, METH_VARARGS, "canonical(cols) -> (tuple, orbit)"},
    {"format", py_nq_format, METH_VARARGS, "format(fmt, cols, flags) -> str"},
    {"svg", py_nq_svg, METH_VARARGS, "svg(n, boards, flags, given) -> str"},
    {"find", py_nq_find, METH_VARARGS, "find(method, n, seed, out) -> stats or None"},
    {"complete", py_nq_complete, METH_VARARGS, "complete(n, queens, mode) -> (n, given, result)"},
    {"check", py_nq_check, METH_VARARGS, "check(text, n, format) -> (format, verdicts, groups)"},
    {"count", py_nq_count, METH_VARARGS,
     "count(n, threads, checkpoint, progress, kernel, method) -> dict"},
    {"_test_wind_down", py_nq_test_wind_down, METH_VARARGS,
     "_test_wind_down(seconds): a stopped count waits this long before it returns (tests only)"},
    {"journal_info", py_nq_journal_info, METH_VARARGS, "journal_info(path) -> dict"},
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
    if (PyType_Ready(&py_nq_search_type) < 0 || PyType_Ready(&py_nq_trace_type) < 0)
        return -1;
    Py_INCREF(&py_nq_search_type);
    if (PyModule_AddObject(m, "Search", (PyObject *)&py_nq_search_type) < 0) {
        Py_DECREF(&py_nq_search_type);
        return -1;
    }
    Py_INCREF(&py_nq_trace_type);
    if (PyModule_AddObject(m, "Trace", (PyObject *)&py_nq_trace_type) < 0) {
        Py_DECREF(&py_nq_trace_type);
        return -1;
    }
    if (add_exception(m, &py_nq_error, "nqueens.NQueensError", NULL,
                      "An error reported by libnqueens."))
        return -1;
    if (add_exception(m, &py_nq_journal_error, "nqueens.JournalError", py_nq_error,
                      "A checkpoint journal that cannot be used: damaged, another count's, "
                      "another format's, or in use by a running count (attributes path, status, "
                      "line, kind)."))
        return -1;
    PyObject *bases = PyTuple_Pack(2, py_nq_error, PyExc_ValueError);
    if (!bases)
        return -1;
    int rc = add_exception(m, &py_nq_parse_error, "nqueens.ParseError", bases,
                           "Malformed input text (also a ValueError).");
    if (rc == 0)
        rc = add_exception(m, &py_nq_conflict_error, "nqueens.ConflictError", bases,
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
