/*
 * _nq_check.c: the binding of check(), the verdicts on a text of placements (src/check.c).
 */
#include "_nq_common.h"

/* ---- check ------------------------------------------------------------------------------ */

static const char *verdict_names[] = {"valid",       "attack",      "incomplete",
                                      "size",        "malformed",   "duplicate",
                                      "claim_right", "claim_wrong", "claim_unknown"};

/* One verdict as a dict, with what the item said that the verdict refers to. */
static PyObject *verdict_dict(const nq_verdict *v, const nq_item *it) {
    PyObject *conflict = v->kind == NQ_VERDICT_ATTACK ? py_nq_conflict_tuple(&v->conflict)
                                                      : (Py_INCREF(Py_None), Py_None);
    int claim = v->kind >= NQ_VERDICT_CLAIM_RIGHT;
    PyObject *kt = claim && v->kind != NQ_VERDICT_CLAIM_UNKNOWN ? py_nq_from_u128(v->known_total)
                                                                : (Py_INCREF(Py_None), Py_None);
    PyObject *ku = claim && v->kind != NQ_VERDICT_CLAIM_UNKNOWN ? py_nq_from_u128(v->known_unique)
                                                                : (Py_INCREF(Py_None), Py_None);
    PyObject *ct =
        it->kind == NQ_ITEM_COUNT ? py_nq_from_u128(it->total) : (Py_INCREF(Py_None), Py_None);
    PyObject *cu = it->kind == NQ_ITEM_COUNT && it->has_unique ? py_nq_from_u128(it->unique)
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
        g->first_missing ? py_nq_tuple_of(g->first_missing, g->n) : (Py_INCREF(Py_None), Py_None);
    PyObject *expected = g->known ? py_nq_from_u128(g->expected) : (Py_INCREF(Py_None), Py_None);
    PyObject *nmissing = g->known ? py_nq_from_u128(g->missing) : (Py_INCREF(Py_None), Py_None);
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
PyObject *py_nq_check(PyObject *self, PyObject *args) {
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
        py_nq_raise_status(rc, "check (n must be from 0 to 16777216, the format one of the input "
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
            PyErr_Format(py_nq_parse_error, "line %d, column %d: %s", line, column, msg);
            goto done;
        }
        if (rc != NQ_OK) {
            py_nq_raise_status(rc, "check");
            goto done;
        }
        rc = nq_checker_add(checker, &item, &v);
        if (rc != NQ_OK) {
            py_nq_raise_status(rc, "check");
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
            py_nq_raise_status(rc, "check");
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
