/* set_compare.c: mpigauge --compare (set_compare.h) */
#include "offline/set_compare.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/base.h"
#include "base/exit_status.h"
#include "models/launch_stats.h"
#include "offline/fingerprint_diff.h"
#include "offline/launch_set.h"
#include "offline/set_summary.h"

enum verdict { SAME, SLOWER, FASTER, INCONCLUSIVE, NVERDICTS };
static const char *const verdict_name[NVERDICTS] = {"same", "slower", "faster",
                                                    "inconclusive"};

/* one size compared */
struct size_cmp {
    double elements, bytes, ta, tb, ratio, p_slower, p_faster;
    double lo[2], hi[2];       /* A's and B's interval: the set's, or the run's */
    int na, nb;
    enum verdict v;
    const char *why;           /* why inconclusive, or NULL */
};

/* "5%", "5" or "0.5%": 0 and the percentage, or -1 */
static int parse_percent(const char *s, double *out)
{
    char *end;
    double v = strtod(s, &end);
    if (end == s || (*end && strcmp(end, "%") != 0) || !isfinite(v) || v < 0)
        return -1;
    *out = v;
    return 0;
}

/* two sets: the rank test on the launches' medians */
static void judge_sets(struct size_cmp *c, const struct set_size *a, const struct set_size *b)
{
    c->na = a->n;
    c->nb = b->n;
    c->ta = a->spread.median;
    c->tb = b->spread.median;
    c->lo[0] = a->spread.lo;
    c->hi[0] = a->spread.hi;
    c->lo[1] = b->spread.lo;
    c->hi[1] = b->spread.hi;
    if (mann_whitney_min_p((size_t)a->n, (size_t)b->n) > SET_ALPHA) {
        c->v = INCONCLUSIVE;
        c->why = "too few launches for the test (at least 4 a side)";
        return;
    }
    double u = mann_whitney_u(a->t, (size_t)a->n, b->t, (size_t)b->n);
    c->p_slower = mann_whitney_p_at_most(u, (size_t)a->n, (size_t)b->n);
    c->p_faster = mann_whitney_p_at_most((double)a->n * b->n - u, (size_t)a->n,
                                         (size_t)b->n);
    c->v = c->p_slower <= SET_ALPHA ? SLOWER : c->p_faster <= SET_ALPHA ? FASTER : SAME;
}

/* two single runs: the intervals, and no verdict past a missed target */
static void judge_runs(struct size_cmp *c, const struct launch_point *a,
                       const struct launch_point *b)
{
    c->na = c->nb = 1;
    c->ta = a->t_us;
    c->tb = b->t_us;
    c->lo[0] = a->lo_us;
    c->hi[0] = a->hi_us;
    c->lo[1] = b->lo_us;
    c->hi[1] = b->hi_us;
    if (isnan(a->lo_us) || isnan(b->lo_us)) {
        c->v = INCONCLUSIVE;
        c->why = "no interval (fewer than 6 blocks)";
    } else if (!a->target_met || !b->target_met) {
        c->v = INCONCLUSIVE;
        c->why = "a run missed its target here";
    } else {
        c->v = b->lo_us > a->hi_us ? SLOWER : b->hi_us < a->lo_us ? FASTER : SAME;
    }
}

/* size `elements` of `file` in both; 0 when either lacks it */
static int compare_size(const struct launch_set *a, const struct launch_set *b,
                        const char *file, double elements, struct size_cmp *c)
{
    memset(c, 0, sizeof *c);
    c->elements = elements;
    c->p_slower = c->p_faster = NAN;
    if (a->is_set) {
        struct set_size za, zb;
        set_size_of(a, file, elements, &za);
        set_size_of(b, file, elements, &zb);
        if (!za.n || !zb.n)
            return 0;
        c->bytes = za.bytes;
        judge_sets(c, &za, &zb);
    } else {
        struct launch_point pa, pb;
        if (!launch_point_at(a, 0, file, elements, &pa) ||
            !launch_point_at(b, 0, file, elements, &pb))
            return 0;
        c->bytes = pa.bytes;
        judge_runs(c, &pa, &pb);
    }
    c->ratio = c->tb / c->ta;
    return 1;
}

/* what the comparison found, for the text and JSON writers */
struct outcome {
    json_t *records;           /* per record: its sizes and summary */
    int compared, regressed;
};

