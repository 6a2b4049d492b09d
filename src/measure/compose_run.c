/* compose_run.c: compose=1, a record's mock-ups (kernels/coll_compose.c) timed
 * after its call, in the same run, at the same sizes and by the same
 * rule (iterations, warm-up, blocks, the adaptive target, --check): each
 * as the record with the mock-up for its call and inplace=0.  Their
 * points go to no writer; rank 0 keeps each size's median, interval and
 * target in res->composed, which output/compose_report.c compares with
 * the call's. */
#include "measure/trial.h"

#include <stdio.h>
#include <string.h>
#include "base/base.h"

static void keep_mockup(struct mockup_result *mr, const struct call *c,
                        const struct result *tmp)
{
    snprintf(mr->name, sizeof mr->name, "%s", c->name);
    snprintf(mr->timing, sizeof mr->timing, "%s", c->timing);
    mr->pts = xcalloc(tmp->npts + 1, sizeof *mr->pts);
    for (size_t i = 0; i < tmp->npts; i++) {
        const struct point *p = &tmp->pts[i];
        mr->pts[i] = (struct mockup_point){p->elements, p->bytes, p->med, p->ci_lo,
                                           p->ci_hi, p->met};
    }
    mr->npts = tmp->npts;
    mr->mismatches = tmp->mismatches;
    snprintf(mr->error, sizeof mr->error, "%s", tmp->error);
}

/* the result a mock-up is measured into: the record's facts, its own holds */
static void mockup_blank(struct result *tmp, const struct result *res,
                         const struct record *copy, const struct planned *lp)
{
    memset(tmp, 0, sizeof *tmp);
    tmp->rec = copy;
    tmp->index = res->index;
    tmp->type_size = res->type_size;
    tmp->ncomm = res->ncomm;
    tmp->comm_sizes = res->comm_sizes;
    tmp->comm_of = res->comm_of;
    tmp->holds = record_holds(copy, lp->tc ? lp->tc->max_size : 0);
    tmp->elapsed_s = -1;
}

void measure_mockups(struct measurer *m, const struct planned *pl, struct result *res,
                     sizes_fn *sizes)
{
    const struct record *r = pl->rec;
    int n = record_mockups(r);
    if (!n || res->interrupted || res->error[0])
        return;
    if (m->world->rank == 0)
        res->composed = xcalloc((size_t)n, sizeof *res->composed);
    void (*on_point)(void *, const struct result *, const struct point *) = m->on_point;
    m->on_point = NULL;
    for (int i = 0; i < n && !m->signal; i++) {
        struct record copy = *r;
        copy.call = record_mockup(r, i);
        copy.inplace = 0;
        copy.compose = 0;
        struct planned lp = *pl;
        lp.rec = &copy;
        struct result tmp;
        mockup_blank(&tmp, res, &copy, &lp);
        sizes(m, &lp, &tmp);
        if (m->world->rank == 0) {
            keep_mockup(&res->composed[res->ncomposed++], copy.call, &tmp);
            res->mismatches += tmp.mismatches;
        }
        result_free(&tmp);
    }
    m->on_point = on_point;
}
