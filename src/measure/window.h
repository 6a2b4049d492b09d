/* window.h: --sync window, the start of every repetition of a collective
 * at a common time (SKaMPI, ReproMPI).
 *
 * Each rank's clock is modelled against world rank 0's (clock.h: offset
 * and drift); a communicator's rank 0 then hands out start times on rank
 * 0's clock, every rank waits for its own clock to read the start
 * (clock_to_local), runs one call and notes when it entered and left
 * (clock_to_rank0).  A repetition that any rank began after its start
 * time is late: it is counted and left out, and the record goes on until
 * it has its count of valid ones or --budget is spent. */
#ifndef MPIGAUGE_WINDOW_H
#define MPIGAUGE_WINDOW_H

#include "clock/clock.h"
#include "measure/repeat.h"

struct trial;

/* a fixed count's attempts at most, late ones retried: reps times this */
enum { WINDOW_ATTEMPTS = 4 };
/* a window grows to this many times its first length at most: on a
 * loaded machine starts are late because a rank was descheduled, which
 * no window shorter than a time slice cures, and a window doubled
 * without end made one 2-rank --sync window BARRIER take 174 s (and
 * --timeout's watchdog call it hung) */
enum { WINDOW_GROWTH = 16 };

/* What time_window repeats and how: body(t, 1, arg) once a repetition
 * (timed_loop for a collective's call, a barrier for BARRIER records),
 * until reps of them are valid (adaptive: until the rule says enough;
 * fixed: or the rule's budget is spent, or WINDOW_ATTEMPTS x reps have
 * been tried), window seconds apart (0:
 * twice pilot, the slowest rank's time per call, agreed by the caller,
 * plus 2 us; doubled whenever more than a quarter of a round start late,
 * up to WINDOW_GROWTH times its first length).
 * mine, when set, gets this rank's own duration of the first nmine
 * repetitions (late ones too: only rank 0 knows which those are). */
struct window_plan {
    const struct rule *ru;
    long reps;
    double window, pilot;      /* s */
    int span;                  /* time a repetition first entry to last exit */
    const struct clocks *clocks;
    void (*body)(struct trial *t, long n, void *arg);   /* a block_body */
    void *arg;
    double *mine;              /* NULL, or nmine seconds */
    long nmine;
};

/* The repetitions of p; s (on the communicator's rank 0) gets each valid
 * repetition's time: the slowest rank's own duration, or with span the
 * last exit minus the first entry.  Returns this rank's mean seconds per
 * call. */
double time_window(struct trial *t, const struct window_plan *p, struct series *s);

#endif
