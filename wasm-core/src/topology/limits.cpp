#include "topology/limits.hpp"

#include <cmath>

namespace switchlab {

std::string group_thousands(double count) {
  if (!(count < 1e18)) return format_number(count);  // beyond 64-bit integers: 1.2e+30
  std::string digits = std::to_string(static_cast<unsigned long long>(std::llround(count)));
  for (int i = static_cast<int>(digits.size()) - 3; i > 0; i -= 3) digits.insert(static_cast<size_t>(i), ",");
  return digits;
}

std::string with_node_limit(const std::string& doc) {
  return doc + "; at most " + group_thousands(static_cast<double>(kMaxTopologyNodes)) +
         " nodes in all (docs/topologies.md, Size limits)";
}

std::string over_limit(const TopologySize& size) {
  const struct {
    double need;
    uint64_t most;
    const char* what;
  } checks[] = {{size.nodes, kMaxTopologyNodes, "compute nodes"},
                {size.switches, kMaxTopologySwitches, "switches"},
                {size.switches * size.ports_per_switch, kMaxTopologyInputPorts, "input ports"},
                {size.links, kMaxTopologyLinks, "switch-to-switch links"}};
  for (const auto& c : checks)
    if (c.need > static_cast<double>(c.most))
      return "needs " + group_thousands(c.need) + " " + c.what + "; this build allows at most " +
             group_thousands(static_cast<double>(c.most));
  return std::string();
}

bool check_topology_size(Params& t, const char* field, const TopologySize& size,
                         const std::function<std::string()>& allowed) {
  const std::string over = over_limit(size);
  if (over.empty()) return true;
  t.errors().fail(t.field(field), "network too large: " + over, allowed());
  return false;
}

}  // namespace switchlab
