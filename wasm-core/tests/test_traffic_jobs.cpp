// Job mixes: traffic stays inside each job, jobs weighted by size, layouts from lists, tables
// and the preset, and bad fields named.
#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "switchlab/api.hpp"
#include "test_traffic_util.hpp"
#include "traffic/jobs.hpp"

using namespace traffic_test;

namespace {
// Index of the job block [first, first + size) holding `node`, or -1 (idle).
int job_of(const json& layout, uint32_t node) {
  for (size_t j = 0; j < layout.size(); ++j) {
    const uint32_t f = layout[j]["first"], s = layout[j]["size"];
    if (node >= f && node < f + s) return static_cast<int>(j);
  }
  return -1;
}
}  // namespace

TEST(TrafficJobs, ExplicitSizesKeepTrafficInsideJobsWeightedBySize) {
  FakeTopo topo(16);
  auto b = build({{"pattern", "uniform"}, {"jobs", {{"sizes", {4, 8, 3}}}}}, topo);
  ASSERT_TRUE(b.traffic) << b.error.field << ": " << b.error.message;
  const json d = b.traffic->describe();
  EXPECT_EQ(d["jobs"], (json{{{"first", 0}, {"size", 4}}, {{"first", 4}, {"size", 8}}, {{"first", 12}, {"size", 3}}}));
  EXPECT_EQ(d["idle_nodes"], 1);
  const uint64_t N = 300000;
  std::vector<uint64_t> per_job(3);
  for (const auto& [p, c] : pairs(*b.traffic, N)) {
    const int j = job_of(d["jobs"], p.first);
    ASSERT_GE(j, 0) << "idle node " << p.first << " sent";
    ASSERT_EQ(job_of(d["jobs"], p.second), j) << p.first << " -> " << p.second << " leaves its job";
    ASSERT_NE(p.first, p.second);
    per_job[j] += c;
  }
  // Job j is picked with probability size/15; tolerance 5 standard deviations.
  const double sizes[3] = {4, 8, 3};
  for (int j = 0; j < 3; ++j) {
    const double p = sizes[j] / 15, sigma = std::sqrt(p * (1 - p) / N);
    EXPECT_NEAR(static_cast<double>(per_job[j]) / N, p, 5 * sigma) << "job " << j;
  }
}

TEST(TrafficJobs, PatternsRunOnJobRanks) {
  FakeTopo topo(16);
  auto b = build({{"pattern", "bit_complement"}, {"jobs", {{"sizes", {4, 8}}}}}, topo);
  ASSERT_TRUE(b.traffic);
  std::map<uint32_t, uint32_t> m;
  for (const auto& [p, c] : pairs(*b.traffic, 5000)) m[p.first] = p.second;
  EXPECT_EQ(m.size(), 12u);
  EXPECT_EQ(m.at(1), 2u);  // job 0, rank 1 -> rank 2
  EXPECT_EQ(m.at(9), 6u);  // job 1 (first 4), rank 5 -> rank 2 = node 6
  for (uint32_t s = 4; s < 12; ++s) EXPECT_EQ(m.at(s), 4 + (7 - (s - 4)));

  // Each job draws its own derangement of its ranks.
  auto p = build({{"pattern", "random_permutation"}, {"jobs", {{"sizes", {5, 7}}}}}, topo);
  ASSERT_TRUE(p.traffic);
  std::map<uint32_t, uint32_t> pm;
  for (const auto& [q, c] : pairs(*p.traffic, 5000)) pm[q.first] = q.second;
  ASSERT_EQ(pm.size(), 12u);
  std::set<uint32_t> d0, d1;
  for (const auto& [s, d] : pm) {
    EXPECT_NE(s, d);
    EXPECT_EQ(s < 5, d < 5);
    (s < 5 ? d0 : d1).insert(d);
  }
  EXPECT_EQ(d0.size(), 5u);
  EXPECT_EQ(d1.size(), 7u);
}

