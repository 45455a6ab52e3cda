/*
 * nqueens_advanced.h: the advanced tier of libnqueens's public API, for programs that need more
 * than the simple tier (nqueens.h, which this header includes): placements and their symmetries,
 * a count driven in numbered subproblems (threads, stop flags, kernels, GPUs, the checkpoint
 * journal), lists judged item by item (the readers and the checker), formats in parts and
 * pictures, and the classic search step by step (trace). The conventions, status codes and
 * result types are nqueens.h's.
 */
#ifndef NQUEENS_ADVANCED_H
#define NQUEENS_ADVANCED_H

#include "nqueens.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Placements: the 8 symmetries, canonical form ---------------------------------------- */

/* The 8 symmetries of the square (the dihedral group D4), as maps of a cell (r, c), n x n board. */
typedef enum nq_symmetry {
    NQ_SYM_IDENTITY = 0, /* (r, c) -> (r, c) */
    NQ_SYM_ROT90,        /* quarter turn clockwise: (r, c) -> (c, n-1-r) */
    NQ_SYM_ROT180,       /* (r, c) -> (n-1-r, n-1-c) */
    NQ_SYM_ROT270,       /* quarter turn anticlockwise: (r, c) -> (n-1-c, r) */
    NQ_SYM_MIRROR,       /* reflection in the vertical axis: (r, c) -> (r, n-1-c) */
    NQ_SYM_FLIP,         /* reflection in the horizontal axis: (r, c) -> (n-1-r, c) */
    NQ_SYM_TRANSPOSE,    /* reflection in the main diagonal: (r, c) -> (c, r) */
    NQ_SYM_ANTITRANSPOSE /* reflection in the anti-diagonal: (r, c) -> (n-1-c, n-1-r) */
} nq_symmetry;
#define NQ_SYMMETRIES 8

/* nq_transform() :
 * Applies a symmetry to a full placement (a permutation: every row has a queen in a distinct
 * column; attacks are not checked). O(n) time; n bytes of memory for the check.
 * @param n     board size, n >= 1.
 * @param cols  n entries in [0, n), all distinct.
 * @param out   receives the n entries of the image; may be cols (the image is then made in place,
 *              following the permutation's cycles, with no second array).
 * @return NQ_OK, or NQ_EINVAL if n < 1, a pointer is NULL, sym is not a symmetry, or cols is not a
 *         permutation of 0..n-1 (then out is unspecified). */
NQ_API int nq_transform(int n, const int *cols, nq_symmetry sym, int *out);

/* nq_canonical() :
 * Computes the representative of a solution's symmetry class: the lexicographically least of its
 * 8 images, and the size of the class (8, 4, 2 or 1). A fundamental solution is printed as this
 * representative. (OEIS A002562 counts the classes.) O(8n) time, O(n) memory.
 * @param n       board size, 1 <= n.
 * @param cols    n entries, a permutation of 0..n-1.
 * @param out     receives the representative (n entries); may be NULL; may alias cols.
 * @param orbit   receives the class size (8, 4, 2 or 1); may be NULL.
 * @return NQ_OK, or NQ_EINVAL (as nq_transform()), or NQ_ENOMEM. */
NQ_API int nq_canonical(int n, const int *cols, int *out, int *orbit);

/* nq_search_nodes() :
 * @return the number of search nodes so far: queens placed (each partial placement visited,
 *         not counting the given prefix). The same count as nq_trace_search()'s for a full listing.
 */
NQ_API uint64_t nq_search_nodes(const nq_search *s);

/* nq_minconflicts_memory() :
 * @return the number of bytes nq_minconflicts() allocates for board size n (beyond the caller's
 *         cols), so that a caller can say how much was needed when NQ_ENOMEM is returned;
 *         0 if n < 1. */
NQ_API uint64_t nq_minconflicts_memory(int n);

/* ---- Completion instances made cell by cell ---------------------------------------------- */

/* nq_instance_new() :
 * Makes an empty instance of size n: no queen, no blocked cell, no excluded diagonal.
 * @param out  receives the instance; free it with nq_instance_free().
 * @return NQ_OK; NQ_EINVAL if out is NULL or n is outside [1, NQ_INSTANCE_MAX_N]; NQ_ENOMEM. */
NQ_API int nq_instance_new(int n, nq_instance **out);

/* nq_instance_n() / nq_instance_queen() / nq_instance_allows() :
 * The board size (0 for NULL); the column of the given queen of a row (-1 if none, or if row is
 * out of range); and 1 if a queen may stand on the cell (row, col) as far as the instance's own
 * rules go (not blocked, neither of its diagonals excluded; attacks by given queens are not
 * considered), else 0 (also out of range). */
NQ_API int nq_instance_n(const nq_instance *inst);
NQ_API int nq_instance_queen(const nq_instance *inst, int row);
NQ_API int nq_instance_allows(const nq_instance *inst, int row, int col);

/* nq_instance_place() :
 * Places a given queen at (row, col), 0-based. Placing the same queen twice is harmless.
 * @param conflict  receives the two queens when NQ_ECONFLICT is returned (kind NQ_ATTACK_ROW,
 *                  row1 = row2); may be NULL.
 * @return NQ_OK; NQ_EINVAL (NULL inst, row or col outside [0, n)); NQ_ECONFLICT if the row
 *         already holds a queen in another column (only one queen fits in a row). */
NQ_API int nq_instance_place(nq_instance *inst, int row, int col, nq_conflict *conflict);

/* nq_instance_block() :
 * Forbids a queen on the cell (row, col). @return NQ_OK, NQ_EINVAL (out of range), NQ_ENOMEM. */
NQ_API int nq_instance_block(nq_instance *inst, int row, int col);

/* nq_instance_exclude() :
 * Excludes a diagonal in the numbering of CSPLib problem 79: t = 1 excludes the anti-diagonal
 * row + col = i, t = 0 the diagonal row - col = i - (n - 1); i in [0, 2n - 2].
 * @return NQ_OK, or NQ_EINVAL if i or t is out of range. */
NQ_API int nq_instance_exclude(nq_instance *inst, int i, int t);

/* nq_complete_first_parallel() / nq_complete_count_parallel() / nq_complete_each_parallel() :
 * nq_complete_first(), nq_complete_count() and nq_complete_each() with the search on `threads`
 * POSIX threads (the caller's among them), 0 = all the processors this process may run on
 * (nq_count_threads()). A search that is still running after a few milliseconds alone is split
 * into subtrees in the order the search on one thread takes them; the threads take them in that
 * order, and the first subtree in order that holds a completion wins, so the answer is exactly
 * that of one thread: the same first completion, count, listing (fn is called on the caller's
 * thread, in lexicographic order) and probes in the statistics; nodes count the work of every
 * thread, the abandoned subtrees included. Boards with more than 64 free rows are searched on
 * the caller's thread alone. Thread-safe; threads are started per split and joined before the
 * call returns.
 * @param threads  0 <= threads <= NQ_MAX_THREADS.
 * @return as the calls on one thread, and NQ_EINVAL if threads is out of range, NQ_ETHREAD if
 *         the threads could not be started (nothing is then answered). */
NQ_API int nq_complete_first_parallel(const nq_instance *inst, int threads, int *cols,
                                      nq_conflict *conflict, nq_complete_stats *stats);
NQ_API int nq_complete_count_parallel(const nq_instance *inst, int threads, nq_u128 *count,
                                      nq_conflict *conflict, nq_complete_stats *stats);
NQ_API int nq_complete_each_parallel(const nq_instance *inst, int threads,
                                     int (*fn)(void *user, int n, const int *cols), void *user,
                                     nq_conflict *conflict, nq_complete_stats *stats);

/* ---- Known counts, and a count as numbered subproblems ----------------------------------- */

/* NQ_KNOWN_MAX_N : the largest n whose counts are known (the Q27 project, 2016). */
#define NQ_KNOWN_MAX_N 27

/* nq_known_count() :
 * The number of solutions of n known to mathematics: OEIS A000170 (total) and A002562
 * (fundamental), both known up to n = 27 (the Q27 project, 2016).
 * @param total   receives the number of solutions; may be NULL.
 * @param unique  receives the number of fundamental solutions; may be NULL.
 * @return NQ_OK; NQ_ERANGE if n > 27 (not known); NQ_EINVAL if n < 1. */
NQ_API int nq_known_count(int n, nq_u128 *total, nq_u128 *unique);

/* nq_known_counts() :
 * The counts of n known to mathematics, n = 1..NQ_KNOWN_MAX_N: total (OEIS A000170), unique
 * (fundamental, OEIS A002562) and the orbit counts (fundamental solutions whose class has 8, 4, 2
 * or 1 members, derived from those tables); nodes is 0.
 * @return NQ_OK; NQ_ERANGE if n > NQ_KNOWN_MAX_N (not known; out untouched); NQ_EINVAL if n < 1
 *         or out is NULL. */
NQ_API int nq_known_counts(int n, nq_counts *out);

/* nq_known_check() :
 * Compares the result c of a finished count of n with the known counts (nq_known_counts()):
 * total, unique and the four orbit counts (nodes are not compared). A count that disagrees was
 * fed a damaged journal (its records were forged or corrupted in a way its checks cannot see) or
 * ran on faulty hardware; it must not be shown as a result.
 * @return NQ_OK if they agree or n > NQ_KNOWN_MAX_N (nothing known to compare with); NQ_EWRONG
 *         if they differ; NQ_EINVAL if n is out of [1, NQ_MAX_N] or c is NULL. */
NQ_API int nq_known_check(int n, const nq_counts *c);

/* nq_counts_add() : acc += x, field by field. */
NQ_API void nq_counts_add(nq_counts *acc, const nq_counts *x);

