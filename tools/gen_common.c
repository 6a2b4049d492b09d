/* gen_common.c: what the generators of the documentation share
 * (gen_common.h) */
#include "gen_common.h"

/* a table cell: what markdown would take for markup escaped ('|', '*',
 * and '<' '>', which would start HTML), line breaks as blanks */
void cell(FILE *out, const char *s)
{
    for (; s && *s; s++) {
        if (*s == '|' || *s == '*')
            fprintf(out, "\\%c", *s);
        else if (*s == '<')
            fputs("&lt;", out);
        else if (*s == '>')
            fputs("&gt;", out);
        else if (*s == '\n')
            fputc(' ', out);
        else
            fputc(*s, out);
    }
}
