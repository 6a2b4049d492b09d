/* coll_persistent.c: the persistent collectives (MPI 4.0's MPI_Allreduce_init
 * and friends; Open MPI 4.1 has them as MPIX_Allreduce_init ... in its
 * pcollreq extension).  Probed when mpigauge is built: with neither,
 * persistent_missing() says so and the plan skips every persistent record
 * with that reason (world/plan.c).
 *
 * Each init function makes the size's request with the blocking form's
 * buffers and layout, so the blocking form's check serves it; run_started
 * starts and waits for it.  The forms of one count take MPI 4's
 * MPI_..._init_c past 2^31-1 elements (large.h); Open MPI's MPIX_ forms
 * have none, and Open MPI 4.1 keeps every count to int anyway. */
#include "kernels/coll_nonblocking.h"

#include <string.h>
#include "kernels/large.h"

#if MPI_VERSION >= 4
#define PCOLL 1
#define BARRIER_INIT MPI_Barrier_init
#define BCAST_INIT MPI_Bcast_init
#define GATHER_INIT MPI_Gather_init
#define GATHERV_INIT MPI_Gatherv_init
#define SCATTER_INIT MPI_Scatter_init
#define SCATTERV_INIT MPI_Scatterv_init
#define ALLGATHER_INIT MPI_Allgather_init
#define ALLGATHERV_INIT MPI_Allgatherv_init
#define ALLTOALL_INIT MPI_Alltoall_init
#define ALLTOALLV_INIT MPI_Alltoallv_init
#define ALLTOALLW_INIT MPI_Alltoallw_init
#define REDUCE_INIT MPI_Reduce_init
#define ALLREDUCE_INIT MPI_Allreduce_init
#define REDUCE_SCATTER_INIT MPI_Reduce_scatter_init
#define REDUCE_SCATTER_BLOCK_INIT MPI_Reduce_scatter_block_init
#define SCAN_INIT MPI_Scan_init
#define EXSCAN_INIT MPI_Exscan_init
#define BCAST_INIT_C MPI_Bcast_init_c
#define GATHER_INIT_C MPI_Gather_init_c
#define SCATTER_INIT_C MPI_Scatter_init_c
#define ALLGATHER_INIT_C MPI_Allgather_init_c
#define ALLTOALL_INIT_C MPI_Alltoall_init_c
#define REDUCE_INIT_C MPI_Reduce_init_c
#define ALLREDUCE_INIT_C MPI_Allreduce_init_c
#define REDUCE_SCATTER_BLOCK_INIT_C MPI_Reduce_scatter_block_init_c
#define SCAN_INIT_C MPI_Scan_init_c
#define EXSCAN_INIT_C MPI_Exscan_init_c
#elif defined(__has_include)
#if __has_include(<mpi-ext.h>)
#include <mpi-ext.h>
#endif
#endif

#if !defined(PCOLL) && defined(OMPI_HAVE_MPI_EXT_PCOLLREQ) && OMPI_HAVE_MPI_EXT_PCOLLREQ
#define PCOLL 1
#define BARRIER_INIT MPIX_Barrier_init
#define BCAST_INIT MPIX_Bcast_init
#define GATHER_INIT MPIX_Gather_init
#define GATHERV_INIT MPIX_Gatherv_init
#define SCATTER_INIT MPIX_Scatter_init
#define SCATTERV_INIT MPIX_Scatterv_init
#define ALLGATHER_INIT MPIX_Allgather_init
#define ALLGATHERV_INIT MPIX_Allgatherv_init
#define ALLTOALL_INIT MPIX_Alltoall_init
#define ALLTOALLV_INIT MPIX_Alltoallv_init
#define ALLTOALLW_INIT MPIX_Alltoallw_init
#define REDUCE_INIT MPIX_Reduce_init
#define ALLREDUCE_INIT MPIX_Allreduce_init
#define REDUCE_SCATTER_INIT MPIX_Reduce_scatter_init
#define REDUCE_SCATTER_BLOCK_INIT MPIX_Reduce_scatter_block_init
#define SCAN_INIT MPIX_Scan_init
#define EXSCAN_INIT MPIX_Exscan_init
#endif

/* Three of MPICH 4.0.2's persistent collectives are broken, each shown
 * by a bare program of init, then MPI_Start + MPI_Wait three times: the
 * scatter fails on 3 or more ranks (MPI_Wait: "Invalid communicator" on
 * the root, and the others wait for ever), the gather puts the blocks in
 * the wrong places, the allgather delivers the others' blocks on the
 * first start only.  Timings of calls that do not move the data would
 * mislead, so these records are skipped there; the v-forms work. */
