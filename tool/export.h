/*
 * export.h: the per-subproblem subtotals of a count as one table (export.c), read from an export
 * file (`nqueens count --export`, a documented text format that anyone can read and check without
 * our journal format) or from a checkpoint journal, and written as an export. `nqueens merge`
 * adds tables of parts, `nqueens verify` recounts their records.
 *
 * The export format (version TOOL_EXPORT_FORMAT), one line each, every line ending in '\n' (read
 * back, "\r\n", a bare '\r' and no line end after the last line are read alike):
 *   nqueens-export 2
 *   n <n>
 *   size <subproblems of the whole split>
 *   split <split id, as nq_split_id() names the numbering>
 *   part <I>/<K>                (the I-th of K slices; 1/1 for a whole count)
 *   library <version of the library that counted>
 *   fields index total unique orbit8 orbit4 orbit2 orbit1 nodes
 *   <index> <total> <unique> <orbit8> <orbit4> <orbit2> <orbit1> <nodes>    (one per subproblem)
 *   end <records> <total> <unique> <orbit8> <orbit4> <orbit2> <orbit1> <nodes> <check>
 * Numbers are decimal (counts up to 128 bits); the check is 8 lower-case hex digits, the CRC-32
 * (IEEE 802.3, zlib's crc32(), as the journal's) of every byte of the file before it, the end
 * line's bytes up to its last space included, so that an edit anywhere is found, not only one
 * that breaks an identity (issue 40). The header's n and size are those its split id states, and
 * the split is a border split (the only one exported). Format 1 (nqueens 0.4.0 and before) is
 * the same without the check: it is still read (its parts may be days of work), judged by every
 * other rule, and `verify` says that it has no check. The records come in increasing order of
 * index, one for each subproblem of the part: those numbered I-1, I-1+K, I-1+2K, ... (interleaved,
 * so that every part gets subproblems from all over the numbering, and neighbours in it, which are
 * alike, go to different parts: the parts take about equal times). The end line holds the number of
 * records and their sums. Each record obeys total = 8 orbit8 + 4 orbit4 + 2 orbit2 + orbit1 and
 * unique = orbit8 + orbit4 + orbit2 + orbit1.
 */
#ifndef NQ_TOOL_EXPORT_H
#define NQ_TOOL_EXPORT_H

#include <stdint.h>

#include "nqueens_advanced.h"

#define TOOL_EXPORT_FORMAT 2
#define TOOL_MAX_PARTS     1000000 /* the most parts (K of --part I/K) */

/* Where a table was read from. */
enum { TOOL_TABLE_EXPORT = 1, TOOL_TABLE_JOURNAL = 2 };

/* What an export's check said (tool_table.check): 0 for none (a journal, whose lines the library
 * checks, or an export of format 1). */
enum { TOOL_CHECK_RIGHT = 1, TOOL_CHECK_WRONG = 2 };

/* One subproblem's record. */
typedef struct tool_record {
    uint64_t index;
    nq_counts c;
} tool_record;

typedef struct tool_table {
    int kind; /* TOOL_TABLE_EXPORT or TOOL_TABLE_JOURNAL */
    int n;
    uint64_t size;                      /* subproblems of the whole split */
    char split_id[NQ_JOURNAL_SPLIT_ID]; /* nq_split_id() of the numbering */
    char library[32];                   /* the library version that wrote the file */
    uint64_t part, parts;     /* the slice I/K of an export; 0/0 for a journal (not recorded) */
    uint64_t records;         /* entries of rec */
    tool_record *rec;         /* in increasing order of index, no index twice */
    nq_counts sum;            /* of the records */
    nq_counts claimed;        /* the file's own sums: an export's end line, a journal's reading */
    uint64_t claimed_records; /* the records the end line (export) says there are */
    int format;               /* an export's format version (1 or TOOL_EXPORT_FORMAT) */
    int check;                /* TOOL_CHECK_RIGHT or _WRONG: format 2's check; 0 without one */
    int end_line;             /* the line number of an export's end line */
} tool_table;

/* tool_part_has() : 1 if subproblem index belongs to part I of K (parts 0: every one does). */
int tool_part_has(uint64_t part, uint64_t parts, uint64_t index);

/* tool_part_size() : how many of the size subproblems part I of K has. */
uint64_t tool_part_size(uint64_t size, uint64_t part, uint64_t parts);

/* tool_parse_part() :
 * Parses "I/K" (1 <= I <= K <= TOOL_MAX_PARTS). @return 0, or -1 after printing why. */
int tool_parse_part(const char *text, uint64_t *part, uint64_t *parts);

/* tool_table_read() :
 * Reads the export or checkpoint journal at path (told apart by the first line) into t: a
 * journal is first checked by the library (nq_journal_read(): its header, every record's CRC and
 * identities, duplicates; a torn last line is left out), an export by its format (above: the
 * order of the lines, the records increasing and in the part, the header's n and size those of
 * its split). The records' identities, the end line's sums and its check are not judged here
 * (tool_table_audit()), so that verify can tell them apart. @return 0, or -1 after printing why
 * (t is then empty). */
int tool_table_read(const char *path, tool_table *t);

/* tool_table_audit() :
 * Looks for the first record that breaks an identity (total = 8 orbit8 + 4 orbit4 + 2 orbit2 +
 * orbit1, unique = the orbits' sum), then whether the file's own sums (claimed) are those of its
 * records, then whether an export's check holds. @return 0 if all hold, else 1 with a one-line
 * explanation in why (cap bytes). */
int tool_table_audit(const tool_table *t, char *why, size_t cap);

/* tool_table_free() : releases the records; the table is then empty. */
void tool_table_free(tool_table *t);

/* tool_export_write() :
 * Writes t (kind, part and records; the sums are computed) as an export at path by the policy of
 * output.h (tool_output_write()): a regular file atomically (a temporary file in the same folder,
 * synced, then renamed over path, so that path holds the old file or the whole new one, never a
 * part), a FIFO, a device or an open descriptor in place; never over a checkpoint journal, a file
 * a running count holds, or journal (the count's own checkpoint path, or NULL). @return 0, or -1
 * after printing why. */
int tool_export_write(const char *path, const tool_table *t, const char *journal);

#endif /* NQ_TOOL_EXPORT_H */
