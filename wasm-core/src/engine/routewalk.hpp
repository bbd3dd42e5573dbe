#pragma once
// Route-walk cache engine (docs/engines.md): no contention. Every packet's path is walked and the
// cache of each input port it crosses is looked up (and filled on a miss). Streams packets: memory
// is the caches (allocated on first touch) plus per-port counters, never per-packet storage.
#include <memory>

#include <nlohmann/json.hpp>

#include "config/experiment.hpp"

namespace switchlab {

class RouteWalk;

// One run, advanced in steps so callers can show progress and cancel between them (the browser's
// worker). The outcome does not depend on the step sizes.
class RouteWalkRun {
 public:
  explicit RouteWalkRun(const Experiment& ex);  // `ex` must outlive the run
  ~RouteWalkRun();
  // Routes up to `packets` more packets; returns the packets left (0 when done).
  uint64_t advance(uint64_t packets);
  // The result's "cache", "latency_ns", "packets" (and "lag") sections.
  nlohmann::json report() const;

 private:
  std::unique_ptr<RouteWalk> impl_;
};

}  // namespace switchlab
