/* test_cmdline.c: -r and --run: the options, the joined text, the names
 * the messages and records get, and every named run parses */
#include <stdlib.h>
#include <string.h>
#include "unit.h"
#include "input/cmdline.h"
#include "input/named_runs.h"
#include "input/parser.h"

static void cmdline_options(void)
{
    struct options o;
    char *a1[] = {"mpigauge", "-r", "SEND CHAR 1 8 MUL 2 WORLD NOP 0", "--run",
                  "IMB:pingpong", "--record", "BCAST CHAR 1 8 MUL 2 WORLD NOP 0", NULL};
    CHECK(parse_options(7, a1, &o, NULL) == 0);
    CHECK(o.input == NULL && o.ncmdline == 3);
    CHECK(o.cmdline[0].run == NULL && strcmp(o.cmdline[1].run, "IMB:pingpong") == 0);
    CHECK(strcmp(o.cmdline[1].text, named_run("imb:PingPong")) == 0);
    char *a2[] = {"mpigauge", "-r", "X", "in.txt", NULL};
    CHECK(parse_options(4, a2, &o, NULL) == 0 && strcmp(o.input, "in.txt") == 0);
    char *a3[] = {"mpigauge", "-r", "X", "a", "b", NULL};
    CHECK(parse_options(5, a3, &o, NULL) == 2);
    char *a4[] = {"mpigauge", "--run", "osu_nothing", NULL};
    CHECK(parse_options(3, a4, &o, NULL) == 2);
    char *a5[] = {"mpigauge", "--predict", "dir", "-r", "X", "TREE", NULL};
    CHECK(parse_options(6, a5, &o, NULL) == 2);
    /* past the cap: refused, not cut */
    char **many = calloc(2 * MAX_CMDLINE_RECORDS + 4, sizeof *many);
    int n = 0;
    many[n++] = "mpigauge";
    for (int i = 0; i <= MAX_CMDLINE_RECORDS; i++) {
        many[n++] = "-r";
        many[n++] = "X";
    }
    CHECK(parse_options(n, many, &o, NULL) == 2);
    CHECK(parse_options(n - 2, many, &o, NULL) == 0 && o.ncmdline == MAX_CMDLINE_RECORDS);
    free(many);
}

/* a file of three lines (the last without its newline) and two records */
static void joined(void)
{
    struct options o;
    char *a[] = {"mpigauge", "-r", "SEND CHAR 1 8 MUL 2 WORLD NOOP 0", "--run",
                 "osu_bw", "in", NULL};
    CHECK(parse_options(6, a, &o, NULL) == 0);
    const char *file = "# a file\nBCAST CHAR 1 8 MUL 2 WORLD NOP 0\n\nGATHER CHAR 1 8 MUL 2 WORLD NOP 0";
    size_t len = strlen(file);
    char *text = malloc(len);
    memcpy(text, file, len);
    struct cmdline_lines cl;
    struct diag d;
    diag_init(&d, "in");
    CHECK(cmdline_join(&o, &text, &len, &cl, &d) == 0 && cl.file_lines == 4);
    CHECK(cl.n == 2 && strcmp(cl.label[0], "-r 1") == 0 &&
          strcmp(cl.label[1], "--run osu_bw") == 0);
    struct recordset rs;
    parse_lines(text, len, 1, &rs, &d);
    cmdline_mark(&cl, &rs);
    CHECK(rs.n == 4 && rs.rec[0].line == 2 && rs.rec[0].from == NULL);
    CHECK(rs.rec[1].line == 4 && rs.rec[1].from == NULL);
    CHECK(rs.rec[2].line == 5 && strcmp(rs.rec[2].from, "-r 1") == 0 && !rs.rec[2].ok);
    CHECK(rs.rec[3].ok && strcmp(rs.rec[3].from, "--run osu_bw") == 0);
    CHECK(d.count == 1 && strncmp(d.msg[0], "-r 1:27: ", 9) == 0);
    char where[32];
    CHECK(strcmp(record_place(&rs.rec[1], where, sizeof where), "line 4") == 0);
    recordset_free(&rs);
    diag_free(&d);
    cmdline_free(&cl);
    free(text);
}

/* a record with a newline, or none, is refused by name */
static void refused(void)
{
    struct options o;
    char *a[] = {"mpigauge", "-r", "BCAST CHAR 1 8\nMUL 2 WORLD NOP 0", "-r", "  # only",
                 NULL};
    CHECK(parse_options(5, a, &o, NULL) == 0);
    char *text = NULL;
    size_t len = 0;
    struct cmdline_lines cl;
    struct diag d;
    diag_init(&d, "-r");
    CHECK(cmdline_join(&o, &text, &len, &cl, &d) == 2 && cl.file_lines == 0);
    CHECK(d.kept == 2 && strncmp(d.msg[0], "-r 1: ", 6) == 0 &&
          strncmp(d.msg[1], "-r 2: ", 6) == 0);
    CHECK(len == 2 && text[0] == '\n' && text[1] == '\n');
    diag_free(&d);
    cmdline_free(&cl);
    free(text);
}

/* every named run is one valid record */
static void named(void)
{
    for (size_t i = 0; i < nnamed_runs; i++) {
        struct recordset rs;
        struct diag d;
        diag_init(&d, named_runs[i].name);
        const char *t = named_runs[i].record;
        int errors = parse_records(t, strlen(t), &rs, &d);
        if (errors || rs.n != 1)
            fprintf(stderr, "named run %s: %s\n", named_runs[i].name,
                    d.kept ? d.msg[0] : "not one record");
        CHECK(errors == 0 && rs.n == 1);
        recordset_free(&rs);
        diag_free(&d);
    }
    CHECK(nnamed_runs > 20 && named_run("OSU_LATENCY") != NULL && named_run("osu") == NULL);
}

void test_cmdline(void)
{
    cmdline_options();
    joined();
    refused();
    named();
}
