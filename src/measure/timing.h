/* timing.h: iteration counts and the timed loops */
#ifndef MPIGAUGE_TIMING_H
#define MPIGAUGE_TIMING_H

#include <stdint.h>
#include "input/iters.h"
#include "measure/trial.h"

/* Calls per block so that the whole timed loop takes about seconds, from
 * a pilot's time per call (--time); at least 1. */
long per_block_for(double seconds, double per_call, int blocks);

/* The messages one iteration of the record's call counts as (its legs,
 * times the window for calls that stream); 1 for collectives. */
long call_legs(const struct record *r);

/* The warm-up: iters untimed iterations (at least one when pilot is
 * set); returns this rank's seconds per iteration over them. */
double warm_collective(struct trial *t, long iters, int pilot);
double warm_pair(struct trial *t, long iters, int pilot);

/* The timed loop in blocks, each after a barrier on the communicator,
 * until the rule says enough.  Returns this rank's mean seconds per call
 * over all blocks; the communicator's rank 0 gets each block's slowest
 * rank's time per call in s. */
double time_collective(struct trial *t, const struct rule *ru, long per_block,
                       struct series *s);

/* The same for the pair (k.peer, k.initiator): one-way seconds; the
 * initiator decides when to stop and tells its partner, and only its
 * values and series are the pair's measurement. */
double time_pair(struct trial *t, const struct rule *ru, long per_block,
                 struct series *s);

/* Completes req asleep: MPI_Test every 20 us, off the cores (not under
 * SMPI, where MPI_Test costs simulated time: wait there instead) */
void quiet_wait(MPI_Request *req);

/* A barrier that sleeps while it waits (MPI_Ibarrier, then MPI_Test every
 * 20 us), for ranks that sit out a measurement: busy-polling waiters would
 * take the cores from the pair being timed. */
void quiet_barrier(MPI_Comm comm);

/* The same wait, agreeing on a number: the largest of every rank's mine
 * (MPI_Iallreduce, MPI_MAX), on every rank of comm. */
int quiet_agree(MPI_Comm comm, int mine);

/* quiet_agree between two rounds of pairs measured at once
 * (params.c, param_sample.c).  Under SMPI every rank then enters one more
 * agreement at one simulated instant and the round starts as that one
 * releases them.  Without it a round's pairs start as the agreement
 * released them after the round before, whose end set who came when,
 * and the contention between the pairs (and so each pair's values, by up
 * to 2.6% in L_ij (1 B - 1 KiB) on thesis-8x2x4) with it: --params
 * classes, measuring 8 of full's rounds after other rounds than full
 * does, would not get full's values for them.  Released at one instant
 * instead, the pairs met each other's small messages all at once, and
 * TREE and DISSEMINATION were predicted 1.9-3.0 points higher at 144
 * ranks (docs/models.md).  A real MPI's clocks are not one clock; there
 * it is quiet_agree. */
int round_agree(MPI_Comm comm, int mine);

/* Returns once MPI_Wtime() reaches `at` (seconds), outside MPI.  Under
 * SMPI a spin would read the simulated clock (each read a simulated step)
 * tens of thousands of times; its nanosleep is exact in simulated time.
 * On real clocks nanosleep wakes tens of microseconds late, so it is a
 * spin, which a stopped or jumping clock cannot hang (clock_guard.h). */
void wait_until(double at);

/* MPI_Wtime's resolution (the smallest step seen between two reads) and
 * the cost of one read, both in seconds. */
void timer_probe(double *resolution, double *overhead);

/* Rank 0's resolution and read cost on every rank of comm.  The read cost
 * prices the candidates of HYBRID (and every barrier prediction), so the
 * ranks must hold one value: each rank's own would let near ties fall
 * differently and the ranks build different barriers (issue 28).  The
 * tests' MPIGAUGE_TEST_SKEW=S adds S seconds to the last rank's own
 * read cost first, to show that nothing downstream sees it. */
void timer_agree(double *resolution, double *overhead, MPI_Comm comm);

/* Collective: MPI_Init's seconds (mine, this rank's) over the ranks, on
 * rank 0 (as osu_init): the fastest, the mean, the slowest in out[0..2];
 * NaN under SimGrid's SMPI */
void timer_init_spread(double mine, double out[3]);

#endif
