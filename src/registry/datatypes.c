/* datatypes.c: the datatype table.
 *
 * To add a datatype: write its set and format functions (and equal, if
 * bytes alone do not decide equality) and add one line to the table. */
#include "registry/shaped.h"

#include <complex.h>
#include <stdio.h>
#include <string.h>

/* Buffers start at any byte (the record's stride), so every element is
 * read and written through memcpy: a typed access to a misaligned address
 * is undefined behaviour. */

/* ---- element writers: value v (and index loc, for pair types) ----------- */
static void set_char(void *e, long v, int loc) { (void)loc; char x = (char)v; memcpy(e, &x, sizeof x); }
static void set_schar(void *e, long v, int loc) { (void)loc; signed char x = (signed char)v; memcpy(e, &x, sizeof x); }
static void set_uchar(void *e, long v, int loc) { (void)loc; unsigned char x = (unsigned char)v; memcpy(e, &x, sizeof x); }
static void set_short(void *e, long v, int loc) { (void)loc; short x = (short)v; memcpy(e, &x, sizeof x); }
static void set_ushort(void *e, long v, int loc) { (void)loc; unsigned short x = (unsigned short)v; memcpy(e, &x, sizeof x); }
static void set_int(void *e, long v, int loc) { (void)loc; int x = (int)v; memcpy(e, &x, sizeof x); }
static void set_uint(void *e, long v, int loc) { (void)loc; unsigned x = (unsigned)v; memcpy(e, &x, sizeof x); }
static void set_long(void *e, long v, int loc) { (void)loc; long x = (long)v; memcpy(e, &x, sizeof x); }
static void set_ulong(void *e, long v, int loc) { (void)loc; unsigned long x = (unsigned long)v; memcpy(e, &x, sizeof x); }
static void set_llong(void *e, long v, int loc) { (void)loc; long long x = (long long)v; memcpy(e, &x, sizeof x); }
static void set_ullong(void *e, long v, int loc) { (void)loc; unsigned long long x = (unsigned long long)v; memcpy(e, &x, sizeof x); }
static void set_float(void *e, long v, int loc) { (void)loc; float x = (float)v; memcpy(e, &x, sizeof x); }
static void set_double(void *e, long v, int loc) { (void)loc; double x = (double)v; memcpy(e, &x, sizeof x); }
static void set_ldouble(void *e, long v, int loc) { (void)loc; long double x = (long double)v; memcpy(e, &x, sizeof x); }
static void set_bool(void *e, long v, int loc) { (void)loc; _Bool x = (_Bool)(v != 0); memcpy(e, &x, sizeof x); }

/* v(1 - i): sums and products of such numbers stay exact */
static void set_fcomplex(void *e, long v, int loc)
{
    (void)loc;
    float p[2] = {(float)v, (float)-v};
    memcpy(e, p, sizeof p);
}
static void set_dcomplex(void *e, long v, int loc)
{
    (void)loc;
    double p[2] = {(double)v, (double)-v};
    memcpy(e, p, sizeof p);
}

/* the layouts MPI defines for its pair types */
struct float_int { float v; int i; };
struct double_int { double v; int i; };
struct long_int { long v; int i; };
struct two_int { int v; int i; };
struct short_int { short v; int i; };
struct ldouble_int { long double v; int i; };

static void set_float_int(void *e, long v, int loc)
{
    struct float_int x;
    memcpy(&x, e, sizeof x);          /* keeps the padding as it was */
    x.v = (float)v;
    x.i = loc;
    memcpy(e, &x, sizeof x);
}
static void set_double_int(void *e, long v, int loc)
{
    struct double_int x;
    memcpy(&x, e, sizeof x);          /* keeps the padding as it was */
    x.v = (double)v;
    x.i = loc;
    memcpy(e, &x, sizeof x);
}
static void set_long_int(void *e, long v, int loc)
{
    struct long_int x;
    memcpy(&x, e, sizeof x);          /* keeps the padding as it was */
    x.v = (long)v;
    x.i = loc;
    memcpy(e, &x, sizeof x);
}
static void set_two_int(void *e, long v, int loc)
{
    struct two_int x;
    memcpy(&x, e, sizeof x);          /* keeps the padding as it was */
    x.v = (int)v;
    x.i = loc;
    memcpy(e, &x, sizeof x);
}
static void set_short_int(void *e, long v, int loc)
{
    struct short_int x;
    memcpy(&x, e, sizeof x);          /* keeps the padding as it was */
    x.v = (short)v;
    x.i = loc;
    memcpy(e, &x, sizeof x);
}
static void set_ldouble_int(void *e, long v, int loc)
{
    struct ldouble_int x;
    memcpy(&x, e, sizeof x);          /* keeps the padding as it was */
    x.v = (long double)v;
    x.i = loc;
    memcpy(e, &x, sizeof x);
}

