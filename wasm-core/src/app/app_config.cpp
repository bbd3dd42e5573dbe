#include "app/app_config.hpp"

namespace switchlab::app {

void parse_app_config(Params& root, Params& sw, bool smpi_replay, Experiment& ex) {
  AppConfig& out = ex.sections.add<AppConfig>();
  // Defaults: seed 000 Table 1 (100 GFlops per core) and seed 001 Sec. 5.1 (200 Gb/s links).
  out.link_gbps = sw.number("link_gbps", {200, 0.001, 1e6, "Gb/s", "Link bandwidth, each direction (engine app)"});
  Params node = root.child("node", "Compute node (engine app)");
  out.gflops = node.number("gflops", {100, 1e-6, 1e9, "GFlop/s", "Flop rate of one node (one rank per node)"});
  node.reject_unknown();
  Params a = root.child("app", "Application time model (engine app)");
  out.hit_rate = a.number("hit_rate", {1, 0, 1, "fraction",
                                       "Share of routing computations that hit the cache: 1 = no misses (seed 001 "
                                       "Sec. 5.1, after an all-to-all warm-up); a route-walk run with traffic.pattern "
                                       "npb gives the skeleton's own"});
  out.simulate_hits = a.choice("hit_rate_source", "value", {"value", "route_walk"},
                               "value: app.hit_rate for every benchmark; route_walk: each benchmark's hit rate from "
                               "a route walk of one whole run of its skeleton on these caches (cold misses "
                               "included; traffic.npb.packet_bytes applies)") == "route_walk";
  out.overhead_ns = a.number("overhead_ns", {0, 0, 1e9, "ns", "LogGP overhead o: per message at the sender and again at the receiver"});
  if (smpi_replay) {
    const std::string replay = a.choice(
        "smpi_replay", "auto", {"auto", "full", "extrapolate"},
        "full: SMPI replays every iteration (refused when the traces exceed the line limit); extrapolate: "
        "it replays each block repeated more than 2k times k and 2k times and extrapolates the run time "
        "linearly in the repeats; auto: full when the traces fit, else extrapolate");
    out.smpi_replay = replay == "full"          ? AppConfig::SmpiReplay::kFull
                      : replay == "extrapolate" ? AppConfig::SmpiReplay::kExtrapolate
                                                : AppConfig::SmpiReplay::kAuto;
    out.smpi_sample_repeats = static_cast<uint32_t>(
        a.integer("smpi_sample_repeats", {8, 1, 1000, "repeats", "k: repeats of each long block an extrapolated SMPI replay samples (k and 2k)"}));
  }
  a.reject_unknown();
}

}  // namespace switchlab::app
