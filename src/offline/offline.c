/* offline.c: mpigauge --predict, the barrier models run on a result
 * folder's parameter matrices, without MPI: so a user can compare
 * patterns, rank counts and send modes on a machine's measured
 * parameters. */
#include "offline/offline.h"

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/base.h"
#include "base/text.h"
#include "input/pattern_file.h"
#include "input/share.h"
#include "models/predict.h"
#include "registry/registry.h"

struct request {
    const char *dir, *pattern, *topology;
    int ranks;                 /* 0: every rank of the matrices */
    int ssend, exchange;
    double bytes;
};

int offline_wanted(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--predict") == 0)
            return 1;
    return 0;
}

static int usage(const char *why)
{
    fprintf(stderr, "mpigauge --predict: %s\nusage: mpigauge --predict DIR PATTERN "
            "[--ranks P] [--topology T] [--signal send|ssend] [--bytes N] "
            "[--payload uniform|exchange]\n", why);
    return EXIT_BAD_INPUT;
}

/* the option after argv[i], or NULL */
static const char *value(int argc, char **argv, int *i)
{
    return *i + 1 < argc ? argv[++*i] : NULL;
}

static int parse_request(int argc, char **argv, struct request *rq)
{
    memset(rq, 0, sizeof *rq);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = NULL;
        if (strcmp(a, "--predict") == 0 && (rq->dir = value(argc, argv, &i)))
            continue;
        if (strcmp(a, "--ranks") == 0 && (v = value(argc, argv, &i)))
            rq->ranks = atoi(v);
        else if (strcmp(a, "--topology") == 0 && (v = value(argc, argv, &i)))
            rq->topology = v;
        else if (strcmp(a, "--signal") == 0 && (v = value(argc, argv, &i)))
            rq->ssend = strcmp(v, "ssend") == 0;
        else if (strcmp(a, "--bytes") == 0 && (v = value(argc, argv, &i)))
            rq->bytes = atof(v);
        else if (strcmp(a, "--payload") == 0 && (v = value(argc, argv, &i)))
            rq->exchange = strcmp(v, "exchange") == 0;
        else if (a[0] != '-' && !rq->pattern)
            rq->pattern = a;
        else
            return usage(v || a[0] != '-' ? "one pattern only" : "an option needs a value");
    }
    if (!rq->dir || !rq->pattern)
        return usage("a result folder and a pattern are needed");
    if (rq->ranks < 0 || rq->bytes < 0)
        return usage("--ranks and --bytes take numbers of at least 0");
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
        size_t n = strlen(e->d_name);
        if (strncmp(e->d_name, "params-", 7) == 0 && n > 13 &&
            strcmp(e->d_name + n - 6, "-O.dat") == 0) {
            snprintf(out, len, "%.*s", (int)(n - 13), e->d_name + 7);
            found++;
        }
    }
    closedir(d);
    return found == 1 ? 0 : -1;
}

/* every number of a matrix file, '#' lines left out; NULL when unreadable */
static double *read_numbers(const char *path, size_t *n)
{
    struct diag d;
    diag_init(&d, path);
    size_t len;
    char *text = read_file(path, &len, &d);
    diag_free(&d);
    if (!text)
        return NULL;
    size_t cap = 64, pos = 0, l;
    double *v = xmalloc_array(cap, sizeof *v);
    const char *line;
    *n = 0;
    while (next_line(text, len, &pos, &line, &l)) {
        char buf[65536];
        if (l == 0 || line[0] == '#' || l >= sizeof buf)
            continue;
        memcpy(buf, line, l);
        buf[l] = 0;
        char *p = buf, *end;
        for (double x = strtod(p, &end); end != p; x = strtod(p, &end)) {
            if (*n == cap)
                v = xrealloc(v, (cap *= 2) * sizeof *v);
            v[(*n)++] = x;
            p = end;
        }
    }
    free(text);
    return v;
}

/* params-<topology>-<what>.dat of the request, as ranks 0..p-1 of a
 * world of world ranks; NULL (and *missing set) when absent */
static double *load(const struct request *rq, const char *topo, const char *what,
                    int world, int p, int *missing)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/params-%s-%s.dat", rq->dir, topo, what);
    size_t n;
    double *v = read_numbers(path, &n);
    if (!v || n != (size_t)world * world) {
        free(v);
        *missing = 1;
        return NULL;
    }
    double *sub = xmalloc_array((size_t)p * p, sizeof *sub);
    for (int i = 0; i < p; i++)
        for (int j = 0; j < p; j++)
            sub[(size_t)i * p + j] = i == j ? 0 : v[(size_t)i * world + j];
    free(v);
    return sub;
}

/* the O file: "rank value" per world rank; sets *world */
static double *load_o(const struct request *rq, const char *topo, int *world)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/params-%s-O.dat", rq->dir, topo);
    size_t n;
    double *v = read_numbers(path, &n);
    if (!v || n % 2 || n == 0) {
        free(v);
        return NULL;
    }
    *world = (int)(n / 2);
    for (int i = 0; i < *world; i++)
        v[i] = v[2 * i + 1];
    return v;
}

static int all_finite(const double *m, int p)
{
    for (size_t i = 0; i < (size_t)p * p; i++)
        if (!isfinite(m[i]))
            return 0;
    return 1;
}

