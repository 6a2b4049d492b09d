/* main.c: MPI around one run (run.c), and the way out of a hanging
 * MPI_Finalize (measure/finalize.h); --predict runs without MPI
 * (offline/). */
#include <mpi.h>
#include <string.h>
#include <time.h>

#include "measure/finalize.h"
#include "measure/interrupt.h"
#include "offline/offline.h"
#include "run.h"

int main(int argc, char **argv)
{
    /* the models on a result folder's matrices need no MPI */
    if (offline_wanted(argc, argv))
        return offline_predict(argc, argv);
    finalize_note_fds();
    /* the job's own MPI_Init, as osu_init times it: MPI_Wtime is not
     * there yet, so the monotonic clock (run.c gathers it) */
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    MPI_Init(&argc, &argv);
    clock_gettime(CLOCK_MONOTONIC, &b);
    struct run run;
    memset(&run, 0, sizeof run);
    run.init_s = (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) * 1e-9;
    int status = run_main(&run, argc, argv);
    run_free(&run);
    /* every rank done with every connection before any starts closing
     * them: fewer MPI_Finalize hangs over TCP (finalize.h) */
    MPI_Barrier(MPI_COMM_WORLD);
    interrupt_guard_finalize(status);
    MPI_Finalize();
    return status;
}
