/* test_receiver.c: the barrier model's receiver (models/predict.c): a
 * lone receive's work (R1_ij), an acknowledgement's (S_ij), and the
 * acknowledgements taken up in time order */
#include <math.h>
#include "models/acks.h"
#include "models/pattern.h"
#include "models/predict.h"
#include "unit.h"

/* 2 ranks: O_i 0, O_ij 2, one-way 3 us, R_ij 0, R1_ij r1, S_ij s (a
 * negative value: that matrix left out) */
struct setup {
    double o[2], oij[4], l[4], b[4], r[4], r1[4], s[4];
    struct params pm;
};

static void set_up(struct setup *st, double r1, double s)
{
    for (int i = 0; i < 4; i++) {
        st->oij[i] = 2;
        st->l[i] = 3;
        st->b[i] = st->r[i] = 0;
        st->r1[i] = r1;
        st->s[i] = s;
    }
    st->o[0] = st->o[1] = 0;
    st->pm = (struct params){.p = 2, .m[PF_O] = st->o, .m[PF_OIJ] = st->oij,
                             .m[PF_LIJ] = st->l, .m[PF_BIJ] = st->b,
                             .m[PF_LIJ_SMALL] = st->l, .m[PF_RIJ] = st->r,
                             .m[PF_R1IJ] = r1 < 0 ? NULL : st->r1,
                             .m[PF_SIJ] = s < 0 ? NULL : st->s};
}

/* predict_barrier's settled value of gen's pattern on the 2 ranks */
static double settled(void (*gen)(struct bpattern *, int, int), double r1, double s,
                      enum signal_kind kind)
{
    static struct setup st;
    struct bpattern bp;
    set_up(&st, r1, s);
    gen(&bp, 2, 2);
    struct signal_costs c = costs_from_params(&st.pm);
    double us = predict_barrier(&bp, &c, NULL, kind, 0);
    bpattern_free(&bp);
    return us;
}

/* the heap gives 64 pushes back earliest first, each with its signal */
static void test_acks(void)
{
    double t[64];
    int e[64], ok = 1;
    struct acks a = {t, e, 0};
    for (int k = 0; k < 64; k++)
        acks_push(&a, (double)((k * 37) % 64), k);   /* a permutation of 0..63 */
    for (int k = 0; k < 64; k++) {
        double at;
        int sig = acks_pop(&a, &at);
        ok &= at == k && (sig * 37) % 64 == k;
    }
    CHECK(ok && a.n == 0);
}

void test_receiver(void)
{
    test_acks();
    /* An eager exchange: each rank's send leaves after 2 us, the one-way 3.
     * With the receiver's 1 us of it as a lone receive, a rank that comes
     * late pays that 1 us after its own send, both end together, 3 us.
     * Without it the late rank finds the other's signal there for nothing,
     * ends 1 us early, and the two take turns being late: 4 us. */
    CHECK(fabs(settled(gen_dissemination, 1, -1, SIGNAL_EAGER) - 3) < 1e-9);
    CHECK(fabs(settled(gen_dissemination, -1, -1, SIGNAL_EAGER) - 4) < 1e-9);
    /* the lone receive never makes the one-way time longer than L_ij: one
     * of 5 us counts as the 1 us the sender leaves */
    CHECK(fabs(settled(gen_dissemination, 5, -1, SIGNAL_EAGER) - 3) < 1e-9);
    /* Synchronous LINEAR on 2 ranks, a chain: signal, its acknowledgement
     * (S_ij = 3 of the receiver's work), the release, its acknowledgement:
     * 2 L + 2 S = 12 us a barrier.  With the sender's overhead in S's
     * place (2): 10. */
    CHECK(fabs(settled(gen_linear, 1, 3, SIGNAL_SYNCHRONOUS) - 12) < 1e-9);
    CHECK(fabs(settled(gen_linear, 1, -1, SIGNAL_SYNCHRONOUS) - 10) < 1e-9);
    /* A synchronous exchange: both signals arrive at 2 us, each receiver
     * takes 1, acknowledges for 3, and the acknowledgement arrives at 6,
     * taken up in 1: 7 us.  Taken up when it is made, before the other
     * signal that arrived earlier, an acknowledgement would keep rank 0
     * from that signal until 7 and the barrier longer. */
    CHECK(fabs(settled(gen_dissemination, 1, 3, SIGNAL_SYNCHRONOUS) - 7) < 1e-9);
    CHECK(fabs(settled(gen_pairwise, 1, 3, SIGNAL_SYNCHRONOUS) - 7) < 1e-9);
}
