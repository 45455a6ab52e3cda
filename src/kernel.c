/*
 * kernel.c: the table of the counting kernels (name, support test, entry, rank), and the run-time
 * choice among them. A new kernel is one row here and one file that makes its entry with
 * COUNT_GRID_KERNEL() (count_kernel.h), and the quadrant join's count (quadrant_kernel.h) for
 * the same instruction set.
 *
 * The vector kernels (count_avx2.c, count_avx512.c) are compiled for their instruction set
 * whatever the rest of the build targets, so one portable binary carries all of them; which one
 * runs is decided when a count starts, from what the CPU reports (cpuid, through the compiler's
 * __builtin_cpu_supports, which also checks that the operating system saves the vector
 * registers; the compiler's run-time library fills its table before main). Nothing is cached: the
 * check costs nanoseconds once per count, and the library keeps no global state. NQ_HAVE_AVX2 /
 * NQ_HAVE_AVX512 are defined by the build where the compiler can build those kernels
 * (cmake/kernels.cmake).
 */
#include <assert.h>
#include <string.h>

#if defined(__x86_64__) && (defined(NQ_HAVE_AVX2) || defined(NQ_HAVE_AVX512))
#include <cpuid.h>
#endif

#include "kernel.h"

/* x86-64-v3 as the AVX2 kernel is compiled: AVX2, BMI1, BMI2, POPCNT and LZCNT (the last is
 * not a name __builtin_cpu_supports knows in every compiler: cpuid leaf 0x80000001, ECX bit 5). */
#if defined(__x86_64__) && (defined(NQ_HAVE_AVX2) || defined(NQ_HAVE_AVX512))
static int cpu_has_v3(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(0x80000001u, &a, &b, &c, &d) || !(c & (1u << 5)))
        return 0;
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
           __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt");
}
#endif

#if defined(__x86_64__) && defined(NQ_HAVE_AVX2)
static int cpu_has_avx2(void) {
    return cpu_has_v3();
}
#endif

#if defined(__x86_64__) && defined(NQ_HAVE_AVX512)
/* x86-64-v4 with BITALG (VPOPCNTW) and VPOPCNTDQ (VPOPCNTQ), as the AVX-512 kernels are
 * compiled (every CPU with BITALG so far has VPOPCNTDQ too: Ice Lake and later, Zen 4 and 5). */
static int cpu_has_avx512(void) {
    return cpu_has_v3() && __builtin_cpu_supports("avx512f") &&
           __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl") &&
           __builtin_cpu_supports("avx512bitalg") && __builtin_cpu_supports("avx512vpopcntdq");
}
#endif

static int cpu_has_any(void) {
    return 1;
}

/* The kernels, one row each, indexed by nq_kernel. A kernel this build lacks keeps its name (so
 * that NQ_KERNEL=avx512 is understood everywhere and refused as not supported) with no support
 * test and no entry. */
typedef struct kernel_row {
    const char *name;           /* as nq_kernel_name() gives it and nq_kernel_parse() reads it */
    int (*cpu_has)(void);       /* 1 if this CPU runs it; NULL: not built */
    count_grid_fn *entry;       /* the search (NULL for AUTO, which is resolved first) */
    quadrant_fn *quadrant;      /* the quadrant join's count (quadrant_kernel.h), the same ISA */
    quadrant_halves_fn *halves; /* and its halves alone */
    int rank;                   /* the order in which AUTO tries the kernels (1 first); 0: never */
} kernel_row;

/* AUTO takes the fastest kernel that the CPU runs, as measured on Zen 4 (bench/RESULTS.md). */
static const kernel_row kernel_table[NQ_KERNELS] = {
    [NQ_KERNEL_AUTO] = {"auto", cpu_has_any, NULL, NULL, NULL, 0},
    [NQ_KERNEL_GENERIC] = {"generic", cpu_has_any, count_grid_generic, quadrant_count_generic,
                           quadrant_halves_generic, 3},
#if defined(__x86_64__) && defined(NQ_HAVE_AVX2)
    [NQ_KERNEL_AVX2] = {"avx2", cpu_has_avx2, count_grid_avx2, quadrant_count_avx2,
                        quadrant_halves_avx2, 2},
#else
    [NQ_KERNEL_AVX2] = {"avx2", NULL, NULL, NULL, NULL, 0},
#endif
#if defined(__x86_64__) && defined(NQ_HAVE_AVX512)
    [NQ_KERNEL_AVX512] = {"avx512", cpu_has_avx512, count_grid_avx512, quadrant_count_avx512,
                          quadrant_halves_avx512, 1},
#else
    [NQ_KERNEL_AVX512] = {"avx512", NULL, NULL, NULL, NULL, 0},
#endif
};

const char *nq_kernel_name(nq_kernel k) {
    return (unsigned)k < NQ_KERNELS ? kernel_table[k].name : NULL;
}

int nq_kernel_parse(const char *name, nq_kernel *out) {
    if (!name || !out)
        return NQ_EINVAL;
    for (int k = 0; k < NQ_KERNELS; k++) {
        if (strcmp(name, kernel_table[k].name) == 0) {
            *out = (nq_kernel)k;
            return NQ_OK;
        }
    }
    return NQ_EINVAL;
}

int nq_kernel_supported(nq_kernel k) {
    return (unsigned)k < NQ_KERNELS && kernel_table[k].cpu_has && kernel_table[k].cpu_has();
}

count_grid_fn *count_kernel_search(nq_kernel k) {
    assert(k != NQ_KERNEL_AUTO);
    return nq_kernel_supported(k) ? kernel_table[k].entry : NULL;
}

quadrant_fn *quadrant_kernel_count(nq_kernel k) {
    assert(k != NQ_KERNEL_AUTO);
    return nq_kernel_supported(k) ? kernel_table[k].quadrant : NULL;
}

quadrant_halves_fn *quadrant_kernel_halves(nq_kernel k) {
    assert(k != NQ_KERNEL_AUTO);
    return nq_kernel_supported(k) ? kernel_table[k].halves : NULL;
}

int nq_kernel_resolve(nq_kernel k, int n, nq_kernel *out) {
    if (!out || n < 1 || n > NQ_MAX_N || !nq_kernel_supported(k))
        return NQ_EINVAL;
    if (n < 4) {
        *out = NQ_KERNEL_GENERIC;
        return NQ_OK;
    }
    if (k == NQ_KERNEL_AUTO) {
        int best = 0;
        for (int i = 0; i < NQ_KERNELS; i++) {
            const kernel_row *r = &kernel_table[i];
            if (r->rank > 0 && (best == 0 || r->rank < kernel_table[best].rank) &&
                nq_kernel_supported((nq_kernel)i))
                best = i;
        }
        assert(best != 0); /* the generic kernel runs everywhere */
        k = (nq_kernel)best;
    }
    *out = k;
    return NQ_OK;
}
