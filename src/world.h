/* world.h: what the run knows about MPI_COMM_WORLD, and the communicators
 * of each topology the input names */
#ifndef MPIGAUGE_WORLD_H
#define MPIGAUGE_WORLD_H

#include <mpi.h>
#include "options.h"
#include "predict.h"
#include "record.h"

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
    const char *grid_source;   /* how the coordinates were found */
    struct place *places;      /* every rank's place, on every rank */
    int bound;                 /* ranks bound to one core */
};

struct topo_comm {
    const struct topology *topo;
    MPI_Comm comm;             /* this rank's, MPI_COMM_NULL if it sits out */
    struct place *places;      /* the place of each rank of comm */
    int n;                     /* how many communicators */
    int *sizes;                /* their sizes, by lowest world rank */
    int min_size, max_size;
    struct params pm;          /* pairwise parameters, measured once */
    int have_params;
};

/* The grid comes from --grid XxYxZ, --grid hw, coords (3 ints per rank,
 * from --coords) or MPI_Dims_create.  Returns 0, or 2 after rank 0 said
 * why the grid does not fit. */
int world_init(struct world *w, const struct options *o, const int *coords);
void world_free(struct world *w);

/* The communicators of topo, built on first use; every rank must call. */
struct topo_comm *topo_comm_get(const struct world *w, const struct topology *t);
void topo_comms_free(void);

#endif
