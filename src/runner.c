/* runner.c: one record, size by size: communicator -> buffers -> timed
 * loops -> samples gathered on rank 0 -> writers. */
#include "runner.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "barrier.h"
#include "bench.h"
#include "cache.h"
#include "counters.h"
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
                  const struct run *run)
{
    const struct world *w = &run->world;
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
    b->scratch = run->scratch;
    b->index = res->index;
    b->fh = MPI_FILE_NULL;
    if (b->comm == MPI_COMM_NULL)
        return;
    MPI_Comm_rank(b->comm, &b->rank);
    MPI_Comm_size(b->comm, &b->size);

    size_t s, rcv;
    r->call->buffers(b->size, (size_t)r->max, &s, &rcv);
    size_t sbytes = s * (size_t)b->extent, rbytes = rcv * (size_t)b->extent;
    if (run->opt.cache_cold && r->call->family != FAM_SYNC) {
        /* copies a whole number of pages apart, each at the same stride */
        size_t big = sbytes > rbytes ? sbytes : rbytes;
        b->cold_step = (big + (size_t)r->stride + 64 + 4095) / 4096 * 4096;
        b->ncold = cache_copies(2 * (uint64_t)b->cold_step);
        sbytes = rbytes = b->cold_step * (size_t)b->ncold;
    }
    b->sbuf = aligned(&bufs->sraw, sbytes, r->stride);
    b->rbuf = aligned(&bufs->rraw, rbytes, r->stride);
    b->cold_s = b->sbuf;
    b->cold_r = b->rbuf;
    if (b->ncold) {     /* touch every page now, not in the timed loop */
        memset(bufs->sraw, 0, sbytes);
        memset(bufs->rraw, 0, rbytes);
    }
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

/* What one rank measured at one size: its samples for min/avg/max, the
 * series it contributes (as a communicator's rank 0 or as the first rank
 * of pairs), and, for BARRIER, its communicator's statistics. */
struct sizerun {
    struct sample *mine;
    size_t n;
    struct series *ser;
    int *ser_b;                /* the partner of each series; -1: a communicator */
    int nser;
    struct commstat {
        double mean, median, pred;     /* us */
    } cs;
    int ncs;
};

static struct series *new_series(struct sizerun *sr, int partner)
{
    struct series *s = &sr->ser[sr->nser];
    memset(s, 0, sizeof *s);
    sr->ser_b[sr->nser++] = partner;
    return s;
}

/* calls per block: --time from the pilot (the slowest rank's), else the
 * iterations spread over the blocks */
static long per_block(const struct options *o, long iters, int blocks,
                      double pilot)
{
    if (o->time_per_size > 0)
        return per_block_for(o->time_per_size, pilot, blocks);
    return (iters + blocks - 1) / blocks;
}

static struct rule size_rule(const struct options *o, long iters)
{
    struct rule ru = rule_from(o);
    /* never more blocks than iterations asked for (--iters 2: two blocks) */
    if (!ru.adaptive && o->time_per_size <= 0 && iters < ru.blocks)
        ru.blocks = (int)iters;
    return ru;
}

/* Every pair (i < j) of the communicator that the record's criterion
 * keeps, in turn, i sending first; the other ranks wait in a barrier that
 * sleeps, outside any timing and off the cores. */
static void measure_pairs(struct bench *b, const struct run *run,
                          const struct topo_comm *tc, long warmup, long iters,
                          struct sizerun *sr)
{
    const struct options *o = &run->opt;
    const struct pair_filter *pf = b->rec->pf;
    struct rule ru = size_rule(o, iters);
    for (int i = 0; i < b->size; i++) {
        for (int j = i + 1; j < b->size; j++) {
            if (!pf->keep(&tc->places[i], &tc->places[j], i, j))
                continue;       /* the same decision on every rank */
            if (b->rank == i || b->rank == j) {
                b->initiator = b->rank == i;
                b->peer = b->initiator ? j : i;
                double pilot = warm_pair(b, warmup, o->time_per_size > 0);
                long pb = per_block(o, iters, ru.blocks, pilot);
                struct series scratch = {0}, *s = &scratch;
                if (b->initiator)
                    s = new_series(sr, tc->places[j].rank);
                if (o->time_per_size > 0) {   /* the initiator's pilot decides */
                    if (b->initiator)
                        MPI_Send(&pb, 1, MPI_LONG, b->peer, TAG_PILOT, b->comm);
                    else
                        MPI_Recv(&pb, 1, MPI_LONG, b->peer, TAG_PILOT, b->comm,
                                 MPI_STATUS_IGNORE);
                }
                double t = time_pair(b, &ru, pb, s);
                if (b->initiator)
                    sr->mine[sr->n++] = (struct sample){t * 1e6, tc->places[i].rank,
                                                        tc->places[j].rank};
                series_free(&scratch);
                if (o->check)
                    b->rec->call->check(b);
            }
            quiet_barrier(b->comm);
        }
    }
}

/* Every barrier timed on its own; the communicator's rank 0 keeps the
 * per-iteration maximum over its ranks (the barrier's real duration), its
 * mean and median, and the model's prediction.  Those maxima are also the
 * series the median and its interval come from. */
static void measure_sync(struct bench *b, const struct result *res, long warmup,
                         long iters, struct sizerun *sr)
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
    sr->mine[sr->n++] = (struct sample){mean * 1e6, b->world_rank, -1};
    MPI_Reduce(t, tmax, (int)iters, MPI_DOUBLE, MPI_MAX, 0, b->comm);
    if (b->rank == 0) {
        struct series *s = new_series(sr, -1);
        s->per_block = 1;
        double sum = 0;
        for (long i = 0; i < iters; i++) {
            sum += tmax[i];
            series_add(s, tmax[i] * 1e6);
        }
        sr->cs.mean = sum / (double)iters * 1e6;
        sr->cs.median = median_of(tmax, (size_t)iters) * 1e6;
        sr->cs.pred = pattern && res->tc->have_params
                          ? predict_barrier(&res->bp, &res->tc->pm,
                                            (double)b->count * b->type_size)
                          : NAN;
        sr->ncs = 1;
    }
    free(t);
    free(tmax);
}

