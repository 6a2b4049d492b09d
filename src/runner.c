/* runner.c: one record, size by size: communicator -> buffers -> timed
 * loops -> samples gathered on rank 0 -> writers. */
#include "runner.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "barrier.h"
#include "bench.h"
#include "interrupt.h"
#include "mpierr.h"
#include "output.h"
#include "params.h"
#include "sizes.h"
#include "timing.h"

void choose_iters(const struct record *r, const struct options *o,
                  uint64_t elements, uint64_t bytes, long *iters, long *warmup)
{
    long dflt = default_iters(bytes);
    if (r->call->bsp)      /* an h-relation is h messages a rank */
        dflt = default_iters_messages(elements);
    *iters = r->iters > 0 ? r->iters : o->iters > 0 ? o->iters : dflt;
    *warmup = r->warmup >= 0 ? r->warmup : o->warmup >= 0 ? o->warmup
                                                          : default_warmup(*iters);
}

/* Buffers live for the whole record, sized for its largest message; the
 * data starts stride bytes after a page-aligned address. */
struct buffers {
    void *sraw, *rraw, *attached;
    int attached_size;
};

static char *aligned(void **raw, size_t bytes, uint64_t stride)
{
    if (posix_memalign(raw, 4096, bytes + (size_t)stride + 64) != 0) {
        fprintf(stderr, "mpigauge: out of memory for a %zu-byte buffer\n", bytes);
        MPI_Abort(MPI_COMM_WORLD, 3);
    }
    return (char *)*raw + stride;
}

static void setup(struct bench *b, struct buffers *bufs, const struct result *res,
                  const struct world *w)
{
    const struct record *r = res->rec;
    memset(b, 0, sizeof *b);
    memset(bufs, 0, sizeof *bufs);
    b->rec = r;
    b->type = r->dt->handle();
    MPI_Aint lb;
    MPI_Type_get_extent(b->type, &lb, &b->extent);
    MPI_Type_size(b->type, &b->type_size);
    b->op = r->op ? r->op->handle() : MPI_OP_NULL;
    b->fill = r->op ? r->op->fill : FILL_MOVE;
    b->comm = res->tc->comm;
    b->world_rank = w->rank;
    b->root = r->root;
    if (b->comm == MPI_COMM_NULL)
        return;
    MPI_Comm_rank(b->comm, &b->rank);
    MPI_Comm_size(b->comm, &b->size);

    size_t s, rcv;
    r->call->buffers(b->size, (size_t)r->max, &s, &rcv);
    b->sbuf = aligned(&bufs->sraw, s * (size_t)b->extent, r->stride);
    b->rbuf = aligned(&bufs->rraw, rcv * (size_t)b->extent, r->stride);
    size_t p = (size_t)b->size;
    b->counts = calloc(4 * p, sizeof(int));
    if (!b->counts)
        MPI_Abort(MPI_COMM_WORLD, 3);
    b->displs = b->counts + p;
    b->scounts = b->counts + 2 * p;
    b->sdispls = b->counts + 3 * p;
    if (r->call->bsend) {
        /* two messages may be in the buffer at once: ours and, while the
         * library frees it, the one before */
        int pack;
        MPI_Pack_size((int)r->max, b->type, b->comm, &pack);
        bufs->attached_size = 2 * (pack + MPI_BSEND_OVERHEAD);
        bufs->attached = malloc((size_t)bufs->attached_size);
        MPI_Buffer_attach(bufs->attached, bufs->attached_size);
    }
}

static void teardown(struct bench *b, struct buffers *bufs)
{
    if (bufs->attached) {
        void *p;
        int size;
        MPI_Buffer_detach(&p, &size);
        free(bufs->attached);
    }
    free(bufs->sraw);
    free(bufs->rraw);
    free(b->counts);
    free(b->reqs);
}

/* Every pair (i < j) of the communicator that the record's criterion
 * keeps, in turn, i sending first; the other ranks wait in a barrier that
 * sleeps, outside any timing and off the cores. */
static size_t measure_pairs(struct bench *b, const struct topo_comm *tc,
                            long warmup, long iters, int check,
                            struct sample *out)
{
    size_t n = 0;
    const struct pair_filter *pf = b->rec->pf;
    for (int i = 0; i < b->size; i++) {
        for (int j = i + 1; j < b->size; j++) {
            if (!pf->keep(&tc->places[i], &tc->places[j], i, j))
                continue;       /* the same decision on every rank */
            if (b->rank == i || b->rank == j) {
                b->initiator = b->rank == i;
                b->peer = b->initiator ? j : i;
                double t = time_pair(b, warmup, iters);
                if (b->initiator)
                    out[n++] = (struct sample){t * 1e6, tc->places[i].rank,
                                               tc->places[j].rank};
                if (check)
                    b->rec->call->check(b);
            }
            quiet_barrier(b->comm);
        }
    }
    return n;
}

