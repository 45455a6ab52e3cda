/*
 * _nq_count.c: the binding of count(), the count on its own thread under a polling loop that
 * checks for signals, with its checkpoint journal and progress (src/count.c, src/drive.c).
 */
#include "_nq_common.h"

#include <string.h>
#include <time.h>

/* ---- count ------------------------------------------------------------------------------ */

/* A count running on its own thread while the interpreter's thread polls for signals. */
typedef struct count_job {
    nq_split *split;
    nq_journal *journal;
    nq_count_options opt;
    nq_counts counts;
    volatile int stop; /* set by the polling thread: no new subproblem starts */
    uint64_t computed; /* subproblems finished by this run (atomic: read while counting) */
    int rc;
    int finished;  /* under mu */
    int abandoned; /* under mu: the caller left (a second interrupt); the thread frees the job */
    pthread_mutex_t mu;
    pthread_cond_t cv;
} count_job;

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int count_on_result(void *user, uint64_t index, const nq_counts *c) {
    count_job *job = user;
    __atomic_fetch_add(&job->computed, 1, __ATOMIC_RELAXED);
    return job->journal ? nq_journal_on_result(job->journal, index, c) : 0;
}

/* Test hook (_test_wind_down): seconds a stopped count takes to wind down after its last
 * subproblem, as a slow journal device or a batch in flight would make it; 0 outside tests. The
 * library stops in about 0.1 s, so without it no test could reach the second interrupt's path. */
static double test_wind_down;

static void *count_thread(void *arg) {
    count_job *job = arg;
    job->rc = nq_count_split(job->split, &job->opt, &job->counts);
    double hold = __atomic_load_n(&job->stop, __ATOMIC_RELAXED) ? test_wind_down : 0;
    if (hold > 0) {
        struct timespec ts = {(time_t)hold, (long)((hold - (double)(time_t)hold) * 1e9)};
        while (nanosleep(&ts, &ts) != 0)
            ;
    }
    pthread_mutex_lock(&job->mu);
    job->finished = 1;
    int abandoned = job->abandoned;
    pthread_cond_signal(&job->cv);
    pthread_mutex_unlock(&job->mu);
    if (abandoned) { /* nobody waits: the journal keeps what finished, the rest goes */
        nq_journal_close(job->journal, NULL);
        nq_split_free(job->split);
        pthread_mutex_destroy(&job->mu);
        pthread_cond_destroy(&job->cv);
        PyMem_RawFree(job);
    }
    return NULL;
}

/* _test_wind_down(seconds) -> None: see test_wind_down (tests only). */
PyObject *py_nq_test_wind_down(PyObject *self, PyObject *args) {
    (void)self;
    double seconds;
    if (!PyArg_ParseTuple(args, "d", &seconds))
        return NULL;
    if (!(seconds >= 0 && seconds <= 60))
        return PyErr_Format(PyExc_ValueError, "seconds must be from 0 to 60");
    test_wind_down = seconds;
    Py_RETURN_NONE;
}

/* count(n, threads, checkpoint, progress, kernel, method) -> dict. checkpoint None or a path (str
 * or bytes, file system encoding), progress None or a callable(done, size), kernel and method
 * names. */
