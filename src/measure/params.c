/* params.c: the pairwise parameters of section 5.6.3 of Meyer's thesis,
 * once per topology for the whole run.  Up to TURNS_MAX ranks every
 * ordered pair is measured in turn while the other ranks sleep in a
 * barrier (the thesis's way: P (P - 1) pairs one after another).  Beyond,
 * that is unaffordable (40 simulated minutes at 144 ranks on GigE), and
 * the pairs are measured in the P - 1 rounds of disjoint pairs of
 * models/schedule.h, all pairs of a round at once, with fewer repetitions
 * of the messages over 1 KiB; then VERIFY pairs, drawn at random, are
 * measured again alone and the largest relative difference of each
 * matrix is reported beside the parameters. */
#include "measure/params.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "base/base.h"
#include "kernels/barrier.h"
#include "measure/interrupt.h"
#include "measure/timing.h"
#include "models/schedule.h"
#include "models/stats.h"

#define REPS PARAM_REPS
#define MAX_REQS PARAM_MAX_REQS
#define MAX_POW PARAM_MAX_POW
#define SMALL_POW PARAM_SMALL_POW
#define TURNS_MAX PARAM_TURNS_MAX
#define BIG_REPS PARAM_BIG_REPS
#define VERIFY PARAM_VERIFY

/* repetitions of 2^e bytes: fewer for large messages in rounds */
static int reps_for(int e, int rounds)
{
    return rounds && e > SMALL_POW ? BIG_REPS : REPS;
}

/* O_i: starting and completing p requests that communicate nothing */
static double invocation(int p)
{
    MPI_Request *r = xmalloc_array((size_t)p, sizeof *r);
    for (int k = 0; k < p; k++)
        MPI_Send_init(NULL, 0, MPI_BYTE, MPI_PROC_NULL, TAG_PARAM, MPI_COMM_SELF, &r[k]);
    double t[REPS];
    for (int i = 0; i < REPS; i++) {
        double t0 = MPI_Wtime();
        MPI_Startall(p, r);
        waitall(p, r);
        t[i] = (MPI_Wtime() - t0) * 1e6;
    }
    for (int k = 0; k < p; k++)
        MPI_Request_free(&r[k]);
    free(r);
    return median_of(t, REPS);
}

/* the per-message cost: the slope of y[k - 1], the median time of k
 * messages, against k = 1..MAX_REQS (0 when no positive slope fits) */
static double per_message(const double *y)
{
    double x[MAX_REQS];
    for (int k = 1; k <= MAX_REQS; k++)
        x[k - 1] = k;
    struct fit f = fit_linear(x, y, MAX_REQS);
    return f.ok && f.beta > 0 ? f.beta : 0;
}

/* O_ij from the sender i: the slope of the time to start and complete k
 * zero-byte sends at once against k.  The receives are not posted in
 * advance (thesis 5.6.3; a waiting receiver is condition 2's case): i
 * tells j to begin and starts at once, j posts its receives when the
 * word arrives. */
static double per_request(MPI_Comm comm, int me, int i, int j)
{
    MPI_Request r[MAX_REQS];
    double y[MAX_REQS], t[REPS];
    for (int k = 1; k <= MAX_REQS; k++) {
        for (int q = 0; q < k; q++) {
            if (me == i)
                MPI_Send_init(NULL, 0, MPI_BYTE, j, TAG_PARAM, comm, &r[q]);
            else
                MPI_Recv_init(NULL, 0, MPI_BYTE, i, TAG_PARAM, comm, &r[q]);
        }
        for (int rep = 0; rep < REPS; rep++) {
            if (me == j) {
                MPI_Recv(NULL, 0, MPI_BYTE, i, TAG_PARAM_READY, comm, MPI_STATUS_IGNORE);
                MPI_Startall(k, r);
                waitall(k, r);
                /* the next repetition begins after this one is done */
                MPI_Send(NULL, 0, MPI_BYTE, i, TAG_PARAM_READY, comm);
            } else {
                MPI_Send(NULL, 0, MPI_BYTE, j, TAG_PARAM_READY, comm);
                double t0 = MPI_Wtime();
                MPI_Startall(k, r);
                waitall(k, r);
                t[rep] = (MPI_Wtime() - t0) * 1e6;
                MPI_Recv(NULL, 0, MPI_BYTE, j, TAG_PARAM_READY, comm, MPI_STATUS_IGNORE);
            }
        }
        for (int q = 0; q < k; q++)
            MPI_Request_free(&r[q]);
        y[k - 1] = me == i ? median_of(t, REPS) : 0;
    }
    return me == i ? per_message(y) : 0;
}

