/* plan.c: the checks that need the communicators, made before anything is
 * measured: what is skipped, and what cannot work (an input error) */
#include "world/plan.h"

#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "base/base.h"
#include "base/text.h"
#include "input/graph_file.h"
#include "input/pattern_file.h"
#include "input/share.h"
#include "registry/sizes.h"
#include "registry/settings.h"
#include "world/llc_size.h"
#include "world/plan_sides.h"
#include "world/plan_skips.h"
#include "models/schedule.h"

/* the packed bytes of max elements, in 64 bits: MPI_Pack_size's int
 * would overflow past 2 GiB, so one element's packed size times max (an
 * upper bound for the predefined and derived types here) */
static uint64_t packed_bytes(const struct record *r)
{
    int one = 0;
    MPI_Pack_size(1, type_handle(r->dt), MPI_COMM_WORLD, &one);
    return (uint64_t)one * r->max;
}

/* the bytes MPI_Buffer_attach gets for BSEND: two messages in flight */
static uint64_t attach_bytes(const struct record *r)
{
    return 2 * (packed_bytes(r) + MPI_BSEND_OVERHEAD);
}

/* the bytes of buffers a rank needs for the record */
static uint64_t buffer_need(const struct planned *pl, const struct options *o)
{
    const struct record *r = pl->rec;
    MPI_Datatype t = type_handle(r->dt);
    MPI_Aint lb, extent;
    MPI_Type_get_extent(t, &lb, &extent);
    uint64_t pack = call_has(r->call, CALL_BSEND) ? packed_bytes(r) : 0;
    uint64_t need = record_memory(r->call, pl->tc->max_size, r->max,
                                  (uint64_t)extent, r->stride, pack,
                                  record_copies(r));
    /* --cache cold: the copies come to at least twice the cache, plus one
     * more pair of buffers (measure/buffers.c) */
    if (o->cache_cold && !cache_warm_why(r))
        need += 2 * cache_llc_bytes() + need;
    return need;
}

/* what one rank may use, the same on every rank: each node's own bound
 * (its free memory, its cgroup) differs, and rank 0 alone reports errors,
 * so the smallest bound of any rank is every rank's */
static uint64_t agreed_memory(const struct world *w)
{
    static uint64_t agreed;
    if (!agreed) {
        uint64_t mine = memory_per_rank(w->max_node_ranks);
        MPI_Allreduce(&mine, &agreed, 1, MPI_UINT64_T, MPI_MIN, MPI_COMM_WORLD);
    }
    return agreed;
}

/* counts and buffers MPI or the machine cannot take: input errors */
static void check_limits(struct planned *pl, const struct world *w,
                         const struct options *o, struct diag *d)
{
    const struct record *r = pl->rec;
    int p = pl->tc->max_size;
    /* calls laid out per rank or neighbour (the v-forms, alltoallw) give MPI
     * int displacements into their buffers: those must fit, in elements, or
     * in bytes for alltoallw.  Other calls pass only n, which the parser
     * already holds to int (or, for the calls with `large`, passes on
     * to MPI 4's _c functions). */
    size_t s = 0, rb = 0;
    if (r->call->layout && r->call->buffers && !call_has(r->call, CALL_LARGE))
        r->call->buffers(p, (size_t)r->max, &s, &rb);
    uint64_t most = s > rb ? s : rb;
    if (call_has(r->call, CALL_BYTE_DISPLS)) {
        MPI_Aint lb, extent;
        MPI_Type_get_extent(type_handle(r->dt), &lb, &extent);
        most *= (uint64_t)extent;
    }
    if (most > INT_MAX)
        diag_add(d, r->line, r->col[F_MAX], "max %" PRIu64 " on %d ranks puts %s's "
                 "%s displacements up to %" PRIu64 ", past MPI's int limit %d",
                 r->max, p, r->call->name, call_has(r->call, CALL_BYTE_DISPLS) ? "byte" : "element",
                 most, INT_MAX);
    /* compose=1's mock-ups (kernels/coll_compose.c) are int calls, their
     * displacements int arrays: they stay below the _c functions */
    if (r->compose && r->max > INT_MAX)
        diag_add(d, r->line, r->col[F_MAX], "max %" PRIu64 " is past compose=1's "
                 "limit %d: %s's mock-ups take int counts", r->max, INT_MAX,
                 r->call->name);
    if (call_has(r->call, CALL_BSEND) && attach_bytes(r) > INT_MAX)
        diag_add(d, r->line, r->col[F_MAX], "max %" PRIu64 " needs a %" PRIu64 "-byte "
                 "buffer attached for %s (two messages in flight), past the int "
                 "MPI_Buffer_attach takes (%d)", r->max, attach_bytes(r),
                 r->call->name, INT_MAX);
    uint64_t need = buffer_need(pl, o);
    pl->est.memory = need;
    pl->est.memory_line = r->line;
    if (o->max_memory && need > o->max_memory)
        diag_add(d, r->line, r->col[F_MAX], "max %" PRIu64 " needs %.1f MiB of "
                 "buffers per rank for %s on %d ranks, more than --max-memory "
                 "%.1f MiB", r->max, (double)need / 1048576.0, r->call->name, p,
                 (double)o->max_memory / 1048576.0);
    uint64_t have = agreed_memory(w);
    if (!o->max_memory && need > have)
        diag_add(d, r->line, r->col[F_MAX], "max %" PRIu64 " needs %.1f MiB of "
                 "buffers per rank for %s on %d ranks, more than the %.1f MiB "
                 "each of %d ranks on a node can have (--max-memory sets "
                 "another bound)", r->max, (double)need / 1048576.0,
                 r->call->name, p, (double)have / 1048576.0, w->max_node_ranks);
}

