/* params.c: the pairwise parameters of section 5.6.3 of Meyer's thesis,
 * once per topology for the whole run.  Up to TURNS_MAX ranks every
 * ordered pair is measured in turn while the other ranks sleep in a
 * barrier (the thesis's way: P (P - 1) pairs one after another).  Beyond,
 * that is unaffordable (40 simulated minutes at 144 ranks on GigE), and
 * the pairs are measured in the P - 1 rounds of disjoint pairs of
 * models/schedule.h, all pairs of a round at once, with fewer repetitions
 * of the messages over 1 KiB.  Then VERIFY pairs, drawn at random, are
 * measured again alone, in turn: how far each matrix moved between the
 * two measurements (its median relative difference, the drift) widens
 * the prediction into an interval, and in rounds the largest relative
 * difference of each checked matrix is reported beside the parameters. */
#include "params/params.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "base/base.h"
#include "kernels/sync_barrier.h"
#include "lifecycle/interrupt.h"
#include "params/pair_log.h"
#include "params/param_warm.h"
#include "models/param_drift.h"
#include "models/schedule.h"
#include "models/stats.h"
#include "clock/waits.h"

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
    return me == i ? slope_per_count(y, MAX_REQS) : 0;
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

/* a value of matrix f (cell at: a double's, or a tail bin's) into the
 * matrix where this rank holds it, else into the log for rank 0 */
static void put(struct params *pm, enum param_file f, size_t at, double value)
{
    if (!pm->m[f])
        pair_log_put(pm->log, f, at, value);
    else if (param_files[f].cells == CELLS_TAIL)
        ((float *)pm->m[f])[at] = (float)value;
    else
        ((double *)pm->m[f])[at] = value;
}

/* value measured on a into [a*p+b], and on both ways when symmetric */
static void keep(struct params *pm, enum param_file f, int me, int a, int b, double value)
{
    size_t p = (size_t)pm->p;
    if (me != a || !pm->measured[f])
        return;
    put(pm, f, a * p + b, value);
    if (param_files[f].symmetric)
        put(pm, f, b * p + a, value);
}

/* pair_measures' rows that are (or are not) symmetric and that pm holds */
static void measure_table(MPI_Comm comm, int me, int i, int j, int symmetric,
                          struct params *pm)
{
    for (int k = 0; k < npair_measures; k++) {
        const struct pair_measure *r = &pair_measures[k];
        if (param_files[r->file].symmetric != symmetric || !pm->measured[r->file])
            continue;
        int a = r->by_receiver ? j : i, b = r->by_receiver ? i : j;
        keep(pm, r->file, me, a, b, r->measure(comm, me, a, b));
    }
}

/* the pair i, j seen from one of them: O_ij, then pair_measures' ordered
 * ones (R_ij, R1_ij) from i to j; then, once a pair (i < j), L_ij, B_ij,
 * the symmetric ones (X_ij, S_ij) and the tail.  Only the matrices that
 * pm holds: verify_rounds' hold the checked ones. */
static void measure_pair(MPI_Comm comm, int me, int i, int j, char *buf,
                         int rounds, struct params *pm)
{
    int p = pm->p;
    keep(pm, PF_OIJ, me, i, j, per_request(comm, me, i, j));
    measure_table(comm, me, i, j, 0, pm);
    if (i > j)
        return;
    double l, b, small;
    latency(comm, me, i, j, buf, rounds, &l, &b, &small);
    keep(pm, PF_LIJ, me, i, j, l);
    keep(pm, PF_BIJ, me, i, j, b);
    keep(pm, PF_LIJ_SMALL, me, i, j, small);
    measure_table(comm, me, i, j, 1, pm);
    if (!pm->measured[PF_TAIL])
        return;
    float bins[PARAM_TAIL_BINS] = {0};
    param_tail(comm, me, i, j, bins);
    if (me != i)
        return;
    size_t ij = ((size_t)i * p + j) * PARAM_TAIL_BINS, ji = ((size_t)j * p + i) * PARAM_TAIL_BINS;
    for (int k = 0; k < PARAM_TAIL_BINS; k++) {   /* a round trip is the same both ways */
        put(pm, PF_TAIL, ij + k, bins[k]);
        put(pm, PF_TAIL, ji + k, bins[k]);
    }
}

void params_gather(MPI_Comm comm, struct params *pm)
{
    for (int f = 0; f < PF_MODEL_COUNT; f++) {
        if (pm->measured[f] && param_files[f].cells != CELLS_RANK)
            pair_log_gather(comm, pm->log, f, pm->m[f], param_files[f].cells == CELLS_TAIL);
    }
}

/* every unordered pair once, the pairs of a round at once: measure_pair
 * both ways */
