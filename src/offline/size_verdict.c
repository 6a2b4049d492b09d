/* size_verdict.c: one size, A against B (size_verdict.h) */
#include "offline/size_verdict.h"

#include <gsl/gsl_randist.h>
#include <math.h>
#include <string.h>
#include "models/launch_modes.h"
#include "models/launch_stats.h"

/* A's or B's launch medians of launches 1..upto (all: upto < 0) */
static size_t take(const struct set_size *z, int upto, double *out)
{
    size_t n = 0;
    for (int i = 0; i < z->n; i++)
        if (upto < 0 || z->number[i] <= upto)
            out[n++] = z->t[i];
    return n;
}

/* settled against the tolerance, and against the gate where one is given */
static int settles(const struct size_cmp *c, const struct judging *j)
{
    if (!settled(c->e.lo, c->e.hi, j->tol) || c->e.c < 0)
        return 0;
    return j->gate < 0 || !(c->e.lo <= 1 + j->gate && 1 + j->gate <= c->e.hi);
}

static void verdicts(struct size_cmp *c, const struct judging *j)
{
    c->v = c->e.c < 0 ? VERDICT_UNDECIDED : verdict_of(c->e.lo, c->e.hi, j->tol);
    c->regressed = c->e.c >= 0 && j->gate >= 0 && beyond_tolerance(c->e.lo, c->e.hi, j->gate);
    c->settled = settles(c, j);
    double then = c->alpha;
    if (j->looks && j->looks->n)
        then = look_alpha(j->looks->at, j->looks->n, j->looks->n - 1, SET_ALPHA);
    if (isnan(then))             /* single runs: their own 95% intervals */
        then = SET_ALPHA;
    c->to_settle = c->settled ? 0 : launches_to_settle(c->e.ratio, c->e.lo, c->e.hi,
                                                        (size_t)c->na, (size_t)c->nb, j->tol,
                                                        isnan(c->alpha) ? SET_ALPHA : c->alpha,
                                                        then);
}

/* Fisher's exact test, two-sided, of k of n against l of m: the chance,
 * with the k + l spread at random over the n + m, of a split as unlikely
 * as this one or less */
static double fisher_p(int k, int n, int l, int m)
{
    unsigned t = (unsigned)(k + l);
    int lo = t > (unsigned)m ? (int)t - m : 0, hi = (int)t < n ? (int)t : n;
    double seen = gsl_ran_hypergeometric_pdf((unsigned)k, (unsigned)n, (unsigned)m, t), p = 0;
    for (int x = lo; x <= hi; x++) {
        double q = gsl_ran_hypergeometric_pdf((unsigned)x, (unsigned)n, (unsigned)m, t);
        if (q <= seen * (1 + 1e-9))
            p += q;
    }
    return p;
}

/* the groups of A's and B's values together, and the ratio within the
 * modes both drew */
static void mix_of(struct mode_mix *m, const double *a, size_t na, const double *b,
                   size_t nb, double alpha, double tol)
{
    memset(m, 0, sizeof *m);
    double all[2 * MAX_LAUNCHES];
    int label[2 * MAX_LAUNCHES], count[2 * MAX_LAUNCHES] = {0};
    memcpy(all, a, na * sizeof *a);
    memcpy(all + na, b, nb * sizeof *b);
    int ng = launch_groups(all, na + nb, label);
    for (size_t i = 0; i < na + nb; i++)
        count[label[i]]++;
    m->nmodes = mode_count(count, ng);
    m->ngroups = ng < MAX_GROUPS ? ng : MAX_GROUPS;
    if (m->nmodes < 2)
        return;
    double ga[MAX_GROUPS][MAX_LAUNCHES], gb[MAX_GROUPS][MAX_LAUNCHES];
    double vals[2 * MAX_LAUNCHES];
    struct stratum st[MAX_GROUPS];
    size_t ns = 0;
    for (int g = 0; g < m->ngroups; g++) {
        size_t n = 0, ka = 0, kb = 0;
        for (size_t i = 0; i < na + nb; i++) {
            if (label[i] != g)
                continue;
            vals[n++] = all[i];
            if (i < na)
                ga[g][ka++] = all[i];
            else
                gb[g][kb++] = all[i];
        }
        m->g[g].median = launch_spread_of(vals, n).median;
        m->g[g].na = (int)ka;
        m->g[g].nb = (int)kb;
        if (count[g] >= 2 && fisher_p((int)ka, (int)na, (int)kb, (int)nb) < 0.05)
            m->differs = 1;
        if (ka && kb)
            st[ns++] = (struct stratum){ga[g], gb[g], ka, kb};
    }
    if (!ns)
        return;
    m->within = 1;
    effect_of(st, ns, alpha, &m->in);
    m->in_v = m->in.c < 0 ? VERDICT_UNDECIDED : verdict_of(m->in.lo, m->in.hi, tol);
}

