#pragma once
// traffic.pattern "npb" (docs/traffic.md): the messages of NPB skeletons (app/skeleton.hpp) with
// their ranks placed on compute nodes. The route-walk engine takes its destination stream; the
// application time model (engine "app") takes the whole workload.
#include <cstdint>
#include <vector>

#include "app/skeleton.hpp"
#include "traffic/traffic.hpp"

namespace switchlab::app {

struct NpbWorkload {
  std::vector<Skeleton> skeletons;    // one per benchmark, in the config's order
  std::vector<uint32_t> node_of_rank;  // placement
  uint64_t packet_bytes = 0;          // route walk: 0 = one look-up per message per switch
};

// The workload behind an "npb" traffic, or null for any other pattern.
const NpbWorkload* npb_workload(const Traffic& traffic);

}  // namespace switchlab::app