/* R_ij on the receiver: the slope of the time to complete k zero-byte
 * receives from the sender against k, the messages already there (the
 * sender sends them, then a word on another tag; the receiver starts its
 * clock once the word is in).  What a rank pays per signal when signals
 * arrive together: an isolated LINEAR barrier's root takes P - 1 at once.
 * L_ij holds this work too, but as flight, which cannot queue: the model
 * takes it out of L_ij and puts it on the receiver's processor.  Under
 * SMPI it is the platform's receive cost (2 us between hosts of
 * thesis-8x2x4); without it isolated LINEAR barriers were predicted 8-26%
 * low there (docs/thesis-at-scale.md, "Isolated barriers"). */
static double per_receive(MPI_Comm comm, int me, int recv, int send)
{
    MPI_Request r[MAX_REQS];
    double y[MAX_REQS], t[REPS];
    for (int k = 1; k <= MAX_REQS; k++) {
        for (int q = 0; me == recv && q < k; q++)
            MPI_Recv_init(NULL, 0, MPI_BYTE, send, TAG_PARAM, comm, &r[q]);
        for (int rep = 0; rep < REPS; rep++) {
            if (me == send) {
                for (int q = 0; q < k; q++)
                    MPI_Send(NULL, 0, MPI_BYTE, recv, TAG_PARAM, comm);
                MPI_Send(NULL, 0, MPI_BYTE, recv, TAG_PARAM_READY, comm);
                MPI_Recv(NULL, 0, MPI_BYTE, recv, TAG_PARAM_READY, comm,
                         MPI_STATUS_IGNORE);
                continue;
            }
            MPI_Recv(NULL, 0, MPI_BYTE, send, TAG_PARAM_READY, comm, MPI_STATUS_IGNORE);
            double t0 = MPI_Wtime();
            MPI_Startall(k, r);
            waitall(k, r);
            t[rep] = (MPI_Wtime() - t0) * 1e6;
            MPI_Send(NULL, 0, MPI_BYTE, send, TAG_PARAM_READY, comm);
        }
        for (int q = 0; me == recv && q < k; q++)
            MPI_Request_free(&r[q]);
        y[k - 1] = me == recv ? median_of(t, REPS) : 0;
    }
    return me == recv ? per_message(y) : 0;
}

/* the median of REPS zero-byte ping-pongs between me and other, us, on
 * the rank that starts them (first) and its partner alike */
static double round_trip(MPI_Comm comm, int me, int first, int other)
{
    double t[REPS];
    for (int rep = 0; rep < REPS; rep++) {
        double t0 = MPI_Wtime();
        if (me == first) {
            MPI_Send(NULL, 0, MPI_BYTE, other, TAG_PARAM, comm);
            MPI_Recv(NULL, 0, MPI_BYTE, other, TAG_PARAM, comm, MPI_STATUS_IGNORE);
        } else {
            MPI_Recv(NULL, 0, MPI_BYTE, first, TAG_PARAM, comm, MPI_STATUS_IGNORE);
            MPI_Send(NULL, 0, MPI_BYTE, first, TAG_PARAM, comm);
        }
        t[rep] = (MPI_Wtime() - t0) * 1e6;
    }
    return median_of(t, REPS);
}

/* R1_ij on the receiver: the median time to start and complete one
 * zero-byte receive from the sender whose signal arrived while the
 * receiver was outside MPI (it tells the sender to send, then waits four
 * round trips on its clock), less its call overhead O_i.  What a rank
 * pays for a signal it takes up on its own, not together with others as
 * R_ij's are: over TCP between two simulated hosts here 1.5 us against
 * R_ij's 0.05, of a one-way time of 3.5 of which the sender's O_ij is
 * 2.3.  predict.c puts it on the receiver's processor, where it queues
 * behind the rank's own sends (an exchange of two ranks one of which is
 * late). */
