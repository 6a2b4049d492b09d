/* unit.h: the smallest test harness that counts */
#ifndef MPIGAUGE_UNIT_H
#define MPIGAUGE_UNIT_H

#include <stdio.h>

extern int unit_passed, unit_failed;

/* records one assertion; prints the failing expression and where */
#define CHECK(cond) unit_check((cond), #cond, __FILE__, __LINE__)

static inline void unit_check(int ok, const char *what, const char *file, int line)
{
    if (ok) {
        unit_passed++;
    } else {
        unit_failed++;
        fprintf(stderr, "FAIL %s:%d: %s\n", file, line, what);
    }
}

/* the i-th built-in barrier pattern of registry/patterns.c's table (one
 * with a generator, not built at run time), NULL past the last: the tests
 * walk the table, so a pattern added there is tested with no edit here
 * (test_patterns.c) */
struct pattern;
const struct pattern *builtin_pattern(int i);

void test_parser(void);
void test_switch_points(void);
void test_hostlist(void);
void test_settings(void);
void test_sizes(void);
void test_types(void);
void test_registry(void);
void test_stats(void);
void test_misc(void);
void test_cmdline(void);
void test_topology(void);
void test_patterns(void);
void test_extras(void);
void test_predict_dist(void);
void test_crossing(void);
void test_receiver(void);
void test_repeat(void);
void test_graph(void);
void test_schedule(void);
void test_classes(void);
void test_splice(void);
void test_hybrid(void);
void test_fingerprint(void);
void test_call_words(void);
void test_launch_stats(void);
void test_effect(void);
void test_clock(void);
void test_arrivals(void);
void test_changepoint(void);
void test_core_share(void);

#endif
