/*
 * test_journal.c: the checkpoint journal (src/journal.c): a count interrupted after any number of
 * subproblems and resumed gives the whole count (checked against the OEIS table); torn last lines
 * are ignored and cut off; another n, split or format, a damaged middle line, a duplicated record,
 * a file that is no journal, an unwritable path and a second writer are all refused, and a refused
 * file is left untouched.
 */
#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "nqueens_advanced.h"
#include "support.h"

/* ---- helpers ------------------------------------------------------------------------------ */

static char tmpdir[64];

static int setup_dir(void **state) {
    (void)state;
    snprintf(tmpdir, sizeof tmpdir, "/tmp/nq-journal-XXXXXX");
    return mkdtemp(tmpdir) ? 0 : -1;
}

static int remove_dir(void **state) {
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    return system(cmd) == 0 ? 0 : -1;
}

static void path_in(char *buf, size_t cap, const char *name) {
    snprintf(buf, cap, "%s/%s", tmpdir, name);
}

static char *slurp(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char *buf = malloc(1 << 20);
    assert_non_null(buf);
    *len = fread(buf, 1, (1 << 20) - 1, f);
    buf[*len] = '\0';
    fclose(f);
    return buf;
}

static void spit(const char *path, const char *data, size_t len) {
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, len, f), len);
    fclose(f);
}

static void append_text(const char *path, const char *text) {
    FILE *f = fopen(path, "ab");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* Total and fundamental counts of n from the OEIS table tests/data/counts.txt. */
static void oeis_counts(int n, nq_u128 *total, nq_u128 *unique) {
    FILE *f = fopen(NQ_TEST_DATA "/counts.txt", "r");
    assert_non_null(f);
    char line[256];
    int found = 0;
    while (fgets(line, sizeof line, f)) {
        int m;
        unsigned long long t, u;
        if (line[0] != '#' && sscanf(line, "%d %llu %llu", &m, &t, &u) == 3 && m == n) {
            *total = t;
            *unique = u;
            found = 1;
        }
    }
    fclose(f);
    assert_true(found);
}

/* Writes a journal of n with the first `records` subproblems (in index order). */
static void make_journal(const char *path, int n, uint64_t records) {
    nq_split *s;
    assert_int_equal(nq_split_new(n, &s), NQ_OK);
    nq_journal *j;
    assert_int_equal(nq_journal_open(path, s, 0, &j, NULL), NQ_OK);
    for (uint64_t i = 0; i < records && i < nq_split_size(s); i++) {
        nq_counts c;
        assert_int_equal(nq_split_solve(s, i, &c), NQ_OK);
        assert_int_equal(nq_journal_append(j, i, &c), NQ_OK);
    }
    assert_int_equal(nq_journal_close(j, NULL), NQ_OK);
    nq_split_free(s);
}

static int open_status(const char *path, int n) {
    nq_split *s;
    assert_int_equal(nq_split_new(n, &s), NQ_OK);
    nq_journal *j = NULL;
    int rc = nq_journal_open(path, s, 0, &j, NULL);
    if (rc == NQ_OK)
        assert_int_equal(nq_journal_close(j, NULL), NQ_OK);
    else
        assert_null(j);
    nq_split_free(s);
    return rc;
}

/* Counts how many lines the file has. */
static int count_lines(const char *path) {
    size_t len;
    char *buf = slurp(path, &len);
    int lines = 0;
    for (size_t i = 0; i < len; i++)
        lines += buf[i] == '\n';
    free(buf);
    return lines;
}

/* CRC-32 (IEEE 802.3) computed by a second, independent (table-driven) implementation,
 * continuing `crc` (0 to start): the journal's checks are checked against it. */
static uint32_t crc32_continue(uint32_t crc, const char *p, size_t len) {
    uint32_t table[256];
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++)
            c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        table[i] = c;
    }
    crc = ~crc;
    for (size_t i = 0; i < len; i++)
        crc = table[(crc ^ (uint8_t)p[i]) & 0xFF] ^ (crc >> 8);
    return ~crc;
}

/* Writes at path the journal made of the header body `header` (without " crc=...") and the
 * records of the journal text `from` (after its first line), each record signed again as the
 * format says: the CRC of the header's body followed by the record's body. */
static void write_signed(const char *path, const char *header, const char *from) {
    size_t cap = strlen(header) + 2 * strlen(from) + 64;
    char *out = malloc(cap);
    assert_non_null(out);
    uint32_t seed = crc32_continue(0, header, strlen(header));
    size_t len = (size_t)snprintf(out, cap, "%s crc=%08x\n", header, seed);
    const char *line = strchr(from, '\n') + 1;
    while (*line) {
        const char *nl = strchr(line, '\n');
        assert_non_null(nl);
        const char *sp = nl;
        while (sp[-1] != ' ')
            sp--;
        size_t body = (size_t)(sp - 1 - line);
        memcpy(out + len, line, body);
        len += body;
        len += (size_t)snprintf(out + len, cap - len, " %08x\n", crc32_continue(seed, line, body));
        line = nl + 1;
    }
    spit(path, out, len);
    free(out);
}

/* The header body (without " crc=...") of the journal text. */
static void header_body(const char *text, char *out, size_t cap) {
    const char *crc = strstr(text, " crc=");
    assert_non_null(crc);
    assert_true((size_t)(crc - text) < cap);
    memcpy(out, text, (size_t)(crc - text));
    out[crc - text] = '\0';
}

/* ---- interrupted counts ------------------------------------------------------------------- */

typedef struct stopper {
    nq_journal *j;
    uint64_t left; /* results to accept before asking to stop */
} stopper;

static int stop_after(void *user, uint64_t index, const nq_counts *c) {
    stopper *st = user;
    int rc = nq_journal_on_result(st->j, index, c);
    if (rc != NQ_OK)
        return rc;
    return --st->left == 0;
}

/* Runs the count of n through the journal at path, stopping after `budget` subproblems (0: never).
 * Returns the status of nq_count_split() and the counts it reports, journal's included. */
static int run_once(const char *path, int n, uint64_t budget, nq_counts *out) {
    nq_split *s;
    assert_int_equal(nq_split_new(n, &s), NQ_OK);
    nq_journal *j;
    assert_int_equal(nq_journal_open(path, s, 50, &j, NULL), NQ_OK);
    nq_journal_info info;
    nq_journal_get_info(j, &info);
    assert_int_equal(info.n, n);
    assert_int_equal(info.size, nq_split_size(s));
    *out = info.counts;
    stopper st = {j, budget ? budget : UINT64_MAX};
    nq_count_options opt;
    memset(&opt, 0, sizeof opt);
    opt.threads = 2;
    opt.skip = nq_journal_skip(j);
    opt.on_result = stop_after;
    opt.user = &st;
    int rc = nq_count_split(s, &opt, out);
    assert_int_equal(nq_journal_error(j, NULL), NQ_OK);
    nq_journal_get_info(j, &info);
    assert_true(info.counts.total == out->total);
    assert_true(info.counts.unique == out->unique);
    assert_int_equal(nq_journal_close(j, NULL), NQ_OK);
    nq_split_free(s);
    return rc;
}

static void test_resume_gives_whole_count(void **state) {
    (void)state;
    for (int n = 8; n <= 11; n++) {
        nq_u128 total = 0, unique = 0;
        oeis_counts(n, &total, &unique);
        nq_split *s;
        assert_int_equal(nq_split_new(n, &s), NQ_OK);
        uint64_t size = nq_split_size(s);
        nq_split_free(s);
        /* Stop after 1, 2, 3, ... subproblems each time, so each run resumes the previous one. */
        char path[128];
        path_in(path, sizeof path, "resume.nqj");
        unlink(path);
        nq_counts c;
        uint64_t budget = 1, runs = 0;
        int rc;
        while ((rc = run_once(path, n, budget, &c)) == NQ_STOPPED) {
            budget++;
            runs++;
            assert_true(runs <= size);
        }
        assert_int_equal(rc, NQ_OK);
        assert_true(c.total == total);
        assert_true(c.unique == unique);
        assert_int_equal(count_lines(path), 1 + (int)size);
        /* A finished journal resumes to the same answer without computing anything. */
        nq_counts again;
        assert_int_equal(run_once(path, n, 0, &again), NQ_OK);
        assert_true(again.total == total && again.unique == unique && again.nodes == c.nodes);
        nq_journal_info info;
        assert_int_equal(nq_journal_read(path, &info, NULL), NQ_OK);
        assert_int_equal(info.done, size);
        assert_true(info.counts.total == total);
        assert_int_equal(info.torn, 0);
    }
}

static void test_info_and_skip_flags(void **state) {
    (void)state;
    char path[128];
    path_in(path, sizeof path, "info.nqj");
    unlink(path);
    make_journal(path, 9, 3);
    nq_split *s;
    assert_int_equal(nq_split_new(9, &s), NQ_OK);
    nq_journal *j;
    assert_int_equal(nq_journal_open(path, s, 0, &j, NULL), NQ_OK);
    nq_journal_info info;
    nq_journal_get_info(j, &info);
    assert_int_equal(info.format, NQ_JOURNAL_FORMAT_MIN); /* a border split's format */
    assert_int_equal(info.done, 3);
    assert_string_equal(info.split_id, nq_split_id(s));
    assert_string_equal(info.library, nq_version());
    nq_counts want;
    memset(&want, 0, sizeof want);
    for (uint64_t i = 0; i < 3; i++) {
        nq_counts c;
        assert_int_equal(nq_split_solve(s, i, &c), NQ_OK);
        nq_counts_add(&want, &c);
    }
    assert_true(info.counts.total == want.total && info.counts.unique == want.unique &&
                info.counts.orbit8 == want.orbit8 && info.counts.orbit4 == want.orbit4 &&
                info.counts.orbit2 == want.orbit2 && info.counts.nodes == want.nodes);
    const uint8_t *skip = nq_journal_skip(j);
    for (uint64_t i = 0; i < nq_split_size(s); i++)
        assert_int_equal(skip[i] != 0, i < 3);
    /* Appending a recorded index, or one out of range, is refused. */
    nq_counts c;
    assert_int_equal(nq_split_solve(s, 0, &c), NQ_OK);
    assert_int_equal(nq_journal_append(j, 0, &c), NQ_EINVAL);
    assert_int_equal(nq_journal_append(j, nq_split_size(s), &c), NQ_EINVAL);
    assert_int_equal(nq_journal_sync(j), NQ_OK);
    assert_int_equal(nq_journal_close(j, NULL), NQ_OK);
    assert_int_equal(nq_journal_close(NULL, NULL), NQ_OK);
    nq_split_free(s);
    assert_int_equal(nq_journal_read(path, &info, NULL), NQ_OK);
    assert_int_equal(info.done, 3);
}

