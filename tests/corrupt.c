/* corrupt.c: a PMPI interposer for the tests: a fault injector.
 *
 * With MPIGAUGE_HANG=R, world rank R blocks for ever (sleeping, deaf to
 * signals' return) in the first MPI_Allreduce it makes while measuring:
 * a rank stuck inside MPI, for the tests that signals still end the job;
 * with MPIGAUGE_HANG_MARK=FILE it first creates FILE; MPIGAUGE_HANG_AT=N
 * makes it the N-th such call, MPIGAUGE_HANG_IN=recv an MPI_Recv.
 *
 * With MPIGAUGE_CORRUPT set,
 * every receiving MPI call that mpigauge uses flips the lowest bit of the
 * first data byte of the LAST element it delivered on this rank: the
 * one-bit error in the last element that partial checks miss.  One-sided
 * calls: MPI_Put, MPI_Rput and the accumulates flip their origin data's last element
 * before it leaves (what lands at the target is wrong), MPI_Get and the
 * fetching calls flip their result's last element when the next
 * synchronisation call completes them.  The tests preload it and require
 * --check to report every record.
 *
 * With MPIGAUGE_MPI_ERROR=N, in a world of N ranks, every MPI_Scan made
 * while measuring (SCAN records only) fails on every rank alike (nothing is sent, so nothing
 * hangs): the communicator's error handler gets MPI_ERR_OTHER, as from a
 * library's own failure, and the record stops with an MPI error (exit 3)
 * while the records before it keep their results.  Other world sizes run
 * as usual: a sweep over P that fails at one P only.
 *
 * With MPIGAUGE_SLOW_US=N, every MPI_Exscan made while measuring first
 * spins N microseconds on every rank: one record (EXSCAN) slowed on
 * purpose, for the tests that compare.sh calls it slower. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "kernels/tags.h"
#include "corrupt.h"

/* only between MPI_Pcontrol(1) and MPI_Pcontrol(0), where mpigauge
 * measures: its own bookkeeping messages stay intact */
static int measuring;

static void maybe_hang(int recv);

int MPI_Pcontrol(const int level, ...)
{
    measuring = level != 0;
    return MPI_SUCCESS;
}

/* > 0 inside an MPI I/O call: ROMIO talks to itself with MPI_Bcast and
 * friends, and a flipped bit there breaks the library, not the data */
static int in_io;

int active(void)
{
    static int on = -1;
    if (on < 0)
        on = getenv("MPIGAUGE_CORRUPT") != NULL;
    return on && measuring && !in_io;
}

void flip(void *buf, long elem, MPI_Datatype t)
{
    /* a scatter's root with inplace=1 receives nothing */
    if (!active() || elem < 0 || buf == NULL || buf == MPI_IN_PLACE)
        return;
    MPI_Aint lb, ext, tlb, text;
    MPI_Type_get_extent(t, &lb, &ext);
    MPI_Type_get_true_extent(t, &tlb, &text);
    ((unsigned char *)buf)[elem * ext + tlb] ^= 1;
}

/* an accumulate's origin data: a flipped lowest bit of a floating-point
 * addend falls below the sum's precision and rounds away (3 + 1 ulp, added
 * to 9, is 12), so for the named floating types the lowest bit of the
 * exponent is flipped instead (the value doubles or halves, or more) */
static void flip_addend(void *buf, long elem, MPI_Datatype t)
{
    /* the byte and bit of the exponent's lowest bit, little-endian: a
     * float's is bit 23 (byte 2, 0x80), a double's bit 52 (byte 6, 0x10);
     * a complex number's is its real part's */
    static const struct { MPI_Datatype t; int byte; unsigned char bit; } floating[] = {
        {MPI_FLOAT, 2, 0x80}, {MPI_DOUBLE, 6, 0x10},
        {MPI_C_FLOAT_COMPLEX, 2, 0x80}, {MPI_C_DOUBLE_COMPLEX, 6, 0x10}};
    if (!active() || elem < 0 || buf == NULL)
        return;
    for (size_t i = 0; i < sizeof floating / sizeof *floating; i++) {
        if (t != floating[i].t)
            continue;
        MPI_Aint lb, ext;
        MPI_Type_get_extent(t, &lb, &ext);
        ((unsigned char *)buf)[elem * ext + floating[i].byte] ^= floating[i].bit;
        return;
    }
    flip(buf, elem, t);
}

