#pragma once
// Size before build (docs/topologies.md, "Size limits"): every topology factory computes the size
// of the network its parameters describe by arithmetic alone and checks it here before anything
// is constructed, so that validating any config stays fast and small. The limits are the core's,
// the same in all three builds; a server may set lower caps on prepare()'s summary.
#include <cstdint>
#include <functional>
#include <string>

#include "common/params.hpp"

namespace switchlab {

constexpr uint64_t kMaxTopologyNodes = uint64_t{1} << 20;       // compute nodes (a 1024 x 1024 torus)
constexpr uint64_t kMaxTopologySwitches = uint64_t{1} << 20;    // switches
constexpr uint64_t kMaxTopologyInputPorts = uint64_t{1} << 25;  // switches x ports per switch (16 B of counters each)
constexpr uint64_t kMaxTopologyLinks = uint64_t{1} << 23;       // switch-to-switch links

// Doubles: products of user parameters may exceed 64 bits before they are checked.
struct TopologySize {
  double nodes, switches, ports_per_switch, links;
};

// What exceeds a limit ("needs 16,777,216 compute nodes; this build allows at most 1,048,576"),
// or "" when `size` is within every limit.
std::string over_limit(const TopologySize& size);

// Reports the first quantity over its limit against `field`, with `allowed()` (the values of that
// field that fit, given the others; asked only then), and returns false; true when the network fits.
bool check_topology_size(Params& t, const char* field, const TopologySize& size,
                         const std::function<std::string()>& allowed);

// The largest v in [lo, hi] whose size_at(v) fits (sizes grow with v), or lo - 1 if none does.
template <class SizeAt>
int64_t largest_fitting(int64_t lo, int64_t hi, SizeAt size_at) {
  int64_t v = lo - 1;
  while (v < hi && over_limit(size_at(v + 1)).empty()) ++v;
  return v;
}

// 1048576 -> "1,048,576" (counts in messages).
std::string group_thousands(double count);

// A parameter's doc followed by the node limit, for the schema of the fields that set the size.
std::string with_node_limit(const std::string& doc);

}  // namespace switchlab