/*
 * A count is made of numbered subproblems. Every solution has one queen in each border line (rows
 * 0 and n-1, columns 0 and n-1); the count places these border queens first, one placement per
 * class under the 8 symmetries (the pre-placement of the Q27 project, Preusser and Engelhardt
 * 2016), and counts the completions of each, weighted by the size of its class, so that the
 * total (A000170), fundamental (A002562) and orbit counts come out exactly from about an eighth
 * of the solutions.
 *
 * Subproblems (the contract shared by threads, the checkpoint journal and the MPI driver). For
 * n >= 4 the subproblems are the border placements kept (one per class: the one whose tuple
 * (column of the row-0 queen, column of the row-(n-1) queen, row of the column-0 queen, row of
 * the column-(n-1) queen) is the least of its 8 images), in the order of their tuples; a border
 * no symmetry fixes is divided further into the live states `depth` queens below it in the
 * search above (its first rows picked by the same rule, columns in increasing order), a
 * symmetric one stays whole. depth is the least from 0 that gives enough subproblems (1,000 up to
 * n = 16, four times more per larger n, at most 2,000,000). For n <= 3 there is one subproblem.
 * nq_split_id() names the method, its version, n, depth and size, e.g.
 * "nq-split/3 border-mrv n=16 depth=0 size=3206": a journal made with another id must be
 * refused. Each subproblem's contribution is exact and independent of where and when it is
 * computed; the contributions add up to the whole count.
 */

/* A numbered split of a whole count into independent subproblems (see above). */
typedef struct nq_split nq_split;

/* nq_split_new() : the border split of n (above), the one every count of n used before the
 * quadrant split (nq_split_new_method()): threads, journal, MPI. Builds the list
 * of subproblems (at most 2,000,000 of 4 + 2 depth bytes each; under 0.1 s for n <= 20, 0.2 s
 * for n = 32).
 * @param n    1 <= n <= NQ_MAX_N.
 * @param out  receives the split; free it with nq_split_free().
 * @return NQ_OK, NQ_EINVAL (n out of range, out NULL), NQ_ENOMEM. */
NQ_API int nq_split_new(int n, nq_split **out);

/* nq_split_n() / nq_split_size() / nq_split_id() :
 * The board size; the number of subproblems (numbered 0 .. size-1); and a short string naming the
 * numbering (method, version, n, depth and size) that a journal stores and compares. NULL gives
 * 0, 0 and "". */
NQ_API int nq_split_n(const nq_split *s);
NQ_API uint64_t nq_split_size(const nq_split *s);
NQ_API const char *nq_split_id(const nq_split *s);

/* nq_split_solve() :
 * Computes one subproblem's contribution (its weighted solutions, fundamental and orbit counts,
 * nodes). Thread-safe: many threads may solve subproblems of one split at once. The sum over all
 * indices equals nq_count(). Runs the fastest kernel this CPU has (nq_split_solve_kernel()
 * chooses). Each call allocates about 1 MB of scratch memory (nq_count_split() keeps one
 * per thread instead); without it, a slower search that needs none gives the same result. A
 * quadrant split's subproblem is counted by the quadrant join, the split's quadrant placements
 * built by the first call that needs them (seconds at n = 20) and kept until nq_split_free().
 * @return NQ_OK, NQ_EINVAL (index >= size, NULL pointers), NQ_ENOMEM (a quadrant split's
 *         memory: nq_split_memory()). */
NQ_API int nq_split_solve(const nq_split *s, uint64_t index, nq_counts *out);

/* nq_split_queens() :
 * The queens that subproblem `index` places before its search starts, so that a program can
 * recount it by a method of its own (nqueens verify): for n >= 4 the border's 3 or 4 queens
 * (rows 0 and n-1, columns 0 and n-1), then those placed below it (none for a symmetric border).
 * Its contribution is that of the solutions that contain all of them: each counts 8 / g towards
 * the total, where g is the number of symmetries of the square that map the border's queens to
 * themselves (1, 2 or 4: rotations only), and a class of 8 / h members (h its solutions'
 * symmetries) counts h / g towards the fundamental and orbit counts. For n <= 3 the one
 * subproblem is the whole count and places no queen.
 * @param rows, cols  receive the queens' cells, 0-based; NQ_MAX_N entries each.
 * @param placed      receives how many there are (0 for n <= 3).
 * @return NQ_OK, or NQ_EINVAL (NULL pointers, index >= nq_split_size(), a quadrant split:
 *         nq_split_columns()). */
NQ_API int nq_split_queens(const nq_split *s, uint64_t index, int *rows, int *cols, int *placed);

/* nq_split_columns() :
 * What subproblem `index` of a quadrant split counts, so that a program can recount it by a
 * method of its own (nqueens verify): the solutions whose queens in rows 0 .. h - 1 (h = n / 2)
 * take exactly the columns of *top (bit x: column x, h of them) and, for the middle cut, whose
 * row-h queen stands in column *middle (-1 for the plain cut), each counted *weight times (1, 2
 * or 4: the column sets of its class) towards the total. Subproblem 0 (the solutions invariant
 * under the half turn) has none: *weight = 0, *top = 0, *middle = -1.
 * @return NQ_OK, or NQ_EINVAL (NULL pointers, index >= nq_split_size(), a border split). */
NQ_API int nq_split_columns(const nq_split *s, uint64_t index, uint64_t *top, int *middle,
                            int *weight);

/* nq_split_free() : NULL is accepted. */
NQ_API void nq_split_free(nq_split *s);

/*
 * A kernel counts one subproblem. Every kernel gives the same counts and the same node counts;
 * they differ only in the instructions they use. The library picks the fastest one the CPU runs
 * (NQ_KERNEL_AUTO) once per count; a caller may force another, e.g. to compare them. A build for
 * another architecture than x86-64 has the generic kernel only.
 */
typedef enum nq_kernel {
    NQ_KERNEL_AUTO = 0,    /* the fastest kernel this CPU runs */
    NQ_KERNEL_GENERIC = 1, /* C with GNU vector extensions, any CPU: a board in 4 x 128 bits */
    NQ_KERNEL_AVX2 = 2,    /* x86-64-v3 (AVX2, BMI1/2, POPCNT, LZCNT): a board in 2 registers */
    NQ_KERNEL_AVX512 = 3,  /* x86-64-v4 (AVX-512 F, BW, VL) and AVX512-BITALG: in 1 register */
} nq_kernel;
#define NQ_KERNELS 4 /* the number of nq_kernel values */

/* nq_kernel_name() :
 * @return "auto", "generic", "avx2" or "avx512" (static strings); NULL if k is out of range. */
NQ_API const char *nq_kernel_name(nq_kernel k);

/* nq_kernel_parse() :
 * @param name  a kernel name as nq_kernel_name() gives it (exact, lower case).
 * @param out   receives the kernel.
 * @return NQ_OK, or NQ_EINVAL if the name is unknown or a pointer is NULL. */
NQ_API int nq_kernel_parse(const char *name, nq_kernel *out);

/* nq_kernel_supported() :
 * @return 1 if this build has kernel k and this CPU (and operating system) runs its
 *         instructions, as the CPU reports them (cpuid); 0 otherwise or if k is out of range.
 *         Always 1 for NQ_KERNEL_AUTO and NQ_KERNEL_GENERIC. */
NQ_API int nq_kernel_supported(nq_kernel k);

/* nq_kernel_resolve() :
 * The kernel that a count of n run with setting k uses: NQ_KERNEL_AUTO becomes the fastest one
 * supported; for n <= 3 (a plain search) every setting resolves to NQ_KERNEL_GENERIC, every other
 * n keeps the kernel.
 * @param n    1 <= n <= NQ_MAX_N.
 * @param out  receives the kernel (never NQ_KERNEL_AUTO).
 * @return NQ_OK, or NQ_EINVAL if k is out of range or not supported, n is out of range, or out
 *         is NULL. */
NQ_API int nq_kernel_resolve(nq_kernel k, int n, nq_kernel *out);

/* nq_split_solve_kernel() :
 * nq_split_solve() with the given kernel (the same counts and nodes with every kernel).
 * @return NQ_OK, NQ_EINVAL (index >= size, NULL pointers, kernel out of range or not
 *         supported). */
NQ_API int nq_split_solve_kernel(const nq_split *s, uint64_t index, nq_kernel kernel,
                                 nq_counts *out);

/*
 * A method is how a count is made. Backtracking counts the border split's subproblems
 * (nq_split_new()); the quadrant join has a split of its own (nq_split_new_method()), whose
 * subproblems and journals are its own. Value 2 was the per-subproblem join ("join"), retired in
 * 2026-12 (it never beat backtracking: 2.2 to 4.4 times slower at every n measured,
 * bench/RESULTS.md); it is no method now (NQ_EINVAL), and its journals, of the border split,
 * resume by backtracking.
 */
typedef enum nq_method {
    NQ_METHOD_AUTO = 0,      /* the faster method for this n, as measured (bench/RESULTS.md) */
    NQ_METHOD_BACKTRACK = 1, /* the search of the kernels above: nodes = queens it placed */
    /* The quadrant join, over the whole board: the subproblems of the quadrant split (see
     * nq_split_new_method()). Every partial placement of each quarter of the board is listed
     * once; for a subproblem's column set C the top halves on C are joined from the two upper
     * quarters, the bottom halves on the other columns from the two lower ones, and the pairs of
     * a top and a bottom that share no diagonal or anti-diagonal are counted in bulk: both
     * grouped by the diagonals most pairs share (chosen for each subproblem; a group of tops
     * skips the groups of bottoms it shares one with), the bottoms bit-transposed in blocks of
     * 256 or 512 (AVX-512), a top's diagonals looked up in
     * tables of chunks of 8 bits ("four Russians"), one popcount a block. nodes = the pairs of a
     * top and a bottom half considered. 4 <= n <= NQ_METHOD_QUADRANT_MAX_N; memory: the
     * quadrant placements (nq_split_memory()) and each thread's halves of one column set (a few
     * MiB: at n = 20, 254 MiB resident in all on one thread, 259 MiB on two). After Rivin and
     * Zabih (1992) and E. Kluev's quadrant-joining counter (N-Queens-Count-Sol). */
    NQ_METHOD_QUADRANT = 3,
} nq_method;
#define NQ_METHODS 4 /* one more than the largest nq_method value (2 is unused: retired) */

/* NQ_METHOD_QUADRANT_MAX_N : the largest n of the quadrant split: its quadrant placements take
 * about 2.1 GiB at n = 22, 4.3 GB at n = 23 and 20 GB at n = 24. */
