/* offline_main.c: the front ends that run without MPI (offline.h): which one
 * argv asks for, and its whole standard output (stdout_whole.h) */
#include "offline/offline.h"

#include <stdio.h>
#include "base/exit_status.h"
#include "base/stdout_whole.h"
#include "input/options.h"
#include "offline/export.h"
#include "offline/set_compare.h"
#include "offline/set_summary.h"
#include "offline/store_add.h"
#include "offline/trend.h"

int offline_wanted(int argc, char **argv)
{
    struct options o;
    parse_options(argc, argv, &o, NULL);   /* errors: said by the real parse */
    return o.predict || o.set || o.compare || o.export_format != EXPORT_NONE || o.store ||
           o.trend;
}

int offline_main(int argc, char **argv)
{
    struct options o;
    int status = parse_options(argc, argv, &o, stderr);
    if (status)
        return status;
    const char *who = o.set ? "mpigauge --set" : o.compare ? "mpigauge --compare"
                    : o.export_format != EXPORT_NONE ? "mpigauge --export"
                    : o.store ? "mpigauge --store" : o.trend ? "mpigauge --trend"
                                                     : "mpigauge --predict";
    stdout_begin();
    if (o.set)
        status = set_summary_main(o.set);
    else if (o.export_format == EXPORT_CSV)
        status = export_csv(o.export_from, stdout);
    else if (o.compare)
        status = set_compare_main(&o);
    else if (o.store)
        status = store_main(o.store, o.store_folders, o.nstore_folders);
    else if (o.trend)
        status = trend_main(&o);
    else
        status = offline_predict(argc, argv);
    /* what they print is their result: a failed write of it is a failure
     * (exit 5), over any status but bad input */
    int written = stdout_end(who);
    return written && status != EXIT_BAD_INPUT ? written : status;
}
