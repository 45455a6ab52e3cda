/*
 * complete_word_avx512.c: the completion's one-word engine (complete_word_body.h) for x86-64-v4
 * with VPOPCNTDQ, the instruction sets of the AVX-512 counting kernel: besides what the x86-64-v3
 * build has, the placement updates the candidates of eight free rows or columns at once
 * (word_lines_vec(): their attacked cells by variable shifts, their counts by VPOPCNTQ, the line
 * to branch on by a masked minimum), where the free lines are runs (the diagonal sums rule's
 * instances, k <= 32). Compiled for them whatever the rest of the build targets
 * (cmake/kernels.cmake), and only called where word_setup() (complete_word.c) found them:
 * nq_kernel_supported(NQ_KERNEL_AVX512). Same nodes and answers as the other builds.
 */
#include "complete_engine.h"

#ifdef NQ_HAVE_AVX512
#if !(defined(__AVX512F__) && defined(__AVX512VL__) && defined(__AVX512VPOPCNTDQ__) &&             \
      defined(__POPCNT__) && defined(__BMI2__) && defined(__LZCNT__))
#error "complete_word_avx512.c must be compiled with its instruction sets (cmake/kernels.cmake)"
#endif

#define WORD_SEARCH_ROOT word_search_root_avx512
#define WORD_LEX         word_lex_avx512
#define WORD_VEC512
#include "complete_word_body.h"

#endif /* NQ_HAVE_AVX512: else word_setup() never names this file's entries */
