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
 * a receive costs the receiver its host's receive cost from the sender's
 * (its lone cost where the platform gives one and the receive was taken
 * up on its own, class Arrivals).
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
#include <vector>
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

/* A receive taken up on its own (R1_ij) against one taken up together
 * with another (R_ij), as models/predict.c tells them: a signal that
 * arrived while its receiver was still completing another receive is
 * taken up together, any other on its own.  SMPI charges a receive's cost
 * when the receive completes, not when the signal arrived, so the arrival
 * is reckoned from the send: the clock at the send's cost callback, plus
 * that cost, the route's latency and the bytes at the route's narrowest
 * bandwidth (no contention).  The last signal per ordered host pair
 * stands for any: exact with one rank a host; with several, another
 * rank's signal between the same two hosts can be taken for it. */
class Arrivals {
    std::map<std::pair<const sg4::Host*, const sg4::Host*>, double> due_;
    std::map<std::pair<const sg4::Host*, const sg4::Host*>, std::pair<double, double>> route_;
    std::map<aid_t, double> busy_;  // per receiving actor: its last receive's end

    std::pair<double, double> route(const sg4::Host* a, const sg4::Host* b)
    {
        auto it = route_.find({a, b});
        if (it != route_.end())
            return it->second;
        std::vector<sg4::Link*> links;
        double latency = 0, narrowest = 0;
        a->route_to(b, links, &latency);
        for (const sg4::Link* l : links)
            if (narrowest == 0 || l->get_bandwidth() < narrowest)
                narrowest = l->get_bandwidth();
        return route_[{a, b}] = {latency, narrowest};
    }

public:
    void send(const sg4::Host* a, const sg4::Host* b, size_t bytes, double cost)
    {
        auto [latency, bandwidth] = route(a, b);
        due_[{a, b}] = sg4::Engine::get_clock() + cost + latency + (bandwidth > 0 ? bytes / bandwidth : 0);
    }
    /* at b, from a: true when taken up on its own; then b's receiving
     * actor is busy for cost more */
    bool alone(const sg4::Host* a, const sg4::Host* b) const
    {
        auto due = due_.find({a, b});
        auto busy = busy_.find(sg4::this_actor::get_pid());
        return due == due_.end() || busy == busy_.end() || due->second >= busy->second;
    }
    void received(double cost) { busy_[sg4::this_actor::get_pid()] = sg4::Engine::get_clock() + cost; }
};

/* registers the cost callbacks of the table (at least one host with
 * mpigauge/ properties) */
void register_costs(const mpigauge::CostTable& costs)
{
    static Crossings crossings;
    static Arrivals arrivals;
    bool cross = false, lone = false;
    for (auto const& [h, c] : costs) {
        cross = cross || c.cross_inter > 0 || !c.cross_from.empty();
        lone = lone || c.has_lone();
    }
    auto send = [cross, lone, &costs](size_t bytes, sg4::Host* src, sg4::Host* dst) {
        double t = costs.at(src).send(src, dst);
        if (cross && src != dst)
            crossings.send(src, dst);
        if (lone)
            arrivals.send(src, dst, bytes, t);
        return t;
    };
    smpi_register_op_cost_callback(SmpiOperation::SEND, send);
    smpi_register_op_cost_callback(SmpiOperation::ISEND, send);
    smpi_register_op_cost_callback(SmpiOperation::RECV, [cross, lone, &costs](size_t, sg4::Host* src, sg4::Host* dst) {
        const mpigauge::HostCosts& c = costs.at(dst);
        double t = lone && arrivals.alone(src, dst) ? c.lone(dst, src) : c.recv(dst, src);
        if (cross && src != dst && crossings.receive(dst, src))
            t += c.cross(src);
        if (lone)
            arrivals.received(t);
        return t;
    });
}

}  // namespace

extern "C" void load_platform(const sg4::Engine& e)
{
    const char* xml = std::getenv("MPIGAUGE_SMPI_XML");
    xbt_assert(xml && *xml, "platforms/costs.so needs the platform XML in MPIGAUGE_SMPI_XML");
    e.load_platform(xml);
    auto hosts = e.get_all_hosts();
    xbt_assert(!hosts.empty(), "%s has no hosts", xml);
    static mpigauge::CostTable costs;  // the callbacks outlive this call
    if (mpigauge::read_costs(hosts, costs))
        register_costs(costs);

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
