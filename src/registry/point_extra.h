/* point_extra.h: a per-point quantity one family adds to its results, as
 * a row of data (struct family's extras): the family's kernels measure it
 * and hand this rank's sum on when asked, measure/ sums it over the ranks
 * (measure/point_extras.c), and the writers print it as a column of its
 * name (output/columns.c: the table's extras slot), with its header line,
 * run.json member and prose phrase, all from the row.  So a quantity of
 * one family is its row and the code that measures it, in the family's
 * home.  May use: nothing of mpigauge but the record (a forward name). */
#ifndef MPIGAUGE_POINT_EXTRA_H
#define MPIGAUGE_POINT_EXTRA_H

struct kernel;
struct record;

/* the most per-point quantities one family's record may have */
#define POINT_EXTRAS 4

/* what the sums are, and how the column writes them */
enum extra_unit {
    EXTRA_SECONDS,             /* summed in s, written in us, 4 decimals */
    EXTRA_NUMBER,              /* as summed, 3 decimals */
};

struct point_extra {
    const char *name;          /* its column ("early_lead_us"); NULL ends a list */
    enum extra_unit unit;
    /* the data file's header line after "<name>: ": what it is and how
     * it is made */
    const char *doc;
    /* report.txt's statistics-line phrase ("%s" the value); NULL: none */
    const char *prose;
    /* the setting that brings it, where its default leaves it out
     * ("complete=parrived": the reference's examples are given it) */
    const char *given;
    /* 1 when r's results have it; NULL: every record of the family */
    int (*holds)(const struct record *r);
    /* this rank's sum of it since last asked and how many it summed
     * (0: none), cleared: measure/ asks after the warm-up (and drops
     * them) and after each pair's or communicator's timed blocks, and a
     * point's value is the mean over every rank's answers that had one
     * of each answer's mean (sum / count) */
    void (*take)(struct kernel *k, double *sum, long *count);
};

#endif
