/* table.h: the generic table every registry table is: rows reached by name through one lookup (lookup.c); a part of registry.h, the registry's main header */
#ifndef MPIGAUGE_REGISTRY_TABLE_H
#define MPIGAUGE_REGISTRY_TABLE_H

#include <stddef.h>

/* ---- the generic table ---------------------------------------------------- */
struct table {
    const char *what;          /* "call", "datatype": for messages */
    const void *rows;          /* each row begins with `const char *name` */
    size_t n, size;            /* rows, bytes per row */
    /* other names MPI itself uses: alias, name, alias, name, ..., NULL */
    const char *const *aliases;
    /* a long table's further parts, in order, NULL-terminated (the call
     * table: one part a family file, listed in kernels/calls.c); NULL in
     * a table of one part and in the parts themselves */
    const struct table *const *parts;
};

/* The row named name (case-insensitive, an optional MPI_ prefix, '-' and
 * '_' alike), or NULL. */
const void *table_find(const struct table *t, const char *name);
/* Row i (counting on through the parts that follow), or NULL past the
 * end; table_count: the rows of all parts. */
const void *table_row(const struct table *t, size_t i);
size_t table_count(const struct table *t);
const char *table_name(const struct table *t, size_t i);

/* Name matching shared by every table. */
int name_matches(const char *input, const char *canonical);

#endif
