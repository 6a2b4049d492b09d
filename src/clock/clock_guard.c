/* clock_guard.c: MPI_Wtime judged against CLOCK_MONOTONIC (clock_guard.h) */
#include "clock/clock_guard.h"

#include <mpi.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "base/smpi.h"

/* MPI_Wtime read between two reads of CLOCK_MONOTONIC: the read happened
 * somewhere in [lo, hi], however long the rank was descheduled between
 * them, so a rate judged from two readings cannot be fooled by that */
struct reading {
    double lo, wt, hi;
};

static int broken;             /* this rank's clock, once seen broken */
static char seen[160];         /* what was seen */
static struct reading ref;     /* the start of the stretch clock_guard_check judges */
static int ref_set;
static int agreed = -1;        /* the world's lowest broken rank, once agreed */
static char agreed_why[sizeof seen];

/* CLOCK_MONOTONIC, seconds */
static double guard_monotonic(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static struct reading read_both(void)
{
    struct reading r;
    r.lo = guard_monotonic();
    r.wt = MPI_Wtime();
    r.hi = guard_monotonic();
    return r;
}

/* the shortest stretch judged: GUARD_SPAN_S, or 50 ticks of a coarse clock */
static double span(void)
{
    static double s;
    if (s == 0) {
        double ticks = 50 * MPI_Wtick();
        s = ticks > GUARD_SPAN_S ? ticks : GUARD_SPAN_S;
    }
    return s;
}

/* from a to b: -1 while too short to judge, else 1 (broken, said in
 * seen) when MPI_Wtime ran at less than half or more than twice the
 * monotonic clock's rate, 0 when it kept time */
static int judge(const struct reading *a, const struct reading *b)
{
    double least = b->lo - a->hi, most = b->hi - a->lo, moved = b->wt - a->wt;
    if (least < span())
        return -1;
    if (moved >= 0.5 * least && moved <= 2 * most)
        return 0;
    broken = 1;
    if (moved == 0)
        snprintf(seen, sizeof seen, "MPI_Wtime stopped: it read %.9g s on and on for "
                 "%.3g s of CLOCK_MONOTONIC", b->wt, least);
    else
        snprintf(seen, sizeof seen, "MPI_Wtime %s %.3g s in %.3g s of CLOCK_MONOTONIC",
                 moved < 0 ? "went back" : "advanced", moved < 0 ? -moved : moved, least);
    return 1;
}

void stretch_start(struct stretch *s)
{
    s->wt = MPI_Wtime();
    s->mono = MPIGAUGE_SMPI ? 0 : guard_monotonic();
}

double stretch_elapsed(const struct stretch *s)
{
    double wt = MPI_Wtime() - s->wt;
    if (MPIGAUGE_SMPI)
        return wt;
    double mono = guard_monotonic() - s->mono;
    return mono > wt ? mono : wt;
}

/* a wait from start: 1 when it must end (the clock judged broken over
 * the wait, or over the stretch since clock_guard_check last judged it:
 * a clock that jumped back before the wait runs at its rate during it,
 * towards a time as far away as it jumped; or the wait too long) */
static int wait_over(const struct reading *start)
{
    struct reading now = read_both();
    if (judge(start, &now) > 0 || (ref_set && judge(&ref, &now) > 0))
        return 1;
    if (now.lo - start->hi < GUARD_LONGEST_WAIT_S)
        return 0;
    broken = 1;
    snprintf(seen, sizeof seen, "a wait for MPI_Wtime to reach a time went on for "
             "%.3g s of CLOCK_MONOTONIC", now.lo - start->hi);
    return 1;
}

void guard_spin_until(double at)
{
    double now = MPI_Wtime();
    if (MPIGAUGE_SMPI) {
        while (now < at)
            now = MPI_Wtime();
        return;
    }
    if (broken || !(now < at))
        return;
    struct reading start = read_both();
    /* the monotonic clock is read every 1024 spins: the spin's own pace,
     * what a window's start is as exact as, stays MPI_Wtime's */
    for (unsigned i = 1; now < at; i++) {
        now = MPI_Wtime();
        if (i % 1024 == 0 && wait_over(&start))
            return;
    }
}

int clock_guard_check(void)
{
    if (MPIGAUGE_SMPI || broken)
        return broken;
    struct reading now = read_both();
    if (!ref_set) {
        ref = now;
        ref_set = 1;
        return 0;
    }
    if (judge(&ref, &now) >= 0)
        ref = now;
    return broken;
}

static int clock_guard_broken(void)
{
    return broken;
}

int clock_guard_agree(char *why, size_t len)
{
    if (MPIGAUGE_SMPI)
        return -1;
    if (agreed < 0) {
        int rank, size, who;
        MPI_Comm_rank(MPI_COMM_WORLD, &rank);
        MPI_Comm_size(MPI_COMM_WORLD, &size);
        int mine = clock_guard_check() ? rank : size;
        MPI_Allreduce(&mine, &who, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
        if (who == size)
            return -1;
        memcpy(agreed_why, seen, sizeof seen);
        MPI_Bcast(agreed_why, (int)sizeof agreed_why, MPI_CHAR, who, MPI_COMM_WORLD);
        agreed = who;
    }
    snprintf(why, len, "%s", agreed_why);
    return agreed;
}

int clock_guard_final(char *why, size_t len)
{
    double end = guard_monotonic() + span();
    while (!MPIGAUGE_SMPI && !clock_guard_broken() && guard_monotonic() < end) {
        struct timespec pause = {0, 1000000};
        nanosleep(&pause, NULL);
        clock_guard_check();
    }
    return clock_guard_agree(why, len);
}

int clock_guard_agreed(void)
{
    return agreed;
}
