/* sizes.c: the element counts a record measures */
#include "registry/sizes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t next_size(uint64_t n, enum step step, uint64_t value,
                          uint64_t max)
{
    if (step == STEP_ADD)
        return value > max - n ? max + 1 : n + value;
    if (n == 0)
        return 1;
    return n > max / value ? max + 1 : n * value;
}

size_t size_sequence(uint64_t min, uint64_t max, enum step step,
                     uint64_t value, uint64_t *out, size_t cap)
{
    size_t count = 0;
    uint64_t last = 0;
    for (uint64_t n = min; n <= max; n = next_size(n, step, value, max)) {
        if (out && count < cap)
            out[count] = n;
        count++;
        last = n;
        if (n == max)
            break;
    }
    if (last != max) {
        if (out && count < cap)
            out[count] = max;
        count++;
    }
    return count;
}

uint64_t size_count(uint64_t min, uint64_t max, enum step step, uint64_t value)
{
    if (step == STEP_ADD) {
        uint64_t steps = (max - min) / value;       /* min + k value <= max */
        return steps + 1 + (min + steps * value != max);
    }
    return size_sequence(min, max, step, value, NULL, 0);  /* at most ~33 */
}

/* ---- sizes= lists ---------------------------------------------------------- */
static struct size_list **lists;
static size_t nlists, caplists;

static struct size_list *new_list(void)
{
    if (nlists == caplists) {
        caplists = caplists ? 2 * caplists : 8;
        struct size_list **grown = realloc(lists, caplists * sizeof *lists);
        if (!grown)
            abort();
        lists = grown;
    }
    struct size_list *l = calloc(1, sizeof *l);
    if (!l)
        abort();
    lists[nlists++] = l;
    return l;
}

static void put(struct size_list *l, const uint64_t *v, size_t n)
{
    l->v = malloc((n ? n : 1) * sizeof *l->v);
    if (!l->v)
        abort();
    memcpy(l->v, v, n * sizeof *v);
    l->n = n;
    l->read = 1;
}

const struct size_list *size_list_values(const uint64_t *v, size_t n)
{
    for (size_t i = 0; i < nlists; i++)
        if (!lists[i]->path[0] && lists[i]->n == n &&
            memcmp(lists[i]->v, v, n * sizeof *v) == 0)
            return lists[i];
    struct size_list *l = new_list();
    put(l, v, n);
    return l;
}

const struct size_list *size_list_file(const char *path)
{
    for (size_t i = 0; i < nlists; i++)
        if (strcmp(lists[i]->path, path) == 0)
            return lists[i];
    struct size_list *l = new_list();
    snprintf(l->path, sizeof l->path, "%s", path);
    return l;
}

void size_list_fill(const struct size_list *l, const uint64_t *v, size_t n)
{
    for (size_t i = 0; i < nlists; i++)
        if (lists[i] == l && !l->read)
            put(lists[i], v, n);
}

void size_lists_free(void)
{
    for (size_t i = 0; i < nlists; i++) {
        free(lists[i]->v);
        free(lists[i]);
    }
    free(lists);
    lists = NULL;
    nlists = caplists = 0;
}

uint64_t record_size_count(const struct record *r)
{
    if (r->sizes)
        return r->sizes->n;
    return size_count(r->min, r->max, r->step, r->value);
}

size_t record_sizes(const struct record *r, uint64_t *out, size_t cap)
{
    if (!r->sizes)
        return size_sequence(r->min, r->max, r->step, r->value, out, cap);
    for (size_t i = 0; out && i < r->sizes->n && i < cap; i++)
        out[i] = r->sizes->v[i];
    return r->sizes->n;
}
