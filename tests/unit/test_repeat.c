/* test_repeat.c: the median's interval, the target, the stopping rule,
 * iterations from a pilot, cold-cache copies */
#include <math.h>
#include <stdlib.h>
#include "world/llc_size.h"
#include "measure/repeat.h"
#include "models/stats.h"
#include "measure/timing.h"
#include "measure/warm.h"
#include "unit.h"

/* P(Bin(n, 1/2) <= k) summed exactly in long double, apart from GSL */
static long double binom_below(int k, int n)
{
    long double term = powl(0.5L, n), sum = 0;   /* C(n, 0) / 2^n */
    for (int i = 0; i <= k; i++) {
        sum += term;
        term = term * (n - i) / (i + 1);
    }
    return sum;
}

static void test_median_ci(void)
{
    double x[200], med, lo, hi;
    for (int i = 0; i < 5; i++)
        x[i] = 5 - i;
    CHECK(median_ci(x, 5, &med, &lo, &hi) == 0 && med == 3 && isnan(lo) && isnan(hi));
    for (int i = 0; i < 6; i++)
        x[i] = 60 - 10 * i;            /* 60 50 .. 10, unsorted order */
    CHECK(median_ci(x, 6, &med, &lo, &hi) == 1 && med == 35 && lo == 10 && hi == 60);
    for (int i = 0; i < 10; i++)
        x[i] = i + 1;
    median_ci(x, 10, &med, &lo, &hi);
    CHECK(med == 5.5 && lo == 2 && hi == 9);
    /* the textbook ranks for n = 100: the 40th and the 61st */
    for (int i = 0; i < 100; i++)
        x[i] = 100 - i;
    median_ci(x, 100, &med, &lo, &hi);
    CHECK(lo == 40 && hi == 61 && med == 50.5);
    /* every n: j is the largest with P(B <= j - 1) <= 2.5% */
    for (int n = 6; n <= 200; n++) {
        for (int i = 0; i < n; i++)
            x[i] = i + 1;
        median_ci(x, (size_t)n, &med, &lo, &hi);
        int j = (int)lo;
        CHECK(hi == n + 1 - j);
        CHECK(binom_below(j - 1, n) <= 0.025L && binom_below(j, n) > 0.025L);
    }
}

static void test_target(void)
{
    CHECK(within_target(100, 96, 104, 0.05));
    CHECK(within_target(100, 95, 105, 0.05));
    CHECK(!within_target(100, 94, 101, 0.05));
    CHECK(!within_target(100, 99, 106, 0.05));
    CHECK(!within_target(100, NAN, NAN, 0.5));
    CHECK(!within_target(0, 0, 0, 0.5));
}

static void test_rule(void)
{
    struct rule fixed = {10, 0, 0.05, 1.0};
    struct series s = {0};
    CHECK(rule_more(&fixed, &s, 9, 0) && !rule_more(&fixed, &s, 10, 0));
    struct rule ad = {10, 1, 0.05, 1.0};
    for (int i = 0; i < 5; i++)
        series_add(&s, 10.0);
    CHECK(rule_more(&ad, &s, 5, 0.1));         /* too few for an interval */
    CHECK(rule_more(&ad, &s, 5, 1.0));         /* spent, but 6 blocks first */
    series_add(&s, 10.0);
    CHECK(series_met(&s, 0.05) && !rule_more(&ad, &s, 6, 0.1));
    series_add(&s, 30.0);                      /* 7 values: [x1, x7] = [10, 30] */
    CHECK(!series_met(&s, 0.05) && rule_more(&ad, &s, 7, 0.1));
    CHECK(!rule_more(&ad, &s, 7, 1.0));        /* not met, the budget is spent */
    CHECK(!rule_more(&ad, &s, MAX_BLOCKS, 0.1));
    CHECK(s.n == 7 && s.t[6] == 30.0);
    series_free(&s);
    CHECK(s.n == 0 && s.t == NULL);
}

static void test_pilot(void)
{
    CHECK(per_block_for(1.0, 1e-6, 10) == 100000);
    CHECK(per_block_for(0.001, 1.0, 10) == 1);
    CHECK(per_block_for(1.0, 0, 10) == 1);
    CHECK(per_block_for(1e6, 1e-9, 1) == 1L << 30);
}

static void test_cache(void)
{
    uint64_t llc = cache_llc_bytes();
    CHECK(llc >= 4096);
    int n = cache_copies(llc);
    CHECK(n == 3);
    CHECK((uint64_t)cache_copies(4096) * 4096 >= 2 * llc);
    CHECK(cache_copies(UINT64_C(1) << 40) == 2);
}

/* the warm-up's steadiness: 5% of the smaller time per call, or a
 * step's whole difference within the clock's grain */
static void test_warm_steady(void)
{
    CHECK(warm_steady(1.00e-6, 1.04e-6, 10));
    CHECK(warm_steady(1.04e-6, 1.00e-6, 10));
    CHECK(!warm_steady(1.00e-6, 1.06e-6, 1000));   /* 6% over 1000 calls: 60 ns > 5% */
    CHECK(!warm_steady(1.25e-6, 1.00e-6, 1000));   /* a cold step before a warm one */
    CHECK(warm_steady(0, 0, 1000));                /* a rank that sits out */
    CHECK(warm_steady(1e-9, 2e-9, 100));           /* 0.1 us in all: the clock's grain */
    CHECK(!warm_steady(1e-9, 2e-8, 100));          /* 1.9 us in all: a real difference */
    CHECK(!warm_steady(NAN, 1e-6, 10));
}

void test_repeat(void)
{
    test_warm_steady();
    test_median_ci();
    test_target();
    test_rule();
    test_pilot();
    test_cache();
}
