/* device.h: buffers in GPU memory (mem=device, mem=managed) for the
 * calls with CALL_DEVICE (registry/calls.h): where they live, how a
 * timed loop, a non-blocking post and --check's run reach them; uses
 * base/gpu.h. */
#ifndef MPIGAUGE_DEVICE_H
#define MPIGAUGE_DEVICE_H

#include <stddef.h>
#include "base/gpu.h"
#include "kernels/kernel.h"

/* what a call of n elements moves between device and host memory when
 * it is staged (staged=1), in elements of the record's type: spans(k, s)
 * for the call about to run on this rank, out copied device -> host
 * before the call, in host -> device after it (from the receive
 * buffer, or with in_send from the send buffer: BCAST's one buffer;
 * with whole, out and in are the send and receive buffers' elements and
 * both buffers go out before the call and come in after it).
 * in_loop: the call's own loop stages each message (device_out, device_in: a
 * ping-pong's trips), else device_loop stages around every call. */
struct stage_span {
    size_t out, in;
    int in_send;
    int whole;
};

struct staging {
    void (*spans)(const struct kernel *k, struct stage_span *s);
    int in_loop;
};

/* the staging of a call with CALL_DEVICE (device_spans.c): its row, or
 * the whole buffers both ways; NULL for a call without CALL_DEVICE */
const struct staging *call_staging(const struct call *c);
/* the staging of r: its call's, or with inplace=1 the whole buffers */
const struct staging *record_staging(const struct record *r);
/* the row named so, or NULL (the unit test holds rows to CALL_DEVICE) */
const struct staging *call_staging_row(const char *name);

struct device_bufs {
    char *dsbuf, *drbuf;        /* GPU memory, data start (stride bytes in) */
    void *draw_s, *draw_r;      /* as allocated */
    char *hsbuf, *hrbuf;        /* the host buffers (data start) */
    size_t sbytes, rbytes;      /* from the data start */
    int kind[2];                /* enum mem_kind: a pair's initiator's and
                                 * responder's; a collective's both alike */
    int staged;                 /* staged=1: MPI sees the host buffers */
    /* the GPU buffers are the kernel's (k->sbuf, k->rbuf) for the whole
     * record: every rank's side is device or managed memory alike and
     * MPI is handed them (not staged), so that what a layout, a pair's
     * begin, a persistent init or a post binds is GPU memory; only
     * --check's fill and compare (device_check) see the host ones */
    int resident;
    const struct staging *staging;  /* the call's */
    struct stage_span posted;   /* device_post_out's, for device_post_in */
};

/* Makes k->dev: GPU buffers of sbytes and rbytes (from the data start,
 * stride bytes into each) beside the host ones; device_free undoes it. */
void device_setup(struct kernel *k, size_t sbytes, size_t rbytes);
void device_free(struct kernel *k);

/* the call's timed loop of n calls with the buffers where the record
 * put them: the GPU buffers handed to MPI (a GPU-aware library, or
 * managed memory), or staged through the host buffers */
void device_loop(struct kernel *k, int n);

/* the call's check (fill, run once, verify) with the host buffers in the
 * kernel while it fills and compares (check_run takes the GPU ones for
 * the call itself) */
void device_check(struct kernel *k);

/* a non-blocking post outside device_loop (measure/overlap.c): the
 * staged copies out before it and in after its wait, as device_loop
 * makes them around a call; nothing unless staged */
void device_post_out(struct kernel *k);
void device_post_in(struct kernel *k);

/* check_run and check_run_with (kernel.h) are here too */

#endif
