/* calls_nbc.c: the call table, continued: the non-blocking collectives
 * (IBCAST ...: post + MPI_Wait, and the overlap with computation) and the
 * persistent ones (BCAST_INIT ...: MPI_Start + MPI_Wait, the init timed on
 * its own).  Each shares its blocking form's buffers, layout and check. */
#include "kernels/calls.h"

#include "kernels/collectives.h"
#include "kernels/nonblocking.h"
#include "kernels/reductions.h"
#include "kernels/shapes.h"

#define NB "; overlap columns: the same with a computation as long as the pure time between post and wait (osu_i*)"
#define PI " (the request made once per size by the init call, whose time is init_us)"

static const struct call calls[] = {
    {.name = "IBARRIER", .family = &family_coll, .opk = OPK_NONE,
     .buffers = bufs_n_0, .post = post_ibarrier, .loop = run_posted,
     .timing = "time per MPI_Ibarrier + MPI_Wait, nothing in between (the "
               "pure communication time)" NB},
    {.name = "IBCAST", .family = &family_coll, .opk = OPK_NONE,
     .rooted = 1, .buffers = bufs_n_0, .post = post_ibcast, .loop = run_posted,
     .check = check_bcast,
     .timing = "time per MPI_Ibcast + MPI_Wait, nothing in between (the "
               "pure communication time)" NB},
    {.name = "IGATHER", .family = &family_coll, .opk = OPK_NONE,
     .rooted = 1, .buffers = bufs_n_pn, .post = post_igather, .loop = run_posted,
     .check = check_gather,
     .timing = "time per MPI_Igather + MPI_Wait, nothing in between (the "
               "pure communication time)" NB},
    {.name = "IGATHERV", .family = &family_coll, .opk = OPK_NONE,
     .rooted = 1, .buffers = bufs_2n_pn, .layout = layout_ramp,
     .post = post_igatherv, .loop = run_posted, .check = check_gatherv,
     .timing = "time per MPI_Igatherv + MPI_Wait, nothing in between (the "
               "pure communication time)" NB},
    {.name = "ISCATTER", .family = &family_coll, .opk = OPK_NONE,
     .rooted = 1, .buffers = bufs_pn_n, .post = post_iscatter, .loop = run_posted,
     .check = check_scatter,
     .timing = "time per MPI_Iscatter + MPI_Wait, nothing in between (the "
               "pure communication time)" NB},
    {.name = "ISCATTERV", .family = &family_coll, .opk = OPK_NONE,
     .rooted = 1, .buffers = bufs_pn_2n, .layout = layout_ramp,
     .post = post_iscatterv, .loop = run_posted, .check = check_scatterv,
     .timing = "time per MPI_Iscatterv + MPI_Wait, nothing in between (the "
               "pure communication time)" NB},
    {.name = "IALLGATHER", .family = &family_coll, .opk = OPK_NONE,
     .buffers = bufs_n_pn, .post = post_iallgather, .loop = run_posted,
     .check = check_allgather,
     .timing = "time per MPI_Iallgather + MPI_Wait, nothing in between (the "
               "pure communication time)" NB},
    {.name = "IALLGATHERV", .family = &family_coll, .opk = OPK_NONE,
     .buffers = bufs_2n_pn, .layout = layout_ramp, .post = post_iallgatherv,
     .loop = run_posted, .check = check_allgatherv,
     .timing = "time per MPI_Iallgatherv + MPI_Wait, nothing in between "
               "(the pure communication time)" NB},
    {.name = "IALLTOALL", .family = &family_coll, .opk = OPK_NONE,
     .buffers = bufs_pn_pn, .post = post_ialltoall, .loop = run_posted,
     .check = check_alltoall,
     .timing = "time per MPI_Ialltoall + MPI_Wait, nothing in between (the "
               "pure communication time)" NB},
    {.name = "IALLTOALLV", .family = &family_coll, .opk = OPK_NONE,
     .buffers = bufs_pn_pn, .layout = layout_alltoallv, .post = post_ialltoallv,
     .loop = run_posted, .check = check_alltoallv,
     .timing = "time per MPI_Ialltoallv + MPI_Wait, nothing in between (the "
               "pure communication time)" NB},
    {.name = "IALLTOALLW", .family = &family_coll, .opk = OPK_NONE,
     .byte_displs = 1,
     .buffers = bufs_pn_pn, .layout = layout_alltoallw, .post = post_ialltoallw,
     .loop = run_posted, .check = check_alltoallv,
     .timing = "time per MPI_Ialltoallw + MPI_Wait, nothing in between (the "
               "pure communication time)" NB},
    {.name = "IREDUCE", .family = &family_reduce, .opk = OPK_REDUCTION,
     .rooted = 1, .buffers = bufs_n_n, .post = post_ireduce, .loop = run_posted,
     .check = check_reduce,
     .timing = "time per MPI_Ireduce + MPI_Wait, nothing in between (the "
               "pure communication time)" NB},
    {.name = "IALLREDUCE", .family = &family_reduce, .opk = OPK_REDUCTION,
     .buffers = bufs_n_n, .post = post_iallreduce, .loop = run_posted,
     .check = check_allreduce,
     .timing = "time per MPI_Iallreduce + MPI_Wait, nothing in between (the "
               "pure communication time)" NB},
    {.name = "IREDUCE_SCATTER", .family = &family_reduce, .opk = OPK_REDUCTION,
     .buffers = bufs_pn_2n, .layout = layout_ramp, .post = post_ireduce_scatter,
     .loop = run_posted, .check = check_reduce_scatter,
     .timing = "time per MPI_Ireduce_scatter + MPI_Wait, nothing in between "
               "(the pure communication time)" NB},
    {.name = "IREDUCE_SCATTER_BLOCK", .family = &family_reduce, .opk = OPK_REDUCTION,
     .buffers = bufs_pn_n, .post = post_ireduce_scatter_block, .loop = run_posted,
     .check = check_reduce_scatter_block,
     .timing = "time per MPI_Ireduce_scatter_block + MPI_Wait, nothing in "
               "between (the pure communication time)" NB},
    {.name = "ISCAN", .family = &family_reduce, .opk = OPK_REDUCTION,
     .buffers = bufs_n_n, .post = post_iscan, .loop = run_posted, .check = check_scan,
     .timing = "time per MPI_Iscan + MPI_Wait, nothing in between (the pure "
               "communication time)" NB},
    {.name = "IEXSCAN", .family = &family_reduce, .opk = OPK_REDUCTION,
     .buffers = bufs_n_n, .post = post_iexscan, .loop = run_posted,
     .check = check_exscan,
     .timing = "time per MPI_Iexscan + MPI_Wait, nothing in between (the "
               "pure communication time)" NB},
    {.name = "BARRIER_INIT", .family = &family_coll, .opk = OPK_NONE,
     .buffers = bufs_n_0, .init = init_barrier, .loop = run_started,
     .unavailable = persistent_missing,
     .timing = "time per MPI_Start + MPI_Wait of a persistent MPI_Barrier_init" PI},
    {.name = "BCAST_INIT", .family = &family_coll, .opk = OPK_NONE,
     .rooted = 1, .buffers = bufs_n_0, .init = init_bcast, .loop = run_started,
     .unavailable = persistent_missing,
     .check = check_bcast,
     .timing = "time per MPI_Start + MPI_Wait of a persistent MPI_Bcast_init" PI},
    {.name = "GATHER_INIT", .family = &family_coll, .opk = OPK_NONE,
     .rooted = 1, .buffers = bufs_n_pn, .init = init_gather, .loop = run_started,
     .unavailable = gather_init_missing,
     .check = check_gather,
     .timing = "time per MPI_Start + MPI_Wait of a persistent MPI_Gather_init" PI},
    {.name = "GATHERV_INIT", .family = &family_coll, .opk = OPK_NONE,
     .rooted = 1, .buffers = bufs_2n_pn, .layout = layout_ramp, .init = init_gatherv,
     .loop = run_started,
     .unavailable = persistent_missing, .check = check_gatherv,
     .timing = "time per MPI_Start + MPI_Wait of a persistent MPI_Gatherv_init" PI},
    {.name = "SCATTER_INIT", .family = &family_coll, .opk = OPK_NONE,
     .rooted = 1, .buffers = bufs_pn_n, .init = init_scatter, .loop = run_started,
     .unavailable = scatter_init_missing,
     .check = check_scatter,
     .timing = "time per MPI_Start + MPI_Wait of a persistent MPI_Scatter_init" PI},
    {.name = "SCATTERV_INIT", .family = &family_coll, .opk = OPK_NONE,
     .rooted = 1, .buffers = bufs_pn_2n, .layout = layout_ramp,
     .init = init_scatterv, .loop = run_started,
     .unavailable = persistent_missing, .check = check_scatterv,
     .timing = "time per MPI_Start + MPI_Wait of a persistent MPI_Scatterv_init" PI},
    {.name = "ALLGATHER_INIT", .family = &family_coll, .opk = OPK_NONE,
     .buffers = bufs_n_pn, .init = init_allgather, .loop = run_started,
     .unavailable = allgather_init_missing,
     .check = check_allgather,
     .timing = "time per MPI_Start + MPI_Wait of a persistent MPI_Allgather_init" PI},
    {.name = "ALLGATHERV_INIT", .family = &family_coll, .opk = OPK_NONE,
     .buffers = bufs_2n_pn, .layout = layout_ramp, .init = init_allgatherv,
     .loop = run_started,
     .unavailable = persistent_missing, .check = check_allgatherv,
     .timing = "time per MPI_Start + MPI_Wait of a persistent MPI_Allgatherv_init" PI},
    {.name = "ALLTOALL_INIT", .family = &family_coll, .opk = OPK_NONE,
     .buffers = bufs_pn_pn, .init = init_alltoall, .loop = run_started,
     .unavailable = persistent_missing,
     .check = check_alltoall,
     .timing = "time per MPI_Start + MPI_Wait of a persistent MPI_Alltoall_init" PI},
    {.name = "ALLTOALLV_INIT", .family = &family_coll, .opk = OPK_NONE,
     .buffers = bufs_pn_pn, .layout = layout_alltoallv, .init = init_alltoallv,
     .loop = run_started,
     .unavailable = persistent_missing, .check = check_alltoallv,
     .timing = "time per MPI_Start + MPI_Wait of a persistent MPI_Alltoallv_init" PI},
    {.name = "ALLTOALLW_INIT", .family = &family_coll, .opk = OPK_NONE,
     .byte_displs = 1,
     .buffers = bufs_pn_pn, .layout = layout_alltoallw, .init = init_alltoallw,
     .loop = run_started,
     .unavailable = persistent_missing, .check = check_alltoallv,
     .timing = "time per MPI_Start + MPI_Wait of a persistent MPI_Alltoallw_init" PI},
    {.name = "REDUCE_INIT", .family = &family_reduce, .opk = OPK_REDUCTION,
     .rooted = 1, .buffers = bufs_n_n, .init = init_reduce, .loop = run_started,
     .unavailable = persistent_missing,
     .check = check_reduce,
     .timing = "time per MPI_Start + MPI_Wait of a persistent MPI_Reduce_init" PI},
    {.name = "ALLREDUCE_INIT", .family = &family_reduce, .opk = OPK_REDUCTION,
     .buffers = bufs_n_n, .init = init_allreduce, .loop = run_started,
     .unavailable = persistent_missing,
     .check = check_allreduce,
     .timing = "time per MPI_Start + MPI_Wait of a persistent MPI_Allreduce_init" PI},
    {.name = "REDUCE_SCATTER_INIT", .family = &family_reduce, .opk = OPK_REDUCTION,
     .buffers = bufs_pn_2n, .layout = layout_ramp, .init = init_reduce_scatter,
     .loop = run_started,
     .unavailable = persistent_missing, .check = check_reduce_scatter,
     .timing = "time per MPI_Start + MPI_Wait of a persistent "
               "MPI_Reduce_scatter_init" PI},
    {.name = "REDUCE_SCATTER_BLOCK_INIT", .family = &family_reduce, .opk = OPK_REDUCTION,
     .buffers = bufs_pn_n, .init = init_reduce_scatter_block, .loop = run_started,
     .unavailable = persistent_missing,
     .check = check_reduce_scatter_block,
     .timing = "time per MPI_Start + MPI_Wait of a persistent "
               "MPI_Reduce_scatter_block_init" PI},
    {.name = "SCAN_INIT", .family = &family_reduce, .opk = OPK_REDUCTION,
     .buffers = bufs_n_n, .init = init_scan, .loop = run_started,
     .unavailable = persistent_missing, .check = check_scan,
     .timing = "time per MPI_Start + MPI_Wait of a persistent MPI_Scan_init" PI},
    {.name = "EXSCAN_INIT", .family = &family_reduce, .opk = OPK_REDUCTION,
     .buffers = bufs_n_n, .init = init_exscan, .loop = run_started,
     .unavailable = persistent_missing,
     .check = check_exscan,
     .timing = "time per MPI_Start + MPI_Wait of a persistent MPI_Exscan_init" PI},
};

const struct table nonblocking_calls = {
    "call", calls, sizeof calls / sizeof calls[0], sizeof calls[0], NULL,
    &neighbor_calls,
};