static double lone_receive(MPI_Comm comm, int me, int recv, int send, double o)
{
    double away = 4 * round_trip(comm, me, recv, send) * 1e-6, t[REPS];
    for (int rep = 0; rep < REPS; rep++) {
        if (me == send) {
            MPI_Recv(NULL, 0, MPI_BYTE, recv, TAG_PARAM_READY, comm, MPI_STATUS_IGNORE);
            MPI_Send(NULL, 0, MPI_BYTE, recv, TAG_PARAM, comm);
            continue;
        }
        MPI_Request r;
        MPI_Recv_init(NULL, 0, MPI_BYTE, send, TAG_PARAM, comm, &r);
        MPI_Send(NULL, 0, MPI_BYTE, send, TAG_PARAM_READY, comm);
        wait_until(MPI_Wtime() + away);
        double t0 = MPI_Wtime();
        MPI_Start(&r);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
        t[rep] = (MPI_Wtime() - t0) * 1e6;
        MPI_Request_free(&r);
    }
    if (me != recv)
        return 0;
    double r1 = median_of(t, REPS) - o;
    return r1 > 0 ? r1 : 0;
}

/* one zero-byte ping-pong from i with j on persistent requests (a
 * barrier's signals are), r[0] the send, r[1] the receive; its time on i,
 * us */
static double ping_pong(int me, int i, MPI_Request *r)
{
    double t0 = MPI_Wtime();
    for (int k = 0; k < 2; k++) {
        MPI_Request *q = &r[(me == i) == (k == 0) ? 0 : 1];
        MPI_Start(q);
        MPI_Wait(q, MPI_STATUS_IGNORE);
    }
    return (MPI_Wtime() - t0) * 1e6;
}

/* S_ij from i: half the difference between the medians of REPS zero-byte
 * ping-pongs of synchronous and of standard sends, on persistent
 * requests as a barrier's signals are: what a receiver's acknowledging a
 * synchronous signal adds to a chain of them.  Over TCP between two
 * simulated hosts here 2.8-3.1 us where a signal's O_ij is 2.3: with O_ij
 * in its place synchronous LINEAR and TREE barriers were predicted 12-15%
 * low.  Under MPICH's shared memory the first 25-75 synchronous
 * ping-pongs took two to three times as long as the ones after, and so
 * did the first ones after standard ones (S 0.4-0.65 us against 0.2 from
 * the SSEND records): PARAM_ACK_WARMUP untimed synchronous ones first,
 * then the synchronous ones timed, then the standard ones. */
static double acknowledgement(MPI_Comm comm, int me, int i, int j)
{
    int other = me == i ? j : i;
    double t[2][REPS];
    MPI_Request r[2][2];
    for (int sync = 0; sync < 2; sync++) {
        if (sync)
            MPI_Ssend_init(NULL, 0, MPI_BYTE, other, TAG_PARAM, comm, &r[sync][0]);
        else
            MPI_Send_init(NULL, 0, MPI_BYTE, other, TAG_PARAM, comm, &r[sync][0]);
        MPI_Recv_init(NULL, 0, MPI_BYTE, other, TAG_PARAM, comm, &r[sync][1]);
    }
    for (int w = 0; w < PARAM_ACK_WARMUP; w++)
        ping_pong(me, i, r[1]);
    for (int sync = 1; sync >= 0; sync--)
        for (int rep = 0; rep < REPS; rep++)
            t[sync][rep] = ping_pong(me, i, r[sync]);
    for (int sync = 0; sync < 2; sync++)
        for (int k = 0; k < 2; k++)
            MPI_Request_free(&r[sync][k]);
    if (me != i)
        return 0;
    double s = (median_of(t[1], REPS) - median_of(t[0], REPS)) / 2;
    return s > 0 ? s : 0;
}

/* L_ij, B_ij from the initiator i: the one-way time of a ping-pong
 * against bytes, 2^0 to 2^20, followed back to 0 bytes by least squares
 * (the thesis's L_ij); small: the same over 2^0 to 2^10 by relative error
 * (weights 1/t^2), mpigauge's earlier variant */
