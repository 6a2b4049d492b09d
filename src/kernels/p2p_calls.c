/* p2p_calls.c: the point-to-point family's part of the call table
 * (declared in kernels/calls.h, listed in calls.c's call_parts): the
 * ping-pongs, the streams and their non-blocking, persistent and
 * partitioned forms.  Its row is p2p_family.c's, its loops p2p.c and
 * p2p_*.c's. */
#include "registry/registry.h"

#include "kernels/calls.h"
#include "kernels/p2p.h"
#include "kernels/p2p_partitioned.h"
#include "kernels/p2p_persistent.h"
#include "kernels/p2p_stream.h"
#include "kernels/buf_sizes.h"

#define PP "one-way time = half the round trip of a ping-pong; "

/* what a pair of each kind needs made and freed */
static const struct pair_hooks pinit_pingpong_pair = {pinit_pingpong_begin, pinit_end};
static const struct pair_hooks pinit_bw_pair = {pinit_bw_begin, pinit_end};
static const struct pair_hooks pinit_bibw_pair = {pinit_bibw_begin, pinit_end};
static const struct pair_hooks psend_pair = {psend_pair_begin, psend_pair_end};
static const struct pair_hooks pwindow_pair = {pwindow_pair_begin, pwindow_pair_end};

static const struct call calls[] = {
    {.name = "SEND", .family = &family_p2p, .caps = CALL_LARGE | CALL_DEVICE | CALL_DEVICE_PAIR, .opk = OPK_PAIRS,
     .legs = 2, .buffers = bufs_n_n, .loop = run_send, .check = check_pingpong,
     .timing = PP "each side MPI_Send then MPI_Recv"},
    {.name = "SSEND", .family = &family_p2p, .caps = CALL_LARGE | CALL_DEVICE | CALL_DEVICE_PAIR, .opk = OPK_PAIRS,
     .legs = 2, .buffers = bufs_n_n, .loop = run_ssend, .check = check_pingpong,
     .timing = PP "MPI_Ssend (returns once the receive has started) and MPI_Recv"},
    {.name = "BSEND", .family = &family_p2p, .caps = CALL_DEVICE | CALL_BSEND, .opk = OPK_PAIRS,
     .legs = 2, .buffers = bufs_n_n, .loop = run_bsend, .check = check_pingpong,
     .timing = PP "MPI_Bsend into the attached buffer (sized for the largest message) and MPI_Recv"},
    {.name = "RSEND", .caps = CALL_DEVICE, .family = &family_p2p, .opk = OPK_PAIRS,
     .legs = 2,
     .buffers = bufs_n_n, .prepare = p2p_prepare_ready, .loop = run_rsend,
     .check = check_pingpong,
     .timing = PP "MPI_Rsend to a receive posted (MPI_Irecv) before the partner could send, then MPI_Wait on it"},
    {.name = "ISEND", .family = &family_p2p, .caps = CALL_LARGE | CALL_DEVICE | CALL_DEVICE_PAIR, .opk = OPK_PAIRS,
     .mode = MODE_NONBLOCKING,
     .legs = 2, .buffers = bufs_n_n, .loop = run_isend, .check = check_pingpong,
     .timing = PP "MPI_Isend + MPI_Wait, then MPI_Recv"},
    {.name = "IBSEND", .family = &family_p2p, .caps = CALL_DEVICE | CALL_BSEND, .opk = OPK_PAIRS,
     .mode = MODE_NONBLOCKING,
     .legs = 2, .buffers = bufs_n_n, .loop = run_ibsend, .check = check_pingpong,
     .timing = PP "MPI_Ibsend + MPI_Wait into the attached buffer, then MPI_Recv"},
    {.name = "ISSEND", .family = &family_p2p, .caps = CALL_LARGE | CALL_DEVICE | CALL_DEVICE_PAIR, .opk = OPK_PAIRS,
     .mode = MODE_NONBLOCKING,
     .legs = 2, .buffers = bufs_n_n, .loop = run_issend, .check = check_pingpong,
     .timing = PP "MPI_Issend + MPI_Wait, then MPI_Recv"},
    {.name = "IRSEND", .caps = CALL_DEVICE, .family = &family_p2p, .opk = OPK_PAIRS,
     .mode = MODE_NONBLOCKING,
     .legs = 2,
     .buffers = bufs_n_n, .prepare = p2p_prepare_ready, .loop = run_irsend,
     .check = check_pingpong,
     .timing = PP "MPI_Irsend + MPI_Wait to a pre-posted receive, then MPI_Wait on one's own"},
    {.name = "IRECV", .family = &family_p2p, .caps = CALL_DEVICE | CALL_LARGE, .opk = OPK_PAIRS,
     .mode = MODE_NONBLOCKING,
     .legs = 2, .buffers = bufs_n_n, .loop = run_irecv, .check = check_pingpong,
     .timing = PP "MPI_Irecv posted before MPI_Send, completed by MPI_Wait"},
    {.name = "PINGPING", .family = &family_p2p, .caps = CALL_DEVICE | CALL_LARGE, .opk = OPK_PAIRS,
     .mode = MODE_NONBLOCKING,
     .legs = 1, .buffers = bufs_n_n, .loop = run_pingping, .check = check_pingpong,
     .timing = "time per iteration while both partners send at once: MPI_Isend to the "
               "other, MPI_Recv from it, MPI_Wait (as IMB-MPI1 PingPing); MB/s = bytes "
               "/ that time, one message an iteration (IMB's convention)"},
    {.name = "SENDRECV", .family = &family_p2p, .caps = CALL_DEVICE | CALL_LARGE, .opk = OPK_PAIRS,
     .legs = 1, .buffers = bufs_n_n, .loop = run_sendrecv, .check = check_pingpong,
     .timing = "time per MPI_Sendrecv while both partners exchange at once (one message each way)"},
    {.name = "SENDRECV_REPLACE", .caps = CALL_DEVICE, .family = &family_p2p, .opk = OPK_PAIRS,
     .legs = 1,
     .buffers = bufs_n_n, .loop = run_sendrecv_replace, .check = check_replace,
     .timing = "time per MPI_Sendrecv_replace while both partners exchange at once"},
    {.name = "BW", .family = &family_p2p, .caps = CALL_DEVICE | CALL_WINDOWED | CALL_LARGE, .opk = OPK_PAIRS,
     .mode = MODE_NONBLOCKING,
     .legs = 1, .buffers = bufs_n_n, .layout = layout_window, .loop = run_bw, .check = check_bw,
     .timing = "time per message of a window of window= MPI_Isend + MPI_Waitall, "
               "closed by a short acknowledgement (as osu_bw); MB/s"},
    {.name = "BIBW", .family = &family_p2p, .caps = CALL_DEVICE | CALL_WINDOWED | CALL_LARGE, .opk = OPK_PAIRS,
     .mode = MODE_NONBLOCKING,
     .legs = 2, .buffers = bufs_n_n, .layout = layout_window, .loop = run_bibw, .check = check_bibw,
     .timing = "time per message while both partners post window= MPI_Irecv and "
               "MPI_Isend at once, then MPI_Waitall (as osu_bibw); MB/s both ways"},
    {.name = "SEND_INIT", .caps = CALL_DEVICE, .family = &family_p2p, .opk = OPK_PAIRS,
     .mode = MODE_PERSISTENT,
     .legs = 2,
     .buffers = bufs_n_n, .pair = &pinit_pingpong_pair,
     .loop = run_send_init, .check = check_pingpong,
     .timing = PP "MPI_Start + MPI_Wait on a request made once per pair by "
               "MPI_Send_init, then on one of MPI_Recv_init (as osu_latency_persistent)"},
    {.name = "BW_INIT", .family = &family_p2p, .caps = CALL_DEVICE | CALL_WINDOWED, .opk = OPK_PAIRS,
     .mode = MODE_PERSISTENT,
     .legs = 1, .buffers = bufs_n_n, .pair = &pinit_bw_pair,
     .loop = run_bw_init, .check = check_bw_init,
     .timing = "time per message of a window of window= persistent sends (MPI_Send_init "
               "once per pair, MPI_Startall + MPI_Waitall), closed by a short "
               "acknowledgement (as osu_bw_persistent); MB/s"},
    {.name = "BIBW_INIT", .family = &family_p2p, .caps = CALL_DEVICE | CALL_WINDOWED, .opk = OPK_PAIRS,
     .mode = MODE_PERSISTENT,
     .legs = 2, .buffers = bufs_n_n, .pair = &pinit_bibw_pair,
     .loop = run_bibw_init, .check = check_bibw_init,
     .timing = "time per message while both partners start window= persistent "
               "receives and sends at once (MPI_Startall + MPI_Waitall; as "
               "osu_bibw_persistent); MB/s both ways"},
    {.name = "PSEND", .caps = CALL_DEVICE, .family = &family_p2p, .opk = OPK_PAIRS,
     .mode = MODE_PARTITIONED,
     .legs = 2, .unavailable = psend_unavailable,
     .buffers = bufs_n_n, .pair = &psend_pair,
     .loop = run_psend, .check = check_psend,
     .timing = PP "MPI_Start of a partitioned send (MPI_Psend_init, made once per "
               "pair and size, partitions= equal partitions), MPI_Pready on every "
               "partition and MPI_Wait, then the partitioned receive (MPI_Precv_init) "
               "started and completed by MPI_Wait or, complete=parrived, by polling "
               "MPI_Parrived first (as osu_partitioned_latency), every partition in "
               "turn until all have arrived (early_lead_us: the first partition seen "
               "arrived to the last, both partners' receives)"},
    {.name = "PBW", .family = &family_p2p, .caps = CALL_DEVICE | CALL_WINDOWED, .opk = OPK_PAIRS,
     .mode = MODE_PARTITIONED,
     .legs = 1, .unavailable = psend_unavailable,
     .buffers = bufs_n_n, .pair = &pwindow_pair,
     .loop = run_pwindow, .check = check_pwindow,
     .timing = "time per message of a window of window= partitioned sends (MPI_Psend_init "
               "once per pair and size, a slot each, partitions= equal partitions): "
               "MPI_Startall, MPI_Pready on every partition, MPI_Waitall, closed by a "
               "short acknowledgement (BW_INIT's window, partitioned); the receiver "
               "completes by MPI_Waitall or, complete=parrived, polls MPI_Parrived on "
               "every partition of the window in turn first (early_lead_us); MB/s"},
    {.name = "PMSGRATE", .family = &family_p2p, .caps = CALL_DEVICE | CALL_WINDOWED | CALL_RATE,
     .opk = OPK_PAIRS, .mode = MODE_PARTITIONED,
     .legs = 1, .unavailable = psend_unavailable,
     .buffers = bufs_n_n, .pair = &pwindow_pair,
     .loop = run_pwindow, .check = check_pwindow,
     .timing = "PBW's window with its rate: time per message of window= partitioned "
               "messages, msg_rate the messages a second (times partitions= for the "
               "partitions a second that pmodels/mpich#5462 measures); MB/s"},
};

const struct table p2p_calls = {
    "call", calls, sizeof calls / sizeof calls[0], sizeof calls[0], NULL, NULL,
};
