/*
 * session.c: one count's session with its journal, progress line and signals (session.h), shared
 * by `nqueens count --checkpoint` and rank 0 of `nqueens-mpi`, so that both open, resume, sync,
 * close and explain a journal the same way. The library decides what a journal may contain; this
 * file only drives it and tells the user.
 *
 * Appends fsync only when they come, and one subproblem of a big count can take minutes, so a
 * timer thread syncs the journal every NQ_JOURNAL_SYNC_MS whatever was appended meanwhile: a
 * killed count loses at most that much of its finished work.
 */
#include <errno.h>
#include <string.h>
#include <time.h>

#include "output.h"
#include "session.h"
#include "signals.h"

enum { EXIT_OK = 0, EXIT_USAGE = 2 };

int tool_method_n_check(int n, nq_method m) {
    if (m == NQ_METHOD_QUADRANT && (n < 4 || n > NQ_METHOD_QUADRANT_MAX_N)) {
        tool_error("--method quadrant counts N = 4 to %d, not %d: use --method auto or "
                   "backtrack",
                   NQ_METHOD_QUADRANT_MAX_N, n);
        return -1;
    }
    return 0;
}

int tool_session_split(tool_session *ss, int n, nq_method m, int where, int threads,
                       const char *path, nq_split **out) {
    int border = where == TOOL_SPLIT_BORDER;
    if (tool_method_n_check(n, m))
        return -1;
    nq_split *s = NULL;
    int rc = NQ_EINVAL;
    /* AUTO resumes a journal of n by its own split: the journal is attached (locked and read,
     * once) here, and tool_session_open() binds it to the split chosen. */
    if (m == NQ_METHOD_AUTO && path && !border) {
        nq_journal_info found;
        nq_journal_problem why;
        int jrc = nq_journal_attach(path, 0, &ss->journal, &found, &why);
        if (jrc != NQ_OK) {
            tool_journal_refused(path, jrc, &why, NULL);
            ss->journal = NULL;
            return -1;
        }
        if (found.format && found.n == n)
            rc = nq_split_new_id(found.split_id, &s);
    }
    nq_method chosen =
        m == NQ_METHOD_AUTO && (border || (where == TOOL_SPLIT_GPU && n < TOOL_GPU_QUADRANT_FROM))
            ? NQ_METHOD_BACKTRACK
            : m;
    /* auto's choice counts the memory of the threads this count runs, not only the tables */
    if (rc != NQ_OK && chosen == NQ_METHOD_AUTO &&
        nq_method_choose(NQ_METHOD_AUTO, n, threads, &chosen) != NQ_OK)
        chosen = NQ_METHOD_BACKTRACK;
    if (rc != NQ_OK)
        rc = nq_split_new_method(n, chosen, &s);
    if (rc != NQ_OK) {
        tool_error("cannot count n = %d: %s", n, nq_strerror(rc));
        tool_session_drop(ss);
        return -1;
    }
    nq_method used;
    if (nq_split_count_method(s, m, &used) != NQ_OK) { /* a journal's split, another method */
        tool_error("cannot count n = %d by --method %s: the journal's split '%s' is counted by "
                   "another method",
                   n, nq_method_name(m), nq_split_id(s));
        nq_split_free(s);
        tool_session_drop(ss);
        return -1;
    }
    *out = s;
    return 0;
}

int tool_journal_method(const char *path, int n, nq_method *m) {
    nq_journal_info info;
    nq_journal_problem why;
    nq_split *s = NULL;
    if (!path || nq_journal_read(path, &info, &why) != NQ_OK || info.n != n || !info.format ||
        nq_split_new_id(info.split_id, &s) != NQ_OK)
        return 0;
    *m = nq_split_method(s);
    nq_split_free(s);
    return 1;
}

int tool_journal_whole(const char *path, int n) {
    nq_journal_info info;
    nq_journal_problem why;
    return path && nq_journal_read(path, &info, &why) == NQ_OK && info.n == n && info.size > 0 &&
           info.done == info.size;
}

void tool_session_drop(tool_session *ss) {
    (void)nq_journal_close(ss->journal, NULL); /* nothing was recorded: nothing to sync */
    ss->journal = NULL;
}

static void *session_sync_main(void *arg) {
    tool_session *ss = arg;
    pthread_mutex_lock(&ss->sync_mu);
    while (!ss->sync_quit) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        long ns = until.tv_nsec + (long)(NQ_JOURNAL_SYNC_MS % 1000) * 1000000L;
        until.tv_sec += NQ_JOURNAL_SYNC_MS / 1000 + ns / 1000000000L;
        until.tv_nsec = ns % 1000000000L;
        int rc = 0;
        while (!ss->sync_quit && rc != ETIMEDOUT)
            rc = pthread_cond_timedwait(&ss->sync_cv, &ss->sync_mu, &until);
        if (!ss->sync_quit) {
            pthread_mutex_unlock(&ss->sync_mu);
            (void)nq_journal_sync(ss->journal); /* a failure shows in nq_journal_error() */
            pthread_mutex_lock(&ss->sync_mu);
        }
    }
    pthread_mutex_unlock(&ss->sync_mu);
    return NULL;
}

