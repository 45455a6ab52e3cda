/*
 * complete.h: internal entry points of complete.c that choose the search engine, so that the
 * unit tests can run the general engine and the one-word engine (either build of it) on the same
 * instances.
 */
#ifndef NQ_COMPLETE_H
#define NQ_COMPLETE_H

#include "nqueens.h"

enum {
    COMPLETE_ENGINE_AUTO =
        0, /* the one-word engine when k <= 64 (and n <= 65536), else the general one */
    COMPLETE_ENGINE_GENERAL = 1,  /* always the general engine (bitsets of any width, trail) */
    COMPLETE_ENGINE_NOSUMS = 2,   /* as AUTO, without the one-word engine's diagonal sums rule */
    COMPLETE_ENGINE_PORTABLE = 3, /* as AUTO, the one-word engine's portable build even where the
                                     CPU runs its x86-64-v3 build (complete_word_avx2.c) */
    COMPLETE_ENGINE_NONEEDED = 4, /* as AUTO, the sums rule without its needed diagonals */
};

/* As nq_complete_first(), nq_complete_each() and nq_complete_count(), with an engine choice. */
int complete_first_with(const nq_instance *inst, int engine, int *cols, nq_conflict *conflict,
                        nq_complete_stats *stats);
int complete_each_with(const nq_instance *inst, int engine,
                       int (*fn)(void *user, int n, const int *cols), void *user,
                       nq_conflict *conflict, nq_complete_stats *stats);
int complete_count_with(const nq_instance *inst, int engine, nq_u128 *count, nq_conflict *conflict,
                        nq_complete_stats *stats);

/* 1 if the one-word engine runs its x86-64-v3 build under this engine choice, else 0 (its
 * portable build): the tests compare the two builds where the CPU has both. */
int complete_word_v3(int engine);

#endif /* NQ_COMPLETE_H */
