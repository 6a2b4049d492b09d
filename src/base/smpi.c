/* smpi.c: what a simulated run knows of its simulation (base/smpi.h) */
#include "base/smpi.h"

#include <stdio.h>
#include <stdlib.h>

#if MPIGAUGE_SMPI
#include <simgrid/host.h>
#include <xbt/dynar.h>
#include <simgrid/version.h>
#endif

long smpi_host_cores(void)
{
#if MPIGAUGE_SMPI
    return sg_host_core_count(sg_host_self());
#else
    return 0;
#endif
}

int smpi_route_links(const char *a, const char *b)
{
#if MPIGAUGE_SMPI
    sg_host_t ha = sg_host_by_name(a), hb = sg_host_by_name(b);
    if (!ha || !hb)
        return -1;
    xbt_dynar_t links = xbt_dynar_new(sizeof(sg_link_t), NULL);
    sg_host_get_route(ha, hb, links);
    int n = (int)xbt_dynar_length(links);
    xbt_dynar_free(&links);
    return n;
#else
    (void)a;
    (void)b;
    return -1;
#endif
}

const char *smpi_simgrid_version(void)
{
    static char v[32];
#if MPIGAUGE_SMPI
    int major, minor, patch;
    sg_version_get(&major, &minor, &patch);
    snprintf(v, sizeof v, "%d.%d.%d", major, minor, patch);
#endif
    return v;
}

const char *smpi_platform(void)
{
    return MPIGAUGE_SMPI ? getenv("MPIGAUGE_SMPI_PLATFORM") : NULL;
}

const char *smpi_settings(void)
{
    return MPIGAUGE_SMPI ? getenv("MPIGAUGE_SMPI_SETTINGS") : NULL;
}

const char *smpi_costs(void)
{
    return MPIGAUGE_SMPI ? getenv("MPIGAUGE_SMPI_COSTS") : NULL;
}
