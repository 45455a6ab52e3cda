/*
 * cuda_runtime.h (tests/cuda_emu/): the part of the CUDA runtime and device language that
 * src/cuda/gpu_backend.cu uses, for a C++ compiler and the host's threads, so that the CUDA
 * backend itself (its kernels with their warp votes, shuffles and shared memory, and its host
 * side: buffers, streams, launches, error paths) runs in the unit tests on any machine
 * (test_gpu_cuda). Found before the toolkit's header by the include path of that test only.
 *
 * How a kernel runs: a launch (GPU_LAUNCH) runs at once, synchronously, one at a time in the
 * process, on the host thread that launched it; its blocks one after another, each thread of a
 * block a fiber (cuda_emu.cpp), so a thread's registers are its locals and the block's __shared__
 * variables (static here) are shared by exactly its threads. Every warp intrinsic is a rendezvous
 * of the 32 lanes of the warp: each lane must call the same one (the same source line) with the
 * full mask; __syncthreads() is one of all threads of the block; a lane that returns while its
 * warp waits, threads at different barriers, or a deadlock abort the test with the lines. What
 * it cannot show: timing, the memory model, and speed; what it does show: the kernels'
 * arithmetic and indices, their use of the intrinsics, and the host side's buffers and errors
 * (under AddressSanitizer in CI, like every test).
 * Device memory is host memory (malloc), poisoned when allocated; copies and memsets are done
 * when called; a stream orders nothing (everything is done by the time a call returns).
 */
#ifndef NQ_CUDA_EMU_RUNTIME_H
#define NQ_CUDA_EMU_RUNTIME_H

#ifndef __cplusplus
#error "the emulated CUDA runtime is C++ (tests/cuda_emu)"
#endif

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>

#include "cuda_emu.h"

/* ---- The language ------------------------------------------------------------------------- */

#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __launch_bounds__(...)
/* One block runs at a time: a function's static variable is its block's shared memory. */
#define __shared__ static

struct dim3 {
    unsigned x, y, z;
    dim3(unsigned x_ = 1, unsigned y_ = 1, unsigned z_ = 1) : x(x_), y(y_), z(z_) {}
};

extern thread_local dim3 threadIdx, blockIdx, blockDim, gridDim;

/* ---- The runtime's types and constants ---------------------------------------------------- */

enum cudaError {
    cudaSuccess = 0,
    cudaErrorInvalidValue = 1,
    cudaErrorMemoryAllocation = 2,
    cudaErrorInvalidConfiguration = 9,
    cudaErrorInvalidDevice = 101,
    cudaErrorLaunchOutOfResources = 701,
    cudaErrorLaunchFailure = 719,
};
typedef enum cudaError cudaError_t;

enum cudaMemcpyKind {
    cudaMemcpyHostToHost = 0,
    cudaMemcpyHostToDevice = 1,
    cudaMemcpyDeviceToHost = 2,
    cudaMemcpyDeviceToDevice = 3,
};

enum cudaDeviceAttr { cudaDevAttrMultiProcessorCount = 16 };
enum cudaFuncAttribute { cudaFuncAttributeMaxDynamicSharedMemorySize = 8 };

#define cudaStreamNonBlocking 0x01u
#define cudaHostAllocPortable 0x01u

typedef struct CUstream_st *cudaStream_t;

struct cudaDeviceProp {
    char name[256];
    int multiProcessorCount;
};

cudaError_t cudaGetDeviceCount(int *count);
cudaError_t cudaSetDevice(int device);
cudaError_t cudaGetDeviceProperties(cudaDeviceProp *prop, int device);
cudaError_t cudaDeviceGetAttribute(int *value, cudaDeviceAttr attr, int device);
cudaError_t cudaGetLastError(void);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *stream, unsigned flags);
cudaError_t cudaStreamDestroy(cudaStream_t stream);
cudaError_t cudaStreamSynchronize(cudaStream_t stream);
cudaError_t cudaMalloc(void **ptr, size_t bytes);
cudaError_t cudaFree(void *ptr);
cudaError_t cudaMallocHost(void **ptr, size_t bytes);
cudaError_t cudaHostAlloc(void **ptr, size_t bytes, unsigned flags);
cudaError_t cudaFreeHost(void *ptr);
cudaError_t cudaMemcpy(void *dst, const void *src, size_t bytes, cudaMemcpyKind kind);
cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t bytes, cudaMemcpyKind kind,
                            cudaStream_t stream);
cudaError_t cudaMemsetAsync(void *dst, int value, size_t bytes, cudaStream_t stream);