#define NQ_METHOD_QUADRANT_MAX_N 23

/* NQ_METHOD_QUADRANT_AUTO_N : the least n that NQ_METHOD_AUTO counts by the quadrant join: the
 * faster method from there on, as measured (bench/RESULTS.md). */
#define NQ_METHOD_QUADRANT_AUTO_N 16

/* nq_method_name() :
 * @return "auto", "backtrack" or "quadrant" (static strings); NULL if m is out of range (or
 *         2, the retired join). */
NQ_API const char *nq_method_name(nq_method m);

/* nq_method_parse() :
 * @param name  a method name as nq_method_name() gives it (exact, lower case).
 * @param out   receives the method.
 * @return NQ_OK, or NQ_EINVAL if the name is unknown ("join" included: retired) or a pointer
 *         is NULL. */
NQ_API int nq_method_parse(const char *name, nq_method *out);

/* nq_method_choose() :
 * The method that a count of n on `threads` threads run with setting m uses: NQ_METHOD_AUTO
 * becomes the faster one for n, as measured (bench/RESULTS.md): the quadrant join for
 * NQ_METHOD_QUADRANT_AUTO_N <= n <= NQ_METHOD_QUADRANT_MAX_N where its quadrant placements and
 * its threads' own memory (each thread's stack, of RLIMIT_STACK's size, and its halves: about a
 * sixteenth of the placements plus 1 MiB) take at most half of the memory this process may take
 * (the least of the physical memory, the RLIMIT_AS and RLIMIT_DATA limits and the process's
 * cgroup memory limit), backtracking otherwise. n <= 3 (a plain search) and NQ_METHOD_QUADRANT
 * outside 4 <= n <= NQ_METHOD_QUADRANT_MAX_N resolve to NQ_METHOD_BACKTRACK.
 * @param n        1 <= n <= NQ_MAX_N.
 * @param threads  as nq_count_options.threads (0: all cores).
 * @param out      receives the method (never NQ_METHOD_AUTO).
 * @return NQ_OK, or NQ_EINVAL if m (or 2, retired), n or threads is out of range or out is
 *         NULL. */
NQ_API int nq_method_choose(nq_method m, int n, int threads, nq_method *out);

/* nq_method_resolve() :
 * nq_method_choose() for a count on all cores (threads 0): what nq_split_new_method() takes
 * NQ_METHOD_AUTO as. A program that counts on fewer threads (or more) asks nq_method_choose()
 * and builds the split of the method it gives.
 * @return NQ_OK, or NQ_EINVAL if m (or 2, retired) or n is out of range or out is NULL. */
NQ_API int nq_method_resolve(nq_method m, int n, nq_method *out);

/* nq_split_solve_method() :
 * nq_split_solve_kernel() by the given method: the same counts with every method and kernel;
 * nodes as the method counts them. A border split takes NQ_METHOD_BACKTRACK (or
 * NQ_METHOD_AUTO), a quadrant split NQ_METHOD_QUADRANT or NQ_METHOD_AUTO, and
 * NQ_METHOD_BACKTRACK too: its subproblem's board (the top rows held to its columns) searched
 * by the backtracking kernel, the same total by independent means (`nqueens verify`'s
 * reference), nodes the search's.
 * @return NQ_OK, NQ_EINVAL (index >= size, NULL pointers, method or kernel out of range, a
 *         method the split is not counted by, kernel not supported), NQ_ENOMEM (the scratch or
 *         the quadrant placements). */
NQ_API int nq_split_solve_method(const nq_split *s, uint64_t index, nq_method method,
                                 nq_kernel kernel, nq_counts *out);

/* nq_split_count_method() :
 * The method that counts split s when `asked` is asked for, as nq_count_split() and
 * nq_split_solve_method() take it: a quadrant split is counted by NQ_METHOD_QUADRANT (asked for
 * as such or as NQ_METHOD_AUTO); a border split by NQ_METHOD_BACKTRACK (asked for as such or as
 * NQ_METHOD_AUTO: the quadrant join has a split of its own). What a program reports as the
 * method used.
 * @return NQ_OK, or NQ_EINVAL (s or out NULL, asked out of range or 2 (retired), or a method
 *         the split is not counted by: NQ_METHOD_QUADRANT for a border split, backtracking for a
 *         quadrant split). */
NQ_API int nq_split_count_method(const nq_split *s, nq_method asked, nq_method *out);

/*
 * The quadrant split (NQ_METHOD_QUADRANT), for 4 <= n <= NQ_METHOD_QUADRANT_MAX_N. The board is
 * cut between rows h - 1 and h (h = n / 2); every solution puts its top h queens on a set C of h
 * columns. For odd n from 19 (the "middle" cut) the middle row h gets its own queen first, in
 * column m, and the top h rows face the h rows below it. Subproblem 0 counts the solutions
 * invariant under the half and the quarter turn (F2, F4: its contribution is orbit4 = (F2 -
 * F4) / 4 and orbit2 = F4 / 2, unique their sum, total 0); every other subproblem is one column
 * set C (one pair (m, C) for the middle cut) per class under the symmetries that keep the cut
 * (the left-right mirror, and the up-down flip, which maps C to the other columns), the least
 * of its class as a number (m << n | C), in increasing order, and contributes total = (its
 * class's size) x (the solutions whose top queens use exactly C and, middle cut, whose middle
 * queen is in column m), with no class counts: those follow from the whole total by Burnside's
 * lemma, as no reflection fixes a solution for n >= 4 (orbit8 = (total - 2 orbit2 - 4 orbit4) /
 * 8: nq_split_complete()). Its id reads e.g. "nq-split/4 quadrant n=20 cut=plain size=46509".
 * The quadrant placements (all the partial placements of each quarter of the board) are built
 * once per split when the first subproblem is solved and shared by every thread that solves
 * one: nq_split_memory() says how much memory they take.
 */

/* nq_split_new_method() :
 * The split of n that a count by method m uses: NQ_METHOD_QUADRANT gives the quadrant split
 * (above), NQ_METHOD_BACKTRACK the border split (nq_split_new()), and
 * NQ_METHOD_AUTO the split of nq_method_resolve(). Cheap: the quadrant placements are built
 * later, when needed.
 * @param n    1 <= n <= NQ_MAX_N; the quadrant split needs 4 <= n <= NQ_METHOD_QUADRANT_MAX_N.
 * @param out  receives the split; free it with nq_split_free().
 * @return NQ_OK, NQ_EINVAL (n or m out of range, out NULL, NQ_METHOD_QUADRANT for an n outside
 *         its range), NQ_ENOMEM. */
NQ_API int nq_split_new_method(int n, nq_method m, nq_split **out);

/* nq_split_new_id() :
 * The split whose nq_split_id() is id (as a journal or a cluster's record names it), rebuilt.
 * @return NQ_OK; NQ_EINVAL (NULL pointers, or an id this library does not make: an older or
 *         newer numbering, or a damaged one); NQ_ENOMEM. */
NQ_API int nq_split_new_id(const char *id, nq_split **out);

/* nq_split_method() :
 * @return NQ_METHOD_QUADRANT for a quadrant split, NQ_METHOD_BACKTRACK for a border split (which
 *         every CPU method and the GPUs count), NQ_METHOD_AUTO for NULL. */
NQ_API nq_method nq_split_method(const nq_split *s);

/* nq_split_memory() :
 * @return the bytes of the tables that the subproblems of s share once they are built (the
 *         quadrant placements: about 250 MiB at n = 20, 2.1 GiB at n = 22, 4.1 GiB at n = 23;
 *         0 for a border split), whether built yet or not; each counting thread needs some
 *         more of its own (see NQ_METHOD_QUADRANT). 0 for NULL. */
NQ_API uint64_t nq_split_memory(const nq_split *s);

/* nq_split_complete() :
 * Completes the sum of the contributions of every subproblem of s (a whole count, e.g. one
 * resumed from a journal): for a quadrant split, whose subproblems give no orbit8, it sets
 * orbit8 = (total - orbit1 - 2 orbit2 - 4 orbit4) / 8 and unique = orbit8 + orbit4 + orbit2 +
 * orbit1 (Burnside's lemma over the 8 symmetries); a border split's sum is left as it is. Calling
 * it again changes nothing. nq_count_split() completes the counts it returns itself when it
 * was given no source. A partial sum must not be completed (its orbit8 would mean nothing).
 * @return NQ_OK; NQ_EINVAL (NULL pointers); NQ_EWRONG (the sum cannot be a whole count of a
 *         quadrant split: total - orbit1 - 2 orbit2 - 4 orbit4 negative or not a multiple of 8;
 *         *sum untouched). */
NQ_API int nq_split_complete(const nq_split *s, nq_counts *sum);

/* NQ_MAX_THREADS : the most worker threads of one count (nq_count_options.threads); "all
 * cores" on a machine with more processors is capped to it. */
#define NQ_MAX_THREADS 1024

/* Options of nq_count_split(). Zero-initialise, then set what you need. */
typedef struct nq_count_options {
    int threads;         /* worker threads, 0 <= threads <= NQ_MAX_THREADS; 0 = all cores */
    const uint8_t *skip; /* NULL, or nq_split_size() flags: non-zero = already done, skip it */
    /* Called once per finished subproblem, never concurrently (under a lock), from any thread;
     * a non-zero return stops the count (NQ_STOPPED). May be NULL. */
    int (*on_result)(void *user, uint64_t index, const nq_counts *c);
    void *user;
    /* NULL, or a flag: once non-zero, no new subproblem starts, and those running by
     * backtracking give up within one search of their last 16 rows (the flag is looked at
     * before each; about 0.1 s as measured at n = 21..64, tests/unit/test_parallel.c, however
     * large n and however long the subproblem): their partial counts are dropped, never reported
     * or counted (a journal's resume counts them again). Subproblems of the quadrant join
     * (n <= 23, milliseconds each) in flight finish and are reported and counted, but the build
     * of its tables (seconds at n = 21 and 22, 1.5 minutes at 23, by the first subproblems that
     * need them) gives up (tests/cli/stop.sh: 42 ms at n = 21, 0.8 s at n = 22, measured). */
    const volatile int *stop;
    nq_kernel kernel; /* the kernel (0 = NQ_KERNEL_AUTO: the fastest this CPU runs) */
    /* NULL, or where the subproblem numbers come from instead of 0 .. nq_split_size() - 1 in
     * order (an MPI rank's share of a cluster's count): writes up to max (>= 1) numbers, each
     * below nq_split_size(), into index and returns how many; 0 means that no more will come. It
     * may block until it has numbers. Called never concurrently, from any worker thread. Skip
     * flags still apply to the numbers it gives; a number out of range ends the count with
     * NQ_EINVAL. */
    size_t (*source)(void *user, uint64_t *index, size_t max);
    void *source_user;
    /* nq_count_gpu() only: the most subproblems in one batch of a GPU, 0 = the default (65536),
     * at most 65536. Smaller batches cost more round trips; the tests use them to have many. */
    uint32_t gpu_batch;
    /* The CPU's method, one the split is counted by (0 = NQ_METHOD_AUTO: backtracking for a
     * border split, the quadrant join for a quadrant split; see nq_split_solve_method()).
     * nq_count_gpu() counts a border split by backtracking and a quadrant split by the join. */
    nq_method method;
} nq_count_options;

