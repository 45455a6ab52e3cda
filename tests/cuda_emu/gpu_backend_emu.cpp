/* gpu_backend_emu.cpp: the CUDA backend, src/cuda/gpu_backend.cu itself, compiled by the C++
 * compiler against the emulated runtime of this folder (cuda_runtime.h), for test_gpu_cuda. */
#include "../../src/cuda/gpu_backend.cu"
