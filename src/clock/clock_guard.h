/* clock_guard.h: MPI_Wtime watched against CLOCK_MONOTONIC.
 *
 * Every wait that reads MPI_Wtime until it reaches a time (a --sync
 * window's start, the lone receive's pause, LogGP's delays), and every
 * loop that goes on until MPI_Wtime says its --budget is spent, would
 * never end on a clock that stops, and would wait for as long as it went
 * back on one that jumps back (seen: one rank's MPI_Wtime frozen hung one
 * run in three, issue 53).  So each is bounded on CLOCK_MONOTONIC, which
 * the kernel keeps running: a wait judges MPI_Wtime's rate against it
 * every GUARD_SPAN_S or so while it waits, and a budget is spent when
 * either clock says so.  A rate outside [1/2, 2] (a stopped clock
 * reads 0, one that jumped reads negative or far above 1), or a wait that
 * lasts GUARD_LONGEST_WAIT_S, marks this rank's clock broken; from then
 * on its waits return at once.  Between sizes the ranks agree on it
 * (clock_guard_agree): the record in progress stops with the reason, the
 * later ones are not measured, and run.json's timer.broken and the prose
 * name the rank.  A clock once seen broken is not trusted again in the
 * run: a clock that jumped may jump again, and the times it gave since
 * are not known to be right.
 *
 * Under SimGrid's SMPI MPI_Wtime is the simulated clock, unrelated to
 * the host's: nothing is judged there (a simulated clock does not stop). */
#ifndef MPIGAUGE_CLOCK_GUARD_H
#define MPIGAUGE_CLOCK_GUARD_H

#include <stddef.h>

/* the shortest stretch of CLOCK_MONOTONIC a rate is judged over (or 50
 * of MPI_Wtick's ticks, where longer), and the longest any wait may take */
#define GUARD_SPAN_S 0.01
#define GUARD_LONGEST_WAIT_S 60.0

/* a start on both clocks, for a budget */
struct stretch {
    double wt, mono;
};
void stretch_start(struct stretch *s);
/* the seconds since s began: MPI_Wtime's, or CLOCK_MONOTONIC's where
 * they are more (not under SMPI): a budget spent on either is spent */
double stretch_elapsed(const struct stretch *s);

/* Returns once MPI_Wtime() reaches at (seconds), spinning, or at once
 * when this rank's clock is broken or becomes so while it waits (said by
 * clock_guard_check). */
void guard_spin_until(double at);

/* The rate since the last stretch judged (this rank's first call starts
 * the first), judged once the stretch is GUARD_SPAN_S long; returns 1
 * when this rank's clock is broken, now or before. */
int clock_guard_check(void);

/* Collective over MPI_COMM_WORLD: the lowest world rank whose clock is
 * broken, with what was seen ("MPI_Wtime advanced 0 s in 0.0100 s of
 * CLOCK_MONOTONIC") into why (on every rank); -1 while none is.  Once
 * one is, every later call returns it without communicating. */
int clock_guard_agree(char *why, size_t len);
/* clock_guard_agree at the run's end, the last stretch judged over
 * GUARD_SPAN_S at least (waited for here, asleep, if need be), so that a
 * run too short for any size to judge its clock has it judged too */
int clock_guard_final(char *why, size_t len);
/* what the last clock_guard_agree returned, without communicating */
int clock_guard_agreed(void);

#endif
