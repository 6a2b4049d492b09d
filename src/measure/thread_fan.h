/* thread_fan.h: threads= on a call whose ranks run it all at once (the
 * blocking collectives and reductions, as IMB-MT): T threads of every
 * rank each call it on their own duplicate of the communicator, from
 * their own slot of the buffers, at once (thread_fan.c) */
#ifndef MPIGAUGE_THREAD_FAN_H
#define MPIGAUGE_THREAD_FAN_H

#include "measure/trial.h"

/* Before a size's warm-up: the threads and their communicators the first
 * time (made once a record, kept until fan_free), then every thread's
 * copy of t->k as the size's layout left it.  Collective over k->comm. */
void fan_start(struct trial *t);

/* the call's loop, n iterations on every thread at once; returns when
 * all are done (trial.h's timed loops call it in place of the call's) */
void fan_loop(struct fan *f, long n);

/* each thread's time from here (after the warm-up) */
void fan_reset(struct fan *f);
/* us[0 .. T-1]: each thread's time per call in us since fan_reset */
void fan_times(const struct fan *f, double *us);
int fan_threads(const struct fan *f);

/* --check on every thread at once, each on its own communicator and
 * slot; their mismatches added to k's */
void fan_check(struct fan *f, struct kernel *k);

/* the threads joined and the communicators freed (collective) */
void fan_free(struct fan *f);

#endif