namespace cuda_emu {
/* The dynamic shared memory a kernel may take, set by cudaFuncSetAttribute (default 48 KB). */
cudaError_t set_max_dynamic_shared(const void *kernel, int bytes);
/* Runs body on grid x block threads with `shared` bytes of dynamic shared memory (checked
 * against the kernel's limit), as described above; records a launch error for
 * cudaGetLastError(). */
void run(const void *kernel, dim3 grid, dim3 block, size_t shared, cudaStream_t stream,
         const std::function<void()> &body);
/* The calling thread's block's dynamic shared memory. */
void *dynamic_shared(void);
/* The 32 lanes' values of one warp intrinsic (each lane's v, as 64 bits), after every lane of
 * the calling thread's warp has called it from `line` with `mask` (which must be the full one). */
const uint64_t *exchange(unsigned mask, uint64_t v, int line);
/* The block's barrier, from `line`. */
void sync_block(int line);
unsigned lane(void);

template <typename T> uint64_t bits_of(T v) {
    static_assert(sizeof(T) <= 8, "a shuffled value of at most 64 bits");
    uint64_t b = 0;
    std::memcpy(&b, &v, sizeof v);
    return b;
}
template <typename T> T of_bits(uint64_t b) {
    T v;
    std::memcpy(&v, &b, sizeof v);
    return v;
}

template <typename... P> struct launcher {
    void (*kernel)(P...);
    dim3 grid, block;
    size_t shared;
    cudaStream_t stream;
    template <typename... A> void operator()(A... args) const {
        void (*k)(P...) = kernel;
        run(reinterpret_cast<const void *>(k), grid, block, shared, stream,
            [=]() { k(static_cast<P>(args)...); });
    }
};
} /* namespace cuda_emu */

namespace cuda_emu {
template <typename... P>
launcher<P...> make_launcher(void (*kernel)(P...), dim3 grid, dim3 block, size_t shared,
                             cudaStream_t stream) {
    return launcher<P...>{kernel, grid, block, shared, stream};
}
} /* namespace cuda_emu */

/* kernel<<<grid, block, shared, stream>>>(args) in gpu_backend.cu. */
#define GPU_LAUNCH(kernel, grid, block, shared, stream)                                            \
    cuda_emu::make_launcher(kernel, grid, block, shared, stream)

#define GPU_SHARED_DYNAMIC(type, name) type *name = static_cast<type *>(cuda_emu::dynamic_shared())

template <typename K> cudaError_t cudaFuncSetAttribute(K *kernel, cudaFuncAttribute attr, int v) {
    if (attr != cudaFuncAttributeMaxDynamicSharedMemorySize)
        return cudaErrorInvalidValue;
    return cuda_emu::set_max_dynamic_shared(reinterpret_cast<const void *>(kernel), v);
}

/* One block a multiprocessor: the grids stay small on the host. */
template <typename K>
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *blocks, K *kernel, int threads,
                                                          size_t shared) {
    (void)kernel;
    if (threads < 1 || threads > 1024 || shared > 227u * 1024u)
        return cudaErrorInvalidValue;
    *blocks = 1;
    return cudaSuccess;
}

/* ---- The device's intrinsics -------------------------------------------------------------- */

#define __syncthreads()                  cuda_emu::sync_block(__LINE__)
#define __ballot_sync(mask, pred)        cuda_emu::ballot(mask, pred, __LINE__)
#define __all_sync(mask, pred)           cuda_emu::all(mask, pred, __LINE__)
#define __shfl_sync(mask, v, src)        cuda_emu::shfl(mask, v, src, __LINE__)
#define __shfl_xor_sync(mask, v, m)      cuda_emu::shfl_xor(mask, v, m, __LINE__)
#define __shfl_down_sync(mask, v, delta) cuda_emu::shfl_down(mask, v, delta, __LINE__)
#define __match_any_sync(mask, v)        cuda_emu::match_any(mask, v, __LINE__)

namespace cuda_emu {
inline unsigned ballot(unsigned mask, int pred, int line) {
    const uint64_t *v = exchange(mask, pred != 0, line);
    unsigned m = 0;
    for (unsigned i = 0; i < 32; i++)
        m |= (unsigned)(v[i] != 0) << i;
    return m;
}
inline int all(unsigned mask, int pred, int line) {
    return ballot(mask, pred, line) == 0xffffffffu;
}
template <typename T> T shfl(unsigned mask, T v, int src, int line) {
    return of_bits<T>(exchange(mask, bits_of(v), line)[(unsigned)src & 31u]);
}
template <typename T> T shfl_xor(unsigned mask, T v, int m, int line) {
    return of_bits<T>(exchange(mask, bits_of(v), line)[(lane() ^ (unsigned)m) & 31u]);
}
template <typename T> T shfl_down(unsigned mask, T v, unsigned delta, int line) {
    const uint64_t *all = exchange(mask, bits_of(v), line);
    const unsigned from = lane() + delta;
    return from < 32 ? of_bits<T>(all[from]) : v;
}
template <typename T> unsigned match_any(unsigned mask, T v, int line) {
    const uint64_t *all = exchange(mask, bits_of(v), line);
    const uint64_t mine = bits_of(v);
    unsigned m = 0;
    for (unsigned i = 0; i < 32; i++)
        m |= (unsigned)(all[i] == mine) << i;
    return m;
}
} /* namespace cuda_emu */

inline int __ffs(int x) {
    return __builtin_ffs(x);
}
inline int __popc(unsigned x) {
    return __builtin_popcount(x);
}
inline int __popcll(unsigned long long x) {
    return __builtin_popcountll(x);
}
template <typename T> T __ldg(const T *p) {
    return *p;
}
template <typename T, typename U> T atomicAdd(T *p, U v) {
    return __atomic_fetch_add(p, static_cast<T>(v), __ATOMIC_SEQ_CST);
}

#endif /* NQ_CUDA_EMU_RUNTIME_H */
