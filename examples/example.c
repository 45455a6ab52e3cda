/*
 * example.c: a small program that uses libnqueens through its public header only.
 *
 * Build it against an installed library with either of:
 *   cc example.c $(pkg-config --cflags --libs nqueens) -o example
 *   cmake -S examples -B build-example -DCMAKE_PREFIX_PATH=/your/prefix && cmake --build
 * build-example
 *
 * It iterates over the solutions of the eight-queens puzzle, counts solutions for small boards,
 * draws one board, and checks a placement that is not a solution.
 */
#include <stdio.h>
#include <stdlib.h>

#include <nqueens.h>

/* Counts the solutions of n (all of them, or the fundamental ones) by iterating over them. */
static int count_by_iteration(int n, unsigned flags, unsigned long long *count) {
    nq_search *s = NULL;
    int rc = nq_search_new(n, NULL, 0, flags, &s);
    if (rc != NQ_OK) {
        return rc;
    }
    int cols[NQ_MAX_N];
    *count = 0;
    while ((rc = nq_search_next(s, cols)) == NQ_OK) {
        ++*count;
    }
    nq_search_free(s);
    return rc == NQ_DONE ? NQ_OK : rc;
}

int main(void) {
    printf("libnqueens %s\n", nq_version());

    /* Iterate: the first three solutions of the eight-queens puzzle, in lexicographic order. */
    nq_search *s = NULL;
    int rc = nq_search_new(8, NULL, 0, 0, &s);
    if (rc != NQ_OK) {
        fprintf(stderr, "example: %s\n", nq_strerror(rc));
        return 1;
    }
    int cols[NQ_MAX_N];
    for (int i = 0; i < 3 && nq_search_next(s, cols) == NQ_OK; i++) {
        printf("solution %d of 8:", i + 1);
        for (int r = 0; r < 8; r++) {
            printf(" %d", cols[r]);
        }
        printf("\n");
    }
    nq_search_free(s);

    /* Count: all and fundamental solutions for n = 1..9. */
    for (int n = 1; n <= 9; n++) {
        unsigned long long total, unique;
        if ((rc = count_by_iteration(n, 0, &total)) != NQ_OK ||
            (rc = count_by_iteration(n, NQ_SEARCH_UNIQUE, &unique)) != NQ_OK) {
            fprintf(stderr, "example: %s\n", nq_strerror(rc));
            return 1;
        }
        printf("n = %d: %llu solutions, %llu fundamental\n", n, total, unique);
    }

    /* Draw: the first solution of n = 6 as a board (size the buffer first, snprintf-style). */
    rc = nq_find_first(6, cols, NULL);
    if (rc != NQ_OK) {
        fprintf(stderr, "example: %s\n", nq_strerror(rc));
        return 1;
    }
    size_t len = nq_format_solution(NULL, 0, NQ_FMT_BOARD, 6, cols, 0);
    char *text = malloc(len + 1);
    if (text == NULL) {
        return 1;
    }
    nq_format_solution(text, len + 1, NQ_FMT_BOARD, 6, cols, 0);
    printf("the first solution of 6:\n%s", text);
    free(text);

    /* Check: the main diagonal is not a solution; the validator names the first clash. */
    int diagonal[8] = {0, 1, 2, 3, 4, 5, 6, 7};
    nq_conflict c;
    rc = nq_validate(8, diagonal, 0, &c);
    if (rc == NQ_ECONFLICT) {
        printf("0 1 2 3 4 5 6 7 is not a solution: %d-%d and %d-%d share a %s\n", c.row1, c.col1,
               c.row2, c.col2, nq_attack_name(c.kind));
    } else {
        printf("unexpected answer from the validator: %s\n", nq_strerror(rc));
        return 1;
    }
    return 0;
}
