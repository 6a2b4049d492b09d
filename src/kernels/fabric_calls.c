/* fabric_calls.c: the fabric family's part of the call table, the calls
 * that load the fabric at once (loops: fabric.c; its row and seed=:
 * fabric_family.c); declared in kernels/calls.h */
#include "registry/registry.h"

#include "kernels/calls.h"
#include "kernels/fabric.h"
#include "kernels/buf_sizes.h"


static const struct phasing permutation_phasing = {permutation_phases,
                                                  permutation_phase};
static const struct phasing shift_phasing = {shift_phases, shift_phase};

static const struct call calls[] = {
    {.name = "FAN_IN", .family = &family_fabric, .caps = CALL_DEVICE | CALL_ROOTED | CALL_WINDOWED | CALL_RING, .opk = OPK_NONE, .mode = MODE_NONBLOCKING,
     .legs = 1, .streams = streams_fan,
     .buffers = bufs_fan_in, .layout = layout_fabric, .loop = run_fan_in,
     .check = check_fan_in,
     .timing = "every rank but root= sends window= MPI_Isend to the root at once, "
               "which receives them all (MPI_Irecv + MPI_Waitall) and acknowledges "
               "each sender (as osu_bw_fan_in): time per message slot of the window; "
               "mbps is the aggregate at the root; past 16 senders they take turns "
               "in the root's receive slots (# fan-in:)"},
    {.name = "FAN_OUT", .family = &family_fabric, .caps = CALL_DEVICE | CALL_ROOTED | CALL_WINDOWED, .opk = OPK_NONE, .mode = MODE_NONBLOCKING,
     .legs = 1, .streams = streams_fan,
     .buffers = bufs_n_n, .layout = layout_fabric, .loop = run_fan_out,
     .check = check_fan_out,
     .timing = "root= sends window= MPI_Isend to every other rank at once, each "
               "receives its window (MPI_Irecv + MPI_Waitall) and acknowledges (as "
               "osu_bw_fan_out): time per message slot of the window; mbps is the "
               "aggregate at the root"},
    {.name = "PERMUTATION", .family = &family_fabric, .caps = CALL_DEVICE | CALL_WINDOWED | CALL_SEEDED, .opk = OPK_NONE,
     .mode = MODE_NONBLOCKING,
     .legs = 1, .streams = streams_paired,
     .phased = &permutation_phasing,
     .buffers = bufs_n_n, .layout = layout_fabric, .loop = run_exchange,
     .check = check_exchange,
     .timing = "every rank paired by a random perfect matching (seed=), all pairs at "
               "once, each partner posting window= MPI_Irecv and MPI_Isend, then "
               "MPI_Waitall (as IMB-P2P Birandom, netgauge's effective bisection "
               "bandwidth); 4 matchings per size, each timed on its own: time per "
               "message of each rank to its partner; per-pair MB/s"},
    {.name = "SHIFT", .family = &family_fabric, .caps = CALL_DEVICE | CALL_WINDOWED | CALL_MATRIX, .opk = OPK_NONE,
     .mode = MODE_NONBLOCKING,
     .legs = 1, .streams = streams_all,
     .phased = &shift_phasing,
     .buffers = bufs_n_n, .layout = layout_fabric, .loop = run_exchange,
     .check = check_exchange,
     .timing = "for every d = 1 .. P-1 in turn, every rank sends window= MPI_Isend "
               "to rank + d while it receives as many from rank - d (MPI_Irecv first, "
               "then MPI_Waitall; as mpiGraph): time per message of each rank to "
               "rank + d; a P x P MB/s matrix"},
};

const struct table fabric_calls = {
    "call", calls, sizeof calls / sizeof calls[0], sizeof calls[0], NULL, NULL,
};
