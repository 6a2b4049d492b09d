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
    fprintf(f, "# options: iters=%ld warmup=%ld check=%s (-1: by message size) "
            "blocks=%d target=%g adaptive=%s budget=%gs time=%gs sync=%s "
            "coll-time=%s cache=%s\n",
            run->opt.iters, run->opt.warmup, run->opt.check ? "on" : "off",
            run->opt.blocks, run->opt.target, run->opt.adaptive ? "on" : "off",
            run->opt.budget, run->opt.time_per_size,
            run->opt.sync_window ? "window" : "barrier", run->opt.span ? "span" : "max",
            run->opt.cache_cold ? "cold" : "warm");
    fprintf(f, "# MPI_Wtime: resolution %.3g s, %.3g s a read\n", run->timer_res,
            run->timer_cost);
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
    fprintf(f, "# iters warmup: timed calls (the most any pair or communicator "
            "made) and untimed ones; samples: %s "
            "measured; mismatches: elements --check found wrong\n",
            p2p ? "pairs" : "ranks");
    if (r->call->family == FAM_SYNC)
        fprintf(f, "# iter_max_mean_us iter_max_median_us: each barrier's duration "
                "on its slowest rank, mean and median over iterations; t_pred_us: "
                "the cost model (thesis eq. 5.4) from the pairwise parameters "
                "(nan for MPI); means over communicators\n");
    fprintf(f, "# t_med_us ci_lo_us ci_hi_us: median over blocks of %s time "
            "per call%s, pooled over %s, and its 95%% confidence interval (nan "
            "under 6 blocks); blocks: how many; late: repetitions dropped for a "
            "late start (--sync window); target_met: 1 when the interval lies "
            "within %g of the median\n",
            p2p ? "a pair's one-way"
                : run->opt.span && r->call->family != FAM_SYNC
                ? "last exit - first entry" : "the slowest rank's",
            r->call->family == FAM_SYNC || run->opt.sync_window
                ? " (one call a block)" : "", p2p ? "pairs" : "communicators",
            run->opt.target);
    for (int i = 0; i < counters_events(); i++)
        fprintf(f, "# %s_avg %s_max: %s counted (by %s) over the timed loops "
                "per call, mean over the ranks that made calls and the largest\n",
                counters_event(i), counters_event(i), counters_event(i),
                counters_backend(i));
    fprintf(f, "# elements bytes t_min_us t_avg_us t_max_us mbps iters warmup "
            "samples mismatches%s t_med_us ci_lo_us ci_hi_us blocks late target_met",
            r->call->family == FAM_SYNC
            ? " iter_max_mean_us iter_max_median_us t_pred_us" : "");
    for (int i = 0; i < counters_events(); i++)
        fprintf(f, " %s_avg %s_max", counters_event(i), counters_event(i));
    fputc('\n', f);
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
    fprintf(f, "%llu %llu %.4f %.4f %.4f %.3f %ld %ld %zu %lu",
            (unsigned long long)pt->elements, (unsigned long long)pt->bytes,
            pt->s.min, pt->s.avg, pt->s.max, mbps, pt->iters, pt->warmup,
            pt->nsamples, pt->mismatches);
    if (res->rec->call->family == FAM_SYNC)
        fprintf(f, " %.4f %.4f %.4f", pt->iter_mean, pt->iter_median, pt->pred);
    fprintf(f, " %.4f %.4f %.4f %ld %ld %d", pt->med, pt->ci_lo, pt->ci_hi,
            pt->blocks, pt->late, pt->met);
    for (int i = 0; i < counters_events(); i++)
        fprintf(f, " %.6g %.6g", pt->papi_avg[i], pt->papi_max[i]);
    fputc('\n', f);
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

void params_file_name(const struct topology *t, const char *what, char *out,
                      size_t len)
{
    char low[64];
    lower(low, t->name, sizeof low);
    snprintf(out, len, "params-%s-%s.dat", low, what);
}

static void write_matrix(const struct run *run, const struct topology *t,
                         const char *what, const char *meaning, const double *m,
                         int cols)
{
    char name[128], path[sizeof run->dir + 160];
    params_file_name(t, what, name, sizeof name);
    snprintf(path, sizeof path, "%s/%s", run->dir, name);
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        return;
    }
    int p = run->world.size;
    fprintf(f, "# mpigauge %s: %s on %s communicators, microseconds\n",
            MPIGAUGE_VERSION, meaning, t->name);
    fprintf(f, "# %s\n", cols == 1 ? "one row per world rank: rank value"
                                    : "row i = world rank i, column j = world rank j; "
                                      "nan outside a communicator");
    for (int i = 0; i < p; i++) {
        if (cols == 1)
            fprintf(f, "%d %.4f\n", i, m[i]);
        else
            for (int j = 0; j < p; j++)
                fprintf(f, j ? " %.4f" : "%.4f", m[(size_t)i * p + j]);
        if (cols != 1)
            fputc('\n', f);
    }
    fclose(f);
}

void output_params(struct run *run, const struct topo_comm *tc)
{
    int p = run->world.size;
    double *row = malloc(((size_t)2 * p + 1) * sizeof *row);
    for (int i = 0; i < 2 * p + 1; i++)
        row[i] = NAN;
    if (tc->comm != MPI_COMM_NULL) {
        int c, n = tc->pm.p;
        MPI_Comm_rank(tc->comm, &c);
        row[0] = tc->pm.o[c];
        for (int j = 0; j < n; j++) {
            int w = tc->places[j].rank;
            row[1 + w] = j == c ? NAN : tc->pm.oij[(size_t)c * n + j];
            row[1 + p + w] = j == c ? NAN : tc->pm.lij[(size_t)c * n + j];
        }
    }
    double *all = run->world.rank == 0 ? malloc((size_t)p * (2 * p + 1) * sizeof *all) : NULL;
    MPI_Gather(row, 2 * p + 1, MPI_DOUBLE, all, 2 * p + 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    free(row);
    if (run->world.rank != 0)
        return;
    double *o = malloc((size_t)p * sizeof *o);
    double *oij = malloc((size_t)p * p * sizeof *oij);
    double *lij = malloc((size_t)p * p * sizeof *lij);
    for (int i = 0; i < p; i++) {
        const double *r = all + (size_t)i * (2 * p + 1);
        o[i] = r[0];
        memcpy(oij + (size_t)i * p, r + 1, (size_t)p * sizeof *oij);
        memcpy(lij + (size_t)i * p, r + 1 + p, (size_t)p * sizeof *lij);
    }
    write_matrix(run, tc->topo, "O", "O_i, invocation overhead (median time of "
                 "MPI_Startall + MPI_Waitall on P requests to MPI_PROC_NULL)", o, 1);
    write_matrix(run, tc->topo, "Oij", "O_ij, per-request overhead (slope of the "
                 "time to start and complete k zero-byte sends i -> j against k)", oij, p);
    write_matrix(run, tc->topo, "Lij", "L_ij, latency (intercept of the one-way "
                 "time of a ping-pong against bytes, 1 B to 1 KiB, by relative error)", lij, p);
    free(o);
    free(oij);
    free(lij);
    free(all);
}
