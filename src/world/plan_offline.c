/* plan_offline.c: the plan for N ranks without launching them.  The
 * topologies' colour functions run over N simulated places (x fastest on
 * the grid, ranks filling nodes of this machine's core count, one
 * package), so communicator counts, sizes and pair counts, and with them
 * the estimates, are the ones N real ranks laid out so would get. */
#include "world/plan_offline.h"

#include <mpi.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "base/base.h"
#include "input/graph_file.h"
#include "input/share.h"
#include "input/sizes.h"
#include "models/schedule.h"
#include "world/estimate.h"
#include "world/plan.h"

/* the communicators one topology makes: comm[r] (-1: sits out), sizes */
struct layout {
    const struct topology *topo;
    int *comm, *size, n, most;
};

static struct place *places_for(int p, const int grid[3])
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int per_node = cores > 0 ? (int)cores : 1;
    struct place *pl = xcalloc((size_t)p, sizeof *pl);
    for (int r = 0; r < p; r++)
        pl[r] = (struct place){.rank = r, .x = r % grid[0],
                               .y = (r / grid[0]) % grid[1],
                               .z = r / (grid[0] * grid[1]), .dx = grid[0],
                               .dy = grid[1], .dz = grid[2], .node = r / per_node,
                               .core = r % per_node};
    return pl;
}

static int by_colour(const void *a, const void *b)
{
    long long x = *(const long long *)a, y = *(const long long *)b;
    return x < y ? -1 : x > y;
}

/* communicators numbered by colour, in colour order */
static void lay_out(struct layout *l, const struct place *pl, int p)
{
    long long *colour = xmalloc_array((size_t)p, sizeof *colour);
    long long *sorted = xmalloc_array((size_t)p + 1, sizeof *sorted);
    int m = 0;
    for (int r = 0; r < p; r++) {
        colour[r] = l->topo->shape ? 0 : l->topo->colour(&pl[r]);
        if (colour[r] >= 0)
            sorted[m++] = colour[r];
    }
    qsort(sorted, (size_t)m, sizeof *sorted, by_colour);
    int distinct = 0;
    for (int i = 0; i < m; i++)
        if (i == 0 || sorted[i] != sorted[i - 1])
            sorted[distinct++] = sorted[i];
    l->comm = xmalloc_array((size_t)p, sizeof *l->comm);
    l->size = xcalloc((size_t)distinct + 1, sizeof *l->size);
    l->n = distinct;
    l->most = 0;
    for (int r = 0; r < p; r++) {
        long long *hit = colour[r] < 0 ? NULL
                   : bsearch(&colour[r], sorted, (size_t)distinct, sizeof *sorted, by_colour);
        l->comm[r] = hit ? (int)(hit - sorted) : -1;
        if (hit && ++l->size[l->comm[r]] > l->most)
            l->most = l->size[l->comm[r]];
    }
    free(colour);
    free(sorted);
}

/* pairs kept in each communicator: all of them, a sample, or by scanning */
static void count_pairs(const struct record *r, const struct layout *l,
                        const struct place *pl, int p, struct record_shape *sh)
{
    sh->pairs = sh->steps = 0;
    int scan = !(r->pf->rounds || r->pf->sample || strcmp(r->pf->name, "ALL") == 0);
    long *kept = xcalloc((size_t)l->n + 1, sizeof *kept);
    int *members = scan ? xmalloc_array((size_t)p, sizeof *members) : NULL;
    for (int c = 0; c < l->n; c++) {
        long s = l->size[c];
        kept[c] = s * (s - 1) / 2;
        if (scan) {
            int m = 0;
            for (int q = 0; q < p; q++)
                if (l->comm[q] == c)
                    members[m++] = q;
            kept[c] = 0;
            for (int i = 0; i < m; i++)
                for (int j = i + 1; j < m; j++)
                    kept[c] += r->pf->keep(&pl[members[i]], &pl[members[j]], i, j);
        }
        if (r->pf->sample && kept[c] > r->sample)
            kept[c] = r->sample;
        sh->pairs += kept[c];
        if (kept[c] > sh->steps)
            sh->steps = kept[c];
    }
    if (r->pf->rounds)
        sh->steps = round_count(l->most);
    free(kept);
    free(members);
}

