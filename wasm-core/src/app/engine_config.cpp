#include "app/engine_config.hpp"

#include "app/app_config.hpp"

#include "workload/mpi_trace_traffic.hpp"
#include "workload/npb_traffic.hpp"
#include "app/smpi_export.hpp"
#include "engine/routewalk_config.hpp"

namespace switchlab::app {
namespace {

template <bool smpi_replay>
void switch_fields(Params& root, Params& sw, Experiment& ex) {
  parse_walk_switch(sw, ex);
  parse_app_config(root, sw, smpi_replay, ex);
}

// One application on the whole machine: NPB skeletons or a loaded MPI trace.
void check_workload(Params& traffic, Experiment& ex, ErrorSink& errors) {
  if (!errors.ok()) return;
  if (traffic.present("jobs") && !traffic.is_null("jobs"))
    errors.fail("traffic.jobs", "engine " + ex.engine + " runs one application on the whole machine; job mixes of "
                "skeletons run in the route walk and the cycle engine", "null or absent");
  else if (!npb_workload(*ex.traffic) && !mpi_trace_workload(*ex.traffic))
    errors.fail("traffic.pattern", "engine " + ex.engine + " needs traffic.pattern npb (the application skeletons) or "
                "mpi_trace (a loaded MPI trace)", "npb or mpi_trace");
}

void finish_app(Params& root, Params& traffic, Experiment& ex) {
  check_workload(traffic, ex, root.errors());
  parse_monitor(root, ex);
}

void finish_smpi(Params& root, Params& traffic, Experiment& ex) {
  check_workload(traffic, ex, root.errors());
  if (root.errors().ok()) check_smpi_limits(ex, root.errors());
  parse_monitor(root, ex);
}

// The application's messages, not traffic.packets.
void summary(const Experiment& ex, json& s) {
  const json npb = ex.traffic->describe();
  double bytes = 0;
  if (const auto* w = npb_workload(*ex.traffic))
    for (const auto& sk : w->skeletons) bytes += sk.bytes();
  else
    bytes = mpi_trace_workload(*ex.traffic)->trace->summary["bytes"].get<double>();
  s["messages"] = npb["messages_per_pass"];
  s["bytes"] = bytes;
  // Look-ups happen only when each skeleton's hit rate comes from a route walk of one pass.
  const bool walks = ex.cache.enabled && app_config(ex).simulate_hits;
  s["lookups"] = walks ? npb["packets_per_pass"].get<double>() * ex.topology->max_hops() : 0.0;
}

}  // namespace

const EngineConfigHooks& app_config_hooks() {
  static const EngineConfigHooks hooks{switch_fields<false>, nullptr, parse_walk_packets, finish_app, estimate_walk, summary};
  return hooks;
}

const EngineConfigHooks& smpi_config_hooks() {
  static const EngineConfigHooks hooks{switch_fields<true>, nullptr, parse_walk_packets, finish_smpi, estimate_walk, summary};
  return hooks;
}

}  // namespace switchlab::app
