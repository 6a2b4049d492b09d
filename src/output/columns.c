/* columns.c: the data-file columns, one row each.
 *
 * To add a column: a field in struct point (result/result.h) that measure/
 * fills, a value function and one row here; the data file's header and
 * rows, run.json's points and (with a prose phrase) the report follow.
 * The first five columns are the contract's (design: Output). */
#include "output/columns.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include "registry/settings.h"


static double v_elements(const struct point *p) { return (double)p->elements; }
static double v_bytes(const struct point *p) { return (double)p->bytes; }
static double v_min(const struct point *p) { return p->s.min; }
static double v_avg(const struct point *p) { return p->s.avg; }
static double v_max(const struct point *p) { return p->s.max; }
static double v_mbps(const struct point *p) { return p->mbps; }
static double v_rate(const struct point *p) { return p->rate; }
static double v_busbw(const struct point *p) { return p->busbw; }
static double v_pair_min(const struct point *p) { return p->pair_min; }
static double v_pair_med(const struct point *p) { return p->pair_med; }
static double v_pair_max(const struct point *p) { return p->pair_max; }
static double v_pure(const struct point *p) { return p->t_pure; }
static double v_overall(const struct point *p) { return p->t_overall; }
static double v_compute(const struct point *p) { return p->t_compute; }
static double v_overlap(const struct point *p) { return p->overlap; }
static double v_init(const struct point *p) { return p->init; }
static double v_iters(const struct point *p) { return (double)p->iters; }
static double v_warmup(const struct point *p) { return (double)p->warmup; }
static double v_samples(const struct point *p) { return (double)p->nsamples; }
static double v_mismatches(const struct point *p) { return (double)p->mismatches; }
static double v_iter_mean(const struct point *p) { return p->iter_mean; }
static double v_iter_median(const struct point *p) { return p->iter_median; }
static double v_pred_mean(const struct point *p) { return p->pred_mean; }
static double v_pred_p90(const struct point *p) { return p->pred_p90; }
static double v_pred_lo(const struct point *p) { return p->pred_lo; }
static double v_pred_hi(const struct point *p) { return p->pred_hi; }
static double v_pred(const struct point *p) { return p->pred; }
static double v_pred_lsq(const struct point *p) { return p->pred_lsq; }
static double v_pred_loggp(const struct point *p) { return p->pred_loggp; }
static double v_med(const struct point *p) { return p->med; }
static double v_ci_lo(const struct point *p) { return p->ci_lo; }
static double v_ci_hi(const struct point *p) { return p->ci_hi; }
static double v_blocks(const struct point *p) { return (double)p->blocks; }
static double v_late(const struct point *p) { return (double)p->late; }
static double v_met(const struct point *p) { return p->met; }

static int is_p2p(const struct col_ctx *c)
{
    return c->res->holds.pairs;
}

/* the fabric's calls in phases: a sample is a pair's */
static int in_phases(const struct holds *h)
{
    return h->phases;
}

static void doc_bytes(const struct col_ctx *c, char *out, size_t len)
{
    const struct holds *h = &c->res->holds;
    snprintf(out, len, "bytes: elements x %d data bytes of %s; mbps: bytes / "
             "t_avg_us (10^6 bytes/s)%s", c->res->type_size, c->res->rec->dt->name,
             h->aggregate ? ", times the messages in flight at once on the largest "
             "communicator (the aggregate)" : h->all_pairs
             ? ", times the pairs of the largest communicator (all at once)" : "");
}

static void doc_pairs(const struct col_ctx *c, char *out, size_t len)
{
    (void)c;
    snprintf(out, len, "pair_mbps_min pair_mbps_med pair_mbps_max: bytes / a pair's "
             "time per message (MB/s), the slowest pair's, the median over pairs, "
             "the fastest pair's; every pair of every phase, each way");
}

static void doc_times(const struct col_ctx *c, char *out, size_t len)
{
    const struct holds *h = &c->res->holds;
    if (in_phases(h))
        snprintf(out, len, "t_min_us t_avg_us t_max_us: time per message of a "
                 "rank to its partner while every pair of the phase streams at once, "
                 "in microseconds; the fastest pair, the mean over pairs, the "
                 "slowest pair");
    else if (is_p2p(c))
        snprintf(out, len, "t_min_us t_avg_us t_max_us: %s in microseconds of "
                 "the fastest pair, the mean over pairs, the slowest pair",
                 strcmp(h->per, "operation") == 0 ? "time per operation (with its share "
                 "of the synchronisation)" : h->window > 1
                 ? "time per message of a window" : "one-way time");
    else   /* HALO's time is per message of its exchange */
        snprintf(out, len, "t_min_us t_avg_us t_max_us: each rank's average "
                 "time per %s in microseconds; the fastest rank, the mean over "
                 "ranks, the slowest rank", h->all_pairs ? "call" : h->per);
}

