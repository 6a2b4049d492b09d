/* datafile.c: the gnuplot data file of a record, its pair matrix, its
 * repetitions, and the parameter matrices.
 *
 * '#' header lines make a file self-describing (library, ranks, grid,
 * hosts, date, options, the record itself, what every column means); the
 * last header line names the columns; then one row per size.  Columns
 * come from the column table (columns.c). */
#include "output/output.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "base/base.h"
#include "base/thread_level.h"
#include "input/parser.h"
#include "models/schedule.h"
#include "output/columns.h"
#include "output/record_settings.h"
#include "registry/settings.h"
#include "output/call_json.h"
#include "output/library_settings.h"
#include "output/io_check.h"
#include "output/type_lines.h"

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
    if (r->call->opk != OPK_PAIRS)
        return "NOP";
    const char *op = r->pairs == PAIRS_DETAIL ? "DETAIL" : "NOP";
    if (strcmp(r->pf->name, "ALL") == 0)
        return op;
    snprintf(buf, len, "%s:%s", op, r->pf->name);
    return buf;
}

const char *pair_schedule(const struct result *res, char *buf, size_t len)
{
    const struct record *r = res->rec;
    int p = 0;
    for (int i = 0; i < res->ncomm; i++)
        if (res->comm_sizes[i] > p)
            p = res->comm_sizes[i];
    if (r->pf->rounds)
        snprintf(buf, len, "every pair, in %d rounds of disjoint pairs measured at "
                 "the same time (ROUNDS; communicators of %d ranks)", round_count(p), p);
    else if (r->pf->sample)
        snprintf(buf, len, "%ld pairs drawn with seed %d (SAMPLE), one pair at a "
                 "time", r->sample, SAMPLE_SEED);
    else
        snprintf(buf, len, "one pair at a time, the other ranks waiting");
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
    /* a shaped type's spelling may hold a path: one file name, no folders */
    for (char *c = low; *c; c++)
        if (*c == ':' || *c == '/')
            *c = '-';
    snprintf(out, len, "%s", low);
}

/* the "# options:" line, from the option table */
static void options_line(FILE *f, const struct options *o)
{
    fputs("# options:", f);
    for (size_t i = 0; i < noption_specs; i++) {
        const struct option_spec *sp = &option_specs[i];
        if (!sp->header)
            continue;
        char v[64];
        option_text(sp, o, v, sizeof v);
        fprintf(f, " %s=%s%s", sp->header, v, sp->note ? sp->note : "");
    }
    fputc('\n', f);
}

/* library, ranks, grid, hosts, date, options, timer */
static void run_lines(FILE *f, const struct run_info *in)
{
    fprintf(f, "# mpi: %s (MPI %d.%d)\n", in->library, in->version, in->subversion);
    fprintf(f, "# threads: %s granted (MPI_Init_thread asked %s)\n",
            thread_level_name(in->thread_level),
            thread_asked_text(in->thread_asked, in->opt->thread_level != 0));
    fprintf(f, "# ranks: %d, grid %dx%dx%d from %s, %d node%s, hosts:", in->ranks,
            in->grid[0], in->grid[1], in->grid[2], in->grid_source, in->nodes,
            in->nodes == 1 ? "" : "s");
    for (int i = 0; i < in->nhosts; i++)
        fprintf(f, " %s", in->hosts[i]);
    fprintf(f, "\n# date: %s\n", in->date);
    options_line(f, in->opt);
    fprintf(f, "# MPI_Wtime: resolution %.3g s, %.3g s a read\n", in->timer_res,
            in->timer_cost);
    if (isnan(in->init_s[0]))
        fprintf(f, "# MPI_Init: not timed (SimGrid's SMPI)\n");
    else
        fprintf(f, "# MPI_Init: min %.4f s, avg %.4f s, max %.4f s over the ranks\n",
                in->init_s[0], in->init_s[1], in->init_s[2]);
}