/* ---- torn tails --------------------------------------------------------------------------- */

static void check_torn_bytes(const char *tail, size_t tail_len) {
    char path[128];
    path_in(path, sizeof path, "torn.nqj");
    unlink(path);
    make_journal(path, 10, 4);
    size_t good_len;
    char *good = slurp(path, &good_len);
    FILE *tf = fopen(path, "ab");
    assert_non_null(tf);
    assert_int_equal(fwrite(tail, 1, tail_len, tf), tail_len);
    fclose(tf);
    nq_journal_info info;
    assert_int_equal(nq_journal_read(path, &info, NULL), NQ_OK);
    assert_int_equal(info.torn, 1);
    assert_int_equal(info.done, 4);
    /* Opening for appending ignores the torn line and cuts it off. */
    nq_split *s;
    assert_int_equal(nq_split_new(10, &s), NQ_OK);
    nq_journal *j;
    assert_int_equal(nq_journal_open(path, s, 0, &j, NULL), NQ_OK);
    nq_journal_get_info(j, &info);
    assert_int_equal(info.torn, 1);
    assert_int_equal(info.done, 4);
    size_t now_len;
    char *now = slurp(path, &now_len);
    assert_int_equal(now_len, good_len);
    assert_memory_equal(now, good, good_len);
    nq_counts c;
    assert_int_equal(nq_split_solve(s, 7, &c), NQ_OK);
    assert_int_equal(nq_journal_append(j, 7, &c), NQ_OK);
    assert_int_equal(nq_journal_close(j, NULL), NQ_OK);
    nq_split_free(s);
    assert_int_equal(nq_journal_read(path, &info, NULL), NQ_OK);
    assert_int_equal(info.torn, 0);
    assert_int_equal(info.done, 5);
    free(good);
    free(now);
}

static void check_torn(const char *tail) {
    check_torn_bytes(tail, strlen(tail));
}

static void test_torn_last_line(void **state) {
    (void)state;
    check_torn("r 5 12");                    /* cut mid-line, no newline */
    check_torn("r 5 0 0 0 0 0 0 1 0");       /* cut in the checksum */
    check_torn("r 5 1 1 1 0 0 0 9 dead");    /* cut in the checksum */
    check_torn_bytes("r 5 1 1\0\0\0\n", 11); /* NUL bytes, as a crash leaves them */
    char zeros[40] = {0};
    char path[128];
    path_in(path, sizeof path, "zeros.nqj");
    unlink(path);
    make_journal(path, 10, 2);
    FILE *f = fopen(path, "ab");
    assert_non_null(f);
    fwrite(zeros, 1, sizeof zeros, f); /* a crash can leave a block of zero bytes */
    fclose(f);
    assert_int_equal(open_status(path, 10), NQ_OK);
    nq_journal_info info;
    assert_int_equal(nq_journal_read(path, &info, NULL), NQ_OK);
    assert_int_equal(info.done, 2);
    assert_int_equal(info.torn, 0);
}

static void test_torn_header_or_empty_file_starts_afresh(void **state) {
    (void)state;
    char path[128];
    path_in(path, sizeof path, "fresh.nqj");
    spit(path, "", 0);
    nq_journal_info info;
    nq_journal_problem why;
    assert_int_equal(nq_journal_read(path, &info, &why), NQ_ECORRUPT);
    assert_int_equal(why.kind, NQ_JOURNAL_NOT_A_JOURNAL);
    assert_int_equal(why.line, 0);
    assert_int_equal(open_status(path, 8), NQ_OK);
    assert_int_equal(nq_journal_read(path, &info, NULL), NQ_OK);
    assert_int_equal(info.n, 8);
    assert_int_equal(info.done, 0);
    /* The beginning of a header, as a write cut short leaves it (a full disk), or NUL bytes in
     * its place (a crash before its fsync, under delayed allocation): a status must tell it from
     * damage (its kind was 0, and the programs said "line 1 is damaged (not a record of a
     * journal)"), and the count starts it afresh. */
    char nuls[300] = {0};
    const struct {
        const char *text;
        size_t len;
    } torn[] = {
        {"nqueens-journal ", 16},
        {"nqueens-journal 2 n=8 size=3", 28},
        {nuls, 1},
        {nuls, sizeof nuls},
    };
    for (size_t k = 0; k < sizeof torn / sizeof torn[0]; k++) {
        spit(path, torn[k].text, torn[k].len);
        assert_int_equal(nq_journal_read(path, &info, &why), NQ_ECORRUPT);
        assert_int_equal(why.kind, NQ_JOURNAL_TORN_HEADER);
        assert_int_equal(why.line, 1);
        assert_int_equal(open_status(path, 8), NQ_OK);
        assert_int_equal(count_lines(path), 1);
        assert_int_equal(nq_journal_read(path, &info, NULL), NQ_OK);
    }
}

/* ---- refusals ----------------------------------------------------------------------------- */

/* Opening path must fail with `want` and leave the file byte for byte as it was. */
static void check_refused(const char *path, int n, int want) {
    size_t before_len, after_len;
    char *before = slurp(path, &before_len);
    assert_int_equal(open_status(path, n), want);
    char *after = slurp(path, &after_len);
    assert_int_equal(after_len, before_len);
    assert_memory_equal(after, before, before_len);
    free(before);
    free(after);
}

static void test_other_n_or_split_is_refused(void **state) {
    (void)state;
    char path[128];
    path_in(path, sizeof path, "other.nqj");
    unlink(path);
    make_journal(path, 9, 2);
    check_refused(path, 10, NQ_EMISMATCH);
    check_refused(path, 8, NQ_EMISMATCH);
    /* The same n with another split id: rewrite the header, and sign it and the records again
     * with an independent CRC-32 as the format says. */
    size_t len;
    char *text = slurp(path, &len);
    nq_split *s;
    assert_int_equal(nq_split_new(9, &s), NQ_OK);
    char header[512];
    snprintf(header, sizeof header,
             "nqueens-journal 2 n=9 size=%llu library=0.0.1 id=00000000000000ff "
             "split=some-other-numbering",
             (unsigned long long)nq_split_size(s));
    nq_split_free(s);
    write_signed(path, header, text);
    nq_journal_info info;
    assert_int_equal(nq_journal_read(path, &info, NULL), NQ_OK); /* a valid journal ... */
    assert_string_equal(info.split_id, "some-other-numbering");
    assert_int_equal(info.done, 2);
    assert_true(info.id == 0xff);
    check_refused(path, 9, NQ_EMISMATCH); /* ... of another split */
    nq_journal_problem why;
    nq_journal *j = NULL;
    assert_int_equal(nq_split_new(9, &s), NQ_OK);
    assert_int_equal(nq_journal_open(path, s, 0, &j, &why), NQ_EMISMATCH);
    nq_split_free(s);
    assert_null(j);
    assert_int_equal(why.found.format, NQ_JOURNAL_FORMAT_MIN); /* found, for the message */
    assert_int_equal(why.found.n, 9);
    assert_string_equal(why.found.split_id, "some-other-numbering");
    /* Another format version is a mismatch too, not corruption, and the version that wrote it
     * is found wherever its header has it. */
    const char *future = "nqueens-journal 4 whatever comes next library=7.1.2 and more\n";
    spit(path, future, strlen(future));
    assert_int_equal(nq_journal_read(path, &info, &why), NQ_EMISMATCH);
    assert_int_equal(why.found.format, 4);
    assert_string_equal(why.found.library, "7.1.2");
    check_refused(path, 9, NQ_EMISMATCH);
    /* Format 1, in the shape nqueens 0.1.0 wrote it (no id; records checked on their own bytes):
     * refused as another format before anything else is read. */
    const char *old = "nqueens-journal 1 n=9 size=40 library=0.1.0 split=nq-split/2 "
                      "corner-edge-bound n=9 depth=4 size=40 crc=1c0d3a5b\n"
                      "r 0 0 0 0 0 0 0 9 a3c1f2e0\n";
    spit(path, old, strlen(old));
    assert_int_equal(nq_journal_read(path, &info, &why), NQ_EMISMATCH);
    assert_int_equal(why.found.format, 1);
    assert_string_equal(why.found.library, "0.1.0");
    check_refused(path, 9, NQ_EMISMATCH);
    free(text);
}

/* Records are tied to their journal: records of another journal, spliced after a header or
 * appended, fail their check even where n and the split are the same; the count is refused
 * (never a wrong total), with the first line that fails and how many do. */
