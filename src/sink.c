/*
 * sink.c: text appended into a caller's buffer, snprintf-style (see sink.h). Tuned for the
 * formats' many small appends (a number, a separator): each append is a bounds check and a copy,
 * and a number is converted once into a small array before it is copied whole.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "sink.h"

void sink_init(sink *o, char *buf, size_t cap) {
    o->buf = buf;
    o->cap = buf ? cap : 0;
    o->len = 0;
    if (o->cap)
        o->buf[0] = '\0';
}

/* Appends len bytes: those that fit before the byte kept for the NUL are written. */
static void sink_mem(sink *o, const char *p, size_t len) {
    if (o->len + 1 < o->cap) {
        size_t room = o->cap - 1 - o->len;
        memcpy(o->buf + o->len, p, len < room ? len : room);
    }
    o->len += len;
}

void sink_char(sink *o, char ch) {
    if (o->len + 1 < o->cap)
        o->buf[o->len] = ch;
    o->len++;
}

void sink_fill(sink *o, char ch, size_t count) {
    if (o->len + 1 < o->cap) {
        size_t room = o->cap - 1 - o->len;
        memset(o->buf + o->len, ch, count < room ? count : room);
    }
    o->len += count;
}

void sink_str(sink *o, const char *str) {
    sink_mem(o, str, strlen(str));
}

void sink_uint(sink *o, unsigned long long v) {
    char tmp[24];
    char *end = tmp + sizeof tmp, *q = end;
    do {
        *--q = (char)('0' + (int)(v % 10));
        v /= 10;
    } while (v);
    sink_mem(o, q, (size_t)(end - q));
}

void sink_printf(sink *o, const char *fmt, ...) {
    char *dst = NULL;
    size_t room = 0;
    if (o->len < o->cap) {
        dst = o->buf + o->len;
        room = o->cap - o->len;
    }
    va_list ap;
    va_start(ap, fmt);
    int r = vsnprintf(dst, room, fmt, ap);
    va_end(ap);
    if (r > 0)
        o->len += (size_t)r;
}

size_t sink_finish(sink *o) {
    if (o->cap)
        o->buf[o->len < o->cap ? o->len : o->cap - 1] = '\0';
    return o->len;
}
