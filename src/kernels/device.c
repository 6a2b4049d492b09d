/* device.c: GPU buffers for a record (mem=device, mem=managed) and the
 * loops that use them.
 *
 * The host buffers (k->sbuf, k->rbuf) stay: --check fills and compares
 * them, and staged=1 hands them to MPI.  The GPU buffers beside them
 * have the same sizes and the same stride.  Three ways to run a call:
 * - host memory (this rank's side of mem=/rmem= is host): the call's
 *   own loop, untouched;
 * - direct: the GPU buffers take the host ones' place in the kernel for
 *   the loop (an MPI that is GPU-aware, or managed memory, which the CPU
 *   and so any MPI may touch);
 * - staged: MPI sees the host buffers; what a call sends is copied from
 *   the GPU first and what it received is copied to the GPU after, all
 *   inside the timing: the call's own loop for the calls that stage each
 *   message (a ping-pong's trips: device_out, device_in), else around every
 *   call of the loop by the call's spans (device_spans.c).
 * The plan (world/devices.c) skips a record before any of this where no
 * GPU was found, or where device memory would reach an MPI that is not
 * GPU-aware without staged=1. */
#include "kernels/device.h"

#include <stdlib.h>
#include "base/base.h"

/* this rank's kind: a pair's initiator or responder; a collective's
 * ranks are all alike (kind[0] == kind[1]) */
static int side_kind(const struct kernel *k)
{
    return k->mem->kind[k->initiator ? 0 : 1];
}

static char *gpu_buffer(void **raw, enum mem_kind kind, size_t bytes, uint64_t stride)
{
    size_t all = bytes + (size_t)stride + 64;
    *raw = gpu_alloc(kind, all);
    gpu_set(*raw, 0, all);      /* zeros, as the host buffers (buffers.c) */
    return (char *)*raw + stride;
}

void device_setup(struct kernel *k, size_t sbytes, size_t rbytes)
{
    struct kernel_mem *m = xcalloc(1, sizeof *m);
    record_mem_kinds(k->rec, m->kind);
    m->staged = k->rec->staged;
    m->staging = call_staging(k->rec->call);
    /* a rank whose sides are host and device (a pair's mem=device
     * rmem=host) may be either: its GPU buffers are the device side's */
    int kind = m->kind[0] != MEM_HOST ? m->kind[0] : m->kind[1];
    m->dsbuf = gpu_buffer(&m->draw_s, kind, sbytes, k->rec->stride);
    m->drbuf = gpu_buffer(&m->draw_r, kind, rbytes, k->rec->stride);
    m->sbytes = sbytes;
    m->rbytes = rbytes;
    k->mem = m;
}

void device_free(struct kernel *k)
{
    if (!k->mem)
        return;
    gpu_free(k->mem->draw_s);
    gpu_free(k->mem->draw_r);
    free(k->mem);
    k->mem = NULL;
}

static size_t span_bytes(const struct kernel *k, size_t elements)
{
    return elements * (size_t)k->extent;
}

void device_out(struct kernel *k)
{
    gpu_copy(k->sbuf, k->mem->dsbuf, span_bytes(k, (size_t)k->count));
}

void device_in(struct kernel *k)
{
    gpu_copy(k->mem->drbuf, k->rbuf, span_bytes(k, (size_t)k->count));
}

/* the row's spans around each of n calls; root=rotate's call i keeps
 * its root (call_root: first_call + i) */
static void staged_around(struct kernel *k, int n)
{
    const struct call *c = k->rec->call;
    int first = k->first_call;
    for (int i = 0; i < n; i++) {
        struct stage_span s = {0, 0, 0};
        k->first_call = first + i;
        k->mem->staging->spans(k, &s);
        gpu_copy(k->sbuf, k->mem->dsbuf, span_bytes(k, s.out));
        c->loop(k, 1);
        if (s.in_send)
            gpu_copy(k->mem->dsbuf, k->sbuf, span_bytes(k, s.in));
        else
            gpu_copy(k->mem->drbuf, k->rbuf, span_bytes(k, s.in));
    }
    k->first_call = first;
}

void device_loop(struct kernel *k, int n)
{
    const struct call *c = k->rec->call;
    if (!k->mem || side_kind(k) == MEM_HOST) {
        c->loop(k, n);
    } else if (!k->mem->staged) {
        char *s = k->sbuf, *r = k->rbuf;
        k->sbuf = k->mem->dsbuf;
        k->rbuf = k->mem->drbuf;
        c->loop(k, n);
        k->sbuf = s;
        k->rbuf = r;
    } else if (k->mem->staging->in_loop) {
        k->in_staged_loop = 1;
        c->loop(k, n);
        k->in_staged_loop = 0;
    } else {
        staged_around(k, n);
    }
}

/* The host send buffer is cleared (check.c's sentinel, gaps and all)
 * while the call runs, so a comparison that passes saw data that came
 * from the GPU buffer; the host receive buffer keeps what the check
 * cleared it to, as the GPU one does, so that a staged copy of a span
 * with gaps (VECTOR:...) hands the GPU the gaps it had. */
void check_run(struct kernel *k)
{
    if (!k->mem || side_kind(k) == MEM_HOST) {
        k->rec->call->loop(k, 1);
        return;
    }
    struct kernel_mem *m = k->mem;
    gpu_copy(m->dsbuf, k->sbuf, m->sbytes);
    gpu_copy(m->drbuf, k->rbuf, m->rbytes);
    clear_block(k, k->sbuf, m->sbytes / (size_t)k->extent);
    device_loop(k, 1);
    gpu_copy(k->sbuf, m->dsbuf, m->sbytes);
    gpu_copy(k->rbuf, m->drbuf, m->rbytes);
}
