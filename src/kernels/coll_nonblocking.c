/* coll_nonblocking.c: the non-blocking collectives (MPI_Ibcast, ...).
 *
 * Each post function starts one call into k->req with the same buffers,
 * counts and layouts as its blocking form (so the blocking form's check
 * serves it).  run_posted waits at once: the pure communication time.
 * measure/overlap.c posts, computes, then waits, for the overlap.  The
 * forms of one count take MPI 4's _c functions past 2^31-1 elements
 * (large.h), as their blocking forms do; the v-forms and IALLTOALLW keep
 * their int arrays. */
#include "kernels/coll_nonblocking.h"

#include "kernels/large.h"

void run_posted(struct kernel *k, int iters)
{
    for (int i = 0; i < iters; i++) {
        k->rec->call->post(k);
        MPI_Wait(&k->req, MPI_STATUS_IGNORE);
    }
}

void post_ibarrier(struct kernel *k)
{
    MPI_Ibarrier(k->comm, &k->req);
}

void post_ibcast(struct kernel *k)
{
    (void)LARGE_OR_INT(k->count,
                       MPI_Ibcast_c(k->sbuf, k->count, k->type, k->root, k->comm, &k->req),
                       MPI_Ibcast(k->sbuf, (int)k->count, k->type, k->root, k->comm,
                                  &k->req));
}

void post_igather(struct kernel *k)
{
    MPI_Count n = k->count;
    (void)LARGE_OR_INT(n, MPI_Igather_c(send_at(k, k->root), n, k->type, k->rbuf, n, k->type,
                                        k->root, k->comm, &k->req),
                       MPI_Igather(send_at(k, k->root), (int)n, k->type, k->rbuf, (int)n,
                                   k->type, k->root, k->comm, &k->req));
}

void post_igatherv(struct kernel *k)
{
    MPI_Igatherv(send_at(k, k->root), k->counts[k->rank], k->type, k->rbuf, k->counts,
                 k->displs, k->type, k->root, k->comm, &k->req);
}

void post_iscatter(struct kernel *k)
{
    MPI_Count n = k->count;
    (void)LARGE_OR_INT(n, MPI_Iscatter_c(k->sbuf, n, k->type, recv_at(k, k->root), n, k->type,
                                         k->root, k->comm, &k->req),
                       MPI_Iscatter(k->sbuf, (int)n, k->type, recv_at(k, k->root), (int)n,
                                    k->type, k->root, k->comm, &k->req));
}

void post_iscatterv(struct kernel *k)
{
    MPI_Iscatterv(k->sbuf, k->counts, k->displs, k->type, recv_at(k, k->root),
                  k->counts[k->rank], k->type, k->root, k->comm, &k->req);
}

void post_iallgather(struct kernel *k)
{
    MPI_Count n = k->count;
    (void)LARGE_OR_INT(n, MPI_Iallgather_c(send_at(k, -1), n, k->type, k->rbuf, n, k->type,
                                           k->comm, &k->req),
                       MPI_Iallgather(send_at(k, -1), (int)n, k->type, k->rbuf, (int)n,
                                      k->type, k->comm, &k->req));
}

void post_iallgatherv(struct kernel *k)
{
    MPI_Iallgatherv(send_at(k, -1), k->counts[k->rank], k->type, k->rbuf, k->counts,
                    k->displs, k->type, k->comm, &k->req);
}

void post_ialltoall(struct kernel *k)
{
    MPI_Count n = k->count;
    (void)LARGE_OR_INT(n, MPI_Ialltoall_c(send_at(k, -1), n, k->type, k->rbuf, n, k->type,
                                          k->comm, &k->req),
                       MPI_Ialltoall(send_at(k, -1), (int)n, k->type, k->rbuf, (int)n,
                                     k->type, k->comm, &k->req));
}

void post_ialltoallv(struct kernel *k)
{
    MPI_Ialltoallv(send_at(k, -1), k->scounts, k->sdispls, k->type, k->rbuf, k->counts,
                   k->displs, k->type, k->comm, &k->req);
}

void post_ialltoallw(struct kernel *k)
{
    MPI_Ialltoallw(send_at(k, -1), k->scounts, k->wsdispls, k->types, k->rbuf, k->counts,
                   k->wrdispls, k->types, k->comm, &k->req);
}

void post_ireduce(struct kernel *k)
{
    MPI_Count n = k->count;
    (void)LARGE_OR_INT(n, MPI_Ireduce_c(send_at(k, k->root), k->rbuf, n, k->type, k->op,
                                        k->root, k->comm, &k->req),
                       MPI_Ireduce(send_at(k, k->root), k->rbuf, (int)n, k->type, k->op,
                                   k->root, k->comm, &k->req));
}

void post_iallreduce(struct kernel *k)
{
    MPI_Count n = k->count;
    (void)LARGE_OR_INT(n, MPI_Iallreduce_c(send_at(k, -1), k->rbuf, n, k->type, k->op, k->comm,
                                           &k->req),
                       MPI_Iallreduce(send_at(k, -1), k->rbuf, (int)n, k->type, k->op,
                                      k->comm, &k->req));
}

void post_ireduce_scatter(struct kernel *k)
{
    MPI_Ireduce_scatter(send_at(k, -1), k->rbuf, k->counts, k->type, k->op, k->comm,
                        &k->req);
}

void post_ireduce_scatter_block(struct kernel *k)
{
    MPI_Count n = k->count;
    (void)LARGE_OR_INT(n, MPI_Ireduce_scatter_block_c(send_at(k, -1), k->rbuf, n, k->type,
                                                      k->op, k->comm, &k->req),
                       MPI_Ireduce_scatter_block(send_at(k, -1), k->rbuf, (int)n, k->type,
                                                 k->op, k->comm, &k->req));
}

void post_iscan(struct kernel *k)
{
    MPI_Count n = k->count;
    (void)LARGE_OR_INT(n, MPI_Iscan_c(send_at(k, -1), k->rbuf, n, k->type, k->op, k->comm,
                                      &k->req),
                       MPI_Iscan(send_at(k, -1), k->rbuf, (int)n, k->type, k->op, k->comm,
                                 &k->req));
}

void post_iexscan(struct kernel *k)
{
    MPI_Count n = k->count;
    (void)LARGE_OR_INT(n, MPI_Iexscan_c(send_at(k, -1), k->rbuf, n, k->type, k->op, k->comm,
                                        &k->req),
                       MPI_Iexscan(send_at(k, -1), k->rbuf, (int)n, k->type, k->op, k->comm,
                                   &k->req));
}