PyObject *py_nq_count(PyObject *self, PyObject *args) {
    (void)self;
    int n, threads;
    PyObject *path_obj, *progress;
    const char *kernel_name, *method_name;
    if (!PyArg_ParseTuple(args, "iiOOss", &n, &threads, &path_obj, &progress, &kernel_name,
                          &method_name))
        return NULL;
    nq_kernel kernel, used;
    if (nq_kernel_parse(kernel_name, &kernel) != NQ_OK || !nq_kernel_supported(kernel))
        return PyErr_Format(PyExc_ValueError,
                            "kernel '%s' is not one this CPU runs (auto, generic, avx2, avx512)",
                            kernel_name);
    nq_method method, mused;
    if (strcmp(method_name, "join") == 0)
        return PyErr_Format(PyExc_ValueError,
                            "method 'join' was retired: it never beat backtracking (2.2 to 4.4 "
                            "times slower); use 'auto' (the default) or 'backtrack', which also "
                            "resume its checkpoints");
    if (nq_method_parse(method_name, &method) != NQ_OK)
        return PyErr_Format(PyExc_ValueError,
                            "unknown method '%s': one of auto, backtrack, quadrant", method_name);
    if (n < 1 || n > NQ_MAX_N)
        return PyErr_Format(PyExc_ValueError, "n must be from 1 to %d, got %d", NQ_MAX_N, n);
    if (nq_count_threads(threads) < 0)
        return PyErr_Format(PyExc_ValueError, "threads must be from 1 to %d, got %d",
                            NQ_MAX_THREADS, threads);
    int rc = nq_kernel_resolve(kernel, n, &used);
    if (rc != NQ_OK)
        return py_nq_raise_status(rc, "count");
    if (method == NQ_METHOD_QUADRANT && (n < 4 || n > NQ_METHOD_QUADRANT_MAX_N))
        return PyErr_Format(PyExc_ValueError, "method 'quadrant' counts n from 4 to %d, got %d",
                            NQ_METHOD_QUADRANT_MAX_N, n);
    PyObject *path_bytes = NULL;
    if (path_obj != Py_None && !PyUnicode_FSConverter(path_obj, &path_bytes))
        return NULL;
    const char *path = path_bytes ? PyBytes_AS_STRING(path_bytes) : NULL;

    count_job *job = PyMem_RawCalloc(1, sizeof *job);
    if (!job) {
        Py_XDECREF(path_bytes);
        return PyErr_NoMemory();
    }
    nq_journal_problem why;
    int refused = NQ_OK; /* the journal's refusal */
    Py_BEGIN_ALLOW_THREADS
    /* The split of the method (as `nqueens count` chooses it); a journal being resumed with
     * method auto keeps its own: attached (locked and read, once) first, then bound. */
    nq_journal_info found;
    rc = NQ_EINVAL;
    if (path && method == NQ_METHOD_AUTO) {
        refused = nq_journal_attach(path, 0, &job->journal, &found, &why);
        if (refused == NQ_OK && found.format && found.n == n)
            rc = nq_split_new_id(found.split_id, &job->split);
    }
    /* auto's choice counts the memory of this count's threads (nq_method_choose()) */
    nq_method chosen = method;
    if (refused == NQ_OK && rc != NQ_OK && nq_method_choose(method, n, threads, &chosen) != NQ_OK)
        chosen = method;
    if (refused == NQ_OK && rc != NQ_OK)
        rc = nq_split_new_method(n, method == NQ_METHOD_AUTO ? chosen : method, &job->split);
    if (refused == NQ_OK && rc == NQ_OK)
        rc = nq_split_count_method(job->split, method, &mused);
    if (refused == NQ_OK && rc == NQ_OK && path)
        refused = job->journal ? nq_journal_bind(job->journal, job->split, &why)
                               : nq_journal_open(path, job->split, 0, &job->journal, &why);
    if (refused != NQ_OK)
        rc = refused;
    Py_END_ALLOW_THREADS

    PyObject *result = NULL;
    uint64_t resumed = 0, size = nq_split_size(job->split);
    if (rc != NQ_OK) {
        if (refused != NQ_OK)
            py_nq_raise_journal(path, rc, &why, job->split);
        else
            py_nq_raise_status(rc, "count");
        goto done;
    }
    if (job->journal) {
        nq_journal_info info;
        nq_journal_get_info(job->journal, &info);
        job->counts = info.counts;
        resumed = info.done;
    }
    job->opt.threads = threads;
    job->opt.kernel = kernel;
    job->opt.method = method;
    job->opt.skip = nq_journal_skip(job->journal);
    job->opt.on_result = count_on_result;
    job->opt.user = job;
    job->opt.stop = &job->stop;
    pthread_mutex_init(&job->mu, NULL);
    pthread_cond_init(&job->cv, NULL);
    pthread_t thread;
    double start = now_seconds(), last_sync = start;
    if (py_nq_start_quiet_thread(&thread, count_thread, job) != 0) {
        PyErr_SetString(py_nq_error, "count: cannot start the counting thread");
        goto destroy;
    }
    int failed = 0; /* an exception was raised: a signal handler's or the progress callback's,
                       kept in pending while the count stops */
    PyObject *pending[3] = {NULL, NULL, NULL};
    uint64_t shown = UINT64_MAX;
    for (;;) {
        int fin;
        nq_journal *journal = job->journal;
        Py_BEGIN_ALLOW_THREADS
        pthread_mutex_lock(&job->mu);
        if (!job->finished) {
            struct timespec until;
            clock_gettime(CLOCK_REALTIME, &until);
            until.tv_nsec += 50 * 1000 * 1000; /* signals are looked at every 50 ms */
            if (until.tv_nsec >= 1000000000L) {
                until.tv_sec++;
                until.tv_nsec -= 1000000000L;
            }
            pthread_cond_timedwait(&job->cv, &job->mu, &until);
        }
        fin = job->finished;
        pthread_mutex_unlock(&job->mu);
        /* Appends fsync only when they come; a long subproblem must not leave records unsynced
         * for longer than about a second (as the CLI's timer thread does). */
        if (journal && now_seconds() - last_sync >= 1.0) {
            (void)nq_journal_sync(journal); /* a failure shows in nq_journal_error() */
            last_sync = now_seconds();
        }
        Py_END_ALLOW_THREADS
        if (fin)
            break;
        if (failed) {
            /* A second interrupt while it stops: leave at once, the thread winds down alone. */
            if (PyErr_CheckSignals() < 0) {
                pthread_mutex_lock(&job->mu);
                int left = !job->finished;
                job->abandoned = left;
                pthread_mutex_unlock(&job->mu);
                if (left) {
                    pthread_detach(thread);
                    Py_XDECREF(pending[0]);
                    Py_XDECREF(pending[1]);
                    Py_XDECREF(pending[2]);
                    Py_XDECREF(path_bytes);
                    return NULL; /* the second KeyboardInterrupt; job is the thread's now */
                }
                PyErr_Clear(); /* it finished meanwhile: the first exception stands */
            }
            continue;
        }
        if (PyErr_CheckSignals() < 0) {
            failed = 1;
            job->stop = 1;
            PyErr_Fetch(&pending[0], &pending[1], &pending[2]);
            continue;
        }
        uint64_t done = resumed + __atomic_load_n(&job->computed, __ATOMIC_RELAXED);
        if (progress != Py_None && done != shown) {
            shown = done;
            PyObject *r = PyObject_CallFunction(progress, "KK", (unsigned long long)done,
                                                (unsigned long long)size);
            if (!r) {
                failed = 1;
                job->stop = 1;
                PyErr_Fetch(&pending[0], &pending[1], &pending[2]);
            }
            Py_XDECREF(r);
        }
    }
    pthread_join(thread, NULL);
    double seconds = now_seconds() - start;
    int jrc = NQ_OK, os_error = 0;
    if (job->journal) {
        int close_error;
        jrc = nq_journal_error(job->journal, &os_error);
        int crc = nq_journal_close(job->journal, &close_error);
        job->journal = NULL;
        if (jrc == NQ_OK && crc != NQ_OK) {
            jrc = crc;
            os_error = close_error;
        }
    }
    if (failed) {
        PyErr_Restore(pending[0], pending[1], pending[2]);
        goto destroy;
    }
    if (jrc != NQ_OK) {
        if (jrc == NQ_EIO && os_error)
            py_nq_raise_os(os_error, "cannot write checkpoint", path);
        else
            py_nq_raise_status(jrc, "cannot write the checkpoint");
        goto destroy;
    }
    if (job->rc == NQ_ENOMEM && nq_split_memory(job->split)) {
        /* the quadrant join's tables or its threads' halves: what did not fit, and what to do
         * (a journal of the quadrant join is resumed by it alone: no advice that loops) */
        int t = nq_count_threads(threads);
        char msg[640];
        snprintf(msg, sizeof msg,
                 "count(%d): out of memory: the quadrant join's tables (%.0f MiB) and its %d "
                 "thread%s (each with its stack and its halves) need more than this process "
                 "may have; %s",
                 n, (double)nq_split_memory(job->split) / (1 << 20), t, t == 1 ? "" : "s",
                 resumed ? "the checkpoint is a journal of the quadrant join, which only it "
                           "resumes: resume it with fewer threads or more memory, or count "
                           "anew with method='backtrack' and another checkpoint"
                 : t > 1 ? "count with fewer threads or method='backtrack'"
                         : "count with method='backtrack'");
        PyErr_SetString(PyExc_MemoryError, msg);
        goto destroy;
    }
    if (job->rc != NQ_OK) {
        py_nq_raise_status(job->rc, job->rc == NQ_ETHREAD ? "count (use fewer threads)" : "count");
        goto destroy;
    }
    /* A finished count that disagrees with the known counts (n <= 27) is no result: a damaged
     * journal (its records forged or corrupted past their checks) or faulty hardware. */
    if (nq_known_check(n, &job->counts) != NQ_OK) {
        py_nq_raise_status(NQ_EWRONG, path ? "count (the checkpoint is likely damaged: count again "
                                             "with a new one)"
                                           : "count");
        goto destroy;
    }
    uint64_t computed = __atomic_load_n(&job->computed, __ATOMIC_RELAXED);
    if (progress != Py_None && resumed + computed != shown) {
        PyObject *r = PyObject_CallFunction(
            progress, "KK", (unsigned long long)(resumed + computed), (unsigned long long)size);
        if (!r)
            goto destroy;
        Py_DECREF(r);
    }
    {
        nq_counts *c = &job->counts;
        PyObject *v[6] = {py_nq_from_u128(c->total),  py_nq_from_u128(c->unique),
                          py_nq_from_u128(c->orbit8), py_nq_from_u128(c->orbit4),
                          py_nq_from_u128(c->orbit2), py_nq_from_u128(c->orbit1)};
        if (v[0] && v[1] && v[2] && v[3] && v[4] && v[5])
            result = Py_BuildValue(
                "{s:i,s:O,s:O,s:O,s:O,s:O,s:O,s:K,s:d,s:s,s:s,s:i,s:K,s:K,s:K}", "n", n, "total",
                v[0], "unique", v[1], "orbit8", v[2], "orbit4", v[3], "orbit2", v[4], "orbit1",
                v[5], "nodes", (unsigned long long)c->nodes, "seconds", seconds, "kernel",
                nq_kernel_name(used), "method", nq_method_name(mused), "threads",
                nq_count_threads(threads), "resumed", (unsigned long long)resumed, "computed",
                (unsigned long long)computed, "subproblems", (unsigned long long)size);
        for (int i = 0; i < 6; i++)
            Py_XDECREF(v[i]);
    }
destroy:
    pthread_mutex_destroy(&job->mu);
    pthread_cond_destroy(&job->cv);
done:
    nq_journal_close(job->journal, NULL);
    nq_split_free(job->split);
    PyMem_RawFree(job);
    Py_XDECREF(path_bytes);
    return result;
}
