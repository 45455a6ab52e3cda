/*
 * report.c: the messages and results that the nqueens and nqueens-mpi programs print about a
 * count (see report.h), so that both say the same thing in the same words: a journal refused for
 * the same reason gets the same explanation, and `nqueens-mpi count --json` the same line as
 * `nqueens count --json`. The messages themselves go out through message.c, below this file.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "gpu_options.h"
#include "message.h"
#include "report.h"

void tool_count_failed(int n, int rc, int threads) {
    if (rc == NQ_ETHREAD)
        tool_error("cannot count n = %d: cannot start %d threads (out of memory, or over this "
                   "process's limit of threads); use fewer --threads",
                   n, threads);
    else
        tool_error("cannot count n = %d: %s", n, nq_strerror(rc));
}

/* tool_print_counts() on fp. */
static void report_counts(FILE *fp, int n, const nq_counts *c, int unique, int json, double seconds,
                          int threads, const char *kernel, const char *method,
                          const tool_work *work, const nq_gpu_report *gpu) {
    char total[41], uniq[41];
    nq_u128_to_string(c->total, total);
    nq_u128_to_string(c->unique, uniq);
    if (!json) {
        fprintf(fp, "%s\n", unique ? uniq : total);
        return;
    }
    char o8[41], o4[41], o2[41], o1[41];
    fprintf(fp,
            "{\"n\":%d,\"total\":%s,\"unique\":%s,\"orbit8\":%s,\"orbit4\":%s,\"orbit2\":%s,"
            "\"orbit1\":%s,\"seconds\":%.6f,\"nodes\":%llu,\"threads\":%d,\"kernel\":\"%s\","
            "\"method\":\"%s\"",
            n, total, uniq, nq_u128_to_string(c->orbit8, o8), nq_u128_to_string(c->orbit4, o4),
            nq_u128_to_string(c->orbit2, o2), nq_u128_to_string(c->orbit1, o1), seconds,
            (unsigned long long)c->nodes, threads, kernel, method);
    if (work)
        fprintf(fp, ",\"resumed\":%llu,\"computed\":%llu", (unsigned long long)work->resumed,
                (unsigned long long)work->computed);
    if (work && work->parts)
        fprintf(fp, ",\"part\":%llu,\"parts\":%llu", (unsigned long long)work->part,
                (unsigned long long)work->parts);
    if (gpu)
        tool_gpu_json(fp, gpu);
    fputs("}\n", fp);
}

int tool_print_counts(int n, const nq_counts *c, int unique, int json, double seconds, int threads,
                      const char *kernel, const char *method, const tool_work *work,
                      const nq_gpu_report *gpu) {
    report_counts(stdout, n, c, unique, json, seconds, threads, kernel, method, work, gpu);
    if (fflush(stdout) == 0 && !ferror(stdout))
        return 0;
    /* A count of days is not lost to a full disk or a closed pipe: the result goes to stderr. */
    tool_error("cannot write the result on standard output: %s; here it is on standard error:",
               strerror(errno));
    report_counts(stderr, n, c, unique, json, seconds, threads, kernel, method, work, gpu);
    fflush(stderr);
    return -1;
}

/* What to do with a journal refused for damage: the file is left as it was. */
#define REPORT_DAMAGE_HINT                                                                         \
    "the file was left untouched: remove the lines that fail to resume from the records that "     \
    "check, or give another FILE to start a new count"

/* ", and so do 49 later lines", or "" when one line fails. */
static const char *report_more_lines(const nq_journal_problem *p, char *buf, size_t cap) {
    buf[0] = '\0';
    if (p->lines == 2)
        snprintf(buf, cap, ", and so does a later line");
    else if (p->lines > 2)
        snprintf(buf, cap, ", and so do %llu later lines", (unsigned long long)(p->lines - 1));
    return buf;
}

/* What a file that is not a regular one is, for a message. */
static const char *report_file_kind(mode_t mode) {
    return S_ISFIFO(mode)   ? "a FIFO"
           : S_ISCHR(mode)  ? "a character device"
           : S_ISBLK(mode)  ? "a block device"
           : S_ISSOCK(mode) ? "a socket"
           : S_ISDIR(mode)  ? "a directory"
                            : "not a plain file";
}

