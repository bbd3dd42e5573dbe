// sim.threads: the route walk's result is bit-identical for any thread count (the look-up workers
// own disjoint caches and see batches in packet order, engine/batch_pipeline.hpp), and the setting
// is not part of the experiment.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "switchlab/api.hpp"
#include "test_run_util.hpp"

using json = nlohmann::json;
using namespace switchlab;

namespace {
json without_run_facts(json r) {
  r.erase("wall_time_s");
  return r;
}

json torus(json cache, uint64_t packets = 30000) {
  return {{"seed", 3},
          {"topology", {{"kind", "torus"}, {"dims", {6, 5, 4}}}},
          {"switch", {{"cache", std::move(cache)}}},
          {"traffic", {{"packets", packets}, {"warmup_packets", 2000}}},
          {"output", {{"per_port", true}}}};
}

// Runs `config` with 1..4 threads (more than a 2-core machine has, so the multi-worker split runs
// too) and expects the same result every time.
void expect_same_for_any_thread_count(json config) {
  config["sim"] = {{"threads", 1}};
  const json one = run_ok(config);
  for (int t : {2, 3, 4}) {
    config["sim"]["threads"] = t;
    const json r = run_ok(config);
    EXPECT_EQ(without_run_facts(r), without_run_facts(one)) << t << " threads: " << config.dump();
  }
}
}  // namespace

TEST(RouteWalkThreads, ResultIsIdenticalForAnyThreadCount) {
  // 3C with the shadow (120 destinations > 64 entries) and with seen bits (> 120 entries).
  expect_same_for_any_thread_count(torus({{"entries", 64}, {"ways", 4}}));
  expect_same_for_any_thread_count(torus({{"entries", 256}, {"ways", 4}, {"policy", "random"}}));
  expect_same_for_any_thread_count(torus({{"entries", 32}, {"ways", 2}, {"scope", "switch"}, {"policy", "lfu"}}));
  expect_same_for_any_thread_count(torus({{"entries", 16}, {"ways", "full"}, {"prefetch", "all_to_all"}}, 3000));
  expect_same_for_any_thread_count(torus(nullptr));  // no cache
  json switchable = {{"seed", 9},
                     {"topology", {{"kind", "fat_tree"}, {"k", 4}, {"n", 3}}},
                     {"switch", {{"cache", {{"entries", 8}, {"ways", 2}, {"index", "switchable"}}}, {"lag_links", 4}}},
                     {"traffic", {{"packets", 20000}}}};
  expect_same_for_any_thread_count(switchable);
  json sparse = torus({{"entries", 65536}, {"ways", 16}}, 3000);  // 480 GB dense: sparse storage
  sparse["topology"]["dims"] = {64, 64, 64};
  sparse.erase("output");
  expect_same_for_any_thread_count(sparse);
  json monitored = torus({{"entries", 32}, {"ways", 4}});
  monitored["topology"]["dims"] = {8, 8, 8};
  monitored["monitor"] = {{"samples", 16}};
  monitored.erase("output");
  expect_same_for_any_thread_count(monitored);
}

TEST(RouteWalkThreads, ThreadsAreNotPartOfTheExperiment) {
  json config = torus({{"entries", 64}, {"ways", 4}}, 100);
  const std::string id = config_hash(config.dump());
  config["sim"] = {{"threads", 3}};
  EXPECT_EQ(config_hash(config.dump()), id);
  EXPECT_FALSE(json::parse(normalize_json(config.dump())).contains("sim"));
}

TEST(RouteWalkThreads, OutOfRangeThreadsNameTheField) {
  json config = torus({{"entries", 64}, {"ways", 4}}, 100);
  config["sim"] = {{"threads", 1000}};
  const json e = json::parse(validate_json(config.dump()));
  EXPECT_EQ(e["field"], "sim.threads");
  EXPECT_NE(e["allowed"].get<std::string>().find("256"), std::string::npos) << e.dump();
  config["sim"] = {{"threads", 2}, {"warmup_cycles", 5}};  // a cycle-engine field
  EXPECT_EQ(json::parse(validate_json(config.dump()))["field"], "sim.warmup_cycles");
}
