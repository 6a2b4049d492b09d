/* mpit.c: MPI_T control variables (MPI 3.0's tool interface): listing
 * them with their values, and setting one for a record */
#include "world/mpit.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/base.h"
#include "base/smpi.h"

/* the description's list of choices needs no MPI: every build has it */
static const char *word_before(const char *start, const char *end);

#if MPIGAUGE_SMPI
/* SimGrid's SMPI 3.32 has no tool interface (no MPI_T_* at all) */
int mpit_start(void) { return -1; }
void mpit_end(void) {}
int mpit_list(struct name_value **out) { *out = NULL; return 0; }
int mpit_resolve(const char *name, const char *value, struct cvar_set *out,
                 char *why, size_t len)
{
    (void)value;
    (void)out;
    snprintf(why, len, "SimGrid's SMPI has no MPI_T control variables (%s)", name);
    return -1;
}
int mpit_write(const struct cvar_set *s, int *was) { (void)s; (void)was; return -1; }
int mpit_restore(int index, int was) { (void)index; (void)was; return -1; }
#else
static int started;

int mpit_start(void)
{
    int provided;
    if (!started && MPI_T_init_thread(MPI_THREAD_SINGLE, &provided) == MPI_SUCCESS)
        started = 1;
    return started ? 0 : -1;
}

void mpit_end(void)
{
    if (started)
        MPI_T_finalize();
    started = 0;
}

struct info {
    char name[128], desc[2048];
    MPI_Datatype type;
    MPI_T_enum en;
    int bind, scope;
};

static int info_of(int i, struct info *f)
{
    int nl = sizeof f->name, dl = sizeof f->desc, verbosity;
    f->desc[0] = 0;
    return MPI_T_cvar_get_info(i, f->name, &nl, &verbosity, &f->type, &f->en,
                               f->desc, &dl, &f->bind, &f->scope);
}

/* an enumerator's name for v, or NULL */
static const char *enum_name(MPI_T_enum en, int v, char *out, int len)
{
    int num, nl = len;
    char ename[128];
    if (en == MPI_T_ENUM_NULL || MPI_T_enum_get_info(en, &num, ename, &nl) != MPI_SUCCESS)
        return NULL;
    for (int k = 0; k < num; k++) {
        int value, l = len;
        if (MPI_T_enum_get_item(en, k, &value, out, &l) == MPI_SUCCESS && value == v)
            return out;
    }
    return NULL;
}

/* one variable's value as text; 0, or -1 when it cannot be read so */
static int value_text(int i, const struct info *f, char *out, size_t len)
{
    MPI_T_cvar_handle h;
    int count;
    if (f->bind != MPI_T_BIND_NO_OBJECT ||
        MPI_T_cvar_handle_alloc(i, NULL, &h, &count) != MPI_SUCCESS)
        return -1;
    int rc = -1;
    union { int i; unsigned u; unsigned long ul; unsigned long long ull; double d; } v;
    char s[160], en[128];
    if (f->type == MPI_CHAR && count > 0 && count < (int)sizeof s) {
        memset(s, 0, sizeof s);
        rc = MPI_T_cvar_read(h, s) == MPI_SUCCESS ? 0 : -1;
        snprintf(out, len, "%s", s);
    } else if (count == 1 && MPI_T_cvar_read(h, &v) == MPI_SUCCESS) {
        rc = 0;
        if (f->type == MPI_INT && enum_name(f->en, v.i, en, sizeof en))
            snprintf(out, len, "%s", en);
        else if (f->type == MPI_INT)
            snprintf(out, len, "%d", v.i);
        else if (f->type == MPI_UNSIGNED)
            snprintf(out, len, "%u", v.u);
        else if (f->type == MPI_UNSIGNED_LONG)
            snprintf(out, len, "%lu", v.ul);
        else if (f->type == MPI_UNSIGNED_LONG_LONG)
            snprintf(out, len, "%llu", v.ull);
        else if (f->type == MPI_DOUBLE)
            snprintf(out, len, "%g", v.d);
        else
            rc = -1;
    }
    MPI_T_cvar_handle_free(&h);
    return rc;
}

int mpit_list(struct name_value **out)
{
    int n = 0, kept = 0;
    *out = NULL;
    if (!started || MPI_T_cvar_get_num(&n) != MPI_SUCCESS || n <= 0)
        return 0;
    *out = xcalloc((size_t)n, sizeof **out);
    for (int i = 0; i < n; i++) {
        struct info f;
        if (info_of(i, &f) != MPI_SUCCESS)
            continue;
        struct name_value *c = &(*out)[kept];
        if (value_text(i, &f, c->value, sizeof c->value) == 0) {
            snprintf(c->name, sizeof c->name, "%s", f.name);
            kept++;
        }
    }
    return kept;
}

/* value as the variable's integer: a number, an enumerator, a choice */
static int value_of(const struct info *f, const char *value, int *v)
{
    char *end;
    long l = strtol(value, &end, 10);
    if (*value && !*end) {
        *v = (int)l;
        return l == (long)*v ? 0 : -1;
    }
    int num, nl = 128;
    char ename[128];
    if (f->en != MPI_T_ENUM_NULL && MPI_T_enum_get_info(f->en, &num, ename, &nl) == MPI_SUCCESS)
        for (int k = 0; k < num; k++) {
            int l2 = sizeof ename;
            if (MPI_T_enum_get_item(f->en, k, v, ename, &l2) == MPI_SUCCESS &&
                strcmp(ename, value) == 0)
                return 0;
        }
    *v = mpit_choice_in(f->desc, value);
    return *v >= 0 ? 0 : -1;
}

