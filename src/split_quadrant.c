/*
 * split_quadrant.c: the quadrant split (nqueens.h, nq_split_new_method()): the numbered
 * subproblems of a count by the quadrant join (quadrant.c), which split.c's nq_split_* functions
 * hand on to here for a split of that kind.
 *
 * The board is cut between rows h - 1 and h (h = n / 2). A subproblem is a set C of h columns
 * (the top queens' columns) or, for the middle cut of odd n from 19, a pair (m, C): the middle
 * row's queen in column m, the top h rows on C and the h rows below the middle on the rest. The
 * symmetries of the square that keep the cut are the left-right mirror and (for even n, or
 * the middle cut) the up-down flip, which swaps the top and the bottom; a solution and its
 * image under them count the same, so one (m, C) per class is kept, the least as a number
 * m << n | C, with the class's size as its weight. The class counts come from Burnside's lemma
 * over all 8 symmetries once the whole total is known (no reflection fixes a solution for
 * n >= 4): subproblem 0 counts F2 and F4, the solutions the half and the quarter turn fix
 * (count_symmetric(), a search over orbits of queens: 0.5 s at n = 21), as orbit4 = (F2 - F4) / 4
 * and orbit2 = F4 / 2, and nq_split_complete() gives orbit8 = (total - 2 orbit2 - 4 orbit4) / 8.
 *
 * The quadrant placements are built by the first solves that need them and shared by the rest:
 * a split is read by many threads at once, and its one mutable part is that cache, set up under
 * a flag that one thread takes, its four quadrants then built by the threads that come, one each
 * (C11 atomics: the page's build has no threads library).
 */
#include <assert.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/resource.h>
#endif

#include "quadrant.h"
#include "split_quadrant.h"

struct split_quadrant {
    int n, middle;
    uint64_t size;    /* subproblems: 1 + the kept (m, C) */
    uint64_t *key;    /* the kept ones, m << n | C (m = 0 for the plain cut), increasing */
    uint8_t *weight;  /* the size of each one's class: 1, 2 or 4 */
    atomic_int state; /* the placements: LISTS_NONE .. LISTS_BUILT */
    atomic_int next_part, parts_done, parts_failed; /* their four quadrants, while LISTS_PARTS */
    quadrant_lists *lists;
    char id[96];
};

/* The states of a split's placements: none, being set up by one thread, their quadrants being
 * built by any thread that comes (split_quadrant_get_lists()), built. */
enum { LISTS_NONE, LISTS_SETUP, LISTS_PARTS, LISTS_BUILT };

/* The numbering's name and version; a journal made with another one is refused. */
#define QUADRANT_SPLIT "nq-split/4 quadrant"

int split_quadrant_middle(int n) {
    return n % 2 == 1 && n >= 19;
}

static uint64_t mirror(int n, uint64_t c) {
    uint64_t m = 0;
    for (int i = 0; i < n; i++)
        m |= (c >> i & 1) << (n - 1 - i);
    return m;
}

/* The size of the class whose k images are im[0..k-1] (im[0] the element itself) if im[0] is the
 * least of them; else 0 (another element of the class stands for it). */
static int least_weight(const uint64_t *im, int k) {
    int w = 0;
    for (int i = 0; i < k; i++) {
        if (im[i] < im[0])
            return 0;
        int dup = 0;
        for (int j = 0; j < i; j++)
            dup |= im[j] == im[i];
        w += !dup;
    }
    return w;
}

/* The weight of (m, c) as above (m = 0 for the plain cut), or 0 if it is not kept. */
static int class_weight(int n, int middle, int m, uint64_t c) {
    uint64_t full = ((uint64_t)1 << n) - 1;
    if (!middle) {
        /* Odd n, plain cut: the flip does not keep the cut (h rows above, h + 1 below). */
        uint64_t im[4] = {c, mirror(n, c), full & ~c, mirror(n, full & ~c)};
        return least_weight(im, n % 2 ? 2 : 4);
    }
    uint64_t o = full & ~c & ~((uint64_t)1 << m);
    uint64_t im[4] = {(uint64_t)m << n | c, (uint64_t)(n - 1 - m) << n | mirror(n, c),
                      (uint64_t)m << n | o, (uint64_t)(n - 1 - m) << n | mirror(n, o)};
    return least_weight(im, 4);
}

