/* export.c: --export csv, the tidy table of a result folder or a launch
 * set: one row a point (a record's size), its columns the launch (a set
 * only), every scalar member of the record in run.json (call, datatype,
 * topology, op, status, check, start, end ...; "record_KEY" where a point
 * has a member of the same name), the record's settings as "setting_KEY",
 * then every member of the point (t_med_us, bytes, ...).  A column a row
 * lacks is empty; JSON null is empty; an object or array is its compact
 * JSON text.  RFC 4180: CRLF line ends, a field quoted (its quotes
 * doubled) when it holds a comma, a quote, CR or LF.  Numbers are written
 * with the fewest digits (15, else 17) that read back to the same double. */
#include "offline/export.h"
#include "offline/launch_set.h"

#include <stdlib.h>
#include <string.h>
#include "base/base.h"
#include "base/exit_status.h"

/* the columns, in the order first seen */
struct columns {
    char **name;
    const char **key;          /* the member it reads */
    int *from;                 /* COL_LAUNCH, COL_RECORD, COL_SETTING, COL_POINT */
    int n, cap;
};

enum { COL_LAUNCH, COL_RECORD, COL_SETTING, COL_POINT };

static int column_index(const struct columns *c, int from, const char *key)
{
    for (int i = 0; i < c->n; i++)
        if (c->from[i] == from && strcmp(c->key[i], key) == 0)
            return i;
    return -1;
}

static void column_add(struct columns *c, int from, const char *key, const char *name)
{
    if (column_index(c, from, key) >= 0)
        return;
    if (c->n == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 32;
        c->name = xrealloc(c->name, (size_t)c->cap * sizeof *c->name);
        c->key = xrealloc(c->key, (size_t)c->cap * sizeof *c->key);
        c->from = xrealloc(c->from, (size_t)c->cap * sizeof *c->from);
    }
    c->name[c->n] = xstrdup(name);
    c->key[c->n] = key;
    c->from[c->n++] = from;
}

static void columns_free(struct columns *c)
{
    for (int i = 0; i < c->n; i++)
        free(c->name[i]);
    free(c->name);
    free(c->key);
    free(c->from);
}

/* the records of a launch in the order of their lines (--shuffle changes
 * only the order they ran in) */
static int by_line(const void *a, const void *b)
{
    json_int_t x = json_integer_value(json_object_get(*(json_t *const *)a, "line"));
    json_int_t y = json_integer_value(json_object_get(*(json_t *const *)b, "line"));
    return x < y ? -1 : x > y;
}

static json_t **sorted_records(const struct launch *l, size_t *n)
{
    json_t *recs = json_object_get(l->root, "records");
    *n = json_array_size(recs);
    json_t **v = xcalloc(*n + 1, sizeof *v);
    for (size_t i = 0; i < *n; i++)
        v[i] = json_array_get(recs, i);
    qsort(v, *n, sizeof *v, by_line);
    return v;
}

/* every point member first (they keep their plain names), then the
 * records' members and settings */
static void find_columns(const struct launch_set *s, struct columns *c)
{
    if (s->is_set)
        column_add(c, COL_LAUNCH, "launch", "launch");
    struct columns pts = {0};
    for (int k = 0; k < s->n; k++) {
        json_t *recs = json_object_get(s->launch[k].root, "records"), *r, *p, *v;
        size_t i, j;
        const char *key;
        json_array_foreach(recs, i, r)
            json_array_foreach(record_points(r), j, p)
                json_object_foreach(p, key, v)
                    column_add(&pts, COL_POINT, key, key);
    }
    for (int k = 0; k < s->n; k++) {
        json_t *recs = json_object_get(s->launch[k].root, "records"), *r, *v;
        size_t i;
        const char *key;
        char name[256];
        json_array_foreach(recs, i, r) {
            json_object_foreach(r, key, v) {
                if (json_is_object(v) || json_is_array(v))
                    continue;
                snprintf(name, sizeof name, "%s%s",
                         column_index(&pts, COL_POINT, key) >= 0 ? "record_" : "", key);
                column_add(c, COL_RECORD, key, name);
            }
            json_object_foreach(json_object_get(r, "record_settings"), key, v) {
                snprintf(name, sizeof name, "setting_%s", key);
                column_add(c, COL_SETTING, key, name);
            }
        }
    }
    for (int i = 0; i < pts.n; i++)
        column_add(c, COL_POINT, pts.key[i], pts.name[i]);
    columns_free(&pts);
}

