/*
 * complete_engine.h: what the completion driver (complete.c) shares with its two search engines:
 * the reduced problem (complete_state, built by the driver from an nq_instance), the engines'
 * results, the sink of the lexicographic walk, and the engines' entry points: the general engine
 * (complete_trail.c: multi-word bitsets with counts, cells undone from a trail; any k) and the
 * one-word engine (complete_word.c: one word a line, frames copied; k <= 64). The engines
 * depend on this header only, never on the driver.
 */
#ifndef NQ_COMPLETE_ENGINE_H
#define NQ_COMPLETE_ENGINE_H

#include <assert.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "nqueens.h"

/* The least count of unplaced rows after a placement at which the one-word engine applies the
 * squares rule (word_squares()) by default: below it the subtrees are too small for the rule to
 * save what it costs (bench/RESULTS.md, stop 51). */
#define WORD_SQUARES_FROM 14
/* The least count of unplaced rows at a node of the one-word engine's search (with the sums
 * rule) at which each of its candidate cells is first tried (word_lookahead()): only the top levels
 * of the largest boards, whose subtrees are big enough to repay it (bench/RESULTS.md, stop 53). */
#define WORD_LOOKAHEAD_FROM 19
/* Where the table of integer square roots starts in complete_state.sq (after 2 x 8 x 256). */
#define WORD_SQ_ROOTS 4096

#define COMPLETE_MAX_K NQ_COMPLETE_MAX_FREE /* cells are numbered i * k + j in 32 bits */

struct complete_sink;

typedef struct complete_state {
    int n;        /* board size */
    int k;        /* free rows = free columns */
    int w;        /* 64-bit words per bitset */
    int *row_of;  /* k: board row of free row i, increasing */
    int *col_of;  /* k: board column of free column j, increasing */
    int *cidx;    /* n: free column index of a board column, or -1 */
    int *ridx;    /* n: free row index of a board row, or -1 */
    uint64_t *rc; /* k * w: candidate free columns of each free row */
    uint64_t *cr; /* k * w: candidate free rows of each free column */
    int *rcnt;    /* k: candidates of each free row */
    int *ccnt;    /* k: candidates of each free column */
    int *place;   /* k: free column of the queen in free row i, or -1 */
    /* Sparse sets of the unplaced rows and columns: members in [0, nr), pos the inverse map. */
    int *rlist, *rpos, nr;
    int *clist, *cpos, nc;
    uint32_t *trail; /* removed cells i * k + j, undone in reverse */
    size_t tlen, tcap;
    int nomem;       /* set when the trail could not grow */
    uint64_t nodes;  /* queens placed */
    uint64_t probes; /* feasibility searches */
    nq_u128 count;   /* completions counted */
    /* The one-word engine (k <= 64): frames of 2 + 2k words, and the bit of the free column
     * (cbit) or free row (rbit) of a board column or row x, at index x + n for x in (-n, 2n). */
    uint64_t *frames;
    uint64_t *cbit, *rbit;
    int sums_allowed; /* set by the driver: the one-word engine may use the diagonal sums rule */
    int sums;         /* 1: it does (word_setup(): k <= 32, free rows and columns each a run) */
    int needed;       /* set by the driver: with the sums rule, branch first on the diagonals that
                         every completion needs (word_needed()) */
    int squares_from; /* set by the driver: 0, or the least count of unplaced rows after a
                         placement at which the one-word engine may use the squares rule */
    int squares;      /* the same where it does, after the sums rule (word_setup()), else 0 */
    int lookahead;    /* set by the driver: 0, or the least count of unplaced rows at a node at
                         which the one-word engine tries each candidate cell first
                         (word_lookahead()); word_setup() sets 0 without the sums rule */
    uint16_t *sq;     /* with squares: 2 x 8 x 256 byte tables, of p^2 then (p >> 1)^2 summed over
                         the bits p (0..63) that a byte of a word holds, then from WORD_SQ_ROOTS
                         4096 bytes: the integer square roots of 0..4095 */
    int lextop;       /* set by the driver: a probe whose first line is the walk's next row takes
                         its cells left to right (word_probe()) */
    int *cent; /* 2k: distance from the centre of free row i, then of free column j (times 2) */
    uint64_t *vkey; /* 64, with the sums rule (k <= 32): the constant part of the packed key of
                       word_place(), cent << 7 | line, of free row x at [x] and of free column x
                       (| 64) at [32 + x]; 0 past k */
    int isa;        /* set by the driver: the highest build of the one-word engine it may run, 4
                       (AVX-512), 3 (x86-64-v3) or 0 (portable); word_setup() runs the highest of them
                       that this build has and the CPU runs (word_build()) */
    /* The one-word engine's build that runs, chosen by word_setup() from what the CPU reports. */
    int (*word_search)(struct complete_state *s, int depth, int counting, int *witness);
    int (*word_lex)(struct complete_state *s, int row, const int *witness,
                    struct complete_sink *out);
    /* Threads (the one-word engine only; complete_par.c, the host build's). A search that has
     * not ended after `budget` nodes on the caller's thread is split into subtrees that
     * `threads` workers take in order, each with its own copy of this state. */
    int threads;      /* 1: the caller's thread alone */
    uint64_t budget;  /* nodes a search runs alone before it is split (0: split at once) */
    int split;        /* subtrees a split aims at (at least) */
    uint64_t poll_at; /* nodes at which the search calls complete_poll(); UINT64_MAX: never */
    const atomic_size_t *best; /* a worker's: the first subtree known to hold a completion */
    size_t task;               /* a worker's current subtree */
    const struct complete_runner *runner; /* runs the subtrees of a split (NULL: one thread) */
    int par_error; /* NQ_ETHREAD or NQ_ENOMEM when a split could not run (COMPLETE_NOMEM) */
} complete_state;