TEST(TrafficJobs, BadSizesNameTheField) {
  FakeTopo topo(16);
  auto b = build({{"pattern", "bit_complement"}, {"jobs", {{"sizes", {4, 6}}}}}, topo);
  EXPECT_EQ(b.error.field, "traffic.jobs.sizes[1]");
  EXPECT_NE(b.error.message.find("power-of-two"), std::string::npos);
  EXPECT_EQ(b.error.allowed, "one of: 2, 4, 8, 16");  // the sizes that fit, up to the machine's 16 nodes
  b = build({{"pattern", "transpose"}, {"jobs", {{"size_table", {{16, 0.5}, {8, 0.5}}}}}}, FakeTopo(1u << 20));
  EXPECT_EQ(b.error.field, "traffic.jobs.size_table");
  EXPECT_EQ(b.error.message.rfind("entry 1 is a job of 8 nodes, which cannot run transpose: it needs an even power of two", 0), 0u);
  EXPECT_EQ(b.error.allowed, "one of: 4, 16, 64, 256, 1024, 4096, ... (at most 1048576 nodes)");
  b = build({{"pattern", "uniform"}, {"jobs", {{"sizes", {10, 8}}}}}, topo);
  EXPECT_EQ(b.error.field, "traffic.jobs.sizes");
  EXPECT_NE(b.error.message.find("18 nodes"), std::string::npos);
  b = build({{"pattern", "uniform"}, {"jobs", {{"sizes", {10, 17}}}}}, topo);
  EXPECT_EQ(b.error.field, "traffic.jobs.sizes[1]");
  b = build({{"pattern", "uniform"}, {"jobs", {{"sizes", {1, 1}}}}}, topo);
  EXPECT_EQ(b.error.field, "traffic.jobs");
  EXPECT_EQ(b.error.allowed, "at least one job of 2 or more nodes");
  b = build({{"pattern", "uniform"}, {"jobs", json::object()}}, topo);
  EXPECT_EQ(b.error.field, "traffic.jobs");
  b = build({{"pattern", "uniform"}, {"jobs", {{"sizes", {4}}, {"preset", "pwa_like"}}}}, topo);
  EXPECT_EQ(b.error.field, "traffic.jobs");
  b = build({{"pattern", "uniform"}, {"jobs", {{"sizes", {4}}, {"count", 2}}}}, topo);
  EXPECT_EQ(b.error.field, "traffic.jobs.count");  // count only applies to drawn sizes
  b = build({{"pattern", "uniform"}, {"jobs", {{"size_table", {{4, 0.5}, {0, 0.5}}}}}}, topo);
  EXPECT_EQ(b.error.field, "traffic.jobs.size_table[1]");
  b = build({{"pattern", "uniform"}, {"jobs", {{"size_table", {{32, 1}}}}}}, topo);
  EXPECT_EQ(b.error.field, "traffic.jobs.size_table");
  b = build({{"pattern", "uniform"}, {"jobs", {{"preset", "ricc"}}}}, topo);
  EXPECT_EQ(b.error.field, "traffic.jobs.preset");
  b = build({{"pattern", "tornado"}, {"jobs", {{"sizes", {4}}}}}, topo);
  EXPECT_EQ(b.error.field, "traffic.jobs");
  EXPECT_NE(b.error.allowed.find("uniform"), std::string::npos);  // lists what works in jobs
  b = build({{"pattern", "uniform"}, {"jobs", nullptr}}, topo);  // null: no job mix
  EXPECT_TRUE(b.traffic);
}