/* The next larger number with as many bits set as c (Gosper's hack, HAKMEM item 175). */
static uint64_t next_same_bits(uint64_t c) {
    uint64_t low = c & (0 - c), ripple = c + low;
    return ripple | (((c ^ ripple) >> 2) / low);
}

/* Walks the kept (m, C) in increasing order, storing them when sq->key is set; returns how many. */
static uint64_t walk_kept(split_quadrant *sq) {
    int n = sq->n, h = n / 2;
    uint64_t count = 0, end = (uint64_t)1 << n;
    for (int m = 0; m < (sq->middle ? n : 1); m++)
        for (uint64_t c = ((uint64_t)1 << h) - 1; c < end; c = next_same_bits(c)) {
            if (sq->middle && (c >> m & 1))
                continue;
            int w = class_weight(n, sq->middle, m, c);
            if (!w)
                continue;
            if (sq->key) {
                sq->key[count] = (uint64_t)m << n | c;
                sq->weight[count] = (uint8_t)w;
            }
            count++;
        }
    return count;
}

int split_quadrant_new(int n, split_quadrant **out) {
    if (n < QUADRANT_MIN_N || n > NQ_METHOD_QUADRANT_MAX_N || n > QUADRANT_MAX_N)
        return NQ_EINVAL;
    split_quadrant *sq = calloc(1, sizeof *sq);
    if (!sq)
        return NQ_ENOMEM;
    sq->n = n, sq->middle = split_quadrant_middle(n);
    uint64_t kept = walk_kept(sq);
    /* At most C(22, 11) / 4 keys here; this check keeps a 32-bit size_t (the page's) from
       wrapping the product all the same. */
    if (kept > SIZE_MAX / sizeof *sq->key) {
        split_quadrant_free(sq);
        return NQ_ENOMEM;
    }
    sq->key = malloc((size_t)kept * sizeof *sq->key);
    sq->weight = malloc((size_t)kept);
    if (!sq->key || !sq->weight) {
        split_quadrant_free(sq);
        return NQ_ENOMEM;
    }
    walk_kept(sq);
    sq->size = 1 + kept;
    atomic_init(&sq->state, LISTS_NONE);
    atomic_init(&sq->next_part, 4);
    atomic_init(&sq->parts_done, 0);
    atomic_init(&sq->parts_failed, 0);
    snprintf(sq->id, sizeof sq->id, "%s n=%d cut=%s size=%llu", QUADRANT_SPLIT, n,
             sq->middle ? "middle" : "plain", (unsigned long long)sq->size);
    *out = sq;
    return NQ_OK;
}

uint64_t split_quadrant_size(const split_quadrant *sq) {
    return sq->size;
}

const char *split_quadrant_id(const split_quadrant *sq) {
    return sq->id;
}

uint64_t split_quadrant_memory(const split_quadrant *sq) {
    return quadrant_lists_bytes_needed(sq->n, sq->middle);
}

int split_quadrant_columns(const split_quadrant *sq, uint64_t index, uint64_t *top, int *middle,
                           int *weight) {
    if (index >= sq->size)
        return NQ_EINVAL;
    if (index == 0) {
        *top = 0, *middle = -1, *weight = 0;
        return NQ_OK;
    }
    uint64_t key = sq->key[index - 1];
    *top = key & (((uint64_t)1 << sq->n) - 1);
    *middle = sq->middle ? (int)(key >> sq->n) : -1;
    *weight = sq->weight[index - 1];
    return NQ_OK;
}

int split_quadrant_board(const split_quadrant *sq, uint64_t index, count_state *st) {
    uint64_t top = 0;
    int m = -1, w = 0;
    if (index == 0 || split_quadrant_columns(sq, index, &top, &m, &w) != NQ_OK)
        return NQ_EINVAL;
    int n = sq->n, h = n / 2;
    uint64_t rest = (((uint64_t)1 << n) - 1) & ~top & ~(m >= 0 ? (uint64_t)1 << m : 0);
    count_state_init(st, n);
    for (int y = 0; y < n; y++)
        st->free[y] &= y < h ? top : (m >= 0 && y == h) ? (uint64_t)1 << m : rest;
    return NQ_OK;
}

