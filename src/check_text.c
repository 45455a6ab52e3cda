/*
 * check_text.c: the judge of a whole text in one call (nq_check_text()), the commonest job of the
 * checker: the readers (reader.c, the format detected when asked) feed every item to a checker
 * (check.c), and the groups' judgements are summed up into one result, as `nqueens check` prints
 * them. A text that cannot be read on (an undetectable format, broken JSON) is judged as far as
 * it was read, and the result says where the reading stopped.
 *
 * Workload: one call per text, from a few items to millions; the memory is the checker's (the
 * distinct solutions it keeps to find duplicates) plus what the reader holds of the item at hand.
 */
#include <string.h>

#include "nqueens_advanced.h"

static int check_text_wrong(nq_verdict_kind kind) {
    return kind != NQ_VERDICT_VALID && kind != NQ_VERDICT_CLAIM_RIGHT &&
           kind != NQ_VERDICT_CLAIM_UNKNOWN;
}

int nq_check_text(const char *text, size_t len, int format, int n, nq_check_result *out) {
    if ((!text && len > 0) || !out || n < 0 || n > NQ_PARSE_MAX_N)
        return NQ_EINVAL;
    nq_reader *r;
    int rc = nq_reader_new(text ? text : "", len, format, n, &r);
    if (rc != NQ_OK)
        return rc;
    nq_checker *c;
    rc = nq_checker_new(n, &c);
    if (rc != NQ_OK) {
        nq_reader_free(r);
        return rc;
    }
    nq_check_result res;
    memset(&res, 0, sizeof res);
    nq_item item;
    while ((rc = nq_reader_next(r, &item)) == NQ_OK) {
        nq_verdict v;
        rc = nq_checker_add(c, &item, &v);
        if (rc != NQ_OK)
            break;
        res.items++;
        if (!res.first_line && (check_text_wrong(v.kind) || v.kind == NQ_VERDICT_DUPLICATE)) {
            res.first_kind = (int)v.kind;
            res.first_index = v.index;
            res.first_line = item.line > 0 ? item.line : 1;
        }
    }
    if (rc == NQ_EPARSE) {
        (void)nq_reader_error(r, &res.stopped_line, NULL);
        if (res.stopped_line < 1)
            res.stopped_line = 1;
        rc = NQ_OK;
    } else if (rc == NQ_DONE) {
        rc = NQ_OK;
    }
    res.format = nq_reader_format(r);
    res.groups = nq_checker_groups(c);
    res.complete = res.groups > 0;
    res.ordered = 1;
    for (int g = 0; g < res.groups && rc == NQ_OK; g++) {
        nq_check_group grp;
        rc = nq_checker_group(c, g, &grp);
        if (rc != NQ_OK)
            break;
        if (g == 0)
            res.n = grp.n;
        res.valid += grp.valid;
        res.wrong += grp.wrong;
        res.duplicates += grp.duplicates;
        res.unchecked += grp.unchecked;
        res.complete &= grp.complete;
        res.ordered &= grp.ordered;
    }
    res.right = res.wrong == 0 && res.duplicates == 0 && res.stopped_line == 0;
    nq_checker_free(c);
    nq_reader_free(r);
    if (rc == NQ_OK)
        *out = res;
    return rc;
}
