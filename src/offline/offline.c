/* offline.c: mpigauge --predict, the barrier models run on a result
 * folder's parameter matrices, without MPI: so a user can compare
 * patterns, rank counts and send modes on a machine's measured
 * parameters. */
#include "offline/offline.h"
#include "offline/matrix_read.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "base/base.h"
#include "base/text.h"
#include "input/options.h"
#include "input/parser.h"
#include "input/pattern_file.h"
#include "input/share.h"
#include "models/hybrid.h"
#include "models/param_files.h"
#include "models/predict.h"
#include "models/predict_dist.h"
#include "registry/registry.h"

/* what to predict: the options, the folder's topology, the pattern as a
 * record of the input format read it */
struct request {
    const char *dir, *pattern;
    char topo[64];             /* as the files spell it: lower case */
    int ranks;                 /* 0: every rank of the matrices */
    int ssend, exchange;
    int alone;                 /* --sync window: barriers that start alone */
    double bytes;
    double timer_us;           /* --timer: added to each iteration */
    struct recordset rs;       /* one BARRIER record: its pattern */
};

static int usage(const char *why)
{
    fprintf(stderr, "mpigauge --predict: %s\n", why);
    return EXIT_BAD_INPUT;
}

/* PATTERN and the topology read as the pattern and topology fields of a
 * BARRIER record, so that --predict takes what an input file takes; 0, or
 * 2 after saying what is wrong */
static int read_pattern(struct request *rq, const char *topology)
{
    char text[PATH_BYTES + 200];
    int n = snprintf(text, sizeof text, "BARRIER INT 0 0 ADD 1 %s %s 0\n",
                     topology, rq->pattern);
    if (n >= (int)sizeof text || strpbrk(rq->pattern, " \t\n#") ||
        strpbrk(topology, " \t\n#"))
        return usage("PATTERN and --topology are single words");
    struct diag d;
    diag_init(&d, "--predict");
    parse_records(text, (size_t)n, &rq->rs, &d);
    for (int i = 0; i < d.kept; i++)
        fprintf(stderr, "mpigauge --predict: '%s' (read as the record '%.*s'): %s\n",
                rq->pattern, n - 1, text, d.msg[i]);
    int bad = d.count != 0 || rq->rs.n != 1;
    diag_free(&d);
    if (bad)
        return EXIT_BAD_INPUT;
    const struct record *r = &rq->rs.rec[0];
    if (!r->pattern->generate && !r->pattern_file[0])
        return usage("MPI is the library's own barrier: no model predicts it");
    snprintf(rq->topo, sizeof rq->topo, "%s", r->topo->name);
    for (char *c = rq->topo; *c; c++)
        *c = (char)tolower((unsigned char)*c);
    return 0;
}

/* the topology whose params-<t>-O.dat is in dir, when there is one */
static int find_topology(const char *dir, char *out, size_t len)
{
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    struct dirent *e;
    int found = 0;
    while ((e = readdir(d))) {
        if (param_file_topology(e->d_name, PF_O, out, len))
            found++;
    }
    closedir(d);
    return found == 1 ? 0 : -1;
}

