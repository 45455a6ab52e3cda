/*
 * report.h: what the nqueens and nqueens-mpi programs tell their user, written once for both
 * (report.c): error messages with the program's name, the result of a count, and the
 * explanations of a checkpoint journal that is refused, resumed or cannot be written.
 */
#ifndef NQ_TOOL_REPORT_H
#define NQ_TOOL_REPORT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include "nqueens.h"

/* tool_set_program() : the name that starts every message ("nqueens", "nqueens-mpi"); quiet
 * non-zero silences tool_error() (MPI ranks other than 0, which fail the same way). */
void tool_set_program(const char *name, int quiet);

/* tool_set_command() : the command being run ("solve", "count"), which every message names
 * after the program: "nqueens solve: ..." is the one form of the programs' messages. NULL
 * before a command is known ("nqueens: unknown command ..."). */
void tool_set_command(const char *command);

/* tool_prefix() : "<program> <command>" (or "<program>"), as messages start. */
const char *tool_prefix(void);

/* tool_vmessage() : prints "<program> <command>: <message> <hint>" and a newline on stderr
 * (stdout flushed first); command NULL names the command of tool_set_command(); hint may be
 * NULL (then left out with its space). */
void tool_vmessage(const char *command, const char *hint, const char *fmt, va_list ap);

/* tool_error() : prints "<program> <command>: <message>" and a newline on stderr (stdout flushed
 * first). tool_note() : the same, for what is not an error (a prompt, an estimate). */
void tool_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void tool_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* tool_quote() : the len bytes of s as printable ASCII for a message: other bytes (a NUL, a byte
 * order mark, control characters) and '\' written as \xNN; cut to fit cap bytes, NUL included.
 * @return out. */
const char *tool_quote(const char *s, size_t len, char *out, size_t cap);

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
 * orbit2, orbit1, seconds, nodes, threads, kernel (the kernel's name), with a journal (work not
 * NULL) resumed and computed (and part and parts for a part of a count), and for a count on GPUs
 * (gpu not NULL) devices (tool_gpu_json()). */
void tool_print_counts(int n, const nq_counts *c, int unique, int json, double seconds, int threads,
                       const char *kernel, const tool_work *work, const nq_gpu_report *gpu);

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
