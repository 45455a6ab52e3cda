/*
 * gpu_backend.cu: the CUDA backend of the count: batches of items in (gpu_search.h), each
 * subproblem's completions and nodes out.
 *
 * A batch (built by gpu.c: subproblems' boards and their items, a few free rows below the
 * subproblem) goes to the device in one stream: its arrays are copied from pinned host memory,
 * the per-subproblem counters cleared, k_solve launched, and the counters copied back, all
 * without waiting for the host; two batches are in flight on two streams, so the host builds the
 * next batch and the device starts on it while the previous one's last items finish.
 *
 * k_solve: a grid that fills the device once (blocks per multiprocessor from the occupancy
 * calculator). Each lane searches one item at a time with gpu_lane_step(), its node in registers
 * and its stack in shared memory, [row][thread], so the 32 lanes of a warp touch 32 banks. Work is
 * fetched per warp: the lanes without an item vote (__ballot_sync), one of them takes that many
 * item numbers with one atomicAdd on the batch's counter and hands them out (__shfl_sync), so a
 * lane refills as soon as its item is done and the warp stays busy until the items run out (the
 * "dynamic work fetching" of the published GPU counters, at warp granularity). A finished item
 * adds its completions and nodes to its subproblem's 64-bit counters with atomics; the host sums
 * the subproblems in 128 bits.
 * Workload: counts of n = 18..27 in batches of up to 2^21 items (gpu.c); the host's share and
 * the device's times are in bench/RESULTS.md once measured.
 *
 * The quadrant join (gpu_pairs.h), three kernels in the slot's stream on the quadrant lists sent
 * once (gpu_backend_pairs_lists()): k_halves, one block a half of a subproblem, joins its
 * segments' placements into its signatures; k_layout, one block a subproblem, groups its larger
 * half (the bottoms) and writes its tasks where the batch's task counter gives them room; then
 * k_pairs, a grid of blocks of GPU_PAIR_WARPS warps that fills the device, each block taking the
 * tasks one at a time: the warps transpose the task's bottoms into rows with __ballot_sync (lane
 * j holds bottom j of a block), build the tables of every block in shared memory (64 KB, dynamic;
 * every entry by a thread of its own, no chain of dependent loads), then take the subproblem's
 * tops 32 at a time (warp w the w-th of every 8 such runs): one coalesced load, one vote for
 * those that take no hot bit of the task's group, then each of them handed to all lanes by a
 * shuffle and weighed by each lane against its block; the pairs of the warp go to the
 * subproblem's 64-bit counter by one atomic. A slot holds one kind of batch.
 */
#include <cuda_runtime.h>

#include <stdlib.h>
#include <string.h>

#include <mutex>

#include "nqueens.h"

#include "gpu_backend.h"

/* Threads of a k_solve block, and the blocks per multiprocessor the compiler must leave room
 * for: at most 65536 / (128 * 8) = 64 registers a thread; 16 KB of shared memory a block (the
 * stacks), so 8 blocks use 128 KB of an H100/H200 multiprocessor's 228 KB. */
#define SOLVE_BLOCK  128
#define SOLVE_BLOCKS 8
/* Placements a lane makes between two looks for lanes of its warp that need an item. */
#define SOLVE_STEPS 16

#define FULL_MASK 0xffffffffu

/* A launch, kernel<<<grid, block, shared, stream>>>, and a kernel's dynamic shared memory: macros
 * so that the emulated runtime of the unit tests (tests/cuda_emu/) runs this very file on the
 * host's threads, where the C++ compiler knows neither. */
#ifndef GPU_LAUNCH
#define GPU_LAUNCH(kernel, grid, block, shared, stream) kernel<<<grid, block, shared, stream>>>
#define GPU_SHARED_DYNAMIC(type, name)                  extern __shared__ type name[]
#endif

/* The counters of one batch: items handed out; per subproblem, completions and nodes. */
__global__ void __launch_bounds__(SOLVE_BLOCK, SOLVE_BLOCKS)
    k_solve(const gpu_sub *__restrict__ subs, const gpu_item *__restrict__ items, uint32_t nitems,
            unsigned *next, unsigned long long *sols, unsigned long long *nodes) {
    __shared__ uint32_t stack[GPU_MAX_N * SOLVE_BLOCK];
    const gpu_mem m = {stack + threadIdx.x, SOLVE_BLOCK};
    const unsigned lane = threadIdx.x & 31u;
    gpu_lane s;
    s.sols = s.nodes = 0;
    const gpu_sub *sub = subs;
    uint32_t sub_id = 0;
    int have = 0, exhausted = 0;
    for (;;) {
        const unsigned need = __ballot_sync(FULL_MASK, !have && !exhausted);
        if (need) {
            const int leader = __ffs((int)need) - 1;
            unsigned base = 0;
            if ((int)lane == leader)
                base = atomicAdd(next, (unsigned)__popc(need));
            base = __shfl_sync(FULL_MASK, base, leader);
            if (!have && !exhausted) {
                const unsigned idx = base + (unsigned)__popc(need & ((1u << lane) - 1u));
                if (idx >= nitems) {
                    exhausted = 1;
                } else {
                    const gpu_item it = items[idx];
                    sub_id = it.sub;
                    sub = &subs[sub_id];
                    have = gpu_lane_start(sub, &s, &it);
                    if (!have) {
                        if (s.sols)
                            atomicAdd(&sols[sub_id], (unsigned long long)s.sols);
                        if (s.nodes)
                            atomicAdd(&nodes[sub_id], (unsigned long long)s.nodes);
                    }
                }
            }
        }
        if (__all_sync(FULL_MASK, exhausted && !have))
            break;
        if (have) {
            for (int k = 0; k < SOLVE_STEPS && have; k++)
                have = gpu_lane_step(sub, &s, m);
            if (!have) {
                if (s.sols)
                    atomicAdd(&sols[sub_id], (unsigned long long)s.sols);
                atomicAdd(&nodes[sub_id], (unsigned long long)s.nodes);
            }
        }
    }
}

