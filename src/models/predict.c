/* predict.c: a barrier pattern's time from pairwise parameters, by
 * events: every signal's departure, arrival and completion, stage after
 * stage, over iterations run back to back as mpigauge runs them.
 *
 * This keeps the structure of the cost model of section 5.6.5 of J. C.
 * Meyer's thesis (a rank's call overhead, its per-request overhead, the
 * pairwise latencies, the critical path through the stages) and derives
 * the cost of a signal from what must complete before the sender and the
 * receiver may go on, instead of eq. 5.4's factor 2: a synchronous signal
 * costs its sender the flight and the acknowledgement's flight back (the
 * factor 2 of eq. 5.4 for a receiver already waiting), an eager one only
 * its start.  Linear in the signals. */
#include "models/predict.h"

#include <stdlib.h>
#include <string.h>
#include "base/base.h"

enum { ITERATIONS = 6 };       /* simulated; the first is left out */

static double at(const double *m, size_t i)
{
    return m ? m[i] : 0;
}

struct signal_costs costs_from_params(const struct params *pm)
{
    return (struct signal_costs){pm->p, pm->o, pm->oij, NULL, pm->lij, pm->bij,
                                 NULL};
}

struct signal_costs costs_from_loggp(const struct loggp *lg, const double *invoke)
{
    return (struct signal_costs){lg->p, invoke, lg->os, lg->g, lg->L, lg->G,
                                 lg->orr};
}

/* per-rank state of the simulation */
struct sim {
    double *t;                 /* when the rank's current stage began */
    double *end;               /* when it ends */
    double *cpu_free;          /* its next signal may start no earlier */
    double *last_start;        /* when it began its last signal */
    double *recv_free;         /* its receive work is done up to here */
};

/* the departures and arrivals of stage s; fills end[] with the ranks'
 * own work and what their signals and receives need */
static void run_stage(const struct bpattern *bp, int s, const struct signal_costs *c,
                      const double *bytes, enum signal_kind kind, struct sim *m)
{
    int p = bp->p;
    const struct stage *st = &bp->st[s];
    for (int i = 0; i < p; i++) {
        m->end[i] = m->t[i] + at(c->invoke, (size_t)i);
        m->cpu_free[i] = m->end[i];
        m->last_start[i] = -1e300;
        m->recv_free[i] = m->t[i];
    }
    for (int e = 0; e < st->n; e++) {
        int i = st->e[e].from, j = st->e[e].to;
        size_t ij = (size_t)i * p + j, ji = (size_t)j * p + i;
        /* a signal starts when the sender is free and a gap after the last
         * one began, and leaves after the sender's overhead */
        double begin = m->cpu_free[i], gap = m->last_start[i] + at(c->gap, ij);
        if (gap > begin)
            begin = gap;
        double leave = begin + at(c->overhead, ij);
        m->last_start[i] = begin;
        m->cpu_free[i] = leave;
        if (leave > m->end[i])
            m->end[i] = leave;
        double arrive = leave + at(c->latency, ij) + (bytes ? bytes[e] : 0) *
                        at(c->per_byte, ij);
        /* j completes the receive once it arrived and j posted it */
        double got = (arrive > m->recv_free[j] ? arrive : m->recv_free[j]) +
                     at(c->recv, ji);
        m->recv_free[j] = got;
        if (got > m->end[j])
            m->end[j] = got;
        if (kind == SIGNAL_SYNCHRONOUS) {
            double ack = got + at(c->latency, ji) + at(c->recv, ij);
            if (ack > m->end[i])
                m->end[i] = ack;
        }
    }
    memcpy(m->t, m->end, (size_t)p * sizeof *m->t);
}

double predict_barrier(const struct bpattern *bp, const struct signal_costs *c,
                       const double *edge_bytes, enum signal_kind kind,
                       double per_iteration)
{
    size_t p = (size_t)(bp->p > 0 ? bp->p : 1);
    struct sim m = {xcalloc(p, sizeof(double)), xcalloc(p, sizeof(double)),
                    xcalloc(p, sizeof(double)), xcalloc(p, sizeof(double)),
                    xcalloc(p, sizeof(double))};
    double *start = xcalloc(p, sizeof *start), total = 0;
    for (int it = 0; it < ITERATIONS; it++) {
        memcpy(start, m.t, p * sizeof *start);
        const double *b = edge_bytes;
        for (int s = 0; s < bp->nstages; s++) {
            run_stage(bp, s, c, b, kind, &m);
            if (b)
                b += bp->st[s].n;
        }
        double longest = 0;
        for (size_t i = 0; i < p; i++) {
            m.t[i] += per_iteration;
            if (m.t[i] - start[i] > longest)
                longest = m.t[i] - start[i];
        }
        if (it > 0)            /* the first began with every rank at once */
            total += longest;
    }
    free(m.t);
    free(m.end);
    free(m.cpu_free);
    free(m.last_start);
    free(m.recv_free);
    free(start);
    return total / (ITERATIONS - 1);
}
