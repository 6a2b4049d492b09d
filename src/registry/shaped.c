/* shaped.c: the shaped datatypes (shaped.h), one per spelling, and the
 * calls every datatype goes through (registry.h's type_handle ...).
 *
 * A shaped element is one instance of the MPI type the record names,
 * resized to start at its buffer's first byte ([0, extent)), so that n
 * of them take n x extent bytes, as every buffer here is sized.  Its
 * layout is a list of runs (byte offset, base elements) in type-map
 * order: --check writes a value into every typed base element and
 * compares them, and every byte between them (a gap) must keep what the
 * receive buffer held. */
#include "registry/shaped.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct shaped {
    struct datatype dt;
    struct type_shape sh;
    char name[300];
    int built;
    MPI_Datatype handle;
    MPI_Aint bext;            /* the base's extent */
    long size, extent;        /* bytes of data, bytes an element spans */
    int nruns;
    long *off;                /* runs in type-map order: byte offset ... */
    int *len;                 /* ... and base elements */
    int *order;               /* the runs by offset (for the gaps) */
};

static struct shaped **pool;
static int npool, cap;

static struct shaped *of(const struct datatype *dt)
{
    return (struct shaped *)(uintptr_t)((const char *)dt - offsetof(struct shaped, dt));
}

void shape_dims_text(const int *v, int n, char *out, size_t len)
{
    size_t at = 0;
    for (int i = 0; i < n && at < len; i++)
        at += (size_t)snprintf(out + at, len - at, "%s%d", i ? "x" : "", v[i]);
}

/* the canonical spelling: the former's name, numbers, the base's name */
static void spelling(const struct type_shape *s, char *out, size_t len)
{
    char a[48], b[48], c[48];
    switch (s->kind) {
    case SHAPE_VECTOR:
        snprintf(out, len, "VECTOR:%d:%d:%d:%s", s->count, s->blocklen, s->stride,
                 s->base->name);
        break;
    case SHAPE_INDEXED:
        snprintf(out, len, "INDEXED:%s", s->path);
        break;
    case SHAPE_RESIZED:
        snprintf(out, len, "RESIZED:%ld:%s", s->extent, s->base->name);
        break;
    case SHAPE_SUBARRAY:
        shape_dims_text(s->sizes, s->ndims, a, sizeof a);
        shape_dims_text(s->subsizes, s->ndims, b, sizeof b);
        shape_dims_text(s->starts, s->ndims, c, sizeof c);
        snprintf(out, len, "SUBARRAY:%s:%s:%s:%s", a, b, c, s->base->name);
        break;
    }
}

const struct datatype *shape_intern(const struct type_shape *spec)
{
    char name[300];
    spelling(spec, name, sizeof name);
    for (int i = 0; i < npool; i++)
        if (strcmp(pool[i]->name, name) == 0)
            return &pool[i]->dt;
    if (npool == cap) {
        cap = cap ? 2 * cap : 8;
        struct shaped **grown = realloc(pool, (size_t)cap * sizeof *pool);
        if (!grown)
            abort();
        pool = grown;
    }
    struct shaped *s = calloc(1, sizeof *s);
    if (!s)
        abort();
    s->sh = *spec;
    s->sh.lens = s->sh.displs = NULL;
    s->sh.nblocks = 0;
    snprintf(s->name, sizeof s->name, "%s", name);
    s->dt.name = s->name;
    s->dt.cls = TC_DERIVED;
    s->dt.desc = "shaped";
    s->dt.shape = &s->sh;
    s->handle = MPI_DATATYPE_NULL;
    if (spec->nblocks)
        shape_set_blocks(&s->dt, spec->base, spec->nblocks, spec->lens, spec->displs);
    pool[npool++] = s;
    return &s->dt;
}

int shape_unread(const struct datatype *dt)
{
    return dt->shape && dt->shape->kind == SHAPE_INDEXED && !dt->shape->base;
}

void shape_set_blocks(const struct datatype *dt, const struct datatype *base, int n,
                      const int *lens, const int *displs)
{
    struct shaped *s = of(dt);
    if (s->sh.base)
        return;                /* read once; the second pass reads the same */
    s->sh.lens = malloc((size_t)n * sizeof *s->sh.lens);
    s->sh.displs = malloc((size_t)n * sizeof *s->sh.displs);
    if (!s->sh.lens || !s->sh.displs)
        abort();
    memcpy(s->sh.lens, lens, (size_t)n * sizeof *lens);
    memcpy(s->sh.displs, displs, (size_t)n * sizeof *displs);
    s->sh.nblocks = n;
    s->sh.base = base;
}

