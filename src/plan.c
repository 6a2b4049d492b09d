/* plan.c: the checks that need the communicators, made before anything is
 * measured, and the plan that --validate prints */
#include "plan.h"

#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cache.h"
#include "patfile.h"
#include "share.h"
#include "sizes.h"

uint64_t record_memory(const struct call *c, int p, uint64_t max_elems,
                       uint64_t extent, uint64_t stride, uint64_t pack_size)
{
    size_t s, r;
    c->buffers(p, (size_t)max_elems, &s, &r);
    uint64_t bytes = ((uint64_t)s + (uint64_t)r) * extent + 2 * stride;
    if (c->bsend)
        bytes += 2 * (pack_size + MPI_BSEND_OVERHEAD);
    return bytes;
}

uint64_t memory_per_rank(int ranks_on_node)
{
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page <= 0)
        return UINT64_MAX;
    return (uint64_t)pages * (uint64_t)page / (uint64_t)(ranks_on_node > 0 ? ranks_on_node : 1);
}

/* pairs the record's criterion keeps, over all its communicators */
static long count_pairs(const struct result *res)
{
    const struct topo_comm *tc = res->tc;
    long mine = 0, all;
    int rank = -1, size = 0;
    if (tc->comm != MPI_COMM_NULL) {
        MPI_Comm_rank(tc->comm, &rank);
        MPI_Comm_size(tc->comm, &size);
    }
    if (rank == 0)
        for (int i = 0; i < size; i++)
            for (int j = i + 1; j < size; j++)
                mine += res->rec->pf->keep(&tc->places[i], &tc->places[j], i, j);
    MPI_Allreduce(&mine, &all, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    return all;
}

static void check_record(struct run *run, struct result *res, struct diag *d)
{
    const struct record *r = res->rec;
    struct topo_comm *tc = res->tc;
    const struct call *c = r->call;
    if (tc->n == 0) {
        snprintf(res->skipped, sizeof res->skipped, "%s leaves every rank out",
                 r->topo->name);
        return;
    }
    if (c->family == FAM_P2P && tc->max_size < 2) {
        snprintf(res->skipped, sizeof res->skipped, "%s communicators of 1 rank "
                 "have no pairs for %s", r->topo->name, c->name);
        return;
    }
    if (c->family == FAM_P2P && count_pairs(res) == 0) {
        snprintf(res->skipped, sizeof res->skipped, "no pair of the %s "
                 "communicators is %s", r->topo->name, r->pf->name);
        return;
    }
    /* ROMIO (MPICH 4.0.2) aborts the whole job when it flattens a named
     * pair type (MPI_Type_get_contents on MPI_DOUBLE_INT), so that call is
     * never made there */
    if (c->family == FAM_IO && (r->dt->cls & TC_PAIR) &&
        strncmp(run->world.library, "MPICH", 5) == 0) {
        snprintf(res->skipped, sizeof res->skipped, "MPICH's ROMIO aborts on "
                 "the pair type %s in MPI I/O (MPI_Type_get_contents on a named "
                 "type); use STRUCT or a plain type", r->dt->name);
        return;
    }
    if (c->rooted && r->root >= tc->min_size) {
        snprintf(res->skipped, sizeof res->skipped, "root=%d needs communicators "
                 "of at least %d ranks; the smallest %s communicator has %d",
                 r->root, r->root + 1, r->topo->name, tc->min_size);
        return;
    }

    MPI_Datatype t = r->dt->handle();
    MPI_Aint lb, extent;
    MPI_Type_get_extent(t, &lb, &extent);
    int pack = 0;
    if (c->bsend && r->max <= INT_MAX)
        MPI_Pack_size((int)r->max, t, MPI_COMM_WORLD, &pack);
    /* displacements and v-counts are int: p * max must fit */
    if ((uint64_t)tc->max_size * r->max > INT_MAX)
        diag_add(d, r->line, r->col[F_MAX], "max %" PRIu64 " elements times %d "
                 "ranks passes MPI's int count limit %d", r->max, tc->max_size,
                 INT_MAX);
    uint64_t need = record_memory(c, tc->max_size, r->max, (uint64_t)extent,
                                  r->stride, (uint64_t)pack);
    /* --cache cold: the copies come to at least twice the cache, plus one
     * more pair of buffers (runner.c) */
    if (run->opt.cache_cold && c->family != FAM_SYNC)
        need += 2 * cache_llc_bytes() + need;
    if (run->opt.max_memory && need > run->opt.max_memory)
        diag_add(d, r->line, r->col[F_MAX], "max %" PRIu64 " needs %.1f MiB of "
                 "buffers per rank for %s on %d ranks, more than --max-memory "
                 "%.1f MiB", r->max, (double)need / 1048576.0, c->name,
                 tc->max_size, (double)run->opt.max_memory / 1048576.0);
    uint64_t have = memory_per_rank(run->world.max_node_ranks);
    if (!run->opt.max_memory && need > have)
        diag_add(d, r->line, r->col[F_MAX], "max %" PRIu64 " needs %.1f MiB of "
                 "buffers per rank for %s on %d ranks, more than the %.1f MiB "
                 "each of %d ranks on a node can have (--max-memory sets "
                 "another bound)", r->max, (double)need / 1048576.0, c->name,
                 tc->max_size, (double)have / 1048576.0, run->world.max_node_ranks);
}

/* BARRIER patterns are built for each rank's own communicator and checked
 * with eqs. 5.1-5.2 before anything runs; a user's file is read on rank 0,
 * checked like an input file and must fit the communicators. */
static void plan_pattern(struct run *run, struct result *res, struct diag *d)
{
    const struct record *r = res->rec;
    const struct topo_comm *tc = res->tc;
    int size = 0, bad = 0, who = -1, stage = 0, missing = 0;
    if (tc->comm != MPI_COMM_NULL)
        MPI_Comm_size(tc->comm, &size);
    if (r->pattern->generate) {
        if (size)
            r->pattern->generate(&res->bp, size, r->pattern_arg);
        if (size)
            bad = bpattern_check(&res->bp, &who, &stage, &missing);
        MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
        if (bad)
            diag_add(d, r->line, r->col[F_OP], "pattern %s fails the barrier check "
                     "on a %s communicator: a bug in its generator", r->pattern->name,
                     r->topo->name);
        return;
    }
    struct diag pd;
    diag_init(&pd, r->pattern_file);
    size_t len;
    char *text = share_file(r->pattern_file, run->world.rank, &len, &pd);
    static int stage_line[4096];
    if (!text) {                   /* NULL on every rank; rank 0 says why */
        diag_take(d, &pd, r->line, r->col[F_OP]);
        return;
    }
    parse_pattern_file(text, len, &res->bp, stage_line, 4096, &pd);
    free(text);
    if (pd.count == 0 && (res->bp.p != tc->min_size || res->bp.p != tc->max_size)) {
        snprintf(res->skipped, sizeof res->skipped, "pattern file %s is for %d ranks; "
                 "the %s communicators have %d to %d", r->pattern_file, res->bp.p,
                 r->topo->name, tc->min_size, tc->max_size);
    } else if (pd.count == 0 && bpattern_check(&res->bp, &who, &stage, &missing)) {
        if (stage < 0)
            diag_add(&pd, 0, 0, "rank %d is never signalled, so it leaves before "
                     "learning that rank %d arrived: not a barrier", who, missing);
        else
            diag_add(&pd, stage < 4096 ? stage_line[stage] : 0, 1, "rank %d leaves "
                     "after this stage (%d, its last signal) without learning that "
                     "rank %d arrived: not a barrier", who, stage, missing);
    }
    diag_take(d, &pd, r->line, r->col[F_OP]);
}

int plan_records(struct run *run, struct diag *d)
{
    int before = d->count;
    for (int i = 0; i < run->rs.n; i++) {
        struct result *res = &run->res[i];
        if (!res->rec->ok)
            continue;          /* already reported by the parser */
        res->tc = topo_comm_get(&run->world, res->rec->topo);
        check_record(run, res, d);
        const struct pattern *pat = res->rec->pattern;
        if (!res->skipped[0] && pat && (pat->generate || res->rec->pattern_file[0]))
            plan_pattern(run, res, d);
    }
    return d->count - before;
}

static void print_sizes(const struct record *r, FILE *out)
{
    uint64_t s[12];
    size_t n = size_sequence(r->min, r->max, r->step, r->value, s, 12);
    fprintf(out, "%zu size%s:", n, n == 1 ? "" : "s");
    for (size_t i = 0; i < n && i < 12; i++) {
        if (n > 12 && i == 10) {
            fprintf(out, " ... %" PRIu64, r->max);
            break;
        }
        fprintf(out, " %" PRIu64, s[i]);
    }
    fputs(" elements\n", out);
}

void plan_print(const struct run *run, FILE *out)
{
    const struct world *w = &run->world;
    fprintf(out, "plan for %s: %d records on %d ranks, grid %dx%dx%d, %d node%s\n",
            run->rs.file, run->rs.n, w->size, w->grid[0], w->grid[1],
            w->grid[2], w->nodes, w->nodes == 1 ? "" : "s");
    for (int i = 0; i < run->rs.n; i++) {
        const struct result *res = &run->res[i];
        const struct record *r = res->rec;
        fprintf(out, "record %d (line %d): %s\n", i + 1, r->line, r->text);
        fprintf(out, "  %s on %s: %d communicator%s of", r->call->name,
                r->topo->name, res->tc->n, res->tc->n == 1 ? "" : "s");
        for (int k = 0; k < res->tc->n && k < 16; k++)
            fprintf(out, " %d", res->tc->sizes[k]);
        fprintf(out, "%s ranks\n", res->tc->n > 16 ? " ..." : "");
        fputs("  ", out);
        print_sizes(r, out);
        if (res->skipped[0])
            fprintf(out, "  skipped: %s\n", res->skipped);
    }
}
