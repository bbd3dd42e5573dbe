#include "topology/registry.hpp"

#include <algorithm>

namespace switchlab {
namespace {
std::vector<TopologyInfo>& table() {
  static std::vector<TopologyInfo> t;
  return t;
}
}  // namespace

const std::vector<TopologyInfo>& topology_kinds() { return table(); }

TopologyRegistrar::TopologyRegistrar(TopologyInfo info) {
  auto& t = table();
  t.push_back(std::move(info));
  // Registration order depends on link order; keep listings stable.
  std::sort(t.begin(), t.end(), [](const TopologyInfo& a, const TopologyInfo& b) { return a.kind < b.kind; });
}

std::unique_ptr<Topology> make_topology(Params& topology, Params& routing) {
  std::vector<std::string> kinds;
  for (const auto& t : table()) kinds.push_back(t.kind);
  const std::string kind = topology.choice("kind", std::string("torus"), kinds, "Topology family");
  if (!topology.errors().ok()) return nullptr;
  for (const auto& t : table())
    if (t.kind == kind) return t.make(topology, routing);
  return nullptr;
}

}  // namespace switchlab