/* Threads of a k_halves block (one half of one subproblem). */
#define HALVES_THREADS 256

/* k_halves: half blockIdx.x & 1 of subproblem blockIdx.x >> 1 (gpu_half_host() is the same on the
 * host): its warps take its segments in turn; for each placement of a segment's shorter list
 * (all lanes the same), the 32 lanes weigh 32 of the longer list at a time, and those compatible
 * take their places in the half's room by one atomic on the block's counter (a vote and a
 * popcount give each lane its place). The half's size goes to the subproblem at the end. */
__global__ void __launch_bounds__(HALVES_THREADS)
    k_halves(const gpu_lists_info L, const uint32_t *__restrict__ pl,
             const gpu_segment *__restrict__ segs, gpu_pair_sub *subs, uint64_t *halves) {
    __shared__ unsigned long long count;
    const uint32_t sub = blockIdx.x >> 1;
    const int k = (int)(blockIdx.x & 1u);
    const unsigned tid = threadIdx.x, lane = tid & 31u, warp = tid >> 5;
    const gpu_lists_info info = L;
    const gpu_half_join j = k ? L.half[1] : L.half[0]; /* no index by a variable: registers */
    const uint64_t fd = subs[sub].fd, fa = subs[sub].fa, out0 = subs[sub].half0[k];
    const uint32_t seg0 = subs[sub].seg0[k], nseg = subs[sub].nseg[k];
    if (tid == 0)
        count = 0;
    __syncthreads();
    for (uint32_t g = warp; g < nseg; g += HALVES_THREADS / 32) {
        const gpu_segment e = segs[seg0 + g];
        const int swap = e.nl > e.nr; /* the shorter list outside */
        const uint32_t nx = swap ? e.nr : e.nl, ni = swap ? e.nl : e.nr;
        const uint32_t x0 = swap ? e.r0 : e.l0, i0 = swap ? e.l0 : e.r0;
        for (uint32_t x = 0; x < nx; x++) {
            uint64_t sx, cx;
            gpu_half_words(&info, &j, swap, pl[2 * (uint64_t)(x0 + x)],
                           pl[2 * (uint64_t)(x0 + x) + 1], fd, fa, &sx, &cx);
            if (cx >> 63)
                continue; /* on the middle queen's diagonals: the same for every lane */
            cx |= (uint64_t)1 << 63;
            for (uint32_t base = 0; base < ni; base += 32) {
                const uint32_t y = base + lane;
                uint64_t sy = 0, cy = ~(uint64_t)0; /* past the end: clashes with cx's bit 63 */
                if (y < ni)
                    gpu_half_words(&info, &j, !swap, pl[2 * (uint64_t)(i0 + y)],
                                   pl[2 * (uint64_t)(i0 + y) + 1], fd, fa, &sy, &cy);
                const int keep = !(cx & cy);
                const unsigned m = __ballot_sync(FULL_MASK, keep);
                if (!m)
                    continue;
                unsigned long long at = 0;
                if (lane == 0)
                    at = atomicAdd(&count, (unsigned long long)__popc(m));
                at = __shfl_sync(FULL_MASK, at, 0);
                if (keep)
                    halves[out0 + at + (unsigned)__popc(m & ((1u << lane) - 1u))] = sx | sy;
            }
        }
    }
    __syncthreads();
    if (tid == 0)
        subs[sub].nhalf[k] = (uint32_t)count;
}

/* Threads of a k_layout block (one subproblem). */
#define LAYOUT_THREADS 512

/* k_layout: the layout of subproblem blockIdx.x (gpu_pairs.h, gpu_pair_layout_host() is the same
 * on the host): the OR of each half, its hot bits and rest, its groups' sizes, their plan (by
 * one thread: at most a few hundred tasks), then its bottoms into their groups. The lanes of a
 * warp with the same group take their places with one atomic (__match_any_sync); every loop
 * runs the same number of rounds in each warp, so that every lane votes. */
