/*
 * board.c: placements as arrays cols[row] = column, and their validation, which names the first
 * two attacking queens (the symmetries of the square are in symmetry.c).
 *
 * Validation must work for boards with millions of rows (checking a constructed solution), so it
 * keeps one bit per column, diagonal and anti-diagonal (5n bits) and finds the earlier queen of a
 * conflict by a second scan, instead of an owner table of 5n integers.
 */
#include <stdlib.h>
#include <string.h>

#include "nqueens.h"

const char *nq_attack_name(nq_attack kind) {
    switch (kind) {
    case NQ_ATTACK_ROW:
        return "row";
    case NQ_ATTACK_COLUMN:
        return "column";
    case NQ_ATTACK_DIAGONAL:
        return "diagonal";
    case NQ_ATTACK_ANTIDIAGONAL:
        return "anti-diagonal";
    case NQ_ATTACK_NONE:
        return "none";
    default:
        return "unknown";
    }
}

static int bit_test_set(uint64_t *bits, size_t i) {
    uint64_t mask = (uint64_t)1 << (i & 63);
    int was = (bits[i >> 6] & mask) != 0;
    bits[i >> 6] |= mask;
    return was;
}

int nq_validate(int n, const int *cols, int partial_ok, nq_conflict *conflict) {
    if (n < 1 || !cols)
        return NQ_EINVAL;
    for (int r = 0; r < n; r++) {
        if (cols[r] >= n || cols[r] < -1 || (cols[r] == -1 && !partial_ok))
            return NQ_EINVAL;
    }
    size_t un = (size_t)n;
    size_t words_col = (un + 63) / 64, words_diag = (2 * un + 63) / 64;
    uint64_t *bits = calloc(words_col + 2 * words_diag, sizeof *bits);
    if (!bits)
        return NQ_ENOMEM;
    uint64_t *colb = bits, *diag = bits + words_col, *anti = diag + words_diag;
    int bad_row = -1;
    nq_attack kind = NQ_ATTACK_NONE;
    for (int r = 0; r < n && bad_row < 0; r++) {
        if (cols[r] < 0)
            continue;
        size_t c = (size_t)cols[r], ur = (size_t)r;
        /* Set all three bits, then judge in the documented order column, diagonal, anti. */
        int hit_col = bit_test_set(colb, c);
        int hit_diag = bit_test_set(diag, ur + un - 1 - c);
        int hit_anti = bit_test_set(anti, ur + c);
        if (hit_col || hit_diag || hit_anti) {
            bad_row = r;
            kind = hit_col    ? NQ_ATTACK_COLUMN
                   : hit_diag ? NQ_ATTACK_DIAGONAL
                              : NQ_ATTACK_ANTIDIAGONAL;
        }
    }
    free(bits);
    if (bad_row < 0)
        return NQ_OK;
    if (conflict) {
        long long c2 = cols[bad_row];
        int earlier = -1;
        for (int r = 0; r < bad_row && earlier < 0; r++) {
            long long c = cols[r];
            if (c < 0)
                continue;
            if ((kind == NQ_ATTACK_COLUMN && c == c2) ||
                (kind == NQ_ATTACK_DIAGONAL && r - c == bad_row - c2) ||
                (kind == NQ_ATTACK_ANTIDIAGONAL && r + c == bad_row + c2))
                earlier = r;
        }
        if (earlier < 0)
            return NQ_ECONFLICT; /* unreachable: every set bit has an owner */
        conflict->row1 = earlier;
        conflict->col1 = cols[earlier];
        conflict->row2 = bad_row;
        conflict->col2 = cols[bad_row];
        conflict->kind = kind;
    }
    return NQ_ECONFLICT;
}
