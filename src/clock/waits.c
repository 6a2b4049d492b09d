/* waits.c: waiting without taking the cores (waits.h) */
#include "clock/waits.h"

#include <time.h>
#include "base/smpi.h"
#include "clock/clock_guard.h"

void wait_until(double at)
{
    double now = MPI_Wtime();
    if (MPIGAUGE_SMPI && now < at) {
        double left = at - now;
        struct timespec ts = {(time_t)left, (long)((left - (double)(time_t)left) * 1e9)};
        nanosleep(&ts, NULL);
    }
    guard_spin_until(at);
}

void quiet_wait(MPI_Request *req)
{
    int done = 0;
    MPI_Test(req, &done, MPI_STATUS_IGNORE);
    while (!done) {
        struct timespec pause = {0, 20000};
        nanosleep(&pause, NULL);
        MPI_Test(req, &done, MPI_STATUS_IGNORE);
    }
}

void quiet_barrier(MPI_Comm comm)
{
    /* SMPI's MPI_Test sleeps in simulated time, longer at each call across
     * all ranks: polling waiters become millions of simulation events */
    if (MPIGAUGE_SMPI) {
        MPI_Barrier(comm);
        return;
    }
    MPI_Request req;
    MPI_Ibarrier(comm, &req);
    quiet_wait(&req);
}

int quiet_agree(MPI_Comm comm, int mine)
{
    int most = mine;
    if (MPIGAUGE_SMPI) {
        MPI_Allreduce(&mine, &most, 1, MPI_INT, MPI_MAX, comm);
        return most;
    }
    MPI_Request req;
    MPI_Iallreduce(&mine, &most, 1, MPI_INT, MPI_MAX, comm, &req);
    quiet_wait(&req);
    return most;
}

int round_agree(MPI_Comm comm, int mine)
{
    if (!MPIGAUGE_SMPI)
        return quiet_agree(comm, mine);
    /* the signal and the latest entry; then how long after it the last
     * rank left: three such spans after that entry every rank has left
     * the second agreement (as long as the first), and all enter the
     * third at that instant */
    double in[2] = {mine, MPI_Wtime()}, most[2], late;
    MPI_Allreduce(in, most, 2, MPI_DOUBLE, MPI_MAX, comm);
    double left = MPI_Wtime() - most[1];
    MPI_Allreduce(&left, &late, 1, MPI_DOUBLE, MPI_MAX, comm);
    wait_until(most[1] + 3 * late + 1e-6);
    /* the round starts as an agreement releases ranks that came at once:
     * the same every round, and staggered as the rounds were before */
    int sig = (int)most[0], all;
    MPI_Allreduce(&sig, &all, 1, MPI_INT, MPI_MAX, comm);
    return all;
}