/* What an engine's search returns: go on (the subtree is exhausted), stop (a completion was
 * found, or the sink asked to stop), or an allocation failed; a split search's subtree also
 * gives up (abort) when its budget is spent or an earlier subtree holds a completion. */
enum { COMPLETE_GO = 0, COMPLETE_STOP = 1, COMPLETE_NOMEM = -1, COMPLETE_ABORT = 2 };

/* What the lexicographic walk does with each completion. */
typedef struct complete_sink {
    int (*fn)(void *user, int n, const int *cols);
    void *user;
    int *cols; /* n: the given queens, completed in place */
    int found; /* completions delivered */
} complete_sink;

/* complete_deliver() : hands the completion of the current placements (every free row placed)
 * to the sink. Returns COMPLETE_STOP if the sink asks to stop, else COMPLETE_GO. */
static inline int complete_deliver(const complete_state *s, complete_sink *out) {
    for (int i = 0; i < s->k; i++) {
        assert(s->place[i] >= 0 && s->place[i] < s->k);
        out->cols[s->row_of[i]] = s->col_of[s->place[i]];
    }
    out->found++;
    return out->fn(out->user, s->n, out->cols) ? COMPLETE_STOP : COMPLETE_GO;
}

/* ---- Threads ---- */

/* What a split hands the workers: solve(ws, t, ctx, witness) searches subtree t (0 <= t < ntasks)
 * on the worker's state ws and returns what the engine's search returns (a completion's free
 * columns in witness, k ints, on COMPLETE_STOP). */
typedef int (*complete_solve_fn)(complete_state *ws, size_t t, void *ctx, int *witness);

/* The runner of a split (complete_par.c, in the host build only: the page has no threads).
 * run() runs solve on subtrees 0 .. ntasks-1 on s->threads threads (the caller's among them),
 * each worker taking the next subtree in order, with its own copy of s (its own frames and
 * place[], shared tables; best and task set). Searching (counting == 0), the subtrees after one
 * that holds a completion are abandoned, and the answer is the completion of the first subtree
 * in order that holds one (a subtree is given up only for an earlier one's, so that one is found
 * by the search the caller's thread alone would make): its number in *winner (ntasks when none)
 * and its free columns in witness. Counting, the workers' counts are added to s->count. The
 * workers' nodes are added to s->nodes. Returns COMPLETE_STOP (a completion), COMPLETE_GO (none,
 * or counted), or COMPLETE_NOMEM with s->par_error set to NQ_ENOMEM or NQ_ETHREAD (the threads
 * could not be started). The one-word engine's states only (frames of 2 + 2k words). */
