/* param_warm.c: every pair's path warmed before any parameter is timed.
 *
 * The first real 2-host launch of a series came out farthest from its own
 * model (14.6-27% against 1.5-11% for later launches, issue 55): the
 * pairs' parameters were the first traffic between the ranks, so a
 * connection made on first use (TCP between hosts: MPICH and Open MPI
 * connect lazily) and a path not yet warm fell into the first pair's
 * values, and no later pattern paid it.  So every pair exchanges round
 * trips first, at 0 bytes and at the largest size the parameters use, in
 * the rounds of disjoint pairs: P - 1 rounds of PARAM_WARM_TRIPS + 1 round
 * trips.  Not under SMPI: a simulated path has no state to warm, and 1024
 * simulated ranks would pay 1023 rounds for nothing. */
#include "params/param_warm.h"

#include "base/smpi.h"
#include "clock/waits.h"
#include "kernels/tags.h"
#include "models/schedule.h"

static void trips(MPI_Comm comm, int me, int q, char *buf, int bytes)
{
    for (int t = 0; t <= PARAM_WARM_TRIPS; t++) {
        int n = t < PARAM_WARM_TRIPS ? 0 : bytes;
        if (me < q) {
            MPI_Send(buf, n, MPI_BYTE, q, TAG_PARAM, comm);
            MPI_Recv(buf, n, MPI_BYTE, q, TAG_PARAM, comm, MPI_STATUS_IGNORE);
        } else {
            MPI_Recv(buf, n, MPI_BYTE, q, TAG_PARAM, comm, MPI_STATUS_IGNORE);
            MPI_Send(buf, n, MPI_BYTE, q, TAG_PARAM, comm);
        }
    }
}

int params_warm(MPI_Comm comm, char *buf, int bytes)
{
    if (MPIGAUGE_SMPI)
        return 0;
    int me, p;
    MPI_Comm_rank(comm, &me);
    MPI_Comm_size(comm, &p);
    for (int r = 0; r < round_count(p); r++) {
        int q = round_partner(p, r, me);
        if (q >= 0)
            trips(comm, me, q, buf, bytes);
    }
    quiet_barrier(comm);
    return 1;
}
