/*
 * journal.c: the checkpoint journal of a count: an append-only text file with one checked line per
 * finished subproblem, so that a count killed at any moment resumes where it stopped and still
 * gives exactly the uninterrupted answer (format in nqueens.h, section "checkpoint journal").
 *
 * Workload: a few hundred to a few million records, appended one at a time as subproblems finish
 * (at most some thousands a second), and read back once when a count resumes. Each record goes to
 * the kernel with one write(2) at once, so a killed process loses nothing it had finished; fsync(2)
 * is batched by time, as one per record would cost more than small subproblems do, and runs
 * outside the handle's lock so that a timer thread's fsync never holds up the workers' appends.
 * Reading streams the file through a fixed buffer, and needs one byte of memory per subproblem for
 * the flags. The lock is an open file description lock (F_OFD_SETLK), so that it belongs to the
 * handle, not to the process: a second handle on the same file, in this process or another, is
 * refused, and closing one descriptor never drops the lock of another.
 *
 * Every line carries a CRC-32 (zlib's crc32(), which is table-driven and several times faster
 * than a bit loop: bench/RESULTS.md). A record's CRC covers the header's bytes before its own,
 * and the header holds a random journal id, so a record is tied to its journal: records spliced
 * from another journal, even one of the same n and split, fail their check. Damage is told apart
 * from a torn tail: only the last line may be cut short (unterminated, or holding NUL bytes, as a
 * kill or a crash leaves it), followed at most by the NUL blocks a crash leaves, and it is then
 * ignored and cut off; any other line that fails is refused with its number. What a record may
 * say (its index, its counts, the sum) is one rule, journal_judge(), applied when reading and when
 * appending, so that the library never writes a journal it would refuse.
 */
#define _GNU_SOURCE /* F_OFD_SETLK (Linux 3.15), getrandom() */
#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>

#include "nqueens_advanced.h"

#define HEADER_MAGIC "nqueens-journal "
#define LINE_MAX_LEN 4096 /* longer lines are damaged: a record is under 400 bytes */
#define READ_CHUNK   65536

struct nq_journal {
    pthread_mutex_t mu;   /* appends and syncs may come from different threads */
    int fd;               /* open O_RDWR | O_APPEND, write-locked */
    nq_journal_info info; /* header, and the sum of every record */
    uint8_t *done;        /* info.size flags: 1 = recorded */
    unsigned sync_ms;     /* longest time between two fsync() of new records */
    struct timespec last_sync;
    int unsynced;  /* records written since the last fsync */
    int error;     /* first failed append or sync status, NQ_OK if none */
    int os_error;  /* with error NQ_EIO: the errno of the system call that failed */
    uint32_t seed; /* the header's CRC, which every record's CRC continues */
    /* Between nq_journal_attach() and nq_journal_bind(): the file was read (a journal found, or a
     * new one to write), and has no split yet. */
    int unbound;
    int fresh;      /* nothing recorded: bind writes the header */
    off_t good_end; /* offset just after the last good line (info.torn: bind cuts there) */
    char *path;     /* the file's name, for the fsync of its directory when bind creates it */
};

/* CRC-32 (IEEE 802.3 polynomial) of [p, p + len), continuing the CRC `seed` (0 to start): the
 * CRC of the bytes hashed for seed followed by these. Lines are under LINE_MAX_LEN bytes. */
static uint32_t journal_crc32(uint32_t seed, const char *p, size_t len) {
    assert(len <= LINE_MAX_LEN);
    return (uint32_t)crc32((uLong)seed, (const Bytef *)p, (uInt)len);
}

static double journal_now_ms(struct timespec *ts) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    if (ts)
        *ts = t;
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* Writes all of [p, p + len); on failure returns NQ_EIO with the call's errno in *os_error. */
static int journal_write_all(int fd, const char *p, size_t len, int *os_error) {
    while (len > 0) {
        ssize_t w = write(fd, p, len);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            *os_error = errno;
            return NQ_EIO;
        }
        p += w;
        len -= (size_t)w;
    }
    return NQ_OK;
}

/* ---- parsing ------------------------------------------------------------------------------ */

/* Parses a whole run of decimal digits [p, end) into a 128-bit count; 0 on success. */
static int journal_parse_u128(const char *p, const char *end, nq_u128 *out) {
    nq_u128 v = 0;
    const nq_u128 max = ~(nq_u128)0;
    if (p == end || end - p > 39)
        return -1;
    for (; p < end; p++) {
        if (*p < '0' || *p > '9')
            return -1;
        unsigned d = (unsigned)(*p - '0');
        if (v > (max - d) / 10)
            return -1;
        v = v * 10 + d;
    }
    *out = v;
    return 0;
}

static int journal_parse_hex32(const char *p, const char *end, uint32_t *out) {
    uint32_t v = 0;
    if (end - p != 8)
        return -1;
    for (; p < end; p++) {
        unsigned d;
        if (*p >= '0' && *p <= '9')
            d = (unsigned)(*p - '0');
        else if (*p >= 'a' && *p <= 'f')
            d = (unsigned)(*p - 'a' + 10);
        else
            return -1;
        v = v << 4 | d;
    }
    *out = v;
    return 0;
}

/* Splits [p, end) at single spaces into at most max fields; returns the number, -1 on excess. */
static int journal_fields(const char *p, const char *end, const char **f, const char **fend,
                          int max) {
    int k = 0;
    while (p < end) {
        const char *q = memchr(p, ' ', (size_t)(end - p));
        if (!q)
            q = end;
        if (k == max)
            return -1;
        f[k] = p;
        fend[k] = q;
        k++;
        p = q < end ? q + 1 : end;
    }
    return k;
}

/* Splits off the CRC that ends a line: the 8 hex digits after the last space, after `tag` ("crc="
 * in the header). Returns the body length (the bytes before that space) with the CRC in *crc, or
 * -1 if the line does not end so. */