/* the check of every pattern (bpattern_verify) follows every rank's
 * knowledge of every arrival, a bit per pair of ranks on every rank: 32
 * MiB at 16384 ranks; 420 MiB and seconds a pattern at 58808 (the hollow
 * cube of 10^6 ranks), p^2 beyond */
#define PATTERN_CHECK_MAX 16384

/* offline: whether the pattern of size p was checked before (the sizes
 * of the first few distinct sizes; most topologies have one or two) */
static int checked_before(int *seen, int *nseen, int p)
{
    for (int i = 0; i < *nseen; i++)
        if (seen[i] == p)
            return 1;
    if (*nseen < 16)
        seen[(*nseen)++] = p;
    return 0;
}

/* a built-in pattern, generated for this rank's communicator and given
 * the check of every pattern (bpattern_verify) */
static void generated_pattern(struct planned *pl, const struct world *w,
                              struct diag *d)
{
    const struct record *r = pl->rec;
    int size = 0, bad = 0, seen[16], nseen = 0;
    struct bpattern_fault f = {0};
    if (pl->tc->max_size > PATTERN_CHECK_MAX) {    /* the same on every rank */
        snprintf(pl->skipped, sizeof pl->skipped, "pattern %s is checked before it "
                 "runs (every rank's knowledge of every arrival, a bit per pair of "
                 "ranks) on communicators of up to %d ranks; the largest %s "
                 "communicator has %d", r->pattern->name, PATTERN_CHECK_MAX,
                 r->topo->name, pl->tc->max_size);
        return;
    }
    if (pl->tc->comm != MPI_COMM_NULL)
        MPI_Comm_size(pl->tc->comm, &size);
    if (size) {
        r->pattern->generate(&pl->bp, size, r->pattern_arg);
        bad = bpattern_verify(&pl->bp, &f);
    }
    /* offline: the pattern of every communicator's size, each size once */
    for (int c = 0; w->offline && c < pl->tc->n && !bad; c++) {
        if (checked_before(seen, &nseen, pl->tc->sizes[c]))
            continue;
        bpattern_free(&pl->bp);
        r->pattern->generate(&pl->bp, pl->tc->sizes[c], r->pattern_arg);
        bad = bpattern_verify(&pl->bp, &f);
    }
    MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (bad) {
        char why[256] = "on another rank's communicator";
        if (f.kind != BP_OK)
            bpattern_fault_text(&f, why, sizeof why);
        diag_add(d, r->line, r->col[F_OP], "pattern %s fails the check of every "
                 "pattern on a %s communicator (%s): a bug in its generator",
                 r->pattern->name, r->topo->name, why);
    }
}

/* a user's pattern file: read on rank 0, checked like an input file (the
 * parser gives it bpattern_verify, at the lines of its faults), and it
 * must fit the communicators */
static void file_pattern(struct planned *pl, int rank, struct diag *d)
{
    const struct record *r = pl->rec;
    const struct topo_comm *tc = pl->tc;
    struct diag pd;
    diag_init(&pd, r->pattern_file);
    size_t len;
    char *text = share_file(r->pattern_file, rank, &len, &pd);
    if (text) {                    /* NULL on every rank; rank 0 says why */
        parse_pattern_file(text, len, &pl->bp, &pd);
        free(text);
    }
    if (text && !pd.count && (pl->bp.p != tc->min_size || pl->bp.p != tc->max_size))
        snprintf(pl->skipped, sizeof pl->skipped, "pattern file %s is for %d ranks; "
                 "the %s communicators have %d to %d", r->pattern_file, pl->bp.p,
                 r->topo->name, tc->min_size, tc->max_size);
    diag_take(d, &pd, r->line, r->col[F_OP]);
}

