/* calls.c: the call table: point-to-point, streaming, one-sided and MPI
 * I/O calls here; it goes on in the parts listed at its end (calls_coll.c:
 * collectives, reductions, synchronisation; calls_nbc.c ...).
 *
 * To add a call: write its loop function (and check function) in the file
 * of its family in this folder and add one entry to its part of the table.
 * The timing text says exactly what one timed call covers; it goes into
 * --list and every data file's header.  To add a family: its kernels, a
 * part of the table for its calls (named in calls.h, or in the family's
 * own header), that part's line in call_parts, and the family's row in
 * registry/families.c (docs/developing.md counts the files). */
#include "registry/registry.h"

#include "kernels/calls.h"

#include <string.h>

#include "kernels/p2p.h"
#include "kernels/p2p_partitioned.h"
#include "kernels/p2p_persistent.h"
#include "kernels/rma.h"
#include "kernels/shapes.h"
#include "kernels/stream.h"

#define PP "one-way time = half the round trip of a ping-pong; "
/* one-sided: an iteration is one operation (mode=latency) or window= of
 * them (mode=bw, bibw: each way at once) and the synchronisation sync=
 * names; the time is per operation */
#define OS " and its share of the synchronisation (sync=, win=, mode=: see the settings line)"

/* what a pair of each kind needs made and freed */
static const struct pair_hooks pinit_pingpong_pair = {pinit_pingpong_begin, pinit_end};
static const struct pair_hooks pinit_bw_pair = {pinit_bw_begin, pinit_end};
static const struct pair_hooks pinit_bibw_pair = {pinit_bibw_begin, pinit_end};
static const struct pair_hooks psend_pair = {psend_pair_begin, psend_pair_end};
static const struct pair_hooks pwindow_pair = {pwindow_pair_begin, pwindow_pair_end};
static const struct pair_hooks rma_pair = {rma_pair_begin, rma_pair_end};

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
    {.name = "MSGRATE", .family = &family_multi, .caps = CALL_DEVICE | CALL_WINDOWED | CALL_RATE, .opk = OPK_NONE,
     .mode = MODE_NONBLOCKING,
     .legs = 1, .buffers = bufs_n_n, .layout = layout_multi, .loop = run_msgrate, .check = check_msgrate,
     .timing = "every pair streaming at once (ranks r < P/2 send to r + P/2, as "
               "osu_mbw_mr): time per window= step; aggregate MB/s and messages/s"},
    {.name = "MULTI_BIBW", .family = &family_multi, .caps = CALL_DEVICE | CALL_WINDOWED, .opk = OPK_NONE,
     .mode = MODE_NONBLOCKING,
     .legs = 2, .buffers = bufs_n_n, .layout = layout_multi, .loop = run_multi_bibw,
     .check = check_multi_bibw,
     .timing = "every pair at once (ranks r < P/2 with r + P/2), both partners posting "
               "window= MPI_Irecv and MPI_Isend, then MPI_Waitall (osu_bibw on every "
               "pair at once; IMB-MPI1's Biband): time per message each way; aggregate "
               "MB/s both ways"},
    {.name = "MULTI_LATENCY", .caps = CALL_DEVICE, .family = &family_multi, .opk = OPK_NONE,
     .legs = 2,
     .buffers = bufs_n_n, .layout = layout_multi, .loop = run_multi_latency,
     .check = check_multi_latency,
     .timing = "one-way time = half the round trip of a ping-pong, every pair "
               "(r < P/2 with r + P/2) at once (as osu_multi_lat)"},

    {.name = "PUT", .caps = CALL_DEVICE | CALL_DEVICE_DIRECT, .family = &family_rma, .opk = OPK_PAIRS,
     .mode = MODE_NONBLOCKING,
     .buffers = bufs_n_n, .pair = &rma_pair,
     .loop = run_put, .check = check_put,
     .timing = "time per MPI_Put of n elements into the partner's window" OS
               " (as osu_put_latency, osu_put_bw, osu_put_bibw)"},
    {.name = "GET", .caps = CALL_DEVICE | CALL_DEVICE_DIRECT, .family = &family_rma, .opk = OPK_PAIRS,
     .mode = MODE_NONBLOCKING,
     .buffers = bufs_n_n, .pair = &rma_pair,
     .loop = run_get, .check = check_get,
     .timing = "time per MPI_Get of n elements from the partner's window" OS
               " (as osu_get_latency, osu_get_bw)"},
    {.name = "ACCUMULATE", .family = &family_rma, .caps = CALL_DEVICE | CALL_DEVICE_DIRECT | CALL_REPLACE_OP, .opk = OPK_REDUCTION,
     .mode = MODE_NONBLOCKING,
     .buffers = bufs_n_n, .pair = &rma_pair,
     .loop = run_accumulate, .check = check_accumulate,
     .timing = "time per MPI_Accumulate of n elements with op into the partner's "
               "window" OS " (as osu_acc_latency)"},
    {.name = "GET_ACCUMULATE", .family = &family_rma, .caps = CALL_DEVICE | CALL_DEVICE_DIRECT | CALL_REPLACE_OP | CALL_NO_OP,
     .opk = OPK_REDUCTION,
     .mode = MODE_NONBLOCKING,
     .buffers = bufs_3n_n, .pair = &rma_pair,
     .loop = run_get_accumulate, .check = check_get_accumulate,
     .timing = "time per MPI_Get_accumulate of n elements with op (the old values "
               "back)" OS " (as osu_get_acc_latency)"},
    {.name = "FETCH_AND_OP", .family = &family_rma,
     .caps = CALL_DEVICE | CALL_DEVICE_DIRECT | CALL_ONE_ELEMENT | CALL_REPLACE_OP | CALL_NO_OP, .opk = OPK_REDUCTION,
     .mode = MODE_NONBLOCKING,
     .buffers = bufs_3n_n, .pair = &rma_pair,
     .loop = run_fetch_and_op, .check = check_get_accumulate,
     .timing = "time per MPI_Fetch_and_op on one element" OS " (as osu_fop_latency)"},
    {.name = "COMPARE_AND_SWAP", .family = &family_rma, .caps = CALL_DEVICE | CALL_DEVICE_DIRECT | CALL_ONE_ELEMENT | CALL_INTEGER_ONLY, .opk = OPK_PAIRS,
     .mode = MODE_NONBLOCKING,
     .buffers = bufs_3n_n, .pair = &rma_pair,
     .loop = run_compare_and_swap, .check = check_compare_and_swap,
     .timing = "time per MPI_Compare_and_swap on one element" OS
               " (as osu_cas_latency)"},
    {.name = "RPUT", .caps = CALL_DEVICE | CALL_DEVICE_DIRECT, .family = &family_rma, .opk = OPK_PAIRS,
     .mode = MODE_NONBLOCKING,
     .buffers = bufs_n_n, .pair = &rma_pair,
     .loop = run_rput, .check = check_put,
     .timing = "time per MPI_Rput of n elements into the partner's window" OS
               ", its request completed by MPI_Waitall before the synchronisation "
               "(passive-target sync= only)"},
    {.name = "RGET", .caps = CALL_DEVICE | CALL_DEVICE_DIRECT, .family = &family_rma, .opk = OPK_PAIRS,
     .mode = MODE_NONBLOCKING,
     .buffers = bufs_n_n, .pair = &rma_pair,
     .loop = run_rget, .check = check_get,
     .timing = "time per MPI_Rget of n elements from the partner's window" OS
               ", its request completed by MPI_Waitall before the synchronisation "
               "(passive-target sync= only)"},
    {.name = "RACCUMULATE", .family = &family_rma, .caps = CALL_DEVICE | CALL_DEVICE_DIRECT | CALL_REPLACE_OP,
     .opk = OPK_REDUCTION, .mode = MODE_NONBLOCKING,
     .buffers = bufs_n_n, .pair = &rma_pair,
     .loop = run_raccumulate, .check = check_accumulate,
     .timing = "time per MPI_Raccumulate of n elements with op into the partner's "
               "window" OS ", its request completed by MPI_Waitall before the "
               "synchronisation (passive-target sync= only)"},
    {.name = "RGET_ACCUMULATE", .family = &family_rma, .caps = CALL_DEVICE | CALL_DEVICE_DIRECT | CALL_REPLACE_OP | CALL_NO_OP,
     .opk = OPK_REDUCTION, .mode = MODE_NONBLOCKING,
     .buffers = bufs_3n_n, .pair = &rma_pair,
     .loop = run_rget_accumulate, .check = check_get_accumulate,
     .timing = "time per MPI_Rget_accumulate of n elements with op (the old values "
               "back)" OS ", its request completed by MPI_Waitall before the "
               "synchronisation (passive-target sync= only)"},
};