/* nq_count_threads() :
 * @param threads  a thread count as in nq_count_options.threads (0 = all cores).
 * @return the number of worker threads a count with that setting runs: threads itself, or for 0
 *         the processors this process may run on (at most NQ_MAX_THREADS); NQ_EINVAL if threads
 *         is negative or above NQ_MAX_THREADS. */
NQ_API int nq_count_threads(int threads);

/* nq_count_split() :
 * Solves every subproblem not skipped, on opt->threads threads (POSIX threads, the caller's among
 * them; subproblems handed out one at a time), and adds their contributions into *out (which the
 * caller initialises, e.g. from a journal). The result never depends on the number of threads or
 * the schedule. Every thread is started before any work begins, so a count that cannot get its
 * threads returns NQ_ETHREAD having computed and reported nothing (the library never exits the
 * process, as an OpenMP runtime would).
 * The numbers are handed out by the library's one count driver (the one nq_count_gpu() and
 * nqueens-mpi use too): 0 .. nq_split_size() - 1 in order, or those of opt->source. Without a
 * source, a count that finishes completes *out (nq_split_complete(): a quadrant split's class
 * counts), which must then hold the whole count: with skip flags, the skipped subproblems' sum
 * given in *out beforehand, as when resuming a journal.
 * @param opt  NULL for the defaults (all cores, nothing skipped, no callback).
 * @return NQ_OK; NQ_STOPPED if on_result or the stop flag ended it early (out then holds the sum
 *         of exactly the subproblems reported through on_result); NQ_EINVAL (s or out NULL,
 *         threads < 0 or > NQ_MAX_THREADS, kernel or method out of range, kernel not supported by
 *         this CPU, a method the split is not counted by, a source's number out of range: out
 *         untouched); NQ_EWRONG (a whole count, with no skip flags and no source, whose sum
 *         disagrees with the known counts, nq_known_check(): faulty hardware; or a quadrant
 *         split's *out that nq_split_complete() finds no whole count; out untouched);
 *         NQ_ETHREAD (a thread could not be created: memory, or the process's thread limit; out
 *         untouched); NQ_ENOMEM. */
NQ_API int nq_count_split(const nq_split *s, const nq_count_options *opt, nq_counts *out);

/* ---- Counting on GPUs -------------------------------------------------------------------- */

/*
 * The count of nq_count_split() on CUDA GPUs, over the same numbered subproblems with the same
 * exact results, so that the journal, on_result and MPI work unchanged. Available in a library
 * built with -DNQ_CUDA=ON, for 4 <= n <= NQ_GPU_MAX_N (n <= 3 is one plain search, counted on the
 * host). A border split is counted by backtracking: the node counts are the GPU search's own
 * (queens it placed), not the CPU kernel's: the solutions agree, the nodes do not. Method: a
 * per-thread iterative search of each subproblem's items, after the published GPU counters (e.g.
 * Yao and Li, arXiv:2511.12009). A quadrant split (nq_split_new_method()) is counted by the
 * quadrant join: the host builds each subproblem's halves as the CPU does, the GPU counts the
 * pairs of halves that share no diagonal (the "four Russians" tables of Arlazarov, Dinic,
 * Kronrod and Faradzev, 1970, per block of 32 halves); its nodes are the pairs weighed, as on the
 * CPU.
 */

#define NQ_GPU_MAX_N       32 /* the largest n counted on a GPU (one 32-bit word a row) */
#define NQ_GPU_MAX_DEVICES 16 /* the most GPUs one count uses */
#define NQ_GPU_NAME        64 /* room for a GPU's name, NUL included */

/* nq_gpu_built() :
 * @return 1 if this library was built with the CUDA backend (-DNQ_CUDA=ON), else 0. */
NQ_API int nq_gpu_built(void);

/* nq_gpu_devices() :
 * Counts the CUDA GPUs this process can use.
 * @param count  receives the number (0 when there is none).
 * @return NQ_OK if there is at least one; NQ_ENODEV if none: no GPU, no driver, or a library
 *         built without CUDA (nq_gpu_built() tells which); NQ_EINVAL if count is NULL. */
NQ_API int nq_gpu_devices(int *count);

/* nq_gpu_name() :
 * Writes the name of CUDA GPU `device` (0-based, as CUDA numbers them) into name.
 * @return NQ_OK, NQ_ENODEV (no such GPU, or no CUDA), NQ_EINVAL (name NULL). */
NQ_API int nq_gpu_name(int device, char name[NQ_GPU_NAME]);

/* Which GPUs a count ran on and how much each did (nq_count_gpu()). */
typedef struct nq_gpu_report {
    int ndevices;                               /* GPUs used, 0..NQ_GPU_MAX_DEVICES */
    int device[NQ_GPU_MAX_DEVICES];             /* their CUDA numbers */
    char name[NQ_GPU_MAX_DEVICES][NQ_GPU_NAME]; /* their names */
    uint64_t subproblems[NQ_GPU_MAX_DEVICES];   /* subproblems each one counted and reported */
} nq_gpu_report;

/* nq_count_gpu() :
 * nq_count_split() on CUDA GPUs: counts every subproblem of s not skipped, adds their
 * contributions into *out, and reports each through opt->on_result (never concurrently), exactly
 * as nq_count_split() does; the stop flag is looked at between batches of subproblems (at most
 * 65536 subproblems or about 2 million items a batch; for a quadrant split, at most 4096
 * subproblems). By backtracking one host thread drives each GPU; by the quadrant join
 * nq_count_threads(opt->threads) host threads (at least one a GPU) build the halves, each feeding
 * one GPU (POSIX threads). opt->kernel is not used (the CPU's halves use the fastest kernel).
 * @param devices   CUDA numbers of the GPUs to use, or NULL for all of them (at most
 *                  NQ_GPU_MAX_DEVICES).
 * @param ndevices  entries in devices (ignored when devices is NULL), 1..NQ_GPU_MAX_DEVICES.
 * @param report    receives the GPUs used and the subproblems each counted; may be NULL.
 * @return NQ_OK; NQ_STOPPED (as nq_count_split()); NQ_ENODEV (no GPU, a library without CUDA,
 *         or a device number that does not exist); NQ_ERANGE (n > NQ_GPU_MAX_N); NQ_EINVAL (s or
 *         out NULL, ndevices out of range, a device number negative or listed twice, opt->method
 *         out of range or not the split's: NQ_METHOD_QUADRANT for a border split,
 *         NQ_METHOD_BACKTRACK for a quadrant split; for a quadrant split, opt->threads out of
 *         range); NQ_ENOMEM (the quadrant lists do not fit this process's memory, or a batch);
 *         NQ_ETHREAD (a host thread could not be started); NQ_EDEVICE (a GPU failed: the
 *         subproblems reported before are in the journal, if any, and out is untouched). */
NQ_API int nq_count_gpu(const nq_split *s, const nq_count_options *opt, const int *devices,
                        int ndevices, nq_gpu_report *report, nq_counts *out);

/* nq_gpu_solve() :
 * Counts the k subproblems index[0..k-1] of s on CUDA GPU `device` and writes their contributions
 * to out[0..k-1] (as nq_split_solve() would, nodes apart: see above), in one run of the GPU: for
 * a caller that holds a list of subproblems (a caller that receives its numbers as they come,
 * as an MPI rank does, gives nq_count_gpu() a source instead: nq_count_options.source). Give it
 * thousands of subproblems at once: a run costs milliseconds of start and tail.
 * @return NQ_OK; NQ_EINVAL (NULL pointers with k > 0, an index >= size); NQ_ENODEV (no such GPU,
 *         or no CUDA); NQ_ERANGE (n > NQ_GPU_MAX_N); NQ_ENOMEM; NQ_EDEVICE (out then
 *         unspecified). */
NQ_API int nq_gpu_solve(const nq_split *s, int device, const uint64_t *index, size_t k,
                        nq_counts *out);

/* ---- The checkpoint journal -------------------------------------------------------------- */

