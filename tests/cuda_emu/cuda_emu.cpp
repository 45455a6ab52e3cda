/*
 * cuda_emu.cpp: the emulated CUDA runtime of cuda_runtime.h (this folder): a block's threads as
 * fibers of the launching thread, warp intrinsics and __syncthreads() as rendezvous that check
 * every lane takes part, device memory from malloc(). (A first version ran a block on as many
 * host threads: a barrier of 32 threads on a 2-core machine made one test take over 10 minutes;
 * fibers switched by swapcontext() took it to about a minute, by _longjmp() to 9 s, by the
 * compiler's builtin jumps to 4 s.)
 */
#include <array>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <ucontext.h>
#include <vector>

#include "cuda_runtime.h"

int cuda_emu_devices = 1;
int cuda_emu_sms = 2;
long cuda_emu_fail_alloc = -1;
long cuda_emu_allocs = 0;
long cuda_emu_launches = 0;
long cuda_emu_fail_launch = -1;
long cuda_emu_sync_copies = 0;

thread_local dim3 threadIdx, blockIdx, blockDim, gridDim;

namespace {

/* A thread of the device: a fiber (ucontext) of the host thread that launched the kernel. Every
 * fiber of a block runs until it waits (a warp intrinsic, __syncthreads()) or returns; when all
 * lanes of a warp wait at the same intrinsic, or all threads of the block at the same barrier,
 * they go on. Waiting from different lines, a lane that has returned while its warp waits, or
 * nobody able to go on is reported with the lines and aborts the test. */
enum fiber_state { RUNNABLE, AT_WARP, AT_BLOCK, DONE };

/* Switching: a fiber starts from its ucontext (setcontext()); after that, the fiber and the
 * scheduler switch by the compiler's __builtin_setjmp()/__builtin_longjmp() (the stack, frame
 * and instruction pointers; no signal mask: glibc's swapcontext() makes a system call for it at
 * every switch, half of the emulation's time, and AddressSanitizer's longjmp() makes one too).
 * AddressSanitizer is told of every switch between stacks by its fiber interface (as QEMU's
 * coroutines do), so that it knows which stack runs: emu_switch_start() before the jump, with the
 * stack jumped to (NULL for the fake-stack slot when the fiber leaving has returned),
 * emu_switch_done() on arrival; a fiber's stack is unpoisoned before a new fiber takes it (its
 * last fiber's frame was left, not returned from). ThreadSanitizer follows no such jump: the
 * emulator's tests are not among those .ci/run runs under it. */
#if defined(__SANITIZE_ADDRESS__)
#define EMU_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define EMU_ASAN 1
#endif
#endif
#ifdef EMU_ASAN
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#define emu_switch_start(save, bottom, size) __sanitizer_start_switch_fiber(save, bottom, size)
#define emu_switch_done(save, bottom, size)  __sanitizer_finish_switch_fiber(save, bottom, size)
#else
#define emu_switch_start(save, bottom, size) ((void)(save), (void)(bottom), (void)(size))
#define emu_switch_done(save, bottom, size)  ((void)(save), (void)(bottom), (void)(size))
#define ASAN_UNPOISON_MEMORY_REGION(p, size) ((void)(p), (void)(size))
#endif

struct fiber {
    ucontext_t ctx;
    void *jb[5];          /* where it waits (__builtin_setjmp()'s buffer) */
    int started;          /* entered once */
    void *fake = nullptr; /* AddressSanitizer's fake stack while it waits */
    fiber_state state;
    int line;       /* where it waits */
    uint64_t value; /* what it gives a warp intrinsic */
};

struct launch_state {
    std::vector<fiber> threads;
    std::vector<std::unique_ptr<char[]>> stacks;
    std::vector<std::array<uint64_t, 32>> values; /* per warp: the last intrinsic's values */
    std::vector<unsigned char> shared;
    const std::function<void()> *body;
    void *scheduler_jb[5]; /* where the scheduler resumed a fiber */
    /* AddressSanitizer's view of the scheduler's stack: its fake stack while a fiber runs, its
     * bounds (learnt by the first fiber to start) */
    void *scheduler_fake = nullptr;
    const void *scheduler_bottom = nullptr;
    size_t scheduler_size = 0;
};

/* A fiber's stack: the kernels keep a few hundred bytes of locals (more under the sanitizers). */
const size_t stack_bytes = 256 * 1024;

std::mutex launch_mu;
std::mutex limits_mu;
std::map<const void *, size_t> shared_limit; /* cudaFuncSetAttribute's */
const size_t default_shared = 48 * 1024, most_shared = 227 * 1024;

thread_local launch_state *current;
thread_local unsigned thread_rank; /* threadIdx.x of the running fiber */
thread_local cudaError_t last_error = cudaSuccess;

cudaError_t fail(cudaError_t e) {
    last_error = e;
    return e;
}

cudaError_t alloc(void **ptr, size_t bytes) {
    if (!ptr)
        return fail(cudaErrorInvalidValue);
    *ptr = NULL;
    const long k = __atomic_fetch_add(&cuda_emu_allocs, 1, __ATOMIC_RELAXED);
    const long f = __atomic_load_n(&cuda_emu_fail_alloc, __ATOMIC_RELAXED);
    if (f >= 0 && k >= f)
        return fail(cudaErrorMemoryAllocation);
    void *p = std::malloc(bytes ? bytes : 1);
    if (!p)
        return fail(cudaErrorMemoryAllocation);
    std::memset(p, 0xa5, bytes); /* neither device nor page-locked memory comes cleared */
    *ptr = p;
    return cudaSuccess;
}

/* Resumes whoever saved jb (a function of its own: __builtin_longjmp() may not share one with
 * the __builtin_setjmp() it answers). Not declared noreturn, and not instrumented: before a call
 * that does not return, AddressSanitizer's instrumentation calls __asan_handle_no_return(),
 * which makes a system call (sigaltstack) and unpoisons the stack left, which here is resumed
 * later. */
#ifdef EMU_ASAN
__attribute__((no_sanitize("address")))
#endif
__attribute__((noinline)) void
jump_to(void **jb) {
    __builtin_longjmp(jb, 1);
}

/* Back to the scheduler until this fiber may go on. */
void wait_here(fiber_state st, int line) {
    fiber &f = current->threads[thread_rank];
    f.state = st;
    f.line = line;
    launch_state &L = *current;
    emu_switch_start(&f.fake, L.scheduler_bottom, L.scheduler_size);
    if (!__builtin_setjmp(f.jb))
        jump_to(L.scheduler_jb);
    emu_switch_done(f.fake, NULL, NULL);
}

[[noreturn]] void fiber_main(void) {
    emu_switch_done(NULL, &current->scheduler_bottom, &current->scheduler_size);
    current->body[0]();
    current->threads[thread_rank].state = DONE;
    emu_switch_start(NULL, current->scheduler_bottom, current->scheduler_size);
    jump_to(current->scheduler_jb); /* its stack is not entered again */
    __builtin_unreachable();
}

[[noreturn]] void deadlock(const launch_state &L, unsigned b, const char *why) {
    std::fprintf(stderr, "cuda_emu: block %u: %s; where its threads are:\n", b, why);
    const char *names[] = {"running", "at a warp intrinsic", "at __syncthreads()", "returned"};
    for (size_t t = 0; t < L.threads.size(); t++)
        if (t % 32 == 0 || L.threads[t].state != L.threads[t - 1].state ||
            L.threads[t].line != L.threads[t - 1].line)
            std::fprintf(stderr, "  thread %zu: %s, gpu_backend.cu line %d\n", t,
                         names[L.threads[t].state], L.threads[t].line);
    std::abort();
}

/* Runs fiber f until it waits or returns (a function of its own: nothing of the scheduler's
 * loop lives in the frame that __builtin_setjmp() saves). */
__attribute__((noinline)) void resume(launch_state &L, fiber &f) {
    if (!__builtin_setjmp(L.scheduler_jb)) {
        emu_switch_start(&L.scheduler_fake, f.ctx.uc_stack.ss_sp, f.ctx.uc_stack.ss_size);
        if (f.started)
            jump_to(f.jb);
        f.started = 1;
        setcontext(&f.ctx);
    }
    emu_switch_done(L.scheduler_fake, NULL, NULL);
}

/* Runs block b of the launch to its end. */
void run_block(launch_state &L, unsigned b) {
    const size_t n = L.threads.size();
    blockIdx = dim3(b);
    for (size_t t = 0; t < n; t++) {
        fiber &f = L.threads[t];
        ASAN_UNPOISON_MEMORY_REGION(L.stacks[t].get(), stack_bytes);
        getcontext(&f.ctx);
        f.ctx.uc_stack.ss_sp = L.stacks[t].get();
        f.ctx.uc_stack.ss_size = stack_bytes;
        f.ctx.uc_link = NULL; /* fiber_main() never returns */
        makecontext(&f.ctx, fiber_main, 0);
        f.state = RUNNABLE;
        f.line = 0;
        f.started = 0;
    }
    for (;;) {
        for (size_t t = 0; t < n; t++)
            if (L.threads[t].state == RUNNABLE) {
                thread_rank = (unsigned)t;
                threadIdx = dim3((unsigned)t);
                resume(L, L.threads[t]);
            }
        /* Every fiber now waits or has returned. */
        int moved = 0;
        for (size_t w = 0; w < n / 32; w++) {
            fiber *lane = &L.threads[32 * w];
            int at = 0, done = 0;
            for (int i = 0; i < 32; i++)
                at += lane[i].state == AT_WARP, done += lane[i].state == DONE;
            if (at && done)
                deadlock(L, b, "a lane returned while the others of its warp wait at an intrinsic");
            if (at < 32)
                continue;
            for (int i = 1; i < 32; i++)
                if (lane[i].line != lane[0].line)
                    deadlock(L, b, "the lanes of a warp at different intrinsics");
            for (int i = 0; i < 32; i++) {
                L.values[w][(size_t)i] = lane[i].value;
                lane[i].state = RUNNABLE;
            }
            moved = 1;
        }
        if (moved)
            continue;
        size_t at = 0, done = 0;
        for (size_t t = 0; t < n; t++)
            at += L.threads[t].state == AT_BLOCK, done += L.threads[t].state == DONE;
        if (done == n)
            return;
        if (at == n) {
            for (size_t t = 1; t < n; t++)
                if (L.threads[t].line != L.threads[0].line)
                    deadlock(L, b, "its threads at different __syncthreads()");
            for (size_t t = 0; t < n; t++)
                L.threads[t].state = RUNNABLE;
            continue;
        }
        deadlock(L, b, done ? "some threads returned while others wait" : "no thread can go on");
    }
}

} /* namespace */