static json_t *size_json(const struct size_cmp *c)
{
    return json_pack("{s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:s,s:s?,s:o,s:o,s:i,s:i}",
        "elements", json_finite_or_null(c->elements), "bytes", json_finite_or_null(c->bytes), "t_a_us", json_finite_or_null(c->ta),
        "a_lo_us", json_finite_or_null(c->lo[0]), "a_hi_us", json_finite_or_null(c->hi[0]), "t_b_us", json_finite_or_null(c->tb),
        "b_lo_us", json_finite_or_null(c->lo[1]), "b_hi_us", json_finite_or_null(c->hi[1]),
        "ratio", json_finite_or_null(c->ratio), "verdict", verdict_name[c->v],
        "why", c->why, "p_slower", json_finite_or_null(c->p_slower), "p_faster", json_finite_or_null(c->p_faster),
        "launches_a", c->na, "launches_b", c->nb);
}

static void record_compare(const struct launch_set *a, const struct launch_set *b,
                           const json_t *rec, double gate, struct outcome *out)
{
    const char *file = json_string_value(json_object_get(rec, "file"));
    if (!json_object_get(b->launch[0].by_file, file))
        return;
    const json_t *pts = record_points(rec), *pt;
    json_t *sizes = json_array();
    int count[NVERDICTS] = {0};
    double worst = 0, worst_el = 0, worst_bytes = 0;
    size_t i;
    json_array_foreach(pts, i, pt) {
        struct size_cmp c;
        double el = json_number_value(json_object_get(pt, "elements"));
        if (!compare_size(a, b, file, el, &c))
            continue;
        count[c.v]++;
        if (c.v == SLOWER && c.ratio > worst) {
            worst = c.ratio;
            worst_el = c.elements;
            worst_bytes = c.bytes;
        }
        json_array_append_new(sizes, size_json(&c));
    }
    if (!json_array_size(sizes)) {
        json_decref(sizes);
        return;
    }
    int regressed = gate >= 0 && worst > 1 + gate / 100;
    out->compared++;
    out->regressed += regressed;
    json_array_append_new(out->records, json_pack(
        "{s:s,s:O?,s:o,s:i,s:i,s:i,s:i,s:o,s:o,s:o,s:b}", "file", file,
        "line", json_object_get(rec, "line"), "sizes", sizes, "slower", count[SLOWER],
        "faster", count[FASTER], "same", count[SAME], "inconclusive", count[INCONCLUSIVE],
        "worst_ratio", worst > 0 ? json_real(worst) : json_null(),
        "worst_elements", worst > 0 ? json_real(worst_el) : json_null(),
        "worst_bytes", worst > 0 ? json_real(worst_bytes) : json_null(),
        "regressed", regressed));
}

static void print_rule(const struct launch_set *a, const struct launch_set *b)
{
    printf("# A: %s (%s%d launch%s)  B: %s (%s%d launch%s)\n", a->dir,
           a->is_set ? "set, " : "single run, ", a->n, a->n == 1 ? "" : "es", b->dir,
           b->is_set ? "set, " : "single run, ", b->n, b->n == 1 ? "" : "es");
    if (a->is_set)
        printf("# t: the median of the launches' medians; verdict per size from the "
               "launches' medians: slower or faster when the exact one-sided "
               "Wilcoxon-Mann-Whitney test gives p <= %.3g (docs/report.md)\n", SET_ALPHA);
    else
        printf("# single runs: each verdict covers the noise within one launch only, and "
               "launches differ by more (docs/report.md); decide on launch sets "
               "(scripts/launches.sh). A size that missed its target in either run is "
               "inconclusive.\n");
    printf("# file elements t_A_us t_B_us ratio verdict\n");
}

static void print_text(const struct outcome *out, double gate)
{
    size_t i, j;
    json_t *r, *z;
    json_array_foreach(out->records, i, r) {
        const char *file = json_string_value(json_object_get(r, "file"));
        json_array_foreach(json_object_get(r, "sizes"), j, z)
            printf("%-48s %10.0f %12.6f %12.6f %8.4f %s\n", file,
                   json_number_value(json_object_get(z, "elements")),
                   json_number_value(json_object_get(z, "t_a_us")),
                   json_number_value(json_object_get(z, "t_b_us")),
                   json_number_value(json_object_get(z, "ratio")),
                   json_string_value(json_object_get(z, "verdict")));
    }
    json_array_foreach(out->records, i, r) {
        printf("summary %s: %lld slower, %lld faster, %lld same, %lld inconclusive",
               json_string_value(json_object_get(r, "file")),
               json_integer_value(json_object_get(r, "slower")),
               json_integer_value(json_object_get(r, "faster")),
               json_integer_value(json_object_get(r, "same")),
               json_integer_value(json_object_get(r, "inconclusive")));
        const json_t *w = json_object_get(r, "worst_ratio");
        if (json_is_number(w))
            printf("; worst +%.1f%% at %.0f elements (%.0f bytes)",
                   100 * (json_number_value(w) - 1),
                   json_number_value(json_object_get(r, "worst_elements")),
                   json_number_value(json_object_get(r, "worst_bytes")));
        if (json_is_true(json_object_get(r, "regressed")))
            printf(": REGRESSED beyond %g%%", gate);
        printf("\n");
    }
}

