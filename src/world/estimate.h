/* estimate.h: how long a record will take, before it runs */
#ifndef MPIGAUGE_ESTIMATE_H
#define MPIGAUGE_ESTIMATE_H

#include <stdint.h>
#include "input/options.h"
#include "registry/record.h"

/* One record on its communicators: the largest has p ranks; pairwise
 * calls measure `pairs` pairs in all, `steps` of them one after another
 * (the most in one communicator, the rounds of ROUNDS, or the sample). */
struct record_breadth {
    int p;
    long pairs, steps;
    int ncomm;
};

struct estimate {
    long measurements;         /* pair or communicator measurements, all sizes */
    double seconds;
    /* the bytes of buffers one rank allocates (world/plan.c), and for a
     * total the largest of any record with its input line */
    uint64_t memory;
    int memory_line;
};

/* By the model of the defaults (docs/measuring.md, "Estimates"): a call costs
 * L + bytes / B per message on its critical path, iterations follow the
 * defaults (or iters=, --iters), and each measurement adds a fixed
 * overhead. */
struct estimate estimate_record(const struct record *r, const struct options *o,
                                const struct record_breadth *sh);

/* seconds to measure the pairwise parameters of p ranks (params/params.c),
 * node_ranks of them on the most crowded node, as --params (params_depth:
 * enum params_depth) measures them */
double estimate_params(int p, int node_ranks, int params_depth);
/* estimate_params for record i of pl when the run measures them before
 * it (the first pattern barrier on its topology), else 0 */
struct plan;
double estimate_plan_params(const struct plan *pl, int i, int node_ranks,
                            int params_depth);


#endif