namespace cuda_emu {

unsigned lane(void) {
    return thread_rank & 31u;
}

void *dynamic_shared(void) {
    return current->shared.data();
}

const uint64_t *exchange(unsigned mask, uint64_t v, int line) {
    if (mask != 0xffffffffu) {
        std::fprintf(stderr,
                     "cuda_emu: line %d: a warp intrinsic with mask %#x (only the full mask is "
                     "emulated)\n",
                     line, mask);
        std::abort();
    }
    current->threads[thread_rank].value = v;
    wait_here(AT_WARP, line);
    return current->values[thread_rank / 32].data();
}

void sync_block(int line) {
    wait_here(AT_BLOCK, line);
}

cudaError_t set_max_dynamic_shared(const void *kernel, int bytes) {
    if (bytes < 0 || (size_t)bytes > most_shared)
        return fail(cudaErrorInvalidValue);
    std::lock_guard<std::mutex> g(limits_mu);
    shared_limit[kernel] = (size_t)bytes;
    return cudaSuccess;
}

void run(const void *kernel, dim3 grid, dim3 block, size_t shared, cudaStream_t stream,
         const std::function<void()> &body) {
    (void)stream;
    const unsigned long long threads = (unsigned long long)block.x * block.y * block.z;
    const unsigned long long blocks = (unsigned long long)grid.x * grid.y * grid.z;
    if (block.y != 1 || block.z != 1 || grid.y != 1 || grid.z != 1) {
        std::fprintf(stderr, "cuda_emu: only one-dimensional grids and blocks are emulated\n");
        std::abort();
    }
    if (threads == 0 || threads > 1024 || blocks == 0 || grid.x > 0x7fffffffu) {
        fail(cudaErrorInvalidConfiguration);
        return;
    }
    if (threads % 32) {
        std::fprintf(stderr, "cuda_emu: a block of %llu threads (only whole warps are emulated)\n",
                     threads);
        std::abort();
    }
    {
        std::lock_guard<std::mutex> g(limits_mu);
        auto it = shared_limit.find(kernel);
        if (shared > (it == shared_limit.end() ? default_shared : it->second)) {
            fail(cudaErrorInvalidValue); /* more dynamic shared memory than the kernel may have */
            return;
        }
    }
    /* One launch at a time in the process: its static __shared__ variables are the block's. */
    std::lock_guard<std::mutex> g(launch_mu);
    const long k = __atomic_fetch_add(&cuda_emu_launches, 1, __ATOMIC_RELAXED);
    const long f = __atomic_load_n(&cuda_emu_fail_launch, __ATOMIC_RELAXED);
    if (f >= 0 && k >= f) {
        fail(cudaErrorLaunchFailure); /* a device fault: nothing runs */
        return;
    }
    launch_state L;
    L.threads.resize(threads);
    L.values.resize(threads / 32);
    for (unsigned long long t = 0; t < threads; t++)
        L.stacks.emplace_back(new char[stack_bytes]);
    L.shared.assign(shared ? shared : 1, 0xa5); /* not cleared on a device either */
    L.body = &body;
    current = &L;
    blockDim = block;
    gridDim = grid;
    for (unsigned long long b = 0; b < blocks; b++)
        run_block(L, (unsigned)b);
    current = NULL;
}

} /* namespace cuda_emu */

