/*
 * complete.h: internal entry points of complete.c that choose the search engine, so that the
 * unit tests can run the general engine and the one-word engine (either build of it) on the same
 * instances.
 */
#ifndef NQ_COMPLETE_H
#define NQ_COMPLETE_H

#include "complete_engine.h"
#include "nqueens.h"

enum {
    COMPLETE_ENGINE_AUTO =
        0, /* the one-word engine when k <= 64 (and n <= 65536), else the general one */
    COMPLETE_ENGINE_GENERAL = 1,   /* always the general engine (bitsets of any width, trail) */
    COMPLETE_ENGINE_NOSUMS = 2,    /* as AUTO, without the one-word engine's diagonal sums rule */
    COMPLETE_ENGINE_PORTABLE = 3,  /* as AUTO, the one-word engine's portable build even where the
                                      CPU runs a vector build (complete_word_avx2.c, _avx512.c) */
    COMPLETE_ENGINE_NONEEDED = 4,  /* as AUTO, the sums rule without its needed diagonals */
    COMPLETE_ENGINE_NOLEX = 5,     /* as AUTO, a probe whose first line is the walk's next row
                                      takes its cells fewest first, not left to right */
    COMPLETE_ENGINE_V3 = 6,        /* as AUTO, the one-word engine's x86-64-v3 build (where the CPU
                                      runs it) even where the CPU runs its AVX-512 build */
    COMPLETE_ENGINE_NOSQUARES = 7, /* as AUTO, the sums rule without the squares rule */
    COMPLETE_ENGINE_NOLOOKAHEAD = 8, /* as AUTO, no candidate cell tried before branching */
    /* Or'ed with an engine: the squares rule at every placement that leaves two unplaced rows
     * or more, not only from WORD_SQUARES_FROM (complete_engine.h) on: for the tests, which run it
     * on small boards. */
    COMPLETE_SQUARES_ALL = 0x100,
    /* Or'ed with an engine: the look-ahead (word_lookahead()) at every node with two unplaced
     * rows or more, not only from WORD_LOOKAHEAD_FROM on: for the tests, on small boards. */
    COMPLETE_LOOKAHEAD_ALL = 0x200,
};

/* How a completion runs: the engine, and the threads of the one-word engine (complete_par.c). */
typedef struct complete_opts {
    int engine;      /* COMPLETE_ENGINE_* */
    int threads;     /* 1 .. NQ_MAX_THREADS (1: the caller's thread alone) */
    uint64_t budget; /* nodes a search runs alone before it is split (0: split at once) */
    int split;       /* subtrees a split aims at; 0: COMPLETE_SPLIT_PER_THREAD a thread */
    const complete_runner *runner; /* the threads' (complete_par_runner); NULL: one thread */
} complete_opts;

/* complete_par_runner : the runner of POSIX threads (complete_par.c; host build only). */
extern const complete_runner complete_par_runner;

/* The defaults of the public calls: a search is split once it has run this many nodes alone
 * (a few milliseconds: most probes end sooner, and a split costs the start of the threads),
 * into at least this many subtrees a thread (their sizes differ by orders of magnitude, so the
 * workers need many to end together). */
#define COMPLETE_BUDGET           20000
#define COMPLETE_SPLIT_PER_THREAD 32

/* As nq_complete_first_parallel(), nq_complete_each_parallel() and
 * nq_complete_count_parallel(), with the options o. */
int complete_first_opts(const nq_instance *inst, const complete_opts *o, int *cols,
                        nq_conflict *conflict, nq_complete_stats *stats);
int complete_each_opts(const nq_instance *inst, const complete_opts *o,
                       int (*fn)(void *user, int n, const int *cols), void *user,
                       nq_conflict *conflict, nq_complete_stats *stats);
int complete_count_opts(const nq_instance *inst, const complete_opts *o, nq_u128 *count,
                        nq_conflict *conflict, nq_complete_stats *stats);

/* As nq_complete_first(), nq_complete_each() and nq_complete_count(), with an engine choice. */
int complete_first_with(const nq_instance *inst, int engine, int *cols, nq_conflict *conflict,
                        nq_complete_stats *stats);
int complete_each_with(const nq_instance *inst, int engine,
                       int (*fn)(void *user, int n, const int *cols), void *user,
                       nq_conflict *conflict, nq_complete_stats *stats);
int complete_count_with(const nq_instance *inst, int engine, nq_u128 *count, nq_conflict *conflict,
                        nq_complete_stats *stats);

/* The build of the one-word engine that runs under this engine choice (word_build()): 4 the
 * AVX-512 one, 3 the x86-64-v3 one, 0 the portable one: the tests compare the builds the CPU has.
 */
int complete_word_build(int engine);

#endif /* NQ_COMPLETE_H */
