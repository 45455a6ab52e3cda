/*
 * progress.c: the progress line of a long count on stderr, and the signal handling that stops a
 * count cleanly (see progress.h).
 *
 * Workload: counts of minutes to months, with a few to millions of subproblems whose sizes differ
 * by orders of magnitude. Results arrive serialised from the library's worker threads; a separate
 * thread redraws the line on a timer, so the line stays alive while every worker is busy with a
 * long subproblem, and the workers never wait on the terminal. The ETA is work-based (nodes): the
 * numbering is cut into at most 256 contiguous buckets, each unfinished subproblem is assumed to
 * cost the mean of the finished ones of its bucket (or of the nearest bucket with any), and the
 * remaining nodes are divided by the rate measured in this run.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "progress.h"

#define PROGRESS_BUCKETS 256
#define PROGRESS_TTY_MS  250 /* redraw period on a terminal */

/* The stop flag must be reachable from a signal handler, so it is the one file-level variable of
 * the program's long counts. An int written whole is what nq_count_options.stop reads. */
static volatile int signal_stop;
static struct sigaction old_sigint, old_sigterm;

typedef struct bucket {
    uint64_t undone;   /* subproblems not finished */
    uint64_t measured; /* subproblems finished in this run */
    double nodes;      /* their nodes */
} bucket;

struct cli_progress {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    pthread_t thread;
    int quit;
    int tty;
    int n;
    uint64_t size, done;
    uint64_t nbuckets;
    bucket *b;
    uint64_t measured; /* subproblems finished in this run */
    double nodes;      /* their nodes */
    struct timespec start;
    int drawn; /* a line is on the terminal */
};

int cli_progress_wanted(int mode) {
    return mode >= 0 ? mode : isatty(STDERR_FILENO);
}

static double progress_since(const struct timespec *t0) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) * 1e-9;
}

static uint64_t progress_bucket(const cli_progress *p, uint64_t index) {
    return (uint64_t)((nq_u128)index * p->nbuckets / p->size);
}

/* Formats a duration as "42 s", "12:05" (minutes), "3:12:05" (hours) or "41.5 days". */
static void progress_duration(char *buf, size_t cap, double s) {
    if (s < 60)
        snprintf(buf, cap, "%.0f s", s);
    else if (s < 3600)
        snprintf(buf, cap, "%d:%02d", (int)(s / 60), (int)s % 60);
    else if (s < 4 * 86400)
        snprintf(buf, cap, "%d:%02d:%02d", (int)(s / 3600), (int)(s / 60) % 60, (int)s % 60);
    else if (s < 3 * 365.25 * 86400)
        snprintf(buf, cap, "%.1f days", s / 86400);
    else
        snprintf(buf, cap, "%.3g years", s / (365.25 * 86400));
}

/* Estimated nodes of the unfinished subproblems, and of all of them (both < 0 if unknown). */
static void progress_estimate(const cli_progress *p, double *remaining, double *all) {
    *remaining = *all = -1;
    if (p->measured == 0)
        return;
    double rem = 0;
    for (uint64_t k = 0; k < p->nbuckets; k++) {
        if (p->b[k].undone == 0)
            continue;
        double mean = -1;
        for (uint64_t d = 0; d < p->nbuckets && mean < 0; d++) {
            if (k >= d && p->b[k - d].measured)
                mean = p->b[k - d].nodes / (double)p->b[k - d].measured;
            else if (k + d < p->nbuckets && p->b[k + d].measured)
                mean = p->b[k + d].nodes / (double)p->b[k + d].measured;
        }
        rem += (double)p->b[k].undone * mean;
    }
    /* The whole: what this run measured, what remains, and the subproblems of earlier runs at this
     * run's mean (their nodes are in the journal's sum, but not bucket by bucket). */
    uint64_t before = p->done - p->measured;
    *remaining = rem;
    *all = p->nodes + rem + (double)before * (p->nodes / (double)p->measured);
}

static void progress_draw(cli_progress *p, int final) {
    double t = progress_since(&p->start), rem, all;
    progress_estimate(p, &rem, &all);
    char el[32], eta[32], line[256];
    progress_duration(el, sizeof el, t);
    int len = snprintf(line, sizeof line, "n=%d: %llu/%llu subproblems", p->n,
                       (unsigned long long)p->done, (unsigned long long)p->size);
    if (all > 0 && (size_t)len < sizeof line)
        len += snprintf(line + len, sizeof line - (size_t)len, ", %.1f%% of the work",
                        100.0 * (1.0 - rem / all));
    if ((size_t)len < sizeof line)
        len += snprintf(line + len, sizeof line - (size_t)len, ", %s", el);
    if (p->measured > 0 && t > 0 && (size_t)len < sizeof line) {
        double rate = p->nodes / t;
        progress_duration(eta, sizeof eta, rem / rate);
        len += snprintf(line + len, sizeof line - (size_t)len, ", %.3g Mnodes/s, ETA %s",
                        rate / 1e6, p->done == p->size ? "0 s" : eta);
    }
    if (signal_stop && (size_t)len < sizeof line)
        len += snprintf(line + len, sizeof line - (size_t)len, " (stopping)");
    if (p->tty) {
        if (final)
            fputs("\r\033[K", stderr);
        else
            fprintf(stderr, "\r%s\033[K", line);
        p->drawn = !final;
    } else if (!final) {
        fprintf(stderr, "%s\n", line);
    }
    fflush(stderr);
}