static void latency(MPI_Comm comm, int me, int i, int j, char *buf, int rounds,
                    double *l, double *b, double *small)
{
    double x[MAX_POW + 1], y[MAX_POW + 1], t[REPS];
    int other = me == i ? j : i;
    for (int e = 0; e <= MAX_POW; e++) {
        int n = 1 << e, reps = reps_for(e, rounds);
        for (int rep = 0; rep < reps; rep++) {
            if (me == i) {
                double t0 = MPI_Wtime();
                MPI_Send(buf, n, MPI_BYTE, other, TAG_PARAM, comm);
                MPI_Recv(buf, n, MPI_BYTE, other, TAG_PARAM, comm, MPI_STATUS_IGNORE);
                t[rep] = (MPI_Wtime() - t0) * 1e6 / 2;
            } else {
                MPI_Recv(buf, n, MPI_BYTE, other, TAG_PARAM, comm, MPI_STATUS_IGNORE);
                MPI_Send(buf, n, MPI_BYTE, other, TAG_PARAM, comm);
            }
        }
        x[e] = n;
        y[e] = me == i ? median_of(t, reps) : 0;
    }
    *l = *b = *small = 0;
    if (me != i)
        return;
    struct fit f = fit_linear(x, y, MAX_POW + 1);
    if (f.ok) {
        *l = f.alpha > 0 ? f.alpha : 0;
        *b = f.beta > 0 ? f.beta : 0;
    }
    f = fit_linear_relative(x, y, SMALL_POW + 1);
    if (f.ok)
        *small = f.alpha > 0 ? f.alpha : 0;
}

/* X_ij from i: the median time of a zero-byte exchange, i and j each
 * starting a send to the other and a receive from it (persistent
 * requests, MPI_Startall + MPI_Waitall, as a barrier stage does), back
 * to back so that each exchange starts both sides together.  Over TCP
 * between two hosts here it was 6.99 us against a one-way 4.78: a rank
 * that sends and receives at once is slower than either alone. */
static double exchange(MPI_Comm comm, int me, int i, int j)
{
    int other = me == i ? j : i;
    MPI_Request r[2];
    double t[REPS];
    MPI_Send_init(NULL, 0, MPI_BYTE, other, TAG_PARAM, comm, &r[0]);
    MPI_Recv_init(NULL, 0, MPI_BYTE, other, TAG_PARAM, comm, &r[1]);
    for (int rep = 0; rep < 2; rep++) {   /* untimed: the pair falls in step */
        MPI_Startall(2, r);
        waitall(2, r);
    }
    for (int rep = 0; rep < REPS; rep++) {
        double t0 = MPI_Wtime();
        MPI_Startall(2, r);
        waitall(2, r);
        t[rep] = (MPI_Wtime() - t0) * 1e6;
    }
    MPI_Request_free(&r[0]);
    MPI_Request_free(&r[1]);
    return median_of(t, REPS);
}

/* the pair i, j seen from one of them: O_ij (and O_ji), then L_ij */
static void measure_pair(MPI_Comm comm, int me, int i, int j, char *buf,
                         int rounds, struct params *pm)
{
    int p = pm->p;
    double o = per_request(comm, me, i, j);
    if (me == i)
        pm->oij[(size_t)i * p + j] = o;
    if (pm->rij) {
        double r = per_receive(comm, me, j, i);
        if (me == j)
            pm->rij[(size_t)j * p + i] = r;
    }
    if (pm->r1ij) {
        double r = lone_receive(comm, me, j, i, pm->o[me]);
        if (me == j)
            pm->r1ij[(size_t)j * p + i] = r;
    }
    if (i > j)
        return;
    double l, b, small;
    latency(comm, me, i, j, buf, rounds, &l, &b, &small);
    if (me == i) {
        pm->lij[(size_t)i * p + j] = pm->lij[(size_t)j * p + i] = l;
        pm->bij[(size_t)i * p + j] = pm->bij[(size_t)j * p + i] = b;
        pm->lsm[(size_t)i * p + j] = pm->lsm[(size_t)j * p + i] = small;
    }
    if (pm->xij) {
        double x = exchange(comm, me, i, j);
        if (me == i)
            pm->xij[(size_t)i * p + j] = pm->xij[(size_t)j * p + i] = x;
    }
    if (pm->sij) {
        double a = acknowledgement(comm, me, i, j);
        if (me == i)
            pm->sij[(size_t)i * p + j] = pm->sij[(size_t)j * p + i] = a;
    }
    if (!pm->tail)
        return;
    float *ij = pm->tail + ((size_t)i * p + j) * PARAM_TAIL_BINS;
    param_tail(comm, me, i, j, ij);
    if (me == i)               /* a round trip is the same both ways */
        memcpy(pm->tail + ((size_t)j * p + i) * PARAM_TAIL_BINS, ij,
               PARAM_TAIL_BINS * sizeof *ij);
}