static long journal_split_crc(const char *line, size_t len, const char *tag, uint32_t *crc) {
    const char *sp = NULL;
    for (size_t i = len; i-- > 0;)
        if (line[i] == ' ') {
            sp = line + i;
            break;
        }
    if (!sp)
        return -1;
    const char *hex = sp + 1;
    size_t taglen = strlen(tag);
    if ((size_t)(line + len - hex) < taglen || memcmp(hex, tag, taglen) != 0)
        return -1;
    if (journal_parse_hex32(hex + taglen, line + len, crc) != 0)
        return -1;
    return (long)(sp - line);
}

/* The value of "key=" in [p, end) up to the next space, for the header of another format
 * version, whose fields may have moved: found anywhere, or left empty. */
static void journal_find_field(const char *p, const char *end, const char *key, char *out,
                               size_t cap) {
    size_t kl = strlen(key);
    out[0] = '\0';
    for (const char *q = p; q + kl <= end; q++) {
        if (q[-1] == ' ' && memcmp(q, key, kl) == 0) {
            const char *v = q + kl, *ve = v;
            while (ve < end && *ve != ' ' && ve - v + 1 < (long)cap)
                ve++;
            memcpy(out, v, (size_t)(ve - v));
            out[ve - v] = '\0';
            return;
        }
    }
}

/* 1 if the split id [id, id + len) names a quadrant split (nq_split_new_method()). */
static int journal_quadrant_id(const char *id, size_t len) {
    static const char quadrant[] = "nq-split/4 quadrant ";
    return len >= sizeof quadrant - 1 && memcmp(id, quadrant, sizeof quadrant - 1) == 0;
}

/* The format of the journals of split s: each kind of split has its own (nqueens.h). */
static int journal_format_of(const nq_split *s) {
    return nq_split_method(s) == NQ_METHOD_QUADRANT ? NQ_JOURNAL_FORMAT : NQ_JOURNAL_FORMAT_MIN;
}

/* Whether the split id [id, id + len) agrees with value where it states " key" (e.g. " n="):
 * 1 if it does not state it (a numbering of another kind may not) or states exactly value, as a
 * whole run of decimal digits ending the id or followed by a space; 0 otherwise. */
static int journal_id_agrees(const char *id, size_t len, const char *key, uint64_t value) {
    size_t kl = strlen(key);
    for (size_t i = 0; i + kl + 1 <= len; i++) {
        if (id[i] != ' ' || memcmp(id + i + 1, key, kl) != 0)
            continue;
        const char *v = id + i + 1 + kl, *end = id + len, *q = v;
        while (q < end && *q != ' ')
            q++;
        nq_u128 got;
        return journal_parse_u128(v, q, &got) == 0 && got == value;
    }
    return 1;
}

/* Whether a header's statements agree with each other (nqueens.h): n= and size= with the n= and
 * size= of its split id (every id this library makes states both), and its format with the kind
 * of split the id names. An edit of one of them, signed again, would otherwise pass: a journal
 * of n = 12 read as one of n = 30. */
static int journal_header_agrees(int version, uint64_t n, uint64_t size, const char *id,
                                 size_t len) {
    return journal_id_agrees(id, len, "n=", n) && journal_id_agrees(id, len, "size=", size) &&
           (version == NQ_JOURNAL_FORMAT) == journal_quadrant_id(id, len);
}

/* Parses a header line (without '\n'). Returns NQ_OK with the header's CRC in *seed,
 * NQ_EMISMATCH (another format version: info->format, if it fits an int, and info->library as
 * found), or NQ_ECORRUPT with *kind NQ_JOURNAL_NOT_A_JOURNAL, NQ_JOURNAL_BAD_HEADER or
 * NQ_JOURNAL_HEADER_DISAGREES (then info holds the header as read). */
static int journal_parse_header(const char *line, size_t len, nq_journal_info *info, uint32_t *seed,
                                int *kind) {
    size_t mlen = strlen(HEADER_MAGIC);
    *kind = NQ_JOURNAL_NOT_A_JOURNAL;
    if (len < mlen || memcmp(line, HEADER_MAGIC, mlen) != 0)
        return NQ_ECORRUPT;
    *kind = NQ_JOURNAL_BAD_HEADER;
    /* The version comes first so that another format is named as such, whatever else changed. */
    const char *p = line + mlen, *end = line + len;
    const char *q = p;
    while (q < end && *q >= '0' && *q <= '9')
        q++;
    nq_u128 version;
    if (q == end || *q != ' ' || journal_parse_u128(p, q, &version) != 0)
        return NQ_ECORRUPT;
    if (version < NQ_JOURNAL_FORMAT_MIN || version > NQ_JOURNAL_FORMAT) {
        memset(info, 0, sizeof *info);
        info->format = version > INT32_MAX ? -1 : (int)version;
        journal_find_field(q, end, "library=", info->library, sizeof info->library);
        return NQ_EMISMATCH;
    }
    uint32_t want;
    long body = journal_split_crc(line, len, "crc=", &want);
    if (body < 0 || journal_crc32(0, line, (size_t)body) != want)
        return NQ_ECORRUPT;
    end = line + body;
    p = q + 1;

    /* n=<n> size=<size> library=<version> id=<16 hex> split=<id up to the end> */
    static const char *const keys[4] = {"n=", "size=", "library=", "id="};
    const char *val[4], *vend[4];
    for (int k = 0; k < 4; k++) {
        size_t kl = strlen(keys[k]);
        if ((size_t)(end - p) < kl || memcmp(p, keys[k], kl) != 0)
            return NQ_ECORRUPT;
        val[k] = p + kl;
        q = memchr(val[k], ' ', (size_t)(end - val[k]));
        if (!q)
            return NQ_ECORRUPT;
        vend[k] = q;
        p = q + 1;
    }
    if ((size_t)(end - p) < 6 || memcmp(p, "split=", 6) != 0)
        return NQ_ECORRUPT;
    p += 6;
    nq_u128 n, size;
    uint32_t id_hi, id_lo;
    if (journal_parse_u128(val[0], vend[0], &n) != 0 || n < 1 || n > NQ_MAX_N ||
        journal_parse_u128(val[1], vend[1], &size) != 0 || size > NQ_JOURNAL_MAX_SIZE ||
        size == 0 || vend[3] - val[3] != 16 ||
        journal_parse_hex32(val[3], val[3] + 8, &id_hi) != 0 ||
        journal_parse_hex32(val[3] + 8, vend[3], &id_lo) != 0)
        return NQ_ECORRUPT;
    size_t liblen = (size_t)(vend[2] - val[2]), idlen = (size_t)(end - p);
    if (liblen == 0 || liblen >= sizeof info->library || idlen == 0 ||
        idlen >= sizeof info->split_id)
        return NQ_ECORRUPT;
    memset(info, 0, sizeof *info);
    info->format = (int)version;
    info->n = (int)n;
    info->size = (uint64_t)size;
    info->id = (uint64_t)id_hi << 32 | id_lo;
    memcpy(info->library, val[2], liblen);
    memcpy(info->split_id, p, idlen);
    /* Each format holds the journals of one kind of split, and n and size are stated twice
     * (nqueens.h): a header that contradicts itself is damage, whatever its CRC. */
    if (!journal_header_agrees((int)version, (uint64_t)n, (uint64_t)size, p, idlen)) {
        *kind = NQ_JOURNAL_HEADER_DISAGREES;
        return NQ_ECORRUPT;
    }
    *seed = want;
    *kind = 0;
    return NQ_OK;
}

