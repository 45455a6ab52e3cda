/*
 * nqueens.h: the public header of libnqueens, its simple tier: what a learner and the README's C
 * example need. The rest (placements and their symmetries, a count in numbered subproblems,
 * threads and stop flags, kernels, GPUs, the checkpoint journal, the readers and the checker
 * item by item, formats in parts and pictures, the traced search) is in nqueens_advanced.h,
 * which includes this header; nothing here needs it.
 *
 * The n-queens problem: place n queens on an n x n board so that no two share a row, a column,
 * a diagonal (row - col constant) or an anti-diagonal (row + col constant).
 *
 * Conventions used by every function of both headers:
 * - A placement is an array `cols` of length n with cols[row] = column, both 0-based; -1 marks an
 *   empty row where a function accepts partial placements. A solution is a full placement with no
 *   two queens attacking each other.
 * - Lexicographic order compares `cols` row by row; every listing is in that order.
 * - Status codes: NQ_OK (0) on success, a negative NQ_E* code on failure (nq_strerror() names it),
 *   and the positive codes NQ_DONE and NQ_STOPPED for "iteration finished" and "a callback asked
 *   to stop". A function that fails leaves its outputs untouched unless it says otherwise.
 * - No global mutable state: every function is thread-safe on distinct handles.
 * - Counts are 128-bit unsigned (nq_u128): the total for n = 29 already exceeds 2^64.
 *
 * The two tiers are as Lua's lua.h and lauxlib.h: this one holds the calls people come for, each
 * one call: count every solution on all cores (nq_count_parallel), list them (nq_search_*), find
 * one (nq_find_first, nq_construct, nq_minconflicts), complete a partial placement
 * (nq_complete_*), check one placement (nq_validate) or a text of solutions or claims
 * (nq_check_text) and format one solution (nq_format_solution), with the result and error types
 * they give. How each method works is written with its source; the headers state what each call
 * computes and promises.
 */
#ifndef NQUEENS_H
#define NQUEENS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define NQ_VERSION_MAJOR 0
#define NQ_VERSION_MINOR 4
#define NQ_VERSION_PATCH 0
/* NQ_VERSION_STRING : "MAJOR.MINOR.PATCH", made from the three numbers above (written once). */
#define NQ_VERSION_STR_(x)  #x
#define NQ_VERSION_XSTR_(x) NQ_VERSION_STR_(x)
#define NQ_VERSION_STRING                                                                          \
    NQ_VERSION_XSTR_(NQ_VERSION_MAJOR)                                                             \
    "." NQ_VERSION_XSTR_(NQ_VERSION_MINOR) "." NQ_VERSION_XSTR_(NQ_VERSION_PATCH)
/* NQ_VERSION_NUMBER : MAJOR * 10000 + MINOR * 100 + PATCH (0.1.0 is 100), for #if tests. */
#define NQ_VERSION_NUMBER (NQ_VERSION_MAJOR * 10000 + NQ_VERSION_MINOR * 100 + NQ_VERSION_PATCH)

/* NQ_API : marks what the shared library exports. The library is built with hidden visibility, so
 * that libnqueens.so exports the nq_ functions below and nothing else. */
#ifndef NQ_API
#if defined(__GNUC__) && __GNUC__ >= 4
#define NQ_API __attribute__((visibility("default")))
#else
#define NQ_API
#endif
#endif

/* NQ_MAX_N : the largest n of the exhaustive operations (search, count): one 64-bit word a row. */
#define NQ_MAX_N 64

/* nq_u128 : unsigned 128-bit count (GCC and Clang). */
__extension__ typedef unsigned __int128 nq_u128;

/* Status codes. */
enum {
    NQ_OK = 0,
    NQ_DONE = 1,       /* an iterator has no more items */
    NQ_STOPPED = 2,    /* a callback or a stop flag ended the operation early */
    NQ_EINVAL = -1,    /* an argument is out of range or NULL */
    NQ_ENOMEM = -2,    /* memory could not be allocated */
    NQ_ERANGE = -3,    /* a number does not fit (n too large for the operation, overflow) */
    NQ_ENOSOL = -4,    /* there is no solution (n = 2 or 3, or no completion) */
    NQ_ECONFLICT = -5, /* two given queens attack each other */
    NQ_EPARSE = -6,    /* malformed input text */
    NQ_EIO = -7,       /* a read, write or sync failed (the function's os_error tells more) */
    NQ_EMISMATCH = -8, /* a journal belongs to another n, split or version */
    NQ_ECORRUPT = -9,  /* a journal or input is corrupted */
    NQ_EFAIL = -10,    /* a bounded heuristic search gave up without an answer */
    NQ_EBUSY = -11,    /* a journal is in use by another running count (its lock is held) */
    NQ_ETHREAD = -12,  /* the threads of a count could not be started (memory, thread limits) */
    NQ_ENODEV = -13,   /* no GPU to count on (none, no driver, or a library built without CUDA) */
    NQ_EDEVICE = -14,  /* a GPU or its driver reported an error during a count */
    NQ_EWRONG = -15,   /* a finished count disagrees with the known counts (journal or hardware) */
};

