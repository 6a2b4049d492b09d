/* type_lines.c: a shaped datatype's make, size, extent and blocks, and a
 * sizes= list, as the data file's header and run.json say them */
#include "output/type_lines.h"

#include "registry/shaped.h"
#include "registry/sizes.h"

/* where the list came from, in words */
static void list_origin(const struct record *r, char *out, size_t len)
{
    if (r->sizes->path[0])
        snprintf(out, len, "read from %s", r->sizes->path);
    else
        snprintf(out, len, "written in the record");
}

void type_lines(FILE *f, const struct result *res)
{
    const struct record *r = res->rec;
    long size, extent;
    int blocks;
    if (r->dt->shape) {
        char how[400];
        shape_text(r->dt, how, sizeof how);
        shape_numbers(r->dt, &size, &extent, &blocks);
        fprintf(f, "# datatype: %s is %s: size %ld bytes, extent %ld bytes, %d block%s "
                "of %s; an element is one of these; --check compares the typed bytes "
                "and expects every gap byte as the receive buffer held it\n",
                r->dt->name, how, size, extent, blocks, blocks == 1 ? "" : "s",
                r->dt->shape->base ? r->dt->shape->base->name : "?");
    }
    if (r->sizes) {
        char from[300];
        list_origin(r, from, sizeof from);
        fprintf(f, "# sizes: the record's sizes= list, %zu size%s %s, measured instead "
                "of its ADD/MUL steps (min %llu and max %llu bound it)\n", r->sizes->n,
                r->sizes->n == 1 ? "" : "s", from, (unsigned long long)r->min,
                (unsigned long long)r->max);
    }
}

void type_json_add(json_t *o, const struct result *res)
{
    const struct record *r = res->rec;
    if (r->dt->shape) {
        char how[400];
        long size, extent;
        int blocks;
        shape_text(r->dt, how, sizeof how);
        shape_numbers(r->dt, &size, &extent, &blocks);
        json_object_set_new(o, "datatype_shape", json_pack("{s:s,s:I,s:I,s:i}",
            "made", how, "size", (json_int_t)size, "extent", (json_int_t)extent,
            "blocks", blocks));
    }
    if (r->sizes) {
        json_t *v = json_array();
        for (size_t i = 0; i < r->sizes->n; i++)
            json_array_append_new(v, json_integer((json_int_t)r->sizes->v[i]));
        json_object_set_new(o, "sizes_list", json_pack("{s:o,s:o}", "file",
            r->sizes->path[0] ? json_string(r->sizes->path) : json_null(), "sizes", v));
    }
}
