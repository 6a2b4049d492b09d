/* fuzz_input.c: libFuzzer target for the two parsers of user files, the
 * record parser and the --coords parser.  Beyond not crashing, what they
 * accept must hold together: a record without errors has every table
 * entry, an op MPI allows on its type, a size sequence that ends at max,
 * and a coordinate file without errors places every rank apart. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "input/coords.h"
#include "input/parser.h"
#include "registry/sizes.h"

#define RANKS 6

static void require(int ok)
{
    if (!ok)
        abort();
}

static void check_record(const struct record *r)
{
    require(r->call && r->dt && r->topo);
    require(r->min <= r->max && r->max <= MAX_ELEMENTS && r->stride <= MAX_STRIDE);
    require(r->step == STEP_ADD ? r->value >= 1 : r->value >= 2);
    /* an op MPI defines on the type, or CHAR taken as a 1-byte integer in
     * a collective reduction (the library's extension, asked at run time) */
    if (r->call->opk == OPK_REDUCTION)
        require(r->op && ((r->op->classes & r->dt->cls) ||
                          (r->dt->cls == TC_CHAR && (r->op->classes & TC_INT) &&
                           !r->op->user && r->call->family == &family_reduce)));
    if (r->call->opk == OPK_PATTERN)
        require(r->pattern != NULL);
    if (r->call->opk == OPK_PAIRS)
        require(r->pf != NULL);
    if (r->sizes && !r->sizes->read)
        return;                /* sizes=path: the plan reads it */
    uint64_t n = record_size_count(r);
    require(n >= 1 && n <= MAX_SIZES);
    static uint64_t sizes[MAX_SIZES];
    require(record_sizes(r, sizes, MAX_SIZES) == n);
    /* a range from min to max; a sizes= list within them */
    require(r->sizes ? sizes[0] >= r->min && sizes[n - 1] <= r->max
                     : sizes[0] == r->min && sizes[n - 1] == r->max);
    for (uint64_t i = 1; i < n; i++)
        require(sizes[i] > sizes[i - 1]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct recordset rs = {0};
    struct diag d;
    diag_init(&d, "fuzz.in");
    int errors = parse_records((const char *)data, size, &rs, &d);
    require(errors == d.count && d.kept <= DIAG_KEEP);
    require(errors > 0 || rs.n > 0);
    for (int i = 0; i < rs.n; i++)
        if (rs.rec[i].ok)
            check_record(&rs.rec[i]);
    recordset_free(&rs);
    diag_free(&d);

    int xyz[3 * RANKS];
    diag_init(&d, "fuzz.coords");
    if (parse_coords((const char *)data, size, RANKS, xyz, &d) == 0)
        for (int a = 0; a < RANKS; a++)
            for (int b = 0; b < a; b++)
                require(memcmp(&xyz[3 * a], &xyz[3 * b], 3 * sizeof *xyz) != 0);
    diag_free(&d);
    return 0;
}
