/* support.c: the OEIS table reader and the brute-force reference solver of the unit tests. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

static nq_u128 parse_u128(const char *s) {
    nq_u128 v = 0;
    for (; *s >= '0' && *s <= '9'; s++)
        v = v * 10 + (unsigned)(*s - '0');
    return v;
}

ref_counts ref_table(int n) {
    ref_counts rc;
    memset(&rc, 0, sizeof rc);
    FILE *f = fopen(NQ_TEST_DATA "/counts.txt", "r");
    assert_non_null(f);
    char line[512];
    int found = 0;
    while (!found && fgets(line, sizeof line, f)) {
        if (line[0] == '#')
            continue;
        char fields[7][64];
        if (sscanf(line, "%63s %63s %63s %63s %63s %63s %63s", fields[0], fields[1], fields[2],
                   fields[3], fields[4], fields[5], fields[6]) != 7)
            continue;
        if (atoi(fields[0]) != n)
            continue;
        rc.n = n;
        rc.total = parse_u128(fields[1]);
        rc.unique = parse_u128(fields[2]);
        rc.orbit8 = parse_u128(fields[3]);
        rc.orbit4 = parse_u128(fields[4]);
        rc.orbit2 = parse_u128(fields[5]);
        rc.orbit1 = parse_u128(fields[6]);
        found = 1;
    }
    fclose(f);
    assert_true(found);
    return rc;
}

int ref_attacks(int r1, int c1, int r2, int c2) {
    int dr = r1 > r2 ? r1 - r2 : r2 - r1, dc = c1 > c2 ? c1 - c2 : c2 - c1;
    return r1 == r2 || c1 == c2 || dr == dc;
}

/* Next permutation in lexicographic order; 0 after the last. */
static int next_permutation(int *a, int n) {
    int i = n - 2;
    while (i >= 0 && a[i] >= a[i + 1])
        i--;
    if (i < 0)
        return 0;
    int j = n - 1;
    while (a[j] <= a[i])
        j--;
    int t = a[i];
    a[i] = a[j];
    a[j] = t;
    for (int l = i + 1, r = n - 1; l < r; l++, r--) {
        t = a[l];
        a[l] = a[r];
        a[r] = t;
    }
    return 1;
}

size_t ref_solutions(int n, int **out) {
    assert_true(n >= 1 && n <= 12);
    int perm[12];
    for (int i = 0; i < n; i++)
        perm[i] = i;
    size_t count = 0, cap = 16;
    int *sols = malloc(cap * (size_t)n * sizeof *sols);
    assert_non_null(sols);
    do {
        int ok = 1;
        for (int a = 0; a < n && ok; a++)
            for (int b = a + 1; b < n && ok; b++)
                ok = !ref_attacks(a, perm[a], b, perm[b]);
        if (!ok)
            continue;
        if (count == cap) {
            cap *= 2;
            sols = realloc(sols, cap * (size_t)n * sizeof *sols);
            assert_non_null(sols);
        }
        memcpy(sols + count * (size_t)n, perm, (size_t)n * sizeof *perm);
        count++;
    } while (next_permutation(perm, n));
    *out = sols;
    return count;
}

void text_put(text_buf *t, const char *s, size_t len) {
    if (t->len + len + 1 > t->cap) {
        t->cap = 2 * (t->len + len + 1);
        t->s = realloc(t->s, t->cap);
        assert_non_null(t->s);
    }
    memcpy(t->s + t->len, s, len);
    t->len += len;
    t->s[t->len] = '\0';
}

void text_puts(text_buf *t, const char *s) {
    text_put(t, s, strlen(s));
}

/* The writers' text_buf for `count` solutions of n (n ints each), as `nqueens solve` prints it. */
text_buf text_list(nq_format fmt, int n, const int *sols, size_t count) {
    text_buf t = {NULL, 0, 0};
    text_puts(&t, nq_format_prefix(fmt));
    for (size_t i = 0; i < count; i++) {
        if (i)
            text_puts(&t, nq_format_separator(fmt));
        size_t len = nq_format_solution(NULL, 0, fmt, n, sols + i * (size_t)n, 0);
        assert_true(len > 0);
        char *buf = malloc(len + 1);
        assert_non_null(buf);
        assert_int_equal(nq_format_solution(buf, len + 1, fmt, n, sols + i * (size_t)n, 0), len);
        text_put(&t, buf, len);
        free(buf);
    }
    text_puts(&t, nq_format_suffix(fmt));
    if (t.s == NULL)
        text_puts(&t, "");
    return t;
}