/* cvar=: each variable found, settable, and its value understood; an
 * input error names the setting (every rank resolves alike) */
static void resolve_cvars(struct planned *p, struct diag *d)
{
    const struct record *r = p->rec;
    for (int i = 0; i < r->ncvars; i++) {
        char why[700];
        if (mpit_resolve(r->cvar[i].name, r->cvar[i].value, &p->cvars[i], why,
                         sizeof why))
            diag_add(d, r->line, r->cvar[i].col, "cvar=%s:%s: %s", r->cvar[i].name,
                     r->cvar[i].value, why);
    }
}

/* The record's communicators; for GRAPH:path, after reading the edge
 * list on rank 0 and checking it on every rank (NULL on every rank when it
 * is bad, the errors in d as path:LINE:COL) */
static struct topo_comm *record_comms(const struct planned *pl, struct world *w,
                                      struct diag *d)
{
    const struct record *r = pl->rec;
    if (!r->topo->takes_file)
        return world_comms(w, r->topo, NULL, NULL);
    struct diag gd;
    diag_init(&gd, r->topo_file);
    size_t len;
    struct edges e = {0};
    char *text = share_file(r->topo_file, w->rank, &len, &gd);
    int read = text != NULL;   /* NULL on every rank; rank 0 says why */
    if (read)
        parse_graph_file(text, len, w->size, &e, &gd);
    free(text);
    struct topo_comm *tc = NULL;
    if (read && gd.count == 0)
        tc = world_comms(w, r->topo, r->topo_file, &e);
    edges_free(&e);
    diag_take(d, &gd, r->line, r->col[F_TOPO]);
    return tc;
}

const char *const plan_level_topology[PLAN_LEVELS] = {"CACHE", "SOCKET", "NODE"};

/* levels=hw: the communicators of each hardware level (collective); the
 * estimate grows by as many more runs of the record */
static void level_comms(struct planned *p, struct world *w)
{
    for (int i = 0; i < PLAN_LEVELS; i++) {
        const struct topology *t = table_find(&topology_table, plan_level_topology[i]);
        p->levels[i] = world_comms(w, t, NULL, NULL);
    }
    p->est.measurements *= 1 + PLAN_LEVELS;
    p->est.seconds *= 1 + PLAN_LEVELS;
}

int plan_records(struct plan *pl, const struct recordset *rs, struct world *w,
                 const struct options *o, struct diag *d)
{
    int before = d->count;
    pl->rs = rs;
    pl->n = rs->n;
    pl->rec = xcalloc((size_t)rs->n + 1, sizeof *pl->rec);
    for (int i = 0; i < rs->n; i++) {
        struct planned *p = &pl->rec[i];
        p->rec = &rs->rec[i];
        p->index = rs->before + i + 1;
        if (!p->rec->ok)
            continue;          /* already reported by the parser */
        resolve_cvars(p, d);
        p->tc = record_comms(p, w, d);
        if (!p->tc)
            continue;          /* its graph file is bad: said in d */
        if (!plan_side_files(p->rec, w->rank, d))
            continue;          /* its INDEXED or sizes file is bad: said in d */
        plan_skip_reason(p, w, o);
        if (p->skipped[0])
            continue;
        p->breadth.p = p->tc->max_size;
        p->breadth.ncomm = p->tc->n;
        p->est = estimate_record(p->rec, o, &p->breadth);
        p->est.seconds += estimate_plan_params(pl, i, w->max_node_ranks, o->params);
        if (record_setting_value(p->rec, "levels"))    /* levels=hw */
            level_comms(p, w);
        check_limits(p, w, o, d);
        const struct pattern *pat = p->rec->pattern;
        if (pat && pat->generate)
            generated_pattern(p, w, d);
        else if (pat && p->rec->pattern_file[0])
            file_pattern(p, w->rank, d);
    }
    return d->count - before;
}

void plan_free(struct plan *pl)
{
    for (int i = 0; i < pl->n; i++)
        bpattern_free(&pl->rec[i].bp);
    free(pl->rec);
    pl->rec = NULL;
    pl->n = 0;
}
