/* test_switch_points.c: the switch points (models/switch_points.h) on
 * constructed curves: a two-slope curve is found at its knee, with or
 * without a step and under noise; a straight noisy line gives none; a
 * short or flat curve gives none; three slopes give two switches */
#include <math.h>

#include "base/splitmix.h"
#include "models/switch_points.h"
#include "unit.h"

#define N 21                        /* 1 B .. 1 MiB by 2, as a SEND record */

static double gauss(uint64_t *rng)
{
    double u1 = splitmix_unit(rng), u2 = splitmix_unit(rng);
    return sqrt(-2 * log(1 - u1)) * cos(2 * M_PI * u2);
}

/* sizes 2^0 .. 2^20; t = a + x / bw below the knee (x <= knee), then a
 * step and a slope `ratio` times as steep; relative noise `rel` (its
 * 95% interval +-1.96 rel t) */
static void curve(double *x, double *t, double *lo, double *hi, double knee, double step,
                  double ratio, double rel, uint64_t *rng)
{
    for (int i = 0; i < N; i++) {
        x[i] = ldexp(1, i);
        double v = 2 + x[i] / 5000;
        if (x[i] > knee)
            v = 2 + knee / 5000 + step + (x[i] - knee) * ratio / 5000;
        t[i] = v * (1 + (rng ? rel * gauss(rng) : 0));
        lo[i] = t[i] * (1 - 1.96 * rel);
        hi[i] = t[i] * (1 + 1.96 * rel);
    }
}

/* a continuous knee's point lies on both lines: the switch is found at
 * it when the knee lies between the two sides' sizes (either side may
 * keep the knee's own point) */
static int at_knee(const struct switch_point *sp, double knee)
{
    return sp->below_bytes <= knee && knee <= sp->above_bytes &&
           sp->above_bytes / sp->below_bytes == 2;
}

static void test_knee(void)
{
    double x[N], t[N], lo[N], hi[N];
    struct switch_point sp[SWITCH_MOST];
    /* a continuous knee at 64 KiB: the slope halves (rendezvous' one copy) */
    curve(x, t, lo, hi, 65536, 0, 0.5, 0.01, NULL);
    CHECK(switch_points(x, t, lo, hi, N, sp, SWITCH_MOST) == 1);
    CHECK(at_knee(&sp[0], 65536));
    CHECK(fabs(sp[0].slope_below - 1 / 5000.0) < 1e-9);
    CHECK(fabs(sp[0].slope_above - 0.5 / 5000.0) < 1e-9);
    CHECK(sp[0].f > sp[0].f_crit && sp[0].f_crit > 10 && sp[0].z > 3);
    /* a step of 10 us and a steeper slope at 16 KiB, no intervals: the
     * floor alone weighs the points */
    curve(x, t, lo, hi, 16384, 10, 2, 0.01, NULL);
    CHECK(switch_points(x, t, NULL, NULL, N, sp, SWITCH_MOST) == 1);
    CHECK(at_knee(&sp[0], 16384));
}

/* seeded noise: a straight line never shows a switch; the knee is found
 * at its place in every one of the same number of noisy curves */
static void test_noise(void)
{
    double x[N], t[N], lo[N], hi[N];
    struct switch_point sp[SWITCH_MOST];
    uint64_t rng = 56;
    int false_alarms = 0, found = 0;
    for (int k = 0; k < 200; k++) {
        curve(x, t, lo, hi, INFINITY, 0, 1, 0.02, &rng);
        false_alarms += switch_points(x, t, lo, hi, N, sp, SWITCH_MOST) > 0;
        curve(x, t, lo, hi, 65536, 0, 0.5, 0.02, &rng);
        found += switch_points(x, t, lo, hi, N, sp, SWITCH_MOST) == 1 &&
                 at_knee(&sp[0], 65536);
    }
    CHECK(false_alarms == 0);
    CHECK(found == 200);
}

static void test_none(void)
{
    double x[N], t[N], lo[N], hi[N];
    struct switch_point sp[SWITCH_MOST];
    /* too few points for two sides of SWITCH_MIN_POINTS */
    curve(x, t, lo, hi, 8, 0, 4, 0.01, NULL);
    CHECK(switch_points(x, t, lo, hi, 2 * SWITCH_MIN_POINTS - 1, sp, SWITCH_MOST) == 0);
    /* a flat curve (MSGRATE-like small sizes): no slope to change */
    for (int i = 0; i < N; i++)
        t[i] = 3, lo[i] = 2.9, hi[i] = 3.1;
    CHECK(switch_points(x, t, lo, hi, N, sp, SWITCH_MOST) == 0);
    /* a knee within wide intervals (+-40%) is not beyond the noise */
    curve(x, t, lo, hi, 65536, 0, 0.8, 0.2, NULL);
    CHECK(switch_points(x, t, lo, hi, N, sp, SWITCH_MOST) == 0);
}

/* three slopes: two switches, in rising order; most = 1 keeps one */
static void test_two(void)
{
    double x[N], t[N], lo[N], hi[N];
    struct switch_point sp[SWITCH_MOST];
    curve(x, t, lo, hi, 1024, 0, 4, 0.01, NULL);
    for (int i = 0; i < N; i++)
        if (x[i] > 131072) {
            t[i] = 2 + 1024 / 5000.0 + (131072 - 1024) * 4 / 5000.0 + (x[i] - 131072) / 5000.0;
            lo[i] = t[i] * 0.98, hi[i] = t[i] * 1.02;
        }
    int n = switch_points(x, t, lo, hi, N, sp, SWITCH_MOST);
    CHECK(n == 2);
    CHECK(n == 2 && at_knee(&sp[0], 1024) && at_knee(&sp[1], 131072));
    CHECK(switch_points(x, t, lo, hi, N, sp, 1) == 1);
}

void test_switch_points(void)
{
    test_knee();
    test_noise();
    test_none();
    test_two();
}
