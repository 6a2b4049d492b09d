/* thread_level.c: MPI's thread support levels by name, for the plan's
 * skips and the writers' headers */
#include "base/thread_level.h"

#include <mpi.h>

const char *thread_level_name(int level)
{
    if (level == MPI_THREAD_SINGLE)
        return "MPI_THREAD_SINGLE";
    if (level == MPI_THREAD_FUNNELED)
        return "MPI_THREAD_FUNNELED";
    if (level == MPI_THREAD_SERIALIZED)
        return "MPI_THREAD_SERIALIZED";
    if (level == MPI_THREAD_MULTIPLE)
        return "MPI_THREAD_MULTIPLE";
    return "unknown";
}
