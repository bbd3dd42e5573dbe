// Engine "smpi": validated and exported by the core, run only by the server's workers; its size
// limits and its run summary.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>

#include <nlohmann/json.hpp>

#include "switchlab/api.hpp"

using json = nlohmann::json;

namespace {
json smpi(std::vector<int> dims, uint32_t ranks, const char* cls = "S", json benchmarks = {"cg", "is"}) {
  return {{"engine", "smpi"},
          {"topology", {{"kind", "torus"}, {"dims", dims}}},
          {"traffic", {{"pattern", "npb"}, {"npb", {{"benchmarks", benchmarks}, {"class", cls}, {"ranks", ranks}}}}}};
}

json error_of(const std::string& out) { return json::parse(out).at("error"); }
}  // namespace

TEST(SmpiEngine, ValidatesWithEngineAppsFieldsAndIsServerOnly) {
  const json p = json::parse(switchlab::prepare_json(smpi({4, 4}, 16).dump()));
  ASSERT_FALSE(p.contains("error")) << p.dump();
  EXPECT_EQ(p["config"]["engine"], "smpi");
  EXPECT_EQ(p["config"]["node"]["gflops"], 100.0);
  const json& s = p["summary"];
  EXPECT_EQ(s["server_only"], true);
  EXPECT_FALSE(s.contains("packets"));
  EXPECT_EQ(s["lookups"], 0.0);  // hit rates from app.hit_rate: no route walk
  // CG class S, 16 ranks + IS class S, 16 ranks (the skeletons' own counts).
  EXPECT_EQ(s["messages"], 51578);
  EXPECT_EQ(s["bytes"], 55642656.0);
}

TEST(SmpiEngine, TheCoreRefusesToRunItNamingTheEngine) {
  const json e = error_of(switchlab::run_json(smpi({4, 4}, 16).dump()));
  EXPECT_EQ(e["field"], "engine");
  EXPECT_NE(e["message"].get<std::string>().find("server's workers"), std::string::npos);
}

TEST(SmpiEngine, LimitsNameTheirField) {
  json e = error_of(switchlab::prepare_json(smpi({8, 8, 8}, 512).dump()));
  EXPECT_EQ(e["field"], "traffic.npb.ranks");
  EXPECT_EQ(e["allowed"], "an integer in [2, 256]");
  e = error_of(switchlab::prepare_json(smpi({8, 8, 16}, 64).dump()));
  EXPECT_EQ(e["field"], "topology");
  json lu = smpi({8, 8}, 64, "C", {"lu"});
  lu["app"] = {{"smpi_replay", "full"}};
  e = error_of(switchlab::prepare_json(lu.dump()));
  EXPECT_EQ(e["field"], "traffic.npb.class");
  EXPECT_NE(e["message"].get<std::string>().find("lu: the SMPI traces would have about"), std::string::npos);
  // Engine app takes all three (and no SMPI replay fields).
  lu.erase("app");
  for (json c : {smpi({8, 8, 8}, 512), smpi({8, 8, 16}, 64), lu}) {
    c["engine"] = "app";
    EXPECT_FALSE(json::parse(switchlab::prepare_json(c.dump())).contains("error")) << c.dump();
  }
}

