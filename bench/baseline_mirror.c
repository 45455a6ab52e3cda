/*
 * baseline_mirror.c: the classic n-queens counter most people would write, as the baseline of
 * bench/count.sh: recursive bitboard backtracking (one word each for the used columns, diagonals
 * and anti-diagonals), using only the left-right mirror symmetry: the first row's queen in the
 * left half, counted twice, plus the middle column once for odd n. Counts the total only (the
 * mirror cannot tell fundamental solutions apart).
 * Usage: baseline_mirror N   prints "N total nodes seconds".
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static uint64_t all;   /* the n columns */
static uint64_t nodes; /* queens placed */

static uint64_t place(uint64_t left, uint64_t down, uint64_t right) {
    if (down == all)
        return 1;
    uint64_t count = 0;
    uint64_t avail = all & ~(left | down | right);
    while (avail) {
        uint64_t bit = avail & (0 - avail);
        avail ^= bit;
        nodes++;
        count += place((left | bit) << 1, down | bit, (right | bit) >> 1);
    }
    return count;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 0;
    if (n < 1 || n > 63) {
        fprintf(stderr, "usage: baseline_mirror N (1 <= N <= 63)\n");
        return 2;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    all = ((uint64_t)1 << n) - 1;
    uint64_t total = 0;
    for (int c = 0; c < n / 2; c++) {
        uint64_t bit = (uint64_t)1 << c;
        nodes++;
        total += 2 * place(bit << 1, bit, bit >> 1);
    }
    if (n % 2) {
        uint64_t bit = (uint64_t)1 << (n / 2);
        nodes++;
        total += place(bit << 1, bit, bit >> 1);
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    printf("%d %llu %llu %.6f\n", n, (unsigned long long)total, (unsigned long long)nodes, s);
    return 0;
}
