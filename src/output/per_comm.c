/* per_comm.c: each communicator's own results (topologies with more than
 * one): <stem>.comms.dat, one gnuplot index block per communicator, and
 * the per_communicator list of run.json */
#include "output/per_comm.h"
#include "output/io_check.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* "world ranks 0 1 at (0,0,0) (1,0,0)" */
static void members(FILE *f, const struct run_info *in, const struct result *res,
                    int c)
{
    fputs("world ranks", f);
    for (int r = 0; r < in->ranks; r++)
        if (res->comm_of[r] == c)
            fprintf(f, " %d", r);
    fputs(" at", f);
    for (int r = 0; r < in->ranks; r++)
        if (res->comm_of[r] == c)
            fprintf(f, " (%d,%d,%d)", in->places[r].x, in->places[r].y,
                    in->places[r].z);
}

static void num(FILE *f, double v)
{
    if (isnan(v))
        fputs(" nan", f);
    else
        fprintf(f, " %.4f", v);
}

void comms_file(const struct writer *w, const struct result *res)
{
    if (res->npts == 0 || res->pts[0].ncp < 2 || !res->comm_of)
        return;
    char name[sizeof res->file + 16];
    snprintf(name, sizeof name, "%.*s.comms.dat", (int)(strlen(res->file) - 4),
             res->file);
    FILE *f = datafile_open(w, res, name);
    if (!f)
        return;
    fputs("# each communicator's own statistics: one block per communicator "
          "(gnuplot index), in the order of run.json's per_communicator\n", f);
    for (int c = 0; c < res->pts[0].ncp; c++) {
        fprintf(f, "%s# communicator %d: ", c ? "\n\n" : "", c);
        members(f, w->info, res, c);
        fputs("\n# elements bytes t_min_us t_avg_us t_max_us t_med_us ci_lo_us "
              "ci_hi_us\n", f);
        for (size_t i = 0; i < res->npts; i++) {
            const struct point *pt = &res->pts[i];
            if (c >= pt->ncp)
                continue;
            const struct comm_point *cp = &pt->cp[c];
            fprintf(f, "%llu %llu", (unsigned long long)pt->elements,
                    (unsigned long long)pt->bytes);
            num(f, cp->s.min);
            num(f, cp->s.avg);
            num(f, cp->s.max);
            num(f, cp->med);
            num(f, cp->ci_lo);
            num(f, cp->ci_hi);
            fputc('\n', f);
        }
    }
    char path[sizeof w->dir + sizeof name + 2];
    snprintf(path, sizeof path, "%s/%s", w->dir, name);
    io_close(f, path);
}

static json_t *real_or_null(double v)
{
    return isnan(v) ? json_null() : json_real(v);
}

json_t *comms_json(const struct run_info *in, const struct result *res)
{
    if (res->npts == 0 || res->pts[0].ncp < 2 || !res->comm_of)
        return NULL;
    json_t *list = json_array();
    for (int c = 0; c < res->pts[0].ncp; c++) {
        json_t *ranks = json_array(), *places = json_array(), *pts = json_array();
        for (int r = 0; r < in->ranks; r++)
            if (res->comm_of[r] == c) {
                json_array_append_new(ranks, json_integer(r));
                json_array_append_new(places, json_pack("[i,i,i]", in->places[r].x,
                                                        in->places[r].y, in->places[r].z));
            }
        for (size_t i = 0; i < res->npts; i++) {
            const struct point *pt = &res->pts[i];
            if (c >= pt->ncp)
                continue;
            const struct comm_point *cp = &pt->cp[c];
            json_array_append_new(pts, json_pack("{s:I,s:I,s:o,s:o,s:o,s:o,s:o,s:o}",
                "elements", (json_int_t)pt->elements, "bytes", (json_int_t)pt->bytes,
                "t_min_us", real_or_null(cp->s.min), "t_avg_us", real_or_null(cp->s.avg),
                "t_max_us", real_or_null(cp->s.max), "t_med_us", real_or_null(cp->med),
                "ci_lo_us", real_or_null(cp->ci_lo), "ci_hi_us", real_or_null(cp->ci_hi)));
        }
        json_array_append_new(list, json_pack("{s:i,s:o,s:o,s:o}", "index", c,
                                              "world_ranks", ranks, "places", places,
                                              "points", pts));
    }
    return list;
}
