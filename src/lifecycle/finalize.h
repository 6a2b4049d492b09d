/* finalize.h: a way out of a known MPI_Finalize hang.
 *
 * Debian's MPICH 4.0.2 over UCX 1.13 can hang in MPI_Finalize when ranks
 * talk over TCP (between hosts): while closing its endpoints a rank waits
 * for a peer that has already finished closing and sits in the process
 * manager's barrier, no longer driving UCX (openucx/ucx#8738, "TCP
 * transport hangs during cleanup").  A 20-line MPI program without
 * mpigauge hangs the same way.  Shutting down the stuck rank's TCP
 * sockets makes UCX fail the pending endpoint closes, and MPI_Finalize
 * then returns normally on every rank. */
#ifndef MPIGAUGE_FINALIZE_H
#define MPIGAUGE_FINALIZE_H

/* Before MPI_Init: remembers the descriptors the process was started
 * with (the process manager's), which are never touched. */
void finalize_note_fds(void);

/* Async-signal-safe: shuts down (does not close) every connected TCP
 * socket opened since finalize_note_fds, except PMI_FD. */
void finalize_release_sockets(void);

#endif
