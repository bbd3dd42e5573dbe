#pragma once
// The route walk's part of a config (docs/engines.md, "Route walk"): switch delays and LAG links,
// packet counts, monitored mode, and the size estimate and limits of a walk. Engine routewalk's
// config hooks; the application engines, whose hit rates come from a walk, read the same fields
// through the functions below.
#include <cstdint>
#include <vector>

#include "config/engines.hpp"
#include "config/experiment.hpp"

namespace switchlab {

// Upper bound of traffic.packets and traffic.warmup_packets.
inline constexpr int64_t kMaxPackets = int64_t{2'000'000'000};

// Switch delays in picoseconds (integers, so latency sums and percentiles are exact and
// identical across builds). Config values are in ns.
struct Delays {
  int64_t rc_hit_ps, rc_miss_ps, rc_no_cache_ps, other_ps, link_ps;
};

// The route walk's section of an experiment (Experiment::sections), which the application engines'
// experiments carry too.
struct WalkConfig {
  Delays delays{};
  uint32_t lag_links = 1;  // links bundled per switch-to-switch connection (LAG)
  uint64_t warmup_packets = 0;
  uint64_t packets = 0;
  std::vector<uint32_t> monitored;  // monitored mode: the only switches whose caches are simulated
};

// The route walk's section of `ex`, which must have one (engines routewalk, app and smpi).
inline const WalkConfig& walk_config(const Experiment& ex) { return ex.sections.get<WalkConfig>(); }

// switch.delays_ns.* and switch.lag_links, into a new WalkConfig section of `ex`.
void parse_walk_switch(Params& sw, Experiment& ex);
// traffic.warmup_packets and traffic.packets.
void parse_walk_packets(Params& traffic, Experiment& ex);
// monitor.samples (monitored mode), once the topology and traffic are made.
void parse_monitor(Params& root, Experiment& ex);
// Fills ex.estimate for a walk; false, naming the field to change, for a run too large or whose
// latencies could overflow.
bool estimate_walk(Params& root, Experiment& ex);

const EngineConfigHooks& routewalk_config_hooks();

}  // namespace switchlab
