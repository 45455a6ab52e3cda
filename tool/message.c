/*
 * message.c: the programs' messages on stderr (see message.h): the program's and the command's
 * name before every message, one write(2) per message, and the quoting of untrusted bytes. The
 * bottom of the tool library: it needs nothing of the rest of tool/, and every other part of it
 * may use it.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "message.h"

static const char *message_program = "nqueens";
static const char *message_command; /* the command being run, or NULL */
static int message_quiet;

void tool_set_program(const char *name, int quiet) {
    message_program = name;
    message_quiet = quiet;
}

void tool_set_command(const char *command) {
    message_command = command;
}

/* "nqueens COMMAND" (or the program alone) into buf; snprintf's result. */
static int format_prefix(char *buf, size_t cap, const char *command) {
    return snprintf(buf, cap, "%s%s%s", message_program, command ? " " : "",
                    command ? command : "");
}

const char *tool_prefix(void) {
    static char prefix[64];
    format_prefix(prefix, sizeof prefix, message_command);
    return prefix;
}

void tool_vmessage(const char *command, const char *hint, const char *fmt, va_list ap) {
    if (message_quiet)
        return;
    fflush(stdout);
    if (!command)
        command = message_command;
    /* One write(2) per message: under mpirun, rank 0's stderr reaches the terminal through a
     * pipe that Open MPI forwards in the pieces it reads, and its own abort banner landed between
     * a message's prefix and its text when the line went out in four stdio calls. */
    char head[96], stack[512];
    int h = format_prefix(head, sizeof head - 2, command);
    va_list copy;
    va_copy(copy, ap);
    int body = vsnprintf(NULL, 0, fmt, copy);
    va_end(copy);
    if (h < 0 || (size_t)h >= sizeof head - 2 || body < 0)
        return;
    memcpy(head + h, ": ", 3);
    h += 2;
    size_t len = (size_t)h + (size_t)body + (hint ? 1 + strlen(hint) : 0) + 1; /* with '\n' */
    char *line = len < sizeof stack ? stack : malloc(len + 1);
    if (!line)
        line = stack; /* out of memory: the message cut to what fits */
    size_t cap = line == stack ? sizeof stack : len + 1;
    memcpy(line, head, (size_t)h + 1);
    vsnprintf(line + h, cap - (size_t)h, fmt, ap);
    size_t k = strlen(line);
    if (hint)
        k += (size_t)snprintf(line + k, cap - k, " %s", hint);
    if (k > cap - 2)
        k = cap - 2;
    line[k++] = '\n';
    fflush(stderr);
    for (size_t off = 0; off < k;) { /* one write(2), unless a signal or a full pipe cuts it */
        ssize_t w = write(STDERR_FILENO, line + off, k - off);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            break;
        off += (size_t)w;
    }
    if (line != stack)
        free(line);
}

void tool_error(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    tool_vmessage(NULL, NULL, fmt, ap);
    va_end(ap);
}

void tool_note(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    tool_vmessage(NULL, NULL, fmt, ap);
    va_end(ap);
}

const char *tool_quote(const char *s, size_t len, char *out, size_t cap) {
    static const char hex[] = "0123456789abcdef";
    size_t k = 0, i = 0;
    for (; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        int plain = c >= 32 && c < 127 && c != '\\';
        /* room for this byte's text, and for "..." and the NUL if more were to follow */
        size_t need = (plain ? 1u : 4u) + (i + 1 < len ? 4u : 1u);
        if (k + need > cap)
            break;
        if (plain) {
            out[k++] = (char)c;
        } else {
            out[k++] = '\\';
            out[k++] = 'x';
            out[k++] = hex[c >> 4];
            out[k++] = hex[c & 15];
        }
    }
    if (i < len && k + 4 <= cap) {
        memcpy(out + k, "...", 3);
        k += 3;
    }
    out[k] = '\0';
    return out;
}
