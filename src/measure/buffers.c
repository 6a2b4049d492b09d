/* buffers.c: the kernel's context for a record, and its buffers.
 *
 * Buffers live for the whole record, sized for its largest message; the
 * data starts stride bytes after a page-aligned address. */
#include "measure/trial.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/base.h"
#include "input/like.h"
#include "kernels/device.h"
#include "lifecycle/mpierr.h"
#include "measure/thread_fan.h"
#include "world/llc_size.h"

/* Every page is written now, as OSU and IMB fill theirs. A page never
 * written is the kernel's one shared zero page on read: a 4 MiB send
 * from it reads one 4 KiB page over and over, from the L1 cache, and BW
 * came out 25-60% above osu_bw. Writing also takes the receive side's
 * first-touch page faults out of the timed loop. Zeros keep every
 * reduction's values exact and free of overflow. */
static char *aligned(void **raw, size_t bytes, uint64_t stride)
{
    size_t all = bytes + (size_t)stride + 64;
    *raw = xmemalign(4096, all);
    memset(*raw, 0, all);
    return (char *)*raw + stride;
}

/* MPI I/O files get the same error handler as the communicators */
static void file_opened(MPI_File fh, int rc)
{
    if (rc != MPI_SUCCESS)
        mpierr_note(rc);
    else
        mpierr_attach_file(fh);
}

static void win_opened(MPI_Comm comm, MPI_Win win)
{
    mpierr_attach(comm);
    mpierr_attach_win(win);
}

/* what the kernel knows of the record, before any buffer */
static void describe(struct kernel *k, struct measurer *m,
                     const struct planned *pl, struct result *res)
{
    const struct record *r = pl->rec;
    memset(k, 0, sizeof *k);
    k->rec = r;
    k->type = type_handle(r->dt);
    MPI_Aint lb;
    MPI_Type_get_extent(k->type, &lb, &k->extent);
    MPI_Type_size(k->type, &k->type_size);
    k->op = r->op ? r->op->handle() : MPI_OP_NULL;
    k->fill = r->op ? r->op->fill : FILL_MOVE;
    k->comm = pl->tc->comm;
    k->world_rank = m->world->rank;
    k->root = r->root;
    k->shared_recv = record_shared_recv(r, m->opt);
    k->own_sends = r->buffers == BUFFERS_MULTIPLE;
    k->scratch = m->scratch;
    k->index = res->index;
    k->file_opened = file_opened;
    k->facts = &res->facts;    /* the I/O family's hints read back */
    k->win_opened = win_opened;
}

/* --cache cold: copies a whole number of pages apart, each at the same
 * stride, together at least twice the last-level cache */
static void cold_copies(struct trial *t, size_t *sbytes, size_t *rbytes)
{
    size_t big = *sbytes > *rbytes ? *sbytes : *rbytes;
    t->cold_step = (big + (size_t)t->k.rec->stride + 64 + 4095) / 4096 * 4096;
    t->ncold = cache_copies(2 * (uint64_t)t->cold_step);
    *sbytes = *rbytes = t->cold_step * (size_t)t->ncold;
}

static void attach_bsend(struct trial *t)
{
    /* two messages may be in the buffer at once: ours and, while the
     * library frees it, the one before */
    int pack;
    MPI_Pack_size((int)t->k.rec->max, t->k.type, t->k.comm, &pack);
    t->attached_size = 2 * (pack + MPI_BSEND_OVERHEAD);
    t->attached = xmalloc((size_t)t->attached_size);
    MPI_Buffer_attach(t->attached, t->attached_size);
}

void trial_setup(struct trial *t, struct measurer *m, const struct planned *pl,
                 struct result *res)
{
    memset(t, 0, sizeof *t);
    t->m = m;
    t->pl = pl;
    t->holds = record_holds(pl->rec, pl->tc ? pl->tc->max_size : 0);
    t->bp = &pl->bp;
    struct kernel *k = &t->k;
    describe(k, m, pl, res);
    if (k->comm == MPI_COMM_NULL)
        return;
    mpierr_attach(k->comm);
    MPI_Comm_rank(k->comm, &k->rank);
    MPI_Comm_size(k->comm, &k->size);
    size_t s, r;
    k->rec->call->buffers(k->size, (size_t)k->rec->max, &s, &r);
    s *= (size_t)record_copies(k->rec);   /* a slot a message of a window, a thread */
    r *= (size_t)record_copies(k->rec);
    size_t sbytes = s * (size_t)k->extent, rbytes = r * (size_t)k->extent;
    if (m->opt->cache_cold && !cache_warm_why(k->rec))
        cold_copies(t, &sbytes, &rbytes);
    k->sbuf = aligned(&t->sraw, sbytes, k->rec->stride);
    k->rbuf = aligned(&t->rraw, rbytes, k->rec->stride);
    t->cold_s = k->sbuf;
    t->cold_r = k->rbuf;
    if (record_wants_gpu(k->rec))    /* mem=device, mem=managed */
        device_setup(k, sbytes, rbytes);
    size_t p = (size_t)k->size;
    k->counts = xcalloc(6 * p, sizeof(int));
    k->displs = k->counts + p;
    k->scounts = k->counts + 2 * p;
    k->sdispls = k->counts + 3 * p;
    k->wsdispls = k->counts + 4 * p;
    k->wrdispls = k->counts + 5 * p;
    k->types = xmalloc_array(p, sizeof *k->types);
    for (size_t i = 0; i < p; i++)
        k->types[i] = k->type;
    if (call_has(k->rec->call, CALL_BSEND))
        attach_bsend(t);
}

void trial_teardown(struct trial *t)
{
    if (t->attached) {
        void *p;
        int size;
        MPI_Buffer_detach(&p, &size);
        free(t->attached);
    }
    device_free(&t->k);
    free(t->sraw);
    free(t->rraw);
    free(t->k.counts);
    free(t->k.types);
    free(t->k.reqs);
    hybrid_free(&t->hy);       /* HYBRID's, unless the result took it */
    fan_free(t->fan);
    t->fan = NULL;
}