/* nq_version() :
 * @return the library version as "MAJOR.MINOR.PATCH", equal to NQ_VERSION_STRING of the header
 *         the library was built with. */
NQ_API const char *nq_version(void);

/* nq_strerror() :
 * @return a static, human-readable description of a status code (never NULL; unknown codes give
 *         "unknown status"). */
NQ_API const char *nq_strerror(int status);

/* nq_u128_to_string() :
 * Writes v in decimal into buf (at most 40 characters plus the terminating NUL).
 * @param buf  caller-owned, at least 41 bytes.
 * @return buf. */
NQ_API char *nq_u128_to_string(nq_u128 v, char buf[41]);

/* ========================================================================================== */
/* THE CALLS PEOPLE COME FOR: count, list, find, complete, check, format                      */
/* ========================================================================================== */

/* Two queens that attack each other (defined below, with what the results say). */
typedef struct nq_conflict nq_conflict;

/* ---- Count every solution, on all cores -------------------------------------------------- */

/* The result of a count or of one subproblem. All fields add up over subproblems. */
typedef struct nq_counts {
    nq_u128 total;  /* all solutions (OEIS A000170) */
    nq_u128 unique; /* fundamental solutions (OEIS A002562) = orbit8 + orbit4 + orbit2 + orbit1 */
    nq_u128 orbit8; /* fundamental solutions whose class has 8 members */
    nq_u128 orbit4; /* ... 4 members */
    nq_u128 orbit2; /* ... 2 members */
    nq_u128 orbit1; /* ... 1 member (only n = 1) */
    uint64_t nodes; /* queens placed by the search below the subproblems' queens that passed
                     * the forward check (the last queen of each solution included) */
} nq_counts;

/* nq_count_parallel() :
 * nq_count() on `threads` worker threads (POSIX threads, the caller's among them), 0 = all the
 * processors this process may run on (nq_count_threads()): the same counts whatever the number.
 * @param n        1 <= n <= NQ_MAX_N.
 * @param threads  0 <= threads <= NQ_MAX_THREADS.
 * @param out      receives the counts (all fields).
 * @return NQ_OK; NQ_EINVAL (n or threads out of range, out NULL); NQ_ETHREAD (the threads could
 *         not be started: nothing computed); NQ_ENOMEM; NQ_EWRONG (as nq_count()). */
NQ_API int nq_count_parallel(int n, int threads, nq_counts *out);

/* nq_count() :
 * Counts all and fundamental solutions of the n-queens problem, with the orbit breakdown, on
 * one thread (the subproblems of nq_split_new() one after another), with the fastest kernel
 * this CPU runs.
 * @param n    1 <= n <= NQ_MAX_N (under a second at n = 16 on one core; each n + 1 takes about 7
 *             times longer, so beyond about 20 this takes hours or years).
 * @param out  receives the counts (all fields).
 * @return NQ_OK, NQ_EINVAL (n out of range or out NULL), NQ_ENOMEM; NQ_EWRONG if the result
 *         disagrees with the known counts (nq_known_check(), n <= NQ_KNOWN_MAX_N: faulty
 *         hardware; out untouched). */
NQ_API int nq_count(int n, nq_counts *out);

/* ---- List every solution, in lexicographic order ----------------------------------------- */

typedef struct nq_search nq_search; /* opaque; one per search, not shared between threads */

/* Flags of nq_search_new(). */
#define NQ_SEARCH_UNIQUE 1u /* yield only fundamental solutions (each the least of its class) */

