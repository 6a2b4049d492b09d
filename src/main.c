/* main.c: MPI around one run (run.c), and the way out of a hanging
 * MPI_Finalize (lifecycle/finalize.h); --predict runs without MPI
 * (offline/). */
#include <mpi.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lifecycle/finalize.h"
#include "input/thread_scan.h"
#include "lifecycle/interrupt.h"
#include "kernels/large.h"
#include "offline/offline.h"
#include "run.h"

int main(int argc, char **argv)
{
    /* the models on a result folder's matrices need no MPI */
    if (offline_wanted(argc, argv))
        return offline_main(argc, argv);
    finalize_note_fds();
    struct run run;
    memset(&run, 0, sizeof run);
    /* MPI_THREAD_MULTIPLE only for an input with a threaded call (the
     * level may cost every call of the run a lock), or the level
     * --thread-level names; the level every rank got, the lowest, goes
     * into the header and run.json */
    run.thread_asked = input_thread_level(argc, argv);
    /* the job's own MPI_Init, as osu_init times it: MPI_Wtime is not
     * there yet, so the monotonic clock (run.c gathers it) */
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    if (run.thread_asked >= 0)
        MPI_Init_thread(&argc, &argv, run.thread_asked, &run.thread_level);
    else
        MPI_Init(&argc, &argv);
    clock_gettime(CLOCK_MONOTONIC, &b);
    run.init_s = (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) * 1e-9;
    MPI_Query_thread(&run.thread_level);
    MPI_Allreduce(MPI_IN_PLACE, &run.thread_level, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    /* the tests' threshold of the _c functions (kernels/large.h) */
    int status = large_from_env() == 0 ? run_main(&run, argc, argv) : 2;
    run_free(&run);
    /* every rank done with every connection before any starts closing
     * them: fewer MPI_Finalize hangs over TCP (finalize.h) */
    MPI_Barrier(MPI_COMM_WORLD);
    interrupt_guard_finalize(status);
    MPI_Finalize();
    return status;
}
