/* named_runs.h: the peers' most used benchmarks as records (--run NAME) */
#ifndef MPIGAUGE_NAMED_RUNS_H
#define MPIGAUGE_NAMED_RUNS_H

#include <stddef.h>
#include <stdio.h>

struct named_run {
    const char *name;          /* osu_latency, imb:PingPong */
    const char *record;        /* the record it runs, an input line */
};

extern const struct named_run named_runs[];
extern const size_t nnamed_runs;

/* the record of the run called name (case aside), or NULL */
const char *named_run(const char *name);

/* --list's section: every name and its record */
void print_named_runs(FILE *out);

#endif