static void *progress_thread(void *arg) {
    cli_progress *p = arg;
    pthread_mutex_lock(&p->mu);
    while (!p->quit) {
        double t = progress_since(&p->start);
        long ms = p->tty ? PROGRESS_TTY_MS : t < 60 ? 1000 : 10000;
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_sec += ms / 1000;
        until.tv_nsec += (ms % 1000) * 1000000L;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        int rc = 0;
        while (!p->quit && rc != ETIMEDOUT)
            rc = pthread_cond_timedwait(&p->cv, &p->mu, &until);
        if (!p->quit)
            progress_draw(p, 0);
    }
    pthread_mutex_unlock(&p->mu);
    return NULL;
}

cli_progress *cli_progress_start(int n, uint64_t size, const uint8_t *done) {
    if (size == 0)
        return NULL;
    cli_progress *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->n = n;
    p->size = size;
    p->tty = isatty(STDERR_FILENO);
    p->nbuckets = size < PROGRESS_BUCKETS ? size : PROGRESS_BUCKETS;
    p->b = calloc((size_t)p->nbuckets, sizeof *p->b);
    if (!p->b) {
        free(p);
        return NULL;
    }
    for (uint64_t i = 0; i < size; i++) {
        if (done && done[i])
            p->done++;
        else
            p->b[progress_bucket(p, i)].undone++;
    }
    clock_gettime(CLOCK_MONOTONIC, &p->start);
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->cv, NULL);
    if (pthread_create(&p->thread, NULL, progress_thread, p) != 0) {
        pthread_mutex_destroy(&p->mu);
        pthread_cond_destroy(&p->cv);
        free(p->b);
        free(p);
        return NULL;
    }
    return p;
}

void cli_progress_result(cli_progress *p, uint64_t index, const nq_counts *c) {
    if (!p || index >= p->size)
        return;
    pthread_mutex_lock(&p->mu);
    bucket *b = &p->b[progress_bucket(p, index)];
    if (b->undone)
        b->undone--;
    b->measured++;
    b->nodes += (double)c->nodes;
    p->measured++;
    p->nodes += (double)c->nodes;
    p->done++;
    pthread_mutex_unlock(&p->mu);
}

void cli_progress_stop(cli_progress *p) {
    if (!p)
        return;
    pthread_mutex_lock(&p->mu);
    p->quit = 1;
    pthread_cond_signal(&p->cv);
    pthread_mutex_unlock(&p->mu);
    pthread_join(p->thread, NULL);
    if (p->drawn)
        progress_draw(p, 1);
    pthread_mutex_destroy(&p->mu);
    pthread_cond_destroy(&p->cv);
    free(p->b);
    free(p);
}

/* ---- signals ------------------------------------------------------------------------------ */

static int signal_graceful; /* a journal keeps the finished work: stop after those in flight */

static void on_stop_signal(int sig) {
    if (!signal_graceful) {
        static const char msg[] = "\nnqueens: interrupted; nothing was saved (count with "
                                  "--checkpoint FILE to be able to resume)\n";
        ssize_t w = write(STDERR_FILENO, msg, sizeof msg - 1);
        (void)w;
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    if (signal_stop) { /* the second one: quit now, the journal already has the finished work */
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    signal_stop = sig;
    static const char msg[] = "\nnqueens: stopping after the subproblems in flight "
                              "(signal again to quit at once)\n";
    ssize_t w = write(STDERR_FILENO, msg, sizeof msg - 1);
    (void)w;
}

const volatile int *cli_signals_install(int graceful) {
    struct sigaction sa;
    signal_graceful = graceful;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    signal_stop = 0;
    sigaction(SIGINT, &sa, &old_sigint);
    sigaction(SIGTERM, &sa, &old_sigterm);
    return &signal_stop;
}

int cli_signals_restore(void) {
    sigaction(SIGINT, &old_sigint, NULL);
    sigaction(SIGTERM, &old_sigterm, NULL);
    return signal_stop;
}
