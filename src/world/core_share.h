/* core_share.h: ranks bound to the same CPUs of one machine.  Launchers
 * bind per host: Open MPI, starting 2 ranks or fewer, binds each host's
 * first rank to that host's first core.  Where hosts are one machine
 * (containers, the simulated hosts of ../shared/cluster under Open MPI,
 * a node named twice) those are the same core, and two ranks that poll
 * for messages take turns on it: a 1-byte SEND took 3967-3997 us one
 * way on the simulated hosts here, 6.9-10.5 us unbound (four launches
 * each, docs/measuring.md, Binding).  A machine is told by the kernel's boot id, which differs
 * between real nodes whatever their names; CPUs by the operating
 * system's numbers, which are the same for every process of a machine
 * (hwloc's logical indexes are not: inside a cgroup cpuset they count
 * only the CPUs it allows). */
#ifndef MPIGAUGE_CORE_SHARE_H
#define MPIGAUGE_CORE_SHARE_H

#include <stdint.h>
#include "base/core_sharing.h"

/* what one rank says of its binding; 64-bit members only, so that the
 * struct has no padding to send uninitialised (world.c gathers it as
 * bytes) */
struct core_claim {
    uint64_t machine;          /* a hash of the boot id; 0: unknown */
    int64_t cpu;               /* the first CPU of its binding when that
                                * lies within one core, else -1 */
    int64_t ncpus;             /* how many CPUs the binding has */
};

/* claims[n], one per world rank, in rank order: ranks whose bindings
 * are the same CPUs of one machine (claims NULL and n 0: no sharing) */
struct core_sharing core_sharing_of(const struct core_claim *claims, int n);

/* this process's claim: the boot id's hash, and its binding from
 * hw_locate (cpu -1 when it is not bound within one core) */
struct core_claim core_claim_here(int cpu, int ncpus);

#endif
