/* looks.c: a comparison's looks, from SET/looks.json (looks.h) */
#include "offline/looks.h"

#include <jansson.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include "base/exit_status.h"

/* dir/looks.json into l; 0 when it is absent (l->n 0), 1 read, -1 bad (said) */
static int read_one(struct looks *l, const char *dir)
{
    memset(l, 0, sizeof *l);
    snprintf(l->file, sizeof l->file, "%s/looks.json", dir);
    struct stat st;
    if (stat(l->file, &st) != 0)
        return 0;
    json_error_t e;
    json_t *root = json_load_file(l->file, 0, &e), *at = json_object_get(root, "looks"), *v;
    const char *bad = NULL;
    if (!root) {
        fprintf(stderr, "mpigauge --compare: %s:%d:%d: not JSON: %s\n", l->file, e.line,
                e.column, e.text);
        return -1;
    }
    if (!json_is_array(at) || !json_array_size(at) || json_array_size(at) > MAX_LOOKS)
        bad = "expected an array of 1 to 64 whole numbers of launches";
    size_t i;
    json_array_foreach(at, i, v) {
        if (bad)
            break;
        json_int_t k = json_is_integer(v) ? json_integer_value(v) : 0;
        if (k < 1 || k > 1000000 || (i && k <= l->at[i - 1]))
            bad = "expected whole numbers of launches from 1, each above the one before";
        else
            l->at[l->n++] = (int)k;
    }
    json_decref(root);
    if (bad) {
        fprintf(stderr, "mpigauge --compare: %s: field \"looks\": %s\n", l->file, bad);
        return -1;
    }
    return 1;
}

int looks_load(struct looks *l, const char *dir_a, const char *dir_b)
{
    struct looks b;
    int ra = read_one(l, dir_a), rb = read_one(&b, dir_b);
    if (ra < 0 || rb < 0)
        return EXIT_BAD_INPUT;
    if (ra != rb || l->n != b.n || memcmp(l->at, b.at, sizeof l->at) != 0) {
        fprintf(stderr, "mpigauge --compare: the two sets were not made by one sequential "
                "design: %s %s and %s %s (launches.sh -o A -o B --until-decided writes "
                "the same looks into both)\n", l->file, ra ? "has its looks" : "is absent",
                b.file, rb ? (ra ? "has others" : "has looks") : "is absent");
        return EXIT_BAD_INPUT;
    }
    return 0;
}
