/* device.c: GPU buffers for a record (mem=device, mem=managed) and the
 * loops that use them.
 *
 * The host buffers stay: --check fills and compares them, and staged=1
 * hands them to MPI.  The GPU buffers beside them have the same sizes
 * and the same stride.  Three ways to run a call:
 * - host memory (this rank's side of mem=/rmem= is host): the call's
 *   own loop, untouched;
 * - direct: MPI gets the GPU buffers (an MPI that is GPU-aware, or
 *   managed memory, which the CPU and so any MPI may touch).  Where every
 *   rank's side is alike (resident) they are the kernel's buffers for the
 *   whole record, so that a persistent request, a partitioned one, a
 *   one-sided window or a post made outside the timed loop binds them
 *   too; a pair whose sides differ (rmem=) swaps them in around its loop;
 * - staged: MPI sees the host buffers; what a call sends is copied from
 *   the GPU first and what it received is copied to the GPU after, all
 *   inside the timing: the call's own loop for the calls that stage each
 *   message (a ping-pong's trips: device_out, device_in), else around every
 *   call of the loop by the call's spans (device_spans.c).
 * Every touch of the buffers by the host is here: the zeros they start
 * with, the staged copies, and --check's copies in and out (check_run).
 * The plan (world/gpu_world.c) skips a record before any of this where no
 * GPU was found, or where device memory would reach an MPI that is not
 * GPU-aware without staged=1. */
#include "kernels/device.h"

#include <stdlib.h>
#include "base/base.h"

/* this rank's kind: a pair's initiator or responder; a collective's
 * ranks are all alike (kind[0] == kind[1]) */
static int side_kind(const struct kernel *k)
{
    return k->dev->kind[k->initiator ? 0 : 1];
}

static char *gpu_buffer(void **raw, enum mem_kind kind, size_t bytes, uint64_t stride)
{
    size_t all = bytes + (size_t)stride + 64;
    *raw = gpu_alloc(kind, all);
    gpu_set(*raw, 0, all);      /* zeros, as the host buffers (buffers.c) */
    return (char *)*raw + stride;
}

static void use_device(struct kernel *k)
{
    k->sbuf = k->dev->dsbuf;
    k->rbuf = k->dev->drbuf;
}

static void use_host(struct kernel *k)
{
    k->sbuf = k->dev->hsbuf;
    k->rbuf = k->dev->hrbuf;
}

void device_setup(struct kernel *k, size_t sbytes, size_t rbytes)
{
    struct device_bufs *m = xcalloc(1, sizeof *m);
    record_mem_kinds(k->rec, m->kind);
    m->staged = k->rec->staged;
    m->staging = record_staging(k->rec);
    /* a rank whose sides are host and device (a pair's mem=device
     * rmem=host) may be either: its GPU buffers are the device side's */
    int kind = m->kind[0] != MEM_HOST ? m->kind[0] : m->kind[1];
    m->dsbuf = gpu_buffer(&m->draw_s, kind, sbytes, k->rec->stride);
    m->drbuf = gpu_buffer(&m->draw_r, kind, rbytes, k->rec->stride);
    m->hsbuf = k->sbuf;
    m->hrbuf = k->rbuf;
    m->sbytes = sbytes;
    m->rbytes = rbytes;
    m->resident = !m->staged && m->kind[0] == m->kind[1];
    k->dev = m;
    if (m->resident)
        use_device(k);
}

void device_free(struct kernel *k)
{
    if (!k->dev)
        return;
    use_host(k);
    gpu_free(k->dev->draw_s);
    gpu_free(k->dev->draw_r);
    free(k->dev);
    k->dev = NULL;
}

static size_t span_bytes(const struct kernel *k, size_t elements)
{
    return elements * (size_t)k->extent;
}

void device_out(struct kernel *k)
{
    device_out_at(k, 0);
}

void device_in(struct kernel *k)
{
    device_in_at(k, 0);
}

/* the host buffers are the kernel's while a staged loop runs (device_run),
 * so k->sbuf + at is where MPI reads the message */
void device_out_at(struct kernel *k, size_t at)
{
    gpu_copy(k->sbuf + at, k->dev->dsbuf + at, span_bytes(k, (size_t)k->count));
}

void device_in_at(struct kernel *k, size_t at)
{
    gpu_copy(k->dev->drbuf + at, k->rbuf + at, span_bytes(k, (size_t)k->count));
}

/* the spans of the call about to run, device to host */
static void stage_out(struct kernel *k, struct stage_span *s)
{
    struct device_bufs *m = k->dev;
    *s = (struct stage_span){0, 0, 0, 0};
    m->staging->spans(k, s);
    gpu_copy(m->hsbuf, m->dsbuf, span_bytes(k, s->out));
    if (s->whole)
        gpu_copy(m->hrbuf, m->drbuf, span_bytes(k, s->in));
}

