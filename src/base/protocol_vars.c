/* protocol_vars.c: the variables that set a library's protocol switches
 * (protocol_vars.h) */
#include "base/protocol_vars.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

extern char **environ;

/* what such a name holds, in any case: a size at which a protocol ends */
static const char *const marks[] = {"eager_max", "eager_limit", "eager_sz", "rndv_thresh",
                                    "rndv_eager_limit", "max_send_size", "rndv_limit",
                                    "eager_threshold", "rdma_threshold"};

/* the environment's libraries (output/library_settings.c records these) */
static const char *const libraries[] = {"UCX_", "MPIR_CVAR_", "MPICH_", "OMPI_MCA_", "FI_",
                                        "I_MPI_"};

static int a_library(const char *entry)
{
    for (size_t i = 0; i < sizeof libraries / sizeof libraries[0]; i++)
        if (strncmp(entry, libraries[i], strlen(libraries[i])) == 0)
            return 1;
    return 0;
}

static int holds_mark(const char *name, const char *mark)
{
    size_t m = strlen(mark);
    for (const char *p = name; *p; p++)
        if (strncasecmp(p, mark, m) == 0)
            return 1;
    return 0;
}

/* 1 when name is such a variable's */
static int protocol_var_name(const char *name)
{
    for (size_t i = 0; i < sizeof marks / sizeof marks[0]; i++)
        if (holds_mark(name, marks[i]))
            return 1;
    return 0;
}

double protocol_bytes(const char *value)
{
    char *end;
    if (!isdigit((unsigned char)value[0]))
        return NAN;
    double v = strtod(value, &end);
    switch (tolower((unsigned char)*end)) {
    case 'k': v *= 1024, end++; break;
    case 'm': v *= 1048576, end++; break;
    case 'g': v *= 1073741824, end++; break;
    default: break;
    }
    if (tolower((unsigned char)*end) == 'b')
        end++;
    return *end == '\0' ? v : NAN;
}

static void add(struct protocol_var *out, int most, int *n, const char *name, size_t len,
                const char *value, const char *source)
{
    if (*n < most) {
        struct protocol_var *v = &out[*n];
        snprintf(v->name, sizeof v->name, "%.*s", (int)len, name);
        snprintf(v->value, sizeof v->value, "%s", value);
        v->bytes = protocol_bytes(value);
        v->source = source;
    }
    (*n)++;
}

int protocol_vars(const struct name_value *cvars, int ncvars, struct protocol_var *out,
                  int most)
{
    int n = 0;
    for (int i = 0; i < ncvars; i++)
        if (protocol_var_name(cvars[i].name))
            add(out, most, &n, cvars[i].name, strlen(cvars[i].name), cvars[i].value, "cvar");
    for (char **e = environ; e && *e; e++) {
        const char *eq = strchr(*e, '=');
        char name[128];
        if (!eq || (size_t)(eq - *e) >= sizeof name || !a_library(*e))
            continue;
        snprintf(name, sizeof name, "%.*s", (int)(eq - *e), *e);
        if (protocol_var_name(name))
            add(out, most, &n, *e, (size_t)(eq - *e), eq + 1, "environment");
    }
    return n < most ? n : most;
}
