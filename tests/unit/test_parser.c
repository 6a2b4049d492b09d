/* test_parser.c: the record format, every accepted form and every
 * rejection the contract lists */
#include <string.h>

#include "input/parser.h"
#include "kernels/p2p_partitioned.h"
#include "kernels/rma.h"
#include "input/settings_walk.h"
#include "registry/settings.h"
#include "unit.h"

struct outcome {
    struct recordset rs;
    struct diag d;
    int errors;
};

static void parse(struct outcome *o, const char *text, size_t len)
{
    memset(o, 0, sizeof *o);
    diag_init(&o->d, "t.in");
    o->errors = parse_records(text, len, &o->rs, &o->d);
}

static void done(struct outcome *o)
{
    recordset_free(&o->rs);
    diag_free(&o->d);
}

/* one error, whose message starts with prefix and contains part */
static int rejects(const char *text, const char *prefix, const char *part)
{
    struct outcome o;
    parse(&o, text, strlen(text));
    int ok = o.errors >= 1 && o.d.kept >= 1 &&
             strncmp(o.d.msg[0], prefix, strlen(prefix)) == 0 &&
             strstr(o.d.msg[0], part) != NULL;
    if (!ok)
        fprintf(stderr, "  input %-50.50s gave: %s\n", text,
                o.d.kept ? o.d.msg[0] : "(no error)");
    done(&o);
    return ok;
}

/* past 2^31-1 elements: the calls with MPI 4's _c functions, in a build
 * whose MPI has them; every other call, and every call without them,
 * keeps the int limit */
static void large_counts(void)
{
    struct outcome o;
    const char *text = "SEND CHAR 2147483648 2147483648 MUL 2 WORLD NOP 0\n";
    parse(&o, text, strlen(text));
    if (HAVE_MPI4)
        CHECK(o.errors == 0 && o.rs.n == 1 && o.rs.rec[0].max == 2147483648ULL);
    else
        CHECK(o.errors >= 1 && o.d.kept >= 1 && strstr(o.d.msg[0], "at most 2147483647"));
    done(&o);
    CHECK(rejects("SEND CHAR 1 2199023255553 MUL 2 WORLD NOP 0\n", "t.in:1:13:",
                  "too large"));
    CHECK(rejects("SEND_INIT CHAR 1 2147483648 MUL 2 WORLD NOP 0\n", "t.in:1:18:",
                  "at most 2147483647"));
}

/* recv=, partitions=, complete= */
static void p2p_record_settings(void)
{
    struct outcome o;
    const char *text = "SEND INT 1 8 MUL 2 WORLD NOP 0 recv=any_source\n"
                       "BW INT 1 8 MUL 2 WORLD NOP 0 recv=any_tag\n"
                       "MSGRATE INT 1 8 MUL 2 WORLD NOP 0 recv=any\n"
                       "PSEND INT 64 4096 MUL 2 WORLD NOP 0 partitions=64 complete=parrived\n"
                       "PSEND INT 1 8 MUL 2 WORLD NOP 0\n";
    parse(&o, text, strlen(text));
    CHECK(o.errors == 0 && o.rs.n == 5);
    if (o.rs.n == 5) {
        CHECK(o.rs.rec[0].recv == RECV_ANY_SOURCE);
        CHECK(o.rs.rec[1].recv == RECV_ANY_TAG);
        CHECK(o.rs.rec[2].recv == (RECV_ANY_SOURCE | RECV_ANY_TAG));
        CHECK(p2p_settings(&o.rs.rec[3])->partitions == 64 &&
              p2p_settings(&o.rs.rec[3])->parrived == 1);
        CHECK(p2p_settings(&o.rs.rec[4])->partitions == 1 &&
              p2p_settings(&o.rs.rec[4])->parrived == 0 &&
              o.rs.rec[4].recv == RECV_NAMED);
    }
    done(&o);
    CHECK(rejects("BCAST INT 1 8 MUL 2 WORLD NOP 0 recv=any\n", "t.in:1:33:",
                  "recv= applies to the point-to-point"));
    CHECK(rejects("PUT INT 1 8 MUL 2 WORLD NOP 0 recv=any\n", "t.in:1:31:",
                  "recv= applies"));
    CHECK(rejects("SEND INT 1 8 MUL 2 WORLD NOP 0 recv=anyone\n", "t.in:1:37:",
                  "unknown receive matching 'anyone'"));
    CHECK(rejects("PSEND INT 4 8 MUL 2 WORLD NOP 0 recv=any\n", "t.in:1:33:",
                  "MPI_Precv_init"));
    CHECK(rejects("SEND INT 1 8 MUL 2 WORLD NOP 0 partitions=4\n", "t.in:1:32:",
                  "partitions= applies to PSEND"));
    CHECK(rejects("SEND INT 1 8 MUL 2 WORLD NOP 0 complete=wait\n", "t.in:1:32:",
                  "complete= applies to PSEND"));
    CHECK(rejects("PSEND INT 4 8 MUL 2 WORLD NOP 0 partitions=0\n", "t.in:1:44:",
                  "at least 1"));
    CHECK(rejects("PSEND INT 4 8 MUL 2 WORLD NOP 0 partitions=65537\n", "t.in:1:44:",
                  "too large"));
    CHECK(rejects("PSEND INT 4 8 MUL 2 WORLD NOP 0 partitions=x\n", "t.in:1:44:",
                  "not a number"));
    CHECK(rejects("PSEND INT 4 8 MUL 2 WORLD NOP 0 complete=poll\n", "t.in:1:42:",
                  "unknown completion 'poll'"));
    CHECK(rejects("PSEND INT 4 64 ADD 6 WORLD NOP 0 partitions=4\n", "t.in:1:11:",
                  "measures 10 elements"));
    CHECK(rejects("PSEND INT 0 64 MUL 2 WORLD NOP 0 partitions=2\n", "t.in:1:11:",
                  "measures 1 elements"));
}

