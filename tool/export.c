/*
 * export.c: the per-subproblem subtotals of a count as a table (export.h): read from an export
 * file or a checkpoint journal, audited, and written as an export.
 *
 * A journal is checked by the library first (nq_journal_read(): CRCs, identities, duplicates),
 * and only then are its records read here, by the format documented in nqueens.h; the table's
 * sum must equal the library's reading, so the two readers cannot drift apart unnoticed. An
 * export is parsed strictly (every line in its place), since it is the format meant for other
 * programs and people: a file that is not exactly it is refused with the line that is not.
 * Workload: a few thousand to two million records, read or written once per command; the
 * records are held in memory (112 bytes each).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "export.h"
#include "options.h"
#include "output.h"
#include "report.h"

int tool_part_has(uint64_t part, uint64_t parts, uint64_t index) {
    return parts == 0 || index % parts == part - 1;
}

uint64_t tool_part_size(uint64_t size, uint64_t part, uint64_t parts) {
    if (parts == 0)
        return size;
    return size >= part ? (size - part) / parts + 1 : 0;
}

int tool_parse_part(const char *text, uint64_t *part, uint64_t *parts) {
    const char *slash = strchr(text, '/');
    char head[32];
    long long i, k;
    if (!slash || (size_t)(slash - text) >= sizeof head) {
        tool_error("--part must be I/K (the I-th of K parts, e.g. 2/5), got '%s'", text);
        return -1;
    }
    memcpy(head, text, (size_t)(slash - text));
    head[slash - text] = '\0';
    if (tool_parse_ll("--part's K (of I/K)", slash + 1, 1, TOOL_MAX_PARTS, &k) ||
        tool_parse_ll("--part's I (of I/K)", head, 1, k, &i))
        return -1;
    *part = (uint64_t)i;
    *parts = (uint64_t)k;
    return 0;
}

void tool_table_free(tool_table *t) {
    free(t->rec);
    memset(t, 0, sizeof *t);
}

/* A whole decimal number of up to 128 bits in [p, end). */
static int export_u128(const char *p, const char *end, nq_u128 *out) {
    nq_u128 v = 0;
    if (p == end)
        return -1;
    for (; p < end; p++) {
        if (*p < '0' || *p > '9')
            return -1;
        unsigned d = (unsigned)(*p - '0');
        if (v > (~(nq_u128)0 - d) / 10)
            return -1;
        v = v * 10 + d;
    }
    *out = v;
    return 0;
}

static int export_u64(const char *p, const char *end, uint64_t *out) {
    nq_u128 v;
    if (export_u128(p, end, &v) || v > UINT64_MAX)
        return -1;
    *out = (uint64_t)v;
    return 0;
}

/* Splits line (len bytes) at single spaces into at most max fields; @return their number, or -1
 * if a field is empty (two spaces, a space at an end) or there are more. */
static int export_fields(const char *line, size_t len, const char **f, const char **fend, int max) {
    int k = 0;
    const char *p = line, *end = line + len;
    while (p <= end) {
        const char *q = memchr(p, ' ', (size_t)(end - p));
        if (!q)
            q = end;
        if (q == p || k == max)
            return -1;
        f[k] = p;
        fend[k++] = q;
        p = q + 1;
    }
    return k;
}

/* The 7 numbers total .. nodes of a record from fields f[0..6]. */
static int export_counts(const char **f, const char **fend, nq_counts *c) {
    nq_u128 *v[6] = {&c->total, &c->unique, &c->orbit8, &c->orbit4, &c->orbit2, &c->orbit1};
    for (int i = 0; i < 6; i++)
        if (export_u128(f[i], fend[i], v[i]))
            return -1;
    return export_u64(f[6], fend[6], &c->nodes);
}

/* Reads the next line of fp into *line (a buffer of *cap bytes, grown as getline's) without its
 * line end: LF, CR LF or a bare CR, all alike (an export edited on any system reads the same);
 * *terminated is 0 for a last line that ends the file instead (a journal's torn record; an
 * export's last line, read as a line). @return its length, or -1 at the end (or out of memory,
 * with errno ENOMEM). */