/* The identities every nq_counts obeys: total = 8 orbit8 + 4 orbit4 + 2 orbit2 + orbit1 and
 * unique = orbit8 + orbit4 + orbit2 + orbit1, without overflow. A record that passes its CRC but
 * not these was written by hand, its CRC recomputed: its numbers would make a count that
 * contradicts itself. */
static int journal_counts_consistent(const nq_counts *c) {
    const nq_u128 max = ~(nq_u128)0;
    const nq_u128 orbit[4] = {c->orbit8, c->orbit4, c->orbit2, c->orbit1};
    const nq_u128 weight[4] = {8, 4, 2, 1};
    nq_u128 total = 0, unique = 0;
    for (int k = 0; k < 4; k++) {
        nq_u128 o = orbit[k];
        if (o > max / weight[k] || total > max - o * weight[k] || unique > max - o)
            return 0;
        total += o * weight[k];
        unique += o;
    }
    return total == c->total && unique == c->unique;
}

/* The identities of a record of a quadrant split's journal (format 3), whose subproblems give
 * no orbit8 (nq_split_new_method()): subproblem 0 gives orbit4 and orbit2 (unique their sum,
 * total 0), every other one a total alone. */
static int journal_quadrant_consistent(uint64_t index, const nq_counts *c) {
    if (c->orbit8 != 0 || c->orbit1 != 0)
        return 0;
    if (index > 0)
        return c->unique == 0 && c->orbit4 == 0 && c->orbit2 == 0;
    const nq_u128 max = ~(nq_u128)0;
    return c->total == 0 && c->orbit4 <= max - c->orbit2 && c->unique == c->orbit4 + c->orbit2;
}

/* 1 if sum + c fits for the six counts, 0 if one of them would pass 2^128 - 1: a sum that wraps
 * would be a wrong total. The node count is only a statistic and wraps as in nq_counts_add(). */
static int journal_sum_fits(const nq_counts *sum, const nq_counts *c) {
    const nq_u128 max = ~(nq_u128)0;
    const nq_u128 a[6] = {sum->total,  sum->unique, sum->orbit8,
                          sum->orbit4, sum->orbit2, sum->orbit1};
    const nq_u128 b[6] = {c->total, c->unique, c->orbit8, c->orbit4, c->orbit2, c->orbit1};
    for (int k = 0; k < 6; k++)
        if (a[k] > max - b[k])
            return 0;
    return 1;
}

/* Whether a record of subproblem `index` with counts c may join a journal whose header and sum
 * so far are in info and whose recorded subproblems are flagged in done: 0 if it may (then
 * journal_take() it), else the kind of damage it would be: NQ_JOURNAL_OUT_OF_RANGE,
 * _DUPLICATE, or _BAD_RECORD for counts that contradict each other or would make the sum pass
 * 2^128. The one rule for what a journal holds: reading refuses such a record as damage, and
 * nq_journal_append() refuses to write it, so that no caller can write a journal that cannot be
 * resumed. */
static int journal_judge(const nq_journal_info *info, const uint8_t *done, uint64_t index,
                         const nq_counts *c) {
    if (index >= info->size)
        return NQ_JOURNAL_OUT_OF_RANGE;
    if (done[index])
        return NQ_JOURNAL_DUPLICATE; /* intact, yet impossible: not a torn write */
    int consistent = info->format == NQ_JOURNAL_FORMAT ? journal_quadrant_consistent(index, c)
                                                       : journal_counts_consistent(c);
    if (!consistent || !journal_sum_fits(&info->counts, c))
        return NQ_JOURNAL_BAD_RECORD;
    return 0;
}

/* Adds a record that journal_judge() admitted. */
static void journal_take(nq_journal_info *info, uint8_t *done, uint64_t index, const nq_counts *c) {
    assert(index < info->size && !done[index]);
    done[index] = 1;
    info->done++;
    nq_counts_add(&info->counts, c);
}

