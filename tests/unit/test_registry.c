/* test_registry.c: names, and MPI's table of which ops apply to which
 * type classes, checked entry by entry */
#include <string.h>

#include "input/diag.h"
#include "kernels/device.h"
#include "registry/registry.h"
#include "unit.h"

static int allowed(const char *op, const char *type)
{
    return (((const struct op *)table_find(&op_table, op))->classes & ((const struct datatype *)table_find(&datatype_table, type))->cls) != 0;
}

/* The mode axis against what each row does: a call named I... is
 * non-blocking (MPI's own naming), one named ..._INIT persistent and no
 * other (SESSION_INIT makes a session: blocking); a call that streams a
 * window of MPI_Isend, or a one-sided operation, is non-blocking unless it
 * is persistent (as are IMB's EXCHANGE, PINGPING and HALO, which post
 * their sends and receives, and the one-sided patterns); a call that posts for the overlap loop is non-blocking,
 * one that makes its request once persistent; partitioned calls start a
 * request made once a pair. */
static void modes(void)
{
    const struct call *c;
    int seen[NMODES] = {0};
    for (size_t i = 0; (c = table_row(&call_table, i)); i++) {
        size_t n = strlen(c->name);
        /* MPI's I prefix: IBCAST, and the I/O calls' FILE_IWRITE ... */
        int i_name = (c->name[0] == 'I' && c->family != &family_objects) ||
                     strncmp(c->name, "FILE_I", 6) == 0;
        int init_name = n > 5 && strcmp(c->name + n - 5, "_INIT") == 0 &&
                        c->family != &family_objects;
        /* IMB's names: EXCHANGE, PINGPING and HALO post their messages
         * (MPI_Isend, MPI_Irecv) and wait for them; PUT_ONE_TO_ALL and
         * PUT_ALL_TO_ALL are one-sided operations */
        static const char *const imb[] = {"EXCHANGE", "PINGPING", "HALO",
                                          "PUT_ONE_TO_ALL", "PUT_ALL_TO_ALL"};
        int named = 0;
        for (size_t k = 0; k < sizeof imb / sizeof *imb; k++)
            named |= strcmp(c->name, imb[k]) == 0;
        int streams = call_has(c, CALL_WINDOWED) || c->family->always_windowed || named;
        CHECK(!i_name || c->mode == MODE_NONBLOCKING);
        CHECK((c->mode == MODE_PERSISTENT) == init_name);
        /* a partitioned call (PSEND, PBW, PMSGRATE) is named P...; its
         * window streams partitioned requests, not non-blocking ones */
        int partitioned = c->mode == MODE_PARTITIONED;
        CHECK(!partitioned || c->name[0] == 'P');
        CHECK((c->mode == MODE_NONBLOCKING) ==
              (i_name || (streams && !init_name && !partitioned)));
        CHECK(!c->post || c->mode == MODE_NONBLOCKING);
        CHECK(!c->init || c->mode == MODE_PERSISTENT);
        CHECK(c->mode != MODE_PARTITIONED || c->pair);
        if ((unsigned)c->mode < NMODES)
            seen[c->mode]++;
        else
            CHECK(!"a mode out of range");
    }
    for (int m = 0; m < NMODES; m++)
        CHECK(seen[m] > 0);
    CHECK(strcmp(call_mode_name((enum call_mode)NMODES), "?") == 0);
}

/* the calls that take mem= (CALL_DEVICE) are exactly those with a
 * staging (a row, or the whole buffers), every row names one of them,
 * and those whose sides may differ (CALL_DEVICE_PAIR) stage in their own
 * loop (so do BW_MT and MSGRATE_MT, whose threads stage their own slots); a staging's spans for a 3-rank
 * communicator: rank 0 the root of a rooted call */
