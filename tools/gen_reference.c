/* gen_reference.c: prints docs/reference.md from the binary's own tables:
 * calls, datatypes, ops, pair criteria, barrier patterns, topologies
 * (src/registry, topologies/), data-file columns (src/output/columns.c),
 * options (src/input/option_table.c) and exit statuses
 * (src/base/exit_status.c); with the argument exit-statuses, only the
 * exit-status table, for the README.  `make docs` runs it; tests/docs.sh compares
 * its output with the committed file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/exit_status.h"
#include "input/named_runs.h"
#include "input/call_words.h"
#include "input/options.h"
#include "registry/registry.h"
#include "input/settings_walk.h"
#include "gen_columns.h"
#include "gen_common.h"

static void calls(FILE *out)
{
    fputs("## Calls (field 1)\n\n"
          "| call | family | mode | what one timed call covers | root= |\n"
          "| --- | --- | --- | --- | --- |\n", out);
    const struct call *c;
    for (size_t i = 0; (c = table_row(&call_table, i)); i++) {
        fprintf(out, "| `%s` | %s | %s | ", c->name, c->family->name,
                call_mode_name(c->mode));
        cell(out, c->timing);
        fprintf(out, " | %s |\n", call_has(c, CALL_ROOTED) ? "yes" : "");
    }
}

static void classes(FILE *out, unsigned mask)
{
    char text[256];
    type_classes_text(mask, text, sizeof text);
    fputs(text, out);
}

static void types_and_ops(FILE *out)
{
    fputs("\n## Datatypes (field 2)\n\n"
          "| datatype | class | description |\n| --- | --- | --- |\n", out);
    const struct datatype *t;
    for (size_t i = 0; (t = table_row(&datatype_table, i)); i++) {
        fprintf(out, "| `%s` | %s | ", t->name, type_class_name(t->cls));
        cell(out, t->desc);
        fputs(" |\n", out);
    }
    fputs("\n### Shaped datatypes (field 2)\n\n"
          "A derived type written in the field, made with MPI's own constructor and "
          "resized to start at its buffer (`[0, extent)`); one element is one of "
          "these. Its base is a predefined type that is neither a pair nor derived. "
          "`--check` writes every typed base element and expects every gap byte as "
          "the receive buffer held it; the data file's `# datatype:` line says its "
          "size, extent and blocks. MPI defines no reduction on a derived type.\n\n"
          "| spelling | what it makes |\n| --- | --- |\n", out);
    const struct type_former *f;
    for (size_t i = 0; (f = table_row(&former_table, i)); i++) {
        fputs("| `", out);
        cell(out, f->spelling);
        fputs("` | ", out);
        cell(out, f->desc);
        fputs(" |\n", out);
    }
    fputs("\n## Reduction operations (field 8 of the reductions and the one-sided "
          "accumulates)\n\n"
          "The type classes are those MPI allows the op on (MPI 4.0, section "
          "6.9.2; `REPLACE` and `NO_OP`: section 12.3.4, one-sided calls only).\n\n"
          "| op | description | type classes |\n| --- | --- | --- |\n", out);
    const struct op *o;
    for (size_t i = 0; (o = table_row(&op_table, i)); i++) {
        fprintf(out, "| `%s` | ", o->name);
        cell(out, o->desc);
        fputs(" | ", out);
        classes(out, o->classes);
        fputs(" |\n", out);
    }
}

static void pairs_patterns_topologies(FILE *out)
{
    fputs("\n## Point-to-point ops (field 8 of point-to-point calls)\n\n"
          "| op | meaning |\n| --- | --- |\n"
          "| `NOP` | every pair measured, min/avg/max over pairs |\n"
          "| `DETAIL` | the same, plus every pair and a `.pairs.dat` matrix |\n"
          "\n## Point-to-point pair criteria (field 8: `NOP:NAME`, `DETAIL:NAME`)\n\n"
          "Either op may be followed by `:CRITERION` to measure only some pairs "
          "(`NOP:CROSS-NODE`).\n\n"
          "| criterion | pairs |\n| --- | --- |\n", out);
    const struct pair_filter *f;
    for (size_t i = 0; (f = table_row(&pair_filter_table, i)); i++) {
        fprintf(out, "| `%s` | ", f->name);
        cell(out, f->desc);
        fputs(" |\n", out);
    }
    fputs("\n## Barrier patterns (field 8 of BARRIER)\n\n"
          "| pattern | description |\n| --- | --- |\n", out);
    const struct pattern *p;
    for (size_t i = 0; (p = table_row(&pattern_table, i)); i++) {
        fprintf(out, "| `%s` | ", p->name);
        cell(out, p->desc);
        fputs(" |\n", out);
    }
    fputs("\n## Topologies (field 7)\n\n"
          "| topology | communicators |\n| --- | --- |\n", out);
    const struct topology *t;
    for (size_t i = 0; (t = table_row(&topology_table, i)); i++) {
        fprintf(out, "| `%s%s` | ", t->name, t->takes_file ? ":path" : "");
        cell(out, t->desc);
        fputs(" |\n", out);
    }
}

/* the record settings, from registry/setting_rows.c's rows */
static void settings(FILE *out)
{
    fputs("\n## Record settings (after the nine fields)\n\n"
          "Written `key=value` after a record's nine fields; words are matched as "
          "names are (any case, `-` and `_` alike).\n\n"
          "| setting | values | default | calls | what it does |\n"
          "| --- | --- | --- | --- | --- |\n", out);
    const struct setting *s;
    for (size_t i = 0; (s = setting_at(i)) != NULL; i++) {
        char values[160];
        setting_values_text(s, values, sizeof values);
        fprintf(out, "| `%s=` | ", s->key);
        cell(out, values);
        fputs(" | ", out);
        if (s->kind == SETTING_WORDS)
            fprintf(out, "%s", s->words[s->dflt - s->first >= 0 ? s->dflt - s->first : 0]);
        else if (s->store != STORE_NONE && s->dflt >= 0)
            fprintf(out, "%ld", s->dflt);
        fputs(" | ", out);
        char calls[1024];
        setting_row_call_words(s, calls, sizeof calls);
        cell(out, calls);
        fputs(" | ", out);
        cell(out, s->help);
        fputs(" |\n", out);
    }
}

