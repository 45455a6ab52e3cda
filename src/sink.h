/*
 * sink.h: the one output type of the library's writers (sink.c): text appended into a
 * caller-owned buffer, snprintf-style. A sink writes while there is room, keeping one byte for the
 * terminating NUL, and counts every byte, written or not, so that one pass both sizes and fills:
 * a call with a too small buffer returns the length a second call needs. The formats (format.c)
 * and the pictures (svg.c) write through it.
 */
#ifndef NQ_SINK_H
#define NQ_SINK_H

#include <stddef.h>

typedef struct sink {
    char *buf; /* cap bytes, or NULL when cap is 0 (then the sink only counts) */
    size_t cap;
    size_t len; /* length of the whole text so far, written or not */
} sink;

/* sink_init() : an empty sink on buf (cap bytes; buf may be NULL when cap is 0). */
void sink_init(sink *o, char *buf, size_t cap);

/* sink_char() / sink_fill() / sink_str() / sink_uint() / sink_printf() : append one character,
 * count copies of one, a string, an unsigned number in decimal, or printf-formatted text. */
void sink_char(sink *o, char ch);
void sink_fill(sink *o, char ch, size_t count);
void sink_str(sink *o, const char *str);
void sink_uint(sink *o, unsigned long long v);
void sink_printf(sink *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* sink_finish() : terminates the text written (when cap > 0) and returns the whole length. */
size_t sink_finish(sink *o);

#endif /* NQ_SINK_H */
