/*
 * method.c: the counting methods (names, and the choice of one for n): backtracking (the kernels
 * of count.c) and the quadrant join (quadrant.c, with a split of its own). The choice is a rule
 * from measurements, kept here beside its evidence (bench/RESULTS.md, bench/join.sh,
 * bench/count.sh), not a guess made at run time; the one thing it asks the machine is whether
 * the quadrant placements fit in its memory. The join of each border subproblem (method 2,
 * "join") was retired: it never beat backtracking (2.2 to 4.4 times slower, bench/RESULTS.md).
 */
#define _GNU_SOURCE /* sched_getaffinity() and CPU_COUNT */
#include <sched.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "quadrant.h"
#include "split_quadrant.h"

static const char *const method_names[NQ_METHODS] = {
    [NQ_METHOD_AUTO] = "auto",
    [NQ_METHOD_BACKTRACK] = "backtrack",
    [NQ_METHOD_QUADRANT] = "quadrant",
};

const char *nq_method_name(nq_method m) {
    return (unsigned)m < NQ_METHODS ? method_names[m] : NULL;
}

int nq_method_parse(const char *name, nq_method *out) {
    if (!name || !out)
        return NQ_EINVAL;
    for (int m = 0; m < NQ_METHODS; m++) {
        if (method_names[m] && strcmp(name, method_names[m]) == 0) {
            *out = (nq_method)m;
            return NQ_OK;
        }
    }
    return NQ_EINVAL;
}

/* The memory each thread of a count takes beyond the shared tables, in bytes: its stack (every
 * thread but the caller's is given one of RLIMIT_STACK's size by glibc, 8 MiB by default, and it
 * counts against RLIMIT_AS and RLIMIT_DATA), and the quadrant join's halves of one column set,
 * taken as a sixteenth of the tables plus 1 MiB (measured: at n = 16, 14 MiB of ulimit -d for
 * two threads where one needs 5.5 MiB; at n = 20, 5 MiB more for a second thread). */
static double thread_bytes(double tables) {
    double stack = 8.0 * (1 << 20);
#ifdef __linux__
    struct rlimit r;
    if (getrlimit(RLIMIT_STACK, &r) == 0 && r.rlim_cur != RLIM_INFINITY &&
        r.rlim_cur < (rlim_t)1 << 30)
        stack = (double)r.rlim_cur;
#endif
    return stack + tables / 16 + (1 << 20);
}

/* 1 if the quadrant placements of n and the memory of its threads (thread_bytes()) take at most
 * half of the memory this process may take: the machine's, or less under a ulimit or a cgroup
 * (split_memory_limit(); where nothing says, it is taken to have room). Under a limit that holds
 * the tables but not the threads (ulimit -d 12000 at n = 16 on two threads), the quadrant join
 * was chosen and then failed, though backtracking counts it there. */
static int quadrant_fits(int n, int threads) {
    double limit = split_memory_limit();
    if (limit == 0)
        return 1;
    double tables = (double)quadrant_lists_bytes_needed(n, split_quadrant_middle(n));
    return tables + (double)threads * thread_bytes(tables) <= 0.5 * limit;
}

int nq_method_resolve(nq_method m, int n, nq_method *out) {
    return nq_method_choose(m, n, 0, out);
}

/* The threads of a count with setting t (0: the processors this process may run on, as
 * nq_count_threads() counts them; its module is above this one, so the count is made here). */
static int method_threads(int t) {
    if (t > 0)
        return t;
#ifdef __linux__
    cpu_set_t set;
    long procs = sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set)
                                                             : sysconf(_SC_NPROCESSORS_ONLN);
#else /* the page's build (Emscripten): one thread */
    long procs = 1;
#endif
    return procs < 1 ? 1 : procs > NQ_MAX_THREADS ? NQ_MAX_THREADS : (int)procs;
}

int nq_method_choose(nq_method m, int n, int threads, nq_method *out) {
    if (!out || !nq_method_name(m) || n < 1 || n > NQ_MAX_N || threads < 0 ||
        threads > NQ_MAX_THREADS)
        return NQ_EINVAL;
    threads = method_threads(threads);
    /* AUTO: the quadrant join from NQ_METHOD_QUADRANT_AUTO_N, where it was measured faster than
     * backtracking (below it, building the quadrants costs more than the count), while its
     * placements fit; backtracking elsewhere. */
    if (m == NQ_METHOD_AUTO)
        m = n >= NQ_METHOD_QUADRANT_AUTO_N && n <= NQ_METHOD_QUADRANT_MAX_N &&
                    quadrant_fits(n, threads)
                ? NQ_METHOD_QUADRANT
                : NQ_METHOD_BACKTRACK;
    if (n < 4 || (m == NQ_METHOD_QUADRANT && n > NQ_METHOD_QUADRANT_MAX_N))
        m = NQ_METHOD_BACKTRACK;
    *out = m;
    return NQ_OK;
}