static void options(FILE *out)
{
    fputs("\n## Options\n\n"
          "The same as `mpigauge --help` and `man mpigauge`.\n\n"
          "| option | value | meaning |\n| --- | --- | --- |\n", out);
    for (size_t i = 0; i < noption_specs; i++) {
        const struct option_spec *sp = &option_specs[i];
        fputs("| ", out);
        if (sp->letter)
            fprintf(out, "`-%c`, ", sp->letter);
        fprintf(out, "`--%s` | ", sp->name);
        if (sp->metavar)
            fprintf(out, "`%s`", sp->metavar);
        fputs(" | ", out);
        cell(out, sp->help);
        fputs(" |\n", out);
    }
}

/* --run NAME's table (input/named_runs.c) */
static void named(FILE *out)
{
    fputs("\n## Named runs\n\n"
          "`--run NAME` runs the record of a peer's benchmark (its calls and default "
          "sizes; `--like osu|imb` adds its timing). Names are case-insensitive.\n\n"
          "| name | record |\n| --- | --- |\n", out);
    for (size_t i = 0; i < nnamed_runs; i++)
        fprintf(out, "| `%s` | `%s` |\n", named_runs[i].name, named_runs[i].record);
}

/* the exit-status table; also the README's (gen_reference exit-statuses) */
static void exit_statuses(FILE *out)
{
    fputs("| status | meaning |\n| --- | --- |\n", out);
    for (size_t i = 0; i < nexit_meanings; i++) {
        fprintf(out, "| %s | ", exit_meanings[i].code);
        cell(out, exit_meanings[i].text);
        fputs(" |\n", out);
    }
}

int main(int argc, char **argv)
{
    FILE *out = stdout;
    if (argc > 1 && strcmp(argv[1], "exit-statuses") == 0) {
        exit_statuses(out);
        return ferror(out) || fflush(out) ? 1 : 0;
    }
    if (argc > 1) {
        fprintf(stderr, "usage: gen_reference [exit-statuses]\n");
        return 2;
    }
    fputs("# Reference\n\n"
          "<!-- generated by tools/gen_reference.c (make docs) from the tables the "
          "binary uses; do not edit by hand: tests/docs.sh fails when this file "
          "and the tables disagree -->\n\n"
          "Everything mpigauge knows by name, as `mpigauge --list` prints it, and "
          "its data-file columns, options and exit statuses. Names are "
          "case-insensitive, may carry `MPI_`, and `-` and `_` are the same. "
          "The manual is in [the docs index](README.md).\n\n", out);
    calls(out);
    types_and_ops(out);
    pairs_patterns_topologies(out);
    settings(out);
    columns_reference(out);
    options(out);
    named(out);
    fputs("\n## Exit statuses\n\n", out);
    exit_statuses(out);
    return ferror(out) || fflush(out) ? 1 : 0;
}
