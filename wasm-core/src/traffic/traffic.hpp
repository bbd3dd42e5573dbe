#pragma once
// Traffic patterns produce (source, destination) compute-node pairs, one packet at a time, from
// the project's RNG. They are registered by name (`traffic.pattern`) with their own parameters.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common/params.hpp"
#include "common/rng.hpp"
#include "topology/topology.hpp"

namespace switchlab {

class Traffic {
 public:
  virtual ~Traffic() = default;
  // Next packet's endpoints; src != dst.
  virtual void next(Rng& rng, uint32_t& src, uint32_t& dst) = 0;
};

using TrafficFactory = std::unique_ptr<Traffic> (*)(Params& traffic, const Topology& topo);

struct TrafficInfo {
  std::string pattern;
  std::string doc;
  TrafficFactory make;
};

const std::vector<TrafficInfo>& traffic_patterns();

struct TrafficRegistrar {
  explicit TrafficRegistrar(TrafficInfo info);
};

// Reads traffic.pattern and dispatches to the registered factory.
std::unique_ptr<Traffic> make_traffic(Params& traffic, const Topology& topo);

}  // namespace switchlab
