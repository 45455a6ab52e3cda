/*
 * baseline_recursive.c: the benchmark baseline for `nqueens solve N --format pairs`: a
 * straightforward C port of the recursive, array-based branch and bound of the classic
 * write-ups (boolean arrays for columns, diagonals and anti-diagonals, the answer string grown as
 * the recursion descends, one printf per solution). Prints the same lines as our `pairs` format.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void place(int n, int row, char *cols, char *ndiag, char *rdiag, char *asf) {
    if (row == n) {
        printf("%s.\n", asf);
        return;
    }
    size_t len = strlen(asf);
    for (int col = 0; col < n; col++) {
        if (!cols[col] && !ndiag[row + col] && !rdiag[row - col + n - 1]) {
            cols[col] = ndiag[row + col] = rdiag[row - col + n - 1] = 1;
            sprintf(asf + len, "%d-%d, ", row, col);
            place(n, row + 1, cols, ndiag, rdiag, asf);
            asf[len] = '\0';
            cols[col] = ndiag[row + col] = rdiag[row - col + n - 1] = 0;
        }
    }
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 0;
    if (n < 1 || n > 30) {
        fprintf(stderr, "usage: baseline_recursive N (1..30)\n");
        return 2;
    }
    char cols[30] = {0}, ndiag[60] = {0}, rdiag[60] = {0};
    char asf[30 * 12 + 1] = "";
    place(n, 0, cols, ndiag, rdiag, asf);
    return 0;
}
