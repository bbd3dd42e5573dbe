#include "topology/limits.hpp"

namespace switchlab {

bool check_topology_size(Params& t, const char* field, const TopologySize& size) {
  const struct {
    double need;
    uint64_t most;
    const char* what;
  } checks[] = {{size.nodes, kMaxTopologyNodes, "compute nodes"},
                {size.switches, kMaxTopologySwitches, "switches"},
                {size.links, kMaxTopologyLinks, "switch-to-switch links"}};
  for (const auto& c : checks) {
    if (c.need <= static_cast<double>(c.most)) continue;
    const std::string most = std::to_string(c.most) + " " + c.what;
    t.errors().fail(t.field(field), "network too large: needs " + format_number(c.need) + " " + c.what +
                                        "; at most " + most, "a network of at most " + most);
    return false;
  }
  return true;
}

}  // namespace switchlab
