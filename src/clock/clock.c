/* clock.c: the clock model's fits, flat or in two levels, its refits and
 * end check (clock.h); the ping-pongs are clock_pings.c's */
#include "clock/clock.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "base/base.h"
#include "kernels/tags.h"
#include "clock/clock_pings.h"
#include "world/world.h"

enum { LINE_DOUBLES = 9 };

static void pack(const struct clock_line *f, double *d)
{
    double v[LINE_DOUBLES] = {f->t_ref, f->offset, f->drift, f->se_offset, f->se_drift,
                              f->max_residual, f->rtt, f->used, f->dropped};
    memcpy(d, v, sizeof v);
}

static void unpack(const double *d, struct clock_line *f)
{
    memset(f, 0, sizeof *f);
    f->t_ref = d[0];
    f->offset = d[1];
    f->drift = d[2];
    f->se_offset = d[3];
    f->se_drift = d[4];
    f->max_residual = d[5];
    f->rtt = d[6];
    f->used = (int)d[7];
    f->dropped = (int)d[8];
}

static void send_line(int r, const struct clock_line *f)
{
    double d[LINE_DOUBLES];
    pack(f, d);
    MPI_Send(d, LINE_DOUBLES, MPI_DOUBLE, r, TAG_CLOCK, MPI_COMM_WORLD);
}

