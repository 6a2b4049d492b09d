/* test_crossing.c: the barrier model's exchange term (models/predict.c's
 * crossing): two ranks that signal each other in one stage take X_ij */
#include <math.h>
#include "models/pattern.h"
#include "models/predict.h"
#include "unit.h"

/* p ranks, O_i 0.1, O_ij 0.5, one-way 1 us, every exchange x us */
struct setup {
    double o[8], oij[64], l[64], b[64], x[64], xs[64];
    struct params pm;
};

static void set_up(struct setup *s, int p, double x)
{
    for (int i = 0; i < p; i++)
        s->o[i] = 0.1;
    for (int i = 0; i < p * p; i++) {
        s->oij[i] = 0.5;
        s->l[i] = 1;
        s->b[i] = 0;
        s->x[i] = x;
        s->xs[i] = x;
    }
    s->pm = (struct params){.p = p, .m[PF_O] = s->o, .m[PF_OIJ] = s->oij,
                            .m[PF_LIJ] = s->l, .m[PF_BIJ] = s->b,
                            .m[PF_LIJ_SMALL] = s->l, .m[PF_XIJ] = s->x,
                            .m[PF_XSIJ] = s->xs};
}

/* the pattern's first iteration from a simultaneous start (first), or
 * predict_barrier's settled value, with the exchanges and without */
static void predict_both(void (*gen)(struct bpattern *, int, int), int p, double x,
                         enum signal_kind kind, int first, double *with,
                         double *without)
{
    static struct setup s;
    struct bpattern bp;
    set_up(&s, p, x);
    gen(&bp, p, 2);
    struct signal_costs c = costs_from_params(&s.pm);
    for (int k = 0; k < 2; k++) {
        double *out = k ? without : with;
        *out = first ? predict_barrier_window(&bp, &c, NULL, kind, 0.05, NULL, 0, 1)
                     : predict_barrier(&bp, &c, NULL, kind, 0.05);
        c.exchange = c.exchange_sync = NULL;
    }
    bpattern_free(&bp);
}

void test_crossing(void)
{
    double with, without;
    /* 2 ranks, from a simultaneous start: one stage, each signalling the
     * other; the model gives an exchange the invocation and the one-way
     * time, 0.1 + 1 = 1.1 us, and X = 3 adds the 1.9 us it lacks */
    predict_both(gen_dissemination, 2, 3.0, SIGNAL_EAGER, 1, &with, &without);
    CHECK(fabs(with - without - 1.9) < 1e-9);
    predict_both(gen_pairwise, 2, 3.0, SIGNAL_EAGER, 1, &with, &without);
    CHECK(fabs(with - without - 1.9) < 1e-9);
    /* 4 ranks, PAIRWISE: two stages of crossing pairs, 1.9 each */
    predict_both(gen_pairwise, 4, 3.0, SIGNAL_EAGER, 1, &with, &without);
    CHECK(fabs(with - without - 3.8) < 1e-9);
    /* iterations back to back keep a skew of about one stage, which the
     * slower exchange lengthens too: at least the 1.9 us */
    predict_both(gen_pairwise, 2, 3.0, SIGNAL_EAGER, 0, &with, &without);
    CHECK(with >= without + 1.9 - 1e-9);
    /* no stage of LINEAR or TREE has a signal both ways */
    predict_both(gen_linear, 4, 3.0, SIGNAL_EAGER, 0, &with, &without);
    CHECK(with == without);
    predict_both(gen_tree, 5, 3.0, SIGNAL_EAGER, 0, &with, &without);
    CHECK(with == without);
    /* an exchange no slower than the model adds nothing */
    predict_both(gen_pairwise, 4, 1.0, SIGNAL_EAGER, 0, &with, &without);
    CHECK(with == without);
    /* synchronous signals against Xs_ij: from a simultaneous start the
     * model gives a crossing pair 0.1 + 1 (the signal) + 0.5 (its
     * acknowledgement, the overhead without S_ij) + 1 - 0.5 (the way
     * back) = 2.1 us, plus the 0.05 the timing adds, and Xs = 3 makes the
     * stage take 3 (crossing_sync's model is the simulator's) */
    predict_both(gen_dissemination, 2, 3.0, SIGNAL_SYNCHRONOUS, 1, &with, &without);
    CHECK(fabs(without - 2.15) < 1e-9);
    CHECK(fabs(with - 3.05) < 1e-9);
    predict_both(gen_pairwise, 4, 3.0, SIGNAL_SYNCHRONOUS, 1, &with, &without);
    CHECK(fabs(with - without - 1.8) < 1e-9);
    predict_both(gen_linear, 4, 3.0, SIGNAL_SYNCHRONOUS, 0, &with, &without);
    CHECK(with == without);
    predict_both(gen_pairwise, 4, 2.0, SIGNAL_SYNCHRONOUS, 0, &with, &without);
    CHECK(with == without);
}