static ssize_t export_line(FILE *fp, char **line, size_t *cap, int *terminated) {
    size_t len = 0;
    int c;
    *terminated = 0;
    while ((c = getc(fp)) != EOF) {
        if (c == '\n' || c == '\r') {
            int d = c == '\r' ? getc(fp) : '\n';
            if (d != '\n' && d != EOF)
                ungetc(d, fp);
            *terminated = 1;
            break;
        }
        if (len + 2 > *cap) {
            size_t more = *cap ? 2 * *cap : 256;
            char *bigger = realloc(*line, more);
            if (!bigger) {
                errno = ENOMEM;
                return -1;
            }
            *line = bigger;
            *cap = more;
        }
        (*line)[len++] = (char)c;
    }
    if (len == 0 && !*terminated)
        return -1;
    if (!*line && !(*line = malloc(*cap = 256))) {
        errno = ENOMEM;
        return -1;
    }
    (*line)[len] = '\0';
    return (ssize_t)len;
}

static int export_grow(tool_table *t, uint64_t *cap) {
    if (t->records < *cap)
        return 0;
    uint64_t more = *cap ? 2 * *cap : 1024;
    tool_record *r = realloc(t->rec, (size_t)more * sizeof *r);
    if (!r)
        return -1;
    t->rec = r;
    *cap = more;
    return 0;
}

static int export_by_index(const void *a, const void *b) {
    uint64_t x = ((const tool_record *)a)->index, y = ((const tool_record *)b)->index;
    return x < y ? -1 : x > y;
}

/* The records of a journal that nq_journal_read() accepted (info). */
static int export_read_journal(const char *path, FILE *fp, const nq_journal_info *info,
                               tool_table *t) {
    t->kind = TOOL_TABLE_JOURNAL;
    t->n = info->n;
    t->size = info->size;
    snprintf(t->split_id, sizeof t->split_id, "%s", info->split_id);
    snprintf(t->library, sizeof t->library, "%s", info->library);
    t->claimed = info->counts;
    t->claimed_records = info->done;
    char *line = NULL;
    size_t cap = 0;
    uint64_t have = 0;
    int terminated, rc = 0;
    ssize_t len = export_line(fp, &line, &cap, &terminated); /* the header */
    while (rc == 0 && (len = export_line(fp, &line, &cap, &terminated)) >= 0) {
        const char *f[10], *fend[10];
        /* A torn last line (no '\n', or NUL bytes) is what the library left out too. */
        if (!terminated || memchr(line, '\0', (size_t)len))
            continue;
        tool_record r;
        if (export_fields(line, (size_t)len, f, fend, 10) != 10 || fend[0] - f[0] != 1 ||
            f[0][0] != 'r' || export_u64(f[1], fend[1], &r.index) ||
            export_counts(f + 2, fend + 2, &r.c) || r.index >= t->size) {
            rc = -1;
            break;
        }
        if (export_grow(t, &have)) {
            tool_error("cannot read '%s': out of memory", path);
            free(line);
            return -1;
        }
        t->rec[t->records++] = r;
        nq_counts_add(&t->sum, &r.c);
    }
    free(line);
    if (rc == 0 && t->records == info->done && memcmp(&t->sum, &info->counts, sizeof t->sum) == 0) {
        if (t->records > 0) /* none: no array at all, and qsort() takes no NULL */
            qsort(t->rec, (size_t)t->records, sizeof *t->rec, export_by_index);
        return 0;
    }
    tool_error("cannot read the records of checkpoint '%s' (they changed while being read?)", path);
    return -1;
}

/* The CRC-32 (zlib's crc32(), as the journal's) of the bytes of an export so far, continued by
 * [p, p + len). */
static uint32_t export_crc(uint32_t crc, const char *p, size_t len) {
    while (len > 0) {
        uInt k = len > 1u << 30 ? 1u << 30 : (uInt)len;
        crc = (uint32_t)crc32((uLong)crc, (const Bytef *)p, k);
        p += k;
        len -= k;
    }
    return crc;
}

/* Continues crc by a line as read (len bytes) and its '\n' if it had one. */
static uint32_t export_crc_line(uint32_t crc, const char *line, size_t len, int terminated) {
    crc = export_crc(crc, line, len);
    return terminated ? export_crc(crc, "\n", 1) : crc;
}

/* The number the split id states after " key" (e.g. " n="): 1 with it in *out, 0 if the id
 * states none, -1 if what follows is not a number. */
static int export_id_number(const char *id, const char *key, uint64_t *out) {
    size_t kl = strlen(key);
    for (const char *p = strchr(id, ' '); p; p = strchr(p + 1, ' ')) {
        if (strncmp(p + 1, key, kl) != 0)
            continue;
        const char *v = p + 1 + kl, *end = v + strcspn(v, " ");
        return export_u64(v, end, out) == 0 ? 1 : -1;
    }
    return 0;
}

