/* smpi.c: what a simulated run knows of its simulation (base/smpi.h) */
#include "base/smpi.h"

#include <stdio.h>
#include <stdlib.h>

#if MPIGAUGE_SMPI
#include <simgrid/host.h>
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
