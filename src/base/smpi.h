/* smpi.h: the one switch for SimGrid's SMPI (make smpi builds with smpicc).
 * MPIGAUGE_SMPI is 1 when SMPI's mpi.h was included, else 0, so the few
 * places that differ test it in plain C (`if (MPIGAUGE_SMPI)`) and every
 * build compiles both branches.  What SMPI 3.32 lacks, and how mpigauge
 * answers each, is listed in docs/simulated.md; the skips themselves are
 * in world/defects.c. */
#ifndef MPIGAUGE_SMPI_H
#define MPIGAUGE_SMPI_H

#include <mpi.h>
#include <stddef.h>

#ifdef SMPI_H                  /* SMPI's mpi.h includes smpi/smpi.h */
#define MPIGAUGE_SMPI 1
#else
#define MPIGAUGE_SMPI 0
#endif

/* smpicc's smpi_helpers.h turns getopt_long into SMPI's, which keeps a
 * per-rank optind that options.c's reset (optind = 1) cannot reach: a
 * second parse on a rank saw no options.  The C library's own is safe:
 * a parse makes no MPI call, so no other rank runs in the middle of it. */
#ifdef getopt_long
#undef getopt_long
#endif

/* cores of this rank's simulated host; 0 when not simulated */
long smpi_host_cores(void);

/* the links of the simulated route from host a to host b (by name), or
 * -1 when not simulated or a host is unknown */
int smpi_route_links(const char *a, const char *b);

/* "3.32.0": the SimGrid library the run is linked with; "" when not
 * simulated */
const char *smpi_simgrid_version(void);

/* the platform file and the SimGrid settings, as platforms/costs.so found
 * them when it loaded the platform (it exports them), or NULL when the run
 * was not started through it */
const char *smpi_platform(void);
const char *smpi_settings(void);

/* which per-message costs are in force, as platforms/costs.so found them:
 * "mpigauge" (the hosts' mpigauge/ properties), "simgrid" (SimGrid's own
 * smpi/os, smpi/ois, smpi/or) or "none"; NULL when not started through it */
const char *smpi_costs(void);

#endif