/* nq_search_new() :
 * Starts an iterative (no recursion) bitboard backtracking search over the solutions of the
 * n-queens problem, rows filled top to bottom and columns tried left to right, so solutions come
 * in lexicographic order. Optionally only the solutions that begin with a given prefix.
 * @param n       board size, 1 <= n <= NQ_MAX_N.
 * @param prefix  the columns of rows 0..k-1 that every yielded solution must have; NULL if k = 0.
 * @param k       prefix length, 0 <= k <= n. An attacked or out-of-range prefix yields nothing.
 * @param flags   0 or NQ_SEARCH_UNIQUE.
 * @param out     receives the handle; free it with nq_search_free().
 * @return NQ_OK, NQ_EINVAL (n or k out of range, out NULL, prefix NULL with k > 0), NQ_ENOMEM. */
NQ_API int nq_search_new(int n, const int *prefix, int k, unsigned flags, nq_search **out);

/* nq_search_next() :
 * Advances to the next solution.
 * @param cols  receives the solution's n columns.
 * @return NQ_OK with a solution in cols, NQ_DONE when there are no more (cols untouched),
 *         NQ_EINVAL if s or cols is NULL. */
NQ_API int nq_search_next(nq_search *s, int *cols);

/* nq_search_free() : releases a search; NULL is accepted. */
NQ_API void nq_search_free(nq_search *s);

/* ---- Find one solution ------------------------------------------------------------------- */

/* nq_find_first() :
 * Computes the lexicographically first solution by backtracking. The cost grows erratically with
 * n (56 million nodes at n = 30); for large n use nq_construct().
 * @param n      1 <= n <= NQ_MAX_N.
 * @param cols   receives n columns.
 * @param nodes  receives the number of nodes visited; may be NULL.
 * @return NQ_OK, NQ_ENOSOL (n = 2 or 3), NQ_EINVAL, NQ_ENOMEM. */
NQ_API int nq_find_first(int n, int *cols, uint64_t *nodes);

/* nq_construct() :
 * Writes an explicit solution of the n-queens problem in O(n) time and no extra memory, for every
 * n >= 4 and for n = 1. This is the classical closed-form construction of Hoffman, Loessi and Moore
 * (1969), in the form surveyed by Bernhardsson (1991, SIGART Bulletin 2(2)), with 1-based rows i:
 * - n even, n mod 6 != 2: queen (i, 2i) and (n/2 + i, 2i - 1) for i = 1..n/2 (the "even columns,
 *   then odd columns" pattern);
 * - n even, n mod 6 = 2 (where that pattern fails): queen (i, 1 + (2(i-1) + n/2 - 1) mod n) and
 *   (n + 1 - i, n - (2(i-1) + n/2 - 1) mod n) for i = 1..n/2;
 * - n odd: the solution for n - 1, which leaves the main diagonal empty, plus a queen at (n, n).
 * The result is the same on every call and every machine.
 * @param n     board size, 1 <= n (any int; the answer needs n entries of memory).
 * @param cols  receives n entries, cols[row] = column, 0-based.
 * @return NQ_OK; NQ_ENOSOL for n = 2 or 3 (cols untouched); NQ_EINVAL if n < 1 or cols is NULL. */
NQ_API int nq_construct(int n, int *cols);

/* Statistics of a min-conflicts run, filled in by nq_minconflicts(). */
typedef struct nq_mc_stats {
    uint64_t tries;          /* initial placements made (1 + restarts) */
    uint64_t init_conflicts; /* attacks left by the last greedy placement: the sum over all
                                diagonals and anti-diagonals of (queens on it - 1), if > 0 */
    uint64_t init_probes;    /* candidate columns examined by the greedy placements, all tries */
    uint64_t evaluations;    /* candidate swaps evaluated by the repair phases, all tries */
    uint64_t swaps;          /* swaps made (those that lowered the number of attacks) */
} nq_mc_stats;

