/* coll_compose.c: the mock-ups of compose=1 (ReproMPI's pgchecker idea: a
 * collective timed against the same result made of other collectives,
 * Hunold and Carpen-Amarie's "self-consistent performance guidelines").
 * A mock-up is a call row of its own, outside the call table: its loop
 * makes the calls of the mock-up one after the other, it takes its
 * call's buffers (so the plan's memory rule holds for it too) and its
 * call's check (the result must be the call's result).  The mock-ups run
 * without MPI_IN_PLACE (measure/compose_run.c times them with inplace=0);
 * split results take even shares, n/p elements and one more for the
 * first n mod p ranks, so that every n splits (the V forms). */
#include "kernels/calls.h"

#include "kernels/coll_data.h"
#include "kernels/coll_reductions.h"
#include "kernels/buf_sizes.h"

static char *at(const struct kernel *k, char *buf, int elem)
{
    return buf + (size_t)elem * (size_t)k->extent;
}

/* n split evenly over the ranks: counts[r], displs[r] */
static void layout_even(struct kernel *k)
{
    int n = (int)k->count, p = k->size, d = 0;
    for (int r = 0; r < p; r++) {
        k->counts[r] = n / p + (r < n % p);
        k->displs[r] = d;
        d += k->counts[r];
    }
}

/* ALLREDUCE as MPI_Reduce to rank 0, then MPI_Bcast from it */
static void run_reduce_bcast(struct kernel *k, int iters)
{
    for (int i = 0; i < iters; i++) {
        MPI_Reduce(k->sbuf, k->rbuf, (int)k->count, k->type, k->op, 0, k->comm);
        MPI_Bcast(k->rbuf, (int)k->count, k->type, 0, k->comm);
    }
}

/* ALLREDUCE as MPI_Reduce_scatter (each rank reduces its share into
 * its place of the result), then MPI_Allgatherv in place */
static void run_reduce_scatter_allgatherv(struct kernel *k, int iters)
{
    char *mine = at(k, k->rbuf, k->displs[k->rank]);
    for (int i = 0; i < iters; i++) {
        MPI_Reduce_scatter(k->sbuf, mine, k->counts, k->type, k->op, k->comm);
        MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, k->rbuf, k->counts,
                       k->displs, k->type, k->comm);
    }
}

/* ALLGATHER as MPI_Gather to rank 0, then MPI_Bcast of all p blocks */
static void run_gather_bcast(struct kernel *k, int iters)
{
    int n = (int)k->count;
    for (int i = 0; i < iters; i++) {
        MPI_Gather(k->sbuf, n, k->type, k->rbuf, n, k->type, 0, k->comm);
        MPI_Bcast(k->rbuf, n * k->size, k->type, 0, k->comm);
    }
}

/* BCAST as MPI_Scatterv of the root's n elements in even shares, then
 * MPI_Allgatherv of the shares in place (the buffer is BCAST's one) */
static void run_scatterv_allgatherv(struct kernel *k, int iters)
{
    int me = k->rank;
    for (int i = 0; i < iters; i++) {
        int root = call_root(k, i);
        MPI_Scatterv(k->sbuf, k->counts, k->displs, k->type,
                     me == root ? MPI_IN_PLACE : (void *)at(k, k->sbuf, k->displs[me]),
                     k->counts[me], k->type, root, k->comm);
        MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, k->sbuf, k->counts,
                       k->displs, k->type, k->comm);
    }
}

/* REDUCE as MPI_Allreduce (every rank gets what the root needs) */
static void run_allreduce_for_reduce(struct kernel *k, int iters)
{
    for (int i = 0; i < iters; i++)
        MPI_Allreduce(k->sbuf, k->rbuf, (int)k->count, k->type, k->op, k->comm);
}

/* GATHER as MPI_Allgather (every rank gets what the root needs) */
static void run_allgather_for_gather(struct kernel *k, int iters)
{
    int n = (int)k->count;
    for (int i = 0; i < iters; i++)
        MPI_Allgather(k->sbuf, n, k->type, k->rbuf, n, k->type, k->comm);
}

