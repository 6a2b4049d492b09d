/* test_topology.c: the colour functions on whole grids, the pair criteria
 * and the --coords parser, all without MPI */
#include <string.h>

#include "input/coords.h"
#include "registry/registry.h"
#include "unit.h"

#define MAXP 128

/* the places of p ranks on an X x Y x Z grid, ranks_per_node per node */
static void grid(struct place *pl, int dx, int dy, int dz, int per_node)
{
    for (int r = 0; r < dx * dy * dz; r++)
        pl[r] = (struct place){.rank = r, .x = r % dx, .y = (r / dx) % dy,
                               .z = r / (dx * dy), .dx = dx, .dy = dy,
                               .dz = dz, .node = r / per_node};
}

/* sizes of the communicators a topology makes, sorted, as "2 2 2" */
static void comm_sizes(const char *topo, const struct place *pl, int p,
                       char *out, size_t len)
{
    const struct topology *t = ((const struct topology *)table_find(&topology_table, topo));
    int colour[MAXP], size[MAXP], n = 0;
    for (int r = 0; r < p; r++) {
        int c = t->colour(&pl[r]), k;
        if (c < 0)
            continue;
        for (k = 0; k < n && colour[k] != c; k++)
            ;
        if (k == n) {
            colour[n] = c;
            size[n++] = 0;
        }
        size[k]++;
    }
    for (int i = 1; i < n; i++)      /* insertion sort */
        for (int j = i; j > 0 && size[j - 1] > size[j]; j--) {
            int s = size[j];
            size[j] = size[j - 1];
            size[j - 1] = s;
        }
    out[0] = 0;
    for (int i = 0; i < n; i++)
        snprintf(out + strlen(out), len - strlen(out), i ? " %d" : "%d", size[i]);
}

static int sizes_are(const char *topo, const struct place *pl, int p, const char *want)
{
    char got[512];
    comm_sizes(topo, pl, p, got, sizeof got);
    if (strcmp(got, want) != 0)
        fprintf(stderr, "  %s: got '%s', want '%s'\n", topo, got, want);
    return strcmp(got, want) == 0;
}

static void topologies(void)
{
    struct place pl[MAXP];
    grid(pl, 2, 3, 4, 6);
    CHECK(sizes_are("X-LINE", pl, 24, "2 2 2 2 2 2 2 2 2 2 2 2"));
    CHECK(sizes_are("Y-LINE", pl, 24, "3 3 3 3 3 3 3 3"));
    CHECK(sizes_are("Z-LINE", pl, 24, "4 4 4 4 4 4"));
    CHECK(sizes_are("XY-PLANE", pl, 24, "6 6 6 6"));
    CHECK(sizes_are("YZ-PLANE", pl, 24, "12 12"));
    CHECK(sizes_are("ZX-PLANE", pl, 24, "8 8 8"));
    CHECK(sizes_are("WORLD", pl, 24, "24"));
    CHECK(sizes_are("NODE", pl, 24, "6 6 6 6"));
    CHECK(sizes_are("HOLLOW-CUBE", pl, 24, "24"));   /* no interior */
    grid(pl, 3, 3, 3, 27);
    CHECK(sizes_are("HOLLOW-CUBE", pl, 27, "26"));
    CHECK(pl[13].x == 1 && pl[13].y == 1 && pl[13].z == 1);
    CHECK(((const struct topology *)table_find(&topology_table, "HOLLOW-CUBE"))->colour(&pl[13]) == -1);
    grid(pl, 4, 4, 4, 64);
    CHECK(sizes_are("HOLLOW-CUBE", pl, 64, "56"));
    grid(pl, 2, 2, 2, 4);
    for (int r = 0; r < 8; r++)
        pl[r].package = r % 2;
    CHECK(sizes_are("SOCKET", pl, 8, "2 2 2 2"));
}

