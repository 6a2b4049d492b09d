/* share.c: a file read on rank 0 and broadcast to every rank, so input
 * files need exist only where mpirun starts */
#include "share.h"

#include <stdlib.h>
#include "parser.h"

/* rank 0 reads, everyone gets the bytes; NULL (on every rank) on error */
char *share_file(const char *path, int rank, size_t *len, struct diag *d)
{
    char *text = NULL;
    long long n = -1;
    if (rank == 0) {
        text = read_file(path, len, d);
        if (text)
            n = (long long)*len;
    }
    MPI_Bcast(&n, 1, MPI_LONG_LONG, 0, MPI_COMM_WORLD);
    if (n < 0)
        return NULL;
    if (rank != 0)
        text = malloc((size_t)n + 1);
    MPI_Bcast(text, (int)n, MPI_CHAR, 0, MPI_COMM_WORLD);
    *len = (size_t)n;
    return text;
}


