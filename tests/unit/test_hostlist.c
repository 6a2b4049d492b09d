/* test_hostlist.c: Slurm's compressed host lists expanded */
#include <string.h>

#include "base/hostlist.h"
#include "unit.h"

struct names {
    char text[512];
};

static void add(const char *name, void *arg)
{
    struct names *n = arg;
    size_t at = strlen(n->text);
    snprintf(n->text + at, sizeof n->text - at, "%s%s", at ? " " : "", name);
}

/* the names of list, space-separated, and their count (-1: refused) */
static long expand(const char *list, long max, struct names *n)
{
    n->text[0] = 0;
    return hostlist_expand(list, max, add, n);
}

void test_hostlist(void)
{
    struct names n;
    CHECK(expand("n1", 10, &n) == 1 && strcmp(n.text, "n1") == 0);
    CHECK(expand("n[1-3]", 10, &n) == 3 && strcmp(n.text, "n1 n2 n3") == 0);
    /* a range keeps its width; each part of a bracket its own */
    CHECK(expand("n[08-10,7]", 10, &n) == 4 && strcmp(n.text, "n08 n09 n10 n7") == 0);
    CHECK(expand("a[1-2]-ib,b,c[3]", 10, &n) == 4 &&
          strcmp(n.text, "a1-ib a2-ib b c3") == 0);
    CHECK(expand("", 10, &n) == 0 && n.text[0] == 0);
    /* not Slurm's syntax, or more than max: refused */
    CHECK(expand("n[1-", 10, &n) == -1);
    CHECK(expand("n[3-1]", 10, &n) == -1);
    CHECK(expand("n[1-2][3]", 10, &n) == -1);
    CHECK(expand("n[x]", 10, &n) == -1);
    CHECK(expand("n[1-100]", 50, &n) == -1);
    CHECK(expand("n]", 10, &n) == -1);
}