static void stagings(void)
{
    const struct call *c;
    int n = 0, rows = 0;
    for (size_t i = 0; (c = table_row(&call_table, i)); i++) {
        const struct staging *st = call_staging(c);
        CHECK(call_has(c, CALL_DEVICE) == (st != NULL));
        CHECK(!call_has(c, CALL_DEVICE_PAIR) || (st && st->in_loop));
        CHECK(!call_staging_row(c->name) || call_has(c, CALL_DEVICE));
        n += st != NULL;
        rows += call_staging_row(c->name) != NULL;
    }
    CHECK(n == 124);     /* every call that moves data but those docs/devices.md names */
    CHECK(rows == 42);
    CHECK(call_staging_row("NO_SUCH_CALL") == NULL);
    struct record r = {0};
    r.call = table_find(&call_table, "GATHER");
    struct kernel k = {0};
    k.rec = &r;
    k.size = 3;
    k.count = 5;
    struct stage_span s = {0, 0, 0, 0};
    k.rank = 0;
    call_staging(r.call)->spans(&k, &s);
    CHECK(s.out == 5 && s.in == 15 && !s.in_send);
    k.rank = 1;
    call_staging(r.call)->spans(&k, &s);
    CHECK(s.out == 5 && s.in == 0);
    r.call = table_find(&call_table, "BCAST");
    call_staging(r.call)->spans(&k, &s);
    CHECK(s.out == 0 && s.in == 5 && s.in_send);
    /* no row: both buffers whole (ALLGATHERV: n and a ramp summing to
     * at most n p), both ways */
    r.call = table_find(&call_table, "ALLGATHERV");
    size_t send, recv;
    r.call->buffers(3, 5, &send, &recv);
    s = (struct stage_span){0, 0, 0, 0};
    call_staging(r.call)->spans(&k, &s);
    CHECK(s.whole && s.out == send && s.in == recv && !s.in_send);
    /* BW: the initiator's window out, nothing in; the responder's in */
    r.call = table_find(&call_table, "BW");
    r.window = 4;
    k.initiator = 1;
    s = (struct stage_span){0, 0, 0, 0};
    call_staging(r.call)->spans(&k, &s);
    CHECK(s.out == 20 && s.in == 0 && !s.whole);
    k.initiator = 0;
    call_staging(r.call)->spans(&k, &s);
    CHECK(s.out == 0 && s.in == 20);
}

