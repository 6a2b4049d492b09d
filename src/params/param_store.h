/* param_store.h: the pairwise parameters of each topology, measured once
 * for the run when a barrier pattern first needs them (params.h), and
 * handed to the writers as world-rank matrices */
#ifndef MPIGAUGE_PARAM_STORE_H
#define MPIGAUGE_PARAM_STORE_H

#include "params/params.h"
#include "result/result.h"
#include "world/world.h"

/* the pairwise parameters of one topology */
struct params_entry {
    const struct topology *topo;
    struct params pm;          /* of this rank's communicator */
    struct loggp lg;           /* --loggp */
};

struct param_store {
    const struct world *world;
    int how;                   /* --params: enum params_depth */
    int loggp;                 /* --loggp: LogGP's too */
    /* the writers, told of a topology's parameters once measured (on
     * rank 0 only) */
    void (*on_params)(void *sink, const struct topology *t,
                      const struct param_matrices *m);
    void *sink;
    struct params_entry *e;    /* measured so far */
    int n;
};

/* the parameters of topology t, if measured; else NULL */
const struct params *stored_params(const struct param_store *s,
                                   const struct topology *t);
const struct loggp *stored_loggp(const struct param_store *s,
                                 const struct topology *t);

/* Collective over the world: measures tc's topology's parameters unless
 * they are in s, and hands them to the writers; returns 0, or the signal
 * that stopped the measurement (agreed over the world: nothing is handed
 * on) */
int store_measure(struct param_store *s, const struct topo_comm *tc);

void store_free(struct param_store *s);

#endif
