/* launch_names.c: the environment variables that name one launch only
 * (launch_names.h) */
#include "registry/launch_names.h"

#include <fnmatch.h>
#include <stddef.h>

/* The environment variables that name one launch only, by family: an
 * exact name or a pattern anchored at both ends (fnmatch(3), case
 * folded), never a part of a name: "PORT" anywhere once dropped
 * OMPI_MCA_opal_cuda_support and every ..._TRANSPORT, so two runs that
 * differed there compared as alike (issue 53).  Each family's names and
 * its neighbours that must stay are tests/unit/test_fingerprint.c's.
 * The fingerprint leaves them out when a run writes it
 * (output/fingerprint.c), and again when runs are compared
 * (offline/launch_set.c), from each run's own environment: a run recorded
 * under an older table compares by this one. */
static const struct launch_name {
    const char *pattern, *family;
} launch_names[] = {
    /* Open MPI 4.1's runtime (ORTE), seen differing between two mpirun
     * launches: the job's random transport key, its ids, the daemons'
     * contact URIs, the session folders (named by the launcher's pid),
     * the file its checkpoints go to; and its command line, the program
     * mpirun started and its arguments (OMPI_COMMAND is "env" for
     * `mpirun -n 2 env LD_PRELOAD=... ./mpigauge`, the same job) */
    {"OMPI_MCA_orte_precondition_transports", "Open MPI's launch"},
    {"OMPI_MCA_ess_base_jobid", "Open MPI's launch"},
    {"OMPI_MCA_orte_*_uri", "Open MPI's launch"},
    {"OMPI_MCA_orte_*session_dir", "Open MPI's launch"},
    {"OMPI_FILE_LOCATION", "Open MPI's launch"},
    {"OMPI_ARGV", "Open MPI's launch"},
    {"OMPI_COMMAND", "Open MPI's launch"},
    /* MPICH's Hydra: the host it starts each process on (the nodes are
     * compared by count, and the batch job by "job") */
    {"MPIR_CVAR_CH3_INTERFACE_HOSTNAME", "MPICH's Hydra"},
    /* Slurm: the job's nodes, as "job" keeps them (job.c) */
    {"SLURM_JOB_NODELIST", "Slurm's job"},
    /* any launcher's ids, ports, URIs and process ids, by their last
     * word: a name that ends so (not ..._SUPPORT, ..._TRANSPORT) */
    {"*_JOBID", "a launcher's ids"},
    {"*_JOB_ID", "a launcher's ids"},
    {"*_STEPID", "a launcher's ids"},
    {"*_STEP_ID", "a launcher's ids"},
    {"*_PID", "a launcher's ids"},
    {"*_PORT", "a launcher's ids"},
    {"*_URI", "a launcher's ids"},
    {"*_NAMESPACE", "a launcher's ids"},
};

const char *launch_name_family(const char *name)
{
    for (size_t i = 0; i < sizeof launch_names / sizeof launch_names[0]; i++)
        if (fnmatch(launch_names[i].pattern, name, FNM_CASEFOLD) == 0)
            return launch_names[i].family;
    return NULL;
}