/* each value was measured on one rank and is 0 elsewhere */
static void sum_over_ranks(MPI_Comm comm, struct params *pm)
{
    int p = pm->p, pp = p * p;
    MPI_Allreduce(MPI_IN_PLACE, pm->o, p, MPI_DOUBLE, MPI_SUM, comm);
    MPI_Allreduce(MPI_IN_PLACE, pm->oij, pp, MPI_DOUBLE, MPI_SUM, comm);
    MPI_Allreduce(MPI_IN_PLACE, pm->lij, pp, MPI_DOUBLE, MPI_SUM, comm);
    MPI_Allreduce(MPI_IN_PLACE, pm->bij, pp, MPI_DOUBLE, MPI_SUM, comm);
    MPI_Allreduce(MPI_IN_PLACE, pm->lsm, pp, MPI_DOUBLE, MPI_SUM, comm);
    MPI_Allreduce(MPI_IN_PLACE, pm->xij, pp, MPI_DOUBLE, MPI_SUM, comm);
    MPI_Allreduce(MPI_IN_PLACE, pm->rij, pp, MPI_DOUBLE, MPI_SUM, comm);
    MPI_Allreduce(MPI_IN_PLACE, pm->r1ij, pp, MPI_DOUBLE, MPI_SUM, comm);
    MPI_Allreduce(MPI_IN_PLACE, pm->sij, pp, MPI_DOUBLE, MPI_SUM, comm);
    if (pm->tail)
        MPI_Allreduce(MPI_IN_PLACE, pm->tail, pp * PARAM_TAIL_BINS, MPI_FLOAT, MPI_SUM,
                      comm);
}

/* every unordered pair once, the pairs of a round at once: O both ways,
 * then L_ij from the lower rank */
static int in_rounds(MPI_Comm comm, int me, char *buf, struct params *pm)
{
    for (int r = 0; r < pm->rounds; r++) {
        int q = round_partner(pm->p, r, me);
        if (q >= 0) {
            int i = me < q ? me : q, j = me < q ? q : me;
            measure_pair(comm, me, i, j, buf, 1, pm);
            measure_pair(comm, me, j, i, buf, 1, pm);
        }
        int sig = quiet_agree(comm, interrupt_noted());
        if (sig)
            return sig;
    }
    return 0;
}

/* every ordered pair in turn, the other ranks asleep */
static int in_turns(MPI_Comm comm, int me, char *buf, struct params *pm)
{
    for (int i = 0; i < pm->p; i++)
        for (int j = 0; j < pm->p; j++) {
            if (i == j)
                continue;
            if (me == i || me == j)
                measure_pair(comm, me, i, j, buf, 0, pm);
            int sig = quiet_agree(comm, interrupt_noted());
            if (sig)
                return sig;
        }
    return 0;
}

static double rel(double alone, double in_round)
{
    return alone > 0 ? fabs(in_round - alone) / alone : in_round > 0 ? INFINITY : 0;
}

/* VERIFY pairs measured again alone, in turn: the largest relative
 * difference of O_ij (both ways), L_ij small, L_ij, B_ij and R_ij (both
 * ways), into pm->dev */
