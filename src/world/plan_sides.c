/* plan_sides.c: what a record's datatype and sizes need before it is
 * planned: the files they name (INDEXED:path, sizes=path), read on rank 0
 * and checked on every rank alike (input/side_files.h: errors as
 * path:LINE:COLUMN); a shaped type's checks that need MPI (a RESIZED
 * extent below its base's); a list's bounds; and the family's rules
 * again over a list read from a file. */
#include "world/plan_sides.h"

#include <stdarg.h>
#include <stdlib.h>
#include "base/base.h"
#include "input/share.h"
#include "input/side_files.h"
#include "registry/shaped.h"
#include "registry/sizes.h"

static void read_indexed(const struct record *r, int rank, struct diag *d)
{
    const char *path = r->dt->shape->path;
    struct diag fd;
    diag_init(&fd, path);
    size_t len;
    char *text = share_file(path, rank, &len, &fd);
    struct indexed_blocks b;
    if (text && parse_indexed_file(text, len, &b, &fd) == 0) {
        shape_set_blocks(r->dt, b.base, b.n, b.lens, b.displs);
        free(b.lens);
        free(b.displs);
    }
    if (!text && rank == 0)    /* NULL on every rank; rank 0 says why */
        diag_add(d, r->line, r->col[F_TYPE], "%s: its file cannot be read", r->dt->name);
    free(text);
    diag_take(d, &fd, r->line, r->col[F_TYPE]);
}

static void read_sizes(const struct record *r, int rank, struct diag *d)
{
    const char *path = r->sizes->path;
    struct diag fd;
    diag_init(&fd, path);
    size_t len;
    char *text = share_file(path, rank, &len, &fd);
    uint64_t *v = xmalloc_array(MAX_SIZES, sizeof *v);
    struct line_ctx lc = {.d = &fd, .line = 1};
    int n = text ? read_size_list(&lc, text, len, 1, r->min, r->max, v) : -1;
    if (n > 0)
        size_list_fill(r->sizes, v, (size_t)n);
    if (!text && rank == 0)
        diag_add(d, r->line, r->sizes_col, "sizes=%s: the file cannot be read", path);
    free(v);
    free(text);
    diag_take(d, &fd, r->line, r->sizes_col);
}

/* a list read for another record is held to this one's bounds too */
static void list_bounds(const struct record *r, struct diag *d)
{
    for (size_t i = 0; i < r->sizes->n; i++)
        if (r->sizes->v[i] < r->min || r->sizes->v[i] > r->max) {
            diag_add(d, r->line, r->sizes_col, "size %llu of %s is outside the "
                     "record's min %llu and max %llu, which bound its sizes= list",
                     (unsigned long long)r->sizes->v[i], r->sizes->path,
                     (unsigned long long)r->min, (unsigned long long)r->max);
            return;
        }
}

struct rule_ctx {
    const struct record *r;
    struct diag *d;
};

static void report_rule(void *ctx, int col, const char *fmt, ...)
{
    struct rule_ctx *c = ctx;
    char text[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    diag_add(c->d, c->r->line, col, "%s (sizes from %s)", text, c->r->sizes->path);
}

int plan_side_files(const struct record *r, int rank, struct diag *d)
{
    int errors = d->count;
    if (shape_unread(r->dt))
        read_indexed(r, rank, d);
    if (r->sizes && r->sizes->path[0]) {
        if (!r->sizes->read)
            read_sizes(r, rank, d);
        else
            list_bounds(r, d);
        struct rule_ctx ctx = {r, d};
        if (r->sizes->read && d->count == errors && r->call->family->validate)
            r->call->family->validate(r, report_rule, &ctx);
    }
    /* unread on every rank alike: the text is every rank's, or none's */
    if (shape_unread(r->dt) || (r->sizes && !r->sizes->read))
        return 0;
    const char *why = r->dt->shape && !type_unavailable(r->dt) ? shape_problem(r->dt)
                                                                : NULL;
    if (why)
        diag_add(d, r->line, r->col[F_TYPE], "%s: %s", r->dt->name, why);
    return d->count == errors;
}
