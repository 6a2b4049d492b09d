/* param_files.h: the pairwise parameter matrices, one table: for each its
 * file (params-<topology>-<what>.dat), its meaning, its cells and what
 * the loops over it need.  The side that measures them (params/params.c
 * allocates, sums and checks them by it, measure/param_cache.c hands them
 * to the writers), the writers (output/, run.json) and the side that
 * reads them back (offline/, --predict) all loop over this table.  Plain
 * data; no MPI. */
#ifndef MPIGAUGE_PARAM_FILES_H
#define MPIGAUGE_PARAM_FILES_H

#include <stddef.h>

enum param_file {
    /* the cost model's matrices, struct params's (models/predict.h), in
     * the order they are measured, summed, handed on and written */
    PF_O,                      /* one value per rank */
    PF_OIJ,
    PF_LIJ,
    PF_BIJ,
    PF_LIJ_SMALL,
    PF_XIJ,
    PF_RIJ,
    PF_R1IJ,
    PF_SIJ,
    PF_XSIJ,
    PF_TAIL,                   /* PARAM_TAIL_BINS values a pair */
    PF_MODEL_COUNT,            /* a new model matrix goes above this */
    /* the LogGP and Hockney ones with --loggp (struct loggp) */
    PF_LOGGP_L = PF_MODEL_COUNT,
    PF_LOGGP_OS,
    PF_LOGGP_OR,
    PF_LOGGP_G,
    PF_LOGGP_BIG_G,
    PF_HOCKNEY_ALPHA,
    PF_HOCKNEY_BETA,
    PF_COUNT
};

enum param_cells {
    CELLS_PAIR,                   /* p x p doubles, [i*p+j]: from i to j */
    CELLS_RANK,                   /* p doubles, [i] */
    CELLS_TAIL                    /* PARAM_TAIL_BINS floats a pair,
                                * [(i*p+j)*PARAM_TAIL_BINS+k] */
};

/* the term of the event model's signal costs (models/predict.h's struct
 * signal_costs) a model matrix gives: costs_from_params hands each row's
 * matrix to its term, so that a new matrix with a term the model has is
 * its row, its measurement and nothing else */
enum cost_term {
    COST_NONE,                 /* the model reads none (B_ij's line: L_ij) */
    COST_INVOKE,
    COST_OVERHEAD,
    COST_LATENCY,
    COST_PER_BYTE,
    COST_RECV,
    COST_RECV_LONE,
    COST_ACK_WORK,
    COST_EXCHANGE,
    COST_EXCHANGE_SYNC
};

struct param_file_row {
    const char *what;          /* the name's part: params-<topology>-<what>.dat */
    const char *meaning;       /* the file's header line */
    const char *name;          /* as the prose names it: "O_ij" */
    enum param_cells cells;
    /* folders from before it lack its file: --predict goes on without it
     * (a file that is there must be a finite matrix) */
    int optional;
    /* a pair's value is measured once, for both ways ([j*p+i] = [i*p+j]);
     * else for each ordered pair */
    int symmetric;
    /* in rounds, pairs measured again alone are compared in it: its place
     * (1, 2, ...) in the report's sentence that says by how much they
     * differ; 0: not compared.  A place rather than the table's order
     * because the sentence has always named L_ij (1 B - 1 KiB) before
     * L_ij, and the files have always been written the other way. */
    int checked;
    /* the model's term it gives (the first row in the table's order that
     * a folder holds gives a term: a stand-in goes below what it stands
     * in for) */
    enum cost_term term;
};

extern const struct param_file_row param_files[PF_COUNT];

/* the values matrix f holds on a communicator of p ranks (by its cells) */
size_t param_values(enum param_file f, int p);
/* the size of one of them: a float for the tail's bins, else a double */
size_t param_value_size(enum param_file f);

/* Every matrix of the table that pm holds (models/predict.h), zeroed,
 * for p ranks: all of them, but the tails only up to PARAM_TAIL_MAX_P
 * ranks (they take 128 bytes a pair).  params_free frees what pm holds,
 * however it came (measured, loaded, copied) and empties it. */
struct params;
void params_alloc(struct params *pm, int p);
/* the same, but with hold 0 the p x p matrices are only marked measured,
 * not allocated: a rank other than the communicator's rank 0 */
void params_alloc_held(struct params *pm, int p, int hold);
void params_free(struct params *pm);

/* "params-<topology in lower case>-<what>.dat" */
void param_file_name(const char *topology, enum param_file f, char *out, size_t len);
/* "params-<topology in lower case>-classes.dat": --params classes's
 * table of classes and spot-checks (output/classes_file.c) */
void param_classes_name(const char *topology, char *out, size_t len);
/* its inverse: 1 and the topology as the name spells it when name is
 * file f of some topology, else 0 */
int param_file_topology(const char *name, enum param_file f, char *topology,
                        size_t len);

/* "matrix model (O_i, ...; without R_ij, ...: not in the folder)": the
 * cost model's matrices pm holds and those it lacks, from the table, so
 * that --predict's label never names a matrix it did not use */
void param_model_label(const struct params *pm, char *out, size_t len);

#endif
