/*
 * kernel.c: the counting kernels by name, and the run-time choice among them.
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
#include <string.h>

#if defined(__x86_64__) && (defined(NQ_HAVE_AVX2) || defined(NQ_HAVE_AVX512))
#include <cpuid.h>
#endif

#include "count_kernel.h"

static const char *const kernel_names[NQ_KERNELS] = {"auto", "generic", "avx2", "avx512"};

const char *nq_kernel_name(nq_kernel k) {
    return (unsigned)k < NQ_KERNELS ? kernel_names[k] : NULL;
}

int nq_kernel_parse(const char *name, nq_kernel *out) {
    if (!name || !out)
        return NQ_EINVAL;
    for (int k = 0; k < NQ_KERNELS; k++) {
        if (strcmp(name, kernel_names[k]) == 0) {
            *out = (nq_kernel)k;
            return NQ_OK;
        }
    }
    return NQ_EINVAL;
}

#if defined(__x86_64__) && (defined(NQ_HAVE_AVX2) || defined(NQ_HAVE_AVX512))
/* x86-64-v3 as the AVX2 kernel is compiled: AVX2, BMI1, BMI2, POPCNT and LZCNT (the last is
 * not a name __builtin_cpu_supports knows in every compiler: cpuid leaf 0x80000001, ECX bit 5). */
static int cpu_has_v3(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(0x80000001u, &a, &b, &c, &d) || !(c & (1u << 5)))
        return 0;
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
           __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt");
}
#endif

int count_kernel_cpu_has(nq_kernel k) {
    switch (k) {
    case NQ_KERNEL_AUTO:
    case NQ_KERNEL_GENERIC:
        return 1;
#if defined(__x86_64__) && defined(NQ_HAVE_AVX2)
    case NQ_KERNEL_AVX2:
        return cpu_has_v3();
#endif
#if defined(__x86_64__) && defined(NQ_HAVE_AVX512)
    case NQ_KERNEL_AVX512:
        return cpu_has_v3() && __builtin_cpu_supports("avx512f") &&
               __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl") &&
               __builtin_cpu_supports("avx512bitalg");
#endif
    default:
        return 0;
    }
}

int nq_kernel_supported(nq_kernel k) {
    return count_kernel_cpu_has(k);
}

/* The kernels from the fastest down, as measured on Zen 4 (bench/RESULTS.md). */
static const nq_kernel kernel_preference[] = {NQ_KERNEL_AVX512, NQ_KERNEL_AVX2};

int nq_kernel_resolve(nq_kernel k, int n, nq_kernel *out) {
    if (!out || n < 1 || n > NQ_MAX_N || !count_kernel_cpu_has(k))
        return NQ_EINVAL;
    if (n < 4) {
        *out = NQ_KERNEL_GENERIC;
        return NQ_OK;
    }
    if (k == NQ_KERNEL_AUTO) {
        k = NQ_KERNEL_GENERIC;
        for (size_t i = 0; i < sizeof kernel_preference / sizeof kernel_preference[0]; i++) {
            if (count_kernel_cpu_has(kernel_preference[i])) {
                k = kernel_preference[i];
                break;
            }
        }
    }
    *out = k;
    return NQ_OK;
}