/* The statements of an export's header about one count must agree (issue 40: an `n 12` edited
 * to `n 30` made merge print n = 30 and verify call it right): n (line 2) and size (line 3)
 * with the n= and size= of its split (line 4), and the split a border split's, the only one
 * exported. @return 0, or -1 after printing which lines disagree. */
static int export_header_agrees(const char *path, const tool_table *t) {
    uint64_t idn = 0, idsize = 0;
    int hn = export_id_number(t->split_id, "n=", &idn);
    int hs = export_id_number(t->split_id, "size=", &idsize);
    if (hn < 0 || (hn > 0 && idn != (uint64_t)t->n)) {
        tool_error("export '%s': line 2 says n %d, but line 4's split '%s' is of another n: the "
                   "file was edited or damaged; count it again",
                   path, t->n, t->split_id);
        return -1;
    }
    if (hs < 0 || (hs > 0 && idsize != t->size)) {
        tool_error("export '%s': line 3 says size %" PRIu64 ", but line 4's split '%s' has "
                   "another size: the file was edited or damaged; count it again",
                   path, t->size, t->split_id);
        return -1;
    }
    if (strncmp(t->split_id, "nq-split/4 quadrant ", 20) == 0) {
        tool_error("export '%s': line 4 names the quadrant join's split ('%s'), which no count "
                   "exports (an export holds the border split's subproblems): the file was "
                   "edited or damaged",
                   path, t->split_id);
        return -1;
    }
    return 0;
}

/* The header of an export, line by line: what each line must say; *crc continued by its bytes. */
static int export_read_header(const char *path, FILE *fp, tool_table *t, char **line, size_t *cap,
                              int *lineno, uint32_t *crc) {
    static const char *const keys[] = {"nqueens-export", "n",       "size",  "split",
                                       "part",           "library", "fields"};
    for (int k = 0; k < 7; k++) {
        int terminated;
        ssize_t len = export_line(fp, line, cap, &terminated);
        ++*lineno;
        if (len >= 0)
            *crc = export_crc_line(*crc, *line, (size_t)len, terminated);
        size_t kl = strlen(keys[k]);
        (void)terminated; /* a last line with no line end is a line */
        if (len < 0 || (size_t)len <= kl || strncmp(*line, keys[k], kl) != 0 ||
            (*line)[kl] != ' ') {
            if (k == 0)
                tool_error("'%s' is neither an export (its first line would be "
                           "'nqueens-export %d') nor a checkpoint journal",
                           path, TOOL_EXPORT_FORMAT);
            else
                tool_error("export '%s': line %d should be the '%s' line", path, *lineno, keys[k]);
            return -1;
        }
        const char *v = *line + kl + 1, *end = *line + len;
        int bad = 0;
        char buf[64];
        switch (k) {
        case 0:
            if (strcmp(v, "1") != 0 && strcmp(v, "2") != 0) {
                tool_error("export '%s' is of format %s; this version (%s) reads formats 1 to %d",
                           path, tool_quote(v, (size_t)(end - v), buf, sizeof buf), nq_version(),
                           TOOL_EXPORT_FORMAT);
                return -1;
            }
            t->format = v[0] - '0';
            break;
        case 1: {
            uint64_t n;
            bad = export_u64(v, end, &n) || n < 1 || n > NQ_MAX_N;
            t->n = bad ? 0 : (int)n;
            break;
        }
        case 2:
            bad = export_u64(v, end, &t->size) || t->size < 1 || t->size > NQ_JOURNAL_MAX_SIZE;
            break;
        case 3:
            bad = (size_t)(end - v) >= sizeof t->split_id;
            if (!bad)
                memcpy(t->split_id, v, (size_t)(end - v) + 1);
            break;
        case 4: {
            const char *slash = memchr(v, '/', (size_t)(end - v));
            bad = !slash || export_u64(v, slash, &t->part) ||
                  export_u64(slash + 1, end, &t->parts) || t->parts < 1 ||
                  t->parts > TOOL_MAX_PARTS || t->part < 1 || t->part > t->parts;
            break;
        }
        case 5:
            snprintf(t->library, sizeof t->library, "%s", v);
            break;
        case 6:
            bad = strcmp(v, "index total unique orbit8 orbit4 orbit2 orbit1 nodes") != 0;
            break;
        }
        if (bad) {
            tool_error("export '%s': line %d, '%s', is not a valid '%s' line", path, *lineno,
                       tool_quote(*line, (size_t)len, buf, sizeof buf), keys[k]);
            return -1;
        }
    }
    return export_header_agrees(path, t);
}

/* The check of a format 2 end line (its last field, 8 hex digits) against crc, the CRC of the
 * file up to it continued by the end line's bytes before its last space. */