typedef struct complete_runner {
    int (*run)(complete_state *s, size_t ntasks, int counting, complete_solve_fn solve, void *ctx,
               size_t *winner, int *witness);
} complete_runner;

/* Nodes between a worker's looks at the other workers' progress. */
#define COMPLETE_POLL 2048

/* complete_poll() : called by a search when s->nodes reaches s->poll_at: 1 if it is to give up
 * (on the caller's thread: its budget is spent; in a worker: an earlier subtree holds a
 * completion), else 0 with poll_at moved on. */
static inline int complete_poll(complete_state *s) {
    if (!s->best || atomic_load_explicit(s->best, memory_order_relaxed) < s->task) {
        return 1;
    }
    s->poll_at = s->nodes + COMPLETE_POLL;
    return 0;
}

/* ---- The general engine (complete_trail.c) ---- */

/* trail_search() : the fewest-candidates search from the current state, which it leaves
 * unchanged. Counting (counting != 0) adds every completion to s->count and returns COMPLETE_GO;
 * otherwise it stops at the first completion (COMPLETE_STOP) and copies the free columns of its
 * rows into witness (k ints). COMPLETE_GO then means that no completion exists under the state:
 * the search is exhausted. COMPLETE_NOMEM (also s->nomem) if the trail cannot grow. */
int trail_search(complete_state *s, int counting, int *witness);

/* trail_lex() : the lexicographic walk from free row `row` on: delivers every completion under
 * the current state to out in lexicographic order, until the sink stops it. witness: NULL, or a
 * completion under the state (its free columns, from a probe) whose columns need no probe.
 * Returns COMPLETE_GO once every completion is delivered, COMPLETE_STOP, COMPLETE_NOMEM. */
int trail_lex(complete_state *s, int row, const int *witness, complete_sink *out);

/* ---- The one-word engine (complete_word.c), for 1 <= k <= 64 ---- */

/* word_build() : the build of the one-word engine that word_setup() runs when the driver allows
 * builds up to isa (as complete_state.isa): 4, the AVX-512 one (complete_word_avx512.c), where
 * isa >= 4, this build has it and the CPU runs nq_kernel_supported(NQ_KERNEL_AVX512); else 3,
 * the x86-64-v3 one (complete_word_avx2.c), where isa >= 3 and the same holds of
 * NQ_KERNEL_AVX2; else 0, the portable one. */
int word_build(int isa);

/* word_setup() : allocates the frames and index tables, fills frame 0 from s->rc and s->cr, and
 * chooses the engine's build (word_build(s->isa)). Returns NQ_OK or NQ_ENOMEM (what was
 * allocated is released by the driver's free). */
int word_setup(complete_state *s);

/* word_search_root() : as trail_search(), from frame depth, in the build word_setup() chose. */
int word_search_root(complete_state *s, int depth, int counting, int *witness);

/* word_lex() : as trail_lex(): free row `row` is fixed at frame `row`; the build word_setup()
 * chose. */
int word_lex(complete_state *s, int row, const int *witness, complete_sink *out);

/* The builds of the engine (complete_word_body.h): the portable one (complete_word.c) and, where
 * NQ_HAVE_AVX2 and NQ_HAVE_AVX512, the x86-64-v3 one (complete_word_avx2.c) and the AVX-512 one
 * (complete_word_avx512.c). Same nodes, same answers. */
int word_search_root_generic(complete_state *s, int depth, int counting, int *witness);
int word_lex_generic(complete_state *s, int row, const int *witness, complete_sink *out);
#if defined(__x86_64__) && defined(NQ_HAVE_AVX512)
int word_search_root_avx512(complete_state *s, int depth, int counting, int *witness);
int word_lex_avx512(complete_state *s, int row, const int *witness, complete_sink *out);
#endif
#if defined(__x86_64__) && defined(NQ_HAVE_AVX2)
int word_search_root_avx2(complete_state *s, int depth, int counting, int *witness);
int word_lex_avx2(complete_state *s, int row, const int *witness, complete_sink *out);
#endif

#endif /* NQ_COMPLETE_ENGINE_H */
