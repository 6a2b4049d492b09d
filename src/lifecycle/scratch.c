/* scratch.c: the run's scratch folder for the MPI I/O calls' files */
#include "lifecycle/scratch.h"

#include <errno.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "base/base.h"

int scratch_usable(const char *dir, int rank)
{
    struct stat st;
    int bad = access(dir, W_OK | X_OK) != 0
              || (stat(dir, &st) == 0 && !S_ISDIR(st.st_mode) && (errno = ENOTDIR));
    if (bad)
        fprintf(stderr, "mpigauge: rank %d: --scratch %s: %s\n", rank, dir, strerror(errno));
    MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    return !bad;
}

int scratch_make(const char *dir, char *out, size_t len)
{
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    char path[PATH_BYTES] = "";
    if (rank == 0) {
        snprintf(path, sizeof path, "%s/mpigauge-scratch-XXXXXX", dir);
        if (!mkdtemp(path)) {
            fprintf(stderr, "mpigauge: cannot create a scratch folder in %s: %s\n",
                    dir, strerror(errno));
            path[0] = 0;
        }
    }
    MPI_Bcast(path, (int)sizeof path, MPI_CHAR, 0, MPI_COMM_WORLD);
    snprintf(out, len, "%s", path);
    return path[0] ? 0 : -1;
}

void scratch_remove(const char *path)
{
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0 && path[0] && rmdir(path) != 0)
        fprintf(stderr, "mpigauge: warning: cannot remove the scratch folder "
                "%s: %s\n", path, strerror(errno));
}
