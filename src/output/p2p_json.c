/* p2p_json.c: what run.json and the data files' headers say of a
 * point-to-point record's own settings: how its pairs are chosen, what
 * its receives match (recv=), its partitions (partitions=, complete=) */
#include "output/p2p_json.h"

#include "models/schedule.h"

static const char *const recv_names[] = {"named", "any_source", "any_tag", "any"};

void p2p_json_add(json_t *o, const struct result *res)
{
    const struct record *r = res->rec;
    if (pairwise(r->call))
        json_object_set_new(o, "pairs", json_pack("{s:s,s:o,s:o}", "mode",
                            r->pf->rounds ? "rounds" : r->pf->sample ? "sample" : "in turn",
                            "sample", r->pf->sample ? json_integer(r->sample) : json_null(),
                            "seed", r->pf->sample ? json_integer(SAMPLE_SEED) : json_null()));
    if (r->call->family->named_receives && !r->call->partitioned)
        json_object_set_new(o, "recv", json_string(recv_names[r->recv & 3]));
    if (r->call->partitioned)
        json_object_set_new(o, "partitions", json_pack("{s:i,s:s}", "count",
                            r->partitions, "complete",
                            r->parrived ? "parrived" : "wait"));
}

void p2p_header_lines(FILE *f, const struct result *res)
{
    const struct record *r = res->rec;
    static const char *const what[] = {
        "", "MPI_ANY_SOURCE and the data tag (recv=any_source)",
        "the partner and MPI_ANY_TAG (recv=any_tag)",
        "MPI_ANY_SOURCE and MPI_ANY_TAG (recv=any)"};
    if (r->call->family->named_receives && r->recv)
        fprintf(f, "# receives: every data receive names %s\n", what[r->recv & 3]);
    if (r->call->partitioned)
        fprintf(f, "# partitions: %d equal partitions a message (partitions=), "
                "the receiver completing by %s\n", r->partitions, r->parrived
                ? "polling MPI_Parrived on each partition, then MPI_Wait (complete=parrived)"
                : "MPI_Wait (complete=wait)");
}
