/*
 * _nq_journal.c: the binding of journal_info(), a checkpoint journal read for a status report
 * (src/journal.c).
 */
#include "_nq_common.h"

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
PyObject *py_nq_journal_info(PyObject *self, PyObject *args) {
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
        py_nq_raise_journal(path, rc, &why, NULL);
    else {
        PyObject *t = py_nq_from_u128(info.counts.total),
                 *u = known ? py_nq_from_u128(unique) : Py_None;
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