/* Parses a record line (without '\n') of the journal whose header's CRC is seed, into *index and
 * *c. Returns 0, or the kind of damage: NQ_JOURNAL_BAD_RECORD (not a record), _FOREIGN_RECORD (a
 * well-formed record whose check fails: damaged, or from another journal). What the record says
 * is judged by journal_judge(). */
static int journal_parse_record(const char *line, size_t len, uint32_t seed, uint64_t *index,
                                nq_counts *c) {
    uint32_t want;
    long body = journal_split_crc(line, len, "", &want);
    if (body < 0)
        return NQ_JOURNAL_BAD_RECORD;
    const char *f[10], *fe[10];
    if (journal_fields(line, line + body, f, fe, 10) != 9 || fe[0] - f[0] != 1 || *f[0] != 'r')
        return NQ_JOURNAL_BAD_RECORD;
    nq_u128 v[8];
    for (int k = 0; k < 8; k++)
        if (journal_parse_u128(f[k + 1], fe[k + 1], &v[k]) != 0)
            return NQ_JOURNAL_BAD_RECORD;
    if (v[0] > UINT64_MAX || v[7] > UINT64_MAX)
        return NQ_JOURNAL_BAD_RECORD;
    if (journal_crc32(seed, line, (size_t)body) != want)
        return NQ_JOURNAL_FOREIGN_RECORD;
    *index = (uint64_t)v[0];
    memset(c, 0, sizeof *c);
    c->total = v[1];
    c->unique = v[2];
    c->orbit8 = v[3];
    c->orbit4 = v[4];
    c->orbit2 = v[5];
    c->orbit1 = v[6];
    c->nodes = (uint64_t)v[7];
    return 0;
}

/* One line of the file, as journal_next_line() gives it: its first LINE_MAX_LEN - 1 bytes (the
 * most a line may have) and what is known of the whole, so that an overlong line, or a run of NUL
 * bytes longer than any buffer, counts as one line. */
typedef struct journal_line {
    const char *text; /* its first `len` bytes, '\n' excluded */
    size_t len;
    uint64_t bytes; /* the whole line's length in the file, '\n' included */
    int terminated; /* it ends in '\n' (otherwise it ends the file) */
    int overlong;   /* it has more than LINE_MAX_LEN - 1 bytes before its end */
    int has_nul;    /* it holds a NUL byte */
    int only_nul;   /* every byte before its end is NUL, and there is one */
} journal_line;

/* A line reader over a descriptor, through one buffer. */
typedef struct journal_reader {
    int fd;
    char *buf;         /* READ_CHUNK bytes read from the file */
    char *line;        /* LINE_MAX_LEN bytes: the kept part of the current line */
    size_t start, end; /* unread bytes are buf[start, end) */
    int eof;
    int os_error; /* errno of a failed read */
    int lines;    /* lines given so far: an overlong first line (no journal, however long: a disk
                     image, say) comes back at once, without reading the rest */
} journal_reader;

/* Reads the next chunk into the emptied buffer (r->eof at the end). @return NQ_OK or NQ_EIO. */
static int journal_fill(journal_reader *r) {
    ssize_t got;
    while ((got = read(r->fd, r->buf, READ_CHUNK)) < 0 && errno == EINTR)
        continue;
    if (got < 0) {
        r->os_error = errno;
        return NQ_EIO;
    }
    r->start = 0;
    r->end = (size_t)got;
    r->eof = got == 0;
    return NQ_OK;
}

/* The first line end in [p, p + avail): an LF or a CR (alone or before an LF), or NULL. */
static const char *journal_eol(const char *p, size_t avail) {
    const char *lf = memchr(p, '\n', avail);
    const char *cr = memchr(p, '\r', lf ? (size_t)(lf - p) : avail);
    return cr ? cr : lf;
}

/* Returns 1 with the next line in *ln, 0 at end of file, NQ_EIO on a read error. A line ends at
 * an LF, a CR LF or a bare CR, all alike (the CR is no part of the signed text): a journal whose
 * line ends were converted reads as it was written. */
static int journal_next_line(journal_reader *r, journal_line *ln) {
    memset(ln, 0, sizeof *ln);
    ln->text = r->line;
    int nonnul = 0;
    for (;;) {
        if (r->start == r->end) {
            if (r->eof)
                break;
            if (journal_fill(r) != NQ_OK)
                return NQ_EIO;
            continue;
        }
        const char *p = r->buf + r->start;
        size_t avail = r->end - r->start;
        const char *nl = journal_eol(p, avail);
        size_t take = nl ? (size_t)(nl - p) : avail;
        size_t room = LINE_MAX_LEN - 1 - ln->len;
        memcpy(r->line + ln->len, p, take < room ? take : room);
        ln->len += take < room ? take : room;
        int early = take > room && r->lines == 0;
        size_t seen = early ? room : take;
        for (size_t i = 0; i < seen && !(nonnul && ln->has_nul); i++) {
            if (p[i])
                nonnul = 1;
            else
                ln->has_nul = 1;
        }
        if (take > room)
            ln->overlong = 1;
        if (early) {
            ln->bytes += room;
            r->start += room;
            break;
        }
        ln->bytes += take + (nl != NULL);
        r->start += take + (nl != NULL);
        if (nl) {
            ln->terminated = 1;
            /* A CR's line end takes the LF right after it, even at the start of the next chunk. */
            if (*nl == '\r' && r->start == r->end && !r->eof && journal_fill(r) != NQ_OK)
                return NQ_EIO;
            if (*nl == '\r' && r->start < r->end && r->buf[r->start] == '\n') {
                r->start++;
                ln->bytes++;
            }
            break;
        }
    }
    ln->only_nul = ln->has_nul && !nonnul;
    r->lines += ln->bytes > 0;
    return ln->bytes > 0;
}

