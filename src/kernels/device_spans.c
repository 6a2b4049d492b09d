/* device_spans.c: what each call that takes mem=device moves between GPU
 * and host memory when staged (device.h: struct staging), in elements
 * of the record's type, on this rank: what it sends before the call,
 * what it received after.  A rank copies only what MPI reads or writes
 * on it (a gather's non-root copies no receive buffer). */
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

/* the calls with CALL_DEVICE, each with its spans: adding one is its
 * caps bit and a row here */
static const struct {
    const char *call;
    struct staging staging;
} rows[] = {
    {"SEND", {spans_n_n, 1}},
    {"SSEND", {spans_n_n, 1}},
    {"ISEND", {spans_n_n, 1}},
    {"ISSEND", {spans_n_n, 1}},
    {"BCAST", {spans_bcast, 0}},
    {"GATHER", {spans_gather, 0}},
    {"SCATTER", {spans_scatter, 0}},
    {"ALLGATHER", {spans_allgather, 0}},
    {"ALLTOALL", {spans_alltoall, 0}},
    {"REDUCE", {spans_reduce, 0}},
    {"ALLREDUCE", {spans_n_n, 0}},
    {"REDUCE_SCATTER_BLOCK", {spans_reduce_scatter_block, 0}},
};

const struct staging *call_staging(const struct call *c)
{
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        if (strcmp(rows[i].call, c->name) == 0)
            return &rows[i].staging;
    return NULL;
}