static void accepted_forms(void)
{
    struct outcome o;
    const char *text =
        "# a comment line\n"
        "\n"
        "  mpi_allreduce\tMPI_DOUBLE 1 65536 mul 4 MPI_COMM_WORLD mpi_sum 0 # end\r\n"
        "SEND CHAR 0 4096 ADD 512 world DETAIL 1\r\n"
        "BCAST int 1 8 MUL 2 X_LINE NOP 3 root=1 iters=50 warmup=0\n"
        "BARRIER INT 0 0 ADD 1 WORLD MPI 0";   /* no final newline */
    parse(&o, text, strlen(text));
    CHECK(o.errors == 0);
    CHECK(o.rs.n == 4);
    if (o.rs.n == 4) {
        struct record *r = o.rs.rec;
        CHECK(r[0].line == 3);
        CHECK(strcmp(r[0].call->name, "ALLREDUCE") == 0);
        CHECK(strcmp(r[0].dt->name, "DOUBLE") == 0);
        CHECK(r[0].min == 1 && r[0].max == 65536 && r[0].step == STEP_MUL &&
              r[0].value == 4);
        CHECK(strcmp(r[0].topo->name, "WORLD") == 0);
        CHECK(r[0].op && strcmp(r[0].op->name, "SUM") == 0);
        CHECK(r[0].col[F_CALL] == 3 && r[0].col[F_TYPE] == 17);
        CHECK(strchr(r[0].text, '#') == NULL);
        CHECK(r[1].pairs == PAIRS_DETAIL && r[1].stride == 1 && r[1].min == 0);
        CHECK(strcmp(r[2].topo->name, "X-LINE") == 0);
        CHECK(r[2].root == 1 && r[2].iters == 50 && r[2].warmup == 0);
        CHECK(r[2].stride == 3);
        CHECK(r[3].pattern && strcmp(r[3].pattern->name, "MPI") == 0);
        CHECK(r[3].iters == -1 && r[3].warmup == -1);
    }
    done(&o);
}

