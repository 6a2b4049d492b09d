/* names.c: how a name in a record matches a table entry */
#include "registry.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

static int fold(int c)
{
    return c == '-' ? '_' : toupper(c);
}

/* Case-insensitive, '-' and '_' alike, an optional MPI_ prefix (and
 * MPI_COMM_ for topologies, so MPI_COMM_WORLD names WORLD). */
int name_matches(const char *input, const char *canonical)
{
    if (strncasecmp(input, "MPI_", 4) == 0) {
        input += 4;
        if (strncasecmp(input, "COMM_", 5) == 0 &&
            strncasecmp(canonical, "COMM", 4) != 0)
            input += 5;
    }
    while (*input && *canonical) {
        if (fold((unsigned char)*input) != fold((unsigned char)*canonical))
            return 0;
        input++;
        canonical++;
    }
    return *input == 0 && *canonical == 0;
}
