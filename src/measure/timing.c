/* timing.c: iteration counts and the timed loops */
#include "measure/timing.h"

#include <math.h>
#include <stdlib.h>
#include <time.h>
#include "base/smpi.h"
#include "input/like.h"
#include "clock/clock_guard.h"

long per_block_for(double seconds, double per_call, int blocks)
{
    if (!(per_call > 0))
        return 1;
    double n = ceil(seconds / per_call / blocks);
    return n < 1 ? 1 : n > (double)(1L << 30) / blocks ? (1L << 30) / blocks : (long)n;
}

long call_legs(const struct record *r)
{
    const struct family *f = r->call->family;
    long legs = f->legs ? f->legs(r) : r->call->legs > 0 ? r->call->legs : 1;
    return legs * record_window(r);
}

/* --like osu|imb: n calls, each timed alone and followed by a barrier
 * outside its timing (osu_allreduce's loop; IMB's -sync 1, its default);
 * the sum of their times */
static double peer_block(struct trial *t, long n)
{
    double sum = 0;
    for (long i = 0; i < n; i++) {
        t->k.first_call = (int)(i % t->k.size);   /* root=rotate goes on rotating */
        sum += timed_block(t, 1, timed_loop, NULL, NULL);
        MPI_Barrier(t->k.comm);
    }
    t->k.first_call = 0;
    return sum;
}

double time_collective(struct trial *t, const struct rule *ru, long per_block,
                       struct series *s)
{
    struct kernel *k = &t->k;
    double total = 0;
    struct stretch started;
    stretch_start(&started);
    long attempts = 0, legs = call_legs(k->rec);
    int more = 1;
    s->per_block = per_block;
    while (more) {
        MPI_Barrier(k->comm);
        double dt = t->m->opt->like ? peer_block(t, per_block)
                                    : timed_block(t, per_block, timed_loop, NULL, NULL);
        double per_call = dt / ((double)per_block * legs), slowest;
        total += dt;
        attempts++;
        /* outside the timing: the block's slowest rank to rank 0, which
         * alone judges the interval */
        MPI_Reduce(&per_call, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, k->comm);
        if (k->rank == 0) {
            series_add(s, slowest * 1e6);
            more = rule_more(ru, s, attempts, stretch_elapsed(&started));
        }
        if (ru->adaptive)
            MPI_Bcast(&more, 1, MPI_INT, 0, k->comm);
        else
            more = attempts < ru->blocks;
    }
    t->calls += attempts * per_block * legs;
    return total / ((double)attempts * (double)per_block * legs);
}

/* the initiator's verdict after a block, passed to its partner when the
 * rule adapts or the partner is a passive one-sided target (which waits
 * in this receive while the origin works, and so drives MPI's progress) */
static int pair_more(struct trial *t, const struct rule *ru, struct series *s,
                     long attempts, const struct stretch *started)
{
    struct kernel *k = &t->k;
    int more = attempts < ru->blocks, tell = ru->adaptive || k->passive_pair;
    if (k->initiator) {
        more = rule_more(ru, s, attempts, stretch_elapsed(started));
        if (tell)
            MPI_Send(&more, 1, MPI_INT, k->peer, TAG_CTRL, k->comm);
    } else if (tell) {
        MPI_Recv(&more, 1, MPI_INT, k->peer, TAG_CTRL, k->comm, MPI_STATUS_IGNORE);
    }
    return more;
}

/* --like osu on point-to-point: n iterations, each timed alone, the sum
 * (a clock read more per iteration: 0.016 us of osu_latency's 0.19 here).
 * The call's prepare runs before each, outside the clock, as before each
 * block (the caller's, for the first): a ready-mode responder posts the
 * receive its partner's next send needs there */
static double each_alone(struct trial *t, long n)
{
    const struct call *c = t->k.rec->call;
    double sum = 0;
    for (long i = 0; i < n; i++) {
        if (i > 0 && c->prepare)
            c->prepare(&t->k);
        sum += timed_block(t, 1, timed_loop, NULL, NULL);
    }
    return sum;
}

/* The ping-pong keeps the pair in step by itself: the responder already
 * waits in its first receive when the initiator starts the clock. */
double time_pair(struct trial *t, const struct rule *ru, long per_block,
                 struct series *s)
{
    const struct call *c = t->k.rec->call;
    double total = 0;
    struct stretch started;
    stretch_start(&started);
    long attempts = 0, legs = call_legs(t->k.rec);
    int more = 1;
    s->per_block = per_block;
    while (more) {
        if (c->prepare)
            c->prepare(&t->k);
        double dt = like_times_each(t->k.rec, t->m->opt->like)
                        ? each_alone(t, per_block)
                        : timed_block(t, per_block, timed_loop, NULL, NULL);
        total += dt;
        attempts++;
        if (t->k.initiator)
            series_add(s, dt / ((double)per_block * legs) * 1e6);
        more = pair_more(t, ru, s, attempts, &started);
    }
    t->calls += attempts * per_block * legs;
    return total / ((double)attempts * (double)per_block * legs);
}
