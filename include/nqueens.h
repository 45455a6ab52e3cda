/*
 * nqueens.h: the one public header of libnqueens.
 *
 * The n-queens problem: place n queens on an n x n board so that no two share a row, a column,
 * a diagonal (row - col constant) or an anti-diagonal (row + col constant).
 *
 * Conventions used by every function below:
 * - A placement is an array `cols` of length n with cols[row] = column, both 0-based; -1 marks an
 *   empty row where a function accepts partial placements. A solution is a full placement with no
 *   two queens attacking each other.
 * - Lexicographic order compares `cols` row by row; every listing is in that order.
 * - Status codes: NQ_OK (0) on success, a negative NQ_E* code on failure (nq_strerror() names it),
 *   and the positive codes NQ_DONE and NQ_STOPPED for "iteration finished" and "a callback asked
 *   to stop". A function that fails leaves its outputs untouched unless it says otherwise.
 * - No global mutable state: every function is thread-safe on distinct handles.
 * - Counts are 128-bit unsigned (nq_u128): the total for n = 29 already exceeds 2^64.
 */
#ifndef NQUEENS_H
#define NQUEENS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define NQ_VERSION_MAJOR  0
#define NQ_VERSION_MINOR  1
#define NQ_VERSION_PATCH  0
#define NQ_VERSION_STRING "0.1.0"

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
    NQ_EIO = -7,       /* a read, write or sync failed (errno tells more) */
    NQ_EMISMATCH = -8, /* a journal belongs to another n, split or version */
    NQ_ECORRUPT = -9,  /* a journal or input is corrupted */
    NQ_EFAIL = -10,    /* a bounded heuristic search gave up without an answer */
};

/* nq_version() :
 * @return the library version as "MAJOR.MINOR.PATCH", equal to NQ_VERSION_STRING of the header
 *         the library was built with. */
const char *nq_version(void);

/* nq_strerror() :
 * @return a static, human-readable description of a status code (never NULL; unknown codes give
 *         "unknown status"). */
const char *nq_strerror(int status);

/* nq_u128_to_string() :
 * Writes v in decimal into buf (at most 40 characters plus the terminating NUL).
 * @param buf  caller-owned, at least 41 bytes.
 * @return buf. */
char *nq_u128_to_string(nq_u128 v, char buf[41]);

/* ========================================================================================== */
/* Placements: validation, symmetries, canonical form (board.c)                               */
/* ========================================================================================== */

/* How two queens attack each other. */
typedef enum nq_attack {
    NQ_ATTACK_NONE = 0,
    NQ_ATTACK_ROW,          /* same row (only possible in inputs that list queens as cells) */
    NQ_ATTACK_COLUMN,       /* same column */
    NQ_ATTACK_DIAGONAL,     /* same diagonal: row - col equal */
    NQ_ATTACK_ANTIDIAGONAL, /* same anti-diagonal: row + col equal */
} nq_attack;

/* The first two attacking queens found by nq_validate(). */
typedef struct nq_conflict {
    int row1, col1; /* the earlier queen (smaller row), 0-based */
    int row2, col2; /* the later queen, 0-based; row2 > row1 */
    nq_attack kind; /* how they attack each other */
} nq_conflict;

/* nq_attack_name() :
 * @return "none", "row", "column", "diagonal" or "anti-diagonal". */
const char *nq_attack_name(nq_attack kind);

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
int nq_validate(int n, const int *cols, int partial_ok, nq_conflict *conflict);

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
 * column; attacks are not checked). out may not alias cols.
 * @param n     board size, n >= 1.
 * @param cols  n entries in [0, n), all distinct.
 * @param out   receives the n entries of the image.
 * @return NQ_OK, or NQ_EINVAL if n < 1, a pointer is NULL, sym is not a symmetry, or cols is not a
 *         permutation of 0..n-1 (then out is unspecified). */
int nq_transform(int n, const int *cols, nq_symmetry sym, int *out);

/* nq_canonical() :
 * Computes the representative of a solution's symmetry class: the lexicographically least of its
 * 8 images, and the size of the class (8, 4, 2 or 1). A fundamental solution is printed as this
 * representative. (OEIS A002562 counts the classes.) O(8n) time, O(n) memory.
 * @param n       board size, 1 <= n.
 * @param cols    n entries, a permutation of 0..n-1.
 * @param out     receives the representative (n entries); may be NULL; may alias cols.
 * @param orbit   receives the class size (8, 4, 2 or 1); may be NULL.
 * @return NQ_OK, or NQ_EINVAL (as nq_transform()), or NQ_ENOMEM. */
int nq_canonical(int n, const int *cols, int *out, int *orbit);

