/* cmdline.h: records given on the command line (-r, --run), joined to the
 * input's text (cmdline.c) */
#ifndef MPIGAUGE_CMDLINE_H
#define MPIGAUGE_CMDLINE_H

#include <stddef.h>
#include "input/diag.h"
#include "input/options.h"
#include "registry/record.h"

/* where the joined text's lines came from */
struct cmdline_lines {
    int file_lines;            /* the input file's lines (0: no file) */
    int n;                     /* then one line a command-line record */
    char **label;              /* its name: "-r 1", "--run osu_latency" */
};

/* Appends o's command-line records to *text (*len bytes: the input file's
 * text, or none), a line each after the file's last, and names those
 * lines in cl and d (so that their messages read "-r 2:COLUMN: ...").
 * A record holding a newline, or nothing but blanks and a comment, is an
 * error said in d.  Returns the number of errors. */
int cmdline_join(const struct options *o, char **text, size_t *len,
                 struct cmdline_lines *cl, struct diag *d);

/* Every record of rs from a command-line line gets that line's name
 * (record.from); the file's records keep NULL. */
void cmdline_mark(const struct cmdline_lines *cl, struct recordset *rs);

void cmdline_free(struct cmdline_lines *cl);

#endif
