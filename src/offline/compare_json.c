/* compare_json.c: --compare's findings as JSON and text (compare_json.h) */
#include "offline/compare_json.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include "base/exit_status.h"
#include "base/stdout_whole.h"

void compare_out_begin(struct compare_out *o, const struct launch_set *a,
                       const struct launch_set *b, const struct judging *j, json_t *diff)
{
    memset(o, 0, sizeof *o);
    o->a = a;
    o->b = b;
    o->j = j;
    o->diff = diff;
    o->records = json_array();
}

void compare_out_free(struct compare_out *o)
{
    json_decref(o->records);
    o->records = NULL;
}

static json_t *num(double x)
{
    return json_finite_or_null(x);
}

static json_t *modes_json(const struct mode_mix *m)
{
    if (m->nmodes < 2)
        return json_null();
    json_t *g = json_array();
    for (int i = 0; i < m->ngroups; i++)
        json_array_append_new(g, json_pack("{s:o,s:i,s:i}", "median_us",
                                           num(m->g[i].median), "a", m->g[i].na, "b",
                                           m->g[i].nb));
    json_t *in = json_null();
    if (m->within)
        in = json_pack("{s:o,s:o,s:o,s:s}", "ratio", num(m->in.ratio), "ratio_lo",
                       num(m->in.lo), "ratio_hi", num(m->in.hi), "verdict",
                       verdict_name(m->in_v));
    return json_pack("{s:i,s:o,s:b,s:o}", "modes", m->nmodes, "groups", g,
                     "proportions_differ", m->differs, "within_shared_modes", in);
}

static json_t *size_json(const struct size_cmp *c)
{
    json_t *z = json_pack("{s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:o}", "elements", num(c->elements),
                          "bytes", num(c->bytes), "t_a_us", num(c->ta), "a_lo_us",
                          num(c->lo[0]), "a_hi_us", num(c->hi[0]), "t_b_us", num(c->tb),
                          "b_lo_us", num(c->lo[1]), "b_hi_us", num(c->hi[1]));
    json_object_update_new(z, json_pack(
        "{s:o,s:o,s:o,s:o,s:o,s:s,s:b,s:b,s:i,s:i,s:i,s:o,s:s?,s:o}", "ratio",
        num(c->e.ratio), "ratio_lo", num(c->e.lo), "ratio_hi", num(c->e.hi), "coverage",
        num(isnan(c->e.level) ? NAN : 1 - 2 * c->e.level), "alpha", num(c->alpha),
        "verdict", verdict_name(c->v),
        "settled", c->settled, "regressed", c->regressed, "launches_a", c->na,
        "launches_b", c->nb, "look", c->look,
        "launches_to_settle", c->to_settle > 0 ? json_integer(c->to_settle) : json_null(),
        "why", c->why, "modes", modes_json(&c->mix)));
    return z;
}

/* a size is open when more launches would likely settle it within the
 * design's last look (a fixed design: any number) */
static int is_open(const struct compare_out *o, const struct size_cmp *c)
{
    if (c->settled || !o->a->is_set)
        return 0;
    if (c->e.c < 0)
        return 1;
    const struct looks *lk = o->j->looks;
    int cap = lk && lk->n ? lk->at[lk->n - 1] : 0;
    return c->to_settle > 0 && (!cap || c->to_settle <= cap);
}

void compare_out_record(struct compare_out *o, const json_t *rec, const struct size_cmp *c,
                        int n)
{
    json_t *sizes = json_array();
    int count[NVERDICTS] = {0}, regressed = 0, worst = -1, modes = 0, differ = 0;
    for (int i = 0; i < n; i++) {
        count[c[i].v]++;
        regressed |= c[i].regressed;
        o->unsettled += !c[i].settled;
        o->open += is_open(o, &c[i]);
        modes += c[i].mix.nmodes >= 2;
        differ += c[i].mix.nmodes >= 2 && c[i].mix.differs;
        /* the worst regression: the slower size whose interval starts highest */
        if (c[i].v == VERDICT_SLOWER && (worst < 0 || c[i].e.lo > c[worst].e.lo))
            worst = i;
        json_array_append_new(sizes, size_json(&c[i]));
    }
    o->compared++;
    o->regressed += regressed;
    const struct size_cmp *w = worst >= 0 ? &c[worst] : NULL;
    json_t *r = json_pack("{s:O?,s:O?,s:o,s:i,s:i,s:i,s:i}", "file",
                          json_object_get(rec, "file"), "line", json_object_get(rec, "line"),
                          "sizes", sizes, "slower", count[VERDICT_SLOWER], "faster",
                          count[VERDICT_FASTER], "no_change", count[VERDICT_NO_CHANGE],
                          "undecided", count[VERDICT_UNDECIDED]);
    json_object_update_new(r, json_pack(
        "{s:o,s:o,s:o,s:o,s:o,s:b,s:i,s:i}", "worst_ratio", num(w ? w->e.ratio : NAN),
        "worst_lo", num(w ? w->e.lo : NAN), "worst_hi", num(w ? w->e.hi : NAN),
        "worst_elements", num(w ? w->elements : NAN), "worst_bytes",
        num(w ? w->bytes : NAN), "regressed", regressed, "sizes_with_modes", modes,
        "sizes_mixed_differently", differ));
    json_array_append_new(o->records, r);
}