/* ========================================================================================== */
/* The solution iterator: iterative bitboard backtracking (search.c)                          */
/* ========================================================================================== */

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
int nq_search_new(int n, const int *prefix, int k, unsigned flags, nq_search **out);

/* nq_search_next() :
 * Advances to the next solution.
 * @param cols  receives the solution's n columns.
 * @return NQ_OK with a solution in cols, NQ_DONE when there are no more (cols untouched),
 *         NQ_EINVAL if s or cols is NULL. */
int nq_search_next(nq_search *s, int *cols);

/* nq_search_nodes() :
 * @return the number of search nodes so far: queens placed (each partial placement visited,
 *         not counting the given prefix). The same count as nq_bnb_search()'s for a full listing.
 */
uint64_t nq_search_nodes(const nq_search *s);

/* nq_search_free() : releases a search; NULL is accepted. */
void nq_search_free(nq_search *s);

/* nq_find_first() :
 * Computes the lexicographically first solution by backtracking. The cost grows erratically with
 * n (56 million nodes at n = 30); for large n use nq_construct().
 * @param n      1 <= n <= NQ_MAX_N.
 * @param cols   receives n columns.
 * @param nodes  receives the number of nodes visited; may be NULL.
 * @return NQ_OK, NQ_ENOSOL (n = 2 or 3), NQ_EINVAL, NQ_ENOMEM. */
int nq_find_first(int n, int *cols, uint64_t *nodes);

/* ========================================================================================== */
/* Output formats (format.c)                                                                  */
/* ========================================================================================== */

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
const char *nq_format_name(nq_format fmt);
int nq_format_parse(const char *name, nq_format *fmt);

/* nq_format_is_board() :
 * @return 1 if the format draws the whole board (n^2 characters: board, json, grid, matrix, svg),
 *         0 for the formats of size O(n) (cols, pairs, jsonl, perm). */
int nq_format_is_board(nq_format fmt);

/* nq_format_solution() :
 * Writes one solution in a text format (not NQ_FMT_SVG), snprintf-style: at most cap bytes
 * including a terminating NUL; the result is always terminated when cap > 0.
 * @param n     board size, n >= 1.
 * @param cols  n entries in [0, n); with NQ_FMT_COLUMN_MAJOR a permutation.
 * @param flags NQ_FMT_COLUMN_MAJOR, NQ_FMT_NO_END.
 * @return the length of the full text (excluding the NUL), so a call with cap 0 sizes the buffer;
 *         0 if an argument is invalid (fmt is NQ_FMT_SVG, n < 1, cols NULL, an entry out of range).
 */
size_t nq_format_solution(char *buf, size_t cap, nq_format fmt, int n, const int *cols,
                          unsigned flags);

/* nq_format_prefix() / nq_format_separator() / nq_format_suffix() :
 * What a run of solutions in this format starts with, puts between two solutions, and ends with:
 * "[", "," and "]\n" for NQ_FMT_JSON (so an empty run is "[]\n"), "" for the others. */
const char *nq_format_prefix(nq_format fmt);
const char *nq_format_separator(nq_format fmt);
const char *nq_format_suffix(nq_format fmt);

/* ==== Section: counting engine and subproblems (count.c, split.c, parallel.c) ============= */

/* The result of a count or of one subproblem. All fields add up over subproblems. */
typedef struct nq_counts {
    nq_u128 total;  /* all solutions (OEIS A000170) */
    nq_u128 unique; /* fundamental solutions (OEIS A002562) = orbit8 + orbit4 + orbit2 + orbit1 */
    nq_u128 orbit8; /* fundamental solutions whose class has 8 members */
    nq_u128 orbit4; /* ... 4 members */
    nq_u128 orbit2; /* ... 2 members */
    nq_u128 orbit1; /* ... 1 member (only n = 1) */
    uint64_t nodes; /* search nodes visited */
} nq_counts;

/* nq_counts_add() : acc += x, field by field. */
void nq_counts_add(nq_counts *acc, const nq_counts *x);

/* nq_count() :
 * Counts all and fundamental solutions of the n-queens problem on one thread.
 * @param n    1 <= n <= NQ_MAX_N (beyond about 20 this takes hours or years).
 * @param out  receives the counts.
 * @return NQ_OK, NQ_EINVAL (n out of range or out NULL), NQ_ENOMEM. */
int nq_count(int n, nq_counts *out);

/* A numbered split of a whole count into independent subproblems. */
typedef struct nq_split nq_split;

/* nq_split_new() : the split used by every count of n (threads, journal, MPI).
 * @return NQ_OK, NQ_EINVAL, NQ_ENOMEM. */
int nq_split_new(int n, nq_split **out);