/* nq_minconflicts() :
 * Finds a pseudo-random solution of the n-queens problem by min-conflicts local search: the
 * permutation-and-swap method of Sosic and Gu (1990, 1991: "QS4", a greedy initial placement that
 * tries random free columns row by row and leaves only a few rows in conflict, then swaps of a
 * queen under attack with a random queen whenever the swap lowers the number of attacks), which is
 * the permutation form of the min-conflicts heuristic of Minton, Johnston, Philips and Laird
 * (1992). Counters of queens per diagonal and anti-diagonal make every probe and every swap O(1);
 * the whole run takes O(n) time in practice (about 3 probes a row, a few swaps per thousand
 * rows), and besides cols it allocates about 4n bytes (see nq_minconflicts_memory()).
 * The answer depends only on n, seed and max_work: the generator is our own (splitmix64 and
 * xoshiro256**, with unbiased bounded draws in integer arithmetic), so a seed gives the same
 * solution on every machine and in every build.
 * The search is bounded: when a try stalls it restarts from a new placement (same seed stream), and
 * once max_work probes and evaluations are spent it gives up.
 * @param n         board size, 1 <= n (any int that fits in memory).
 * @param seed      any 64-bit value.
 * @param max_work  the budget of probes plus swap evaluations over all tries; 0 for the default
 *                  (enough for every n in practice: 200 n + 10^7).
 * @param cols      receives n entries, cols[row] = column, 0-based; on failure unspecified.
 * @param stats     receives the statistics of the run, on success and on NQ_EFAIL; may be NULL.
 * @return NQ_OK with a solution in cols; NQ_ENOSOL for n = 2 or 3 (at once); NQ_EFAIL if the
 *         budget ran out (never observed with the default); NQ_EINVAL if n < 1 or cols is NULL;
 *         NQ_ENOMEM if the working memory could not be allocated. Thread-safe. */
NQ_API int nq_minconflicts(int n, uint64_t seed, uint64_t max_work, int *cols, nq_mc_stats *stats);

/* ---- Complete a partial placement, or prove that none exists ----------------------------- */

/* nq_instance : a completion problem on an n x n board: queens already placed, cells where no
 * queen may stand, and excluded diagonals (CSPLib problem 79). Opaque: build one with
 * nq_instance_new() and the setters below, or with a reader; release it with nq_instance_free(). */
typedef struct nq_instance nq_instance;

/* NQ_INSTANCE_MAX_N : the largest board an instance may describe (memory grows as O(n) for the
 * instance; the engine's memory grows as k^2 bits for k free rows). */
#define NQ_INSTANCE_MAX_N (1 << 20)

/* nq_instance_parse_queens() :
 * Reads given queens in the `pairs` notation, "r-c, r-c, ..." (0-based; commas and spaces
 * separate; a final "." as written by the pairs format is accepted; an empty list is allowed)
 * into a new instance of size n. Errors and outputs as nq_instance_parse(); the column of a
 * message counts characters of spec from 1. */
NQ_API int nq_instance_parse_queens(const char *spec, int n, nq_instance **out,
                                    nq_conflict *conflict, char *err, size_t errcap);

/* nq_instance_parse() :
 * Reads an instance from text, detecting its format:
 * - a board: n lines of n cells, `Q` a given queen, `.` or `_` a free cell, `x` or `X` a blocked
 *   cell; spaces and tabs between cells are ignored (so the `grid` format reads too);
 * - statements `NAME = VALUE` (MiniZinc data, `;` optional) or `letting NAME = VALUE` /
 *   `letting NAME be VALUE` (Essence), with `%`, `$`, `#` and `//` comments, where NAME is one of
 *   `n` (board size), `numdiags` and `diags` (CSPLib problem 79 excluded diagonals: pairs [i, t],
 *   see nq_instance_exclude(); numdiags must equal the number of pairs) and `init` (given queens
 *   as 0-based pairs [row, col]).
 * Lines may end in LF, CR LF or a bare CR, all alike, the last one with none.
 * @param text       the input, len bytes (need not be NUL-terminated).
 * @param n          the expected board size, or 0 to take it from the text.
 * @param max_diags  use only the first max_diags pairs of `diags` (the instance's D prefix, as in
 *                   the experiments of Gent, Jefferson and Nightingale); -1 for all of them. A
 *                   text without `diags` (a board, or statements without it) has no prefix to
 *                   take: any max_diags >= 0, 0 included, is NQ_EPARSE.
 * @param out        receives a new instance (free it with nq_instance_free()) when NQ_OK.
 * @param conflict   receives two given queens in one row when NQ_ECONFLICT; may be NULL.
 * @param err        receives a one-line message "line L, column C: ..." on NQ_EPARSE or
 *                   NQ_EMISMATCH; may be NULL; errcap bytes including the NUL.
 * @return NQ_OK; NQ_EPARSE (malformed text, a number out of range, no size, max_diags larger
 *         than the number of pairs, max_diags >= 0 without `diags`); NQ_EMISMATCH (n given and the
 * text states another size); NQ_ECONFLICT; NQ_EINVAL (NULL text or out, n or max_diags out of
 * range); NQ_ENOMEM. */