/* ---- equality ---------------------------------------------------------------
 * Floating point compares by value, exactly: a reduction may associate a
 * commutative op in any order, and a complex product then legitimately
 * ends in -0 or +0, the same number in other bits.  Any other one-bit
 * change alters the value.  Pair types have padding that reductions may
 * leave as they like, and an x87 long double has six unused bytes. */
static int eq_float(const void *a, const void *b)
{
    float x, y;
    memcpy(&x, a, sizeof x);
    memcpy(&y, b, sizeof y);
    return x == y;
}
static int eq_double(const void *a, const void *b)
{
    double x, y;
    memcpy(&x, a, sizeof x);
    memcpy(&y, b, sizeof y);
    return x == y;
}
static int eq_ldouble(const void *a, const void *b)
{
    long double x, y;
    memcpy(&x, a, sizeof x);
    memcpy(&y, b, sizeof y);
    return x == y;
}
static int eq_fcomplex(const void *a, const void *b)
{
    float x[2], y[2];
    memcpy(x, a, sizeof x);
    memcpy(y, b, sizeof y);
    return x[0] == y[0] && x[1] == y[1];
}
static int eq_dcomplex(const void *a, const void *b)
{
    double x[2], y[2];
    memcpy(x, a, sizeof x);
    memcpy(y, b, sizeof y);
    return x[0] == y[0] && x[1] == y[1];
}
static int eq_float_int(const void *a, const void *b)
{
    struct float_int x, y;
    memcpy(&x, a, sizeof x);
    memcpy(&y, b, sizeof y);
    return x.v == y.v && x.i == y.i;
}
static int eq_double_int(const void *a, const void *b)
{
    struct double_int x, y;
    memcpy(&x, a, sizeof x);
    memcpy(&y, b, sizeof y);
    return x.v == y.v && x.i == y.i;
}
static int eq_long_int(const void *a, const void *b)
{
    struct long_int x, y;
    memcpy(&x, a, sizeof x);
    memcpy(&y, b, sizeof y);
    return x.v == y.v && x.i == y.i;
}
static int eq_short_int(const void *a, const void *b)
{
    struct short_int x, y;
    memcpy(&x, a, sizeof x);
    memcpy(&y, b, sizeof y);
    return x.v == y.v && x.i == y.i;
}
static int eq_ldouble_int(const void *a, const void *b)
{
    struct ldouble_int x, y;
    memcpy(&x, a, sizeof x);
    memcpy(&y, b, sizeof y);
    return x.v == y.v && x.i == y.i;
}

