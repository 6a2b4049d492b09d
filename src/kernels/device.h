/* device.h: buffers in GPU memory (mem=device, mem=managed) for the
 * calls whose row has a staging (registry.h): where they live, how a
 * timed loop and --check's run reach them; uses base/gpu.h. */
#ifndef MPIGAUGE_DEVICE_H
#define MPIGAUGE_DEVICE_H

#include <stddef.h>
#include "base/gpu.h"
#include "kernels/kernel.h"

/* what a call of n elements moves between device and host memory when
 * it is staged (staged=1), in elements of the record's type: spans(k, s)
 * for the call about to run on this rank, out copied device -> host
 * before the call, in host -> device after it (from the receive
 * buffer, or with in_send from the send buffer: BCAST's one buffer).
 * in_loop: the call's own loop stages each message (device_out, device_in: a
 * ping-pong's trips), else device_loop stages around every call. */
struct stage_span {
    size_t out, in;
    int in_send;
};

struct staging {
    void (*spans)(const struct kernel *k, struct stage_span *s);
    int in_loop;
};

/* the staging of a call with CALL_DEVICE (device_spans.c), or NULL */
const struct staging *call_staging(const struct call *c);

struct kernel_mem {
    char *dsbuf, *drbuf;        /* GPU memory, data start (stride bytes in) */
    void *draw_s, *draw_r;      /* as allocated */
    size_t sbytes, rbytes;      /* from the data start */
    int kind[2];                /* enum mem_kind: a pair's initiator's and
                                 * responder's; a collective's both alike */
    int staged;                 /* staged=1: MPI sees the host buffers */
    const struct staging *staging;  /* the call's */
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


#endif
