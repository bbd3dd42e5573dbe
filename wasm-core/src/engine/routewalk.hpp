#pragma once
// Route-walk cache engine (DESIGN.md 2.4 #1): no contention. Every packet's path is walked and the
// cache of each input port it crosses is looked up (and filled on a miss). Streams packets: memory
// is the caches (allocated on first touch) plus per-port counters, never per-packet storage.
#include <nlohmann/json.hpp>

#include "config/experiment.hpp"

namespace switchlab {

// Runs the experiment and returns the result's "cache", "latency_ns" and "packets" sections.
nlohmann::json run_routewalk(const Experiment& ex);

}  // namespace switchlab
