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

#endif
