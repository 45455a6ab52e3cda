/*
 * checkpoint.c: `nqueens count` with --checkpoint, --status and the progress line: runs the count
 * over the library's split, recording each finished subproblem in a journal and skipping those an
 * earlier run recorded, stops cleanly on SIGINT/SIGTERM, and explains every refusal (with the
 * tool library's messages, shared with nqueens-mpi). The library decides what a journal may
 * contain; this file only tells the user.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "progress.h"
#include "signals.h"

typedef struct long_ctx {
    nq_journal *journal;     /* NULL without --checkpoint */
    tool_progress *progress; /* NULL without a progress line */
    uint64_t computed;       /* subproblems computed by this run (results come one at a time) */
} long_ctx;

static int long_on_result(void *user, uint64_t index, const nq_counts *c) {
    long_ctx *x = user;
    x->computed++;
    if (x->journal) {
        int rc = nq_journal_on_result(x->journal, index, c);
        if (rc != NQ_OK)
            return rc;
    }
    tool_progress_result(x->progress, index, c);
    return 0;
}

/* The journal's fsync timer: appends fsync only when they come, and subproblems of a big count
 * can take minutes, so this thread syncs every second whatever was appended meanwhile. */
typedef struct syncer {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    pthread_t thread;
    nq_journal *journal;
    int quit, running;
} syncer;

static void *syncer_thread(void *arg) {
    syncer *sy = arg;
    pthread_mutex_lock(&sy->mu);
    while (!sy->quit) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_sec += 1;
        int rc = 0;
        while (!sy->quit && rc != ETIMEDOUT)
            rc = pthread_cond_timedwait(&sy->cv, &sy->mu, &until);
        if (!sy->quit) {
            pthread_mutex_unlock(&sy->mu);
            (void)nq_journal_sync(sy->journal); /* a failure shows in nq_journal_error() */
            pthread_mutex_lock(&sy->mu);
        }
    }
    pthread_mutex_unlock(&sy->mu);
    return NULL;
}

static void syncer_start(syncer *sy, nq_journal *j) {
    memset(sy, 0, sizeof *sy);
    sy->journal = j;
    pthread_mutex_init(&sy->mu, NULL);
    pthread_cond_init(&sy->cv, NULL);
    sy->running = j && pthread_create(&sy->thread, NULL, syncer_thread, sy) == 0;
}

static void syncer_stop(syncer *sy) {
    if (sy->running) {
        pthread_mutex_lock(&sy->mu);
        sy->quit = 1;
        pthread_cond_signal(&sy->cv);
        pthread_mutex_unlock(&sy->mu);
        pthread_join(sy->thread, NULL);
    }
    pthread_mutex_destroy(&sy->mu);
    pthread_cond_destroy(&sy->cv);
}

int cli_count_long(int n, const cli_long_count *lc, nq_counts *out, double *seconds,
                   tool_work *work) {
    /* The handlers go in first: building the split of a large n takes a moment, and a signal
     * then must end the count as it would a moment later. */
    const volatile int *stop = tool_signals_install(lc->checkpoint != NULL);
    nq_split *split;
    int rc = nq_split_new(n, &split);
    if (rc != NQ_OK) {
        tool_signals_restore();
        tool_error("cannot count n = %d: %s", n, nq_strerror(rc));
        return EXIT_USAGE;
    }
    long_ctx x = {NULL, NULL, 0};
    uint64_t resumed = 0;
    nq_counts c;
    memset(&c, 0, sizeof c);
    if (lc->checkpoint) {
        nq_journal_problem why;
        rc = nq_journal_open(lc->checkpoint, split, 0, &x.journal, &why);
        if (rc != NQ_OK) {
            tool_signals_restore();
            tool_journal_refused(lc->checkpoint, rc, &why, split);
            nq_split_free(split);
            return EXIT_USAGE;
        }
        nq_journal_info info;
        nq_journal_get_info(x.journal, &info);
        tool_journal_opened(lc->checkpoint, &info);
        c = info.counts;
        resumed = info.done;
    }
    if (tool_progress_wanted(lc->progress))
        x.progress = tool_progress_start(n, nq_split_size(split), nq_journal_skip(x.journal));
    nq_count_options opt;
    memset(&opt, 0, sizeof opt);
    opt.threads = lc->threads;
    opt.kernel = lc->kernel;
    opt.skip = nq_journal_skip(x.journal);
    opt.on_result = x.journal || x.progress ? long_on_result : NULL;
    opt.user = &x;
    double start = tool_now();
    opt.stop = stop;
    syncer sy;
    syncer_start(&sy, x.journal);
    if (lc->gpu)
        rc = nq_count_gpu(split, &opt, lc->ndevices ? lc->devices : NULL, lc->ndevices, lc->report,
                          &c);
    else
        rc = nq_count_split(split, &opt, &c);
    syncer_stop(&sy);
    int sig = tool_signals_restore();
    *seconds = tool_now() - start;
    tool_progress_stop(x.progress);

    int code = EXIT_OK;
    nq_journal_info info;
    memset(&info, 0, sizeof info);
    if (x.journal) {
        nq_journal_get_info(x.journal, &info);
        int os_error, close_error;
        int jrc = nq_journal_error(x.journal, &os_error);
        int crc = nq_journal_close(x.journal, &close_error);
        if (jrc == NQ_OK && crc != NQ_OK) {
            jrc = crc;
            os_error = close_error;
        }
        if (jrc != NQ_OK) {
            tool_journal_failed(lc->checkpoint, jrc, os_error);
            code = EXIT_USAGE;
        }
    }
    if (code == EXIT_OK && rc == NQ_STOPPED && sig) {
        /* Only a count with a journal stops gracefully (tool_signals_install). */
        tool_error("interrupted by %s: %llu of %llu subproblems done and saved in '%s'; run the "
                   "same command again to resume",
                   tool_signal_name(sig), (unsigned long long)info.done,
                   (unsigned long long)nq_split_size(split), lc->checkpoint);
        code = 128 + sig;
    } else if (code == EXIT_OK && rc != NQ_OK) {
        tool_count_failed(n, rc, nq_count_threads(lc->threads));
        code = EXIT_USAGE;
    }
    nq_split_free(split);
    if (code == EXIT_OK) {
        *out = c;
        work->resumed = resumed;
        work->computed = x.computed;
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
