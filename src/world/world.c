/* world.c: what the run knows of MPI_COMM_WORLD: the library, nodes,
 * hosts, and every rank's place on the grid (grid.c). */
#include "world/world.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "base/base.h"
#include "world/mpit.h"
#include "base/smpi.h"
#include "world/hw.h"
#include "world/core_share.h"

static void find_nodes(struct world *w)
{
    MPI_Comm node;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, w->rank,
                        MPI_INFO_NULL, &node);
    MPI_Comm_size(node, &w->node_ranks);
    int leader = w->rank;
    MPI_Bcast(&leader, 1, MPI_INT, 0, node);   /* lowest world rank */
    MPI_Comm_free(&node);

    int *leaders = xmalloc_array((size_t)w->size, sizeof *leaders);
    MPI_Allgather(&leader, 1, MPI_INT, leaders, 1, MPI_INT, MPI_COMM_WORLD);
    w->nodes = 0;
    w->place.node = 0;
    for (int r = 0; r < w->size; r++) {
        if (leaders[r] != r)
            continue;
        if (r < leader)
            w->place.node++;
        w->nodes++;
    }
    free(leaders);
    MPI_Allreduce(&w->node_ranks, &w->max_node_ranks, 1, MPI_INT, MPI_MAX,
                  MPI_COMM_WORLD);
}

/* ranks bound to the same CPUs of one machine (core_share.h); not under
 * SMPI, whose ranks are threads of one process on this machine, in
 * simulated time */
static void find_shared_cores(struct world *w, const struct hw_location *loc)
{
    w->cores_shared = core_sharing_of(NULL, 0);   /* none */
    if (MPIGAUGE_SMPI)
        return;
    struct core_claim mine = core_claim_here(loc->bound_cpu, loc->bound_cpus);
    struct core_claim *all = xmalloc_array((size_t)w->size, sizeof *all);
    MPI_Allgather(&mine, (int)sizeof mine, MPI_BYTE, all, (int)sizeof mine, MPI_BYTE,
                  MPI_COMM_WORLD);
    w->cores_shared = core_sharing_of(all, w->size);
    free(all);
}

static void find_hosts(struct world *w)
{
    int len;
    MPI_Get_processor_name(w->host, &len);
    char *all = NULL;
    if (w->rank == 0)
        all = xmalloc_array((size_t)w->size, MPI_MAX_PROCESSOR_NAME);
    MPI_Gather(w->host, MPI_MAX_PROCESSOR_NAME, MPI_CHAR, all,
               MPI_MAX_PROCESSOR_NAME, MPI_CHAR, 0, MPI_COMM_WORLD);
    if (w->rank != 0)
        return;
    w->hosts = xcalloc((size_t)w->size, sizeof *w->hosts);
    for (int r = 0; r < w->size; r++) {
        const char *h = all + (size_t)r * MPI_MAX_PROCESSOR_NAME;
        int seen = 0;
        for (int i = 0; i < w->nhosts && !seen; i++)
            seen = strcmp(w->hosts[i], h) == 0;
        if (!seen)
            w->hosts[w->nhosts++] = xstrdup(h);
    }
    free(all);
}

static void find_library(struct world *w)
{
    char lib[MPI_MAX_LIBRARY_VERSION_STRING];
    int len;
    MPI_Get_library_version(lib, &len);
    lib[strcspn(lib, "\n")] = 0;
    snprintf(w->library, sizeof w->library, "%.255s", lib);
    /* MPICH says "MPICH Version:\t4.0.2": tabs do not belong in a header */
    for (char *c = w->library; *c; c++)
        if (*c == '\t')
            *c = ' ';
    MPI_Get_version(&w->version, &w->subversion);
}

/* the grid and this rank's place on it, by the options */
/* the grid --grid names, else MPI_Dims_create's for the world's size */
static void grid_chosen(struct world *w, const struct options *o)
{
    if (o->grid[0]) {
        memcpy(w->grid, o->grid, sizeof w->grid);
        w->grid_source = "--grid";
    } else {
        MPI_Dims_create(w->size, 3, w->grid);
        w->grid_source = "MPI_Dims_create";
    }
}

