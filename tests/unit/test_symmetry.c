/*
 * test_symmetry.c: the eight symmetries of the square (symmetry.c): images worked out by hand,
 * the group's relations, images in place, and canonical forms that reproduce OEIS A002562 and
 * the orbit breakdown.
 */
#include <stdlib.h>
#include <string.h>

#include "../../src/symmetry.h"
#include "support.h"

static void test_transform(void **state) {
    (void)state;
    /* The first 8-queens solution and its images, worked out by hand from the cell maps. */
    const int s[] = {0, 4, 7, 5, 2, 6, 1, 3};
    int out[8], back[8];
    assert_int_equal(nq_transform(8, s, NQ_SYM_IDENTITY, out), NQ_OK);
    assert_memory_equal(out, s, sizeof s);
    assert_int_equal(nq_transform(8, s, NQ_SYM_MIRROR, out), NQ_OK);
    const int mirror[] = {7, 3, 0, 2, 5, 1, 6, 4};
    assert_memory_equal(out, mirror, sizeof s);
    assert_int_equal(nq_transform(8, s, NQ_SYM_FLIP, out), NQ_OK);
    const int flip[] = {3, 1, 6, 2, 5, 7, 4, 0};
    assert_memory_equal(out, flip, sizeof s);
    assert_int_equal(nq_transform(8, s, NQ_SYM_TRANSPOSE, out), NQ_OK);
    const int transpose[] = {0, 6, 4, 7, 1, 3, 5, 2};
    assert_memory_equal(out, transpose, sizeof s);
    /* Four quarter turns are the identity; ROT270 undoes ROT90; ROT180 = ROT90 twice. */
    int a[8], b[8];
    memcpy(a, s, sizeof s);
    for (int i = 0; i < 4; i++) {
        assert_int_equal(nq_transform(8, a, NQ_SYM_ROT90, b), NQ_OK);
        assert_int_equal(nq_validate(8, b, 0, NULL), NQ_OK);
        memcpy(a, b, sizeof a);
    }
    assert_memory_equal(a, s, sizeof s);
    nq_transform(8, s, NQ_SYM_ROT90, out);
    nq_transform(8, out, NQ_SYM_ROT270, back);
    assert_memory_equal(back, s, sizeof s);
    nq_transform(8, out, NQ_SYM_ROT90, back);
    nq_transform(8, s, NQ_SYM_ROT180, out);
    assert_memory_equal(back, out, sizeof s);
    /* The anti-transpose is the transpose of the half turn. */
    nq_transform(8, s, NQ_SYM_ANTITRANSPOSE, out);
    nq_transform(8, s, NQ_SYM_ROT180, a);
    nq_transform(8, a, NQ_SYM_TRANSPOSE, b);
    assert_memory_equal(out, b, sizeof s);
    /* Not a permutation, bad symmetry. */
    const int dup[] = {0, 0, 1, 2};
    assert_int_equal(nq_transform(4, dup, NQ_SYM_ROT90, out), NQ_EINVAL);
    assert_int_equal(nq_transform(4, s, (nq_symmetry)8, out), NQ_EINVAL);
}

/* 1 if no image of cols is lexicographically smaller (checked with nq_transform). */
static int least_check(int n, const int *cols) {
    int img[12];
    for (int sym = 0; sym < NQ_SYMMETRIES; sym++) {
        nq_transform(n, cols, (nq_symmetry)sym, img);
        for (int r = 0; r < n; r++) {
            if (img[r] != cols[r]) {
                if (img[r] < cols[r])
                    return 0;
                break;
            }
        }
    }
    return 1;
}

/* Grouping every solution of n <= 10 by its canonical form reproduces A002562 and the orbits. */
static void test_canonical_classes(void **state) {
    (void)state;
    for (int n = 1; n <= 10; n++) {
        int *sols;
        size_t count = ref_solutions(n, &sols);
        ref_counts want = ref_table(n);
        assert_true(count == want.total);
        size_t classes = 0, orbits[9] = {0};
        int canon[12], canon2[12];
        for (size_t i = 0; i < count; i++) {
            const int *s = sols + i * (size_t)n;
            int orbit;
            assert_int_equal(nq_canonical(n, s, canon, &orbit), NQ_OK);
            assert_true(least_check(n, canon));
            if (memcmp(canon, s, (size_t)n * sizeof *s) == 0) {
                classes++;
                orbits[orbit]++;
            }
            /* Every image has the same representative. */
            for (int sym = 0; sym < NQ_SYMMETRIES; sym++) {
                int img[12];
                nq_transform(n, s, (nq_symmetry)sym, img);
                assert_int_equal(nq_canonical(n, img, canon2, NULL), NQ_OK);
                assert_memory_equal(canon, canon2, (size_t)n * sizeof *canon);
            }
        }
        assert_true(classes == want.unique);
        assert_true(orbits[8] == want.orbit8 && orbits[4] == want.orbit4 &&
                    orbits[2] == want.orbit2 && orbits[1] == want.orbit1);
        free(sols);
    }
    /* In place. */
    int s[] = {2, 0, 3, 1};
    assert_int_equal(nq_canonical(4, s, s, NULL), NQ_OK);
    const int least[] = {1, 3, 0, 2};
    assert_memory_equal(s, least, sizeof s);
}