void test_registry(void)
{
    modes();
    stagings();
    CHECK(name_matches("mpi_allreduce", "ALLREDUCE"));
    CHECK(name_matches("MPI_COMM_WORLD", "WORLD"));
    CHECK(name_matches("x_line", "X-LINE"));
    CHECK(!name_matches("ALLREDUCEX", "ALLREDUCE"));
    CHECK(!name_matches("ALL", "ALLREDUCE"));
    CHECK(((const struct datatype *)table_find(&datatype_table, "MPI_LONG_LONG_INT")) == ((const struct datatype *)table_find(&datatype_table, "LONG_LONG")));
    CHECK(((const struct datatype *)table_find(&datatype_table, "mpi_2int")) != NULL);

    /* MPI 4.0 section 6.9.2 */
    const char *ints[] = {"SIGNED_CHAR", "UNSIGNED_CHAR", "SHORT", "INT", "LONG",
                          "LONG_LONG", "UNSIGNED", "UNSIGNED_LONG"};
    const char *all_ops[] = {"SUM", "PROD", "MAX", "MIN", "LAND", "LOR", "LXOR",
                             "BAND", "BOR", "BXOR"};
    for (size_t i = 0; i < sizeof ints / sizeof *ints; i++)
        for (size_t k = 0; k < sizeof all_ops / sizeof *all_ops; k++)
            CHECK(allowed(all_ops[k], ints[i]));
    const char *floats[] = {"FLOAT", "DOUBLE", "LONG_DOUBLE"};
    for (size_t i = 0; i < 3; i++) {
        CHECK(allowed("SUM", floats[i]) && allowed("PROD", floats[i]));
        CHECK(allowed("MAX", floats[i]) && allowed("MIN", floats[i]));
        CHECK(!allowed("LAND", floats[i]) && !allowed("BAND", floats[i]));
        CHECK(!allowed("BXOR", floats[i]) && !allowed("MAXLOC", floats[i]));
    }
    CHECK(allowed("SUM", "C_DOUBLE_COMPLEX") && allowed("PROD", "C_FLOAT_COMPLEX"));
    CHECK(!allowed("MAX", "C_DOUBLE_COMPLEX") && !allowed("LOR", "C_FLOAT_COMPLEX"));
    CHECK(allowed("BAND", "BYTE") && allowed("BXOR", "BYTE"));
    CHECK(!allowed("SUM", "BYTE") && !allowed("LAND", "BYTE"));
    CHECK(allowed("LAND", "C_BOOL") && !allowed("SUM", "C_BOOL"));
    const char *pairs[] = {"FLOAT_INT", "DOUBLE_INT", "LONG_INT", "2INT",
                           "SHORT_INT", "LONG_DOUBLE_INT"};
    for (size_t i = 0; i < 6; i++) {
        CHECK(allowed("MAXLOC", pairs[i]) && allowed("MINLOC", pairs[i]));
        CHECK(!allowed("SUM", pairs[i]) && !allowed("MAX", pairs[i]));
    }
    for (size_t k = 0; k < sizeof all_ops / sizeof *all_ops; k++)
        CHECK(!allowed(all_ops[k], "CHAR") && !allowed(all_ops[k], "STRUCT"));
    /* MPI 4.0 section 12.3.4: MPI_REPLACE and MPI_NO_OP on any predefined
     * type (CHAR left to the reductions' probe), in one-sided calls only,
     * MPI_NO_OP in the fetching ones */
    const char *any[] = {"INT", "DOUBLE", "C_DOUBLE_COMPLEX", "BYTE", "C_BOOL",
                         "DOUBLE_INT", "UNSIGNED_LONG"};
    for (size_t i = 0; i < sizeof any / sizeof *any; i++)
        CHECK(allowed("REPLACE", any[i]) && allowed("NO_OP", any[i]));
    CHECK(!allowed("REPLACE", "CHAR") && !allowed("NO_OP", "STRUCT"));
    const struct op *replace = table_find(&op_table, "MPI_REPLACE");
    const struct op *no_op = table_find(&op_table, "NO_OP");
    CHECK(replace && no_op && replace->needs == CALL_REPLACE_OP && no_op->needs == CALL_NO_OP);
    const char *takes[][2] = {{"ACCUMULATE", "1"}, {"RACCUMULATE", "1"},
                              {"GET_ACCUMULATE", "2"}, {"RGET_ACCUMULATE", "2"},
                              {"FETCH_AND_OP", "2"}, {"ALLREDUCE", "0"}, {"PUT", "0"},
                              {"COMPARE_AND_SWAP", "0"}, {"REDUCE", "0"}};
    for (size_t i = 0; i < sizeof takes / sizeof *takes; i++) {
        const struct call *c = table_find(&call_table, takes[i][0]);
        int n = takes[i][1][0] - '0';
        CHECK(c && call_has(c, CALL_REPLACE_OP) == (n >= 1) && call_has(c, CALL_NO_OP) == (n == 2));
    }

    /* every entry of every table is found by its own name */
    const struct table *tables[] = {&call_table, &datatype_table, &op_table,
                                    &pattern_table, &topology_table,
                                    &pair_filter_table};
    for (size_t t = 0; t < sizeof tables / sizeof *tables; t++) {
        size_t n = table_count(tables[t]);
        CHECK(n >= tables[t]->n && n > 0 && table_row(tables[t], n) == NULL &&
              table_row(tables[t], n - 1) != NULL);
        for (size_t i = 0; i < n; i++)
            CHECK(table_find(tables[t], table_name(tables[t], i)) ==
                  table_row(tables[t], i));
    }

    const char *cands[] = {"ALLREDUCE", "REDUCE", "ALLGATHER"};
    CHECK(strcmp(suggest("ALLREDUSE", cands, 3), "ALLREDUCE") == 0);
    CHECK(strcmp(suggest("mpi_reduc", cands, 3), "REDUCE") == 0);
    CHECK(suggest("WORLD", cands, 3) == NULL);
}
