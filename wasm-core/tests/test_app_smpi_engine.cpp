// Engine "smpi": validated and exported by the core, run only by the server's workers; its size
// limits and its run summary.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "switchlab/api.hpp"

using json = nlohmann::json;

namespace {
json smpi(std::vector<int> dims, uint32_t ranks, const char* cls = "S") {
  return {{"engine", "smpi"},
          {"topology", {{"kind", "torus"}, {"dims", dims}}},
          {"traffic", {{"pattern", "npb"}, {"npb", {{"benchmarks", {"cg", "is"}}, {"class", cls}, {"ranks", ranks}}}}}};
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
  e = error_of(switchlab::prepare_json(smpi({8, 8}, 64, "B").dump()));
  EXPECT_EQ(e["field"], "traffic.npb.class");
  // Engine app takes all three.
  for (json c : {smpi({8, 8, 8}, 512), smpi({8, 8, 16}, 64), smpi({8, 8}, 64, "B")}) {
    c["engine"] = "app";
    EXPECT_FALSE(json::parse(switchlab::prepare_json(c.dump())).contains("error")) << c.dump();
  }
}

TEST(SmpiEngine, ExportTakesEngineSmpiConfigs) {
  json c = smpi({4, 4}, 16);
  c["traffic"]["npb"]["benchmarks"] = {"ep"};
  const json x = json::parse(switchlab::smpi_export_json(c.dump()));
  ASSERT_FALSE(x.contains("error")) << x.dump();
  EXPECT_EQ(x["hosts"].size(), 16u);
  EXPECT_EQ(x["benchmark"], "ep");
}