int rank_of(MPI_Comm c) { int r; MPI_Comm_rank(c, &r); return r; }
int size_of(MPI_Comm c) { int s; MPI_Comm_size(c, &s); return s; }

/* last element of a v-layout: the end of the highest block that is used */
long last_v(const int *counts, const int *displs, int p)
{
    long last = -1;
    for (int r = 0; r < p; r++)
        if (counts[r] > 0 && displs[r] + counts[r] - 1 > last)
            last = displs[r] + counts[r] - 1;
    return last;
}

/* receives posted with MPI_Irecv and non-blocking or persistent
 * collectives' results (corrupt_nbc.c), remembered until their MPI_Wait
 * or MPI_Waitall (a window of window= up to 4096, both ways); a persistent
 * request's until MPI_Request_free */
#define SLOTS 8200
static struct {
    MPI_Request req;
    void *buf;
    long elem;
    MPI_Datatype t;
    int persistent;
} pending[SLOTS];

void remember(MPI_Request req, void *buf, long elem, MPI_Datatype t, int persistent)
{
    for (int i = 0; i < SLOTS && active() && elem >= 0; i++)
        if (pending[i].buf == NULL) {
            pending[i].req = req;
            pending[i].buf = buf;
            pending[i].elem = elem;
            pending[i].t = t;
            pending[i].persistent = persistent;
            return;
        }
}

/* a request completed: flip what it delivered */
static void completed_req(MPI_Request r)
{
    for (int i = 0; i < SLOTS && r != MPI_REQUEST_NULL; i++)
        if (pending[i].buf && pending[i].req == r) {
            flip(pending[i].buf, pending[i].elem, pending[i].t);
            if (!pending[i].persistent)
                pending[i].buf = NULL;
        }
}

int MPI_Request_free(MPI_Request *req)
{
    for (int i = 0; i < SLOTS; i++)
        if (pending[i].buf && pending[i].req == *req)
            pending[i].buf = NULL;
    return PMPI_Request_free(req);
}

int MPI_Irecv(void *buf, int count, MPI_Datatype t, int src, int tag,
              MPI_Comm comm, MPI_Request *req)
{
    int rc = PMPI_Irecv(buf, count, t, src, tag, comm, req);
    remember(*req, buf, count - 1, t, 0);
    return rc;
}

/* persistent receives (SEND_INIT, BW_INIT, BIBW_INIT): every completion */
int MPI_Recv_init(void *buf, int count, MPI_Datatype t, int src, int tag,
                  MPI_Comm comm, MPI_Request *req)
{
    int rc = PMPI_Recv_init(buf, count, t, src, tag, comm, req);
    remember(*req, buf, count - 1, t, 1);
    return rc;
}

#if MPI_VERSION >= 4
/* partitioned receives (PSEND): every completion, the message's last
 * element (of its last partition) */
int MPI_Precv_init(void *buf, int partitions, MPI_Count count, MPI_Datatype t,
                   int src, int tag, MPI_Comm comm, MPI_Info info, MPI_Request *req)
{
    int rc = PMPI_Precv_init(buf, partitions, count, t, src, tag, comm, info, req);
    remember(*req, buf, (long)partitions * (long)count - 1, t, 1);
    return rc;
}

