/* device_spans.c: what each call that takes mem=device moves between GPU
 * and host memory when staged (device.h: struct staging), in elements
 * of the record's type, on this rank: what it sends before the call,
 * what it received after.  A rank copies only what MPI reads or writes
 * on it (a gather's non-root copies no receive buffer).  A call with
 * CALL_DEVICE and no row here stages its whole buffers both ways (both
 * buffers out before the call, both in after): what an application that
 * does not follow the call's data would copy, so its staged times are an
 * upper bound; a row makes them exact. */
#include "kernels/device.h"

#include <string.h>

static size_t n_of(const struct kernel *k)
{
    return (size_t)k->count;
}

static size_t pn_of(const struct kernel *k)
{
    return (size_t)k->count * (size_t)k->size;
}

/* a window's messages: a slot each (record_copies) */
static size_t wn_of(const struct kernel *k)
{
    return (size_t)k->count * (size_t)record_copies(k->rec);
}

/* the root of the call about to run (root=rotate: device_loop moves
 * first_call along, call by call) */
static int is_root(const struct kernel *k)
{
    return k->rank == call_root(k, 0);
}

/* the message each way: a ping-pong's trip (whose loop stages each
 * itself, p2p.c: device_out, device_in), ALLREDUCE's call */
static void spans_n_n(const struct kernel *k, struct stage_span *s)
{
    s->out = s->in = n_of(k);
}

/* one buffer: the root's goes out, every other rank's comes in */
static void spans_bcast(const struct kernel *k, struct stage_span *s)
{
    int root = is_root(k);
    s->out = root ? n_of(k) : 0;
    s->in = root ? 0 : n_of(k);
    s->in_send = 1;
}

static void spans_gather(const struct kernel *k, struct stage_span *s)
{
    s->out = n_of(k);
    s->in = is_root(k) ? pn_of(k) : 0;
}

static void spans_scatter(const struct kernel *k, struct stage_span *s)
{
    s->out = is_root(k) ? pn_of(k) : 0;
    s->in = n_of(k);
}

static void spans_allgather(const struct kernel *k, struct stage_span *s)
{
    s->out = n_of(k);
    s->in = pn_of(k);
}

static void spans_alltoall(const struct kernel *k, struct stage_span *s)
{
    s->out = s->in = pn_of(k);
}

static void spans_reduce(const struct kernel *k, struct stage_span *s)
{
    s->out = n_of(k);
    s->in = is_root(k) ? n_of(k) : 0;
}

static void spans_reduce_scatter_block(const struct kernel *k, struct stage_span *s)
{
    s->out = pn_of(k);
    s->in = n_of(k);
}

/* a window one way (BW, its persistent and partitioned forms): the
 * sender's window= messages out, the receiver's in; MSGRATE's senders
 * are the lower half (p2p_stream.c) */
static void spans_stream(const struct kernel *k, struct stage_span *s)
{
    int sends = k->rec->call->family->way == WAY_PAIRS ? k->initiator
                                                         : k->rank < k->size / 2;
    s->out = sends ? wn_of(k) : 0;
    s->in = sends ? 0 : wn_of(k);
}

/* a window both ways (BIBW, MULTI_BIBW) */
static void spans_bistream(const struct kernel *k, struct stage_span *s)
{
    s->out = s->in = wn_of(k);
}

/* no row: both whole buffers at this size, both ways */
static void spans_whole(const struct kernel *k, struct stage_span *s)
{
    size_t send, recv;
    k->rec->call->buffers(k->size, n_of(k), &send, &recv);
    s->out = send * (size_t)record_copies(k->rec);
    s->in = recv * (size_t)record_copies(k->rec);
    s->whole = 1;
}

/* the calls with CALL_DEVICE whose spans are known: adding one is its
 * caps bit, and a row here for exact staged copies (the blocking,
 * non-blocking and persistent forms of a collective move alike) */
static const struct {
    const char *call;
    struct staging staging;
} rows[] = {
    {"SEND", {spans_n_n, 1}}, {"SSEND", {spans_n_n, 1}},
    {"ISEND", {spans_n_n, 1}}, {"ISSEND", {spans_n_n, 1}},
    {"BW", {spans_stream, 0}}, {"BW_INIT", {spans_stream, 0}},
    {"PBW", {spans_stream, 0}}, {"PMSGRATE", {spans_stream, 0}},
    {"MSGRATE", {spans_stream, 0}},
    {"BIBW", {spans_bistream, 0}}, {"BIBW_INIT", {spans_bistream, 0}},
    {"MULTI_BIBW", {spans_bistream, 0}},
    /* the threaded calls: every thread stages its own slots in its own
     * loop (threads_loops.c); the spans are one thread's message */
    {"LATENCY_MT", {spans_n_n, 1}}, {"BW_MT", {spans_n_n, 1}},
    {"MSGRATE_MT", {spans_n_n, 1}},
    {"BCAST", {spans_bcast, 0}}, {"IBCAST", {spans_bcast, 0}},
    {"BCAST_INIT", {spans_bcast, 0}},
    {"GATHER", {spans_gather, 0}}, {"IGATHER", {spans_gather, 0}},
    {"GATHER_INIT", {spans_gather, 0}},
    {"SCATTER", {spans_scatter, 0}}, {"ISCATTER", {spans_scatter, 0}},
    {"SCATTER_INIT", {spans_scatter, 0}},
    {"ALLGATHER", {spans_allgather, 0}}, {"IALLGATHER", {spans_allgather, 0}},
    {"ALLGATHER_INIT", {spans_allgather, 0}},
    {"ALLTOALL", {spans_alltoall, 0}}, {"IALLTOALL", {spans_alltoall, 0}},
    {"ALLTOALL_INIT", {spans_alltoall, 0}},
    {"REDUCE", {spans_reduce, 0}}, {"IREDUCE", {spans_reduce, 0}},
    {"REDUCE_INIT", {spans_reduce, 0}},
    {"ALLREDUCE", {spans_n_n, 0}}, {"IALLREDUCE", {spans_n_n, 0}},
    {"ALLREDUCE_INIT", {spans_n_n, 0}},
    {"SCAN", {spans_n_n, 0}}, {"ISCAN", {spans_n_n, 0}}, {"SCAN_INIT", {spans_n_n, 0}},
    {"REDUCE_SCATTER_BLOCK", {spans_reduce_scatter_block, 0}},
    {"IREDUCE_SCATTER_BLOCK", {spans_reduce_scatter_block, 0}},
    {"REDUCE_SCATTER_BLOCK_INIT", {spans_reduce_scatter_block, 0}},
};

static const struct staging whole = {spans_whole, 0};

const struct staging *call_staging_row(const char *name)
{
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        if (strcmp(rows[i].call, name) == 0)
            return &rows[i].staging;
    return NULL;
}

/* inplace=1: the data is in the receive buffer, which a row's spans do
 * not follow: the whole buffers both ways (issue 59) */
const struct staging *record_staging(const struct record *r)
{
    return r->inplace && call_has(r->call, CALL_DEVICE) ? &whole : call_staging(r->call);
}

const struct staging *call_staging(const struct call *c)
{
    if (!call_has(c, CALL_DEVICE))
        return NULL;
    const struct staging *s = call_staging_row(c->name);
    return s ? s : &whole;
}
