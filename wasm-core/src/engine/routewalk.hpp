#pragma once
// Route-walk cache engine (docs/engines.md): no contention. Every packet's path is walked and the
// cache of each input port it crosses is looked up (and filled on a miss). Streams packets: memory
// is the caches (allocated on first touch) plus per-port counters, never per-packet storage.
#include <memory>

#include <nlohmann/json.hpp>

#include "config/experiment.hpp"
#include "engine/run.hpp"

namespace switchlab {

class RouteWalk;

// The engine's registered name, for the engines that run a walk of their own config (engine app's
// simulated hit rates).
inline constexpr const char* kRouteWalkEngine = "routewalk";

// Work units are packets.
class RouteWalkRun final : public EngineRun {
 public:
  explicit RouteWalkRun(const Experiment& ex);  // `ex` must outlive the run
  ~RouteWalkRun() override;
  uint64_t total() const override;
  const char* work_unit() const override { return "packets"; }
  // Routes up to `packets` more packets; returns the packets left (0 when done).
  uint64_t advance(uint64_t packets) override;
  // The result's "cache", "latency_ns", "packets" (and "lag") sections.
  nlohmann::json report() const override;
  // Bytes of its state as allocated: caches, 3C shadows, per-port counters, routing tables. What
  // prepare()'s summary.memory_bytes bounds from above (tests hold the estimate to it).
  double state_bytes() const;

 private:
  std::unique_ptr<RouteWalk> impl_;
};

}  // namespace switchlab