NQ_API int nq_instance_parse(const char *text, size_t len, int n, long max_diags, nq_instance **out,
                             nq_conflict *conflict, char *err, size_t errcap);

/* nq_instance_free() : releases an instance; NULL is accepted. */
NQ_API void nq_instance_free(nq_instance *inst);

/* Statistics of a completion run. */
typedef struct nq_complete_stats {
    uint64_t nodes;  /* queens placed by the search (all sub-searches together) */
    uint64_t probes; /* feasibility searches run to pick the lexicographically first completion */
    int free_rows;   /* k: rows (and columns) left free by the given queens */
} nq_complete_stats;

/* NQ_COMPLETE_MAX_FREE : the most free rows (rows without a given queen) that the completion
 * engine searches; an instance with more is refused with NQ_ERANGE. */
#define NQ_COMPLETE_MAX_FREE 65535

/* nq_complete_first() :
 * Computes the lexicographically first completion of an instance, or proves that none exists
 * (the decision problem is NP-complete: Gent, Jefferson and Nightingale, "Complexity of n-Queens
 * Completion", JAIR 59, 2017). The free rows, free columns and allowed cells are extracted, then a
 * search on bitsets of any width picks at each step the row or column with the fewest candidates,
 * with forward checking; rows are then fixed in increasing order, each candidate column first
 * tested by that search. Memory O(k^2) bytes (at most about 4k^2) for k free
 * rows, k <= NQ_COMPLETE_MAX_FREE.
 * @param cols      receives n columns (the given queens and the placed ones) when NQ_OK.
 * @param conflict  receives the first two given queens that attack each other (earliest later
 *                  row, then column before diagonal before anti-diagonal) on NQ_ECONFLICT.
 * @param stats     receives the statistics; may be NULL.
 * @return NQ_OK; NQ_ENOSOL if no completion exists (also when a given queen stands on a blocked
 *         cell or an excluded diagonal); NQ_ECONFLICT; NQ_EINVAL (NULL or inconsistent instance);
 *         NQ_ERANGE (more than NQ_COMPLETE_MAX_FREE free rows); NQ_ENOMEM. */
NQ_API int nq_complete_first(const nq_instance *inst, int *cols, nq_conflict *conflict,
                             nq_complete_stats *stats);

/* nq_complete_count() :
 * Counts all completions (each full solution that extends the instance), 128-bit, by the same
 * fewest-candidates search with forward checking. Errors as nq_complete_first(), except that no
 * completion is a count of 0 with NQ_OK. */
NQ_API int nq_complete_count(const nq_instance *inst, nq_u128 *count, nq_conflict *conflict,
                             nq_complete_stats *stats);

/* nq_complete_each() :
 * Calls fn(user, n, cols) for every completion in lexicographic order (cols holds n columns and
 * is valid during the call only); a non-zero return stops the listing.
 * @return NQ_OK after the last one (NQ_ENOSOL if there was none), NQ_STOPPED if fn stopped it,
 *         or the errors of nq_complete_first(). */
NQ_API int nq_complete_each(const nq_instance *inst, int (*fn)(void *user, int n, const int *cols),
                            void *user, nq_conflict *conflict, nq_complete_stats *stats);

/* ---- Check a text of solutions or claims ------------------------------------------------- */

/* The judgement of a whole text (nq_check_text()). */
typedef struct nq_check_result {
    int right;      /* 1 if every item is right: no wrong item, no duplicate, read to the end */
    int format;     /* the input format read (the detected one with NQ_INPUT_AUTO) */
    int n;          /* the board size of the (first) list; 0 if unknown */
    int groups;     /* lists judged: 1, or the cases of a `cases` output */
    uint64_t items; /* items read */
    uint64_t valid; /* distinct solutions, over every list */
    uint64_t wrong; /* items not valid: attack, incomplete, size, malformed, wrong claim */
    uint64_t duplicates;  /* solutions listed again */
    uint64_t unchecked;   /* claims that could not be judged (n unknown, or beyond n = 27) */
    int complete;         /* 1 if every list holds exactly the solutions of its n (OEIS A000170) */
    int ordered;          /* 1 if every list is in strictly increasing lexicographic order */
    int first_kind;       /* the first item that is wrong or a duplicate: its nq_verdict_kind, */
    uint64_t first_index; /* its 1-based number in the text, */
    int first_line;       /* and its 1-based line; 0 if there is none */
    int stopped_line;     /* 0, or the line where the text could not be read on (an undetectable
                             format, broken JSON): the items before it were judged */
} nq_check_result;

