/* list.c: --list, everything the binary knows */
#include "list.h"

#include "registry.h"

static void classes(FILE *out, unsigned mask)
{
    int first = 1;
    for (unsigned c = 1; c <= TC_DERIVED; c <<= 1)
        if (mask & c) {
            fprintf(out, "%s%s", first ? "" : ", ", type_class_name((enum type_class)c));
            first = 0;
        }
}

void print_list(FILE *out)
{
    fputs("Calls (field 1):\n", out);
    for (int i = 0; call_at(i); i++) {
        const struct call *c = call_at(i);
        fprintf(out, "  %-22s %-16s %s%s\n", c->name, family_name(c->family),
                c->timing, c->rooted ? " [root=]" : "");
    }
    fputs("\nDatatypes (field 2):\n", out);
    for (int i = 0; datatype_at(i); i++) {
        const struct datatype *t = datatype_at(i);
        fprintf(out, "  %-22s %-16s %s\n", t->name, type_class_name(t->cls), t->desc);
    }
    fputs("\nReduction ops (field 8 of REDUCE, ALLREDUCE, REDUCE_SCATTER(_BLOCK), "
          "SCAN, EXSCAN), with the type classes MPI allows:\n", out);
    for (int i = 0; op_at(i); i++) {
        const struct op *o = op_at(i);
        fprintf(out, "  %-22s %-44s ", o->name, o->desc);
        classes(out, o->classes);
        fputc('\n', out);
    }
    fputs("\nPoint-to-point ops (field 8 of point-to-point calls):\n"
          "  NOP                    every pair measured, min/avg/max over pairs\n"
          "  DETAIL                 the same, plus every pair and a .pairs.dat matrix\n"
          "  either followed by :CRITERION to measure only some pairs (NOP:CROSS-NODE):\n",
          out);
    for (int i = 0; pair_filter_at(i); i++)
        fprintf(out, "    %-20s %s\n", pair_filter_at(i)->name, pair_filter_at(i)->desc);
    fputs("\nBarrier patterns (field 8 of BARRIER):\n", out);
    for (int i = 0; pattern_at(i); i++)
        fprintf(out, "  %-22s %s\n", pattern_at(i)->name, pattern_at(i)->desc);
    fputs("\nTopologies (field 7):\n", out);
    for (int i = 0; topology_at(i); i++)
        fprintf(out, "  %-22s %s\n", topology_at(i)->name, topology_at(i)->desc);
    fputs("\nOther calls take op NOP.  Settings after the nine fields: root=N "
          "(rooted calls), iters=N, warmup=N.\n", out);
}
