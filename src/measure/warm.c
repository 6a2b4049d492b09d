/* warm.c: a size's warm-up, steady wherever the size comes in the run.
 *
 * A fixed count of a tenth of the iterations warmed a size that came
 * after others, but not the run's first size: there the library's paths,
 * the pages and the cores were still cold, and MSGRATE's first size came
 * out at 0.80 of osu_mbw_mr's rate where later ones reached 0.97-0.99
 * (docs/peers.md).  So the count is now a least: it runs in two halves,
 * and while the last two steps' times per call differ by more than
 * WARM_STEADY, one more step of a half, up to WARM_MORE_STEPS more and
 * WARM_MORE_S seconds of them.  A size that is already warm pays
 * nothing more than the count; one that is not warms until it is.  Steps
 * of a few microseconds can agree while the machine is still waking (the
 * ranks slept in a barrier before the record, and a VM's cores were
 * descheduled), so a record's first warm-up also runs WARM_FIRST_S at
 * least, whatever its steps say (not under SMPI, whose time has no such
 * state).
 * A count the user gave (warmup=, --warmup) is run as given. */
#include "measure/warm.h"

#include <math.h>
#include "base/smpi.h"
#include "clock/clock_guard.h"
#include "kernels/tags.h"
#include "measure/timing.h"

int warm_steady(double prev, double last, long n)
{
    double d = fabs(last - prev);
    if (isnan(d))
        return 0;
    return d <= WARM_STEADY * (prev < last ? prev : last) || d * (double)n <= WARM_FLOOR_S;
}

static int fixed_count(const struct trial *t)
{
    return t->k.rec->warmup >= 0 || t->m->opt->warmup >= 0;
}

/* whether another step is wanted, from this rank's last two steps, the
 * time since its first two and, at the record's first warm-up, the time
 * since it began (least: WARM_FIRST_S there, else 0) */
static int want_more(double prev, double last, long n, int more, double extra_s,
                     double all_s, double least)
{
    if (all_s < least)
        return 1;
    return more < WARM_MORE_STEPS && extra_s < WARM_MORE_S && !warm_steady(prev, last, n);
}

/* The agreement is mpigauge's bookkeeping, not the measurement: level 0
 * of MPI_Pcontrol around it (record_run.c marks the size with level 1)
 * keeps profiling tools, and the tests' fault injector and hang shim,
 * from counting or changing it.  SMPI 3.32 aborts in MPI_Pcontrol. */
static void bookkeeping(int begin)
{
    if (!MPIGAUGE_SMPI)
        MPI_Pcontrol(begin ? 0 : 1);
}

/* the communicator's ranks agree: one more step if any rank wants one */
static int agree_collective(struct trial *t, int mine)
{
    bookkeeping(1);
    MPI_Allreduce(MPI_IN_PLACE, &mine, 1, MPI_INT, MPI_MAX, t->k.comm);
    bookkeeping(0);
    return mine;
}

/* the pair agrees: the initiator decides, as it does for the blocks */
static int agree_pair(struct trial *t, int mine)
{
    struct kernel *k = &t->k;
    bookkeeping(1);
    if (k->initiator)
        MPI_Send(&mine, 1, MPI_INT, k->peer, TAG_CTRL, k->comm);
    else
        MPI_Recv(&mine, 1, MPI_INT, k->peer, TAG_CTRL, k->comm, MPI_STATUS_IGNORE);
    bookkeeping(0);
    return mine;
}

/* one step of n calls: the call's prepare first, outside the clock, as
 * before every block (a ready-mode responder posts the receive that its
 * partner's next send needs there) */
static double step(struct trial *t, long n, int prepare)
{
    const struct call *c = t->k.rec->call;
    if (prepare && c->prepare)
        c->prepare(&t->k);
    return clocked_loop(t, n);
}

static double warm(struct trial *t, long iters, int pair)
{
    int (*agree)(struct trial *, int) = pair ? agree_pair : agree_collective;
    /* threads= on a collective (t->fan) keeps its count in one step, as
     * before the rule: every step wakes and re-synchronises its threads,
     * and hundreds of one-call steps left a GATHER threads=3 hung under
     * Open MPI 4.1 (CI's Open MPI stage, once), whose thread-multiple
     * paths have lost messages before (docs/threads.md) */
    if (iters < 2 || fixed_count(t) || t->fan)
        return step(t, iters, pair) / (double)iters;
    long half = iters / 2;
    double least = !t->warmed && !MPIGAUGE_SMPI ? WARM_FIRST_S : 0;
    /* the times that bound the steps are wall times, agreements in (on
     * oversubscribed cores an agreement takes a time slice, a step of one
     * call a microsecond), and CLOCK_MONOTONIC's: an MPI_Wtime that
     * stopped must not keep the warm-up going (clock/clock_guard.h) */
    struct stretch began, first_two;
    stretch_start(&began);
    double d1 = step(t, iters - half, pair), d2 = step(t, half, pair);
    double prev = d1 / (double)(iters - half), last = d2 / (double)half;
    stretch_start(&first_two);
    t->warmed = 1;
    for (int more = 0;
         agree(t, want_more(prev, last, half, more, stretch_elapsed(&first_two),
                            stretch_elapsed(&began), least));
         more++) {
        prev = last;
        last = step(t, half, pair) / (double)half;
    }
    return last;
}

double warm_collective(struct trial *t, long iters, int pilot)
{
    if (iters < 1 && !pilot)
        return 0;
    return warm(t, iters < 1 ? 1 : iters, 0);
}

double warm_pair(struct trial *t, long iters, int pilot)
{
    if (iters < 1 && !pilot)
        return 0;
    return warm(t, iters < 1 ? 1 : iters, 1);
}
