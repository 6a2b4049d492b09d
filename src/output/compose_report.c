/* compose_report.c: compose=1's guidelines.  Each mock-up's size against
 * the call's by the comparison rule for single runs (docs/report.md: the
 * ratio call / mock-up with the interval from their 95% intervals over
 * the blocks, the call's lower end over the mock-up's upper and upper
 * over lower; offline/size_verdict.c's judge_runs), in the comparison's
 * words (models/verdict.h) at a 5% tolerance: the call is "slower" (a
 * violation of the guideline "a call is no slower than its mock-up")
 * when its interval lies wholly above the mock-up's, "faster" wholly
 * below, "no-change" where the ratio's interval lies within 5% either
 * way, and "undecided" otherwise, and where either has no interval or
 * missed its target.  It is one launch: a verdict covers the noise within
 * it, not the next launch's. */
#include "output/compose_report.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include "models/verdict.h"

/* "no-change": the call within 5% of its mock-up either way */
#define COMPOSE_TOLERANCE 0.05

struct judged {
    const struct point *call;
    const struct mockup_point *mock;
    enum verdict v;
    double ratio;              /* the call's median / the mock-up's */
    double lo, hi;             /* its interval */
    const char *why;           /* why undecided for want of data, or NULL */
};

static const struct point *call_point(const struct result *res, uint64_t elements)
{
    for (size_t i = 0; i < res->npts; i++)
        if (res->pts[i].elements == elements)
            return &res->pts[i];
    return NULL;
}

static struct judged judge(const struct point *c, const struct mockup_point *m)
{
    struct judged j = {c, m, VERDICT_UNDECIDED, c->med / m->med, NAN, NAN, NULL};
    if (isnan(c->ci_lo) || isnan(m->ci_lo) || isnan(c->ci_hi) || isnan(m->ci_hi)) {
        j.why = "no interval (fewer than 6 blocks)";
        return j;
    }
    j.lo = c->ci_lo / m->ci_hi;
    j.hi = c->ci_hi / m->ci_lo;
    if (!c->met || !m->met)
        j.why = "the call or the mock-up missed its target here";
    else
        j.v = verdict_of(j.lo, j.hi, COMPOSE_TOLERANCE);
    return j;
}

/* "8 B", "4 KiB", "1.5 MiB" */
static const char *bytes_text(uint64_t b, char *out, size_t len)
{
    static const char *const unit[] = {"B", "KiB", "MiB", "GiB"};
    double v = (double)b;
    int u = 0;
    while (v >= 1024 && u < 3) {
        v /= 1024;
        u++;
    }
    if (v == floor(v))
        snprintf(out, len, "%.0f %s", v, unit[u]);
    else
        snprintf(out, len, "%.2f %s", v, unit[u]);
    return out;
}

static void say_violation(struct writer *w, const struct result *res,
                          const struct mockup_result *mr, const struct judged *j)
{
    char size[32];
    say(w, "    VIOLATION: %s at %s (%llu element%s) is %.2fx slower than %s "
        "(median %.3f us [%.3f, %.3f] against %.3f us [%.3f, %.3f]).\n",
        res->rec->call->name, bytes_text(j->call->bytes, size, sizeof size),
        (unsigned long long)j->call->elements, j->call->elements == 1 ? "" : "s", j->ratio, mr->name, j->call->med,
        j->call->ci_lo, j->call->ci_hi, j->mock->med, j->mock->ci_lo, j->mock->ci_hi);
}

static void report_mockup(struct writer *w, const struct result *res,
                          const struct mockup_result *mr)
{
    int count[NVERDICTS] = {0};
    say(w, "    against %s (%s):", mr->name, mr->timing);
    if (mr->error[0])
        say(w, " stopped: %s;", mr->error);
    if (mr->mismatches)
        say(w, " its check FAILED, %lu wrong elements;", mr->mismatches);
    for (size_t i = 0; i < mr->npts; i++) {
        const struct point *c = call_point(res, mr->pts[i].elements);
        if (c)
            count[judge(c, &mr->pts[i]).v]++;
    }
    say(w, " the call slower (a violation) at %d size%s, faster at %d, no change beyond "
        "%g%% at %d, undecided at %d.\n", count[VERDICT_SLOWER],
        count[VERDICT_SLOWER] == 1 ? "" : "s", count[VERDICT_FASTER],
        100 * COMPOSE_TOLERANCE, count[VERDICT_NO_CHANGE], count[VERDICT_UNDECIDED]);
    for (size_t i = 0; i < mr->npts; i++) {
        const struct point *c = call_point(res, mr->pts[i].elements);
        struct judged j;
        if (c && (j = judge(c, &mr->pts[i])).v == VERDICT_SLOWER)
            say_violation(w, res, mr, &j);
    }
}

void report_compose(struct writer *w, const struct result *res)
{
    if (!res->ncomposed)
        return;
    say(w, "  Guidelines (compose=1): %s against %d mock-up%s, each timed after it in "
        "this run at the same sizes and by the same rule (without MPI_IN_PLACE). "
        "This is one launch: a verdict compares the 95%% intervals over its blocks "
        "and covers the noise within this launch only, not the next launch's; "
        "measure launch sets to be sure.\n", res->rec->call->name, res->ncomposed,
        res->ncomposed == 1 ? "" : "s");
    for (int i = 0; i < res->ncomposed; i++)
        report_mockup(w, res, &res->composed[i]);
}

static json_t *num(double x)
{
    return isfinite(x) ? json_real(x) : json_null();
}

static json_t *point_json(const struct judged *j)
{
    return json_pack("{s:I,s:I,s:o,s:o,s:o,s:b,s:o,s:o,s:o,s:o,s:o,s:o,s:s,s:s?}",
        "elements", (json_int_t)j->mock->elements, "bytes", (json_int_t)j->mock->bytes,
        "t_med_us", num(j->mock->med), "ci_lo_us", num(j->mock->ci_lo),
        "ci_hi_us", num(j->mock->ci_hi), "target_met", j->mock->met,
        "call_t_med_us", num(j->call->med), "call_ci_lo_us", num(j->call->ci_lo),
        "call_ci_hi_us", num(j->call->ci_hi), "ratio", num(j->ratio), "ratio_lo",
        num(j->lo), "ratio_hi", num(j->hi), "verdict", verdict_name(j->v), "why", j->why);
}

json_t *compose_json(const struct result *res)
{
    if (!res->ncomposed)
        return NULL;
    json_t *list = json_array();
    for (int i = 0; i < res->ncomposed; i++) {
        const struct mockup_result *mr = &res->composed[i];
        json_t *pts = json_array();
        int violations = 0;
        for (size_t k = 0; k < mr->npts; k++) {
            const struct point *c = call_point(res, mr->pts[k].elements);
            if (!c)
                continue;
            struct judged j = judge(c, &mr->pts[k]);
            violations += j.v == VERDICT_SLOWER;
            json_array_append_new(pts, point_json(&j));
        }
        json_array_append_new(list, json_pack("{s:s,s:s,s:I,s:o,s:i,s:o}",
            "mockup", mr->name, "timing", mr->timing,
            "mismatches", (json_int_t)mr->mismatches,
            "error", mr->error[0] ? json_string(mr->error) : json_null(),
            "violations", violations, "points", pts));
    }
    return list;
}