/* a communicator's view of a BARRIER size (kept by its rank 0) */
struct commstat {
    double mean, median, pred;     /* us */
};

/* Every barrier timed on its own; the communicator's rank 0 keeps the
 * per-iteration maximum over its ranks (the barrier's real duration), its
 * mean and median, and the model's prediction. */
static size_t measure_sync(struct bench *b, const struct result *res, long warmup,
                           long iters, struct sample *out, struct commstat *cs,
                           int *ncs)
{
    int pattern = res->bp.p > 0;
    struct patrun pr;
    if (pattern)
        patrun_init(&pr, &res->bp, b);
    double *t = malloc((size_t)iters * sizeof *t);
    double *tmax = malloc((size_t)iters * sizeof *tmax);
    double mean = barrier_time(b, pattern ? &pr : NULL, warmup, iters, t);
    if (pattern)
        patrun_free(&pr);
    out[0] = (struct sample){mean * 1e6, b->world_rank, -1};
    MPI_Reduce(t, tmax, (int)iters, MPI_DOUBLE, MPI_MAX, 0, b->comm);
    if (b->rank == 0) {
        double sum = 0;
        for (long i = 0; i < iters; i++)
            sum += tmax[i];
        cs->mean = sum / (double)iters * 1e6;
        cs->median = median_of(tmax, (size_t)iters) * 1e6;
        cs->pred = pattern && res->tc->have_params
                       ? predict_barrier(&res->bp, &res->tc->pm,
                                         (double)b->count * b->type_size)
                       : NAN;
        *ncs = 1;
    }
    free(t);
    free(tmax);
    return 1;
}

static size_t measure(struct bench *b, const struct result *res, long warmup,
                      long iters, int check, struct sample *out,
                      struct commstat *cs, int *ncs)
{
    *ncs = 0;
    if (b->comm == MPI_COMM_NULL)
        return 0;
    const struct call *c = res->rec->call;
    if (c->family == FAM_SYNC)
        return measure_sync(b, res, warmup, iters, out, cs, ncs);
    if (c->layout)
        c->layout(b);
    if (c->family == FAM_P2P)
        return measure_pairs(b, res->tc, warmup, iters, check, out);
    double t = time_collective(b, warmup, iters);
    out[0] = (struct sample){t * 1e6, b->world_rank, -1};
    if (check && c->check)
        c->check(b);
    return 1;
}

/* Gathers the communicators' BARRIER statistics on rank 0 into their
 * means over communicators. */