/* what each column means, then their names */
static void column_lines(FILE *f, const struct run_info *in, const struct result *res)
{
    struct col_ctx ctx = {res, in->opt};
    char doc[512];
    struct column cols[MAX_COLUMNS];
    size_t n = result_columns(res, cols, MAX_COLUMNS);
    for (size_t i = 0; i < n; i++)
        if (column_has_doc(&cols[i])) {
            column_doc(&cols[i], &ctx, doc, sizeof doc);
            fprintf(f, "# %s\n", doc);
        }
    for (int i = 0; i < in->ev.n; i++)
        fprintf(f, "# %s_avg %s_max: %s counted (by %s) over the timed loops per "
                "call, mean over the ranks that made calls and the largest\n",
                in->ev.name[i], in->ev.name[i], in->ev.name[i], in->ev.backend[i]);
    fputs("#", f);
    for (size_t i = 0; i < n; i++)
        fprintf(f, " %s", cols[i].name);
    for (int i = 0; i < in->ev.n; i++)
        fprintf(f, " %s_avg %s_max", in->ev.name[i], in->ev.name[i]);
    fputc('\n', f);
}

/* a setting's word is w (NULL: the record has no such row) */
static int same_word(const char *word, const char *w)
{
    return word && strcmp(word, w) == 0;
}

static void header(FILE *f, const struct run_info *in, const struct result *res)
{
    const struct record *r = res->rec;
    char op[64];
    fprintf(f, "# mpigauge %s: %s of %s, op %s, on %s\n", MPIGAUGE_VERSION,
            r->call->name, r->dt->name, op_label(r, op, sizeof op), r->topo->name);
    char where[96];
    if (r->from)               /* a record from the command line: -r 2 */
        fprintf(f, "# record: %s: %s\n", r->from, r->text);
    else
        fprintf(f, "# record: %s %s: %s\n", in->input, record_place(r, where, sizeof where),
                r->text);
    run_lines(f, in);
    /* the run's --cache cold, where this record's buffers are not cycled */
    if (in->opt->cache_cold && cache_warm_why(r))
        fprintf(f, "# cache: warm for %s: %s\n", r->call->name, cache_warm_why(r));
    settings_lines(f, in, res);
    fprintf(f, "# communicators: %d, sizes", res->ncomm);
    for (int i = 0; i < res->ncomm; i++)
        fprintf(f, " %d", res->comm_sizes[i]);
    fprintf(f, "\n# timing: %s\n", r->call->timing);
    if (res->vtopo_text)
        fprintf(f, "# shape: %s\n", res->vtopo_text);
    if (res->holds.pairs) {
        char how[200];
        fprintf(f, "# pairs: %s\n", pair_schedule(res, how, sizeof how));
    }
    record_settings_line(f, r);
    type_lines(f, res);
    call_header_lines(f, res, in->opt);
    if (res->facts.header)
        fputs(res->facts.header, f);
    if (res->pattern.used)     /* the synchronisation family's signal= and payload= */
        fprintf(f, "# signals: %s, payload %s\n",
                same_word(record_setting_word(r, "signal"), "ssend")
                ? "ssend (MPI_Ssend_init: synchronous mode)"
                : "send (MPI_Send_init: standard mode)",
                same_word(record_setting_word(r, "payload"), "exchange")
                ? "exchange (n elements for every rank the sender knows of and the "
                  "receiver does not)" : "uniform (n elements on every signal)");
    column_lines(f, in, res);
}

FILE *datafile_open(const struct writer *w, const struct result *res,
                    const char *name)
{
    char path[sizeof w->dir + 200];
    snprintf(path, sizeof path, "%s/%s", w->dir, name);
    FILE *f = fopen(path, "w");
    if (!f) {
        io_failed(path);
        return NULL;
    }
    header(f, w->info, res);
    /* on disk before the first size; a header that cannot be written
     * leaves no file behind */
    if (fflush(f) != 0 || ferror(f)) {
        io_failed(path);
        fclose(f);
        unlink(path);
        return NULL;
    }
    return f;
}