void tool_session_signals(tool_session *ss, const char *path) {
    memset(ss, 0, sizeof *ss);
    ss->path = path;
    ss->stop = tool_signals_install(path != NULL);
}

int tool_session_open(tool_session *ss, const char *path, const nq_split *s, int progress) {
    ss->path = path;
    ss->size = ss->part_size ? ss->part_size : nq_split_size(s);
    ss->tables = nq_split_memory(s);
    if (path && tool_output_check(TOOL_OUTPUT_JOURNAL, "checkpoint", path, NULL) != 0) {
        tool_signals_restore();
        return -1;
    }
    if (path) {
        /* Attached by tool_session_split() (read there), or opened (and read) here: once. */
        nq_journal_problem why;
        int rc = ss->journal ? nq_journal_bind(ss->journal, s, &why)
                             : nq_journal_open(path, s, 0, &ss->journal, &why);
        if (rc != NQ_OK) {
            tool_signals_restore();
            tool_journal_refused(path, rc, &why, s);
            tool_session_drop(ss);
            return -1;
        }
        nq_journal_info info;
        nq_journal_get_info(ss->journal, &info);
        nq_journal_info shown = info;
        shown.size = ss->size; /* a part's journal is done when its part is */
        tool_journal_opened(path, &shown);
        ss->resumed_counts = info.counts;
        ss->work.resumed = info.done;
    }
    if (tool_progress_wanted(progress))
        ss->progress = tool_progress_start(nq_split_n(s), ss->size, nq_journal_skip(ss->journal),
                                           progress == 1);
    pthread_mutex_init(&ss->sync_mu, NULL);
    pthread_cond_init(&ss->sync_cv, NULL);
    ss->sync_running =
        ss->journal && pthread_create(&ss->sync_thread, NULL, session_sync_main, ss) == 0;
    return 0;
}

const uint8_t *tool_session_skip(const tool_session *ss) {
    return nq_journal_skip(ss->journal);
}

int tool_session_result(tool_session *ss, uint64_t index, const nq_counts *c) {
    ss->work.computed++;
    if (ss->journal) {
        int rc = nq_journal_append(ss->journal, index, c);
        if (rc != NQ_OK)
            return rc;
    }
    tool_progress_result(ss->progress, index, c);
    return NQ_OK;
}

int tool_session_on_result(void *session, uint64_t index, const nq_counts *c) {
    return tool_session_result(session, index, c) != NQ_OK;
}

/* The finished count of n gave sum, which differs from the known counts: say which number and
 * what to suspect. */
static void session_wrong(const tool_session *ss, int n, const nq_counts *sum) {
    nq_counts k;
    (void)nq_known_counts(n, &k);
    const char *what = "total";
    nq_u128 got = sum->total, want = k.total;
    if (sum->total == k.total) {
        const char *name[] = {"unique", "orbit8", "orbit4", "orbit2", "orbit1"};
        const nq_u128 g[] = {sum->unique, sum->orbit8, sum->orbit4, sum->orbit2, sum->orbit1};
        const nq_u128 w[] = {k.unique, k.orbit8, k.orbit4, k.orbit2, k.orbit1};
        for (int i = 0; i < 5; i++)
            if (g[i] != w[i]) {
                what = name[i], got = g[i], want = w[i];
                break;
            }
    }
    char a[41], b[41];
    nq_u128_to_string(got, a);
    nq_u128_to_string(want, b);
    if (ss->journal || ss->work.resumed)
        tool_error("the count of n = %d came to %s %s, but the known %s is %s (OEIS A000170, "
                   "A002562): checkpoint '%s' is likely damaged (records altered after they "
                   "were written), or the hardware is faulty; no result is shown: count again "
                   "with a new journal",
                   n, what, a, what, b, ss->path);
    else
        tool_error("the count of n = %d came to %s %s, but the known %s is %s (OEIS A000170, "
                   "A002562): the hardware is likely faulty (memory or processor); no result is "
                   "shown",
                   n, what, a, what, b);
}

