/* timing.c: iteration counts and the timed loops */
#include "measure/timing.h"

#include <math.h>
#include <stdlib.h>
#include <time.h>
#include "base/smpi.h"
#include "input/like.h"
#include "measure/clock_guard.h"

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

double warm_collective(struct trial *t, long iters, int pilot)
{
    if (iters < 1 && !pilot)
        return 0;
    if (iters < 1)
        iters = 1;
    return clocked_loop(t, iters) / (double)iters;
}

double warm_pair(struct trial *t, long iters, int pilot)
{
    const struct call *c = t->k.rec->call;
    if (iters < 1 && !pilot)
        return 0;
    if (iters < 1)
        iters = 1;
    if (c->prepare)
        c->prepare(&t->k);
    return clocked_loop(t, iters) / (double)iters;
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

void wait_until(double at)
{
    double now = MPI_Wtime();
    if (MPIGAUGE_SMPI && now < at) {
        double left = at - now;
        struct timespec ts = {(time_t)left, (long)((left - (double)(time_t)left) * 1e9)};
        nanosleep(&ts, NULL);
    }
    guard_spin_until(at);
}

void quiet_wait(MPI_Request *req)
{
    int done = 0;
    MPI_Test(req, &done, MPI_STATUS_IGNORE);
    while (!done) {
        struct timespec pause = {0, 20000};
        nanosleep(&pause, NULL);
        MPI_Test(req, &done, MPI_STATUS_IGNORE);
    }
}

void quiet_barrier(MPI_Comm comm)
{
    /* SMPI's MPI_Test sleeps in simulated time, longer at each call across
     * all ranks: polling waiters become millions of simulation events */
    if (MPIGAUGE_SMPI) {
        MPI_Barrier(comm);
        return;
    }
    MPI_Request req;
    MPI_Ibarrier(comm, &req);
    quiet_wait(&req);
}

int quiet_agree(MPI_Comm comm, int mine)
{
    int most = mine;
    if (MPIGAUGE_SMPI) {
        MPI_Allreduce(&mine, &most, 1, MPI_INT, MPI_MAX, comm);
        return most;
    }
    MPI_Request req;
    MPI_Iallreduce(&mine, &most, 1, MPI_INT, MPI_MAX, comm, &req);
    quiet_wait(&req);
    return most;
}

int round_agree(MPI_Comm comm, int mine)
{
    if (!MPIGAUGE_SMPI)
        return quiet_agree(comm, mine);
    /* the signal and the latest entry; then how long after it the last
     * rank left: three such spans after that entry every rank has left
     * the second agreement (as long as the first), and all enter the
     * third at that instant */
    double in[2] = {mine, MPI_Wtime()}, most[2], late;
    MPI_Allreduce(in, most, 2, MPI_DOUBLE, MPI_MAX, comm);
    double left = MPI_Wtime() - most[1];
    MPI_Allreduce(&left, &late, 1, MPI_DOUBLE, MPI_MAX, comm);
    wait_until(most[1] + 3 * late + 1e-6);
    /* the round starts as an agreement releases ranks that came at once:
     * the same every round, and staggered as the rounds were before */
    int sig = (int)most[0], all;
    MPI_Allreduce(&sig, &all, 1, MPI_INT, MPI_MAX, comm);
    return all;
}

void timer_probe(double *resolution, double *overhead)
{
    /* Under SMPI every read is a simulated step of smpi/wtime (10 ns),
     * the same each time, so 100 reads say what 100000 do; 100000 on
     * every simulated rank were 10^8 steps at 1024 ranks, minutes of
     * the simulation's start (docs/simulated.md) */
    int reads = MPIGAUGE_SMPI ? 100 : 100000;
    double first = MPI_Wtime(), prev = first, step = INFINITY;
    for (int i = 0; i < reads; i++) {
        double t = MPI_Wtime();
        if (t > prev && t - prev < step)
            step = t - prev;
        prev = t;
    }
    *resolution = step;
    *overhead = (prev - first) / reads;
}

void timer_agree(double *resolution, double *overhead, MPI_Comm comm)
{
    int rank, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    const char *skew = getenv("MPIGAUGE_TEST_SKEW");
    if (skew && rank == size - 1)
        *overhead += strtod(skew, NULL);
    double v[2] = {*resolution, *overhead};
    MPI_Bcast(v, 2, MPI_DOUBLE, 0, comm);
    *resolution = v[0];
    *overhead = v[1];
}

void timer_init_spread(double mine, double out[3])
{
    int n;
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    MPI_Reduce(&mine, &out[0], 1, MPI_DOUBLE, MPI_MIN, 0, MPI_COMM_WORLD);
    MPI_Reduce(&mine, &out[1], 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Reduce(&mine, &out[2], 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    out[1] /= n;
    /* under SimGrid's SMPI the monotonic clock times the simulator's own
     * start-up, not the simulated job's (and differs run to run, where
     * every simulated time is the same): not timed */
    if (MPIGAUGE_SMPI)
        out[0] = out[1] = out[2] = NAN;
}
