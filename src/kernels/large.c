/* large.c: from which count the large calls take MPI 4's _c functions
 * (large.h) */
#include "kernels/large.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

MPI_Count large_from = (MPI_Count)INT_MAX + 1;

/* MPIGAUGE_TEST_LARGE_FROM=N (tests only): the _c functions from N
 * elements on, so that a suite proves their path with small counts.  A
 * value that is not a count from 0 to 2^31 is refused (-1, said once by
 * world rank 0) */
int large_from_env(void)
{
    const char *e = getenv("MPIGAUGE_TEST_LARGE_FROM");
    char *end;
    if (!e)
        return 0;
    long long v = strtoll(e, &end, 10);
    if (*e && *end == '\0' && v >= 0 && v <= (long long)INT_MAX + 1) {
        large_from = (MPI_Count)v;
        return 0;
    }
    int me;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    if (me == 0)
        fprintf(stderr, "mpigauge: MPIGAUGE_TEST_LARGE_FROM: '%s' is not a count "
                "from 0 to %lld\n", e, (long long)INT_MAX + 1);
    return -1;
}

/* The _c function a large call's counts past int need, for the error
 * where this MPI lacks it: MPI_ and the call's name with its first letter
 * capitalised (ALLREDUCE_INIT: MPI_Allreduce_init_c), but for the calls
 * whose name is no MPI function (the windows and PINGPING post
 * MPI_Isend_c and MPI_Irecv_c). */
const char *large_function(const char *call, char *buf, size_t len)
{
    static const char *const isend[] = {"BW", "BIBW", "PINGPING"};
    for (size_t i = 0; i < sizeof isend / sizeof isend[0]; i++)
        if (strcmp(call, isend[i]) == 0)
            return "MPI_Isend_c";
    int n = snprintf(buf, len, "MPI_%c", call[0]);
    for (size_t i = 1; call[i] && (size_t)n + 3 < len; i++)
        buf[n++] = (char)tolower((unsigned char)call[i]);
    snprintf(buf + n, len - (size_t)n, "_c");
    return buf;
}
