/* check.c: known data in, every element compared out (--check).
 *
 * Values are small integers chosen per operation so that every sum and
 * product is exact in floating point: results are compared bit for bit
 * (by value only where a type has padding bytes), never with a tolerance.
 * Receive buffers are cleared to a sentinel first, so a gap a derived type
 * must not touch, or an element MPI failed to write, shows up too. */
#include "kernels/kernel.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/base.h"

#define SENTINEL 0xA5
#define CHUNK 1024           /* elements reduced at a time */
#define REPORT_MAX 5         /* mismatches printed per rank and size */

long fill_value(enum fill_kind k, int src, size_t i, long salt)
{
    long s = (long)src, e = (long)(i % 1000003);
    switch (k) {
    case FILL_MOVE:
        return (s * 131 + e * 7 + salt * 3) % 251;
    case FILL_SUM:
        return 1 + (s + e + salt) % 4;
    case FILL_PROD:
        return (s + e + salt) % 8 == 0 ? 2 : 1;
    case FILL_ORDER:
        return (s * 7 + e * 3 + salt) % 11;
    case FILL_LOGIC:
        return (s * 5 + e + salt) % 7 != 0;
    case FILL_BITS:
        return (s * 37 + e * 11 + salt) & 0x7f;
    case FILL_LOC:
        return (s * 3 + e + salt) % 5;
    }
    return 0;
}

static int elem_loc(enum fill_kind k, int src, long v)
{
    return k == FILL_LOC ? src : (int)v + 1;
}

static void set_elem(const struct kernel *k, void *e, int src, size_t i)
{
    long v = fill_value(k->fill, src, i, k->count);
    type_set(k->rec->dt, e, v, elem_loc(k->fill, src, v));
}

void fill_block(const struct kernel *k, void *buf, size_t n, int src, size_t off)
{
    char *p = buf;
    memset(p, SENTINEL, n * (size_t)k->extent);
    for (size_t i = 0; i < n; i++)
        set_elem(k, p + i * (size_t)k->extent, src, off + i);
}

void clear_block(const struct kernel *k, void *buf, size_t n)
{
    memset(buf, SENTINEL, n * (size_t)k->extent);
}

/* A half-precision sum (FLOAT16, BFLOAT16) is exact while it stays below
 * 2^digits, as --check's small integers keep it; past that (a sum over
 * many ranks) the library may round each of the size - 1 additions, in
 * an order of its own, by half a unit of the last place each: the
 * bound allowed.  Everything else compares exactly. */
static int same(const struct kernel *k, const void *x, const void *y)
{
    const struct datatype *dt = k->rec->dt;
    if (dt->digits && k->fill == FILL_SUM) {
        double want = dt->value(x), got = dt->value(y);
        double exact = ldexp(1.0, dt->digits);
        if (fabs(want) > exact)
            return fabs(got - want) <= (k->size - 1) * ldexp(fabs(want), -dt->digits);
    }
    return type_same(dt, x, y, (size_t)k->extent);
}

static void report(struct kernel *k, size_t elem, const void *want,
                   const void *got)
{
    k->mismatches++;
    if (k->mismatches > REPORT_MAX)
        return;
    char w[128], g[128];
    type_format(k->rec->dt, want, w, sizeof w);
    type_format(k->rec->dt, got, g, sizeof g);
    fprintf(stderr, "check failed: %s, %lld elements, rank %d, element %zu: "
            "expected %s, got %s\n", k->where, (long long)k->count, k->world_rank, elem,
            w, g);
}

void expect_block(struct kernel *k, const void *buf, size_t n, int src,
                  size_t off, size_t report_off)
{
    const char *p = buf;
    char *want = xmalloc((size_t)k->extent);
    for (size_t i = 0; i < n; i++) {
        memset(want, SENTINEL, (size_t)k->extent);
        set_elem(k, want, src, off + i);
        const char *got = p + i * (size_t)k->extent;
        if (!same(k, want, got))
            report(k, report_off + i, want, got);
    }
    free(want);
}

void expect_clear(struct kernel *k, const void *buf, size_t n, size_t report_off)
{
    const char *p = buf;
    char *want = xmalloc((size_t)k->extent);
    memset(want, SENTINEL, (size_t)k->extent);
    for (size_t i = 0; i < n; i++)
        if (memcmp(want, p + i * (size_t)k->extent, (size_t)k->extent) != 0)
            report(k, report_off + i, want, p + i * (size_t)k->extent);
    free(want);
}

void expect_reduced(struct kernel *k, const void *buf, size_t n, int lo, int hi,
                    size_t off, size_t report_off)
{
    size_t ext = (size_t)k->extent;
    char *acc = xmalloc_array(CHUNK, ext), *in = xmalloc_array(CHUNK, ext);
    for (size_t start = 0; start < n; start += CHUNK) {
        size_t m = n - start < CHUNK ? n - start : CHUNK;
        /* x_lo op (x_lo+1 op (... op x_hi)): MPI's rank order, which
         * matters for a non-commutative user op.  The reference is
         * mpigauge's own arithmetic, not a measured call: PMPI_, so a
         * profiling tool (the tests' fault injector) sees only those. */
        fill_block(k, acc, m, hi, off + start);
        for (int r = hi - 1; r >= lo; r--) {
            fill_block(k, in, m, r, off + start);
            PMPI_Reduce_local(in, acc, (int)m, k->type, k->op);
        }
        const char *got = (const char *)buf + start * ext;
        for (size_t i = 0; i < m; i++)
            if (!same(k, acc + i * ext, got + i * ext))
                report(k, report_off + start + i, acc + i * ext, got + i * ext);
    }
    free(acc);
    free(in);
}

int vcount(size_t n, int r, int p)
{
    return (int)(2 * (unsigned long long)n * (unsigned long long)(r + 1) /
                 (unsigned long long)(p + 1));
}
