/*
 * checkpoint.c: `nqueens count` with --checkpoint, --status and the progress line: runs the count
 * over the library's split in a journal session (tool/session.c, shared with nqueens-mpi), which
 * records each finished subproblem, skips those an earlier run recorded, stops cleanly on
 * SIGINT/SIGTERM and explains every refusal; and reports a journal's state (--status).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "session.h"
#include "signals.h"

int cli_count_long(int n, const cli_long_count *lc, nq_counts *out, double *seconds,
                   tool_work *work) {
    /* The handlers go in first: building the split of a large n takes a moment, and a signal
     * then must end the count as it would a moment later. */
    tool_session ss;
    tool_session_signals(&ss, lc->checkpoint);
    nq_split *split;
    int rc = nq_split_new(n, &split);
    if (rc != NQ_OK) {
        tool_signals_restore();
        tool_error("cannot count n = %d: %s", n, nq_strerror(rc));
        return EXIT_USAGE;
    }
    if (tool_session_open(&ss, lc->checkpoint, split, lc->progress) != 0) {
        nq_split_free(split);
        return EXIT_USAGE;
    }
    nq_counts c = ss.resumed_counts;
    nq_count_options opt;
    memset(&opt, 0, sizeof opt);
    opt.threads = lc->threads;
    opt.kernel = lc->kernel;
    opt.skip = tool_session_skip(&ss);
    opt.on_result = ss.journal || ss.progress ? tool_session_on_result : NULL;
    opt.user = &ss;
    opt.stop = ss.stop;
    double start = tool_now();
    if (lc->gpu)
        rc = nq_count_gpu(split, &opt, lc->ndevices ? lc->devices : NULL, lc->ndevices, lc->report,
                          &c);
    else
        rc = nq_count_split(split, &opt, &c);
    *seconds = tool_now() - start;
    int code = tool_session_close(&ss, n, rc, nq_count_threads(lc->threads), &c);
    nq_split_free(split);
    if (code == EXIT_OK) {
        *out = c;
        *work = ss.work;
    }
    return code;
}

int cli_checkpoint_status(const char *path, int n) {
    nq_journal_info info;
    nq_journal_problem why;
    int rc = nq_journal_read(path, &info, &why);
    if (rc == NQ_EIO && why.os_error == ENOENT) {
        tool_error("checkpoint '%s' does not exist (nothing recorded yet)", path);
        return EXIT_USAGE;
    }
    if (rc != NQ_OK) {
        tool_journal_refused(path, rc, &why, NULL);
        return EXIT_USAGE;
    }
    if (n && n != info.n) {
        tool_error("checkpoint '%s' is for n = %d, not n = %d", path, info.n, n);
        return EXIT_USAGE;
    }
    nq_split *split;
    rc = nq_split_new(info.n, &split);
    if (rc != NQ_OK) {
        tool_error("cannot check checkpoint '%s': %s", path, nq_strerror(rc));
        return EXIT_USAGE;
    }
    /* Its n is this split's: only the size or the split id can differ (the size alone, in a
     * header edited and signed again, was shown as the same split twice). */
    char differs[3 * NQ_JOURNAL_SPLIT_ID];
    int same = nq_journal_mismatch(&info, split, differs, sizeof differs) == 0;
    nq_split_free(split);
    if (n && !same) {
        tool_error("checkpoint '%s' cannot be resumed by this version: its header has %s", path,
                   differs);
        return EXIT_USAGE;
    }
    char total[41], uniq[41];
    int complete = info.done == info.size;
    const char *sofar = complete ? "" : " so far";
    printf("checkpoint: %s\n", path);
    printf("n: %d\n", info.n);
    printf("done: %llu of %llu subproblems (%s)\n", (unsigned long long)info.done,
           (unsigned long long)info.size, complete ? "complete" : "incomplete");
    printf("total%s: %s\n", sofar, nq_u128_to_string(info.counts.total, total));
    printf("unique%s: %s\n", sofar, nq_u128_to_string(info.counts.unique, uniq));
    printf("nodes%s: %llu\n", sofar, (unsigned long long)info.counts.nodes);
    if (same)
        printf("split: %s\n", info.split_id);
    else
        printf("split: %s (this version differs: %s; cannot resume)\n", info.split_id, differs);
    printf("journal id: %016llx\n", (unsigned long long)info.id);
    printf("written by: libnqueens %s, journal format %d\n", info.library, info.format);
    if (info.torn)
        printf("torn last record: yes (ignored; counted again on resume)\n");
    return cli_flush() ? EXIT_USAGE : EXIT_OK;
}
