/* calls.c: the call table.
 *
 * To add a call: write its run function (and check function) in the file of
 * its family in this folder and add one entry here.  The timing text says
 * exactly what one timed call covers; it goes into --list and every data
 * file's header. */
#include "registry/registry.h"

#include "kernels/collectives.h"
#include "kernels/file_io.h"
#include "kernels/hrelation.h"
#include "kernels/p2p.h"
#include "kernels/reductions.h"
#include "kernels/rma.h"
#include "kernels/shapes.h"
#include "kernels/stream.h"

#define PP "one-way time = half the round trip of a ping-pong; "
/* one-sided: an iteration is one operation (mode=latency) or window= of
 * them (mode=bw, bibw: each way at once) and the synchronisation sync=
 * names; the time is per operation */
#define OS " and its share of the synchronisation (sync=, win=, mode=: see the one-sided line)"

static const struct call calls[] = {
    {.name = "SEND", .family = FAM_P2P, .opk = OPK_PAIRS,
     .legs = 2,
     .buffers = bufs_n_n, .run = run_send, .check = check_pingpong,
     .timing = PP "each side MPI_Send then MPI_Recv"},
    {.name = "SSEND", .family = FAM_P2P, .opk = OPK_PAIRS,
     .legs = 2,
     .buffers = bufs_n_n, .run = run_ssend, .check = check_pingpong,
     .timing = PP "MPI_Ssend (returns once the receive has started) and MPI_Recv"},
    {.name = "BSEND", .family = FAM_P2P, .opk = OPK_PAIRS,
     .legs = 2, .bsend = 1,
     .buffers = bufs_n_n, .run = run_bsend, .check = check_pingpong,
     .timing = PP "MPI_Bsend into the attached buffer (sized for the largest message) and MPI_Recv"},
    {.name = "RSEND", .family = FAM_P2P, .opk = OPK_PAIRS,
     .legs = 2,
     .buffers = bufs_n_n, .prepare = p2p_prepare_ready, .run = run_rsend,
     .check = check_pingpong,
     .timing = PP "MPI_Rsend to a receive posted (MPI_Irecv) before the partner could send, then MPI_Wait on it"},
    {.name = "ISEND", .family = FAM_P2P, .opk = OPK_PAIRS,
     .legs = 2,
     .buffers = bufs_n_n, .run = run_isend, .check = check_pingpong,
     .timing = PP "MPI_Isend + MPI_Wait, then MPI_Recv"},
    {.name = "IBSEND", .family = FAM_P2P, .opk = OPK_PAIRS,
     .legs = 2, .bsend = 1,
     .buffers = bufs_n_n, .run = run_ibsend, .check = check_pingpong,
     .timing = PP "MPI_Ibsend + MPI_Wait into the attached buffer, then MPI_Recv"},
    {.name = "ISSEND", .family = FAM_P2P, .opk = OPK_PAIRS,
     .legs = 2,
     .buffers = bufs_n_n, .run = run_issend, .check = check_pingpong,
     .timing = PP "MPI_Issend + MPI_Wait, then MPI_Recv"},
    {.name = "IRSEND", .family = FAM_P2P, .opk = OPK_PAIRS,
     .legs = 2,
     .buffers = bufs_n_n, .prepare = p2p_prepare_ready, .run = run_irsend,
     .check = check_pingpong,
     .timing = PP "MPI_Irsend + MPI_Wait to a pre-posted receive, then MPI_Wait on one's own"},
    {.name = "IRECV", .family = FAM_P2P, .opk = OPK_PAIRS,
     .legs = 2,
     .buffers = bufs_n_n, .run = run_irecv, .check = check_pingpong,
     .timing = PP "MPI_Irecv posted before MPI_Send, completed by MPI_Wait"},
    {.name = "SENDRECV", .family = FAM_P2P, .opk = OPK_PAIRS,
     .legs = 1,
     .buffers = bufs_n_n, .run = run_sendrecv, .check = check_pingpong,
     .timing = "time per MPI_Sendrecv while both partners exchange at once (one message each way)"},
    {.name = "SENDRECV_REPLACE", .family = FAM_P2P, .opk = OPK_PAIRS,
     .legs = 1,
     .buffers = bufs_n_n, .run = run_sendrecv_replace, .check = check_replace,
     .timing = "time per MPI_Sendrecv_replace while both partners exchange at once"},
    {.name = "BW", .family = FAM_P2P, .opk = OPK_PAIRS,
     .legs = 1, .windowed = 1,
     .buffers = bufs_n_n, .layout = layout_window, .run = run_bw, .check = check_bw,
     .timing = "time per message of a window of window= MPI_Isend + MPI_Waitall, "
               "closed by a short acknowledgement (as osu_bw); MB/s"},
    {.name = "BIBW", .family = FAM_P2P, .opk = OPK_PAIRS,
     .legs = 2, .windowed = 1,
     .buffers = bufs_n_n, .layout = layout_window, .run = run_bibw, .check = check_bibw,
     .timing = "time per message while both partners post window= MPI_Irecv and "
               "MPI_Isend at once, then MPI_Waitall (as osu_bibw); MB/s both ways"},
    {.name = "MSGRATE", .family = FAM_MULTI, .opk = OPK_NONE,
     .legs = 1, .windowed = 1, .rate = 1,
     .buffers = bufs_n_n, .layout = layout_window, .run = run_msgrate, .check = check_msgrate,
     .timing = "every pair streaming at once (ranks r < P/2 send to r + P/2, as "
               "osu_mbw_mr): time per window= step; aggregate MB/s and messages/s"},
    {.name = "MULTI_LATENCY", .family = FAM_MULTI, .opk = OPK_NONE,
     .legs = 2,
     .buffers = bufs_n_n, .run = run_multi_latency, .check = check_multi_latency,
     .timing = "one-way time = half the round trip of a ping-pong, every pair "
               "(r < P/2 with r + P/2) at once (as osu_multi_lat)"},

    {.name = "PUT", .family = FAM_RMA, .opk = OPK_PAIRS,
     .buffers = bufs_n_n, .pair_begin = rma_pair_begin, .pair_end = rma_pair_end,
     .run = run_put, .check = check_put,
     .timing = "time per MPI_Put of n elements into the partner's window" OS
               " (as osu_put_latency, osu_put_bw, osu_put_bibw)"},
    {.name = "GET", .family = FAM_RMA, .opk = OPK_PAIRS,
     .buffers = bufs_n_n, .pair_begin = rma_pair_begin, .pair_end = rma_pair_end,
     .run = run_get, .check = check_get,
     .timing = "time per MPI_Get of n elements from the partner's window" OS
               " (as osu_get_latency, osu_get_bw)"},
    {.name = "ACCUMULATE", .family = FAM_RMA, .opk = OPK_REDUCTION,
     .buffers = bufs_n_n, .pair_begin = rma_pair_begin, .pair_end = rma_pair_end,
     .run = run_accumulate, .check = check_accumulate,
     .timing = "time per MPI_Accumulate of n elements with op into the partner's "
               "window" OS " (as osu_acc_latency)"},
    {.name = "GET_ACCUMULATE", .family = FAM_RMA, .opk = OPK_REDUCTION,
     .buffers = bufs_3n_n, .pair_begin = rma_pair_begin, .pair_end = rma_pair_end,
     .run = run_get_accumulate, .check = check_get_accumulate,
     .timing = "time per MPI_Get_accumulate of n elements with op (the old values "
               "back)" OS " (as osu_get_acc_latency)"},
    {.name = "FETCH_AND_OP", .family = FAM_RMA, .opk = OPK_REDUCTION,
     .one_element = 1,
     .buffers = bufs_3n_n, .pair_begin = rma_pair_begin, .pair_end = rma_pair_end,
     .run = run_fetch_and_op, .check = check_get_accumulate,
     .timing = "time per MPI_Fetch_and_op on one element" OS " (as osu_fop_latency)"},
    {.name = "COMPARE_AND_SWAP", .family = FAM_RMA, .opk = OPK_PAIRS,
     .one_element = 1, .integer_only = 1,
     .buffers = bufs_3n_n, .pair_begin = rma_pair_begin, .pair_end = rma_pair_end,
     .run = run_compare_and_swap, .check = check_compare_and_swap,
     .timing = "time per MPI_Compare_and_swap on one element" OS
               " (as osu_cas_latency)"},

    {.name = "BCAST", .family = FAM_COLL, .opk = OPK_NONE,
     .rooted = 1,
     .buffers = bufs_n_0, .run = run_bcast, .check = check_bcast,
     .timing = "time per MPI_Bcast of n elements from root, as each rank sees it"},
    {.name = "GATHER", .family = FAM_COLL, .opk = OPK_NONE,
     .rooted = 1,
     .buffers = bufs_n_pn, .run = run_gather, .check = check_gather,
     .timing = "time per MPI_Gather of n elements from every rank to root"},
    {.name = "GATHERV", .family = FAM_COLL, .opk = OPK_NONE,
     .rooted = 1,
     .buffers = bufs_2n_pn, .layout = layout_ramp, .run = run_gatherv,
     .check = check_gatherv,
     .timing = "time per MPI_Gatherv; rank r sends floor(2n(r+1)/(p+1)) elements"},
    {.name = "ALLGATHER", .family = FAM_COLL, .opk = OPK_NONE,
     .buffers = bufs_n_pn, .run = run_allgather, .check = check_allgather,
     .timing = "time per MPI_Allgather of n elements from every rank"},
    {.name = "ALLGATHERV", .family = FAM_COLL, .opk = OPK_NONE,
     .buffers = bufs_2n_pn, .layout = layout_ramp, .run = run_allgatherv,
     .check = check_allgatherv,
     .timing = "time per MPI_Allgatherv; rank r contributes floor(2n(r+1)/(p+1)) elements"},
    {.name = "SCATTER", .family = FAM_COLL, .opk = OPK_NONE,
     .rooted = 1,
     .buffers = bufs_pn_n, .run = run_scatter, .check = check_scatter,
     .timing = "time per MPI_Scatter of n elements to every rank"},
    {.name = "SCATTERV", .family = FAM_COLL, .opk = OPK_NONE,
     .rooted = 1,
     .buffers = bufs_pn_2n, .layout = layout_ramp, .run = run_scatterv,
     .check = check_scatterv,
     .timing = "time per MPI_Scatterv; rank r receives floor(2n(r+1)/(p+1)) elements"},
    {.name = "ALLTOALL", .family = FAM_COLL, .opk = OPK_NONE,
     .buffers = bufs_pn_pn, .run = run_alltoall, .check = check_alltoall,
     .timing = "time per MPI_Alltoall of n elements between every two ranks"},
    {.name = "ALLTOALLV", .family = FAM_COLL, .opk = OPK_NONE,
     .buffers = bufs_pn_pn, .layout = layout_alltoallv, .run = run_alltoallv,
     .check = check_alltoallv,
     .timing = "time per MPI_Alltoallv; rank i sends floor(2n(k+1)/(p+1)) elements to rank j, k = (i+j) mod p"},
    {.name = "REDUCE", .family = FAM_REDUCE, .opk = OPK_REDUCTION,
     .rooted = 1,
     .buffers = bufs_n_n, .run = run_reduce, .check = check_reduce,
     .timing = "time per MPI_Reduce of n elements to root"},
    {.name = "ALLREDUCE", .family = FAM_REDUCE, .opk = OPK_REDUCTION,
     .buffers = bufs_n_n, .run = run_allreduce, .check = check_allreduce,
     .timing = "time per MPI_Allreduce of n elements"},
    {.name = "REDUCE_SCATTER", .family = FAM_REDUCE, .opk = OPK_REDUCTION,
     .buffers = bufs_pn_2n, .layout = layout_ramp, .run = run_reduce_scatter,
     .check = check_reduce_scatter,
     .timing = "time per MPI_Reduce_scatter; rank r gets floor(2n(r+1)/(p+1)) reduced elements"},
    {.name = "REDUCE_SCATTER_BLOCK", .family = FAM_REDUCE, .opk = OPK_REDUCTION,
     .buffers = bufs_pn_n, .run = run_reduce_scatter_block,
     .check = check_reduce_scatter_block,
     .timing = "time per MPI_Reduce_scatter_block; every rank gets n reduced elements"},
    {.name = "SCAN", .family = FAM_REDUCE, .opk = OPK_REDUCTION,
     .buffers = bufs_n_n, .run = run_scan, .check = check_scan,
     .timing = "time per MPI_Scan of n elements"},
    {.name = "EXSCAN", .family = FAM_REDUCE, .opk = OPK_REDUCTION,
     .buffers = bufs_n_n, .run = run_exscan, .check = check_exscan,
     .timing = "time per MPI_Exscan of n elements"},
    {.name = "HRELATION", .family = FAM_COLL, .opk = OPK_NONE,
     .bsp = 1,
     .buffers = bufs_n_n, .layout = layout_hrelation, .run = run_hrelation,
     .check = check_hrelation,
     .timing = "time per superstep of a full h-relation: h single-word messages per rank, cyclically to the other ranks, then MPI_Barrier"},
    {.name = "BARRIER", .family = FAM_SYNC, .opk = OPK_PATTERN,
     .buffers = bufs_n_pn,
     .timing = "time per barrier (the pattern's stages, MPI_Startall + MPI_Waitall each, or MPI_Barrier) in a timed loop; then each barrier timed on its own for the slowest rank's view"},
    {.name = "FILE_WRITE", .family = FAM_IO, .opk = OPK_NONE,
     .buffers = bufs_n_n, .layout = layout_file_write, .run = run_file_write,
     .check = check_file_write,
     .timing = "time per MPI_File_seek to this rank's block of the communicator's file + MPI_File_write of n elements"},
    {.name = "FILE_READ", .family = FAM_IO, .opk = OPK_NONE,
     .buffers = bufs_n_n, .layout = layout_file_read, .run = run_file_read,
     .check = check_file_read,
     .timing = "time per MPI_File_seek to this rank's block + MPI_File_read of n elements"},
    {.name = "FILE_WRITE_AT", .family = FAM_IO, .opk = OPK_NONE,
     .buffers = bufs_n_n, .layout = layout_file_write, .run = run_file_write_at,
     .check = check_file_write,
     .timing = "time per MPI_File_write_at of n elements at this rank's block of the communicator's file"},
    {.name = "FILE_READ_AT", .family = FAM_IO, .opk = OPK_NONE,
     .buffers = bufs_n_n, .layout = layout_file_read, .run = run_file_read_at,
     .check = check_file_read,
     .timing = "time per MPI_File_read_at of n elements at this rank's block"},
    {.name = "FILE_WRITE_ALL", .family = FAM_IO, .opk = OPK_NONE,
     .buffers = bufs_n_n, .layout = layout_file_write, .run = run_file_write_all,
     .check = check_file_write,
     .timing = "time per MPI_File_seek + collective MPI_File_write_all of n elements, every rank its own block"},
    {.name = "FILE_READ_ALL", .family = FAM_IO, .opk = OPK_NONE,
     .buffers = bufs_n_n, .layout = layout_file_read, .run = run_file_read_all,
     .check = check_file_read,
     .timing = "time per MPI_File_seek + collective MPI_File_read_all of n elements"},
    {.name = "FILE_WRITE_AT_ALL", .family = FAM_IO, .opk = OPK_NONE,
     .buffers = bufs_n_n, .layout = layout_file_write, .run = run_file_write_at_all,
     .check = check_file_write,
     .timing = "time per collective MPI_File_write_at_all of n elements at this rank's block"},
    {.name = "FILE_READ_AT_ALL", .family = FAM_IO, .opk = OPK_NONE,
     .buffers = bufs_n_n, .layout = layout_file_read, .run = run_file_read_at_all,
     .check = check_file_read,
     .timing = "time per collective MPI_File_read_at_all of n elements at this rank's block"},
};

const struct table call_table = {
    "call", calls, sizeof calls / sizeof calls[0], sizeof calls[0], NULL,
};

const char *family_name(enum family f)
{
    switch (f) {
    case FAM_P2P: return "point-to-point";
    case FAM_COLL: return "collective";
    case FAM_REDUCE: return "reduction";
    case FAM_SYNC: return "synchronisation";
    case FAM_IO: return "I/O";
    case FAM_MULTI: return "multi-pair";
    case FAM_RMA: return "one-sided";
    }
    return "?";
}
