/*
 * minconflicts.c: a pseudo-random solution of the n-queens problem by min-conflicts local search,
 * reproducible from a 64-bit seed, for boards from 4 to millions of rows.
 *
 * The method is Sosic and Gu's permutation search (1990: "A polynomial time algorithm for the
 * n-queens problem", SIGART Bulletin 1(3); 1991: "3,000,000 queens in less than one minute",
 * SIGART Bulletin 2(2), the algorithm QS4), the permutation form of the min-conflicts heuristic of
 * Minton, Johnston, Philips and Laird (1992, Artificial Intelligence 58). Columns always form a
 * permutation, so only diagonals can clash:
 * 1. Greedy placement. Row by row, draw random columns among those not used yet until one lies on
 *    a free diagonal and a free anti-diagonal; after 32 failed draws (in practice only near the
 *    last rows) take the least attacked of the draws. This leaves a handful of rows in conflict.
 * 2. Repair. Take a queen under attack and swap its column with that of a random other row when
 *    the swap lowers the number of attacks; keep going until no queen is attacked.
 * Counters of queens per diagonal (row + col) and anti-diagonal (row - col) make each draw and
 * each swap evaluation O(1). A try that stops improving restarts from a new greedy placement, and
 * a global budget of draws and evaluations bounds the whole run, so it always terminates.
 *
 * Tuned for n = 10^6..10^7: the counters are bytes (two arrays of 2n - 1, 4n bytes in all, no
 * more than the answer itself), the rows under attack live in a short list
 * (never a scan of the board), the first draws of each row are made a few rows early so that
 * their memory can be prefetched, and the generator is small and fast (xoshiro256**, seeded by
 * splitmix64; bounded draws by Lemire's multiply-and-reject, integer arithmetic only), which also
 * makes a seed give the same solution on every machine.
 */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "nqueens_advanced.h"

/* A counter at this value takes no more queens (a move that would need it is rejected). */
#define MC_COUNT_MAX 250u
/* Draws per row in the greedy placement before settling for the least attacked draw. */
#define MC_INIT_DRAWS 32
/* Random partners tried for one attacked queen before turning to another attacked queen (at most
 * 2n: small boards have few partners, and their local minima are best left by a restart). */
#define MC_PARTNERS 64
/* Attacked queens in a row (no improving partner found) after which a try restarts (at most 2n). */
#define MC_STALL 64
/* How many rows ahead the greedy placement draws (and prefetches) a row's first candidates,
 * and how many. */
#define MC_AHEAD 16
#define MC_EARLY 4
/* Initial capacity of the list of rows under attack. */
#define MC_LIST_INIT 1024

typedef struct mc_rng {
    uint64_t s[4];
} mc_rng;

