/* timer_json.c: what run.json says of the timer: MPI_Wtime's tick,
 * resolution and cost, and the job's own MPI_Init over the ranks */
#include "output/timer_json.h"

#include <math.h>

void timer_json_add(json_t *root, const struct run_info *in)
{
    json_object_set_new(root, "wtick_s", json_real(in->wtick));
    json_object_set_new(root, "timer", json_pack("{s:f,s:f}", "resolution_s",
                        in->timer_res, "overhead_s", in->timer_cost));
    json_object_set_new(root, "mpi_init", isnan(in->init_s[0]) ? json_null()
                        : json_pack("{s:f,s:f,s:f}", "min_s", in->init_s[0], "avg_s",
                                    in->init_s[1], "max_s", in->init_s[2]));
}