/* ---- element formatters ------------------------------------------------ */
static void fmt_char(const void *e, char *o, size_t n) { char x; memcpy(&x, e, sizeof x); snprintf(o, n, "%d", (int)x); }
static void fmt_schar(const void *e, char *o, size_t n) { signed char x; memcpy(&x, e, sizeof x); snprintf(o, n, "%d", (int)x); }
static void fmt_uchar(const void *e, char *o, size_t n) { unsigned char x; memcpy(&x, e, sizeof x); snprintf(o, n, "%u", (unsigned)x); }
static void fmt_short(const void *e, char *o, size_t n) { short x; memcpy(&x, e, sizeof x); snprintf(o, n, "%d", (int)x); }
static void fmt_ushort(const void *e, char *o, size_t n) { unsigned short x; memcpy(&x, e, sizeof x); snprintf(o, n, "%u", (unsigned)x); }
static void fmt_int(const void *e, char *o, size_t n) { int x; memcpy(&x, e, sizeof x); snprintf(o, n, "%d", x); }
static void fmt_uint(const void *e, char *o, size_t n) { unsigned x; memcpy(&x, e, sizeof x); snprintf(o, n, "%u", x); }
static void fmt_long(const void *e, char *o, size_t n) { long x; memcpy(&x, e, sizeof x); snprintf(o, n, "%ld", x); }
static void fmt_ulong(const void *e, char *o, size_t n) { unsigned long x; memcpy(&x, e, sizeof x); snprintf(o, n, "%lu", x); }
static void fmt_llong(const void *e, char *o, size_t n) { long long x; memcpy(&x, e, sizeof x); snprintf(o, n, "%lld", x); }
static void fmt_ullong(const void *e, char *o, size_t n) { unsigned long long x; memcpy(&x, e, sizeof x); snprintf(o, n, "%llu", x); }
static void fmt_float(const void *e, char *o, size_t n) { float x; memcpy(&x, e, sizeof x); snprintf(o, n, "%.9g", (double)x); }
static void fmt_double(const void *e, char *o, size_t n) { double x; memcpy(&x, e, sizeof x); snprintf(o, n, "%.17g", x); }
static void fmt_ldouble(const void *e, char *o, size_t n) { long double x; memcpy(&x, e, sizeof x); snprintf(o, n, "%.21Lg", x); }
static void fmt_bool(const void *e, char *o, size_t n) { _Bool x; memcpy(&x, e, sizeof x); snprintf(o, n, "%d", (int)x); }
static void fmt_fcomplex(const void *e, char *o, size_t n)
{
    float p[2];
    memcpy(p, e, sizeof p);
    snprintf(o, n, "(%.9g,%.9g)", p[0], p[1]);
}
static void fmt_dcomplex(const void *e, char *o, size_t n)
{
    double p[2];
    memcpy(p, e, sizeof p);
    snprintf(o, n, "(%.17g,%.17g)", p[0], p[1]);
}
static void fmt_float_int(const void *e, char *o, size_t n) { struct float_int x; memcpy(&x, e, sizeof x); snprintf(o, n, "(%.9g,%d)", (double)x.v, x.i); }
static void fmt_double_int(const void *e, char *o, size_t n) { struct double_int x; memcpy(&x, e, sizeof x); snprintf(o, n, "(%.17g,%d)", x.v, x.i); }
static void fmt_long_int(const void *e, char *o, size_t n) { struct long_int x; memcpy(&x, e, sizeof x); snprintf(o, n, "(%ld,%d)", x.v, x.i); }
static void fmt_two_int(const void *e, char *o, size_t n) { struct two_int x; memcpy(&x, e, sizeof x); snprintf(o, n, "(%d,%d)", x.v, x.i); }
static void fmt_short_int(const void *e, char *o, size_t n) { struct short_int x; memcpy(&x, e, sizeof x); snprintf(o, n, "(%d,%d)", (int)x.v, x.i); }
static void fmt_ldouble_int(const void *e, char *o, size_t n) { struct ldouble_int x; memcpy(&x, e, sizeof x); snprintf(o, n, "(%.21Lg,%d)", x.v, x.i); }

/* ---- derived types --------------------------------------------------------
 * VECTOR: two ints 8 bytes apart in a 16-byte extent, so the gaps between
 * them are never transferred (a received gap must keep what it held).
 * STRUCT: { char c; double d; int i; } with its natural padding. */
struct vec2 { int a, gap1, b, gap2; };
struct mixed { char c; double d; int i; };

static MPI_Datatype vector_type = MPI_DATATYPE_NULL;
static MPI_Datatype struct_type = MPI_DATATYPE_NULL;

void datatypes_free(void)
{
    shapes_free();
    if (vector_type != MPI_DATATYPE_NULL)
        MPI_Type_free(&vector_type);
    if (struct_type != MPI_DATATYPE_NULL)
        MPI_Type_free(&struct_type);
}

static MPI_Datatype make_vector(void)
{
    MPI_Datatype *t = &vector_type;
    if (*t == MPI_DATATYPE_NULL) {
        MPI_Datatype v;
        MPI_Type_vector(2, 1, 2, MPI_INT, &v);
        MPI_Type_create_resized(v, 0, (MPI_Aint)sizeof(struct vec2), t);
        MPI_Type_commit(t);
        MPI_Type_free(&v);
    }
    return *t;
}
static void set_vector(void *e, long v, int loc)
{
    (void)loc;
    int a = (int)v, b = (int)(v + 1000);
    memcpy((char *)e + offsetof(struct vec2, a), &a, sizeof a);
    memcpy((char *)e + offsetof(struct vec2, b), &b, sizeof b);
}
static void fmt_vector(const void *e, char *o, size_t n)
{
    struct vec2 p;
    memcpy(&p, e, sizeof p);
    snprintf(o, n, "{%d,gap %#x,%d,gap %#x}", p.a, (unsigned)p.gap1, p.b,
             (unsigned)p.gap2);
}

