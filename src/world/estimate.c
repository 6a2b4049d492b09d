/* estimate.c: the model behind --validate's estimates and the run's
 * "estimated" times.  It is deliberately simple and errs long: it knows
 * the iteration counts exactly and guesses the time per call.
 *
 *   t_call = m (L + bytes / B)      L = 2 us, B = 4000 MB/s
 *
 * m is the messages on a call's critical path: 2 for a ping-pong, the
 * window for the streaming calls, ceil(log2 p) for the tree-shaped
 * collectives (BCAST, REDUCE, ALLREDUCE, SCAN, BARRIER), p - 1 for those
 * whose buffers hold a block per rank (GATHER, ALLTOALL, ...), 6 for a
 * neighbourhood collective; for the fabric calls, the root's p - 1 windows
 * (FAN_IN, FAN_OUT) or a window each way in each of the phases, timed
 * one after another (SHIFT: p - 1, PERMUTATION: its matchings), each
 * phase a measurement.  B is the family's (registry/families.c: MPI
 * I/O takes 500 MB/s).  Every
 * measurement (a pair, or all communicators at once) adds 1 ms of
 * barriers, pilot and gathering; a BARRIER record times each barrier
 * twice (the loop, then one by one).  The pairwise parameters, measured
 * before a topology's first pattern barrier: each ordered pair's O_ij
 * sends, R_ij receives and R1_ij's round trips and waits, and each pair's
 * ping-pongs over 2^0 to 2^20 bytes and S_ij's, the pairs in
 * turn (up to PARAM_TURNS_MAX ranks) or in rounds, each step adding the
 * overhead.  Their 2 MiB a pair and repetition are what takes the time,
 * so they go at PARAM_BYTES_PER_US, Gigabit Ethernet (the thesis's
 * clusters; it errs long on faster networks), and in rounds, where every
 * rank is in a pair at once, the ranks of a node share its link: a
 * round's messages take node_ranks times as long.  (With 4000 MB/s and no
 * sharing it said 0.4 s at 64 ranks, 8 a node, where the GigE simulation
 * took 57.8 s.) */
#include "world/estimate.h"

#include <mpi.h>
#include <math.h>
#include <stdio.h>
#include "input/iters.h"
#include "registry/sizes.h"
#include "models/param_classes.h"
#include "models/predict.h"
#include "models/schedule.h"
#include "world/plan.h"

#define LATENCY_US 2.0
#define OVERHEAD_US 1000.0
#define PARAM_BYTES_PER_US 125.0

static double log2_ceil(int p)
{
    return p < 2 ? 1 : ceil(log2((double)p));
}

/* messages on the critical path of one timed iteration */
static double messages(const struct call *c, int p, int window)
{
    if (c->phased)             /* a window out and one in, per phase */
        return 2.0 * window + 1;
    if (c->streams)            /* the root's: a window from or to every rank */
        return (double)c->streams(p) * window + 1;
    if (needs_pairs(c))
        return call_has(c, CALL_WINDOWED) || c->family->always_windowed ? window + 1 : 2;
    if (call_has(c, CALL_NEIGHBORS))
        return 6;
    if (c->family->uses_scratch)   /* a file's read or write: one transfer */
        return 1;
    size_t s, r;
    c->buffers(p, 1, &s, &r);
    return s >= (size_t)p || r >= (size_t)p ? (p > 1 ? p - 1 : 1) : log2_ceil(p);
}

/* one pair's L_ij, S_ij, X_ij and Xs_ij, us: in rounds (fewer repetitions over 1 KiB)
 * with share pairs on a link, or alone */
static double pair_l(int rounds, double share)
{
    double l = (PARAM_ACK_WARMUP * 4 + PARAM_REPS * 6) * LATENCY_US;   /* S_ij */
    /* X_ij and Xs_ij: an exchange about one and two one-way times */
    l += (PARAM_EXCHANGE_WARMUP + PARAM_EXCHANGE_REPS) * 3 * LATENCY_US;
    for (int e = 0; e <= PARAM_MAX_POW; e++)
        l += (rounds && e > PARAM_SMALL_POW ? PARAM_BIG_REPS : PARAM_REPS) * 2 *
             (LATENCY_US + (double)(1L << e) * share / PARAM_BYTES_PER_US);
    return l;
}

