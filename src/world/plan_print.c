/* plan_print.c: the plan as --validate prints it, and the estimates'
 * totals */
#include "world/plan.h"

#include <inttypes.h>
#include <stdio.h>
#include "base/text.h"
#include "registry/sizes.h"

static void print_sizes(const struct record *r, FILE *out)
{
    uint64_t s[12];
    size_t n = record_sizes(r, s, 12);
    fprintf(out, "%zu size%s:", n, n == 1 ? "" : "s");
    for (size_t i = 0; i < n && i < 12; i++) {
        if (n > 12 && i == 10) {
            fprintf(out, " ... %" PRIu64, r->sizes ? r->sizes->v[n - 1] : r->max);
            break;
        }
        fprintf(out, " %" PRIu64, s[i]);
    }
    fputs(r->sizes ? " elements (its sizes= list)\n" : " elements\n", out);
}

/* "what: N measurements, about T" */
static void print_estimate(const struct estimate *e, const char *what, FILE *out)
{
    char t[64];
    fprintf(out, "%s: %ld measurement%s, about %s (docs/measuring.md, Estimates)\n", what,
            e->measurements, e->measurements == 1 ? "" : "s",
            duration_text(e->seconds, t, sizeof t));
}

struct estimate plan_total(const struct plan *pl)
{
    struct estimate all = {0, 0, 0, 0};
    for (int i = 0; i < pl->n; i++) {
        /* skipped after the estimate (a pattern file, --keep-going) */
        if (pl->rec[i].skipped[0] || !pl->rec[i].rec->ok)
            continue;
        all.measurements += pl->rec[i].est.measurements;
        all.seconds += pl->rec[i].est.seconds;
        estimate_memory(&all, &pl->rec[i].est);
    }
    return all;
}

void estimate_memory(struct estimate *all, const struct estimate *e)
{
    if (e->memory > all->memory) {
        all->memory = e->memory;
        all->memory_line = e->memory_line;
    }
}

void plan_print_total(const struct estimate *all, FILE *out)
{
    print_estimate(all, "total", out);
    if (all->memory_line)
        fprintf(out, "largest buffers of one rank: %.1f MiB (line %d)\n",
                (double)all->memory / 1048576.0, all->memory_line);
    if (all->seconds > 3600)
        fprintf(out, "warning: this run would take more than an hour; fewer sizes, "
                "iters=, NOP:SAMPLE:N or NOP:ROUNDS shorten it\n");
}

void plan_print_head(const char *file, int nrec, const struct world *w, FILE *out)
{
    fprintf(out, "plan for %s: %d records on %d ranks%s, grid %dx%dx%d, %d node%s\n",
            file, nrec, w->size, w->offline ? " (not launched: --ranks)" : "",
            w->grid[0], w->grid[1], w->grid[2], w->nodes, w->nodes == 1 ? "" : "s");
}

void plan_print_records(const struct plan *pl, const struct world *w, FILE *out)
{
    for (int i = 0; i < pl->n; i++) {
        const struct planned *p = &pl->rec[i];
        const struct record *r = p->rec;
        char where[96];
        fprintf(out, "record %d (%s): %s\n", p->index, record_place(r, where, sizeof where),
                r->text);
        if (!r->ok) {          /* --keep-going */
            fprintf(out, "  skipped: %s\n", p->skipped);
            continue;
        }
        fprintf(out, "  %s on %s: %d communicator%s of", r->call->name,
                r->topo->name, p->tc->n, p->tc->n == 1 ? "" : "s");
        for (int k = 0; k < p->tc->n && k < 16; k++)
            fprintf(out, " %d", p->tc->sizes[k]);
        fprintf(out, "%s ranks\n", p->tc->n > 16 ? " ..." : "");
        fputs("  ", out);
        print_sizes(r, out);
        if (p->skipped[0])
            fprintf(out, "  skipped: %s\n", p->skipped);
        else
            print_estimate(&p->est, "  estimate", out);
        if (!p->skipped[0])
            plan_print_switches(p, w, out);
    }
}