/* collectives, reductions and I/O: every rank of the communicator at once */
static void measure_collective(struct bench *b, const struct run *run,
                               long warmup, long iters, struct sizerun *sr)
{
    const struct options *o = &run->opt;
    struct rule ru = size_rule(o, iters);
    int need_pilot = o->time_per_size > 0 || o->sync_window;
    double pilot = warm_collective(b, warmup, need_pilot);
    if (need_pilot)    /* the slowest rank's time per call decides */
        MPI_Allreduce(MPI_IN_PLACE, &pilot, 1, MPI_DOUBLE, MPI_MAX, b->comm);
    struct series scratch = {0}, *s = b->rank == 0 ? new_series(sr, -1) : &scratch;
    double t;
    if (o->sync_window) {
        /* one call a repetition: the blocks' iterations become repetitions */
        long reps = o->time_per_size > 0 ? per_block_for(o->time_per_size, pilot, 1)
                                         : iters;
        t = time_window(b, &ru, reps, o->window_us * 1e-6, pilot, o->span,
                        &run->clocks, s);
    } else {
        t = time_collective(b, &ru, per_block(o, iters, ru.blocks, pilot), s);
    }
    series_free(&scratch);
    sr->mine[sr->n++] = (struct sample){t * 1e6, b->world_rank, -1};
    if (o->check && b->rec->call->check)
        b->rec->call->check(b);
}

static void measure(struct bench *b, const struct run *run,
                    const struct result *res, long warmup, long iters,
                    struct sizerun *sr)
{
    sr->n = 0;
    sr->nser = 0;
    sr->ncs = 0;
    if (b->comm == MPI_COMM_NULL)
        return;
    const struct call *c = res->rec->call;
    if (c->family == FAM_SYNC) {
        measure_sync(b, res, warmup, iters, sr);
        return;
    }
    if (c->layout)
        c->layout(b);
    if (c->family == FAM_P2P)
        measure_pairs(b, run, res->tc, warmup, iters, sr);
    else
        measure_collective(b, run, warmup, iters, sr);
    if (b->finish)
        b->finish(b);
    b->finish = NULL;
}

/* Gathers n bytes from every rank on rank 0; returns the concatenation
 * (rank 0) and its length. */