/* the gate's verdict on stderr, for a CI log: each regressed record */
static void say_regressed(const struct outcome *out, const char *b, const char *a,
                          double gate)
{
    fprintf(stderr, "mpigauge --compare: %d record%s of %s %s slower than %s by more "
            "than %g%%:\n", out->regressed, out->regressed == 1 ? "" : "s", b,
            out->regressed == 1 ? "is" : "are", a, gate);
    size_t i;
    json_t *r;
    json_array_foreach(out->records, i, r)
        if (json_is_true(json_object_get(r, "regressed")))
            fprintf(stderr, "  %s: worst +%.1f%% at %.0f elements\n",
                    json_string_value(json_object_get(r, "file")),
                    100 * (json_number_value(json_object_get(r, "worst_ratio")) - 1),
                    json_number_value(json_object_get(r, "worst_elements")));
}

/* both sides loaded and alike (or allowed to differ); 0 or 2 */
static int load_both(const struct options *o, struct launch_set *a, struct launch_set *b,
                     json_t **diff)
{
    *diff = NULL;
    if (launch_set_load(a, o->compare, "A") || launch_set_load(b, o->compare_b, "B"))
        return EXIT_BAD_INPUT;
    if (a->is_set != b->is_set) {
        fprintf(stderr, "mpigauge --compare: %s is %s and %s %s: compare two launch "
                "sets, or two single runs\n", a->dir, a->is_set ? "a launch set" :
                "a single run", b->dir, b->is_set ? "a launch set" : "a single run");
        return EXIT_BAD_INPUT;
    }
    *diff = fingerprint_diff(launch_set_fingerprint(a), launch_set_fingerprint(b),
                             launch_set_cvars(a), launch_set_cvars(b));
    if (json_array_size(*diff) && !o->allow_different) {
        size_t i;
        json_t *d;
        fprintf(stderr, "mpigauge --compare: A (%s) and B (%s) are unlike runs; their "
                "fingerprints differ in:\n", a->dir, b->dir);
        json_array_foreach(*diff, i, d)
            fprintf(stderr, "  %s\n", json_string_value(d));
        fprintf(stderr, "(--allow-different compares them all the same)\n");
        return EXIT_BAD_INPUT;
    }
    return 0;
}

static void print_json(const struct launch_set *a, const struct launch_set *b,
                       const struct outcome *out, json_t *diff, double gate)
{
    json_t *root = json_pack("{s:s,s:s,s:s,s:f,s:o,s:O,s:O,s:i}", "a", a->dir,
        "b", b->dir, "kind", a->is_set ? "sets" : "single runs", "alpha", SET_ALPHA,
        "fail_above_percent", gate >= 0 ? json_real(gate) : json_null(),
        "differences", diff, "records", out->records, "regressed", out->regressed);
    json_dumpf(root, stdout, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
    printf("\n");
    json_decref(root);
}

int set_compare_main(const struct options *o)
{
    double gate = -1;
    if (o->fail_above && parse_percent(o->fail_above, &gate)) {
        fprintf(stderr, "mpigauge --compare: --fail-above '%s': expected a percentage "
                "of 0 or more, like 5%% (or 5)\n", o->fail_above);
        return EXIT_BAD_INPUT;
    }
    struct launch_set a, b;
    json_t *diff;
    int rc = load_both(o, &a, &b, &diff);
    struct outcome out = {json_array(), 0, 0};
    if (!rc) {
        json_t *recs = launch_set_records(&a), *r;
        size_t i;
        json_array_foreach(recs, i, r)
            record_compare(&a, &b, r, gate, &out);
        json_decref(recs);
        if (o->json) {
            print_json(&a, &b, &out, diff, gate);
        } else {
            json_t *d;
            json_array_foreach(diff, i, d)
                printf("# differs (--allow-different): %s\n", json_string_value(d));
            print_rule(&a, &b);
            print_text(&out, gate);
        }
        if (out.regressed)
            say_regressed(&out, b.dir, a.dir, gate);
        if (!out.compared)
            fprintf(stderr, "mpigauge --compare: no record of %s has sizes measured in "
                    "%s too\n", a.dir, b.dir);
        rc = !out.compared || out.regressed ? 1 : 0;
    }
    json_decref(out.records);
    json_decref(diff);
    launch_set_free(&a);
    launch_set_free(&b);
    return rc;
}