void datafile_row(FILE *f, const struct writer *w, const struct result *res,
                  const struct point *pt)
{
    int first = 1;
    char v[64];
    struct column cols[MAX_COLUMNS];
    size_t n = result_columns(res, cols, MAX_COLUMNS);
    for (size_t i = 0; i < n; i++) {
        column_text(&cols[i], column_value(&cols[i], res, pt), v, sizeof v);
        fprintf(f, first ? "%s" : " %s", v);
        first = 0;
    }
    for (int i = 0; i < w->info->ev.n; i++)
        fprintf(f, " %.6g %.6g", pt->count_avg[i], pt->count_max[i]);
    fputc('\n', f);
}

void pairs_block(FILE *f, int p, const struct point *pt, int mbps, int slowest)
{
    double *m = xmalloc_array((size_t)p * (size_t)p, sizeof *m);
    for (int i = 0; i < p * p; i++)
        m[i] = NAN;
    for (size_t i = 0; i < pt->nsamples; i++) {
        const struct sample *s = &pt->samples[i];
        if (s->b < 0)
            continue;
        double *cell = &m[s->a * p + s->b];
        if (!slowest || isnan(*cell) || s->t_us > *cell)
            *cell = s->t_us;
    }
    for (int i = 0; i < p * p && mbps; i++)
        m[i] = (double)pt->bytes / m[i];
    matrix_block(f, p, pt->elements, m);
    free(m);
}

void matrix_block(FILE *f, int p, uint64_t elements, const double *m)
{
    fprintf(f, "# elements %llu\n", (unsigned long long)elements);
    for (int i = 0; i < p; i++) {
        for (int j = 0; j < p; j++)
            fprintf(f, j ? " %.4f" : "%.4f", m[i * p + j]);
        fputc('\n', f);
    }
    fputs("\n\n", f);
}

void raw_rows(FILE *f, const struct point *pt)
{
    for (long i = 0; i < pt->blocks; i++)
        fprintf(f, "%llu %d %d %ld %ld %.4f\n", (unsigned long long)pt->elements,
                pt->reps[i].a, pt->reps[i].b, pt->reps[i].k, pt->reps[i].per_block,
                pt->reps[i].t_us);
}

/* one matrix (cols = p, depth values a cell) or one value per rank
 * (cols = 1) */
static void write_matrix(const struct writer *w, const struct topology *t,
                         enum param_file file, const double *m, int p, int cols,
                         int depth)
{
    char name[128], path[sizeof w->dir + 160];
    param_file_name(t->name, file, name, sizeof name);
    snprintf(path, sizeof path, "%s/%s", w->dir, name);
    FILE *f = fopen(path, "w");
    if (!f) {
        io_failed(path);
        return;
    }
    fprintf(f, "# mpigauge %s: %s on %s communicators, microseconds\n",
            MPIGAUGE_VERSION, param_files[file].meaning, t->name);
    if (depth > 1)
        fprintf(f, "# row i = world rank i, columns j*%d .. j*%d+%d the %d values of "
                "world rank j; nan outside a communicator\n", depth, depth, depth - 1,
                depth);
    else
        fprintf(f, "# %s\n", cols == 1 ? "one row per world rank: rank value"
                                        : "row i = world rank i, column j = world "
                                          "rank j; nan outside a communicator");
    size_t row = (size_t)p * (size_t)depth;
    for (int i = 0; i < p; i++) {
        if (cols == 1)
            fprintf(f, "%d %.4f\n", i, m[i]);
        else
            for (size_t j = 0; j < row; j++)
                fprintf(f, j ? " %.4f" : "%.4f", m[(size_t)i * row + j]);
        if (cols != 1)
            fputc('\n', f);
    }
    io_close_whole(f, path);
}

void writer_params(struct writer *w, const struct topology *t,
                   const struct param_matrices *m)
{
    for (int i = 0; i < m->n; i++)
        write_matrix(w, t, m->m[i].file, m->m[i].v, m->p, m->m[i].cols,
                     m->m[i].depth > 1 ? m->m[i].depth : 1);
    writer_param_classes(w, t, m);
}
