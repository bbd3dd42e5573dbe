// The seed presets' four columns (docs/models.md, "The seeds' figures again"): beside a published
// value of seed 000 Figs. 17-18 and seed 001 Figs. 7-9 the catalogue shows the skeletons under
// SimGrid SMPI and the real NPB 3.3.1 code under SMPI. Each of those figures is a mean over measured
// runs kept as data with their provenance (tests/data/npb_real/stats.json for the real code,
// tests/data/npb_real/skeleton_smpi.json for the skeletons); the catalogue must show exactly
// that mean, to its 4 decimals, and say at which size it was measured.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>

#include <nlohmann/json.hpp>

#include "test_run_util.hpp"

using json = nlohmann::json;
namespace fs = std::filesystem;

namespace {

json read(const fs::path& p) {
  std::ifstream f(p);
  return json::parse(f);
}

const fs::path kData = fs::path(SWITCHLAB_SOURCE_DIR) / "tests/data/npb_real";

// The measured runs by key "bt.A.16" (the real code) or the benchmark name (the skeletons).
std::map<std::string, json> real_runs() {
  std::map<std::string, json> out;
  const json data = read(kData / "stats.json");  // kept alive: the loop walks into it
  for (const json& r : data["runs"])
    out[r["benchmark"].get<std::string>() + "." + r["class"].get<std::string>() + "." + std::to_string(r["ranks"].get<int>())] = r;
  return out;
}

// The skeleton model's speed-ups of seed 000 Figs. 17-18 (engine app, these presets: all eight at
// class B, 256 ranks), to 4 decimals.
constexpr double kFig17Mean = 3.9401, kFig17Dt = 15.2841, kFig18Mean = 3.5615, kFig18Dt = 15.3153;

double round4(double v) { return std::round(v * 1e4) / 1e4; }

// The mean of `statistic` over the figure's `runs` in `data` (key -> run).
double mean_of(const json& figure, const std::map<std::string, json>& data) {
  double sum = 0;
  for (const json& k : figure["runs"]) {
    const auto it = data.find(k.get<std::string>());
    EXPECT_NE(it, data.end()) << k;
    if (it == data.end()) return NAN;
    sum += it->second[figure["statistic"].get<std::string>()].get<double>();
  }
  return sum / static_cast<double>(figure["runs"].size());
}

// Every published value with figures beside it, by "example#index".
std::map<std::string, json> beside_figures() {
  std::map<std::string, json> out;
  for (const auto& e : fs::directory_iterator(SWITCHLAB_EXAMPLES_DIR)) {
    if (e.path().extension() != ".json") continue;
    const json ex = read(e.path());
    const json published = ex.value("published", json::array());
    for (size_t i = 0; i < published.size(); ++i)
      if (published[i].contains("beside")) out[e.path().stem().string() + "#" + std::to_string(i)] = published[i];
  }
  return out;
}

}  // namespace

