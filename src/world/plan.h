/* plan.h: what each record will run on, the checks that need the
 * communicators, and the --validate plan */
#ifndef MPIGAUGE_PLAN_H
#define MPIGAUGE_PLAN_H

#include <stdint.h>
#include <stdio.h>
#include "input/diag.h"
#include "input/options.h"
#include "registry/record.h"
#include "models/pattern.h"
#include "world/estimate.h"
#include "world/mpit.h"
#include "world/world.h"

/* the hardware levels of levels=hw, innermost first: topology names */
enum { PLAN_LEVELS = 3 };
extern const char *const plan_level_topology[PLAN_LEVELS];

/* one record, planned */
struct planned {
    const struct record *rec;
    int index;                 /* 1-based position among the records */
    struct topo_comm *tc;      /* its communicators (NULL: the record is bad) */
    char skipped[400];         /* empty, or why the record will not run */
    struct bpattern bp;        /* BARRIER: this rank's pattern (p = 0: MPI) */
    struct record_breadth breadth; /* communicators and pairs, for the estimate */
    struct estimate est;       /* counts only while the record will run */
    /* levels=hw: the communicators of each hardware level (PLAN_LEVELS) */
    struct topo_comm *levels[3];
    struct cvar_set cvars[MAX_RECORD_CVARS];   /* cvar=, resolved */
};

struct plan {
    const struct recordset *rs;
    struct planned *rec;       /* one per record */
    int n;
};

/* Bytes one rank allocates for a call on a communicator of p ranks, its
 * buffers copies times over (record_copies: window= times threads=). */
uint64_t record_memory(const struct call *c, int p, uint64_t max_elems,
                       uint64_t extent, uint64_t stride, uint64_t pack_size,
                       int copies);

/* Memory one rank may use: the node's memory shared by its ranks.  The
 * node's free memory changes from call to call; memory_share is the
 * arithmetic on one reading (UINT64_MAX: no limit known). */
uint64_t memory_per_rank(int ranks_on_node);
uint64_t memory_share(uint64_t have, int ranks_on_node);

/* Collective.  Builds the communicators of every record that parsed,
 * decides what is skipped, builds and checks barrier patterns, and
 * reports roots and buffers that cannot work.  Returns the error count. */
int plan_records(struct plan *pl, const struct recordset *rs, struct world *w,
                 const struct options *o, struct diag *d);
void plan_free(struct plan *pl);

/* the estimates of all records that will run */
struct estimate plan_total(const struct plan *pl);

/* The plan (--validate) on rank 0: its first line, each chunk's records,
 * and the total of every record's estimate. */
void plan_print_head(const char *file, int nrec, const struct world *w, FILE *out);
void plan_print_records(const struct plan *pl, const struct world *w, FILE *out);
/* a point-to-point or streaming record's suggested cvar= sweep around each
 * protocol switch its sizes span (plan_switches.c) */
void plan_print_switches(const struct planned *p, const struct world *w, FILE *out);
void plan_print_total(const struct estimate *all, FILE *out);
/* keeps in all the larger of its memory and e's, with that record's line */
void estimate_memory(struct estimate *all, const struct estimate *e);

#endif
