/* test_stats.c: summaries and the least-squares fit */
#include <math.h>

#include "models/stats.h"
#include <string.h>
#include "unit.h"

static int near(double a, double b, double tol)
{
    return fabs(a - b) <= tol * (fabs(b) > 1 ? fabs(b) : 1);
}

/* BSP fits that are no parameters: seed 000's example (a negative l with
 * R^2 = 0.07) and each condition alone; a good fit passes */
static void test_bsp_flags(void)
{
    char why[128];
    struct fit bad = {.ok = 1, .alpha = -1.5, .beta = 0.2, .r2 = 0.07};
    CHECK(bsp_meaningless(&bad, why, sizeof why) == 1);
    CHECK(strcmp(why, "negative l, R^2 below 0.5: the times do not follow g h + l") == 0);
    bad.r2 = 0.99;
    CHECK(bsp_meaningless(&bad, why, sizeof why) == 1 && strcmp(why, "negative l") == 0);
    bad.alpha = 3;
    bad.r2 = 0.49;
    CHECK(bsp_meaningless(&bad, why, sizeof why) == 1 && strncmp(why, "R^2 below 0.5", 13) == 0);
    bad.r2 = NAN;              /* no variance at all: not a line either */
    CHECK(bsp_meaningless(&bad, why, sizeof why) == 1);
    struct fit good = {.ok = 1, .alpha = 3, .beta = 0.2, .r2 = 0.5};
    CHECK(bsp_meaningless(&good, why, sizeof why) == 0 && why[0] == 0);
    /* fit_bsp carries the verdict: a line of h is not flagged, times that
     * fall with h (negative l) are */
    double h[4] = {1, 2, 4, 8}, line[4] = {5.2, 5.4, 5.8, 6.6}, falling[4] = {9, 1, 8, 0.5};
    struct fit f = fit_bsp(h, line, 4);
    CHECK(f.ok && f.flagged[0] == 0 && near(f.alpha, 5, 1e-9) && near(f.beta, 0.2, 1e-9));
    f = fit_bsp(h, falling, 4);
    CHECK(f.ok && strstr(f.flagged, "R^2 below 0.5") != NULL);
    CHECK(fit_linear(h, falling, 4).flagged[0] == 0);   /* a plain fit judges nothing */
}

/* nearest-rank percentiles: the ceil(q n)-th smallest */
static void test_tail(void)
{
    double x[200];
    for (int i = 0; i < 200; i++)
        x[i] = 200 - i;        /* 200 .. 1, unsorted */
    struct tail t = tail_of(x, 200);
    CHECK(t.p50 == 100 && t.p90 == 180 && t.p99 == 198 && t.max == 200);
    CHECK(near(t.sd, 57.879185, 1e-6));
    double few[3] = {3, 1, 2};
    t = tail_of(few, 3);       /* under 100 calls p99 is the largest */
    CHECK(t.p50 == 2 && t.p90 == 3 && t.p99 == 3 && t.max == 3);
    double one = 5;
    t = tail_of(&one, 1);
    CHECK(t.p50 == 5 && t.p99 == 5 && t.sd == 0);
    CHECK(isnan(tail_of(NULL, 0).p50));
}

/* which terms of a latency/bandwidth fit mean something: the issue's
 * BW (-0.785 us), MULTI_BIBW (-5.7 us with R^2 0.999), an intercept far
 * below every measured time, a good one, and WIN_CREATE (no data) */
static void test_fit_read(void)
{
    struct fit bw = {.ok = 1, .alpha = -0.785, .beta = 1e-4, .r2 = 0.999,
                     .latency_us = -0.785, .bandwidth_mbs = 1e4};
    struct fit_reading r = fit_read(&bw, 0.4, 1);
    CHECK(!r.latency && r.bandwidth);
    CHECK(strcmp(r.latency_why, "intercept -0.785 us: not a latency (below zero)") == 0);
    bw.alpha = -5.7;
    CHECK(!fit_read(&bw, 6.0, 1).latency);
    struct fit low = {.ok = 1, .alpha = 0.05, .beta = 1e-4, .r2 = 0.99};
    r = fit_read(&low, 0.18, 1);
    CHECK(!r.latency && strstr(r.latency_why, "below half the smallest measured time, 0.180 us"));
    /* a little below the smallest time is what the model expects */
    struct fit good = {.ok = 1, .alpha = 0.17, .beta = 1e-4, .r2 = 0.99};
    r = fit_read(&good, 0.18, 1);
    CHECK(r.latency && r.bandwidth && r.latency_why[0] == 0 && r.bandwidth_why[0] == 0);
    CHECK(fit_read(&good, 0.3, 1).latency && !fit_read(&good, 0.35, 1).latency);
    CHECK(fit_read(&good, 0.0, 1).latency);
    /* a family that moves no data has no bandwidth, whatever its slope */
    r = fit_read(&good, 0.18, 0);
    CHECK(r.latency && !r.bandwidth && strcmp(r.bandwidth_why, "moves no data") == 0);
    /* a slope at or below zero: no bandwidth either */
    struct fit flat = {.ok = 1, .alpha = 1, .beta = -1e-6, .r2 = 0.1};
    r = fit_read(&flat, 1.0, 1);
    CHECK(!r.bandwidth && strcmp(r.bandwidth_why, "time does not grow with size") == 0);
    struct fit none = {.ok = 0};
    r = fit_read(&none, 1.0, 1);
    CHECK(!r.latency && !r.bandwidth);
}

void test_stats(void)
{
    test_tail();
    test_bsp_flags();
    test_fit_read();
    double x[] = {3, 1, 4, 1, 5};
    struct summary s = summarize(x, 5);
    CHECK(s.min == 1 && s.max == 5 && near(s.avg, 2.8, 1e-12));
    CHECK(s.imin == 1 && s.imax == 4 && s.n == 5);
    struct summary e = summarize(x, 0);
    CHECK(isnan(e.min) && isnan(e.avg) && e.n == 0);

    /* an exact line: latency 2 us, 1 byte per 0.001 us = 1000 MB/s */
    double b[] = {0, 1000, 2000, 4000, 8000};
    double t[5];
    for (int i = 0; i < 5; i++)
        t[i] = 2.0 + b[i] / 1000.0;
    struct fit f = fit_linear(b, t, 5);
    CHECK(f.ok && near(f.latency_us, 2.0, 1e-9) && near(f.bandwidth_mbs, 1000.0, 1e-9));
    CHECK(near(f.r2, 1.0, 1e-12));

    /* noise lowers R^2 below 1 but keeps it high */
    double tn[5] = {2.1, 2.9, 4.2, 5.8, 10.1};
    struct fit g = fit_linear(b, tn, 5);
    CHECK(g.ok && g.r2 < 1.0 && g.r2 > 0.95);

    /* hand-computed: points (0,1), (1,3), (2,2): slope 0.5, intercept 1.5,
     * SSres = 1.5, SStot = 2, R^2 = 0.25 */
    double hx[] = {0, 1, 2}, hy[] = {1, 3, 2};
    struct fit h = fit_linear(hx, hy, 3);
    CHECK(h.ok && near(h.alpha, 1.5, 1e-12) && near(h.beta, 0.5, 1e-12));
    CHECK(near(h.r2, 0.25, 1e-12));

    /* a falling line has no bandwidth; one size has no fit */
    double fy[] = {3, 2, 1};
    CHECK(isnan(fit_linear(hx, fy, 3).bandwidth_mbs));
    double one[] = {8, 8};
    CHECK(!fit_linear(one, hy, 2).ok);
    CHECK(!fit_linear(hx, hy, 1).ok);
}
