/*
 * complete_cnf.c: a direct CNF encoding of an n-Queens Completion instance, for the SAT side of
 * bench/complete.sh (CaDiCaL).
 *
 * Usage: complete_cnf FILE D      (D: use the first D excluded diagonals of CSPLib data, as
 *                                  `nqueens complete --diagonals D`; -1: all)
 * Writes DIMACS to standard output. Variable r * n + c + 1 is "a queen on (r, c)". Clauses: at
 * least one queen in every row and every column, at most one in every row, column, diagonal and
 * anti-diagonal (pairwise, the encoding of the JAIR 2017 study's direct model), and as units the
 * cells the instance forbids (blocked, or on an excluded diagonal) and the given queens. The
 * instance is read with the library's reader, so both solvers see the same problem.
 */
#include <stdio.h>
#include <stdlib.h>

#include "nqueens_advanced.h"

static void amo(const int *vars, int len, long *count, int print) {
    for (int a = 0; a < len; a++) {
        for (int b = a + 1; b < len; b++) {
            if (print) {
                printf("-%d -%d 0\n", vars[a], vars[b]);
            }
            ++*count;
        }
    }
}

/* Emits (print = 1) or counts (print = 0) every clause. */
static long clauses(const nq_instance *inst, int print) {
    int n = nq_instance_n(inst);
    int *vars = malloc((size_t)n * sizeof *vars);
    long count = 0;
    if (!vars) {
        return -1;
    }
    for (int line = 0; line < n; line++) {
        for (int byrow = 1; byrow >= 0; byrow--) {
            for (int x = 0; x < n; x++) {
                vars[x] = byrow ? line * n + x + 1 : x * n + line + 1;
                if (print) {
                    printf("%d ", vars[x]);
                }
            }
            if (print) {
                printf("0\n");
            }
            count++;
            amo(vars, n, &count, print);
        }
    }
    for (int d = 0; d < 2 * n - 1; d++) {
        for (int anti = 0; anti < 2; anti++) {
            int len = 0;
            for (int r = 0; r < n; r++) {
                int c = anti ? d - r : r - d + n - 1;
                if (c >= 0 && c < n) {
                    vars[len++] = r * n + c + 1;
                }
            }
            amo(vars, len, &count, print);
        }
    }
    for (int r = 0; r < n; r++) {
        int q = nq_instance_queen(inst, r);
        for (int c = 0; c < n; c++) {
            if (c == q || !nq_instance_allows(inst, r, c)) {
                if (print) {
                    printf("%s%d 0\n", c == q ? "" : "-", r * n + c + 1);
                }
                count++;
            }
        }
    }
    free(vars);
    return count;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: complete_cnf FILE D\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        fprintf(stderr, "complete_cnf: cannot open %s\n", argv[1]);
        return 2;
    }
    static char text[1 << 20];
    size_t len = fread(text, 1, sizeof text, f);
    fclose(f);
    nq_instance *inst;
    char err[256];
    if (nq_instance_parse(text, len, 0, atol(argv[2]), &inst, NULL, err, sizeof err) != NQ_OK) {
        fprintf(stderr, "complete_cnf: %s: %s\n", argv[1], err);
        return 2;
    }
    int n = nq_instance_n(inst);
    long m = clauses(inst, 0);
    if (m < 0) {
        fprintf(stderr, "complete_cnf: out of memory\n");
        return 2;
    }
    printf("p cnf %d %ld\n", n * n, m);
    clauses(inst, 1);
    nq_instance_free(inst);
    return 0;
}