/* Pairwise check of every two queens (slow, obviously correct): 1 if cols is a solution. */
int ref_is_solution_pairwise(int n, const int *cols) {
    for (int r = 0; r < n; r++) {
        if (cols[r] < 0 || cols[r] >= n)
            return 0;
        for (int s = 0; s < r; s++)
            if (ref_attacks(s, cols[s], r, cols[r]))
                return 0;
    }
    return 1;
}

/* Occupancy marks for columns, diagonals and anti-diagonals: 1 if cols is a solution. */
int ref_is_solution_marks(int n, const int *cols) {
    size_t un = (size_t)n;
    unsigned char *col = calloc(5 * un, 1);
    assert_non_null(col);
    unsigned char *diag = col + un, *anti = diag + 2 * un;
    int ok = 1;
    for (size_t r = 0; r < un && ok; r++) {
        if (cols[r] < 0 || cols[r] >= n) {
            ok = 0;
            break;
        }
        size_t c = (size_t)cols[r];
        if (col[c] || diag[r + un - 1 - c] || anti[r + c])
            ok = 0;
        col[c] = diag[r + un - 1 - c] = anti[r + c] = 1;
    }
    free(col);
    return ok;
}

void ref_image(int n, int sym, const int *cols, int *out) {
    for (int r = 0; r < n; r++) {
        int c = cols[r], rr, cc;
        switch (sym) {
        case 0: /* identity */
            rr = r, cc = c;
            break;
        case 1: /* quarter turn clockwise */
            rr = c, cc = n - 1 - r;
            break;
        case 2: /* half turn */
            rr = n - 1 - r, cc = n - 1 - c;
            break;
        case 3: /* quarter turn anticlockwise */
            rr = n - 1 - c, cc = r;
            break;
        case 4: /* mirror: columns reversed */
            rr = r, cc = n - 1 - c;
            break;
        case 5: /* flip: rows reversed */
            rr = n - 1 - r, cc = c;
            break;
        case 6: /* transpose */
            rr = c, cc = r;
            break;
        default: /* anti-transpose */
            rr = n - 1 - c, cc = n - 1 - r;
            break;
        }
        out[rr] = cc;
    }
}

int ref_least_orbit(int n, const int *cols) {
    int img[64], same = 0;
    assert_true(n >= 1 && n <= 64);
    for (int sym = 0; sym < 8; sym++) {
        ref_image(n, sym, cols, img);
        int r = 0;
        while (r < n && img[r] == cols[r])
            r++;
        if (r == n)
            same++;
        else if (img[r] < cols[r])
            return 0;
    }
    return 8 / same;
}

/* Checks a solution both ways (pairwise only while cheap) and with nq_validate(). */
void assert_solution(int n, const int *cols) {
    if (n <= 300)
        assert_true(ref_is_solution_pairwise(n, cols));
    assert_true(ref_is_solution_marks(n, cols));
    nq_conflict conflict;
    assert_int_equal(nq_validate(n, cols, 0, &conflict), NQ_OK);
}

static int ref_skipped;

void ref_skip(const char *why) {
    const char *all = getenv("NQ_TEST_REQUIRE_ALL");
    if (all && strcmp(all, "1") == 0)
        fail_msg("%s (NQ_TEST_REQUIRE_ALL=1: scripts/setup.sh installs everything)", why);
    ref_skipped = 1;
    print_message("SKIP: %s\n", why);
    skip();
}

int ref_exit(int failed) {
    return failed ? failed : ref_skipped ? 77 : 0;
}

int *alloc_cols(int n) {
    int *cols = malloc((size_t)n * sizeof *cols);
    assert_non_null(cols);
    return cols;
}

void assert_same_counts(const nq_counts *a, const nq_counts *b) {
    assert_true(a->total == b->total);
    assert_true(a->unique == b->unique);
    assert_true(a->orbit8 == b->orbit8);
    assert_true(a->orbit4 == b->orbit4);
    assert_true(a->orbit2 == b->orbit2);
    assert_true(a->orbit1 == b->orbit1);
}