__global__ void __launch_bounds__(LAYOUT_THREADS)
    k_layout(const uint64_t *__restrict__ halves, gpu_pair_sub *subs, uint64_t hot,
             uint64_t *bottoms, gpu_pair_task *tasks, unsigned *ntasks, unsigned cap) {
    __shared__ unsigned long long or_t[LAYOUT_THREADS / 32], or_b[LAYOUT_THREADS / 32];
    __shared__ uint32_t cnt[1 << GPU_PAIR_HOT];
    __shared__ unsigned long long at[1 << GPU_PAIR_HOT];
    __shared__ unsigned long long hk_s, rest_s;
    const unsigned tid = threadIdx.x, lane = tid & 31u, warp = tid >> 5;
    const uint32_t sub = blockIdx.x;
    const gpu_pair_sub s = subs[sub];
    const int tk = gpu_pair_tops(&s); /* (selects, not an index by a variable: registers) */
    const uint64_t *t = halves + (tk ? s.half0[1] : s.half0[0]);
    const uint64_t *raw = halves + (tk ? s.half0[0] : s.half0[1]);
    const uint32_t nt = tk ? s.nhalf[1] : s.nhalf[0], nb = gpu_pair_nbottoms(&s);
    uint64_t ot = 0, ob = 0;
    for (uint32_t i = tid; i < nt; i += LAYOUT_THREADS)
        ot |= t[i];
    for (uint32_t j = tid; j < nb; j += LAYOUT_THREADS)
        ob |= raw[j];
    for (int o = 16; o > 0; o >>= 1) {
        ot |= __shfl_xor_sync(FULL_MASK, ot, o);
        ob |= __shfl_xor_sync(FULL_MASK, ob, o);
    }
    if (lane == 0)
        or_t[warp] = ot, or_b[warp] = ob;
    if (tid < (1u << GPU_PAIR_HOT))
        cnt[tid] = 0;
    __syncthreads();
    if (tid == 0) {
        for (int w = 1; w < LAYOUT_THREADS / 32; w++)
            ot |= or_t[w], ob |= or_b[w];
        uint64_t hk = gpu_pair_hot_bits(hot, ot & ob);
        hk_s = hk;
        rest_s = ot & ob & ~hk;
        subs[sub].rest = rest_s;
        subs[sub].chunks = gpu_pair_chunks(rest_s);
    }
    __syncthreads();
    const uint64_t hk = hk_s, rest = rest_s;
    const uint32_t none = 1u << GPU_PAIR_HOT; /* the group of a lane past the end */
    for (uint32_t base = 0; base < nb; base += LAYOUT_THREADS) {
        const uint32_t j = base + tid;
        const uint32_t g = j < nb ? gpu_pair_group(raw[j], hk) : none;
        const unsigned peers = __match_any_sync(FULL_MASK, g);
        if (g != none && lane == (unsigned)(__ffs((int)peers) - 1))
            atomicAdd(&cnt[g], (uint32_t)__popc(peers));
    }
    __syncthreads();
    if (tid == 0) { /* its tasks where the batch's counter gives them room */
        const int groups = 1 << __popcll(hk);
        const uint32_t n = gpu_pair_ntasks(cnt, groups);
        const unsigned slot = n ? atomicAdd(ntasks, n) : 0;
        gpu_pair_plan(&s, sub, hk, cnt, groups, (uint64_t *)at, n && slot + n <= cap ? tasks : NULL,
                      slot); /* past cap: the host fails it */
    }
    __syncthreads();
    for (uint32_t base = 0; base < nb; base += LAYOUT_THREADS) {
        const uint32_t j = base + tid;
        const uint64_t x = j < nb ? raw[j] : 0;
        const uint32_t g = j < nb ? gpu_pair_group(x, hk) : none;
        const unsigned peers = __match_any_sync(FULL_MASK, g);
        const int leader = __ffs((int)peers) - 1;
        unsigned long long start = 0;
        if (g != none && (int)lane == leader)
            start = atomicAdd(&at[g], (unsigned long long)__popc(peers));
        start = __shfl_sync(FULL_MASK, start, leader);
        if (g != none)
            bottoms[start + (unsigned)__popc(peers & ((1u << lane) - 1u))] = x & rest;
    }
    __syncthreads();
    if (tid < (1u << __popcll(hk))) /* each group's last block padded: never counted */
        for (unsigned long long p = at[tid]; p & 31u; p++)
            bottoms[p] = 0;
}

/* The tops loop of k_pairs for CH chunks (unrolled): the conflicts of this lane's block with
 * each of the n tops at t that takes no bit of `hot` (the task's group's), their bits `rest`
 * weighed; 32 tops at a time, one a lane in one coalesced load, those to weigh chosen by one vote
 * and handed round by shuffles (warp w takes the w-th of every GPU_PAIR_WARPS such runs);
 * *weighed gets the tops weighed. */
template <int CH>
__device__ __forceinline__ unsigned long long
pairs_tops(const uint32_t *U, const uint64_t *__restrict__ t, uint32_t n, uint64_t hot,
           uint64_t rest, unsigned warp, unsigned lane, unsigned long long *weighed) {
    unsigned long long w = 0;
    unsigned conflicts = 0; /* at most 32 a top, and a warp weighs far fewer than 2^27 tops */
    for (uint32_t base = 32u * warp; base < n; base += 32u * GPU_PAIR_WARPS) {
        const uint64_t mine = base + lane < n ? __ldg(&t[base + lane]) : hot;
        unsigned take = __ballot_sync(FULL_MASK, !(mine & hot) && base + lane < n);
        w += (unsigned)__popc(take);
        const uint64_t x = mine & rest;
        while (take) {
            const int j = __ffs((int)take) - 1;
            take &= take - 1;
            conflicts += (unsigned)__popc(
                gpu_pair_conflicts(U, __shfl_sync(FULL_MASK, x, j), CH, (int)lane));
        }
    }
    *weighed = w;
    return conflicts;
}