/* large-count receives: past 2^31-1 elements */
int MPI_Recv_c(void *buf, MPI_Count count, MPI_Datatype t, int src, int tag,
               MPI_Comm comm, MPI_Status *st)
{
    int rc = PMPI_Recv_c(buf, count, t, src, tag, comm, st);
    flip(buf, (long)count - 1, t);
    return rc;
}

/* large-count collectives (tests/largecount.sh reaches them with small
 * counts through MPIGAUGE_TEST_LARGE_FROM): two, as the int forms do */
int MPI_Allreduce_c(const void *sb, void *rb, MPI_Count count, MPI_Datatype t,
                    MPI_Op op, MPI_Comm comm)
{
    int rc = PMPI_Allreduce_c(sb, rb, count, t, op, comm);
    flip(rb, (long)count - 1, t);
    return rc;
}

int MPI_Bcast_c(void *buf, MPI_Count count, MPI_Datatype t, int root, MPI_Comm comm)
{
    int rc = PMPI_Bcast_c(buf, count, t, root, comm);
    if (rank_of(comm) != root)
        flip(buf, (long)count - 1, t);
    return rc;
}
#endif

int MPI_Wait(MPI_Request *req, MPI_Status *st)
{
    MPI_Request r = *req;
    int rc = PMPI_Wait(req, st);
    completed_req(r);
    return rc;
}

/* the overlap's MPI_Test calls (tests=) may complete a request first */
int MPI_Test(MPI_Request *req, int *done, MPI_Status *st)
{
    MPI_Request r = *req;
    int rc = PMPI_Test(req, done, st);
    if (*done)
        completed_req(r);
    return rc;
}

int MPI_Waitall(int n, MPI_Request reqs[], MPI_Status sts[])
{
    MPI_Request *r = malloc((size_t)(n > 0 ? n : 1) * sizeof *r);
    for (int i = 0; i < n; i++)
        r[i] = reqs[i];
    int rc = PMPI_Waitall(n, reqs, sts);
    for (int i = 0; i < n; i++)
        completed_req(r[i]);
    free(r);
    return rc;
}

/* FAN_IN's root when its senders take turns in its slots (fabric.c) */
int MPI_Waitsome(int n, MPI_Request reqs[], int *out, int idx[], MPI_Status sts[])
{
    MPI_Request *r = malloc((size_t)(n > 0 ? n : 1) * sizeof *r);
    for (int i = 0; i < n; i++)
        r[i] = reqs[i];
    int rc = PMPI_Waitsome(n, reqs, out, idx, sts);
    for (int j = 0; *out != MPI_UNDEFINED && j < *out; j++)
        completed_req(r[idx[j]]);
    free(r);
    return rc;
}

int MPI_Recv(void *buf, int count, MPI_Datatype t, int src, int tag,
             MPI_Comm comm, MPI_Status *st)
{
    if (tag != TAG_CTRL && tag != TAG_PILOT)
        maybe_hang(1);
    int rc = PMPI_Recv(buf, count, t, src, tag, comm, st);
    /* a pair's verdict and pilot are mpigauge's bookkeeping, not data */
    if (tag != TAG_CTRL && tag != TAG_PILOT)
        flip(buf, count - 1, t);
    return rc;
}

int MPI_Sendrecv(const void *sb, int sc, MPI_Datatype st, int dst, int stag,
                 void *rb, int rc_, MPI_Datatype rt, int src, int rtag,
                 MPI_Comm comm, MPI_Status *status)
{
    int rc = PMPI_Sendrecv(sb, sc, st, dst, stag, rb, rc_, rt, src, rtag, comm,
                           status);
    flip(rb, rc_ - 1, rt);
    return rc;
}

int MPI_Sendrecv_replace(void *buf, int count, MPI_Datatype t, int dst,
                         int stag, int src, int rtag, MPI_Comm comm,
                         MPI_Status *status)
{
    int rc = PMPI_Sendrecv_replace(buf, count, t, dst, stag, src, rtag, comm,
                                   status);
    flip(buf, count - 1, t);
    return rc;
}