/* ---- text */

static double at(const json_t *o, const char *k)
{
    return json_number_at(o, k);
}

static void print_rule(const struct compare_out *o)
{
    const struct launch_set *a = o->a, *b = o->b;
    const struct judging *j = o->j;
    printf("# A: %s (%s%d launch%s)  B: %s (%s%d launch%s)\n", a->dir,
           a->is_set ? "set, " : "single run, ", a->n, a->n == 1 ? "" : "es", b->dir,
           b->is_set ? "set, " : "single run, ", b->n, b->n == 1 ? "" : "es");
    if (a->is_set)
        printf("# ratio = B/A: the median of the pairwise ratios of the two sets' launch "
               "medians; [lo, hi]: its 95%% interval, the exact rank test inverted (the "
               "launch is the unit; docs/report.md)\n");
    else
        printf("# single runs: each verdict covers the noise within one launch only, and "
               "launches differ by more (docs/report.md); decide on launch sets "
               "(scripts/launches.sh). ratio = B/A of the medians; [lo, hi]: B's interval's "
               "ends over A's (lower over upper, upper over lower). A size that missed its "
               "target in either run is undecided.\n");
    printf("# verdict: slower or faster when [lo, hi] lies wholly beyond 1; no-change when "
           "it lies within [%.4g, %.4g] (the tolerance, %g%%%s); undecided otherwise\n",
           1 / (1 + j->tol), 1 + j->tol, 100 * j->tol,
           j->gate >= 0 ? ", with --fail-above: regressed when [lo, hi] lies wholly above "
                          "the gate" : "");
    const struct looks *lk = j->looks;
    if (lk && lk->n) {
        printf("# looks (%s): after", lk->file);
        for (int k = 0; k < lk->n; k++)
            printf(" %d", lk->at[k]);
        printf(" launches a side, each at its part of the level (alpha t^2 spent by "
               "t = launches / %d): a size is reported at the first look that settles "
               "it\n", lk->at[lk->n - 1]);
    }
    printf("# file elements t_A_us t_B_us ratio lo hi n_A n_B verdict\n");
}

static void print_sizes(const json_t *r)
{
    const char *file = json_string_value(json_object_get(r, "file"));
    size_t i;
    json_t *z;
    json_array_foreach(json_object_get(r, "sizes"), i, z)
        printf("%-40s %10.0f %12.6f %12.6f %8.4f %8.4f %8.4f %4lld %4lld %s\n", file,
               at(z, "elements"), at(z, "t_a_us"), at(z, "t_b_us"), at(z, "ratio"),
               at(z, "ratio_lo"), at(z, "ratio_hi"),
               json_integer_value(json_object_get(z, "launches_a")),
               json_integer_value(json_object_get(z, "launches_b")),
               json_string_value(json_object_get(z, "verdict")));
}

static void print_summary(const json_t *r, const struct judging *j)
{
    printf("summary %s: %lld slower, %lld faster, %lld no-change, %lld undecided",
           json_string_value(json_object_get(r, "file")),
           json_integer_value(json_object_get(r, "slower")),
           json_integer_value(json_object_get(r, "faster")),
           json_integer_value(json_object_get(r, "no_change")),
           json_integer_value(json_object_get(r, "undecided")));
    if (!isnan(at(r, "worst_ratio")))
        printf("; worst +%.1f%% [+%.1f%%, %+.1f%%] at %.0f elements (%.0f bytes)",
               100 * (at(r, "worst_ratio") - 1), 100 * (at(r, "worst_lo") - 1),
               100 * (at(r, "worst_hi") - 1), at(r, "worst_elements"), at(r, "worst_bytes"));
    if (json_is_true(json_object_get(r, "regressed")))
        printf(": REGRESSED beyond %g%%", 100 * j->gate);
    printf("\n");
}