static void rejections(void)
{
    CHECK(rejects("ALLREDUSE DOUBLE 1 2 MUL 2 WORLD SUM 0\n", "t.in:1:1:",
                  "did you mean ALLREDUCE?"));
    CHECK(rejects("SEND DUBLE 1 2 MUL 2 WORLD NOP 0\n", "t.in:1:6:",
                  "did you mean DOUBLE?"));
    CHECK(rejects("SEND INT 1 2 MUL 2 WORDL NOP 0\n", "t.in:1:20:",
                  "did you mean WORLD?"));
    CHECK(rejects("ALLREDUCE INT 1 2 MUL 2 WORLD SUMM 0\n", "t.in:1:31:",
                  "did you mean SUM?"));
    CHECK(rejects("FOO INT 1 2 MUL 2 WORLD NOP 0\n", "t.in:1:1:", "accepted: SEND"));
    CHECK(rejects("SEND INT 1 2 POW 2 WORLD NOP 0\n", "t.in:1:14:", "ADD MUL"));
    CHECK(rejects("SEND INT 9 2 MUL 2 WORLD NOP 0\n", "t.in:1:10:",
                  "min 9 is larger than max 2"));
    CHECK(rejects("SEND INT -1 2 MUL 2 WORLD NOP 0\n", "t.in:1:10:", "negative"));
    CHECK(rejects("SEND INT 1 1k MUL 2 WORLD NOP 0\n", "t.in:1:12:", "not a number"));
    CHECK(rejects("SEND INT 1 2.5 MUL 2 WORLD NOP 0\n", "t.in:1:12:", "not a number"));
    CHECK(rejects("SEND INT 1 99999999999999999999999 MUL 2 WORLD NOP 0\n",
                  "t.in:1:12:", "too large"));
    CHECK(rejects("BSEND INT 1 2147483648 MUL 2 WORLD NOP 0\n", "t.in:1:13:",
                  "too large (at most 2147483647)"));
    /* the v-forms keep int counts (their layouts are int arrays) */
    CHECK(rejects("GATHERV INT 1 2147483648 MUL 2 WORLD NOP 0\n", "t.in:1:15:",
                  "too large (at most 2147483647)"));
    CHECK(rejects("SEND INT 1 8 MUL 1 WORLD NOP 0\n", "t.in:1:18:",
                  "MUL value must be at least 2"));
    CHECK(rejects("SEND INT 1 8 ADD 0 WORLD NOP 0\n", "t.in:1:18:",
                  "ADD value must be at least 1"));
    CHECK(rejects("SEND INT 1 8 MUL 2 WORLD\n", "t.in:1:26:", "missing field 'op'"));
    CHECK(rejects("SEND\n", "t.in:1:6:", "missing field 'datatype'"));
    CHECK(rejects("SEND INT 1 8 MUL 2 WORLD NOP 0 extra\n", "t.in:1:32:",
                  "extra field 'extra'"));
    CHECK(rejects("SEND INT 1 8 MUL 2 WORLD NOP 0 colour=red\n", "t.in:1:32:",
                  "unknown setting"));
    CHECK(rejects("SEND INT 1 8 MUL 2 WORLD NOP 0 root=1\n", "t.in:1:32:",
                  "SEND has no root"));
    CHECK(rejects("BCAST INT 1 8 MUL 2 WORLD NOP 0 iters=0\n", "t.in:1:",
                  "iters must be at least 1"));
    CHECK(rejects("SEND INT 1 8 MUL 2 WORLD NOP 5000\n", "t.in:1:30:", "too large"));
    CHECK(rejects("SEND INT 0 2147483647 ADD 1 WORLD NOP 0\n", "t.in:1:27:",
                  "2147483648 sizes from 0 to 2147483647 by ADD 1: at most 10000"));
    CHECK(rejects("", "t.in:", "no records"));
    CHECK(rejects("# only a comment\n\n   \t\n", "t.in:", "no records"));
    CHECK(rejects("SEND INT 1 8\x01 MUL 2 WORLD NOP 0\n", "t.in:1:13:", "control byte"));
    CHECK(rejects("SEND INT \xc3\xa9 8 MUL 2 WORLD NOP 0\n", "t.in:1:10:", "non-ASCII"));
    /* forbidden by MPI's table of ops and type classes */
    CHECK(rejects("ALLREDUCE FLOAT 1 8 MUL 2 WORLD BAND 0\n", "t.in:1:33:",
                  "MPI does not define BAND on FLOAT"));
    CHECK(rejects("ALLREDUCE INT 1 8 MUL 2 WORLD MAXLOC 0\n", "t.in:1:31:",
                  "MAXLOC on INT"));
    CHECK(rejects("ALLREDUCE 2INT 1 8 MUL 2 WORLD SUM 0\n", "t.in:1:", "SUM on 2INT"));
    CHECK(rejects("REDUCE CHAR 1 8 MUL 2 WORLD MINLOC 0\n", "t.in:1:", "SIGNED_CHAR"));
    CHECK(rejects("REDUCE C_FLOAT_COMPLEX 1 8 MUL 2 WORLD MAX 0\n", "t.in:1:",
                  "MAX on C_FLOAT_COMPLEX"));
    CHECK(rejects("REDUCE DOUBLE 1 8 MUL 2 WORLD LAND 0\n", "t.in:1:", "LAND on DOUBLE"));
    CHECK(rejects("REDUCE BYTE 1 8 MUL 2 WORLD SUM 0\n", "t.in:1:", "SUM on BYTE"));
    CHECK(rejects("REDUCE VECTOR 1 8 MUL 2 WORLD SUM 0\n", "t.in:1:", "SUM on VECTOR"));
    CHECK(rejects("REDUCE DOUBLE 1 8 MUL 2 WORLD CPROD 0\n", "t.in:1:", "CPROD on DOUBLE"));
    /* an op on a call that takes none, and the other op kinds */
    CHECK(rejects("BCAST INT 1 8 MUL 2 WORLD SUM 0\n", "t.in:1:27:",
                  "BCAST takes no operation"));
    CHECK(rejects("SEND INT 1 8 MUL 2 WORLD SUM 0\n", "t.in:1:26:",
                  "unknown point-to-point op"));
    CHECK(rejects("BARRIER INT 0 0 ADD 1 WORLD NOP 0\n", "t.in:1:29:",
                  "unknown barrier pattern"));
}

