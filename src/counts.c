/*
 * counts.c: what the results of a count are made of: their addition (nq_counts_add(), with which
 * every engine and the journal sum subproblems), and the counts known to mathematics, n = 1..27:
 * the total (OEIS A000170), the fundamental solutions (OEIS A002562), and their split by the size
 * of the symmetry class (8, 4, 2 or 1 members), derived from the OEIS tables as in
 * tests/data/counts.txt (which the unit tests compare with this table); n = 27 was completed in
 * 2016 by the Q27 project (TU Dresden).
 *
 * A count that can know its answer checks it (nq_known_check()): a finished count of n <= 27
 * that disagrees with the table was fed a damaged journal, or ran on faulty hardware, and must
 * not be shown as a result.
 */
#include "nqueens_advanced.h"

void nq_counts_add(nq_counts *acc, const nq_counts *x) {
    acc->total += x->total;
    acc->unique += x->unique;
    acc->orbit8 += x->orbit8;
    acc->orbit4 += x->orbit4;
    acc->orbit2 += x->orbit2;
    acc->orbit1 += x->orbit1;
    acc->nodes += x->nodes;
}

/* total, fundamental, orbit8, orbit4, orbit2, orbit1 */
static const uint64_t known_table[NQ_KNOWN_MAX_N][6] = {
    {1ull, 1ull, 0ull, 0ull, 0ull, 1ull},                                           /* n = 1 */
    {0ull, 0ull, 0ull, 0ull, 0ull, 0ull},                                           /* n = 2 */
    {0ull, 0ull, 0ull, 0ull, 0ull, 0ull},                                           /* n = 3 */
    {2ull, 1ull, 0ull, 0ull, 1ull, 0ull},                                           /* n = 4 */
    {10ull, 2ull, 1ull, 0ull, 1ull, 0ull},                                          /* n = 5 */
    {4ull, 1ull, 0ull, 1ull, 0ull, 0ull},                                           /* n = 6 */
    {40ull, 6ull, 4ull, 2ull, 0ull, 0ull},                                          /* n = 7 */
    {92ull, 12ull, 11ull, 1ull, 0ull, 0ull},                                        /* n = 8 */
    {352ull, 46ull, 42ull, 4ull, 0ull, 0ull},                                       /* n = 9 */
    {724ull, 92ull, 89ull, 3ull, 0ull, 0ull},                                       /* n = 10 */
    {2680ull, 341ull, 329ull, 12ull, 0ull, 0ull},                                   /* n = 11 */
    {14200ull, 1787ull, 1765ull, 18ull, 4ull, 0ull},                                /* n = 12 */
    {73712ull, 9233ull, 9197ull, 32ull, 4ull, 0ull},                                /* n = 13 */
    {365596ull, 45752ull, 45647ull, 105ull, 0ull, 0ull},                            /* n = 14 */
    {2279184ull, 285053ull, 284743ull, 310ull, 0ull, 0ull},                         /* n = 15 */
    {14772512ull, 1846955ull, 1846189ull, 734ull, 32ull, 0ull},                     /* n = 16 */
    {95815104ull, 11977939ull, 11975869ull, 2006ull, 64ull, 0ull},                  /* n = 17 */
    {666090624ull, 83263591ull, 83259065ull, 4526ull, 0ull, 0ull},                  /* n = 18 */
    {4968057848ull, 621012754ull, 621001708ull, 11046ull, 0ull, 0ull},              /* n = 19 */
    {39029188884ull, 4878666808ull, 4878630533ull, 36035ull, 240ull, 0ull},         /* n = 20 */
    {314666222712ull, 39333324973ull, 39333230881ull, 93740ull, 352ull, 0ull},      /* n = 21 */
    {2691008701644ull, 336376244042ull, 336375931369ull, 312673ull, 0ull, 0ull},    /* n = 22 */
    {24233937684440ull, 3029242658210ull, 3029241762900ull, 895310ull, 0ull, 0ull}, /* n = 23 */
    {227514171973736ull, 28439272956934ull, 28439270037332ull, 2917938ull, 1664ull,
     0ull}, /* n = 24 */
    {2207893435808352ull, 275986683743434ull, 275986675209470ull, 8532332ull, 1632ull,
     0ull}, /* n = 25 */
    {22317699616364044ull, 2789712466510289ull, 2789712437580722ull, 28929567ull, 0ull,
     0ull}, /* n = 26 */
    {234907967154122528ull, 29363495934315694ull, 29363495854214938ull, 80100756ull, 0ull,
     0ull}, /* n = 27 */
};

int nq_known_count(int n, nq_u128 *total, nq_u128 *unique) {
    if (n < 1)
        return NQ_EINVAL;
    if (n > NQ_KNOWN_MAX_N)
        return NQ_ERANGE;
    if (total)
        *total = known_table[n - 1][0];
    if (unique)
        *unique = known_table[n - 1][1];
    return NQ_OK;
}

int nq_known_counts(int n, nq_counts *out) {
    if (n < 1 || !out)
        return NQ_EINVAL;
    if (n > NQ_KNOWN_MAX_N)
        return NQ_ERANGE;
    const uint64_t *k = known_table[n - 1];
    out->total = k[0];
    out->unique = k[1];
    out->orbit8 = k[2];
    out->orbit4 = k[3];
    out->orbit2 = k[4];
    out->orbit1 = k[5];
    out->nodes = 0;
    return NQ_OK;
}

int nq_known_check(int n, const nq_counts *c) {
    if (n < 1 || n > NQ_MAX_N || !c)
        return NQ_EINVAL;
    nq_counts k;
    if (nq_known_counts(n, &k) != NQ_OK)
        return NQ_OK; /* not known: nothing to compare with */
    int same = c->total == k.total && c->unique == k.unique && c->orbit8 == k.orbit8 &&
               c->orbit4 == k.orbit4 && c->orbit2 == k.orbit2 && c->orbit1 == k.orbit1;
    return same ? NQ_OK : NQ_EWRONG;
}