/* Whether an unterminated first line is the beginning of a header that this program could have
 * left, so that the journal may be started afresh: the header is written with one write(2) and
 * fsync'd before any record, so a crash before that fsync can leave it as NUL bytes (delayed
 * allocation), and a write cut short (a full disk, a file size limit) as a beginning of its text.
 * A text must then hold at least the whole magic "nqueens-journal " and printable characters
 * only: a shorter prefix ("n") is far likelier a file of the user's, and is left alone. */
static int journal_torn_header(const journal_line *ln) {
    size_t mlen = strlen(HEADER_MAGIC);
    if (ln->terminated || ln->overlong)
        return 0;
    if (ln->only_nul)
        return 1;
    if (ln->len < mlen || memcmp(ln->text, HEADER_MAGIC, mlen) != 0)
        return 0;
    for (size_t i = 0; i < ln->len; i++)
        if (ln->text[i] < 0x20 || ln->text[i] > 0x7e)
            return 0;
    return 1;
}

/* The outcome of reading a whole journal. */
typedef struct journal_scan {
    nq_journal_info info;
    uint32_t seed;              /* the header's CRC */
    uint8_t *done;              /* info.size flags, owned by the caller once the scan succeeds */
    off_t good_end;             /* offset just after the last good line */
    int torn_header;            /* the only line is an unterminated beginning of a header */
    nq_journal_problem problem; /* what was wrong, when the scan fails */
} journal_scan;

/* Reads the journal on fd from offset 0. On NQ_OK the caller owns sc->done; otherwise
 * sc->problem says what was wrong.
 *
 * The torn tail: a kill cuts the last record short (no '\n'); a crash may leave NUL bytes in
 * place of the records written since the last fsync, in whole blocks (delayed allocation), after
 * a record cut short or after whole ones. So the tail of the file from the first line that is cut
 * (no '\n', or holding a NUL byte) is torn, and ignored, when every line after that one is made
 * of NUL bytes only; a line with anything else after a cut one makes the cut line damage. */
static int journal_scan_fd(int fd, journal_scan *sc) {
    memset(sc, 0, sizeof *sc);
    journal_reader r = {fd, malloc(READ_CHUNK), malloc(LINE_MAX_LEN), 0, 0, 0, 0, 0};
    if (!r.buf || !r.line) {
        free(r.buf);
        free(r.line);
        return NQ_ENOMEM;
    }
    if (lseek(fd, 0, SEEK_SET) < 0) {
        sc->problem.os_error = errno;
        free(r.buf);
        free(r.line);
        return NQ_EIO;
    }
    nq_journal_problem *pb = &sc->problem;
    int rc = NQ_OK, lineno = 0, torn_line = 0;
    uint64_t torn_lines = 0; /* lines of the torn tail so far, the cut one included */
    off_t off = 0;
    journal_line ln;
    int got;
    /* After the first damaged record the scan goes on, to count the damaged lines for the
     * message (a spliced journal has many). */
    while ((got = journal_next_line(&r, &ln)) == 1) {
        lineno++;
        int cut = !ln.terminated || ln.has_nul;
        if (lineno == 1) {
            size_t mlen = strlen(HEADER_MAGIC);
            int kind = 0;
            if (journal_torn_header(&ln)) {
                sc->torn_header = 1; /* killed while creating the file: nothing was recorded */
                break;
            }
            if (cut || ln.overlong) {
                rc = NQ_ECORRUPT;
                kind = ln.len >= mlen && memcmp(ln.text, HEADER_MAGIC, mlen) == 0
                           ? NQ_JOURNAL_BAD_HEADER
                           : NQ_JOURNAL_NOT_A_JOURNAL;
            } else {
                rc = journal_parse_header(ln.text, ln.len, &sc->info, &sc->seed, &kind);
            }
            if (rc == NQ_EMISMATCH || kind == NQ_JOURNAL_HEADER_DISAGREES)
                pb->found = sc->info;
            if (rc == NQ_ECORRUPT) {
                pb->line = 1;
                pb->kind = kind;
                pb->lines = 1;
            }
            if (rc != NQ_OK)
                break;
            sc->done = calloc((size_t)sc->info.size, 1);
            if (!sc->done) {
                rc = NQ_ENOMEM;
                break;
            }
            off += (off_t)ln.bytes;
            sc->good_end = off;
            continue;
        }
        if (torn_line) {
            if (ln.only_nul) { /* more of the NUL blocks a crash leaves */
                torn_lines++;
                continue;
            }
            /* A line cut short, followed by another one: not a torn tail. */
            if (!pb->line) {
                pb->line = torn_line;
                pb->kind = NQ_JOURNAL_BAD_RECORD;
            }
            pb->lines += torn_lines;
            rc = NQ_ECORRUPT;
            torn_line = 0;
        }
        if (cut) {
            torn_line = lineno;
            torn_lines = 1;
            continue;
        }
        nq_counts c;
        uint64_t index = 0;
        int kind = ln.overlong ? NQ_JOURNAL_BAD_RECORD
                               : journal_parse_record(ln.text, ln.len, sc->seed, &index, &c);
        if (kind == 0)
            kind = journal_judge(&sc->info, sc->done, index, &c);
        if (kind != 0) {
            if (!pb->line) {
                pb->line = lineno;
                pb->kind = kind;
                pb->index = index;
            }
            pb->lines++;
            rc = NQ_ECORRUPT;
            continue;
        }
        journal_take(&sc->info, sc->done, index, &c);
        off += (off_t)ln.bytes;
        sc->good_end = off;
    }
    if (got < 0) {
        rc = got;
        pb->os_error = r.os_error;
    }
    if (rc == NQ_OK && lineno == 0) {
        rc = NQ_ECORRUPT; /* an empty file is no journal (open() handles it before scanning) */
        pb->kind = NQ_JOURNAL_NOT_A_JOURNAL;
    }
    if (rc == NQ_OK && torn_line)
        sc->info.torn = 1;
    free(r.buf);
    free(r.line);
    if (rc != NQ_OK) {
        free(sc->done);
        sc->done = NULL;
    }
    return rc;
}