/* streaming and one-sided settings, and what MPI allows one-sided calls */
static void one_sided(void)
{
    struct outcome o;
    const char *text =
        "PUT DOUBLE 1 8 MUL 2 WORLD DETAIL:CROSS-NODE 0 sync=pscw win=dynamic "
        "mode=bibw window=8\n"
        "FETCH_AND_OP LONG 1 1 ADD 1 WORLD SUM 0\n"
        "BW INT 1 8 MUL 2 WORLD NOP 0 window=4096\n";
    parse(&o, text, strlen(text));
    CHECK(o.errors == 0 && o.rs.n == 3);
    if (o.rs.n == 3) {
        struct record *r = o.rs.rec;
        const struct rma_settings *s0 = rma_settings(&r[0]), *s1 = rma_settings(&r[1]);
        CHECK(s0->sync == SYNC_PSCW && s0->win == WIN_DYNAMIC && s0->traffic == RMA_BIBW);
        CHECK(record_window(&r[0]) == 8 && r[0].pairs == PAIRS_DETAIL);
        CHECK(strcmp(r[0].pf->name, "CROSS-NODE") == 0);
        /* the defaults; an accumulate still measures all pairs */
        CHECK(s1->sync == SYNC_FLUSH && s1->win == WIN_CREATE && s1->traffic == RMA_LATENCY);
        CHECK(record_window(&r[1]) == 1 && r[1].pf && strcmp(r[1].pf->name, "ALL") == 0);
        CHECK(record_window(&r[2]) == 4096);
        /* the rows read the family's own struct: what the writers print */
        CHECK(strcmp(setting_word(setting_find("sync"), &r[0]), "pscw") == 0);
        CHECK(strcmp(setting_word(setting_find("win"), &r[0]), "dynamic") == 0);
        CHECK(strcmp(setting_word(setting_find("mode"), &r[1]), "latency") == 0);
    }
    done(&o);
    CHECK(rejects("COMPARE_AND_SWAP FLOAT 1 1 ADD 1 WORLD NOP 0\n", "t.in:1:18:",
                  "C integer, logical and byte types; FLOAT"));
    CHECK(rejects("COMPARE_AND_SWAP BYTE 1 2 ADD 1 WORLD NOP 0\n", "t.in:1:23:",
                  "exactly one element"));
    CHECK(rejects("FETCH_AND_OP INT 0 1 ADD 1 WORLD SUM 0\n", "t.in:1:18:",
                  "exactly one element"));
    CHECK(rejects("GET_ACCUMULATE C_DOUBLE_COMPLEX 1 2 ADD 1 WORLD CPROD 0\n",
                  "t.in:1:49:", "predefined operations only"));
    CHECK(rejects("ACCUMULATE FLOAT 1 2 ADD 1 WORLD BAND 0\n", "t.in:1:",
                  "BAND on FLOAT"));
    CHECK(rejects("GET INT 1 2 ADD 1 WORLD NOP 0 window=2\n", "t.in:1:31:",
                  "mode=bw and mode=bibw"));
    CHECK(rejects("GET INT 1 2 ADD 1 WORLD NOP 0 sync=flsh\n", "t.in:1:36:",
                  "did you mean flush?"));
    CHECK(rejects("GET INT 1 2 ADD 1 WORLD NOP 0 mode=stream\n", "t.in:1:36:",
                  "unknown one-sided mode 'stream'"));
    CHECK(rejects("ALLREDUCE INT 1 2 ADD 1 WORLD SUM 0 win=create\n", "t.in:1:37:",
                  "ALLREDUCE is not one-sided"));
    CHECK(rejects("BW INT 1 2 ADD 1 WORLD NOP 0 window=4097\n", "t.in:1:37:",
                  "too large"));
    CHECK(rejects("BW INT 1 2 ADD 1 WORLD NOP 0 window=0\n", "t.in:1:37:",
                  "at least 1"));
}

