/* waits.h: waiting without taking the cores: until a time on MPI_Wtime
 * (bounded by clock_guard.h), and for a request, a barrier or an
 * agreement asleep, so that ranks that sit out a measurement leave the
 * cores to the ranks being timed */
#ifndef MPIGAUGE_WAITS_H
#define MPIGAUGE_WAITS_H

#include <mpi.h>

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

#endif