static void place_on_grid(struct world *w, const struct options *o,
                          const int *coords)
{
    if (o->grid_hw) {
        grid_from_hardware(w);
        w->grid_source = "hardware (--grid hw: x core, y package, z node)";
    } else if (coords) {
        grid_from_coords(w, coords);
        w->grid_source = "--coords";
    } else {
        grid_chosen(w, o);
        grid_from_rank(w);
    }
}

int world_init(struct world *w, const struct options *o, const int *coords)
{
    memset(w, 0, sizeof *w);
    MPI_Comm_rank(MPI_COMM_WORLD, &w->rank);
    MPI_Comm_size(MPI_COMM_WORLD, &w->size);
    const int *grid = o->grid;
    if (grid[0] && (long)grid[0] * grid[1] * grid[2] != w->size) {
        if (w->rank == 0)
            fprintf(stderr, "mpigauge: --grid %dx%dx%d has %ld places but "
                    "there are %d ranks\n", grid[0], grid[1], grid[2],
                    (long)grid[0] * grid[1] * grid[2], w->size);
        return 2;
    }
    if (o->grid_hw && MPIGAUGE_SMPI) {
        if (w->rank == 0)
            fprintf(stderr, "mpigauge: --grid hw reads hwloc, which under SMPI sees "
                    "the machine running the simulation, not the simulated hosts; "
                    "use --grid XxYxZ\n");
        return 2;
    }
    find_library(w);
    if (mpit_start() == 0 && w->rank == 0)
        w->ncvars = mpit_list(&w->cvars);
    /* simulated: the cores of the simulated host, not of this machine */
    w->cores = MPIGAUGE_SMPI ? smpi_host_cores() : sysconf(_SC_NPROCESSORS_ONLN);
    find_nodes(w);
    find_hosts(w);
    struct hw_location loc;
    hw_locate(&loc);
    w->place.package = loc.package;
    w->place.core = loc.core;
    w->place.llc = loc.llc;
    w->place.llc_bytes = loc.llc_bytes;
    w->place.package_bytes = loc.package_bytes;
    w->place.node_bytes = loc.node_bytes;
    memcpy(w->cpu_model, loc.cpu_model, sizeof w->cpu_model);
    MPI_Allreduce(&loc.bound, &w->bound, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    find_shared_cores(w, &loc);

    w->place.rank = w->rank;
    place_on_grid(w, o, coords);
    w->place.dx = w->grid[0];
    w->place.dy = w->grid[1];
    w->place.dz = w->grid[2];
    w->places = xmalloc_array((size_t)w->size, sizeof *w->places);
    MPI_Allgather(&w->place, (int)sizeof w->place, MPI_BYTE, w->places,
                  (int)sizeof w->place, MPI_BYTE, MPI_COMM_WORLD);
    return 0;
}

int world_init_offline(struct world *w, const struct options *o)
{
    memset(w, 0, sizeof *w);
    MPI_Comm_rank(MPI_COMM_WORLD, &w->rank);
    w->offline = 1;
    w->size = o->ranks;
    if (o->grid[0] && (long)o->grid[0] * o->grid[1] * o->grid[2] != w->size) {
        if (w->rank == 0)
            fprintf(stderr, "mpigauge: --grid %dx%dx%d holds %ld ranks, not --ranks "
                    "%d\n", o->grid[0], o->grid[1], o->grid[2],
                    (long)o->grid[0] * o->grid[1] * o->grid[2], w->size);
        return 2;
    }
    find_library(w);
    mpit_start();
    w->cores = sysconf(_SC_NPROCESSORS_ONLN);
    int per_node = w->cores > 0 ? (int)w->cores : 1;
    w->max_node_ranks = w->size < per_node ? w->size : per_node;
    w->node_ranks = w->max_node_ranks;
    w->nodes = (w->size + per_node - 1) / per_node;
    w->cores_shared = core_sharing_of(NULL, 0);   /* none launched */
    grid_chosen(w, o);
    /* no array of places: a plan for millions of ranks reads them by
     * arithmetic (offline_place) */
    offline_place(w, 0, &w->place);
    return 0;
}

void world_free(struct world *w)
{
    for (int i = 0; i < w->nhosts; i++)
        free(w->hosts[i]);
    free(w->hosts);
    w->hosts = NULL;
    free(w->places);
    w->places = NULL;
    world_comms_free(w);
    free(w->cvars);
    w->cvars = NULL;
    mpit_end();
}
