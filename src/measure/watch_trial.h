/* watch_trial.h: the trial's side of --timeout: what the watchdog
 * (lifecycle/watchdog.h) is told of each size and block */
#ifndef MPIGAUGE_WATCH_TRIAL_H
#define MPIGAUGE_WATCH_TRIAL_H

#include <stdint.h>
#include "measure/trial.h"

/* a size of t's record starts (res: the record's result) */
void watch_size(const struct trial *t, const struct result *res,
                uint64_t elements, uint64_t bytes);
/* the block of n calls about to run (timed: counted) */
void watch_block(const struct trial *t, long n, int timed);

#endif
