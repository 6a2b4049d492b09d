/* settings_walk.h: every setting of every family, for the parser, --list,
 * the reference and the man page (settings_walk.c); the rows themselves
 * are registry/settings.h's */
#ifndef MPIGAUGE_SETTINGS_WALK_H
#define MPIGAUGE_SETTINGS_WALK_H

#include <stddef.h>
#include "registry/settings.h"

/* the common rows, then each family's own in the order the call table
 * first names the family; setting_at gives NULL past the last */
size_t settings_count(void);
const struct setting *setting_at(size_t i);
/* the row of key (exact, lower case) among them all, or NULL */
const struct setting *setting_find(const char *key);

#endif
