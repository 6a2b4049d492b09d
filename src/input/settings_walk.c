/* settings_walk.c: every setting, common and every family's own, walked
 * through the call table (a family is found by its calls): input/ sits
 * above kernels/, which defines that table, so the walk is here, not in
 * registry/. */
#include "input/settings_walk.h"

#include <string.h>

/* the families that own settings, each once, in the order the call
 * table first names them (the collective and reduction calls alternate
 * in it); found once, the table being constant */
#define MAX_OWNERS 64
static const struct family *owner_at(size_t i)
{
    static const struct family *owners[MAX_OWNERS];
    static size_t nowners, walked;
    if (!walked) {
        for (size_t j = 0; j < table_count(&call_table); j++) {
            const struct family *f = ((const struct call *)table_row(&call_table, j))->family;
            size_t k = 0;
            while (k < nowners && owners[k] != f)
                k++;
            if (f->nsettings && k == nowners && nowners < MAX_OWNERS)
                owners[nowners++] = f;
        }
        walked = 1;
    }
    return i < nowners ? owners[i] : NULL;
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
