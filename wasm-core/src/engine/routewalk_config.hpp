#pragma once
// The route walk's part of a config (docs/engines.md, "Route walk"): switch delays and LAG links,
// packet counts, monitored mode, and the size estimate and limits of a walk. Engine routewalk's
// config hooks; the application engines, whose hit rates come from a walk, read the same fields
// through the functions below.
#include "config/experiment.hpp"
#include "engine/engines.hpp"

namespace switchlab {

// switch.delays_ns.* and switch.lag_links.
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
