/* corrupt.h: what the fault injector's files share (corrupt.c: the
 * point-to-point, blocking collective, one-sided and I/O calls;
 * corrupt_nbc.c: the non-blocking and persistent ones; corrupt_nbr.c: the
 * neighbourhood ones) */
#ifndef MPIGAUGE_CORRUPT_H
#define MPIGAUGE_CORRUPT_H

#include <mpi.h>

/* 1 when MPIGAUGE_CORRUPT is set and mpigauge is measuring */
int active(void);
/* flips the lowest bit of element elem's first data byte (when active) */
void flip(void *buf, long elem, MPI_Datatype t);
int rank_of(MPI_Comm c);
int size_of(MPI_Comm c);
/* the last element a v-layout fills */
long last_v(const int *counts, const int *displs, int p);
/* a request whose completion delivers buf up to element elem (elem < 0:
 * nothing); persistent ones deliver at every completion */
void remember(MPI_Request req, void *buf, long elem, MPI_Datatype t, int persistent);

#endif
