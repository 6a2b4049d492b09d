/* hosts.cpp: platforms/hosts PLATFORM prints the hosts of a SimGrid
 * platform as SimGrid itself loads it, one line each, "NAME CORES", in
 * platform order, then "# costs: WHAT" (the per-message costs that
 * platforms/costs.so will put in force; see costs.cpp), then, where a
 * host carries the ranks a measured run placed on it (the property
 * mpigauge-run/ranks, "0 2": scripts/platform.sh writes it), one line
 * "# ranks: NAME R R ..." each.  scripts/simulate.sh deals ranks over these
 * lines (make smpi builds it), as the run placed them unless told otherwise.
 *
 * Platform order: a zone's own hosts in the order they were created (a
 * cluster's by radical, a torus's, fat tree's or dragonfly's as SimGrid
 * numbers them), then its child zones in the order they were declared.
 * (SimGrid's Engine::get_all_hosts sorts by name: node-10 before node-2.)
 *
 * A platform SimGrid cannot load: one line on stderr, "PLATFORM: WHY",
 * and exit 2.  SimGrid stops some errors with an abort rather than an
 * exception; scripts/simulate.sh then reads the reason from stderr. */
#include "costs.hpp"

#include <simgrid/kernel/routing/NetPoint.hpp>
#include <simgrid/s4u.hpp>
#include <smpi/smpi.h>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <string>
#include <vector>

namespace sg4 = simgrid::s4u;

static void visit(const sg4::NetZone* zone, std::vector<sg4::Host*>& out)
{
    std::vector<sg4::Host*> own = zone->get_all_hosts();  // this zone's only
    std::sort(own.begin(), own.end(), [](const sg4::Host* a, const sg4::Host* b) {
        return a->get_netpoint()->id() < b->get_netpoint()->id();
    });
    out.insert(out.end(), own.begin(), own.end());
    for (const sg4::NetZone* child : zone->get_children())
        visit(child, out);
}

/* "# ranks: NAME R R ..." where h carries the ranks a run placed on it;
 * a value that is not rank numbers throws, naming the host */
static void print_ranks(const sg4::Host* h)
{
    const char* v = h->get_property("mpigauge-run/ranks");
    if (!v)
        return;
    std::string text = v;
    if (text.find_first_not_of("0123456789 ") != std::string::npos ||
        text.find_first_not_of(' ') == std::string::npos)
        throw std::runtime_error("host " + h->get_name() + ": property mpigauge-run/ranks is \"" +
                                 text + "\", not the ranks placed on it (\"0 2\")");
    std::printf("# ranks: %s %s\n", h->get_cname(), v);
}

int main(int argc, char** argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: hosts PLATFORM\n");
        return 2;
    }
    const char* xml = argv[1];
    int two = 2;
    char name[] = "hosts";
    char quiet[] = "--log=root.thres:critical";
    char* args[] = {name, quiet, nullptr};
    try {
        smpi_init_options();  // SMPI's settings, for the platform's <config>
        sg4::Engine e(&two, args);
        e.load_platform(xml);
        std::vector<sg4::Host*> hosts;
        visit(e.get_netzone_root(), hosts);
        if (hosts.empty()) {
            std::fprintf(stderr, "%s: the platform has no hosts\n", xml);
            return 2;
        }
        mpigauge::CostTable costs;
        mpigauge::read_costs(hosts, costs);
        for (const sg4::Host* h : hosts)
            std::printf("%s %d\n", h->get_cname(), h->get_core_count());
        std::printf("# costs: %s: %s\n", mpigauge::costs_kind(hosts, costs),
                    mpigauge::costs_text(hosts, costs).c_str());
        for (const sg4::Host* h : hosts)
            print_ranks(h);
    } catch (const std::exception& ex) {
        std::string why = ex.what();
        if (why.rfind("sto", 0) == 0 && why.size() < 8)  // std::stoi and the like
            why = "SimGrid could not read a number in it (" + why +
                  " failed): check the numeric attributes (radical, topo_parameters, core, speed, bw, lat)";
        std::replace(why.begin(), why.end(), '\n', ' ');
        std::fprintf(stderr, "%s: %s\n", xml, why.c_str());
        return 2;
    }
    return 0;
}
