#pragma once
// traffic.pattern "npb" (docs/traffic.md): the messages of NPB skeletons (workload/skeleton.hpp) with
// their ranks placed on compute nodes. The route-walk engine takes its destination stream; the
// application time model (engine "app") takes the whole workload.
#include <cstdint>
#include <string>
#include <vector>

#include "workload/skeleton.hpp"
#include "traffic/traffic.hpp"

namespace switchlab::app {

struct NpbWorkload {
  std::vector<Skeleton> skeletons;    // one per benchmark, in the config's order
  std::vector<uint32_t> node_of_rank;  // placement
  uint64_t packet_bytes = 0;          // route walk: 0 = one look-up per message per switch
};

// The workload behind an "npb" traffic, or null for any other pattern.
const NpbWorkload* npb_workload(const Traffic& traffic);

// Rank placement, shared by the patterns that run an MPI application on the whole machine (npb,
// mpi_trace): the fields placement and dim_order of `p` (traffic.npb, traffic.mpi_trace) and
// traffic.pattern_seed.
struct Placement {
  std::string kind;  // linear | random | by_dimension
  std::vector<int64_t> dim_order;
  uint64_t seed = 1;
};
Placement read_placement(Params& traffic, Params& p);
// The node of each of `ranks` ranks (ranks <= the topology's nodes); false with an error naming
// p's field when the placement does not fit the topology.
bool place_ranks(Params& traffic, Params& p, const Placement& placement, const Topology& topo, uint32_t ranks,
                 std::vector<uint32_t>& node_of_rank);
// p.packet_bytes: packets per message in the route walk (0: one look-up per message and switch).
uint64_t read_packet_bytes(Params& p);

}  // namespace switchlab::app
