#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "switchlab/api.hpp"
#include "topology/kary_ncube.hpp"

using json = nlohmann::json;
using namespace switchlab;

namespace {
json run(const json& config) { return json::parse(run_json(config.dump())); }
json base() {
  return {{"seed", 5},
          {"topology", {{"kind", "torus"}, {"dims", {6, 6}}}},
          {"switch", {{"cache", {{"entries", 16}, {"ways", 4}}}}},
          {"traffic", {{"packets", 5000}}}};
}
}  // namespace

TEST(RouteWalkOptions, TorusTranslationMovesRoutesOntoRoutes) {
  KaryNCube t({5, 4}, {true, true}, 2);
  EXPECT_TRUE(t.translation_symmetric());
  EXPECT_FALSE(KaryNCube({5, 4}, {true, false}, 1).translation_symmetric());
  // Switch 7 = (2,1) onto switch 0: node 2*7+1 (local 1) becomes node 1.
  EXPECT_EQ(t.translate(15, 7, 0), 1u);
  // (4,3) shifted by (-2,-1) = (2,2) -> switch 12, local 0 -> node 24.
  EXPECT_EQ(t.translate(2 * 19, 7, 0), 24u);
}

TEST(RouteWalkOptions, PrefetchAllToAllFillsEveryReachableEntry) {
  json cfg = base();
  cfg["switch"]["cache"] = {{"entries", 64}, {"ways", "full"}, {"prefetch", "all_to_all"}};
  const json c = run(cfg)["cache"];
  EXPECT_EQ(c["hit_rate"], 1.0);  // 36 destinations fit in 64 entries
  EXPECT_EQ(c["misses"]["compulsory"], 0);
  // 36*35 ordered pairs, one look-up per switch on the route.
  EXPECT_GT(c["prefetch_lookups"].get<uint64_t>(), 36u * 35);
}

TEST(RouteWalkOptions, SharedSwitchCacheHasOneCachePerSwitch) {
  json cfg = base();
  cfg["switch"]["cache"]["scope"] = "switch";
  const json c = run(cfg)["cache"];
  EXPECT_EQ(c["scope"], "switch");
  EXPECT_LE(c["occupancy"]["caches_used"].get<uint64_t>(), 36u);
  EXPECT_EQ(c["by_port_class"]["injection"]["lookups"], 5000);
}

TEST(RouteWalkOptions, LagSpreadsDestinationsOverLinks) {
  json cfg = base();
  cfg["switch"]["lag_links"] = 4;
  cfg["topology"]["dims"] = {16, 16};
  cfg["traffic"]["packets"] = 50000;
  const json lag = run(cfg)["lag"];
  EXPECT_EQ(lag["links"], 4);
  uint64_t total = 0;
  for (auto& n : lag["packets_per_link"]) total += n.get<uint64_t>();
  const json r = run(cfg);
  // One link choice per switch-to-switch hop: (switches - 1) per packet.
  EXPECT_NEAR(static_cast<double>(total), (r["packets"]["mean_switches"].get<double>() - 1) * 50000, 1e-6 * total);
  EXPECT_LT(lag["max_over_mean"].get<double>(), 1.1);  // 256 destinations, CRC spreads them
}

TEST(RouteWalkOptions, MonitoredModeNeedsATorusAndUniformTraffic) {
  json cfg = base();
  cfg["monitor"] = {{"samples", 9}};  // a 6x6 torus route has at most 7 routing computations
  json r = run(cfg);
  EXPECT_EQ(r["cache"]["monitored_switches"], json::array({0, 4, 8, 12, 16, 20, 24, 28, 32}));
  EXPECT_EQ(r["cache"]["by_switch"].size(), 9u);
  EXPECT_EQ(r["cache"]["by_port_class"]["injection"]["lookups"], 5000);
  cfg["monitor"]["samples"] = 6;
  json e = json::parse(validate_json(cfg.dump()));
  EXPECT_EQ(e["field"], "monitor.samples");
  EXPECT_NE(e["message"].get<std::string>().find("[7, 36]"), std::string::npos);
  cfg["monitor"]["samples"] = 9;
  cfg["topology"]["kind"] = "mesh";
  EXPECT_EQ(json::parse(validate_json(cfg.dump()))["field"], "monitor.samples");
}

TEST(RouteWalkOptions, MonitoredModeMatchesFullSimulationInDistribution) {
  // Same network, full vs one monitored switch: per-class hit rates agree within 1.5 points
  // (both are estimates of the same stationary hit probability).
  json cfg = base();
  cfg["topology"]["dims"] = {9, 9};
  cfg["switch"]["cache"] = {{"entries", 16}, {"ways", "full"}};
  cfg["traffic"] = {{"packets", 300000}, {"warmup_packets", 100000}};
  const json full = run(cfg)["cache"]["by_port_class"];
  cfg["monitor"] = {{"samples", 9}};
  const json mon = run(cfg)["cache"]["by_port_class"];
  for (const char* cls : {"injection", "dim0", "dim1"})
    EXPECT_NEAR(full[cls]["hit_rate"].get<double>(), mon[cls]["hit_rate"].get<double>(), 0.015) << cls;
}