/* the framework seed's spellings: its table lists Recv (timed here as
 * the receiving half of SEND's ping-pong) and ReduceScatter */
static const char *const call_aliases[] = {
    "RECV", "SEND", "REDUCESCATTER", "REDUCE_SCATTER", "SENDRECVREPLACE",
    "SENDRECV_REPLACE", NULL};

/* the table's other parts, one a family file, in --list's order: a new
 * family with a file of calls of its own is one line here (and its
 * table's name in calls.h) */
extern const struct table chain_calls;         /* chain.c: the whole family */
extern const struct table halo_calls;          /* halo.c: the whole family */
extern const struct table rma_pattern_calls;   /* rma_all.c: the whole family */

static const struct table *const call_parts[] = {
    &io_calls, &collective_calls, &nonblocking_calls, &neighbor_calls, &fabric_calls,
    &thread_calls, &objects_calls, &chain_calls, &halo_calls, &rma_pattern_calls,
    NULL};

const struct table call_table = {
    "call", calls, sizeof calls / sizeof calls[0], sizeof calls[0], call_aliases,
    call_parts,
};

/* threads= on SEND or BW (threads=S:R on a point-to-point record: S
 * sending threads, R answering) makes the record its threaded form,
 * which at threads=1 runs exactly its loop: one kernel for both.
 * MSGRATE has none: it streams every pair at once, MSGRATE_MT one pair
 * at a time. */
static const char *const forms[][2] = {
    {"SEND", "LATENCY_MT"}, {"BW", "BW_MT"},
};

const struct call *call_threaded_form(const struct call *c)
{
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++)
        if (strcmp(c->name, forms[i][0]) == 0)
            return table_find(&call_table, forms[i][1]);
    return NULL;
}
