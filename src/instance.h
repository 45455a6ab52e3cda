/*
 * instance.h: the inside of an n-Queens Completion instance (nq_instance, opaque in the public
 * header), shared by its builder and readers (instance.c) and the engine that solves it
 * (complete.c).
 */
#ifndef NQ_INSTANCE_H
#define NQ_INSTANCE_H

#include "nqueens.h"

struct nq_instance {
    int n;                /* board size, 1 <= n <= NQ_INSTANCE_MAX_N */
    int *cols;            /* n entries: cols[row] = column of the given queen, or -1 */
    unsigned char *xdiag; /* 2n-1 flags: non-zero = no queen on the diagonal row - col = i-(n-1) */
    unsigned char *xanti; /* 2n-1 flags: non-zero = no queen on the anti-diagonal row + col = i */
    int *blocked;         /* 2 * nblocked ints: row, column of each cell where no queen may stand */
    size_t nblocked;      /* number of blocked cells (duplicates allowed) */
    size_t blocked_cap;   /* allocated pairs of `blocked` */
};

#endif /* NQ_INSTANCE_H */
