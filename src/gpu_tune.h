/* gpu_tune.h: the GPU driver's (gpu.c) one tunable, for the tests: the most subproblems of a
 * batch (1..65536; default 65536). A test sets it before a count, never during one. */
#ifndef NQ_GPU_TUNE_H
#define NQ_GPU_TUNE_H

#include <stdint.h>

extern uint32_t gpu_batch_subs;

#endif /* NQ_GPU_TUNE_H */
