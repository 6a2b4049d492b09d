/* half_types.c: the half-precision datatypes, FLOAT16 (IEEE binary16)
 * and BFLOAT16 (bfloat16), a part of the datatype table.  They are the
 * library's extensions (MPICH 4.0: MPIX_C_FLOAT16; MPICH 4.2:
 * MPIX_BFLOAT16; Intel MPI: MPIX_C_BF16), so a build without them skips
 * their records with the reason.  Elements are written and read by bit
 * arithmetic here (no compiler half type: clang 14 on x86-64 has none).
 * --check's data are small integers, exact in both formats; where a sum
 * passes 2^digits the library may round, and kernels/check.c allows the
 * rounding of that many terms. */
#include "registry/record.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* ---- binary16: 1 sign, 5 exponent, 10 fraction bits ---------------------- */
static double half_value(const void *e)
{
    uint16_t h;
    memcpy(&h, e, sizeof h);
    int exp = (h >> 10) & 0x1f, man = h & 0x3ff;
    double v;
    if (exp == 0)
        v = ldexp((double)man, -24);
    else if (exp == 31)
        v = man ? NAN : INFINITY;
    else
        v = ldexp((double)(man | 0x400), exp - 25);
    return (h & 0x8000) ? -v : v;
}

/* rounded to nearest, ties to even (nearbyint's default mode) */
static uint16_t half_bits(double x)
{
    uint16_t sign = signbit(x) ? 0x8000 : 0;
    x = fabs(x);
    if (isnan(x))
        return sign | 0x7e00;
    if (x < ldexp(1, -14))      /* subnormal, in units of 2^-24 */
        return sign | (uint16_t)nearbyint(x * 16777216.0);
    int e;
    double m = nearbyint((2 * frexp(x, &e) - 1) * 1024);
    int biased = e - 1 + 15;
    if (m == 1024) {
        m = 0;
        biased++;
    }
    if (biased >= 31)
        return sign | 0x7c00;   /* infinity */
    return sign | (uint16_t)(biased << 10) | (uint16_t)m;
}

static void set_half(void *e, long v, int loc)
{
    (void)loc;
    uint16_t h = half_bits((double)v);
    memcpy(e, &h, sizeof h);
}

/* ---- bfloat16: the upper half of a float --------------------------------- */
static double bf16_value(const void *e)
{
    uint16_t h;
    memcpy(&h, e, sizeof h);
    uint32_t u = (uint32_t)h << 16;
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

static void set_bf16(void *e, long v, int loc)
{
    (void)loc;
    float f = (float)v;
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    u += 0x7fff + ((u >> 16) & 1);        /* to nearest, ties to even */
    uint16_t h = (uint16_t)(u >> 16);
    memcpy(e, &h, sizeof h);
}

/* by value, as the other floating types: -0 and +0 alike */
static int eq_half(const void *a, const void *b) { return half_value(a) == half_value(b); }
static int eq_bf16(const void *a, const void *b) { return bf16_value(a) == bf16_value(b); }
static void fmt_half(const void *e, char *o, size_t n) { snprintf(o, n, "%.5g", half_value(e)); }
static void fmt_bf16(const void *e, char *o, size_t n) { snprintf(o, n, "%.4g", bf16_value(e)); }

/* ---- the library's handles ------------------------------------------------ */
#if defined(MPIX_C_FLOAT16)
static MPI_Datatype h_half(void) { return MPIX_C_FLOAT16; }
static const char *half_missing(void) { return NULL; }
#else
static MPI_Datatype h_half(void) { return MPI_DATATYPE_NULL; }
static const char *half_missing(void)
{
    return "this build's MPI has no FLOAT16 (MPIX_C_FLOAT16: MPICH 4.0 and later)";
}
#endif

#if defined(MPIX_BFLOAT16)
static MPI_Datatype h_bf16(void) { return MPIX_BFLOAT16; }
static const char *bf16_missing(void) { return NULL; }
#elif defined(MPIX_C_BF16)
static MPI_Datatype h_bf16(void) { return MPIX_C_BF16; }
static const char *bf16_missing(void) { return NULL; }
#else
static MPI_Datatype h_bf16(void) { return MPI_DATATYPE_NULL; }
static const char *bf16_missing(void)
{
    return "this build's MPI has no BFLOAT16 (MPIX_BFLOAT16: MPICH 4.2 and later; "
           "MPIX_C_BF16: Intel MPI)";
}
#endif

/* Debian's MPICH 4.0.2 moves FLOAT16 but stops in an assertion
 * (typerep_yaksa_pack.c:568, actual_pack_bytes == data_sz) in any op on
 * it, MPI_Reduce_local included: its yaksa was built without the type */
static int half_defect(const struct record *r, const struct plan_facts *f, char *why,
                       size_t len)
{
    if (!r->op || !facts_library(f, "MPICH Version: 4.0"))
        return 0;
    snprintf(why, len, "MPICH 4.0 stops in an assertion (typerep_yaksa_pack.c: "
             "actual_pack_bytes == data_sz) in %s on FLOAT16, as in every op on it; "
             "it moves FLOAT16 (SEND, BCAST, ...)", r->op->name);
    return 1;
}

static const struct datatype halves[] = {
    {.name = "FLOAT16", .cls = TC_FLOAT, .handle = h_half, .set = set_half,
     .equal = eq_half, .format = fmt_half, .unavailable = half_missing, .digits = 11,
     .value = half_value, .skip = half_defect,
     .desc = "IEEE binary16 half precision (MPIX_C_FLOAT16, where the library has it)"},
    {.name = "BFLOAT16", .cls = TC_FLOAT, .handle = h_bf16, .set = set_bf16,
     .equal = eq_bf16, .format = fmt_bf16, .unavailable = bf16_missing, .digits = 8,
     .value = bf16_value,
     .desc = "bfloat16, 8 significant bits (MPIX_BFLOAT16 or MPIX_C_BF16, where the "
             "library has it)"},
};

const struct table half_type_table = {
    "datatype", halves, sizeof halves / sizeof halves[0], sizeof halves[0], NULL, NULL,
};
