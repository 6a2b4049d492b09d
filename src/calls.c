/* calls.c: the call table.
 *
 * To add a call: write its run function (and check function) in the file of
 * its family and add one line here.  The timing text says exactly what one
 * timed call covers; it goes into --list and every data file's header. */
#include "bsp.h"
#include "collectives.h"
#include "io.h"
#include "p2p.h"

#define PP "one-way time = half the round trip of a ping-pong; "

static const struct call calls[] = {
    /* name, family, op kind, rooted, legs, bsend, buffers, layout, prepare, run, check, timing, bsp */
    {"SEND", FAM_P2P, OPK_PAIRS, 0, 2, 0, p2p_buffers, NULL, NULL, run_send, check_pingpong,
     PP "each side MPI_Send then MPI_Recv", 0},
    {"SSEND", FAM_P2P, OPK_PAIRS, 0, 2, 0, p2p_buffers, NULL, NULL, run_ssend, check_pingpong,
     PP "MPI_Ssend (returns once the receive has started) and MPI_Recv", 0},
    {"BSEND", FAM_P2P, OPK_PAIRS, 0, 2, 1, p2p_buffers, NULL, NULL, run_bsend, check_pingpong,
     PP "MPI_Bsend into the attached buffer (sized for the largest message) and MPI_Recv", 0},
    {"RSEND", FAM_P2P, OPK_PAIRS, 0, 2, 0, p2p_buffers, NULL, p2p_prepare_ready, run_rsend, check_pingpong,
     PP "MPI_Rsend to a receive posted (MPI_Irecv) before the partner could send, then MPI_Wait on it", 0},
    {"ISEND", FAM_P2P, OPK_PAIRS, 0, 2, 0, p2p_buffers, NULL, NULL, run_isend, check_pingpong,
     PP "MPI_Isend + MPI_Wait, then MPI_Recv", 0},
    {"IBSEND", FAM_P2P, OPK_PAIRS, 0, 2, 1, p2p_buffers, NULL, NULL, run_ibsend, check_pingpong,
     PP "MPI_Ibsend + MPI_Wait into the attached buffer, then MPI_Recv", 0},
    {"ISSEND", FAM_P2P, OPK_PAIRS, 0, 2, 0, p2p_buffers, NULL, NULL, run_issend, check_pingpong,
     PP "MPI_Issend + MPI_Wait, then MPI_Recv", 0},
    {"IRSEND", FAM_P2P, OPK_PAIRS, 0, 2, 0, p2p_buffers, NULL, p2p_prepare_ready, run_irsend, check_pingpong,
     PP "MPI_Irsend + MPI_Wait to a pre-posted receive, then MPI_Wait on one's own", 0},
    {"IRECV", FAM_P2P, OPK_PAIRS, 0, 2, 0, p2p_buffers, NULL, NULL, run_irecv, check_pingpong,
     PP "MPI_Irecv posted before MPI_Send, completed by MPI_Wait", 0},
    {"SENDRECV", FAM_P2P, OPK_PAIRS, 0, 1, 0, p2p_buffers, NULL, NULL, run_sendrecv, check_pingpong,
     "time per MPI_Sendrecv while both partners exchange at once (one message each way)", 0},
    {"SENDRECV_REPLACE", FAM_P2P, OPK_PAIRS, 0, 1, 0, p2p_buffers, NULL, NULL, run_sendrecv_replace, check_replace,
     "time per MPI_Sendrecv_replace while both partners exchange at once", 0},

    {"BCAST", FAM_COLL, OPK_NONE, 1, 0, 0, bufs_n_0, NULL, NULL, run_bcast, check_bcast,
     "time per MPI_Bcast of n elements from root, as each rank sees it", 0},
    {"GATHER", FAM_COLL, OPK_NONE, 1, 0, 0, bufs_n_pn, NULL, NULL, run_gather, check_gather,
     "time per MPI_Gather of n elements from every rank to root", 0},
    {"GATHERV", FAM_COLL, OPK_NONE, 1, 0, 0, bufs_2n_pn, layout_ramp, NULL, run_gatherv, check_gatherv,
     "time per MPI_Gatherv; rank r sends floor(2n(r+1)/(p+1)) elements", 0},
    {"ALLGATHER", FAM_COLL, OPK_NONE, 0, 0, 0, bufs_n_pn, NULL, NULL, run_allgather, check_allgather,
     "time per MPI_Allgather of n elements from every rank", 0},
    {"ALLGATHERV", FAM_COLL, OPK_NONE, 0, 0, 0, bufs_2n_pn, layout_ramp, NULL, run_allgatherv, check_allgatherv,
     "time per MPI_Allgatherv; rank r contributes floor(2n(r+1)/(p+1)) elements", 0},
    {"SCATTER", FAM_COLL, OPK_NONE, 1, 0, 0, bufs_pn_n, NULL, NULL, run_scatter, check_scatter,
     "time per MPI_Scatter of n elements to every rank", 0},
    {"SCATTERV", FAM_COLL, OPK_NONE, 1, 0, 0, bufs_pn_2n, layout_ramp, NULL, run_scatterv, check_scatterv,
     "time per MPI_Scatterv; rank r receives floor(2n(r+1)/(p+1)) elements", 0},
    {"ALLTOALL", FAM_COLL, OPK_NONE, 0, 0, 0, bufs_pn_pn, NULL, NULL, run_alltoall, check_alltoall,
     "time per MPI_Alltoall of n elements between every two ranks", 0},
    {"ALLTOALLV", FAM_COLL, OPK_NONE, 0, 0, 0, bufs_pn_pn, layout_alltoallv, NULL, run_alltoallv, check_alltoallv,
     "time per MPI_Alltoallv; rank i sends floor(2n(k+1)/(p+1)) elements to rank j, k = (i+j) mod p", 0},

    {"REDUCE", FAM_REDUCE, OPK_REDUCTION, 1, 0, 0, bufs_n_n, NULL, NULL, run_reduce, check_reduce,
     "time per MPI_Reduce of n elements to root", 0},
    {"ALLREDUCE", FAM_REDUCE, OPK_REDUCTION, 0, 0, 0, bufs_n_n, NULL, NULL, run_allreduce, check_allreduce,
     "time per MPI_Allreduce of n elements", 0},
    {"REDUCE_SCATTER", FAM_REDUCE, OPK_REDUCTION, 0, 0, 0, bufs_pn_2n, layout_ramp, NULL, run_reduce_scatter, check_reduce_scatter,
     "time per MPI_Reduce_scatter; rank r gets floor(2n(r+1)/(p+1)) reduced elements", 0},
    {"REDUCE_SCATTER_BLOCK", FAM_REDUCE, OPK_REDUCTION, 0, 0, 0, bufs_pn_n, NULL, NULL, run_reduce_scatter_block, check_reduce_scatter_block,
     "time per MPI_Reduce_scatter_block; every rank gets n reduced elements", 0},
    {"SCAN", FAM_REDUCE, OPK_REDUCTION, 0, 0, 0, bufs_n_n, NULL, NULL, run_scan, check_scan,
     "time per MPI_Scan of n elements", 0},
    {"EXSCAN", FAM_REDUCE, OPK_REDUCTION, 0, 0, 0, bufs_n_n, NULL, NULL, run_exscan, check_exscan,
     "time per MPI_Exscan of n elements", 0},

    {"HRELATION", FAM_COLL, OPK_NONE, 0, 0, 0, bufs_hrelation, layout_hrelation, NULL, run_hrelation, check_hrelation,
     "time per superstep of a full h-relation: h single-word messages per rank, cyclically to the other ranks, then MPI_Barrier", 1},

    {"BARRIER", FAM_SYNC, OPK_PATTERN, 0, 0, 0, bufs_n_pn, NULL, NULL, run_barrier, NULL,
     "time per barrier (the pattern's stages, MPI_Startall + MPI_Waitall each, or MPI_Barrier) in a timed loop; then each barrier timed on its own for the slowest rank's view", 0},

    {"FILE_WRITE", FAM_IO, OPK_NONE, 0, 0, 0, io_buffers, layout_file_write, NULL, run_file_write, check_file_write,
     "time per MPI_File_seek to this rank's block of the communicator's file + MPI_File_write of n elements", 0},
    {"FILE_READ", FAM_IO, OPK_NONE, 0, 0, 0, io_buffers, layout_file_read, NULL, run_file_read, check_file_read,
     "time per MPI_File_seek to this rank's block + MPI_File_read of n elements", 0},
    {"FILE_WRITE_AT", FAM_IO, OPK_NONE, 0, 0, 0, io_buffers, layout_file_write, NULL, run_file_write_at, check_file_write,
     "time per MPI_File_write_at of n elements at this rank's block of the communicator's file", 0},
    {"FILE_READ_AT", FAM_IO, OPK_NONE, 0, 0, 0, io_buffers, layout_file_read, NULL, run_file_read_at, check_file_read,
     "time per MPI_File_read_at of n elements at this rank's block", 0},
    {"FILE_WRITE_ALL", FAM_IO, OPK_NONE, 0, 0, 0, io_buffers, layout_file_write, NULL, run_file_write_all, check_file_write,
     "time per MPI_File_seek + collective MPI_File_write_all of n elements, every rank its own block", 0},
    {"FILE_READ_ALL", FAM_IO, OPK_NONE, 0, 0, 0, io_buffers, layout_file_read, NULL, run_file_read_all, check_file_read,
     "time per MPI_File_seek + collective MPI_File_read_all of n elements", 0},
    {"FILE_WRITE_AT_ALL", FAM_IO, OPK_NONE, 0, 0, 0, io_buffers, layout_file_write, NULL, run_file_write_at_all, check_file_write,
     "time per collective MPI_File_write_at_all of n elements at this rank's block", 0},
    {"FILE_READ_AT_ALL", FAM_IO, OPK_NONE, 0, 0, 0, io_buffers, layout_file_read, NULL, run_file_read_at_all, check_file_read,
     "time per collective MPI_File_read_at_all of n elements at this rank's block", 0},
};

#define NCALLS (int)(sizeof calls / sizeof calls[0])

const struct call *call_find(const char *name)
{
    for (int i = 0; i < NCALLS; i++)
        if (name_matches(name, calls[i].name))
            return &calls[i];
    return NULL;
}

const struct call *call_at(int i)
{
    return i >= 0 && i < NCALLS ? &calls[i] : NULL;
}

const char *family_name(enum family f)
{
    switch (f) {
    case FAM_P2P: return "point-to-point";
    case FAM_COLL: return "collective";
    case FAM_REDUCE: return "reduction";
    case FAM_SYNC: return "synchronisation";
    case FAM_IO: return "I/O";
    }
    return "?";
}
