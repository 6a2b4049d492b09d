/* fingerprint_diff.c: two fingerprints' differences (fingerprint_diff.h) */
#include "offline/fingerprint_diff.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_NAMED = 40 };       /* control variables named before "and N more" */

/* a value as the message shows it: JSON text, or "absent" */
static char *shown(const json_t *v)
{
    return v ? json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT) : strdup("absent");
}

static void say(json_t *out, const char *prefix, const char *key, const json_t *a,
                const json_t *b)
{
    char *x = shown(a), *y = shown(b);
    size_t len = strlen(prefix) + strlen(key) + strlen(x) + strlen(y) + 32;
    char *line = malloc(len);
    snprintf(line, len, "%s%s: %s in A, %s in B", prefix, key, x, y);
    json_array_append_new(out, json_string(line));
    free(line);
    free(x);
    free(y);
}

int json_same(const json_t *a, const json_t *b)
{
    if (!a || !b)
        return a == b;
    if (json_is_number(a) && json_is_number(b))
        return json_number_value(a) == json_number_value(b);
    if (json_is_object(a) && json_is_object(b)) {
        if (json_object_size(a) != json_object_size(b))
            return 0;
        const char *key;
        json_t *v;
        json_object_foreach((json_t *)a, key, v)
            if (!json_same(v, json_object_get(b, key)))
                return 0;
        return 1;
    }
    if (json_is_array(a) && json_is_array(b)) {
        if (json_array_size(a) != json_array_size(b))
            return 0;
        for (size_t i = 0; i < json_array_size(a); i++)
            if (!json_same(json_array_get(a, i), json_array_get(b, i)))
                return 0;
        return 1;
    }
    return json_equal(a, b);
}

/* every key of a and b whose values differ; objects one level down
 * (options, environment) key by key */
static void diff_objects(json_t *out, const char *prefix, const json_t *a,
                         const json_t *b, int deep, int *named, int limit)
{
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)a, key, v) {
        const json_t *w = json_object_get(b, key);
        if (w && json_same(v, w))
            continue;
        if (deep && json_is_object(v) && json_is_object(w)) {
            char sub[256];
            snprintf(sub, sizeof sub, "%s%s.", prefix, key);
            diff_objects(out, sub, v, w, 0, named, limit);
        } else if (++*named <= limit) {
            say(out, prefix, key, v, w);
        }
    }
    json_object_foreach((json_t *)b, key, v)
        if (!json_object_get(a, key) && ++*named <= limit)
            say(out, prefix, key, NULL, v);
}

json_t *fingerprint_diff(const json_t *a, const json_t *b, const json_t *cvars_a,
                         const json_t *cvars_b)
{
    json_t *out = json_array();
    if (!a || !b) {
        json_array_append_new(out, json_string(!a && !b
            ? "neither A nor B has a fingerprint (run.json from before mpigauge 0.1.0 "
              "recorded one): nothing says they are alike"
            : !a ? "A has no fingerprint (a run.json from before they were recorded)"
                 : "B has no fingerprint (a run.json from before they were recorded)"));
        return out;
    }
    int named = 0;
    diff_objects(out, "", a, b, 1, &named, 1 << 30);
    const json_t *ha = json_object_get(a, "cvars_fnv1a64");
    const json_t *hb = json_object_get(b, "cvars_fnv1a64");
    if (ha && hb && !json_same(ha, hb) && cvars_a && cvars_b) {
        int cv = 0;
        diff_objects(out, "cvar ", cvars_a, cvars_b, 0, &cv, MAX_NAMED);
        if (cv > MAX_NAMED) {
            char line[96];
            snprintf(line, sizeof line, "and %d more control variables", cv - MAX_NAMED);
            json_array_append_new(out, json_string(line));
        }
    }
    return out;
}