/* ---- writing ------------------------------------------------------------------------------ */

/* A random journal id: from the kernel's generator, or, should that fail, from the clock, the
 * process id and an address, which still tell apart two journals made at different moments. */
static uint64_t journal_new_id(const void *salt) {
    uint64_t id = 0;
    if (getrandom(&id, sizeof id, GRND_NONBLOCK) == (ssize_t)sizeof id && id != 0)
        return id;
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    id = (uint64_t)t.tv_sec * 1000000007u ^ (uint64_t)t.tv_nsec ^ (uint64_t)getpid() << 40 ^
         (uint64_t)(uintptr_t)salt;
    id ^= id >> 31; /* a step of splitmix64, to spread the bits */
    id *= 0xbf58476d1ce4e5b9u;
    return id ^ (id >> 27);
}

/* Formats the header line of split s with the journal id into buf (room for LINE_MAX_LEN bytes);
 * returns its length, and the header's CRC in *seed. */
static size_t journal_format_header(char *buf, const nq_split *s, uint64_t id, uint32_t *seed) {
    int body = snprintf(
        buf, LINE_MAX_LEN,
        HEADER_MAGIC "%d n=%d size=%" PRIu64 " library=%s id=%016" PRIx64 " split=%s",
        journal_format_of(s), nq_split_n(s), nq_split_size(s), nq_version(), id, nq_split_id(s));
    size_t len = (size_t)body;
    *seed = journal_crc32(0, buf, len);
    len += (size_t)snprintf(buf + len, LINE_MAX_LEN - len, " crc=%08" PRIx32 "\n", *seed);
    return len;
}

/* Syncs the directory holding path, so that a newly created file survives a crash. Errors are
 * ignored: some file systems refuse to sync directories, and the file itself is synced anyway. */
static void journal_sync_dir(const char *path) {
    char *copy = strdup(path);
    if (!copy)
        return;
    char *slash = strrchr(copy, '/');
    const char *dir = ".";
    if (slash == copy)
        dir = "/";
    else if (slash) {
        *slash = '\0';
        dir = copy;
    }
    int dfd = open(dir, O_RDONLY);
    if (dfd >= 0) {
        (void)fsync(dfd);
        close(dfd);
    }
    free(copy);
}

/* Takes the write lock of this open file description; NQ_EBUSY if another one holds it (another
 * handle, in this process or another), NQ_EIO (errno in *os_error) if the lock cannot be taken for
 * another reason. Where open file description locks are missing (not Linux), the classic fcntl
 * lock keeps out other processes only. */
static int journal_lock(int fd, int *os_error) {
    struct flock fl;
    memset(&fl, 0, sizeof fl);
    fl.l_type = F_WRLCK;
    fl.l_whence = SEEK_SET;
#ifdef F_OFD_SETLK
    int locked = fcntl(fd, F_OFD_SETLK, &fl);
#else
    int locked = fcntl(fd, F_SETLK, &fl);
#endif
    if (locked == 0)
        return NQ_OK;
    if (errno == EACCES || errno == EAGAIN)
        return NQ_EBUSY;
    *os_error = errno;
    return NQ_EIO;
}

/* Locks and reads the journal on j->fd once, without a split (see nq_journal_attach()); fills
 * *problem on failure. */
static int journal_load(nq_journal *j, nq_journal_problem *problem) {
    int rc = journal_lock(j->fd, &problem->os_error);
    struct stat st;
    if (rc == NQ_OK && fstat(j->fd, &st) != 0) {
        problem->os_error = errno;
        rc = NQ_EIO;
    }
    if (rc == NQ_OK && !S_ISREG(st.st_mode)) {
        problem->os_error = EINVAL; /* a FIFO or a device: no file to keep records in */
        rc = NQ_EIO;
    }
    j->fresh = rc == NQ_OK && st.st_size == 0;
    if (rc != NQ_OK || j->fresh)
        return rc;
    journal_scan sc;
    rc = journal_scan_fd(j->fd, &sc);
    if (rc != NQ_OK) {
        *problem = sc.problem;
        return rc;
    }
    if (sc.torn_header) { /* killed while creating the file: nothing was recorded */
        free(sc.done);
        j->fresh = 1;
        return NQ_OK;
    }
    j->info = sc.info;
    j->done = sc.done;
    j->seed = sc.seed;
    j->good_end = sc.good_end;
    return NQ_OK;
}

/* Gives the loaded journal j its split s (see nq_journal_bind()): checks that a journal found
 * belongs to s and cuts off its torn last line, or writes a new one's header. */
static int journal_start(nq_journal *j, const nq_split *s, nq_journal_problem *problem) {
    const char *id = nq_split_id(s);
    if (!j->fresh) {
        if (j->info.n != nq_split_n(s) || j->info.size != nq_split_size(s) ||
            strcmp(j->info.split_id, id) != 0) {
            problem->found = j->info;
            return NQ_EMISMATCH;
        }
        if (j->info.torn && ftruncate(j->fd, j->good_end) != 0) {
            problem->os_error = errno;
            return NQ_EIO;
        }
        return NQ_OK;
    }
    j->done = calloc((size_t)nq_split_size(s), 1);
    char *line = malloc(LINE_MAX_LEN);
    if (!j->done || !line) {
        free(line);
        return NQ_ENOMEM;
    }
    int rc = NQ_OK;
    if (ftruncate(j->fd, 0) != 0) {
        problem->os_error = errno;
        rc = NQ_EIO;
    }
    uint64_t jid = journal_new_id(j);
    if (rc == NQ_OK) {
        size_t len = journal_format_header(line, s, jid, &j->seed);
        rc = journal_write_all(j->fd, line, len, &problem->os_error);
    }
    free(line);
    if (rc == NQ_OK && fsync(j->fd) != 0) {
        problem->os_error = errno;
        rc = NQ_EIO;
    }
    if (rc != NQ_OK)
        return rc;
    journal_sync_dir(j->path);
    memset(&j->info, 0, sizeof j->info);
    j->info.format = journal_format_of(s);
    j->info.n = nq_split_n(s);
    j->info.size = nq_split_size(s);
    j->info.id = jid;
    snprintf(j->info.library, sizeof j->info.library, "%s", nq_version());
    snprintf(j->info.split_id, sizeof j->info.split_id, "%s", id);
    j->fresh = 0;
    return NQ_OK;
}

