/*
 * gen_diags.c: random excluded-diagonals instances (CSPLib problem 79) for bench/complete.sh.
 *
 * Usage: gen_diags N MINFREE SEED [D]
 * All 2(2N-1) diagonals (sum diagonals row + col = i, type 1, and difference diagonals
 * row - col = i - (N-1), type 0) are shuffled; each in turn is excluded unless that would leave a
 * row or a column with fewer than MINFREE free cells. The accepted diagonals are printed in that
 * random order, so the instance with the first D of them (`nqueens complete --diagonals D`) is a
 * random instance with D excluded diagonals, and the instances of one seed are nested.
 * With D, prints instead the first D of them as MiniZinc data for bench/complete.mzn
 * (n, nd, di, dt: a 2-D array literal of pairs is not valid MiniZinc).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint64_t rng;

static uint64_t next(void) { /* splitmix64 */
    uint64_t z = (rng += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

int main(int argc, char **argv) {
    if (argc != 4 && argc != 5) {
        fprintf(stderr, "usage: gen_diags N MINFREE SEED [D]\n");
        return 2;
    }
    int n = atoi(argv[1]), minfree = atoi(argv[2]);
    rng = strtoull(argv[3], NULL, 10);
    if (n < 1 || n > 4096 || minfree < 0) {
        fprintf(stderr, "gen_diags: N must be 1..4096 and MINFREE >= 0\n");
        return 2;
    }
    int nd = 2 * (2 * n - 1);
    int *order = malloc((size_t)nd * sizeof *order);
    char *cell = malloc((size_t)n * (size_t)n);
    int *rowfree = malloc((size_t)n * sizeof *rowfree),
        *colfree = malloc((size_t)n * sizeof *colfree);
    int *taken = malloc((size_t)nd * sizeof *taken), ntaken = 0;
    if (!order || !cell || !rowfree || !colfree || !taken) {
        return 1;
    }
    for (int d = 0; d < nd; d++) {
        order[d] = d;
    }
    for (int d = nd - 1; d > 0; d--) {
        int j = (int)(next() % (uint64_t)(d + 1)), t = order[d];
        order[d] = order[j];
        order[j] = t;
    }
    for (int r = 0; r < n; r++) {
        rowfree[r] = colfree[r] = n;
        for (int c = 0; c < n; c++) {
            cell[r * n + c] = 1;
        }
    }
    for (int q = 0; q < nd; q++) {
        int d = order[q], i = d >> 1, type = d & 1, ok = 1;
        /* The free cells of this diagonal: row + col = i (type 1) or row - col = i - (n - 1). */
        for (int pass = 0; pass < 2 && ok; pass++) {
            for (int r = 0; r < n; r++) {
                int c = type ? i - r : r - i + n - 1;
                if (c < 0 || c >= n || !cell[r * n + c]) {
                    continue;
                }
                if (pass == 0) {
                    rowfree[r]--, colfree[c]--;
                } else {
                    cell[r * n + c] = 0;
                }
            }
            if (pass == 0) {
                for (int x = 0; x < n; x++) {
                    ok &= rowfree[x] >= minfree && colfree[x] >= minfree;
                }
                if (!ok) { /* put the counts back */
                    for (int r = 0; r < n; r++) {
                        int c = type ? i - r : r - i + n - 1;
                        if (c >= 0 && c < n && cell[r * n + c]) {
                            rowfree[r]++, colfree[c]++;
                        }
                    }
                }
            }
        }
        if (ok) {
            taken[ntaken++] = d;
        }
    }
    if (argc == 5) {
        int d = atoi(argv[4]);
        if (d < 0 || d > ntaken) {
            fprintf(stderr, "gen_diags: only %d diagonals, not %d\n", ntaken, d);
            return 2;
        }
        printf("n = %d;\nnd = %d;\ndi = [", n, d);
        for (int q = 0; q < d; q++) {
            printf("%s%d", q ? ", " : "", taken[q] >> 1);
        }
        printf("];\ndt = [");
        for (int q = 0; q < d; q++) {
            printf("%s%d", q ? ", " : "", taken[q] & 1);
        }
        printf("];\n");
        return 0;
    }
    printf("n = %d\nnumdiags = %d\ndiags = [", n, ntaken);
    for (int q = 0; q < ntaken; q++) {
        printf("%s[%d, %d]", q ? ", " : "", taken[q] >> 1, taken[q] & 1);
    }
    printf("]\n");
    free(order);
    free(cell);
    free(rowfree);
    free(colfree);
    free(taken);
    return 0;
}
