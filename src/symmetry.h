/*
 * symmetry.h: the eight symmetries of the square (D4) on placements, for the library's own use:
 * the one place that knows how a symmetry maps a solution, how placements are ordered, and
 * which image of a class is its representative (symmetry.c). The search, the counting kernel's
 * small cases, the formats and the checker use these; nq_transform() and nq_canonical() are the
 * public face.
 */
#ifndef NQ_SYMMETRY_H
#define NQ_SYMMETRY_H

#include "nqueens_advanced.h"

/* sym_cell_image() : (*rr, *cc) = the image under sym of the cell (r, c) of an n x n board (the
 * border placements of split.c and the symmetric completions of count.c move single queens). */
void sym_cell_image(int n, nq_symmetry sym, int r, int c, int *rr, int *cc);

/* sym_image() : out = sym(cols) for a permutation cols of 0..n-1 (unchecked, out != cols). */
void sym_image(int n, const int *cols, nq_symmetry sym, int *out);

/* sym_image_col() :
 * The column of row j of the image sym of the solution cols, whose inverse is inv (inv[cols[r]]
 * = r), without making the image: so that a caller can compare an image with cols row by row and
 * stop at the first difference (the counting kernel does, at its leaves). The same maps as
 * sym_image(), read from the image's side. */
static inline int sym_image_col(int n, nq_symmetry sym, const int *cols, const int *inv, int j) {
    switch (sym) {
    case NQ_SYM_ROT90:
        return n - 1 - inv[j];
    case NQ_SYM_ROT180:
        return n - 1 - cols[n - 1 - j];
    case NQ_SYM_ROT270:
        return inv[n - 1 - j];
    case NQ_SYM_MIRROR:
        return n - 1 - cols[j];
    case NQ_SYM_FLIP:
        return cols[n - 1 - j];
    case NQ_SYM_TRANSPOSE:
        return inv[j];
    case NQ_SYM_ANTITRANSPOSE:
        return n - 1 - inv[n - 1 - j];
    default:
        return cols[j];
    }
}

/* sym_compare() : lexicographic comparison of two placements of length n (-1, 0, 1), the
 * order of every listing and the one that picks a class's representative. */
int sym_compare(int n, const int *a, const int *b);

/* sym_least_orbit() :
 * Returns the size of the solution's symmetry class (8, 4, 2 or 1) if cols is the least of its
 * 8 images, 0 otherwise. scratch holds n ints. */
int sym_least_orbit(int n, const int *cols, int *scratch);

#endif /* NQ_SYMMETRY_H */
