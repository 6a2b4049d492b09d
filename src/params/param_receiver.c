/* param_receiver.c: what a signal costs beyond its sender's overhead and
 * its one-way time, for the barrier model's receiver (models/predict.c):
 * R_ij and R1_ij, a receive's work when signals wait together and when
 * one is taken up alone; S_ij, acknowledging a synchronous signal; X_ij,
 * two ranks signalling each other at once.  Each is measured by the pair
 * alone, zero-byte messages, medians of PARAM_REPS timings; the table at
 * the end says which matrix each fills (params/params.c loops over it). */
#include "params/params.h"

#include "base/base.h"
#include "kernels/sync_barrier.h"
#include "models/stats.h"
#include "clock/waits.h"

#define REPS PARAM_REPS
#define MAX_REQS PARAM_MAX_REQS

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
static double param_receive(MPI_Comm comm, int me, int recv, int send)
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
    return me == recv ? slope_per_count(y, MAX_REQS) : 0;
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

/* r[0] a zero-byte send to other, synchronous or standard, r[1] a
 * zero-byte receive from it: the persistent requests of ping_pong */
static void pair_requests(MPI_Comm comm, int other, int sync, MPI_Request *r)
{
    if (sync)
        MPI_Ssend_init(NULL, 0, MPI_BYTE, other, TAG_PARAM, comm, &r[0]);
    else
        MPI_Send_init(NULL, 0, MPI_BYTE, other, TAG_PARAM, comm, &r[0]);
    MPI_Recv_init(NULL, 0, MPI_BYTE, other, TAG_PARAM, comm, &r[1]);
}

/* the median of REPS zero-byte ping-pongs from first with other, us, on
 * both ranks */
static double round_trip(MPI_Comm comm, int me, int first, int other)
{
    MPI_Request r[2];
    double t[REPS];
    pair_requests(comm, me == first ? other : first, 0, r);
    for (int rep = 0; rep < REPS; rep++)
        t[rep] = ping_pong(me, first, r);
    MPI_Request_free(&r[0]);
    MPI_Request_free(&r[1]);
    return median_of(t, REPS);
}

/* the median time to start and complete a receive request from
 * MPI_PROC_NULL: the call's own part of a lone receive (O_i is that of P
 * requests, and would take a rank count's worth away from R1_ij).
 * MPI_Startall and waitall as params/params.c's invocation, not
 * MPI_Start and MPI_Wait: SMPI 3.32 makes such a request MPI_REQUEST_NULL,
 * which its MPI_Start dereferences (a crash at 64 simulated ranks). */
static double one_request(void)
{
    MPI_Request r;
    double t[REPS];
    MPI_Recv_init(NULL, 0, MPI_BYTE, MPI_PROC_NULL, TAG_PARAM, MPI_COMM_SELF, &r);
    for (int rep = 0; rep < REPS; rep++) {
        double t0 = MPI_Wtime();
        MPI_Startall(1, &r);
        waitall(1, &r);
        t[rep] = (MPI_Wtime() - t0) * 1e6;
    }
    if (r != MPI_REQUEST_NULL)
        MPI_Request_free(&r);
    return median_of(t, REPS);
}

/* R1_ij on the receiver: the median time to start and complete one
 * zero-byte receive from the sender whose signal arrived while the
 * receiver was outside MPI (it tells the sender to send, then waits four
 * round trips on its clock), less the call's own part (one_request).
 * What a rank pays for a signal it takes up on its own, not together
 * with others as R_ij's are: over TCP between two simulated hosts here
 * 1.4-2.0 us against R_ij's 0.05, of a one-way time of 3.5 of which the
 * sender's O_ij is 2.3.  predict.c puts it on the receiver's processor, where it queues
 * behind the rank's own sends (an exchange of two ranks one of which is
 * late). */
static double param_lone_receive(MPI_Comm comm, int me, int recv, int send)
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
    double r1 = median_of(t, REPS) - one_request();
    return r1 > 0 ? r1 : 0;
}