static int mpich40(void)
{
    char lib[MPI_MAX_LIBRARY_VERSION_STRING];
    int len;
    MPI_Get_library_version(lib, &len);
    return strncmp(lib, "MPICH Version:", 14) == 0 && strstr(lib, "4.0.") != NULL;
}

const char *scatter_init_missing(void)
{
    if (mpich40())
        return "MPICH 4.0's MPI_Scatter_init fails on 3 or more ranks (MPI_Wait: "
               "Invalid communicator, then a hang); SCATTERV_INIT works";
    return persistent_missing();
}

const char *gather_init_missing(void)
{
    if (mpich40())
        return "MPICH 4.0's MPI_Gather_init puts the blocks in the wrong places; "
               "GATHERV_INIT works";
    return persistent_missing();
}

const char *allgather_init_missing(void)
{
    if (mpich40())
        return "MPICH 4.0's MPI_Allgather_init delivers the other ranks' blocks on "
               "the first MPI_Start only; ALLGATHERV_INIT works";
    return persistent_missing();
}

void run_started(struct kernel *k, int iters)
{
    for (int i = 0; i < iters; i++) {
        MPI_Start(&k->req);
        MPI_Wait(&k->req, MPI_STATUS_IGNORE);
    }
}

#ifdef PCOLL
const char *persistent_missing(void)
{
    return NULL;
}

void init_barrier(struct kernel *k)
{
    BARRIER_INIT(k->comm, MPI_INFO_NULL, &k->req);
}

void init_bcast(struct kernel *k)
{
    MPI_Count n = k->count;
    (void)LARGE_OR_INT(n, BCAST_INIT_C(k->sbuf, n, k->type, k->root, k->comm, MPI_INFO_NULL,
                                       &k->req),
                       BCAST_INIT(k->sbuf, (int)n, k->type, k->root, k->comm, MPI_INFO_NULL,
                                  &k->req));
}

void init_gather(struct kernel *k)
{
    MPI_Count n = k->count;
    (void)LARGE_OR_INT(n, GATHER_INIT_C(send_at(k, k->root), n, k->type, k->rbuf, n, k->type,
                                        k->root, k->comm, MPI_INFO_NULL, &k->req),
                       GATHER_INIT(send_at(k, k->root), (int)n, k->type, k->rbuf, (int)n,
                                   k->type, k->root, k->comm, MPI_INFO_NULL, &k->req));
}

void init_gatherv(struct kernel *k)
{
    GATHERV_INIT(send_at(k, k->root), k->counts[k->rank], k->type, k->rbuf, k->counts,
                 k->displs, k->type, k->root, k->comm, MPI_INFO_NULL, &k->req);
}

void init_scatter(struct kernel *k)
{
    MPI_Count n = k->count;
    (void)LARGE_OR_INT(n, SCATTER_INIT_C(k->sbuf, n, k->type, recv_at(k, k->root), n, k->type,
                                         k->root, k->comm, MPI_INFO_NULL, &k->req),
                       SCATTER_INIT(k->sbuf, (int)n, k->type, recv_at(k, k->root), (int)n,
                                    k->type, k->root, k->comm, MPI_INFO_NULL, &k->req));
}

void init_scatterv(struct kernel *k)
{
    SCATTERV_INIT(k->sbuf, k->counts, k->displs, k->type,
                  recv_at(k, k->root),
                  k->counts[k->rank], k->type, k->root, k->comm, MPI_INFO_NULL,
                  &k->req);
}

void init_allgather(struct kernel *k)
{
    MPI_Count n = k->count;
    (void)LARGE_OR_INT(n, ALLGATHER_INIT_C(send_at(k, -1), n, k->type, k->rbuf, n, k->type,
                                           k->comm, MPI_INFO_NULL, &k->req),
                       ALLGATHER_INIT(send_at(k, -1), (int)n, k->type, k->rbuf, (int)n,
                                      k->type, k->comm, MPI_INFO_NULL, &k->req));
}

void init_allgatherv(struct kernel *k)
{
    ALLGATHERV_INIT(send_at(k, -1), k->counts[k->rank], k->type, k->rbuf, k->counts,
                    k->displs, k->type, k->comm, MPI_INFO_NULL, &k->req);
}

void init_alltoall(struct kernel *k)
{
    MPI_Count n = k->count;
    (void)LARGE_OR_INT(n, ALLTOALL_INIT_C(send_at(k, -1), n, k->type, k->rbuf, n, k->type,
                                          k->comm, MPI_INFO_NULL, &k->req),
                       ALLTOALL_INIT(send_at(k, -1), (int)n, k->type, k->rbuf, (int)n,
                                     k->type, k->comm, MPI_INFO_NULL, &k->req));
}

