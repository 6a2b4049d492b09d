/* ways.c: one size of a record, by its family's way: every pair in turn for
 * point-to-point, every rank at once for collectives, reductions, I/O
 * and the multi-pair and fabric calls (those in phases: one timing each)
 * (BARRIER is barrier_time.c's) */
#include "measure/trial.h"

#include "kernels/device.h"

#include <stdlib.h>
#include <string.h>
#include "base/base.h"
#include "measure/thread_fan.h"
#include "measure/timing.h"
#include "measure/warm.h"
#include "models/schedule.h"
#include "clock/waits.h"

/* calls per block: --time from the pilot (the slowest rank's), else the
 * iterations spread over the blocks; adaptive blocks no longer than
 * ADAPTIVE_BLOCK_S by the warm-up's time per call (none without a
 * warm-up), so that a large message's blocks are many and short: the
 * blocks' count, not their length, is what the interval needs */
static long per_block(const struct options *o, const struct record *r,
                      const struct rule *ru, long iters, double pilot)
{
    if (record_time(r, o) > 0)
        return per_block_for(record_time(r, o), pilot, ru->blocks);
    long n = (iters + ru->blocks - 1) / ru->blocks;
    if (ru->adaptive && pilot > 0) {
        long most = per_block_for(ADAPTIVE_BLOCK_S, pilot, 1);
        n = most < n ? most : n;
    }
    return n;
}

static struct rule size_rule(const struct options *o, const struct record *r,
                             long iters)
{
    struct rule ru = rule_from(o);
    ru.adaptive = record_adaptive(r, o);
    /* never more blocks than iterations asked for (--iters 2: two blocks) */
    if (!ru.adaptive && record_time(r, o) <= 0 && iters < ru.blocks)
        ru.blocks = (int)iters;
    return ru;
}

/* the initiator's samples of a pair: its one-way time, or for a threaded
 * call each thread's own time per message (thread order: gather.c finds
 * thread t at position t of every T) */
static void pair_samples(struct trial *t, int a, int b, double one_way,
                         const double *thread_us, struct sizerun *sr)
{
    int n = t->holds.threads;
    if (!n) {
        sr->mine[sr->n++] = (struct sample){one_way * 1e6, a, b};
        return;
    }
    for (int i = 0; i < n; i++)
        sr->mine[sr->n++] = (struct sample){thread_us[i], a, b};
}

/* the family's per-point quantities: this rank's answers since last
 * asked, each answer's mean added into sr (NULL: the warm-up's, dropped) */
static void take_extras(struct trial *t, struct sizerun *sr)
{
    for (int i = 0; i < t->holds.nextras; i++) {
        double sum = 0;
        long n = 0;
        t->holds.extra[i]->take(&t->k, &sum, &n);
        if (sr && n > 0) {
            sr->extra_sum[i] += sum / (double)n;
            sr->extra_n[i]++;
        }
    }
}

/* one pair (i sends first, j answers), seen from one of them */
static void measure_pair(struct trial *t, int i, int j, long warmup, long iters,
                         struct sizerun *sr)
{
    struct kernel *k = &t->k;
    const struct options *o = t->m->opt;
    const struct topo_comm *tc = t->pl->tc;
    struct rule ru = size_rule(o, k->rec, iters);
    k->initiator = k->rank == i;
    k->peer = k->initiator ? j : i;
    call_pair_begin(k->rec->call, k);
    double pilot = warm_pair(t, warmup, record_time(k->rec, o) > 0);
    const struct family *f = k->rec->call->family;
    if (f->sample_start)                /* each thread's time from here */
        f->sample_start(k);
    take_extras(t, NULL);               /* and the family's quantities' */
    long pb = per_block(o, k->rec, &ru, iters, pilot);
    struct series scratch = {0}, *s = &scratch;
    if (k->initiator)
        s = new_series(sr, tc->places[j].rank);
    if (record_time(k->rec, o) > 0 || ru.adaptive) {   /* the initiator's pilot decides */
        if (k->initiator)
            MPI_Send(&pb, 1, MPI_LONG, k->peer, TAG_PILOT, k->comm);
        else
            MPI_Recv(&pb, 1, MPI_LONG, k->peer, TAG_PILOT, k->comm, MPI_STATUS_IGNORE);
    }
    double one_way = time_pair(t, &ru, pb, s);
    take_extras(t, sr);
    double thread_us[MAX_THREADS];
    if (f->samples)
        f->samples(k, thread_us);
    sample_pair(t, call_sample_count(iters, t->pl->breadth.pairs), sr);
    if (k->initiator)
        pair_samples(t, tc->places[i].rank, tc->places[j].rank, one_way, thread_us, sr);
    series_free(&scratch);
    if (o->check)
        device_check(k);   /* the call's, host buffers in the kernel */
    call_pair_end(k->rec->call, k);
}