static void verify_rounds(MPI_Comm comm, int me, char *buf, struct params *pm)
{
    int p = pm->p, pi[VERIFY], pj[VERIFY];
    size_t pp = (size_t)p * (size_t)p;
    struct params alone = {.p = p};
    alone.oij = xcalloc(pp, sizeof *alone.oij);
    alone.lij = xcalloc(pp, sizeof *alone.lij);
    alone.bij = xcalloc(pp, sizeof *alone.bij);
    alone.lsm = xcalloc(pp, sizeof *alone.lsm);
    alone.rij = xcalloc(pp, sizeof *alone.rij);
    pm->verified = (int)sample_pairs(p, VERIFY, SAMPLE_SEED, pi, pj);
    for (int k = 0; k < pm->verified; k++) {
        int i = pi[k], j = pj[k];
        if (me == i || me == j) {
            measure_pair(comm, me, i, j, buf, 0, &alone);
            measure_pair(comm, me, j, i, buf, 0, &alone);
        }
        quiet_barrier(comm);
    }
    double dev[5] = {0, 0, 0, 0, 0};
    for (int k = 0; k < pm->verified; k++) {
        size_t ij = (size_t)pi[k] * p + pj[k], ji = (size_t)pj[k] * p + pi[k];
        /* measured on i (O_ij, L, B, R_ij) or j (O_ji, R_ji): the rank that
         * has it */
        double got[7] = {alone.oij[ij], alone.oij[ji], alone.lsm[ij], alone.lij[ij],
                         alone.bij[ij], alone.rij[ij], alone.rij[ji]};
        MPI_Allreduce(MPI_IN_PLACE, got, 7, MPI_DOUBLE, MPI_SUM, comm);
        dev[0] = fmax(dev[0], fmax(rel(got[0], pm->oij[ij]), rel(got[1], pm->oij[ji])));
        dev[1] = fmax(dev[1], rel(got[2], pm->lsm[ij]));
        dev[2] = fmax(dev[2], rel(got[3], pm->lij[ij]));
        dev[3] = fmax(dev[3], rel(got[4], pm->bij[ij]));
        dev[4] = fmax(dev[4], fmax(rel(got[5], pm->rij[ij]), rel(got[6], pm->rij[ji])));
    }
    memcpy(pm->dev, dev, sizeof dev);
    free(alone.oij);
    free(alone.lij);
    free(alone.bij);
    free(alone.lsm);
    free(alone.rij);
}

int params_measure(MPI_Comm comm, struct params *pm)
{
    int me, p;
    MPI_Comm_rank(comm, &me);
    MPI_Comm_size(comm, &p);
    size_t pp = (size_t)p * (size_t)p;
    pm->p = p;
    pm->o = xcalloc((size_t)p, sizeof *pm->o);
    pm->oij = xcalloc(pp, sizeof *pm->oij);
    pm->lij = xcalloc(pp, sizeof *pm->lij);
    pm->bij = xcalloc(pp, sizeof *pm->bij);
    pm->lsm = xcalloc(pp, sizeof *pm->lsm);
    pm->xij = xcalloc(pp, sizeof *pm->xij);
    pm->rij = xcalloc(pp, sizeof *pm->rij);
    pm->r1ij = xcalloc(pp, sizeof *pm->r1ij);
    pm->sij = xcalloc(pp, sizeof *pm->sij);
    /* the tails: bounded, 128 bytes a pair, up to PARAM_TAIL_MAX_P ranks */
    pm->tail = p <= PARAM_TAIL_MAX_P ? xcalloc(pp * PARAM_TAIL_BINS, sizeof *pm->tail)
                                     : NULL;
    char *buf = xcalloc((size_t)1 << MAX_POW, 1);   /* 1 MiB */
    quiet_barrier(comm);
    pm->o[me] = invocation(p);
    pm->rounds = p > TURNS_MAX ? round_count(p) : 0;
    int sig = pm->rounds ? in_rounds(comm, me, buf, pm) : in_turns(comm, me, buf, pm);
    sum_over_ranks(comm, pm);
    if (pm->rounds && !sig)
        verify_rounds(comm, me, buf, pm);
    free(buf);
    return sig;
}

void params_free(struct params *pm)
{
    free(pm->o);
    free(pm->oij);
    free(pm->lij);
    free(pm->bij);
    free(pm->lsm);
    free(pm->xij);
    free(pm->rij);
    free(pm->r1ij);
    free(pm->sij);
    free(pm->tail);
    memset(pm, 0, sizeof *pm);
}