void tool_journal_refused(const char *path, int rc, const nq_journal_problem *problem,
                          const nq_split *s) {
    const nq_journal_info *found = &problem->found;
    char more[48];
    struct stat st;
    switch (rc) {
    case NQ_EBUSY:
        tool_error("checkpoint '%s' is in use by another running count", path);
        break;
    case NQ_EIO:
        if (problem->os_error == EINVAL && stat(path, &st) == 0 && !S_ISREG(st.st_mode))
            tool_error("cannot use checkpoint '%s': it is not a regular file (%s); give the path "
                       "of a file",
                       path, report_file_kind(st.st_mode));
        else
            tool_error("cannot use checkpoint '%s': %s", path, strerror(problem->os_error));
        break;
    case NQ_EMISMATCH:
        if (found->format < NQ_JOURNAL_FORMAT_MIN || found->format > NQ_JOURNAL_FORMAT) {
            char by[64] = "";
            if (found->library[0])
                snprintf(by, sizeof by, ", by nqueens %s", found->library);
            tool_error("checkpoint '%s' was made by %s version (journal format %d%s); this "
                       "version (%s) reads formats %d to %d: finish it with nqueens %s, or start "
                       "a new journal with another FILE",
                       path,
                       found->format >= 0 && found->format < NQ_JOURNAL_FORMAT_MIN ? "an older"
                                                                                   : "a newer",
                       found->format, by, nq_version(), NQ_JOURNAL_FORMAT_MIN, NQ_JOURNAL_FORMAT,
                       found->library[0] ? found->library : "the version that made it");
        } else if (s) {
            char differs[3 * NQ_JOURNAL_SPLIT_ID];
            nq_journal_mismatch(found, s, differs, sizeof differs);
            /* the same n numbered by the other split: the method that resumes it, not another
               file, is what the user wants */
            nq_split *theirs = NULL;
            const char *hint = "give another file";
            if (found->n == nq_split_n(s) && nq_split_new_id(found->split_id, &theirs) == NQ_OK &&
                nq_split_method(theirs) != nq_split_method(s))
                hint = nq_split_method(theirs) == NQ_METHOD_QUADRANT
                           ? "it is a journal of the quadrant join: resume it with --method "
                             "quadrant or auto (without --gpu, --part or --export), or give "
                             "another file"
                           : "it is a journal of the border split: resume it with --method auto "
                             "or backtrack, or give another file";
            nq_split_free(theirs);
            tool_error("checkpoint '%s' belongs to another count: its header has %s; %s", path,
                       differs, hint);
        } else
            tool_error("checkpoint '%s' belongs to another count (n = %d, split '%s'); give "
                       "another file",
                       path, found->n, found->split_id);
        break;
    case NQ_ECORRUPT:
        report_more_lines(problem, more, sizeof more);
        switch (problem->kind) {
        case NQ_JOURNAL_TORN_HEADER:
            tool_error("checkpoint '%s' holds no record yet (its header was cut short as it was "
                       "created); a count with it starts from the beginning",
                       path);
            break;
        case NQ_JOURNAL_NOT_A_JOURNAL:
            if (!problem->line) { /* an empty file: only a status reads it, a count starts it */
                tool_error("checkpoint '%s' holds no record yet (it is empty); a count with it "
                           "starts from the beginning",
                           path);
                break;
            }
            tool_error("'%s' is not a checkpoint journal (line 1 is not a journal header); "
                       "refusing to use it: give another FILE (this one was left untouched)",
                       path);
            break;
        case NQ_JOURNAL_BAD_HEADER:
            tool_error("checkpoint '%s': line 1, the journal's header, is damaged (it fails its "
                       "check), so no record can be trusted; refusing to use it: give another "
                       "FILE to start a new count (this one was left untouched)",
                       path);
            break;
        case NQ_JOURNAL_HEADER_DISAGREES:
            tool_error("checkpoint '%s': line 1, the journal's header, contradicts itself "
                       "(n=%d size=%llu, format %d, but split '%s'): it was edited, so no "
                       "record can be trusted; refusing to use it: give another FILE to start a "
                       "new count (this one was left untouched)",
                       path, problem->found.n, (unsigned long long)problem->found.size,
                       problem->found.format, problem->found.split_id);
            break;
        case NQ_JOURNAL_FOREIGN_RECORD:
            tool_error(
                "checkpoint '%s': line %d is not a record of this journal: its check "
                "fails (it is damaged, or was copied from another journal)%s; " REPORT_DAMAGE_HINT,
                path, problem->line, more);
            break;
        case NQ_JOURNAL_DUPLICATE:
            tool_error("checkpoint '%s': line %d records subproblem %llu a second time (a record "
                       "copied or repeated)%s; " REPORT_DAMAGE_HINT,
                       path, problem->line, (unsigned long long)problem->index, more);
            break;
        case NQ_JOURNAL_OUT_OF_RANGE:
            tool_error("checkpoint '%s': line %d records subproblem %llu, which this journal's "
                       "count does not have%s; " REPORT_DAMAGE_HINT,
                       path, problem->line, (unsigned long long)problem->index, more);
            break;
        default:
            tool_error("checkpoint '%s': line %d is damaged (not a record of a "
                       "journal)%s; " REPORT_DAMAGE_HINT,
                       path, problem->line, more);
            break;
        }
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
