/* param_files.c: the parameter matrices' table (file names, meanings,
 * shapes, what the loops over them need), and struct params allocated
 * and freed by it, and handed to the event model's terms by it
 * (costs_from_params) */
#include "models/param_files.h"

#include <ctype.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "base/base.h"
#include "models/param_classes.h"
#include "models/predict.h"

/* The model's rows in the enum's order (the order of the files written);
 * a matrix of pairs is the default cells (CELLS_PAIR).  The meanings are the
 * files' header lines, byte for byte. */
const struct param_file_row param_files[PF_COUNT] = {
    [PF_O] = {
        .what = "O", .name = "O_i", .cells = CELLS_RANK,
        .term = COST_INVOKE,
        .meaning = "O_i, invocation overhead (median time of MPI_Startall + "
                   "MPI_Waitall on P requests to MPI_PROC_NULL)"},
    [PF_OIJ] = {
        .what = "Oij", .name = "O_ij", .checked = 1,
        .term = COST_OVERHEAD,
        .meaning = "O_ij, per-request overhead (slope of the time to start "
                   "and complete k zero-byte sends i -> j against k)"},
    [PF_LIJ] = {
        .what = "Lij", .name = "L_ij", .symmetric = 1, .checked = 3,
        .meaning = "L_ij, latency (intercept of the one-way time of a "
                   "ping-pong against bytes, 2^0 to 2^20, least squares)"},
    [PF_BIJ] = {
        .what = "Bij", .name = "B_ij", .symmetric = 1, .checked = 4,
        .term = COST_PER_BYTE,
        .meaning = "B_ij, time per byte (slope of the same line)"},
    [PF_LIJ_SMALL] = {
        .what = "Lij-small", .name = "L_ij (1 B - 1 KiB)", .symmetric = 1,
        .term = COST_LATENCY,
        .checked = 2,
        .meaning = "L_ij fitted over 2^0 to 2^10 bytes by relative error"},
    [PF_XIJ] = {
        .what = "Xij", .name = "X_ij", .optional = 1, .symmetric = 1,
        .term = COST_EXCHANGE,
        .meaning = "X_ij, a zero-byte exchange (median over exchanges of the "
                   "slower side's time, i and j each sending to the other and "
                   "receiving from it at once)"},
    [PF_RIJ] = {
        .what = "Rij", .name = "R_ij", .optional = 1, .checked = 5,
        .term = COST_RECV,
        .meaning = "R_ij, per-receive overhead (slope of the time for i to "
                   "complete k zero-byte receives from j that are already there, "
                   "against k; row = receiver)"},
    [PF_R1IJ] = {
        .what = "R1ij", .name = "R1_ij", .optional = 1, .checked = 6,
        .term = COST_RECV_LONE,
        .meaning = "R1_ij, a lone receive (median time for i to complete "
                   "one zero-byte receive from j whose signal arrived while i was "
                   "outside MPI, less one from MPI_PROC_NULL; row = receiver)"},
    [PF_SIJ] = {
        .what = "Sij", .name = "S_ij", .optional = 1, .symmetric = 1, .checked = 7,
        .term = COST_ACK_WORK,
        .meaning = "S_ij, acknowledging a synchronous signal (half the "
                   "difference between zero-byte MPI_Ssend and MPI_Send ping-pongs)"},
    /* after S_ij, so that the files and the drift's sentence keep their
     * order from before it */
    [PF_XSIJ] = {
        .what = "Xsij", .name = "Xs_ij", .optional = 1, .symmetric = 1, .checked = 8,
        .term = COST_EXCHANGE_SYNC,
        .meaning = "Xs_ij, a zero-byte synchronous exchange (as X_ij with "
                   "MPI_Ssend_init: i and j each sending to the other and receiving "
                   "from it at once)"},
    [PF_TAIL] = {
        .what = "tail", .name = "tail", .cells = CELLS_TAIL, .optional = 1,
        .symmetric = 1,
        .meaning = "a signal's tail: zero-byte round trips' deviations "
                   "from their median, the means of their 32 sorted bins (fastest "
                   "first)"},
    /* --loggp's (struct loggp), matrices of pairs */
    [PF_LOGGP_L] = {
        .what = "loggp-L", .name = "L",
        .meaning = "LogGP L, latency (PRTT(1,0,1)/2 - o_s - o_r)"},
    [PF_LOGGP_OS] = {
        .what = "loggp-os", .name = "o_s",
        .meaning = "LogGP o_s, the sender's overhead of one byte"},
    [PF_LOGGP_OR] = {
        .what = "loggp-or", .name = "o_r",
        .meaning = "LogGP o_r, the receiver's overhead of one byte (row = receiver)"},
    [PF_LOGGP_G] = {
        .what = "loggp-g", .name = "g",
        .meaning = "LogGP g, the gap between 1-byte messages"},
    [PF_LOGGP_BIG_G] = {
        .what = "loggp-G", .name = "G",
        .meaning = "LogGP G, the gap per byte (us per byte)"},
    [PF_HOCKNEY_ALPHA] = {
        .what = "hockney-alpha", .name = "alpha",
        .meaning = "Hockney alpha, the intercept of the one-way time against "
                   "bytes (1 B to 64 KiB)"},
    [PF_HOCKNEY_BETA] = {
        .what = "hockney-beta", .name = "beta",
        .meaning = "Hockney beta, its slope (us per byte)"},
};

static void named(const char *topology, const char *what, char *out, size_t len)
{
    char low[64];
    size_t i = 0;
    for (; topology[i] && i + 1 < sizeof low; i++)
        low[i] = (char)tolower((unsigned char)topology[i]);
    low[i] = 0;
    snprintf(out, len, "params-%s-%s.dat", low, what);
}

