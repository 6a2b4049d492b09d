/* test_arrivals.c: complete=parrived's round-robin poll and early-bird
 * leads (kernels/p2p_arrivals.c), on a made-up clock that ticks once per
 * MPI_Parrived asked, against leads worked out by hand */
#include "unit.h"

#include "kernels/p2p_arrivals.h"

/* partition p of message m arrives at tick at[m * parts + p]; the clock
 * is the number of polls so far; every poll is logged */
struct fake {
    const int *at;
    int parts;
    int tick, reads;
    int order[64], npolls;
};

static int fake_arrived(void *ctx, int m, int p)
{
    struct fake *f = ctx;
    int id = m * f->parts + p;
    if (f->npolls < 64)
        f->order[f->npolls++] = id;
    f->tick++;
    return f->tick > f->at[id];
}

static double fake_clock(void *ctx)
{
    struct fake *f = ctx;
    f->reads++;
    return f->tick;
}

static double lead_of(int n, int parts, const int *at, struct fake *f, long *count)
{
    struct arrivals a;
    double sum;
    *f = (struct fake){.at = at, .parts = parts};
    arrivals_init(&a, n, parts);
    arrivals_poll(&a, fake_arrived, fake_clock, f);
    arrivals_take(&a, &sum, count);
    arrivals_free(&a);
    return sum;
}

void test_arrivals(void)
{
    struct fake f;
    long n;
    /* all four partitions there before the first pass: first seen at
     * tick 1, last at tick 4: the pass's own 3 polls, the resolution; the
     * clock read twice, at the first and the last */
    int whole[4] = {0, 0, 0, 0};
    CHECK(lead_of(1, 4, whole, &f, &n) == 3 && n == 1);
    CHECK(f.npolls == 4 && f.reads == 2);
    /* the last partition first (threads= marking out of order): partition
     * 3 seen at tick 4; 0..2 there after tick 10: passes 2 and 3 (ticks
     * 5-10) see none, pass 4 sees them at ticks 11, 12, 13: lead 13 - 4 */
    int late[4] = {10, 10, 10, 0};
    CHECK(lead_of(1, 4, late, &f, &n) == 9 && n == 1 && f.reads == 2);
    /* round-robin: the outstanding partitions in order, every pass */
    CHECK(f.order[0] == 0 && f.order[3] == 3 && f.order[4] == 0 && f.order[6] == 2 &&
          f.order[7] == 0);
    /* one partition a message: lead 0, and the clock never read */
    int one[3] = {0, 5, 2};
    CHECK(lead_of(3, 1, one, &f, &n) == 0 && n == 3 && f.reads == 0);
    /* two messages of two partitions, kept apart: message 1's partitions
     * there at once (seen at ticks 3 and 4: lead 1), message 0's second
     * late (its first seen at tick 1, its second polled alone from pass
     * 2 on and seen at tick 8): lead 7; sum 8 */
    int two[4] = {0, 7, 0, 0};
    CHECK(lead_of(2, 2, two, &f, &n) == 8 && n == 2 && f.reads == 4);
    /* the sums are taken once: a second take is empty */
    struct arrivals a;
    double sum;
    arrivals_init(&a, 1, 4);
    f = (struct fake){.at = late, .parts = 4};
    arrivals_poll(&a, fake_arrived, fake_clock, &f);
    f = (struct fake){.at = whole, .parts = 4};
    arrivals_poll(&a, fake_arrived, fake_clock, &f);
    arrivals_take(&a, &sum, &n);
    CHECK(sum == 12 && n == 2);
    arrivals_take(&a, &sum, &n);
    CHECK(sum == 0 && n == 0);
    arrivals_free(&a);
    CHECK(a.left == NULL && a.n == 0);
}
