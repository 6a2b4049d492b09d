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

const void *table_row(const struct table *t, size_t i)
{
    while (t && i >= t->n) {
        i -= t->n;
        t = t->more;
    }
    return t ? (const char *)t->rows + i * t->size : NULL;
}

size_t table_count(const struct table *t)
{
    size_t n = 0;
    for (; t; t = t->more)
        n += t->n;
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