/* Frees a journal whose open failed (or that was never bound): its lock goes with the file. */
static void journal_discard(nq_journal *j) {
    if (j->fd >= 0)
        close(j->fd);
    free(j->done);
    free(j->path);
    free(j);
}

int nq_journal_attach(const char *path, unsigned sync_ms, nq_journal **out, nq_journal_info *found,
                      nq_journal_problem *problem) {
    nq_journal_problem none;
    if (!problem)
        problem = &none;
    memset(problem, 0, sizeof *problem);
    if (!path || !out || !found)
        return NQ_EINVAL;
    nq_journal *j = calloc(1, sizeof *j);
    if (!j)
        return NQ_ENOMEM;
    j->sync_ms = sync_ms ? sync_ms : NQ_JOURNAL_SYNC_MS;
    j->path = strdup(path);
    /* A link to nothing is refused (ENOENT), not followed to create what it names: a journal is
     * written where its link points, never made by one (tool/output.h's policy). */
    struct stat link;
    int dangling = lstat(path, &link) == 0 && S_ISLNK(link.st_mode) && access(path, F_OK) != 0;
    j->fd = j->path && !dangling ? open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0644) : -1;
    if (dangling)
        errno = ENOENT;
    int rc;
    if (!j->path) {
        rc = NQ_ENOMEM;
    } else if (j->fd < 0) {
        problem->os_error = errno;
        rc = NQ_EIO;
    } else {
        rc = journal_load(j, problem);
    }
    if (rc != NQ_OK) {
        journal_discard(j);
        return rc;
    }
    j->unbound = 1;
    journal_now_ms(&j->last_sync);
    pthread_mutex_init(&j->mu, NULL);
    if (j->fresh)
        memset(found, 0, sizeof *found);
    else
        *found = j->info;
    *out = j;
    return NQ_OK;
}

int nq_journal_bind(nq_journal *j, const nq_split *s, nq_journal_problem *problem) {
    nq_journal_problem none;
    if (!problem)
        problem = &none;
    memset(problem, 0, sizeof *problem);
    if (!j || !s || !j->unbound)
        return NQ_EINVAL;
    const char *id = nq_split_id(s);
    if (!id || strlen(id) >= NQ_JOURNAL_SPLIT_ID || strchr(id, '\n'))
        return NQ_EINVAL;
    int rc = journal_start(j, s, problem);
    if (rc == NQ_OK)
        j->unbound = 0;
    return rc;
}

int nq_journal_open(const char *path, const nq_split *s, unsigned sync_ms, nq_journal **out,
                    nq_journal_problem *problem) {
    nq_journal_problem none;
    if (!problem)
        problem = &none;
    memset(problem, 0, sizeof *problem);
    if (!path || !s || !out)
        return NQ_EINVAL;
    const char *id = nq_split_id(s);
    if (!id || strlen(id) >= NQ_JOURNAL_SPLIT_ID || strchr(id, '\n'))
        return NQ_EINVAL;
    nq_journal *j;
    nq_journal_info found;
    int rc = nq_journal_attach(path, sync_ms, &j, &found, problem);
    if (rc != NQ_OK)
        return rc;
    rc = nq_journal_bind(j, s, problem);
    if (rc != NQ_OK) {
        pthread_mutex_destroy(&j->mu);
        journal_discard(j);
        return rc;
    }
    *out = j;
    return NQ_OK;
}

const uint8_t *nq_journal_skip(const nq_journal *j) {
    /* Read without the lock: the caller serialises appends with the count that reads it. */
    return j ? j->done : NULL;
}

void nq_journal_get_info(nq_journal *j, nq_journal_info *info) {
    if (!j || !info)
        return;
    pthread_mutex_lock(&j->mu);
    *info = j->info;
    pthread_mutex_unlock(&j->mu);
}

int nq_journal_sync(nq_journal *j) {
    if (!j)
        return NQ_EINVAL;
    /* fsync runs outside the lock, so that appends from other threads never wait for the disk;
     * it covers at least the records counted here. */
    pthread_mutex_lock(&j->mu);
    int pending = j->unsynced, rc = j->error;
    pthread_mutex_unlock(&j->mu);
    if (rc != NQ_OK || pending <= 0)
        return rc;
    int synced;
    while ((synced = fsync(j->fd)) != 0 && errno == EINTR)
        continue;
    if (synced != 0) {
        int os_error = errno;
        pthread_mutex_lock(&j->mu);
        if (j->error == NQ_OK) {
            j->error = NQ_EIO;
            j->os_error = os_error;
        }
        pthread_mutex_unlock(&j->mu);
        return NQ_EIO;
    }
    pthread_mutex_lock(&j->mu);
    j->unsynced = j->unsynced > pending ? j->unsynced - pending : 0; /* syncs may overlap */
    journal_now_ms(&j->last_sync);
    pthread_mutex_unlock(&j->mu);
    return NQ_OK;
}