/* nq_split_n() / nq_split_size() / nq_split_id() :
 * The board size; the number of subproblems (numbered 0 .. size-1); and a short string naming the
 * numbering (method, n and parameters) that a journal stores and compares. */
int nq_split_n(const nq_split *s);
uint64_t nq_split_size(const nq_split *s);
const char *nq_split_id(const nq_split *s);

/* nq_split_solve() :
 * Computes one subproblem's contribution. Thread-safe: many threads may solve subproblems of one
 * split at once. The sum over all indices equals nq_count().
 * @return NQ_OK, NQ_EINVAL (index >= size, NULL pointers). */
int nq_split_solve(const nq_split *s, uint64_t index, nq_counts *out);

/* nq_split_free() : NULL is accepted. */
void nq_split_free(nq_split *s);

/* Options of nq_count_split(). Zero-initialise, then set what you need. */
typedef struct nq_count_options {
    int threads;         /* worker threads; 0 = all cores */
    const uint8_t *skip; /* NULL, or nq_split_size() flags: non-zero = already done, skip it */
    /* Called once per finished subproblem, never concurrently (under a lock), from any thread;
     * a non-zero return stops the count (NQ_STOPPED). May be NULL. */
    int (*on_result)(void *user, uint64_t index, const nq_counts *c);
    void *user;
    const volatile int *stop; /* NULL, or a flag: once non-zero, no new subproblem starts */
} nq_count_options;

/* nq_count_threads() :
 * @param threads  a thread count as in nq_count_options.threads (0 = all cores).
 * @return the number of worker threads a count with that setting runs (>= 1). */
int nq_count_threads(int threads);

/* nq_count_split() :
 * Solves every subproblem not skipped, on opt->threads threads (OpenMP, dynamic schedule), and
 * adds their contributions into *out (which the caller initialises, e.g. from a journal).
 * The result never depends on the number of threads or the schedule.
 * @return NQ_OK; NQ_STOPPED if on_result or the stop flag ended it early (out then holds the sum
 *         of the subproblems reported through on_result); NQ_EINVAL; NQ_ENOMEM. */
int nq_count_split(const nq_split *s, const nq_count_options *opt, nq_counts *out);

/* ==== End of section: counting engine ===================================================== */

/* ==== Section: construction and min-conflicts (construct.c, minconflicts.c) =============== */

/* ==== End of section: construction and min-conflicts ===================================== */

/* ==== Section: parsing, checking and completion (parse.c, check.c, complete.c) ============ */

/* ==== End of section: parsing, checking and completion ==================================== */

/* ==== Section: checkpoint journal (journal.c) ============================================ */

/* A checkpoint journal records the finished subproblems of one split (nq_split_new()) of a count in
 * an append-only text file, so that a count that is killed can resume where it stopped and still
 * give exactly the uninterrupted answer.
 *
 * File format (version NQ_JOURNAL_FORMAT), one line each, every line ending in '\n':
 *   nqueens-journal 1 n=<n> size=<subproblems> library=<version> split=<split id> crc=<8 hex>
 *   r <index> <total> <unique> <orbit8> <orbit4> <orbit2> <orbit1> <nodes> <8 hex>
 * Numbers are decimal (counts up to 128 bits). The hex field is the CRC-32 (IEEE 802.3 polynomial,
 * as in zlib) of the line's bytes before the last space. Records come in the order subproblems
 * finish. A last line that is unterminated or fails its check is a torn write (the process was
 * killed while writing it): it is ignored and cut off when the journal is opened for appending. A
 * bad line anywhere else means corruption and the journal is refused; a journal of another n, size,
 * split id or format is refused as a mismatch. The library version is recorded for information
 * only: the split id names the numbering, which is what must agree.
 *
 * Durability: every record is handed to the kernel (write(2)) as soon as it is appended, so killing
 * the process loses only the subproblems in flight; fsync(2) runs in batches, when an append comes
 * NQ_JOURNAL_SYNC_MS after the last fsync and whenever the caller asks (nq_journal_sync() from a
 * timer), which bounds what a power failure can lose. */

#define NQ_JOURNAL_FORMAT   1    /* the file format version written and accepted */
#define NQ_JOURNAL_SPLIT_ID 256  /* room for a split id in nq_journal_info, NUL included */
#define NQ_JOURNAL_SYNC_MS  2000 /* default longest time between two fsync() of new records */

typedef struct nq_journal nq_journal; /* an open journal; one per file; thread-safe */