/* SCAN as MPI_Exscan, then this rank's own elements combined with the
 * prefix by MPI_Reduce_local (rank 0, whose MPI_Exscan result is
 * undefined, copies its own: the op's identity is not at hand) */
static void run_exscan_local(struct kernel *k, int iters)
{
    int n = (int)k->count;
    for (int i = 0; i < iters; i++) {
        MPI_Exscan(k->sbuf, k->rbuf, n, k->type, k->op, k->comm);
        if (k->rank > 0)
            MPI_Reduce_local(k->sbuf, k->rbuf, n, k->type, k->op);
        else
            MPI_Sendrecv(k->sbuf, n, k->type, 0, TAG_DATA, k->rbuf, n, k->type, 0,
                         TAG_DATA, k->comm, MPI_STATUS_IGNORE);
    }
}

#define MOCKUP(NAME, FAMILY, CAPS, BUFS, LAYOUT, LOOP, CHECK, TIMING) \
    {.name = NAME, .family = &FAMILY, .caps = CAPS, .opk = OPK_NONE, .buffers = BUFS, \
     .layout = LAYOUT, .loop = LOOP, .check = CHECK, .timing = TIMING}

static const struct call mockup_reduce_bcast = MOCKUP("REDUCE + BCAST", family_reduce, 0,
    bufs_n_n, NULL, run_reduce_bcast, check_allreduce,
    "MPI_Reduce of n elements to rank 0, then MPI_Bcast of them");
static const struct call mockup_reduce_scatter_allgatherv = MOCKUP("REDUCE_SCATTER + ALLGATHERV",
    family_reduce, 0, bufs_n_n, layout_even, run_reduce_scatter_allgatherv,
    check_allreduce, "MPI_Reduce_scatter of n elements in even shares, then "
    "MPI_Allgatherv of the shares in place");
static const struct call mockup_gather_bcast = MOCKUP("GATHER + BCAST", family_coll, 0,
    bufs_n_pn, NULL, run_gather_bcast, check_allgather,
    "MPI_Gather of n elements a rank to rank 0, then MPI_Bcast of the p n elements");
static const struct call mockup_scatterv_allgatherv = MOCKUP("SCATTERV + ALLGATHERV",
    family_coll, CALL_ROOTED | CALL_ROTATES, bufs_n_0, layout_even,
    run_scatterv_allgatherv, check_bcast, "MPI_Scatterv of the root's n elements in "
    "even shares, then MPI_Allgatherv of the shares in place");
static const struct call mockup_allreduce = MOCKUP("ALLREDUCE", family_reduce, 0, bufs_n_n,
    NULL, run_allreduce_for_reduce, check_allreduce, "MPI_Allreduce of n elements");
static const struct call mockup_allgather = MOCKUP("ALLGATHER", family_coll, 0, bufs_n_pn,
    NULL, run_allgather_for_gather, check_allgather, "MPI_Allgather of n elements a rank");
static const struct call mockup_exscan_local = MOCKUP("EXSCAN + REDUCE_LOCAL", family_reduce, 0,
    bufs_n_n, NULL, run_exscan_local, check_scan, "MPI_Exscan of n elements, then "
    "MPI_Reduce_local of this rank's own into the prefix (rank 0: a copy)");

/* each call's mock-ups, NULL-terminated: the call rows point here */
const struct call *const mockups_allreduce[] = {&mockup_reduce_bcast,
    &mockup_reduce_scatter_allgatherv, NULL};
const struct call *const mockups_allgather[] = {&mockup_gather_bcast, NULL};
const struct call *const mockups_bcast[] = {&mockup_scatterv_allgatherv, NULL};
const struct call *const mockups_reduce[] = {&mockup_allreduce, NULL};
const struct call *const mockups_gather[] = {&mockup_allgather, NULL};
const struct call *const mockups_scan[] = {&mockup_exscan_local, NULL};
