/* costs.hpp: the per-message processor costs a platform gives, read once
 * from its hosts' properties (costs.cpp puts them in force, hosts.cpp
 * says which are in force before a run starts).
 *
 * mpigauge's properties, in seconds, on a host (a <cluster>'s <prop>s
 * land on each of its hosts):
 *   mpigauge/send-intra, mpigauge/send-inter   a send to a rank on this
 *                                              host / on another host
 *   mpigauge/recv-intra, mpigauge/recv-inter   a receive from one
 *   mpigauge/send:HOST, mpigauge/recv:HOST     optional: this host pair's
 *                                              own (scripts/platform.sh)
 *   mpigauge/cross-inter, mpigauge/cross:HOST  optional (0): a receive's
 *       extra cost when its signal from another host crossed one this host
 *       sent the other way (an exchange: sending and receiving at once
 *       costs a processor more than either alone, mpigauge's X_ij;
 *       costs.cpp says how it tells)
 *   mpigauge/lone-intra, mpigauge/lone-inter,  optional (the receive
 *   mpigauge/lone:HOST                         cost): a receive taken up
 *       on its own, its signal not arriving while the receiver was still
 *       completing another receive (mpigauge's R1_ij; the receive costs
 *       above then apply only to signals taken up together, as R_ij;
 *       costs.cpp says how it tells)
 * If any host has one, every host needs the four class properties (a
 * missing or malformed one is an error naming host and property).  If
 * none has, SimGrid's own smpi/os, smpi/ois, smpi/or apply (<config> or
 * host properties), and if those are unset a message costs only its
 * links. */
#ifndef MPIGAUGE_COSTS_HPP
#define MPIGAUGE_COSTS_HPP

#include <simgrid/s4u.hpp>
#include <xbt/config.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