static void test_records_of_another_journal_are_refused(void **state) {
    (void)state;
    char a[128], b[128], c[128], path[128];
    path_in(a, sizeof a, "a11.nqj");
    path_in(b, sizeof b, "b12.nqj");
    path_in(c, sizeof c, "c12.nqj");
    path_in(path, sizeof path, "spliced.nqj");
    unlink(a);
    unlink(b);
    unlink(c);
    make_journal(a, 11, 60);
    make_journal(b, 12, 5);
    make_journal(c, 12, 9);
    size_t la, lb, lc;
    char *ta = slurp(a, &la), *tb = slurp(b, &lb), *tc = slurp(c, &lc);
    /* The n = 12 header followed by 50 records of the n = 11 journal (the example). */
    char *spliced = malloc(lb + la);
    assert_non_null(spliced);
    size_t hl = (size_t)(strchr(tb, '\n') + 1 - tb), at = hl;
    memcpy(spliced, tb, hl);
    const char *rec = strchr(ta, '\n') + 1;
    for (int k = 0; k < 50; k++) {
        const char *nl = strchr(rec, '\n') + 1;
        memcpy(spliced + at, rec, (size_t)(nl - rec));
        at += (size_t)(nl - rec);
        rec = nl;
    }
    spit(path, spliced, at);
    nq_journal_info info;
    nq_journal_problem why;
    assert_int_equal(nq_journal_read(path, &info, &why), NQ_ECORRUPT);
    assert_int_equal(why.line, 2);
    assert_int_equal(why.kind, NQ_JOURNAL_FOREIGN_RECORD);
    assert_int_equal(why.lines, 50);
    check_refused(path, 12, NQ_ECORRUPT);
    /* One record of another journal of the same n and split appended, last or not. */
    const char *other = strrchr(tc, 'r'); /* c's last record: subproblem 8, which b lacks */
    for (int last = 1; last >= 0; last--) {
        spit(path, tb, lb);
        append_text(path, other);
        if (!last)
            append_text(path, strchr(tb, '\n') + 1); /* b's records once more after it */
        assert_int_equal(nq_journal_read(path, &info, &why), NQ_ECORRUPT);
        assert_int_equal(why.line, 7);
        assert_int_equal(why.kind, NQ_JOURNAL_FOREIGN_RECORD);
        assert_int_equal(why.lines, last ? 1 : 6); /* b's records again are duplicates */
        check_refused(path, 12, NQ_ECORRUPT);
    }
    /* A header whose check fails is told apart from a file that is no journal. */
    spit(path, tb, lb);
    char *digit = strstr(spliced, "size=") + 5;
    *digit = *digit == '9' ? '1' : (char)(*digit + 1);
    spit(path, spliced, hl);
    assert_int_equal(nq_journal_read(path, &info, &why), NQ_ECORRUPT);
    assert_int_equal(why.line, 1);
    assert_int_equal(why.kind, NQ_JOURNAL_BAD_HEADER);
    check_refused(path, 12, NQ_ECORRUPT);
    /* The journal's own records, signed again with another id: refused as another journal's. */
    char header[512];
    header_body(tb, header, sizeof header);
    char *id = strstr(header, " id=") + 4;
    id[0] = id[0] == 'f' ? '0' : 'f';
    write_signed(path, header, tb);
    assert_int_equal(nq_journal_read(path, &info, &why), NQ_OK); /* a journal on its own ... */
    spit(path, tb, lb);
    write_signed(c, header, tb);
    char *resigned = slurp(c, &lc);
    append_text(path, strrchr(resigned, 'r')); /* ... whose record does not fit this one */
    assert_int_equal(nq_journal_read(path, &info, &why), NQ_ECORRUPT);
    assert_int_equal(why.kind, NQ_JOURNAL_FOREIGN_RECORD);
    /* A header signed again with an impossible size (10^18 subproblems, or one more than
     * NQ_JOURNAL_MAX_SIZE) is damage, found before any allocation: it was "out of memory". */
    const char *sizes[] = {"1000000000000000000", "4294967297"};
    for (int k = 0; k < 2; k++) {
        char forged[600];
        header_body(tb, header, sizeof header);
        char *num = strstr(header, " size=") + 6;
        char *after = strchr(num, ' ');
        snprintf(forged, sizeof forged, "%.*s%s%s", (int)(num - header), header, sizes[k], after);
        write_signed(path, forged, tb);
        memset(&why, 0, sizeof why);
        assert_int_equal(nq_journal_read(path, &info, &why), NQ_ECORRUPT);
        assert_int_equal(why.line, 1);
        assert_int_equal(why.kind, NQ_JOURNAL_BAD_HEADER);
        check_refused(path, 12, NQ_ECORRUPT);
    }
    free(resigned);
    free(spliced);
    free(ta);
    free(tb);
    free(tc);
}

/* Writes the journal text with its header body's first `key` value replaced by `value`, the
 * header and every record signed again (an edit that passes every CRC). */
static void write_edited(const char *path, const char *text, const char *key, const char *value) {
    char header[600], edited[700];
    header_body(text, header, sizeof header);
    char *at = strstr(header, key);
    assert_non_null(at);
    at += strlen(key);
    const char *after = at + strcspn(at, " ");
    snprintf(edited, sizeof edited, "%.*s%s%s", (int)(at - header), header, value, after);
    write_signed(path, edited, text);
}

/* Issue 40 item 4: a header states n and size twice (its own and its split id's) and its kind of
 * split twice (the format and the id); an edit of one of them, signed again, was read as a
 * journal of another count (n = 12 as n = 30). Each is refused, naming line 1 and the header. */
static void test_header_that_contradicts_itself_is_refused(void **state) {
    (void)state;
    char path[128];
    path_in(path, sizeof path, "contradicts.nqj");
    unlink(path);
    make_journal(path, 12, 5);
    size_t len;
    char *text = slurp(path, &len);
    nq_journal_info info;
    nq_journal_problem why;
    assert_int_equal(nq_journal_read(path, &info, &why), NQ_OK);
    const char *edits[][2] = {
        {"n=", "30"},              /* the sample: n edited, the split's n=12 left */
        {"size=", "100"},          /* a size the split does not have */
        {"nqueens-journal ", "3"}, /* the quadrant split's format for a border split */
        {"border-mrv n=", "13"},   /* the split id's n edited, the header's left */
        {"depth=1 size=", "1"},    /* the split id's size edited */
    };
    for (size_t k = 0; k < sizeof edits / sizeof edits[0]; k++) {
        write_edited(path, text, edits[k][0], edits[k][1]);
        memset(&why, 0, sizeof why);
        assert_int_equal(nq_journal_read(path, &info, &why), NQ_ECORRUPT);
        assert_int_equal(why.line, 1);
        assert_int_equal(why.kind, NQ_JOURNAL_HEADER_DISAGREES);
        assert_int_equal(why.found.n, k == 0 ? 30 : 12); /* the header as read */
        check_refused(path, 12, NQ_ECORRUPT);
        check_refused(path, 30, NQ_ECORRUPT);
    }
    /* The same edit made in both places is another count's header: refused as a mismatch by a
     * count of n = 12 (the check is no protection against a forgery that keeps them). */
    write_edited(path, text, "n=", "13");
    char *again = slurp(path, &len);
    write_edited(path, again, "border-mrv n=", "13");
    assert_int_equal(nq_journal_read(path, &info, &why), NQ_OK);
    assert_int_equal(info.n, 13);
    check_refused(path, 12, NQ_EMISMATCH);
    free(again);
    free(text);
}

static void test_corrupt_middle_record_is_refused(void **state) {
    (void)state;
    char path[128];
    path_in(path, sizeof path, "corrupt.nqj");
    unlink(path);
    make_journal(path, 10, 6);
    size_t len;
    char *text = slurp(path, &len);
    /* Change one digit of the third record's total: its check fails, and lines follow it. */
    char *line = text;
    for (int k = 0; k < 3; k++)
        line = strchr(line, '\n') + 1;
    char *digit = strchr(line + 2, ' ') + 1;
    *digit = *digit == '9' ? '1' : (char)(*digit + 1);
    spit(path, text, len);
    nq_journal_info info;
    nq_journal_problem why;
    assert_int_equal(nq_journal_read(path, &info, &why), NQ_ECORRUPT);
    assert_int_equal(why.line, 4); /* the header, two good records, then the damaged one */
    assert_int_equal(why.kind, NQ_JOURNAL_FOREIGN_RECORD); /* well-formed, but its check fails */
    assert_int_equal(why.lines, 1);
    check_refused(path, 10, NQ_ECORRUPT);
    /* A line that is no record, in the middle. */
    char *garbage = strchr(line, ' ');
    *garbage = 'x';
    spit(path, text, len);
    assert_int_equal(nq_journal_read(path, &info, &why), NQ_ECORRUPT);
    assert_int_equal(why.line, 4);
    assert_int_equal(why.kind, NQ_JOURNAL_BAD_RECORD);
    /* A damaged header. */
    unlink(path);
    make_journal(path, 10, 0);
    free(text);
    text = slurp(path, &len);
    text[17] = text[17] == '1' ? '2' : '1'; /* inside "n=10" */
    spit(path, text, len);
    check_refused(path, 10, NQ_ECORRUPT);
    assert_int_equal(nq_journal_read(path, &info, &why), NQ_ECORRUPT);
    assert_int_equal(why.line, 1);
    assert_int_equal(why.kind, NQ_JOURNAL_BAD_HEADER);
    free(text);
}

/* A record re-signed after an edit passes its CRC: one whose counts then contradict each other
 * (total 1 more, orbits unchanged) was summed into the count, whose total then disagreed with its
 * own orbits (n = 12 gave total 14201 with the orbits of 14200); now it is damage. */
static void test_record_with_contradicting_counts_is_refused(void **state) {
    (void)state;
    char path[128], header[512];
    path_in(path, sizeof path, "edited.nqj");
    nq_counts c;
    assert_int_equal(run_once(path, 10, 0, &c), NQ_OK);
    size_t len;
    char *text = slurp(path, &len);
    header_body(text, header, sizeof header);
    /* The first record with solutions: its total one more, the rest as it was. */
    char *line = strchr(text, '\n') + 1;
    while (strncmp(strchr(line + 2, ' ') + 1, "0 ", 2) == 0)
        line = strchr(line, '\n') + 1;
    int lineno = 2;
    for (char *p = strchr(text, '\n') + 1; p < line; p = strchr(p, '\n') + 1)
        lineno++;
    char *total = strchr(line + 2, ' ') + 1;
    char *end = strchr(total, ' ');
    char *edited = malloc(len + 2);
    assert_non_null(edited);
    unsigned long long t = strtoull(total, NULL, 10);
    int head = (int)(total - text);
    int n = snprintf(edited, len + 2, "%.*s%llu%s", head, text, t + 1, end);
    assert_true(n > 0 && (size_t)n <= len + 1);
    write_signed(path, header, edited);
    nq_journal_info info;
    nq_journal_problem why;
    assert_int_equal(nq_journal_read(path, &info, &why), NQ_ECORRUPT);
    assert_int_equal(why.kind, NQ_JOURNAL_BAD_RECORD);
    assert_int_equal(why.line, lineno);
    assert_int_equal(why.lines, 1);
    check_refused(path, 10, NQ_ECORRUPT);
    /* The same file re-signed without the edit is accepted: only the contradiction is refused. */
    write_signed(path, header, text);
    assert_int_equal(nq_journal_read(path, &info, &why), NQ_OK);
    assert_true(info.counts.total == c.total);
    free(edited);
    free(text);
}

