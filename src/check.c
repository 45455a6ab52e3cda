/*
 * check.c: judging a list of solutions like an online judge: each item valid or not (with the
 * first two attacking queens, from nq_validate()), malformed, of the wrong size, a duplicate;
 * claims ("-1", a count) against the known counts; and, for the whole list (or each case of a
 * `cases` output), completeness against OEIS A000170 and lexicographic order.
 *
 * The workload is one pass over lists of up to a few million solutions (n = 14 has 365,596). Each
 * item costs O(n): one validation, one comparison with the previous placement for the order, and
 * (for a solution) one look at the store of the distinct solutions seen, kept packed (see
 * group_state): appended to a sorted array when it comes in order, else looked up by bisection
 * there and in a hash set. The first missing solution of an incomplete list is found by running
 * the lexicographic solution iterator (nq_search) until it yields a solution that is not in the
 * store; this is bounded to n <= 15 (2.3 million solutions).
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "symmetry.h"

/* Largest n whose missing solutions are searched for (A000170: 2,279,184 solutions). */
enum { MISSING_MAX_N = 15 };

/* The distinct solutions of a group are kept packed, as records of the group's record size: the
 * columns at `bits` bits each, most significant first (so that memcmp() of two keys orders them
 * as their columns, lexicographically), then the item's number (8 bytes) and line (4 bytes), for
 * the message about a later duplicate. n = 16 takes 8 + 12 bytes a solution (1.25 bytes a queen),
 * against 4n bytes for the columns as ints and a hash table's entry besides. A list in increasing
 * order (every listing nqueens writes) appends each new solution to `run`, which stays sorted and
 * is searched by bisection; a solution that comes out of order (smaller than the last of the
 * run) goes to an open-addressing hash set of the same records. Every key of the set is smaller
 * than the run's last key when it goes in, and that key only grows, so a key greater than it is
 * new without a lookup. Memory is the records and, for out-of-order input only, the set's free
 * slots (the set is kept at most half full, and doubles); the run grows by realloc() by half,
 * and its unused tail is never touched (so not resident). */
typedef struct group_state {
    int n;    /* 0 until known */
    int line; /* of the first item */
    uint64_t items, valid, wrong, duplicates, placements, claims, unchecked;
    int claims_none;
    int ordered;
    uint64_t order_index;
    int order_line;
    int *prev; /* the previous full placement (for the order), n entries, or NULL */
    int *missing;
    int missing_done;
    int bits;                /* bits of a column in a key: enough for n - 1, at least 1 */
    size_t keylen, reclen;   /* bytes of a key, of a record (key, index, line) */
    unsigned char *run;      /* records in increasing key order */
    size_t run_len, run_cap; /* records */
    unsigned char *set;      /* the other records; a slot whose index is 0 is free */
    size_t set_len, set_cap; /* records; set_cap is 0 or a power of two */
} group_state;

/* Bytes after the key in a record: the item's index (uint64_t), then its line (int). */
enum { REC_META = 8 + 4 };

struct nq_checker {
    int n_hint;
    uint64_t index; /* items judged so far */
    group_state *groups;
    int ngroups, capgroups;
    unsigned char *key; /* scratch: a packed key */
    size_t keycap;
    int *c1, *c2; /* scratch: the two leftmost queens of each row */
    size_t scap;
};

int nq_checker_new(int n, nq_checker **out) {
    if (!out || n < 0 || n > NQ_PARSE_MAX_N)
        return NQ_EINVAL;
    nq_checker *c = calloc(1, sizeof *c);
    if (!c)
        return NQ_ENOMEM;
    c->n_hint = n;
    *out = c;
    return NQ_OK;
}

void nq_checker_free(nq_checker *c) {
    if (!c)
        return;
    for (int i = 0; i < c->ngroups; i++) {
        free(c->groups[i].prev);
        free(c->groups[i].missing);
        free(c->groups[i].run);
        free(c->groups[i].set);
    }
    free(c->groups);
    free(c->key);
    free(c->c1);
    free(c->c2);
    free(c);
}