/* At start-up (nqueens-cuda-emu): NQ_CUDA_EMU_DEVICES (0..16) sets the devices offered, and
 * NQ_CUDA_EMU_FAIL_ALLOC and NQ_CUDA_EMU_FAIL_LAUNCH (0 or more) cuda_emu_fail_alloc and
 * cuda_emu_fail_launch. */
static const bool knobs_from_env = [] {
    const char *e = std::getenv("NQ_CUDA_EMU_DEVICES");
    if (e && *e >= '0' && *e <= '9' && std::atoi(e) <= 16)
        cuda_emu_devices = std::atoi(e);
    e = std::getenv("NQ_CUDA_EMU_FAIL_ALLOC");
    if (e && *e >= '0' && *e <= '9')
        cuda_emu_fail_alloc = std::atol(e);
    e = std::getenv("NQ_CUDA_EMU_FAIL_LAUNCH");
    if (e && *e >= '0' && *e <= '9')
        cuda_emu_fail_launch = std::atol(e);
    return true;
}();

cudaError_t cudaGetDeviceCount(int *count) {
    (void)knobs_from_env;
    *count = cuda_emu_devices;
    return cudaSuccess;
}

cudaError_t cudaSetDevice(int device) {
    if (device < 0 || device >= cuda_emu_devices)
        return fail(cudaErrorInvalidDevice);
    return cudaSuccess;
}

