/* test_launch_stats.c: the spread over launches and the rank test */
#include <math.h>

#include "models/launch_stats.h"
#include "unit.h"

static int near(double a, double b, double tol)
{
    return fabs(a - b) <= tol;
}

/* five launches: [min, max] at 1 - 2/32 = 93.75%; eight: still the
 * extremes (1 - 2/256 = 99.2%; x(2) would be 1 - 18/256 = 93.0%); six
 * reaches 95% at j = 1 (96.9%) */
static void test_spread(void)
{
    double x[5] = {0.33, 0.29, 0.28, 0.30, 0.297};
    struct launch_spread s = launch_spread_of(x, 5);
    CHECK(s.n == 5 && near(s.median, 0.297, 1e-12) && s.min == 0.28 && s.max == 0.33);
    CHECK(s.lo == 0.28 && s.hi == 0.33 && near(s.coverage, 0.9375, 1e-12));
    CHECK(s.cv > 0.05 && s.cv < 0.07);          /* sd 0.0187 / mean 0.2994 */
    double y[8] = {8, 1, 7, 2, 6, 3, 5, 4};
    s = launch_spread_of(y, 8);
    CHECK(s.lo == 1 && s.hi == 8 && near(s.coverage, 1 - 2.0 / 256, 1e-12));
    double z[20];
    for (int i = 0; i < 20; i++)
        z[i] = 20 - i;
    s = launch_spread_of(z, 20);                /* x(6), x(15): 95.9% */
    CHECK(s.lo == 6 && s.hi == 15 && s.coverage >= 0.95 && s.coverage < 0.96);
    double one = 3;
    s = launch_spread_of(&one, 1);
    CHECK(s.median == 3 && isnan(s.lo) && isnan(s.cv));
}

/* U counts b below a; the exact law of 5 + 5: P(U <= 0) = 1/252,
 * P(U <= 2) = 4/252, P(U <= 4) = 12/252; symmetric about 12.5 */
static void test_rank_test(void)
{
    double a[5] = {1.0, 1.1, 0.9, 1.05, 0.95}, slow[5] = {1.2, 1.3, 1.25, 1.22, 1.28};
    CHECK(mann_whitney_u(a, 5, slow, 5) == 0);
    CHECK(mann_whitney_u(slow, 5, a, 5) == 25);
    CHECK(near(mann_whitney_p_at_most(0, 5, 5), 1.0 / 252, 1e-12));
    CHECK(near(mann_whitney_p_at_most(2, 5, 5), 4.0 / 252, 1e-12));
    CHECK(near(mann_whitney_p_at_most(4, 5, 5), 12.0 / 252, 1e-12));
    CHECK(near(mann_whitney_p_at_most(12, 5, 5), 0.5, 1e-12));
    CHECK(near(mann_whitney_p_at_most(1.5, 5, 5), 4.0 / 252, 1e-12)); /* a tie rounds up */
    CHECK(mann_whitney_p_at_most(25, 5, 5) == 1);
    CHECK(near(mann_whitney_min_p(5, 5), 1.0 / 252, 1e-12));
    CHECK(near(mann_whitney_min_p(3, 3), 1.0 / 20, 1e-12));
    /* unequal sizes: 2 and 3, C(5,2) = 10 orderings, one with U = 0,
     * one with U = 1 */
    CHECK(near(mann_whitney_p_at_most(1, 2, 3), 2.0 / 10, 1e-12));
    /* the exact law against the normal one where they meet: 100 + 100 */
    double exact = mann_whitney_p_at_most(4000, 100, 100);
    double normal = mann_whitney_p_at_most(4000, 101, 100);   /* 201: normal */
    CHECK(exact > 0.005 && exact < 0.02 && fabs(exact - normal) < 0.005);
    /* ties with a, counted half: u = 12.5 */
    double same[5] = {1.0, 1.1, 0.9, 1.05, 0.95};
    CHECK(mann_whitney_u(a, 5, same, 5) == 12.5);
}

void test_launch_stats(void)
{
    test_spread();
    test_rank_test();
}
