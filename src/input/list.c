/* list.c: --list, everything the binary knows, read from the registry's
 * tables */
#include "input/list.h"

#include "registry/registry.h"
#include "input/named_runs.h"
#include "input/call_words.h"
#include "input/settings_walk.h"

static void classes(FILE *out, unsigned mask)
{
    char text[256];
    type_classes_text(mask, text, sizeof text);
    fputs(text, out);
}

/* the settings a call's capabilities add, marked after its line */
static const struct {
    unsigned cap;
    const char *mark;
} cap_marks[] = {
    {CALL_ROOTED, " [root=]"},
    {CALL_SEEDED, " [seed=]"},
    {CALL_DEVICE, " [mem=]"},
};

static void list_calls(FILE *out)
{
    fputs("Calls (field 1), with their family and mode:\n", out);
    const struct call *c;
    for (size_t i = 0; (c = table_row(&call_table, i)); i++) {
        fprintf(out, "  %-22s %-16s %-13s %s", c->name, c->family->name,
                call_mode_name(c->mode), c->timing);
        for (size_t m = 0; m < sizeof cap_marks / sizeof cap_marks[0]; m++)
            fputs(call_has(c, cap_marks[m].cap) ? cap_marks[m].mark : "", out);
        fputc('\n', out);
    }
}

static void list_types_and_ops(FILE *out)
{
    fputs("\nDatatypes (field 2):\n", out);
    const struct datatype *t;
    for (size_t i = 0; (t = table_row(&datatype_table, i)); i++)
        fprintf(out, "  %-22s %-16s %s\n", t->name, type_class_name(t->cls), t->desc);
    fputs("\nShaped datatypes (field 2; BASE a predefined type, not a pair):\n", out);
    const struct type_former *f;
    for (size_t i = 0; (f = table_row(&former_table, i)); i++)
        fprintf(out, "  %-38s %s\n", f->spelling, f->desc);
    fputs("\nReduction ops (field 8 of REDUCE, ALLREDUCE, REDUCE_SCATTER(_BLOCK), "
          "SCAN, EXSCAN and the one-sided accumulates), with the type classes MPI allows:\n", out);
    const struct op *o;
    for (size_t i = 0; (o = table_row(&op_table, i)); i++) {
        fprintf(out, "  %-22s %-44s ", o->name, o->desc);
        classes(out, o->classes);
        fputc('\n', out);
    }
}

/* the settings' rows: key=VALUES, what it does, which calls */
static void list_settings(FILE *out)
{
    fputs("\nSettings after the nine fields (key=value; words in any case):\n", out);
    const struct setting *s;
    for (size_t i = 0; (s = setting_at(i)) != NULL; i++) {
        char values[160], calls[1024];
        setting_values_text(s, values, sizeof values);
        setting_row_call_words(s, calls, sizeof calls);
        fprintf(out, "  %s=%s: %s; %s\n", s->key, values, s->help, calls);
    }
}

void print_list(FILE *out)
{
    list_calls(out);
    list_types_and_ops(out);
    fputs("\nPoint-to-point ops (field 8 of point-to-point calls):\n"
          "  NOP                    every pair measured, min/avg/max over pairs\n"
          "  DETAIL                 the same, plus every pair and a .pairs.dat matrix\n"
          "  either followed by :CRITERION to measure only some pairs (NOP:CROSS-NODE):\n",
          out);
    const struct pair_filter *f;
    for (size_t i = 0; (f = table_row(&pair_filter_table, i)); i++)
        fprintf(out, "    %-20s %s\n", f->name, f->desc);
    fputs("\nBarrier patterns (field 8 of BARRIER):\n", out);
    const struct pattern *p;
    for (size_t i = 0; (p = table_row(&pattern_table, i)); i++)
        fprintf(out, "  %-22s %s\n", p->name, p->desc);
    fputs("\nTopologies (field 7):\n", out);
    const struct topology *t;
    for (size_t i = 0; (t = table_row(&topology_table, i)); i++)
        fprintf(out, "  %-22s %s\n", t->name, t->desc);
    fputs("\nOther calls take op NOP.\n", out);
    list_settings(out);
    print_named_runs(out);
}
