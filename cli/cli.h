/*
 * cli.h: what the subcommands of the `nqueens` program share, grouped by the file that holds it:
 * the command table and exit codes (main.c); usage errors and their examples (usage.c); words of
 * standard input and N (stdin.c); stdout through stdio (stdout.c); the listing's output, which a
 * signal ends on a whole record (listing.c); the solution writer (writer.c); a whole input read
 * into memory (readfile.c); and the journal-backed count (checkpoint.c). The program uses the
 * library's public API and the tool library (tool/: options, progress, signals, messages).
 */
#ifndef NQ_CLI_H
#define NQ_CLI_H

#include <stdio.h>

#include "nqueens_advanced.h"
#include "options.h"
#include "report.h"

/* Exit codes (DESIGN.md): success, a negative answer, bad usage or input. */
enum { EXIT_OK = 0, EXIT_NO = 1, EXIT_USAGE = 2 };

/* One subcommand: argv[0] is the command's name; returns the exit code. */
typedef struct cli_command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary; /* one line for `nqueens --help` */
} cli_command;

int cmd_solve(int argc, char **argv);
int cmd_count(int argc, char **argv);
int cmd_find(int argc, char **argv);
int cmd_cases(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_complete(int argc, char **argv);
int cmd_trace(int argc, char **argv);
int cmd_merge(int argc, char **argv);
int cmd_verify(int argc, char **argv);

/* ---- Usage errors and the examples they give (usage.c) ---- */

/* cli_set_command() : the command being run (main.c), for the prefix of messages and the examples
 * they give. */
void cli_set_command(const char *name);

/* cli_n_example() : how N is given to the command being run, for messages: as an argument
 * ("nqueens solve 8"), or on standard input if on_stdin ("echo 8 | nqueens solve"). The text
 * lives in a static buffer, overwritten by the next call. */
const char *cli_n_example(int on_stdin);

/* cli_usage_error() : prints the message and "Try 'nqueens CMD --help'." Returns EXIT_USAGE. */
int cli_usage_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

struct option; /* <getopt.h> */

/* cli_option_error() :
 * Reports a getopt_long failure (optstring starting with ':'): an unknown option, a prefix that
 * several long options begin with (longopts: the command's, or NULL), a value given to an option
 * that takes none, or an option without its value. argv/optind as after getopt_long returned '?'
 * or ':'. Returns EXIT_USAGE. */
int cli_option_error(const char *cmd, int rc, char **argv, int optind_now,
                     const struct option *longopts);

/* cli_parse_format() : parses a --format value; prints the list of formats and returns -1 if it
 * is unknown. */
int cli_parse_format(const char *cmd, const char *name, nq_format *fmt);

/* cli_reject_negative() :
 * getopt would read "-3" as an option; call this first: if some argument looks like a negative
 * number, print "<what> must be ... got '-3'" and return -1. A negative number that is the value
 * of an option taking one (per getopt_long's optstring and longopts, e.g. "--limit -1") is left
 * to that option's own check, so the message names the option rather than N. */
int cli_reject_negative(int argc, char **argv, const char *what, long long lo, long long hi,
                        const char *optstring, const struct option *longopts);

/* cli_at_most_one_n() :
 * Checks that at most one positional argument (N) is left at argv[first..argc-1]; otherwise prints
 * "expected at most one N" for command cmd and returns -1. */
int cli_at_most_one_n(const char *cmd, int argc, char **argv, int first);

/* ---- Words of standard input, and N (stdin.c) ---- */

/* cli_stdin_prompt() : when standard input is a terminal, says on stderr that `what` is read from
 * it, and how to end or avoid that (`how`; NULL: as N, with the command's example), so that a
 * command typed without N or FILE does not wait in silence. */
void cli_stdin_prompt(const char *what, const char *how);

/* cli_read_token() :
 * Reads the next white-space separated word of standard input into token (at most 63 bytes and
 * a NUL); a UTF-8 byte order mark at the start of the input is skipped. Returns 0, 1 at the end
 * of the input (nothing printed), or -1 after printing an error: the input cannot be read (a
 * directory), the word is longer than 63 bytes, or it holds a NUL byte ("8\0junk" is no
 * number); `what` names it in the message. */
int cli_read_token(const char *what, char token[64]);

/* cli_stdin_leftover() :
 * Looks for a word left on the line of standard input where the last word was read (the line
 * only: a program that writes N and waits for the answer before closing the pipe must not
 * block us): returns 1 with the word's start in token, quoted for a message (tool_quote(); the
 * caller prints the error), 0 if only white space is left on that line, -1 after printing a read
 * error. */
int cli_stdin_leftover(char token[64]);

/* cli_get_n() :
 * Reads N from the positional argument `arg`, or from standard input when arg is NULL, and
 * checks that it lies in [lo, hi]: N must be alone on its line, and alone in the file when
 * standard input is a regular file (a pipe is read to the end of N's line only). While it waits
 * for N, SIGINT and SIGTERM end the command at once, saying so (unless the command has
 * installed handlers of its own). Prints a clear error and returns -1 on failure. */
int cli_get_n(const char *arg, long long lo, long long hi, long long *n);

/* cli_positional_n() :
 * cli_at_most_one_n(), then N from that argument or from standard input (cli_get_n()).
 * Returns 0, or -1 after printing the error. */
int cli_positional_n(const char *cmd, int argc, char **argv, int first, long long lo, long long hi,
                     long long *n);

/* ---- Standard output through stdio (stdout.c) ---- */

/* cli_stdout_init() : gives stdout a large buffer (call once in main). */
void cli_stdout_init(void);

/* cli_flush() : flushes stdout; prints an error and returns -1 if the write failed. */
int cli_flush(void);

/* ---- The listing's output, which a signal ends on a whole record (listing.c) ---- */

/* cli_listing_start() / cli_listing_finish() :
 * Around a listing (solve, cases, complete, find): SIGINT and SIGTERM then end the output on a
 * record boundary (tool_stop_install(TOOL_STOP_LISTING)): at once if the listing is computing its
 * next record, else at the end of the record it writes; noun names the records ("solutions") in
 * the message. While it runs, cli_listing_stopped() tells the listing to stop after its current
 * record. cli_listing_finish() flushes, restores the handlers and returns the exit code: status,
 * or 128 + the signal number (with a message) if one came. */
void cli_listing_start(const char *noun);
int cli_listing_stopped(void);
int cli_listing_finish(int status);

/* cli_out_raw() / cli_out_flush() : text written between the solutions of a listing (a cases
 * line's end, "-1"), and a flush of the listing's output. Return 0, or -1 after an error. */
int cli_out_raw(const char *text);
int cli_out_flush(void);

/* cli_out_record() / cli_out_write() : a record written in pieces (find's huge solutions):
 * cli_out_record(1), then its text by cli_out_write() (0, or -1 after an error), then
 * cli_out_record(0); a signal meanwhile ends the listing after it. */
void cli_out_record(int open);
int cli_out_write(const char *text, size_t len);

/* ---- The solution writer of the listings (writer.c) ---- */

/* Solution output through a large stdout buffer, in one format. */
typedef struct cli_writer {
    nq_format fmt;
    unsigned flags;  /* NQ_FMT_COLUMN_MAJOR, NQ_FMT_NO_END */
    const char *sep; /* written between solutions (format's separator if NULL) */
    unsigned long long written;
    char *buf;
    size_t cap;
    int *boards;       /* svg: the solutions kept (n ints each), drawn as one picture at the end */
    size_t boards_cap; /* svg: ints allocated in boards */
    int n;             /* svg: board size of the solutions kept */
    unsigned long long svg_max; /* svg: the most boards in the picture (NQ_SVG_MAX_BOARDS) */
    const unsigned char *given; /* svg: NULL, or n flags: the queen of row r was given (drawn
                                   apart; complete) */
    int failed; /* an error (a write, the svg board limit) was reported: write nothing */
    int one;    /* the run is one solution (cli_writer_begin_one()) */
    int none_n; /* svg: 0, or the n of a listing that ended with no solution (solve of n = 2, 3):
                   the picture says so, as json still prints [], instead of an empty file */
} cli_writer;

/* cli_writer_begin() / cli_writer_put() / cli_writer_end() :
 * Start a run (format prefix), write one solution (separator first when not the first), end the
 * run (format suffix) and flush. Return 0, or -1 after printing an error (allocation, or a write
 * error such as a full disk; a closed pipe ends the process, as SIGPIPE does). They write to the
 * listing's output (listing.c), not through stdio. */
int cli_writer_begin(cli_writer *w, nq_format fmt, unsigned flags);
/* cli_writer_begin_one() : cli_writer_begin() for a run of exactly one solution (find, complete
 * without --all): the solution as the format writes one, so json is the board alone
 * ([".Q..", ...] and a newline, as LeetCode shows one board), not a list of one board. */
int cli_writer_begin_one(cli_writer *w, nq_format fmt, unsigned flags);
int cli_writer_put(cli_writer *w, int n, const int *cols);
int cli_writer_end(cli_writer *w);

/* ---- A whole input in memory (readfile.c) ---- */

/* The largest input a command reads whole (complete). */
#define CLI_READ_MAX ((size_t)1 << 30)

/* cli_read_file() :
 * Reads the whole file at path ("-" or NULL: standard input) into a malloc'd buffer, NUL-added,
 * of *len bytes; at most CLI_READ_MAX bytes. Returns NULL after printing why ("cannot open ...",
 * a read error, too large, out of memory). */
char *cli_read_file(const char *path, size_t *len);

/* ---- counts with a journal, a progress line and clean stops (checkpoint.c) ---- */

typedef struct cli_long_count {
    const char *checkpoint; /* journal file, or NULL */
    int progress;           /* as tool_progress_wanted() */
    int threads;            /* as nq_count_options.threads */
    nq_kernel kernel;       /* as nq_count_options.kernel */
    nq_method method;       /* as nq_count_options.method */
    /* --gpu: count on CUDA GPUs (nq_count_gpu()): the GPUs (ndevices 0: all), what ran where */
    int gpu;
    const int *devices;
    int ndevices;
    nq_gpu_report *report;
    uint64_t part, parts;    /* --part I/K: count only part I of K (tool_part_has()); 0/0: all */
    const char *export_path; /* --export FILE: the per-subproblem subtotals, or NULL */
} cli_long_count;

/* cli_count_long() :
 * Counts n on the library's split with a journal, a progress line and clean stops, as asked.
 * On success fills *out (the journal's earlier work included), *seconds (this run only) and *work
 * (subproblems taken from the journal and computed by this run) and returns EXIT_OK; with a
 * part, only that part's subproblems are counted (a journal holding others is refused), and with
 * an export path the records of every subproblem counted (the journal's too) are written there
 * (tool/export.h), and *used the method that counted. The split is the quadrant split where
 * the method is (or resolves to) the quadrant join, the border split otherwise; --gpu, --part and
 * --export count the border split (an explicit --method quadrant with them is refused), and a
 * journal that exists decides the split when the method is auto. Otherwise
 * prints why (a bad journal, a write error, an interruption with how to resume) and returns the
 * exit code: EXIT_USAGE, or 128 + the signal number when interrupted. A finished count whose
 * export cannot be written returns CLI_COUNT_UNSAVED with the outputs filled as on success: its
 * result is printed all the same, then the command fails. */
enum { CLI_COUNT_UNSAVED = -1 };
int cli_count_long(int n, const cli_long_count *lc, nq_counts *out, double *seconds,
                   tool_work *work, nq_method *used);

/* cli_checkpoint_status() :
 * Prints on stdout how far the journal at path has got, without computing. n is the N given on the
 * command line, or 0 if none: then it must match the journal, whose split must be this version's.
 * @return EXIT_OK, or EXIT_USAGE after printing why (unreadable, damaged, another n or split). */
int cli_checkpoint_status(const char *path, int n);

#endif /* NQ_CLI_H */