/* One task of k_pairs (see below), by the whole block; U and rows: its shared memory. */
__device__ __forceinline__ void pairs_task(const gpu_pair_task &k, uint32_t *U, uint32_t *rows,
                                           const uint64_t *__restrict__ halves,
                                           const uint64_t *__restrict__ bottoms,
                                           const gpu_pair_sub *__restrict__ subs,
                                           unsigned long long *pairs) {
    const gpu_pair_sub s = subs[k.sub];
    const unsigned tid = threadIdx.x, lane = tid & 31u, warp = tid >> 5;
    const int bits = s.chunks * GPU_PAIR_CW;
    for (unsigned blk = warp; blk < GPU_PAIR_BLOCKS; blk += GPU_PAIR_WARPS) {
        const uint64_t b = blk < k.nblocks ? bottoms[k.bottom0 + 32u * blk + lane] : 0;
        for (int bit = 0; bit < bits; bit++) {
            const uint32_t row = __ballot_sync(FULL_MASK, (unsigned)(b >> bit) & 1u);
            if (lane == 0)
                rows[(unsigned)bit * GPU_PAIR_BLOCKS + blk] = row;
        }
    }
    __syncthreads();
    /* entry e of the tables is U[c][v][l] with e = gpu_pair_at(c, v, l): all threads at once */
    for (unsigned e = tid; e < ((unsigned)s.chunks << GPU_PAIR_CW) * GPU_PAIR_BLOCKS;
         e += GPU_PAIR_WARPS * 32)
        U[e] = gpu_pair_entry(rows, (int)(e / (GPU_PAIR_BLOCKS << GPU_PAIR_CW)),
                              (e / GPU_PAIR_BLOCKS) & ((1u << GPU_PAIR_CW) - 1),
                              (int)(e % GPU_PAIR_BLOCKS));
    __syncthreads();
    const int tk = gpu_pair_tops(&s);
    const uint64_t *t = halves + (tk ? s.half0[1] : s.half0[0]);
    const uint32_t nt = tk ? s.nhalf[1] : s.nhalf[0];
    unsigned long long conflicts = 0, weighed = 0;
    switch (s.chunks) {
    case 1:
        conflicts = pairs_tops<1>(U, t, nt, k.hot, s.rest, warp, lane, &weighed);
        break;
    case 2:
        conflicts = pairs_tops<2>(U, t, nt, k.hot, s.rest, warp, lane, &weighed);
        break;
    case 3:
        conflicts = pairs_tops<3>(U, t, nt, k.hot, s.rest, warp, lane, &weighed);
        break;
    case 4:
        conflicts = pairs_tops<4>(U, t, nt, k.hot, s.rest, warp, lane, &weighed);
        break;
    case 5:
        conflicts = pairs_tops<5>(U, t, nt, k.hot, s.rest, warp, lane, &weighed);
        break;
    case 6:
        conflicts = pairs_tops<6>(U, t, nt, k.hot, s.rest, warp, lane, &weighed);
        break;
    case 7:
        conflicts = pairs_tops<7>(U, t, nt, k.hot, s.rest, warp, lane, &weighed);
        break;
    default:
        conflicts = pairs_tops<8>(U, t, nt, k.hot, s.rest, warp, lane, &weighed);
        break;
    }
    for (int o = 16; o > 0; o >>= 1)
        conflicts += __shfl_down_sync(FULL_MASK, conflicts, (unsigned)o);
    if (lane == 0)
        atomicAdd(&pairs[k.sub], weighed * k.valid - conflicts);
}

/* k_pairs: a grid that fills the device once; each block takes the batch's tasks one at a time
 * (one atomic on `next`) until the ntasks that k_layout wrote are done. */
__global__ void __launch_bounds__(GPU_PAIR_WARPS * 32)
    k_pairs(const uint64_t *__restrict__ halves, const uint64_t *__restrict__ bottoms,
            const gpu_pair_sub *__restrict__ subs, const gpu_pair_task *__restrict__ tasks,
            const unsigned *ntasks, unsigned cap, unsigned *next, unsigned long long *pairs) {
    GPU_SHARED_DYNAMIC(uint32_t, sh);
    __shared__ unsigned take;
    const unsigned n = *ntasks < cap ? *ntasks : cap;
    for (;;) {
        if (threadIdx.x == 0)
            take = atomicAdd(next, 1u);
        __syncthreads();
        const unsigned i = take;
        if (i >= n)
            break; /* the same for every thread of the block */
        pairs_task(tasks[i], sh, sh + GPU_PAIR_TABLE_WORDS, halves, bottoms, subs, pairs);
        __syncthreads(); /* the tables and `take` free again */
    }
}

