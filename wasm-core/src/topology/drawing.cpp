#include "topology/drawing.hpp"

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "topology/link_bundles.hpp"

namespace switchlab {

nlohmann::json drawing_json(const Topology& t) {
  const nlohmann::json layout = t.layout();
  const uint32_t switches = t.num_switches();
  const uint16_t ports = t.ports_per_switch();
  const bool force = layout.value("type", "") == "force";
  const uint32_t max_switches = force ? kMaxForceSwitches : kMaxDrawnSwitches;
  // Sizes are checked before anything per switch is built.
  const bool drawn = switches <= max_switches && uint64_t{switches} * ports <= kMaxDrawnPorts;
  nlohmann::json out = {{"kind", t.kind()}, {"switches", switches}, {"nodes", t.num_nodes()},
                        {"ports_per_switch", ports}, {"layout", layout}, {"drawn", drawn},
                        {"max_switches", max_switches}, {"port_classes", t.port_classes()},
                        {"links", nullptr}, {"link_bundles", nullptr},
                        {"port_sets", nlohmann::json::array()}, {"switch_port_set", nlohmann::json::array()}};
  if (!drawn) return out;
  out["links"] = listed_links(t);
  // Rows of a layered drawing can still show links too many to list, counted between groups.
  if (layout.value("type", "") == "levels")
    out["link_bundles"] = link_bundles(t, layout["levels"].get<uint32_t>(), layout["per_level"].get<uint32_t>());
  // Ports as [name, class index] per switch; switches with the same list share it (every switch of
  // a torus has one), so the description grows with the distinct lists, not with the network.
  using PortList = std::vector<std::pair<std::string, uint8_t>>;
  std::map<PortList, size_t> index;
  nlohmann::json& sets = out["port_sets"];
  nlohmann::json& set_of = out["switch_port_set"];
  PortList list(ports);
  for (uint32_t sw = 0; sw < switches; ++sw) {
    for (uint16_t p = 0; p < ports; ++p) list[p] = {t.port_name(sw, p), t.port_class(sw, p)};
    const auto [at, added] = index.emplace(list, index.size());
    if (added) {
      nlohmann::json named = nlohmann::json::array();
      for (const auto& [name, cls] : list) named.push_back({name, cls});
      sets.push_back(std::move(named));
    }
    set_of.push_back(at->second);
  }
  return out;
}

}  // namespace switchlab
