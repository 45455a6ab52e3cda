/* kernel.h: the table of the counting kernels (kernel.c), as count.c reaches it: the entry of the
 * kernel that a count's scratch memory names. The public side (names, support, the run-time
 * choice) is in nqueens.h (nq_kernel_*). */
#ifndef NQ_KERNEL_H
#define NQ_KERNEL_H

#include "count_kernel.h"
#include "quadrant_kernel.h"

/* count_kernel_search() :
 * The entry of kernel k, which must not be NQ_KERNEL_AUTO (nq_kernel_resolve() first).
 * @return the entry, or NULL if this build lacks the kernel or this CPU cannot run it. */
count_grid_fn *count_kernel_search(nq_kernel k);

/* quadrant_kernel_count() :
 * The quadrant join's count of kernel k (not NQ_KERNEL_AUTO), the same instruction set.
 * @return the count, or NULL if this build lacks the kernel or this CPU cannot run it. */
quadrant_fn *quadrant_kernel_count(nq_kernel k);

/* quadrant_kernel_halves() : the halves' entry of the same kernel (as quadrant_kernel_count()). */
quadrant_halves_fn *quadrant_kernel_halves(nq_kernel k);

#endif /* NQ_KERNEL_H */
