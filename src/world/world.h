/* world/: what the run knows of MPI_COMM_WORLD (library, nodes, hosts, the grid and every rank's place), the communicators of each topology, and the plan checked before anything runs; uses input/, kernels/ and topologies/ (tables), registry/, models/ and base/. */
#ifndef MPIGAUGE_WORLD_H
#define MPIGAUGE_WORLD_H

#include <mpi.h>
#include "base/base.h"
#include "input/options.h"
#include "registry/registry.h"
#include "base/core_sharing.h"

/* the communicators of one topology, built once for the whole run */
struct topo_comm {
    const struct topology *topo;
    MPI_Comm comm;             /* this rank's, MPI_COMM_NULL if it sits out */
    struct place *places;      /* the place of each rank of comm */
    int n;                     /* how many communicators */
    int *sizes;                /* their sizes, by lowest world rank */
    int min_size, max_size;
    int *comm_of;              /* per world rank: the index of its communicator
                                * (the order of sizes), or -1 */
    /* graph-shaped topologies */
    char file[SIDE_PATH_BYTES];           /* GRAPH: the edge-list file, else empty */
    int has_vtopo;             /* comm is Cartesian or a distributed graph */
    char vtopo_text[160];      /* what the vtopo became, for the outputs */
    int uneven;                /* a rank's in-degree differs from its out-degree */
    int twice;                 /* Cartesian with a periodic dimension of length
                                * 1 or 2: one neighbour both ways */
    char why[240];             /* empty, or why the vtopo could not be made
                                * (then comm is the plain communicator) */
    /* an offline world's: the pairs each communicator keeps, by criterion
     * (enum pair_count), counted on first use (offline_pairs.c) */
    long *pairs[PAIR_COUNTS];
};

struct world {
    int rank, size;
    int grid[3];
    struct place place;
    int nodes;
    int node_ranks;            /* ranks on this rank's node */
    int max_node_ranks;        /* most ranks on any node */
    long cores;                /* online cores of this node */
    char host[MPI_MAX_PROCESSOR_NAME];
    char **hosts;              /* rank 0: distinct host names */
    int nhosts;
    char library[256];         /* first line of MPI_Get_library_version */
    int version, subversion;
    /* the level asked (main.c: -1 for MPI_Init, MULTIPLE where the input
     * has a threaded call, or --thread-level's), and the level granted
     * (every rank's lowest) */
    int thread_asked, thread_level;
    const char *grid_source;   /* how the coordinates were found */
    struct place *places;      /* every rank's place, on every rank */
    int bound;                 /* ranks bound to one core */
    struct core_sharing cores_shared;   /* ranks bound to the same CPUs
                                         * as another rank of their
                                         * machine (world/core_share.h) */
    char cpu_model[128];       /* this rank's processor (hwloc), "" unknown */
    /* --validate --ranks N: size N simulated places (x fastest on the
     * grid, nodes of this machine's core count, one package), none of
     * them launched: communicators are laid out, never built, and places
     * is NULL (offline_place gives a rank's by arithmetic) */
    int offline;
    /* rank 0: every MPI_T control variable readable at start (mpit.h) */
    struct name_value *cvars;
    int ncvars;
    /* the communicators of every topology used so far */
    struct topo_comm **comms;
    int ncomms, comms_cap;
};

/* The grid comes from --grid XxYxZ, --grid hw, coords (3 ints per rank,
 * from --coords) or MPI_Dims_create.  Returns 0, or 2 after rank 0 said
 * why the grid does not fit. */
int world_init(struct world *w, const struct options *o, const int *coords);
void world_free(struct world *w);

/* --ranks N (o->ranks): the world N ranks laid out so would have, made
 * by this process alone (every launched rank makes the same); 0, or 2
 * after rank 0 said why the grid does not fit. */
int world_init_offline(struct world *w, const struct options *o);

/* The communicators of t (for GRAPH: of the edge list read from file),
 * built on first use; every rank must call.  In an offline world they
 * are only laid out (offline_comms.c): sizes, comm_of, no MPI_Comm. */
struct topo_comm *world_comms(struct world *w, const struct topology *t,
                              const char *file, const struct edges *edges);
void world_comms_free(struct world *w);
void offline_lay_out(const struct world *w, struct topo_comm *tc,
                     const struct edges *e);
/* an offline world's rank r: rank = x + dx (y + dy z), node = r / cores */
void offline_place(const struct world *w, int r, struct place *p);
/* an offline world's: the pairs pf keeps in each communicator of tc (tc->n
 * counts, by arithmetic where pf->count says how; kept in tc) */
const long *offline_pairs(const struct world *w, struct topo_comm *tc,
                          const struct pair_filter *pf);

/* grid.c: every rank's coordinates */
void grid_from_rank(struct world *w);
void grid_from_hardware(struct world *w);
void grid_from_coords(struct world *w, const int *xyz);

#endif
