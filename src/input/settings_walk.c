/* settings_walk.c: every setting, common and every family's own, walked
 * through the call table (a family is found by its calls): input/ sits
 * above kernels/, which defines that table, so the walk is here, not in
 * registry/. */
#include "input/settings_walk.h"

#include <string.h>

/* the families that own settings, in the order the call table first
 * names them (a family's calls are one part of the table, together) */
static const struct family *owner_at(size_t i)
{
    const struct family *last = NULL;
    size_t found = 0;
    for (size_t j = 0; j < table_count(&call_table); j++) {
        const struct call *c = table_row(&call_table, j);
        if (c->family == last || !c->family->nsettings)
            continue;
        last = c->family;
        if (found++ == i)
            return last;
    }
    return NULL;
}

size_t settings_count(void)
{
    size_t n = settings_common_count();
    const struct family *f;
    for (size_t i = 0; (f = owner_at(i)) != NULL; i++)
        n += (size_t)f->nsettings;
    return n;
}

const struct setting *setting_at(size_t i)
{
    if (i < settings_common_count())
        return setting_common(i);
    i -= settings_common_count();
    const struct family *f;
    for (size_t j = 0; (f = owner_at(j)) != NULL; j++) {
        if (i < (size_t)f->nsettings)
            return &f->settings[i];
        i -= (size_t)f->nsettings;
    }
    return NULL;
}

const struct setting *setting_find(const char *key)
{
    const struct setting *s;
    for (size_t i = 0; (s = setting_at(i)) != NULL; i++)
        if (strcmp(s->key, key) == 0)
            return s;
    return NULL;
}