int nq_journal_append(nq_journal *j, uint64_t index, const nq_counts *c) {
    if (!j || !c)
        return NQ_EINVAL;
    char line[512], num[6][41];
    const nq_u128 v[6] = {c->total, c->unique, c->orbit8, c->orbit4, c->orbit2, c->orbit1};
    for (int k = 0; k < 6; k++)
        nq_u128_to_string(v[k], num[k]);
    int body = snprintf(line, sizeof line, "r %" PRIu64 " %s %s %s %s %s %s %" PRIu64, index,
                        num[0], num[1], num[2], num[3], num[4], num[5], c->nodes);
    size_t len = (size_t)body;
    len += (size_t)snprintf(line + len, sizeof line - len, " %08" PRIx32 "\n",
                            journal_crc32(j->seed, line, len));
    pthread_mutex_lock(&j->mu);
    int rc = j->error, due = 0;
    if (j->unbound)
        rc = NQ_EINVAL; /* no split yet: nq_journal_bind() first */
    else if (rc == NQ_OK && journal_judge(&j->info, j->done, index, c) != 0)
        rc = NQ_EINVAL; /* a caller's mistake: the journal stays usable */
    else if (rc == NQ_OK && journal_write_all(j->fd, line, len, &j->os_error) != NQ_OK)
        rc = j->error = NQ_EIO;
    else if (rc == NQ_OK) {
        journal_take(&j->info, j->done, index, c);
        j->unsynced++;
        struct timespec now;
        journal_now_ms(&now);
        double since = (double)(now.tv_sec - j->last_sync.tv_sec) * 1e3 +
                       (double)(now.tv_nsec - j->last_sync.tv_nsec) / 1e6;
        due = since >= (double)j->sync_ms || j->info.done == j->info.size;
    }
    pthread_mutex_unlock(&j->mu);
    return due ? nq_journal_sync(j) : rc;
}

int nq_journal_on_result(void *journal, uint64_t index, const nq_counts *c) {
    nq_journal *j = journal;
    int rc = nq_journal_append(j, index, c);
    if (rc != NQ_OK && j) {
        pthread_mutex_lock(&j->mu);
        if (j->error == NQ_OK)
            j->error = rc;
        pthread_mutex_unlock(&j->mu);
    }
    return rc;
}

int nq_journal_error(nq_journal *j, int *os_error) {
    if (!j)
        return NQ_EINVAL;
    pthread_mutex_lock(&j->mu);
    int rc = j->error;
    if (os_error)
        *os_error = rc == NQ_EIO ? j->os_error : 0;
    pthread_mutex_unlock(&j->mu);
    return rc;
}

int nq_journal_close(nq_journal *j, int *os_error) {
    if (os_error)
        *os_error = 0;
    if (!j)
        return NQ_OK;
    int rc = j->unsynced && j->error == NQ_OK ? nq_journal_sync(j) : NQ_OK;
    int err = rc == NQ_EIO ? j->os_error : 0;
    if (close(j->fd) != 0 && rc == NQ_OK) {
        rc = NQ_EIO;
        err = errno;
    }
    if (os_error)
        *os_error = err;
    pthread_mutex_destroy(&j->mu);
    free(j->done);
    free(j->path);
    free(j);
    return rc;
}

int nq_journal_read(const char *path, nq_journal_info *info, nq_journal_problem *problem) {
    nq_journal_problem none;
    if (!problem)
        problem = &none;
    memset(problem, 0, sizeof *problem);
    if (!path || !info)
        return NQ_EINVAL;
    /* O_NONBLOCK: opening a FIFO for reading would wait for a writer (for ever); it and any other
     * file that is not a regular one is refused as nq_journal_open() refuses it. */
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        problem->os_error = errno;
        return NQ_EIO;
    }
    struct stat st;
    int kind_error = fstat(fd, &st) != 0   ? errno
                     : S_ISREG(st.st_mode) ? 0
                     : S_ISDIR(st.st_mode) ? EISDIR
                                           : EINVAL;
    if (kind_error) {
        problem->os_error = kind_error;
        close(fd);
        return NQ_EIO;
    }
    journal_scan sc;
    int rc = journal_scan_fd(fd, &sc);
    close(fd);
    if (rc == NQ_OK && sc.torn_header) {
        rc = NQ_ECORRUPT;
        sc.problem.line = 1;
        sc.problem.kind = NQ_JOURNAL_TORN_HEADER;
        sc.problem.lines = 1;
    }
    if (rc == NQ_OK)
        *info = sc.info;
    else
        *problem = sc.problem;
    free(sc.done);
    return rc;
}

/* Adds one part to the text of nq_journal_mismatch(), as snprintf would: *len counts the whole
 * text, and what fits in [buf, buf + cap) is written, NUL-terminated. */
__attribute__((format(printf, 4, 5))) static void journal_part(char *buf, size_t cap, size_t *len,
                                                               const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    char none[1];
    int k = *len < cap ? vsnprintf(buf + *len, cap - *len, fmt, ap) : vsnprintf(none, 0, fmt, ap);
    va_end(ap);
    *len += k > 0 ? (size_t)k : 0;
}

size_t nq_journal_mismatch(const nq_journal_info *found, const nq_split *s, char *buf, size_t cap) {
    if (buf && cap > 0)
        buf[0] = '\0';
    if (!found || !s || !buf || found->format < NQ_JOURNAL_FORMAT_MIN ||
        found->format > NQ_JOURNAL_FORMAT)
        return 0;
    size_t len = 0;
    if (found->n != nq_split_n(s))
        journal_part(buf, cap, &len, "n=%d, not %d", found->n, nq_split_n(s));
    if (found->size != nq_split_size(s))
        journal_part(buf, cap, &len, "%ssize=%" PRIu64 ", not %" PRIu64, len ? "; " : "",
                     found->size, nq_split_size(s));
    if (strcmp(found->split_id, nq_split_id(s)) != 0)
        journal_part(buf, cap, &len, "%ssplit '%s', not '%s'", len ? "; " : "", found->split_id,
                     nq_split_id(s));
    return len;
}