TEST(SmpiEngine, ExportTakesEngineSmpiConfigsAndWritesToADirectory) {
  json c = smpi({4, 4}, 16);
  c["traffic"]["npb"]["benchmarks"] = {"ep"};
  const json x = json::parse(switchlab::smpi_export_json(c.dump()));
  ASSERT_FALSE(x.contains("error")) << x.dump();
  EXPECT_EQ(x["hosts"].size(), 16u);
  EXPECT_EQ(x["benchmark"], "ep");
  // The same export written to files: identical texts, named in the answer.
  const std::string dir = testing::TempDir() + "smpi_export_dir";
  std::filesystem::create_directories(dir);
  const json f = json::parse(switchlab::smpi_export_json(c.dump(), dir));
  ASSERT_FALSE(f.contains("error")) << f.dump();
  EXPECT_FALSE(f.contains("platform_xml") || f["replays"][0].contains("traces"));
  ASSERT_EQ(f["replays"][0]["trace_files"].size(), 16u);
  const auto read = [](const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  EXPECT_EQ(read(f["platform_file"]), x["platform_xml"].get<std::string>());
  for (size_t r = 0; r < 16; ++r)
    EXPECT_EQ(read(f["replays"][0]["trace_files"][r]), x["replays"][0]["traces"][r].get<std::string>()) << r;
}

namespace {
size_t lines(const json& traces) {
  size_t n = 0;
  for (const auto& t : traces) {
    const std::string s = t.get<std::string>();
    n += static_cast<size_t>(std::count(s.begin(), s.end(), '\n'));
  }
  return n;
}
}  // namespace

TEST(SmpiEngine, ExtrapolatedReplaysSampleEachLongBlockAndWeighTheirTimes) {
  // CG class W on 16 ranks: blocks setup, the untimed outer iteration, the barrier, the 15 timed
  // outer iterations, the final reduce; only the timed one is long (15 > 2 x 4).
  json c = smpi({4, 4}, 16, "W", {"cg"});
  c["app"] = {{"smpi_replay", "extrapolate"}, {"smpi_sample_repeats", 4}};
  const json x = json::parse(switchlab::smpi_export_json(c.dump()));
  ASSERT_FALSE(x.contains("error")) << x.dump();
  EXPECT_EQ(x["replay"], "extrapolated");
  EXPECT_EQ(x["sample_repeats"], 4);
  ASSERT_EQ(x["replays"].size(), 2u);  // the base and one per long block
  EXPECT_EQ(x["replays"][0]["repeats"], json({1, 1, 1, 4, 1}));
  EXPECT_EQ(x["replays"][1]["repeats"], json({1, 1, 1, 8, 1}));
  // T = T0 + (15 - 4) / 4 (T1 - T0): the weights sum to 1.
  EXPECT_DOUBLE_EQ(x["replays"][1]["weight"].get<double>(), 11.0 / 4);
  EXPECT_DOUBLE_EQ(x["replays"][0]["weight"].get<double>(), 1 - 11.0 / 4);
  // Each replay's traces grow linearly in the repeats, by exactly the lines of a block's steps.
  const size_t l0 = lines(x["replays"][0]["traces"]), l1 = lines(x["replays"][1]["traces"]);
  c["app"] = {{"smpi_replay", "full"}};
  const json full = json::parse(switchlab::smpi_export_json(c.dump()));
  EXPECT_EQ(full["replay"], "full");
  EXPECT_EQ(full["replays"][0]["repeats"], json({1, 1, 1, 15, 1}));
  EXPECT_EQ(lines(full["replays"][0]["traces"]), l0 + (15 - 4) * (l1 - l0) / 4);
  // Blocks of at most 2k repeats are replayed whole: with k = 8 nothing is sampled.
  c["app"] = {{"smpi_replay", "extrapolate"}, {"smpi_sample_repeats", 8}};
  const json k8 = json::parse(switchlab::smpi_export_json(c.dump()));
  EXPECT_EQ(k8["replay"], "full");
  ASSERT_EQ(k8["replays"].size(), 1u);
  EXPECT_EQ(k8["replays"][0]["repeats"], json({1, 1, 1, 15, 1}));
}

TEST(SmpiEngine, AutoReplaysWholeRunsThatFitAndSamplesTheOthers) {
  json c = smpi({4, 4}, 16, "W", {"cg"});
  EXPECT_EQ(json::parse(switchlab::smpi_export_json(c.dump()))["replay"], "full");
  // LU class C on 64 ranks exceeds the trace limit: refused in full, sampled in auto (default).
  c = smpi({8, 8}, 64, "C", {"lu"});
  const json x = json::parse(switchlab::smpi_export_json(c.dump()));
  ASSERT_FALSE(x.contains("error")) << x.dump().substr(0, 300);
  EXPECT_EQ(x["replay"], "extrapolated");
  EXPECT_EQ(x["sample_repeats"], 8);
  c["app"] = {{"smpi_replay", "full"}};
  const json e = error_of(switchlab::prepare_json(c.dump()));
  EXPECT_EQ(e["field"], "traffic.npb.class");
  EXPECT_NE(e["message"].get<std::string>().find("set app.smpi_replay to extrapolate or auto"), std::string::npos);
  c["app"] = {{"smpi_replay", "extrapolate"}, {"smpi_sample_repeats", 1000}};
  EXPECT_EQ(error_of(switchlab::prepare_json(c.dump()))["field"], "app.smpi_sample_repeats");
  c["app"] = {{"smpi_sample_repeats", 0}};
  EXPECT_EQ(error_of(switchlab::prepare_json(c.dump()))["field"], "app.smpi_sample_repeats");
}
