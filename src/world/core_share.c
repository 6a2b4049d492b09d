/* core_share.c: ranks bound to the same core of one machine
 * (core_share.h): the claims sorted by machine, core and rank, so that
 * the ranks of one core are neighbours, lowest first. */
#include "world/core_share.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/base.h"
#include "base/hash.h"

struct ranked {
    struct core_claim c;
    int rank;
};

static int by_machine_core_rank(const void *a, const void *b)
{
    const struct ranked *x = a, *y = b;
    if (x->c.machine != y->c.machine)
        return x->c.machine < y->c.machine ? -1 : 1;
    if (x->c.core != y->c.core)
        return x->c.core < y->c.core ? -1 : 1;
    return (x->rank > y->rank) - (x->rank < y->rank);
}

static int same_core(const struct ranked *a, const struct ranked *b)
{
    return a->c.machine == b->c.machine && a->c.core == b->c.core;
}

struct core_sharing core_sharing_of(const struct core_claim *claims, int n)
{
    struct core_sharing s = {0, -1, -1, -1};
    struct ranked *r = xmalloc_array((size_t)n + 1, sizeof *r);
    int m = 0;
    for (int i = 0; i < n; i++)
        if (claims[i].machine && claims[i].core >= 0)
            r[m++] = (struct ranked){claims[i], i};
    qsort(r, (size_t)m, sizeof *r, by_machine_core_rank);
    for (int i = 0, end; i < m; i = end) {
        for (end = i + 1; end < m && same_core(&r[i], &r[end]); end++)
            ;
        if (end - i < 2)
            continue;
        s.ranks += end - i;
        if (s.first < 0 || r[i].rank < s.first) {
            s.first = r[i].rank;
            s.second = r[i + 1].rank;
            s.core = r[i].c.core;
        }
    }
    free(r);
    return s;
}

struct core_claim core_claim_here(int core)
{
    struct core_claim c = {0, core};
    char id[64] = "";
    FILE *f = fopen("/proc/sys/kernel/random/boot_id", "r");
    if (f) {
        if (!fgets(id, sizeof id, f))
            id[0] = 0;
        fclose(f);
    }
    id[strcspn(id, "\n")] = 0;
    if (id[0])
        c.machine = fnv1a64(id, strlen(id));
    return c;
}
