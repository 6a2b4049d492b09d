/* test_core_share.c: ranks bound to the same core of one machine
 * (world/core_share.h), from constructed claims */
#include "world/core_share.h"
#include "unit.h"

enum { A = 11, B = 22 };       /* two machines' boot-id hashes */

/* each on its own core, or on one core of two machines: none shared */
static void apart(void)
{
    struct core_claim own[] = {{A, 0}, {A, 1}, {B, 0}, {B, 1}};
    struct core_sharing s = core_sharing_of(own, 4);
    CHECK(s.ranks == 0 && s.first == -1 && s.second == -1 && s.core == -1);
    /* unbound (-1) or of an unknown machine (0): never counted */
    struct core_claim loose[] = {{A, -1}, {A, -1}, {0, 3}, {0, 3}};
    s = core_sharing_of(loose, 4);
    CHECK(s.ranks == 0 && s.first == -1);
    s = core_sharing_of(own, 0);
    CHECK(s.ranks == 0 && s.first == -1);
}

/* the simulated hosts under Open MPI: each host's rank on its core 0 */
static void one_core(void)
{
    struct core_claim two[] = {{A, 0}, {A, 0}};
    struct core_sharing s = core_sharing_of(two, 2);
    CHECK(s.ranks == 2 && s.first == 0 && s.second == 1 && s.core == 0);
}

/* every sharing rank counted; the lowest pair named, in rank order,
 * whatever order the claims come in */
static void lowest_pair(void)
{
    struct core_claim c[] = {{B, 5}, {A, 1}, {A, 3}, {B, 5}, {A, 1}, {A, 1}, {B, 6}};
    struct core_sharing s = core_sharing_of(c, 7);
    CHECK(s.ranks == 5);       /* 1, 4, 5 on A's core 1; 0, 3 on B's core 5 */
    CHECK(s.first == 0 && s.second == 3 && s.core == 5);
}

void test_core_share(void)
{
    apart();
    one_core();
    lowest_pair();
}
