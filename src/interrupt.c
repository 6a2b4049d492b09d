/* interrupt.c: SIGINT and SIGTERM end a run cleanly.
 *
 * The handler only notes the signal.  After each size the ranks agree
 * whether any of them got one (a scheduler may signal every rank, a user
 * only one); then the record in progress closes with the sizes it
 * measured, run.json says "interrupted", and every rank exits 128 + the
 * signal.  Nothing already measured is lost. */
#include "interrupt.h"

#include <mpi.h>
#include <signal.h>
#include <string.h>

static volatile sig_atomic_t received;

static void note(int sig)
{
    received = sig;
}

void interrupt_install(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = note;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

int interrupt_agreed(void)
{
    int mine = received, any;
    MPI_Allreduce(&mine, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    return any;
}