/* Every pair (i < j) of the communicator that the record's criterion
 * keeps, in turn, i sending first; the other ranks wait in a barrier that
 * sleeps, outside any timing and off the cores. */
static void measure_in_turn(struct trial *t, long warmup, long iters,
                            struct sizerun *sr)
{
    struct kernel *k = &t->k;
    const struct topo_comm *tc = t->pl->tc;
    const struct pair_filter *pf = k->rec->pf;
    for (int i = 0; i < k->size; i++)
        for (int j = i + 1; j < k->size; j++) {
            if (!pf->keep(&tc->places[i], &tc->places[j], i, j))
                continue;       /* the same decision on every rank */
            if (k->rank == i || k->rank == j)
                measure_pair(t, i, j, warmup, iters, sr);
            quiet_barrier(k->comm);
        }
}

/* ROUNDS: the pairs of each round of the round-robin schedule all at
 * once (disjoint, so every rank is in at most one), a barrier between
 * rounds */
static void measure_rounds(struct trial *t, long warmup, long iters,
                           struct sizerun *sr)
{
    struct kernel *k = &t->k;
    for (int r = 0; r < round_count(k->size); r++) {
        int q = round_partner(k->size, r, k->rank);
        if (q >= 0)
            measure_pair(t, k->rank < q ? k->rank : q, k->rank < q ? q : k->rank,
                         warmup, iters, sr);
        quiet_barrier(k->comm);
    }
}

/* SAMPLE:N: N pairs drawn with SAMPLE_SEED (the same on every rank), in
 * turn */
static void measure_sample(struct trial *t, long warmup, long iters,
                           struct sizerun *sr)
{
    struct kernel *k = &t->k;
    long total = (long)k->size * (k->size - 1) / 2;
    long n = k->rec->sample < total ? k->rec->sample : total;
    int *pi = xmalloc_array((size_t)n + 1, sizeof *pi);
    int *pj = xmalloc_array((size_t)n + 1, sizeof *pj);
    n = sample_pairs(k->size, n, SAMPLE_SEED, pi, pj);
    for (long s = 0; s < n; s++) {
        if (k->rank == pi[s] || k->rank == pj[s])
            measure_pair(t, pi[s], pj[s], warmup, iters, sr);
        quiet_barrier(k->comm);
    }
    free(pi);
    free(pj);
}

static void measure_pairs(struct trial *t, long warmup, long iters,
                          struct sizerun *sr)
{
    const struct pair_filter *pf = t->k.rec->pf;
    if (pf->rounds)
        measure_rounds(t, warmup, iters, sr);
    else if (pf->sample)
        measure_sample(t, warmup, iters, sr);
    else
        measure_in_turn(t, warmup, iters, sr);
}

/* persistent collectives: the size's request, its init call timed on its
 * own after a barrier (freed by measure_collective) */
static void make_request(struct trial *t, struct sizerun *sr)
{
    const struct call *c = t->k.rec->call;
    if (!c->init)
        return;
    MPI_Barrier(t->k.comm);
    double t0 = MPI_Wtime();
    c->init(&t->k);
    sr->init = MPI_Wtime() - t0;
}

/* this rank's sample of one timing of the communicator: its own time per
 * call, or in a phase its pair's (it -> k->peer); none from a rank that
 * sits out (kernel.h: k->sits_out), whose empty loop measured nothing,
 * and its calls leave the counters' means as they were */