/* the comparison at the launches up to `upto` (all: -1), at level alpha */
static void look_at(struct size_cmp *c, const struct set_size *a, const struct set_size *b,
                    int upto, double alpha, const struct judging *j)
{
    double va[MAX_LAUNCHES], vb[MAX_LAUNCHES];
    size_t na = take(a, upto, va), nb = take(b, upto, vb);
    c->na = (int)na;
    c->nb = (int)nb;
    c->look = upto < 0 ? 0 : upto;
    c->alpha = alpha;
    struct stratum one = {va, vb, na, nb};
    effect_of(&one, na && nb ? 1 : 0, alpha, &c->e);
    verdicts(c, j);
    double sa[MAX_LAUNCHES], sb[MAX_LAUNCHES];
    memcpy(sa, va, na * sizeof *va);
    memcpy(sb, vb, nb * sizeof *vb);
    c->ta = launch_spread_of(sa, na).median;
    c->tb = launch_spread_of(sb, nb).median;
    mix_of(&c->mix, va, na, vb, nb, alpha, j->tol);
}

static void say_why(struct size_cmp *c)
{
    if (c->settled)
        c->why = NULL;
    else if (c->e.c < 0)
        c->why = "too few launches for a 95% interval (at least 4 a side, or 3 "
                 "against 5)";
    else if (c->to_settle < 0)
        c->why = "the estimate lies on the tolerance itself";
    else
        c->why = "the launches spread too wide for the tolerance";
}

void judge_sets(struct size_cmp *c, const struct set_size *a, const struct set_size *b,
                const struct judging *j)
{
    c->lo[0] = a->spread.lo;
    c->hi[0] = a->spread.hi;
    c->lo[1] = b->spread.lo;
    c->hi[1] = b->spread.hi;
    const struct looks *lk = j->looks;
    if (!lk || !lk->n) {
        look_at(c, a, b, -1, SET_ALPHA, j);
        say_why(c);
        return;
    }
    int reached = 0;
    for (int k = 0; k < lk->n; k++) {
        if (lk->at[k] > j->last_a || lk->at[k] > j->last_b)
            break;
        reached++;
        look_at(c, a, b, lk->at[k], look_alpha(lk->at, lk->n, k, SET_ALPHA), j);
        if (c->settled)
            break;
    }
    if (!reached)   /* fewer launches than the first look: its level, every launch */
        look_at(c, a, b, -1, look_alpha(lk->at, lk->n, 0, SET_ALPHA), j);
    say_why(c);
}

void judge_runs(struct size_cmp *c, const struct launch_point *a,
                const struct launch_point *b, const struct judging *j)
{
    c->na = c->nb = 1;
    c->ta = a->t_us;
    c->tb = b->t_us;
    c->lo[0] = a->lo_us;
    c->hi[0] = a->hi_us;
    c->lo[1] = b->lo_us;
    c->hi[1] = b->hi_us;
    c->alpha = NAN;
    memset(&c->e, 0, sizeof c->e);
    c->e.ratio = b->t_us / a->t_us;
    c->e.lo = b->lo_us / a->hi_us;
    c->e.hi = b->hi_us / a->lo_us;
    c->e.pairs = 1;
    c->e.level = NAN;
    c->e.c = 0;
    if (isnan(a->lo_us) || isnan(b->lo_us) || isnan(a->hi_us) || isnan(b->hi_us)) {
        c->e.lo = c->e.hi = NAN;
        c->e.c = -1;
        verdicts(c, j);
        c->why = "no interval (fewer than 6 blocks)";
        return;
    }
    verdicts(c, j);
    if (!a->target_met || !b->target_met) {
        c->v = VERDICT_UNDECIDED;
        c->regressed = c->settled = 0;
        c->why = "a run missed its target here";
        return;
    }
    c->to_settle = c->settled ? 0 : -1;     /* launches do not apply to one run */
    c->why = c->settled ? NULL : "the two runs' intervals are too wide for the tolerance";
}