TEST(TrafficJobs, SizeTableDrawsAreSeededAndFit) {
  FakeTopo topo(64);
  const json table = {{4, 0.5}, {8, 0.5}};
  auto a = build({{"pattern", "uniform"}, {"pattern_seed", 11}, {"jobs", {{"size_table", table}}}}, topo);
  ASSERT_TRUE(a.traffic) << a.error.message;
  const json la = a.traffic->describe();
  uint32_t sum = 0;
  for (const auto& j : la["jobs"]) {
    EXPECT_TRUE(j["size"] == 4 || j["size"] == 8);
    sum += j["size"].get<uint32_t>();
  }
  EXPECT_EQ(sum, 64u);  // free space stays a multiple of 4, so the machine fills
  EXPECT_EQ(la["idle_nodes"], 0);
  auto again = build({{"pattern", "uniform"}, {"pattern_seed", 11}, {"jobs", {{"size_table", table}}}}, topo);
  EXPECT_EQ(again.traffic->describe(), la);
  bool differs = false;
  for (int seed = 12; seed < 20 && !differs; ++seed)
    differs = build({{"pattern", "uniform"}, {"pattern_seed", seed}, {"jobs", {{"size_table", table}}}}, topo)
                  .traffic->describe() != la;
  EXPECT_TRUE(differs);

  auto c = build({{"pattern", "uniform"}, {"jobs", {{"size_table", {{2, 1}}}, {"count", 3}}}}, topo);
  ASSERT_TRUE(c.traffic);
  EXPECT_EQ(c.traffic->describe()["jobs"].size(), 3u);
  EXPECT_EQ(c.traffic->describe()["idle_nodes"], 58);
  EXPECT_EQ(c.normalized["jobs"]["size_table"], (json{{2, 1.0}}));
}

TEST(TrafficJobs, PresetIsADistributionAnchoredToTheSeeds) {
  const auto& t = job_size_preset("pwa_like");
  double total = 0, upto32 = 0, upto1024 = 0;
  for (const auto& [size, p] : t) {
    total += p;
    if (size <= 32) upto32 += p;
    if (size <= 1024) upto1024 += p;
  }
  EXPECT_NEAR(total, 1.0, 1e-12);
  EXPECT_NEAR(upto32, 0.90, 1e-12);    // seed 000 II-E / 001 Sec. 1: most jobs <= 32 nodes
  EXPECT_GT(upto1024, 0.90);           // seed 001 Sec. 4.2: over 90% of jobs <= 1,024
  EXPECT_EQ(t.back().first, 4096u);    // seed 001 Sec. 1: a few thousand at most

  FakeTopo topo(4096);
  auto b = build({{"pattern", "zipf"}, {"jobs", {{"preset", "pwa_like"}}}}, topo);
  ASSERT_TRUE(b.traffic) << b.error.message;
  const json d = b.traffic->describe();
  uint32_t sum = 0;
  std::set<uint32_t> allowed;
  for (const auto& e : t) allowed.insert(e.first);
  for (const auto& j : d["jobs"]) {
    EXPECT_TRUE(allowed.count(j["size"].get<uint32_t>()));
    sum += j["size"].get<uint32_t>();
  }
  EXPECT_EQ(sum, 4096u);  // 1-node jobs fill the last gaps
  for (const auto& [p, c] : pairs(*b.traffic, 20000)) {
    const int j = job_of(d["jobs"], p.first);
    ASSERT_GE(j, 0);
    ASSERT_EQ(job_of(d["jobs"], p.second), j);
    ASSERT_GE(d["jobs"][j]["size"].get<uint32_t>(), 2u);
  }
  // transpose needs even powers of two; the preset has 2, 8, 32, ...
  b = build({{"pattern", "transpose"}, {"jobs", {{"preset", "pwa_like"}}}}, topo);
  EXPECT_EQ(b.error.field, "traffic.jobs.preset");
}

// A mode given as null counts as absent (the prepare() regression of the null size table is
// Hardening.C1_NullSizeTableDoesNotCrash).
TEST(TrafficJobs, NullModeIsAnErrorNotACrash) {
  FakeTopo topo(16);
  for (const char* mode : {"size_table", "sizes", "preset"}) {
    auto b = build({{"pattern", "uniform"}, {"jobs", {{mode, nullptr}}}}, topo);
    EXPECT_EQ(b.error.field, "traffic.jobs") << mode;
    EXPECT_NE(b.error.message.find("exactly one of"), std::string::npos) << mode;
  }
}
