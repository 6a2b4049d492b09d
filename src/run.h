/* run.h: one run of mpigauge: records -> communicators -> runs -> results
 * -> writers.  Everything the run holds, each layer's part in its own
 * member. */
#ifndef MPIGAUGE_RUN_H
#define MPIGAUGE_RUN_H

#include "input/input.h"
#include "measure/measure.h"
#include "output/output.h"
#include "result.h"
#include "world/plan.h"
#include "world/world.h"

struct run {
    struct options opt;        /* input/ */
    struct recordset rs;
    struct world world;        /* world/ */
    struct plan plan;
    int invalid;               /* --keep-going: records skipped as invalid */
    struct measurer m;         /* measure/ */
    struct result *res;        /* one per record, for the writers */
    struct run_info info;
    struct writer writer;      /* output/, rank 0 */
};

/* run_input.c: the grid, the records and the plan (0, or 2 after every
 * error is said; with --keep-going invalid records become skips), and
 * --validate --ranks N's plan made by rank 0 alone */
int input_step(struct run *run, int rank);
int offline_step(struct run *run, int rank);

/* The whole run on every rank; returns the exit status. */
int run_main(struct run *run, int argc, char **argv);
void run_free(struct run *run);

#endif
