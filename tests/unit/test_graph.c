/* test_graph.c: the graph-shaped topologies' vtopo functions (what each
 * rank asks MPI_Cart_create or MPI_Dist_graph_create_adjacent for) and
 * the GRAPH:path edge-list parser, all without MPI */
#include <stdlib.h>
#include <string.h>

#include "input/graph_file.h"
#include "registry/registry.h"
#include "unit.h"

static const struct topology *topo(const char *name)
{
    return table_find(&topology_table, name);
}

static struct place at(int x, int y, int z, int dx, int dy, int dz)
{
    return (struct place){.rank = 0, .x = x, .y = y, .z = z, .dx = dx, .dy = dy,
                          .dz = dz};
}

/* the grid's points in MPI's row-major order over the dimensions given
 * (slowest first) are the grid's x-fastest order: key = x + dx (y + dy z) */
static void stencils(void)
{
    struct vtopo s = {0};
    topo("STENCIL")->vtopo(&(struct place){0}, 0, 1, NULL, &s);
    CHECK(s.cart && s.ndims == 1 && s.dims[0] == 1 && s.periods[0] == 1);
    struct place p = at(2, 1, 0, 3, 2, 1);   /* 3x2x1: z left out */
    memset(&s, 0, sizeof s);
    topo("STENCIL")->vtopo(&p, 5, 6, NULL, &s);
    CHECK(s.cart && s.ndims == 2 && s.dims[0] == 2 && s.dims[1] == 3);
    CHECK(s.periods[0] == 1 && s.periods[1] == 1 && s.key == 5);
    p = at(1, 0, 3, 2, 1, 4);                /* 2x1x4: y left out */
    memset(&s, 0, sizeof s);
    topo("STENCIL-OPEN")->vtopo(&p, 0, 8, NULL, &s);
    CHECK(s.ndims == 2 && s.dims[0] == 4 && s.dims[1] == 2);
    CHECK(s.periods[0] == 0 && s.periods[1] == 0 && s.key == 1 + 2 * 3);
    p = at(2, 3, 4, 3, 4, 5);                /* 3-D: row-major (z, y, x) */
    memset(&s, 0, sizeof s);
    topo("STENCIL")->vtopo(&p, 0, 60, NULL, &s);
    CHECK(s.ndims == 3 && s.dims[0] == 5 && s.dims[1] == 4 && s.dims[2] == 3);
    CHECK(s.key == (4 * 4 + 3) * 3 + 2);
    CHECK(topo("STENCIL")->colour(&p) == 0 && !topo("STENCIL")->takes_file);
}

static int has(const int *v, int n, int x)
{
    for (int i = 0; i < n; i++)
        if (v[i] == x)
            return 1;
    return 0;
}

/* every edge of a binary tree of p ranks is listed both ways, by both ends */
static void tree(void)
{
    for (int p = 1; p <= 12; p++) {
        int edges = 0, bad = 0;
        for (int r = 0; r < p; r++) {
            struct vtopo s = {0};
            topo("BINARY-TREE")->vtopo(&(struct place){0}, r, p, NULL, &s);
            bad += s.cart || s.nsrc != s.ndst;
            bad += r > 0 && s.src[0] != (r - 1) / 2;       /* parent first */
            bad += (2 * r + 1 < p) != has(s.dst, s.ndst, 2 * r + 1);
            bad += (2 * r + 2 < p) != has(s.dst, s.ndst, 2 * r + 2);
            edges += s.ndst;
            free(s.src);
            free(s.dst);
        }
        CHECK(bad == 0);
        CHECK(edges == 2 * (p - 1));
    }
}

static int graph_error(const char *text, int ranks, const char *part)
{
    struct diag d;
    struct edges e;
    diag_init(&d, "g.txt");
    int n = parse_graph_file(text, strlen(text), ranks, &e, &d);
    int ok = n > 0 && d.kept > 0 && strstr(d.msg[0], part) != NULL;
    if (!ok)
        fprintf(stderr, "  graph %-30.30s gave: %s\n", text, d.kept ? d.msg[0] : "(none)");
    edges_free(&e);
    diag_free(&d);
    return ok;
}

static void graph_files(void)
{
    struct diag d;
    struct edges e;
    diag_init(&d, "g.txt");
    const char *ring = "# a ring\n0 1\n1 2 # one way\r\n\n2 0\n2 2\n";
    CHECK(parse_graph_file(ring, strlen(ring), 3, &e, &d) == 0);
    CHECK(e.n == 4 && e.from[1] == 1 && e.to[1] == 2 && e.from[3] == 2 && e.to[3] == 2);
    struct vtopo s = {0};
    topo("GRAPH")->vtopo(&(struct place){0}, 2, 3, &e, &s);
    CHECK(!s.cart && s.ndst == 2 && s.dst[0] == 0 && s.dst[1] == 2);
    CHECK(s.nsrc == 2 && s.src[0] == 1 && s.src[1] == 2);
    CHECK(topo("GRAPH")->takes_file);
    free(s.src);
    free(s.dst);
    edges_free(&e);
    diag_free(&d);
    CHECK(graph_error("0 1\n1 3\n", 3, "g.txt:2:3: '3' is not a rank from 0 to 2"));
    CHECK(graph_error("0 1\nx 1\n", 3, "g.txt:2:1: 'x' is not a rank"));
    CHECK(graph_error("0 1\n-1 1\n", 3, "g.txt:2:1: '-1' is not a rank"));
    CHECK(graph_error("0\n", 3, "g.txt:1:3: an edge is 'from to'"));
    CHECK(graph_error("0 1 2\n", 3, "g.txt:1:5: extra field '2'"));
    CHECK(graph_error("0 1\n1 0\n0 1\n", 3, "g.txt:3:1: edge 0 1 given again (first at line 1)"));
    CHECK(graph_error("# none\n\n", 3, "no edges"));
    CHECK(graph_error("0 1\n1\x01 0\n", 3, "g.txt:2:2: control"));
}

void test_graph(void)
{
    stencils();
    tree();
    graph_files();
}
