/* char_probe.c: MPI 2.2 and later call MPI_CHAR a character type with no
 * predefined reductions, yet the framework seed's table reduces CHAR and
 * MPICH 4.0.2 and Open MPI 4.1 both accept it.  Rather than decide for the
 * library, ask it: one MPI_Allreduce of one MPI_CHAR on MPI_COMM_SELF with
 * MPI_ERRORS_RETURN, per op, the first time a record needs it. */
#include "world/char_probe.h"

#include <string.h>

#define MAX_OPS 32

static const struct op *asked[MAX_OPS];
static char answer[MAX_OPS][MPI_MAX_ERROR_STRING];
static int nasked;

/* PMPI_: the probe is not a measured call, so profiling tools (the tests'
 * fault injector) do not see it */
static int probe(const struct op *op, char *err)
{
    MPI_Errhandler old;
    PMPI_Comm_get_errhandler(MPI_COMM_SELF, &old);
    PMPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    char in = 1, out = 0;
    int rc = PMPI_Allreduce(&in, &out, 1, MPI_CHAR, op->handle(), MPI_COMM_SELF);
    PMPI_Comm_set_errhandler(MPI_COMM_SELF, old);
    PMPI_Errhandler_free(&old);
    err[0] = 0;
    if (rc != MPI_SUCCESS) {
        int len = 0;
        PMPI_Error_string(rc, err, &len);
        if (!err[0])
            strcpy(err, "an error");
    }
    return rc;
}

const char *char_reduction_refused(const struct op *op)
{
    for (int i = 0; i < nasked; i++)
        if (asked[i] == op)
            return answer[i][0] ? answer[i] : NULL;
    char err[MPI_MAX_ERROR_STRING];
    probe(op, err);
    if (nasked < MAX_OPS) {
        asked[nasked] = op;
        memcpy(answer[nasked++], err, sizeof err);
    }
    return nasked <= MAX_OPS && err[0] ? answer[nasked - 1] : NULL;
}