TEST(RouteWalkOptions, OversizedCachesAreRejectedBeforeRunning) {
  json cfg = base();
  cfg["topology"]["dims"] = {32, 32, 32};
  cfg["switch"]["cache"] = {{"entries", 16384}, {"ways", 16}};  // dense: 229,376 caches x 64 KB = 15 GB
  cfg["traffic"]["packets"] = 1000000;                         // touches at most 49 M sets: stored sparsely, fits
  EXPECT_EQ(validate_json(cfg.dump()), "");
  cfg["switch"]["cache"]["entries"] = 65536;  // dense 60 GB; 196 M look-ups' sets would be 35 GB: too much
  cfg["traffic"]["packets"] = 4000000;        // either way, and it is the packets that make it so
  json e = json::parse(validate_json(cfg.dump()));
  EXPECT_EQ(e["field"], "traffic.packets") << e.dump();
  EXPECT_NE(e["message"].get<std::string>().find("monitored mode"), std::string::npos);
  cfg["switch"]["cache"]["entries"] = 8192;  // dense 7.5 GB, fewer bytes than the sets 4.9 G look-ups touch
  cfg["traffic"]["packets"] = 100000000;     // so dense storage, too big: the entries are named
  e = json::parse(validate_json(cfg.dump()));
  EXPECT_EQ(e["field"], "switch.cache.entries") << e.dump();
}

// A network with far more cache state than a run touches keeps only the sets looked up: same
// result as dense storage, a fraction of the memory.
TEST(RouteWalkOptions, SparseCacheStorageGivesTheDenseResult) {
  json cfg = base();
  cfg["topology"]["dims"] = {64, 64, 64};
  cfg["switch"]["cache"] = {{"entries", 65536}, {"ways", 16}};  // 480 GB dense
  const json p = json::parse(prepare_json(cfg.dump()));
  EXPECT_LT(p["summary"]["memory_bytes"].get<double>(), 1e9) << p.dump();
  const json sparse = run(cfg);
  EXPECT_EQ(sparse["cache"]["lookups"], sparse["cache"]["misses"]["total"].get<uint64_t>() + sparse["cache"]["hits"].get<uint64_t>());
  EXPECT_GT(sparse["cache"]["hits"].get<uint64_t>(), 0u);
}

TEST(RouteWalkOptions, PerPortOutputAddsUpToTheSwitchTotals) {
  json cfg = base();
  cfg["output"] = {{"per_port", true}};
  const json c = run(cfg)["cache"];
  ASSERT_EQ(c["by_port"].size(), 36u);
  uint64_t lookups = 0, hits = 0;
  for (const auto& sw : c["by_port"]) {
    ASSERT_EQ(sw.size(), 5u);  // injection + 4 torus ports
    for (size_t i = 0; i < sw.size(); ++i) {
      lookups += sw[i][0].get<uint64_t>();
      hits += sw[i][1].get<uint64_t>();
      // Torus ports: [0, c) injection, then dim0 +, dim0 -, dim1 +, dim1 -.
      EXPECT_EQ(c["port_classes"][sw[i][2].get<size_t>()], i == 0 ? "injection" : i < 3 ? "dim0" : "dim1");
    }
  }
  EXPECT_EQ(lookups, c["lookups"].get<uint64_t>());
  EXPECT_EQ(hits, c["hits"].get<uint64_t>());
  EXPECT_FALSE(run(base())["cache"].contains("by_port"));
}

TEST(RouteWalkOptions, ResultCarriesModelsAtTheSimulatedMissRate) {
  // cost.method fit: CACTI 7 organises no 16-entry 4-way array, so the exact method gives this
  // cache no energy (and the model no CACTI variant); the fit's fallback figures do.
  json cfg = base();
  cfg["cost"] = {{"method", "fit"}};
  const json r = run(cfg);
  const double miss = 1.0 - r["cache"]["hit_rate"].get<double>();
  const json& m = r["models"];
  EXPECT_DOUBLE_EQ(m["routing_throughput"]["inputs"]["miss_rate"].get<double>(), miss);
  EXPECT_DOUBLE_EQ(m["lookup_power_published"]["inputs"]["cache_energy_nJ"].get<double>(), 0.039);
  // The CACTI variant takes its energies from this run's cost section.
  EXPECT_DOUBLE_EQ(m["lookup_power_cacti"]["inputs"]["cam_energy_nJ"].get<double>(),
                   r["cost"]["cam"]["search_energy_nJ"].get<double>());
  EXPECT_EQ(m["lookup_power_cacti"]["provenance"]["inputs.cache_energy_nJ"], "CACTI-7 fit, 45 nm");
}

TEST(RouteWalkOptions, SteppedSimulationGivesTheSameResult) {
  json cfg = base();
  cfg["traffic"]["warmup_packets"] = 700;
  cfg["switch"]["cache"]["prefetch"] = "all_to_all";
  json whole = run(cfg);
  Simulation sim(cfg.dump());
  ASSERT_EQ(sim.error(), "");
  double progress = 0;
  int steps = 0;
  while (progress < 1.0) {
    const double p = sim.step(333);
    ASSERT_GT(p, progress);
    progress = p;
    ++steps;
  }
  EXPECT_EQ(steps, (5000 + 700 + 332) / 333);
  json stepped = json::parse(sim.result());
  whole.erase("wall_time_s");
  stepped.erase("wall_time_s");
  EXPECT_EQ(whole, stepped);
  EXPECT_EQ(json::parse(Simulation(R"({"seed":-1})").error())["field"], "seed");
}