static void *gather_bytes(const struct world *w, const void *mine, int n,
                          int *total)
{
    int *counts = NULL, *displs = NULL;
    *total = 0;
    if (w->rank == 0) {
        counts = malloc((size_t)w->size * sizeof *counts);
        displs = malloc((size_t)w->size * sizeof *displs);
    }
    MPI_Gather(&n, 1, MPI_INT, counts, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (w->rank == 0)
        for (int r = 0; r < w->size; r++) {
            displs[r] = *total;
            *total += counts[r];
        }
    char *all = w->rank == 0 ? malloc((size_t)*total + 1) : NULL;
    MPI_Gatherv(mine, n, MPI_BYTE, all, counts, displs, MPI_BYTE, 0,
                MPI_COMM_WORLD);
    free(counts);
    free(displs);
    return all;
}

/* The series of every contributor to rank 0, flattened as doubles:
 * a, b, per_block, n, late, then n times; pooled there into the point's
 * median, interval and target, and kept as reps for --raw. */
static void collect_series(const struct run *run, const struct sizerun *sr,
                           struct point *pt)
{
    size_t len = 0;
    for (int i = 0; i < sr->nser; i++)
        len += 5 + sr->ser[i].n;
    double *flat = malloc((len + 1) * sizeof *flat), *p = flat;
    for (int i = 0; i < sr->nser; i++) {
        const struct series *s = &sr->ser[i];
        *p++ = run->world.rank;
        *p++ = sr->ser_b[i];
        *p++ = (double)s->per_block;
        *p++ = (double)s->n;
        *p++ = (double)s->late;
        memcpy(p, s->t, s->n * sizeof *p);
        p += s->n;
    }
    int total;
    double *all = gather_bytes(&run->world, flat, (int)(len * sizeof *flat), &total);
    free(flat);
    if (run->world.rank != 0)
        return;
    size_t n = (size_t)total / sizeof *all, nrep = 0;
    struct rep *reps = malloc((n + 1) * sizeof *reps);
    double *pool = malloc((n + 1) * sizeof *pool);
    for (size_t i = 0; i + 5 <= n;) {
        int a = (int)all[i], b = (int)all[i + 1];
        long pb = (long)all[i + 2], cnt = (long)all[i + 3], late = (long)all[i + 4];
        i += 5;
        if (pb * (cnt + late) > pt->iters)
            pt->iters = pb * (cnt + late);
        pt->late += late;
        for (long k = 0; k < cnt; k++, i++) {
            reps[nrep] = (struct rep){all[i], a, b, k, pb};
            pool[nrep++] = all[i];
        }
    }
    pt->reps = reps;
    pt->blocks = (long)nrep;
    median_ci(pool, nrep, &pt->med, &pt->ci_lo, &pt->ci_hi);
    pt->met = within_target(pt->med, pt->ci_lo, pt->ci_hi, run->opt.target);
    free(pool);
    free(all);
}

/* Per-call counts: the mean over the ranks that made timed calls, and
 * the largest. */
static void collect_papi(const struct world *w, const struct bench *b,
                         struct point *pt)
{
    int n = counters_events();
    if (n == 0)
        return;
    double tot[COUNTERS_MAX], sum[COUNTERS_MAX + 1], max[COUNTERS_MAX];
    double gsum[COUNTERS_MAX + 1];
    counters_take(tot);
    for (int i = 0; i < n; i++) {
        sum[i] = b->calls ? tot[i] / (double)b->calls : 0;
        max[i] = b->calls ? sum[i] : -1;
    }
    sum[n] = b->calls > 0;
    MPI_Reduce(sum, gsum, n + 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Reduce(max, pt->papi_max, n, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    if (w->rank != 0)
        return;
    for (int i = 0; i < n; i++) {
        pt->papi_avg[i] = gsum[n] > 0 ? gsum[i] / gsum[n] : NAN;
        if (pt->papi_max[i] < 0)
            pt->papi_max[i] = NAN;
    }
}

/* Gathers the communicators' BARRIER statistics on rank 0 into their
 * means over communicators. */
static void collect_comms(const struct world *w, const struct sizerun *sr,
                          struct point *pt)
{
    int total;
    struct commstat *all = gather_bytes(w, &sr->cs, sr->ncs * (int)sizeof sr->cs,
                                        &total);
    if (w->rank != 0)
        return;
    int n = total / (int)sizeof *all;
    pt->ncomm = n;
    pt->iter_mean = pt->iter_median = pt->pred = n ? 0 : NAN;
    for (int i = 0; i < n; i++) {
        pt->iter_mean += all[i].mean / n;
        pt->iter_median += all[i].median / n;
        pt->pred += all[i].pred / n;
    }
    free(all);
}

/* Brings every rank's samples and mismatch count to rank 0. */
static void collect(const struct world *w, const struct sizerun *sr,
                    unsigned long mismatches, struct point *pt)
{
    int total;
    struct sample *all = gather_bytes(w, sr->mine, (int)(sr->n * sizeof *sr->mine),
                                      &total);
    MPI_Reduce(&mismatches, &pt->mismatches, 1, MPI_UNSIGNED_LONG, MPI_SUM, 0,
               MPI_COMM_WORLD);
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

static void sizerun_clear(struct sizerun *sr)
{
    for (int i = 0; i < sr->nser; i++)
        series_free(&sr->ser[i]);
    sr->nser = 0;
}

void run_record(struct run *run, struct result *res)
{
    const struct record *r = res->rec;
    struct bench b;
    struct buffers bufs;
    char where[RECORD_TEXT + 64];
    snprintf(where, sizeof where, "record %d (line %d: %s)", res->index, r->line,
             r->text);
    setup(&b, &bufs, res, run);
    b.where = where;

    size_t nsizes = size_sequence(r->min, r->max, r->step, r->value, NULL, 0);
    uint64_t *sizes = malloc(nsizes * sizeof *sizes);
    size_sequence(r->min, r->max, r->step, r->value, sizes, nsizes);
    if (run->world.rank == 0)
        res->pts = calloc(nsizes, sizeof *res->pts);
    struct sizerun sr = {0};
    size_t most = (size_t)b.size + 2;   /* a rank starts at most size - 1 pairs */
    sr.mine = malloc(most * sizeof *sr.mine);
    sr.ser = malloc(most * sizeof *sr.ser);
    sr.ser_b = malloc(most * sizeof *sr.ser_b);

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
        b.calls = 0;
        uint64_t bytes = sizes[k] * (uint64_t)b.type_size;
        long iters, warmup;
        choose_iters(r, &run->opt, sizes[k], bytes, &iters, &warmup);
        MPI_Barrier(MPI_COMM_WORLD);
        /* level 1 marks the measurement for profiling (PMPI) tools */
        MPI_Pcontrol(1);
        measure(&b, run, res, warmup, iters, &sr);
        MPI_Pcontrol(0);
        struct point pt = {.elements = sizes[k], .bytes = bytes,
                           .warmup = warmup, .iter_mean = NAN,
                           .iter_median = NAN, .pred = NAN};
        collect(&run->world, &sr, b.mismatches, &pt);
        collect_series(run, &sr, &pt);
        collect_papi(&run->world, &b, &pt);
        sizerun_clear(&sr);
        if (r->call->family == FAM_SYNC)
            collect_comms(&run->world, &sr, &pt);
        char err[sizeof res->error - 64];
        if (mpierr_collect(err, sizeof err)) {
            /* what this size measured is not trusted; earlier sizes stand */
            free(pt.samples);
            free(pt.reps);
            snprintf(res->error, sizeof res->error, "MPI error at %llu "
                     "elements, %s", (unsigned long long)sizes[k], err);
            break;
        }
        if (run->world.rank == 0) {
            res->pts[res->npts++] = pt;
            res->mismatches += pt.mismatches;
            output_point(run, res, &res->pts[res->npts - 1]);
            /* every repetition is on disk (--raw) or summarised */
            free(res->pts[res->npts - 1].reps);
            res->pts[res->npts - 1].reps = NULL;
        }
        run->signal = interrupt_agreed();
        if (run->signal && k + 1 < nsizes) {
            res->interrupted = 1;
            break;
        }
    }
    res->done = !res->interrupted;
    output_record_end(run, res);
    free(sr.mine);
    free(sr.ser);
    free(sr.ser_b);
    free(sizes);
    teardown(&b, &bufs);
}