static int counts_messages(const struct holds *h)
{
    return h->rate;
}

static void doc_rate(const struct col_ctx *c, char *out, size_t len)
{
    (void)c;
    snprintf(out, len, "msg_rate: messages per second of all pairs together "
             "(pairs / t_avg_us); mbps then counts all pairs' bytes");
}

static int has_busbw(const struct holds *h)
{
    return h->busbw;
}

static void doc_busbw(const struct col_ctx *c, char *out, size_t len)
{
    const struct holds *h = &c->res->holds;
    snprintf(out, len, "busbw_mbps: bus bandwidth as nccl-tests reports it, mbps x "
             "%s; n = %d (the largest communicator's ranks): x %.6g",
             busbw_formula((enum busbw_kind)h->busbw), h->busbw_n, h->busbw_factor);
}

static void doc_iters(const struct col_ctx *c, char *out, size_t len)
{
    snprintf(out, len, "iters warmup: timed calls (the most any pair or "
             "communicator made) and the warm-up's count (the least untimed calls: "
             "the warm-up goes on until steady unless the count was given); "
             "samples: %s measured; "
             "mismatches: elements --check found wrong",
             is_p2p(c) || in_phases(&c->res->holds) ? "pairs" : "ranks");
}

static double v_p50(const struct point *p) { return p->tail.p50; }
static double v_p90(const struct point *p) { return p->tail.p90; }
static double v_p99(const struct point *p) { return p->tail.p99; }
static double v_pmax(const struct point *p) { return p->tail.max; }
static double v_sd(const struct point *p) { return p->tail.sd; }
static double v_ncalls(const struct point *p) { return (double)p->ncalls; }
static double v_slowest(const struct point *p) { return p->slowest_rank; }
static double v_share(const struct point *p) { return 100 * p->slowest_share; }
static double v_excess(const struct point *p) { return p->slowest_excess_us; }

static void doc_tail(const struct col_ctx *c, char *out, size_t len)
{
    snprintf(out, len, "p50_us p90_us p99_us pmax_us sd_us: calls timed one by one "
             "after the blocks (calls: how many, pooled over %s), %s, per message; "
             "nearest-rank percentiles (under 100 calls p99 is the largest), the "
             "largest, the standard deviation; each carries one clock read's cost",
             is_p2p(c) ? "pairs" : "communicators", is_p2p(c)
             ? "the initiator's round trip over its messages"
             : "each call's time on the rank that took longest");
}

static void doc_slowest(const struct col_ctx *c, char *out, size_t len)
{
    (void)c;
    snprintf(out, len, "slowest_rank slowest_pct slowest_excess_us: the world rank "
             "that took longest in the most of those calls, in what percentage of "
             "them, and by how much it exceeded the ranks' mean then (mean, us)");
}

static int on_communicators(const struct holds *h)
{
    return !h->pairs;
}

static int barriers(const struct holds *h)
{
    return h->barrier;
}

static int posts(const struct holds *h)
{
    return h->posts;
}

static int persists(const struct holds *h)
{
    return h->persists;
}

static void doc_overlap(const struct col_ctx *c, char *out, size_t len)
{
    snprintf(out, len, "t_pure_us t_overall_us t_compute_us overlap_pct: as OSU's "
             "osu_i* tests, means over the ranks: pure = post + MPI_Wait alone; "
             "overall = post, a computation calibrated to the slowest rank's pure "
             "time (with %d MPI_Test calls, tests=), MPI_Wait; compute = that "
             "computation alone; overlap = max(0, 100 - (overall - compute) / pure "
             "x 100)", (int)record_setting_value(c->res->rec, "tests"));
}

static void doc_init(const struct col_ctx *c, char *out, size_t len)
{
    (void)c;
    snprintf(out, len, "init_us: the call that makes the size's persistent "
             "request (MPI_*_init), once, after a barrier; the mean over ranks");
}

