/* timer_json.c: what run.json says of the timer: MPI_Wtime's tick,
 * resolution and cost, whether a rank's was seen broken, and the job's
 * own MPI_Init over the ranks */
#include "output/timer_json.h"

#include <math.h>

static json_t *finite_or_null(double v)
{
    return isfinite(v) ? json_real(v) : json_null();
}

void timer_json_add(json_t *root, const struct run_info *in)
{
    json_object_set_new(root, "wtick_s", json_real(in->wtick));
    /* a clock that stopped shows no step: its resolution is not known */
    json_object_set_new(root, "timer", json_pack("{s:o,s:o,s:o}", "resolution_s",
        finite_or_null(in->timer_res), "overhead_s", finite_or_null(in->timer_cost),
        "broken", in->clock_broken_rank < 0 ? json_null()
                  : json_pack("{s:i,s:s}", "rank", in->clock_broken_rank, "seen",
                              in->clock_broken)));
    json_object_set_new(root, "mpi_init", isnan(in->init_s[0]) ? json_null()
                        : json_pack("{s:f,s:f,s:f}", "min_s", in->init_s[0], "avg_s",
                                    in->init_s[1], "max_s", in->init_s[2]));
}
