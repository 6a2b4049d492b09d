/* watchdog.h: --timeout, a size whose calls do not return.
 *
 * A thread of each rank's own, which makes no MPI call, watches the size
 * in progress: armed when a size starts (after its opening barrier), and
 * again at the next size, so that a size's window covers its warm-up,
 * timed blocks, gathering and the agreement after it.  When a size has
 * run for its timeout, the thread says on stderr what the rank was doing
 * (record, line, call, size, the calls of the block it was in and
 * whether they were warm-up or timed, how long, the world ranks it waits
 * on: a pair's partner, or its communicator's ranks; MPI cannot say more
 * of a call that has not returned) and writes the same as
 * hang-rank-N.json in the result folder.  Rank 0 then gathers the other
 * ranks' files (waiting HANG_GATHER_S seconds at most: a rank on a node
 * that does not share the folder says it on stderr only), writes run.json
 * with the run and the record "hung" and a "hang" member, and hang.txt
 * (every rank's line) and ends the job with MPI_Abort(EXIT_HUNG): the
 * launcher's status is then EXIT_HUNG (a rank that exited by itself
 * would have the launcher kill the rest and report their signal).  The
 * others wait for it; one it does not reach (rank 0's node gone) exits
 * EXIT_HUNG HANG_ABORT_S after hang.txt appears, or HANG_WAIT_S +
 * HANG_ABORT_S after its own report.  The job ends within the timeout
 * and HANG_GATHER_S + a second or so. */
#ifndef MPIGAUGE_WATCHDOG_H
#define MPIGAUGE_WATCHDOG_H

#include <stdint.h>
#include "lifecycle/hang_report.h"

enum { HANG_GATHER_S = 2, HANG_WAIT_S = 4, HANG_ABORT_S = 3 };
/* the default timeout: HANG_ESTIMATE_TIMES the record's estimate
 * (every size of it: a size never takes longer than the whole; with an
 * adaptive repetition, the --budget a size may add to it), and at
 * least HANG_MIN_S, so that a noisy machine or a cold first call is no
 * hang */
enum { HANG_ESTIMATE_TIMES = 10, HANG_MIN_S = 60 };

/* the size a record is at, as the watchdog reports it (measure/
 * watch_trial.c fills it from the trial) */
struct watch_size {
    int record, line;
    const char *text, *call;
    uint64_t elements, bytes;
    double timeout_s;
};

/* Collective over MPI_COMM_WORLD, once the result folder is made (dir:
 * its path on rank 0; broadcast to the others); starts the thread unless
 * off (SMPI, whose ranks are threads of one process, or --timeout 0). */
void watchdog_start(const char *dir, int off);

/* 1 when the thread runs (else arming and blocks do nothing) */
int watchdog_running(void);

/* a size starts */
void watchdog_arm(const struct watch_size *s);
/* the record's sizes are over */
void watchdog_disarm(void);

/* the block of n calls about to run (timed: counted, else warm-up or
 * calls timed one by one), the world ranks it waits on (nwaits of them
 * and more beyond, what: "the pair's partner", "its communicator"; what
 * NULL: the last block's), and its end */
void watchdog_block(long n, int timed, const int *waits, int nwaits, int more,
                    const char *what);
void watchdog_block_end(void);

/* the timeout of a record's sizes, seconds (0: off): asked (--timeout;
 * < 0: not given), else from the record's estimate of all its sizes */
double hang_timeout(double asked, double estimate_s);

#endif
