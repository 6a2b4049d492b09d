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

int thread_level_chosen(int choice)
{
    static const int levels[] = {MPI_THREAD_SINGLE, MPI_THREAD_FUNNELED,
                                 MPI_THREAD_SERIALIZED, MPI_THREAD_MULTIPLE};
    return choice >= 1 && choice <= 4 ? levels[choice - 1] : -1;
}

const char *thread_asked_text(int asked, int chosen)
{
    if (asked < 0)
        return "nothing: MPI_Init";
    if (!chosen)
        return asked == MPI_THREAD_MULTIPLE
               ? "MPI_THREAD_MULTIPLE: the input has a threaded call"
               : "MPI_THREAD_SINGLE: the test hook MPIGAUGE_TEST_THREAD_SINGLE";
    if (asked == MPI_THREAD_SINGLE)
        return "MPI_THREAD_SINGLE: --thread-level single";
    if (asked == MPI_THREAD_FUNNELED)
        return "MPI_THREAD_FUNNELED: --thread-level funneled";
    if (asked == MPI_THREAD_SERIALIZED)
        return "MPI_THREAD_SERIALIZED: --thread-level serialized";
    return "MPI_THREAD_MULTIPLE: --thread-level multiple";
}