/* one field, quoted where RFC 4180 asks */
static void put_text(FILE *f, const char *t)
{
    if (!strpbrk(t, ",\"\r\n")) {
        fputs(t, f);
        return;
    }
    fputc('"', f);
    for (; *t; t++) {
        if (*t == '"')
            fputc('"', f);
        fputc(*t, f);
    }
    fputc('"', f);
}

/* the shortest of %.15g and %.17g that reads back the same */
static void put_real(FILE *f, double x)
{
    char text[40];
    snprintf(text, sizeof text, "%.15g", x);
    if (strtod(text, NULL) != x)
        snprintf(text, sizeof text, "%.17g", x);
    fputs(text, f);
}

static void put_value(FILE *f, const json_t *v)
{
    if (!v || json_is_null(v))
        return;
    if (json_is_string(v)) {
        put_text(f, json_string_value(v));
    } else if (json_is_integer(v)) {
        fprintf(f, "%" JSON_INTEGER_FORMAT, json_integer_value(v));
    } else if (json_is_real(v)) {
        put_real(f, json_real_value(v));
    } else if (json_is_boolean(v)) {
        fputs(json_is_true(v) ? "true" : "false", f);
    } else {
        char *t = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY | JSON_PRESERVE_ORDER);
        put_text(f, t ? t : "");
        free(t);
    }
}

static void put_row(FILE *f, const struct columns *c, const struct launch *l,
                    const json_t *rec, const json_t *pt)
{
    const json_t *settings = json_object_get(rec, "record_settings");
    for (int i = 0; i < c->n; i++) {
        if (i)
            fputc(',', f);
        if (c->from[i] == COL_LAUNCH)
            fprintf(f, "%d", l->number);
        else
            put_value(f, json_object_get(c->from[i] == COL_RECORD ? rec
                                         : c->from[i] == COL_SETTING ? settings : pt,
                                         c->key[i]));
    }
    fputs("\r\n", f);
}

/* the whole table into f; the number of rows */
static long put_table(FILE *f, const struct launch_set *s, const struct columns *c)
{
    for (int i = 0; i < c->n; i++) {
        if (i)
            fputc(',', f);
        put_text(f, c->name[i]);
    }
    fputs("\r\n", f);
    long rows = 0;
    for (int k = 0; k < s->n; k++) {
        size_t n;
        json_t **recs = sorted_records(&s->launch[k], &n), *p;
        for (size_t i = 0; i < n; i++) {
            size_t j;
            json_array_foreach(record_points(recs[i]), j, p) {
                put_row(f, c, &s->launch[k], recs[i], p);
                rows++;
            }
        }
        free(recs);
    }
    return rows;
}

int export_csv(const char *dir, FILE *out)
{
    struct launch_set s;
    int status = launch_set_load(&s, dir, "RESULT_OR_SET");
    if (status)
        return status;
    for (int i = 0; i < s.nleft; i++)
        fprintf(stderr, "mpigauge --export: left out %s\n", s.left_out[i]);
    struct columns c = {0};
    find_columns(&s, &c);
    /* the table is made whole in memory first: nothing half-written */
    char *buf = NULL;
    size_t len = 0;
    FILE *whole = open_memstream(&buf, &len);
    if (!whole) {
        fprintf(stderr, "mpigauge --export: out of memory\n");
        status = EXIT_NO_MEMORY;
    } else {
        long rows = put_table(whole, &s, &c);
        fclose(whole);
        if (fwrite(buf, 1, len, out) != len || fflush(out) != 0) {
            fprintf(stderr, "mpigauge --export: cannot write the table\n");
            status = EXIT_WRITE_FAILED;
        } else {
            fprintf(stderr, "mpigauge --export: %ld rows, %d columns, from %d "
                    "launch%s\n", rows, c.n, s.n, s.n == 1 ? "" : "es");
        }
        free(buf);
    }
    columns_free(&c);
    launch_set_free(&s);
    return status;
}
