/* costs.cpp: the SimGrid platform plug-in every platform runs with (make
 * smpi builds platforms/costs.so; scripts/simulate.sh passes it to smpirun
 * as -platform, and the platform file in MPIGAUGE_SMPI_XML).
 *
 * SimGrid 3.32's smpi/os, smpi/ois and smpi/or give a message's processor
 * cost by its size only, the same inside a host and between hosts.  The
 * thesis's pairwise overheads differ by host pair (that is what SSS
 * clusters), so where the platform's hosts carry mpigauge/ properties
 * (costs.hpp) this plug-in registers cost callbacks: a send (blocking or
 * not) costs the sender its host's send cost towards the receiver's host,
 * a receive costs the receiver its host's receive cost from the sender's.
 * Where no host has one, it registers nothing and SimGrid's own settings
 * apply (a registered callback would silence them).
 *
 * It also exports, for mpigauge's run.json and report, the platform file
 * (MPIGAUGE_SMPI_PLATFORM), the settings that shape the results as SimGrid
 * holds them with the costs in force (MPIGAUGE_SMPI_SETTINGS) and which
 * costs those are (MPIGAUGE_SMPI_COSTS: mpigauge, simgrid or none). */
#include "costs.hpp"

#include <simgrid/s4u.hpp>
#include <smpi/smpi.h>
#include <xbt/config.hpp>

#include <cstdio>
#include <map>
#include <utility>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace sg4 = simgrid::s4u;

namespace {

template <class T> std::string setting(const char* name)
{
    try {
        if constexpr (std::is_same_v<T, std::string>)
            return simgrid::config::get_value<T>(name);
        else if constexpr (std::is_same_v<T, bool>)
            return simgrid::config::get_value<T>(name) ? "yes" : "no";
        else
            return std::to_string(simgrid::config::get_value<T>(name));
    } catch (const std::exception&) {
        return "?";
    }
}

/* the collectives whose algorithm a --cfg chose over the selector's
 * (smpi/barrier:ompi_tree, smpi/bcast:binomial_tree, ...): they change
 * what those records measure, so the report names them */
static std::string chosen_algorithms()
{
    static const char* colls[] = {"allgather", "allgatherv", "allreduce", "alltoall",
                                  "alltoallv", "barrier", "bcast", "gather", "reduce",
                                  "scatter"};
    std::string s;
    for (const char* c : colls) {
        std::string name = std::string("smpi/") + c, v = setting<std::string>(name.c_str());
        if (!v.empty() && v != "?")
            s += " " + name + ":" + v;
    }
    return s;
}

/* A receive at host A of a signal from host B crossed when A sent to B
 * since it last received from B, and B sent this signal without having
 * taken up A's first (B received nothing from A between A's send and its
 * own): the two flew at once, as in an exchange.  Judged per host pair
 * from the simulated clock: exact with one rank a host; with several, two
 * different ranks' signals between the same two hosts can count. */
class Crossings {
    std::map<std::pair<const sg4::Host*, const sg4::Host*>, double> sent_, got_;
    static double at(const std::map<std::pair<const sg4::Host*, const sg4::Host*>, double>& m, const sg4::Host* a,
                     const sg4::Host* b)
    {
        auto it = m.find({a, b});
        return it == m.end() ? -1 : it->second;
    }

public:
    void send(const sg4::Host* a, const sg4::Host* b) { sent_[{a, b}] = sg4::Engine::get_clock(); }
    bool receive(const sg4::Host* a, const sg4::Host* b)  // at a, from b
    {
        double sa = at(sent_, a, b), ga = at(got_, a, b), sb = at(sent_, b, a), gb = at(got_, b, a);
        got_[{a, b}] = sg4::Engine::get_clock();
        return sa > ga && !(sa <= gb && gb <= sb);
    }
};

}  // namespace

extern "C" void load_platform(const sg4::Engine& e)
{
    const char* xml = std::getenv("MPIGAUGE_SMPI_XML");
    xbt_assert(xml && *xml, "platforms/costs.so needs the platform XML in MPIGAUGE_SMPI_XML");
    e.load_platform(xml);
    auto hosts = e.get_all_hosts();
    xbt_assert(!hosts.empty(), "%s has no hosts", xml);
    static mpigauge::CostTable costs;  // the callbacks outlive this call
    static Crossings crossings;
    if (mpigauge::read_costs(hosts, costs)) {
        bool cross = false;
        for (auto const& [h, c] : costs)
            cross = cross || c.cross_inter > 0 || !c.cross_from.empty();
        auto send = [cross](size_t, sg4::Host* src, sg4::Host* dst) {
            if (cross && src != dst)
                crossings.send(src, dst);
            return costs.at(src).send(src, dst);
        };
        smpi_register_op_cost_callback(SmpiOperation::SEND, send);
        smpi_register_op_cost_callback(SmpiOperation::ISEND, send);
        smpi_register_op_cost_callback(SmpiOperation::RECV, [cross](size_t, sg4::Host* src, sg4::Host* dst) {
            const mpigauge::HostCosts& c = costs.at(dst);
            double t = c.recv(dst, src);
            if (cross && src != dst && crossings.receive(dst, src))
                t += c.cross(src);
            return t;
        });
    }

    std::string s = "smpi/simulate-computation:" + setting<bool>("smpi/simulate-computation") +
                    " smpi/coll-selector:" + setting<std::string>("smpi/coll-selector") +
                    " smpi/reduce_scatter:" + setting<std::string>("smpi/reduce_scatter") +
                    " smpi/async-small-thresh:" + setting<int>("smpi/async-small-thresh") +
                    " smpi/send-is-detached-thresh:" + setting<int>("smpi/send-is-detached-thresh") +
                    " smpi/privatization:" + setting<std::string>("smpi/privatization") +
                    " smpi/lat-factor:" + setting<std::string>("smpi/lat-factor") +
                    " smpi/bw-factor:" + setting<std::string>("smpi/bw-factor") +
                    chosen_algorithms() + "; per message: " + mpigauge::costs_text(hosts, costs);
    setenv("MPIGAUGE_SMPI_PLATFORM", xml, 1);
    setenv("MPIGAUGE_SMPI_SETTINGS", s.c_str(), 1);
    setenv("MPIGAUGE_SMPI_COSTS", mpigauge::costs_kind(hosts, costs), 1);
}
