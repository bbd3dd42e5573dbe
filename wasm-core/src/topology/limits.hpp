#pragma once
// Size before build: every topology factory computes its size from its parameters (arithmetic
// only) and checks it here BEFORE constructing anything, so that validating any config stays
// small and fast.
// The limits are the core's; a server may set lower caps on prepare()'s summary.
#include <cstdint>
#include <string>

#include "common/params.hpp"

namespace switchlab {

constexpr uint64_t kMaxTopologyNodes = uint64_t{1} << 20;     // compute nodes
constexpr uint64_t kMaxTopologySwitches = uint64_t{1} << 20;  // switches
constexpr uint64_t kMaxTopologyLinks = uint64_t{1} << 21;     // switch-to-switch links (a 1024 x 1024 torus)

// Link-by-link lists in describe() (for drawings) stop here: ~300 B each through prepare().
constexpr uint64_t kMaxDescribedLinks = uint64_t{1} << 18;

struct TopologySize {
  double nodes, switches, links;  // double: products of user parameters may exceed 64 bits
};

// Reports the first quantity over its limit against `field` ("needs N nodes; at most M") and
// returns false; true when the network fits.
bool check_topology_size(Params& t, const char* field, const TopologySize& size);

}  // namespace switchlab
