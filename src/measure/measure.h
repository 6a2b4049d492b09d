/* measure/: the timed trial: buffers, the timed block, repetition, sync windows, counters, gathering results on rank 0, one size of a record by its family's way and the records' runs; includes params/, clock/, lifecycle/, kernels/, world/, input/, registry/, models/, base/ and result/. */
#ifndef MPIGAUGE_MEASURE_H
#define MPIGAUGE_MEASURE_H

#include "base/base.h"
#include "measure/window.h"
#include "models/predict.h"
#include "params/param_store.h"
#include "result/result.h"
#include "world/plan.h"

/* what measuring the records needs from the run, and where results go */
struct measurer {
    const struct options *opt;
    struct world *world;
    struct clocks clocks;      /* --sync window */
    double timer_cost;         /* one MPI_Wtime read, s */
    char scratch[PATH_BYTES];        /* MPI I/O files' folder, made by this run */
    struct param_store params; /* the barriers' pairwise parameters */
    /* the writers, told of each point as soon as rank 0 has it (called
     * on rank 0 only) */
    void (*on_point)(void *sink, const struct result *res, const struct point *pt);
    void *sink;
    int signal;                /* SIGINT or SIGTERM, agreed by the ranks */
};

/* Every rank calls this for every record that is not skipped.  Rank 0
 * fills res (points, fits, errors) and hands each point on as soon as it
 * is measured; the fits are made when the record ends. */
void measure_record(struct measurer *m, const struct planned *pl,
                    struct result *res);
void measurer_free(struct measurer *m);
#endif