static MPI_Datatype make_struct(void)
{
    MPI_Datatype *t = &struct_type;
    if (*t == MPI_DATATYPE_NULL) {
        int len[3] = {1, 1, 1};
        MPI_Aint off[3] = {offsetof(struct mixed, c), offsetof(struct mixed, d),
                           offsetof(struct mixed, i)};
        MPI_Datatype types[3] = {MPI_CHAR, MPI_DOUBLE, MPI_INT}, s;
        MPI_Type_create_struct(3, len, off, types, &s);
        MPI_Type_create_resized(s, 0, (MPI_Aint)sizeof(struct mixed), t);
        MPI_Type_commit(t);
        MPI_Type_free(&s);
    }
    return *t;
}
static void set_struct(void *e, long v, int loc)
{
    (void)loc;
    struct mixed p;
    memcpy(&p, e, sizeof p);          /* keeps the padding as it was */
    p.c = (char)v;
    p.d = (double)v + 0.5;
    p.i = (int)(v + 7);
    memcpy(e, &p, sizeof p);
}
/* padding is never transferred, so only the members are compared */
static int eq_struct(const void *a, const void *b)
{
    struct mixed x, y;
    memcpy(&x, a, sizeof x);
    memcpy(&y, b, sizeof y);
    return x.c == y.c && x.d == y.d && x.i == y.i;
}
static void fmt_struct(const void *e, char *o, size_t n)
{
    struct mixed p;
    memcpy(&p, e, sizeof p);
    snprintf(o, n, "{%d,%.17g,%d}", p.c, p.d, p.i);
}

/* ---- predefined handles: functions because Open MPI's are not constants */
static MPI_Datatype h_char(void) { return MPI_CHAR; }
static MPI_Datatype h_schar(void) { return MPI_SIGNED_CHAR; }
static MPI_Datatype h_uchar(void) { return MPI_UNSIGNED_CHAR; }
static MPI_Datatype h_short(void) { return MPI_SHORT; }
static MPI_Datatype h_ushort(void) { return MPI_UNSIGNED_SHORT; }
static MPI_Datatype h_int(void) { return MPI_INT; }
static MPI_Datatype h_uint(void) { return MPI_UNSIGNED; }
static MPI_Datatype h_long(void) { return MPI_LONG; }
static MPI_Datatype h_ulong(void) { return MPI_UNSIGNED_LONG; }
static MPI_Datatype h_llong(void) { return MPI_LONG_LONG; }
static MPI_Datatype h_ullong(void) { return MPI_UNSIGNED_LONG_LONG; }
static MPI_Datatype h_float(void) { return MPI_FLOAT; }
static MPI_Datatype h_double(void) { return MPI_DOUBLE; }
static MPI_Datatype h_ldouble(void) { return MPI_LONG_DOUBLE; }
static MPI_Datatype h_byte(void) { return MPI_BYTE; }
static MPI_Datatype h_bool(void) { return MPI_C_BOOL; }
static MPI_Datatype h_fcomplex(void) { return MPI_C_FLOAT_COMPLEX; }
static MPI_Datatype h_dcomplex(void) { return MPI_C_DOUBLE_COMPLEX; }
static MPI_Datatype h_float_int(void) { return MPI_FLOAT_INT; }
static MPI_Datatype h_double_int(void) { return MPI_DOUBLE_INT; }
static MPI_Datatype h_long_int(void) { return MPI_LONG_INT; }
static MPI_Datatype h_two_int(void) { return MPI_2INT; }
static MPI_Datatype h_short_int(void) { return MPI_SHORT_INT; }
static MPI_Datatype h_ldouble_int(void) { return MPI_LONG_DOUBLE_INT; }

/* a row of the table (the fields after desc: registry.h's defaults) */
#define ROW(n, c, h, s, e, f, d) \
    {.name = n, .cls = c, .handle = h, .set = s, .equal = e, .format = f, .desc = d}

