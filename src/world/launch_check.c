/* launch_check.c: the environment's task counts against MPI_COMM_WORLD
 * (launch_check.h) */
#include "world/launch_check.h"

#include <stdio.h>
#include <stdlib.h>

/* variables that hold the number of tasks a launch started, and the
 * launch that joins them into one MPI job.  The MPI launchers' own come
 * first: where one of them matches MPI_COMM_WORLD, the MPI library set the
 * job up, and the batch system's count is not this job's (mpirun -n 1
 * inside a 2-node allocation: Open MPI's and MPICH's mpirun start their
 * daemons with srun, one task a node).  SLURM_NTASKS is never read:
 * salloc -n 4 then mpirun -n 2 is a sound launch of 2 ranks, and only a
 * job step (srun) sets SLURM_STEP_NUM_TASKS. */
struct count {
    const char *name;
    const char *fix;
};
static const struct count launchers[] = {
    {"PMI_SIZE", "the launcher of the MPI library the binary was built with (its "
                 "mpirun or mpiexec)"},
    {"OMPI_COMM_WORLD_SIZE", "Open MPI's mpirun with a binary built against Open MPI "
                             "(make MPICC=mpicc.openmpi)"},
};
static const struct count batch[] = {
    {"SLURM_STEP_NUM_TASKS", "srun --mpi=pmi2 (MPICH) or srun --mpi=pmix (Open MPI), "
                             "or mpirun inside salloc or sbatch"},
    {"FLUX_JOB_SIZE", "flux run -o pmi=simple, or the MPI library's own launcher"},
};

/* the count variable v holds, or -1 */
static long count_of(const char *name)
{
    const char *v = getenv(name);
    char *end;
    long n = v ? strtol(v, &end, 10) : -1;
    return v && end != v && !*end ? n : -1;
}

static int too_many(const struct count *c, int world_size, char *why, size_t len)
{
    long n = count_of(c->name);
    if (n <= world_size)
        return 0;
    snprintf(why, len, "the launch started %ld tasks (%s=%ld) but MPI_COMM_WORLD has %d "
             "rank%s: the tasks did not join one MPI job, and each would measure alone. "
             "Launch with %s", n, c->name, n, world_size, world_size == 1 ? "" : "s",
             c->fix);
    return 1;
}

int launch_check(int world_size, char *why, size_t len)
{
    int vouched = 0;
    for (size_t i = 0; i < sizeof launchers / sizeof launchers[0]; i++) {
        if (too_many(&launchers[i], world_size, why, len))
            return 1;
        vouched |= count_of(launchers[i].name) == world_size;
    }
    for (size_t i = 0; i < sizeof batch / sizeof batch[0] && !vouched; i++)
        if (too_many(&batch[i], world_size, why, len))
            return 1;
    return 0;
}
