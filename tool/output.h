/*
 * output.h: where the programs may write a file (output.c): the one policy every writer follows
 * (an export, a checkpoint journal, any later output path), checked before the work starts and
 * again at the write, so that no run replaces what it must not and none learns only at its end
 * that it cannot write.
 *
 * The policy, by what PATH is when it is checked (an empty PATH is refused):
 *   - a name of an open descriptor (/dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N): written
 *     to that descriptor, where it is (a journal: refused, it must be a regular file);
 *   - nothing: created; its folder must exist and take a new file (tried at once);
 *   - a symbolic link: the rules apply to the file it points to, which is written where it is
 *     (the link stays a link); a link to nothing is refused;
 *   - a regular file: a checkpoint journal (its first line says so), a file a running count holds
 *     (its lock) or the command's own journal is refused; any other is replaced as a whole
 *     (a temporary file in its folder renamed over it, so it is the old file or the new one);
 *   - a FIFO or a character device (a terminal, /dev/null): written in place, never replaced (a
 *     FIFO waits for its reader); a journal refuses them (its records are read back);
 *   - a directory, a block device or a socket: refused.
 */
#ifndef NQ_TOOL_OUTPUT_H
#define NQ_TOOL_OUTPUT_H

#include <stdio.h>

/* What is written: an export (any text written once) or a checkpoint journal (a regular file that
 * the library opens, reads back and appends to). */
typedef enum tool_output_kind { TOOL_OUTPUT_EXPORT, TOOL_OUTPUT_JOURNAL } tool_output_kind;

/* tool_output_check() :
 * Whether path may be written as kind (the policy above), before any work: what is the word for
 * it in messages ("export", "checkpoint"); journal is the command's checkpoint path (an export may
 * not name it) or NULL. @return 0, or -1 after printing a one-line reason and what to do. */
int tool_output_check(tool_output_kind kind, const char *what, const char *path,
                      const char *journal);

/* tool_output_write() :
 * Checks path again (tool_output_check()) and writes it by the policy: put(fp, user) writes the
 * whole text to fp and returns 0, or -1 with errno set on a write error. A regular file is written
 * into a temporary file of its folder, synced and renamed over it; anything else is written in
 * place. @return 0, or -1 after printing why ("cannot write WHAT 'PATH': ..."). */
int tool_output_write(const char *what, const char *path, const char *journal,
                      int (*put)(FILE *fp, const void *user), const void *user);

/* tool_output_hold_std() :
 * Call first in main(). A program started with standard input, output or error closed (`<&-`,
 * `2>&-`, a daemon's child) would give that number to the next file it opens: a count's journal
 * then took its messages and progress lines on descriptor 2 (and was refused as damaged when
 * resumed), and `check` read its own report as its input. Each closed one is held by /dev/null,
 * opened the other way round (read-only for output, write-only for input), so that using it
 * still fails as on a closed one (EBADF) and the failure is reported as before. */
void tool_output_hold_std(void);

#endif /* NQ_TOOL_OUTPUT_H */
