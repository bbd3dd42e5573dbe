#pragma once
// traffic.pattern "mpi_trace": a loaded SimGrid TI trace (workload/ti_trace.hpp) with its ranks placed.
#include <cstdint>
#include <memory>
#include <vector>

#include "workload/ti_trace.hpp"
#include "traffic/traffic.hpp"

namespace switchlab::app {

struct MpiTraceWorkload {
  std::shared_ptr<const LoadedTrace> trace;  // held for the run, even if the store evicts it
  std::vector<uint32_t> node_of_rank;
  uint64_t packet_bytes = 0;  // route walk: 0 = one look-up per message per switch
};

// The workload behind an "mpi_trace" traffic, or null for any other pattern.
const MpiTraceWorkload* mpi_trace_workload(const Traffic& traffic);

}  // namespace switchlab::app
