/*
 * complete_word_avx2.c: the completion's one-word engine (complete_word_body.h) for x86-64-v3,
 * the instruction sets of the AVX2 counting kernel: POPCNT (the pick of the fewest candidates and
 * the diagonal sums rule count bits at every node, a libgcc call in the portable build), TZCNT and
 * LZCNT (the walks over a word's bits) and BMI2 (shifts by a register). Compiled for them whatever
 * the rest of the build targets (cmake/kernels.cmake), and only called where word_setup()
 * (complete_word.c) found them: nq_kernel_supported(NQ_KERNEL_AVX2).
 */
#include "complete_engine.h"

#ifdef NQ_HAVE_AVX2
#if !(defined(__POPCNT__) && defined(__BMI__) && defined(__BMI2__) && defined(__LZCNT__))
#error "complete_word_avx2.c must be compiled with its instruction sets (cmake/kernels.cmake)"
#endif

#define WORD_SEARCH_ROOT word_search_root_avx2
#define WORD_LEX         word_lex_avx2
#include "complete_word_body.h"

#endif /* NQ_HAVE_AVX2: else word_setup() never names this file's entries */
