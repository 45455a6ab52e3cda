/* quadrant_buf.h: memory that grows (quadrant_buf.c), the working lists of the quadrant join
 * (quadrant.c) and of its kernels (quadrant_body.h). Below both: it needs nothing of either. */
#ifndef NQ_QUADRANT_BUF_H
#define NQ_QUADRANT_BUF_H

#include <stddef.h>

/* Memory that grows: bytes usable at p, 64-byte aligned inside the block raw (malloc'd, so
 * that every allocation goes through the one the tests can fail). */
typedef struct quadrant_buf {
    void *raw, *p;
    size_t bytes;
} quadrant_buf;

/* quadrant_buf_grow() : quadrant_buf_fit() where b is too small. */
int quadrant_buf_grow(quadrant_buf *b, size_t bytes, int keep);

/* quadrant_buf_fit() :
 * Room for at least `bytes` in b, its contents kept when keep is 1 (else lost). Inline: the
 * half-board join asks once per candidate group, and the call alone took 2% of a count of n = 18.
 * @return 0, or -1 if memory ran out (b then empty). */
static inline int quadrant_buf_fit(quadrant_buf *b, size_t bytes, int keep) {
    return bytes <= b->bytes ? 0 : quadrant_buf_grow(b, bytes, keep);
}

#endif /* NQ_QUADRANT_BUF_H */