static void test_duplicate_record_is_refused(void **state) {
    (void)state;
    char path[128];
    path_in(path, sizeof path, "dup.nqj");
    unlink(path);
    make_journal(path, 9, 3);
    size_t len;
    char *text = slurp(path, &len);
    char *second = strchr(text, '\n') + 1;
    size_t reclen = (size_t)(strchr(second, '\n') + 1 - second);
    char rec[512];
    memcpy(rec, second, reclen);
    rec[reclen] = '\0';
    append_text(path, rec); /* an intact record of a subproblem already recorded */
    check_refused(path, 9, NQ_ECORRUPT);
    nq_journal_info info;
    nq_journal_problem why;
    assert_int_equal(nq_journal_read(path, &info, &why), NQ_ECORRUPT);
    assert_int_equal(why.line, 5);
    assert_int_equal(why.kind, NQ_JOURNAL_DUPLICATE);
    assert_int_equal(why.index, 0);
    free(text);
}

/* A file that only begins like a header, shorter than the magic "nqueens-journal " (which this
 * program writes whole or not at all), or with a byte no header has, is far likelier the user's:
 * `printf n > notes.txt; nqueens count 10 --checkpoint notes.txt` replaced it. Refused (as no
 * journal, or a damaged header when it holds the whole magic), and left untouched. */
static void test_short_prefix_is_not_a_torn_header(void **state) {
    (void)state;
    char path[128];
    path_in(path, sizeof path, "prefix.txt");
    char *nuls = calloc(5000, 1);
    assert_non_null(nuls);
    const struct {
        const char *text;
        size_t len;
        int kind; /* what nq_journal_read() calls it */
    } kept[] = {
        {"n", 1, NQ_JOURNAL_NOT_A_JOURNAL},
        {"nq", 2, NQ_JOURNAL_NOT_A_JOURNAL},
        {"nqueens-jou", 11, NQ_JOURNAL_NOT_A_JOURNAL},
        {"nqueens-journa", 14, NQ_JOURNAL_NOT_A_JOURNAL},
        {"nqueens-journal 2 n=8\tsize", 26, NQ_JOURNAL_BAD_HEADER},
        {"nqueens-journal 2 n=8\0", 22, NQ_JOURNAL_BAD_HEADER},
        {"n\0\0\0", 4, NQ_JOURNAL_NOT_A_JOURNAL},
        {nuls, 5000, NQ_JOURNAL_NOT_A_JOURNAL}, /* longer than any header */
    };
    for (size_t k = 0; k < sizeof kept / sizeof kept[0]; k++) {
        spit(path, kept[k].text, kept[k].len);
        check_refused(path, 8, NQ_ECORRUPT);
        nq_journal_info info;
        nq_journal_problem why;
        assert_int_equal(nq_journal_read(path, &info, &why), NQ_ECORRUPT);
        assert_int_equal(why.kind, kept[k].kind);
        assert_int_equal(why.line, 1);
    }
    free(nuls);
}

/* ---- NUL blocks, and the lines counted in a message ---------------------------------------- */

/* A crash under delayed allocation leaves whole blocks of NUL bytes in place of the unsynced
 * records, of any length, after whole records or after a record cut short: a torn tail, which the
 * README promises to resume. (8 KiB of NUL bytes was "line 585 is damaged"; 64 KiB "and so do 14
 * later lines", for lines that do not exist: the reader cut them every 4 KiB.) */
static void test_nul_blocks_are_a_torn_tail(void **state) {
    (void)state;
    const size_t sizes[] = {4095, 4096, 4097, 8192, 65536, 200000};
    const char *before[] = {"", "r 5 12", "r 5 1 1 1 0 0 0 9 dead"};
    for (size_t b = 0; b < sizeof before / sizeof before[0]; b++) {
        for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
            size_t cut = strlen(before[b]), len = cut + sizes[k];
            char *tail = calloc(len, 1);
            assert_non_null(tail);
            memcpy(tail, before[b], cut);
            check_torn_bytes(tail, len);
            /* The blocks may also hold line ends where the lost records had theirs. */
            tail[len / 2] = '\n';
            check_torn_bytes(tail, len);
            free(tail);
        }
    }
    /* NUL blocks followed by a line that is not NUL bytes: damage, at the first line cut short,
     * and the message counts the lines of the file (here 2), not 4 KiB pieces of them. */
    char path[128];
    path_in(path, sizeof path, "nul-then-text.nqj");
    unlink(path);
    make_journal(path, 10, 4);
    size_t good_len;
    char *good = slurp(path, &good_len);
    size_t zeros = 65536;
    char *text = calloc(good_len + zeros + 32, 1);
    assert_non_null(text);
    memcpy(text, good, good_len);
    text[good_len + zeros - 1] = '\n';
    memcpy(text + good_len + zeros, "r 1 2 3\n", 8);
    spit(path, text, good_len + zeros + 8);
    nq_journal_info info;
    nq_journal_problem why;
    assert_int_equal(nq_journal_read(path, &info, &why), NQ_ECORRUPT);
    assert_int_equal(why.line, 6);
    assert_int_equal(why.kind, NQ_JOURNAL_BAD_RECORD);
    assert_int_equal(why.lines, 2);
    check_refused(path, 10, NQ_ECORRUPT);
    /* An overlong line of text in the middle is one damaged line. */
    memset(text + good_len, 'x', zeros - 1);
    spit(path, text, good_len + zeros + 8);
    assert_int_equal(nq_journal_read(path, &info, &why), NQ_ECORRUPT);
    assert_int_equal(why.line, 6);
    assert_int_equal(why.lines, 2);
    free(text);
    free(good);
}

/* ---- what may join a journal: one rule for reading and appending --------------------------- */

/* Writes at path a journal of n = 10 (583 subproblems) whose header is that of a fresh journal
 * and whose records are `records` (lines "r <index> <six counts> <nodes> <any 8 hex>\n"), each
 * signed as the format says: the forgery the CRC cannot stop. */
static void forge_journal(const char *path, const char *records) {
    char fresh[128];
    path_in(fresh, sizeof fresh, "forge-fresh.nqj");
    unlink(fresh);
    make_journal(fresh, 10, 0);
    size_t len;
    char *text = slurp(fresh, &len);
    char header[512];
    header_body(text, header, sizeof header);
    size_t cap = len + strlen(records) + 1;
    char *from = malloc(cap);
    assert_non_null(from);
    snprintf(from, cap, "%s%s", text, records);
    write_signed(path, header, from);
    free(from);
    free(text);
}

/* The record line of subproblem i of the split of n = 10, with the check left to forge_journal. */
static void real_record(const nq_split *s, uint64_t i, char *out, size_t cap) {
    nq_counts c;
    assert_int_equal(nq_split_solve(s, i, &c), NQ_OK);
    char t[41], u[41], o8[41], o4[41], o2[41], o1[41];
    snprintf(out, cap, "r %llu %s %s %s %s %s %s %llu 00000000\n", (unsigned long long)i,
             nq_u128_to_string(c.total, t), nq_u128_to_string(c.unique, u),
             nq_u128_to_string(c.orbit8, o8), nq_u128_to_string(c.orbit4, o4),
             nq_u128_to_string(c.orbit2, o2), nq_u128_to_string(c.orbit1, o1),
             (unsigned long long)c.nodes);
}

/* Records that do not belong, each signed so that only what it says can give it away, anywhere
 * in the file (not only last): an index equal to the size, far past it, at the 64-bit limit,
 * past 64 bits, negative; a second record of a subproblem with the same or other counts. Each is
 * damage at its line, and the file is left as it was. */
static void test_records_that_do_not_belong(void **state) {
    (void)state;
    nq_split *s;
    assert_int_equal(nq_split_new(10, &s), NQ_OK);
    assert_int_equal(nq_split_size(s), 583);
    char r0[256], r1[256], r2[256];
    real_record(s, 0, r0, sizeof r0);
    real_record(s, 1, r1, sizeof r1);
    real_record(s, 2, r2, sizeof r2);
    struct {
        const char *bad;
        int kind;
        uint64_t index;
    } cases[] = {
        {"r 583 0 0 0 0 0 0 1 00000000\n", NQ_JOURNAL_OUT_OF_RANGE, 583},
        {"r 584 8 1 1 0 0 0 1 00000000\n", NQ_JOURNAL_OUT_OF_RANGE, 584},
        {"r 18446744073709551615 0 0 0 0 0 0 1 00000000\n", NQ_JOURNAL_OUT_OF_RANGE, UINT64_MAX},
        {"r 18446744073709551616 0 0 0 0 0 0 1 00000000\n", NQ_JOURNAL_BAD_RECORD, 0},
        {"r -1 0 0 0 0 0 0 1 00000000\n", NQ_JOURNAL_BAD_RECORD, 0},
        {r0, NQ_JOURNAL_DUPLICATE, 0},                             /* the same record again */
        {"r 0 0 0 0 0 0 0 1 00000000\n", NQ_JOURNAL_DUPLICATE, 0}, /* other counts */
        {"r 0 16 2 2 0 0 0 5 00000000\n", NQ_JOURNAL_DUPLICATE, 0},
    };
    char path[128];
    path_in(path, sizeof path, "belong.nqj");
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        for (int where = 0; where < 3; where++) { /* after r0 r1; between them; last of three */
            char records[2048];
            if (where == 0)
                snprintf(records, sizeof records, "%s%s%s", r0, r1, cases[k].bad);
            else if (where == 1)
                snprintf(records, sizeof records, "%s%s%s%s", r0, r1, cases[k].bad, r2);
            else
                snprintf(records, sizeof records, "%s%s%s%s", r0, cases[k].bad, r1, r2);
            forge_journal(path, records);
            nq_journal_info info;
            nq_journal_problem why;
            memset(&why, 0, sizeof why);
            int rc = nq_journal_read(path, &info, &why);
            if (rc != NQ_ECORRUPT || why.kind != cases[k].kind)
                print_error("case %zu at %d: status %d, kind %d\n", k, where, rc, why.kind);
            assert_int_equal(rc, NQ_ECORRUPT);
            assert_int_equal(why.kind, cases[k].kind);
            assert_int_equal(why.line, where == 2 ? 3 : 4);
            assert_int_equal(why.lines, 1);
            if (cases[k].kind != NQ_JOURNAL_BAD_RECORD)
                assert_true(why.index == cases[k].index);
            check_refused(path, 10, NQ_ECORRUPT);
        }
    }
    /* The same records without the intruder are a good journal. */
    char records[1024];
    snprintf(records, sizeof records, "%s%s%s", r0, r1, r2);
    forge_journal(path, records);
    nq_journal_info info;
    assert_int_equal(nq_journal_read(path, &info, NULL), NQ_OK);
    assert_int_equal(info.done, 3);
    nq_split_free(s);
}

