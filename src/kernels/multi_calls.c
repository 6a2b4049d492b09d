/* multi_calls.c: the multi-pair family's part of the call table
 * (declared in kernels/calls.h, listed in calls.c's call_parts): every
 * pair streaming or ping-ponging at once, as osu_mbw_mr and
 * osu_multi_lat.  Its row is multi_family.c's; its loops are the
 * point-to-point streams' (p2p_stream.c). */
#include "registry/registry.h"

#include "kernels/calls.h"
#include "kernels/p2p_stream.h"
#include "kernels/buf_sizes.h"

static const struct call calls[] = {
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
};

const struct table multi_calls = {
    "call", calls, sizeof calls / sizeof calls[0], sizeof calls[0], NULL, NULL,
};