/* The shared memory of a k_pairs block: the tables and the rows. */
#define PAIRS_SHARED ((GPU_PAIR_TABLE_WORDS + GPU_PAIR_BITS * GPU_PAIR_BLOCKS) * sizeof(uint32_t))

/* ---- The host side ------------------------------------------------------------------------- */

/* The buffers of one slot: device arrays and their pinned host copies, grown as needed. */
typedef struct gpu_slot {
    cudaStream_t stream;
    gpu_sub *d_subs, *h_subs;
    gpu_item *d_items, *h_items;
    unsigned long long *d_counts, *h_counts; /* 2 * sub_cap: completions, then nodes */
    unsigned *d_next;
    size_t sub_cap, item_cap;
    uint32_t nsub;
    /* a pair batch (k_halves, k_layout, k_pairs): its arrays on the device (segments, subs,
     * pairs, halves, laid-out bottoms, tasks) and their capacities in bytes; the pairs and the subs
     * (the halves' sizes) also in pinned memory, to come back */
    void *d_pair[6], *h_pairs;
    gpu_pair_sub *h_back;
    size_t pair_cap[6];
    unsigned *d_ctr, *h_ctr; /* the tasks k_layout wrote, and k_pairs's next one */
    unsigned task_cap;       /* the tasks the batch has room for */
} gpu_slot;

struct gpu_dev {
    int device;
    int grid;        /* blocks of k_solve that fill the device once */
    int pairs_ready; /* k_pairs's shared memory allowed, and pairs_grid found */
    int pairs_grid;  /* blocks of k_pairs that fill the device once */
    gpu_slot slot[GPU_SLOTS];
    struct lists_copy *lists; /* the quadrant lists (gpu_backend_pairs_lists()), or NULL */
};

/* The quadrant lists on one device, shared by the handles that sent the same lists (the host
 * threads that feed one device in one count): one copy a device, not one a host thread (2 GiB at
 * n = 22, about 4 GiB at n = 23). Found by the host arrays it was copied from, which outlive every
 * handle that refers to them (the count closes its handles before it frees its lists), and freed
 * when its last handle lets it go. */
typedef struct lists_copy {
    struct lists_copy *next;
    int device, refs;
    const uint32_t *parts[4]; /* the host arrays and their sizes: the key */
    size_t count[4];
    gpu_lists_info info;
    uint32_t *d_lists; /* the placements, the four parts one after the other */
} lists_copy;

static std::mutex lists_lock; /* guards lists_all and every copy's refs */
static lists_copy *lists_all;

static int status_of(cudaError_t e) {
    if (e == cudaSuccess)
        return NQ_OK;
    (void)cudaGetLastError(); /* clear a non-sticky error */
    return e == cudaErrorMemoryAllocation ? NQ_ENOMEM : NQ_EDEVICE;
}

extern "C" int gpu_backend_built(void) {
    return 1;
}

extern "C" int gpu_backend_count(void) {
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess) {
        (void)cudaGetLastError();
        return 0;
    }
    return count;
}

extern "C" int gpu_backend_name(int device, char *buf, size_t cap) {
    if (device < 0 || device >= gpu_backend_count())
        return NQ_ENODEV;
    cudaDeviceProp prop;
    if (cudaGetDeviceProperties(&prop, device) != cudaSuccess) {
        (void)cudaGetLastError();
        return NQ_ENODEV;
    }
    size_t len = strnlen(prop.name, sizeof prop.name);
    if (cap == 0)
        return NQ_OK;
    if (len >= cap)
        len = cap - 1;
    memcpy(buf, prop.name, len);
    buf[len] = '\0';
    return NQ_OK;
}

static void slot_free_pairs(gpu_slot *s) {
    for (int i = 0; i < 6; i++) {
        cudaFree(s->d_pair[i]);
        s->d_pair[i] = NULL;
        s->pair_cap[i] = 0;
    }
    cudaFreeHost(s->h_pairs), cudaFreeHost(s->h_back), cudaFreeHost(s->h_ctr);
    cudaFree(s->d_ctr);
    s->h_pairs = NULL;
    s->h_back = NULL;
    s->d_ctr = s->h_ctr = NULL;
}

extern "C" void *gpu_backend_host_alloc(size_t bytes) {
    void *p = NULL;
    if (cudaHostAlloc(&p, bytes ? bytes : 1, cudaHostAllocPortable) != cudaSuccess) {
        (void)cudaGetLastError();
        return NULL;
    }
    return p;
}

extern "C" void gpu_backend_host_free(void *p) {
    if (p)
        cudaFreeHost(p);
}

static void slot_free_buffers(gpu_slot *s) {
    cudaFree(s->d_subs), cudaFree(s->d_items), cudaFree(s->d_counts);
    cudaFreeHost(s->h_subs), cudaFreeHost(s->h_items), cudaFreeHost(s->h_counts);
    s->d_subs = s->h_subs = NULL;
    s->d_items = s->h_items = NULL;
    s->d_counts = s->h_counts = NULL;
    s->sub_cap = s->item_cap = 0;
}