/* A quadrant split's journal (format 3) holds records of its own shape: no orbit8 or orbit1,
 * subproblem 0 the orbit4 and orbit2 classes with total 0 (unique their sum), every other one a
 * total alone. Each rule broken by one record (signed, so only the rule can tell), first, between
 * two good records or last, is damage at its line, and nq_journal_append() refuses to write it;
 * out-of-range and duplicate records are refused as in a border split's journal; the good records
 * alone read back, and so does a journal missing its first, a middle or its last subproblem,
 * whose resume computes that one alone. */
static void test_quadrant_records_that_break_the_format(void **state) {
    (void)state;
    nq_split *s;
    assert_int_equal(nq_split_new_method(10, NQ_METHOD_QUADRANT, &s), NQ_OK);
    uint64_t size = nq_split_size(s);
    assert_true(size > 3);
    char path[128], header[512];
    path_in(path, sizeof path, "quadrant-rules.nqj");
    unlink(path);
    nq_journal *j;
    assert_int_equal(nq_journal_open(path, s, 0, &j, NULL), NQ_OK);
    assert_int_equal(nq_journal_close(j, NULL), NQ_OK);
    size_t len;
    char *fresh = slurp(path, &len);
    header_body(fresh, header, sizeof header);
    assert_non_null(strstr(header, "nqueens-journal 3 "));
    nq_counts c0, c1;
    assert_int_equal(nq_split_solve(s, 0, &c0), NQ_OK);
    assert_true(c0.total == 0 && c0.unique > 0 && c0.unique == c0.orbit4 + c0.orbit2);
    uint64_t i1 = 1; /* the first subproblem with solutions after 0; i1 + 1, i1 + 2 others */
    for (;; i1++) {
        assert_true(i1 + 2 < size);
        assert_int_equal(nq_split_solve(s, i1, &c1), NQ_OK);
        if (c1.total > 0)
            break;
    }
    assert_true(c1.unique == 0 && c1.orbit4 == 0 && c1.orbit2 == 0);
    unsigned long long x = (unsigned long long)i1 + 1;
    unsigned long long u0 = (unsigned long long)c0.unique, o4 = (unsigned long long)c0.orbit4,
                       o2 = (unsigned long long)c0.orbit2, t1 = (unsigned long long)c1.total;
    char r0[128], r1[128], r2[128];
    snprintf(r0, sizeof r0, "r 0 0 %llu 0 %llu %llu 0 1 00000000\n", u0, o4, o2);
    snprintf(r1, sizeof r1, "r %llu %llu 0 0 0 0 0 1 00000000\n", x - 1, t1);
    snprintf(r2, sizeof r2, "r %llu 8 0 0 0 0 0 1 00000000\n", x + 1);
    struct {
        char line[128];
        int kind;
        nq_counts c; /* what an append of it would write (index: `at`) */
        uint64_t at;
    } cases[12];
    memset(cases, 0, sizeof cases);
    int k = 0;
    /* index 0: total not 0; unique not orbit4 + orbit2; an orbit8 or an orbit1 */
    snprintf(cases[k].line, 128, "r 0 8 %llu 0 %llu %llu 0 1 0\n", u0, o4, o2);
    cases[k].c = c0, cases[k].c.total = 8, cases[k++].kind = NQ_JOURNAL_BAD_RECORD;
    snprintf(cases[k].line, 128, "r 0 0 %llu 0 %llu %llu 0 1 0\n", u0 + 1, o4, o2);
    cases[k].c = c0, cases[k].c.unique++, cases[k++].kind = NQ_JOURNAL_BAD_RECORD;
    snprintf(cases[k].line, 128, "r 0 0 %llu 1 %llu %llu 0 1 0\n", u0 + 1, o4, o2);
    cases[k].c = c0, cases[k].c.unique++, cases[k].c.orbit8 = 1,
    cases[k++].kind = NQ_JOURNAL_BAD_RECORD;
    snprintf(cases[k].line, 128, "r 0 0 %llu 0 %llu %llu 1 1 0\n", u0 + 1, o4, o2);
    cases[k].c = c0, cases[k].c.unique++, cases[k].c.orbit1 = 1,
    cases[k++].kind = NQ_JOURNAL_BAD_RECORD;
    /* another index: a unique, an orbit4, an orbit2, an orbit8, an orbit1 */
    const char *other[] = {"8 1 0 0 0 0", "8 0 0 1 0 0", "8 0 0 0 1 0", "8 0 1 0 0 0",
                           "8 0 0 0 0 1"};
    for (int i = 0; i < 5; i++, k++) {
        snprintf(cases[k].line, 128, "r %llu %s 1 0\n", x, other[i]);
        cases[k].kind = NQ_JOURNAL_BAD_RECORD;
        cases[k].at = x;
        cases[k].c.total = 8;
        cases[k].c.unique = i == 0, cases[k].c.orbit4 = i == 1, cases[k].c.orbit2 = i == 2;
        cases[k].c.orbit8 = i == 3, cases[k].c.orbit1 = i == 4;
    }
    snprintf(cases[k].line, 128, "r %llu 8 0 0 0 0 0 1 0\n", (unsigned long long)size);
    cases[k].at = size, cases[k].c.total = 8, cases[k++].kind = NQ_JOURNAL_OUT_OF_RANGE;
    snprintf(cases[k].line, 128, "%s", r1);
    cases[k].at = i1, cases[k].c = c1, cases[k++].kind = NQ_JOURNAL_DUPLICATE;
    snprintf(cases[k].line, 128, "r 0 0 0 0 0 0 0 1 0\n");
    cases[k].at = 0, cases[k++].kind = NQ_JOURNAL_DUPLICATE;
    for (int i = 0; i < k; i++) {
        /* Two good records of other subproblems (a duplicate: its original O and another P):
         * last of three (line 4), between them (line 3), first (line 2; a duplicate: O, it). */
        const char *bad = cases[i].line;
        int dup = cases[i].kind == NQ_JOURNAL_DUPLICATE;
        const char *a = cases[i].at == 0 && !dup ? r1 : r0, *b = a == r1 ? r2 : r1;
        if (dup && cases[i].at != 0)
            a = r1, b = r0; /* O = a */
        for (int where = 0; where < 3; where++) {
            char records[8192];
            if (where == 0)
                snprintf(records, sizeof records, "%s%s%s%s", fresh, dup ? b : a, dup ? a : b, bad);
            else if (where == 1)
                snprintf(records, sizeof records, "%s%s%s%s", fresh, a, bad, b);
            else
                snprintf(records, sizeof records, "%s%s%s%s", fresh, dup ? a : bad, dup ? bad : a,
                         dup ? "" : b);
            write_signed(path, header, records);
            nq_journal_info info;
            nq_journal_problem why;
            memset(&why, 0, sizeof why);
            int rc = nq_journal_read(path, &info, &why);
            int line = where == 0 ? 4 : where == 1 ? 3 : dup ? 3 : 2;
            if (rc != NQ_ECORRUPT || why.kind != cases[i].kind || why.line != line)
                print_error("case %d (%s) at %d: status %d, kind %d, line %d\n", i, bad, where, rc,
                            why.kind, why.line);
            assert_int_equal(rc, NQ_ECORRUPT);
            assert_int_equal(why.kind, cases[i].kind);
            assert_int_equal(why.line, line);
            nq_journal *q = NULL;
            assert_int_equal(nq_journal_open(path, s, 0, &q, NULL), NQ_ECORRUPT);
            assert_null(q);
        }
        /* nq_journal_append() refuses to write it (after r0 r1 when it is a duplicate) */
        unlink(path);
        assert_int_equal(nq_journal_open(path, s, 0, &j, NULL), NQ_OK);
        if (cases[i].kind == NQ_JOURNAL_DUPLICATE) {
            assert_int_equal(nq_journal_append(j, 0, &c0), NQ_OK);
            assert_int_equal(nq_journal_append(j, i1, &c1), NQ_OK);
        }
        assert_int_equal(nq_journal_append(j, cases[i].at, &cases[i].c), NQ_EINVAL);
        assert_int_equal(nq_journal_close(j, NULL), NQ_OK);
    }
    /* The good records alone read back; a whole journal less its first, a middle or its last
     * subproblem reads as that one short, and its resume computes that one alone. */
    char good[4096];
    snprintf(good, sizeof good, "%s%s%s%s", fresh, r0, r1, r2);
    write_signed(path, header, good);
    nq_journal_info info;
    assert_int_equal(nq_journal_read(path, &info, NULL), NQ_OK);
    assert_int_equal(info.done, 3);
    nq_counts whole;
    memset(&whole, 0, sizeof whole);
    for (uint64_t i = 0; i < size; i++) {
        nq_counts c;
        assert_int_equal(nq_split_solve(s, i, &c), NQ_OK);
        nq_counts_add(&whole, &c);
    }
    const uint64_t missing[3] = {0, size / 2, size - 1};
    for (int m = 0; m < 3; m++) {
        unlink(path);
        assert_int_equal(nq_journal_open(path, s, 0, &j, NULL), NQ_OK);
        for (uint64_t i = 0; i < size; i++) {
            nq_counts c;
            assert_int_equal(nq_split_solve(s, i, &c), NQ_OK);
            if (i != missing[m])
                assert_int_equal(nq_journal_append(j, i, &c), NQ_OK);
        }
        assert_int_equal(nq_journal_close(j, NULL), NQ_OK);
        assert_int_equal(nq_journal_read(path, &info, NULL), NQ_OK);
        assert_int_equal(info.done, size - 1);
        assert_int_equal(nq_journal_open(path, s, 0, &j, NULL), NQ_OK);
        const uint8_t *skip = nq_journal_skip(j);
        for (uint64_t i = 0; i < size; i++)
            assert_int_equal(skip[i] != 0, i != missing[m]);
        nq_journal_get_info(j, &info);
        stopper st = {j, UINT64_MAX};
        nq_count_options opt;
        memset(&opt, 0, sizeof opt);
        opt.skip = skip;
        opt.on_result = stop_after;
        opt.user = &st;
        nq_counts out = info.counts;
        assert_int_equal(nq_count_split(s, &opt, &out), NQ_OK);
        assert_int_equal(UINT64_MAX - st.left, 1); /* the missing one alone was computed */
        assert_int_equal(nq_journal_close(j, NULL), NQ_OK);
        assert_true(out.total == whole.total);
        assert_int_equal(nq_split_complete(s, &out), NQ_OK);
        nq_u128 total, unique;
        oeis_counts(10, &total, &unique);
        assert_true(out.total == total && out.unique == unique);
    }
    free(fresh);
    nq_split_free(s);
}