/* A checkpoint journal records the finished subproblems of one split (nq_split_new(),
 * nq_split_new_method()) of a count in an append-only text file, so that a count that is killed
 * can resume where it stopped and still give exactly the uninterrupted answer.
 *
 * File format (version 2 for a border split, NQ_JOURNAL_FORMAT = 3 for a quadrant split; a
 * header of one with the other's split id is damage, and so is a header whose n= or size= is not
 * the n= or size= of its split id: NQ_JOURNAL_HEADER_DISAGREES), one line each, every line ending
 * in '\n'
 * (read back, a line may end in "\r\n" or a bare '\r' too, outside the signed text: a journal
 * whose line ends were converted reads as written; a last line with no line end is a torn record):
 *   nqueens-journal <2 or 3> n=<n> size=<subproblems> library=<version> id=<16 hex>
 *       split=<split id> crc=<8 hex>                                      (one line: the header)
 *   r <index> <total> <unique> <orbit8> <orbit4> <orbit2> <orbit1> <nodes> <8 hex>
 * Numbers are decimal (counts up to 128 bits). The id is a random 64-bit number drawn when the
 * journal is created. The header's hex field is the CRC-32 (IEEE 802.3 polynomial, as zlib's
 * crc32()) of the header's bytes before " crc="; a record's is the CRC-32 of the header's bytes
 * before " crc=" followed by the record's bytes before its last space, so that a record belongs to
 * one journal: a record copied from another journal (even one of the same n and split) fails its
 * check. In format 2 a record's counts obey total = 8 orbit8 + 4 orbit4 + 2 orbit2 + orbit1 and
 * unique = orbit8 + orbit4 + orbit2 + orbit1; in format 3 (whose subproblems give no class
 * counts but those of subproblem 0: nq_split_new_method()) orbit8 = orbit1 = 0, subproblem 0 has
 * total 0 and unique = orbit4 + orbit2, every other one unique = orbit4 = orbit2 = 0, and the
 * sum of a whole journal is completed by nq_split_complete(); a record that passes its check but
 * not these (edited by hand, its check recomputed) is damage. The check is no protection against a
 * deliberate forgery that keeps them. A header whose size exceeds NQ_JOURNAL_MAX_SIZE is damage (no
 * split is that large; the size is checked before the per-subproblem flags are allocated). Records
 * come in the order subproblems finish; a record of an index >= size, a second record of one index
 * (whatever its counts), and one that would carry a sum past 2^128 - 1 are damage. The torn tail: a
 * line cut short (no '\n', or holding NUL bytes, as a kill or a crash leaves it) followed only by
 * lines of NUL bytes (a crash leaves whole blocks of them, of any length) is a torn write: it is
 * ignored and cut off when the journal is opened for appending. A first line that is cut short is a
 * torn header, and the journal is started afresh, only when it is NUL bytes (at most a header's
 * length) or the beginning of a header holding at least the whole "nqueens-journal " and
 * printable characters only (the header is written with one write(2) and fsync'd before any
 * record): a shorter beginning, such as "n", is refused as no journal and left untouched. Any
 * other line that fails is damage, and the journal is refused (NQ_ECORRUPT, with the line,
 * counted as the file's lines however long, and the kind of damage); a journal of another n, size,
 * split id or format is refused as a mismatch (NQ_EMISMATCH). The library version is recorded for
 * information (and to say which version can finish a journal of another format): the split id
 * names the numbering, which is what must agree. Format 1 (nqueens 0.1.0) had no id and records
 * checked on their own bytes only; it is refused as another format.
 *
 * Durability: every record is handed to the kernel (write(2)) as soon as it is appended, so killing
 * the process loses only the subproblems in flight; fsync(2) runs in batches, when an append comes
 * NQ_JOURNAL_SYNC_MS after the last fsync and whenever the caller asks (nq_journal_sync() from a
 * timer), which bounds what a power failure can lose. */

#define NQ_JOURNAL_FORMAT     3    /* the newest file format: a quadrant split's journals */
#define NQ_JOURNAL_FORMAT_MIN 2    /* the oldest read: a border split's, still written for them */
#define NQ_JOURNAL_SPLIT_ID   256  /* room for a split id in nq_journal_info, NUL included */
#define NQ_JOURNAL_SYNC_MS    2000 /* default longest time between two fsync() of new records */
#define NQ_JOURNAL_MAX_SIZE   (1ULL << 32) /* the most subproblems a journal header may name */

typedef struct nq_journal nq_journal; /* an open journal; one handle per file; thread-safe */

/* What a journal file holds (nq_journal_read(), nq_journal_get_info()). */
typedef struct nq_journal_info {
    int format;                         /* file format version (2 or NQ_JOURNAL_FORMAT) */
    int n;                              /* board size of the count */
    uint64_t size;                      /* number of subproblems of the split */
    uint64_t done;                      /* distinct subproblems recorded as finished, <= size */
    nq_counts counts;                   /* sum of their contributions (nodes included) */
    int torn;                           /* 1 if a torn last line was found (it is ignored) */
    uint64_t id;                        /* the journal's random id (from its header) */
    char split_id[NQ_JOURNAL_SPLIT_ID]; /* nq_split_id() of the split the journal belongs to */
    char library[32];                   /* version of the library that created the file ("" if
                                           another format's header does not say) */
} nq_journal_info;

/* The kinds of damage of a journal refused with NQ_ECORRUPT (nq_journal_problem.kind). */
typedef enum nq_journal_damage {
    NQ_JOURNAL_NOT_A_JOURNAL = 1, /* line 1 is not a journal header (or the file is empty) */
    NQ_JOURNAL_BAD_HEADER,        /* line 1 is a journal header that fails its check */
    NQ_JOURNAL_BAD_RECORD,        /* a line that is no record (or cut short before the last, or
                                     whose counts contradict each other: see the format) */
    NQ_JOURNAL_FOREIGN_RECORD,    /* a well-formed record whose check fails: damaged, or copied
                                     from another journal */
    NQ_JOURNAL_DUPLICATE,         /* a second record of subproblem `index` */
    NQ_JOURNAL_OUT_OF_RANGE,      /* a record of subproblem `index` >= the journal's size */
    NQ_JOURNAL_TORN_HEADER,       /* nq_journal_read() only: the file is the beginning of a
                                     header cut short, as a kill while the journal is created
                                     leaves it (nq_journal_open() starts it afresh) */
    NQ_JOURNAL_HEADER_DISAGREES,  /* line 1 passes its check but contradicts itself: its n= or
                                     size= is not its split id's, or its format not the one of
                                     the split's kind (edited, its CRC recomputed); the header as
                                     read is in nq_journal_problem.found */
} nq_journal_damage;

/* Why a journal was refused (nq_journal_open(), nq_journal_read()): the details that go with the
 * status code, so that a caller can explain it without reading the file again. */
typedef struct nq_journal_problem {
    int os_error;          /* NQ_EIO: the errno of the system call that failed (ENOENT: no file) */
    int line;              /* NQ_ECORRUPT: the 1-based line found damaged (0: the file is empty) */
    int kind;              /* NQ_ECORRUPT: an nq_journal_damage; 0 otherwise */
    uint64_t index;        /* NQ_ECORRUPT, DUPLICATE and OUT_OF_RANGE: the record's subproblem */
    uint64_t lines;        /* NQ_ECORRUPT: how many lines fail (`line` is the first of them) */
    nq_journal_info found; /* NQ_EMISMATCH: the header of the journal found: `format` always, and
                              `library` if found; n, size, split_id and id when the format is
                              this one; NQ_ECORRUPT with NQ_JOURNAL_HEADER_DISAGREES: the header
                              as read (no records) */
} nq_journal_problem;

/* nq_journal_open() :
 * Opens the journal at path for the split s, creating it (header written and fsync'd, with its
 * directory) if it does not exist or is empty, or resuming it if it does: its records are read and
 * checked, and a torn last line is cut off. The handle holds a lock on the file (an open file
 * description lock, fcntl F_OFD_SETLK), so a second handle on the same file, in this process or
 * another, is refused until this one is closed.
 * @param path     file name.
 * @param s        the split being counted; the journal must belong to it.
 * @param sync_ms  longest time in milliseconds between two fsync() of new records; 0 for
 *                 NQ_JOURNAL_SYNC_MS.
 * @param out      receives the handle; close it with nq_journal_close().
 * @param problem  receives the details of a refusal (zeroed on success); may be NULL.
 * @return NQ_OK; NQ_EINVAL (a NULL argument, or a split id too long); NQ_EBUSY (another handle
 *         holds the lock: a count is running on it); NQ_EIO (the file cannot be created, read,
 *         written, locked or synced: problem->os_error tells why; EINVAL when path is not a
 *         regular file, e.g. a FIFO or a device; ENOENT for a symbolic link to nothing, which is
 *         not followed to create a file); NQ_EMISMATCH (the journal
 *         belongs to another n, size, split or format: problem->found); NQ_ECORRUPT (the file is
 *         not a journal, or a line other than a torn last one fails: problem->line and
 *         problem->kind); NQ_ENOMEM. */
NQ_API int nq_journal_open(const char *path, const nq_split *s, unsigned sync_ms, nq_journal **out,
                           nq_journal_problem *problem);

/* nq_journal_attach(), nq_journal_bind() :
 * nq_journal_open() in two steps, for a caller that chooses the split by the journal it resumes
 * (a count whose method is the journal's own), so that the file is read once: attach opens the
 * journal at path (creating an empty file if there is none), takes its lock and reads and checks
 * its records as nq_journal_open() does, and gives its header and sums in *found (all zero,
 * format 0, for a new or empty file, or one cut short while its header was written: nothing was
 * recorded); bind then gives it the split s, which a journal found must belong to (NQ_EMISMATCH
 * with problem->found otherwise: the handle stays attached, for nq_journal_close()), cutting off
 * its torn last line, or writes the new journal's header. Until bound, the handle takes no
 * records (nq_journal_append(): NQ_EINVAL) and nq_journal_close() releases it as any other.
 * @param found  receives what the file holds (attach).
 * @return as nq_journal_open(): attach every status but NQ_EMISMATCH for another split (it
 *         returns NQ_EMISMATCH for another format); bind NQ_EINVAL (NULL, a handle already
 *         bound, a split id too long), NQ_EMISMATCH, NQ_EIO, NQ_ENOMEM. */
NQ_API int nq_journal_attach(const char *path, unsigned sync_ms, nq_journal **out,
                             nq_journal_info *found, nq_journal_problem *problem);
NQ_API int nq_journal_bind(nq_journal *j, const nq_split *s, nq_journal_problem *problem);

/* nq_journal_skip() :
 * @return the nq_split_size() flags of the subproblems already recorded (non-zero = done), ready
 *         for nq_count_options.skip; owned by the journal, updated by every append. */
NQ_API const uint8_t *nq_journal_skip(const nq_journal *j);

/* nq_journal_get_info() :
 * Fills info with the journal's header and the sum of every record so far (those read when it was
 * opened and those appended since). */
NQ_API void nq_journal_get_info(nq_journal *j, nq_journal_info *info);

