// cost.method cacti: CACTI 7 itself behind the cost figures (docs/cost-model.md, "Exact method").
// - the exact path reproduces the rows of wasm-core/data/cacti/ (made with CACTI 7.0) to CACTI's
//   printed precision: a spread sample here, every row in CactiRows.DISABLED_EveryRow
//   (`make test-cacti-rows`);
// - the memo: a 1,000-point sweep over 10 distinct arrays runs CACTI 10 times;
// - hostile input: an array CACTI cannot organise, absurd sizes (rejected before CACTI runs), a
//   CACTI that hangs, crashes, prints nothing or is missing: field-named errors, the caller goes on.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "cost/cacti/exact.hpp"
#include "cost/cacti/runner.hpp"
#include "cost/cost.hpp"
#include "cost/exact_cost.hpp"
#include "switchlab/api.hpp"

namespace {

using namespace switchlab;
using namespace switchlab::cost;
using nlohmann::json;
using Row = std::map<std::string, std::string>;

std::vector<Row> read_csv(const std::string& name) {
  std::ifstream f(std::string(SWITCHLAB_SOURCE_DIR) + "/data/cacti/" + name);
  std::vector<Row> rows;
  std::vector<std::string> header;
  std::string line;
  while (std::getline(f, line)) {
    std::vector<std::string> cells(1);
    bool quoted = false;
    for (char c : line) {
      if (c == '"') quoted = !quoted;
      else if (c == ',' && !quoted) cells.emplace_back();
      else cells.back() += c;
    }
    if (header.empty()) {
      header = cells;
      continue;
    }
    Row r;
    for (size_t i = 0; i < header.size() && i < cells.size(); ++i) r[header[i]] = cells[i];
    rows.push_back(r);
  }
  return rows;
}

// Half a unit in CACTI's sixth printed digit, relative.
constexpr double kPrinted = 5e-6;

cacti::ArraySpec spec_of_cache_row(const Row& r) {
  CacheSpec s{std::stoi(r.at("entries")), std::stoi(r.at("assoc")), std::stoi(r.at("block_bytes"))};
  return cache_array(s, std::stoi(r.at("tech_nm")));
}

cacti::ArraySpec spec_of_cam_row(const Row& r) {
  CamSpec s;
  s.entries = std::stoi(r.at("entries"));
  s.key_bits = std::stoi(r.at("key_bits"));
  s.with_result = r.at("mode") == "fa_cache";
  return cam_array(s, std::stoi(r.at("tech_nm")));
}

double part(const cacti::Report& r, const std::string& side, const std::string& name) {
  for (const auto& s : r.time)
    if (s.side == side) {
      if (name == "total") return s.total_ns;
      for (const auto& p : s.parts)
        if (p.name == name) return p.ns;
    }
  return NAN;
}

double area_of(const cacti::Report& r, const std::string& array, bool efficiency = false) {
  for (const auto& a : r.areas)
    if (a.array == array) return efficiency ? a.cell_efficiency_pct : a.area_mm2;
  return NAN;
}

double org(const cacti::Report& r, const std::string& name) {
  for (const auto& [n, v] : r.organisation)
    if (n == name) return v;
  return NAN;
}

// Every figure of the row against CACTI's answer now; returns the number of figures compared.
int compare_row(const Row& row, bool cam, const cacti::Outcome& o, const std::string& what) {
  if (row.at("status") != "ok") {
    EXPECT_EQ(o.status, cacti::Outcome::Status::NoOrganisation) << what << ": " << o.detail;
    return 0;
  }
  EXPECT_EQ(o.status, cacti::Outcome::Status::Ok) << what << ": " << o.detail;
  if (o.status != cacti::Outcome::Status::Ok) return 0;
  const cacti::Report& r = o.report;
  const bool full = !cam && row.at("assoc") == "0";
  const std::string arr = cam ? (row.at("mode") == "cam" ? "cam" : "fully associative") : full ? "fully associative" : "data";
  std::map<std::string, double> ours = {
      {"cycle_ns", r.cycle_ns},
      {"total_area_mm2", r.area_mm2()},
      {"height_mm", r.height_mm},
      {"width_mm", r.width_mm},
      {"read_energy_nJ", r.read_energy_nJ},
      {"write_energy_nJ", r.write_energy_nJ},
      {"search_energy_nJ", r.search_energy_nJ},
      {"leak_mW", r.leakage_mW},
      {"gate_leak_mW", r.gate_leakage_mW},
      {"total_leak_mW", r.leakage_mW + r.gate_leakage_mW},
      {"Ndbl", org(r, "Ndbl")},
  };
  if (cam) {
    ours["search_latency_ns"] = r.access_ns;
    ours["searchline_energy_nJ"] = r.searchline_energy_nJ;
    ours["area_eff_pct"] = area_of(r, arr, true);
    ours["htree_in_delay_ns"] = part(r, "data", "h-tree input");
    ours["cam_search_delay_ns"] = part(r, "data", "cam search");
    ours["bitline_delay_ns"] = part(r, "data", "bitline");
    ours["htree_out_delay_ns"] = part(r, "data", "h-tree output");
  } else {
    ours["access_ns"] = r.access_ns;
    ours["lookup_energy_nJ"] = full ? r.search_energy_nJ : r.read_energy_nJ;
    ours["data_area_mm2"] = area_of(r, arr);
    ours["data_access_ns"] = part(r, "data", "total");
    ours["Ndwl"] = org(r, "Ndwl");
    ours["Nspd"] = org(r, "Nspd");
    if (!full) {
      ours["tag_area_mm2"] = area_of(r, "tag");
      ours["tag_access_ns"] = part(r, "tag", "total");
      ours["Ntwl"] = org(r, "Ntwl");
      ours["Ntbl"] = org(r, "Ntbl");
    }
  }
  int n = 0;
  for (const auto& [col, v] : ours) {
    auto it = row.find(col);
    if (it == row.end() || it->second.empty()) continue;
    const double want = std::stod(it->second);
    const double rel = want == 0 ? std::fabs(v) : std::fabs(v / want - 1);
    EXPECT_LE(rel, kPrinted) << what << " " << col << ": CACTI now " << v << ", row " << it->second;
    ++n;
  }
  return n;
}

// Checks rows [every k-th] of both files; returns the figures compared.
int check_rows(size_t every) {
  int figures = 0, rows = 0;
  for (const char* file : {"cache_grid.csv", "cam.csv"}) {
    const bool cam = std::string(file) == "cam.csv";
    const std::vector<Row> all = read_csv(file);
    EXPECT_GT(all.size(), cam ? 200u : 2400u) << file;
    for (size_t i = 0; i < all.size(); i += every) {
      const Row& row = all[i];
      if (!cam && row.at("array_type") != "cache") continue;  // pure-RAM rows: not an array we price
      if (row.at("status").rfind("timeout", 0) == 0) continue;
      const cacti::ArraySpec a = cam ? spec_of_cam_row(row) : spec_of_cache_row(row);
      figures += compare_row(row, cam, cacti::evaluate(a), std::string(file) + " line " + std::to_string(i + 2) + " (" + cacti::describe(a) + ")");
      ++rows;
    }
  }
  std::printf("compared %d rows, %d figures\n", rows, figures);
  return figures;
}

TEST(CactiRows, SpreadSampleReproducedToPrintedPrecision) {
  ASSERT_TRUE(cacti::available()) << "scripts/install.sh builds CACTI 7 into build/cacti";
  // Every 23rd row of each file: all nodes, kinds and sizes are represented (~120 CACTI runs).
  EXPECT_GT(check_rows(23), 1000);
}

// All 2,660 rows (about 15 minutes of CACTI on a 2-core machine): make test-cacti-rows.
TEST(CactiRows, DISABLED_EveryRow) {
  ASSERT_TRUE(cacti::available());
  EXPECT_GT(check_rows(1), 30000);
}

// Environment of one test (the binary, the time limit) restored afterwards, memo emptied.
class CactiEnv : public ::testing::Test {
 protected:
  void TearDown() override {
    for (const char* v : {"SWITCHLAB_CACTI", "SWITCHLAB_CACTI_TIME_LIMIT_S"}) unsetenv(v);
    cacti::memo_clear();
  }
  // A stand-in CACTI: a shell script with `body`.
  std::string fake(const std::string& body) {
    const std::string path = ::testing::TempDir() + "/fake-cacti-" + std::to_string(getpid()) + "-" + std::to_string(n_++);
    std::ofstream(path) << "#!/bin/sh\n" << body << "\n";
    chmod(path.c_str(), 0755);
    setenv("SWITCHLAB_CACTI", path.c_str(), 1);
    return path;
  }
  int n_ = 0;
};

TEST_F(CactiEnv, SeedTableIsCactisOwnFiguresWithItsReasoning) {
  ASSERT_TRUE(cacti::available());
  CostInputs in;
  in.method = kMethodCacti;  // 2,048 x 12 B, 4-way, 45 nm: seed 000 Sec. V-A
  ErrorSink e;
  const json r = cost_report(in, e);
  ASSERT_TRUE(e.ok()) << e.error().message;
  const json& c = r["cost"]["cache"];
  EXPECT_EQ(c["method"], "cacti");
  EXPECT_EQ(r["cost"]["method"], "cacti");
  // CACTI 7 prints 0.406127 ns (the seeds: 0.41 ns); wasm-core/data/cacti/seed_check.csv.
  EXPECT_NEAR(c["access_ns"].get<double>(), 0.406127, 0.406127 * kPrinted);
  EXPECT_NEAR(c["cycle_ns"].get<double>(), 0.391562, 0.391562 * kPrinted);
  EXPECT_FALSE(c.contains("fit_holdout_error_pct"));
  const json& why = c["cacti"];
  EXPECT_EQ(why["package_sha256"], "0bec35a55fedef890b4c6e12e8c553f765e3eb0e00a7dce41062a35cf889669e");
  EXPECT_EQ(why["printed_version"], "7.0.3DD Prerelease of Aug, 2012");
  for (const char* k : {"Ndwl", "Ndbl", "Nspd", "Ndcm", "Ndsam L1", "Ndsam L2", "Ntwl", "Ntbl"})
    EXPECT_TRUE(why["organisation"].contains(k)) << k;
  const json& data = why["access_time_breakdown_ns"]["data"];
  // The access time is the slower side's path (data or tag, with the tag compare); each side's
  // parts add up to its total.
  EXPECT_LE(data["total"].get<double>(), c["access_ns"].get<double>());
  EXPECT_LE(why["access_time_breakdown_ns"]["tag"]["total"].get<double>(), c["access_ns"].get<double>());
  double sum = 0;
  for (auto it = data.begin(); it != data.end(); ++it)
    if (it.key() != "total") sum += it->get<double>();
  EXPECT_NEAR(sum, data["total"].get<double>(), 1e-5);  // the parts add up to the total (printed digits)
  for (const char* k : {"decoder + wordline", "bitline", "sense amplifier", "h-tree output"}) EXPECT_TRUE(data.contains(k)) << k;
  EXPECT_TRUE(why["area_split_mm2"].contains("data"));
  EXPECT_TRUE(why["area_split_mm2"].contains("tag"));
  EXPECT_EQ(r["cost"]["cam"]["method"], "cacti");
}

TEST_F(CactiEnv, SweepOfAThousandPointsOverTenArraysRunsCactiTenTimes) {
  ASSERT_TRUE(cacti::available());
  cacti::memo_clear();
  const int entries[10] = {256, 384, 512, 768, 1024, 1536, 2048, 3072, 4096, 6144};
  for (int i = 0; i < 1000; ++i) {
    ErrorSink e;
    const CacheCost c = cacti_cache(CacheSpec{entries[i % 10], 4, 12}, 45, e);
    ASSERT_TRUE(e.ok()) << e.error().message;
    ASSERT_GT(c.access_ns, 0);
  }
  const cacti::MemoStats s = cacti::memo_stats();
  EXPECT_EQ(s.runs, 10u);
  EXPECT_EQ(s.hits, 990u);
  EXPECT_EQ(s.entries, 10u);
  // What a worker stores in PostgreSQL, and what another process imports instead of running.
  const json fresh = cacti::memo_take_new();
  EXPECT_EQ(fresh.size(), 10u);
  EXPECT_EQ(cacti::memo_take_new().size(), 0u);
  cacti::memo_clear();
  cacti::memo_import(fresh);
  ErrorSink e;
  cacti_cache(CacheSpec{2048, 4, 12}, 45, e);
  EXPECT_EQ(cacti::memo_stats().runs, 0u);
  EXPECT_EQ(cacti::memo_stats().hits, 1u);
}

TEST_F(CactiEnv, ArrayCactiCannotOrganiseNamesTheFieldAndWhatItCanBuild) {
  ASSERT_TRUE(cacti::available());
  ErrorSink e;
  cacti_cache(CacheSpec{64, 4, 12}, 45, e);  // 16 sets
  ASSERT_FALSE(e.ok());
  EXPECT_EQ(e.error().field, "switch.cache.ways");
  EXPECT_EQ(e.error().message,
            "CACTI 7 finds no valid organisation for 64 x 12 B, 4-way, 45 nm (it said: \"ERROR: no valid data array "
            "organizations found\"); CACTI can build 64 entries 2-way (32 sets), 128 entries 4-way (32 sets) or "
            "64 entries fully associative (switch.cache.ways \"full\").");
  // In a result, the refusal stays (cacti_refusal) beside CACTI's own figures for the array it
  // builds instead, 64 entries fully associative (the fit's fallback too), labelled as such; the
  // budget is priced on them.
  CostInputs in;
  in.method = kMethodCacti;
  in.cache = CacheSpec{64, 4, 12};
  const json parts = cost_report_parts(in)["cost"];
  const json& c = parts["cache"];
  EXPECT_FALSE(c.contains("error"));
  EXPECT_EQ(c["cacti_refusal"]["field"], "switch.cache.ways");
  EXPECT_EQ(c["cacti_refusal"]["message"], e.error().message);
  EXPECT_EQ(c["method"], "cacti");
  EXPECT_EQ(c["cacti_organisable"], false);
  EXPECT_EQ(c["figures_for"], "fully associative (fallback)");
  EXPECT_EQ(c["note"], "CACTI 7 finds no organisation for this 4-way array of 16 sets (cacti_refusal); the figures are CACTI 7's own "
                       "for 64 entries fully associative, the array of the same entries it builds instead.");
  ErrorSink fe;
  const CacheCost fa = cacti_cache(CacheSpec{64, kFullyAssociative, 12}, 45, fe);
  ASSERT_TRUE(fe.ok());
  EXPECT_EQ(c["access_ns"].get<double>(), fa.access_ns);  // 0.414546 ns, CACTI's for the fully associative array
  EXPECT_NEAR(fa.access_ns, 0.414546, 0.414546 * kPrinted);
  EXPECT_EQ(c["area_mm2"].get<double>(), fa.area_mm2);
  EXPECT_EQ(c["cacti"]["organisation"], fa.cacti["organisation"]);
  EXPECT_GT(parts["cam"]["search_ns"].get<double>(), 0);
  EXPECT_NEAR(parts["budget"]["caches_area_mm2"].get<double>(), in.ports * fa.area_mm2, 1e-12);
  // Other failures of CACTI stay errors where the figures would be (a crash: CactiEnv.CrashingOrSilent...).
}

TEST_F(CactiEnv, AbsurdSizesAreRejectedBeforeCactiRuns) {
  cacti::memo_clear();
  ErrorSink e1, e2, e3;
  cacti_cache(CacheSpec{1 << 24, 4, 12}, 45, e1);
  EXPECT_EQ(e1.error().field, "switch.cache.entries");
  EXPECT_EQ(e1.error().allowed, "an integer in [16, 65536]");
  cacti_cache(CacheSpec{2048, 4, 4096}, 45, e2);
  EXPECT_EQ(e2.error().field, "switch.cache.entry_bytes");
  CamSpec cam;
  cam.entries = 1 << 28;
  cacti_cam(cam, 45, e3);
  EXPECT_EQ(e3.error().field, "switch.cam.entries");
  EXPECT_EQ(e3.error().allowed, "an integer in [1024, 524288]");
  EXPECT_EQ(cacti::memo_stats().runs, 0u);
}

TEST_F(CactiEnv, HungCactiIsStoppedByTheTimeLimitAndTheCallerGoesOn) {
  fake("sleep 30");
  setenv("SWITCHLAB_CACTI_TIME_LIMIT_S", "0.5", 1);
  ErrorSink e;
  cacti_cache(CacheSpec{2048, 4, 12}, 45, e);
  ASSERT_FALSE(e.ok());
  EXPECT_EQ(e.error().field, "switch.cache");
  EXPECT_NE(e.error().message.find("did not finish 2048 x 12 B, 4-way, 45 nm: CACTI did not finish within 0.5 s"), std::string::npos)
      << e.error().message;
  const cacti::RunOutput r = cacti::run("x", 0.3);
  EXPECT_TRUE(r.timed_out);
  EXPECT_EQ(r.exit_code, 128 + 9);  // SIGKILL
  EXPECT_EQ(cacti::memo_stats().entries, 0u);  // a time-out is not remembered
}

TEST_F(CactiEnv, CrashingOrSilentCactiBecomesAnErrorWithItsLastWords) {
  fake("echo 'cacti: uca.cc:99: UCA::UCA(): Assertion `nbanks > 0` failed.' >&2; kill -ABRT $$");
  ErrorSink e;
  cacti_cam(CamSpec{}, 45, e);
  ASSERT_FALSE(e.ok());
  EXPECT_EQ(e.error().field, "switch.cam");
  EXPECT_NE(e.error().message.find("exit status 134"), std::string::npos) << e.error().message;
  EXPECT_NE(e.error().message.find("Assertion `nbanks > 0` failed."), std::string::npos) << e.error().message;
  fake("echo hello; exit 0");
  ErrorSink e2;
  cacti_cam(CamSpec{}, 45, e2);
  EXPECT_NE(e2.error().message.find("CACTI printed no report"), std::string::npos) << e2.error().message;
  fake("exit 3");
  EXPECT_EQ(cacti::run("x", 5).exit_code, 3);
  EXPECT_EQ(cacti::memo_stats().entries, 0u);
}

TEST_F(CactiEnv, MissingCactiMakesFitTheDefaultAndRefusesCacti) {
  setenv("SWITCHLAB_CACTI", "/nonexistent/cacti", 1);
  EXPECT_FALSE(cacti::available());
  const std::string base = R"({"topology":{"kind":"torus","dims":[4,4]},"traffic":{"packets":100})";
  const json bad = json::parse(validate_json(base + R"(,"cost":{"method":"cacti"}})"));
  EXPECT_EQ(bad["field"], "cost.method");
  EXPECT_EQ(bad["allowed"], "\"fit\"");
  const json norm = json::parse(normalize_json(base + "}"));
  EXPECT_EQ(norm["cost"]["method"], "fit");
}

TEST_F(CactiEnv, MethodAndCactiIdentityEnterTheId) {
  ASSERT_TRUE(cacti::available());
  const std::string base = R"({"topology":{"kind":"torus","dims":[4,4]},"traffic":{"packets":100})";
  const std::string exact = config_hash(base + "}"), named = config_hash(base + R"(,"cost":{"method":"cacti"}})");
  const std::string fit = config_hash(base + R"(,"cost":{"method":"fit"}})");
  EXPECT_EQ(exact, named);  // cacti is the default: the same experiment
  EXPECT_NE(exact, fit);
  EXPECT_FALSE(json::parse(normalize_json(base + "}")).contains("cost"));
  EXPECT_EQ(json::parse(normalize_json(base + R"(,"cost":{"method":"fit"}})"))["cost"]["method"], "fit");
}

}  // namespace
