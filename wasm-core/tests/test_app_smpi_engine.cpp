// Engine "smpi": validated and exported by the core, run only by the server's workers; its size
// limits and its run summary.
#include <gtest/gtest.h>

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
  EXPECT_EQ(s["messages"], 60055);
  EXPECT_EQ(s["bytes"], 34772380.0);
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
  e = error_of(switchlab::prepare_json(smpi({8, 8}, 64, "C", {"lu"}).dump()));
  EXPECT_EQ(e["field"], "traffic.npb.class");
  EXPECT_NE(e["message"].get<std::string>().find("lu: the SMPI traces would have about"), std::string::npos);
  // Engine app takes all three.
  for (json c : {smpi({8, 8, 8}, 512), smpi({8, 8, 16}, 64), smpi({8, 8}, 64, "C", {"lu"})}) {
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
  EXPECT_FALSE(f.contains("traces") || f.contains("platform_xml"));
  ASSERT_EQ(f["trace_files"].size(), 16u);
  const auto read = [](const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  EXPECT_EQ(read(f["platform_file"]), x["platform_xml"].get<std::string>());
  for (size_t r = 0; r < 16; ++r) EXPECT_EQ(read(f["trace_files"][r]), x["traces"][r].get<std::string>()) << r;
}