void param_file_name(const char *topology, enum param_file f, char *out, size_t len)
{
    named(topology, param_files[f].what, out, len);
}

void param_classes_name(const char *topology, char *out, size_t len)
{
    named(topology, "classes", out, len);
}

int param_file_topology(const char *name, enum param_file f, char *topology,
                        size_t len)
{
    char suffix[64];
    snprintf(suffix, sizeof suffix, "-%s.dat", param_files[f].what);
    size_t n = strlen(name), ns = strlen(suffix), np = strlen("params-");
    if (n <= np + ns || strncmp(name, "params-", np) != 0 ||
        strcmp(name + n - ns, suffix) != 0 || n - np - ns >= len)
        return 0;
    snprintf(topology, len, "%.*s", (int)(n - np - ns), name + np);
    return 1;
}

size_t param_values(enum param_file f, int p)
{
    size_t pp = (size_t)p * (size_t)p;
    switch (param_files[f].cells) {
    case CELLS_RANK:
        return (size_t)p;
    case CELLS_TAIL:
        return pp * PARAM_TAIL_BINS;
    default:
        return pp;
    }
}

size_t param_value_size(enum param_file f)
{
    return param_files[f].cells == CELLS_TAIL ? sizeof(float) : sizeof(double);
}

void params_alloc_held(struct params *pm, int p, int hold)
{
    memset(pm, 0, sizeof *pm);
    pm->p = p;
    for (int f = 0; f < PF_MODEL_COUNT; f++) {
        pm->drift[f] = NAN;        /* until measured again (params.c) */
        pm->measured[f] = param_files[f].cells != CELLS_TAIL || p <= PARAM_TAIL_MAX_P;
        if (pm->measured[f] && (hold || param_files[f].cells == CELLS_RANK))
            pm->m[f] = xcalloc(param_values(f, p), param_value_size(f));
    }
}

void params_alloc(struct params *pm, int p)
{
    params_alloc_held(pm, p, 1);
}

/* here rather than in param_classes.c, which uses this file's table:
 * params_free frees a table, and the objects stay in one order */
void classes_free(struct class_table *t)
{
    free(t->cls);
    free(t->c);
    free(t->pair);
    free(t->world_node);
    memset(t, 0, sizeof *t);
}

void params_free(struct params *pm)
{
    for (int f = 0; f < PF_MODEL_COUNT; f++)
        free(pm->m[f]);
    if (pm->classes)
        classes_free(pm->classes);
    free(pm->classes);
    memset(pm, 0, sizeof *pm);
}

/* the row whose matrix gives row f's term (the first in the table's
 * order that pm holds), or -1: none does, or f gives none */
static int term_giver(const struct params *pm, int f)
{
    if (!param_files[f].term)
        return -1;
    for (int g = 0; g < PF_MODEL_COUNT; g++)
        if (param_files[g].term == param_files[f].term && pm->m[g])
            return g;
    return -1;
}

/* the names of the cost model's matrices that the folder gave and the
 * model uses (used 1), or that it lacked with no other matrix in their
 * place (used 0), from the table; the least-squares L_ij and the tail
 * have lines of their own */
static size_t matrix_names(const struct params *pm, int used, char *out, size_t len)
{
    size_t at = 0;
    out[0] = 0;
    for (int f = 0; f < PF_MODEL_COUNT && at < len; f++) {
        if (f == PF_LIJ || param_files[f].cells == CELLS_TAIL)
            continue;
        int giver = term_giver(pm, f);
        int named = used ? pm->m[f] && (giver < 0 || giver == f)
                         : !pm->m[f] && giver < 0;
        if (named)
            at += (size_t)snprintf(out + at, len - at, "%s%s", at ? ", " : "",
                                   param_files[f].name);
    }
    return at;
}

void param_model_label(const struct params *pm, char *out, size_t len)
{
    char used[160], lacking[160];
    matrix_names(pm, 1, used, sizeof used);
    if (matrix_names(pm, 0, lacking, sizeof lacking))
        snprintf(out, len, "matrix model (%s; without %s: not in the folder)", used, lacking);
    else
        snprintf(out, len, "matrix model (%s)", used);
}

/* the place in c of a matrix row's term; NULL: the model reads none */
static const double **term_slot(struct signal_costs *c, enum cost_term t)
{
    switch (t) {
    case COST_INVOKE:
        return &c->invoke;
    case COST_OVERHEAD:
        return &c->overhead;
    case COST_LATENCY:
        return &c->latency;
    case COST_PER_BYTE:
        return &c->per_byte;
    case COST_RECV:
        return &c->recv;
    case COST_RECV_LONE:
        return &c->recv_lone;
    case COST_ACK_WORK:
        return &c->ack_work;
    case COST_EXCHANGE:
        return &c->exchange;
    case COST_EXCHANGE_SYNC:
        return &c->exchange_sync;
    default:
        return NULL;
    }
}

/* each model matrix pm holds to the term its row names, the first in the
 * table's order for a term (the latency is the small-message L_ij's, its
 * whole one-way time) */
struct signal_costs costs_from_params(const struct params *pm)
{
    struct signal_costs c = {.p = pm->p, .latency_is_one_way = 1};
    for (int f = 0; f < PF_MODEL_COUNT; f++) {
        const double **slot = term_slot(&c, param_files[f].term);
        if (slot && !*slot && param_files[f].cells != CELLS_TAIL)
            *slot = pm->m[f];
    }
    return c;
}
