/* clock/: MPI_Wtime and the ranks' clocks: the timer's resolution and read cost (timer.h), waits that take no core and cannot hang on a clock that stops (waits.h, clock_guard.h), --sync window's model of every rank's offset and drift (clock.h, clock_pings.h); includes world/, kernels/ (tags), input/, registry/, models/, base/, result/ and lifecycle/. */
/* clock.h: --sync window's clock model: every rank's offset and drift to
 * world rank 0, fitted (models/clock_fit.h) from ping-pongs in rounds
 * spread in time, refitted between records when its predicted error
 * grows to a tenth of the window, and checked at the end of the run.
 *
 * Two schemes (--clocks).  Flat: world rank 0 is every other rank's
 * pinger.  Two-level (the default; on one node it is the flat one): rank
 * 0 pings the other nodes' leaders (the lowest world rank of each node)
 * and the ranks of its own node, each leader the other ranks of its
 * node, and a rank's line against rank 0 is its line against its leader
 * composed with the leader's (clock_compose).  A round: rank 0 runs a
 * burst of CLOCK_PINGS ping-pongs with each rank of its node, then with
 * each leader in turn (a leader runs its own node's bursts as soon as
 * its burst is done, while rank 0 goes on to the next), and waits for
 * every leader's node; so a round is at most (ranks of a node - 1) +
 * (nodes - 1) + (ranks of a node - 1) bursts one after another, not
 * P - 1.  Each keeps the quickest's
 * midpoint estimate of the offset (SKaMPI's).  CLOCK_ROUNDS rounds, each
 * started CLOCK_SPAN_S / (rounds - 1) after the last began or later
 * (back to back when a round takes longer: flat, at a thousand ranks a
 * round is some tens of ms), make each rank's samples for the fit; a
 * rank with fewer than CLOCK_MIN_QUICK quick ones (clock_fit.h), with
 * quick ones spread over less than half the span, or whose drift's
 * standard error is over CLOCK_DRIFT_SE (1 ppm: 10 us after 10 s), gets
 * more rounds, up to CLOCK_MAX_ROUNDS.  A rank that waits for its burst
 * sleeps (20 us polls), so that it leaves the cores to the two ranks
 * that ping. */
#ifndef MPIGAUGE_CLOCK_H
#define MPIGAUGE_CLOCK_H

#include "result/result.h"

enum { CLOCK_ROUNDS = 16, CLOCK_MAX_ROUNDS = 48, CLOCK_MIN_QUICK = 6, CLOCK_PINGS = 16,
       CLOCK_CHECK_PINGS = 16, CLOCK_CHECK_TRIES = 8 };
#define CLOCK_SPAN_S 0.2
#define CLOCK_DRIFT_SE 1e-6
/* refits come at least this long after the last fit ended, and at least
 * four times the last fit's cost: on a machine so loaded that no fit is
 * good they take at most a fifth of the run */
#define CLOCK_REFIT_PAUSE_S 1.0

struct world;

struct clocks {
    struct clock_line line;    /* this rank's (world rank 0's is all 0) */
    int pinger;                /* whose bursts this rank answers (-1: rank 0) */
    int leads;                 /* a node leader other than rank 0 (two-level) */
    int nleaders, *leaders;    /* rank 0, two-level: the other nodes' leaders */
    int nmembers, *members;    /* the other ranks this rank pings */
    struct clock_line *lead_lines;   /* rank 0: the leaders' lines */
    struct clock_line *member_lines; /* its members' against its own clock */
    double fitted_at;          /* this rank's clock when it got the line, s */
    double fit_cost;           /* and how long that fit took, s */
    double min_window;         /* the shortest window any record of this
                                * rank used since the fit, s; INFINITY: none */
    struct clock_report rep;   /* world rank 0: every rank's, for the writers */
    struct clock_line *lines;  /* world rank 0: rep.lines, owned */
};

/* Collective over MPI_COMM_WORLD: the first fit, flat (flat = 1, or
 * one node) or in two levels over w's nodes. */
void clock_sync(struct clocks *c, const struct world *w, int flat);

/* Collective over MPI_COMM_WORLD, between records: fits again when on
 * any rank the predicted error now (clock_error) has reached a tenth of
 * the shortest window used since the fit, its drift part is at least the
 * offset part (so that a new fit at least halves it), and the last fit
 * ended CLOCK_REFIT_PAUSE_S ago and four times its cost ago, or more.
 * Returns 1 when it did. */
int clock_refit_due(struct clocks *c);

/* Collective over MPI_COMM_WORLD, once the records are done: one more
 * burst of CLOCK_CHECK_PINGS ping-pongs a rank (up to CLOCK_CHECK_TRIES
 * of them, 1 ms apart, until one is quick against the fit's quickest),
 * the quickest's offset compared with the model's, by each pinger
 * against the line it fitted; rep.end_error gets the largest difference
 * (two-level: a rank's plus its leader's), rep.end_rtt that burst's
 * round trip (two-level: the two bursts' round trips added). */
void clock_check(struct clocks *c);

/* This rank's time at rank 0's time T, and back. */
double clock_to_local(const struct clocks *c, double T);
double clock_to_rank0(const struct clocks *c, double L);

void clocks_free(struct clocks *c);

#endif
