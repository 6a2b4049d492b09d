/* coll_calls.c: the collective and reduction families' part of the call
 * table (declared in calls.h): the blocking collectives, reductions and
 * BSP's h-relation; the non-blocking and persistent forms are
 * coll_calls_nbc.c's, the neighbourhood ones coll_calls_nbr.c's. */
#include "kernels/calls.h"

#include "kernels/coll_data.h"
#include "kernels/coll_hrelation.h"
#include "kernels/coll_reductions.h"
#include "kernels/buf_sizes.h"

static const struct call calls[] = {
    {.name = "BCAST", .busbw = BUSBW_WHOLE, .family = &family_coll, .caps = CALL_LARGE | CALL_ROOTED | CALL_ROTATES | CALL_DEVICE, .opk = OPK_NONE,
     .buffers = bufs_n_0, .loop = run_bcast, .check = check_bcast, .mockups = mockups_bcast,
     .timing = "time per MPI_Bcast of n elements from root, as each rank sees it"},
    {.name = "GATHER", .family = &family_coll, .caps = CALL_LARGE | CALL_ROOTED | CALL_ROTATES | CALL_DEVICE | CALL_IN_PLACE, .opk = OPK_NONE,
     .buffers = bufs_n_pn, .loop = run_gather, .check = check_gather, .mockups = mockups_gather,
     .timing = "time per MPI_Gather of n elements from every rank to root"},
    {.name = "GATHERV", .family = &family_coll, .caps = CALL_DEVICE | CALL_ROOTED | CALL_ROTATES | CALL_IN_PLACE, .opk = OPK_NONE,
     .buffers = bufs_2n_pn, .layout = layout_ramp, .loop = run_gatherv,
     .check = check_gatherv,
     .timing = "time per MPI_Gatherv; rank r sends floor(2n(r+1)/(p+1)) elements"},
    {.name = "ALLGATHER", .busbw = BUSBW_SHARE, .family = &family_coll, .caps = CALL_LARGE | CALL_IN_PLACE | CALL_DEVICE, .opk = OPK_NONE,
     .buffers = bufs_n_pn, .loop = run_allgather, .check = check_allgather, .mockups = mockups_allgather,
     .timing = "time per MPI_Allgather of n elements from every rank"},
    {.name = "ALLGATHERV", .family = &family_coll, .caps = CALL_DEVICE | CALL_IN_PLACE, .opk = OPK_NONE,
     .buffers = bufs_2n_pn, .layout = layout_ramp, .loop = run_allgatherv,
     .check = check_allgatherv,
     .timing = "time per MPI_Allgatherv; rank r contributes floor(2n(r+1)/(p+1)) elements"},
    {.name = "SCATTER", .family = &family_coll, .caps = CALL_LARGE | CALL_ROOTED | CALL_ROTATES | CALL_DEVICE | CALL_IN_PLACE, .opk = OPK_NONE,
     .buffers = bufs_pn_n, .loop = run_scatter, .check = check_scatter,
     .timing = "time per MPI_Scatter of n elements to every rank"},
    {.name = "SCATTERV", .family = &family_coll, .caps = CALL_DEVICE | CALL_ROOTED | CALL_ROTATES | CALL_IN_PLACE, .opk = OPK_NONE,
     .buffers = bufs_pn_2n, .layout = layout_ramp, .loop = run_scatterv,
     .check = check_scatterv,
     .timing = "time per MPI_Scatterv; rank r receives floor(2n(r+1)/(p+1)) elements"},
    {.name = "ALLTOALL", .busbw = BUSBW_SHARE, .family = &family_coll, .caps = CALL_LARGE | CALL_IN_PLACE | CALL_DEVICE, .opk = OPK_NONE,
     .buffers = bufs_pn_pn, .loop = run_alltoall, .check = check_alltoall,
     .timing = "time per MPI_Alltoall of n elements between every two ranks"},
    {.name = "ALLTOALLV", .family = &family_coll, .caps = CALL_DEVICE | CALL_IN_PLACE, .opk = OPK_NONE,
     .buffers = bufs_pn_pn, .layout = layout_alltoallv, .loop = run_alltoallv,
     .check = check_alltoallv,
     .timing = "time per MPI_Alltoallv; rank i sends floor(2n(k+1)/(p+1)) elements to rank j, k = (i+j) mod p"},
    {.name = "ALLTOALLW", .family = &family_coll, .caps = CALL_DEVICE | CALL_BYTE_DISPLS | CALL_IN_PLACE, .opk = OPK_NONE,
     .buffers = bufs_pn_pn, .layout = layout_alltoallw, .loop = run_alltoallw,
     .check = check_alltoallv,
     .timing = "time per MPI_Alltoallw with ALLTOALLV's counts, byte displacements and a type per rank"},
    {.name = "REDUCE", .busbw = BUSBW_WHOLE, .family = &family_reduce, .caps = CALL_LARGE | CALL_ROOTED | CALL_ROTATES | CALL_IN_PLACE | CALL_DEVICE, .opk = OPK_REDUCTION,
     .buffers = bufs_n_n, .loop = run_reduce, .check = check_reduce, .mockups = mockups_reduce,
     .timing = "time per MPI_Reduce of n elements to root"},
    {.name = "ALLREDUCE", .busbw = BUSBW_ALLREDUCE, .family = &family_reduce, .caps = CALL_LARGE | CALL_IN_PLACE | CALL_DEVICE, .opk = OPK_REDUCTION,
     .buffers = bufs_n_n, .loop = run_allreduce, .check = check_allreduce, .mockups = mockups_allreduce,
     .timing = "time per MPI_Allreduce of n elements"},
    {.name = "REDUCE_SCATTER", .family = &family_reduce, .caps = CALL_DEVICE | CALL_IN_PLACE, .opk = OPK_REDUCTION,
     .buffers = bufs_pn_in_place, .layout = layout_ramp, .loop = run_reduce_scatter,
     .check = check_reduce_scatter,
     .timing = "time per MPI_Reduce_scatter; rank r gets floor(2n(r+1)/(p+1)) reduced elements"},
    {.name = "REDUCE_SCATTER_BLOCK", .busbw = BUSBW_SHARE, .family = &family_reduce, .caps = CALL_LARGE | CALL_DEVICE | CALL_IN_PLACE, .opk = OPK_REDUCTION,
     .buffers = bufs_pn_pn, .loop = run_reduce_scatter_block,
     .check = check_reduce_scatter_block,
     .timing = "time per MPI_Reduce_scatter_block; every rank gets n reduced elements"},
    {.name = "SCAN", .family = &family_reduce, .caps = CALL_LARGE | CALL_IN_PLACE | CALL_DEVICE, .opk = OPK_REDUCTION,
     .buffers = bufs_n_n, .loop = run_scan, .check = check_scan, .mockups = mockups_scan,
     .timing = "time per MPI_Scan of n elements"},
    {.name = "EXSCAN", .family = &family_reduce, .caps = CALL_LARGE | CALL_IN_PLACE | CALL_DEVICE, .opk = OPK_REDUCTION,
     .buffers = bufs_n_n, .loop = run_exscan, .check = check_exscan,
     .timing = "time per MPI_Exscan of n elements"},
    {.name = "REDUCE_LOCAL", .family = &family_reduce, .caps = CALL_LARGE, .opk = OPK_REDUCTION,
     .buffers = bufs_n_n, .loop = run_reduce_local, .check = check_reduce_local,
     .timing = "time per MPI_Reduce_local of n elements on every rank (inout = in op inout, "
               "no communication: the op's own cost, as IMB's Reduce_local)"},
    {.name = "HRELATION", .family = &family_coll, .caps = CALL_DEVICE | CALL_BSP, .opk = OPK_NONE,
     .buffers = bufs_n_n, .layout = layout_hrelation, .loop = run_hrelation,
     .check = check_hrelation,
     .timing = "time per superstep of a full h-relation: h single-word messages per rank, cyclically to the other ranks, then MPI_Barrier"},
};

const struct table coll_calls = {
    "call", calls, sizeof calls / sizeof calls[0], sizeof calls[0], NULL, NULL,
};
