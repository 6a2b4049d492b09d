/* test_clock.c: the clock model's fit on synthetic offsets (drift and
 * offset recovered, slow round trips left out), its conversions, its
 * predicted error, two levels composed, and why the drift matters to
 * --sync window */
#include <math.h>
#include "models/clock_fit.h"
#include "unit.h"

enum { N = 16 };

/* N samples over 0.2 s from t = 1000 s of a clock d fast and o ahead,
 * each midpoint off by up to 0.1 us (a fixed pattern), round trips 1 us */
static void samples(double d, double o, double *t, double *off, double *rtt)
{
    for (int i = 0; i < N; i++) {
        t[i] = 1000 + 0.2 * i / (N - 1);
        off[i] = o + d * (t[i] - 1000) + 0.1e-6 * ((i * 7) % 5 - 2) / 2;
        rtt[i] = 1e-6 + 0.01e-6 * (i % 3);
    }
}

static void test_fit_recovers(void)
{
    double t[N], off[N], rtt[N];
    struct clock_line f;
    samples(100e-6, 1e-3, t, off, rtt);
    CHECK(clock_fit(t, off, rtt, N, &f) == N && f.dropped == 0);
    CHECK(fabs(f.drift - 100e-6) < 1e-6);          /* within 1% */
    /* the offset is at the fit's centre: o + d (t_ref - 1000) */
    CHECK(fabs(f.t_ref - 1000.1) < 1e-9);
    CHECK(fabs(f.offset - (1e-3 + 100e-6 * 0.1)) < 0.1e-6);
    CHECK(f.max_residual < 0.11e-6 && f.se_drift > 0 && f.se_drift < 1e-6);
    CHECK(f.rtt == 1e-6);
    /* no drift: 0 within the noise */
    samples(0, -5e-3, t, off, rtt);
    clock_fit(t, off, rtt, N, &f);
    CHECK(fabs(f.drift) < 1e-6 && fabs(f.offset + 5e-3) < 0.1e-6);
}

static void test_fit_drops_slow(void)
{
    double t[N], off[N], rtt[N];
    struct clock_line f;
    samples(50e-6, 0, t, off, rtt);
    /* three round trips of 90 us whose midpoints are 45 us off (the
     * reply held up): left out, the line unmoved */
    for (int i = 3; i < 6; i++) {
        rtt[i] = 90e-6;
        off[i] += 45e-6;
    }
    CHECK(clock_fit(t, off, rtt, N, &f) == N - 3 && f.dropped == 3);
    CHECK(fabs(f.drift - 50e-6) < 0.5e-6 && f.max_residual < 0.11e-6);
    CHECK(clock_quick(3e-6, 1e-6) && !clock_quick(3.1e-6, 1e-6));
    /* fewer than 3 quick: the quickest's offset, no drift */
    for (int i = 0; i < N; i++)
        rtt[i] = i == 7 ? 1e-6 : i == 9 ? 1.5e-6 : 1e-3;
    CHECK(clock_fit(t, off, rtt, N, &f) == 1 && f.drift == 0);
    CHECK(f.offset == off[7] && f.t_ref == t[7] && f.se_drift == 0);
}

static void test_conversions(void)
{
    struct clock_line f = {.t_ref = 2000, .offset = 3e-3, .drift = 100e-6};
    for (double T = 1990; T < 2010; T += 1.25) {
        double L = clock_local(&f, T);
        CHECK(fabs(L - (T + 3e-3 + 100e-6 * (T - 2000))) < 1e-12);
        CHECK(fabs(clock_global(&f, L) - T) < 1e-12);
    }
    struct clock_line none = {0};
    CHECK(clock_local(&none, 5) == 5 && clock_global(&none, 5) == 5);
    /* the predicted error grows with the distance from the centre */
    f.se_offset = 0.1e-6;
    f.se_drift = 0.05e-6;
    CHECK(fabs(clock_error(&f, 2000) - 0.1e-6) < 1e-15);
    CHECK(fabs(clock_error(&f, 2010) - 0.6e-6) < 1e-15);
    CHECK(fabs(clock_error(&f, 1990) - 0.6e-6) < 1e-15);
}