/* Makes groups 0..g exist. */
static int need_group(nq_checker *c, int g) {
    if (g < c->ngroups)
        return NQ_OK;
    if (g >= c->capgroups) {
        int cap = c->capgroups ? c->capgroups : 4;
        while (cap <= g) {
            if (cap > (1 << 28))
                return NQ_ENOMEM;
            cap *= 2;
        }
        group_state *gs = realloc(c->groups, (size_t)cap * sizeof *gs);
        if (!gs)
            return NQ_ENOMEM;
        c->groups = gs;
        c->capgroups = cap;
    }
    for (int i = c->ngroups; i <= g; i++) {
        memset(&c->groups[i], 0, sizeof c->groups[i]);
        c->groups[i].n = c->n_hint;
        c->groups[i].ordered = 1;
    }
    c->ngroups = g + 1;
    return NQ_OK;
}

/* The packed key of a solution of the group's n, in c->key. */
static int pack_key(nq_checker *c, group_state *g, const int *cols) {
    int n = g->n;
    if (g->keylen == 0) {
        int bits = 1;
        while (bits < 31 && (n - 1) >> bits)
            bits++;
        g->bits = bits;
        g->keylen = ((size_t)n * (size_t)bits + 7) / 8;
        g->reclen = g->keylen + REC_META;
    }
    if (g->keylen > c->keycap) {
        unsigned char *k = realloc(c->key, g->keylen);
        if (!k)
            return NQ_ENOMEM;
        c->key = k;
        c->keycap = g->keylen;
    }
    unsigned char *key = c->key;
    memset(key, 0, g->keylen);
    size_t at = 0; /* bit position, from the most significant bit of key[0] */
    for (int r = 0; r < n; r++) {
        unsigned v = (unsigned)cols[r];
        for (int b = g->bits - 1; b >= 0; b--, at++)
            if ((v >> b) & 1u)
                key[at / 8] |= (unsigned char)(0x80u >> (at % 8));
    }
    return NQ_OK;
}

static uint64_t rec_index(const group_state *g, const unsigned char *rec) {
    uint64_t index;
    memcpy(&index, rec + g->keylen, sizeof index);
    return index;
}

static int rec_line(const group_state *g, const unsigned char *rec) {
    int line;
    memcpy(&line, rec + g->keylen + 8, sizeof line);
    return line;
}

static void rec_fill(const group_state *g, unsigned char *rec, const unsigned char *key,
                     uint64_t index, int line) {
    memcpy(rec, key, g->keylen);
    memcpy(rec + g->keylen, &index, sizeof index);
    memcpy(rec + g->keylen + 8, &line, sizeof line);
}

static uint64_t key_hash(const unsigned char *key, size_t len) {
    uint64_t h = 0x9e3779b97f4a7c15ull ^ len;
    for (size_t i = 0; i < len; i++) {
        h ^= key[i];
        h *= 0x100000001b3ull;
    }
    h ^= h >> 29;
    h *= 0xbf58476d1ce4e5b9ull;
    return h ^ (h >> 32);
}

