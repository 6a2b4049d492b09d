/* lifecycle/: a run's life around its measurements: signals (interrupt.h), MPI errors (mpierr.h), the scratch folder (scratch.h), finalising (finalize.h) and --timeout's watchdog and hang report (watchdog.h, hang_report.h); includes base/ only. */
/* interrupt.h: signals always end a run, and end it cleanly when they can.
 *
 * SIGINT and SIGTERM are noted; after each size the ranks agree whether
 * any rank got one, close the record in progress and exit 128 + the
 * signal.  A second signal (one within SIGNAL_ECHO_S of the first is
 * the launcher's echo of it, and ignored), or no agreement within INTERRUPT_GRACE_S
 * seconds of the first (a rank stuck inside MPI never comes back to
 * agree; RANK0_FIRST_S longer on the other ranks), ends the process at
 * once with 128 + the signal, after rank 0 has left run.json marked
 * "interrupted" as of the last finished record and said so at the end of
 * report.txt. */
#ifndef MPIGAUGE_INTERRUPT_H
#define MPIGAUGE_INTERRUPT_H

#include <stddef.h>

/* RANK0_FIRST_S: the other ranks' grace is that much longer than rank
 * 0's, which writes the files (interrupt.c) */
enum { INTERRUPT_GRACE_S = 5, RANK0_FIRST_S = 2, FINALIZE_GRACE_S = 5, SIGNAL_ECHO_S = 1 };

void interrupt_install(void);

/* Collective over MPI_COMM_WORLD: the signal any rank received (0: none). */
int interrupt_agreed(void);

/* The signal this rank received (0: none); no MPI.  Long phases that run
 * on a communicator of their own (the pairwise parameters, HYBRID's
 * comparisons) agree on it over that communicator (quiet_agree) between
 * their steps, stop, and leave the world's agreement to the record. */
int interrupt_noted(void);

struct json_pieces;

/* Rank 0: the pieces of what run.json in dir must say if a signal ends
 * the process before the ranks agree (their head is taken over and freed
 * later; their files must stay open); NULL: leave run.json as it is. */
void interrupt_snapshot(const char *dir, const struct json_pieces *p);

/* Rank 0's --timeout watchdog (hang_report.c): a copy of the prepared
 * pieces (its head the caller's to free) and run.json's path; from now
 * on a signal leaves run.json to the watchdog.  0, or -1 when there are
 * none. */
int interrupt_take_snapshot(struct json_pieces *p, char *path, size_t len);

/* Right before MPI_Finalize, once every result is on disk: if
 * MPI_Finalize has not returned within FINALIZE_GRACE_S seconds, the
 * rank's own network connections are shut down (finalize.h), and if it
 * still has not returned FINALIZE_GRACE_S seconds later, the process
 * exits with status. */
void interrupt_guard_finalize(int status);

#endif
