// traffic.pattern "npb" in the route-walk engine: the stream follows the skeleton, placement,
// and seed 001 Fig. 6 / seed 000 Sec. V-B (NPB class A, 256 ranks on an 8x8x4 torus, 2,048-entry
// caches): no conflict misses at 2 and 4 ways; hit rates including cold misses (docs/models.md
// says which benchmarks reach the published 99.7-100 %).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "config/experiment.hpp"
#include "test_run_util.hpp"

using json = nlohmann::json;
using namespace switchlab;

namespace {
json npb_walk(const char* bench, const char* cls, uint32_t ways, uint64_t packets) {
  return {{"topology", {{"kind", "torus"}, {"dims", {8, 8, 4}}}},
          {"switch", {{"cache", {{"entries", 2048}, {"ways", ways}}}}},
          {"traffic", {{"pattern", "npb"}, {"packets", packets},
                       {"npb", {{"benchmarks", {bench}}, {"class", cls}, {"ranks", 256}, {"packet_bytes", 2048}}}}}};
}

uint64_t packets_per_pass(const json& config) {
  json c = config;
  c["traffic"]["packets"] = 1;
  return run_ok(c)["traffic"]["packets_per_pass"].get<uint64_t>();
}
}  // namespace

TEST(NpbTraffic, StreamFollowsTheSkeleton) {
  // EP on 4 ranks, rank r on node r: the 4-byte broadcast's binomial rounds (0 -> 1; 0 -> 2,
  // 1 -> 3), then the barrier's recursive doubling (XOR 1, then XOR 2).
  const json c = {{"topology", {{"kind", "torus"}, {"dims", {4, 4}}}},
                  {"traffic", {{"pattern", "npb"}, {"npb", {{"benchmarks", {"ep"}}, {"class", "S"}, {"ranks", 4}}}}}};
  Experiment ex;
  ErrorSink errors;
  ASSERT_TRUE(parse_experiment(c, ex, errors)) << errors.error().message;
  Rng rng(1);
  const std::vector<std::pair<uint32_t, uint32_t>> want = {{0, 1}, {0, 2}, {1, 3}, {0, 1}, {1, 0}, {2, 3},
                                                           {3, 2}, {0, 2}, {1, 3}, {2, 0}, {3, 1}};
  for (const auto& w : want) {
    uint32_t s, d;
    ex.traffic->next(rng, s, d);
    EXPECT_EQ(std::make_pair(s, d), w);
  }
  EXPECT_EQ(ex.traffic->describe()["messages_per_pass"], 3 + 8 + 4 * 8);
}

TEST(NpbTraffic, DtGraphsAndGraph500Stream) {
  // One look-up per message (packet_bytes 0): a pass is the skeleton's messages. DT SH class S
  // on 12 ranks opens with rank 0 sending the lengths of its arrays to ranks 4 and 5 (2k, 2k+1 of
  // the next layer) and is 16 arrays, their 16 lengths and 4 sinks' checksums; DT WH is 4 arrays,
  // 4 lengths and 4 checksums, Graph500 class S on 4 ranks 64 x 7 x (12 + 8).
  json c = {{"topology", {{"kind", "torus"}, {"dims", {4, 4}}}},
            {"traffic", {{"pattern", "npb"}, {"npb", {{"benchmarks", {"dt_sh"}}, {"class", "S"}, {"ranks", 12}}}}}};
  Experiment ex;
  ErrorSink errors;
  ASSERT_TRUE(parse_experiment(c, ex, errors)) << errors.error().message;
  Rng rng(1);
  for (uint32_t want : {4u, 5u}) {
    uint32_t s, d;
    ex.traffic->next(rng, s, d);
    EXPECT_EQ(std::make_pair(s, d), std::make_pair(0u, want));
  }
  EXPECT_EQ(packets_per_pass(c), 16u + 16 + 4);
  c["traffic"]["npb"]["benchmarks"] = {"dt_wh"};
  EXPECT_EQ(packets_per_pass(c), 4u + 4 + 4);
  c["traffic"]["npb"]["benchmarks"] = {"graph500"};
  c["traffic"]["npb"]["ranks"] = 4;
  EXPECT_EQ(packets_per_pass(c), 64u * 7 * 20);
}

TEST(NpbTraffic, RandomPlacementUsesDistinctNodes) {
  const json c = {{"topology", {{"kind", "torus"}, {"dims", {4, 4}}}},
                  {"traffic", {{"pattern", "npb"}, {"npb", {{"benchmarks", {"ft"}}, {"class", "S"}, {"ranks", 8}, {"placement", "random"}}}}}};
  Experiment ex;
  ErrorSink errors;
  ASSERT_TRUE(parse_experiment(c, ex, errors)) << errors.error().message;
  Rng rng(1);
  std::set<uint32_t> nodes;
  for (int i = 0; i < 56; ++i) {  // the broadcasts (every rank) and the start of the first all-to-all
    uint32_t s, d;
    ex.traffic->next(rng, s, d);
    nodes.insert(s);
    nodes.insert(d);
  }
  EXPECT_EQ(nodes.size(), 8u);
  EXPECT_NE(*nodes.rbegin(), 7u);  // not the linear placement 0..7 (pattern_seed 1)
}

