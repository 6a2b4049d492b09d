/* world.c: grid coordinates, nodes, hosts, and the communicators each
 * topology's colour function makes.
 *
 * With a grid of X x Y x Z (MPI_Dims_create or --grid), rank r sits at
 * x = r mod X, y = (r / X) mod Y, z = r / (X Y): x varies fastest, so
 * consecutive ranks (which mpirun usually puts on one node) share a line
 * along x.  --grid hw and --coords place ranks instead. */
#include "world.h"

#include "hw.h"
#include "mpierr.h"
#include "params.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void find_nodes(struct world *w)
{
    MPI_Comm node;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, w->rank,
                        MPI_INFO_NULL, &node);
    MPI_Comm_size(node, &w->node_ranks);
    int leader = w->rank;
    MPI_Bcast(&leader, 1, MPI_INT, 0, node);   /* lowest world rank */
    MPI_Comm_free(&node);

    int *leaders = malloc((size_t)w->size * sizeof *leaders);
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

static void find_hosts(struct world *w)
{
    int len;
    MPI_Get_processor_name(w->host, &len);
    char *all = NULL;
    if (w->rank == 0)
        all = malloc((size_t)w->size * MPI_MAX_PROCESSOR_NAME);
    MPI_Gather(w->host, MPI_MAX_PROCESSOR_NAME, MPI_CHAR, all,
               MPI_MAX_PROCESSOR_NAME, MPI_CHAR, 0, MPI_COMM_WORLD);
    if (w->rank != 0)
        return;
    w->hosts = calloc((size_t)w->size, sizeof *w->hosts);
    for (int r = 0; r < w->size; r++) {
        const char *h = all + (size_t)r * MPI_MAX_PROCESSOR_NAME;
        int seen = 0;
        for (int i = 0; i < w->nhosts && !seen; i++)
            seen = strcmp(w->hosts[i], h) == 0;
        if (!seen)
            w->hosts[w->nhosts++] = strdup(h);
    }
    free(all);
}

static void grid_from_rank(struct world *w)
{
    struct place *p = &w->place;
    p->x = w->rank % w->grid[0];
    p->y = (w->rank / w->grid[0]) % w->grid[1];
    p->z = w->rank / (w->grid[0] * w->grid[1]);
}

/* --grid hw: z = node, y = the package's position among the packages this
 * job uses on the node, x = the rank's position among the ranks on its
 * package, by core and then by rank (so two ranks on one core still get
 * two places). */