/* nq_check_text() :
 * Judges a whole text of solutions or claims in any of the readers' formats, as `nqueens check`
 * does: each item (validity with the first two attacking queens, completeness, size, duplicates,
 * claims against the known counts), and each list (complete against OEIS A000170, in
 * lexicographic order). The advanced tier's readers and checker do the same item by item.
 * @param text    the input, len bytes (need not be NUL-terminated; NULL only with len 0).
 * @param format  an input format (nq_format value, NQ_INPUT_CASES, NQ_INPUT_COUNT), or
 *                NQ_INPUT_AUTO to detect it.
 * @param n       the board size to insist on (and to assume where the text does not state it),
 *                or 0; 0 <= n <= NQ_PARSE_MAX_N.
 * @param out     receives the judgement.
 * @return NQ_OK (out->right says whether all is right); NQ_EINVAL (NULL pointers, an unknown
 *         format, n out of range); NQ_ENOMEM. */
NQ_API int nq_check_text(const char *text, size_t len, int format, int n, nq_check_result *out);

/* ---- Format one solution ----------------------------------------------------------------- */

/* The output formats. Examples for n = 4, cols = {1, 3, 0, 2}. */
typedef enum nq_format {
    NQ_FMT_COLS = 0, /* "1 3 0 2\n" */
    NQ_FMT_PAIRS,    /* "0-1, 1-3, 2-0, 3-2, .\n" (row-col pairs) */
    NQ_FMT_BOARD,    /* ".Q..\n...Q\nQ...\n..Q.\n\n" (n lines, then a blank line) */
    NQ_FMT_JSON,     /* "[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"]" (one element of the run's array) */
    NQ_FMT_JSONL,    /* "{\"n\":4,\"cols\":[1,3,0,2]}\n" */
    NQ_FMT_GRID,     /* "_ Q _ _ \n_ _ _ Q \nQ _ _ _ \n_ _ Q _ \n\n" (each cell then a space) */
    NQ_FMT_PERM,     /* "[2 4 1 3 ]\n" (1-based columns, each followed by a space) */
    NQ_FMT_MATRIX,   /* "0 1 0 0\n0 0 0 1\n1 0 0 0\n0 0 1 0\n\n" (0/1, then a blank line) */
    NQ_FMT_SVG,      /* a picture; see the SVG section */
} nq_format;
#define NQ_FORMATS 9

/* Flags of nq_format_solution(). */
#define NQ_FMT_COLUMN_MAJOR 1u /* print the transposed board (queen (r, c) drawn at (c, r)) */
#define NQ_FMT_NO_END       2u /* omit the final newline or blank line (perm in `cases`) */

/* nq_format_name() / nq_format_parse() :
 * Map between a format and its command-line name ("cols", "pairs", "board", "json", "jsonl",
 * "grid", "perm", "matrix", "svg").
 * nq_format_parse() @return NQ_OK, or NQ_EINVAL if the name is unknown or a pointer is NULL. */
NQ_API const char *nq_format_name(nq_format fmt);
NQ_API int nq_format_parse(const char *name, nq_format *fmt);

/* nq_format_solution() :
 * Writes one solution in a text format (not NQ_FMT_SVG), snprintf-style: at most cap bytes
 * including a terminating NUL; the result is always terminated when cap > 0.
 * @param n     board size, n >= 1.
 * @param cols  n entries in [0, n); with NQ_FMT_COLUMN_MAJOR a permutation.
 * @param flags NQ_FMT_COLUMN_MAJOR, NQ_FMT_NO_END.
 * @return the length of the full text (excluding the NUL), so a call with cap 0 sizes the buffer;
 *         0 if an argument is invalid (fmt is NQ_FMT_SVG or no format, n < 1, cols NULL, an entry
 *         out of range, a flag other than these two, NQ_FMT_COLUMN_MAJOR with cols no
 *         permutation), or if, with NQ_FMT_COLUMN_MAJOR and n > NQ_MAX_N, the n ints of the
 *         transpose cannot be allocated (the one allocation: none otherwise). */