// The figures as measured (2026-11-28, the skeletons' MG and SP 2026-11-29; values to 4 decimals, in times): the real NPB's mean over
// the eight benchmarks of seed 000's speed-up (100 Gb/s 60 ns -> 1.6 Tb/s 51 ns), its DT, and the
// mean over the nine of the cache's speed-up at 100 Gb/s; the skeletons' the same under SMPI.
TEST(SeedColumns, EverySeedPresetShowsTheMeasuredMeans) {
  const std::map<std::string, std::pair<double, double>> want = {  // real NPB, skeleton SMPI
      {"seed000-fig17-npb-4torus-1600gbps#0", {3.6893, 3.7421}}, {"seed000-fig17-npb-4torus-1600gbps#1", {12.61, 12.3255}},
      {"seed000-fig18-npb-dragonfly-1600gbps#0", {3.6893, 3.7421}}, {"seed000-fig18-npb-dragonfly-1600gbps#1", {12.61, 12.3255}},
      {"seed001-fig7-npb-torus-64#0", {1.0074, 1.0067}}, {"seed001-fig8-npb-torus-256#0", {1.0074, 1.0067}},
      {"seed001-fig9-npb-random-64#0", {1.0074, 1.0067}}};
  const auto figures = beside_figures();
  ASSERT_EQ(figures.size(), want.size());
  const auto real = real_runs();
  std::map<std::string, json> skeleton;
  const json smpi = read(kData / "skeleton_smpi.json");
  for (const auto& [b, r] : smpi["runs"].items()) skeleton[b] = r;
  for (const auto& [key, pub] : figures) {
    SCOPED_TRACE(key);
    ASSERT_TRUE(want.count(key));
    const json& r = pub["beside"]["real_npb"];
    const json& s = pub["beside"]["skeleton_smpi"];
    EXPECT_EQ(r["value"].get<double>(), want.at(key).first);
    EXPECT_EQ(s["value"].get<double>(), want.at(key).second);
    EXPECT_EQ(round4(mean_of(r, real)), r["value"].get<double>());
    EXPECT_EQ(round4(mean_of(s, skeleton)), s["value"].get<double>());
    for (const json* f : {&r, &s}) {
      // Each says what ran, at which size and on which system, and where its provenance is.
      const std::string size = (*f)["size"];
      EXPECT_NE(size.find("16 ranks"), std::string::npos) << size;
      EXPECT_NE(size.find("4x4 torus"), std::string::npos) << size;
      EXPECT_NE((*f)["source"].get<std::string>().find("tests/data/npb_real/"), std::string::npos);
    }
    EXPECT_NE(r["size"].get<std::string>().find("real NPB 3.3.1"), std::string::npos);
    EXPECT_NE(s["size"].get<std::string>().find("skeletons"), std::string::npos);
  }
}

// The skeletons' SMPI runs are the real runs' counterparts: same benchmarks, classes and ranks.
TEST(SeedColumns, SkeletonSmpiRunsMatchTheRealRunsSizes) {
  const json data = read(kData / "skeleton_smpi.json");
  EXPECT_TRUE(data["provenance"].contains("simgrid"));
  const auto real = real_runs();
  ASSERT_EQ(data["runs"].size(), 9u);
  for (const auto& [b, r] : data["runs"].items()) {
    const std::string key = b + "." + r["class"].get<std::string>() + ".16";
    ASSERT_TRUE(real.count(key)) << key;
    EXPECT_NEAR(r["speedup_bw_cache"].get<double>(), r["time_s"]["100gbps_60ns"].get<double>() / r["time_s"]["1600gbps_51ns"].get<double>(), 1e-12) << b;
    EXPECT_NEAR(r["speedup_cache"].get<double>(), r["time_s"]["100gbps_60ns"].get<double>() / r["time_s"]["100gbps_51ns"].get<double>(), 1e-12) << b;
  }
}

// Seed 000's speed-ups in the skeleton model column: this run (1.6 Tb/s with caches) and its
// baseline (the value's `baseline` changes: 100 Gb/s), per benchmark the baseline's time without a
// cache over this run's time, as the UI computes them (frontend/src/lib/compare/seedColumns.ts).
TEST(SeedColumns, SeedZeroSpeedUpsFromTheRunAndItsBaseline) {
  const std::map<std::string, std::pair<double, double>> want = {  // mean of the eight, DT
      {"seed000-fig17-npb-4torus-1600gbps", {kFig17Mean, kFig17Dt}}, {"seed000-fig18-npb-dragonfly-1600gbps", {kFig18Mean, kFig18Dt}}};
  for (const auto& [name, expected] : want) {
    SCOPED_TRACE(name);
    const json ex = read(fs::path(SWITCHLAB_EXAMPLES_DIR) / (name + ".json"));
    json base = ex["config"];
    ASSERT_EQ(ex["published"][0]["baseline"], json({{"switch.link_gbps", 100}}));
    ASSERT_EQ(ex["published"][1]["benchmark"], "dt");
    base["switch"]["link_gbps"] = 100;
    const json fast = run_ok(ex["config"])["app"]["benchmarks"], slow = run_ok(base)["app"]["benchmarks"];
    double sum = 0;
    for (const auto& [b, r] : fast.items()) sum += slow[b]["time_no_cache_s"].get<double>() / r["time_s"].get<double>();
    EXPECT_NEAR(sum / static_cast<double>(fast.size()), expected.first, 5e-5);
    EXPECT_NEAR(slow["dt"]["time_no_cache_s"].get<double>() / fast["dt"]["time_s"].get<double>(), expected.second, 5e-5);
  }
}
