#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "switchlab/api.hpp"

using json = nlohmann::json;
using namespace switchlab;

namespace {
json run(const json& config) { return json::parse(run_json(config.dump())); }
json torus(int k, int n, json cache, uint64_t packets, uint64_t warmup = 0) {
  return {{"seed", 9},
          {"topology", {{"kind", "torus"}, {"dims", std::vector<int>(n, k)}}},
          {"switch", {{"cache", cache}, {"delays_ns", {{"rc_hit", 1}, {"rc_miss", 10}, {"rc_no_cache", 10}, {"other", 50}, {"link", 20}}}}},
          {"traffic", {{"packets", packets}, {"warmup_packets", warmup}}}};
}
}  // namespace

TEST(RouteWalk, CountsAreConsistent) {
  const json r = run(torus(5, 2, {{"entries", 8}, {"ways", 2}}, 5000));
  const json& c = r["cache"];
  uint64_t sum = 0;
  for (auto& [k, v] : c["by_port_class"].items()) sum += v["lookups"].get<uint64_t>();
  EXPECT_EQ(sum, c["lookups"].get<uint64_t>());
  EXPECT_EQ(c["by_port_class"]["injection"]["lookups"], 5000);
  const json& m = c["misses"];
  EXPECT_EQ(m["compulsory"].get<uint64_t>() + m["capacity"].get<uint64_t>() + m["conflict"].get<uint64_t>(),
            c["lookups"].get<uint64_t>() - c["hits"].get<uint64_t>());
  // Mean switches per packet on a 5x5 torus under uniform traffic: 1 + 2 * (2*1+2*2)/5 * 25/24.
  EXPECT_NEAR(r["packets"]["mean_switches"].get<double>(), 1 + 2.0 * 1.2 * 25 / 24, 0.05);
}

TEST(RouteWalk, NoCapacityOrConflictMissesWhenEverythingFits) {
  // 16 destinations, 64-entry 4-way caches: only compulsory misses, one per (port, destination).
  const json r = run(torus(4, 2, {{"entries", 64}, {"ways", 4}}, 20000));
  EXPECT_EQ(r["cache"]["misses"]["capacity"], 0);
  EXPECT_EQ(r["cache"]["misses"]["conflict"], 0);
  EXPECT_LE(r["cache"]["misses"]["compulsory"].get<uint64_t>(), 16u * 5 * 16);
}

TEST(RouteWalk, WarmupLookupsAreNotCounted) {
  const json r = run(torus(4, 2, {{"entries", 64}, {"ways", 4}}, 1000, 50000));
  EXPECT_EQ(r["cache"]["hit_rate"], 1.0);  // warm-up brought every destination in
  // Zero-load latency with all hits: switches*(1+50) + (switches+1)*20 ns.
  const double mean_sw = r["packets"]["mean_switches"].get<double>();
  EXPECT_NEAR(r["latency_ns"]["zero_load"]["mean"].get<double>(), mean_sw * 51 + (mean_sw + 1) * 20, 1e-9);
}

TEST(RouteWalk, SwitchableHashHasOneMissPerTagPerPort) {
  // 9-ary 3-torus, 16-entry caches: far fewer entries than the 729 destinations, but the
  // switchable tag (the output port, <= 7 per switch) always fits, so misses <= ports x tags.
  const json r = run(torus(9, 3, {{"entries", 16}, {"ways", 16}, {"index", "switchable"}}, 200000));
  EXPECT_EQ(r["cache"]["misses"]["capacity"], 0);
  EXPECT_EQ(r["cache"]["misses"]["conflict"], 0);
  EXPECT_LE(r["cache"]["misses"]["compulsory"].get<uint64_t>(), 729u * 7 * 7);
  const json crc = run(torus(9, 3, {{"entries", 16}, {"ways", 16}, {"index", "crc32"}}, 200000));
  EXPECT_LT(crc["cache"]["hit_rate"].get<double>(), 0.5);  // 0.449 for this seed
  EXPECT_GT(r["cache"]["hit_rate"].get<double>(), 0.97);
}

TEST(RouteWalk, SameSeedSameResult) {
  const json a = run(torus(6, 2, {{"entries", 16}, {"ways", 2}, {"policy", "random"}}, 3000));
  const json b = run(torus(6, 2, {{"entries", 16}, {"ways", 2}, {"policy", "random"}}, 3000));
  EXPECT_EQ(a["cache"], b["cache"]);
  EXPECT_EQ(a["latency_ns"], b["latency_ns"]);
}
