/*
 * kernel_env.h: the counting kernel asked for in the environment (NQ_KERNEL), read by the nqueens
 * and nqueens-mpi programs (kernel_env.c); the library never reads the environment, so the
 * programs pass the choice in nq_count_options.kernel. And the counting method of --method, which
 * both programs read the same way (nq_count_options.method).
 */
#ifndef NQ_TOOL_KERNEL_ENV_H
#define NQ_TOOL_KERNEL_ENV_H

#include "nqueens_advanced.h"

/* tool_kernel_from_env() :
 * The kernel named by the environment variable NQ_KERNEL (unset or empty: NQ_KERNEL_AUTO).
 * @return 0 with *out set; -1 if the name is unknown or this CPU cannot run that kernel, after a
 *         one-line message (tool_error()) that lists the kernels this machine runs. */
int tool_kernel_from_env(nq_kernel *out);

/* tool_method_parse() :
 * The method named by the value of --method (auto, backtrack or quadrant; "join", retired, gets
 * a message of its own).
 * @return 0 with *out set; -1 after a one-line message (tool_error()) naming the methods. */
int tool_method_parse(const char *arg, nq_method *out);

#endif /* NQ_TOOL_KERNEL_ENV_H */
