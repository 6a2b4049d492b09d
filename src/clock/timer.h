/* timer.h: MPI_Wtime itself: its resolution and the cost of a read, agreed
 * over the ranks, and how long MPI_Init took on them */
#ifndef MPIGAUGE_TIMER_H
#define MPIGAUGE_TIMER_H

#include <mpi.h>

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
