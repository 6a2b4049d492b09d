/* barrier.c: synchronisation, timed with the record's barrier pattern */
#include "collectives.h"

void run_barrier(struct bench *b, int iters)
{
    void (*barrier)(MPI_Comm) = b->rec->pattern->barrier;
    for (int i = 0; i < iters; i++)
        barrier(b->comm);
}