/* the pattern the request names, for p ranks; 0, or 2 after saying why */
static int build_pattern(const struct request *rq, int p, struct bpattern *bp)
{
    char name[64];
    const char *colon = strchr(rq->pattern, ':');
    snprintf(name, sizeof name, "%.*s", colon ? (int)(colon - rq->pattern) : 63,
             rq->pattern);
    const struct pattern *pat = table_find(&pattern_table, name);
    if (!pat || (!pat->generate && strcmp(pat->name, "FILE") != 0))
        return usage("the pattern must be LINEAR, TREE[:k], DISSEMINATION, "
                     "PAIRWISE or FILE:path");
    if (pat->generate) {
        pat->generate(bp, p, colon ? atoi(colon + 1) : pat->default_arg);
        struct bpattern_fault f;
        if (bpattern_verify(bp, &f)) {
            char why[256];
            bpattern_fault_text(&f, why, sizeof why);
            fprintf(stderr, "mpigauge: pattern %s on %d ranks: %s\n", rq->pattern, p, why);
            return usage("the pattern fails the check of every pattern");
        }
        return 0;
    }
    struct diag d;
    diag_init(&d, colon ? colon + 1 : "");
    size_t len;
    char *text = colon ? read_file(colon + 1, &len, &d) : NULL;
    if (text)
        parse_pattern_file(text, len, bp, &d);
    free(text);
    int bad = !text || d.count || bp->p != p;
    if (bad && d.count)
        diag_print(&d, stderr);
    diag_free(&d);
    return bad ? usage("the pattern file cannot be read, or is not for --ranks") : 0;
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
                      const struct signal_costs *c, const double *bytes, int ssend)
{
    double us = predict_barrier(bp, c, bytes, ssend ? SIGNAL_SYNCHRONOUS
                                                    : SIGNAL_EAGER, 0);
    printf("  %-44s %10.3f us\n", what, us);
}

/* the thesis's matrices for ranks 0..p-1; 0, or 2 after saying why */
static int load_params(const struct request *rq, const char *topo, int world,
                       int p, struct params *pm)
{
    int missing = 0;
    pm->p = p;
    pm->oij = load(rq, topo, "Oij", world, p, &missing);
    pm->lij = load(rq, topo, "Lij", world, p, &missing);
    pm->bij = load(rq, topo, "Bij", world, p, &missing);
    pm->lsm = load(rq, topo, "Lij-small", world, p, &missing);
    if (missing)
        return usage("the folder lacks params-<topology>-{Oij,Lij,Bij,Lij-small}.dat");
    if (!all_finite(pm->oij, p) || !all_finite(pm->lij, p))
        return usage("ranks 0..P-1 were not measured together (nan in the "
                     "matrices): choose --ranks or --topology");
    return 0;
}

static void free_params(struct params *pm, struct loggp *lg)
{
    double *all[] = {pm->oij, pm->lij, pm->bij, pm->lsm, lg->L, lg->os, lg->orr,
                     lg->g, lg->G};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        free(all[i]);
}

int offline_predict(int argc, char **argv)
{
    struct request rq;
    char topo[256];
    int world = 0, missing = 0;
    if (parse_request(argc, argv, &rq))
        return EXIT_BAD_INPUT;
    if (rq.topology)
        snprintf(topo, sizeof topo, "%s", rq.topology);
    else if (find_topology(rq.dir, topo, sizeof topo))
        return usage("name the topology (--topology): the folder has none or several");
    struct params pm = {0};
    struct loggp lg = {0};
    pm.o = load_o(&rq, topo, &world);
    int p = rq.ranks ? rq.ranks : world;
    if (!pm.o || p < 2 || p > world)
        return usage("no params-<topology>-O.dat for that many ranks");
    int status = load_params(&rq, topo, world, p, &pm);
    struct bpattern bp = {0};
    if (!status)
        status = build_pattern(&rq, p, &bp);
    if (!status) {
        lg.L = load(&rq, topo, "loggp-L", world, p, &missing);
        lg.os = load(&rq, topo, "loggp-os", world, p, &missing);
        lg.orr = load(&rq, topo, "loggp-or", world, p, &missing);
        lg.g = load(&rq, topo, "loggp-g", world, p, &missing);
        lg.G = load(&rq, topo, "loggp-G", world, p, &missing);
        lg.p = missing ? 0 : p;
        double *bytes = payloads(&rq, &bp);
        printf("%s on ranks 0..%d of %s (%s, %s%g bytes a signal, timer reads "
               "not added):\n", rq.pattern, p - 1, topo, rq.ssend ? "ssend" : "send",
               rq.exchange ? "exchange: " : "", rq.bytes);
        struct signal_costs c = costs_from_params(&pm);
        say_model("matrix model (O_i, O_ij, L_ij, B_ij)", &bp, &c, bytes, rq.ssend);
        c.latency = pm.lij;
        say_model("the same, L_ij by least squares to 1 MiB", &bp, &c, bytes, rq.ssend);
        if (lg.p) {
            c = costs_from_loggp(&lg, pm.o);
            say_model("LogGP (O_i, o_s, g, L, G, o_r)", &bp, &c, bytes, rq.ssend);
        }
        free(bytes);
    }
    bpattern_free(&bp);
    free(pm.o);
    free_params(&pm, &lg);
    return status;
}
