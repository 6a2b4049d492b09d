/* comms.c: the communicators each topology's colour function makes, built
 * once per topology and kept by the world for the whole run. */
#include "world/world.h"

#include <stdlib.h>
#include <string.h>
#include "base/base.h"

/* every communicator's size, announced by its rank 0, in the order of
 * their lowest world ranks */
static void count_sizes(const struct world *w, struct topo_comm *tc, int size,
                        int crank)
{
    int mine = crank == 0 ? size : 0;
    int *all = xmalloc_array((size_t)w->size, sizeof *all);
    MPI_Allgather(&mine, 1, MPI_INT, all, 1, MPI_INT, MPI_COMM_WORLD);
    tc->sizes = xmalloc_array((size_t)w->size, sizeof *tc->sizes);
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

static void build(const struct world *w, struct topo_comm *tc)
{
    int colour = tc->topo->colour(&w->place);
    MPI_Comm_split(MPI_COMM_WORLD, colour < 0 ? MPI_UNDEFINED : colour,
                   w->rank, &tc->comm);
    int size = 0, crank = -1;
    if (tc->comm != MPI_COMM_NULL) {
        MPI_Comm_size(tc->comm, &size);
        MPI_Comm_rank(tc->comm, &crank);
        tc->places = xmalloc_array((size_t)size, sizeof *tc->places);
        MPI_Allgather(&w->place, (int)sizeof w->place, MPI_BYTE, tc->places,
                      (int)sizeof w->place, MPI_BYTE, tc->comm);
    }
    count_sizes(w, tc, size, crank);
}

struct topo_comm *world_comms(struct world *w, const struct topology *t)
{
    for (int i = 0; i < w->ncomms; i++)
        if (w->comms[i]->topo == t)
            return w->comms[i];
    if (w->ncomms == w->comms_cap) {
        w->comms_cap = w->comms_cap ? 2 * w->comms_cap : 8;
        w->comms = xrealloc(w->comms, (size_t)w->comms_cap * sizeof *w->comms);
    }
    struct topo_comm *tc = xcalloc(1, sizeof *tc);
    tc->topo = t;
    build(w, tc);
    w->comms[w->ncomms++] = tc;
    return tc;
}

void world_comms_free(struct world *w)
{
    for (int i = 0; i < w->ncomms; i++) {
        struct topo_comm *tc = w->comms[i];
        if (tc->comm != MPI_COMM_NULL)
            MPI_Comm_free(&tc->comm);
        free(tc->places);
        free(tc->sizes);
        free(tc);
    }
    free(w->comms);
    w->comms = NULL;
    w->ncomms = w->comms_cap = 0;
}
