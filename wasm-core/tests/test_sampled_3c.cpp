// switch.cache.classify_sampling: 3C from 1 in S tags (SHARDS spatial sampling,
// cache/miss_classifier.hpp). Exact by default; sampled, the hits stay exact and each group's three
// counts add up to its exact misses; the estimate's error against the exact classifier is bounded
// on configs where both capacity and conflict misses matter.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cache/miss_classifier.hpp"
#include "switchlab/api.hpp"
#include "test_run_util.hpp"

using json = nlohmann::json;
using namespace switchlab;

namespace {
json with_sampling(json config, int sampling) {
  config["switch"]["cache"]["classify_sampling"] = sampling;
  return config;
}

// A result without what sampling changes: the 3C counts, the id and the memory estimate.
json without_misses(json r) {
  r.erase("wall_time_s");
  r["summary"].erase("memory_bytes");
  r.erase("config_hash");
  r["cache"].erase("misses");
  for (auto& [name, c] : r["cache"]["by_port_class"].items()) c.erase("misses");
  r.erase("warnings");  // the cold-cache warning quotes the compulsory share, which sampling estimates
  return r;
}

// Switch-wide caches (scope switch) see enough look-ups to reach a steady state in a short run.
// 512 destinations over 128-entry 4-way caches: half the misses capacity, a third conflict.
const json kTorus = {{"seed", 5},
                     {"topology", {{"kind", "torus"}, {"dims", {8, 8, 8}}}},
                     {"switch", {{"cache", {{"entries", 128}, {"ways", 4}, {"scope", "switch"}}}}},
                     {"traffic", {{"packets", 200000}, {"warmup_packets", 100000}}}};
// 512 nodes of an 8-ary 3-tree, the same caches: 54 % capacity, 45 % conflict.
const json kFatTree = {{"seed", 7},
                       {"topology", {{"kind", "fat_tree"}, {"k", 8}, {"n", 3}}},
                       {"switch", {{"cache", {{"entries", 128}, {"ways", 4}, {"scope", "switch"}}}}},
                       {"traffic", {{"packets", 200000}, {"warmup_packets", 100000}}}};

double fraction(const json& m, const char* kind) {
  return m[kind].get<double>() / m["total"].get<double>();
}
}  // namespace

TEST(Sampled3C, SamplingMustBeAPowerOfTwoInRange) {
  for (const int bad : {0, 3, 8192}) {
    const json e = json::parse(validate_json(with_sampling(kTorus, bad).dump()));
    EXPECT_EQ(e["field"], "switch.cache.classify_sampling") << bad;
    EXPECT_NE(e["allowed"].get<std::string>().find("[1, 4096]"), std::string::npos) << e.dump();
  }
  EXPECT_EQ(json::parse(validate_json(with_sampling(kTorus, 3).dump()))["message"],
            "must be a power of two in [1, 4096], got 3");
  EXPECT_EQ(validate_json(with_sampling(kTorus, 4096).dump()), "");
}

// Exact (1) is the default and stays out of the normalized config: the ids and results of
// experiments from before the field are unchanged.
TEST(Sampled3C, ExactIsTheDefaultAndKeepsTheId) {
  json small = kTorus;
  small["traffic"]["packets"] = 2000;
  EXPECT_EQ(config_hash(with_sampling(small, 1).dump()), config_hash(small.dump()));
  EXPECT_FALSE(json::parse(normalize_json(small.dump()))["switch"]["cache"].contains("classify_sampling"));
  EXPECT_NE(config_hash(with_sampling(small, 16).dump()), config_hash(small.dump()));
  json a = run_ok(with_sampling(small, 1)), b = run_ok(small);
  a.erase("wall_time_s");
  b.erase("wall_time_s");
  EXPECT_EQ(a, b);
  EXPECT_FALSE(b["cache"]["misses"].contains("classify_sampling"));
}

