/* bare_pingpong.c: the reference for mpigauge's SEND record.  The plainest
 * MPI_Send/MPI_Recv ping-pong between ranks 0 and 1, with the same warm-up
 * and iteration count; prints the one-way time in microseconds.
 * usage: mpirun -n 2 bare_pingpong BYTES ITERS WARMUP */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static void loop(char *s, char *r, int bytes, int iters, int rank)
{
    for (int i = 0; i < iters; i++) {
        if (rank == 0) {
            MPI_Send(s, bytes, MPI_CHAR, 1, 1, MPI_COMM_WORLD);
            MPI_Recv(r, bytes, MPI_CHAR, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
            MPI_Recv(r, bytes, MPI_CHAR, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(s, bytes, MPI_CHAR, 0, 1, MPI_COMM_WORLD);
        }
    }
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (argc != 4) {
        if (rank == 0)
            fprintf(stderr, "usage: bare_pingpong BYTES ITERS WARMUP\n");
        MPI_Finalize();
        return 2;
    }
    int bytes = atoi(argv[1]), iters = atoi(argv[2]), warmup = atoi(argv[3]);
    void *s, *r;
    if (posix_memalign(&s, 4096, (size_t)bytes + 64) ||
        posix_memalign(&r, 4096, (size_t)bytes + 64))
        MPI_Abort(MPI_COMM_WORLD, 1);
    if (rank < 2) {
        loop(s, r, bytes, warmup, rank);
        double t0 = MPI_Wtime();
        loop(s, r, bytes, iters, rank);
        double t1 = MPI_Wtime();
        if (rank == 0)
            printf("%.4f\n", (t1 - t0) * 1e6 / (2.0 * iters));
    }
    free(s);
    free(r);
    MPI_Finalize();
    return 0;
}
