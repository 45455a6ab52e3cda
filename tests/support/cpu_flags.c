/*
 * cpu_flags.c: prints the instruction-set features this CPU offers, as /proc/cpuinfo names them,
 * read from CPUID itself (and XGETBV for the registers the operating system saves). The CLI tests
 * decide from it which counting kernels this CPU runs, independently of the library's check
 * (kernel.c, which asks the compiler's __builtin_cpu_supports): /proc/cpuinfo is what a
 * hypervisor chooses to show, and a Zen 4 VM was seen to leave out "abm" (LZCNT) though CPUID
 * reports it, so the tests expected the AVX2 and AVX-512 kernels to be refused.
 * Prints nothing on a CPU that is not x86-64.
 */
#include <stdio.h>

#if defined(__x86_64__)
#include <cpuid.h>

/* The state components the operating system saves on a context switch (XCR0). */
static unsigned long long os_saved_state(void) {
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((unsigned long long)hi << 32) | lo;
}

int main(void) {
    unsigned a, b, c, d, b7 = 0, c7 = 0;
    if (!__get_cpuid(1, &a, &b, &c, &d))
        return 0;
    int popcnt = (c >> 23) & 1, osxsave = (c >> 27) & 1, avx = (c >> 28) & 1;
    unsigned long long xcr0 = osxsave ? os_saved_state() : 0;
    int ymm = avx && (xcr0 & 0x6) == 0x6;   /* SSE and AVX state */
    int zmm = ymm && (xcr0 & 0xe0) == 0xe0; /* opmask, upper ZMM0-15, ZMM16-31 */
    if (__get_cpuid_max(0, NULL) >= 7) {
        __cpuid_count(7, 0, a, b7, c7, d);
    }
    int lzcnt = __get_cpuid(0x80000001u, &a, &b, &c, &d) && ((c >> 5) & 1);
    if (popcnt)
        printf(" popcnt");
    if (lzcnt)
        printf(" abm");
    if ((b7 >> 3) & 1)
        printf(" bmi1");
    if ((b7 >> 8) & 1)
        printf(" bmi2");
    if (ymm && ((b7 >> 5) & 1))
        printf(" avx2");
    if (zmm) {
        if ((b7 >> 16) & 1)
            printf(" avx512f");
        if ((b7 >> 30) & 1)
            printf(" avx512bw");
        if ((b7 >> 31) & 1)
            printf(" avx512vl");
        if ((c7 >> 12) & 1)
            printf(" avx512_bitalg");
        if ((c7 >> 14) & 1)
            printf(" avx512_vpopcntdq");
    }
    printf("\n");
    return 0;
}
#else
int main(void) {
    printf("\n");
    return 0;
}
#endif
