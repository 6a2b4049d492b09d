/* build_info.c: what the compiler and the MPI headers said when this
 * binary was built (build_info.h) */
#include "base/build_info.h"

#include <mpi.h>
#include <string.h>

static void compiler_of(char *out, size_t len)
{
#if defined(__clang__)
    snprintf(out, len, "clang %d.%d.%d", __clang_major__, __clang_minor__,
             __clang_patchlevel__);
#elif defined(__GNUC__)
    snprintf(out, len, "gcc %d.%d.%d", __GNUC__, __GNUC_MINOR__, __GNUC_PATCHLEVEL__);
#else
    snprintf(out, len, "an unknown C compiler");
#endif
}

static int sanitized(void)
{
#if defined(__SANITIZE_ADDRESS__)
    return 1;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
    return 1;
#endif
#endif
    return 0;
}

/* the library the headers are from; SimGrid's SMPI and others by their
 * MPI version only */
static void mpi_of(char *out, size_t len)
{
#if defined(MPICH_VERSION)
    snprintf(out, len, "MPICH %s (MPI %d.%d)", MPICH_VERSION, MPI_VERSION, MPI_SUBVERSION);
#elif defined(OMPI_MAJOR_VERSION)
    snprintf(out, len, "Open MPI %d.%d.%d (MPI %d.%d)", OMPI_MAJOR_VERSION,
             OMPI_MINOR_VERSION, OMPI_RELEASE_VERSION, MPI_VERSION, MPI_SUBVERSION);
#else
    snprintf(out, len, "an MPI %d.%d library", MPI_VERSION, MPI_SUBVERSION);
#endif
}

void build_info_get(struct build_info *b)
{
    memset(b, 0, sizeof *b);
    compiler_of(b->compiler, sizeof b->compiler);
#ifdef __OPTIMIZE__
    b->optimised = 1;
#endif
    b->sanitized = sanitized();
    mpi_of(b->mpi, sizeof b->mpi);
#ifdef HAVE_PAPI
    b->papi = 1;
#endif
    b->hwloc = 1;              /* always linked: the topology's places */
    b->threads = 1;            /* POSIX threads for the threaded calls */
    b->large_counts = MPI_VERSION >= 4;
}

void build_info_print(FILE *out, const char *version)
{
    struct build_info b;
    build_info_get(&b);
    fprintf(out, "mpigauge %s\n", version);
    fprintf(out, "built with %s, %s%s\n", b.compiler, b.optimised ? "optimised" : "not optimised",
            b.sanitized ? ", AddressSanitizer" : "");
    fprintf(out, "MPI headers: %s\n", b.mpi);
    fprintf(out, "PAPI counters: %s\n", b.papi ? "yes" : "no (built with PAPI=0; perf_event only)");
    fprintf(out, "hwloc topology: %s\n", b.hwloc ? "yes" : "no");
    fprintf(out, "threaded calls (POSIX threads): %s\n", b.threads ? "yes" : "no");
    fprintf(out, "MPI 4 large-count (_c) functions: %s\n",
            b.large_counts ? "yes" : "no (MPI below 4.0: counts up to 2^31-1)");
    fprintf(out, "run.json format: %d\n", RUN_JSON_FORMAT);
}