int MPI_Bcast(void *buf, int count, MPI_Datatype t, int root, MPI_Comm comm)
{
    int rc = PMPI_Bcast(buf, count, t, root, comm);
    if (rank_of(comm) != root)
        flip(buf, count - 1, t);
    return rc;
}

int MPI_Gather(const void *sb, int sc, MPI_Datatype st, void *rb, int rcount,
               MPI_Datatype rt, int root, MPI_Comm comm)
{
    int rc = PMPI_Gather(sb, sc, st, rb, rcount, rt, root, comm);
    if (rank_of(comm) == root)
        flip(rb, (long)size_of(comm) * rcount - 1, rt);
    return rc;
}

int MPI_Gatherv(const void *sb, int sc, MPI_Datatype st, void *rb,
                const int *rcounts, const int *displs, MPI_Datatype rt,
                int root, MPI_Comm comm)
{
    int rc = PMPI_Gatherv(sb, sc, st, rb, rcounts, displs, rt, root, comm);
    if (rank_of(comm) == root)
        flip(rb, last_v(rcounts, displs, size_of(comm)), rt);
    return rc;
}

int MPI_Allgather(const void *sb, int sc, MPI_Datatype st, void *rb,
                  int rcount, MPI_Datatype rt, MPI_Comm comm)
{
    int rc = PMPI_Allgather(sb, sc, st, rb, rcount, rt, comm);
    flip(rb, (long)size_of(comm) * rcount - 1, rt);
    return rc;
}

int MPI_Allgatherv(const void *sb, int sc, MPI_Datatype st, void *rb,
                   const int *rcounts, const int *displs, MPI_Datatype rt,
                   MPI_Comm comm)
{
    int rc = PMPI_Allgatherv(sb, sc, st, rb, rcounts, displs, rt, comm);
    flip(rb, last_v(rcounts, displs, size_of(comm)), rt);
    return rc;
}

int MPI_Scatter(const void *sb, int sc, MPI_Datatype st, void *rb, int rcount,
                MPI_Datatype rt, int root, MPI_Comm comm)
{
    int rc = PMPI_Scatter(sb, sc, st, rb, rcount, rt, root, comm);
    flip(rb, rcount - 1, rt);
    return rc;
}

int MPI_Scatterv(const void *sb, const int *scounts, const int *displs,
                 MPI_Datatype st, void *rb, int rcount, MPI_Datatype rt,
                 int root, MPI_Comm comm)
{
    int rc = PMPI_Scatterv(sb, scounts, displs, st, rb, rcount, rt, root, comm);
    flip(rb, rcount - 1, rt);
    return rc;
}

int MPI_Alltoall(const void *sb, int sc, MPI_Datatype st, void *rb, int rcount,
                 MPI_Datatype rt, MPI_Comm comm)
{
    int rc = PMPI_Alltoall(sb, sc, st, rb, rcount, rt, comm);
    flip(rb, (long)size_of(comm) * rcount - 1, rt);
    return rc;
}

int MPI_Alltoallv(const void *sb, const int *sc, const int *sd, MPI_Datatype st,
                  void *rb, const int *rcounts, const int *rdispls,
                  MPI_Datatype rt, MPI_Comm comm)
{
    int rc = PMPI_Alltoallv(sb, sc, sd, st, rb, rcounts, rdispls, rt, comm);
    flip(rb, last_v(rcounts, rdispls, size_of(comm)), rt);
    return rc;
}

int MPI_Reduce(const void *sb, void *rb, int count, MPI_Datatype t, MPI_Op op,
               int root, MPI_Comm comm)
{
    int rc = PMPI_Reduce(sb, rb, count, t, op, root, comm);
    if (rank_of(comm) == root)
        flip(rb, count - 1, t);
    return rc;
}

