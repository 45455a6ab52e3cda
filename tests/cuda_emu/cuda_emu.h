/* cuda_emu.h: the knobs of the emulated CUDA runtime (tests/cuda_emu/cuda_runtime.h), for the C
 * test that runs the real CUDA backend on it (test_gpu_cuda). */
#ifndef NQ_CUDA_EMU_H
#define NQ_CUDA_EMU_H

#ifdef __cplusplus
extern "C" {
#endif

extern int cuda_emu_devices;      /* devices offered (default 1) */
extern int cuda_emu_sms;          /* multiprocessors each reports (default 2): the grids' size */
extern long cuda_emu_fail_alloc;  /* >= 0: allocations (device or page-locked) from this one on,
                                     counted from 0, fail as out of memory; -1: none (default) */
extern long cuda_emu_allocs;      /* allocations asked for so far */
extern long cuda_emu_fail_launch; /* >= 0: launches from this one on, counted from 0, fail
                                     (cudaErrorLaunchFailure, a device fault); -1: none */
extern long cuda_emu_launches;    /* kernels launched so far */
extern long cuda_emu_sync_copies; /* synchronous copies (cudaMemcpy()) so far */

#ifdef __cplusplus
}
#endif

#endif /* NQ_CUDA_EMU_H */