static int export_check_end(const char *f, const char *fend, uint32_t crc) {
    uint32_t v = 0;
    if (fend - f != 8)
        return -1;
    for (; f < fend; f++) {
        int d = *f >= '0' && *f <= '9' ? *f - '0' : *f >= 'a' && *f <= 'f' ? *f - 'a' + 10 : -1;
        if (d < 0)
            return -1;
        v = v << 4 | (uint32_t)d;
    }
    return v == crc ? 1 : 0;
}

static int export_read_export(const char *path, FILE *fp, tool_table *t) {
    t->kind = TOOL_TABLE_EXPORT;
    char *line = NULL, buf[80];
    size_t cap = 0;
    int lineno = 0, ended = 0;
    uint64_t have = 0;
    uint32_t crc = 0;
    if (export_read_header(path, fp, t, &line, &cap, &lineno, &crc)) {
        free(line);
        return -1;
    }
    int terminated;
    ssize_t len;
    int endfields = t->format >= 2 ? 10 : 9; /* format 2: the end line ends with its check */
    while ((len = export_line(fp, &line, &cap, &terminated)) >= 0) {
        lineno++;
        const char *f[10], *fend[10];
        int k = export_fields(line, (size_t)len, f, fend, 10); /* a line end or the file's end */
        if (ended) {
            tool_error("export '%s': line %d comes after the end line", path, lineno);
            goto fail;
        }
        if (k == endfields && fend[0] - f[0] == 3 && memcmp(f[0], "end", 3) == 0) {
            int check = 0;
            if (t->format >= 2)
                check = export_check_end(f[9], fend[9],
                                         export_crc(crc, line, (size_t)(f[9] - 1 - line)));
            if (export_u64(f[1], fend[1], &t->claimed_records) ||
                export_counts(f + 2, fend + 2, &t->claimed) || check < 0)
                k = -1;
            else {
                ended = 1;
                t->check = t->format >= 2 ? (check ? TOOL_CHECK_RIGHT : TOOL_CHECK_WRONG) : 0;
                t->end_line = lineno;
                continue;
            }
        }
        crc = export_crc_line(crc, line, (size_t)len, terminated);
        tool_record r;
        if (k != 8 || export_u64(f[0], fend[0], &r.index) || export_counts(f + 1, fend + 1, &r.c)) {
            tool_error("export '%s': line %d, '%s', is not a record (index and 7 numbers)%s%s",
                       path, lineno, tool_quote(line, (size_t)len, buf, sizeof buf),
                       terminated ? "" : " (the file ends there: it may be cut short)",
                       k >= 1 && fend[0] - f[0] == 3 && memcmp(f[0], "end", 3) == 0
                           ? (t->format >= 2 ? " nor an end line of format 2 (records, 7 sums "
                                               "and a check)"
                                             : " nor an end line of format 1 (records and 7 "
                                               "sums)")
                           : "");
            goto fail;
        }
        if (r.index >= t->size || !tool_part_has(t->part, t->parts, r.index)) {
            tool_error("export '%s': line %d records subproblem %" PRIu64 ", which part %" PRIu64
                       "/%" PRIu64 " of %" PRIu64 " subproblems does not have",
                       path, lineno, r.index, t->part, t->parts, t->size);
            goto fail;
        }
        if (t->records && r.index <= t->rec[t->records - 1].index) {
            tool_error("export '%s': line %d records subproblem %" PRIu64 " after subproblem "
                       "%" PRIu64 " (the records must be in increasing order, each once)",
                       path, lineno, r.index, t->rec[t->records - 1].index);
            goto fail;
        }
        if (export_grow(t, &have)) {
            tool_error("cannot read '%s': out of memory", path);
            goto fail;
        }
        t->rec[t->records++] = r;
        nq_counts_add(&t->sum, &r.c);
    }
    if (ferror(fp)) {
        tool_error("cannot read '%s': %s", path, strerror(errno));
        goto fail;
    }
    if (!ended) {
        tool_error("export '%s' has no end line: it is cut short (after %" PRIu64 " records)", path,
                   t->records);
        goto fail;
    }
    free(line);
    return 0;
fail:
    free(line);
    return -1;
}