NQ_API size_t nq_format_solution(char *buf, size_t cap, nq_format fmt, int n, const int *cols,
                                 unsigned flags);

/* ---- What the results say: attacks, verdicts, input formats ----------------------------- */

/* How two queens attack each other. */
typedef enum nq_attack {
    NQ_ATTACK_NONE = 0,
    NQ_ATTACK_ROW,          /* same row (only possible in inputs that list queens as cells) */
    NQ_ATTACK_COLUMN,       /* same column */
    NQ_ATTACK_DIAGONAL,     /* same diagonal: row - col equal */
    NQ_ATTACK_ANTIDIAGONAL, /* same anti-diagonal: row + col equal */
} nq_attack;

/* The first two attacking queens found by nq_validate(). */
struct nq_conflict {
    int row1, col1; /* the earlier queen (smaller row), 0-based */
    int row2, col2; /* the later queen, 0-based; row2 > row1 */
    nq_attack kind; /* how they attack each other */
};

/* nq_attack_name() :
 * @return "none", "row", "column", "diagonal" or "anti-diagonal"; "unknown" for a value that is
 *         no nq_attack. */
NQ_API const char *nq_attack_name(nq_attack kind);

/* nq_validate() :
 * Checks a placement in O(n) time and O(n) memory, for any n >= 1 that fits in memory.
 * Rows are scanned in increasing order; the first row whose queen is attacked by a queen of an
 * earlier row is reported together with that earlier queen (the earliest such row, and for it the
 * attack found first in the order column, diagonal, anti-diagonal).
 * @param n        board size, n >= 1.
 * @param cols     n entries; cols[row] in [0, n), or -1 (empty row) when partial_ok is non-zero.
 * @param partial_ok  non-zero to accept empty rows (-1) in a partial placement.
 * @param conflict receives the first two attacking queens when NQ_ECONFLICT is returned; may be
 * NULL.
 * @return NQ_OK if no two queens attack each other (and, unless partial_ok, every row has a queen);
 *         NQ_ECONFLICT if two queens attack each other; NQ_EINVAL if n < 1, cols is NULL, an entry
 *         is out of range, or an empty row is given without partial_ok; NQ_ENOMEM. */
NQ_API int nq_validate(int n, const int *cols, int partial_ok, nq_conflict *conflict);

/* Input formats of the readers: every text nq_format (not NQ_FMT_SVG), plus these. */
#define NQ_INPUT_AUTO (-1) /* detect the format from the text (nq_input_detect()) */
/* NQ_INPUT_CASES: a whole `cases` output: in perm one line per case, "[2 4 1 3 ] [3 1 4 2 ]" or
 * "-1"; in the other formats `cases` writes (cols, pairs, jsonl, board, grid, matrix; told from
 * the first line that is not "-1"), the cases follow each other and a case ends at a "-1", where
 * the size changes, or where the lexicographic order starts again (nq_item.group numbers them). */
#define NQ_INPUT_CASES 100
#define NQ_INPUT_COUNT 101 /* count claims, one a line: "COUNT" (n given apart) or "N COUNT" */

/* NQ_PARSE_MAX_N : the largest board size the readers accept (it bounds the memory a checker
 * allocates for one item). */
#define NQ_PARSE_MAX_N (1 << 24)

/* The judgement of one item. */
typedef enum nq_verdict_kind {
    NQ_VERDICT_VALID = 0,   /* a solution */
    NQ_VERDICT_ATTACK,      /* two queens attack each other: `conflict` names the first two */
    NQ_VERDICT_INCOMPLETE,  /* no attack, but fewer than n queens: `row` is the first empty row */
    NQ_VERDICT_SIZE,        /* a board or claim of another size than the list's (`list_n`) */
    NQ_VERDICT_MALFORMED,   /* unreadable item (the item's error, line and column) */
    NQ_VERDICT_DUPLICATE,   /* a solution, but listed before as item `dup_of` (at `dup_line`) */
    NQ_VERDICT_CLAIM_RIGHT, /* a "-1" or count claim that is true */
    NQ_VERDICT_CLAIM_WRONG, /* a "-1" or count claim that is false: `known_total`/`known_unique` */
    NQ_VERDICT_CLAIM_UNKNOWN, /* a claim that cannot be judged (n unknown, or count beyond n = 27)
                               */
} nq_verdict_kind;

#ifdef __cplusplus
}
#endif

#endif /* NQUEENS_H */
