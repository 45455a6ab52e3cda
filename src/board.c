/*
 * board.c: placements as arrays cols[row] = column. Validation that names the first two attacking
 * queens, the 8 symmetries of the square (the dihedral group D4) and the canonical representative
 * of a symmetry class.
 *
 * Validation must work for boards with millions of rows (checking a constructed solution), so it
 * keeps one bit per column, diagonal and anti-diagonal (5n bits) and finds the earlier queen of a
 * conflict by a second scan, instead of an owner table of 5n integers.
 */
#include <stdlib.h>
#include <string.h>

#include "board.h"

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
    default:
        return "none";
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

void board_cell_image(int n, nq_symmetry sym, int r, int c, int *rr, int *cc) {
    int m = n - 1;
    switch (sym) {
    case NQ_SYM_ROT90:
        *rr = c, *cc = m - r;
        break;
    case NQ_SYM_ROT180:
        *rr = m - r, *cc = m - c;
        break;
    case NQ_SYM_ROT270:
        *rr = m - c, *cc = r;
        break;
    case NQ_SYM_MIRROR:
        *rr = r, *cc = m - c;
        break;
    case NQ_SYM_FLIP:
        *rr = m - r, *cc = c;
        break;
    case NQ_SYM_TRANSPOSE:
        *rr = c, *cc = r;
        break;
    case NQ_SYM_ANTITRANSPOSE:
        *rr = m - c, *cc = m - r;
        break;
    default:
        *rr = r, *cc = c;
        break;
    }
}

void board_image(int n, const int *cols, nq_symmetry sym, int *out) {
    for (int r = 0; r < n; r++) {
        int rr, cc;
        board_cell_image(n, sym, r, cols[r], &rr, &cc);
        out[rr] = cc;
    }
}

int board_compare(int n, const int *a, const int *b) {
    for (int i = 0; i < n; i++) {
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    }
    return 0;
}

int board_is_least(int n, const int *cols, int *scratch) {
    for (int s = 1; s < NQ_SYMMETRIES; s++) {
        board_image(n, cols, (nq_symmetry)s, scratch);
        if (board_compare(n, scratch, cols) < 0)
            return 0;
    }
    return 1;
}

/* Returns 1 if cols is a permutation of 0..n-1. */
static int is_permutation(int n, const int *cols, unsigned char *seen) {
    memset(seen, 0, (size_t)n);
    for (int r = 0; r < n; r++) {
        if (cols[r] < 0 || cols[r] >= n || seen[cols[r]])
            return 0;
        seen[cols[r]] = 1;
    }
    return 1;
}

int nq_transform(int n, const int *cols, nq_symmetry sym, int *out) {
    if (n < 1 || !cols || !out || (unsigned)sym >= NQ_SYMMETRIES)
        return NQ_EINVAL;
    unsigned char *seen = malloc((size_t)n);
    if (!seen)
        return NQ_ENOMEM;
    int ok = is_permutation(n, cols, seen);
    free(seen);
    if (!ok)
        return NQ_EINVAL;
    board_image(n, cols, sym, out);
    return NQ_OK;
}

int nq_canonical(int n, const int *cols, int *out, int *orbit) {
    if (n < 1 || !cols)
        return NQ_EINVAL;
    int *mem = malloc(2 * (size_t)n * sizeof *mem);
    if (!mem)
        return NQ_ENOMEM;
    if (!is_permutation(n, cols, (unsigned char *)mem)) {
        free(mem);
        return NQ_EINVAL;
    }
    int *best = mem, *img = mem + n;
    memcpy(best, cols, (size_t)n * sizeof *best);
    int fixed = 1; /* symmetries that map the solution to itself, identity included */
    for (int s = 1; s < NQ_SYMMETRIES; s++) {
        board_image(n, cols, (nq_symmetry)s, img);
        if (board_compare(n, img, cols) == 0)
            fixed++;
        if (board_compare(n, img, best) < 0)
            memcpy(best, img, (size_t)n * sizeof *best);
    }
    if (out)
        memcpy(out, best, (size_t)n * sizeof *out);
    if (orbit)
        *orbit = NQ_SYMMETRIES / fixed;
    free(mem);
    return NQ_OK;
}