/* ---- the layout ---------------------------------------------------------- */
static void add_run(struct shaped *s, long off, int len)
{
    s->off[s->nruns] = off;
    s->len[s->nruns++] = len;
}

static int runs_of(const struct type_shape *t)
{
    switch (t->kind) {
    case SHAPE_VECTOR: return t->count;
    case SHAPE_INDEXED: return t->nblocks;
    case SHAPE_RESIZED: return 1;
    case SHAPE_SUBARRAY:
        return t->ndims == 2 ? t->subsizes[0] : t->subsizes[0] * t->subsizes[1];
    }
    return 0;
}

static void subarray_runs(struct shaped *s)
{
    const struct type_shape *t = &s->sh;
    long e = (long)s->bext;
    if (t->ndims == 2) {
        for (int i = 0; i < t->subsizes[0]; i++)
            add_run(s, ((long)(t->starts[0] + i) * t->sizes[1] + t->starts[1]) * e,
                    t->subsizes[1]);
        s->extent = (long)t->sizes[0] * t->sizes[1] * e;
        return;
    }
    for (int i = 0; i < t->subsizes[0]; i++)
        for (int j = 0; j < t->subsizes[1]; j++)
            add_run(s, (((long)(t->starts[0] + i) * t->sizes[1] + t->starts[1] + j) *
                        t->sizes[2] + t->starts[2]) * e, t->subsizes[2]);
    s->extent = (long)t->sizes[0] * t->sizes[1] * t->sizes[2] * e;
}

static void layout(struct shaped *s)
{
    const struct type_shape *t = &s->sh;
    long e = (long)s->bext;
    s->extent = 0;
    switch (t->kind) {
    case SHAPE_VECTOR:
        for (int i = 0; i < t->count; i++)
            add_run(s, (long)i * t->stride * e, t->blocklen);
        s->extent = ((long)(t->count - 1) * t->stride + t->blocklen) * e;
        break;
    case SHAPE_INDEXED:
        for (int i = 0; i < t->nblocks; i++) {
            add_run(s, (long)t->displs[i] * e, t->lens[i]);
            long end = ((long)t->displs[i] + t->lens[i]) * e;
            s->extent = end > s->extent ? end : s->extent;
        }
        break;
    case SHAPE_RESIZED:
        add_run(s, 0, 1);
        s->extent = t->extent;
        break;
    case SHAPE_SUBARRAY:
        subarray_runs(s);
        break;
    }
}

static const struct shaped *sorting;
static int by_offset(const void *a, const void *b)
{
    long x = sorting->off[*(const int *)a], y = sorting->off[*(const int *)b];
    return (x > y) - (x < y);
}

/* MPI's constructor for the shape, resized to [0, extent) */
static void construct(struct shaped *s, MPI_Datatype base)
{
    const struct type_shape *t = &s->sh;
    MPI_Datatype raw = MPI_DATATYPE_NULL;
    if (t->kind == SHAPE_VECTOR)
        MPI_Type_vector(t->count, t->blocklen, t->stride, base, &raw);
    else if (t->kind == SHAPE_INDEXED)
        MPI_Type_indexed(t->nblocks, t->lens, t->displs, base, &raw);
    else if (t->kind == SHAPE_SUBARRAY)
        MPI_Type_create_subarray(t->ndims, t->sizes, t->subsizes, t->starts,
                                 MPI_ORDER_C, base, &raw);
    MPI_Type_create_resized(raw == MPI_DATATYPE_NULL ? base : raw, 0,
                            (MPI_Aint)s->extent, &s->handle);
    MPI_Type_commit(&s->handle);
    if (raw != MPI_DATATYPE_NULL)
        MPI_Type_free(&raw);
}

static struct shaped *built(const struct datatype *dt)
{
    struct shaped *s = of(dt);
    if (s->built || !s->sh.base)
        return s;
    MPI_Datatype base = type_handle(s->sh.base);
    MPI_Aint lb;
    int bsize;
    MPI_Type_get_extent(base, &lb, &s->bext);
    MPI_Type_size(base, &bsize);
    int n = runs_of(&s->sh);
    s->off = malloc((size_t)n * sizeof *s->off);
    s->len = malloc((size_t)n * sizeof *s->len);
    s->order = malloc((size_t)n * sizeof *s->order);
    if (!s->off || !s->len || !s->order)
        abort();
    layout(s);
    s->size = 0;
    for (int i = 0; i < s->nruns; i++) {
        s->size += (long)s->len[i] * bsize;
        s->order[i] = i;
    }
    sorting = s;
    qsort(s->order, (size_t)s->nruns, sizeof *s->order, by_offset);
    s->built = 1;
    if (!shape_problem(dt))
        construct(s, base);
    return s;
}