static void doc_barrier(const struct col_ctx *c, char *out, size_t len)
{
    (void)c;
    snprintf(out, len, "iter_max_mean_us iter_max_median_us: each barrier's "
             "duration on its slowest rank, mean and median over iterations; "
             "t_pred_us t_pred_mean_us t_pred_p90_us: the cost model (eq. 5.4 of "
             "Meyer's thesis) from the pairwise parameters, each signal drawn from "
             "its pair's measured tail over simulated iterations: their median, "
             "mean and 90th percentile (nan for MPI); t_pred_lo_us t_pred_hi_us: "
             "the least and greatest of t_pred_us and the medians predicted with "
             "every pairwise parameter moved down, then up, by how far it moved "
             "between two measurements of the same pairs (nan where none were "
             "measured again); t_pred_lsq_us "
             "t_pred_loggp_us: typical signals; means over communicators");
}

static void doc_median(const struct col_ctx *c, char *out, size_t len)
{
    int sync = c->res->holds.barrier;
    snprintf(out, len, "t_med_us ci_lo_us ci_hi_us: median over blocks of %s "
             "time per call%s, pooled over %s, and its 95%% confidence interval "
             "(nan under 6 blocks); blocks: how many; late: repetitions left "
             "out for a late start (--sync window); target_met: 1 when the interval "
             "lies within %g of the median",
             is_p2p(c) ? "a pair's one-way"
                       : c->opt->span && !sync ? "last exit - first entry"
                                               : "the slowest rank's",
             sync || c->opt->sync_window ? " (one call a block)" : "",
             is_p2p(c) ? "pairs" : "communicators", c->opt->target);
}

const struct column columns[] = {
    {.name = "elements", .format = COL_COUNT, .value = v_elements},
    {.name = "bytes", .format = COL_COUNT, .value = v_bytes,
     .doc = doc_bytes},
    {.name = "t_min_us", .format = COL_US, .value = v_min,
     .doc = doc_times},
    {.name = "t_avg_us", .format = COL_US, .value = v_avg},
    {.name = "t_max_us", .format = COL_US, .value = v_max},
    {.name = "mbps", .format = COL_RATE, .value = v_mbps},
    {.name = "msg_rate", .format = COL_RATE, .when = counts_messages,
     .value = v_rate, .doc = doc_rate,
     .prose = "%s messages per second (all pairs)"},
    {.name = "pair_mbps_min", .format = COL_RATE, .when = in_phases,
     .value = v_pair_min, .doc = doc_pairs, .prose = "slowest pair %s MB/s"},
    {.name = "pair_mbps_med", .format = COL_RATE, .when = in_phases,
     .value = v_pair_med, .prose = "median pair %s MB/s"},
    {.name = "pair_mbps_max", .format = COL_RATE, .when = in_phases,
     .value = v_pair_max, .prose = "fastest pair %s MB/s"},
    {.name = "t_pure_us", .format = COL_US, .when = posts,
     .value = v_pure, .doc = doc_overlap},
    {.name = "t_overall_us", .format = COL_US, .when = posts,
     .value = v_overall},
    {.name = "t_compute_us", .format = COL_US, .when = posts,
     .value = v_compute},
    {.name = "overlap_pct", .format = COL_PCT, .when = posts,
     .value = v_overlap,
     .prose = "overlap with computation %s%% (OSU's definition)"},
    {.name = "init_us", .format = COL_US, .when = persists,
     .value = v_init, .doc = doc_init,
     .prose = "init call %s us"},
    /* the family's own per-point quantities (the partitioned calls'
     * early_lead_us): their rows, registry/point_extra.h */
    {.name = "(extras)", .extras_here = 1},
    {.name = "iters", .format = COL_COUNT, .value = v_iters,
     .doc = doc_iters},
    {.name = "warmup", .format = COL_COUNT, .value = v_warmup},
    {.name = "samples", .format = COL_COUNT, .value = v_samples},
    {.name = "mismatches", .format = COL_COUNT,
     .value = v_mismatches},
    /* after the counts, not beside mbps: a collective's columns through
     * mismatches stay where they were for readers that take them by
     * place (tests/integration.sh checks the first ones so) */
    {.name = "busbw_mbps", .format = COL_RATE, .when = has_busbw,
     .value = v_busbw, .doc = doc_busbw, .prose = "bus bandwidth %s MB/s"},
    {.name = "iter_max_mean_us", .format = COL_US, .when = barriers,
     .value = v_iter_mean, .doc = doc_barrier},
    {.name = "iter_max_median_us", .format = COL_US, .when = barriers,
     .value = v_iter_median},
    {.name = "t_pred_us", .format = COL_US, .when = barriers, .value = v_pred},
    {.name = "t_pred_mean_us", .format = COL_US, .when = barriers,
     .value = v_pred_mean},
    {.name = "t_pred_p90_us", .format = COL_US, .when = barriers,
     .value = v_pred_p90},
    {.name = "t_pred_lo_us", .format = COL_US, .when = barriers, .value = v_pred_lo},
    {.name = "t_pred_hi_us", .format = COL_US, .when = barriers, .value = v_pred_hi},
    {.name = "t_pred_lsq_us", .format = COL_US, .when = barriers,
     .value = v_pred_lsq},
    {.name = "t_pred_loggp_us", .format = COL_US, .when = barriers,
     .value = v_pred_loggp},
    {.name = "t_med_us", .format = COL_US, .value = v_med,
     .doc = doc_median},
    {.name = "ci_lo_us", .format = COL_US, .value = v_ci_lo},
    {.name = "ci_hi_us", .format = COL_US, .value = v_ci_hi},
    {.name = "blocks", .format = COL_COUNT, .value = v_blocks},
    {.name = "late", .format = COL_COUNT, .value = v_late},
    {.name = "target_met", .format = COL_FLAG, .value = v_met},
    {.name = "p50_us", .format = COL_US, .value = v_p50, .doc = doc_tail},
    {.name = "p90_us", .format = COL_US, .value = v_p90},
    {.name = "p99_us", .format = COL_US, .value = v_p99},
    {.name = "pmax_us", .format = COL_US, .value = v_pmax},
    {.name = "sd_us", .format = COL_US, .value = v_sd},
    {.name = "calls", .format = COL_COUNT, .value = v_ncalls},
    {.name = "slowest_rank", .format = COL_COUNT, .when = on_communicators,
     .value = v_slowest, .doc = doc_slowest},
    {.name = "slowest_pct", .format = COL_PCT, .when = on_communicators,
     .value = v_share},
    {.name = "slowest_excess_us", .format = COL_US, .when = on_communicators,
     .value = v_excess},
};

