/* device_spans.c: what each call that takes mem=device moves between GPU
 * and host memory when staged (registry.h: struct staging), in elements
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

static int is_root(const struct kernel *k, int i)
{
    return k->rank == call_root(k, i);
}

/* a ping-pong's loop stages each trip itself (p2p.c: mem_out, mem_in) */
static void spans_pingpong(const struct kernel *k, int i, struct stage_span *s)
{
    (void)i;
    s->out = s->in = n_of(k);
}

/* one buffer: the root's goes out, every other rank's comes in */
static void spans_bcast(const struct kernel *k, int i, struct stage_span *s)
{
    int root = is_root(k, i);
    s->out = root ? n_of(k) : 0;
    s->in = root ? 0 : n_of(k);
    s->in_send = 1;
}

static void spans_gather(const struct kernel *k, int i, struct stage_span *s)
{
    s->out = n_of(k);
    s->in = is_root(k, i) ? pn_of(k) : 0;
}

static void spans_scatter(const struct kernel *k, int i, struct stage_span *s)
{
    s->out = is_root(k, i) ? pn_of(k) : 0;
    s->in = n_of(k);
}

static void spans_allgather(const struct kernel *k, int i, struct stage_span *s)
{
    (void)i;
    s->out = n_of(k);
    s->in = pn_of(k);
}

static void spans_alltoall(const struct kernel *k, int i, struct stage_span *s)
{
    (void)i;
    s->out = s->in = pn_of(k);
}

static void spans_reduce(const struct kernel *k, int i, struct stage_span *s)
{
    s->out = n_of(k);
    s->in = is_root(k, i) ? n_of(k) : 0;
}

static void spans_allreduce(const struct kernel *k, int i, struct stage_span *s)
{
    (void)i;
    s->out = s->in = n_of(k);
}

static void spans_reduce_scatter_block(const struct kernel *k, int i, struct stage_span *s)
{
    (void)i;
    s->out = pn_of(k);
    s->in = n_of(k);
}

/* the calls with CALL_DEVICE, each with its spans: adding one is its
 * caps bit and a row here */
static const struct {
    const char *call;
    struct staging staging;
} rows[] = {
    {"SEND", {spans_pingpong, 1}},
    {"SSEND", {spans_pingpong, 1}},
    {"ISEND", {spans_pingpong, 1}},
    {"ISSEND", {spans_pingpong, 1}},
    {"BCAST", {spans_bcast, 0}},
    {"GATHER", {spans_gather, 0}},
    {"SCATTER", {spans_scatter, 0}},
    {"ALLGATHER", {spans_allgather, 0}},
    {"ALLTOALL", {spans_alltoall, 0}},
    {"REDUCE", {spans_reduce, 0}},
    {"ALLREDUCE", {spans_allreduce, 0}},
    {"REDUCE_SCATTER_BLOCK", {spans_reduce_scatter_block, 0}},
};

const struct staging *call_staging(const struct call *c)
{
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        if (strcmp(rows[i].call, c->name) == 0)
            return &rows[i].staging;
    return NULL;
}
