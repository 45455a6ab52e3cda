/*
 * kernel_env.c: the counting kernel asked for in the environment (NQ_KERNEL), for `nqueens count`
 * and `nqueens-mpi count`. The library never reads the environment: the programs read it here
 * and pass the choice in nq_count_options.kernel. Also the value of --method, read alike by both.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel_env.h"
#include "message.h"

/* The kernels this machine runs, as "generic, avx2" (buf, cap bytes). */
static void kernels_here(char *buf, size_t cap) {
    size_t len = 0;
    buf[0] = '\0';
    for (int k = NQ_KERNEL_GENERIC; k < NQ_KERNELS && len < cap; k++) {
        if (nq_kernel_supported((nq_kernel)k)) {
            int w = snprintf(buf + len, cap - len, "%s%s", len ? ", " : "",
                             nq_kernel_name((nq_kernel)k));
            len += w > 0 ? (size_t)w : 0;
        }
    }
}

int tool_kernel_from_env(nq_kernel *out) {
    const char *name = getenv("NQ_KERNEL");
    *out = NQ_KERNEL_AUTO;
    if (!name || !*name)
        return 0;
    char here[96];
    kernels_here(here, sizeof here);
    nq_kernel k;
    if (nq_kernel_parse(name, &k) != NQ_OK) {
        char shown[48];
        tool_error("NQ_KERNEL='%s' is not a kernel: use auto, generic, avx2 or avx512 (this "
                   "machine runs: %s), or unset it",
                   tool_quote(name, strlen(name), shown, sizeof shown), here);
        return -1;
    }
    if (!nq_kernel_supported(k)) {
        tool_error("NQ_KERNEL=%s: this CPU (or this build) cannot run that kernel; it runs: %s "
                   "(unset NQ_KERNEL for the fastest)",
                   name, here);
        return -1;
    }
    *out = k;
    return 0;
}

int tool_method_parse(const char *arg, nq_method *out) {
    if (nq_method_parse(arg, out) == NQ_OK)
        return 0;
    if (strcmp(arg, "join") == 0)
        tool_error("--method join was retired: it never beat backtracking (2.2 to 4.4 times "
                   "slower); use --method auto (the default) or backtrack, which also resume its "
                   "journals");
    else
        tool_error("--method '%.40s' is not a method: use auto (the faster for N), backtrack (the "
                   "search) or quadrant (the quadrant join)",
                   arg);
    return -1;
}