/* the options (the one table's), the folder's topology, the pattern */
static int parse_request(int argc, char **argv, struct request *rq, char *found,
                         size_t len)
{
    struct options o;
    memset(rq, 0, sizeof *rq);
    int status = parse_options(argc, argv, &o, stderr);
    if (status)
        return status;
    if (!o.predict)
        return usage("--predict DIR is needed");
    rq->dir = o.predict;
    rq->pattern = o.pattern;
    rq->ranks = o.ranks;
    rq->ssend = o.ssend;
    rq->exchange = o.exchange;
    rq->alone = o.sync_window;
    rq->bytes = (double)o.bytes;
    rq->timer_us = o.timer_us;
    struct stat st;
    if (stat(rq->dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        fprintf(stderr, "mpigauge --predict: %s: %s\n", rq->dir,
                errno ? strerror(errno) : "not a folder");
        return EXIT_BAD_INPUT;
    }
    if (!o.topology && find_topology(rq->dir, found, len))
        return usage("the folder has no params-<topology>-O.dat, or several: "
                     "name one with --topology");
    return read_pattern(rq, o.topology ? o.topology : found);
}

/* the one check of every pattern (models/pattern.h), as a run makes it;
 * 0, or 2 after saying why */
static int verified(const char *what, const struct bpattern *bp, int p)
{
    struct bpattern_fault f;
    char why[256], msg[600];
    if (bp->p != p) {
        snprintf(msg, sizeof msg, "%s is for %d ranks, not %d (--ranks)", what,
                 bp->p, p);
        return usage(msg);
    }
    if (!bpattern_verify(bp, &f))
        return 0;
    bpattern_fault_text(&f, why, sizeof why);
    snprintf(msg, sizeof msg, "%s on %d ranks: %s", what, p, why);
    return usage(msg);
}

/* a FILE: pattern, read as a run reads it */
static int file_pattern(const char *path, struct bpattern *bp)
{
    struct diag d;
    diag_init(&d, path);
    size_t len;
    char *text = read_file(path, &len, &d);
    if (text)
        parse_pattern_file(text, len, bp, &d);
    free(text);
    diag_print(&d, stderr);
    int bad = d.count != 0;
    diag_free(&d);
    return bad ? EXIT_BAD_INPUT : 0;
}

/* HYBRID, built from the matrices as a run builds it */
static void hybrid_pattern(const struct request *rq, int p, const struct params *pm,
                           struct bpattern *bp)
{
    struct hybrid h;
    struct signal_costs c = costs_from_params(pm);
    enum param_file by = hybrid_grouping(pm, p);
    hybrid_build(&h, p, pm->m[by], &c,
                 rq->ssend ? SIGNAL_SYNCHRONOUS : SIGNAL_EAGER, rq->timer_us);
    h.grouped_by = by;
    *bp = h.bp;                /* the pattern is kept, the rest freed */
    memset(&h.bp, 0, sizeof h.bp);
    printf("HYBRID built from %s: %d group%s, top level %s; runs %s %s (%.3f us; "
           "grouped %.3f)\n", param_files[h.grouped_by].name, h.ngroups,
           h.ngroups == 1 ? "" : "s", hybrid_candidate(h.ngroups == 1 ? h.choice[0] : h.top),
           h.chose_flat ? "flat" : "grouped", h.chose_flat ? hybrid_candidate(h.flat) : "",
           h.chose_flat ? h.flat_us : h.grouped_us, h.grouped_us);
    hybrid_free(&h);
}

/* the pattern of the request for p ranks: built-in, FILE: or HYBRID,
 * checked as every pattern is; 0, or 2 after saying why */
static int build_pattern(const struct request *rq, int p, const struct params *pm,
                         struct bpattern *bp)
{
    const struct record *r = &rq->rs.rec[0];
    if (r->pattern_file[0]) {
        if (file_pattern(r->pattern_file, bp))
            return EXIT_BAD_INPUT;
    } else if (r->pattern->adaptive) {
        hybrid_pattern(rq, p, pm, bp);
    } else {
        r->pattern->generate(bp, p, r->pattern_arg);
    }
    return verified(rq->pattern, bp, p);
}

/* each signal's payload in bytes, by the request */
static double *payloads(const struct request *rq, const struct bpattern *bp)
{
    long n = bpattern_edges(bp);
    double *b = xmalloc_array((size_t)n + 1, sizeof *b);
    long *known = rq->exchange ? bpattern_known(bp) : NULL;
    for (long e = 0; e < n; e++)
        b[e] = rq->bytes * (known ? (double)known[e] : 1.0);
    free(known);
    return b;
}

static void say_model(const char *what, const struct bpattern *bp,
                      const struct signal_costs *c, const double *bytes,
                      const struct request *rq)
{
    enum signal_kind kind = rq->ssend ? SIGNAL_SYNCHRONOUS : SIGNAL_EAGER;
    double us = rq->alone ? predict_barrier_alone(bp, c, bytes, kind, rq->timer_us)
                          : predict_barrier(bp, c, bytes, kind, rq->timer_us);
    printf("  %-44s %10.3f us\n", what, us);
}

/* the matrix model with each signal drawn from its pair's tail: the
 * distribution a run gives as t_pred_us, t_pred_mean_us, t_pred_p90_us */
static void say_distribution(const struct bpattern *bp, struct signal_costs c,
                             const float *tail, const double *bytes,
                             const struct request *rq)
{
    if (!tail) {
        printf("  no params-<topology>-tail.dat for these ranks: no distribution\n");
        return;
    }
    c.tail = tail;
    c.tail_bins = PARAM_TAIL_BINS;
    enum signal_kind kind = rq->ssend ? SIGNAL_SYNCHRONOUS : SIGNAL_EAGER;
    double timer = rq->timer_us;
    struct barrier_dist d = rq->alone ? predict_barrier_dist_alone(bp, &c, bytes, kind, timer)
                                      : predict_barrier_dist(bp, &c, bytes, kind, timer);
    printf("  %-44s %10.3f us\n", "t_pred_us (median, signals' tails drawn)", d.median);
    printf("  %-44s %10.3f us\n", "t_pred_mean_us (mean)", d.mean);
    printf("  %-44s %10.3f us\n", "t_pred_p90_us (90th percentile)", d.p90);
    printf("  (%d simulated %s)\n", d.draws, rq->alone ? "barriers" : "iterations");
}

/* the table's matrices that every folder has (O_i aside, read first) */
static int required(enum param_file f)
{
    return param_files[f].cells == CELLS_PAIR && !param_files[f].optional;
}

/* "the folder lacks params-<topology>-{Oij,Lij,Bij,Lij-small}.dat" */
static int say_lacks(void)
{
    char msg[256] = "the folder lacks params-<topology>-{";
    size_t at = strlen(msg);
    for (int f = 0; f < PF_MODEL_COUNT; f++)
        if (required(f) && at < sizeof msg)
            at += (size_t)snprintf(msg + at, sizeof msg - at, "%s,",
                                   param_files[f].what);
    if (at < sizeof msg)
        snprintf(msg + at - 1, sizeof msg - at + 1, "}.dat");
    return usage(msg);
}

/* the table's matrices for ranks 0..p-1 beside O_i (pm->m[PF_O], read
 * first for the world's size): those every folder has, then the optional
 * ones; 0, or 2 after saying why */
static int load_params(const struct request *rq, const char *topo, int world,
                       int p, struct params *pm)
{
    int missing = 0;
    pm->p = p;
    for (int f = 0; f < PF_MODEL_COUNT; f++)
        if (required(f))
            pm->m[f] = matrix_load(rq->dir, topo, f, world, p, &missing);
    if (missing)
        return say_lacks();
    for (int f = 0; f < PF_MODEL_COUNT; f++)
        if (required(f) && !matrix_finite(pm->m[f], p))
            return usage("ranks 0..P-1 were not measured together (nan or inf "
                         "in the matrices): choose --ranks or --topology");
    const double *o = pm->m[PF_O];
    for (int i = 0; i < p; i++)
        if (!isfinite(o[i]))
            return usage("O_i of ranks 0..P-1 is nan or inf in params-<topology>-O.dat");
    int bad = 0;               /* each said on stderr */
    for (int f = 0; f < PF_MODEL_COUNT; f++) {
        if (!param_files[f].optional)
            continue;
        if (param_files[f].cells == CELLS_TAIL)   /* absent or damaged: no distribution */
            pm->m[f] = matrix_load_tail(rq->dir, topo, world, p);
        else
            pm->m[f] = matrix_load_optional(rq->dir, topo, f, world, p, &bad);
    }
    return bad ? EXIT_BAD_INPUT : 0;
}

/* the heading: the pattern, its ranks and what the predictions assume */
static void say_heading(const struct request *rq, int p, const char *topo)
{
    char timer[64] = "timer reads not added";
    if (rq->timer_us > 0)
        snprintf(timer, sizeof timer, "a timer read of %g us an iteration", rq->timer_us);
    printf("%s on ranks 0..%d of %s (%s, %s%g bytes a signal, %s; %s):\n", rq->pattern,
           p - 1, topo, rq->ssend ? "ssend" : "send", rq->exchange ? "exchange: " : "",
           rq->bytes, timer,
           rq->alone ? "one barrier from a simultaneous start, as --sync window measures"
                     : "barriers back to back");
}

/* every model's prediction of bp from the folder's matrices */
static void say_models(const struct request *rq, const char *topo, int world, int p,
                       const struct params *pm, const struct bpattern *bp)
{
    int missing = 0;
    struct loggp lg = {0};
    lg.L = matrix_load(rq->dir, topo, PF_LOGGP_L, world, p, &missing);
    lg.os = matrix_load(rq->dir, topo, PF_LOGGP_OS, world, p, &missing);
    lg.orr = matrix_load(rq->dir, topo, PF_LOGGP_OR, world, p, &missing);
    lg.g = matrix_load(rq->dir, topo, PF_LOGGP_G, world, p, &missing);
    lg.G = matrix_load(rq->dir, topo, PF_LOGGP_BIG_G, world, p, &missing);
    lg.p = missing ? 0 : p;
    double *bytes = payloads(rq, bp);
    say_heading(rq, p, topo);
    struct signal_costs c = costs_from_params(pm);
    char label[400];
    param_model_label(pm, label, sizeof label);
    say_model(label, bp, &c, bytes, rq);
    say_distribution(bp, c, pm->m[PF_TAIL], bytes, rq);
    c.latency = pm->m[PF_LIJ];
    say_model("the same, L_ij by least squares to 1 MiB", bp, &c, bytes, rq);
    if (lg.p) {
        c = costs_from_loggp(&lg, pm->m[PF_O]);
        say_model("LogGP (O_i, o_s, g, L, G, o_r)", bp, &c, bytes, rq);
    }
    free(bytes);
    double *all[] = {lg.L, lg.os, lg.orr, lg.g, lg.G};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        free(all[i]);
}

/* mpigauge --predict DIR PATTERN [--ranks P] [--topology T]
 * [--signal send|ssend] [--bytes N] [--payload uniform|exchange], read
 * by the option table like every option: prints what the models predict
 * for PATTERN (what a BARRIER record's pattern field takes: a built-in
 * name, NAME:ARG, FILE:path or HYBRID, built from the matrices) on world
 * ranks 0..P-1 from DIR's params-<topology>-*.dat.  Returns the exit
 * status (2: bad arguments or files). */
int offline_predict(int argc, char **argv)
{
    struct request rq;
    char found[256];
    int world = 0;
    int status = parse_request(argc, argv, &rq, found, sizeof found);
    if (status) {
        recordset_free(&rq.rs);
        return status;
    }
    const char *topo = rq.topo;
    struct params pm = {0};
    pm.m[PF_O] = matrix_load_o(rq.dir, topo, &world);
    int p = rq.ranks ? rq.ranks : world;
    if (!pm.m[PF_O] || world < 2)
        status = usage("no params-<topology>-O.dat of 2 or more ranks for that "
                       "topology in the folder");
    else if (p > world)
        status = usage("--ranks is more than the matrices have");
    else if (p < 2)
        status = usage("--ranks must be 2 or more");
    if (!status)
        status = load_params(&rq, topo, world, p, &pm);
    struct bpattern bp = {0};
    if (!status)
        status = build_pattern(&rq, p, &pm, &bp);
    if (!status)
        say_models(&rq, topo, world, p, &pm, &bp);
    bpattern_free(&bp);
    params_free(&pm);
    recordset_free(&rq.rs);
    return status;
}