/* nq_journal_append() refuses (NQ_EINVAL) every record that nq_journal_open() would then refuse,
 * and the journal stays usable and resumable: counts that break the identities (total 5, unique
 * 1, orbits 0 was NQ_OK, and the journal was refused for ever after), an index out of range or
 * recorded, a sum that would pass 2^128. */
static void test_append_refuses_what_open_refuses(void **state) {
    (void)state;
    char path[128];
    path_in(path, sizeof path, "append-check.nqj");
    unlink(path);
    nq_split *s;
    assert_int_equal(nq_split_new(10, &s), NQ_OK);
    nq_journal *j;
    assert_int_equal(nq_journal_open(path, s, 0, &j, NULL), NQ_OK);
    nq_counts bad[6];
    memset(bad, 0, sizeof bad);
    bad[0].total = 5, bad[0].unique = 1;                    /* the example */
    bad[1].total = 8, bad[1].unique = 2, bad[1].orbit8 = 1; /* unique off by one */
    bad[2].total = 9, bad[2].unique = 1, bad[2].orbit8 = 1; /* total off by one */
    bad[3].orbit8 = ~(nq_u128)0 / 4;                        /* 8 orbit8 passes 2^128 */
    bad[3].total = bad[3].orbit8 * 8, bad[3].unique = bad[3].orbit8;
    bad[4].orbit1 = 3, bad[4].total = 3, bad[4].unique = 2; /* unique off */
    bad[5].orbit2 = 1, bad[5].total = 1, bad[5].unique = 1; /* 2 orbit2 is 2, not 1 */
    for (int k = 0; k < 6; k++)
        assert_int_equal(nq_journal_append(j, (uint64_t)k, &bad[k]), NQ_EINVAL);
    nq_counts c;
    assert_int_equal(nq_split_solve(s, 0, &c), NQ_OK);
    assert_int_equal(nq_journal_append(j, 583, &c), NQ_EINVAL);
    assert_int_equal(nq_journal_append(j, UINT64_MAX, &c), NQ_EINVAL);
    assert_int_equal(nq_journal_append(j, 0, &c), NQ_OK);
    assert_int_equal(nq_journal_append(j, 0, &c), NQ_EINVAL);
    /* Consistent counts whose sum would pass 2^128: the first fits, the second does not. */
    nq_counts big;
    memset(&big, 0, sizeof big);
    big.orbit1 = ~(nq_u128)0 - c.total; /* the sum's total is then 2^128 - 1 exactly */
    big.total = big.unique = big.orbit1;
    assert_int_equal(nq_journal_append(j, 1, &big), NQ_OK);
    nq_counts one;
    memset(&one, 0, sizeof one);
    one.total = one.unique = one.orbit1 = 1;
    assert_int_equal(nq_journal_append(j, 2, &one), NQ_EINVAL);
    assert_int_equal(nq_journal_error(j, NULL), NQ_OK); /* the caller's mistakes: still usable */
    nq_journal_info info;
    nq_journal_get_info(j, &info);
    assert_int_equal(info.done, 2);
    assert_true(info.counts.total == ~(nq_u128)0);
    assert_int_equal(nq_journal_close(j, NULL), NQ_OK);
    /* Everything it wrote reads back, and resumes. */
    assert_int_equal(nq_journal_read(path, &info, NULL), NQ_OK);
    assert_int_equal(info.done, 2);
    assert_true(info.counts.total == ~(nq_u128)0);
    assert_int_equal(count_lines(path), 3);
    assert_int_equal(open_status(path, 10), NQ_OK);
    nq_split_free(s);
}

/* ---- 128-bit counts ------------------------------------------------------------------------ */

/* A second, independent 128-bit arithmetic for the test: two 64-bit words, carries by hand, and
 * decimal by long division in 32-bit limbs. */
typedef struct ref128 {
    uint64_t hi, lo;
} ref128;

static ref128 ref_add(ref128 a, ref128 b) {
    ref128 r = {a.hi + b.hi, a.lo + b.lo};
    r.hi += r.lo < a.lo;
    return r;
}

static ref128 ref_times(ref128 a, unsigned k) {
    ref128 r = {0, 0};
    while (k--)
        r = ref_add(r, a);
    return r;
}

static void ref_decimal(ref128 a, char *out) {
    uint32_t limb[4] = {(uint32_t)(a.hi >> 32), (uint32_t)a.hi, (uint32_t)(a.lo >> 32),
                        (uint32_t)a.lo};
    char digits[48];
    int k = 0;
    do {
        uint64_t rem = 0;
        for (int i = 0; i < 4; i++) {
            uint64_t cur = rem << 32 | limb[i];
            limb[i] = (uint32_t)(cur / 10);
            rem = cur % 10;
        }
        digits[k++] = (char)('0' + rem);
    } while (limb[0] || limb[1] || limb[2] || limb[3]);
    for (int i = 0; i < k; i++)
        out[i] = digits[k - 1 - i];
    out[k] = '\0';
}

static nq_u128 ref_value(ref128 a) {
    return (nq_u128)a.hi << 64 | a.lo;
}

static void assert_ref(nq_u128 got, ref128 want) {
    assert_true((uint64_t)(got >> 64) == want.hi);
    assert_true((uint64_t)got == want.lo);
}

/* nq_u128_to_string() (the text and JSON output of every count) against the reference, across
 * 2^64 and up to 2^128 - 1. */
static void test_u128_to_string_across_64_bits(void **state) {
    (void)state;
    const ref128 v[] = {
        {0, 0},
        {0, UINT64_MAX},
        {1, 0},
        {1, 1},
        {1, 9999999999999999999u},
        {0x8000000000000000u, 0},
        {UINT64_MAX, UINT64_MAX - 1},
        {UINT64_MAX, UINT64_MAX},
        {0x4b3b4ca85a86c47au, 0x098a224000000000u}, /* 10^38 */
        {0x0123456789abcdefu, 0xfedcba9876543210u},
    };
    for (size_t k = 0; k < sizeof v / sizeof v[0]; k++) {
        char got[41], want[48];
        ref_decimal(v[k], want);
        assert_string_equal(nq_u128_to_string(ref_value(v[k]), got), want);
    }
    char want[48];
    ref_decimal((ref128){UINT64_MAX, UINT64_MAX}, want);
    assert_string_equal(want, "340282366920938463463374607431768211455");
    ref_decimal((ref128){1, 0}, want);
    assert_string_equal(want, "18446744073709551616");
}

/* Records whose counts lie across 2^64 and near 2^128, appended through the API, read back: the
 * journal's text holds the reference's digits, and the sums of nq_journal_read(), of a resumed
 * handle, and of nq_journal_get_info() are the reference's sums, up to 2^128 - 1; a forged record
 * that would carry the sum past 2^128 is damage, not a wrapped total. */
static void test_counts_across_64_bits_round_trip(void **state) {
    (void)state;
    /* orbit8, orbit4, orbit2, orbit1 of five records; total and unique follow. */
    const ref128 orbits[5][4] = {
        {{0, (1ull << 61) + 7}, {0, 0}, {0, 0}, {0, 0}}, /* total 2^64 + 56 */
        {{0, 0}, {0, 0}, {0, 1}, {0, UINT64_MAX}},       /* total 2^64 + 1 */
        {{1ull << 60, 3}, {0, 0}, {0, 0}, {1ull << 62, 5}},
        {{0, 0}, {1ull << 59, 1}, {3, 0}, {0, 0}},
        {{0, 0}, {0, 0}, {0, 0}, {0, 0}}, /* filled below: the sum's total is 2^128 - 1 */
    };
    ref128 o[5][4];
    memcpy(o, orbits, sizeof o);
    ref128 t[5], u[5], sum_t = {0, 0}, sum_u = {0, 0}, sum_o[4] = {{0, 0}};
    for (int r = 0; r < 5; r++) {
        if (r == 4) {
            /* orbit1 = 2^128 - 1 - the total so far: two's complement of the sum, less one */
            o[4][3].lo = ~sum_t.lo;
            o[4][3].hi = ~sum_t.hi;
        }
        t[r] = ref_add(ref_add(ref_times(o[r][0], 8), ref_times(o[r][1], 4)),
                       ref_add(ref_times(o[r][2], 2), o[r][3]));
        u[r] = ref_add(ref_add(o[r][0], o[r][1]), ref_add(o[r][2], o[r][3]));
        sum_t = ref_add(sum_t, t[r]);
        sum_u = ref_add(sum_u, u[r]);
        for (int k = 0; k < 4; k++)
            sum_o[k] = ref_add(sum_o[k], o[r][k]);
    }
    assert_true(sum_t.hi == UINT64_MAX && sum_t.lo == UINT64_MAX);
    assert_true(t[0].hi == 1 && t[0].lo == 56);
    char path[128];
    path_in(path, sizeof path, "wide.nqj");
    unlink(path);
    nq_split *s;
    assert_int_equal(nq_split_new(10, &s), NQ_OK);
    nq_journal *j;
    assert_int_equal(nq_journal_open(path, s, 0, &j, NULL), NQ_OK);
    for (int r = 0; r < 5; r++) {
        nq_counts c;
        memset(&c, 0, sizeof c);
        c.total = ref_value(t[r]);
        c.unique = ref_value(u[r]);
        c.orbit8 = ref_value(o[r][0]);
        c.orbit4 = ref_value(o[r][1]);
        c.orbit2 = ref_value(o[r][2]);
        c.orbit1 = ref_value(o[r][3]);
        c.nodes = 1000u + (unsigned)r;
        assert_int_equal(nq_journal_append(j, (uint64_t)(10 * r), &c), NQ_OK);
    }
    nq_journal_info info;
    nq_journal_get_info(j, &info);
    assert_ref(info.counts.total, sum_t);
    assert_int_equal(nq_journal_close(j, NULL), NQ_OK);
    /* The file's records, digit by digit. */
    size_t len;
    char *text = slurp(path, &len);
    const char *line = strchr(text, '\n') + 1;
    for (int r = 0; r < 5; r++) {
        char want[512], d[6][48];
        ref128 f[6] = {t[r], u[r], o[r][0], o[r][1], o[r][2], o[r][3]};
        for (int k = 0; k < 6; k++)
            ref_decimal(f[k], d[k]);
        int wl = snprintf(want, sizeof want, "r %d %s %s %s %s %s %s %d ", 10 * r, d[0], d[1], d[2],
                          d[3], d[4], d[5], 1000 + r);
        assert_memory_equal(line, want, (size_t)wl);
        line = strchr(line, '\n') + 1;
    }
    /* Read back: the sums, field by field. */
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 0) {
            assert_int_equal(nq_journal_read(path, &info, NULL), NQ_OK);
        } else {
            assert_int_equal(nq_journal_open(path, s, 0, &j, NULL), NQ_OK);
            nq_journal_get_info(j, &info);
            assert_int_equal(nq_journal_close(j, NULL), NQ_OK);
        }
        assert_int_equal(info.done, 5);
        assert_ref(info.counts.total, sum_t);
        assert_ref(info.counts.unique, sum_u);
        assert_ref(info.counts.orbit8, sum_o[0]);
        assert_ref(info.counts.orbit4, sum_o[1]);
        assert_ref(info.counts.orbit2, sum_o[2]);
        assert_ref(info.counts.orbit1, sum_o[3]);
        assert_int_equal(info.counts.nodes, 5010);
    }
    /* One more record of total 1, signed as the format says: the sum would wrap to 0. */
    char header[512];
    header_body(text, header, sizeof header);
    char *forged = malloc(len + 64);
    assert_non_null(forged);
    memcpy(forged, text, len);
    memcpy(forged + len, "r 7 1 1 0 0 0 1 1 00000000\n", 28);
    write_signed(path, header, forged);
    nq_journal_problem why;
    assert_int_equal(nq_journal_read(path, &info, &why), NQ_ECORRUPT);
    assert_int_equal(why.kind, NQ_JOURNAL_BAD_RECORD);
    assert_int_equal(why.line, 7);
    check_refused(path, 10, NQ_ECORRUPT);
    free(forged);
    free(text);
    nq_split_free(s);
}