/* S_ij from i: half the difference between the medians of REPS zero-byte
 * ping-pongs of synchronous and of standard sends, on persistent
 * requests as a barrier's signals are: what a receiver's acknowledging a
 * synchronous signal adds to a chain of them.  Over TCP between two
 * simulated hosts here 2.8-3.2 us where a signal's O_ij is 2.3: with O_ij
 * in its place synchronous LINEAR and TREE barriers were predicted 12-15%
 * low.  Under MPICH's shared memory the first 25-75 synchronous
 * ping-pongs took two to three times as long as the ones after, and so
 * did the first ones after standard ones (S 0.4-0.65 us against 0.2 from
 * the SSEND records): PARAM_ACK_WARMUP untimed synchronous ones first,
 * then the synchronous ones timed, then the standard ones. */
static double param_acknowledge(MPI_Comm comm, int me, int i, int j)
{
    int other = me == i ? j : i;
    double t[2][REPS];
    MPI_Request r[2][2];
    for (int sync = 0; sync < 2; sync++)
        pair_requests(comm, other, sync, r[sync]);
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

/* an exchange's time from i: the median over PARAM_EXCHANGE_REPS zero-byte
 * exchanges, i and j each starting a send to the other (synchronous or
 * standard) and a receive from it (persistent requests, MPI_Startall +
 * MPI_Waitall, as a barrier stage does), back to back so that each
 * exchange starts both sides together, after PARAM_EXCHANGE_WARMUP untimed
 * ones (the pair falls into the alternation a record's long loop keeps),
 * of the slower side's time: the records the model predicts report each
 * iteration's largest time over the ranks, and of two ranks exchanging
 * one ends first, the other taking up the late signal (docs/models.md) */
static double exchange(MPI_Comm comm, int me, int i, int j, int sync)
{
    enum { N = PARAM_EXCHANGE_REPS };
    int other = me == i ? j : i;
    MPI_Request r[2];
    double t[N], theirs[N];
    pair_requests(comm, other, sync, r);
    for (int rep = 0; rep < PARAM_EXCHANGE_WARMUP; rep++) {
        MPI_Startall(2, r);
        waitall(2, r);
    }
    for (int rep = 0; rep < N; rep++) {
        double t0 = MPI_Wtime();
        MPI_Startall(2, r);
        waitall(2, r);
        t[rep] = (MPI_Wtime() - t0) * 1e6;
    }
    MPI_Request_free(&r[0]);
    MPI_Request_free(&r[1]);
    MPI_Sendrecv(t, N, MPI_DOUBLE, other, TAG_PARAM, theirs, N, MPI_DOUBLE, other,
                 TAG_PARAM, comm, MPI_STATUS_IGNORE);
    for (int rep = 0; rep < N; rep++)
        if (theirs[rep] > t[rep])
            t[rep] = theirs[rep];
    return median_of(t, N);
}

/* X_ij: an exchange of standard sends.  Over TCP between two hosts here
 * it was 6.99 us against a one-way 4.78: a rank that sends and receives
 * at once is slower than either alone. */
static double param_exchange(MPI_Comm comm, int me, int i, int j)
{
    return exchange(comm, me, i, j, 0);
}

/* Xs_ij: an exchange of synchronous sends, each acknowledged while the
 * rank's own is in flight: DISSEMINATION and PAIRWISE with signal=ssend
 * on two hosts were predicted 12-19% low from the acknowledgements of
 * lone signals (S_ij) alone (docs/models.md) */
static double param_exchange_sync(MPI_Comm comm, int me, int i, int j)
{
    return exchange(comm, me, i, j, 1);
}

/* the rows of models/param_files.h's table that are measured here, in the
 * order measure_pair measures them: for each ordered pair first the ones
 * that are not symmetric, then once a pair the symmetric ones */
const struct pair_measure pair_measures[] = {
    {PF_RIJ, param_receive, 1},
    {PF_R1IJ, param_lone_receive, 1},
    {PF_XIJ, param_exchange, 0},
    {PF_SIJ, param_acknowledge, 0},
    {PF_XSIJ, param_exchange_sync, 0},
};
const int npair_measures = sizeof pair_measures / sizeof pair_measures[0];