/* *least lowered to v where v is a limit (> 0) below it, or the first one (*least 0: none yet). */
static void lower_to(double *least, double v) {
    if (v > 0 && (*least == 0 || v < *least))
        *least = v;
}

#ifdef __linux__
/* *least lowered to the number in the file at path (cgroup v2 memory.max, or v1
 * memory.limit_in_bytes: "max", or a limit beyond any machine, means none). */
static void lower_to_file(double *least, const char *path) {
    FILE *f = fopen(path, "r");
    unsigned long long v;
    if (f && fscanf(f, "%llu", &v) == 1 && v < (1ull << 60))
        lower_to(least, (double)v);
    if (f)
        fclose(f);
}
#endif

double split_memory_limit(void) {
    double least = 0;
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages > 0 && page > 0)
        lower_to(&least, (double)pages * (double)page);
#ifdef __linux__
    int limits[2] = {RLIMIT_AS, RLIMIT_DATA};
    for (int i = 0; i < 2; i++) {
        struct rlimit r;
        if (getrlimit(limits[i], &r) == 0 && r.rlim_cur != RLIM_INFINITY)
            lower_to(&least, (double)r.rlim_cur);
    }
    /* the process's own cgroup, from /proc/self/cgroup: "0::/path" (v2), "N:memory:/path" (v1) */
    /* A line and its file's path are sized by the longest path a file may have (PATH_MAX); a
     * longer line names a file that cannot be opened, and is skipped whole (it was cut at 512
     * bytes, its rest read as the next line). No allocation: a count's choice of method must not
     * depend on whether malloc succeeds here. */
    FILE *f = fopen("/proc/self/cgroup", "r");
    char line[PATH_MAX + 64], path[PATH_MAX + 64]; /* 8 KiB of stack, once per count */
    while (f && fgets(line, sizeof line, f)) {
        if (!strchr(line, '\n') && !feof(f)) {
            int c;
            while ((c = getc(f)) != EOF && c != '\n')
                continue;
            continue;
        }
        line[strcspn(line, "\n")] = 0;
        const char *v2 = strncmp(line, "0::", 3) == 0 ? line + 3 : NULL,
                   *v1 = strstr(line, ":memory:");
        int k = v2   ? snprintf(path, sizeof path, "/sys/fs/cgroup%s/memory.max",
                              strcmp(v2, "/") ? v2 : "")
                : v1 ? snprintf(path, sizeof path, "/sys/fs/cgroup/memory%s/memory.limit_in_bytes",
                                strcmp(v1 + 8, "/") ? v1 + 8 : "")
                     : -1;
        if (k > 0 && (size_t)k < sizeof path)
            lower_to_file(&least, path);
    }
    if (f)
        fclose(f);
#endif
    return least;
}

/* 1 if the placements of the split fit in the memory this process may take (split_memory_limit()),
 * with room to spare for the threads' halves (where nothing says, it is taken to have room): a
 * refusal is better than the out-of-memory killer in the middle of a long count. */
static int lists_fit(const split_quadrant *sq) {
    double limit = split_memory_limit();
    return limit == 0 || (double)split_quadrant_memory(sq) <= 0.9 * limit;
}

/* The split's placements, set up by the first caller and their four quadrants built by the
 * callers that come while they are not ready (each takes the next quadrant left, then waits for
 * the rest); NULL when they cannot be had (*rc: NQ_ENOMEM), or once the stop flag (NULL: none)
 * is seen while they are built or waited for (*rc: NQ_STOPPED: seconds at n = 21 and 22), and
 * then a later call tries again. */
