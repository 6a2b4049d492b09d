/* bare_loops.c: the references for make bench, the plainest loops that
 * mpigauge's records stand for, with the same warm-up, barrier and
 * statistic:
 *   pingpong N   MPI_Send/MPI_Recv of N chars between ranks 0 and 1;
 *                prints the one-way time (half the round trip)
 *   allreduce N  MPI_Allreduce of N doubles (SUM) on every rank
 *   barrier 0    MPI_Barrier on every rank
 *   bw N         what osu_bw does: rank 0 sends windows of 64 MPI_Isend of
 *                N chars (one send buffer), rank 1 posts 64 MPI_Irecv (a
 *                slot each), both MPI_Waitall, then a zero-byte
 *                acknowledgement; prints the time per message
 *   msgrate N    what osu_mbw_mr does: ranks r < P/2 stream such windows
 *                to r + P/2 at once; prints the time per message step
 *                (a window's time / 64), averaged over ranks
 * Collectives print each rank's time per call, averaged over ranks (what
 * mpigauge's t_avg_us is).  Times in microseconds.
 * usage: mpirun -n P bare_loops MODE N ITERS WARMUP */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void pingpong(char *s, char *r, int n, int iters, int rank)
{
    for (int i = 0; i < iters; i++) {
        if (rank == 0) {
            MPI_Send(s, n, MPI_CHAR, 1, 1, MPI_COMM_WORLD);
            MPI_Recv(r, n, MPI_CHAR, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else if (rank == 1) {
            MPI_Recv(r, n, MPI_CHAR, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(s, n, MPI_CHAR, 0, 1, MPI_COMM_WORLD);
        }
    }
}

static void allreduce(double *s, double *r, int n, int iters)
{
    for (int i = 0; i < iters; i++)
        MPI_Allreduce(s, r, n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
}

static void barrier(int iters)
{
    for (int i = 0; i < iters; i++)
        MPI_Barrier(MPI_COMM_WORLD);
}

enum { WINDOW = 64 };

/* windows of WINDOW messages from rank `from` to rank `to` */
static void stream(char *s, char *r, int n, int iters, int rank, int from, int to)
{
    MPI_Request req[WINDOW];
    MPI_Status st[WINDOW];     /* (GCC misreads MPI_STATUSES_IGNORE) */
    for (int i = 0; i < iters; i++) {
        for (int m = 0; m < WINDOW; m++) {
            if (rank == from)
                MPI_Isend(s, n, MPI_CHAR, to, 1, MPI_COMM_WORLD, &req[m]);
            else
                MPI_Irecv(r + (size_t)m * n, n, MPI_CHAR, from, 1, MPI_COMM_WORLD,
                          &req[m]);
        }
        MPI_Waitall(WINDOW, req, st);
        if (rank == from)
            MPI_Recv(NULL, 0, MPI_BYTE, to, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        else
            MPI_Send(NULL, 0, MPI_BYTE, from, 2, MPI_COMM_WORLD);
    }
}

static void msgrate(char *s, char *r, int n, int iters, int rank, int size)
{
    int half = size / 2;
    if (rank < half)
        stream(s, r, n, iters, rank, rank, rank + half);
    else if (rank < 2 * half)
        stream(s, r, n, iters, rank, rank - half, rank);
}

static void run(const char *mode, void *s, void *r, int n, int iters, int rank)
{
    int size;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (strcmp(mode, "pingpong") == 0)
        pingpong(s, r, n, iters, rank);
    else if (strcmp(mode, "bw") == 0) {
        if (rank < 2)
            stream(s, r, n, iters, rank, 0, 1);
    } else if (strcmp(mode, "msgrate") == 0)
        msgrate(s, r, n, iters, rank, size);
    else if (strcmp(mode, "allreduce") == 0)
        allreduce(s, r, n, iters);
    else
        barrier(iters);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc != 5) {
        if (rank == 0)
            fprintf(stderr, "usage: bare_loops pingpong|allreduce|barrier|bw|msgrate "
                    "N ITERS WARMUP\n");
        MPI_Finalize();
        return 2;
    }
    const char *mode = argv[1];
    int n = atoi(argv[2]), iters = atoi(argv[3]), warmup = atoi(argv[4]);
    /* the bytes mpigauge allocates for the same record: n chars or n
     * doubles, page-aligned, every page written before the warm-up (as
     * mpigauge's, and OSU's: a page never written reads as the kernel's
     * shared zero page) */
    int windowed = strcmp(mode, "bw") == 0 || strcmp(mode, "msgrate") == 0;
    size_t bytes = (strcmp(mode, "allreduce") == 0 ? 8 : 1) * (size_t)n *
                   (windowed ? WINDOW : 1) + 64;
    void *s, *r;
    if (posix_memalign(&s, 4096, bytes) || posix_memalign(&r, 4096, bytes))
        MPI_Abort(MPI_COMM_WORLD, 1);
    memset(s, 0, bytes);
    memset(r, 0, bytes);
    run(mode, s, r, n, warmup, rank);
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    run(mode, s, r, n, iters, rank);
    double t = (MPI_Wtime() - t0) * 1e6 / iters, sum;
    int pp = strcmp(mode, "pingpong") == 0;
    if (windowed)
        t /= WINDOW;
    MPI_Reduce(&t, &sum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("%.4f\n", pp ? t / 2 : strcmp(mode, "bw") == 0 ? t : sum / size);
    free(s);
    free(r);
    MPI_Finalize();
    return 0;
}