/* Lets go of d's lists: the last handle that refers to a copy frees it (on d's device, current). */
static void lists_release(gpu_dev *d) {
    lists_copy *c = d->lists;
    d->lists = NULL;
    if (!c)
        return;
    std::lock_guard<std::mutex> hold(lists_lock);
    if (--c->refs > 0)
        return;
    for (lists_copy **at = &lists_all; *at; at = &(*at)->next)
        if (*at == c) {
            *at = c->next;
            break;
        }
    cudaFree(c->d_lists);
    free(c);
}

extern "C" void gpu_backend_close(gpu_dev *d) {
    if (!d)
        return;
    cudaSetDevice(d->device);
    for (int i = 0; i < GPU_SLOTS; i++) {
        gpu_slot *s = &d->slot[i];
        if (s->stream) {
            cudaStreamSynchronize(s->stream);
            cudaStreamDestroy(s->stream);
        }
        slot_free_buffers(s);
        slot_free_pairs(s);
        cudaFree(s->d_next);
    }
    lists_release(d);
    (void)cudaGetLastError();
    free(d);
}

extern "C" int gpu_backend_open(int device, gpu_dev **out) {
    if (device < 0 || device >= gpu_backend_count())
        return NQ_ENODEV;
    int rc = status_of(cudaSetDevice(device));
    if (rc != NQ_OK)
        return rc;
    gpu_dev *d = (gpu_dev *)calloc(1, sizeof *d);
    if (!d)
        return NQ_ENOMEM;
    d->device = device;
    int sms = 0, per_sm = 0;
    rc = status_of(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
    if (rc == NQ_OK)
        rc = status_of(
            cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, k_solve, SOLVE_BLOCK, 0));
    d->grid = sms * (per_sm > 0 ? per_sm : 1);
    for (int i = 0; i < GPU_SLOTS && rc == NQ_OK; i++) {
        rc = status_of(cudaStreamCreateWithFlags(&d->slot[i].stream, cudaStreamNonBlocking));
        if (rc == NQ_OK)
            rc = status_of(cudaMalloc((void **)&d->slot[i].d_next, sizeof(unsigned)));
    }
    if (rc != NQ_OK) {
        gpu_backend_close(d);
        return rc;
    }
    *out = d;
    return NQ_OK;
}

/* Makes room in slot s for nsub subproblems and nitems items (the slot is idle). */
static int slot_reserve(gpu_slot *s, uint32_t nsub, uint32_t nitems) {
    if (nsub > s->sub_cap) {
        size_t cap = nsub < 1024 ? 1024 : nsub;
        cudaFree(s->d_subs), cudaFree(s->d_counts);
        cudaFreeHost(s->h_subs), cudaFreeHost(s->h_counts);
        s->d_subs = s->h_subs = NULL;
        s->d_counts = s->h_counts = NULL;
        s->sub_cap = 0;
        int rc = status_of(cudaMalloc((void **)&s->d_subs, cap * sizeof(gpu_sub)));
        if (rc == NQ_OK)
            rc = status_of(cudaMallocHost((void **)&s->h_subs, cap * sizeof(gpu_sub)));
        if (rc == NQ_OK)
            rc = status_of(cudaMalloc((void **)&s->d_counts, 2 * cap * sizeof(uint64_t)));
        if (rc == NQ_OK)
            rc = status_of(cudaMallocHost((void **)&s->h_counts, 2 * cap * sizeof(uint64_t)));
        if (rc != NQ_OK) {
            slot_free_buffers(s);
            return rc;
        }
        s->sub_cap = cap;
    }
    if (nitems > s->item_cap) {
        size_t cap = nitems < (1u << 16) ? (1u << 16) : nitems + nitems / 4;
        cudaFree(s->d_items), cudaFreeHost(s->h_items);
        s->d_items = s->h_items = NULL;
        s->item_cap = 0;
        int rc = status_of(cudaMalloc((void **)&s->d_items, cap * sizeof(gpu_item)));
        if (rc == NQ_OK)
            rc = status_of(cudaMallocHost((void **)&s->h_items, cap * sizeof(gpu_item)));
        if (rc != NQ_OK) {
            slot_free_buffers(s);
            return rc;
        }
        s->item_cap = cap;
    }
    return NQ_OK;
}