/* and what it received, host to device */
static void stage_in(struct kernel *k, const struct stage_span *s)
{
    struct device_bufs *m = k->dev;
    if (s->in_send || s->whole)
        gpu_copy(m->dsbuf, m->hsbuf, span_bytes(k, s->in_send ? s->in : s->out));
    if (!s->in_send)
        gpu_copy(m->drbuf, m->hrbuf, span_bytes(k, s->in));
}

/* the row's spans around each of n calls of run; root=rotate's call i
 * keeps its root (call_root: first_call + i) */
static void staged_around(struct kernel *k, int n, void (*run)(struct kernel *, int))
{
    int first = k->first_call;
    for (int i = 0; i < n; i++) {
        struct stage_span s;
        k->first_call = first + i;
        stage_out(k, &s);
        run(k, 1);
        stage_in(k, &s);
    }
    k->first_call = first;
}

/* this rank's staged path: its side is GPU memory and staged=1 */
static int staging_here(const struct kernel *k)
{
    return k->dev && side_kind(k) != MEM_HOST && k->dev->staged;
}

static void device_run(struct kernel *k, int n, void (*run)(struct kernel *, int))
{
    if (!k->dev || side_kind(k) == MEM_HOST) {
        run(k, n);
    } else if (!k->dev->staged) {
        char *s = k->sbuf, *r = k->rbuf;
        use_device(k);
        run(k, n);
        k->sbuf = s;
        k->rbuf = r;
    } else if (k->dev->staging->in_loop) {
        k->in_staged_loop = 1;
        run(k, n);
        k->in_staged_loop = 0;
    } else {
        staged_around(k, n, run);
    }
}

void device_loop(struct kernel *k, int n)
{
    device_run(k, n, k->rec->call->loop);
}

void device_post_out(struct kernel *k)
{
    if (staging_here(k))
        stage_out(k, &k->dev->posted);
}

void device_post_in(struct kernel *k)
{
    if (staging_here(k))
        stage_in(k, &k->dev->posted);
}

void device_check(struct kernel *k)
{
    if (!k->dev || !k->dev->resident) {
        k->rec->call->check(k);
        return;
    }
    use_host(k);
    k->rec->call->check(k);
    use_device(k);
}

/* Both host buffers are cleared (check.c's sentinel, gaps and all) while
 * the call runs, so a comparison that passes saw data that came from
 * the GPU buffers: an in-place call's data starts in the receive buffer
 * (inplace=1).  A gap the check left cleared stays what the GPU buffer
 * holds, so a staged copy of a span with gaps (VECTOR:...) hands the GPU
 * the gaps it had. */
void check_run_with(struct kernel *k, void (*run)(struct kernel *, int))
{
    if (!k->dev || side_kind(k) == MEM_HOST) {
        run(k, 1);
        return;
    }
    struct device_bufs *m = k->dev;
    gpu_copy(m->dsbuf, m->hsbuf, m->sbytes);
    gpu_copy(m->drbuf, m->hrbuf, m->rbytes);
    clear_block(k, m->hsbuf, m->sbytes / (size_t)k->extent);
    clear_block(k, m->hrbuf, m->rbytes / (size_t)k->extent);
    device_run(k, 1, run);
    gpu_copy(m->hsbuf, m->dsbuf, m->sbytes);
    gpu_copy(m->hrbuf, m->drbuf, m->rbytes);
}

/* a pointer into the GPU buffers the kernel holds for the record, as
 * the same place of the host ones (a one-sided pair's window, result and
 * compare slots were taken from them); any other pointer as it is */
void *device_host_view(const struct kernel *k, void *p)
{
    const struct device_bufs *m = k->dev;
    char *c = p;
    if (!m || !m->resident)
        return p;
    if (c >= m->dsbuf && c <= m->dsbuf + m->sbytes)
        return m->hsbuf + (c - m->dsbuf);
    if (c >= m->drbuf && c <= m->drbuf + m->rbytes)
        return m->hrbuf + (c - m->drbuf);
    return p;
}

void device_push(struct kernel *k)
{
    if (k->dev && k->dev->resident) {
        gpu_copy(k->dev->dsbuf, k->dev->hsbuf, k->dev->sbytes);
        gpu_copy(k->dev->drbuf, k->dev->hrbuf, k->dev->rbytes);
    }
}

void device_pull(struct kernel *k)
{
    if (k->dev && k->dev->resident) {
        gpu_copy(k->dev->hsbuf, k->dev->dsbuf, k->dev->sbytes);
        gpu_copy(k->dev->hrbuf, k->dev->drbuf, k->dev->rbytes);
    }
}

void device_copy_span(struct kernel *k, void *dst, const void *src, size_t bytes)
{
    if (k->dev && dst != src)
        gpu_copy(dst, src, bytes);
}

void device_call(struct kernel *k, void (*run)(struct kernel *, int))
{
    device_run(k, 1, run);
}

void check_run(struct kernel *k)
{
    check_run_with(k, k->rec->call->loop);
}
