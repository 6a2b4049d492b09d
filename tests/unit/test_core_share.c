/* test_core_share.c: ranks bound to the same CPUs of one machine
 * (world/core_share.h), from constructed claims: {machine, first CPU,
 * CPUs} */
#include "world/core_share.h"
#include "unit.h"

enum { A = 11, B = 22, C = 33 };   /* machines' boot-id hashes */

/* each on CPUs of its own, or on the same CPU of two machines: none */
static void apart(void)
{
    struct core_claim own[] = {{A, 0, 1}, {A, 1, 1}, {B, 0, 1}, {B, 1, 1}};
    struct core_sharing s = core_sharing_of(own, 4);
    CHECK(s.ranks == 0 && s.first == -1 && s.second == -1 && s.cpu == -1 && s.unknown == 0);
    struct core_claim two_machines[] = {{A, 0, 1}, {B, 0, 1}};
    s = core_sharing_of(two_machines, 2);
    CHECK(s.ranks == 0 && s.first == -1);
    /* a hardware thread and its whole core are not the same CPUs */
    struct core_claim thread_core[] = {{A, 0, 1}, {A, 0, 2}};
    s = core_sharing_of(thread_core, 2);
    CHECK(s.ranks == 0);
    s = core_sharing_of(own, 0);
    CHECK(s.ranks == 0 && s.first == -1 && s.unknown == 0);
}

/* unbound (-1): never counted; bound on an unknown machine (0): counted
 * as unknown, never as sharing */
static void unknown(void)
{
    struct core_claim c[] = {{A, -1, 0}, {A, -1, 0}, {0, 3, 1}, {0, 3, 1}, {B, -1, 0}};
    struct core_sharing s = core_sharing_of(c, 5);
    CHECK(s.ranks == 0 && s.first == -1 && s.unknown == 2);
}

/* the simulated hosts under Open MPI: each host's rank on its CPU 0 */
static void one_core(void)
{
    struct core_claim two[] = {{A, 0, 1}, {A, 0, 1}};
    struct core_sharing s = core_sharing_of(two, 2);
    CHECK(s.ranks == 2 && s.first == 0 && s.second == 1 && s.cpu == 0);
    /* the machine decides: ranks 0 and 2 share, rank 1 is elsewhere */
    struct core_claim split[] = {{A, 0, 1}, {B, 0, 1}, {A, 0, 1}};
    s = core_sharing_of(split, 3);
    CHECK(s.ranks == 2 && s.first == 0 && s.second == 2 && s.cpu == 0);
}

/* every sharing rank counted; the lowest rank's group named, with the
 * next rank on its CPUs, wherever that group falls in the sorted order */
static void lowest_pair(void)
{
    /* groups: A cpu 1 {1, 4, 5}; B cpu 5 {0, 3, 7}; C cpu 2 {6, 8} */
    struct core_claim c[] = {{B, 5, 1}, {A, 1, 1}, {A, 3, 1}, {B, 5, 1}, {A, 1, 1},
                             {A, 1, 1}, {C, 2, 1}, {B, 5, 1}, {C, 2, 1}, {B, 6, 1}};
    struct core_sharing s = core_sharing_of(c, 10);
    CHECK(s.ranks == 8);
    CHECK(s.first == 0 && s.second == 3 && s.cpu == 5);
}

void test_core_share(void)
{
    apart();
    unknown();
    one_core();
    lowest_pair();
}
