// The cycle engine's routing computation shows the cache as the route walk's zero-load model says
// (issue "Core II": seed 001's torus numbers at low load agree with the route walk for the same
// delays). Seed 001 Table 1 case study 1 delays with the 20 ns link (docs/engines.md): RC 2 ns on a
// hit, 27 on a miss, 75 ns for the rest of the pipeline; at 1 GHz those are cycles. An 8x8x8 torus
// with 128-entry fully associative caches filled by the all-to-all prefetch (the 21^3 torus of the
// paper would need ~10^6 cycles of warm-up per port at low load; the relation is the same).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "test_run_util.hpp"

using json = nlohmann::json;

namespace {
const json kTopology = {{"kind", "torus"}, {"dims", {8, 8, 8}}};
const json kCache = {{"entries", 128}, {"ways", "full"}, {"prefetch", "all_to_all"}};

json route_walk() {
  return run_ok({{"seed", 1}, {"engine", "routewalk"}, {"topology", kTopology},
                 {"switch", {{"cache", kCache}, {"delays_ns", {{"rc_hit", 2}, {"rc_miss", 27}, {"rc_no_cache", 25}, {"other", 75}, {"link", 20}}}}},
                 {"traffic", {{"pattern", "uniform"}, {"packets", 200000}}}});
}

json cycle_at_low_load() {
  return run_ok({{"seed", 1}, {"engine", "cycle"}, {"topology", kTopology},
                 {"switch", {{"cache", kCache},
                             {"buffer", {{"organisation", "vc"}, {"vcs", 4}, {"flits_per_vc", 8}}},
                             {"pipeline_cycles", {{"rc_hit", 2}, {"rc_miss", 27}, {"rc_no_cache", 25}, {"va", 25}, {"sa", 25}, {"st", 25}}},
                             {"link_cycles", 20}, {"clock_ghz", 1.0}, {"cam", {{"shared", false}}}}},
                 {"traffic", {{"pattern", "uniform"}, {"injection", {{"process", "bernoulli"}, {"load", 0.002}}}, {"packet_flits", 1}}},
                 {"sim", {{"warmup_cycles", 2000}, {"measure_cycles", 20000}, {"drain_cycles", 20000}}}});
}
}  // namespace

TEST(CycleVsRouteWalk, LowLoadLatencyIsTheRouteWalksZeroLoadLatency) {
  const json rw = route_walk(), cy = cycle_at_low_load();
  const double h = cy["cache"]["hit_rate"], hops = cy["hops"]["mean"];
  // The prefetch warms the cycle engine's caches as the route walk's (it ignored the option before).
  EXPECT_NEAR(h, rw["cache"]["hit_rate"].get<double>(), 0.01);
  // The cycle run's own mean is the zero-load formula with its own hit rate and hops (queueing at
  // 0.002 flits/node/cycle adds well under 0.5 %): link + R (other + link) + R (h rc_hit + (1 - h) rc_miss).
  const double model = 20 + hops * (75 + 20) + hops * (h * 2 + (1 - h) * 27);
  EXPECT_NEAR(cy["latency_cycles"]["packet"]["mean"].get<double>(), model, 0.005 * model);
  // And it agrees with the route walk's zero-load latency for the same delays, in ns, within 1 %.
  const double rw_ns = rw["latency_ns"]["zero_load"]["mean"];
  EXPECT_NEAR(cy["latency_ns"]["packet"]["mean"].get<double>(), rw_ns, 0.01 * rw_ns);
}

// Without caches (`switch.cache: null`) the cycle engine counts its routing computations as
// look-ups and reports no hit rate, overall and per port class alike (it once said null overall
// but 0 per class). The route walk reports the same look-ups, with hit rate 0 (a conventional
// switch: every look-up goes to the CAM).
TEST(CycleVsRouteWalk, WithoutCachesLookUpsAreCountedAndNoHitRateIsReported) {
  const json topology = {{"kind", "mesh"}, {"dims", {4, 4}}};
  const json rw = run_ok({{"engine", "routewalk"}, {"topology", topology}, {"switch", {{"cache", nullptr}}},
                          {"traffic", {{"pattern", "uniform"}, {"packets", 1000}}}});
  const json cy = run_ok({{"engine", "cycle"}, {"topology", topology}, {"switch", {{"cache", nullptr}}},
                          {"traffic", {{"pattern", "uniform"}, {"injection", {{"load", 0.1}}}}},
                          {"sim", {{"warmup_cycles", 200}, {"measure_cycles", 1000}, {"drain_cycles", 1000}}}});
  const json& c = cy["cache"];
  EXPECT_FALSE(c["enabled"].get<bool>());
  EXPECT_GT(c["lookups"].get<uint64_t>(), 0u);
  EXPECT_EQ(c["hits"].get<uint64_t>(), 0u);
  EXPECT_TRUE(c["hit_rate"].is_null());
  ASSERT_EQ(c["by_port_class"].size(), rw["cache"]["by_port_class"].size());
  for (const auto& [cls, v] : c["by_port_class"].items()) {
    EXPECT_GT(v["lookups"].get<uint64_t>(), 0u) << cls;
    EXPECT_TRUE(v["hit_rate"].is_null()) << cls;
  }
  EXPECT_EQ(rw["cache"]["hit_rate"], json(0.0));
}