extern "C" int gpu_backend_submit(gpu_dev *d, int slot, const gpu_sub *subs, uint32_t nsub,
                                  const gpu_item *items, uint32_t nitems) {
    if (slot < 0 || slot >= GPU_SLOTS || nsub < 1 || nitems < 1)
        return NQ_EINVAL;
    int rc = status_of(cudaSetDevice(d->device));
    gpu_slot *s = &d->slot[slot];
    if (rc == NQ_OK)
        rc = slot_reserve(s, nsub, nitems);
    if (rc != NQ_OK)
        return rc;
    memcpy(s->h_subs, subs, nsub * sizeof *subs);
    memcpy(s->h_items, items, nitems * sizeof *items);
    s->nsub = nsub;
    cudaStream_t st = s->stream;
    cudaError_t e =
        cudaMemcpyAsync(s->d_subs, s->h_subs, nsub * sizeof *subs, cudaMemcpyHostToDevice, st);
    if (e == cudaSuccess)
        e = cudaMemcpyAsync(s->d_items, s->h_items, nitems * sizeof *items, cudaMemcpyHostToDevice,
                            st);
    if (e == cudaSuccess)
        e = cudaMemsetAsync(s->d_counts, 0, 2 * (size_t)nsub * sizeof(uint64_t), st);
    if (e == cudaSuccess)
        e = cudaMemsetAsync(s->d_next, 0, sizeof(unsigned), st);
    if (e == cudaSuccess) {
        unsigned blocks = (unsigned)d->grid;
        /* No more warps than items, so that a small batch does not start idle blocks. */
        unsigned want = (nitems + SOLVE_BLOCK - 1) / SOLVE_BLOCK;
        if (want < blocks)
            blocks = want;
        GPU_LAUNCH(k_solve, blocks, SOLVE_BLOCK, 0, st)
        (s->d_subs, s->d_items, nitems, s->d_next, s->d_counts, s->d_counts + nsub);
        e = cudaGetLastError();
    }
    if (e == cudaSuccess)
        e = cudaMemcpyAsync(s->h_counts, s->d_counts, 2 * (size_t)nsub * sizeof(uint64_t),
                            cudaMemcpyDeviceToHost, st);
    return status_of(e);
}

extern "C" int gpu_backend_pairs_lists(gpu_dev *d, const gpu_lists_info *info,
                                       const uint32_t *const parts[4], const size_t count[4]) {
    int rc = status_of(cudaSetDevice(d->device));
    if (rc != NQ_OK)
        return rc;
    lists_release(d);
    std::lock_guard<std::mutex> hold(lists_lock);
    for (lists_copy *c = lists_all; c; c = c->next)
        if (c->device == d->device && !memcmp(c->parts, parts, sizeof c->parts) &&
            !memcmp(c->count, count, sizeof c->count) && !memcmp(&c->info, info, sizeof *info)) {
            c->refs++;
            d->lists = c;
            return NQ_OK;
        }
    lists_copy *c = (lists_copy *)calloc(1, sizeof *c);
    if (!c)
        return NQ_ENOMEM;
    size_t total = count[0] + count[1] + count[2] + count[3];
    rc = status_of(cudaMalloc((void **)&c->d_lists, (2 * total + 1) * sizeof(uint32_t)));
    for (size_t p = 0, at = 0; p < 4 && rc == NQ_OK; at += count[p++])
        if (count[p])
            rc = status_of(cudaMemcpy(c->d_lists + 2 * at, parts[p],
                                      2 * count[p] * sizeof(uint32_t), cudaMemcpyHostToDevice));
    if (rc != NQ_OK) {
        cudaFree(c->d_lists);
        free(c);
        return rc;
    }
    c->device = d->device;
    c->refs = 1;
    memcpy(c->parts, parts, sizeof c->parts);
    memcpy(c->count, count, sizeof c->count);
    c->info = *info;
    c->next = lists_all;
    lists_all = c;
    d->lists = c;
    return NQ_OK;
}