static void collect_comms(const struct world *w, const struct commstat *cs,
                          int ncs, struct point *pt)
{
    int *counts = NULL, *displs = NULL, total = 0;
    int bytes = ncs * (int)sizeof *cs;
    if (w->rank == 0) {
        counts = malloc((size_t)w->size * sizeof *counts);
        displs = malloc((size_t)w->size * sizeof *displs);
    }
    MPI_Gather(&bytes, 1, MPI_INT, counts, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (w->rank == 0)
        for (int r = 0; r < w->size; r++) {
            displs[r] = total;
            total += counts[r];
        }
    struct commstat *all = w->rank == 0 ? malloc((size_t)total + 1) : NULL;
    MPI_Gatherv(cs, bytes, MPI_BYTE, all, counts, displs, MPI_BYTE, 0, MPI_COMM_WORLD);
    if (w->rank == 0) {
        int n = total / (int)sizeof *all;
        pt->ncomm = n;
        pt->iter_mean = pt->iter_median = pt->pred = n ? 0 : NAN;
        for (int i = 0; i < n; i++) {
            pt->iter_mean += all[i].mean / n;
            pt->iter_median += all[i].median / n;
            pt->pred += all[i].pred / n;
        }
    }
    free(all);
    free(counts);
    free(displs);
}

/* Brings every rank's samples and mismatch count to rank 0. */
static void collect(const struct world *w, struct sample *mine, int nmine,
                    unsigned long mismatches, struct point *pt)
{
    int *counts = NULL, *displs = NULL;
    if (w->rank == 0) {
        counts = malloc((size_t)w->size * sizeof *counts);
        displs = malloc((size_t)w->size * sizeof *displs);
    }
    int bytes = nmine * (int)sizeof *mine;
    MPI_Gather(&bytes, 1, MPI_INT, counts, 1, MPI_INT, 0, MPI_COMM_WORLD);
    int total = 0;
    if (w->rank == 0)
        for (int r = 0; r < w->size; r++) {
            displs[r] = total;
            total += counts[r];
        }
    struct sample *all = w->rank == 0 ? malloc((size_t)total + 1) : NULL;
    MPI_Gatherv(mine, bytes, MPI_BYTE, all, counts, displs, MPI_BYTE, 0,
                MPI_COMM_WORLD);
    MPI_Reduce(&mismatches, &pt->mismatches, 1, MPI_UNSIGNED_LONG, MPI_SUM, 0,
               MPI_COMM_WORLD);
    free(counts);
    free(displs);
    if (w->rank != 0)
        return;
    pt->samples = all;
    pt->nsamples = (size_t)total / sizeof *all;
    double *t = malloc((pt->nsamples + 1) * sizeof *t);
    for (size_t i = 0; i < pt->nsamples; i++)
        t[i] = all[i].t_us;
    pt->s = summarize(t, pt->nsamples);
    free(t);
}

void run_record(struct run *run, struct result *res)
{
    const struct record *r = res->rec;
    struct bench b;
    struct buffers bufs;
    char where[RECORD_TEXT + 64];
    snprintf(where, sizeof where, "record %d (line %d: %s)", res->index, r->line,
             r->text);
    setup(&b, &bufs, res, &run->world);
    b.where = where;

    size_t nsizes = size_sequence(r->min, r->max, r->step, r->value, NULL, 0);
    uint64_t *sizes = malloc(nsizes * sizeof *sizes);
    size_sequence(r->min, r->max, r->step, r->value, sizes, nsizes);
    if (run->world.rank == 0)
        res->pts = calloc(nsizes, sizeof *res->pts);
    struct sample *mine = malloc(((size_t)b.size + 1) * sizeof *mine);

    /* a pattern's prediction needs the pairwise parameters of its
     * communicators: measured once per topology, for the whole run */
    const struct pattern *pat = r->pattern;
    if (pat && (pat->generate || r->pattern_file[0]) && !res->tc->have_params) {
        if (res->tc->comm != MPI_COMM_NULL)
            params_measure(res->tc->comm, &res->tc->pm);
        res->tc->have_params = 1;
        output_params(run, res->tc);
    }
    output_record_begin(run, res);
    for (size_t k = 0; k < nsizes; k++) {
        b.count = (int)sizes[k];
        b.mismatches = 0;
        uint64_t bytes = sizes[k] * (uint64_t)b.type_size;
        long iters, warmup;
        choose_iters(r, &run->opt, sizes[k], bytes, &iters, &warmup);
        MPI_Barrier(MPI_COMM_WORLD);
        /* level 1 marks the measurement for profiling (PMPI) tools */
        MPI_Pcontrol(1);
        struct commstat cs;
        int ncs;
        size_t n = measure(&b, res, warmup, iters, run->opt.check, mine, &cs, &ncs);
        MPI_Pcontrol(0);
        struct point pt = {.elements = sizes[k], .bytes = bytes, .iters = iters,
                           .warmup = warmup, .iter_mean = NAN,
                           .iter_median = NAN, .pred = NAN};
        collect(&run->world, mine, (int)n, b.mismatches, &pt);
        if (r->call->family == FAM_SYNC)
            collect_comms(&run->world, &cs, ncs, &pt);
        char err[sizeof res->error - 64];
        if (mpierr_collect(err, sizeof err)) {
            /* what this size measured is not trusted; earlier sizes stand */
            free(pt.samples);
            snprintf(res->error, sizeof res->error, "MPI error at %llu "
                     "elements, %s", (unsigned long long)sizes[k], err);
            break;
        }
        if (run->world.rank == 0) {
            res->pts[res->npts++] = pt;
            res->mismatches += pt.mismatches;
            output_point(run, res, &res->pts[res->npts - 1]);
        }
        run->signal = interrupt_agreed();
        if (run->signal && k + 1 < nsizes) {
            res->interrupted = 1;
            break;
        }
    }
    res->done = !res->interrupted;
    output_record_end(run, res);
    free(mine);
    free(sizes);
    teardown(&b, &bufs);
}