static void recv_line(int r, struct clock_line *f)
{
    double d[LINE_DOUBLES];
    MPI_Recv(d, LINE_DOUBLES, MPI_DOUBLE, r, TAG_CLOCK, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    unpack(d, f);
}

/* who pings whom: flat, rank 0 every other rank; two-level, rank 0 the
 * other nodes' leaders (the lowest world rank of each node) and its own
 * node, each leader its node */
static void lay_out(struct clocks *c, const struct world *w, int two)
{
    int *first = xmalloc_array((size_t)w->nodes, sizeof *first);
    for (int n = 0; n < w->nodes; n++)
        first[n] = -1;
    for (int r = 0; r < w->size; r++)
        if (first[w->places[r].node] < 0)
            first[w->places[r].node] = r;
    int node = w->places[w->rank].node, mine = first[node];
    c->pinger = w->rank == 0 ? -1 : !two || mine == w->rank ? 0 : mine;
    c->leads = two && w->rank != 0 && mine == w->rank;
    c->members = xmalloc_array((size_t)w->size, sizeof *c->members);
    c->leaders = xmalloc_array((size_t)w->nodes, sizeof *c->leaders);
    for (int r = 0; r < w->size; r++)
        if (r != w->rank && mine == w->rank && (!two || w->places[r].node == node) &&
            (two || w->rank == 0))
            c->members[c->nmembers++] = r;
    for (int n = 0; two && w->rank == 0 && n < w->nodes; n++)
        if (first[n] != 0)
            c->leaders[c->nleaders++] = first[n];
    free(first);
    c->lead_lines = xcalloc((size_t)w->nodes, sizeof *c->lead_lines);
    c->member_lines = xcalloc((size_t)(c->nmembers + 1), sizeof *c->member_lines);
}

/* rank 0's rounds: its own node's round, then a burst with each leader
 * (who then runs its node's round while rank 0 goes on), then every
 * leader's word on whether its node wants more rounds; returns how many
 * rounds ran.  Its own node first: then its bursts overlap no other
 * node's but those of the leaders it has done, and on two hosts that
 * share cores (tests/clock.sh) none at all */
static int rounds0(struct clock_peers *lead, struct clock_peers *own)
{
    double gap = CLOCK_SPAN_S / (CLOCK_ROUNDS - 1), last = -INFINITY;
    int more = 0, k;
    for (k = 0; k < CLOCK_MAX_ROUNDS && (k < CLOCK_ROUNDS || more); k++) {
        /* gap after the last round's start, never less: a round that
         * came late (a rank descheduled) does not bunch the next ones */
        clock_sleep_until(last + gap);
        last = MPI_Wtime();
        more = clock_peers_round(own, k);
        for (int i = 0; i < lead->n; i++) {
            int want = clock_peer_round(lead, i, k);
            if (want < 0)
                clock_send(lead->rank[i], 0);   /* no burst; its node's round */
            more |= want > 0;
        }
        for (int i = 0; i < lead->n; i++) {
            double v;
            clock_wait(lead->rank[i], &v);
            more |= v > 0;
        }
    }
    for (int i = 0; i < lead->n; i++)
        clock_send(lead->rank[i], -1);
    for (int i = 0; i < own->n; i++)
        clock_send(own->rank[i], 0);
    return k;
}

/* a leader's: its node's round after each of rank 0's bursts (or its
 * word that there is none), until rank 0 says stop */
static void rounds_leader(struct clock_peers *own)
{
    for (int k = 0;; k++) {
        double left;
        clock_wait(0, &left);
        if (left < 0)
            break;
        if (left > 0)
            clock_answer(0, left);
        clock_send(0, clock_peers_round(own, k));
    }
    for (int i = 0; i < own->n; i++)
        clock_send(own->rank[i], 0);
}

/* the lines: rank 0 fits the leaders' and sends each its own; every
 * pinger fits its members', composes each with its own line and sends
 * it; rank 0 gathers them all */
static void lines(struct clocks *c, int rank, int size, const struct clock_peers *lead,
                  const struct clock_peers *own)
{
    struct clock_line self = {0};
    for (int i = 0; i < lead->n; i++) {
        clock_peer_fit(lead, i, &c->lead_lines[i]);
        send_line(lead->rank[i], &c->lead_lines[i]);
    }
    if (c->leads)
        recv_line(0, &self);
    for (int i = 0; i < own->n; i++) {
        struct clock_line composed;
        clock_peer_fit(own, i, &c->member_lines[i]);
        clock_compose(&self, &c->member_lines[i], &composed);
        send_line(own->rank[i], &composed);
    }
    if (rank == 0 || c->leads)
        c->line = self;
    else
        recv_line(c->pinger, &c->line);
    double mine[LINE_DOUBLES], *all = NULL;
    pack(&c->line, mine);
    if (rank == 0)
        all = xmalloc_array((size_t)size * LINE_DOUBLES, sizeof *all);
    MPI_Gather(mine, LINE_DOUBLES, MPI_DOUBLE, all, LINE_DOUBLES, MPI_DOUBLE, 0,
               MPI_COMM_WORLD);
    for (int r = 0; rank == 0 && r < size; r++) {
        unpack(&all[(size_t)r * LINE_DOUBLES], &c->lines[r]);
        c->rep.max_residual = fmax(c->rep.max_residual, c->lines[r].max_residual);
    }
    free(all);
}

/* a fit, first or again; the first's rounds and bursts into rep */
static void fit(struct clocks *c, int first)
{
    int rank, size, k = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    double start = MPI_Wtime();
    struct clock_peers lead, own;
    clock_peers_init(&lead, c->nleaders, c->leaders);
    clock_peers_init(&own, c->nmembers, c->members);
    if (rank == 0)
        k = rounds0(&lead, &own);
    else if (c->leads)
        rounds_leader(&own);
    else
        clock_serve(c->pinger);
    lines(c, rank, size, &lead, &own);
    long b = lead.bursts + own.bursts, sum = 0, most = 0;
    clock_peers_free(&lead);
    clock_peers_free(&own);
    MPI_Reduce(&b, &sum, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Reduce(&b, &most, 1, MPI_LONG, MPI_MAX, 0, MPI_COMM_WORLD);
    if (rank == 0 && first) {
        c->rep.rounds_run = k;
        c->rep.bursts = sum;
        c->rep.sequential_bursts = most;
    }
    c->min_window = INFINITY;
    c->fitted_at = MPI_Wtime();
    c->fit_cost = c->fitted_at - start;
}

void clock_sync(struct clocks *c, const struct world *w, int flat)
{
    int rank = w->rank, size = w->size, two = !flat && w->nodes > 1, nmine = 0;
    memset(c, 0, sizeof *c);
    for (int r = 0; r < size; r++)
        nmine += w->places[r].node == w->places[0].node;   /* rank 0's node */
    lay_out(c, w, two);
    if (rank == 0) {
        c->lines = xcalloc((size_t)size, sizeof *c->lines);
        c->rep = (struct clock_report){
            .lines = c->lines, .ranks = size, .rounds = CLOCK_ROUNDS,
            .pings = CLOCK_PINGS, .span_s = size > 1 ? CLOCK_SPAN_S : 0,
            .two_level = two, .nodes = w->nodes, .max_node_ranks = w->max_node_ranks,
            .per_round = two ? (nmine - 1) + (w->nodes - 1) + (w->max_node_ranks - 1)
                             : size - 1};
    }
    double start = MPI_Wtime();
    if (size > 1)
        fit(c, 1);
    c->rep.fit_s = MPI_Wtime() - start;
}

int clock_refit_due(struct clocks *c)
{
    const struct clock_line *f = &c->line;
    double local = MPI_Wtime(), now = clock_global(f, local);
    double pause = fmax(CLOCK_REFIT_PAUSE_S, 4 * c->fit_cost);
    int due = isfinite(c->min_window) && local - c->fitted_at >= pause &&
              clock_error(f, now) >= c->min_window / 10 &&
              f->se_drift * fabs(now - f->t_ref) >= f->se_offset;
    MPI_Allreduce(MPI_IN_PLACE, &due, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (!due)
        return 0;
    fit(c, 0);
    c->rep.refits++;
    return 1;
}

/* a pinger: peer r's offset now against its line f, from the quickest
 * of up to CLOCK_CHECK_TRIES bursts (until one is quick), 1 ms apart:
 * the difference into d[0], that burst's round trip into d[1] */
static void check_peer(int r, const struct clock_line *f, double d[2])
{
    double best = INFINITY, error = 0;
    for (int k = 0; k < CLOCK_CHECK_TRIES && !clock_quick(best, f->rtt); k++) {
        double t, off, rtt;
        if (k)
            clock_sleep_until(MPI_Wtime() + 1e-3);
        clock_burst(r, CLOCK_CHECK_PINGS, &t, &off, &rtt);
        if (rtt < best) {
            best = rtt;
            error = fabs(off - (clock_local(f, t) - t));
        }
    }
    clock_send(r, 0);
    d[0] = error;
    d[1] = best;
}

/* a pinger's members: the largest difference and its round trip into
 * worst (-1 and 0 without members) */
static void check_members(const struct clocks *c, double worst[2])
{
    worst[0] = -1;
    worst[1] = 0;
    for (int i = 0; i < c->nmembers; i++) {
        double d[2];
        check_peer(c->members[i], &c->member_lines[i], d);
        if (d[0] > worst[0])
            memcpy(worst, d, sizeof d);
    }
}

void clock_check(struct clocks *c)
{
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    double worst[2];
    if (rank != 0 && !c->leads) {
        clock_serve(c->pinger);
        return;
    }
    if (c->leads) {            /* rank 0's burst, then its node's */
        clock_serve(0);
        check_members(c, worst);
        MPI_Send(worst, 2, MPI_DOUBLE, 0, TAG_CLOCK, MPI_COMM_WORLD);
        return;
    }
    double *lead = xmalloc_array((size_t)(2 * c->nleaders + 2), sizeof *lead);
    for (int i = 0; i < c->nleaders; i++)
        check_peer(c->leaders[i], &c->lead_lines[i], &lead[2 * i]);
    check_members(c, worst);
    c->rep.checked = 1;
    c->rep.end_error = worst[0];
    c->rep.end_rtt = worst[1];
    for (int i = 0; i < c->nleaders; i++) {
        double node[2];        /* a rank's error there adds to its leader's */
        MPI_Recv(node, 2, MPI_DOUBLE, c->leaders[i], TAG_CLOCK, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
        double e = lead[2 * i] + fmax(node[0], 0), rtt = lead[2 * i + 1] + node[1];
        if (e > c->rep.end_error) {
            c->rep.end_error = e;
            c->rep.end_rtt = rtt;
        }
    }
    c->rep.end_error = fmax(c->rep.end_error, 0);
    free(lead);
}

double clock_to_local(const struct clocks *c, double T)
{
    return clock_local(&c->line, T);
}

double clock_to_rank0(const struct clocks *c, double L)
{
    return clock_global(&c->line, L);
}

void clocks_free(struct clocks *c)
{
    free(c->lines);
    free(c->leaders);
    free(c->members);
    free(c->lead_lines);
    free(c->member_lines);
    c->lines = c->lead_lines = c->member_lines = NULL;
    c->leaders = c->members = NULL;
    c->rep.lines = NULL;
}
