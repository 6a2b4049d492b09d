/* gen_columns.c: docs/reference.md's data-file columns, from the column
 * table (src/output/columns.c): each column's format, the calls that
 * have it, and what a data file's header says it means, as the header of
 * a DOUBLE record of each kind of call says it. */
#include <stdlib.h>
#include <string.h>

#include "gen_columns.h"
#include "gen_common.h"
#include "output/columns.h"
#include "registry/settings.h"

enum { MAX_VARIANTS = 16, DOC_LEN = 1024 };

static const char *format_name(enum col_format f)
{
    switch (f) {
    case COL_COUNT: return "whole number";
    case COL_US: return "µs, 4 decimals";
    case COL_RATE: return "3 decimals";
    case COL_FLAG: return "0 or 1";
    case COL_PCT: return "percent, 1 decimal";
    }
    return "?";
}

/* a record of call c on DOUBLE, with the settings' defaults */
struct example {
    struct record rec;
    struct result res;
};

/* the column's given setting "key=value" into r, where r's call takes it */
static void give(struct record *r, const char *given)
{
    char key[64];
    const char *eq = given ? strchr(given, '=') : NULL;
    if (!eq || (size_t)(eq - given) >= sizeof key)
        return;
    memcpy(key, given, (size_t)(eq - given));
    key[eq - given] = '\0';
    const struct setting *s = record_setting_row(r, key);
    if (!s || !setting_takes(s, r->call))
        return;
    if (s->kind == SETTING_COUNT) {
        setting_put(s, r, strtoll(eq + 1, NULL, 10));
        return;
    }
    for (int i = 0; s->kind == SETTING_WORDS && s->words[i]; i++)
        if (strcmp(s->words[i], eq + 1) == 0)
            setting_put(s, r, s->first + i);
}

static void example(struct example *e, const struct call *c, const char *given)
{
    memset(e, 0, sizeof *e);
    e->rec.call = c;
    e->rec.dt = table_find(&datatype_table, "DOUBLE");
    settings_defaults(&e->rec);
    give(&e->rec, given);
    e->res.rec = &e->rec;
    e->res.holds = record_holds(&e->rec, 4);
    e->res.type_size = sizeof(double);
}

/* the calls column c applies to: "every call", whole families, or names */
static void which_calls(FILE *out, const struct column *col)
{
    const struct call *c;
    size_t n = table_count(&call_table), have = 0;
    struct example e;
    for (size_t i = 0; (c = table_row(&call_table, i)); i++) {
        example(&e, c, col->given);
        have += column_applies(col, &e.res) != 0;
    }
    if (have == n) {
        fputs("every call", out);
        return;
    }
    const char *sep = "";
    for (size_t i = 0; (c = table_row(&call_table, i)); i++) {
        example(&e, c, col->given);
        if (column_applies(col, &e.res)) {
            fprintf(out, "%s`%s`", sep, c->name);
            sep = " ";
        }
    }
    if (col->given)
        fprintf(out, " with `%s`", col->given);
}

/* the distinct header texts of doc group col over every call that has it */
static void meanings(FILE *out, const struct column *col, const struct options *opt)
{
    static char seen[MAX_VARIANTS][DOC_LEN];
    const char *first[MAX_VARIANTS];
    int count[MAX_VARIANTS], nseen = 0;
    const struct call *c;
    struct example e;
    for (size_t i = 0; (c = table_row(&call_table, i)); i++) {
        example(&e, c, col->given);
        if (!column_applies(col, &e.res))
            continue;
        char doc[DOC_LEN];
        struct col_ctx ctx = {.res = &e.res, .opt = opt};
        column_doc(col, &ctx, doc, sizeof doc);
        int k = 0;
        while (k < nseen && strcmp(seen[k], doc) != 0)
            k++;
        if (k == nseen && nseen < MAX_VARIANTS) {
            strcpy(seen[nseen], doc);
            first[nseen] = c->name;
            count[nseen++] = 0;
        }
        if (k < nseen)
            count[k]++;
    }
    for (int k = 0; k < nseen; k++) {
        if (nseen > 1 && count[k] > 1)
            fprintf(out, "- `%s` and %d other call%s: ", first[k], count[k] - 1,
                    count[k] > 2 ? "s" : "");
        else if (nseen > 1)
            fprintf(out, "- `%s`: ", first[k]);
        cell(out, seen[k]);
        fputc('\n', out);
    }
}

/* every family's per-point quantities, once each, in the call table's
 * order, into out after n of them; returns the new count */
static size_t family_extras(struct column *out, size_t n, size_t max)
{
    const struct call *c;
    for (size_t i = 0; (c = table_row(&call_table, i)); i++)
        for (const struct point_extra *x = c->family->extras; x && x->name; x++) {
            size_t k = 0;
            while (k < n && out[k].extra != x)
                k++;
            if (k == n && n < max)
                out[n++] = extra_column(x);
        }
    return n;
}

/* the table's columns with every family's quantities in their slot */
static size_t every_column(struct column *out, size_t max)
{
    size_t n = 0;
    for (size_t i = 0; i < ncolumns; i++)
        if (columns[i].extras_here)
            n = family_extras(out, n, max);
        else if (n < max)
            out[n++] = columns[i];
    return n;
}

void columns_reference(FILE *out)
{
    struct column cols[MAX_COLUMNS];
    size_t n = every_column(cols, MAX_COLUMNS);
    fputs("\n## Data-file columns\n\n"
          "A data file's last `#` header line names its columns, in this order; "
          "a record has the columns its call has, then two per `--papi` event "
          "(`<event>_avg`, `<event>_max`: counts per timed call, the mean over "
          "the ranks that made calls and the largest). The first five are the "
          "contract's. `run.json`'s `points` carry the same names.\n\n"
          "| column | format | calls that have it |\n"
          "| --- | --- | --- |\n", out);
    for (size_t i = 0; i < n; i++) {
        fprintf(out, "| `%s` | %s | ", cols[i].name, format_name(cols[i].format));
        which_calls(out, &cols[i]);
        fputs(" |\n", out);
    }
    fputs("\nWhat they mean, as a data file's header says it (a record of "
          "DOUBLE, run with the default options); one header line covers its "
          "column and the ones after it that have none of their own:\n\n", out);
    struct options opt;
    char *argv[] = {"mpigauge", "INPUT", NULL};
    parse_options(2, argv, &opt, NULL);
    for (size_t i = 0; i < n; i++) {
        if (!column_has_doc(&cols[i]))
            continue;
        fprintf(out, "### `%s`\n\n", cols[i].name);
        meanings(out, &cols[i], &opt);
        fputc('\n', out);
    }
}