/* MPIGAUGE_HANG_AT=N: the N-th call (1: the first) of the hanging kind
 * that the rank makes while measuring, counting every size's warm-up and
 * timed calls; MPIGAUGE_HANG_IN=recv: in MPI_Recv (a ping-pong's
 * receive, mpigauge's own bookkeeping tags left alone) instead of
 * MPI_Allreduce */
static void maybe_hang(int recv)
{
    const char *r = getenv("MPIGAUGE_HANG"), *mark = getenv("MPIGAUGE_HANG_MARK");
    const char *at = getenv("MPIGAUGE_HANG_AT"), *in = getenv("MPIGAUGE_HANG_IN");
    static long calls;
    int me;
    if (!r || !measuring || recv != (in && strcmp(in, "recv") == 0))
        return;
    PMPI_Comm_rank(MPI_COMM_WORLD, &me);
    if (atoi(r) != me || ++calls < (at ? atol(at) : 1))
        return;
    /* the file MPIGAUGE_HANG_MARK names says the rank is stuck now,
     * so that a test signals it then, not after a guessed delay */
    FILE *f = mark ? fopen(mark, "w") : NULL;
    if (f)
        fclose(f);
    for (;;)
        pause();
}

int MPI_Allreduce(const void *sb, void *rb, int count, MPI_Datatype t,
                  MPI_Op op, MPI_Comm comm)
{
    maybe_hang(0);
    int rc = PMPI_Allreduce(sb, rb, count, t, op, comm);
    flip(rb, count - 1, t);
    return rc;
}

int MPI_Reduce_scatter(const void *sb, void *rb, const int *rcounts,
                       MPI_Datatype t, MPI_Op op, MPI_Comm comm)
{
    int rc = PMPI_Reduce_scatter(sb, rb, rcounts, t, op, comm);
    flip(rb, rcounts[rank_of(comm)] - 1, t);
    return rc;
}

int MPI_Reduce_scatter_block(const void *sb, void *rb, int count,
                             MPI_Datatype t, MPI_Op op, MPI_Comm comm)
{
    int rc = PMPI_Reduce_scatter_block(sb, rb, count, t, op, comm);
    flip(rb, count - 1, t);
    return rc;
}

/* MPIGAUGE_MPI_ERROR: this world's size fails while measuring */
static int fail_here(void)
{
    const char *n = getenv("MPIGAUGE_MPI_ERROR");
    int size;
    PMPI_Comm_size(MPI_COMM_WORLD, &size);
    return n && measuring && atoi(n) == size;
}

int MPI_Scan(const void *sb, void *rb, int count, MPI_Datatype t, MPI_Op op,
             MPI_Comm comm)
{
    if (fail_here()) {
        MPI_Comm_call_errhandler(comm, MPI_ERR_OTHER);
        return MPI_ERR_OTHER;
    }
    int rc = PMPI_Scan(sb, rb, count, t, op, comm);
    flip(rb, count - 1, t);
    return rc;
}

/* MPIGAUGE_SLOW_US: spin that long (a sleep's wake-up is too coarse) */
static void maybe_slow(void)
{
    static double us = -1;
    if (us < 0) {
        const char *s = getenv("MPIGAUGE_SLOW_US");
        us = s ? atof(s) : 0;
    }
    if (us > 0 && measuring) {
        double end = PMPI_Wtime() + us * 1e-6;
        while (PMPI_Wtime() < end)
            ;
    }
}

int MPI_Exscan(const void *sb, void *rb, int count, MPI_Datatype t, MPI_Op op,
               MPI_Comm comm)
{
    maybe_slow();
    int rc = PMPI_Exscan(sb, rb, count, t, op, comm);
    if (rank_of(comm) > 0)
        flip(rb, count - 1, t);
    return rc;
}

/* MPI I/O: the reads; a write is checked by reading it back with
 * MPI_File_read_at, so the flip there catches a check that compares
 * nothing.  The other I/O calls only shield ROMIO's own messages. */
