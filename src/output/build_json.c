/* build_json.c: how the binary that wrote a run.json was built */
#include "output/build_json.h"

#include "base/build_info.h"

json_t *build_json(void)
{
    struct build_info b;
    build_info_get(&b);
    return json_pack("{s:s,s:b,s:b,s:s,s:b,s:b,s:b,s:b}", "compiler", b.compiler,
                     "optimised", b.optimised, "sanitized", b.sanitized,
                     "mpi_headers", b.mpi, "papi", b.papi, "hwloc", b.hwloc,
                     "threads", b.threads, "large_counts", b.large_counts);
}
