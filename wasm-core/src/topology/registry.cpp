#include "topology/registry.hpp"

#include "common/registry.hpp"

namespace switchlab {
namespace {
using Table = Registry<TopologyInfo, &TopologyInfo::kind>;
}  // namespace

const std::vector<TopologyInfo>& topology_kinds() { return Table::all(); }

TopologyRegistrar::TopologyRegistrar(TopologyInfo info) { Table::add(std::move(info)); }

std::unique_ptr<Topology> make_topology(Params& topology, Params& routing) {
  const std::string kind = topology.choice("kind", std::string("torus"), Table::names(), "Topology family");
  if (!topology.errors().ok()) return nullptr;
  std::unique_ptr<Topology> t = Table::find(kind)->make(topology, routing);
  if (t) t->set_kind(kind);
  return t;
}

}  // namespace switchlab
