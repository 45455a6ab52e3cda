/*
 * checkpoint.c: `nqueens count` with --checkpoint, --status and the progress line: runs the count
 * over the library's split, recording each finished subproblem in a journal and skipping those an
 * earlier run recorded, stops cleanly on SIGINT/SIGTERM, and explains every refusal (see
 * progress.h). The library decides what a journal may contain; this file only tells the user.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "progress.h"

typedef struct long_ctx {
    nq_journal *journal;    /* NULL without --checkpoint */
    cli_progress *progress; /* NULL without a progress line */
} long_ctx;

static int long_on_result(void *user, uint64_t index, const nq_counts *c) {
    long_ctx *x = user;
    if (x->journal) {
        int rc = nq_journal_on_result(x->journal, index, c);
        if (rc != NQ_OK)
            return rc;
    }
    cli_progress_result(x->progress, index, c);
    return 0;
}

static const char *signal_name(int sig) {
    return sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : "a signal";
}

/* Explains why the journal at path cannot be used for the split s; returns EXIT_USAGE. */
static int journal_refused(const char *path, int rc, const nq_split *s) {
    if (rc == NQ_EIO && errno == EBUSY) {
        cli_error("checkpoint '%s' is in use by another running count", path);
    } else if (rc == NQ_EIO) {
        cli_error("cannot use checkpoint '%s': %s", path, strerror(errno));
    } else if (rc == NQ_EMISMATCH) {
        nq_journal_info info;
        if (s && nq_journal_read(path, &info) == NQ_OK)
            cli_error("checkpoint '%s' belongs to another count (n = %d, split '%s'), not to "
                      "n = %d (split '%s'); give another file",
                      path, info.n, info.split_id, nq_split_n(s), nq_split_id(s));
        else
            cli_error("checkpoint '%s' was written in another journal format; give another file",
                      path);
    } else if (rc == NQ_ECORRUPT) {
        cli_error("checkpoint '%s' is damaged or is not a journal (a record before the last fails "
                  "its check); refusing to use it",
                  path);
    } else {
        cli_error("cannot use checkpoint '%s': %s", path, nq_strerror(rc));
    }
    return EXIT_USAGE;
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

static double seconds_since(const struct timespec *t0) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) * 1e-9;
}

int cli_count_long(int n, const cli_long_count *lc, nq_counts *out, double *seconds) {
    /* The handlers go in first: building the split of a large n takes a moment, and a signal
     * then must end the count as it would a moment later. */
    const volatile int *stop = cli_signals_install(lc->checkpoint != NULL);
    nq_split *split;
    int rc = nq_split_new(n, &split);
    if (rc != NQ_OK) {
        cli_signals_restore();
        cli_error("cannot count n = %d: %s", n, nq_strerror(rc));
        return EXIT_USAGE;
    }
    long_ctx x = {NULL, NULL};
    nq_counts c;
    memset(&c, 0, sizeof c);
    if (lc->checkpoint) {
        rc = nq_journal_open(lc->checkpoint, split, 0, &x.journal);
        if (rc != NQ_OK) {
            cli_signals_restore();
            int code = journal_refused(lc->checkpoint, rc, split);
            nq_split_free(split);
            return code;
        }
        nq_journal_info info;
        nq_journal_get_info(x.journal, &info);
        if (info.torn)
            cli_error("checkpoint '%s': ignored a torn last record (a write cut short); that "
                      "subproblem is counted again",
                      lc->checkpoint);
        if (info.done > 0 && info.done < info.size)
            cli_error("resuming from checkpoint '%s': %llu of %llu subproblems already done",
                      lc->checkpoint, (unsigned long long)info.done, (unsigned long long)info.size);
        c = info.counts;
    }
    if (cli_progress_wanted(lc->progress))
        x.progress = cli_progress_start(n, nq_split_size(split), nq_journal_skip(x.journal));
    nq_count_options opt;
    memset(&opt, 0, sizeof opt);
    opt.threads = lc->threads;
    opt.skip = nq_journal_skip(x.journal);
    opt.on_result = x.journal || x.progress ? long_on_result : NULL;
    opt.user = &x;
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    opt.stop = stop;
    syncer sy;
    syncer_start(&sy, x.journal);
    rc = nq_count_split(split, &opt, &c);
    syncer_stop(&sy);
    int sig = cli_signals_restore();
    *seconds = seconds_since(&start);
    cli_progress_stop(x.progress);

    int code = EXIT_OK;
    nq_journal_info info;
    memset(&info, 0, sizeof info);
    if (x.journal) {
        nq_journal_get_info(x.journal, &info);
        int jrc = nq_journal_error(x.journal);
        int saved = errno;
        int crc = nq_journal_close(x.journal);
        if (jrc == NQ_OK && crc != NQ_OK)
            jrc = crc;
        else
            errno = saved;
        if (jrc != NQ_OK) {
            cli_error("cannot write checkpoint '%s': %s", lc->checkpoint,
                      jrc == NQ_EIO ? strerror(errno) : nq_strerror(jrc));
            code = EXIT_USAGE;
        }
    }
    if (code == EXIT_OK && rc == NQ_STOPPED && sig) {
        /* Only a count with a journal stops gracefully (cli_signals_install). */
        cli_error("interrupted by %s: %llu of %llu subproblems done and saved in '%s'; run the "
                  "same command again to resume",
                  signal_name(sig), (unsigned long long)info.done,
                  (unsigned long long)nq_split_size(split), lc->checkpoint);
        code = 128 + sig;
    } else if (code == EXIT_OK && rc != NQ_OK) {
        cli_error("cannot count n = %d: %s", n, nq_strerror(rc));
        code = EXIT_USAGE;
    }
    nq_split_free(split);
    if (code == EXIT_OK)
        *out = c;
    return code;
}

int cli_checkpoint_status(const char *path, int n) {
    nq_journal_info info;
    int rc = nq_journal_read(path, &info);
    if (rc == NQ_EIO && errno == ENOENT) {
        cli_error("checkpoint '%s' does not exist (nothing recorded yet)", path);
        return EXIT_USAGE;
    }
    if (rc != NQ_OK)
        return journal_refused(path, rc, NULL);
    if (n && n != info.n) {
        cli_error("checkpoint '%s' is for n = %d, not n = %d", path, info.n, n);
        return EXIT_USAGE;
    }
    nq_split *split;
    rc = nq_split_new(info.n, &split);
    if (rc != NQ_OK) {
        cli_error("cannot check checkpoint '%s': %s", path, nq_strerror(rc));
        return EXIT_USAGE;
    }
    int same = strcmp(nq_split_id(split), info.split_id) == 0 && nq_split_size(split) == info.size;
    char current[NQ_JOURNAL_SPLIT_ID];
    snprintf(current, sizeof current, "%s", nq_split_id(split));
    nq_split_free(split);
    if (n && !same) {
        cli_error("checkpoint '%s' numbers the subproblems as '%s', this version as '%s': it "
                  "cannot be resumed by this version",
                  path, info.split_id, current);
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
    printf("split: %s%s\n", info.split_id, same ? "" : " (not this version's: cannot resume)");
    printf("written by: libnqueens %s, journal format %d\n", info.library, info.format);
    if (info.torn)
        printf("torn last record: yes (ignored; counted again on resume)\n");
    return cli_flush() ? EXIT_USAGE : EXIT_OK;
}
