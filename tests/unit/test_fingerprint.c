/* test_fingerprint.c: the fingerprint's filter of launch-only environment
 * variables (registry/launch_names.c), family by family: each family's
 * names are dropped, and the names beside them that configure the
 * library are kept (once every name containing PORT was dropped, so
 * OMPI_MCA_opal_cuda_support differed silently between compared runs) */
#include "unit.h"

#include <string.h>
#include "registry/launch_names.h"

/* 1 when name is dropped as family's */
static int dropped_as(const char *name, const char *family)
{
    const char *f = launch_name_family(name);
    return f && strcmp(f, family) == 0;
}

static int kept(const char *name)
{
    return launch_name_family(name) == NULL;
}

static void open_mpi(void)
{
    /* the seven seen differing between two mpirun launches of Open MPI 4.1 */
    const char *const seen[] = {
        "OMPI_MCA_orte_precondition_transports", "OMPI_MCA_ess_base_jobid",
        "OMPI_MCA_orte_hnp_uri", "OMPI_MCA_orte_local_daemon_uri",
        "OMPI_MCA_orte_jobfam_session_dir", "OMPI_FILE_LOCATION", "OMPI_ARGV"};
    for (size_t i = 0; i < sizeof seen / sizeof seen[0]; i++)
        CHECK(!kept(seen[i]));
    CHECK(dropped_as("OMPI_MCA_orte_precondition_transports", "Open MPI's launch"));
    CHECK(dropped_as("OMPI_MCA_orte_top_session_dir", "Open MPI's launch"));
    /* the command line: the program mpirun started ("env" under a
     * wrapper, the same job) and its arguments */
    CHECK(dropped_as("OMPI_COMMAND", "Open MPI's launch"));
    /* its neighbours: the library's settings, alike in two launches */
    CHECK(kept("OMPI_MCA_opal_cuda_support"));
    CHECK(kept("OMPI_MCA_btl_tcp_if_include"));
    CHECK(kept("OMPI_MCA_pml"));
    CHECK(kept("OMPI_MCA_btl_tcp_port_min_v4"));
    CHECK(kept("OMPI_MCA_orte_precondition_transports_x"));
    CHECK(kept("OMPI_MCA_ess_base_vpid"));
    CHECK(kept("OMPI_MCA_rmaps_base_oversubscribe"));
    CHECK(kept("OMPI_COMMANDS"));
    CHECK(kept("OMPI_MCA_orte_uri_file"));
}

static void others(void)
{
    CHECK(dropped_as("MPIR_CVAR_CH3_INTERFACE_HOSTNAME", "MPICH's Hydra"));
    CHECK(kept("MPIR_CVAR_CH3_PORT_RANGE"));
    CHECK(kept("MPIR_CVAR_CH4_NETMOD"));
    CHECK(kept("MPIR_CVAR_CH3_INTERFACE_HOSTNAMES"));
    CHECK(dropped_as("SLURM_JOB_NODELIST", "Slurm's job"));
    CHECK(kept("SLURM_JOB_NUM_NODES"));
    CHECK(kept("SLURM_NTASKS_PER_NODE"));
    CHECK(kept("SLURM_CPU_BIND"));
    /* any launcher's ids by their last word, in either case */
    const char *const ids[] = {"I_MPI_JOBID", "FI_X_JOB_ID", "I_MPI_STEPID",
                               "UCX_X_STEP_ID", "MPICH_X_PID", "I_MPI_HYDRA_PORT",
                               "PMIX_MCA_server_uri", "I_MPI_X_NAMESPACE",
                               "OMPI_MCA_x_pid"};
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++)
        CHECK(dropped_as(ids[i], "a launcher's ids"));
    const char *const near[] = {"UCX_X_TRANSPORT", "FI_X_SUPPORT", "MPICH_GPU_SUPPORT",
                                "UCX_TLS", "FI_PROVIDER", "I_MPI_PIN_DOMAIN",
                                "UCX_RAPID_X", "MPIR_CVAR_ENABLE_GPU",
                                "I_MPI_JOBID_X", "PMIX_MCA_ptl", "UCX_PORTS",
                                "OMPI_MCA_btl_openib_cuda_async_recv"};
    for (size_t i = 0; i < sizeof near / sizeof near[0]; i++)
        CHECK(kept(near[i]));
}

void test_fingerprint(void)
{
    open_mpi();
    others();
}