/* A rank 100 ppm fast: a start 1 s after the fit, on rank 0's clock,
 * read on the rank's clock through the line is right to the noise;
 * through the offset alone (the model before the drift, SKaMPI's
 * single sync) it is 100 us early: every start of a 10 us window on
 * that rank would come before the others', and its duration would
 * include the wait for them. */
static void test_drift_matters(void)
{
    double t[N], off[N], rtt[N];
    struct clock_line f;
    samples(100e-6, 1e-3, t, off, rtt);
    clock_fit(t, off, rtt, N, &f);
    struct clock_line offset_only = f;
    offset_only.drift = 0;
    double start = f.t_ref + 1;
    double truth = start + 1e-3 + 100e-6 * (start - 1000);
    CHECK(fabs(clock_local(&f, start) - truth) < 1e-6);
    CHECK(truth - clock_local(&offset_only, start) > 10e-6);   /* past a window */
    CHECK(fabs(truth - clock_local(&offset_only, start) - 100e-6) < 2e-6);
}

/* Two levels: a leader's line against rank 0 composed with a rank's
 * against the leader is the rank's against rank 0, exactly for exact
 * lines (both affine), and within the fits' noise for fitted ones; with
 * rank 0's all-zero line it is the rank's own line. */
static void test_compose(void)
{
    struct clock_line a = {.t_ref = 1000, .offset = 1e-3, .drift = 50e-6,
                           .se_offset = 0.03e-6, .se_drift = 0.04e-6, .rtt = 8e-6};
    struct clock_line b = {.t_ref = 2000, .offset = -2e-3, .drift = -30e-6,
                           .se_offset = 0.04e-6, .se_drift = 0.03e-6, .rtt = 1e-6,
                           .used = 12, .dropped = 4};
    struct clock_line c, z = {0}, same;
    clock_compose(&a, &b, &c);
    for (double T = 1990; T < 2010; T += 1.25) {
        double L = clock_local(&b, clock_local(&a, T));
        CHECK(fabs(clock_local(&c, T) - L) < 1e-9);
        CHECK(fabs(clock_global(&c, L) - T) < 1e-9);
    }
    CHECK(fabs(c.drift - ((1 + 50e-6) * (1 - 30e-6) - 1)) < 1e-15);
    CHECK(fabs(c.se_drift - 0.05e-6) < 1e-15 && c.rtt == 9e-6);
    CHECK(c.used == 12 && c.dropped == 4);
    /* a fallback line (an offset alone, 1 sample) makes the composition's
     * drift unmeasured too: its samples are the fewer */
    struct clock_line one = a;
    one.used = 1;
    clock_compose(&one, &b, &same);
    CHECK(same.used == 1);
    /* a's offset error at the new centre, in quadrature with b's */
    CHECK(c.se_offset > hypot(0.03e-6, 0.04e-6) && c.se_offset >= clock_error(&a, c.t_ref));
    clock_compose(&z, &b, &same);
    CHECK(same.t_ref == b.t_ref && same.offset == b.offset && same.drift == b.drift);
    CHECK(same.se_offset == b.se_offset && same.se_drift == b.se_drift && same.rtt == b.rtt);
    /* fitted: leader 100 ppm fast and 1 ms ahead of rank 0, the rank 50
     * ppm fast and 2 ms ahead of the leader (on the leader's clock) */
    double t[N], off[N], rtt[N];
    samples(100e-6, 1e-3, t, off, rtt);
    clock_fit(t, off, rtt, N, &a);
    samples(50e-6, 2e-3, t, off, rtt);
    clock_fit(t, off, rtt, N, &b);
    clock_compose(&a, &b, &c);
    for (double T = 1000; T < 1001; T += 0.25) {
        double S = T + 1e-3 + 100e-6 * (T - 1000), L = S + 2e-3 + 50e-6 * (S - 1000);
        CHECK(fabs(clock_local(&c, T) - L) < 0.5e-6);
    }
    CHECK(fabs(c.drift - 150.005e-6) < 2e-6);
}

void test_clock(void)
{
    test_compose();
    test_fit_recovers();
    test_fit_drops_slow();
    test_conversions();
    test_drift_matters();
}
