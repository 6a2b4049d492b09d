/* facts.c: what a record's family says of it beyond its settings rows,
 * from the family's describe hook, kept as data (record.h's struct
 * facts) for the writers: run.json members, data-file header lines,
 * prose sentences */
#include "registry/record_view.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include "base/exit_status.h"

/* a text the hook wrote, or NULL where it wrote none */
static char *kept(char *text, size_t len)
{
    if (len)
        return text;
    free(text);
    return NULL;
}

/* SEND threads=2:1 and the like: the call written, and the form run */
static void form_describe(const struct record *r, json_t *o, FILE *header, FILE *prose)
{
    if (!r->written_as)
        return;
    json_object_set_new(o, "written_as", json_string(r->written_as->name));
    fprintf(header, "# call: %s with threads= runs as %s, its threaded form (at "
            "threads=1 the same loop)\n", r->written_as->name, r->call->name);
    fprintf(prose, "  %s with threads= runs as %s, its threaded form.\n",
            r->written_as->name, r->call->name);
}

struct facts record_facts(const struct record *r, int p)
{
    struct facts f = {0};
    const struct family *fam = r->call ? r->call->family : NULL;
    if (!fam || (!fam->describe && !fam->library && !record_wants_gpu(r) &&
                 !r->written_as))
        return f;
    size_t nh = 0, np = 0;
    FILE *header = open_memstream(&f.header, &nh);
    FILE *prose = open_memstream(&f.prose, &np);
    if (!header || !prose) {
        fprintf(stderr, "mpigauge: out of memory for a record's facts\n");
        exit(EXIT_NO_MEMORY);
    }
    f.json = json_object();
    if (fam->describe)
        fam->describe(r, p, f.json, header, prose);
    mem_describe(r, f.json, header, prose);
    form_describe(r, f.json, header, prose);
    fclose(header);
    fclose(prose);
    f.header = kept(f.header, nh);
    f.prose = kept(f.prose, np);
    if (json_object_size(f.json) == 0) {
        json_decref(f.json);
        f.json = NULL;
    }
    if (fam->library)
        fam->library(r, &f);
    return f;
}

void facts_free(struct facts *f)
{
    json_decref(f->json);
    free(f->header);
    free(f->prose);
    json_decref(f->library_json);
    free(f->library);
    free(f->after);
    free(f->after_prose);
    *f = (struct facts){0};
}
