/*
 * example.c: a small program that uses libnqueens through its public header only.
 *
 * Build it against a library installed in PREFIX (make install PREFIX=...), with one of:
 *   export PKG_CONFIG_PATH=PREFIX/lib/pkgconfig      (the directory of nqueens.pc)
 *   cc example.c $(pkg-config --cflags --libs nqueens) \
 *      -Wl,-rpath,$(pkg-config --variable=libdir nqueens) -o example    (shared library)
 *   cc example.c $(pkg-config --cflags --libs nqueens-static) -o example  (static library)
 *   cmake -S examples -B build-example -DCMAKE_PREFIX_PATH=PREFIX && cmake --build build-example
 * The shared build needs the rpath (or LD_LIBRARY_PATH) to find libnqueens.so.0.4 at run time,
 * unless PREFIX is one of the system's library directories; the static one carries the library.
 *
 * It iterates over the solutions of the eight-queens puzzle, counts solutions for small boards,
 * draws one board, constructs a solution for a million queens, checks a placement that is not a
 * solution, and judges a list of solutions written by someone else.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <nqueens_advanced.h>

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

    /* Construct: a solution for a million queens in O(n), checked by the O(n) validator. */
    int big_n = 1000000;
    int *big = malloc(sizeof *big * (size_t)big_n);
    if (big == NULL) {
        return 1;
    }
    rc = nq_construct(big_n, big);
    if (rc == NQ_OK) {
        rc = nq_validate(big_n, big, 0, NULL);
    }
    printf("constructed %d queens: %s\n", big_n, rc == NQ_OK ? "a solution" : nq_strerror(rc));
    free(big);
    if (rc != NQ_OK) {
        return 1;
    }

    /* Count with the fast symmetry-reduced kernel: exact 128-bit totals, printed in decimal. */
    nq_counts counts;
    if ((rc = nq_count(12, &counts)) != NQ_OK) {
        fprintf(stderr, "example: %s\n", nq_strerror(rc));
        return 1;
    }
    char total12[41], unique12[41];
    printf("count of 12: %s solutions, %s fundamental\n", nq_u128_to_string(counts.total, total12),
           nq_u128_to_string(counts.unique, unique12));

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

    /* Judge: a list in `cols` format, as another program might print it (one solution is
     * missing), read and judged like an online judge does. */
    static const char list[] = "1 3 0 2\n";
    nq_reader *reader = NULL;
    nq_checker *checker = NULL;
    if ((rc = nq_reader_new(list, strlen(list), NQ_INPUT_AUTO, 0, &reader)) != NQ_OK ||
        (rc = nq_checker_new(0, &checker)) != NQ_OK) {
        fprintf(stderr, "example: %s\n", nq_strerror(rc));
        nq_reader_free(reader);
        return 1;
    }
    nq_item item;
    while ((rc = nq_reader_next(reader, &item)) == NQ_OK) {
        nq_verdict verdict;
        if ((rc = nq_checker_add(checker, &item, &verdict)) != NQ_OK) {
            break;
        }
        printf("item %llu: %s\n", (unsigned long long)verdict.index,
               verdict.kind == NQ_VERDICT_VALID ? "a solution" : "wrong");
    }
    nq_check_group group;
    if ((rc == NQ_DONE || rc == NQ_OK) && (rc = nq_checker_group(checker, 0, &group)) == NQ_OK) {
        char expected[41];
        printf("the list for n = %d has %llu of the %s solutions: %s\n", group.n,
               (unsigned long long)group.valid, nq_u128_to_string(group.expected, expected),
               group.complete ? "complete" : "incomplete");
    }
    nq_checker_free(checker);
    nq_reader_free(reader);
    return rc == NQ_OK ? 0 : 1;
}