/* nq_journal_append() :
 * Records that subproblem `index` finished with contributions c: writes the record at once and
 * fsyncs if sync_ms have passed since the last fsync. Calls may come from any thread (they are
 * serialised inside), and so may nq_journal_sync() and nq_journal_get_info() meanwhile.
 * @return NQ_OK; NQ_EINVAL (a record that nq_journal_open() would refuse: index >= size, index
 *         already recorded, counts that break the identities of the format, a sum that would
 *         pass 2^128 - 1; or a NULL pointer: nothing is written and the journal stays usable);
 *         NQ_EIO (write or fsync failed, nq_journal_error() tells why; the journal then refuses
 *         further appends). */
NQ_API int nq_journal_append(nq_journal *j, uint64_t index, const nq_counts *c);

/* nq_journal_on_result() :
 * An nq_count_options.on_result callback for user = the journal: calls nq_journal_append() and
 * returns its status (non-zero stops the count); the status is kept for nq_journal_error(). */
NQ_API int nq_journal_on_result(void *journal, uint64_t index, const nq_counts *c);

/* nq_journal_error() :
 * The first failure of an append or a sync (whichever thread it happened on), so that a caller
 * can tell a count stopped by a journal write error from one stopped by the user, and say why.
 * @param os_error  receives the errno of the failed system call when the status is NQ_EIO, else
 *                  0; may be NULL.
 * @return the first failed status (NQ_OK if none); NQ_EINVAL if j is NULL. */
NQ_API int nq_journal_error(nq_journal *j, int *os_error);

/* nq_journal_sync() :
 * Forces the records appended so far to stable storage (fsync), if any is not yet; appends only
 * fsync when they come, so a caller whose subproblems take long calls this from a timer (thread)
 * to keep the promise of NQ_JOURNAL_SYNC_MS. Appends from other threads do not wait for the disk.
 * @return NQ_OK, or NQ_EIO (nq_journal_error() tells why; later appends then fail too). */
NQ_API int nq_journal_sync(nq_journal *j);

/* nq_journal_close() :
 * Syncs, unlocks, closes and frees the journal; NULL is accepted (returns NQ_OK).
 * @param os_error  receives the errno of the failed system call when NQ_EIO is returned, else 0;
 *                  may be NULL.
 * @return NQ_OK, or NQ_EIO if the final sync or close failed (the handle is freed anyway). */
NQ_API int nq_journal_close(nq_journal *j, int *os_error);

/* nq_journal_read() :
 * Reads and checks the journal at path without changing it and without knowing the split (for a
 * status report); a torn last line is reported in info->torn, not cut off.
 * @param problem  receives the details of a refusal, as for nq_journal_open(); may be NULL.
 * @return NQ_OK; NQ_EINVAL (NULL argument); NQ_EIO (cannot read: problem->os_error tells why,
 *         ENOENT if it does not exist, EISDIR for a directory, EINVAL for another file that is
 *         not a regular one, such as a FIFO, without waiting for a writer); NQ_ECORRUPT (as
 *         nq_journal_open(); an empty file is not a journal either); NQ_EMISMATCH (another
 *         format version); NQ_ENOMEM. */
NQ_API int nq_journal_read(const char *path, nq_journal_info *info, nq_journal_problem *problem);

/* nq_journal_mismatch() :
 * Says, for a message, how a journal's header differs from the split s: each of n, size and split
 * id that differs, as "size=584, not 583" ("n=11, not 10", "split 'a', not 'b'"), joined by "; ",
 * so that a header that differs only in its size is not shown as the same split twice.
 * @param found  the header (nq_journal_problem.found of an NQ_EMISMATCH refusal, or the info of
 *               nq_journal_read()).
 * @return the length of the whole text (as snprintf: cut to fit cap, NUL-terminated if cap > 0);
 *         0 with buf "" when nothing differs, or found is of another format, or an argument is
 *         NULL. */
NQ_API size_t nq_journal_mismatch(const nq_journal_info *found, const nq_split *s, char *buf,
                                  size_t cap);

/* ---- Judging lists item by item, and the readers that feed it ---------------------------- */

/* What an item of a list is. */
typedef enum nq_item_kind {
    NQ_ITEM_PLACEMENT = 0, /* queens on an n x n board (a solution, if it is right) */
    NQ_ITEM_NONE,          /* "-1" in a `cases` output: a claim that n has no solution */
    NQ_ITEM_COUNT,         /* a claimed number of solutions of n (count format, or JSON "total") */
    NQ_ITEM_MALFORMED,     /* text that is no item of the format; `error` says why */
} nq_item_kind;

/* One item read from a list. The arrays and the message belong to the reader and stay valid
 * until the next nq_reader_next() or nq_reader_free(). */
typedef struct nq_item {
    nq_item_kind kind;
    int n;             /* board size; 0 when the text does not say it (a "-1", a bare count) */
    size_t queens;     /* PLACEMENT: number of queens in rows[] / cols[] */
    const int *rows;   /* PLACEMENT: queen i stands at (rows[i], cols[i]), 0-based, inside the */
    const int *cols;   /*   board; rows are increasing except in `pairs` (as written) */
    nq_u128 total;     /* COUNT: the claimed number of solutions */
    nq_u128 unique;    /* COUNT: the claimed number of fundamental solutions, if has_unique */
    int has_unique;    /* COUNT: 1 if the claim names a fundamental count (JSON "unique") */
    int group;         /* `cases`: 0-based index of the case (its line); 0 for the other formats */
    int line;          /* 1-based position of the item (MALFORMED: of the error) ... */
    int column;        /* ... and its 1-based column, counted in bytes */
    const char *error; /* MALFORMED: what is wrong, one line (no position); NULL otherwise */
    unsigned fields;   /* COUNT: the NQ_CLAIM_* bits of the counts the claim names (0 is read as
                          NQ_CLAIM_TOTAL, plus NQ_CLAIM_UNIQUE if has_unique) */
    nq_u128 orbit8;    /* COUNT: the claimed orbit counts (JSON "orbit8" ... "orbit1", as */
    nq_u128 orbit4;    /*   `nqueens count --json` prints them), where fields names them: */
    nq_u128 orbit2;    /*   fundamental solutions whose class has 8, 4, 2, 1 members */
    nq_u128 orbit1;
    const char *unjudged; /* COUNT: the other fields of the claim, which nothing can judge
                             ("seconds, nodes"), comma-separated; NULL if none */
} nq_item;

/* The counts a claim names (nq_item.fields, nq_verdict.wrong_fields). */
#define NQ_CLAIM_TOTAL  1u  /* total */
#define NQ_CLAIM_UNIQUE 2u  /* unique (fundamental) */
#define NQ_CLAIM_ORBIT8 4u  /* orbit8 */
#define NQ_CLAIM_ORBIT4 8u  /* orbit4 */
#define NQ_CLAIM_ORBIT2 16u /* orbit2 */
#define NQ_CLAIM_ORBIT1 32u /* orbit1 */
#define NQ_CLAIM_ORBITS (NQ_CLAIM_ORBIT8 | NQ_CLAIM_ORBIT4 | NQ_CLAIM_ORBIT2 | NQ_CLAIM_ORBIT1)

typedef struct nq_verdict {
    nq_verdict_kind kind;
    uint64_t index;       /* 1-based number of the item in the whole list */
    int n;                /* the item's board size (0 if unknown) */
    int list_n;           /* the size of the list (or case) the item belongs to (0 if unknown) */
    nq_conflict conflict; /* ATTACK: the first two attacking queens (nq_validate(); or a row) */
    int row;              /* INCOMPLETE: the first row with no queen */
    uint64_t dup_of;      /* DUPLICATE: the index of the first equal item */
    int dup_line;         /* DUPLICATE: its line */
    nq_u128 known_total;  /* CLAIM_*: the true number of solutions (if the claim could be judged) */
    nq_u128 known_unique; /* CLAIM_*: the true number of fundamental ones */
    nq_u128 known_orbit8, known_orbit4, known_orbit2, known_orbit1; /* CLAIM_*: the true orbit
                             counts (OEIS A000170 and A002562 with the orbit table, n <= 27) */
    unsigned wrong_fields; /* CLAIM_WRONG of a count: the NQ_CLAIM_* bits of the counts that differ
                              from the known ones, or (n unknown) that break an identity */
    int contradiction;     /* CLAIM_WRONG of a count: 1 if the counts break total = 8 orbit8 +
                              4 orbit4 + 2 orbit2 + orbit1 or unique = orbit8 + ... + orbit1 (or,
                              for n > 1, orbit1 = 0): the claim contradicts itself */
    unsigned unjudged_fields; /* CLAIM_RIGHT or CLAIM_UNKNOWN of a count: the NQ_CLAIM_* bits of
                                 the counts named but not judged (n unknown or above 27, and no
                                 identity to hold them to); item.unjudged: the other fields */
} nq_verdict;

/* The judgement of a whole list (or of one case of a `cases` output). */
typedef struct nq_check_group {
    int group;      /* 0-based case index (0 unless `cases`) */
    int n;          /* board size of the group; 0 if unknown (empty, or only claims) */
    int line;       /* line of its first item (0 if empty) */
    uint64_t items; /* items in the group */
    uint64_t valid; /* distinct solutions */
    uint64_t wrong; /* items that are not valid: attack, incomplete, size, malformed, wrong claim */
    uint64_t duplicates; /* solutions listed again */
    uint64_t placements; /* items that are placements (valid or not) */
    uint64_t claims;     /* items that are claims ("-1", counts) */
    uint64_t unchecked;  /* claims that could not be judged (NQ_VERDICT_CLAIM_UNKNOWN) */
    int claims_none;     /* 1 if the group is a "-1" claim */
    int known;           /* 1 if the number of solutions of n is known (1 <= n <= 27) */
    nq_u128 expected;    /* if known: the number of solutions of n (OEIS A000170) */
    int complete;        /* 1 if known, and the group lists exactly the solutions of n: as many
                            distinct solutions as expected, nothing wrong, no duplicates */
    nq_u128 missing;     /* if known: expected - valid (0 if more are listed) */
    const int
        *first_missing;   /* NULL, or the lexicographically first solution not listed
                             (found when n <= 15), n entries, valid until the checker is freed */
    int ordered;          /* 1 if the placements are in strictly increasing lexicographic order */
    uint64_t order_index; /* if not ordered: the first item not greater than the placement before */
    int order_line;       /*   and its line */
} nq_check_group;

