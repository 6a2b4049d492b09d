/* world.c: grid coordinates, nodes, hosts, and the communicators each
 * topology's colour function makes.
 *
 * Rank r sits at x = r mod X, y = (r / X) mod Y, z = r / (X Y): x varies
 * fastest, so consecutive ranks (which mpirun usually puts on one node)
 * share a line along x. */
#include "world.h"

#include "mpierr.h"

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

int world_init(struct world *w, const int grid[3])
{
    memset(w, 0, sizeof *w);
    MPI_Comm_rank(MPI_COMM_WORLD, &w->rank);
    MPI_Comm_size(MPI_COMM_WORLD, &w->size);
    if (grid[0]) {
        long places = (long)grid[0] * grid[1] * grid[2];
        if (places != w->size) {
            if (w->rank == 0)
                fprintf(stderr, "mpigauge: --grid %dx%dx%d has %ld places but "
                        "there are %d ranks\n", grid[0], grid[1], grid[2],
                        places, w->size);
            return 2;
        }
        memcpy(w->grid, grid, sizeof w->grid);
    } else {
        MPI_Dims_create(w->size, 3, w->grid);
    }
    struct place *p = &w->place;
    p->rank = w->rank;
    p->dx = w->grid[0];
    p->dy = w->grid[1];
    p->dz = w->grid[2];
    p->x = w->rank % p->dx;
    p->y = (w->rank / p->dx) % p->dy;
    p->z = w->rank / (p->dx * p->dy);

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
    w->cores = sysconf(_SC_NPROCESSORS_ONLN);
    find_nodes(w);
    find_hosts(w);
    return 0;
}

void world_free(struct world *w)
{
    for (int i = 0; i < w->nhosts; i++)
        free(w->hosts[i]);
    free(w->hosts);
    w->hosts = NULL;
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
        tc->world_of = malloc((size_t)size * sizeof *tc->world_of);
        MPI_Allgather(&w->rank, 1, MPI_INT, tc->world_of, 1, MPI_INT, tc->comm);
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
        free(built[i].world_of);
        free(built[i].sizes);
    }
    nbuilt = 0;
}
