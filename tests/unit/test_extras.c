/* test_extras.c: a family's per-point quantities (registry/point_extra.h)
 * from its rows to the writers' columns: every row complete and named
 * once, which records have them, and where result_columns puts them */
#include <math.h>
#include <string.h>

#include "output/columns.h"
#include "registry/registry.h"
#include "registry/settings.h"
#include "unit.h"

/* every family's rows: a name no table column has, a doc, a take */
static void rows_complete(void)
{
    const struct call *c;
    const struct family *done[64];
    int seen = 0, nfam = 0;
    for (size_t i = 0; (c = table_row(&call_table, i)); i++) {
        int k = 0;
        while (k < nfam && done[k] != c->family)
            k++;
        if (k < nfam || nfam == 64)
            continue;          /* each family's rows once */
        done[nfam++] = c->family;
        for (const struct point_extra *x = c->family->extras; x && x->name; x++) {
            seen++;
            CHECK(x->doc && x->doc[0] && x->take != NULL);
            for (size_t k = 0; k < ncolumns; k++)
                CHECK(strcmp(columns[k].name, x->name) != 0);
        }
    }
    CHECK(seen > 0);           /* the partitioned calls' early bird at least */
}

/* r: call name with its defaults, complete= set to word */
static void psend(struct record *r, const char *word)
{
    memset(r, 0, sizeof *r);
    r->call = table_find(&call_table, "PSEND");
    r->dt = table_find(&datatype_table, "DOUBLE");
    settings_defaults(r);
    const struct setting *s = record_setting_row(r, "complete");
    CHECK(s != NULL && s->kind == SETTING_WORDS);
    for (int i = 0; s && s->words[i]; i++)
        if (strcmp(s->words[i], word) == 0)
            setting_put(s, r, s->first + i);
}

/* the early bird only with complete=parrived, its column after init_us's
 * slot (before iters), its value the point's extra[] */
static void early_bird_column(void)
{
    static struct record r;
    struct result res = {0};
    struct column cols[MAX_COLUMNS];
    psend(&r, "wait");
    res.rec = &r;
    res.holds = record_holds(&r, 2);
    CHECK(res.holds.nextras == 0);
    size_t n = result_columns(&res, cols, MAX_COLUMNS);
    for (size_t i = 0; i < n; i++)
        CHECK(strcmp(cols[i].name, "early_lead_us") != 0 && !cols[i].extras_here);
    psend(&r, "parrived");
    res.holds = record_holds(&r, 2);
    CHECK(res.holds.nextras == 1);
    n = result_columns(&res, cols, MAX_COLUMNS);
    size_t at = n;
    for (size_t i = 0; i < n; i++)
        if (strcmp(cols[i].name, "early_lead_us") == 0)
            at = i;
    CHECK(at > 0 && at + 1 < n && strcmp(cols[at + 1].name, "iters") == 0);
    CHECK(strcmp(cols[at - 1].name, "mbps") == 0);   /* PSEND: no posts, no init */
    if (at < n) {
        struct point pt = point_blank(1, 8, 0);
        CHECK(isnan(column_value(&cols[at], &res, &pt)));
        pt.extra[0] = 2.5;
        CHECK(column_value(&cols[at], &res, &pt) == 2.5);
        CHECK(column_has_doc(&cols[at]) && cols[at].format == COL_US);
        CHECK(cols[at].given && strcmp(cols[at].given, "complete=parrived") == 0);
    }
}

void test_extras(void)
{
    rows_complete();
    early_bird_column();
}
