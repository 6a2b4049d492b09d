/* cvars.c: a record's cvar= settings, written on every rank before its
 * first size and restored after its last (the variables are the whole
 * process's: MPI_T scope all-equal or local) */
#include "world/cvars.h"

#include <stdio.h>
#include "world/mpit.h"

int cvars_apply(const struct planned *pl, int *was, char *error, size_t len)
{
    const struct record *r = pl->rec;
    int n = 0, rc = MPI_SUCCESS;
    for (; n < r->ncvars && rc == MPI_SUCCESS; n++)
        rc = mpit_write(&pl->cvars[n], &was[n]);
    int bad = rc != MPI_SUCCESS, failed = n - 1;
    MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (!bad)
        return 0;
    if (rc != MPI_SUCCESS)
        snprintf(error, len, rc == MPIT_NOT_KEPT
                 ? "%s set to %d does not read back so (MPI_T: the library did not "
                   "keep it; error %d)" : "MPI_T_cvar_write of %s (%d) failed with "
                   "MPI_T error %d", r->cvar[failed].name, pl->cvars[failed].value, rc);
    else
        snprintf(error, len, "MPI_T_cvar_write failed on another rank");
    cvars_restore(pl, was, rc != MPI_SUCCESS ? failed : n);
    return -1;
}

void cvars_restore(const struct planned *pl, const int *was, int n)
{
    for (int i = n - 1; i >= 0; i--)
        mpit_restore(pl->cvars[i].index, was[i]);
}