int MPI_File_open(MPI_Comm comm, const char *path, int mode, MPI_Info info,
                  MPI_File *fh)
{
    int rc;
    in_io++;
    rc = PMPI_File_open(comm, path, mode, info, fh);
    in_io--;
    return rc;
}

int MPI_File_close(MPI_File *fh)
{
    int rc;
    in_io++;
    rc = PMPI_File_close(fh);
    in_io--;
    return rc;
}

int MPI_File_sync(MPI_File fh)
{
    int rc;
    in_io++;
    rc = PMPI_File_sync(fh);
    in_io--;
    return rc;
}

int MPI_File_write_all(MPI_File fh, const void *buf, int count, MPI_Datatype t,
                       MPI_Status *st)
{
    int rc;
    in_io++;
    rc = PMPI_File_write_all(fh, buf, count, t, st);
    in_io--;
    return rc;
}

int MPI_File_write_at_all(MPI_File fh, MPI_Offset off, const void *buf,
                          int count, MPI_Datatype t, MPI_Status *st)
{
    int rc;
    in_io++;
    rc = PMPI_File_write_at_all(fh, off, buf, count, t, st);
    in_io--;
    return rc;
}

int MPI_File_read(MPI_File fh, void *buf, int count, MPI_Datatype t,
                  MPI_Status *st)
{
    int rc;
    in_io++;
    rc = PMPI_File_read(fh, buf, count, t, st);
    in_io--;
    flip(buf, count - 1, t);
    return rc;
}

int MPI_File_read_at(MPI_File fh, MPI_Offset off, void *buf, int count,
                     MPI_Datatype t, MPI_Status *st)
{
    int rc;
    in_io++;
    rc = PMPI_File_read_at(fh, off, buf, count, t, st);
    in_io--;
    flip(buf, count - 1, t);
    return rc;
}

int MPI_File_read_all(MPI_File fh, void *buf, int count, MPI_Datatype t,
                      MPI_Status *st)
{
    int rc;
    in_io++;
    rc = PMPI_File_read_all(fh, buf, count, t, st);
    in_io--;
    flip(buf, count - 1, t);
    return rc;
}

int MPI_File_read_at_all(MPI_File fh, MPI_Offset off, void *buf, int count,
                         MPI_Datatype t, MPI_Status *st)
{
    int rc;
    in_io++;
    rc = PMPI_File_read_at_all(fh, off, buf, count, t, st);
    in_io--;
    flip(buf, count - 1, t);
    return rc;
}

/* ---- one-sided ------------------------------------------------------------ */
/* results of MPI_Get and the fetching calls, flipped at the synchronisation
 * that completes them (window= holds up to 4096 at once) */
#define RMA_SLOTS 4096
static struct { void *buf; int count; MPI_Datatype t; } fetched[RMA_SLOTS];
static int nfetched;

static void fetch(void *buf, int count, MPI_Datatype t)
{
    if (!active() || nfetched == RMA_SLOTS)
        return;
    fetched[nfetched].buf = buf;
    fetched[nfetched].count = count;
    fetched[nfetched++].t = t;
}

static int completed(int rc)
{
    for (int i = 0; i < nfetched; i++)
        flip(fetched[i].buf, fetched[i].count - 1, fetched[i].t);
    nfetched = 0;
    return rc;
}

int MPI_Put(const void *ob, int oc, MPI_Datatype ot, int target, MPI_Aint disp,
            int tc, MPI_Datatype tt, MPI_Win win)
{
    flip((void *)ob, oc - 1, ot);
    return PMPI_Put(ob, oc, ot, target, disp, tc, tt, win);
}

int MPI_Accumulate(const void *ob, int oc, MPI_Datatype ot, int target,
                   MPI_Aint disp, int tc, MPI_Datatype tt, MPI_Op op, MPI_Win win)
{
    flip_addend((void *)ob, oc - 1, ot);
    return PMPI_Accumulate(ob, oc, ot, target, disp, tc, tt, op, win);
}