/* The record of key in the run (bisection), or NULL. */
static const unsigned char *run_find(const group_state *g, const unsigned char *key) {
    size_t lo = 0, hi = g->run_len;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const unsigned char *rec = g->run + mid * g->reclen;
        int cmp = memcmp(rec, key, g->keylen);
        if (cmp == 0)
            return rec;
        if (cmp < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

/* The slot of key in the set: its record, or the free slot where it would go. */
static unsigned char *set_slot(const group_state *g, const unsigned char *key) {
    size_t mask = g->set_cap - 1;
    for (size_t i = (size_t)key_hash(key, g->keylen) & mask;; i = (i + 1) & mask) {
        unsigned char *rec = g->set + i * g->reclen;
        if (rec_index(g, rec) == 0 || memcmp(rec, key, g->keylen) == 0)
            return rec;
    }
}

static int set_grow(group_state *g) {
    size_t cap = g->set_cap ? 2 * g->set_cap : 64;
    if (cap > SIZE_MAX / g->reclen)
        return NQ_ENOMEM;
    unsigned char *t = calloc(cap, g->reclen); /* index 0: every slot free */
    if (!t)
        return NQ_ENOMEM;
    unsigned char *old = g->set;
    size_t oldcap = g->set_cap;
    g->set = t;
    g->set_cap = cap;
    for (size_t i = 0; i < oldcap; i++) {
        const unsigned char *rec = old + i * g->reclen;
        if (rec_index(g, rec) != 0)
            memcpy(set_slot(g, rec), rec, g->reclen);
    }
    free(old);
    return NQ_OK;
}

/* The record of the solution packed in c->key, or NULL if the group has not kept it. */
static const unsigned char *find_key(const nq_checker *c, const group_state *g) {
    if (g->run_len == 0)
        return NULL;
    const unsigned char *last = g->run + (g->run_len - 1) * g->reclen;
    if (memcmp(c->key, last, g->keylen) > 0)
        return NULL;
    const unsigned char *rec = run_find(g, c->key);
    if (!rec && g->set_len > 0) {
        rec = set_slot(g, c->key);
        if (rec_index(g, rec) == 0)
            rec = NULL;
    }
    return rec;
}

/* Keeps a solution of the group unless it is there: *dup_of receives 0, or the index and
 * *dup_line the line of the item that listed it first. */
static int remember(nq_checker *c, group_state *g, const int *cols, uint64_t index, int line,
                    uint64_t *dup_of, int *dup_line) {
    assert(index > 0);
    int rc = pack_key(c, g, cols);
    if (rc != NQ_OK)
        return rc;
    *dup_of = 0;
    const unsigned char *rec = find_key(c, g);
    if (rec) {
        *dup_of = rec_index(g, rec);
        *dup_line = rec_line(g, rec);
        return NQ_OK;
    }
    if (g->run_len == 0 || memcmp(c->key, g->run + (g->run_len - 1) * g->reclen, g->keylen) > 0) {
        if (g->run_len == g->run_cap) {
            size_t cap = g->run_cap ? g->run_cap + g->run_cap / 2 : 16;
            if (cap > SIZE_MAX / g->reclen)
                return NQ_ENOMEM;
            unsigned char *run = realloc(g->run, cap * g->reclen);
            if (!run)
                return NQ_ENOMEM;
            g->run = run;
            g->run_cap = cap;
        }
        rec_fill(g, g->run + g->run_len * g->reclen, c->key, index, line);
        g->run_len++;
        return NQ_OK;
    }
    if (2 * (g->set_len + 1) > g->set_cap) {
        rc = set_grow(g);
        if (rc != NQ_OK)
            return rc;
    }
    rec_fill(g, set_slot(g, c->key), c->key, index, line);
    g->set_len++;
    return NQ_OK;
}

/* Does the group list the solution cols? */
static int contains(nq_checker *c, group_state *g, const int *cols, int *found) {
    int rc = pack_key(c, g, cols);
    if (rc == NQ_OK)
        *found = find_key(c, g) != NULL;
    return rc;
}

static int scratch(nq_checker *c, int n) {
    if ((size_t)n <= c->scap)
        return NQ_OK;
    int *a = realloc(c->c1, (size_t)n * sizeof(int));
    if (!a)
        return NQ_ENOMEM;
    c->c1 = a;
    int *b = realloc(c->c2, (size_t)n * sizeof(int));
    if (!b)
        return NQ_ENOMEM;
    c->c2 = b;
    c->scap = (size_t)n;
    return NQ_OK;
}

static int judge_placement(nq_checker *c, group_state *g, const nq_item *item, nq_verdict *v) {
    int n = item->n;
    if (n < 1 || n > NQ_PARSE_MAX_N || (item->queens && (!item->rows || !item->cols)))
        return NQ_EINVAL;
    g->placements++;
    if (g->n == 0)
        g->n = n;
    v->list_n = g->n;
    if (n != g->n) {
        v->kind = NQ_VERDICT_SIZE;
        return NQ_OK;
    }
    int rc = scratch(c, n);
    if (rc != NQ_OK)
        return rc;
    int *c1 = c->c1, *c2 = c->c2;
    for (int r = 0; r < n; r++)
        c1[r] = c2[r] = -1;
    for (size_t i = 0; i < item->queens; i++) {
        int r = item->rows[i], col = item->cols[i];
        if (r < 0 || r >= n || col < 0 || col >= n)
            return NQ_EINVAL;
        if (c1[r] < 0)
            c1[r] = col;
        else if (col < c1[r]) {
            c2[r] = c1[r];
            c1[r] = col;
        } else if (col != c1[r] && (c2[r] < 0 || col < c2[r]))
            c2[r] = col;
        else if (col == c1[r] && c2[r] < 0)
            c2[r] = col; /* the same cell twice (pairs): a row attack all the same */
    }
    int r0 = -1, empty = -1;
    for (int r = 0; r < n; r++) {
        if (r0 < 0 && c2[r] >= 0)
            r0 = r;
        if (empty < 0 && c1[r] < 0)
            empty = r;
    }
    nq_conflict conf;
    rc = nq_validate(n, c1, 1, &conf);
    if (rc != NQ_OK && rc != NQ_ECONFLICT)
        return rc;
    if (rc == NQ_ECONFLICT && (r0 < 0 || conf.row2 <= r0)) {
        /* The first attacked queen in row-major order is attacked from an earlier row. */
        v->kind = NQ_VERDICT_ATTACK;
        v->conflict = conf;
    } else if (r0 >= 0) {
        v->kind = NQ_VERDICT_ATTACK;
        v->conflict.row1 = v->conflict.row2 = r0;
        v->conflict.col1 = c1[r0];
        v->conflict.col2 = c2[r0];
        v->conflict.kind = NQ_ATTACK_ROW;
    }
    if (r0 >= 0)
        return NQ_OK;
    /* At most one queen in each row; with no empty row, a full placement, in order or not. */
    if (empty < 0) {
        if (g->prev && g->ordered && sym_compare(n, c1, g->prev) <= 0) {
            g->ordered = 0;
            g->order_index = v->index;
            g->order_line = item->line;
        }
        if (!g->prev) {
            g->prev = malloc((size_t)n * sizeof(int));
            if (!g->prev)
                return NQ_ENOMEM;
        }
        memcpy(g->prev, c1, (size_t)n * sizeof(int));
    }
    if (rc == NQ_ECONFLICT)
        return NQ_OK;
    if (empty >= 0) {
        v->kind = NQ_VERDICT_INCOMPLETE;
        v->row = empty;
        return NQ_OK;
    }
    uint64_t dup_of;
    int dup_line = 0;
    rc = remember(c, g, c1, v->index, item->line, &dup_of, &dup_line);
    if (rc != NQ_OK)
        return rc;
    if (dup_of) {
        v->kind = NQ_VERDICT_DUPLICATE;
        v->dup_of = dup_of;
        v->dup_line = dup_line;
    } else
        v->kind = NQ_VERDICT_VALID;
    return NQ_OK;
}

/* acc += k * x, or 0 if the sum passes 2^128 - 1 (then acc is unspecified). */
static int add_times(nq_u128 *acc, nq_u128 x, unsigned k) {
    const nq_u128 max = ~(nq_u128)0;
    if (x > max / k || *acc > max - x * k)
        return 0;
    *acc += x * k;
    return 1;
}

/* The identities every true count obeys, for the fields a claim names (values: total, unique,
 * orbit8, orbit4, orbit2, orbit1): each class has 8, 4, 2 or 1 members, so total = 8 orbit8 +
 * 4 orbit4 + 2 orbit2 + orbit1 and unique = orbit8 + orbit4 + orbit2 + orbit1 (with some orbits
 * not named, the named ones bound them from below), unique <= total <= 8 unique, and a class of
 * one member exists only for n = 1 (a solution symmetric in both axes has every queen in the
 * middle column). Sums are exact: a sum that passes 2^128 is larger than any claim. Returns the
 * NQ_CLAIM_* bits of the fields of a broken identity, 0 if none is broken. */
static unsigned claim_contradiction(int n, unsigned fields, const nq_u128 *values) {
    static const unsigned weight[4] = {8, 4, 2, 1};
    unsigned orbits = fields & NQ_CLAIM_ORBITS, bad = 0;
    nq_u128 total = 0, unique = 0;
    int total_over = 0, unique_over = 0;
    for (int i = 0; i < 4; i++) {
        if (!(fields & (NQ_CLAIM_ORBIT8 << i)))
            continue;
        total_over |= !add_times(&total, values[2 + i], weight[i]);
        unique_over |= !add_times(&unique, values[2 + i], 1);
    }
    if (orbits &&
        (total_over || (orbits == NQ_CLAIM_ORBITS ? total != values[0] : total > values[0])))
        bad |= NQ_CLAIM_TOTAL | orbits;
    if (orbits && (fields & NQ_CLAIM_UNIQUE) &&
        (unique_over || (orbits == NQ_CLAIM_ORBITS ? unique != values[1] : unique > values[1])))
        bad |= NQ_CLAIM_UNIQUE | orbits;
    if (fields & NQ_CLAIM_UNIQUE) {
        nq_u128 most = 0;
        if (values[1] > values[0] || (add_times(&most, values[1], 8) && values[0] > most))
            bad |= NQ_CLAIM_TOTAL | NQ_CLAIM_UNIQUE;
    }
    if (n > 1 && (fields & NQ_CLAIM_ORBIT1) && values[5] != 0)
        bad |= NQ_CLAIM_ORBIT1;
    return bad;
}

/* A count claim: every count it names is held to the identities, and for n <= 27 to the known
 * counts (OEIS A000170, A002562 and the orbit table); the counts that nothing can judge (n
 * unknown or above 27, identities kept) are named in unjudged_fields. */
static void judge_count(const nq_item *item, int known, nq_verdict *v) {
    unsigned fields = item->fields | NQ_CLAIM_TOTAL | (item->has_unique ? NQ_CLAIM_UNIQUE : 0);
    fields &= NQ_CLAIM_TOTAL | NQ_CLAIM_UNIQUE | NQ_CLAIM_ORBITS;
    const nq_u128 values[6] = {item->total,  item->unique, item->orbit8,
                               item->orbit4, item->orbit2, item->orbit1};
    unsigned bad = claim_contradiction(v->n, fields, values);
    v->contradiction = bad != 0;
    nq_counts kc;
    if (known && nq_known_counts(v->n, &kc) == NQ_OK) {
        const nq_u128 k[6] = {kc.total, kc.unique, kc.orbit8, kc.orbit4, kc.orbit2, kc.orbit1};
        v->known_orbit8 = kc.orbit8;
        v->known_orbit4 = kc.orbit4;
        v->known_orbit2 = kc.orbit2;
        v->known_orbit1 = kc.orbit1;
        bad = 0;
        for (int i = 0; i < 6; i++)
            if ((fields & (1u << i)) && values[i] != k[i])
                bad |= 1u << i;
    } else if (!bad) {
        v->unjudged_fields = fields;
    }
    v->wrong_fields = bad;
    if (bad || v->contradiction)
        v->kind = NQ_VERDICT_CLAIM_WRONG;
    else
        v->kind = known ? NQ_VERDICT_CLAIM_RIGHT : NQ_VERDICT_CLAIM_UNKNOWN;
}

/* A claim that names its n ("N COUNT", {"n":N,...}) for another size than the one insisted on
 * (n_hint) is of another list, as a board of another size is (`--n 9` with "8 92" once said "all
 * good"). */
static void judge_claim(group_state *g, int n_hint, const nq_item *item, nq_verdict *v) {
    int n = item->n ? item->n : g->n;
    v->n = n;
    v->list_n = g->n;
    g->claims++;
    if (n_hint > 0 && item->n > 0 && item->n != n_hint) {
        v->list_n = n_hint;
        v->kind = NQ_VERDICT_SIZE;
        return;
    }
    int known = n >= 1 && nq_known_count(n, &v->known_total, &v->known_unique) == NQ_OK;
    if (item->kind == NQ_ITEM_NONE) {
        g->claims_none = 1;
        if (g->n == 0)
            g->n = n;
        /* Every n except 2 and 3 has a solution (explicit constructions exist for all n >= 4). */
        if (n < 1)
            v->kind = NQ_VERDICT_CLAIM_UNKNOWN;
        else
            v->kind = (n == 2 || n == 3) ? NQ_VERDICT_CLAIM_RIGHT : NQ_VERDICT_CLAIM_WRONG;
        return;
    }
    judge_count(item, known, v);
}

int nq_checker_add(nq_checker *c, const nq_item *item, nq_verdict *verdict) {
    if (!c || !item || item->group < 0 || (unsigned)item->kind > (unsigned)NQ_ITEM_MALFORMED)
        return NQ_EINVAL;
    int rc = need_group(c, item->group);
    if (rc != NQ_OK)
        return rc;
    group_state *g = &c->groups[item->group];
    nq_verdict v;
    memset(&v, 0, sizeof v);
    v.index = ++c->index;
    v.n = item->n;
    if (g->items == 0)
        g->line = item->line;
    g->items++;
    switch (item->kind) {
    case NQ_ITEM_PLACEMENT:
        rc = judge_placement(c, g, item, &v);
        if (rc != NQ_OK) {
            c->index--;
            g->items--;
            return rc;
        }
        break;
    case NQ_ITEM_NONE:
    case NQ_ITEM_COUNT:
        judge_claim(g, c->n_hint, item, &v);
        break;
    case NQ_ITEM_MALFORMED:
        v.kind = NQ_VERDICT_MALFORMED;
        v.list_n = g->n;
        break;
    }
    switch (v.kind) {
    case NQ_VERDICT_VALID:
        g->valid++;
        break;
    case NQ_VERDICT_DUPLICATE:
        g->duplicates++;
        break;
    case NQ_VERDICT_CLAIM_RIGHT:
        break;
    case NQ_VERDICT_CLAIM_UNKNOWN:
        g->unchecked++;
        break;
    default:
        g->wrong++;
        break;
    }
    if (verdict)
        *verdict = v;
    return NQ_OK;
}

int nq_checker_groups(const nq_checker *c) {
    if (!c)
        return 0;
    return c->ngroups > 0 ? c->ngroups : 1;
}

/* The lexicographically first solution of n that the group does not list. */
static int find_missing(nq_checker *c, group_state *g) {
    g->missing_done = 1;
    int n = g->n;
    int *cols = malloc((size_t)n * sizeof(int));
    if (!cols)
        return NQ_ENOMEM;
    nq_search *s;
    int rc = nq_search_new(n, NULL, 0, 0, &s);
    if (rc != NQ_OK) {
        free(cols);
        return rc;
    }
    int found = 1;
    while (found && (rc = nq_search_next(s, cols)) == NQ_OK) {
        rc = contains(c, g, cols, &found);
        if (rc != NQ_OK)
            break;
        if (!found) {
            g->missing = cols;
            cols = NULL;
        }
    }
    nq_search_free(s);
    free(cols);
    return rc == NQ_OK || rc == NQ_DONE ? NQ_OK : rc;
}

int nq_checker_group(nq_checker *c, int index, nq_check_group *out) {
    if (!c || !out || index < 0 || index >= nq_checker_groups(c))
        return NQ_EINVAL;
    int rc = need_group(c, index);
    if (rc != NQ_OK)
        return rc;
    group_state *g = &c->groups[index];
    nq_check_group o;
    memset(&o, 0, sizeof o);
    o.group = index;
    o.n = g->n;
    o.line = g->line;
    o.items = g->items;
    o.valid = g->valid;
    o.wrong = g->wrong;
    o.duplicates = g->duplicates;
    o.placements = g->placements;
    o.claims = g->claims;
    o.unchecked = g->unchecked;
    o.claims_none = g->claims_none;
    o.ordered = g->ordered;
    o.order_index = g->order_index;
    o.order_line = g->order_line;
    o.known = g->n >= 1 && nq_known_count(g->n, &o.expected, NULL) == NQ_OK;
    if (o.known) {
        o.missing = o.expected > g->valid ? o.expected - g->valid : 0;
        o.complete = g->valid == o.expected && g->wrong == 0 && g->duplicates == 0;
        if (o.missing > 0 && g->n <= MISSING_MAX_N && !g->missing_done) {
            rc = find_missing(c, g);
            if (rc != NQ_OK)
                return rc;
        }
        o.first_missing = g->missing;
    }
    *out = o;
    return NQ_OK;
}
