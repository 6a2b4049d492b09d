/* machine_json.c: run.json's facts of the machine and the launch
 * (machine_json.h) */
#include "output/machine_json.h"

#include "base/smpi.h"

void machine_json_add(json_t *root, const struct run_info *in)
{
    json_t *hosts = json_array(), *places = json_array();
    for (int i = 0; i < in->nhosts; i++)
        json_array_append_new(hosts, json_string(in->hosts[i]));
    for (int r = 0; r < in->ranks; r++) {
        const struct place *p = &in->places[r];
        json_array_append_new(places, json_pack("{s:i,s:[iii],s:i,s:i,s:i}",
                              "rank", p->rank, "xyz", p->x, p->y, p->z, "node",
                              p->node, "package", p->package, "core", p->core));
    }
    json_t *m = json_pack("{s:s,s:[ii],s:i,s:[iii],s:o,s:s,s:o,s:i,s:i,s:i,s:I,s:b}",
        "mpi_library", in->library, "mpi_version", in->version, in->subversion,
        "ranks", in->ranks, "grid", in->grid[0], in->grid[1], in->grid[2],
        "hosts", hosts, "grid_source", in->grid_source, "places", places,
        "ranks_bound_to_a_core", in->bound, "nodes", in->nodes,
        "ranks_per_node_max", in->max_node_ranks, "cores_per_node",
        (json_int_t)in->cores, "oversubscribed", in->max_node_ranks > in->cores);
    /* ranks bound to the same CPUs as another rank of their machine: how
     * many (null where it cannot be known: under SMPI, or a rank bound
     * within a core could not read its boot id), and the lowest pair */
    const struct core_sharing *cs = &in->cores_shared;
    int known = !MPIGAUGE_SMPI && (cs->ranks > 0 || cs->unknown == 0);
    json_object_set_new(m, "ranks_sharing_a_core", known ? json_integer(cs->ranks) : json_null());
    json_object_set_new(m, "shared_core", cs->ranks > 0
        ? json_pack("{s:[ii],s:i}", "ranks", cs->first, cs->second, "cpu", cs->cpu)
        : json_null());
    /* null on real MPI; under SMPI what was simulated and how */
    json_object_set_new(m, "simulation", MPIGAUGE_SMPI ?
        json_pack("{s:s,s:s,s:s?,s:s?,s:s?}", "simulator", "SimGrid SMPI",
                  "simgrid_version", smpi_simgrid_version(), "platform",
                  smpi_platform(), "settings", smpi_settings(), "costs",
                  smpi_costs()) : json_null());
    const char *key;           /* in the order they were packed */
    json_t *value;
    json_object_foreach(m, key, value)
        json_object_set(root, key, value);
    json_decref(m);
}