int MPI_Get(void *ob, int oc, MPI_Datatype ot, int target, MPI_Aint disp, int tc,
            MPI_Datatype tt, MPI_Win win)
{
    fetch(ob, oc, ot);
    return PMPI_Get(ob, oc, ot, target, disp, tc, tt, win);
}

int MPI_Get_accumulate(const void *ob, int oc, MPI_Datatype ot, void *rb, int rc_,
                       MPI_Datatype rt, int target, MPI_Aint disp, int tc,
                       MPI_Datatype tt, MPI_Op op, MPI_Win win)
{
    fetch(rb, rc_, rt);
    return PMPI_Get_accumulate(ob, oc, ot, rb, rc_, rt, target, disp, tc, tt, op, win);
}

int MPI_Fetch_and_op(const void *ob, void *rb, MPI_Datatype t, int target,
                     MPI_Aint disp, MPI_Op op, MPI_Win win)
{
    fetch(rb, 1, t);
    return PMPI_Fetch_and_op(ob, rb, t, target, disp, op, win);
}

int MPI_Compare_and_swap(const void *ob, const void *cb, void *rb, MPI_Datatype t,
                         int target, MPI_Aint disp, MPI_Win win)
{
    fetch(rb, 1, t);
    return PMPI_Compare_and_swap(ob, cb, rb, t, target, disp, win);
}

/* the request-based ones alike: what leaves flipped, what is fetched
 * flipped at the synchronisation after their MPI_Waitall */
int MPI_Rput(const void *ob, int oc, MPI_Datatype ot, int target, MPI_Aint disp,
             int tc, MPI_Datatype tt, MPI_Win win, MPI_Request *req)
{
    flip((void *)ob, oc - 1, ot);
    return PMPI_Rput(ob, oc, ot, target, disp, tc, tt, win, req);
}

int MPI_Raccumulate(const void *ob, int oc, MPI_Datatype ot, int target, MPI_Aint disp,
                    int tc, MPI_Datatype tt, MPI_Op op, MPI_Win win, MPI_Request *req)
{
    flip_addend((void *)ob, oc - 1, ot);
    return PMPI_Raccumulate(ob, oc, ot, target, disp, tc, tt, op, win, req);
}

int MPI_Rget(void *ob, int oc, MPI_Datatype ot, int target, MPI_Aint disp, int tc,
             MPI_Datatype tt, MPI_Win win, MPI_Request *req)
{
    fetch(ob, oc, ot);
    return PMPI_Rget(ob, oc, ot, target, disp, tc, tt, win, req);
}

int MPI_Rget_accumulate(const void *ob, int oc, MPI_Datatype ot, void *rb, int rc_,
                        MPI_Datatype rt, int target, MPI_Aint disp, int tc,
                        MPI_Datatype tt, MPI_Op op, MPI_Win win, MPI_Request *req)
{
    fetch(rb, rc_, rt);
    return PMPI_Rget_accumulate(ob, oc, ot, rb, rc_, rt, target, disp, tc, tt, op, win,
                                req);
}

int MPI_Win_flush(int rank, MPI_Win win) { return completed(PMPI_Win_flush(rank, win)); }
int MPI_Win_flush_local(int rank, MPI_Win win)
{
    return completed(PMPI_Win_flush_local(rank, win));
}
int MPI_Win_unlock(int rank, MPI_Win win) { return completed(PMPI_Win_unlock(rank, win)); }
int MPI_Win_unlock_all(MPI_Win win) { return completed(PMPI_Win_unlock_all(win)); }
int MPI_Win_fence(int assert, MPI_Win win) { return completed(PMPI_Win_fence(assert, win)); }
int MPI_Win_complete(MPI_Win win) { return completed(PMPI_Win_complete(win)); }