/* nq_journal_mismatch() names exactly the fields that differ: a header that differs only in its
 * size was shown as "another count (... size=583), not ... size=583". */
static void test_mismatch_names_what_differs(void **state) {
    (void)state;
    nq_split *s;
    assert_int_equal(nq_split_new(10, &s), NQ_OK);
    nq_journal_info info;
    memset(&info, 0, sizeof info);
    info.format = NQ_JOURNAL_FORMAT_MIN; /* a border split's */
    info.n = 10;
    info.size = nq_split_size(s);
    snprintf(info.split_id, sizeof info.split_id, "%s", nq_split_id(s));
    char buf[600], want[600];
    assert_int_equal(nq_journal_mismatch(&info, s, buf, sizeof buf), 0);
    assert_string_equal(buf, "");
    info.size = 584;
    assert_int_equal(nq_journal_mismatch(&info, s, buf, sizeof buf), strlen("size=584, not 583"));
    assert_string_equal(buf, "size=584, not 583");
    info.n = 11;
    snprintf(info.split_id, sizeof info.split_id, "other");
    snprintf(want, sizeof want, "n=11, not 10; size=584, not 583; split 'other', not '%s'",
             nq_split_id(s));
    assert_int_equal(nq_journal_mismatch(&info, s, buf, sizeof buf), strlen(want));
    assert_string_equal(buf, want);
    /* Cut to fit, as snprintf, and nothing for another format or missing arguments. */
    assert_int_equal(nq_journal_mismatch(&info, s, buf, 8), strlen(want));
    assert_string_equal(buf, "n=11, n");
    assert_int_equal(nq_journal_mismatch(&info, s, buf, 0), strlen(want));
    info.format = 1;
    assert_int_equal(nq_journal_mismatch(&info, s, buf, sizeof buf), 0);
    assert_int_equal(nq_journal_mismatch(NULL, s, buf, sizeof buf), 0);
    assert_int_equal(nq_journal_mismatch(&info, NULL, buf, sizeof buf), 0);
    nq_split_free(s);
}

static void test_not_a_journal_is_left_alone(void **state) {
    (void)state;
    char path[128];
    path_in(path, sizeof path, "notes.txt");
    const char *text = "These are my notes.\nDo not overwrite them.\n";
    spit(path, text, strlen(text));
    check_refused(path, 8, NQ_ECORRUPT);
    nq_journal_info info;
    nq_journal_problem why;
    assert_int_equal(nq_journal_read(path, &info, &why), NQ_ECORRUPT);
    assert_int_equal(why.line, 1);
    assert_int_equal(why.kind, NQ_JOURNAL_NOT_A_JOURNAL);
}

static void test_unwritable_or_missing_path(void **state) {
    (void)state;
    nq_split *s;
    assert_int_equal(nq_split_new(8, &s), NQ_OK);
    nq_journal *j = NULL;
    char path[128];
    path_in(path, sizeof path, "no/such/dir/j.nqj");
    nq_journal_problem why;
    assert_int_equal(nq_journal_open(path, s, 0, &j, &why), NQ_EIO);
    assert_int_equal(why.os_error, ENOENT);
    assert_null(j);
    assert_int_equal(nq_journal_open(tmpdir, s, 0, &j, NULL), NQ_EIO); /* a directory */
    if (access("/dev/full", W_OK) == 0) { /* every write fails with ENOSPC */
        assert_int_equal(nq_journal_open("/dev/full", s, 0, &j, &why), NQ_EIO);
        assert_true(why.os_error != 0); /* ENOSPC or EINVAL, as the device says */
    }
    nq_journal_info info;
    path_in(path, sizeof path, "missing.nqj");
    assert_int_equal(nq_journal_read(path, &info, &why), NQ_EIO);
    assert_int_equal(why.os_error, ENOENT);
    assert_int_equal(nq_journal_open(NULL, s, 0, &j, NULL), NQ_EINVAL);
    assert_int_equal(nq_journal_open(path, NULL, 0, &j, NULL), NQ_EINVAL);
    assert_int_equal(nq_journal_read(NULL, &info, NULL), NQ_EINVAL);
    nq_split_free(s);
}

/* A FIFO or a device is no journal: refused with EINVAL (it was "Invalid argument" from
 * ftruncate() for the count, and nq_journal_read() of a FIFO waited for a writer for ever). */
static void test_fifo_or_device_is_refused(void **state) {
    (void)state;
    nq_split *s;
    assert_int_equal(nq_split_new(8, &s), NQ_OK);
    nq_journal *j = NULL;
    nq_journal_problem why;
    nq_journal_info info;
    char path[128];
    path_in(path, sizeof path, "fifo");
    assert_int_equal(mkfifo(path, 0600), 0);
    alarm(20); /* a hang is a failure (SIGALRM), not a stuck suite */
    assert_int_equal(nq_journal_read(path, &info, &why), NQ_EIO);
    assert_int_equal(why.os_error, EINVAL);
    assert_int_equal(nq_journal_open(path, s, 0, &j, &why), NQ_EIO);
    assert_int_equal(why.os_error, EINVAL);
    assert_null(j);
    if (access("/dev/null", R_OK | W_OK) == 0) {
        assert_int_equal(nq_journal_open("/dev/null", s, 0, &j, &why), NQ_EIO);
        assert_int_equal(why.os_error, EINVAL);
        assert_int_equal(nq_journal_read("/dev/null", &info, &why), NQ_EIO);
        assert_int_equal(why.os_error, EINVAL);
    }
    assert_int_equal(nq_journal_read(tmpdir, &info, &why), NQ_EIO);
    assert_int_equal(why.os_error, EISDIR);
    alarm(0);
    nq_split_free(s);
}

/* A directory the user may not write in refuses a new journal with EACCES. Root writes anywhere,
 * so as root the open runs in a child process that has become the unprivileged user nobody. */
static void test_read_only_directory(void **state) {
    (void)state;
    char ro[128], path[128];
    path_in(ro, sizeof ro, "ro");
    path_in(path, sizeof path, "ro/j.nqj");
    assert_int_equal(mkdir(ro, 0555), 0);
    assert_int_equal(chmod(ro, 0555), 0); /* whatever the umask */
    assert_int_equal(chmod(tmpdir, 0755), 0);
    nq_split *s;
    assert_int_equal(nq_split_new(8, &s), NQ_OK);
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        if (geteuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0))
            _exit(3); /* cannot drop privileges here */
        nq_journal *j = NULL;
        nq_journal_problem why;
        int rc = nq_journal_open(path, s, 0, &j, &why);
        _exit(rc == NQ_EIO && why.os_error == EACCES && j == NULL && access(path, F_OK) != 0 ? 0
                                                                                             : 1);
    }
    int st;
    assert_int_equal(waitpid(pid, &st, 0), pid);
    nq_split_free(s);
    assert_true(WIFEXITED(st));
    if (WEXITSTATUS(st) == 3)
        ref_skip("cannot become the user nobody (setuid) to test a read-only directory as root");
    assert_int_equal(WEXITSTATUS(st), 0);
}

/* A resume computes exactly the subproblems the journal lacks: none for a finished journal, the
 * rest for a partial one (a journal that forgot its records would compute everything again and
 * still give the right total). */
typedef struct tally {
    nq_journal *j;
    const uint8_t *before; /* the journal's flags when the count started */
    uint64_t computed, again;
} tally;

static int tally_result(void *user, uint64_t index, const nq_counts *c) {
    tally *t = user;
    t->computed++;
    t->again += t->before[index] != 0;
    return nq_journal_on_result(t->j, index, c);
}

static void test_resume_computes_only_the_rest(void **state) {
    (void)state;
    nq_u128 total = 0, unique = 0;
    oeis_counts(10, &total, &unique);
    nq_split *s;
    assert_int_equal(nq_split_new(10, &s), NQ_OK);
    uint64_t size = nq_split_size(s);
    const uint64_t had[] = {0, 1, 7, size / 2, size - 1, size};
    for (size_t k = 0; k < sizeof had / sizeof had[0]; k++) {
        char path[128];
        path_in(path, sizeof path, "rest.nqj");
        unlink(path);
        if (had[k] > 0)
            make_journal(path, 10, had[k]);
        nq_journal *j;
        assert_int_equal(nq_journal_open(path, s, 0, &j, NULL), NQ_OK);
        nq_journal_info info;
        nq_journal_get_info(j, &info);
        assert_int_equal(info.done, had[k]);
        uint8_t *before = malloc(size);
        assert_non_null(before);
        memcpy(before, nq_journal_skip(j), size);
        tally t = {j, before, 0, 0};
        nq_count_options opt;
        memset(&opt, 0, sizeof opt);
        opt.threads = 2;
        opt.skip = nq_journal_skip(j);
        opt.on_result = tally_result;
        opt.user = &t;
        nq_counts c = info.counts;
        assert_int_equal(nq_count_split(s, &opt, &c), NQ_OK);
        assert_int_equal(t.computed, size - had[k]);
        assert_int_equal(t.again, 0);
        assert_true(c.total == total && c.unique == unique);
        assert_int_equal(nq_journal_close(j, NULL), NQ_OK);
        free(before);
    }
    nq_split_free(s);
}

