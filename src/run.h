/* run.h: one run of mpigauge: records -> communicators -> runs -> results
 * -> writers.  Everything the run holds, each layer's part in its own
 * member. */
#ifndef MPIGAUGE_RUN_H
#define MPIGAUGE_RUN_H

#include "input/cmdline.h"
#include "input/input.h"
#include "measure/measure.h"
#include "output/output.h"
#include "result/result.h"
#include "world/plan.h"
#include "world/world.h"

struct run {
    struct options opt;        /* input/ */
    char *text;                /* the input, on every rank, with the command
                                * line's records after it (cmdline.h) */
    size_t len;
    struct cmdline_lines lines; /* which lines are the command line's */
    struct recordset rs;       /* --validate --ranks: every record */
    struct world world;        /* world/ */
    /* from the checking pass over the chunks (chunk.h) */
    int nrec;                  /* records in the input */
    int invalid;               /* --keep-going: records skipped as invalid */
    int needs_scratch;         /* an I/O record will run */
    struct estimate total;     /* of the records that will run */
    struct measurer m;         /* measure/ */
    struct run_info info;
    struct writer writer;      /* output/, rank 0 */
    /* main.c: the level MPI_Init_thread asked (-1: MPI_Init; MULTIPLE
     * where the input has a threaded call, or --thread-level's), and the
     * level every rank was granted (the lowest) */
    int thread_asked, thread_level;
    double init_s;             /* this rank's MPI_Init, seconds (main.c) */
};

/* run_input.c: the grid, and every record checked and planned a chunk at
 * a time (0, or 2 after every error is said; with --keep-going invalid
 * records become skips), their entries in run.json's list written on rank
 * 0; and --validate --ranks N's options (the plan is input_step's, on an
 * offline world: world_init_offline) */
int input_step(struct run *run, int rank);
int offline_options(const struct run *run, int rank);

/* Lines of the input in one chunk: its records, their plans and results
 * are all a run holds of them at once (docs/output.md, Memory). */
enum { BATCH_LINES = 256 };

struct chunk {
    struct recordset rs;
    struct plan plan;
    struct result *res;        /* one per record */
    size_t pos;                /* where the next chunk starts in the text */
    int line;                  /* its first line */
    int before;                /* records in the chunks before it */
};

/* Before the first chunk. */
void chunk_start(struct chunk *b);

/* Collective.  The next chunk of the run's input (run_input.c's
 * chunk_next, the checking pass, says how) on the passes after the
 * checking one (measuring, --validate's
 * plan): errors were said then; a record with one becomes a skip that
 * carries its messages. */
int chunk_again(struct run *run, struct chunk *b);
void chunk_free(struct chunk *b);

/* The whole run on every rank; returns the exit status. */
int run_main(struct run *run, int argc, char **argv);
void run_free(struct run *run);

#endif
