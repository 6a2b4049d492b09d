/* core_share.h: ranks bound to the same core of one machine.  Launchers
 * bind per host: on hosts that are one machine (containers, the simulated
 * hosts of ../shared/cluster under Open MPI, a node listed twice), every
 * host's first rank goes to core 0, the same core, and two ranks that
 * poll for messages take turns on it: a one-way time of 4 ms, the
 * scheduler's tick, where unbound it was 9-11 us (docs/measuring.md).
 * A machine is told by the kernel's boot id, which differs between real
 * nodes whatever their names. */
#ifndef MPIGAUGE_CORE_SHARE_H
#define MPIGAUGE_CORE_SHARE_H

#include <stdint.h>
#include "base/core_sharing.h"

/* what one rank says of its binding */
struct core_claim {
    uint64_t machine;          /* a hash of the boot id; 0: unknown */
    int core;                  /* the core it is bound to alone (hwloc's
                                * logical index), -1: not bound to one */
};

/* claims[n], one per world rank, in rank order */
struct core_sharing core_sharing_of(const struct core_claim *claims, int n);

/* this process's claim: the boot id's hash, and core from hw_locate
 * (-1 when it is not bound to one) */
struct core_claim core_claim_here(int core);

#endif
