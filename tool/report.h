/*
 * report.h: what the nqueens and nqueens-mpi programs tell their user about a count, written once
 * for both (report.c): the result of a count, and the explanations of a checkpoint journal that
 * is refused, resumed or cannot be written. The messages themselves (tool_error() and the rest)
 * are message.h's, included here for the programs, which use both.
 */
#ifndef NQ_TOOL_REPORT_H
#define NQ_TOOL_REPORT_H

#include <stdio.h>

#include "message.h"
#include "nqueens_advanced.h"

/* tool_count_failed() : says on stderr that the count of n failed with status rc (threads: the
 * worker threads it asked for, named when they could not be started). */
void tool_count_failed(int n, int rc, int threads);

/* What a count with a checkpoint journal did, counted in subproblems: a resume of a finished
 * journal computes none, a resume of a half-finished one only the rest. */
typedef struct tool_work {
    uint64_t resumed;     /* finished in the journal when the count started */
    uint64_t computed;    /* computed (and recorded) by this run */
    uint64_t part, parts; /* --part I/K: the counts are those of part I of K; 0/0 for a whole */
} tool_work;

/* tool_print_counts() :
 * Prints the result of a count on stdout as `nqueens count` does: the total (or with unique the
 * fundamental count) on one line, or with json one object: n, total, unique, orbit8, orbit4,
 * orbit2, orbit1, seconds, nodes, threads, kernel (the kernel's name), method (the method's name:
 * nq_method_name()), with a journal (work not
 * NULL) resumed and computed (and part and parts for a part of a count), and for a count on GPUs
 * (gpu not NULL) devices (tool_gpu_json()). The result is flushed at once; when standard output
 * cannot take it (a full disk, a closed pipe) it is said so and the result is written on stderr
 * instead, so that a finished count is never lost. @return 0, or -1 when stdout failed. */
int tool_print_counts(int n, const nq_counts *c, int unique, int json, double seconds, int threads,
                      const char *kernel, const char *method, const tool_work *work,
                      const nq_gpu_report *gpu);

/* tool_journal_refused() :
 * Explains on stderr why the journal at path cannot be used (rc and problem from
 * nq_journal_open() or nq_journal_read()); s is the split being counted, or NULL (a status
 * report). */
void tool_journal_refused(const char *path, int rc, const nq_journal_problem *problem,
                          const nq_split *s);

/* tool_journal_opened() : tells on stderr what an opened journal held: a torn last record that
 * was dropped, and how much of the count it already had. */
void tool_journal_opened(const char *path, const nq_journal_info *info);

/* tool_journal_failed() : says on stderr that writing the journal failed (rc and os_error from
 * nq_journal_error() or nq_journal_close()). */
void tool_journal_failed(const char *path, int rc, int os_error);

#endif /* NQ_TOOL_REPORT_H */
