/* device.h: buffers in GPU memory (mem=device, mem=managed) for the
 * calls whose row has a staging (registry.h): where they live, how a
 * timed loop and --check's run reach them; uses base/gpu.h. */
#ifndef MPIGAUGE_DEVICE_H
#define MPIGAUGE_DEVICE_H

#include <stddef.h>
#include "base/gpu.h"
#include "kernels/kernel.h"

struct kernel_mem {
    char *dsbuf, *drbuf;        /* GPU memory, data start (stride bytes in) */
    void *draw_s, *draw_r;      /* as allocated */
    size_t sbytes, rbytes;      /* from the data start */
    int kind[2];                /* enum mem_kind: a pair's initiator's and
                                 * responder's; a collective's both alike */
    int staged;                 /* staged=1: MPI sees the host buffers */
};

/* Makes k->mem: GPU buffers of sbytes and rbytes (from the data start,
 * stride bytes into each) beside the host ones; device_free undoes it. */
void device_setup(struct kernel *k, size_t sbytes, size_t rbytes);
void device_free(struct kernel *k);

/* the call's timed loop of n calls with the buffers where the record
 * put them: the GPU buffers handed to MPI (a GPU-aware library, or
 * managed memory), or staged through the host buffers */
void device_loop(struct kernel *k, int n);

/* check_run (kernel.h) is here too */

/* the row's stagings (device_spans.c) */
extern const struct staging staging_pingpong, staging_bcast, staging_gather,
    staging_scatter, staging_allgather, staging_alltoall, staging_reduce,
    staging_allreduce, staging_reduce_scatter_block;

#endif