/* What a journal file holds (nq_journal_read(), nq_journal_get_info()). */
typedef struct nq_journal_info {
    int format;                         /* file format version (NQ_JOURNAL_FORMAT) */
    int n;                              /* board size of the count */
    uint64_t size;                      /* number of subproblems of the split */
    uint64_t done;                      /* distinct subproblems recorded as finished, <= size */
    nq_counts counts;                   /* sum of their contributions (nodes included) */
    int torn;                           /* 1 if a torn last line was found (it is ignored) */
    char split_id[NQ_JOURNAL_SPLIT_ID]; /* nq_split_id() of the split the journal belongs to */
    char library[32];                   /* version of the library that created the file */
} nq_journal_info;

/* nq_journal_open() :
 * Opens the journal at path for the split s, creating it (header written and fsync'd, with its
 * directory) if it does not exist or is empty, or resuming it if it does: its records are read and
 * checked, and a torn last line is cut off. The file is locked (fcntl) against a second writer.
 * @param path     file name.
 * @param s        the split being counted; the journal must belong to it.
 * @param sync_ms  longest time in milliseconds between two fsync() of new records; 0 for
 *                 NQ_JOURNAL_SYNC_MS.
 * @param out      receives the handle; close it with nq_journal_close().
 * @return NQ_OK; NQ_EINVAL (a NULL argument, or a split id too long); NQ_EIO (the file cannot be
 *         created, read, written, locked or synced: errno tells why, EBUSY if another process holds
 *         the lock); NQ_EMISMATCH (the journal belongs to another n, size, split or format);
 *         NQ_ECORRUPT (the file is not a journal, or a line other than the last is damaged, or two
 *         records of one subproblem disagree); NQ_ENOMEM. */
int nq_journal_open(const char *path, const nq_split *s, unsigned sync_ms, nq_journal **out);

/* nq_journal_skip() :
 * @return the nq_split_size() flags of the subproblems already recorded (non-zero = done), ready
 *         for nq_count_options.skip; owned by the journal, updated by every append. */
const uint8_t *nq_journal_skip(const nq_journal *j);

/* nq_journal_get_info() :
 * Fills info with the journal's header and the sum of every record so far (those read when it was
 * opened and those appended since). */
void nq_journal_get_info(nq_journal *j, nq_journal_info *info);

/* nq_journal_append() :
 * Records that subproblem `index` finished with contributions c: writes the record at once and
 * fsyncs if sync_ms have passed since the last fsync. Calls may come from any thread (they are
 * serialised inside), and so may nq_journal_sync() and nq_journal_get_info() meanwhile.
 * @return NQ_OK; NQ_EINVAL (index >= size, index already recorded, NULL pointer); NQ_EIO (write or
 *         fsync failed, errno tells why; the journal then refuses further appends). */
int nq_journal_append(nq_journal *j, uint64_t index, const nq_counts *c);

/* nq_journal_on_result() :
 * An nq_count_options.on_result callback for user = the journal: calls nq_journal_append() and
 * returns its status (non-zero stops the count); the status is kept for nq_journal_error(). */
int nq_journal_on_result(void *journal, uint64_t index, const nq_counts *c);

/* nq_journal_error() :
 * @return the first failed status of an append (NQ_OK if none), so that a caller can tell a count
 *         stopped by a journal write error from one stopped by the user. */
int nq_journal_error(nq_journal *j);

/* nq_journal_sync() :
 * Forces the records appended so far to stable storage (fsync), if any is not yet; appends only
 * fsync when they come, so a caller whose subproblems take long calls this from a timer (thread)
 * to keep the promise of NQ_JOURNAL_SYNC_MS. Appends from other threads do not wait for the disk.
 * @return NQ_OK, or NQ_EIO (errno tells why; later appends then fail too). */
int nq_journal_sync(nq_journal *j);

/* nq_journal_close() :
 * Syncs, unlocks, closes and frees the journal; NULL is accepted (returns NQ_OK).
 * @return NQ_OK, or NQ_EIO if the final sync or close failed (the handle is freed anyway). */
int nq_journal_close(nq_journal *j);

/* nq_journal_read() :
 * Reads and checks the journal at path without changing it and without knowing the split (for a
 * status report); a torn last line is reported in info->torn, not cut off.
 * @return NQ_OK; NQ_EINVAL (NULL argument); NQ_EIO (cannot read: errno tells why, ENOENT if it does
 *         not exist); NQ_ECORRUPT (as nq_journal_open(); an empty file is not a journal either);
 *         NQ_EMISMATCH (another format version); NQ_ENOMEM. */
int nq_journal_read(const char *path, nq_journal_info *info);

/* ==== End of section: checkpoint journal ================================================== */

/* ==== Section: pictures and the traced branch-and-bound search (svg.c, bnb.c) ============= */

/* ==== End of section: pictures and trace ================================================== */

#ifdef __cplusplus
}
#endif

#endif /* NQUEENS_H */
