/* test_types.c: the shaped datatypes' spellings (accepted, interned,
 * rejected at their part's column), INDEXED and sizes= files as the plan
 * reads them, sizes= lists, and the half-precision types' bits */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "input/parser.h"
#include "input/side_files.h"
#include "registry/shaped.h"
#include "registry/sizes.h"
#include "unit.h"

struct parsed {
    struct recordset rs;
    struct diag d;
    int errors;
};

static void parse(struct parsed *o, const char *text)
{
    memset(o, 0, sizeof *o);
    diag_init(&o->d, "t.in");
    o->errors = parse_records(text, strlen(text), &o->rs, &o->d);
}

static void done(struct parsed *o)
{
    recordset_free(&o->rs);
    diag_free(&o->d);
}

/* the record's first error starts with prefix (its place) and holds part */
static int rejects(const char *text, const char *prefix, const char *part)
{
    struct parsed o;
    parse(&o, text);
    int ok = o.errors >= 1 && o.d.kept >= 1 && strncmp(o.d.msg[0], prefix, strlen(prefix)) == 0 &&
             strstr(o.d.msg[0], part) != NULL;
    if (!ok)
        fprintf(stderr, "  input %-50.50s gave: %s\n", text, o.d.kept ? o.d.msg[0] : "(no error)");
    done(&o);
    return ok;
}

static void shaped_spellings(void)
{
    struct parsed o;
    parse(&o, "SEND VECTOR:4:1:2:DOUBLE 1 8 MUL 2 WORLD NOP 0\n"
              "BCAST vector:4:1:2:mpi_double 1 8 MUL 2 WORLD NOP 0\n"
              "SEND SUBARRAY:8x8x2:4x4x1:2x2x1:INT 1 8 MUL 2 WORLD NOP 0\n"
              "SEND RESIZED:24:FLOAT16 1 8 MUL 2 WORLD NOP 0\n"
              "SEND INDEXED:some/blocks.txt 1 8 MUL 2 WORLD NOP 0\n"
              "SEND VECTOR 1 8 MUL 2 WORLD NOP 0\n");
    CHECK(o.errors == 0 && o.rs.n == 6);
    const struct datatype *v = o.rs.rec[0].dt;
    /* one type per shape, its spelling canonical */
    CHECK(v && v == o.rs.rec[1].dt && strcmp(v->name, "VECTOR:4:1:2:DOUBLE") == 0);
    CHECK(v->shape && v->shape->count == 4 && v->shape->blocklen == 1 &&
          v->shape->stride == 2 && v->cls == TC_DERIVED);
    const struct type_shape *s = o.rs.rec[2].dt->shape;
    CHECK(s && s->kind == SHAPE_SUBARRAY && s->ndims == 3 && s->sizes[2] == 2 &&
          s->subsizes[1] == 4 && s->starts[0] == 2);
    CHECK(strcmp(o.rs.rec[3].dt->name, "RESIZED:24:FLOAT16") == 0);
    /* INDEXED: its file is the plan's to read */
    CHECK(shape_unread(o.rs.rec[4].dt) && strcmp(o.rs.rec[4].dt->shape->path, "some/blocks.txt") == 0);
    /* the plain VECTOR of the table stays */
    CHECK(o.rs.rec[5].dt && !o.rs.rec[5].dt->shape && strcmp(o.rs.rec[5].dt->name, "VECTOR") == 0);
    done(&o);
    CHECK(rejects("SEND VECTOR:4:2:1:DOUBLE 1 8 MUL 2 WORLD NOP 0\n", "t.in:1:17:", "overlap"));
    CHECK(rejects("SEND VECTOR:4:1:2 1 8 MUL 2 WORLD NOP 0\n", "t.in:1:6:", "4 parts"));
    CHECK(rejects("SEND VECTOR:0:1:2:INT 1 8 MUL 2 WORLD NOP 0\n", "t.in:1:13:", "at least 1"));
    CHECK(rejects("SEND VECTOR:4:1:2:DUBLE 1 8 MUL 2 WORLD NOP 0\n", "t.in:1:19:", "DOUBLE"));
    CHECK(rejects("SEND VECTOR:4:1:2:2INT 1 8 MUL 2 WORLD NOP 0\n", "t.in:1:19:", "pair"));
    CHECK(rejects("SEND VECTOR:4:1:2:STRUCT 1 8 MUL 2 WORLD NOP 0\n", "t.in:1:19:", "derived"));
    CHECK(rejects("SEND VECTR:4:1:2:INT 1 8 MUL 2 WORLD NOP 0\n", "t.in:1:6:", "VECTOR"));
    CHECK(rejects("SEND SUBARRAY:8x8:4x4:5x0:INT 1 8 MUL 2 WORLD NOP 0\n", "t.in:1:23:", "passes"));
    CHECK(rejects("SEND SUBARRAY:8:4:0:INT 1 8 MUL 2 WORLD NOP 0\n", "t.in:1:15:", "2 or 3"));
    CHECK(rejects("SEND SUBARRAY:8x8:4x4x1:0x0:INT 1 8 MUL 2 WORLD NOP 0\n", "t.in:1:19:", "same number"));
    CHECK(rejects("SEND SUBARRAY:2048x2048:1x1:0x0:INT 1 8 MUL 2 WORLD NOP 0\n", "t.in:1:15:", "more than"));
    CHECK(rejects("SEND RESIZED:0:INT 1 8 MUL 2 WORLD NOP 0\n", "t.in:1:14:", "at least 1"));
    CHECK(rejects("SEND INDEXED: 1 8 MUL 2 WORLD NOP 0\n", "t.in:1:14:", "path"));
    CHECK(rejects("SEND SUBARRAY 1 8 MUL 2 WORLD NOP 0\n", "t.in:1:6:", "SUBARRAY:SIZES"));
    /* derived: MPI defines no reduction on it */
    CHECK(rejects("ALLREDUCE VECTOR:2:1:2:DOUBLE 1 8 MUL 2 WORLD SUM 0\n", "t.in:1:", "SUM"));
}