static const struct datatype types[] = {
    ROW("CHAR", TC_CHAR, h_char, set_char, NULL, fmt_char, "char (a character type; reduced only as the library's extension)"),
    ROW("SIGNED_CHAR", TC_INT, h_schar, set_schar, NULL, fmt_schar, "signed char as a 1-byte integer"),
    ROW("UNSIGNED_CHAR", TC_INT, h_uchar, set_uchar, NULL, fmt_uchar, "unsigned char"),
    ROW("SHORT", TC_INT, h_short, set_short, NULL, fmt_short, "short"),
    ROW("UNSIGNED_SHORT", TC_INT, h_ushort, set_ushort, NULL, fmt_ushort, "unsigned short"),
    ROW("INT", TC_INT, h_int, set_int, NULL, fmt_int, "int"),
    ROW("UNSIGNED", TC_INT, h_uint, set_uint, NULL, fmt_uint, "unsigned int"),
    ROW("LONG", TC_INT, h_long, set_long, NULL, fmt_long, "long"),
    ROW("UNSIGNED_LONG", TC_INT, h_ulong, set_ulong, NULL, fmt_ulong, "unsigned long"),
    ROW("LONG_LONG", TC_INT, h_llong, set_llong, NULL, fmt_llong, "long long"),
    ROW("UNSIGNED_LONG_LONG", TC_INT, h_ullong, set_ullong, NULL, fmt_ullong, "unsigned long long"),
    ROW("FLOAT", TC_FLOAT, h_float, set_float, eq_float, fmt_float, "float"),
    ROW("DOUBLE", TC_FLOAT, h_double, set_double, eq_double, fmt_double, "double"),
    ROW("LONG_DOUBLE", TC_FLOAT, h_ldouble, set_ldouble, eq_ldouble, fmt_ldouble, "long double"),
    ROW("BYTE", TC_BYTE, h_byte, set_uchar, NULL, fmt_uchar, "uninterpreted byte"),
    ROW("C_BOOL", TC_LOGICAL, h_bool, set_bool, NULL, fmt_bool, "_Bool"),
    ROW("C_FLOAT_COMPLEX", TC_COMPLEX, h_fcomplex, set_fcomplex, eq_fcomplex, fmt_fcomplex, "float _Complex"),
    ROW("C_DOUBLE_COMPLEX", TC_COMPLEX, h_dcomplex, set_dcomplex, eq_dcomplex, fmt_dcomplex, "double _Complex"),
    ROW("FLOAT_INT", TC_PAIR, h_float_int, set_float_int, eq_float_int, fmt_float_int, "{float, int} for MAXLOC/MINLOC"),
    ROW("DOUBLE_INT", TC_PAIR, h_double_int, set_double_int, eq_double_int, fmt_double_int, "{double, int}"),
    ROW("LONG_INT", TC_PAIR, h_long_int, set_long_int, eq_long_int, fmt_long_int, "{long, int}"),
    ROW("2INT", TC_PAIR, h_two_int, set_two_int, NULL, fmt_two_int, "{int, int}"),
    ROW("SHORT_INT", TC_PAIR, h_short_int, set_short_int, eq_short_int, fmt_short_int, "{short, int}"),
    ROW("LONG_DOUBLE_INT", TC_PAIR, h_ldouble_int, set_ldouble_int, eq_ldouble_int, fmt_ldouble_int, "{long double, int}"),
    ROW("VECTOR", TC_DERIVED, make_vector, set_vector, NULL, fmt_vector, "derived: 2 ints, stride 2 ints, extent 16 bytes (gaps untouched)"),
    ROW("STRUCT", TC_DERIVED, make_struct, set_struct, eq_struct, fmt_struct, "derived: struct {char; double; int} with padding"),
};

static const char *const type_aliases[] = {
    "LONG_LONG_INT", "LONG_LONG",
    "UNSIGNED_INT", "UNSIGNED",
    "DOUBLE_COMPLEX", "C_DOUBLE_COMPLEX",
    "FLOAT_COMPLEX", "C_FLOAT_COMPLEX",
    "C_COMPLEX", "C_FLOAT_COMPLEX",
    NULL,
};

static const struct table *const type_parts[] = {&half_type_table, NULL};

const struct table datatype_table = {
    "datatype", types, sizeof types / sizeof types[0], sizeof types[0], type_aliases,
    type_parts,
};

const char *type_class_name(enum type_class c)
{
    switch (c) {
    case TC_INT: return "C integer";
    case TC_FLOAT: return "floating point";
    case TC_COMPLEX: return "complex";
    case TC_LOGICAL: return "logical";
    case TC_BYTE: return "byte";
    case TC_PAIR: return "value-index pair";
    case TC_CHAR: return "character";
    case TC_DERIVED: return "derived";
    }
    return "?";
}

void type_classes_text(unsigned mask, char *out, size_t len)
{
    out[0] = 0;
    for (unsigned c = 1; c <= TC_DERIVED; c <<= 1)
        if (mask & c) {
            size_t used = strlen(out);
            snprintf(out + used, len - used, "%s%s", used ? ", " : "",
                     type_class_name((enum type_class)c));
        }
}