static void test_second_writer_is_refused(void **state) {
    (void)state;
    char path[128];
    path_in(path, sizeof path, "locked.nqj");
    unlink(path);
    nq_split *s;
    assert_int_equal(nq_split_new(8, &s), NQ_OK);
    nq_journal *j;
    assert_int_equal(nq_journal_open(path, s, 0, &j, NULL), NQ_OK);
    fflush(NULL);
    pid_t pid = fork(); /* another process */
    assert_true(pid >= 0);
    if (pid == 0) {
        nq_journal *k = NULL;
        int rc = nq_journal_open(path, s, 0, &k, NULL);
        _exit(rc == NQ_EBUSY && k == NULL ? 0 : 1);
    }
    int st;
    assert_int_equal(waitpid(pid, &st, 0), pid);
    assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    /* The lock belongs to the handle, not to the process: a second handle in this process is
     * refused too, and reading the file (another descriptor, closed at once) keeps the lock. */
    nq_journal *k = NULL;
    assert_int_equal(nq_journal_open(path, s, 0, &k, NULL), NQ_EBUSY);
    assert_null(k);
    nq_journal_info info;
    assert_int_equal(nq_journal_read(path, &info, NULL), NQ_OK);
    assert_int_equal(nq_journal_open(path, s, 0, &k, NULL), NQ_EBUSY);
    pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        nq_journal *m = NULL;
        _exit(nq_journal_open(path, s, 0, &m, NULL) == NQ_EBUSY ? 0 : 1);
    }
    assert_int_equal(waitpid(pid, &st, 0), pid);
    assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    assert_int_equal(nq_journal_close(j, NULL), NQ_OK);
    /* Closed: the file is free again, for one handle. */
    assert_int_equal(nq_journal_open(path, s, 0, &j, NULL), NQ_OK);
    assert_int_equal(nq_journal_open(path, s, 0, &k, NULL), NQ_EBUSY);
    assert_int_equal(nq_journal_close(j, NULL), NQ_OK);
    nq_split_free(s);
}

/* Appends from two threads while a third keeps syncing: every record arrives intact. */
typedef struct appender {
    nq_journal *j;
    const nq_split *s;
    uint64_t first; /* appends first, first + 2, first + 4, ... */
    int rc;
} appender;

static void *append_every_other(void *arg) {
    appender *a = arg;
    a->rc = NQ_OK;
    for (uint64_t i = a->first; i < nq_split_size(a->s) && a->rc == NQ_OK; i += 2) {
        nq_counts c;
        a->rc = nq_split_solve(a->s, i, &c);
        if (a->rc == NQ_OK)
            a->rc = nq_journal_append(a->j, i, &c);
    }
    return NULL;
}

static void test_appends_and_syncs_from_threads(void **state) {
    (void)state;
    char path[128];
    path_in(path, sizeof path, "threads.nqj");
    unlink(path);
    nq_split *s;
    assert_int_equal(nq_split_new(11, &s), NQ_OK);
    nq_journal *j;
    assert_int_equal(nq_journal_open(path, s, 1, &j, NULL), NQ_OK);
    appender a[2] = {{j, s, 0, 0}, {j, s, 1, 0}};
    pthread_t t[2];
    for (int k = 0; k < 2; k++)
        assert_int_equal(pthread_create(&t[k], NULL, append_every_other, &a[k]), 0);
    for (int k = 0; k < 50; k++)
        assert_int_equal(nq_journal_sync(j), NQ_OK);
    for (int k = 0; k < 2; k++) {
        assert_int_equal(pthread_join(t[k], NULL), 0);
        if (a[k].rc != NQ_OK)
            print_error("appender %d: %s\n", k, nq_strerror(a[k].rc));
        assert_int_equal(a[k].rc, NQ_OK);
    }
    assert_int_equal(nq_journal_error(j, NULL), NQ_OK);
    assert_int_equal(nq_journal_close(j, NULL), NQ_OK);
    nq_journal_info info;
    assert_int_equal(nq_journal_read(path, &info, NULL), NQ_OK);
    assert_int_equal(info.done, nq_split_size(s));
    nq_u128 total = 0, unique = 0;
    oeis_counts(11, &total, &unique);
    assert_true(info.counts.total == total && info.counts.unique == unique);
    nq_split_free(s);
}

/* nq_journal_attach() then nq_journal_bind() is nq_journal_open() read once: attach says what
 * the file holds before any split is chosen (nothing for a new file), holds the lock meanwhile,
 * takes no record until bound, and bind refuses a split the journal does not belong to (the
 * handle then still closes) or a second bind. */
static void test_attach_then_bind(void **state) {
    (void)state;
    char path[128];
    path_in(path, sizeof path, "attach.nqj");
    unlink(path);
    nq_split *s, *other;
    assert_int_equal(nq_split_new(8, &s), NQ_OK);
    assert_int_equal(nq_split_new(9, &other), NQ_OK);
    nq_journal *j = NULL;
    nq_journal_info found;
    memset(&found, 0xff, sizeof found);
    assert_int_equal(nq_journal_attach(path, 0, &j, &found, NULL), NQ_OK);
    assert_int_equal(found.format, 0); /* a new file: nothing recorded */
    assert_int_equal(found.done, 0);
    nq_journal *k = NULL;
    assert_int_equal(nq_journal_open(path, s, 0, &k, NULL), NQ_EBUSY); /* locked already */
    nq_counts c;
    assert_int_equal(nq_split_solve(s, 0, &c), NQ_OK);
    assert_int_equal(nq_journal_append(j, 0, &c), NQ_EINVAL); /* no split yet */
    assert_int_equal(nq_journal_bind(j, s, NULL), NQ_OK);
    assert_int_equal(nq_journal_bind(j, s, NULL), NQ_EINVAL); /* bound once */
    assert_int_equal(nq_journal_append(j, 0, &c), NQ_OK);
    assert_int_equal(nq_journal_append(j, 1, &c), NQ_OK);
    assert_int_equal(nq_journal_close(j, NULL), NQ_OK);
    assert_int_equal(count_lines(path), 3);

    /* The journal found: its header and sums, before the split is made from its id. */
    j = NULL;
    assert_int_equal(nq_journal_attach(path, 0, &j, &found, NULL), NQ_OK);
    assert_int_equal(found.n, 8);
    assert_int_equal(found.done, 2);
    assert_string_equal(found.split_id, nq_split_id(s));
    nq_journal_problem why;
    assert_int_equal(nq_journal_bind(j, other, &why), NQ_EMISMATCH);
    assert_int_equal(why.found.n, 8);
    assert_int_equal(nq_journal_close(j, NULL), NQ_OK);
    assert_int_equal(count_lines(path), 3); /* left as it was */
    assert_int_equal(nq_journal_attach(path, 0, &j, &found, NULL), NQ_OK);
    assert_int_equal(nq_journal_bind(j, s, NULL), NQ_OK);
    assert_non_null(nq_journal_skip(j));
    assert_int_equal(nq_journal_skip(j)[1], 1);
    assert_int_equal(nq_journal_append(j, 1, &c), NQ_EINVAL); /* recorded already */
    assert_int_equal(nq_journal_close(j, NULL), NQ_OK);

    /* A file that is no journal is refused by attach, as by open, and left alone. */
    spit(path, "hello\n", 6);
    j = NULL;
    assert_int_equal(nq_journal_attach(path, 0, &j, &found, &why), NQ_ECORRUPT);
    assert_null(j);
    assert_int_equal(why.kind, NQ_JOURNAL_NOT_A_JOURNAL);
    assert_int_equal(nq_journal_attach(NULL, 0, &j, &found, NULL), NQ_EINVAL);
    assert_int_equal(nq_journal_attach(path, 0, &j, NULL, NULL), NQ_EINVAL);
    assert_int_equal(nq_journal_bind(NULL, s, NULL), NQ_EINVAL);
    nq_split_free(s);
    nq_split_free(other);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_resume_gives_whole_count),
        cmocka_unit_test(test_info_and_skip_flags),
        cmocka_unit_test(test_torn_last_line),
        cmocka_unit_test(test_torn_header_or_empty_file_starts_afresh),
        cmocka_unit_test(test_other_n_or_split_is_refused),
        cmocka_unit_test(test_records_of_another_journal_are_refused),
        cmocka_unit_test(test_header_that_contradicts_itself_is_refused),
        cmocka_unit_test(test_corrupt_middle_record_is_refused),
        cmocka_unit_test(test_record_with_contradicting_counts_is_refused),
        cmocka_unit_test(test_duplicate_record_is_refused),
        cmocka_unit_test(test_short_prefix_is_not_a_torn_header),
        cmocka_unit_test(test_nul_blocks_are_a_torn_tail),
        cmocka_unit_test(test_records_that_do_not_belong),
        cmocka_unit_test(test_append_refuses_what_open_refuses),
        cmocka_unit_test(test_u128_to_string_across_64_bits),
        cmocka_unit_test(test_counts_across_64_bits_round_trip),
        cmocka_unit_test(test_mismatch_names_what_differs),
        cmocka_unit_test(test_not_a_journal_is_left_alone),
        cmocka_unit_test(test_unwritable_or_missing_path),
        cmocka_unit_test(test_fifo_or_device_is_refused),
        cmocka_unit_test(test_read_only_directory),
        cmocka_unit_test(test_resume_computes_only_the_rest),
        cmocka_unit_test(test_second_writer_is_refused),
        cmocka_unit_test(test_appends_and_syncs_from_threads),
        cmocka_unit_test(test_attach_then_bind),
        cmocka_unit_test(test_quadrant_records_that_break_the_format),
    };
    return ref_exit(cmocka_run_group_tests(tests, setup_dir, remove_dir));
}
