/*
 * message.h: the programs' messages on stderr (message.c), for nqueens and nqueens-mpi alike:
 * "<program> <command>: <message>", one write(2) each, and untrusted bytes quoted for them.
 */
#ifndef NQ_TOOL_MESSAGE_H
#define NQ_TOOL_MESSAGE_H

#include <stdarg.h>
#include <stddef.h>

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
 * order mark, control characters) and '\' written as \xNN; cut to fit cap bytes (at least 8), NUL
 * included, and then ending in "..." so that a cut text is never shown as the whole. @return out.
 */
const char *tool_quote(const char *s, size_t len, char *out, size_t cap);

#endif /* NQ_TOOL_MESSAGE_H */