double estimate_params(int p, int node_ranks, int params_depth)
{
    if (p < 2)
        return 0;
    int rounds = p > PARAM_TURNS_MAX, per = node_ranks < 1 ? 1 : node_ranks;
    /* in rounds, the pairs of a node's ranks share its link */
    double share = rounds ? (per > p ? p : per) : 1;
    double o = 0;              /* one ordered pair's O_ij, R_ij, R1_ij */
    for (int k = 1; k <= PARAM_MAX_REQS; k++)
        o += 2 * PARAM_REPS * (2 + k) * LATENCY_US;
    o += PARAM_REPS * (2 + 10) * LATENCY_US;      /* R1_ij: 1 + 4 round trips */
    double l = pair_l(rounds, share);
    double steps = rounds ? round_count(p) + PARAM_VERIFY : (double)p * (p - 1);
    double step = rounds ? 2 * o + l : o + l / 2;
    double full = steps * (step + OVERHEAD_US);
    if (params_depth == PARAMS_FULL ||
        (params_depth == PARAMS_AUTO && p <= PARAM_CLASSES_ABOVE))
        return full * 1e-6;
    /* by classes (models/param_classes.h): CLASS_ROUNDS rounds, or one
     * for each other node where they are more and no more than
     * CLASS_LEADER_ROUNDS, and alone, both ways, a spot-check on every
     * node of the two classes (on a node, across; where no split is
     * needed) and samples where the rounds have too few */
    int nodes = (p + per - 1) / per;
    double alone = 2 * nodes + 2 * CLASS_SAMPLE;
    double by = (rounds ? classes_round_count(p, nodes) * (step + OVERHEAD_US) : 0) +
                alone * (2 * o + pair_l(0, 1) + 2 * OVERHEAD_US);
    return (by < full ? by : full) * 1e-6;
}

/* the parameters are measured before the first pattern barrier of the
 * plan on each topology */
double estimate_plan_params(const struct plan *pl, int i, int node_ranks,
                            int params_depth)
{
    for (int k = 0; k <= i; k++) {
        const struct record *q = pl->rec[k].rec;
        if (q->ok && !pl->rec[k].skipped[0] && q->topo == pl->rec[i].rec->topo &&
            q->pattern && (q->pattern->generate || q->pattern_file[0]))
            return k == i ? estimate_params(pl->rec[i].breadth.p, node_ranks, params_depth)
                          : 0;
    }
    return 0;
}

struct estimate estimate_record(const struct record *r, const struct options *o,
                                const struct record_breadth *sh)
{
    struct estimate e = {0, 0, 0, 0};
    const struct call *c = r->call;
    int pw = pairwise(c);
    long steps = pw ? sh->steps : call_phases(c, r, sh->p);
    long each = pw ? sh->pairs : sh->ncomm * steps;
    double bw = c->family->bytes_per_us;
    /* threaded calls: threads= pairs of streams share the ranks' cores */
    double m = messages(c, sh->p, record_window(r)) * record_threads(r);
    int type_size;
    MPI_Type_size(type_handle(r->dt), &type_size);
    static uint64_t sizes[MAX_SIZES];
    size_t n = record_sizes(r, sizes, MAX_SIZES);
    for (size_t i = 0; i < n; i++) {
        uint64_t bytes = sizes[i] * (uint64_t)type_size;
        long iters, warmup;
        choose_iters(r, o, sizes[i], bytes, &iters, &warmup);
        /* the objects family's own cost of making an object (cost_us) */
        double call = m * (LATENCY_US + (double)bytes / bw) + call_cost_us(c);
        if (call_has(c, CALL_BSP))            /* h one-element messages a rank */
            call = (double)sizes[i] * LATENCY_US;
        /* --time S: the timed loop takes about S whatever the count (a
         * barrier's two loops S/2 each; a record's iters= beats it); the
         * warm-up comes on top */
        double per = record_time(r, o) > 0
                     ? record_time(r, o) * 1e6 + (double)(warmup > 0 ? warmup : 0) * call
                     : (double)(iters + warmup) * call * c->family->passes;
        e.seconds += (double)steps * (per + OVERHEAD_US) * 1e-6;
        e.measurements += each;
    }
    /* compose=1: each mock-up at every size too, at most two calls each */
    e.seconds *= 1 + 2.0 * record_mockups(r);
    return e;
}
