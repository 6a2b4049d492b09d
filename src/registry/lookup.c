/* lookup.c: the one lookup every table of the registry shares */
#include "registry/registry.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

static int fold(int c)
{
    return c == '-' ? '_' : toupper(c);
}

/* Case-insensitive, '-' and '_' alike, an optional MPI_ prefix (and
 * MPI_COMM_ for topologies, so MPI_COMM_WORLD names WORLD). */
int name_matches(const char *input, const char *canonical)
{
    if (strncasecmp(input, "MPI_", 4) == 0) {
        input += 4;
        if (strncasecmp(input, "COMM_", 5) == 0 &&
            strncasecmp(canonical, "COMM", 4) != 0)
            input += 5;
    }
    while (*input && *canonical) {
        if (fold((unsigned char)*input) != fold((unsigned char)*canonical))
            return 0;
        input++;
        canonical++;
    }
    return *input == 0 && *canonical == 0;
}

/* part j of t: t itself, then its parts; NULL past the last */
static const struct table *part(const struct table *t, size_t j)
{
    if (j == 0)
        return t;
    for (size_t k = 1; t->parts && t->parts[k - 1]; k++)
        if (k == j)
            return t->parts[k - 1];
    return NULL;
}

const void *table_row(const struct table *t, size_t i)
{
    const struct table *p;
    for (size_t j = 0; (p = part(t, j)); j++) {
        if (i < p->n)
            return (const char *)p->rows + i * p->size;
        i -= p->n;
    }
    return NULL;
}

size_t table_count(const struct table *t)
{
    size_t n = 0;
    const struct table *p;
    for (size_t j = 0; (p = part(t, j)); j++)
        n += p->n;
    return n;
}

const char *table_name(const struct table *t, size_t i)
{
    /* every row begins with its name */
    const char *const *row = table_row(t, i);
    return row ? *row : NULL;
}

const void *table_find(const struct table *t, const char *name)
{
    for (size_t a = 0; t->aliases && t->aliases[a]; a += 2)
        if (name_matches(name, t->aliases[a]))
            name = t->aliases[a + 1];
    const char *nm;
    for (size_t i = 0; (nm = table_name(t, i)); i++)
        if (name_matches(name, nm))
            return table_row(t, i);
    return NULL;
}
