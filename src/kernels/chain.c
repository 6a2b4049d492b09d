/* chain.c: the chain family, whole: its row, its calls' rows and loops
 * and its plan rule.  Every rank of the communicator at once exchanges
 * with its neighbours at distance= along a periodic chain (rank r sends
 * to r + d and receives from r - d, mod P): IMB-MPI1's Sendrecv and
 * Exchange, which a user compares with the pairwise SENDRECV.  Its one
 * setting, distance=, is a row here into its own struct chain_settings
 * (kept in the record's own storage); nothing outside this file names the
 * family or its setting. */
#include "kernels/kernel.h"

#include <stddef.h>
#include <stdio.h>
#include "kernels/calls.h"
#include "kernels/buf_sizes.h"
#include "registry/settings.h"

struct chain_settings {
    int distance;               /* the neighbours' distance (1) */
};

static const struct chain_settings *chain_settings(const struct record *r)
{
    return (const struct chain_settings *)(const void *)r->own.bytes;
}

static const struct family family_chain;

static const struct setting rows[] = {
    {.owner = &family_chain, .key = "distance", .kind = SETTING_COUNT, .store = STORE_INT,
     .offset = offsetof(struct chain_settings, distance), .dflt = 1, .lo = 1,
     .hi = 1u << 30,
     .help = "the neighbours' distance along the periodic chain (1)"},
};

static int chain_skip(const struct record *r, const struct plan_facts *f, char *why,
                      size_t len);

static const struct family family_chain = {
    .name = "chain", .way = WAY_COMMUNICATOR, .per = "call",
    .moves_data = 1, .bytes_per_us = BYTES_PER_US, .passes = 1,
    .settings = rows, .nsettings = sizeof rows / sizeof rows[0],
    .own_size = OWN_SIZE(struct chain_settings),
    .skip = chain_skip};

/* the neighbours of this rank at the record's distance */
static int right(const struct kernel *k)
{
    return (int)(((long long)k->rank + chain_settings(k->rec)->distance) % k->size);
}

static int left(const struct kernel *k)
{
    int d = (int)(chain_settings(k->rec)->distance % k->size);
    return (k->rank - d + k->size) % k->size;
}

static void run_sendrecv_chain(struct kernel *k, int iters)
{
    int to = right(k), from = left(k), n = (int)k->count;
    for (int i = 0; i < iters; i++)
        MPI_Sendrecv(k->sbuf, n, k->type, to, TAG_DATA, k->rbuf, n, k->type, from,
                     TAG_DATA, k->comm, MPI_STATUS_IGNORE);
}

/* both neighbours at once, as IMB-MPI1 Exchange: MPI_Isend to the right
 * (from the first send slot) and to the left (from the second), MPI_Recv
 * from the left into the first receive slot and from the right into the
 * second, then MPI_Waitall on the two sends */
static void run_exchange_chain(struct kernel *k, int iters)
{
    int to = right(k), from = left(k), n = (int)k->count;
    size_t slot = (size_t)n * (size_t)k->extent;
    MPI_Request req[2];
    for (int i = 0; i < iters; i++) {
        MPI_Isend(k->sbuf, n, k->type, to, TAG_DATA, k->comm, &req[0]);
        MPI_Isend(k->sbuf + slot, n, k->type, from, TAG_DATA, k->comm, &req[1]);
        MPI_Recv(k->rbuf, n, k->type, from, TAG_DATA, k->comm, MPI_STATUS_IGNORE);
        MPI_Recv(k->rbuf + slot, n, k->type, to, TAG_DATA, k->comm, MPI_STATUS_IGNORE);
        waitall(2, req);
    }
}

/* every rank's receive holds its left neighbour's block (and, for
 * EXCHANGE, its right neighbour's after it) */
static void check_chain(struct kernel *k)
{
    size_t n = (size_t)k->count;
    int both = k->rec->call->loop == run_exchange_chain;
    fill_block(k, k->sbuf, n, k->rank, 0);
    if (both)   /* the second send slot: the same block again */
        fill_block(k, k->sbuf + n * (size_t)k->extent, n, k->rank, 0);
    clear_block(k, k->rbuf, both ? 2 * n : n);
    check_run(k);
    expect_block(k, k->rbuf, n, left(k), 0, 0);
    if (both)
        expect_block(k, k->rbuf + n * (size_t)k->extent, n, right(k), 0, n);
}

static void bufs_2n_2n(int p, size_t n, size_t *s, size_t *r)
{
    (void)p;
    *s = 2 * n;
    *r = 2 * n;
}

/* IMB counts both directions: 2 messages a call for Sendrecv, 4 for
 * Exchange (its "BW x4") */
static long long streams_two(int p) { (void)p; return 2; }
static long long streams_four(int p) { (void)p; return 4; }

/* a chain needs two ranks, and a distance that leaves a rank's own place */
static int chain_skip(const struct record *r, const struct plan_facts *f, char *why,
                      size_t len)
{
    int d = chain_settings(r)->distance;
    if (f->min_size < 2)
        snprintf(why, len, "%s needs communicators of 2 ranks or more; the smallest "
                 "%s communicator has %d", r->call->name, r->topo->name, f->min_size);
    else if (d % f->min_size == 0 || d % f->max_size == 0)
        snprintf(why, len, "distance=%d is a multiple of the %d ranks of a %s "
                 "communicator: every rank would be its own neighbour", d,
                 d % f->min_size == 0 ? f->min_size : f->max_size, r->topo->name);
    else
        return 0;
    return 1;
}

static const struct call calls[] = {
    {.name = "SENDRECV_CHAIN", .caps = CALL_DEVICE, .family = &family_chain, .opk = OPK_NONE,
     .legs = 1, .streams = streams_two,
     .buffers = bufs_n_n, .loop = run_sendrecv_chain, .check = check_chain,
     .timing = "time per MPI_Sendrecv while every rank sends to rank + distance= and "
               "receives from rank - distance= along a periodic chain, all at once "
               "(as IMB-MPI1 Sendrecv); mbps counts both directions"},
    {.name = "EXCHANGE", .caps = CALL_DEVICE, .family = &family_chain, .opk = OPK_NONE,
     .mode = MODE_NONBLOCKING,
     .legs = 1, .streams = streams_four,
     .buffers = bufs_2n_2n, .loop = run_exchange_chain, .check = check_chain,
     .timing = "time per exchange with both neighbours at distance= along a periodic "
               "chain (MPI_Isend to each, MPI_Recv from each, MPI_Waitall on the sends), "
               "every rank at once (as IMB-MPI1 Exchange); mbps counts the four "
               "messages (IMB's BW x4)"},
};

const struct table chain_calls = {
    "call", calls, sizeof calls / sizeof calls[0], sizeof calls[0], NULL, NULL,
};