namespace mpigauge {

namespace sg4 = simgrid::s4u;

struct HostCosts {
    double send_intra = 0, send_inter = 0, recv_intra = 0, recv_inter = 0;
    double cross_inter = 0;
    double lone_intra = -1, lone_inter = -1;  // -1: not given, a receive is a receive
    std::unordered_map<const sg4::Host*, double> send_to, recv_from, cross_from, lone_from;
    double send(const sg4::Host* self, const sg4::Host* dst) const
    {
        auto it = send_to.find(dst);
        return it != send_to.end() ? it->second : dst == self ? send_intra : send_inter;
    }
    double recv(const sg4::Host* self, const sg4::Host* src) const
    {
        auto it = recv_from.find(src);
        return it != recv_from.end() ? it->second : src == self ? recv_intra : recv_inter;
    }
    double cross(const sg4::Host* src) const
    {
        auto it = cross_from.find(src);
        return it != cross_from.end() ? it->second : cross_inter;
    }
    bool has_lone() const { return lone_intra >= 0 || lone_inter >= 0 || !lone_from.empty(); }
    /* a receive from src taken up on its own: lone:src, else the class's
     * lone cost, else the receive cost */
    double lone(const sg4::Host* self, const sg4::Host* src) const
    {
        auto it = lone_from.find(src);
        if (it != lone_from.end())
            return it->second;
        double c = src == self ? lone_intra : lone_inter;
        return c >= 0 ? c : recv(self, src);
    }
};

using CostTable = std::unordered_map<const sg4::Host*, HostCosts>;

inline double seconds(const sg4::Host* h, const std::string& key, const char* v)
{
    char* end;
    double s = std::strtod(v, &end);
    if (end == v || *end || !(s >= 0) || s > 1)
        throw std::runtime_error("host " + h->get_name() + ": property " + key + " is not a time in seconds (0 to 1): '" + v + "'");
    return s;
}

inline double need(const sg4::Host* h, const char* key)
{
    const char* v = h->get_property(key);
    if (!v)
        throw std::runtime_error("host " + h->get_name() + " has no property " + key +
                                 " (other hosts have mpigauge/ costs; every host needs the four class ones)");
    return seconds(h, key, v);
}

/* fills t from the hosts' mpigauge/ properties; false when no host has
 * any (t stays empty); throws std::runtime_error on a missing or bad one */
inline bool read_costs(const std::vector<sg4::Host*>& hosts, CostTable& t)
{
    bool any = false;
    for (const sg4::Host* h : hosts)
        for (auto const& [k, v] : *h->get_properties())
            any = any || k.rfind("mpigauge/", 0) == 0;
    if (!any)
        return false;
    std::unordered_map<std::string, const sg4::Host*> by_name;
    for (const sg4::Host* h : hosts)
        by_name[h->get_name()] = h;
    for (const sg4::Host* h : hosts) {
        HostCosts& c = t[h];
        c.send_intra = need(h, "mpigauge/send-intra");
        c.send_inter = need(h, "mpigauge/send-inter");
        c.recv_intra = need(h, "mpigauge/recv-intra");
        c.recv_inter = need(h, "mpigauge/recv-inter");
        if (const char* v = h->get_property("mpigauge/cross-inter"))
            c.cross_inter = seconds(h, "mpigauge/cross-inter", v);
        if (const char* v = h->get_property("mpigauge/lone-intra"))
            c.lone_intra = seconds(h, "mpigauge/lone-intra", v);
        if (const char* v = h->get_property("mpigauge/lone-inter"))
            c.lone_inter = seconds(h, "mpigauge/lone-inter", v);
        for (auto const& [k, v] : *h->get_properties()) {
            auto* to = k.rfind("mpigauge/send:", 0) == 0    ? &c.send_to
                       : k.rfind("mpigauge/recv:", 0) == 0  ? &c.recv_from
                       : k.rfind("mpigauge/cross:", 0) == 0 ? &c.cross_from
                       : k.rfind("mpigauge/lone:", 0) == 0  ? &c.lone_from
                                                            : nullptr;
            if (!to)
                continue;
            auto peer = by_name.find(k.substr(k.find(':') + 1));
            if (peer == by_name.end() || (to == &c.cross_from && peer->second == h))
                throw std::runtime_error("host " + h->get_name() + ": property " + k + " names no other host of the platform");
            (*to)[peer->second] = seconds(h, k, v.c_str());
        }
    }
    return true;
}

inline std::string range_us(double lo, double hi)
{
    char b[64];
    if (lo == hi)
        std::snprintf(b, sizeof b, "%g us", lo * 1e6);
    else
        std::snprintf(b, sizeof b, "%g-%g us", lo * 1e6, hi * 1e6);
    return b;
}

/* "mpigauge", "simgrid" or "none": which costs a run has in force */
inline const char* costs_kind(const std::vector<sg4::Host*>& hosts, const CostTable& t)
{
    if (!t.empty())
        return "mpigauge";
    for (const char* key : {"smpi/os", "smpi/ois", "smpi/or"}) {
        try {
            if (!simgrid::config::is_default(key))
                return "simgrid";
        } catch (const std::exception&) {
        }
        for (const sg4::Host* h : hosts)
            if (h->get_property(key))
                return "simgrid";
    }
    return "none";
}

/* a sentence on the costs in force, for run.json and the report */
inline std::string costs_text(const std::vector<sg4::Host*>& hosts, const CostTable& t)
{
    std::string kind = costs_kind(hosts, t);
    if (kind == "none")
        return "no mpigauge/ properties and no smpi/os, smpi/ois or smpi/or: a message costs only its links";
    if (kind == "simgrid") {
        std::string s = "SimGrid's own (no mpigauge/ properties):";
        for (const char* key : {"smpi/os", "smpi/ois", "smpi/or"}) {
            std::string v;
            try {
                v = simgrid::config::get_value<std::string>(key);
            } catch (const std::exception&) {
                v = "?";
            }
            int own = 0;
            for (const sg4::Host* h : hosts)
                own += h->get_property(key) != nullptr;
            s += std::string(" ") + key + ":" + v;
            if (own)
                s += " (" + std::to_string(own) + " hosts their own)";
        }
        return s;
    }
    double lo[6] = {1, 1, 1, 1, 1, 1}, hi[6] = {0, 0, 0, 0, 0, -1};  // send, recv: in, out; cross; lone
    size_t pairs = 0;
    auto see = [&lo, &hi](int i, double v) {
        lo[i] = std::min(lo[i], v);
        hi[i] = std::max(hi[i], v);
    };
    for (auto const& [h, c] : t) {
        see(0, c.send_intra), see(1, c.send_inter), see(2, c.recv_intra), see(3, c.recv_inter);
        see(4, c.cross_inter);
        for (auto const& [p, v] : c.cross_from)
            see(4, v);
        for (double v : {c.lone_intra, c.lone_inter})
            if (v >= 0)
                see(5, v);
        for (auto const& [p, v] : c.lone_from)
            see(5, v);
        for (auto const& [p, v] : c.send_to)
            see(p == h ? 0 : 1, v);
        for (auto const& [p, v] : c.recv_from)
            see(p == h ? 2 : 3, v);
        pairs += c.send_to.size() + c.recv_from.size() + c.cross_from.size() + c.lone_from.size();
    }
    return "mpigauge/ properties: send " + range_us(lo[0], hi[0]) + " on a host, " + range_us(lo[1], hi[1]) +
           " between hosts; receive " + range_us(lo[2], hi[2]) + " on a host, " + range_us(lo[3], hi[3]) +
           " between hosts" +
           (hi[4] > 0 ? "; a signal between hosts that crossed one the other way " + range_us(lo[4], hi[4]) +
                            " more to receive"
                      : "") +
           (hi[5] >= 0 ? "; a receive taken up on its own " + range_us(lo[5], hi[5]) : "") +
           (pairs ? " (" + std::to_string(pairs) + " host-pair values)" : "");
}

}  // namespace mpigauge

#endif