TEST(Sampled3C, EstimateSplitsTheExactTotalByLargestRemainder) {
  MissCounts out;
  ASSERT_TRUE(estimate_misses(10, {1, 1, 1}, out));
  EXPECT_EQ(out, (MissCounts{4, 3, 3}));  // ties go to the earlier kind
  ASSERT_TRUE(estimate_misses(7, {0, 5, 2}, out));
  EXPECT_EQ(out, (MissCounts{0, 5, 2}));
  ASSERT_TRUE(estimate_misses(100, {0, 3, 1}, out));
  EXPECT_EQ(out, (MissCounts{0, 75, 25}));
  // total x count past 2^64: 3e10 x 2e10.
  ASSERT_TRUE(estimate_misses(30'000'000'000, {20'000'000'000, 10'000'000'000, 1}, out));
  EXPECT_EQ(out, (MissCounts{19'999'999'999, 10'000'000'000, 1}));
  ASSERT_TRUE(estimate_misses(0, {0, 0, 0}, out));  // no misses: exactly none of each
  EXPECT_EQ(out, (MissCounts{0, 0, 0}));
  EXPECT_FALSE(estimate_misses(5, {0, 0, 0}, out));  // misses, none sampled: unknown
}

// Sampled: the cache itself (hits, latency, per-port counts) is untouched, each group's three
// counts add up to its exact misses, and the result says they are estimates.
TEST(Sampled3C, SampledCountsAddUpToTheExactMisses) {
  json exact_cfg = kTorus;
  exact_cfg["traffic"]["packets"] = 20000;
  const json exact = run_ok(exact_cfg), sampled = run_ok(with_sampling(exact_cfg, 16));
  EXPECT_EQ(json::diff(without_misses(sampled), without_misses(exact)), json::array());
  EXPECT_LT(sampled["summary"]["memory_bytes"].get<double>(), exact["summary"]["memory_bytes"].get<double>());
  EXPECT_EQ(sampled["cache"]["misses"]["classify_sampling"], 16);
  auto check = [](const json& m, const json& exact_m) {
    EXPECT_EQ(m["total"], exact_m["total"]);
    EXPECT_EQ(m["compulsory"].get<uint64_t>() + m["capacity"].get<uint64_t>() + m["conflict"].get<uint64_t>(),
              m["total"].get<uint64_t>());
  };
  check(sampled["cache"]["misses"], exact["cache"]["misses"]);
  for (auto& [name, c] : sampled["cache"]["by_port_class"].items()) {
    EXPECT_FALSE(c["misses"].contains("classify_sampling")) << name;
    check(c["misses"], exact["cache"]["by_port_class"][name]["misses"]);
  }
}

// At most `entries` destinations per cache the classifier is exact and cheap (a bit per tag):
// sampling is not applied and the result says nothing about it.
TEST(Sampled3C, FewKeysStayExact) {
  json few = kTorus;
  few["topology"]["dims"] = {4, 4, 4};  // 64 destinations, 64 entries
  few["traffic"]["packets"] = 5000;
  json a = run_ok(with_sampling(few, 16)), b = run_ok(few);
  EXPECT_FALSE(a["cache"]["misses"].contains("classify_sampling"));
  EXPECT_EQ(a["cache"], b["cache"]);
}

TEST(Sampled3C, SameResultForOneAndTwoThreads) {
  json cfg = with_sampling(kTorus, 16);
  cfg["traffic"]["packets"] = 30000;
  cfg["sim"] = {{"threads", 1}};
  json one = run_ok(cfg);
  cfg["sim"]["threads"] = 2;
  json two = run_ok(cfg);
  one.erase("wall_time_s");
  two.erase("wall_time_s");
  EXPECT_EQ(one, two);
}

// The estimate against the exact classifier on two configs where capacity and conflict misses are
// both substantial (1.4 M and 0.9 M look-ups). Measured at S = 16 (largest error over the three
// fractions of all misses): torus 0.027 (capacity 0.533 vs 0.505), fat tree 0.0095; the
// tolerances are about 3x that. The torus errs more: a dimension-order route brings each port
// only the destinations of one line, so a cache's own sample is a few tags.
TEST(Sampled3C, SampledFractionsAreCloseToExact) {
  struct Case {
    const json& config;
    int sampling;
    double tolerance;
  };
  for (const Case& c : {Case{kTorus, 16, 0.08}, Case{kFatTree, 16, 0.03}}) {
    const json exact = run_ok(c.config)["cache"]["misses"];
    const json sampled = run_ok(with_sampling(c.config, c.sampling))["cache"]["misses"];
    EXPECT_GT(fraction(exact, "capacity"), 0.1) << exact.dump();
    EXPECT_GT(fraction(exact, "conflict"), 0.1) << exact.dump();
    for (const char* kind : {"compulsory", "capacity", "conflict"})
      EXPECT_NEAR(fraction(sampled, kind), fraction(exact, kind), c.tolerance)
          << kind << ": exact " << exact.dump() << ", sampled " << sampled.dump();
  }
}