static uint64_t mc_splitmix64(uint64_t *x) {
    uint64_t z = (*x += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static uint64_t mc_rotl(uint64_t x, int k) {
    return (x << k) | (x >> (64 - k));
}

static void mc_rng_seed(mc_rng *r, uint64_t seed) {
    for (int i = 0; i < 4; i++)
        r->s[i] = mc_splitmix64(&seed);
}

/* xoshiro256** (Blackman and Vigna, 2018). */
static uint64_t mc_rng_next(mc_rng *r) {
    uint64_t *s = r->s;
    uint64_t result = mc_rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = mc_rotl(s[3], 45);
    return result;
}

/* A uniform draw in [0, range), 1 <= range <= 2^31 (Lemire 2019, without bias). */
static uint32_t mc_rng_below(mc_rng *r, uint32_t range) {
    assert(range >= 1);
    uint64_t m = (mc_rng_next(r) >> 32) * (uint64_t)range;
    uint32_t low = (uint32_t)m;
    if (low < range) {
        uint32_t threshold = (uint32_t)(-range) % range;
        while (low < threshold) {
            m = (mc_rng_next(r) >> 32) * (uint64_t)range;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

typedef struct mc_state {
    int64_t n;
    int *cols;        /* the permutation, cols[row] = column */
    uint8_t *diag;    /* queens on diagonal row + col, 2n - 1 counters */
    uint8_t *anti;    /* queens on anti-diagonal row - col + n - 1, 2n - 1 counters */
    int *list;        /* rows that may be under attack (a superset of the attacked ones) */
    size_t list_len;  /* entries used */
    size_t list_cap;  /* entries allocated */
    uint64_t attacks; /* sum over both diagonal kinds of max(0, queens - 1) */
    mc_rng rng;
} mc_state;

static int mc_attacked(const mc_state *st, int64_t row) {
    int64_t c = st->cols[row];
    return st->diag[row + c] > 1 || st->anti[row - c + st->n - 1] > 1;
}

static int mc_list_push(mc_state *st, int64_t row) {
    if (st->list_len == st->list_cap) {
        size_t cap = st->list_cap * 2;
        int *bigger = realloc(st->list, cap * sizeof *bigger);
        if (!bigger)
            return NQ_ENOMEM;
        st->list = bigger;
        st->list_cap = cap;
    }
    st->list[st->list_len++] = (int)row;
    return NQ_OK;
}

/* Removes queen (row, c) from the counters; returns the attacks removed (0..2). */
static int mc_lift(mc_state *st, int64_t row, int64_t c) {
    uint8_t *d = &st->diag[row + c], *a = &st->anti[row - c + st->n - 1];
    int gone = (*d > 1) + (*a > 1);
    --*d;
    --*a;
    return gone;
}

/* Adds queen (row, c) to the counters; returns the attacks added (0..2). */
static int mc_drop(mc_state *st, int64_t row, int64_t c) {
    uint8_t *d = &st->diag[row + c], *a = &st->anti[row - c + st->n - 1];
    int added = (*d > 0) + (*a > 0);
    ++*d;
    ++*a;
    return added;
}

/* Whether queen (row, c) can be added without a counter passing MC_COUNT_MAX. */
static int mc_room(const mc_state *st, int64_t row, int64_t c) {
    return st->diag[row + c] < MC_COUNT_MAX && st->anti[row - c + st->n - 1] < MC_COUNT_MAX;
}

/* Step 1: the greedy placement. Returns NQ_OK, NQ_EFAIL (a counter would overflow: the try is
 * abandoned) or NQ_ENOMEM. */
static int mc_place(mc_state *st, nq_mc_stats *stats) {
    int64_t n = st->n;
    int *cols = st->cols;
    for (int64_t r = 0; r < n; r++)
        cols[r] = (int)r;
    memset(st->diag, 0, (size_t)(2 * n - 1));
    memset(st->anti, 0, (size_t)(2 * n - 1));
    st->list_len = 0;
    st->attacks = 0;
    /* The first MC_EARLY draws of each row are made MC_AHEAD rows early, so that their columns
     * and then their counters can be prefetched: the board is far larger than the caches, and a
     * draw otherwise waits for two memory accesses in a row. */
    int64_t ahead[MC_AHEAD][MC_EARLY];
    for (int64_t r = 0; r < MC_AHEAD && r < n; r++)
        for (int k = 0; k < MC_EARLY; k++)
            ahead[r][k] = r + (int64_t)mc_rng_below(&st->rng, (uint32_t)(n - r));
    for (int64_t r = 0; r < n; r++) {
        uint32_t left = (uint32_t)(n - r);
        int64_t best = -1;
        int best_hits = 3;
        int64_t early[MC_EARLY];
        int64_t *slot = ahead[r % MC_AHEAD];
        memcpy(early, slot, sizeof early);
        if (r + MC_AHEAD < n) {
            int64_t later = r + MC_AHEAD;
            for (int k = 0; k < MC_EARLY; k++) {
                slot[k] = later + (int64_t)mc_rng_below(&st->rng, (uint32_t)(n - later));
                __builtin_prefetch(&cols[slot[k]]);
            }
        }
        if (r + MC_AHEAD / 2 < n) {
            int64_t soon = r + MC_AHEAD / 2;
            for (int k = 0; k < MC_EARLY; k++) {
                int64_t c = cols[ahead[soon % MC_AHEAD][k]];
                __builtin_prefetch(&st->diag[soon + c]);
                __builtin_prefetch(&st->anti[soon - c + n - 1]);
            }
        }
        for (int draw = 0; draw < MC_INIT_DRAWS; draw++) {
            int64_t j = draw < MC_EARLY ? early[draw] : r + (int64_t)mc_rng_below(&st->rng, left);
            int64_t c = cols[j];
            int hits = (st->diag[r + c] > 0) + (st->anti[r - c + n - 1] > 0);
            stats->init_probes++;
            if (hits < best_hits && mc_room(st, r, c)) {
                best = j;
                best_hits = hits;
                if (hits == 0)
                    break;
            }
            if (left == 1)
                break;
        }
        if (best < 0)
            return NQ_EFAIL;
        int c = cols[best];
        cols[best] = cols[r];
        cols[r] = c;
        int added = mc_drop(st, r, c);
        assert(added == best_hits);
        if (added) {
            st->attacks += (uint64_t)added;
            int rc = mc_list_push(st, r);
            if (rc != NQ_OK)
                return rc;
        }
    }
    return NQ_OK;
}

/* Swaps the columns of rows i and j if that lowers the attacks; returns 1 if swapped. */
static int mc_try_swap(mc_state *st, int64_t i, int64_t j) {
    int64_t ci = st->cols[i], cj = st->cols[j];
    if (!mc_room(st, i, cj) || !mc_room(st, j, ci))
        return 0;
    int delta = -mc_lift(st, i, ci) - mc_lift(st, j, cj);
    delta += mc_drop(st, i, cj) + mc_drop(st, j, ci);
    if (delta < 0) {
        st->cols[i] = (int)cj;
        st->cols[j] = (int)ci;
        st->attacks -= (uint64_t)(-delta);
        return 1;
    }
    mc_lift(st, i, cj);
    mc_lift(st, j, ci);
    mc_drop(st, i, ci);
    mc_drop(st, j, cj);
    return 0;
}

/* Step 2: the repair. Returns NQ_OK (no attacks left), NQ_EFAIL (stalled, or the budget is
 * spent: *work >= max_work) or NQ_ENOMEM. */
static int mc_repair(mc_state *st, uint64_t *work, uint64_t max_work, nq_mc_stats *stats) {
    int64_t n = st->n;
    int stalled = 0;
    int partners = n < MC_PARTNERS / 2 ? (int)(2 * n) : MC_PARTNERS;
    int stall_max = n < MC_STALL / 2 ? (int)(2 * n) : MC_STALL;
    while (st->list_len > 0) {
        size_t at = mc_rng_below(
            &st->rng, (uint32_t)(st->list_len > UINT32_MAX / 2 ? UINT32_MAX / 2 : st->list_len));
        int64_t i = st->list[at];
        if (!mc_attacked(st, i)) {
            st->list[at] = st->list[--st->list_len];
            continue;
        }
        int improved = 0;
        for (int t = 0; t < partners && !improved; t++) {
            if (*work >= max_work)
                return NQ_EFAIL;
            ++*work;
            stats->evaluations++;
            int64_t j = mc_rng_below(&st->rng, (uint32_t)n);
            if (j != i && mc_try_swap(st, i, j)) {
                improved = 1;
                stats->swaps++;
                if (mc_attacked(st, j)) {
                    int rc = mc_list_push(st, j);
                    if (rc != NQ_OK)
                        return rc;
                }
            }
        }
        if (improved)
            stalled = 0;
        else if (++stalled >= stall_max)
            return NQ_EFAIL;
    }
    return NQ_OK;
}

uint64_t nq_minconflicts_memory(int n) {
    if (n < 1)
        return 0;
    return 2 * (2 * (uint64_t)n - 1) + MC_LIST_INIT * sizeof(int);
}

int nq_minconflicts(int n, uint64_t seed, uint64_t max_work, int *cols, nq_mc_stats *stats) {
    if (n < 1 || !cols)
        return NQ_EINVAL;
    nq_mc_stats local;
    memset(&local, 0, sizeof local);
    if (n == 2 || n == 3) {
        if (stats)
            *stats = local;
        return NQ_ENOSOL;
    }
    if (max_work == 0)
        max_work = 200 * (uint64_t)n + 10000000u;

    mc_state st;
    memset(&st, 0, sizeof st);
    st.n = n;
    st.cols = cols;
    st.diag = malloc((size_t)(2 * (2 * (int64_t)n - 1)));
    st.list = malloc(MC_LIST_INIT * sizeof *st.list);
    if (!st.diag || !st.list) {
        free(st.diag);
        free(st.list);
        return NQ_ENOMEM;
    }
    st.anti = st.diag + (2 * (int64_t)n - 1);
    st.list_cap = MC_LIST_INIT;
    mc_rng_seed(&st.rng, seed);

    uint64_t work = 0;
    int rc = NQ_EFAIL;
    while (work < max_work) {
        local.tries++;
        uint64_t probes_before = local.init_probes;
        rc = mc_place(&st, &local);
        work += local.init_probes - probes_before;
        if (rc == NQ_ENOMEM)
            break;
        local.init_conflicts = st.attacks;
        if (rc == NQ_OK)
            rc = mc_repair(&st, &work, max_work, &local);
        if (rc != NQ_EFAIL)
            break;
    }
    assert(rc != NQ_OK || st.attacks == 0);
    free(st.diag);
    free(st.list);
    if (stats && rc != NQ_ENOMEM)
        *stats = local;
    return rc;
}
