/* core_share.c: ranks bound to the same CPUs of one machine
 * (core_share.h): the claims sorted by machine, CPUs and rank, so that
 * the ranks of one binding are neighbours, lowest first. */
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

static int cmp_u64(uint64_t a, uint64_t b)
{
    return (a > b) - (a < b);
}

static int cmp_i64(int64_t a, int64_t b)
{
    return (a > b) - (a < b);
}

static int by_machine_cpus_rank(const void *a, const void *b)
{
    const struct ranked *x = a, *y = b;
    int c = cmp_u64(x->c.machine, y->c.machine);
    if (!c)
        c = cmp_i64(x->c.cpu, y->c.cpu);
    if (!c)
        c = cmp_i64(x->c.ncpus, y->c.ncpus);
    return c ? c : (x->rank > y->rank) - (x->rank < y->rank);
}

static int same_cpus(const struct ranked *a, const struct ranked *b)
{
    return a->c.machine == b->c.machine && a->c.cpu == b->c.cpu
           && a->c.ncpus == b->c.ncpus;
}

struct core_sharing core_sharing_of(const struct core_claim *claims, int n)
{
    struct core_sharing s = {0, -1, -1, -1, 0};
    struct ranked *r = xmalloc_array((size_t)n, sizeof *r);
    int m = 0;
    for (int i = 0; i < n; i++) {
        if (claims[i].cpu < 0)
            continue;
        if (!claims[i].machine)
            s.unknown++;
        else
            r[m++] = (struct ranked){claims[i], i};
    }
    qsort(r, (size_t)m, sizeof *r, by_machine_cpus_rank);
    for (int i = 0, end; i < m; i = end) {
        for (end = i + 1; end < m && same_cpus(&r[i], &r[end]); end++)
            ;
        if (end - i < 2)
            continue;
        s.ranks += end - i;
        if (s.first < 0 || r[i].rank < s.first) {
            s.first = r[i].rank;
            s.second = r[i + 1].rank;
            s.cpu = (int)r[i].c.cpu;
        }
    }
    free(r);
    return s;
}

struct core_claim core_claim_here(int cpu, int ncpus)
{
    struct core_claim c;
    memset(&c, 0, sizeof c);
    c.cpu = cpu;
    c.ncpus = ncpus;
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