int tool_session_close(tool_session *ss, int n, int rc, int threads, const nq_counts *sum) {
    if (ss->sync_running) {
        pthread_mutex_lock(&ss->sync_mu);
        ss->sync_quit = 1;
        pthread_cond_signal(&ss->sync_cv);
        pthread_mutex_unlock(&ss->sync_mu);
        pthread_join(ss->sync_thread, NULL);
        ss->sync_running = 0;
    }
    pthread_mutex_destroy(&ss->sync_mu);
    pthread_cond_destroy(&ss->sync_cv);
    tool_progress_stop(ss->progress);
    ss->progress = NULL;
    int sig = tool_signals_restore();
    uint64_t done = 0;
    int code = EXIT_OK;
    if (ss->journal) {
        nq_journal_info info;
        nq_journal_get_info(ss->journal, &info);
        done = info.done;
        int os_error, close_error;
        int jrc = nq_journal_error(ss->journal, &os_error);
        int crc = nq_journal_close(ss->journal, &close_error);
        ss->journal = NULL;
        if (jrc == NQ_OK && crc != NQ_OK) {
            jrc = crc;
            os_error = close_error;
        }
        if (jrc != NQ_OK) {
            tool_journal_failed(ss->path, jrc, os_error);
            return EXIT_USAGE;
        }
    }
    if (rc == NQ_STOPPED && sig) {
        /* Only a count with a journal stops gracefully (tool_signals_install()). */
        tool_error("interrupted by %s: %llu of %llu subproblems done and saved in '%s'; run the "
                   "same command again to resume",
                   tool_signal_name(sig), (unsigned long long)done, (unsigned long long)ss->size,
                   ss->path);
        code = 128 + sig;
    } else if ((rc == NQ_ENOMEM || rc == NQ_EDEVICE) && ss->gpu) {
        /* nq_count_gpu(): out of device memory, of page-locked host memory for the batches, or
         * (the join) of the host's copy of the quadrant lists; or a device that failed */
        const char *at = ss->path ? "; checkpoint '" : "", *path = ss->path ? ss->path : "",
                   *kept = ss->path ? "' keeps what was done" : "";
        if (rc == NQ_EDEVICE)
            tool_error("cannot count n = %d: a GPU failed (a CUDA error: its driver, a reset or a "
                       "fault); count again, or without --gpu%s%s%s",
                       n, at, path, kept);
        else if (ss->tables)
            tool_error(
                "cannot count n = %d on the GPU: out of memory: the quadrant join keeps its "
                "lists (%.0f MiB) in this process and once on each GPU, and up to 4-5 GiB "
                "of batches for each host thread that feeds one; count %swithout --gpu%s%s%s",
                n, (double)ss->tables / (1 << 20), threads > 1 ? "with fewer --threads or " : "",
                at, path, kept);
        else
            tool_error("cannot count n = %d on the GPU: out of memory (the GPU's, or page-locked "
                       "host memory for its batches); count without --gpu%s%s%s",
                       n, at, path, kept);
        code = EXIT_USAGE;
    } else if (rc == NQ_ENOMEM && ss->tables && ss->work.resumed) {
        /* a quadrant journal: only the quadrant join resumes it, so --method backtrack is no
         * way on (it refuses the journal) */
        tool_error("cannot count n = %d: out of memory: the quadrant join's tables (%.0f MiB) "
                   "and its %d thread%s (each with its stack and its halves) need more than this "
                   "process may have; checkpoint '%s' is a journal of the quadrant join, which "
                   "only it resumes: resume it %swith more memory (ulimit, cgroup, another "
                   "machine), or count anew with --method backtrack and another FILE",
                   n, (double)ss->tables / (1 << 20), threads, threads == 1 ? "" : "s", ss->path,
                   threads > 1 ? "with fewer --threads or " : "");
        code = EXIT_USAGE;
    } else if (rc == NQ_ENOMEM && ss->tables) { /* the quadrant join's lists: say what to do */
        tool_error("cannot count n = %d: out of memory: the quadrant join's tables (%.0f MiB) "
                   "and its %d thread%s (each with its stack and its halves) need more than this "
                   "process may have; count with %s--method backtrack",
                   n, (double)ss->tables / (1 << 20), threads, threads == 1 ? "" : "s",
                   threads > 1 ? "fewer --threads or " : "");
        code = EXIT_USAGE;
    } else if (rc == NQ_EWRONG && (ss->journal || ss->work.resumed)) {
        /* a quadrant split's records that complete into no whole classes (nq_split_complete()) */
        tool_error("the count of n = %d does not complete into whole symmetry classes: checkpoint "
                   "'%s' is likely damaged (records altered after they were written), or the "
                   "hardware is faulty; no result is shown: 'nqueens verify %s --all' finds the "
                   "records, or count again with a new journal",
                   n, ss->path, ss->path);
        code = EXIT_USAGE;
    } else if (rc != NQ_OK) {
        tool_count_failed(n, rc, threads);
        code = EXIT_USAGE;
    } else if (!ss->partial && nq_known_check(n, sum) != NQ_OK) {
        session_wrong(ss, n, sum);
        code = EXIT_USAGE;
    }
    return code;
}
