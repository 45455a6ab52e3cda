/*
 * checkpoint.c: `nqueens count` with --checkpoint, --status and the progress line: runs the count
 * over the library's split in a journal session (tool/session.c, shared with nqueens-mpi), which
 * records each finished subproblem, skips those an earlier run recorded, stops cleanly on
 * SIGINT/SIGTERM and explains every refusal; with --part only one slice of the numbering
 * (skip flags over the subproblems of the other parts); with --export the subtotals written for
 * anyone to check (tool/export.h); and reports a journal's state (--status).
 */
#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "export.h"
#include "session.h"
#include "signals.h"

/* What the count's on_result does: the session's recording, and for an export without a journal
 * the records kept in memory. */
typedef struct count_run {
    tool_session *ss;
    tool_table *keep; /* NULL, or the records so far (room for every subproblem counted) */
    uint64_t room;
} count_run;

static int count_run_result(void *user, uint64_t index, const nq_counts *c) {
    count_run *r = user;
    if (r->keep) {
        assert(r->keep->records < r->room);
        r->keep->rec[r->keep->records].index = index;
        r->keep->rec[r->keep->records++].c = *c;
    }
    return tool_session_result(r->ss, index, c) != NQ_OK;
}

static int count_by_index(const void *a, const void *b) {
    uint64_t x = ((const tool_record *)a)->index, y = ((const tool_record *)b)->index;
    return x < y ? -1 : x > y;
}

/* The skip flags of part I of K: the journal's finished subproblems and every one of another
 * part. A journal that holds a subproblem of another part belongs to another part (or to a
 * whole count): refused, since its sum would not be this part's. Returns NULL after printing
 * why. */
static uint8_t *count_part_skip(const nq_split *s, const cli_long_count *lc, const uint8_t *done) {
    uint64_t size = nq_split_size(s);
    uint8_t *skip = malloc(size ? (size_t)size : 1);
    if (!skip) {
        tool_error("cannot count n = %d: out of memory", nq_split_n(s));
        return NULL;
    }
    for (uint64_t i = 0; i < size; i++) {
        int mine = tool_part_has(lc->part, lc->parts, i);
        if (done && done[i] && !mine) {
            tool_error("checkpoint '%s' holds subproblem %llu, which is not in part %llu/%llu "
                       "(it is the journal of another part, or of a whole count): give this "
                       "part's own journal",
                       lc->checkpoint, (unsigned long long)i, (unsigned long long)lc->part,
                       (unsigned long long)lc->parts);
            free(skip);
            return NULL;
        }
        skip[i] = (uint8_t)(!mine || (done && done[i]));
    }
    return skip;
}

/* Writes the export of the finished count: the journal's records (this run's and earlier ones)
 * or those kept in memory. */
static int count_export(const nq_split *s, const cli_long_count *lc, tool_table *kept) {
    tool_table t;
    if (lc->checkpoint) {
        if (tool_table_read(lc->checkpoint, &t))
            return -1;
    } else {
        t = *kept;
        memset(kept, 0, sizeof *kept);
        qsort(t.rec, (size_t)t.records, sizeof *t.rec, count_by_index);
    }
    t.kind = TOOL_TABLE_EXPORT;
    t.n = nq_split_n(s);
    t.size = nq_split_size(s);
    snprintf(t.split_id, sizeof t.split_id, "%s", nq_split_id(s));
    t.part = lc->parts ? lc->part : 1;
    t.parts = lc->parts ? lc->parts : 1;
    uint64_t want = tool_part_size(t.size, t.part, t.parts);
    if (t.records != want) { /* the journal changed since the count closed it */
        tool_error("cannot write export '%s': checkpoint '%s' holds %llu records, not the %llu "
                   "of the finished count",
                   lc->export_path, lc->checkpoint, (unsigned long long)t.records,
                   (unsigned long long)want);
        tool_table_free(&t);
        return -1;
    }
    int rc = tool_export_write(lc->export_path, &t, lc->checkpoint);
    tool_table_free(&t);
    return rc;
}

/* The split that counts n as lc asks (see cli_count_long()), into *out; prints why not and
 * returns -1 when there is none. */
static int count_split(tool_session *ss, int n, const cli_long_count *lc, nq_split **out) {
    int border_only = lc->parts || lc->export_path;
    if (lc->method == NQ_METHOD_QUADRANT && border_only) {
        tool_error("--method quadrant counts one whole count on this machine; %s counts the "
                   "border split: use --method auto or backtrack",
                   lc->parts ? "--part" : "--export");
        return -1;
    }
    return tool_session_split(ss, n, lc->method,
                              border_only ? TOOL_SPLIT_BORDER
                              : lc->gpu   ? TOOL_SPLIT_GPU
                                          : TOOL_SPLIT_ANY,
                              lc->threads, lc->checkpoint, out);
}

