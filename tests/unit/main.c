/* main.c: runs every unit test; no MPI launcher, no MPI_Init */
#include "unit.h"

int unit_passed, unit_failed;

int main(void)
{
    test_parser();
    test_hostlist();
    test_settings();
    test_sizes();
    test_types();
    test_registry();
    test_stats();
    test_launch_stats();
    test_effect();
    test_misc();
    test_cmdline();
    test_topology();
    test_patterns();
    test_predict_dist();
    test_crossing();
    test_receiver();
    test_repeat();
    test_graph();
    test_schedule();
    test_classes();
    test_splice();
    test_hybrid();
    test_clock();
    test_arrivals();
    test_extras();
    test_fingerprint();
    test_call_words();
    test_changepoint();
    test_switch_points();
    test_core_share();
    printf("unit: %d passed, %d failed\n", unit_passed, unit_failed);
    return unit_failed ? 1 : 0;
}