/* GRAPH:path: the file must hold ranks below p */
static int graph_ok(const struct record *r, int p, struct diag *d)
{
    struct diag gd;
    diag_init(&gd, r->topo_file);
    size_t len;
    char *text = read_file(r->topo_file, &len, &gd);
    struct edges e = {0};
    if (text)
        parse_graph_file(text, len, p, &e, &gd);
    free(text);
    edges_free(&e);
    int ok = gd.count == 0;
    diag_take(d, &gd, r->line, r->col[F_TOPO]);
    return ok;
}

static const struct layout *layout_of(struct layout *cache, int *n,
                                      const struct topology *t,
                                      const struct place *pl, int p)
{
    for (int i = 0; i < *n; i++)
        if (cache[i].topo == t)
            return &cache[i];
    struct layout *l = &cache[(*n)++];
    l->topo = t;
    lay_out(l, pl, p);
    return l;
}

static void print_record(const struct record *r, const struct options *o,
                         const struct layout *l, const struct place *pl, int p,
                         FILE *out, struct estimate *total)
{
    fprintf(out, "record (line %d): %s\n  %s on %s: %d communicator%s, the "
            "largest of %d ranks\n", r->line, r->text, r->call->name, r->topo->name,
            l->n, l->n == 1 ? "" : "s", l->most);
    struct record_shape sh = {l->most, 0, 1, l->n};
    if (r->call->neighbors && !r->topo->shape) {
        fprintf(out, "  skipped: %s needs a graph-shaped communicator\n", r->call->name);
        return;
    }
    if (pairwise(r->call)) {
        count_pairs(r, l, pl, p, &sh);
        if (sh.pairs == 0) {
            fprintf(out, "  skipped: no pair to measure\n");
            return;
        }
    }
    struct estimate e = estimate_record(r, o, &sh);
    total->measurements += e.measurements;
    total->seconds += e.seconds;
    print_estimate(&e, "  estimate", out);
}

int plan_offline(const struct recordset *rs, const struct options *o,
                 struct diag *d, FILE *out)
{
    int p = o->ranks, grid[3] = {o->grid[0], o->grid[1], o->grid[2]};
    if (grid[0] == 0)
        MPI_Dims_create(p, 3, grid);
    else if ((long)grid[0] * grid[1] * grid[2] != p) {
        diag_add(d, 0, 0, "--grid %dx%dx%d holds %ld ranks, not --ranks %d", grid[0],
                 grid[1], grid[2], (long)grid[0] * grid[1] * grid[2], p);
        return 1;
    }
    struct place *pl = places_for(p, grid);
    struct layout *cache = xcalloc(table_count(&topology_table) + 1, sizeof *cache);
    int ncache = 0, before = d->count;
    struct estimate total = {0, 0};
    fprintf(out, "plan for %s on %d ranks (not launched: --ranks), grid %dx%dx%d\n",
            rs->file, p, grid[0], grid[1], grid[2]);
    for (int i = 0; i < rs->n; i++) {
        const struct record *r = &rs->rec[i];
        if (!r->ok || (r->topo->takes_file && !graph_ok(r, p, d)))
            continue;
        print_record(r, o, layout_of(cache, &ncache, r->topo, pl, p), pl, p, out, &total);
    }
    print_estimate(&total, "total", out);
    if (total.seconds > 3600)
        fprintf(out, "warning: this run would take more than an hour; fewer sizes, "
                "iters=, NOP:SAMPLE:N or NOP:ROUNDS shorten it\n");
    for (int i = 0; i < ncache; i++) {
        free(cache[i].comm);
        free(cache[i].size);
    }
    free(cache);
    free(pl);
    return d->count - before;
}