static void collective_sample(struct trial *t, double per_call, long calls_before,
                              struct sizerun *sr)
{
    struct kernel *k = &t->k;
    int b = -1;
    if (k->sits_out) {
        t->calls = calls_before;
        return;
    }
    if (t->holds.phases)         /* a sample is its pair's */
        b = t->pl->tc->places[k->peer].rank;
    if (!t->fan) {
        sr->mine[sr->n++] = (struct sample){per_call * 1e6, k->world_rank, b};
        return;
    }
    double us[MAX_THREADS];      /* threads=: each thread's own, in thread order */
    fan_times(t->fan, us);
    for (int i = 0; i < fan_threads(t->fan); i++)
        sr->mine[sr->n++] = (struct sample){us[i], k->world_rank, b};
}

/* collectives, reductions and I/O: every rank of the communicator at once */
static void measure_collective(struct trial *t, long warmup, long iters,
                               struct sizerun *sr)
{
    struct kernel *k = &t->k;
    const struct options *o = t->m->opt;
    struct rule ru = size_rule(o, k->rec, iters);
    long calls_before = t->calls;
    int need_pilot = record_time(k->rec, o) > 0 || o->sync_window;
    if (t->holds.threads)        /* threads=: each on its own communicator */
        fan_start(t);
    make_request(t, sr);
    double pilot = warm_collective(t, warmup, need_pilot);
    take_extras(t, NULL);
    if (t->fan)
        fan_reset(t->fan);       /* each thread's time from here */
    if (need_pilot || ru.adaptive)    /* the slowest rank's time per call decides */
        MPI_Allreduce(MPI_IN_PLACE, &pilot, 1, MPI_DOUBLE, MPI_MAX, k->comm);
    struct series scratch = {0}, *s = k->rank == 0 ? new_series(sr, -1) : &scratch;
    double per_call;
    if (o->sync_window) {
        /* one call a repetition: the blocks' iterations become repetitions */
        long reps = record_time(k->rec, o) > 0
                    ? per_block_for(record_time(k->rec, o), pilot, 1) : iters;
        struct window_plan wp = {&ru, reps, o->window_us * 1e-6, pilot, o->span,
                                 &t->m->clocks, timed_loop, NULL, NULL, 0};
        per_call = time_window(t, &wp, s);
    } else {
        per_call = time_collective(t, &ru, per_block(o, k->rec, &ru, iters, pilot), s);
    }
    series_free(&scratch);
    take_extras(t, sr);
    sample_collective(t, call_sample_count(iters, t->pl->tc->n), sr);
    collective_sample(t, per_call, calls_before, sr);
    if (k->rec->call->post)
        measure_overlap(t, iters, per_call, &sr->ov);
    if (o->check && k->rec->call->check && t->fan)
        fan_check(t->fan, k);
    else if (o->check && k->rec->call->check)
        device_check(k);   /* the call's, host buffers in the kernel */
    if (k->rec->call->init)
        MPI_Request_free(&k->req);
}

/* every rank of the communicator at once, in each of the call's phases
 * (the fabric calls' shifts and permutations), or once */
static void measure_phases(struct trial *t, long warmup, long iters,
                           struct sizerun *sr)
{
    const struct call *c = t->k.rec->call;
    int n = call_phases(c, t->k.rec, t->k.size);
    for (int i = 0; i < n; i++) {
        call_phase(c, &t->k, i);   /* sets the partner (and sits_out) */
        measure_collective(t, warmup, iters, sr);
    }
}

void measure_size(struct trial *t, long warmup, long iters, struct sizerun *sr)
{
    struct kernel *k = &t->k;
    sr->n = 0;
    sr->ncalls = 0;
    sr->nser = 0;
    sr->ncs = 0;
    sr->ov.used = 0;
    sr->init = -1;
    memset(sr->extra_sum, 0, sizeof sr->extra_sum);
    memset(sr->extra_n, 0, sizeof sr->extra_n);
    k->sits_out = 0;
    if (k->comm == MPI_COMM_NULL)
        return;
    const struct call *c = k->rec->call;
    if (c->family->way == WAY_BARRIER) {
        measure_barrier(t, warmup, iters, sr);
        return;
    }
    if (c->layout)
        c->layout(k);
    if (pairwise(c))
        measure_pairs(t, warmup, iters, sr);
    else
        measure_phases(t, warmup, iters, sr);
    if (k->finish)
        k->finish(k);
    k->finish = NULL;
}