static void grid_from_hardware(struct world *w)
{
    int me[3] = {w->place.node, w->place.package, w->place.core};
    int *all = malloc(3 * (size_t)w->size * sizeof *all);
    MPI_Allgather(me, 3, MPI_INT, all, 3, MPI_INT, MPI_COMM_WORLD);
    int x = 0, y = 0, maxx = 0, maxy = 0;
    for (int q = 0; q < w->size; q++) {
        const int *o = &all[3 * q];
        if (o[0] != me[0])
            continue;
        /* a package of this node lower than mine, counted once */
        if (o[1] < me[1]) {
            int first = 1;
            for (int k = 0; k < q && first; k++)
                first = !(all[3 * k] == o[0] && all[3 * k + 1] == o[1]);
            y += first;
        }
        if (o[1] == me[1] && (o[2] < me[2] || (o[2] == me[2] && q < w->rank)))
            x++;
    }
    free(all);
    w->place.x = x;
    w->place.y = y;
    w->place.z = w->place.node;
    MPI_Allreduce(&x, &maxx, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Allreduce(&y, &maxy, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    w->grid[0] = maxx + 1;
    w->grid[1] = maxy + 1;
    w->grid[2] = w->nodes;
}

static void grid_from_coords(struct world *w, const int *xyz)
{
    w->place.x = xyz[3 * w->rank];
    w->place.y = xyz[3 * w->rank + 1];
    w->place.z = xyz[3 * w->rank + 2];
    for (int k = 0; k < 3; k++) {
        w->grid[k] = 1;
        for (int r = 0; r < w->size; r++)
            if (xyz[3 * r + k] + 1 > w->grid[k])
                w->grid[k] = xyz[3 * r + k] + 1;
    }
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
    find_library(w);
    w->cores = sysconf(_SC_NPROCESSORS_ONLN);
    find_nodes(w);
    find_hosts(w);
    struct hw_location loc;
    hw_locate(&loc);
    w->place.package = loc.package;
    w->place.core = loc.core;
    MPI_Allreduce(&loc.bound, &w->bound, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);

    w->place.rank = w->rank;
    if (o->grid_hw) {
        grid_from_hardware(w);
        w->grid_source = "hardware (--grid hw: x core, y package, z node)";
    } else if (coords) {
        grid_from_coords(w, coords);
        w->grid_source = "--coords";
    } else {
        if (grid[0]) {
            memcpy(w->grid, grid, sizeof w->grid);
            w->grid_source = "--grid";
        } else {
            MPI_Dims_create(w->size, 3, w->grid);
            w->grid_source = "MPI_Dims_create";
        }
        grid_from_rank(w);
    }
    w->place.dx = w->grid[0];
    w->place.dy = w->grid[1];
    w->place.dz = w->grid[2];
    w->places = malloc((size_t)w->size * sizeof *w->places);
    MPI_Allgather(&w->place, (int)sizeof w->place, MPI_BYTE, w->places,
                  (int)sizeof w->place, MPI_BYTE, MPI_COMM_WORLD);
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
}

/* ---- communicators, one set per topology, built once ------------------- */
#define MAX_TOPOS 64
static struct topo_comm built[MAX_TOPOS];
static int nbuilt;

static void build(const struct world *w, struct topo_comm *tc)
{
    int colour = tc->topo->colour(&w->place);
    MPI_Comm_split(MPI_COMM_WORLD, colour < 0 ? MPI_UNDEFINED : colour,
                   w->rank, &tc->comm);
    int size = 0, crank = -1;
    if (tc->comm != MPI_COMM_NULL) {
        mpierr_attach(tc->comm);
        MPI_Comm_size(tc->comm, &size);
        MPI_Comm_rank(tc->comm, &crank);
        tc->places = malloc((size_t)size * sizeof *tc->places);
        MPI_Allgather(&w->place, (int)sizeof w->place, MPI_BYTE, tc->places,
                      (int)sizeof w->place, MPI_BYTE, tc->comm);
    }
    /* every communicator's size, announced by its rank 0 */
    int mine = crank == 0 ? size : 0;
    int *all = malloc((size_t)w->size * sizeof *all);
    MPI_Allgather(&mine, 1, MPI_INT, all, 1, MPI_INT, MPI_COMM_WORLD);
    tc->sizes = malloc((size_t)w->size * sizeof *tc->sizes);
    tc->n = 0;
    tc->min_size = w->size;
    tc->max_size = 0;
    for (int r = 0; r < w->size; r++) {
        if (!all[r])
            continue;
        tc->sizes[tc->n++] = all[r];
        if (all[r] < tc->min_size)
            tc->min_size = all[r];
        if (all[r] > tc->max_size)
            tc->max_size = all[r];
    }
    if (tc->n == 0)
        tc->min_size = 0;
    free(all);
}

struct topo_comm *topo_comm_get(const struct world *w, const struct topology *t)
{
    for (int i = 0; i < nbuilt; i++)
        if (built[i].topo == t)
            return &built[i];
    if (nbuilt == MAX_TOPOS)
        abort();
    struct topo_comm *tc = &built[nbuilt++];
    memset(tc, 0, sizeof *tc);
    tc->topo = t;
    build(w, tc);
    return tc;
}

void topo_comms_free(void)
{
    for (int i = 0; i < nbuilt; i++) {
        if (built[i].comm != MPI_COMM_NULL)
            MPI_Comm_free(&built[i].comm);
        free(built[i].places);
        params_free(&built[i].pm);
        free(built[i].sizes);
    }
    nbuilt = 0;
}
