#pragma once
// Inputs of the application time model (engine "app"; docs/models.md, "Application time model").
#include <string>

#include "common/params.hpp"
#include "config/experiment.hpp"

namespace switchlab::app {

struct AppConfig {
  double gflops = 100;      // node.gflops
  double link_gbps = 200;   // switch.link_gbps
  double hit_rate = 1;      // app.hit_rate: share of routing computations that hit
  bool simulate_hits = false;  // app.hit_rate_source "route_walk": each skeleton's own, simulated
  double overhead_ns = 0;   // app.overhead_ns: LogGP o, per message at the sender and at the receiver
  // Engine smpi only (app/smpi_export.hpp, "replay plan"): replay every iteration, or sample
  // repeats and extrapolate; "auto" samples only when the whole run exceeds the trace limit.
  enum class SmpiReplay { kAuto, kFull, kExtrapolate } smpi_replay = SmpiReplay::kAuto;
  uint32_t smpi_sample_repeats = 8;  // app.smpi_sample_repeats: k of the k and 2k sampled repeats
};

// The application engines' section of `ex` (Experiment::sections), or null for another engine's.
inline const AppConfig* find_app_config(const Experiment& ex) { return ex.sections.find<AppConfig>(); }
inline const AppConfig& app_config(const Experiment& ex) { return ex.sections.get<AppConfig>(); }

// Reads node.*, switch.link_gbps and app.* into a new AppConfig section of `ex` (engines app and
// smpi, the same system replayed by SimGrid; other engines' configs and ids stay as they were),
// and the SMPI replay fields with `smpi_replay` (engine smpi's only, likewise).
void parse_app_config(Params& root, Params& sw, bool smpi_replay, Experiment& ex);

}  // namespace switchlab::app
