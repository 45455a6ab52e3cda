/*
 * quadrant_buf.c: the growing buffers of the quadrant join (quadrant_buf.h). A buffer at least
 * doubles when it grows, so that the half-board join, which asks for room once per candidate
 * group, reallocates O(log) times per scratch; the memory is 64-byte aligned for the vector
 * kernels' loads.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "quadrant_buf.h"

int quadrant_buf_grow(quadrant_buf *b, size_t bytes, int keep) {
    if (bytes > SIZE_MAX / 2 - 63) { /* beyond a 32-bit size_t: as if memory ran out */
        free(b->raw);
        *b = (quadrant_buf){NULL, NULL, 0};
        return -1;
    }
    size_t want = bytes > 2 * b->bytes ? bytes : 2 * b->bytes;
    want = want < 4096 ? 4096 : want;
    void *raw = malloc(want + 63);
    void *p = raw ? (void *)(((uintptr_t)raw + 63) & ~(uintptr_t)63) : NULL;
    if (p && keep && b->bytes)
        memcpy(p, b->p, b->bytes);
    free(b->raw);
    *b = (quadrant_buf){raw, p, p ? want : 0};
    return p ? 0 : -1;
}
