/* board.h: internal helpers of board.c shared with the search and the formats. */
#ifndef NQ_BOARD_H
#define NQ_BOARD_H

#include "nqueens.h"

/* board_cell_image() : (*rr, *cc) = the image of cell (r, c) under sym, n x n board. The one
 * place where the symmetries of the square are written out. */
void board_cell_image(int n, nq_symmetry sym, int r, int c, int *rr, int *cc);

/* board_image() : out = sym(cols) for a permutation cols of 0..n-1 (unchecked, out != cols). */
void board_image(int n, const int *cols, nq_symmetry sym, int *out);

/* board_is_least() :
 * Returns 1 if the solution cols is the lexicographically least of its 8 images, 0 otherwise.
 * scratch holds n ints. */
int board_is_least(int n, const int *cols, int *scratch);

/* board_compare() : lexicographic comparison of two placements of length n (-1, 0, 1). */
int board_compare(int n, const int *a, const int *b);

#endif /* NQ_BOARD_H */
