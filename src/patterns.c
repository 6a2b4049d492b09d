/* patterns.c: the barrier pattern table (the op field of a BARRIER record).
 * To add a pattern: one function that synchronises a communicator and one
 * table line. */
#include "registry.h"

static void barrier_mpi(MPI_Comm comm)
{
    MPI_Barrier(comm);
}

static const struct pattern patterns[] = {
    {"MPI", barrier_mpi, "MPI_Barrier of the MPI library"},
};

#define NPATTERNS (int)(sizeof patterns / sizeof patterns[0])

const struct pattern *pattern_find(const char *name)
{
    for (int i = 0; i < NPATTERNS; i++)
        if (name_matches(name, patterns[i].name))
            return &patterns[i];
    return NULL;
}

const struct pattern *pattern_at(int i)
{
    return i >= 0 && i < NPATTERNS ? &patterns[i] : NULL;
}
