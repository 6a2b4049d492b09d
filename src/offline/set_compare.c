/* set_compare.c: mpigauge --compare (set_compare.h) */
#include "offline/set_compare.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/base.h"
#include "base/exit_status.h"
#include "offline/compare_json.h"
#include "offline/fingerprint_diff.h"
#include "offline/launch_set.h"
#include "offline/looks.h"
#include "offline/set_summary.h"
#include "offline/size_verdict.h"

/* "5%", "5" or "0.5%": digits, an optional fraction and an optional
 * percent sign, as scripts/compare.sh and launches.sh pass them on; 0 and
 * the fraction (0.05), or -1 */
int parse_percent(const char *s, double *out)
{
    const char *p = s;
    if (!isdigit((unsigned char)*p))
        return -1;
    while (isdigit((unsigned char)*p))
        p++;
    if (*p == '.') {
        p++;
        if (!isdigit((unsigned char)*p))
            return -1;
        while (isdigit((unsigned char)*p))
            p++;
    }
    if (*p == '%')
        p++;
    if (*p || p - s > 20)
        return -1;
    *out = strtod(s, NULL) / 100;
    return 0;
}

/* size `elements` of `file` in both; 0 when either lacks it */
static int compare_size(const struct launch_set *a, const struct launch_set *b,
                        const char *file, double elements, const struct judging *j,
                        struct size_cmp *c)
{
    memset(c, 0, sizeof *c);
    c->elements = elements;
    if (a->is_set) {
        struct set_size za, zb;
        set_size_of(a, file, elements, &za);
        set_size_of(b, file, elements, &zb);
        if (!za.n || !zb.n)
            return 0;
        c->bytes = za.bytes;
        judge_sets(c, &za, &zb, j);
    } else {
        struct launch_point pa, pb;
        if (!launch_point_at(a, 0, file, elements, &pa) ||
            !launch_point_at(b, 0, file, elements, &pb))
            return 0;
        c->bytes = pa.bytes;
        judge_runs(c, &pa, &pb, j);
    }
    return 1;
}

/* one record of A compared with B's, appended to out */
static void record_compare(const struct launch_set *a, const struct launch_set *b,
                           const json_t *rec, const struct judging *j,
                           struct compare_out *out)
{
    const char *file = json_string_value(json_object_get(rec, "file"));
    if (!json_object_get(b->launch[0].by_file, file))
        return;
    const json_t *pts = record_points(rec), *pt;
    size_t i, n = json_array_size(pts);
    struct size_cmp *c = xcalloc(n + 1, sizeof *c);
    int kept = 0;
    json_array_foreach(pts, i, pt) {
        double el = json_number_at(pt, "elements");
        kept += compare_size(a, b, file, el, j, &c[kept]);
    }
    if (kept)
        compare_out_record(out, rec, c, kept);
    free(c);
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

/* --fail-above and --tolerance into j: 0, or 2 said */
static int read_limits(const struct options *o, struct judging *j)
{
    j->gate = -1;
    j->tol = 0.05;
    if (o->fail_above && parse_percent(o->fail_above, &j->gate)) {
        fprintf(stderr, "mpigauge --compare: --fail-above '%s': expected a percentage "
                "of 0 or more, like 5%% (or 5)\n", o->fail_above);
        return EXIT_BAD_INPUT;
    }
    if (o->tolerance && parse_percent(o->tolerance, &j->tol)) {
        fprintf(stderr, "mpigauge --compare: --tolerance '%s': expected a percentage "
                "of 0 or more, like 5%% (or 5)\n", o->tolerance);
        return EXIT_BAD_INPUT;
    }
    if (!o->tolerance && j->gate >= 0)
        j->tol = j->gate;
    return 0;
}

int set_compare_main(const struct options *o)
{
    struct judging j = {0};
    if (read_limits(o, &j))
        return EXIT_BAD_INPUT;
    struct launch_set a, b;
    struct looks looks = {0};
    json_t *diff;
    int rc = load_both(o, &a, &b, &diff);
    if (!rc && a.is_set)
        rc = looks_load(&looks, a.dir, b.dir);
    j.looks = &looks;
    j.last_a = a.last;
    j.last_b = b.last;
    struct compare_out out;
    compare_out_begin(&out, &a, &b, &j, diff);
    if (!rc) {
        json_t *recs = launch_set_records(&a), *r;
        size_t i;
        json_array_foreach(recs, i, r)
            record_compare(&a, &b, r, &j, &out);
        json_decref(recs);
        rc = compare_out_write(&out, o->json);
        if (!rc && out.regressed)
            compare_out_say_regressed(&out);
        if (!rc && !out.compared)
            fprintf(stderr, "mpigauge --compare: no record of %s has sizes measured in "
                    "%s too\n", a.dir, b.dir);
        if (!rc)
            rc = !out.compared || out.regressed ? 1 : 0;
    }
    compare_out_free(&out);
    json_decref(diff);
    launch_set_free(&a);
    launch_set_free(&b);
    return rc;
}
