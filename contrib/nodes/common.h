/* common.h: shared helpers of the contrib/nodes prototypes (research code, not the library; the
 * symmetries are written out again here so that each prototype stands alone). */
#ifndef NODES_COMMON_H
#define NODES_COMMON_H
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Image of (r, c) under symmetry s of the n x n board (0 identity, 1..3 rotations by 90, 180,
 * 270 degrees, 4 mirror left-right, 5 flip top-bottom, 6 transpose, 7 anti-transpose). */
static inline void sym_cell(int n, int s, int r, int c, int *rr, int *cc) {
    switch (s) {
    case 1:
        *rr = c, *cc = n - 1 - r;
        break;
    case 2:
        *rr = n - 1 - r, *cc = n - 1 - c;
        break;
    case 3:
        *rr = n - 1 - c, *cc = r;
        break;
    case 4:
        *rr = r, *cc = n - 1 - c;
        break;
    case 5:
        *rr = n - 1 - r, *cc = c;
        break;
    case 6:
        *rr = c, *cc = r;
        break;
    case 7:
        *rr = n - 1 - c, *cc = n - 1 - r;
        break;
    default:
        *rr = r, *cc = c;
        break;
    }
}

/* OEIS rows of the tree's tests/data/counts.txt (or of the file named by NODES_COUNTS): total,
 * fundamental, orbits 8/4/2/1. prototypes.sh sets NODES_COUNTS; run from the top of the tree,
 * the default path finds the file. */
typedef struct {
    unsigned long long total, unique, o8, o4, o2, o1;
} oeis_row;
static int oeis_load(oeis_row *rows, int maxn) {
    const char *path = getenv("NODES_COUNTS");
    FILE *f = fopen(path && *path ? path : "tests/data/counts.txt", "r");
    if (!f)
        return 0;
    char line[512];
    int got = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#')
            continue;
        int n;
        oeis_row r;
        if (sscanf(line, "%d %llu %llu %llu %llu %llu %llu", &n, &r.total, &r.unique, &r.o8, &r.o4,
                   &r.o2, &r.o1) == 7 &&
            n < maxn) {
            rows[n] = r;
            got++;
        }
    }
    fclose(f);
    return got;
}

static inline double cpu_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
#endif
