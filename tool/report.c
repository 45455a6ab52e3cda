/*
 * report.c: the messages and results that the nqueens and nqueens-mpi programs print about a
 * count (see report.h), so that both say the same thing in the same words: a journal refused for
 * the same reason gets the same explanation, and `nqueens-mpi count --json` the same line as
 * `nqueens count --json`.
 */
#include <stdarg.h>
#include <string.h>

#include "report.h"

static const char *report_program = "nqueens";
static int report_quiet;

void tool_set_program(const char *name, int quiet) {
    report_program = name;
    report_quiet = quiet;
}

void tool_vmessage(const char *command, const char *hint, const char *fmt, va_list ap) {
    if (report_quiet)
        return;
    fflush(stdout);
    fprintf(stderr, "%s%s%s: ", report_program, command ? " " : "", command ? command : "");
    vfprintf(stderr, fmt, ap);
    if (hint)
        fprintf(stderr, " %s", hint);
    fputc('\n', stderr);
}

void tool_error(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    tool_vmessage(NULL, NULL, fmt, ap);
    va_end(ap);
}

void tool_print_counts(int n, const nq_counts *c, int unique, int json, double seconds, int threads,
                       const tool_work *work) {
    char total[41], uniq[41];
    nq_u128_to_string(c->total, total);
    nq_u128_to_string(c->unique, uniq);
    if (!json) {
        printf("%s\n", unique ? uniq : total);
        return;
    }
    char o8[41], o4[41], o2[41], o1[41];
    printf("{\"n\":%d,\"total\":%s,\"unique\":%s,\"orbit8\":%s,\"orbit4\":%s,\"orbit2\":%s,"
           "\"orbit1\":%s,\"seconds\":%.6f,\"nodes\":%llu,\"threads\":%d",
           n, total, uniq, nq_u128_to_string(c->orbit8, o8), nq_u128_to_string(c->orbit4, o4),
           nq_u128_to_string(c->orbit2, o2), nq_u128_to_string(c->orbit1, o1), seconds,
           (unsigned long long)c->nodes, threads);
    if (work)
        printf(",\"resumed\":%llu,\"computed\":%llu", (unsigned long long)work->resumed,
               (unsigned long long)work->computed);
    printf("}\n");
}

void tool_journal_refused(const char *path, int rc, const nq_journal_problem *problem,
                          const nq_split *s) {
    const nq_journal_info *found = &problem->found;
    switch (rc) {
    case NQ_EBUSY:
        tool_error("checkpoint '%s' is in use by another running count", path);
        break;
    case NQ_EIO:
        tool_error("cannot use checkpoint '%s': %s", path, strerror(problem->os_error));
        break;
    case NQ_EMISMATCH:
        if (found->format != NQ_JOURNAL_FORMAT)
            tool_error("checkpoint '%s' was written in journal format %d, this version reads "
                       "format %d; give another file",
                       path, found->format, NQ_JOURNAL_FORMAT);
        else if (s)
            tool_error("checkpoint '%s' belongs to another count (n = %d, split '%s'), not to "
                       "n = %d (split '%s'); give another file",
                       path, found->n, found->split_id, nq_split_n(s), nq_split_id(s));
        else
            tool_error("checkpoint '%s' belongs to another count (n = %d, split '%s'); give "
                       "another file",
                       path, found->n, found->split_id);
        break;
    case NQ_ECORRUPT:
        tool_error("checkpoint '%s' is damaged or is not a journal (a record before the last "
                   "fails its check); refusing to use it",
                   path);
        break;
    default:
        tool_error("cannot use checkpoint '%s': %s", path, nq_strerror(rc));
        break;
    }
}

void tool_journal_opened(const char *path, const nq_journal_info *info) {
    if (info->torn)
        tool_error("checkpoint '%s': ignored a torn last record (a write cut short); that "
                   "subproblem is counted again",
                   path);
    if (info->done > 0 && info->done < info->size)
        tool_error("resuming from checkpoint '%s': %llu of %llu subproblems already done", path,
                   (unsigned long long)info->done, (unsigned long long)info->size);
}

void tool_journal_failed(const char *path, int rc, int os_error) {
    tool_error("cannot write checkpoint '%s': %s", path,
               rc == NQ_EIO && os_error ? strerror(os_error) : nq_strerror(rc));
}
