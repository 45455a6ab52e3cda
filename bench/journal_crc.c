/*
 * journal_crc.c: the CRC-32 of the checkpoint journal, computed as the journal computes it (zlib's
 * crc32(), continuing the header's CRC over one record), against the bit-by-bit loop the journal
 * used before format 2, on the same realistic records. Both run in this process; the CPU time of
 * each is the best of 5 passes over 2,000,000 records, and their results must agree.
 * Usage: journal_crc [RECORDS]. Built with -O3 -march=native by bench/journal_crc.sh.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

/* The loop of format 1: CRC-32 (IEEE 802.3), one bit at a time, continuing crc. */
static uint32_t crc_bits(uint32_t crc, const char *p, size_t len) {
    crc = ~crc;
    for (size_t i = 0; i < len; i++) {
        crc ^= (uint8_t)p[i];
        for (int k = 0; k < 8; k++)
            crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

static uint32_t crc_zlib(uint32_t crc, const char *p, size_t len) {
    return (uint32_t)crc32((uLong)crc, (const Bytef *)p, (uInt)len);
}

static double cpu_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Best CPU time of 5 passes of f over the records; the XOR of the CRCs in *sum. */
static double run(uint32_t (*f)(uint32_t, const char *, size_t), uint32_t seed, char **rec,
                  const size_t *len, size_t k, uint32_t *sum) {
    double best = 1e9;
    for (int pass = 0; pass < 5; pass++) {
        uint32_t x = 0;
        double t0 = cpu_now();
        for (size_t i = 0; i < k; i++)
            x ^= f(seed, rec[i], len[i]);
        double t = cpu_now() - t0;
        if (t < best)
            best = t;
        *sum = x;
    }
    return best;
}

int main(int argc, char **argv) {
    size_t k = argc > 1 ? (size_t)strtoull(argv[1], NULL, 10) : 2000000;
    const char *header = "nqueens-journal 2 n=20 size=358728 library=0.2.0 id=0123456789abcdef "
                         "split=nq-split/2 corner-edge-bound n=20 depth=6 size=358728";
    uint32_t seed = crc_zlib(0, header, strlen(header));
    if (seed != crc_bits(0, header, strlen(header))) {
        fprintf(stderr, "journal_crc: the two CRCs disagree on the header\n");
        return 1;
    }
    char **rec = malloc(k * sizeof *rec);
    size_t *len = calloc(k, sizeof *len);
    if (!rec || !len)
        return 1;
    for (size_t i = 0; i < k; i++) { /* records of n = 20's size: 6 counts, nodes */
        char line[160];
        uint64_t t = 100000 + i * 7919 % 900000;
        int l = snprintf(line, sizeof line,
                         "r %zu %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 " 0 0 %" PRIu64, i, t,
                         t / 8, t / 8 - 3, (uint64_t)3, t * 11);
        rec[i] = malloc((size_t)l + 1);
        if (!rec[i])
            return 1;
        memcpy(rec[i], line, (size_t)l + 1);
        len[i] = (size_t)l;
    }
    uint32_t a, b;
    double tb = run(crc_bits, seed, rec, len, k, &a);
    double tz = run(crc_zlib, seed, rec, len, k, &b);
    if (a != b) {
        fprintf(stderr, "journal_crc: the two CRCs disagree\n");
        return 1;
    }
    double bytes = 0;
    for (size_t i = 0; i < k; i++)
        bytes += (double)len[i];
    printf("records: %zu, %.1f bytes each on average\n", k, bytes / (double)k);
    printf("bit loop (format 1): %.3f s CPU, %.0f ns a record\n", tb, tb / (double)k * 1e9);
    printf("zlib crc32():        %.3f s CPU, %.0f ns a record\n", tz, tz / (double)k * 1e9);
    printf("zlib is %.1f times as fast as the bit loop\n", tb / tz);
    for (size_t i = 0; i < k; i++)
        free(rec[i]);
    free(rec);
    free(len);
    return 0;
}