int cli_count_long(int n, const cli_long_count *lc, nq_counts *out, double *seconds,
                   tool_work *work, nq_method *used) {
    /* The handlers go in first: building the split of a large n takes a moment, and a signal
     * then must end the count as it would a moment later. */
    tool_session ss;
    tool_session_signals(&ss, lc->checkpoint);
    ss.partial = lc->parts > 0;
    ss.gpu = lc->gpu;
    nq_split *split;
    if (count_split(&ss, n, lc, &split) != 0) {
        tool_signals_restore();
        return EXIT_USAGE;
    }
    nq_method method;
    int rc = nq_split_count_method(split, lc->method, &method);
    assert(rc == NQ_OK); /* tool_session_split() checked it */
    /* A part's progress line is started below, on the part's subproblems only. */
    if (lc->parts)
        ss.part_size = tool_part_size(nq_split_size(split), lc->part, lc->parts);
    if (tool_session_open(&ss, lc->checkpoint, split, lc->parts ? 0 : lc->progress) != 0) {
        nq_split_free(split);
        return EXIT_USAGE;
    }
    uint8_t *part_skip = NULL;
    tool_table keep;
    memset(&keep, 0, sizeof keep);
    count_run run = {&ss, NULL, 0};
    nq_counts c = ss.resumed_counts;
    if (lc->parts) {
        part_skip = count_part_skip(split, lc, tool_session_skip(&ss));
        if (!part_skip) {
            ss.partial = 1; /* nothing was counted: nothing to compare */
            (void)tool_session_close(&ss, n, NQ_OK, 1, &c);
            nq_split_free(split);
            return EXIT_USAGE;
        }
        if (tool_progress_wanted(lc->progress))
            ss.progress =
                tool_progress_start(n, nq_split_size(split), part_skip, lc->progress == 1);
    }
    if (lc->export_path && !lc->checkpoint) {
        run.room = tool_part_size(nq_split_size(split), lc->part, lc->parts);
        keep.rec = malloc(run.room ? (size_t)run.room * sizeof *keep.rec : 1);
        if (!keep.rec) {
            tool_error("cannot count n = %d for --export: out of memory", n);
            ss.partial = 1;
            (void)tool_session_close(&ss, n, NQ_OK, 1, &c);
            free(part_skip);
            nq_split_free(split);
            return EXIT_USAGE;
        }
        run.keep = &keep;
    }
    nq_count_options opt;
    memset(&opt, 0, sizeof opt);
    opt.threads = lc->threads;
    opt.kernel = lc->kernel;
    opt.method = method;
    opt.skip = part_skip ? part_skip : tool_session_skip(&ss);
    opt.on_result = ss.journal || ss.progress || run.keep || lc->parts ? count_run_result : NULL;
    opt.user = &run;
    opt.stop = ss.stop;
    double start = tool_now();
    if (lc->gpu)
        rc = nq_count_gpu(split, &opt, lc->ndevices ? lc->devices : NULL, lc->ndevices, lc->report,
                          &c);
    else
        rc = nq_count_split(split, &opt, &c);
    *seconds = tool_now() - start;
    int code = tool_session_close(&ss, n, rc, nq_count_threads(lc->threads), &c);
    if (code == EXIT_OK && lc->export_path && count_export(split, lc, &keep)) {
        tool_note("the count is finished: its result follows on standard output, then the "
                  "command fails for want of its export");
        code = CLI_COUNT_UNSAVED;
    }
    tool_table_free(&keep);
    free(part_skip);
    nq_split_free(split);
    if (code == EXIT_OK || code == CLI_COUNT_UNSAVED) {
        *out = c;
        *work = ss.work;
        *used = method;
        work->part = lc->part;
        work->parts = lc->parts;
    }
    return code;
}

int cli_checkpoint_status(const char *path, int n) {
    nq_journal_info info;
    nq_journal_problem why;
    if (*path == '\0') {
        tool_error("cannot read checkpoint '': the path is empty; give the path of a journal");
        return EXIT_USAGE;
    }
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
    rc = nq_split_new_id(info.split_id, &split); /* else this version's split of its kind */
    if (rc == NQ_EINVAL)
        rc = nq_split_new_method(info.n,
                                 info.format == NQ_JOURNAL_FORMAT && info.n >= 4 &&
                                         info.n <= NQ_METHOD_QUADRANT_MAX_N
                                     ? NQ_METHOD_QUADRANT
                                     : NQ_METHOD_BACKTRACK,
                                 &split);
    if (rc != NQ_OK) {
        tool_error("cannot check checkpoint '%s': %s", path, nq_strerror(rc));
        return EXIT_USAGE;
    }
    /* Its n is this split's: only the size or the split id can differ (the size alone, in a
     * header edited and signed again, was shown as the same split twice). */
    char differs[3 * NQ_JOURNAL_SPLIT_ID];
    int same = nq_journal_mismatch(&info, split, differs, sizeof differs) == 0;
    int complete = info.done == info.size;
    /* A quadrant split's class counts come from the whole total (nq_split_complete()). */
    int classes = nq_split_method(split) != NQ_METHOD_QUADRANT ||
                  (complete && same && nq_split_complete(split, &info.counts) == NQ_OK);
    nq_split_free(split);
    if (n && !same) {
        tool_error("checkpoint '%s' cannot be resumed by this version: its header has %s", path,
                   differs);
        return EXIT_USAGE;
    }
    char total[41], uniq[41];
    const char *sofar = complete ? "" : " so far";
    printf("checkpoint: %s\n", path);
    printf("n: %d\n", info.n);
    printf("done: %llu of %llu subproblems (%s)\n", (unsigned long long)info.done,
           (unsigned long long)info.size, complete ? "complete" : "incomplete");
    printf("total%s: %s\n", sofar, nq_u128_to_string(info.counts.total, total));
    if (classes)
        printf("unique%s: %s\n", sofar, nq_u128_to_string(info.counts.unique, uniq));
    else
        printf("unique so far: unknown until the journal is complete (a quadrant split's "
               "classes follow from the whole total)\n");
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