void init_alltoallv(struct kernel *k)
{
    ALLTOALLV_INIT(send_at(k, -1), k->scounts, k->sdispls, k->type, k->rbuf, k->counts,
                   k->displs, k->type, k->comm, MPI_INFO_NULL, &k->req);
}

void init_alltoallw(struct kernel *k)
{
    ALLTOALLW_INIT(send_at(k, -1), k->scounts, k->wsdispls, k->types, k->rbuf,
                   k->counts, k->wrdispls, k->types, k->comm, MPI_INFO_NULL,
                   &k->req);
}

void init_reduce(struct kernel *k)
{
    MPI_Count n = k->count;
    (void)LARGE_OR_INT(n, REDUCE_INIT_C(send_at(k, k->root), k->rbuf, n, k->type, k->op,
                                        k->root, k->comm, MPI_INFO_NULL, &k->req),
                       REDUCE_INIT(send_at(k, k->root), k->rbuf, (int)n, k->type, k->op,
                                   k->root, k->comm, MPI_INFO_NULL, &k->req));
}

void init_allreduce(struct kernel *k)
{
    MPI_Count n = k->count;
    (void)LARGE_OR_INT(n, ALLREDUCE_INIT_C(send_at(k, -1), k->rbuf, n, k->type, k->op, k->comm,
                                           MPI_INFO_NULL, &k->req),
                       ALLREDUCE_INIT(send_at(k, -1), k->rbuf, (int)n, k->type, k->op,
                                      k->comm, MPI_INFO_NULL, &k->req));
}

void init_reduce_scatter(struct kernel *k)
{
    REDUCE_SCATTER_INIT(send_at(k, -1), k->rbuf, k->counts, k->type, k->op, k->comm,
                        MPI_INFO_NULL, &k->req);
}

void init_reduce_scatter_block(struct kernel *k)
{
    MPI_Count n = k->count;
    (void)LARGE_OR_INT(n, REDUCE_SCATTER_BLOCK_INIT_C(send_at(k, -1), k->rbuf, n, k->type,
                                                      k->op, k->comm, MPI_INFO_NULL, &k->req),
                       REDUCE_SCATTER_BLOCK_INIT(send_at(k, -1), k->rbuf, (int)n, k->type,
                                                 k->op, k->comm, MPI_INFO_NULL, &k->req));
}

void init_scan(struct kernel *k)
{
    MPI_Count n = k->count;
    (void)LARGE_OR_INT(n, SCAN_INIT_C(send_at(k, -1), k->rbuf, n, k->type, k->op, k->comm,
                                      MPI_INFO_NULL, &k->req),
                       SCAN_INIT(send_at(k, -1), k->rbuf, (int)n, k->type, k->op, k->comm,
                                 MPI_INFO_NULL, &k->req));
}

void init_exscan(struct kernel *k)
{
    MPI_Count n = k->count;
    (void)LARGE_OR_INT(n, EXSCAN_INIT_C(send_at(k, -1), k->rbuf, n, k->type, k->op, k->comm,
                                        MPI_INFO_NULL, &k->req),
                       EXSCAN_INIT(send_at(k, -1), k->rbuf, (int)n, k->type, k->op, k->comm,
                                   MPI_INFO_NULL, &k->req));
}

#else
const char *persistent_missing(void)
{
    return "this MPI has no persistent collectives (neither MPI 4.0's "
           "MPI_Allreduce_init and friends nor Open MPI's MPIX_ extension)";
}

/* never called: the plan skips persistent records (world/plan.c) */
void init_barrier(struct kernel *k) { (void)k; }
void init_bcast(struct kernel *k) { (void)k; }
void init_gather(struct kernel *k) { (void)k; }
void init_gatherv(struct kernel *k) { (void)k; }
void init_scatter(struct kernel *k) { (void)k; }
void init_scatterv(struct kernel *k) { (void)k; }
void init_allgather(struct kernel *k) { (void)k; }
void init_allgatherv(struct kernel *k) { (void)k; }
void init_alltoall(struct kernel *k) { (void)k; }
void init_alltoallv(struct kernel *k) { (void)k; }
void init_alltoallw(struct kernel *k) { (void)k; }
void init_reduce(struct kernel *k) { (void)k; }
void init_allreduce(struct kernel *k) { (void)k; }
void init_reduce_scatter(struct kernel *k) { (void)k; }
void init_reduce_scatter_block(struct kernel *k) { (void)k; }
void init_scan(struct kernel *k) { (void)k; }
void init_exscan(struct kernel *k) { (void)k; }
#endif
