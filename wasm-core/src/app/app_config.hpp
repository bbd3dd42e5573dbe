#pragma once
// Inputs of the application time model (engine "app"; docs/models.md, "Application time model").
#include "common/params.hpp"

namespace switchlab::app {

struct AppConfig {
  double gflops = 100;      // node.gflops
  double link_gbps = 200;   // switch.link_gbps
  double hit_rate = 1;      // app.hit_rate: share of routing computations that hit
  bool simulate_hits = false;  // app.hit_rate_source "route_walk": each skeleton's own, simulated
  double overhead_ns = 0;   // app.overhead_ns: LogGP o, per message at the sender and at the receiver
};

// Reads node.*, switch.link_gbps and app.* (only for engine "app", so other engines' configs and
// ids stay as they were).
void parse_app_config(Params& root, Params& sw, AppConfig& out);

}  // namespace switchlab::app
