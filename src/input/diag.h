/* diag.h: input errors collected as FILE:LINE:COLUMN: message */
#ifndef MPIGAUGE_DIAG_H
#define MPIGAUGE_DIAG_H

#include <stdio.h>

/* Every message is kept (up to DIAG_KEEP, a bound against a runaway binary
 * file), so that --keep-going can give each invalid record its reasons;
 * diag_print shows the first DIAG_SHOWN in line order and counts the rest. */
#define DIAG_SHOWN 50
#define DIAG_KEEP (1 << 20)

struct diag {
    const char *file;
    /* the lines past file_lines are records from the command line
     * (input/cmdline.h): line file_lines + k is named label[k - 1], and
     * its messages read "-r 2:COLUMN: ..." (nlabel 0: none) */
    int file_lines, nlabel;
    char *const *label;
    int count;          /* all errors seen, also past DIAG_KEEP */
    int kept, cap;
    char **msg;
    int *line, *col;
};

void diag_init(struct diag *d, const char *file);
/* the names of the lines past a file's (see struct diag) */
void diag_name_lines(struct diag *d, int file_lines, char *const *label, int nlabel);
void diag_add(struct diag *d, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* prints in line and column order */
void diag_print(struct diag *d, FILE *out);
void diag_free(struct diag *d);

/* Moves every message of from (another file's errors) into d, sorted as
 * if at line:col of d's file. */
void diag_take(struct diag *d, struct diag *from, int line, int col);

/* closest of candidates[0..n-1] to word, or NULL when none is near */
const char *suggest(const char *word, const char *const *candidates, int n);

#endif