/* non-blocking and persistent collectives: tests= on the first only */
static void nonblocking(void)
{
    struct outcome o;
    const char *text = "IALLREDUCE DOUBLE 1 8 MUL 2 WORLD SUM 0 tests=5\n"
                       "ALLREDUCE_INIT DOUBLE 1 8 MUL 2 WORLD SUM 0\n";
    parse(&o, text, strlen(text));
    CHECK(o.errors == 0 && o.rs.n == 2);
    if (o.rs.n == 2) {
        CHECK(record_setting_value(&o.rs.rec[0], "tests") == 5 && o.rs.rec[0].call->post != NULL);
        CHECK(record_setting_value(&o.rs.rec[1], "tests") == 0 && o.rs.rec[1].call->init != NULL);
    }
    done(&o);
    CHECK(rejects("ALLREDUCE_INIT INT 1 2 ADD 1 WORLD SUM 0 tests=1\n", "t.in:1:42:",
                  "ALLREDUCE_INIT is not a non-blocking collective"));
    CHECK(rejects("IBCAST INT 1 2 ADD 1 WORLD NOP 0 tests=x\n", "t.in:1:40:",
                  "not a number"));
    CHECK(rejects("IBCAST INT 1 2 ADD 1 WORLD SUM 0\n", "t.in:1:28:",
                  "IBCAST takes no operation"));
}

/* topologies written NAME:path (GRAPH) and neighbourhood calls */
static void graph_topologies(void)
{
    struct outcome o;
    const char *text = "NEIGHBOR_ALLTOALL INT 1 8 MUL 2 GRAPH:graphs/ring.txt NOP 0\n"
                       "INEIGHBOR_ALLGATHER INT 1 8 MUL 2 stencil NOP 0 tests=2\n";
    parse(&o, text, strlen(text));
    CHECK(o.errors == 0 && o.rs.n == 2);
    if (o.rs.n == 2) {
        CHECK(strcmp(o.rs.rec[0].topo->name, "GRAPH") == 0);
        CHECK(strcmp(o.rs.rec[0].topo_file, "graphs/ring.txt") == 0);
        CHECK(call_has(o.rs.rec[0].call, CALL_NEIGHBORS) && o.rs.rec[0].call->post == NULL);
        CHECK(strcmp(o.rs.rec[1].topo->name, "STENCIL") == 0 && o.rs.rec[1].topo_file[0] == 0);
        CHECK(call_has(o.rs.rec[1].call, CALL_NEIGHBORS) && record_setting_value(&o.rs.rec[1], "tests") == 2);
    }
    done(&o);
    CHECK(rejects("NEIGHBOR_ALLTOALL INT 1 8 MUL 2 GRAPH NOP 0\n", "t.in:1:39:",
                  "GRAPH needs a path: GRAPH:"));
    CHECK(rejects("NEIGHBOR_ALLTOALL INT 1 8 MUL 2 GRAPH: NOP 0\n", "t.in:1:39:",
                  "GRAPH needs a path"));
    CHECK(rejects("NEIGHBOR_ALLTOALL INT 1 8 MUL 2 STENCIL:x NOP 0\n", "t.in:1:41:",
                  "STENCIL takes no argument"));
    CHECK(rejects("NEIGHBOR_ALLTOALL INT 1 8 MUL 2 GRAF:x NOP 0\n", "t.in:1:33:",
                  "GRAPH"));
    CHECK(rejects("NEIGHBOR_ALLTOALL INT 1 8 MUL 2 STENCIL SUM 0\n", "t.in:1:41:",
                  "NEIGHBOR_ALLTOALL takes no operation"));
}