/* Independent of the library: nq_transform() moves the queens as the cell maps of support.c's
 * ref_image() do, and nq_canonical() gives the lexicographically least of those 8 images and
 * 8 / (the images equal to the solution), for every solution of n <= 10. */
static void test_canonical_by_definition(void **state) {
    (void)state;
    for (int n = 1; n <= 10; n++) {
        int *sols;
        size_t count = ref_solutions(n, &sols);
        for (size_t i = 0; i < count; i++) {
            const int *s = sols + i * (size_t)n;
            int least[12], img[12], lib[12], canon[12], orbit, same = 0;
            memcpy(least, s, (size_t)n * sizeof *s);
            for (int sym = 0; sym < NQ_SYMMETRIES; sym++) {
                ref_image(n, sym, s, img);
                assert_int_equal(nq_transform(n, s, (nq_symmetry)sym, lib), NQ_OK);
                assert_memory_equal(lib, img, (size_t)n * sizeof *img);
                same += memcmp(img, s, (size_t)n * sizeof *s) == 0;
                int r = 0;
                while (r < n && img[r] == least[r])
                    r++;
                if (r < n && img[r] < least[r])
                    memcpy(least, img, (size_t)n * sizeof *img);
            }
            assert_int_equal(nq_canonical(n, s, canon, &orbit), NQ_OK);
            assert_memory_equal(canon, least, (size_t)n * sizeof *canon);
            assert_int_equal(orbit, 8 / same);
            assert_int_equal(ref_least_orbit(n, s) != 0,
                             memcmp(least, s, (size_t)n * sizeof *s) == 0);
        }
        free(sols);
    }
}

/* The image in place (out = cols) equals the image in another array, for every symmetry of
 * every solution of n <= 9 and for a large permutation (cycles of every length). */
static void test_transform_in_place(void **state) {
    (void)state;
    for (int n = 1; n <= 9; n++) {
        int *sols;
        size_t count = ref_solutions(n, &sols);
        for (size_t i = 0; i < count; i++) {
            const int *s = sols + i * (size_t)n;
            for (int sym = 0; sym < NQ_SYMMETRIES; sym++) {
                int want[9], got[9];
                assert_int_equal(nq_transform(n, s, (nq_symmetry)sym, want), NQ_OK);
                memcpy(got, s, (size_t)n * sizeof *got);
                assert_int_equal(nq_transform(n, got, (nq_symmetry)sym, got), NQ_OK);
                assert_memory_equal(got, want, (size_t)n * sizeof *got);
            }
        }
        free(sols);
    }
    enum { BIG = 100003 };
    int *p = malloc(BIG * sizeof *p), *want = malloc(BIG * sizeof *want);
    assert_non_null(p);
    assert_non_null(want);
    for (int sym = 0; sym < NQ_SYMMETRIES; sym++) {
        for (int r = 0; r < BIG; r++)
            p[r] = (int)(((long long)r * 7919 + 13) % BIG); /* a permutation: 7919 is prime */
        assert_int_equal(nq_transform(BIG, p, (nq_symmetry)sym, want), NQ_OK);
        assert_int_equal(nq_transform(BIG, p, (nq_symmetry)sym, p), NQ_OK);
        assert_memory_equal(p, want, BIG * sizeof *p);
    }
    /* Not a permutation: refused, and left as it was. */
    int dup[] = {0, 0, 1, 2};
    assert_int_equal(nq_transform(4, dup, NQ_SYM_TRANSPOSE, dup), NQ_EINVAL);
    const int same[] = {0, 0, 1, 2};
    assert_memory_equal(dup, same, sizeof dup);
    free(p);
    free(want);
}

/* sym_image_col(), the kernel's row-by-row view of an image, agrees with the images of
 * nq_transform() for every symmetry of every solution of n <= 9 (white box: symmetry.h). */
static void test_image_col(void **state) {
    (void)state;
    for (int n = 1; n <= 9; n++) {
        int *sols;
        size_t count = ref_solutions(n, &sols);
        for (size_t i = 0; i < count; i++) {
            const int *s = sols + i * (size_t)n;
            int inv[9], img[9];
            for (int r = 0; r < n; r++)
                inv[s[r]] = r;
            for (int sym = 0; sym < NQ_SYMMETRIES; sym++) {
                assert_int_equal(nq_transform(n, s, (nq_symmetry)sym, img), NQ_OK);
                for (int j = 0; j < n; j++)
                    assert_int_equal(sym_image_col(n, (nq_symmetry)sym, s, inv, j), img[j]);
            }
        }
        free(sols);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_transform),
        cmocka_unit_test(test_transform_in_place),
        cmocka_unit_test(test_image_col),
        cmocka_unit_test(test_canonical_classes),
        cmocka_unit_test(test_canonical_by_definition),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