static void indexed_files(void)
{
    struct diag d;
    struct indexed_blocks b;
    const char *good = "# blocks\nDOUBLE\n2 0   # two\n1 5\n\n3 8\n";
    diag_init(&d, "b.txt");
    CHECK(parse_indexed_file(good, strlen(good), &b, &d) == 0 && d.count == 0);
    CHECK(b.n == 3 && b.lens[0] == 2 && b.displs[1] == 5 && b.lens[2] == 3 &&
          strcmp(b.base->name, "DOUBLE") == 0);
    free(b.lens);
    free(b.displs);
    const char *bad = "INT\n2 0\n1 1\n0 4\n";
    CHECK(parse_indexed_file(bad, strlen(bad), &b, &d) == -1 && d.count == 2);
    CHECK(d.kept == 2 && strstr(d.msg[0], "b.txt:4:1:") && strstr(d.msg[0], "at least 1"));
    CHECK(strstr(d.msg[1], "b.txt:3:1:") && strstr(d.msg[1], "overlaps line 2"));
    diag_free(&d);
    diag_init(&d, "b.txt");
    CHECK(parse_indexed_file("C_FLOAT_COMPLEX\n", 16, &b, &d) == -1 &&
          strstr(d.msg[0], "no blocks"));
    diag_free(&d);
}