const quadrant_lists *split_quadrant_get_lists(const split_quadrant *csq, const volatile int *stop,
                                               int *rc) {
    split_quadrant *sq = (split_quadrant *)csq; /* the cache: see the head comment */
    for (;;) {
        int st = atomic_load(&sq->state);
        if (st == LISTS_BUILT) {
            *rc = NQ_OK;
            return sq->lists;
        }
        int none = LISTS_NONE;
        if (st == LISTS_NONE && atomic_compare_exchange_strong(&sq->state, &none, LISTS_SETUP)) {
            quadrant_lists *q = NULL;
            *rc = lists_fit(sq) ? quadrant_lists_start(sq->n, sq->middle, &q) : NQ_ENOMEM;
            if (*rc != NQ_OK) {
                atomic_store(&sq->state, LISTS_NONE);
                return NULL;
            }
            sq->lists = q;
            atomic_store(&sq->next_part, 0); /* open: 4 or more while none is left to take */
            atomic_store(&sq->state, LISTS_PARTS);
            continue;
        }
        int part = st == LISTS_PARTS ? atomic_fetch_add(&sq->next_part, 1) : 4;
        if (part < 4) {
            int built = quadrant_lists_build_until(sq->lists, part, stop);
            int failed = built != NQ_OK;
            if (failed)
                atomic_store(&sq->parts_failed, 1);
            if (atomic_fetch_add(&sq->parts_done, 1) == 3) { /* the last part: publish */
                if (atomic_load(&sq->parts_failed)) {
                    quadrant_lists_free(sq->lists);
                    sq->lists = NULL;
                    atomic_store(&sq->parts_done, 0);
                    atomic_store(&sq->parts_failed, 0);
                    atomic_store(&sq->state, LISTS_NONE);
                } else {
                    atomic_store(&sq->state, LISTS_BUILT);
                }
            }
            if (failed) {
                *rc = built == NQ_STOPPED ? NQ_STOPPED : NQ_ENOMEM;
                return NULL;
            }
            continue;
        }
        if (stop && __atomic_load_n(stop, __ATOMIC_RELAXED)) {
            *rc = NQ_STOPPED; /* the builders see the flag too, and clean up */
            return NULL;
        }
        struct timespec pause = {0, 1000000}; /* other threads build them: 1 ms */
        nanosleep(&pause, NULL);
    }
}

int split_quadrant_solve(const split_quadrant *sq, uint64_t index, nq_counts *out,
                         quadrant_scratch *qs) {
    if (index >= sq->size)
        return NQ_EINVAL;
    /* out is written only on success (nqueens.h: a function that fails leaves its outputs
     * untouched): a build of the tables that runs out of memory or is stopped writes nothing. */
    if (index == 0) {
        /* The solutions the half and the quarter turn fix, none of them fixed by a reflection:
         * classes of 4 and of 2. */
        count_state empty;
        count_state_init(&empty, sq->n);
        uint64_t f2 = count_symmetric(&empty, 0), f4 = count_symmetric(&empty, 1);
        assert(f4 <= f2 && f4 % 2 == 0 && (f2 - f4) % 4 == 0);
        memset(out, 0, sizeof *out);
        out->orbit4 = (f2 - f4) / 4;
        out->orbit2 = f4 / 2;
        out->unique = out->orbit4 + out->orbit2;
        return NQ_OK;
    }
    int rc;
    const quadrant_lists *lists = split_quadrant_get_lists(sq, quadrant_scratch_stop(qs), &rc);
    if (!lists)
        return rc;
    quadrant_scratch *own = NULL;
    if (!qs && !(qs = own = quadrant_scratch_new(NQ_KERNEL_AUTO)))
        return NQ_ENOMEM;
    uint64_t top = 0, sols, pairs;
    int m = -1, w = 0;
    split_quadrant_columns(sq, index, &top, &m, &w);
    rc = quadrant_solutions(lists, m, top, qs, &sols, &pairs);
    quadrant_scratch_free(own);
    if (rc != NQ_OK)
        return rc;
    memset(out, 0, sizeof *out);
    out->total = (nq_u128)sols * (nq_u128)w;
    out->nodes = pairs;
    return NQ_OK;
}

int split_quadrant_complete(nq_counts *sum) {
    nq_u128 paired = sum->orbit1 + 2 * sum->orbit2 + 4 * sum->orbit4;
    if (paired > sum->total || (sum->total - paired) % 8 != 0)
        return NQ_EWRONG;
    sum->orbit8 = (sum->total - paired) / 8;
    sum->unique = sum->orbit8 + sum->orbit4 + sum->orbit2 + sum->orbit1;
    return NQ_OK;
}

void split_quadrant_free(split_quadrant *sq) {
    if (!sq)
        return;
    quadrant_lists_free(sq->lists);
    free(sq->key);
    free(sq->weight);
    free(sq);
}