const char *shape_problem(const struct datatype *dt)
{
    static char why[200];
    struct shaped *s = built(dt);
    if (s->sh.kind == SHAPE_RESIZED && s->extent < (long)s->bext)
        snprintf(why, sizeof why, "extent %ld bytes is less than %s's %ld: its "
                 "elements would overlap", s->extent, s->sh.base->name, (long)s->bext);
    else if (s->extent > 32 * SHAPE_MAX_SPAN)
        snprintf(why, sizeof why, "one element spans %ld bytes, more than %ld",
                 s->extent, 32 * SHAPE_MAX_SPAN);
    else
        return NULL;
    return why;
}

void shape_numbers(const struct datatype *dt, long *size, long *extent, int *blocks)
{
    const struct shaped *s = of(dt);
    *size = s->built ? s->size : 0;
    *extent = s->built ? s->extent : 0;
    *blocks = s->built ? s->nruns : 0;
}

void shapes_free(void)
{
    for (int i = 0; i < npool; i++) {
        struct shaped *s = pool[i];
        if (s->handle != MPI_DATATYPE_NULL)
            MPI_Type_free(&s->handle);
        free(s->sh.lens);
        free(s->sh.displs);
        free(s->off);
        free(s->len);
        free(s->order);
        free(s);
    }
    free(pool);
    pool = NULL;
    npool = cap = 0;
}

/* ---- every datatype ------------------------------------------------------ */
const char *type_unavailable(const struct datatype *dt)
{
    if (dt->shape)
        return dt->shape->base ? type_unavailable(dt->shape->base) : NULL;
    return dt->unavailable ? dt->unavailable() : NULL;
}

MPI_Datatype type_handle(const struct datatype *dt)
{
    if (type_unavailable(dt))
        return MPI_DATATYPE_NULL;
    return dt->shape ? built(dt)->handle : dt->handle();   /* NULL until sound */
}

/* typed base element j of an element carries v + 17 j (mod 251): every
 * value exact in every base type, neighbours different */
void type_set(const struct datatype *dt, void *elem, long v, int loc)
{
    if (!dt->shape) {
        dt->set(elem, v, loc);
        return;
    }
    const struct shaped *s = built(dt);
    long j = 0;
    for (int r = 0; r < s->nruns; r++)
        for (int i = 0; i < s->len[r]; i++, j++)
            s->sh.base->set((char *)elem + s->off[r] + i * s->bext, (v + 17 * j) % 251,
                            loc);
}

static int shaped_same(const struct shaped *s, const char *a, const char *b)
{
    long at = 0;               /* the first byte after the last run, by offset */
    for (int k = 0; k < s->nruns; k++) {
        int r = s->order[k];
        if (memcmp(a + at, b + at, (size_t)(s->off[r] - at)) != 0)
            return 0;          /* a gap changed */
        for (int i = 0; i < s->len[r]; i++) {
            long e = s->off[r] + i * s->bext;
            if (!type_same(s->sh.base, a + e, b + e, (size_t)s->bext))
                return 0;
        }
        at = s->off[r] + s->len[r] * s->bext;
    }
    return memcmp(a + at, b + at, (size_t)(s->extent - at)) == 0;
}

int type_same(const struct datatype *dt, const void *a, const void *b, size_t extent)
{
    if (dt->shape)
        return shaped_same(built(dt), a, b);
    if (dt->equal)
        return dt->equal(a, b);
    return memcmp(a, b, extent) == 0;
}

/* "{v0,v1,...; gaps sum N}" */
void type_format(const struct datatype *dt, const void *elem, char *out, size_t len)
{
    if (!dt->shape) {
        dt->format(elem, out, len);
        return;
    }
    const struct shaped *s = built(dt);
    const unsigned char *p = elem;
    unsigned long all = 0, typed = 0;
    size_t at = (size_t)snprintf(out, len, "{");
    for (long i = 0; i < s->extent; i++)
        all += p[i];
    for (int r = 0; r < s->nruns; r++)
        for (int i = 0; i < s->len[r]; i++) {
            char v[64];
            const unsigned char *e = p + s->off[r] + i * s->bext;
            for (long b = 0; b < (long)s->bext; b++)
                typed += e[b];
            s->sh.base->format(e, v, sizeof v);
            if (at + 24 < len)
                at += (size_t)snprintf(out + at, len - at, "%s%s", at > 1 ? "," : "", v);
        }
    if (at < len)
        snprintf(out + at, len - at, "; gaps sum %lu}", all - typed);
}