static void size_lists(void)
{
    struct parsed o;
    parse(&o, "SEND DOUBLE 1 4096 MUL 2 WORLD NOP 0 sizes=3,100,1000\n"
              "SEND DOUBLE 1 4096 MUL 2 WORLD NOP 0 sizes=3,100,1000\n"
              "SEND DOUBLE 0 2147483647 ADD 1 WORLD NOP 0 sizes=7\n"
              "SEND DOUBLE 1 4096 MUL 2 WORLD NOP 0 sizes=lists/a.txt\n");
    CHECK(o.errors == 0 && o.rs.n == 4);
    uint64_t s[8];
    /* the list, not the range (whose ADD 1 steps would be far too many) */
    CHECK(record_size_count(&o.rs.rec[0]) == 3 && record_sizes(&o.rs.rec[0], s, 8) == 3 &&
          s[0] == 3 && s[1] == 100 && s[2] == 1000);
    CHECK(o.rs.rec[0].sizes == o.rs.rec[1].sizes && o.rs.rec[0].sizes_col == 44);
    CHECK(record_sizes(&o.rs.rec[2], s, 8) == 1 && s[0] == 7);
    CHECK(o.rs.rec[3].sizes && !o.rs.rec[3].sizes->read &&
          strcmp(o.rs.rec[3].sizes->path, "lists/a.txt") == 0);
    done(&o);
    CHECK(rejects("SEND DOUBLE 1 64 MUL 2 WORLD NOP 0 sizes=8,65\n", "t.in:1:44:", "outside"));
    CHECK(rejects("SEND DOUBLE 2 64 MUL 2 WORLD NOP 0 sizes=1,8\n", "t.in:1:42:", "outside"));
    CHECK(rejects("SEND DOUBLE 1 64 MUL 2 WORLD NOP 0 sizes=8,8\n", "t.in:1:44:", "rises"));
    CHECK(rejects("SEND DOUBLE 1 64 MUL 2 WORLD NOP 0 sizes=8,x\n", "t.in:1:44:", "not a number"));
    CHECK(rejects("SEND DOUBLE 1 64 MUL 2 WORLD NOP 0 sizes=,\n", "t.in:1:42:", "no size"));
    CHECK(rejects("SEND DOUBLE 0 2147483647 ADD 1 WORLD NOP 0\n", "t.in:1:", "sizes= list"));
    /* a file's list: commas, blanks, lines and comments, placed errors */
    struct diag d;
    diag_init(&d, "s.txt");
    struct line_ctx lc = {.d = &d, .line = 1};
    static uint64_t v[MAX_SIZES];
    const char *f = "# sizes\n1, 2 4\n\n  8 # eight\n";
    CHECK(read_size_list(&lc, f, strlen(f), 1, 1, 8, v) == 4 && v[3] == 8 && d.count == 0);
    lc.line = 1;
    const char *g = "1 2\n  9\n";
    CHECK(read_size_list(&lc, g, strlen(g), 1, 1, 8, v) == -1 && d.kept == 1 &&
          strstr(d.msg[0], "s.txt:2:3:") && strstr(d.msg[0], "outside"));
    /* CRLF lines; a file of comments names no size, on its last line */
    lc.line = 1;
    const char *h = "2,\r\n x\r\n";
    CHECK(read_size_list(&lc, h, strlen(h), 1, 1, 8, v) == -1 && d.kept == 2 &&
          strstr(d.msg[1], "s.txt:2:2:") && strstr(d.msg[1], "not a number"));
    lc.line = 1;
    const char *e = "# none\n# still none\n";
    CHECK(read_size_list(&lc, e, strlen(e), 1, 1, 8, v) == -1 && d.kept == 3 &&
          strstr(d.msg[2], "s.txt:2:1:") && strstr(d.msg[2], "no size"));
    diag_free(&d);
}

/* FLOAT16 and BFLOAT16 elements by their bits */
static void halves(void)
{
    const struct datatype *h = table_find(&datatype_table, "FLOAT16");
    const struct datatype *b = table_find(&datatype_table, "bfloat16");
    CHECK(h && b && h->cls == TC_FLOAT && b->cls == TC_FLOAT && h->digits == 11 &&
          b->digits == 8);
    uint16_t x;
    h->set(&x, 1, 0);
    CHECK(x == 0x3c00 && h->value(&x) == 1.0);
    h->set(&x, 2048, 0);
    CHECK(x == 0x6800 && h->value(&x) == 2048.0);
    h->set(&x, 2049, 0);               /* a tie: to even, 2048 */
    CHECK(h->value(&x) == 2048.0);
    h->set(&x, 70000, 0);              /* past 65504: infinity */
    CHECK(x == 0x7c00 && isinf(h->value(&x)));
    h->set(&x, -3, 0);
    CHECK(x == 0xc200 && h->value(&x) == -3.0);
    uint16_t sub = 0x0001;             /* the smallest subnormal */
    CHECK(h->value(&sub) == ldexp(1, -24));
    b->set(&x, 1, 0);
    CHECK(x == 0x3f80 && b->value(&x) == 1.0);
    b->set(&x, 257, 0);                /* 8 bits: a tie, to even */
    CHECK(b->value(&x) == 256.0);
    uint16_t y, z = 0x8000;            /* -0 equals +0 by value */
    h->set(&y, 0, 0);
    CHECK(h->equal(&y, &z) && !h->equal(&x, &y));
    char t[32];
    h->set(&x, 250, 0);
    h->format(&x, t, sizeof t);
    CHECK(strcmp(t, "250") == 0);
    /* a build without them says why (the plan skips with it) */
    CHECK(h->unavailable && b->unavailable);
}

void test_types(void)
{
    shaped_spellings();
    indexed_files();
    size_lists();
    halves();
}
