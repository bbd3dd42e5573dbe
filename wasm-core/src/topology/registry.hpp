#pragma once
// Topologies are registered by name (the config's `topology.kind`) together with a factory that
// reads and validates their own parameters and routing options. Each implementation file holds
// a TopologyRegistrar; there is no central if/else list.
#include <memory>
#include <string>
#include <vector>

#include "common/params.hpp"
#include "topology/topology.hpp"

namespace switchlab {

// Reads `topology.*` (except kind) and `routing.*`; reports bad fields to the Params' sink and
// returns nullptr then.
using TopologyFactory = std::unique_ptr<Topology> (*)(Params& topology, Params& routing);

struct TopologyInfo {
  std::string kind;
  std::string doc;
  TopologyFactory make;
};

const std::vector<TopologyInfo>& topology_kinds();

struct TopologyRegistrar {
  explicit TopologyRegistrar(TopologyInfo info);
};

// Reads topology.kind and dispatches to the registered factory.
std::unique_ptr<Topology> make_topology(Params& topology, Params& routing);

}  // namespace switchlab