/* 0 when v is a value MPI_T vouches for: one of the variable's
 * enumerators (Open MPI), or for a variable whose description lists its
 * choices (MPICH: "auto - ..., nb - ...") the index of one of them; else
 * -1, the accepted values in why.  A plain int (no enumeration, no list)
 * has no range MPI_T can tell: any int passes (docs/input.md says what
 * that leaves open). */
static int value_vouched(const char *name, const struct info *f, int v, char *why,
                         size_t len)
{
    int num, nl = 128;
    char ename[128];
    if (f->en != MPI_T_ENUM_NULL && MPI_T_enum_get_info(f->en, &num, ename, &nl) == MPI_SUCCESS) {
        size_t at = (size_t)snprintf(why, len, "%s takes one of its MPI_T enumerators, "
                                     "not %d; accepted:", name, v);
        for (int k = 0; k < num; k++) {
            int item, l = sizeof ename;
            if (MPI_T_enum_get_item(f->en, k, &item, ename, &l) != MPI_SUCCESS)
                continue;
            if (item == v)
                return 0;
            if (at < len)
                at += (size_t)snprintf(why + at, len - at, " %s (%d)", ename, item);
        }
        return -1;
    }
    int n = mpit_choice_count(f->desc);
    if (n == 0 || (v >= 0 && v < n))
        return 0;
    snprintf(why, len, "%s takes 0 to %d (the %d choices its description lists, in "
             "order) or their names, not %d; the library would stop the job on "
             "another (its description: %.300s)", name, n - 1, n, v, f->desc);
    return -1;
}

int mpit_resolve(const char *name, const char *value, struct cvar_set *out,
                 char *why, size_t len)
{
    struct info f;
    if (!started) {
        snprintf(why, len, "this MPI library has no MPI_T control variables");
        return -1;
    }
    if (MPI_T_cvar_get_index(name, &out->index) != MPI_SUCCESS ||
        info_of(out->index, &f) != MPI_SUCCESS) {
        snprintf(why, len, "this MPI library has no control variable %s "
                 "(run.json's settings.cvars lists those it has)", name);
        return -1;
    }
    if (f.scope == MPI_T_SCOPE_CONSTANT || f.scope == MPI_T_SCOPE_READONLY) {
        snprintf(why, len, "%s cannot be set at run time (MPI_T scope %s): set it "
                 "in the environment before MPI starts", name,
                 f.scope == MPI_T_SCOPE_CONSTANT ? "constant" : "read-only");
        return -1;
    }
    if (f.bind != MPI_T_BIND_NO_OBJECT || f.type != MPI_INT) {
        snprintf(why, len, "%s is not one integer of the whole process (it is "
                 "bound to an MPI object or not an int): mpigauge sets only those", name);
        return -1;
    }
    if (value_of(&f, value, &out->value) != 0) {
        snprintf(why, len, "%s takes an integer or one of the names its description "
                 "lists, not '%s' (its description: %.300s)", name, value, f.desc);
        return -1;
    }
    return value_vouched(name, &f, out->value, why, len);
}

int mpit_write(const struct cvar_set *s, int *was)
{
    MPI_T_cvar_handle h;
    int count, rc = MPI_T_cvar_handle_alloc(s->index, NULL, &h, &count);
    if (rc != MPI_SUCCESS)
        return rc;
    rc = MPI_T_cvar_read(h, was);
    if (rc == MPI_SUCCESS)
        rc = MPI_T_cvar_write(h, &s->value);
    int now = s->value;        /* read back: the library kept what it was given */
    if (rc == MPI_SUCCESS && MPI_T_cvar_read(h, &now) == MPI_SUCCESS && now != s->value)
        rc = MPIT_NOT_KEPT;
    MPI_T_cvar_handle_free(&h);
    return rc;
}

int mpit_restore(int index, int was)
{
    struct cvar_set s = {index, was};
    int ignored;
    return mpit_write(&s, &ignored);
}
#endif

/* the run of name characters that ends right before end */
static const char *word_before(const char *start, const char *end)
{
    const char *k = end;
    while (k > start && (k[-1] == '_' || (k[-1] >= 'a' && k[-1] <= 'z') ||
                         (k[-1] >= 'A' && k[-1] <= 'Z') || (k[-1] >= '0' && k[-1] <= '9')))
        k--;
    return k;
}

int mpit_choice_count(const char *desc)
{
    int n = 0;
    for (const char *p = strstr(desc, " - "); p; p = strstr(p + 3, " - ")) {
        const char *end = p;
        while (end > desc && end[-1] == ' ')
            end--;
        if (word_before(desc, end) < end)
            n++;
    }
    return n;
}

int mpit_choice_in(const char *desc, const char *value)
{
    size_t vl = strlen(value);
    int n = 0, exact = -1, suffix = -1, suffixes = 0;
    for (const char *p = strstr(desc, " - "); p; p = strstr(p + 3, " - ")) {
        const char *end = p;
        while (end > desc && end[-1] == ' ')
            end--;
        const char *k = word_before(desc, end);
        size_t wl = (size_t)(end - k);
        if (wl == 0)
            continue;
        /* MPICH's text loses its newlines: a name is glued to the end of
         * the line before ("algorithmauto"), so a name may be a suffix, but
         * not one that begins after an underscore ("allgather" is not
         * "reduce_scatter_allgather") */
        if (wl == vl && strncmp(k, value, vl) == 0 && exact < 0)
            exact = n;
        else if (wl > vl && strncmp(end - vl, value, vl) == 0 && *(end - vl - 1) != '_') {
            suffix = n;
            suffixes++;
        }
        n++;
    }
    return exact >= 0 ? exact : suffixes == 1 ? suffix : -1;
}
