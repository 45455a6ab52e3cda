/*
 * complete_word.c: the one-word engine of the completion search (complete_word_body.h has it,
 * complete.c the method): its set-up, its portable build, and the run-time choice between that,
 * the x86-64-v3 build (complete_word_avx2.c) and the AVX-512 one (complete_word_avx512.c). The
 * choice is made once per call of the driver (word_setup(), from what the CPU reports through
 * nq_kernel_supported(), as the counting kernels are chosen: kernel.c) and kept in the state, so
 * one portable binary runs POPCNT and the vector placement where the CPU has them and the library
 * keeps no global state. On the hardest CSPLib problem 79 instances the x86-64-v3 build takes
 * about 1.4x less CPU than the portable one, and the AVX-512 build 1.3-1.7x less than that
 * (bench/RESULTS.md).
 */
#include <assert.h>
#include <stdlib.h>

#define WORD_SEARCH_ROOT word_search_root_generic
#define WORD_LEX         word_lex_generic
#include "complete_word_body.h"
#include "nqueens_advanced.h"

int word_build(int isa) {
#if defined(__x86_64__) && defined(NQ_HAVE_AVX512)
    if (isa >= 4 && nq_kernel_supported(NQ_KERNEL_AVX512)) {
        return 4;
    }
#endif
#if defined(__x86_64__) && defined(NQ_HAVE_AVX2)
    if (isa >= 3 && nq_kernel_supported(NQ_KERNEL_AVX2)) {
        return 3;
    }
#endif
    (void)isa;
    return 0;
}

int word_setup(complete_state *s) {
    int k = s->k, n = s->n;
    assert(k >= 1 && k <= 64 && s->w == 1);
    s->frames = malloc((size_t)(k + 2) * word_words(s) * sizeof *s->frames);
    s->cbit = calloc((size_t)(3 * n), sizeof *s->cbit);
    s->rbit = calloc((size_t)(3 * n), sizeof *s->rbit);
    s->cent = malloc((size_t)(2 * k) * sizeof *s->cent);
    s->vkey = calloc(64, sizeof *s->vkey);
    s->sums = s->sums_allowed && k <= 32 && s->row_of[k - 1] - s->row_of[0] == k - 1 &&
              s->col_of[k - 1] - s->col_of[0] == k - 1;
    if (!s->frames || !s->cbit || !s->rbit || !s->cent || !s->vkey) {
        return NQ_ENOMEM;
    }
    s->lookahead = s->sums ? s->lookahead : 0;
    if (s->sums && s->squares_from) {
        s->sq = malloc(WORD_SQ_ROOTS * sizeof *s->sq + 4096);
        if (!s->sq) {
            return NQ_ENOMEM;
        }
        for (int q = 0; q < 8; q++) {
            for (int v = 0; v < 256; v++) {
                int a = 0, b = 0;
                for (int bit = 0; bit < 8; bit++) {
                    int p = 8 * q + bit;
                    a += v >> bit & 1 ? p * p : 0;
                    b += v >> bit & 1 ? (p >> 1) * (p >> 1) : 0;
                }
                s->sq[q * 256 + v] = (uint16_t)a;
                s->sq[2048 + q * 256 + v] = (uint16_t)b;
            }
        }
        uint8_t *root = (uint8_t *)(s->sq + WORD_SQ_ROOTS); /* integer square roots */
        for (int r = 0; r < 64; r++) {
            for (int x = r * r; x < (r + 1) * (r + 1) && x < 4096; x++) {
                root[x] = (uint8_t)r;
            }
        }
        s->squares = s->squares_from;
    }
    s->word_search = word_search_root_generic;
    s->word_lex = word_lex_generic;
    switch (word_build(s->isa)) {
#if defined(__x86_64__) && defined(NQ_HAVE_AVX512)
    case 4:
        s->word_search = word_search_root_avx512;
        s->word_lex = word_lex_avx512;
        break;
#endif
#if defined(__x86_64__) && defined(NQ_HAVE_AVX2)
    case 3:
        s->word_search = word_search_root_avx2;
        s->word_lex = word_lex_avx2;
        break;
#endif
    default:
        break;
    }
    for (int x = 0; x < k; x++) {
        s->cent[x] = abs(2 * s->row_of[x] - (n - 1));
        s->cent[k + x] = abs(2 * s->col_of[x] - (n - 1));
        if (k <= 32) {
            s->vkey[x] = (uint64_t)s->cent[x] << 7 | (uint64_t)x;
            s->vkey[32 + x] = (uint64_t)s->cent[k + x] << 7 | 64 | (uint64_t)x;
        }
    }
    for (int x = 0; x < n; x++) {
        s->cbit[x + n] = s->cidx[x] >= 0 ? (uint64_t)1 << s->cidx[x] : 0;
        s->rbit[x + n] = s->ridx[x] >= 0 ? (uint64_t)1 << s->ridx[x] : 0;
    }
    uint64_t *f = word_frame(s, 0), all = k == 64 ? ~(uint64_t)0 : ((uint64_t)1 << k) - 1;
    f[0] = f[1] = all;
    for (int i = 0; i < k; i++) {
        f[2 + i] = s->rc[i];
        f[2 + k + i] = s->cr[i];
    }
    return NQ_OK;
}

int word_search_root(complete_state *s, int depth, int counting, int *witness) {
    assert(s->word_search);
    return s->word_search(s, depth, counting, witness);
}

int word_lex(complete_state *s, int row, const int *witness, complete_sink *out) {
    assert(s->word_lex);
    return s->word_lex(s, row, witness, out);
}