/* the framework seed's table as written, and the pair schedules */
static void seed_spellings(void)
{
    struct outcome o;
    const char *text = "REDUCE CHAR 1 8 MUL 2 WORLD SUM 0\n"
                       "REDUCESCATTER INT 1 8 MUL 2 WORLD MAX 0\n"
                       "RECV FLOAT 1 8 MUL 2 WORLD NONE 0\n"
                       "BCAST SHORT 1 8 MUL 2 WORLD NONE 0\n"
                       "SEND CHAR 1 8 MUL 2 WORLD NOP:ROUNDS 0\n"
                       "SEND CHAR 1 8 MUL 2 WORLD DETAIL:SAMPLE:7 0\n";
    parse(&o, text, strlen(text));
    CHECK(o.errors == 0 && o.rs.n == 6);
    if (o.rs.n == 6) {
        CHECK(strcmp(o.rs.rec[1].call->name, "REDUCE_SCATTER") == 0);
        CHECK(strcmp(o.rs.rec[2].call->name, "SEND") == 0);
        CHECK(o.rs.rec[2].pairs == PAIRS_NOP);
        CHECK(o.rs.rec[4].pf->rounds && !o.rs.rec[4].pf->sample);
        CHECK(o.rs.rec[5].pf->sample && o.rs.rec[5].sample == 7);
        CHECK(o.rs.rec[5].pairs == PAIRS_DETAIL);
    }
    done(&o);
    CHECK(rejects("ALLREDUCE CHAR 1 8 MUL 2 WORLD CPROD 0\n", "t.in:1:32:",
                  "MPI does not define CPROD on CHAR"));
    CHECK(rejects("ALLREDUCE CHAR 1 8 MUL 2 WORLD MAXLOC 0\n", "t.in:1:32:",
                  "MPI does not define MAXLOC on CHAR"));
    CHECK(rejects("SEND INT 1 8 MUL 2 WORLD NOP:SAMPLE 0\n", "t.in:1:37:",
                  "SAMPLE needs a number of pairs"));
    CHECK(rejects("SEND INT 1 8 MUL 2 WORLD NOP:SAMPLE:0 0\n", "t.in:1:37:",
                  "at least 1 pair"));
    CHECK(rejects("SEND INT 1 8 MUL 2 WORLD NOP:ROUNDS:3 0\n", "t.in:1:37:",
                  "ROUNDS takes no argument"));
    CHECK(rejects("SEND INT 1 8 MUL 2 WORLD NOP:SAMPLE:x 0\n", "t.in:1:37:",
                  "not a number"));
}

static void nul_bytes(void)
{
    const char text[] = "SEND INT 1 8 MUL 2 WORLD NOP 0\nSE\0ND INT 1 8 MUL 2 WORLD NOP 0\n";
    struct outcome o;
    parse(&o, text, sizeof text - 1);
    CHECK(o.errors == 1);
    CHECK(o.d.kept == 1 && strstr(o.d.msg[0], "t.in:2:3: NUL byte") == o.d.msg[0]);
    done(&o);
}

static void all_errors_at_once(void)
{
    struct outcome o;
    const char *text = "FOO INT 1 2 MUL 2 WORLD NOP 0\n"
                       "SEND INT 1 2 MUL 2 WORLD NOP 0\n"
                       "SEND BAR -3 2 MUL 1 WORLD NOP 0\n";
    parse(&o, text, strlen(text));
    CHECK(o.errors == 4);
    CHECK(o.rs.n == 3 && !o.rs.rec[0].ok && o.rs.rec[1].ok && !o.rs.rec[2].ok);
    done(&o);
}

static void binary_garbage(void)
{
    char text[5000];
    for (size_t i = 0; i < sizeof text; i++)
        text[i] = (char)((i * 7919) % 256);
    struct outcome o;
    parse(&o, text, sizeof text);
    CHECK(o.errors > 0);
    CHECK(o.d.kept <= DIAG_KEEP);
    done(&o);
}

void test_parser(void)
{
    accepted_forms();
    large_counts();
    p2p_record_settings();
    rejections();
    one_sided();
    nonblocking();
    graph_topologies();
    seed_spellings();
    nul_bytes();
    all_errors_at_once();
    binary_garbage();
}