extern "C" int gpu_backend_pairs_submit(gpu_dev *d, int slot, uint64_t hot, const gpu_segment *segs,
                                        size_t nsegs, const gpu_pair_sub *subs, uint32_t nsub,
                                        uint64_t nhalves, uint64_t nbottoms, uint32_t ntasks) {
    if (slot < 0 || slot >= GPU_SLOTS || nsub < 1 || ntasks < 1 || !d->lists)
        return NQ_EINVAL;
    int rc = status_of(cudaSetDevice(d->device));
    if (rc != NQ_OK)
        return rc;
    gpu_slot *s = &d->slot[slot];
    const void *src[2] = {segs, subs};
    size_t bytes[6] = {nsegs * sizeof *segs,        nsub * sizeof *subs,
                       nsub * sizeof(uint64_t),     nhalves * sizeof(uint64_t),
                       nbottoms * sizeof(uint64_t), ntasks * sizeof(gpu_pair_task)};
    for (int i = 0; i < 6 && rc == NQ_OK; i++) {
        if (bytes[i] <= s->pair_cap[i])
            continue;
        size_t cap = bytes[i] + bytes[i] / 4 + 4096;
        cudaFree(s->d_pair[i]);
        s->d_pair[i] = NULL;
        s->pair_cap[i] = 0;
        if (i == 1)
            cudaFreeHost(s->h_back), s->h_back = NULL;
        if (i == 2)
            cudaFreeHost(s->h_pairs), s->h_pairs = NULL;
        rc = status_of(cudaMalloc(&s->d_pair[i], cap));
        if (rc == NQ_OK && i == 1)
            rc = status_of(cudaMallocHost((void **)&s->h_back, cap));
        if (rc == NQ_OK && i == 2)
            rc = status_of(cudaMallocHost(&s->h_pairs, cap));
        if (rc == NQ_OK)
            s->pair_cap[i] = cap;
    }
    if (rc == NQ_OK && !s->d_ctr) {
        rc = status_of(cudaMalloc((void **)&s->d_ctr, 2 * sizeof(unsigned)));
        if (rc == NQ_OK)
            rc = status_of(cudaMallocHost((void **)&s->h_ctr, 2 * sizeof(unsigned)));
    }
    if (rc != NQ_OK) {
        slot_free_pairs(s);
        return rc;
    }
    if (!d->pairs_ready) { /* k_pairs's tables take more than the default 48 KB */
        rc = status_of(cudaFuncSetAttribute(k_pairs, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                            (int)PAIRS_SHARED));
        int sms = 0, per_sm = 0;
        if (rc == NQ_OK)
            rc = status_of(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, d->device));
        if (rc == NQ_OK)
            rc = status_of(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
                &per_sm, k_pairs, GPU_PAIR_WARPS * 32, PAIRS_SHARED));
        if (rc != NQ_OK)
            return rc;
        d->pairs_grid = sms * (per_sm > 0 ? per_sm : 1);
        d->pairs_ready = 1;
    }
    s->nsub = nsub;
    s->task_cap = ntasks;
    cudaStream_t st = s->stream;
    cudaError_t e = cudaSuccess;
    for (int i = 0; i < 2 && e == cudaSuccess; i++)
        if (bytes[i])
            e = cudaMemcpyAsync(s->d_pair[i], src[i], bytes[i], cudaMemcpyHostToDevice, st);
    if (e == cudaSuccess)
        e = cudaMemsetAsync(s->d_pair[2], 0, bytes[2], st);
    if (e == cudaSuccess)
        e = cudaMemsetAsync(s->d_ctr, 0, 2 * sizeof(unsigned), st);
    gpu_pair_sub *d_subs = (gpu_pair_sub *)s->d_pair[1];
    uint64_t *halves = (uint64_t *)s->d_pair[3], *bottoms = (uint64_t *)s->d_pair[4];
    gpu_pair_task *tasks = (gpu_pair_task *)s->d_pair[5];
    if (e == cudaSuccess) {
        GPU_LAUNCH(k_halves, 2 * nsub, HALVES_THREADS, 0, st)
        (d->lists->info, d->lists->d_lists, (const gpu_segment *)s->d_pair[0], d_subs, halves);
        e = cudaGetLastError();
    }
    if (e == cudaSuccess) {
        GPU_LAUNCH(k_layout, nsub, LAYOUT_THREADS, 0, st)
        (halves, d_subs, hot, bottoms, tasks, s->d_ctr, ntasks);
        e = cudaGetLastError();
    }
    if (e == cudaSuccess) {
        GPU_LAUNCH(k_pairs, (unsigned)d->pairs_grid, GPU_PAIR_WARPS * 32, PAIRS_SHARED, st)
        (halves, bottoms, d_subs, tasks, s->d_ctr, ntasks, s->d_ctr + 1,
         (unsigned long long *)s->d_pair[2]);
        e = cudaGetLastError();
    }
    if (e == cudaSuccess)
        e = cudaMemcpyAsync(s->h_pairs, s->d_pair[2], bytes[2], cudaMemcpyDeviceToHost, st);
    if (e == cudaSuccess)
        e = cudaMemcpyAsync(s->h_back, d_subs, bytes[1], cudaMemcpyDeviceToHost, st);
    if (e == cudaSuccess)
        e = cudaMemcpyAsync(s->h_ctr, s->d_ctr, sizeof(unsigned), cudaMemcpyDeviceToHost, st);
    return status_of(e);
}

extern "C" int gpu_backend_pairs_collect(gpu_dev *d, int slot, uint64_t *pairs, uint64_t *halves) {
    if (slot < 0 || slot >= GPU_SLOTS)
        return NQ_EINVAL;
    gpu_slot *s = &d->slot[slot];
    int rc = status_of(cudaSetDevice(d->device));
    if (rc == NQ_OK)
        rc = status_of(cudaStreamSynchronize(s->stream));
    if (rc != NQ_OK)
        return rc == NQ_ENOMEM ? NQ_EDEVICE : rc;
    if (s->h_ctr[0] > s->task_cap)
        return NQ_EDEVICE; /* more tasks than their room: the rooms' bounds are wrong */
    memcpy(pairs, s->h_pairs, s->nsub * sizeof *pairs);
    for (uint32_t j = 0; j < s->nsub; j++)
        halves[j] = (uint64_t)s->h_back[j].nhalf[0] * s->h_back[j].nhalf[1];
    return NQ_OK;
}

extern "C" int gpu_backend_collect(gpu_dev *d, int slot, uint64_t *sols, uint64_t *nodes) {
    if (slot < 0 || slot >= GPU_SLOTS)
        return NQ_EINVAL;
    gpu_slot *s = &d->slot[slot];
    int rc = status_of(cudaSetDevice(d->device));
    if (rc == NQ_OK)
        rc = status_of(cudaStreamSynchronize(s->stream));
    if (rc != NQ_OK)
        return rc == NQ_ENOMEM ? NQ_EDEVICE : rc;
    memcpy(sols, s->h_counts, s->nsub * sizeof *sols);
    memcpy(nodes, s->h_counts + s->nsub, s->nsub * sizeof *nodes);
    return NQ_OK;
}