static int in_rounds(MPI_Comm comm, int me, char *buf, struct params *pm)
{
    round_agree(comm, 0);
    for (int r = 0; r < pm->rounds; r++) {
        int q = round_partner(pm->p, r, me);
        if (q >= 0) {
            int i = me < q ? me : q, j = me < q ? q : me;
            measure_pair(comm, me, i, j, buf, 1, pm);
            measure_pair(comm, me, j, i, buf, 1, pm);
        }
        int sig = round_agree(comm, interrupt_noted());
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

/* the pairs measured again alone against pm (rank 0, which holds both):
 * each p x p matrix's median relative difference into pm->drift, and in
 * rounds the largest of each checked matrix into pm->dev */
static void deviations(const struct params *alone, const int *pi, const int *pj,
                       struct params *pm)
{
    size_t p = (size_t)pm->p;
    int n = pm->verified;
    double *first = xmalloc_array(2 * (size_t)n + 1, sizeof *first);
    double *again = xmalloc_array(2 * (size_t)n + 1, sizeof *again);
    memset(pm->dev, 0, sizeof pm->dev);
    for (int f = 0; f < PF_MODEL_COUNT; f++) {
        const double *a = alone->m[f], *m = pm->m[f];
        if (!a || !m || param_files[f].cells != CELLS_PAIR)
            continue;
        int c = 0, dev = pm->rounds && param_files[f].checked;
        for (int k = 0; k < n; k++) {
            size_t ij = (size_t)pi[k] * p + pj[k], ji = (size_t)pj[k] * p + pi[k];
            first[c] = m[ij];
            again[c++] = a[ij];
            if (!param_files[f].symmetric) {
                first[c] = m[ji];
                again[c++] = a[ji];
            }
            if (dev)
                pm->dev[f] = fmax(pm->dev[f], fmax(rel(a[ij], m[ij]),
                                  param_files[f].symmetric ? 0 : rel(a[ji], m[ji])));
        }
        pm->drift[f] = drift_median(first, again, c);
    }
    free(first);
    free(again);
}

/* VERIFY pairs measured again alone, in turn, every p x p matrix: how far
 * each moved into pm->drift (the prediction's interval, barrier_time.c),
 * and in rounds the largest relative difference of each checked matrix
 * (O_ij, R_ij and R1_ij both ways) into pm->dev, on rank 0 */
static void measure_again(MPI_Comm comm, int me, char *buf, struct params *pm)
{
    int p = pm->p, pi[VERIFY], pj[VERIFY];
    struct params alone = {.p = p};
    struct pair_log log = {0};
    for (int f = 0; f < PF_MODEL_COUNT; f++) {
        alone.measured[f] = param_files[f].cells == CELLS_PAIR && pm->measured[f];
        if (alone.measured[f] && me == 0)
            alone.m[f] = xcalloc(param_values(f, p), param_value_size(f));
    }
    alone.log = &log;
    pm->verified = (int)sample_pairs(p, VERIFY, SAMPLE_SEED, pi, pj);
    for (int k = 0; k < pm->verified; k++) {
        int i = pi[k], j = pj[k];
        if (me == i || me == j) {
            measure_pair(comm, me, i, j, buf, 0, &alone);
            measure_pair(comm, me, j, i, buf, 0, &alone);
        }
        quiet_barrier(comm);
    }
    params_gather(comm, &alone);
    if (me == 0)
        deviations(&alone, pi, pj, pm);
    pair_log_free(&log);
    alone.log = NULL;
    params_free(&alone);
}

void param_measure_pair(MPI_Comm comm, int me, int i, int j, char *buf, int rounds,
                        struct params *pm)
{
    measure_pair(comm, me, i, j, buf, rounds, pm);
}

double params_begin(MPI_Comm comm, struct params *pm, struct pair_log *log, char **buf)
{
    int me, p;
    MPI_Comm_rank(comm, &me);
    MPI_Comm_size(comm, &p);
    params_alloc_held(pm, p, me == 0);
    memset(log, 0, sizeof *log);
    pm->log = log;
    *buf = xcalloc((size_t)1 << MAX_POW, 1);   /* 1 MiB */
    quiet_barrier(comm);
    double t0 = MPI_Wtime();
    pm->warmed = params_warm(comm, *buf, 1 << MAX_POW);
    double *o = pm->m[PF_O];
    o[me] = invocation(p);
    MPI_Allreduce(MPI_IN_PLACE, o, p, MPI_DOUBLE, MPI_SUM, comm);   /* p values: on every rank */
    return t0;
}

int params_measure(MPI_Comm comm, struct params *pm)
{
    int me, p;
    MPI_Comm_rank(comm, &me);
    MPI_Comm_size(comm, &p);
    struct pair_log log;
    char *buf;
    double t0 = params_begin(comm, pm, &log, &buf);
    pm->rounds = p > TURNS_MAX ? round_count(p) : 0;
    int sig = pm->rounds ? in_rounds(comm, me, buf, pm) : in_turns(comm, me, buf, pm);
    params_gather(comm, pm);
    pm->log = NULL;
    pair_log_free(&log);
    if (!sig)
        measure_again(comm, me, buf, pm);
    pm->pairs_measured = (long)p * (p - 1) / 2;
    pm->cost_s = MPI_Wtime() - t0;
    free(buf);
    return sig;
}