static int kept(const char *filter, const struct place *pl, int i, int j)
{
    return ((const struct pair_filter *)table_find(&pair_filter_table, filter))->keep(&pl[i], &pl[j], i, j);
}

static void criteria(void)
{
    struct place pl[8];
    grid(pl, 2, 2, 2, 4);            /* nodes: ranks 0-3 and 4-7 */
    CHECK(kept("ALL", pl, 3, 6));
    CHECK(kept("NEIGHBOURS", pl, 0, 1) && kept("NEIGHBOURS", pl, 0, 2) &&
          kept("NEIGHBOURS", pl, 0, 4));
    CHECK(!kept("NEIGHBOURS", pl, 0, 3) && !kept("NEIGHBOURS", pl, 0, 7));
    CHECK(((const struct pair_filter *)table_find(&pair_filter_table, "neighbors")) == ((const struct pair_filter *)table_find(&pair_filter_table, "NEIGHBOURS")));
    CHECK(kept("RANK0", pl, 0, 5) && !kept("RANK0", pl, 1, 5));
    CHECK(kept("SAME-NODE", pl, 1, 3) && !kept("SAME-NODE", pl, 3, 4));
    CHECK(kept("CROSS-NODE", pl, 3, 4) && !kept("CROSS-NODE", pl, 1, 3));
    /* every pair is exactly one of same-node and cross-node */
    for (int i = 0; i < 8; i++)
        for (int j = i + 1; j < 8; j++)
            CHECK(kept("SAME-NODE", pl, i, j) != kept("CROSS-NODE", pl, i, j));
}

static int coords_error(const char *text, int p, const char *part)
{
    struct diag d;
    diag_init(&d, "c.txt");
    int xyz[3 * MAXP];
    int n = parse_coords(text, strlen(text), p, xyz, &d);
    int ok = n > 0 && strstr(d.msg[0], part) != NULL;
    if (!ok)
        fprintf(stderr, "  coords %-30.30s gave: %s\n", text,
                d.kept ? d.msg[0] : "(no error)");
    diag_free(&d);
    return ok;
}

static void coords(void)
{
    struct diag d;
    diag_init(&d, "c.txt");
    int xyz[12];
    const char *good = "# rank x y z\n3 1 1 0\n0 0 0 0  # origin\r\n1 1 0 0\n\n2 0 1 0\n";
    CHECK(parse_coords(good, strlen(good), 4, xyz, &d) == 0);
    CHECK(xyz[9] == 1 && xyz[10] == 1 && xyz[11] == 0 && xyz[3] == 1 && xyz[7] == 1);
    diag_free(&d);
    CHECK(coords_error("0 0 0 0\n1 1 0\n", 2, "c.txt:2:6: missing field 'z'"));
    CHECK(coords_error("0 0 0 0\n1 1 0 0 9\n", 2, "c.txt:2:9: extra field"));
    CHECK(coords_error("0 0 0 0\n5 1 0 0\n", 2, "c.txt:2:1: rank '5' is not a whole number from 0 to 1"));
    CHECK(coords_error("0 0 0 0\n1 x 0 0\n", 2, "c.txt:2:3: x 'x' is not"));
    CHECK(coords_error("0 0 0 0\n1 -1 0 0\n", 2, "c.txt:2:3: x '-1'"));
    CHECK(coords_error("0 0 0 0\n0 1 0 0\n", 2, "c.txt:2:1: rank 0 already placed on line 1"));
    CHECK(coords_error("0 0 0 0\n", 2, "rank 1 has no line"));
    CHECK(coords_error("0 0 0 0\n1 0 0 0\n", 2, "c.txt:2:1: rank 1 is at 0 0 0, where rank 0 (line 1) already is"));
    CHECK(coords_error("0 0 0 0\n1 0\x01 0 0\n", 2, "c.txt:2:4: control"));
}

void test_topology(void)
{
    topologies();
    criteria();
    coords();
}
