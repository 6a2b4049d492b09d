/* rma_family.c: the one-sided family's row, its own settings (sync=,
 * win=, mode=, as rows into struct rma_settings) and its hooks: the rules
 * MPI puts across a one-sided record's fields, the window it streams and
 * the trips an iteration counts as. */
#include "kernels/rma.h"

#include <stddef.h>
#include <stdio.h>
#include "registry/settings.h"

_Static_assert(sizeof(enum rma_sync) == sizeof(int) && sizeof(enum rma_win) == sizeof(int) &&
               sizeof(enum rma_traffic) == sizeof(int), "a setting's enum is not int-sized");

static const char *const sync_words[] = {"flush", "flush_local", "lock", "lock_shared",
                                         "lock_all", "fence", "pscw", NULL};
static const char *const win_words[] = {"create", "allocate", "dynamic", NULL};
static const char *const traffic_words[] = {"latency", "bw", "bibw", NULL};

static const char *not_one_sided(const struct call *c);

#define AT(field) offsetof(struct rma_settings, field)

static const struct setting rows[] = {
    {.owner = &family_rma, .key = "sync", .kind = SETTING_WORDS, .store = STORE_INT, .offset = AT(sync),
     .words = sync_words, .what = "synchronisation", .refuse = not_one_sided,
     .help = "how an epoch is synchronised (flush)"},
    {.owner = &family_rma, .key = "win", .kind = SETTING_WORDS, .store = STORE_INT, .offset = AT(win),
     .words = win_words, .what = "window kind", .refuse = not_one_sided,
     .help = "how the window is made (create)"},
    {.owner = &family_rma, .key = "mode", .kind = SETTING_WORDS, .store = STORE_INT, .offset = AT(traffic),
     .words = traffic_words, .what = "one-sided mode", .refuse = not_one_sided,
     .help = "one operation at a time, a window, or a window each way (latency)"},
};

/* After all of a one-sided record's fields and settings: what MPI (and
 * the measurement) allows.  The reduction op, when there is one, must be
 * predefined. */
static void validate(const struct record *r, rule_report report, void *ctx)
{
    const struct call *c = r->call;
    if (call_has(c, CALL_ONE_ELEMENT) && (r->min != 1 || r->max != 1))
        report(ctx, r->col[F_MIN], "%s works on exactly one element: min and max "
               "must be 1", c->name);
    if (call_has(c, CALL_INTEGER_ONLY) && r->dt &&
        !(r->dt->cls & (TC_INT | TC_LOGICAL | TC_BYTE)))
        report(ctx, r->col[F_TYPE], "MPI_Compare_and_swap takes C integer, logical "
               "and byte types; %s is a %s type", r->dt->name, type_class_name(r->dt->cls));
    if (r->op && r->op->user)
        report(ctx, r->col[F_OP], "one-sided accumulates take predefined operations "
               "only; %s is user-defined", r->op->name);
    enum rma_sync sync = rma_settings(r)->sync;
    if (rma_request_based(c) && (sync == SYNC_FENCE || sync == SYNC_PSCW))
        report(ctx, r->col[F_CALL], "%s is request-based (its requests completed by "
               "MPI_Waitall), which MPI allows only in a passive-target epoch: sync=flush, "
               "flush_local, lock, lock_shared or lock_all, not sync=%s", c->name,
               sync == SYNC_FENCE ? "fence" : "pscw");
    if (r->window_col && rma_settings(r)->traffic == RMA_LATENCY)
        report(ctx, r->window_col, "window= applies to mode=bw and mode=bibw; "
               "mode=latency times one operation at a time");
}

/* mode=bw and mode=bibw stream window= operations; mode=latency one */
static int window(const struct record *r)
{
    return rma_settings(r)->traffic != RMA_LATENCY ? r->window : 1;
}

/* mode=bibw: a window each way */
static int legs(const struct record *r)
{
    int legs = r->call->legs > 0 ? r->call->legs : 1;
    return rma_settings(r)->traffic == RMA_BIBW ? 2 * legs : legs;
}

/* a pair type whose extent is more than its data (DOUBLE_INT: 12 in 16) */
static int padded_pair(const struct datatype *dt)
{
    if (!(dt->cls & TC_PAIR))
        return 0;
    MPI_Aint lb, extent;
    int size;
    MPI_Type_get_extent(dt->handle(), &lb, &extent);
    MPI_Type_size(dt->handle(), &size);
    return extent > size;
}

/* MPICH 4.0.2 (ch4:ucx) misplaces what reaches a window that MPI_Win_create
 * made over a base not a multiple of 16 bytes: a PUT of DOUBLE at stride=8
 * or 72 lands one element early, at 3 or 4 garbled, at 16, 32, 48, 64 and
 * 128 right (as its MPI_Win_allocate of such sizes, rma.c) */
int rma_create_defect(const struct record *r, const struct plan_facts *f, char *why,
                      size_t len)
{
    if (r->stride % 16 == 0 || !facts_library(f, "MPICH Version: 4.0"))
        return 0;
    snprintf(why, len, "MPICH 4.0 misplaces the operations on a window that "
             "MPI_Win_create made over a base not a multiple of 16 bytes (stride=%llu; "
             "a PUT of DOUBLE at stride=8 lands one element early); a stride that is a "
             "multiple of 16 runs", (unsigned long long)r->stride);
    return 1;
}

/* Open MPI 4.1.4's one-sided accumulates crash or compute wrong values on
 * pair types with padding: a bare MPI_Accumulate of MPI_DOUBLE_INT with
 * MPI_MAXLOC under fences segfaults (FLOAT_INT and 2INT work) */
static int skip(const struct record *r, const struct plan_facts *f, char *why, size_t len)
{
    if (r->op && padded_pair(r->dt) && facts_library(f, "Open MPI")) {
        snprintf(why, len, "Open MPI's one-sided accumulates break on the padded "
                 "pair type %s (a bare MPI_Accumulate of DOUBLE_INT with MAXLOC "
                 "crashes); FLOAT_INT and 2INT work", r->dt->name);
        return 1;
    }
    return rma_settings(r)->win == WIN_CREATE && rma_create_defect(r, f, why, len);
}

const struct family family_rma = {
    .name = "one-sided", .way = WAY_PAIRS, .per = "operation",
    .moves_data = 1, .always_windowed = 1, .bytes_per_us = BYTES_PER_US, .passes = 1,
    .settings = rows, .nsettings = sizeof rows / sizeof rows[0],
    .own_size = OWN_SIZE(struct rma_settings),
    .validate = validate, .skip = skip, .window = window, .legs = legs};

static const char *not_one_sided(const struct call *c)
{
    return c->family == &family_rma ? NULL : " is not one-sided";
}