const size_t ncolumns = sizeof columns / sizeof columns[0];

/* the place of per-point quantity x in res's holds (and its points'
 * extra[]); -1: res has none */
static int extra_slot(const struct point_extra *x, const struct result *res)
{
    for (int i = 0; i < res->holds.nextras; i++)
        if (res->holds.extra[i] == x)
            return i;
    return -1;
}

int column_applies(const struct column *c, const struct result *res)
{
    if (c->extras_here)
        return 0;
    if (c->extra)
        return extra_slot(c->extra, res) >= 0;
    return !c->when || c->when(&res->holds);
}

struct column extra_column(const struct point_extra *x)
{
    return (struct column){.name = x->name,
                           .format = x->unit == EXTRA_SECONDS ? COL_US : COL_RATE,
                           .prose = x->prose, .given = x->given, .extra = x};
}

size_t result_columns(const struct result *res, struct column *out, size_t max)
{
    size_t n = 0;
    for (size_t i = 0; i < ncolumns; i++) {
        if (columns[i].extras_here)
            for (int x = 0; x < res->holds.nextras && n < max; x++)
                out[n++] = extra_column(res->holds.extra[x]);
        else if (n < max && column_applies(&columns[i], res))
            out[n++] = columns[i];
    }
    return n;
}

double column_value(const struct column *c, const struct result *res,
                    const struct point *pt)
{
    if (!c->extra)
        return c->value(pt);
    int i = extra_slot(c->extra, res);
    return i >= 0 ? pt->extra[i] : NAN;
}

int column_has_doc(const struct column *c)
{
    return c->doc || c->extra;
}

void column_doc(const struct column *c, const struct col_ctx *ctx, char *out,
                size_t len)
{
    if (c->extra)
        snprintf(out, len, "%s: %s", c->extra->name, c->extra->doc);
    else
        c->doc(ctx, out, len);
}

void column_text(const struct column *c, double v, char *out, size_t len)
{
    switch (c->format) {
    case COL_COUNT:
    case COL_FLAG: snprintf(out, len, "%.0f", v); break;
    case COL_US: snprintf(out, len, "%.4f", v); break;
    case COL_RATE: snprintf(out, len, "%.3f", v); break;
    case COL_PCT: snprintf(out, len, "%.1f", v); break;
    }
}
