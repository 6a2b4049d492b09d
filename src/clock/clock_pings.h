/* clock_pings.h: the ping-pongs of the clock model (clock.h): a burst,
 * answering bursts, and one round of bursts from a pinger to its peers.
 * A pinger is world rank 0 (flat: every other rank is its peer;
 * two-level: the other node leaders and the ranks of its own node) or a
 * node leader (the other ranks of its node).  Every message is TAG_CLOCK
 * on MPI_COMM_WORLD; a ping carries how many are left in its burst, 0
 * says "stop" to a peer that answers bursts (clock_serve). */
#ifndef MPIGAUGE_CLOCK_PINGS_H
#define MPIGAUGE_CLOCK_PINGS_H

#include "clock/clock.h"

/* the ranks one pinger fits against its own clock, with their samples:
 * peer i's k-th at [i * CLOCK_MAX_ROUNDS + k], count[i] of them */
struct clock_peers {
    int n;
    const int *rank;           /* their world ranks */
    double *t, *off, *rtt;
    int *count;
    long bursts;               /* bursts run so far */
};

void clock_peers_init(struct clock_peers *p, int n, const int *rank);
void clock_peers_free(struct clock_peers *p);

/* Round k, peer i: a burst of CLOCK_PINGS when it wants one (every peer
 * in the first CLOCK_ROUNDS rounds, then a peer whose samples are not
 * enough for a fit).  Returns -1 when it wanted none, 1 when it wants
 * more rounds after this one, else 0. */
int clock_peer_round(struct clock_peers *p, int i, int k);
/* round k over every peer: 1 when one of them wants more rounds */
int clock_peers_round(struct clock_peers *p, int k);
/* peer i's line from its samples */
void clock_peer_fit(const struct clock_peers *p, int i, struct clock_line *f);

/* the pinger's half of a burst of n ping-pongs with world rank r: the
 * quickest's midpoint (the pinger's time), the offset there (r's clock
 * minus the pinger's), its round trip */
void clock_burst(int r, int n, double *t, double *off, double *rtt);
/* one double to r (a stop: 0; to a leader, -1 stops and 0 skips a burst) */
void clock_send(int r, double v);
/* one double from r, waited for asleep (20 us polls; SMPI: MPI_Recv) */
void clock_wait(int r, double *v);
/* the peer's half of a burst whose first ping (left) has come */
void clock_answer(int pinger, double left);
/* the peer's half of bursts from pinger until it says stop (<= 0) */
void clock_serve(int pinger);
/* sleep until MPI_Wtime reads at, CLOCK_SPAN_S at most (SMPI's nanosleep
 * is simulated) */
void clock_sleep_until(double at);

#endif