cudaError_t cudaGetDeviceProperties(cudaDeviceProp *prop, int device) {
    if (device < 0 || device >= cuda_emu_devices)
        return fail(cudaErrorInvalidDevice);
    std::memset(prop, 0, sizeof *prop);
    std::snprintf(prop->name, sizeof prop->name, "CUDA emulated on the host %d", device);
    prop->multiProcessorCount = cuda_emu_sms;
    return cudaSuccess;
}

cudaError_t cudaDeviceGetAttribute(int *value, cudaDeviceAttr attr, int device) {
    if (device < 0 || device >= cuda_emu_devices)
        return fail(cudaErrorInvalidDevice);
    if (attr != cudaDevAttrMultiProcessorCount)
        return fail(cudaErrorInvalidValue);
    *value = cuda_emu_sms;
    return cudaSuccess;
}

cudaError_t cudaGetLastError(void) {
    cudaError_t e = last_error;
    last_error = cudaSuccess;
    return e;
}

cudaError_t cudaStreamCreateWithFlags(cudaStream_t *stream, unsigned flags) {
    (void)flags;
    *stream = reinterpret_cast<cudaStream_t>(new char[1]);
    return cudaSuccess;
}

cudaError_t cudaStreamDestroy(cudaStream_t stream) {
    delete[] reinterpret_cast<char *>(stream);
    return cudaSuccess;
}

cudaError_t cudaStreamSynchronize(cudaStream_t stream) {
    return stream ? cudaSuccess : fail(cudaErrorInvalidValue);
}

cudaError_t cudaMalloc(void **ptr, size_t bytes) {
    return alloc(ptr, bytes);
}

cudaError_t cudaFree(void *ptr) {
    std::free(ptr);
    return cudaSuccess;
}

cudaError_t cudaMallocHost(void **ptr, size_t bytes) {
    return alloc(ptr, bytes);
}

cudaError_t cudaHostAlloc(void **ptr, size_t bytes, unsigned flags) {
    (void)flags;
    return alloc(ptr, bytes);
}

cudaError_t cudaFreeHost(void *ptr) {
    std::free(ptr);
    return cudaSuccess;
}

namespace {

cudaError_t copy(void *dst, const void *src, size_t bytes) {
    if (bytes && (!dst || !src))
        return fail(cudaErrorInvalidValue);
    if (bytes)
        std::memcpy(dst, src, bytes);
    return cudaSuccess;
}

} /* namespace */

cudaError_t cudaMemcpy(void *dst, const void *src, size_t bytes, cudaMemcpyKind kind) {
    (void)kind;
    __atomic_fetch_add(&cuda_emu_sync_copies, 1, __ATOMIC_RELAXED);
    return copy(dst, src, bytes);
}

cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t bytes, cudaMemcpyKind kind,
                            cudaStream_t stream) {
    (void)kind;
    if (!stream)
        return fail(cudaErrorInvalidValue);
    return copy(dst, src, bytes);
}

cudaError_t cudaMemsetAsync(void *dst, int value, size_t bytes, cudaStream_t stream) {
    if (!stream || (bytes && !dst))
        return fail(cudaErrorInvalidValue);
    if (bytes)
        std::memset(dst, value, bytes);
    return cudaSuccess;
}
