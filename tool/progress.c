/*
 * progress.c: the progress line of a long count on stderr (see progress.h), shared by `nqueens
 * count` and `nqueens-mpi count`.
 *
 * Workload: counts of minutes to months, with a few to millions of subproblems whose sizes differ
 * by orders of magnitude. Results arrive serialised from the library's worker threads; a separate
 * thread redraws the line on a timer, so the line stays alive while every worker is busy with a
 * long subproblem, and the workers never wait on the terminal. The ETA is work-based (nodes): the
 * numbering is cut into at most 256 contiguous buckets, each unfinished subproblem is assumed to
 * cost the mean of the finished ones of its bucket (or of the nearest bucket with any), and the
 * remaining nodes are divided by the rate measured in this run. Those estimates move as big
 * subproblems finish (with 2 threads the share of the work went from 19.3% back to 9.8%, and the
 * ETA swung between 3 s and 14 s), so the line shows the share as never decreasing and the ETA
 * smoothed: each redraw moves the shown ETA a quarter of the way to the new estimate (after
 * counting down the time since the last redraw).
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "progress.h"
#include "signals.h"

#define PROGRESS_BUCKETS 256
#define PROGRESS_TTY_MS  250 /* redraw period on a terminal */

typedef struct bucket {
    uint64_t undone;   /* subproblems not finished */
    uint64_t measured; /* subproblems finished in this run */
    double nodes;      /* their nodes */
} bucket;

struct tool_progress {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    pthread_t thread;
    int quit;
    int tty;
    int asked; /* --progress: a first line at once, the final line kept */
    int n;
    uint64_t size, done;
    uint64_t nbuckets;
    bucket *b;
    uint64_t measured; /* subproblems finished in this run */
    double nodes;      /* their nodes */
    double start;      /* tool_now() */
    int drawn;         /* a line is on the terminal */
    double shown_done; /* the share of the work shown last (never decreases), or -1 */
    double shown_eta;  /* the ETA shown last in seconds, or -1 */
    double shown_at;   /* when it was shown (tool_now()) */
};

/* How far each redraw moves the shown ETA towards the new estimate. */
#define PROGRESS_ETA_STEP 0.25

int tool_progress_wanted(int mode) {
    return mode >= 0 ? mode : isatty(STDERR_FILENO);
}

double tool_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static uint64_t progress_bucket(const tool_progress *p, uint64_t index) {
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
static void progress_estimate(const tool_progress *p, double *remaining, double *all) {
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

/* The figures of the line now (with p->mu held): see tool_progress_figures(). */
static void progress_figures(tool_progress *p, double now, double *done, double *eta) {
    double rem, all;
    progress_estimate(p, &rem, &all);
    double t = now - p->start;
    if (p->done == p->size) {
        p->shown_done = 1;
        p->shown_eta = 0;
    } else if (all > 0) {
        double share = 1.0 - rem / all;
        if (share > 0.999)
            share = 0.999; /* not finished while subproblems are left */
        if (share > p->shown_done)
            p->shown_done = share;
        if (p->measured > 0 && t > 0) {
            double raw = rem / (p->nodes / t);
            if (p->shown_eta < 0) {
                p->shown_eta = raw;
            } else {
                double counted = p->shown_eta - (now - p->shown_at);
                if (counted < 0)
                    counted = 0;
                p->shown_eta = counted + PROGRESS_ETA_STEP * (raw - counted);
            }
        }
    }
    p->shown_at = now;
    *done = p->shown_done;
    *eta = p->shown_eta;
}

void tool_progress_figures(tool_progress *p, double at, double *done, double *eta) {
    pthread_mutex_lock(&p->mu);
    progress_figures(p, at < 0 ? tool_now() : p->start + at, done, eta);
    pthread_mutex_unlock(&p->mu);
}

static void progress_draw(tool_progress *p, int final) {
    double now = tool_now(), t = now - p->start, share, left;
    progress_figures(p, now, &share, &left);
    char el[32], eta[32], line[256];
    progress_duration(el, sizeof el, t);
    int len = snprintf(line, sizeof line, "n=%d: %llu/%llu subproblems", p->n,
                       (unsigned long long)p->done, (unsigned long long)p->size);
    if (share >= 0 && (size_t)len < sizeof line)
        len +=
            snprintf(line + len, sizeof line - (size_t)len, ", %.1f%% of the work", 100.0 * share);
    if ((size_t)len < sizeof line)
        len += snprintf(line + len, sizeof line - (size_t)len, ", %s", el);
    if (p->measured > 0 && t > 0 && left >= 0 && (size_t)len < sizeof line) {
        double rate = p->nodes / t;
        progress_duration(eta, sizeof eta, left);
        len += snprintf(line + len, sizeof line - (size_t)len, ", %.3g Mnodes/s, ETA %s",
                        rate / 1e6, p->done == p->size ? "0 s" : eta);
    }
    if (tool_signal_caught() && (size_t)len < sizeof line)
        len += snprintf(line + len, sizeof line - (size_t)len, " (stopping)");
    if (p->tty) {
        if (final && !p->asked)
            fputs("\r\033[K", stderr);
        else
            fprintf(stderr, "\r%s\033[K%s", line, final ? "\n" : "");
        p->drawn = !final;
    } else if (!final || p->asked) {
        fprintf(stderr, "%s\n", line);
    }
    fflush(stderr);
}

static void *progress_thread(void *arg) {
    tool_progress *p = arg;
    pthread_mutex_lock(&p->mu);
    while (!p->quit) {
        double t = tool_now() - p->start;
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

tool_progress *tool_progress_start(int n, uint64_t size, const uint8_t *done, int asked) {
    if (size == 0)
        return NULL;
    tool_progress *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->n = n;
    p->size = size;
    p->tty = isatty(STDERR_FILENO);
    p->asked = asked;
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
    p->start = p->shown_at = tool_now();
    p->shown_done = p->shown_eta = -1;
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->cv, NULL);
    if (asked)
        progress_draw(p, 0); /* before the thread: no lock needed yet */
    if (pthread_create(&p->thread, NULL, progress_thread, p) != 0) {
        pthread_mutex_destroy(&p->mu);
        pthread_cond_destroy(&p->cv);
        free(p->b);
        free(p);
        return NULL;
    }
    return p;
}

void tool_progress_result(tool_progress *p, uint64_t index, const nq_counts *c) {
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

void tool_progress_stop(tool_progress *p) {
    if (!p)
        return;
    pthread_mutex_lock(&p->mu);
    p->quit = 1;
    pthread_cond_signal(&p->cv);
    pthread_mutex_unlock(&p->mu);
    pthread_join(p->thread, NULL);
    if (p->drawn || p->asked)
        progress_draw(p, 1);
    pthread_mutex_destroy(&p->mu);
    pthread_cond_destroy(&p->cv);
    free(p->b);
    free(p);
}
