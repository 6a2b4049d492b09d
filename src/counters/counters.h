/* counters/: event counts over the timed loops (--papi): PAPI and the kernel's perf_event as two backends behind one interface (counters.h, counter_backend.h); includes result/, input/, registry/, models/ and base/. */
/* counters.h: event counts over the timed loops (--papi).
 *
 * Two backends count: PAPI, and the kernel's perf_event_open interface
 * for the software events (task clock, page faults, context switches,
 * CPU migrations), which counts them where PAPI's perf_event component is
 * disabled (a VM without a PMU) or in a build without PAPI.  An event has
 * the same name and columns whichever backend counts it.
 *
 * Every function is safe to call when no event is in use; start and stop
 * then do nothing. */
#ifndef MPIGAUGE_COUNTERS_H
#define MPIGAUGE_COUNTERS_H

#include <stddef.h>
#include "result/result.h"

enum { COUNTERS_MAX = MAX_EVENTS };

/* Collective over MPI_COMM_WORLD.  Keeps the events of the comma-separated
 * list that every rank can count with one backend (PAPI first, then the
 * kernel); the others are named in dropped.  Returns 0, or -1 with why in
 * err when the list itself is wrong (empty names, too many events). */
int counters_init(const char *list, char *dropped, size_t dlen, char *err,
                  size_t elen);
int counters_events(void);              /* events in use */
const char *counters_event(int i);
const char *counters_backend(int i);    /* "PAPI" or "perf_event_open" */
void counters_start(void);              /* right before a timed loop */
void counters_stop(void);               /* right after: adds to the totals */
/* Copies the totals since the last take into out[counters_events()] and
 * zeroes them. */
void counters_take(double *out);
void counters_finish(void);

#endif
