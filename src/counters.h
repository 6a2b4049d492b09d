/* counters.h: event counts over the timed loops, with PAPI.
 *
 * Every function is safe to call when no event is in use (no --papi, or
 * a build with make PAPI=0); start and stop then do nothing. */
#ifndef MPIGAUGE_COUNTERS_H
#define MPIGAUGE_COUNTERS_H

#include <stddef.h>

enum { PAPI_MAX_EVENTS = 16 };

/* Collective over MPI_COMM_WORLD.  Keeps the events of the comma-separated
 * list that every rank can count; the others are named in *dropped (rank
 * 0 warns once).  Returns 0, or -1 with why in err when --papi cannot work
 * at all (a build without PAPI, too many events). */
int papi_init(const char *list, char *dropped, size_t dlen, char *err,
              size_t elen);
int papi_events(void);              /* events in use */
const char *papi_event(int i);
void papi_start(void);              /* right before a timed loop */
void papi_stop(void);               /* right after: adds to the totals */
/* Copies the totals since the last take into out[papi_events()], zeroes them. */
void papi_take(double *out);
void papi_finish(void);

#endif
