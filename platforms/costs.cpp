/* costs.cpp: the SimGrid platform plug-in every platform file here runs with
 * (make smpi builds platforms/costs.so; scripts/simulate.sh passes it to
 * smpirun as -platform, and the XML in MPIGAUGE_SMPI_XML).
 *
 * SimGrid 3.32's smpi/os, smpi/ois and smpi/or give a message's processor
 * cost by its size only, the same inside a host and between hosts.  The
 * thesis's pairwise overheads differ by host pair (that is what SSS
 * clusters), so this plug-in loads the XML and registers cost callbacks:
 * a send (blocking or not) costs the sender mpigauge/send-intra or
 * mpigauge/send-inter seconds, a receive costs the receiver
 * mpigauge/recv-intra or mpigauge/recv-inter, by whether the two hosts
 * are one.  The four are properties of the cluster in the XML (plain
 * seconds), so each platform file holds all its numbers.
 *
 * It also exports, for mpigauge's run.json and report, the platform file
 * (MPIGAUGE_SMPI_PLATFORM) and the settings that shape the results as
 * SimGrid holds them (MPIGAUGE_SMPI_SETTINGS). */
#include <simgrid/s4u.hpp>
#include <smpi/smpi.h>
#include <xbt/config.hpp>

#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace sg4 = simgrid::s4u;

namespace {

double cost(const sg4::Host* h, const char* key)
{
    const char* v = h->get_property(key);
    if (!v)
        throw std::runtime_error(std::string("platform has no property ") + key);
    char* end;
    double s = std::strtod(v, &end);
    if (*end || !(s >= 0))
        throw std::runtime_error(std::string(key) + " is not a time in seconds: " + v);
    return s;
}

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

std::string us(double seconds)
{
    char b[32];
    std::snprintf(b, sizeof b, "%g us", seconds * 1e6);
    return b;
}

}  // namespace

extern "C" void load_platform(const sg4::Engine& e)
{
    const char* xml = std::getenv("MPIGAUGE_SMPI_XML");
    xbt_assert(xml && *xml, "platforms/costs.so needs the platform XML in MPIGAUGE_SMPI_XML");
    e.load_platform(xml);
    auto hosts = e.get_all_hosts();
    xbt_assert(!hosts.empty(), "%s has no hosts", xml);
    const sg4::Host* h = hosts.front();
    double send_in = cost(h, "mpigauge/send-intra"), send_out = cost(h, "mpigauge/send-inter");
    double recv_in = cost(h, "mpigauge/recv-intra"), recv_out = cost(h, "mpigauge/recv-inter");
    auto send = [send_in, send_out](size_t, sg4::Host* src, sg4::Host* dst) {
        return src == dst ? send_in : send_out;
    };
    smpi_register_op_cost_callback(SmpiOperation::SEND, send);
    smpi_register_op_cost_callback(SmpiOperation::ISEND, send);
    smpi_register_op_cost_callback(SmpiOperation::RECV, [recv_in, recv_out](size_t, sg4::Host* src,
                                                                            sg4::Host* dst) {
        return src == dst ? recv_in : recv_out;
    });

    std::string s = "smpi/simulate-computation:" + setting<bool>("smpi/simulate-computation") +
                    " smpi/coll-selector:" + setting<std::string>("smpi/coll-selector") +
                    " smpi/reduce_scatter:" + setting<std::string>("smpi/reduce_scatter") +
                    " smpi/async-small-thresh:" + setting<int>("smpi/async-small-thresh") +
                    " smpi/send-is-detached-thresh:" + setting<int>("smpi/send-is-detached-thresh") +
                    " smpi/privatization:" + setting<std::string>("smpi/privatization") +
                    " smpi/lat-factor:" + setting<std::string>("smpi/lat-factor") +
                    " smpi/bw-factor:" + setting<std::string>("smpi/bw-factor") +
                    "; per message: send " + us(send_in) + " on a host, " + us(send_out) +
                    " between hosts; receive " + us(recv_in) + " on a host, " + us(recv_out) +
                    " between hosts";
    setenv("MPIGAUGE_SMPI_PLATFORM", xml, 1);
    setenv("MPIGAUGE_SMPI_SETTINGS", s.c_str(), 1);
}