typedef struct nq_checker nq_checker; /* opaque; judges one list */

/* nq_checker_new() :
 * Starts judging a list of items read by an nq_reader. The board size of the list (or of each
 * case of a `cases` output) is n if n > 0, else the size of its first placement.
 * @param n    the size to insist on, or 0; 0 <= n <= NQ_PARSE_MAX_N.
 * @param out  receives the checker; free it with nq_checker_free().
 * @return NQ_OK, NQ_EINVAL (out NULL, n out of range), NQ_ENOMEM. */
NQ_API int nq_checker_new(int n, nq_checker **out);

/* nq_checker_add() :
 * Judges the next item of the list: validity (nq_validate(), which names the first two attacking
 * queens; two queens in one row are named as a row attack), completeness of the placement, board
 * size, duplicates, claims ("-1" is true exactly for n = 2 and 3; every count a claim names is
 * held to nq_known_count() and the orbit table for n <= 27, and to the identities between them;
 * a claim that names another n than the checker insists on is NQ_VERDICT_SIZE).
 * Each distinct solution is kept packed: ceil(n log2 n / 8) + 12 bytes (20 for n = 16). Solutions
 * that come in increasing order (any listing of nqueens) go to a sorted array, searched by
 * bisection; the others to a hash set of the same records. O(n) time per item, plus O(n log k)
 * for an item out of order or equal to one before, among k kept.
 * @param item     the item, as nq_reader_next() gave it.
 * @param verdict  receives the judgement; may be NULL.
 * @return NQ_OK, NQ_EINVAL (NULL pointers, an item out of its board, a kind that is no
 *         nq_item_kind), NQ_ENOMEM. */
NQ_API int nq_checker_add(nq_checker *c, const nq_item *item, nq_verdict *verdict);

/* nq_checker_groups() :
 * @return the number of groups judged so far: 1 for a list (even an empty one), the number of
 *         cases for a `cases` output. */
NQ_API int nq_checker_groups(const nq_checker *c);

/* nq_checker_group() :
 * Sums up one group: counts, order, and completeness against OEIS A000170. When the group is
 * incomplete and 1 <= n <= 15, the first missing solution is found by enumerating the solutions
 * with nq_search_new() (at most 2.3 million of them) until one is not in the list.
 * @param index  0 <= index < nq_checker_groups().
 * @return NQ_OK, NQ_EINVAL (NULL pointers, index out of range), NQ_ENOMEM. */
NQ_API int nq_checker_group(nq_checker *c, int index, nq_check_group *out);

/* nq_checker_free() : releases a checker; NULL is accepted. */
NQ_API void nq_checker_free(nq_checker *c);

/* nq_input_name() / nq_input_parse_name() :
 * Map between an input format (an nq_format value other than NQ_FMT_SVG, NQ_INPUT_CASES or
 * NQ_INPUT_COUNT) and its name: the nq_format names, "cases", "count" (and "auto" for
 * NQ_INPUT_AUTO).
 * nq_input_name() @return the name, or "unknown".
 * nq_input_parse_name() @return NQ_OK, or NQ_EINVAL if the name is unknown or a pointer is NULL. */
NQ_API const char *nq_input_name(int format);
NQ_API int nq_input_parse_name(const char *name, int *format);

/* nq_input_detect() :
 * Tells the format of a text from its first non-blank line (and, between `perm` and `cases` and
 * between `cols` and `matrix`, from its shape: a text of permutations is `cases` if a line holds
 * two of them, or is "-1", or is "[1 ]" among other lines, as `cases` prints two cases of n = 1;
 * a text of cols, pairs, jsonl, board, grid or matrix solutions with a "-1" line is `cases` in
 * that format). Only the text given is looked at (a stream: its first MiB). A text made of one
 * lone integer is a count claim when n_hint >= 1 (unless it is the solution of n = 1 as `cols`
 * writes it, "0", or as `matrix` does, "1" and a blank line); a first line of two non-negative
 * integers ("8 92") is a count claim "N COUNT" (a `cols` placement of 2 queens is never a
 * solution). An empty or blank text is `cols` (an empty list).
 * @param text    the input, len bytes, need not be NUL-terminated (NULL only with len 0).
 * @param n_hint  the board size the caller insists on, or 0 if unknown; 0 <= n_hint <=
 *                NQ_PARSE_MAX_N, as nq_reader_new() takes it.
 * @param format  receives the format.
 * @param line    receives the 1-based line of the text that could not be classified; may be NULL.
 * @return NQ_OK, NQ_EPARSE if no format fits (line says where), NQ_EINVAL (NULL pointers, n_hint
 *         out of range). */
NQ_API int nq_input_detect(const char *text, size_t len, int n_hint, int *format, int *line);

typedef struct nq_reader nq_reader; /* opaque; reads one text or stream */

/* NQ_READ_LINE_MAX : the longest line a stream reader (nq_reader_open()) takes, in bytes (512 MiB:
 * more than the `pairs` line of a solution of NQ_PARSE_MAX_N queens). A longer line ends the
 * reading with NQ_EPARSE; runs of blanks do not count (they are skipped as they come). */
#define NQ_READ_LINE_MAX (1 << 29)

/* nq_reader_new() :
 * Starts reading a list of solutions (or claims) from a text in one input format. Every format
 * tolerates leading and trailing spaces and tabs, line ends of every kind (LF, CR LF and a bare
 * CR, all alike; none after the last line), blank lines and a UTF-8
 * byte order mark at the start; the board formats (board, grid, matrix) accept a board with or
 * without the blank line after it, even boards with no blank line between them. `cols`, `pairs`
 * and `perm` accept commas between numbers; `json` accepts comments (// to the end of the line,
 * or C's block comments), and a single board ["..Q.", ...] as well as a list; JSON strings are
 * read as JSON says (escapes decoded; parsed by yajl, in chunks).
 * @param text    the input, len bytes (need not be NUL-terminated); it must outlive the reader.
 * @param format  an input format, or NQ_INPUT_AUTO to detect it.
 * @param n_hint  the board size to assume when the text does not state it (`pairs`, `count`, "-1"),
 *                or 0; 0 <= n_hint <= NQ_PARSE_MAX_N.
 * @param out     receives the reader; free it with nq_reader_free().
 * @return NQ_OK (when NQ_INPUT_AUTO cannot detect the format, the first nq_reader_next() returns
 *         NQ_EPARSE and nq_reader_error() says why); NQ_EINVAL (NULL pointers, unknown format,
 *         n_hint out of range); NQ_ENOMEM. */
NQ_API int nq_reader_new(const char *text, size_t len, int format, int n_hint, nq_reader **out);

/* A source of input for nq_reader_open(): copies the next bytes of the input into buf (at most
 * cap, cap > 0), sets *got to their number (0: the end of the input), and returns NQ_OK; or
 * returns NQ_EIO (a read error) or NQ_STOPPED (the caller wants the reading to end), which
 * nq_reader_next() then returns. It may block. */
typedef int (*nq_read_fn)(void *user, char *buf, size_t cap, size_t *got);

/* nq_reader_open() :
 * nq_reader_new() for an input read from a stream (a pipe, a file of any size), so that memory is
 * bounded by what one item needs, not by the input: a line (up to NQ_READ_LINE_MAX bytes), a
 * board, a JSON board, one permutation of a `cases` line. The items, their positions and messages
 * are those nq_reader_new() gives for the whole text, except that under NQ_INPUT_AUTO the format
 * is detected from the first MiB after the blanks that start the input (with its whole text,
 * nq_input_detect() may look further: to tell `perm` from `cases` by a later line, or a lone
 * number from one followed by more). The source is read from when the reader is opened (its
 * first bytes, for a byte order mark, and the first MiB when detecting) and by nq_reader_next().
 * When the source fails or stops, the items already read whole are still given out; the status
 * comes when the reader needs more (the item it was reading is not given).
 * @param read, user  the source, called as read(user, buf, cap, &got).
 * @return NQ_OK; NQ_EINVAL (NULL read or out, unknown format, n_hint out of range); NQ_ENOMEM;
 *         NQ_EIO, or NQ_STOPPED before anything was read, from the source while opening. */
NQ_API int nq_reader_open(nq_read_fn read, void *user, int format, int n_hint, nq_reader **out);

/* nq_reader_format() : @return the reader's format (the detected one under NQ_INPUT_AUTO). */
NQ_API int nq_reader_format(const nq_reader *r);

/* nq_reader_next() :
 * Reads the next item. A malformed item is an item (NQ_ITEM_MALFORMED), and reading goes on after
 * it (at the next line, or the next board); only a text that cannot be read on (a broken `json`
 * structure, an undetectable format, a stream's line over NQ_READ_LINE_MAX) ends with NQ_EPARSE.
 * @param item  receives the item.
 * @return NQ_OK with an item; NQ_DONE at the end; NQ_EPARSE for an unrecoverable error (then
 *         nq_reader_error() gives the message, line and column, and later calls return NQ_EPARSE
 *         again); a stream's NQ_EIO or NQ_STOPPED (returned again by later calls); NQ_ENOMEM;
 *         NQ_EINVAL (NULL pointers). */
NQ_API int nq_reader_next(nq_reader *r, nq_item *item);

/* nq_reader_error() :
 * @return the message of the last NQ_EPARSE (never NULL; "" if none), and its 1-based line and
 *         column (each pointer may be NULL). */
NQ_API const char *nq_reader_error(const nq_reader *r, int *line, int *column);

/* nq_reader_free() : releases a reader; NULL is accepted. */
NQ_API void nq_reader_free(nq_reader *r);

/* ---- Formats in parts, and pictures ------------------------------------------------------ */

/* nq_format_is_board() :
 * @return 1 if the format draws the whole board (n^2 characters: board, json, grid, matrix, svg),
 *         0 for the formats of size O(n) (cols, pairs, jsonl, perm). */
