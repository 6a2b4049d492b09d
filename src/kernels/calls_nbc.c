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
    {.name = "IBARRIER", .family = FAM_COLL, .opk = OPK_NONE,
     .buffers = bufs_n_0, .post = post_ibarrier, .run = run_posted,
     .timing = "time per MPI_Ibarrier + MPI_Wait, nothing in between (the "
               "pure communication time)" NB},
    {.name = "IBCAST", .family = FAM_COLL, .opk = OPK_NONE,
     .rooted = 1, .buffers = bufs_n_0, .post = post_ibcast, .run = run_posted,
     .check = check_bcast,
     .timing = "time per MPI_Ibcast + MPI_Wait, nothing in between (the "
               "pure communication time)" NB},
    {.name = "IGATHER", .family = FAM_COLL, .opk = OPK_NONE,
     .rooted = 1, .buffers = bufs_n_pn, .post = post_igather, .run = run_posted,
     .check = check_gather,
     .timing = "time per MPI_Igather + MPI_Wait, nothing in between (the "
               "pure communication time)" NB},
    {.name = "IGATHERV", .family = FAM_COLL, .opk = OPK_NONE,
     .rooted = 1, .buffers = bufs_2n_pn, .layout = layout_ramp,
     .post = post_igatherv, .run = run_posted, .check = check_gatherv,
     .timing = "time per MPI_Igatherv + MPI_Wait, nothing in between (the "
               "pure communication time)" NB},
    {.name = "ISCATTER", .family = FAM_COLL, .opk = OPK_NONE,
     .rooted = 1, .buffers = bufs_pn_n, .post = post_iscatter, .run = run_posted,
     .check = check_scatter,
     .timing = "time per MPI_Iscatter + MPI_Wait, nothing in between (the "
               "pure communication time)" NB},
    {.name = "ISCATTERV", .family = FAM_COLL, .opk = OPK_NONE,
     .rooted = 1, .buffers = bufs_pn_2n, .layout = layout_ramp,
     .post = post_iscatterv, .run = run_posted, .check = check_scatterv,
     .timing = "time per MPI_Iscatterv + MPI_Wait, nothing in between (the "
               "pure communication time)" NB},
    {.name = "IALLGATHER", .family = FAM_COLL, .opk = OPK_NONE,
     .buffers = bufs_n_pn, .post = post_iallgather, .run = run_posted,
     .check = check_allgather,
     .timing = "time per MPI_Iallgather + MPI_Wait, nothing in between (the "
               "pure communication time)" NB},
    {.name = "IALLGATHERV", .family = FAM_COLL, .opk = OPK_NONE,
     .buffers = bufs_2n_pn, .layout = layout_ramp, .post = post_iallgatherv,
     .run = run_posted, .check = check_allgatherv,
     .timing = "time per MPI_Iallgatherv + MPI_Wait, nothing in between "
               "(the pure communication time)" NB},
    {.name = "IALLTOALL", .family = FAM_COLL, .opk = OPK_NONE,
     .buffers = bufs_pn_pn, .post = post_ialltoall, .run = run_posted,
     .check = check_alltoall,
     .timing = "time per MPI_Ialltoall + MPI_Wait, nothing in between (the "
               "pure communication time)" NB},
    {.name = "IALLTOALLV", .family = FAM_COLL, .opk = OPK_NONE,
     .buffers = bufs_pn_pn, .layout = layout_alltoallv, .post = post_ialltoallv,
     .run = run_posted, .check = check_alltoallv,
     .timing = "time per MPI_Ialltoallv + MPI_Wait, nothing in between (the "
               "pure communication time)" NB},
    {.name = "IALLTOALLW", .family = FAM_COLL, .opk = OPK_NONE,
     .byte_displs = 1,
     .buffers = bufs_pn_pn, .layout = layout_alltoallw, .post = post_ialltoallw,
     .run = run_posted, .check = check_alltoallv,
     .timing = "time per MPI_Ialltoallw + MPI_Wait, nothing in between (the "
               "pure communication time)" NB},
    {.name = "IREDUCE", .family = FAM_REDUCE, .opk = OPK_REDUCTION,
     .rooted = 1, .buffers = bufs_n_n, .post = post_ireduce, .run = run_posted,
     .check = check_reduce,
     .timing = "time per MPI_Ireduce + MPI_Wait, nothing in between (the "
               "pure communication time)" NB},
    {.name = "IALLREDUCE", .family = FAM_REDUCE, .opk = OPK_REDUCTION,
     .buffers = bufs_n_n, .post = post_iallreduce, .run = run_posted,
     .check = check_allreduce,
     .timing = "time per MPI_Iallreduce + MPI_Wait, nothing in between (the "
               "pure communication time)" NB},
    {.name = "IREDUCE_SCATTER", .family = FAM_REDUCE, .opk = OPK_REDUCTION,
     .buffers = bufs_pn_2n, .layout = layout_ramp, .post = post_ireduce_scatter,
     .run = run_posted, .check = check_reduce_scatter,
     .timing = "time per MPI_Ireduce_scatter + MPI_Wait, nothing in between "
               "(the pure communication time)" NB},
    {.name = "IREDUCE_SCATTER_BLOCK", .family = FAM_REDUCE, .opk = OPK_REDUCTION,
     .buffers = bufs_pn_n, .post = post_ireduce_scatter_block, .run = run_posted,
     .check = check_reduce_scatter_block,
     .timing = "time per MPI_Ireduce_scatter_block + MPI_Wait, nothing in "
               "between (the pure communication time)" NB},
    {.name = "ISCAN", .family = FAM_REDUCE, .opk = OPK_REDUCTION,
     .buffers = bufs_n_n, .post = post_iscan, .run = run_posted, .check = check_scan,
     .timing = "time per MPI_Iscan + MPI_Wait, nothing in between (the pure "
               "communication time)" NB},
    {.name = "IEXSCAN", .family = FAM_REDUCE, .opk = OPK_REDUCTION,
     .buffers = bufs_n_n, .post = post_iexscan, .run = run_posted,
     .check = check_exscan,
     .timing = "time per MPI_Iexscan + MPI_Wait, nothing in between (the "
               "pure communication time)" NB},
    {.name = "BARRIER_INIT", .family = FAM_COLL, .opk = OPK_NONE,
     .buffers = bufs_n_0, .init = init_barrier, .run = run_started,
     .unavailable = persistent_missing,
     .timing = "time per MPI_Start + MPI_Wait of a persistent MPI_Barrier_init" PI},
    {.name = "BCAST_INIT", .family = FAM_COLL, .opk = OPK_NONE,
     .rooted = 1, .buffers = bufs_n_0, .init = init_bcast, .run = run_started,
     .unavailable = persistent_missing,
     .check = check_bcast,
     .timing = "time per MPI_Start + MPI_Wait of a persistent MPI_Bcast_init" PI},
    {.name = "GATHER_INIT", .family = FAM_COLL, .opk = OPK_NONE,
     .rooted = 1, .buffers = bufs_n_pn, .init = init_gather, .run = run_started,
     .unavailable = gather_init_missing,
     .check = check_gather,
     .timing = "time per MPI_Start + MPI_Wait of a persistent MPI_Gather_init" PI},
    {.name = "GATHERV_INIT", .family = FAM_COLL, .opk = OPK_NONE,
     .rooted = 1, .buffers = bufs_2n_pn, .layout = layout_ramp, .init = init_gatherv,
     .run = run_started,
     .unavailable = persistent_missing, .check = check_gatherv,
     .timing = "time per MPI_Start + MPI_Wait of a persistent MPI_Gatherv_init" PI},
    {.name = "SCATTER_INIT", .family = FAM_COLL, .opk = OPK_NONE,
     .rooted = 1, .buffers = bufs_pn_n, .init = init_scatter, .run = run_started,
     .unavailable = scatter_init_missing,
     .check = check_scatter,
     .timing = "time per MPI_Start + MPI_Wait of a persistent MPI_Scatter_init" PI},
    {.name = "SCATTERV_INIT", .family = FAM_COLL, .opk = OPK_NONE,
     .rooted = 1, .buffers = bufs_pn_2n, .layout = layout_ramp,
     .init = init_scatterv, .run = run_started,
     .unavailable = persistent_missing, .check = check_scatterv,
     .timing = "time per MPI_Start + MPI_Wait of a persistent MPI_Scatterv_init" PI},
    {.name = "ALLGATHER_INIT", .family = FAM_COLL, .opk = OPK_NONE,
     .buffers = bufs_n_pn, .init = init_allgather, .run = run_started,
     .unavailable = allgather_init_missing,
     .check = check_allgather,
     .timing = "time per MPI_Start + MPI_Wait of a persistent MPI_Allgather_init" PI},
    {.name = "ALLGATHERV_INIT", .family = FAM_COLL, .opk = OPK_NONE,
     .buffers = bufs_2n_pn, .layout = layout_ramp, .init = init_allgatherv,
     .run = run_started,
     .unavailable = persistent_missing, .check = check_allgatherv,
     .timing = "time per MPI_Start + MPI_Wait of a persistent MPI_Allgatherv_init" PI},
    {.name = "ALLTOALL_INIT", .family = FAM_COLL, .opk = OPK_NONE,
     .buffers = bufs_pn_pn, .init = init_alltoall, .run = run_started,
     .unavailable = persistent_missing,
     .check = check_alltoall,
     .timing = "time per MPI_Start + MPI_Wait of a persistent MPI_Alltoall_init" PI},
    {.name = "ALLTOALLV_INIT", .family = FAM_COLL, .opk = OPK_NONE,
     .buffers = bufs_pn_pn, .layout = layout_alltoallv, .init = init_alltoallv,
     .run = run_started,
     .unavailable = persistent_missing, .check = check_alltoallv,
     .timing = "time per MPI_Start + MPI_Wait of a persistent MPI_Alltoallv_init" PI},
    {.name = "ALLTOALLW_INIT", .family = FAM_COLL, .opk = OPK_NONE,
     .byte_displs = 1,
     .buffers = bufs_pn_pn, .layout = layout_alltoallw, .init = init_alltoallw,
     .run = run_started,
     .unavailable = persistent_missing, .check = check_alltoallv,
     .timing = "time per MPI_Start + MPI_Wait of a persistent MPI_Alltoallw_init" PI},
    {.name = "REDUCE_INIT", .family = FAM_REDUCE, .opk = OPK_REDUCTION,
     .rooted = 1, .buffers = bufs_n_n, .init = init_reduce, .run = run_started,
     .unavailable = persistent_missing,
     .check = check_reduce,
     .timing = "time per MPI_Start + MPI_Wait of a persistent MPI_Reduce_init" PI},
    {.name = "ALLREDUCE_INIT", .family = FAM_REDUCE, .opk = OPK_REDUCTION,
     .buffers = bufs_n_n, .init = init_allreduce, .run = run_started,
     .unavailable = persistent_missing,
     .check = check_allreduce,
     .timing = "time per MPI_Start + MPI_Wait of a persistent MPI_Allreduce_init" PI},
    {.name = "REDUCE_SCATTER_INIT", .family = FAM_REDUCE, .opk = OPK_REDUCTION,
     .buffers = bufs_pn_2n, .layout = layout_ramp, .init = init_reduce_scatter,
     .run = run_started,
     .unavailable = persistent_missing, .check = check_reduce_scatter,
     .timing = "time per MPI_Start + MPI_Wait of a persistent "
               "MPI_Reduce_scatter_init" PI},
    {.name = "REDUCE_SCATTER_BLOCK_INIT", .family = FAM_REDUCE, .opk = OPK_REDUCTION,
     .buffers = bufs_pn_n, .init = init_reduce_scatter_block, .run = run_started,
     .unavailable = persistent_missing,
     .check = check_reduce_scatter_block,
     .timing = "time per MPI_Start + MPI_Wait of a persistent "
               "MPI_Reduce_scatter_block_init" PI},
    {.name = "SCAN_INIT", .family = FAM_REDUCE, .opk = OPK_REDUCTION,
     .buffers = bufs_n_n, .init = init_scan, .run = run_started,
     .unavailable = persistent_missing, .check = check_scan,
     .timing = "time per MPI_Start + MPI_Wait of a persistent MPI_Scan_init" PI},
    {.name = "EXSCAN_INIT", .family = FAM_REDUCE, .opk = OPK_REDUCTION,
     .buffers = bufs_n_n, .init = init_exscan, .run = run_started,
     .unavailable = persistent_missing,
     .check = check_exscan,
     .timing = "time per MPI_Start + MPI_Wait of a persistent MPI_Exscan_init" PI},
};

const struct table nonblocking_calls = {
    "call", calls, sizeof calls / sizeof calls[0], sizeof calls[0], NULL,
    &neighbor_calls,
};
