/* protocol_vars.h: the library variables that set where a point-to-point
 * protocol switches (eager to rendezvous, short to bcopy to zcopy), from
 * a run's own MPI_T control variables and environment: MPICH's
 * MPIR_CVAR_..._EAGER_MAX_MSG_SIZE and ..._EAGER_MAX_SZ, Open MPI's
 * btl_*_eager_limit, btl_*_rndv_eager_limit, btl_*_max_send_size and
 * pml_*_..._limit, UCX's UCX_RNDV_THRESH, libfabric's and Intel MPI's
 * ..._EAGER_... and ..._RNDV_... thresholds (by name: every library names
 * them so).  A value is read as bytes where it is a count, with UCX's k,
 * m, g suffixes (NaN where it is none: auto, inf, -1 for a default). */
#ifndef MPIGAUGE_PROTOCOL_VARS_H
#define MPIGAUGE_PROTOCOL_VARS_H

#include "base/text.h"

struct protocol_var {
    char name[128];
    char value[160];
    double bytes;                   /* NaN: not a count of bytes */
    const char *source;             /* "cvar" or "environment" */
};

/* value as bytes, or NaN */
double protocol_bytes(const char *value);

/* The protocol variables among cvars[0..ncvars) and this process's
 * environment (its MPI libraries' variables: UCX_, MPIR_CVAR_, MPICH_,
 * OMPI_MCA_, FI_, I_MPI_), into out[0..most); returns how many it kept. */
int protocol_vars(const struct name_value *cvars, int ncvars, struct protocol_var *out,
                  int most);

#endif
