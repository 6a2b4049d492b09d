/* datafile.c: the gnuplot data file of a record and its pair matrix.
 *
 * '#' header lines make a file self-describing (library, ranks, grid,
 * hosts, date, options, the record itself, what every column means); the
 * last header line names the columns; then one row per size. */
#include "output.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static void lower(char *dst, const char *src, size_t len)
{
    size_t i = 0;
    for (; src[i] && i + 1 < len; i++)
        dst[i] = (char)tolower((unsigned char)src[i]);
    dst[i] = 0;
}

/* the op field as the record means it: SUM, MPI, NOP, DETAIL:CROSS-NODE */
const char *op_label(const struct record *r, char *buf, size_t len)
{
    if (r->op)
        return r->op->name;
    if (r->pattern)
        return r->pattern->name;
    if (r->call->family != FAM_P2P)
        return "NOP";
    const char *mode = r->pairs == PAIRS_DETAIL ? "DETAIL" : "NOP";
    if (strcmp(r->pf->name, "ALL") == 0)
        return mode;
    snprintf(buf, len, "%s:%s", mode, r->pf->name);
    return buf;
}

/* NN-call-datatype-topology-op.dat, lower case */
void datafile_name(const struct result *res, char *out, size_t len)
{
    const struct record *r = res->rec;
    char raw[160], low[160], op[64];
    snprintf(raw, sizeof raw, "%02d-%s-%s-%s-%s.dat", res->index, r->call->name,
             r->dt->name, r->topo->name, op_label(r, op, sizeof op));
    lower(low, raw, sizeof low);
    for (char *c = low; *c; c++)
        if (*c == ':')
            *c = '-';
    snprintf(out, len, "%s", low);
}

static void header(FILE *f, const struct run *run, const struct result *res)
{
    const struct record *r = res->rec;
    const struct world *w = &run->world;
    int p2p = r->call->family == FAM_P2P;
    char op[64];
    int tsize;
    MPI_Type_size(r->dt->handle(), &tsize);
    fprintf(f, "# mpigauge %s: %s of %s, op %s, on %s\n", MPIGAUGE_VERSION,
            r->call->name, r->dt->name, op_label(r, op, sizeof op), r->topo->name);
    fprintf(f, "# record: %s line %d: %s\n", run->rs.file, r->line, r->text);
    fprintf(f, "# mpi: %s (MPI %d.%d)\n", w->library, w->version, w->subversion);
    fprintf(f, "# ranks: %d, grid %dx%dx%d from %s, %d node%s, hosts:", w->size,
            w->grid[0], w->grid[1], w->grid[2], w->grid_source, w->nodes,
            w->nodes == 1 ? "" : "s");
    for (int i = 0; i < w->nhosts; i++)
        fprintf(f, " %s", w->hosts[i]);
    fprintf(f, "\n# date: %s\n", run->date);
    fprintf(f, "# options: iters=%ld warmup=%ld check=%s (-1: by message size)\n",
            run->opt.iters, run->opt.warmup, run->opt.check ? "on" : "off");
    fprintf(f, "# communicators: %d, sizes", res->tc->n);
    for (int i = 0; i < res->tc->n; i++)
        fprintf(f, " %d", res->tc->sizes[i]);
    fprintf(f, "\n# timing: %s\n", r->call->timing);
    if (p2p)
        fprintf(f, "# t_min_us t_avg_us t_max_us: one-way time in microseconds "
                "of the fastest pair, the mean over pairs, the slowest pair\n");
    else
        fprintf(f, "# t_min_us t_avg_us t_max_us: each rank's average time per "
                "call in microseconds; the fastest rank, the mean over ranks, "
                "the slowest rank\n");
    fprintf(f, "# bytes: elements x %d data bytes of %s; mbps: bytes / t_avg_us "
            "(10^6 bytes/s)\n", tsize, r->dt->name);
    fprintf(f, "# iters warmup: timed and untimed iterations; samples: %s "
            "measured; mismatches: elements --check found wrong\n",
            p2p ? "pairs" : "ranks");
    fprintf(f, "# elements bytes t_min_us t_avg_us t_max_us mbps iters warmup "
            "samples mismatches\n");
}

FILE *datafile_open(const struct run *run, const struct result *res,
                    const char *name)
{
    char path[sizeof run->dir + 200];
    snprintf(path, sizeof path, "%s/%s", run->dir, name);
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        return NULL;
    }
    header(f, run, res);
    return f;
}

void datafile_row(FILE *f, const struct result *res, const struct point *pt)
{
    double mbps = NAN;
    if (res->rec->call->family != FAM_SYNC && pt->s.avg > 0)
        mbps = (double)pt->bytes / pt->s.avg;
    fprintf(f, "%llu %llu %.4f %.4f %.4f %.3f %ld %ld %zu %lu\n",
            (unsigned long long)pt->elements, (unsigned long long)pt->bytes,
            pt->s.min, pt->s.avg, pt->s.max, mbps, pt->iters, pt->warmup,
            pt->nsamples, pt->mismatches);
}

void pairs_block(FILE *f, const struct run *run, const struct point *pt)
{
    int p = run->world.size;
    double *m = malloc((size_t)p * (size_t)p * sizeof *m);
    for (int i = 0; i < p * p; i++)
        m[i] = NAN;
    for (size_t i = 0; i < pt->nsamples; i++) {
        const struct sample *s = &pt->samples[i];
        if (s->b >= 0)
            m[s->a * p + s->b] = s->t_us;
    }
    fprintf(f, "# elements %llu\n", (unsigned long long)pt->elements);
    for (int i = 0; i < p; i++) {
        for (int j = 0; j < p; j++)
            fprintf(f, j ? " %.4f" : "%.4f", m[i * p + j]);
        fputc('\n', f);
    }
    fputs("\n\n", f);
    free(m);
}
