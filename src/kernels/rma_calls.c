/* rma_calls.c: the one-sided family's part of the call table (declared
 * in kernels/calls.h, listed in calls.c's call_parts).  Its row is
 * rma_family.c's, its loops rma.c's.  One-sided: an iteration is one
 * operation (mode=latency) or window= of them (mode=bw, bibw: each way
 * at once) and the synchronisation sync= names; the time is per
 * operation. */
#include "registry/registry.h"

#include "kernels/calls.h"
#include "kernels/rma.h"
#include "kernels/buf_sizes.h"

#define OS " and its share of the synchronisation (sync=, win=, mode=: see the settings line)"

static const struct pair_hooks rma_pair = {rma_pair_begin, rma_pair_end};

static const struct call calls[] = {
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

const struct table rma_calls = {
    "call", calls, sizeof calls / sizeof calls[0], sizeof calls[0], NULL, NULL,
};