NQ_API int nq_format_is_board(nq_format fmt);

/* nq_format_rows() :
 * Writes the part of a solution's text that its rows [first, last) contribute, snprintf-style as
 * nq_format_solution(), so that a solution of millions of rows is written in pieces through a
 * small buffer: the pieces of [0, r1), [r1, r2), ..., [rk, n) put end to end are exactly
 * nq_format_solution()'s text. The piece with first = 0 starts with what comes before row 0
 * ("[", "{\"n\":4,\"cols\":["), the piece with last = n ends with what follows row n-1.
 * @param first, last  0 <= first < last <= n.
 * @param flags  0 or NQ_FMT_NO_END (for a board drawn transposed, transpose the placement first
 *               with nq_transform(), which can do it in place).
 * @return the length of the whole piece (excluding the NUL); 0 if an argument is invalid (as
 *         nq_format_solution(), or the rows out of order or range, or another flag). */
NQ_API size_t nq_format_rows(char *buf, size_t cap, nq_format fmt, int n, const int *cols,
                             int first, int last, unsigned flags);

/* nq_format_prefix() / nq_format_separator() / nq_format_suffix() :
 * What a run of solutions in this format starts with, puts between two solutions, and ends with:
 * "[", "," and "]\n" for NQ_FMT_JSON (so an empty run is "[]\n"), "" for the others. */
NQ_API const char *nq_format_prefix(nq_format fmt);
NQ_API const char *nq_format_separator(nq_format fmt);
NQ_API const char *nq_format_suffix(nq_format fmt);

/* An SVG 1.1 picture of one board or of a grid of boards (ceil(sqrt(k)) boards a line): light and
 * dark squares, each queen drawn as a path (a crown, or a disc in cells under 12 px; no font is
 * needed), row numbers on the left and column numbers on top (0-based, as in the `pairs` format;
 * omitted when cells are smaller than 10 px, i.e. n > 64), and in a grid each board's number
 * (1-based) under it; the queens given to a completion (nq_svg_board_marked()) in dark red. The
 * empty board and the queen are defined once and reused (<use>), and the squares are a pattern, so
 * a picture of k boards takes O(n + k n) bytes. Geometry, in px: cells of NQ_SVG_CELL px for n <=
 * 16, else max(4, 640 / n); a margin of one cell (at least 10 px) on each side of every board, for
 * its labels and as the gap between boards. nq_svg_cell_px() and nq_svg_board_origin() give it. */

#define NQ_SVG_CELL       40      /* px per cell for n <= 16 */
#define NQ_SVG_MAX_N      10000   /* the largest board the pictures accept */
#define NQ_SVG_MAX_BOARDS 1000000 /* the most boards in one picture */

/* nq_svg_picture() :
 * Writes the whole picture of k solutions of size n, snprintf-style: at most cap bytes including a
 * terminating NUL (always terminated when cap > 0).
 * @param n      board size, 1 <= n <= NQ_SVG_MAX_N.
 * @param cols   k * n entries: solution i is cols[i*n .. i*n+n-1], entries in [0, n) (any
 *               placement is drawn; attacks are not checked). May be NULL when k = 0.
 * @param k      number of boards, 0 <= k <= NQ_SVG_MAX_BOARDS; k = 0 draws a small picture
 *               saying that there is no solution.
 * @param flags  0, or NQ_FMT_COLUMN_MAJOR to draw each board transposed (queen (r, c) at (c, r)).
 * @return the length of the full picture (excluding the NUL), so that a call with cap 0 sizes the
 *         buffer; 0 if an argument is invalid (n or k out of range, cols NULL with k > 0, an
 *         entry out of range, another flag). */
NQ_API size_t nq_svg_picture(char *buf, size_t cap, int n, const int *cols, size_t k,
                             unsigned flags);

/* nq_svg_begin() / nq_svg_board() / nq_svg_end() :
 * The same picture in pieces, for callers that stream: begin (the header, sized for k boards),
 * then board i = 0 .. k-1 in order, then end; their concatenation equals nq_svg_picture(). Each
 * writes snprintf-style and returns the full length (0 on invalid arguments, as above; also if
 * index >= k). With k = 0, begin and end alone make the "no solution" picture. */
NQ_API size_t nq_svg_begin(char *buf, size_t cap, int n, size_t k, unsigned flags);
NQ_API size_t nq_svg_board(char *buf, size_t cap, int n, const int *cols, size_t index, size_t k,
                           unsigned flags);
NQ_API size_t nq_svg_end(char *buf, size_t cap, int n, size_t k, unsigned flags);

/* nq_svg_board_marked() :
 * nq_svg_board() with the queens given to a completion drawn apart (dark red, outlined), so that a
 * picture of `nqueens complete` tells them from the queens it added.
 * @param given  NULL (as nq_svg_board()), or n flags: non-zero if the queen of row r was given.
 * @return as nq_svg_board(). */
NQ_API size_t nq_svg_board_marked(char *buf, size_t cap, int n, const int *cols,
                                  const unsigned char *given, size_t index, size_t k,
                                  unsigned flags);

/* nq_svg_cell_px() :
 * @return the side of one cell in px for board size n (NQ_SVG_CELL for n <= 16, else
 *         max(4, 640 / n)), or 0 if n is out of range. */
NQ_API int nq_svg_cell_px(int n);

/* nq_svg_board_origin() :
 * Where board `index` of a picture of k boards lies: (*x, *y) receive the pixel coordinates of
 * the top-left corner of its cell (0, 0); cell (r, c) spans [x + c*s, x + (c+1)*s) horizontally
 * and [y + r*s, y + (r+1)*s) vertically, s = nq_svg_cell_px(n). *width and *height (may be NULL)
 * receive the size of the whole picture.
 * @return NQ_OK, or NQ_EINVAL if n or k is out of range, index >= k, or x or y is NULL. */
NQ_API int nq_svg_board_origin(int n, size_t k, size_t index, int *x, int *y, int *width,
                               int *height);

/* ---- The classic recursive search, step by step (trace) ---------------------------------- */

/* The recursive search of the classic write-ups ("branch and bound", with three
 * occupancy arrays for columns, diagonals and anti-diagonals, so that testing a cell costs O(1)),
 * made observable: every step is reported to a callback, for teaching and for tracing. Rows are
 * filled top to bottom and columns tried left to right, so solutions come in lexicographic order
 * and the nodes visited are exactly those of nq_search_new()'s iterator. It is a slow, simple
 * search (a callback per step); use nq_count() or nq_search_new() for speed. */

/* What happened at one step of the search. */
typedef enum nq_trace_kind {
    NQ_TRACE_TRY = 0,  /* the cell (row, col) is tested */
    NQ_TRACE_ATTACKED, /* ... and is attacked: `attack` says how, (by_row, by_col) by which queen */
    NQ_TRACE_PLACE,    /* ... and is free: a queen is placed there (one search node) */
    NQ_TRACE_SOLUTION, /* all n rows hold a queen (row = n, col = -1); cols[0..n-1] is a solution */
    NQ_TRACE_DEAD_END, /* every column of `row` (< n) is attacked: the placement cannot grow */
    NQ_TRACE_BACKTRACK, /* the queen at (row, col) is removed, to try the next column of its row */
} nq_trace_kind;

/* One event of nq_trace_search(). Valid only during the callback. */
typedef struct nq_trace_event {
    nq_trace_kind kind;
    int n;              /* board size */
    int row, col;       /* the cell concerned, 0-based; col = -1 for SOLUTION and DEAD_END */
    nq_attack attack;   /* ATTACKED: NQ_ATTACK_COLUMN, _DIAGONAL or _ANTIDIAGONAL (the first of
                           these, in that order, when several lines attack the cell); else NONE */
    int by_row, by_col; /* ATTACKED: the queen that attacks the cell; else -1 */
    const int *cols;    /* the queens above: cols[0..row-1]; for PLACE and BACKTRACK also
                           cols[row] = col; for SOLUTION the whole solution cols[0..n-1] */
    uint64_t solution;  /* SOLUTION: its 1-based number in lexicographic order; else 0 */
} nq_trace_event;

/* Totals of one nq_trace_search(). */
typedef struct nq_trace_stats {
    uint64_t tries;      /* cells tested (TRY events) */
    uint64_t attacked;   /* tested cells found attacked (ATTACKED events) */
    uint64_t nodes;      /* queens placed (PLACE events): equals nq_search_nodes() after a full
                            listing with nq_search_new(n, NULL, 0, 0, ...) */
    uint64_t dead_ends;  /* rows reached with every column attacked (DEAD_END events) */
    uint64_t solutions;  /* SOLUTION events: OEIS A000170 for a full search */
    uint64_t backtracks; /* queens removed (BACKTRACK events); equals nodes after a full search */
} nq_trace_stats;

/* Callback of nq_trace_search(): return 0 to go on, non-zero to stop the search. */
typedef int (*nq_trace_callback)(void *user, const nq_trace_event *ev);

/* nq_trace_search() :
 * Runs the recursive branch-and-bound search over every placement of the n x n board, reporting
 * each step to on_event in the order it happens: for each row, each column left to right is
 * TRY'd, then either ATTACKED or PLACE'd; a PLACE is followed by the search of the next row and
 * then BACKTRACK of the same cell. A row < n with no PLACE ends with DEAD_END; reaching row n
 * gives SOLUTION. Recursion depth n; memory O(n) on the stack of the call, nothing allocated.
 * @param n         board size, 1 <= n <= NQ_MAX_N (the event count grows like n!: beyond about
 *                  n = 14 this takes minutes).
 * @param on_event  called for every event; may be NULL (the search then only counts).
 * @param user      passed to on_event.
 * @param stats     receives the totals, also when stopped (then the totals so far); may be NULL.
 * @return NQ_OK after the whole search; NQ_STOPPED if on_event returned non-zero; NQ_EINVAL if n
 *         is out of range (stats untouched). */
NQ_API int nq_trace_search(int n, nq_trace_callback on_event, void *user, nq_trace_stats *stats);

#ifdef __cplusplus
}
#endif

#endif /* NQUEENS_ADVANCED_H */