int tool_table_read(const char *path, tool_table *t) {
    memset(t, 0, sizeof *t);
    FILE *fp = fopen(path, "r");
    if (!fp) {
        tool_error("cannot open '%s': %s", path, strerror(errno));
        return -1;
    }
    char magic[16] = "";
    size_t got = fread(magic, 1, sizeof magic - 1, fp);
    if (ferror(fp)) { /* a directory opens, and says EISDIR at the first read */
        tool_error("cannot read '%s': %s", path, strerror(errno));
        fclose(fp);
        return -1;
    }
    rewind(fp);
    int rc;
    if (got >= 15 && memcmp(magic, "nqueens-journal", 15) == 0) {
        nq_journal_info info;
        nq_journal_problem why;
        rc = nq_journal_read(path, &info, &why);
        if (rc != NQ_OK) {
            tool_journal_refused(path, rc, &why, NULL);
            rc = -1;
        } else
            rc = export_read_journal(path, fp, &info, t);
    } else
        rc = export_read_export(path, fp, t);
    fclose(fp);
    if (rc)
        tool_table_free(t);
    return rc;
}

int tool_table_audit(const tool_table *t, char *why, size_t cap) {
    for (uint64_t i = 0; i < t->records; i++) {
        const nq_counts *c = &t->rec[i].c;
        if (c->total != 8 * c->orbit8 + 4 * c->orbit4 + 2 * c->orbit2 + c->orbit1 ||
            c->unique != c->orbit8 + c->orbit4 + c->orbit2 + c->orbit1) {
            snprintf(why, cap,
                     "the record of subproblem %" PRIu64 " breaks the identities total = 8 orbit8 "
                     "+ 4 orbit4 + 2 orbit2 + orbit1 and unique = orbit8 + orbit4 + orbit2 + "
                     "orbit1",
                     t->rec[i].index);
            return 1;
        }
    }
    if (t->claimed_records != t->records || memcmp(&t->claimed, &t->sum, sizeof t->sum) != 0) {
        snprintf(why, cap, "its end line's sums are not those of its %" PRIu64 " records",
                 t->records);
        return 1;
    }
    if (t->check == TOOL_CHECK_WRONG) {
        snprintf(why, cap,
                 "its check (the last field of line %d, the end line) is not the CRC-32 of its "
                 "lines: it was changed after it was written",
                 t->end_line);
        return 1;
    }
    return 0;
}

/* Writes the export of t to fp (synced by tool_output_write()), each line as the CRC of the end
 * line's check sees it; @return 0, or -1 on a write error (errno). */
static int export_put(FILE *fp, const tool_table *t) {
    char v[7][41], head[2 * NQ_JOURNAL_SPLIT_ID + 256], line[384];
    int len = snprintf(head, sizeof head,
                       "nqueens-export %d\nn %d\nsize %" PRIu64 "\nsplit %s\npart %" PRIu64
                       "/%" PRIu64 "\nlibrary %s\nfields index total unique orbit8 orbit4 "
                       "orbit2 orbit1 nodes\n",
                       TOOL_EXPORT_FORMAT, t->n, t->size, t->split_id, t->part ? t->part : 1,
                       t->parts ? t->parts : 1, nq_version());
    fputs(head, fp);
    uint32_t crc = export_crc(0, head, (size_t)len);
    nq_counts sum;
    memset(&sum, 0, sizeof sum);
    for (uint64_t i = 0; i <= t->records; i++) {
        const nq_counts *c = i < t->records ? &t->rec[i].c : &sum;
        nq_u128_to_string(c->total, v[0]);
        nq_u128_to_string(c->unique, v[1]);
        nq_u128_to_string(c->orbit8, v[2]);
        nq_u128_to_string(c->orbit4, v[3]);
        nq_u128_to_string(c->orbit2, v[4]);
        nq_u128_to_string(c->orbit1, v[5]);
        if (i < t->records) {
            len = snprintf(line, sizeof line, "%" PRIu64 " %s %s %s %s %s %s %" PRIu64 "\n",
                           t->rec[i].index, v[0], v[1], v[2], v[3], v[4], v[5], c->nodes);
            nq_counts_add(&sum, c);
        } else {
            len = snprintf(line, sizeof line, "end %" PRIu64 " %s %s %s %s %s %s %" PRIu64,
                           t->records, v[0], v[1], v[2], v[3], v[4], v[5], c->nodes);
            crc = export_crc(crc, line, (size_t)len);
            len += snprintf(line + len, sizeof line - (size_t)len, " %08" PRIx32 "\n", crc);
        }
        fputs(line, fp);
        crc = export_crc(crc, line, (size_t)len);
    }
    return fflush(fp) == 0 && !ferror(fp) ? 0 : -1;
}

static int export_put_any(FILE *fp, const void *t) {
    return export_put(fp, t);
}

int tool_export_write(const char *path, const tool_table *t, const char *journal) {
    return tool_output_write("export", path, journal, export_put_any, t);
}