/* the sizes left unsettled, and why */
static void print_unsettled(const json_t *r)
{
    size_t i;
    json_t *z;
    json_array_foreach(json_object_get(r, "sizes"), i, z) {
        if (json_is_true(json_object_get(z, "settled")))
            continue;
        printf("  unsettled at %.0f elements: ratio %.4g [%.4g, %.4g] from %lld + %lld "
               "launch%s: %s", at(z, "elements"), at(z, "ratio"), at(z, "ratio_lo"),
               at(z, "ratio_hi"), json_integer_value(json_object_get(z, "launches_a")),
               json_integer_value(json_object_get(z, "launches_b")),
               json_integer_value(json_object_get(z, "launches_b")) == 1 ? "" : "es",
               json_string_value(json_object_get(z, "why")));
        json_t *n = json_object_get(z, "launches_to_settle");
        if (json_is_integer(n))
            printf(": about %lld a side would likely settle it at this spread",
                   json_integer_value(n));
        printf("\n");
    }
}

static void print_modes(const json_t *r)
{
    size_t i;
    json_t *z;
    json_array_foreach(json_object_get(r, "sizes"), i, z) {
        json_t *m = json_object_get(z, "modes"), *g;
        if (!json_is_object(m))
            continue;
        printf("  modes at %.0f elements: the launch medians fall into %lld groups:",
               at(z, "elements"), (long long)json_array_size(json_object_get(m, "groups")));
        size_t k;
        json_array_foreach(json_object_get(m, "groups"), k, g)
            printf("%s %.4g us (A %lld, B %lld)", k ? "," : "", at(g, "median_us"),
                   json_integer_value(json_object_get(g, "a")),
                   json_integer_value(json_object_get(g, "b")));
        if (json_is_true(json_object_get(m, "proportions_differ")))
            printf("; the sets drew them in different proportions, which alone moves "
                   "the set medians");
        json_t *in = json_object_get(m, "within_shared_modes");
        if (json_is_object(in))
            printf("; within the modes both drew: ratio %.4g [%.4g, %.4g], %s",
                   at(in, "ratio"), at(in, "ratio_lo"), at(in, "ratio_hi"),
                   json_string_value(json_object_get(in, "verdict")));
        printf("\n");
    }
}

static void print_text(const struct compare_out *o)
{
    size_t i;
    json_t *r, *d;
    json_array_foreach(o->diff, i, d)
        printf("# differs (--allow-different): %s\n", json_string_value(d));
    print_rule(o);
    json_array_foreach(o->records, i, r)
        print_sizes(r);
    json_array_foreach(o->records, i, r) {
        print_summary(r, o->j);
        print_unsettled(r);
        print_modes(r);
    }
}

static json_t *looks_json(const struct looks *lk)
{
    if (!lk || !lk->n)
        return json_null();
    json_t *a = json_array();
    for (int k = 0; k < lk->n; k++)
        json_array_append_new(a, json_integer(lk->at[k]));
    return a;
}

static void print_json(const struct compare_out *o)
{
    const struct judging *j = o->j;
    json_t *root = json_pack("{s:s,s:s,s:s,s:f,s:f,s:o,s:o,s:O,s:O,s:i,s:i,s:i}",
        "a", o->a->dir, "b", o->b->dir, "kind", o->a->is_set ? "sets" : "single runs",
        "alpha", SET_ALPHA, "tolerance_percent", 100 * j->tol, "fail_above_percent",
        j->gate >= 0 ? json_real(100 * j->gate) : json_null(), "looks",
        looks_json(j->looks), "differences", o->diff, "records", o->records, "regressed",
        o->regressed, "unsettled", o->unsettled, "open", o->open);
    json_dumpf(root, stdout, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
    printf("\n");
    json_decref(root);
}

int compare_out_write(const struct compare_out *o, int json)
{
    if (json)
        print_json(o);
    else
        print_text(o);
    return stdout_end("mpigauge --compare");
}

void compare_out_say_regressed(const struct compare_out *o)
{
    fprintf(stderr, "mpigauge --compare: %d record%s of %s %s slower than %s by more "
            "than %g%% (the whole interval):\n", o->regressed, o->regressed == 1 ? "" : "s",
            o->b->dir, o->regressed == 1 ? "is" : "are", o->a->dir, 100 * o->j->gate);
    size_t i;
    json_t *r;
    json_array_foreach(o->records, i, r)
        if (json_is_true(json_object_get(r, "regressed")))
            fprintf(stderr, "  %s: worst +%.1f%% [+%.1f%%, %+.1f%%] at %.0f elements\n",
                    json_string_value(json_object_get(r, "file")),
                    100 * (at(r, "worst_ratio") - 1), 100 * (at(r, "worst_lo") - 1),
                    100 * (at(r, "worst_hi") - 1), at(r, "worst_elements"));
}
