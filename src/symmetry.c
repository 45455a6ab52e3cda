/*
 * symmetry.c: the eight symmetries of the square (the dihedral group D4) acting on placements,
 * the lexicographic order of placements, and the representative of a symmetry class (the least
 * of its images) with the size of the class.
 *
 * A symmetry maps the queen of row r, column c to another cell, so the image of a full
 * placement is written in one pass over the rows (out[row'] = col'). The class size follows from
 * the number of symmetries that fix the solution (orbit-stabiliser: 8 / fixed). Workload: one call
 * per solution of a listing with --unique (n <= 64, 8 images of n entries each), one per solution
 * in the small-n counts, and single calls on placements of any size; an in-place image of a huge
 * placement (a transposed answer of `find`) follows the permutation's cycles instead of copying.
 */
#include <stdlib.h>
#include <string.h>

#include "symmetry.h"

/* The cell (r, c) of an n x n board moved by sym; see nq_symmetry. */
static void sym_cell(nq_symmetry sym, int m, int r, int c, int *rr, int *cc) {
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

void sym_cell_image(int n, nq_symmetry sym, int r, int c, int *rr, int *cc) {
    sym_cell(sym, n - 1, r, c, rr, cc);
}

void sym_image(int n, const int *cols, nq_symmetry sym, int *out) {
    for (int r = 0; r < n; r++) {
        int rr, cc;
        sym_cell(sym, n - 1, r, cols[r], &rr, &cc);
        out[rr] = cc;
    }
}

/* The image in place, O(1) extra memory: each queen moves to its image's row, and the queen it
 * displaces moves next, around the cycle; entries already written are marked by complementing
 * them (columns are >= 0), and the marks are removed at the end. */
static void sym_image_in_place(int n, int *cols, nq_symmetry sym) {
    for (int start = 0; start < n; start++) {
        if (cols[start] < 0)
            continue;
        int r = start, c = cols[start];
        cols[start] = ~c; /* taken; the cycle's last move writes its image */
        for (;;) {
            int rr, cc;
            sym_cell(sym, n - 1, r, c, &rr, &cc);
            int next = cols[rr];
            cols[rr] = ~cc;
            if (next < 0) /* back at the start: the cycle is closed */
                break;
            r = rr, c = next;
        }
    }
    for (int r = 0; r < n; r++)
        cols[r] = ~cols[r];
}

int sym_compare(int n, const int *a, const int *b) {
    for (int i = 0; i < n; i++) {
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    }
    return 0;
}

int sym_least_orbit(int n, const int *cols, int *scratch) {
    int fixed = 1; /* symmetries that map the solution to itself, identity included */
    for (int s = 1; s < NQ_SYMMETRIES; s++) {
        sym_image(n, cols, (nq_symmetry)s, scratch);
        int cmp = sym_compare(n, scratch, cols);
        if (cmp < 0)
            return 0;
        fixed += cmp == 0;
    }
    return NQ_SYMMETRIES / fixed;
}

/* Returns 1 if cols is a permutation of 0..n-1. */
static int sym_is_permutation(int n, const int *cols, unsigned char *seen) {
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
    int ok = sym_is_permutation(n, cols, seen);
    free(seen);
    if (!ok)
        return NQ_EINVAL;
    if (out == cols)
        sym_image_in_place(n, out, sym);
    else
        sym_image(n, cols, sym, out);
    return NQ_OK;
}

int nq_canonical(int n, const int *cols, int *out, int *orbit) {
    if (n < 1 || !cols)
        return NQ_EINVAL;
    int *mem = malloc(2 * (size_t)n * sizeof *mem);
    if (!mem)
        return NQ_ENOMEM;
    if (!sym_is_permutation(n, cols, (unsigned char *)mem)) {
        free(mem);
        return NQ_EINVAL;
    }
    int *best = mem, *img = mem + n;
    memcpy(best, cols, (size_t)n * sizeof *best);
    int fixed = 1;
    for (int s = 1; s < NQ_SYMMETRIES; s++) {
        sym_image(n, cols, (nq_symmetry)s, img);
        if (sym_compare(n, img, cols) == 0)
            fixed++;
        if (sym_compare(n, img, best) < 0)
            memcpy(best, img, (size_t)n * sizeof *best);
    }
    if (out)
        memcpy(out, best, (size_t)n * sizeof *out);
    if (orbit)
        *orbit = NQ_SYMMETRIES / fixed;
    free(mem);
    return NQ_OK;
}
