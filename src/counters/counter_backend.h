/* counter_backend.h: what counters.c asks of a backend (counters_papi.c,
 * counters_perf.c).
 *
 * A backend holds one set of events per process.  can() tells whether it
 * could count an event alone; add() puts it into the set (its slot is the
 * order of the adds); start and stop bracket a timed loop, and stop adds
 * the counts of the slots to v[]. */
#ifndef MPIGAUGE_COUNTER_BACKEND_H
#define MPIGAUGE_COUNTER_BACKEND_H

struct counter_backend {
    const char *name;
    int (*can)(const char *event);
    int (*add)(const char *event);      /* 1: added */
    int (*start)(void);                 /* 0: running */
    void (*stop)(long long *v);
    void (*close)(void);
};

extern const struct counter_backend counters_papi;
extern const struct counter_backend counters_perf;

#endif
