/* cmdline.c: -r RECORD and --run NAME.  The records of the command line
 * become lines of their own after the input file's last line (or the
 * only lines, without a file), so that one parser, one plan and one
 * chunk loop serve both, and a file's lines keep their numbers.  Only
 * the names differ: a command-line record's messages say "-r 2:COLUMN"
 * (the second -r) or "--run osu_latency:COLUMN", never a line. */
#include "input/cmdline.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/base.h"
#include "base/text.h"

/* the file's lines: a last line without its newline counts */
static int count_lines(const char *text, size_t len)
{
    int n = 0;
    size_t pos = 0, l;
    const char *line;
    while (next_line(text, len, &pos, &line, &l))
        n++;
    return n;
}

static void name_lines(const struct options *o, struct cmdline_lines *cl)
{
    cl->n = o->ncmdline;
    cl->label = xcalloc((size_t)cl->n + 1, sizeof *cl->label);
    int r = 0;
    for (int i = 0; i < cl->n; i++) {
        char name[96];
        if (o->cmdline[i].run)
            snprintf(name, sizeof name, "--run %s", o->cmdline[i].run);
        else
            snprintf(name, sizeof name, "-r %d", ++r);
        cl->label[i] = xstrdup(name);
    }
}

/* 0, or 1 after saying in d why a record cannot be a line of its own */
static int bad_record(const char *rec, int line, struct diag *d)
{
    if (strchr(rec, '\n')) {
        diag_add(d, line, 0, "a record on the command line is one line; this one "
                 "holds a newline");
        return 1;
    }
    rec += strspn(rec, " \t");
    if (*rec == 0 || *rec == '#') {
        diag_add(d, line, 0, "no record: blank or only a comment");
        return 1;
    }
    return 0;
}

int cmdline_join(const struct options *o, char **text, size_t *len,
                 struct cmdline_lines *cl, struct diag *d)
{
    memset(cl, 0, sizeof *cl);
    cl->file_lines = *text ? count_lines(*text, *len) : 0;
    name_lines(o, cl);
    diag_name_lines(d, cl->file_lines, cl->label, cl->n);
    size_t need = *len + 2;
    for (int i = 0; i < o->ncmdline; i++)
        need += strlen(o->cmdline[i].text) + 1;
    char *out = xmalloc(need);
    size_t at = *len;
    if (*len)
        memcpy(out, *text, *len);
    if (at && out[at - 1] != '\n')
        out[at++] = '\n';
    int errors = 0;
    for (int i = 0; i < o->ncmdline; i++) {
        const char *rec = o->cmdline[i].text;
        int bad = bad_record(rec, cl->file_lines + i + 1, d);
        errors += bad;
        size_t n = bad ? 0 : strlen(rec);
        memcpy(out + at, rec, n);
        at += n;
        out[at++] = '\n';
    }
    free(*text);
    *text = out;
    *len = at;
    return errors;
}

void cmdline_mark(const struct cmdline_lines *cl, struct recordset *rs)
{
    for (int i = 0; i < rs->n; i++) {
        int k = rs->rec[i].line - cl->file_lines;
        rs->rec[i].from = k >= 1 && k <= cl->n ? cl->label[k - 1] : NULL;
    }
}

void cmdline_free(struct cmdline_lines *cl)
{
    for (int i = 0; i < cl->n; i++)
        free(cl->label[i]);
    free(cl->label);
    memset(cl, 0, sizeof *cl);
}