TEST(NpbTraffic, ByDimensionPlacement) {
  // 4x2 torus, 2 nodes per switch, last dimension fastest: ranks 0..7 on nodes 0, 1 (switch 0),
  // 8, 9 (switch (0, 1)), 2, 3 (switch (1, 0)), 10, 11. FT opens with a binomial broadcast from
  // rank 0: 0 -> 1; 0 -> 2, 1 -> 3; 0 -> 4, 1 -> 5, 2 -> 6, 3 -> 7.
  const json c = {{"topology", {{"kind", "torus"}, {"dims", {4, 2}}, {"concentration", 2}}},
                  {"traffic", {{"pattern", "npb"}, {"npb", {{"benchmarks", {"ft"}}, {"class", "S"}, {"ranks", 8}, {"placement", "by_dimension"}}}}}};
  Experiment ex;
  ErrorSink errors;
  ASSERT_TRUE(parse_experiment(c, ex, errors)) << errors.error().message;
  Rng rng(1);
  const std::vector<std::pair<uint32_t, uint32_t>> want = {{0, 1}, {0, 8}, {1, 9}, {0, 2}, {1, 3}, {8, 10}, {9, 11}};
  for (const auto& w : want) {
    uint32_t s, d;
    ex.traffic->next(rng, s, d);
    EXPECT_EQ(std::make_pair(s, d), w);
  }
}

TEST(NpbTrafficPublished, NoConflictMissesAtTwoAndFourWays) {
  // Seed 001 Sec. 4.3 / seed 000 Sec. V-B: exact claim, checked on up to 10^6 packets of each
  // benchmark's pass.
  for (const char* b : {"bt", "cg", "dt", "ep", "ft", "is", "lu", "mg", "sp"})
    for (uint32_t ways : {2u, 4u}) {
      json c = npb_walk(b, "A", ways, 1);
      c["traffic"]["packets"] = std::min<uint64_t>(packets_per_pass(c), 1000000);
      const json r = run_ok(c)["cache"]["misses"];
      EXPECT_EQ(r["conflict"], 0) << b << " " << ways;
      EXPECT_EQ(r["capacity"], 0) << b << " " << ways;
    }
}

TEST(NpbTrafficPublished, HitRatesIncludingColdMisses) {
  // Seed 001 Sec. 4.3: 99.7-100 % at 4 ways including cold misses. Over one whole pass the model
  // reaches it for CG (99.89 %) and BT (99.99 %), as for LU and SP (not run here: 10-20 M
  // packets); docs/models.md lists the others.
  for (const char* b : {"cg", "bt"}) {
    json c = npb_walk(b, "A", 4, 1);
    c["traffic"]["packets"] = packets_per_pass(c);
    const double h = run_ok(c)["cache"]["hit_rate"].get<double>();
    EXPECT_GE(h, 0.997) << b;
    EXPECT_LE(h, 1.0) << b;
  }
}

// Job mixes of skeletons (traffic.jobs with pattern npb): every job runs the benchmarks on all its
// nodes, rank r on its r-th node. One job covering the machine is the whole-machine run with
// linear placement, look-up for look-up; two jobs keep their packets inside themselves.
TEST(NpbTraffic, JobMixesRunTheSkeletonsInsideEachJob) {
  json whole = {{"topology", {{"kind", "torus"}, {"dims", {4, 4}}}},
                {"switch", {{"cache", {{"entries", 4}, {"ways", 2}}}}},
                {"traffic", {{"pattern", "npb"}, {"packets", 20000},
                             {"npb", {{"benchmarks", {"cg", "is"}}, {"class", "S"}, {"ranks", 16}, {"packet_bytes", 512}}}}},
                {"output", {{"per_port", true}}}};
  json one_job = whole;
  one_job["traffic"]["npb"].erase("ranks");
  one_job["traffic"]["jobs"] = {{"sizes", {16}}};
  const json a = run_ok(whole), b = run_ok(one_job);
  EXPECT_EQ(a["cache"]["lookups"], b["cache"]["lookups"]);
  EXPECT_EQ(a["cache"]["hits"], b["cache"]["hits"]);
  EXPECT_EQ(a["cache"]["by_port"], b["cache"]["by_port"]);
  EXPECT_EQ(b["traffic"]["busy_nodes"], 16);

  // One job of 8 nodes (rows 0-1 of the 4x4 torus, node i on switch i), the other 8 idle: from
  // row 0 to row 1 DOR goes direct, so no switch of rows 2-3 ever sees a look-up.
  json part = one_job;
  part["traffic"]["jobs"] = {{"sizes", {8}}};
  part["traffic"]["npb"]["benchmarks"] = {"is"};
  const json t = run_ok(part);
  EXPECT_EQ(t["traffic"]["idle_nodes"], 8);
  const json& ports = t["cache"]["by_port"];  // per switch, per input port: [look-ups, hits, class]
  uint64_t busy = 0;
  for (size_t sw = 0; sw < 16; ++sw)
    for (const json& port : ports[sw]) {
      if (sw >= 8) EXPECT_EQ(port[0], 0) << "switch " << sw;
      else busy += port[0].get<uint64_t>();
    }
  EXPECT_EQ(busy, t["cache"]["lookups"].get<uint64_t>());
  // A job size the benchmarks cannot run names the entry; whole-machine fields are refused.
  json bad = one_job;
  bad["traffic"]["jobs"] = {{"sizes", {12}}};
  const json e = json::parse(switchlab::validate_json(bad.dump()));
  EXPECT_EQ(e["field"].get<std::string>().rfind("traffic.jobs", 0), 0u) << e.dump();
  bad = one_job;
  bad["traffic"]["npb"]["ranks"] = 16;
  EXPECT_EQ(json::parse(switchlab::validate_json(bad.dump()))["field"], "traffic.npb.ranks");
  bad = one_job;
  bad["engine"] = "app";
  EXPECT_EQ(json::parse(switchlab::validate_json(bad.dump()))["field"], "traffic.jobs");
}
