/* halo.c: the halo family, whole: its row, its call (HALO), its settings
 * and its plan rule.  Every rank of the communicator at once exchanges a
 * halo with its neighbours on a periodic grid of dims= dimensions that
 * MPI_Dims_create makes of the communicator (rank order row-major, the
 * first dimension slowest): along each dimension, with the ranks 1, 2,
 * ..., radius= places away on both sides.  dims=2 radius=1 is IMB-P2P's
 * Stencil2D, dims=3 radius=1 its Stencil3D.  Nothing outside this file
 * names the family or its settings. */
#include "kernels/kernel.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include "base/base.h"
#include "kernels/calls.h"
#include "kernels/buf_sizes.h"
#include "registry/settings.h"

struct halo_settings {
    int radius;                 /* neighbours this far along a dimension (1) */
    int dims;                   /* the grid's dimensions (2) */
};

static const struct halo_settings *halo_settings(const struct record *r)
{
    return (const struct halo_settings *)(const void *)r->own.bytes;
}

#define MAX_RADIUS 64

static const struct family family_halo;

static const struct setting rows[] = {
    {.owner = &family_halo, .key = "radius", .kind = SETTING_COUNT, .store = STORE_INT,
     .offset = offsetof(struct halo_settings, radius), .dflt = 1, .lo = 1,
     .hi = MAX_RADIUS,
     .help = "a rank's neighbours reach this many places along each dimension (1)"},
    {.owner = &family_halo, .key = "dims", .kind = SETTING_COUNT, .store = STORE_INT,
     .offset = offsetof(struct halo_settings, dims), .dflt = 2, .lo = 1, .hi = 3,
     .help = "the dimensions of the periodic grid made of the communicator (2)"},
};

/* the messages each way an exchange makes: two a dimension and distance */
static int halo_messages(const struct record *r)
{
    return 2 * halo_settings(r)->dims * halo_settings(r)->radius;
}

/* every slot of the exchange is a message of its window: the buffers hold
 * one send and one receive slot for each (sends from slots of their own,
 * as IMB-P2P's), and the time is per message, as IMB-P2P's t[usec] */
static int halo_window(const struct record *r)
{
    return halo_messages(r);
}

/* the grid of p ranks in d dimensions (MPI_Dims_create; slowest first) */
static void grid(int p, int d, int dims[3])
{
    dims[0] = dims[1] = dims[2] = 0;
    MPI_Dims_create(p, d, dims);
}

/* a grid whose dimension is not longer than radius= would make a rank its
 * own neighbour; the smallest and the largest communicator are asked */
static int halo_skip(const struct record *r, const struct plan_facts *f, char *why,
                     size_t len)
{
    const struct halo_settings *s = halo_settings(r);
    if (f->min_size < 2) {
        snprintf(why, len, "HALO needs communicators of 2 ranks or more; the smallest "
                 "%s communicator has %d", r->topo->name, f->min_size);
        return 1;
    }
    int sizes[2] = {f->min_size, f->max_size};
    for (int i = 0; i < 2; i++) {
        int dims[3];
        grid(sizes[i], s->dims, dims);
        for (int d = 0; d < s->dims; d++)
            if (dims[d] <= s->radius) {
                char dims_text[48];
                int at = snprintf(dims_text, sizeof dims_text, "%d", dims[0]);
                for (int e = 1; e < s->dims; e++)
                    at += snprintf(dims_text + at, sizeof dims_text - (size_t)at, " x %d", dims[e]);
                snprintf(why, len, "dims=%d makes a grid of %s of the %d ranks of a %s "
                         "communicator (MPI_Dims_create): radius=%d reaches round a "
                         "dimension of %d to a rank's own place", s->dims, dims_text,
                         sizes[i], r->topo->name, s->radius, dims[d]);
                return 1;
            }
    }
    return 0;
}

static const struct family family_halo = {
    .name = "halo", .way = WAY_COMMUNICATOR, .per = "message",
    .moves_data = 1, .bytes_per_us = BYTES_PER_US, .passes = 1,
    .settings = rows, .nsettings = sizeof rows / sizeof rows[0],
    .own_size = OWN_SIZE(struct halo_settings),
    .skip = halo_skip,
    .window = halo_window};

/* the halo's state for a size (k->priv): slot j's neighbour, and the
 * requests of one exchange */
