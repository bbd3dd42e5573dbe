#pragma once
// One cycle-level simulation of the whole network at one offered load (docs/engines.md, "Cycle
// engine"): flits, credit-based flow control, the RC/VA/SA/ST pipeline and link cycles, BookSim's
// warm-up / measured window / drain. Advanced in steps so callers can show progress and cancel;
// the outcome does not depend on the step sizes.
#include <cstdint>
#include <memory>

#include <nlohmann/json.hpp>

#include "config/experiment.hpp"

namespace switchlab {

// What one run measured, for the latency-load curve.
struct LoadPoint {
  double offered = 0, accepted = 0;  // flits/node/cycle
  double latency_mean = 0;           // cycles (packet latency), 0 when nothing was delivered
  uint64_t delivered = 0;            // measured packets delivered
  bool saturated = false;
};

class CycleNetwork {
 public:
  CycleNetwork(const Experiment& ex, double load);  // `ex` must outlive the run
  // Bytes a network of this config allocates when built (flit rings, queue state, allocators),
  // for the run's memory estimate; packets and sources come on top.
  static double setup_bytes(const Experiment& ex);
  ~CycleNetwork();
  // Simulates up to `cycles` more cycles; returns the cycles left at most (0 when done).
  uint64_t advance(uint64_t cycles);
  LoadPoint point() const;
  // The result's throughput, latency, hops, cache, cam and run sections.
  nlohmann::json report() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace switchlab