struct halo {
    int n;                     /* slots: halo_messages */
    int *peer;                 /* the rank slot j receives from; j ^ 1 is
                                * the rank it sends to from slot j */
    MPI_Request *req;
};

static void halo_finish(struct kernel *k)
{
    struct halo *h = k->priv;
    free(h->peer);
    free(h->req);
    free(h);
    k->priv = NULL;
}

/* Slot 2 (dim radius + d - 1) receives from the rank d places below along
 * dim and slot + 1 from the rank d above; the sends go the other way (slot
 * 2j to above, 2j + 1 to below), so that between any two ranks the i-th
 * message sent meets the i-th receive posted, whatever the grid */
static void layout_halo(struct kernel *k)
{
    const struct halo_settings *s = halo_settings(k->rec);
    struct halo *h = xcalloc(1, sizeof *h);
    int dims[3], stride = k->size, j = 0;
    grid(k->size, s->dims, dims);
    h->n = halo_messages(k->rec);
    h->peer = xmalloc_array((size_t)h->n, sizeof *h->peer);
    h->req = xmalloc_array(2 * (size_t)h->n, sizeof *h->req);
    for (int dim = 0; dim < s->dims; dim++) {
        int len = dims[dim];
        stride /= len;
        int at = k->rank / stride % len;
        for (int d = 1; d <= s->radius; d++) {
            h->peer[j++] = k->rank + ((at - d % len + len) % len - at) * stride;
            h->peer[j++] = k->rank + ((at + d) % len - at) * stride;
        }
    }
    k->priv = h;
    k->finish = halo_finish;
}

static char *slot(const struct kernel *k, char *buf, int j)
{
    return buf + (size_t)j * (size_t)k->count * (size_t)k->extent;
}

static void run_halo(struct kernel *k, int iters)
{
    struct halo *h = k->priv;
    int n = (int)k->count;
    for (int i = 0; i < iters; i++) {
        for (int j = 0; j < h->n; j++)
            MPI_Irecv(slot(k, k->rbuf, j), n, k->type, h->peer[j], TAG_DATA, k->comm,
                      &h->req[j]);
        for (int j = 0; j < h->n; j++)
            MPI_Isend(slot(k, k->sbuf, j), n, k->type, h->peer[j ^ 1], TAG_DATA,
                      k->comm, &h->req[h->n + j]);
        waitall(2 * h->n, h->req);
    }
}

/* every receive slot holds its neighbour's block */
static void check_halo(struct kernel *k)
{
    struct halo *h = k->priv;
    size_t n = (size_t)k->count;
    for (int j = 0; j < h->n; j++) {
        fill_block(k, slot(k, k->sbuf, j), n, k->rank, 0);
        clear_block(k, slot(k, k->rbuf, j), n);
    }
    check_run(k);
    for (int j = 0; j < h->n; j++)
        expect_block(k, slot(k, k->rbuf, j), n, h->peer[j], 0, (size_t)j * n);
}

/* IMB-P2P's bandwidth and message rate are every rank's messages together */
static long long streams_every_rank(int p)
{
    return p;
}

static const struct call calls[] = {
    {.name = "HALO", .family = &family_halo, .caps = CALL_DEVICE | CALL_RATE, .opk = OPK_NONE,
     .mode = MODE_NONBLOCKING,
     .legs = 1, .streams = streams_every_rank, .buffers = bufs_n_n,
     .layout = layout_halo, .loop = run_halo, .check = check_halo,
     .timing = "time per message of a halo exchange, every rank at once: MPI_Irecv "
               "from and MPI_Isend to the ranks 1 to radius= places away on both sides "
               "along each dimension of a periodic grid of dims= dimensions "
               "(MPI_Dims_create), then MPI_Waitall; the exchange's time divided by its "
               "2 x dims x radius messages (dims=2 and 3 with radius=1: IMB-P2P "
               "Stencil2D and Stencil3D, whose t[usec] is per message too); mbps and "
               "msg_rate count every rank's messages (IMB-P2P's aggregate, over the "
               "mean rank's time where IMB takes the slowest rank's)"},
};

const struct table halo_calls = {
    "call", calls, sizeof calls / sizeof calls[0], sizeof calls[0], NULL, NULL,
};
