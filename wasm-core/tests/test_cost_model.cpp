// Cost model behaviour: published line-rate arithmetic (seed 000 Sec. I, III-B, V), published
// hash-unit data (seed 000 Sec. V-B), budget arithmetic, CACTI organisation limits, the labelled
// TCAM assumption, presets, the JSON report and the error messages for bad parameters.
#include <gtest/gtest.h>

#include <string>

#include "common/params.hpp"
#include "cost/cost.hpp"

namespace {

using namespace switchlab;
using namespace switchlab::cost;
using nlohmann::json;

// ---------------------------------------------------------------- line rate (published numbers)
TEST(CostLineRate, PublishedNumbersOfSeed000) {
  // Sec. I: single-port TCAM at each input port, 4 ns -> 168 Gb/s (exact arithmetic).
  EXPECT_NEAR(line_rate(4.0).line_rate_Gbps, 168.0, 1e-9);
  EXPECT_NEAR(line_rate(4.0).forwarding_rate_pps, 250e6, 1e-3);
  // Sec. V-A: 0.41 ns cache -> "1.64 Tbps" (published to 3 digits: 1,639.0 Gb/s, tolerance 0.5%).
  EXPECT_NEAR(line_rate(0.41).line_rate_Gbps, 1640.0, 1640.0 * 0.005);
  EXPECT_NEAR(line_rate(0.41).line_rate_Gbps, 672.0 / 0.41, 1e-9);
  // Sec. V-B: 0.72 ns stage -> "933 Gbps" (933.33).
  EXPECT_NEAR(line_rate(0.72).line_rate_Gbps, 933.0, 0.5);
  // Sec. I: L2 at 2 ns -> 336 Gb/s; Sec. III-B: two 2 ns pipelines -> 672 Gb/s.
  EXPECT_NEAR(line_rate(2.0).line_rate_Gbps, 336.0, 1e-9);
  EXPECT_NEAR(line_rate(2.0, kMinFrameBytes, 2).line_rate_Gbps, 672.0, 1e-9);
  // Sec. I: 1,518-byte frames at 4 ns -> "3.0 Tbps"; 1 KiB -> "2.0 Tbps".
  EXPECT_NEAR(line_rate(4.0, 1518).line_rate_Gbps, 3036.0, 1e-9);
  EXPECT_NEAR(line_rate(4.0, 1024).line_rate_Gbps, 2048.0, 1e-9);
  // Sec. II: Tofino2 6 Bpps x 84 B x 8 -> "4 Tbps" (4,032 Gb/s).
  EXPECT_NEAR(line_rate(1.0 / 6.0).line_rate_Gbps, 4032.0, 1e-6);
  EXPECT_EQ(line_rate(0.0).line_rate_Gbps, 0.0);
}

TEST(CostLineRate, NamedModelReadsParamsAndRejectsBadOnes) {
  ErrorSink e;
  json p = {{"stage_ns", 2.0}, {"pipelines", 2}};
  Params params(&p, "params", e);
  json r = line_rate_model(params);
  ASSERT_TRUE(e.ok());
  EXPECT_EQ(r["model"], "line_rate");
  EXPECT_NEAR(r["line_rate_Gbps"].get<double>(), 672.0, 1e-9);
  EXPECT_NEAR(r["forwarding_rate_pps"].get<double>(), 1e9, 1e-3);
  EXPECT_NE(r["provenance"].get<std::string>().find("seed 000"), std::string::npos);

  auto fails = [](json q, const std::string& field, const std::string& words) {
    ErrorSink e2;
    Params pp(&q, "params", e2);
    line_rate_model(pp);
    ASSERT_FALSE(e2.ok()) << q.dump();
    EXPECT_EQ(e2.error().field, field);
    EXPECT_NE(e2.error().message.find(words), std::string::npos) << e2.error().message;
  };
  fails(json::object(), "params.stage_ns", "required");
  fails({{"stage_ns", -1}}, "params.stage_ns", "[0.001, 1000000] ns");
  fails({{"stage_ns", 1}, {"pipelines", 0}}, "params.pipelines", "[1, 1024]");
  fails({{"stage_ns", 1}, {"stage", 2}}, "params.stage", "unknown field");
}

// ---------------------------------------------------------------- hash unit (published data)
TEST(CostHashUnit, PublishedFiguresOfSeed000SecVB) {
  ASSERT_EQ(hash_units().size(), 6u);
  const HashUnit* c6 = find_hash_unit("cube6_combinational");
  ASSERT_NE(c6, nullptr);
  EXPECT_EQ(c6->latency_ns, 0.54);
  EXPECT_EQ(c6->area_um2, 300.0);
  const HashUnit* c6p = find_hash_unit("cube6_pipelined");
  ASSERT_NE(c6p, nullptr);
  EXPECT_EQ(c6p->latency_ns, 0.47);
  EXPECT_EQ(c6p->area_um2, 352.0);
  EXPECT_EQ(find_hash_unit("fattree5_combinational")->area_um2, 114.0);
  EXPECT_EQ(find_hash_unit("fattree5_pipelined")->area_um2, 165.0);
  const HashUnit* sw = find_hash_unit(kDefaultHashUnit);
  ASSERT_NE(sw, nullptr);
  EXPECT_EQ(sw->stage_ns, 0.72);  // 3-stage pipeline -> 933 Gb/s
  EXPECT_NE(sw->area_source.find("derived"), std::string::npos);  // not silently "published"
  const json& d = hash_unit_data();
  EXPECT_EQ(d["supported_cubes_k_n"].size(), 5u);
  EXPECT_EQ(d["lag_max_links"], 16);
  EXPECT_EQ(d["cube_share_of_hardware_pct"], 85);
}

TEST(CostHashUnit, ConfigChoicesMatchData) {
  for (const HashUnit& h : hash_units()) {
    ErrorSink e;
    json hw = {{"hash_unit", h.id}};
    Params p(&hw, "hardware", e);
    EXPECT_EQ(read_hash_unit_id(p), h.id);
    EXPECT_TRUE(e.ok()) << h.id;
  }
  ErrorSink e;
  json hw = {{"hash_unit", "crc"}};
  Params p(&hw, "hardware", e);
  read_hash_unit_id(p);
  ASSERT_FALSE(e.ok());
  EXPECT_EQ(e.error().field, "hardware.hash_unit");
}

// ---------------------------------------------------------------- cache model behaviour
CacheCost cache(int entries, int ways, int nm = 45, int eb = 12) {
  ErrorSink e;
  CacheCost c = estimate_cache(CacheSpec{entries, ways, eb}, nm, e);
  EXPECT_TRUE(e.ok()) << e.error().message;
  return c;
}

TEST(CostCacheModel, SeedConfigurationNearPublishedAccessTime) {
  // Seeds 000 Sec. V-A / 001 Sec. 3.1: 2,048 x 12 B, 4-way, 45 nm -> 0.41 ns (CACTI 7: 0.406 ns).
  // Tolerance 15% = the fit's hold-out error band for access time.
  const CacheCost c = cache(2048, 4);
  EXPECT_NEAR(c.access_ns, 0.41, 0.41 * 0.15);
  EXPECT_TRUE(c.organisable);
  EXPECT_FALSE(c.extrapolated);
  EXPECT_FALSE(c.fully_associative_figures);
}

TEST(CostCacheModel, UnorganisableConfigsFallBackToFullyAssociative) {
  // 64 entries, 4 ways = 16 sets: CACTI finds no organisation (cache_grid.csv status error).
  const CacheCost c = cache(64, 4);
  const CacheCost fa = cache(64, kFullyAssociative);
  EXPECT_FALSE(c.organisable);
  EXPECT_TRUE(c.fully_associative_figures);
  EXPECT_EQ(c.area_mm2, fa.area_mm2);
  EXPECT_EQ(c.access_ns, fa.access_ns);
  EXPECT_NE(c.note.find("cannot organise"), std::string::npos) << c.note;
  EXPECT_NE(c.note.find("fully associative"), std::string::npos);
  // 512 entries, 16 ways = 32 sets: organisable.
  EXPECT_TRUE(cache(512, 16).organisable);
  EXPECT_FALSE(cache(256, 16).organisable);
  EXPECT_TRUE(cache(64, 2).organisable);
}

TEST(CostCacheModel, ExtrapolationIsFlaggedAndMonotonic) {
  // The rows cover 32..65,536 entries of 4..64 B (wasm-core/data/cacti/): only fewer than 32
  // entries extrapolate.
  EXPECT_TRUE(cache(16, kFullyAssociative).extrapolated);
  EXPECT_FALSE(cache(65536, 4).extrapolated);
  EXPECT_FALSE(cache(2048, 4, 45, 32).extrapolated);
  EXPECT_FALSE(cache(2048, 4, 45, 4).extrapolated);
  EXPECT_FALSE(cache(1024, 2, 22, 16).extrapolated);
  // Area, energy and leakage must grow with capacity everywhere in 16..65,536 entries.
  for (int nm : kTechNodesNm)
    for (int w : {0, 1, 2, 4, 8, 16}) {
      const int first = w == 0 ? 16 : 32 * w;  // smallest organisable size
      CacheCost prev = cache(first, w, nm);
      for (int n = 2 * first; n <= 65536; n *= 2) {
        const CacheCost c = cache(n, w, nm);
        EXPECT_GT(c.area_mm2, prev.area_mm2) << n << " entries " << w << " ways " << nm << " nm";
        EXPECT_GT(c.total_leak_mW, prev.total_leak_mW) << n << " " << w << " " << nm;
        EXPECT_GE(c.read_energy_nJ, prev.read_energy_nJ * 0.9) << n << " " << w << " " << nm;
        prev = c;
      }
    }
}

TEST(CostCacheModel, EightWaysLiesBetweenFourAndSixteen) {
  // The smooth associativity terms keep 8 ways between its neighbours.
  for (int nm : kTechNodesNm)
    for (int n : {1024, 2048, 8192}) {
      const double a4 = cache(n, 4, nm).access_ns, a8 = cache(n, 8, nm).access_ns,
                   a16 = cache(n, 16, nm).access_ns;
      EXPECT_GE(a8, std::min(a4, a16));
      EXPECT_LE(a8, std::max(a4, a16));
    }
}

TEST(CostCacheModel, BadSpecsGetClearErrors) {
  auto fails = [](CacheSpec s, int nm, const std::string& field, const std::string& words) {
    ErrorSink e;
    estimate_cache(s, nm, e);
    ASSERT_FALSE(e.ok());
    EXPECT_EQ(e.error().field, field);
    EXPECT_NE(e.error().message.find(words), std::string::npos) << e.error().message;
  };
  fails({8, 1, 12}, 45, "switch.cache.entries", "[16, 65536]");
  fails({131072, 1, 12}, 45, "switch.cache.entries", "[16, 65536]");
  fails({2048, 17, 12}, 45, "switch.cache.ways", "\"full\"");
  fails({2048, 3, 12}, 45, "switch.cache.ways", "divide");
  fails({2048, 4, 2}, 45, "switch.cache.entry_bytes", "[4, 64]");
  fails({2048, 4, 12}, 40, "hardware.tech_nm", "22, 32, 45, 65, 90");
}

TEST(CostTech, ReadTechNmRejectsOtherNodes) {
  for (int nm : {22, 32, 45, 65, 90}) {
    ErrorSink e;
    json hw = {{"tech_nm", nm}};
    Params p(&hw, "hardware", e);
    EXPECT_EQ(read_tech_nm(p), nm);
    EXPECT_TRUE(e.ok());
  }
  ErrorSink e;
  json hw = json::object();
  Params p(&hw, "hardware", e);
  EXPECT_EQ(read_tech_nm(p), 45);  // default
  for (json bad : {json(28), json(14), json(130), json("45"), json(45.5)}) {
    ErrorSink e2;
    json h = {{"tech_nm", bad}};
    Params q(&h, "hardware", e2);
    read_tech_nm(q);
    ASSERT_FALSE(e2.ok()) << bad.dump();
    EXPECT_EQ(e2.error().field, "hardware.tech_nm");
  }
  ErrorSink e3;
  json h = {{"tech_nm", 28}};
  Params q(&h, "hardware", e3);
  read_tech_nm(q);
  EXPECT_EQ(e3.error().message,
            "must be one of 22, 32, 45, 65, 90 (nm, the CACTI 7 nodes the cost model is fitted on), got 28");
}

// ---------------------------------------------------------------- CAM model
CamSpec read_cam(json j, ErrorSink& e) {
  Params p(&j, "switch.cam", e);
  return read_cam_spec(p);
}

TEST(CostCamModel, PresetsAndDefaults) {
  ErrorSink e;
  CamSpec d = read_cam(json::object(), e);
  EXPECT_EQ(d.entries, 49152);
  EXPECT_EQ(d.key_bits, 24);
  EXPECT_EQ(d.kind, CamKind::Cam);
  CamSpec ib = read_cam({{"preset", "infiniband_48k"}}, e);
  EXPECT_EQ(ib.entries, 49152);
  EXPECT_EQ(ib.key_bits, 24);
  CamSpec eth = read_cam({{"preset", "ethernet_512k"}}, e);
  EXPECT_EQ(eth.entries, 524288);
  EXPECT_EQ(eth.key_bits, 64);
  EXPECT_EQ(eth.preset, "ethernet_512k");
  ASSERT_TRUE(e.ok()) << e.error().message;
  // The 48K x 24-bit CAM at 45 nm: CACTI 7 gives 2.136 ns, 2.515 mm^2 (cam.csv; training row).
  const CamCost c = estimate_cam(ib, 45, e);
  EXPECT_NEAR(c.search_ns, 2.13594, 2.13594 * 0.10);
  EXPECT_NEAR(c.area_mm2, 2.51517, 2.51517 * 0.10);
}

TEST(CostCamModel, TcamIsTheLabelledAssumption) {
  ErrorSink e;
  CamSpec s = read_cam({{"kind", "tcam"}}, e);
  CamSpec b = read_cam(json::object(), e);
  const CamCost t = estimate_cam(s, 45, e), c = estimate_cam(b, 45, e);
  ASSERT_TRUE(e.ok());
  EXPECT_TRUE(t.tcam_assumption);
  EXPECT_FALSE(c.tcam_assumption);
  EXPECT_NE(t.assumption.find("assumption"), std::string::npos);
  EXPECT_DOUBLE_EQ(t.area_mm2, 2.0 * c.area_mm2);
  EXPECT_DOUBLE_EQ(t.total_leak_mW, 2.0 * c.total_leak_mW);
  EXPECT_DOUBLE_EQ(t.search_ns, c.search_ns);
  EXPECT_DOUBLE_EQ(t.search_energy_nJ, c.search_energy_nJ + c.searchline_energy_nJ);
  CamSpec s15 = read_cam({{"kind", "tcam"}, {"tcam_factor", 1.5}}, e);
  EXPECT_DOUBLE_EQ(estimate_cam(s15, 45, e).area_mm2, 1.5 * c.area_mm2);
}

// The simulation hashes any key width the nodes fit in; the CAM cost exists only for the widths
// CACTI was run at.
TEST(CostCamModel, KeyWidthsOutsideTheCactiRunsHaveNoCost) {
  ErrorSink e;
  const CamSpec s = read_cam({{"key_bits", 16}}, e);
  ASSERT_TRUE(e.ok()) << e.error().message;
  EXPECT_EQ(s.key_bits, 16);
  estimate_cam(s, 45, e);
  ASSERT_FALSE(e.ok());
  EXPECT_EQ(e.error().field, "switch.cam.key_bits");
  EXPECT_NE(e.error().message.find("24 or 64"), std::string::npos) << e.error().message;
}

TEST(CostCamModel, BadParamsGetClearErrors) {
  auto fails = [](json j, const std::string& field, const std::string& words) {
    ErrorSink e;
    read_cam(j, e);
    ASSERT_FALSE(e.ok()) << j.dump();
    EXPECT_EQ(e.error().field, field);
    EXPECT_NE(e.error().message.find(words), std::string::npos) << e.error().message;
  };
  fails({{"key_bits", 0}}, "switch.cam.key_bits", "[1, 64]");
  fails({{"key_bits", 128}}, "switch.cam.key_bits", "[1, 64]");
  fails({{"entries", 512}}, "switch.cam.entries", "[1024, 524288]");
  fails({{"entries", 1048576}}, "switch.cam.entries", "[1024, 524288]");
  fails({{"kind", "dram"}}, "switch.cam.kind", "cam, tcam");
  fails({{"preset", "ethernet_512k"}, {"entries", 4096}}, "switch.cam.preset", "remove");
  fails({{"tcam_factor", 3}}, "switch.cam.tcam_factor", "[1.5, 2]");
  fails({{"offchip_rtt_ns", -5}}, "switch.cam.offchip_rtt_ns", "ns");
}

// ---------------------------------------------------------------- whole-switch budget
TEST(CostBudget, ArithmeticAndPublishedLineRate) {
  CostInputs in;  // 64 ports, 2,048 x 12 B 4-way, 45 nm, 48K CAM, switchable pipelined hash
  ErrorSink e;
  const SwitchBudget b = compute_budget(in, e);
  ASSERT_TRUE(e.ok()) << e.error().message;
  EXPECT_DOUBLE_EQ(b.caches_area_mm2, 64 * b.cache.area_mm2);
  EXPECT_DOUBLE_EQ(b.hash_units_area_mm2, 64 * 1408e-6);
  EXPECT_DOUBLE_EQ(b.total_area_mm2, b.caches_area_mm2 + b.hash_units_area_mm2 + b.cam.area_mm2);
  EXPECT_DOUBLE_EQ(b.rc_hit_ns, 0.72 + b.cache.access_ns);
  EXPECT_DOUBLE_EQ(b.rc_miss_ns, b.rc_hit_ns + b.cam.search_ns);
  // The hash unit's 0.72 ns stage is the slowest: seed 000 Sec. V-B's 933 Gb/s.
  EXPECT_EQ(b.slowest_stage, "hash unit");
  EXPECT_NEAR(b.hit_rate.line_rate_Gbps, 933.0, 0.5);
  // One shared CAM: 64 ports take turns.
  EXPECT_NEAR(b.cam_bound_rate.forwarding_rate_pps, 1e9 / (64 * b.cam.search_ns), 1e-3);
  // Same order as the seeds' CACTI 6.5 cache budget (64 x 0.228 = 14.6 mm^2 at 45 nm); CACTI 7
  // itself gives 64 x 0.1426 = 9.1 mm^2 (seed_check.csv), the fit is within 15% of that.
  EXPECT_NEAR(b.caches_area_mm2, 64 * 0.14256, 64 * 0.14256 * 0.15);
}

TEST(CostBudget, PerPortCamAndCacheBoundStage) {
  CostInputs in;
  in.hash_unit = "cube6_pipelined";  // 0.47 ns stage
  in.cam.shared = false;
  in.cam.offchip_rtt_ns = 20.0;
  in.cache = CacheSpec{16384, 4, 12};  // a ~1 ns cache becomes the slowest stage
  ErrorSink e;
  const SwitchBudget b = compute_budget(in, e);
  ASSERT_TRUE(e.ok());
  EXPECT_EQ(b.slowest_stage, "cache");
  EXPECT_DOUBLE_EQ(b.slowest_stage_ns, std::max(b.cache.access_ns, b.cache.cycle_ns));
  EXPECT_EQ(b.cam_count, 64);
  EXPECT_DOUBLE_EQ(b.cams_area_mm2, 64 * b.cam.area_mm2);
  EXPECT_GT(b.cam.search_ns, 20.0);
  EXPECT_NEAR(b.cam_bound_rate.forwarding_rate_pps, 1e9 / b.cam.search_ns, 1e-3);
}

// The fit's report (cost.method fit; the CACTI path is tests/test_cost_cacti.cpp).
TEST(CostBudget, CostReportJsonFromConfig) {
  const json fit = {{"cost", {{"method", "fit"}}}};
  json config = {{"cost", {{"method", "fit"}}},
                 {"hardware", {{"tech_nm", 32}, {"die_area_mm2", 400}}},
                 {"switch", {{"cache", {{"entries", 2048}}}, {"cam", {{"preset", "ethernet_512k"}, {"kind", "tcam"}}}}}};
  ErrorSink e;
  json r = cost_report(config, CacheSpec{2048, 4, 12}, 10, e);
  ASSERT_TRUE(e.ok()) << e.error().field << ": " << e.error().message;
  const json& c = r["cost"];
  EXPECT_EQ(c["tech_nm"], 32);
  for (const char* k : {"access_ns", "cycle_ns", "area_mm2", "read_energy_nJ", "leakage_mW"})
    EXPECT_TRUE(c["cache"][k].is_number() && c["cache"][k].get<double>() > 0) << k;
  for (const char* k : {"search_ns", "area_mm2", "search_energy_nJ", "leakage_mW"})
    EXPECT_TRUE(c["cam"][k].is_number() && c["cam"][k].get<double>() > 0) << k;
  EXPECT_EQ(c["cache"]["provenance"], "CACTI-7 fit");
  EXPECT_EQ(c["hash_unit"]["provenance"], "as published in seed 000 Sec. V-B");
  EXPECT_EQ(c["budget"]["provenance"], "model");
  EXPECT_NE(c["cam"]["provenance"].get<std::string>().find("TCAM assumption"), std::string::npos);
  EXPECT_EQ(c["cam"]["entries"], 524288);
  EXPECT_EQ(c["cache"]["ways"], 4);
  EXPECT_NEAR(c["budget"]["rc_logic_overhead_pct_of_die"].get<double>(),
              100.0 * c["budget"]["rc_logic_area_mm2"].get<double>() / 400.0, 1e-9);
  EXPECT_TRUE(c["published"]["provenance"].is_string());

  json fa = cost_report(fit, CacheSpec{1024, kFullyAssociative, 12}, 64, e);
  EXPECT_EQ(fa["cost"]["cache"]["ways"], "full");
  EXPECT_EQ(fa["cost"]["cache"]["figures_for"], "fully associative");
  json un = cost_report(fit, CacheSpec{128, 16, 12}, 64, e);
  EXPECT_EQ(un["cost"]["cache"]["cacti_organisable"], false);
  EXPECT_EQ(un["cost"]["cache"]["figures_for"], "fully associative (fallback)");
}

// The fit's error beside its figures is the cross-validated error of the grid region the priced
// array falls in (docs/cost-model.md section 5, the per-region table); a region with fewer than 20
// held-out rows, or none, quotes its family's figure and says why.
TEST(CostBudget, FitErrorIsTheRegionsCrossValidatedError) {
  const json fit = {{"cost", {{"method", "fit"}}}};
  ErrorSink e;
  auto block = [&](CacheSpec cs) { return cost_report(fit, cs, 8, e)["cost"]["cache"]; };
  // The seeds' table, 2,048 x 12 B 4-way = 24,576 B: 140 held-out rows.
  const json seeds = block(CacheSpec{2048, 4, 12});
  EXPECT_EQ(seeds["fit_region"], json({{"errors_of", "region"}, {"family", "set_assoc"}, {"family_label", "set-associative cache"},
                                       {"region", "10..19 B entries, capacity 10 kB to under 100 kB, 2..4 ways"}, {"rows", 140}}));
  EXPECT_EQ(seeds["fit_holdout_error_pct"]["access_ns"], json({4.81, 25.23}));
  EXPECT_EQ(seeds["fit_holdout_error_pct"]["area_mm2"], json({8.96, 36.8}));
  EXPECT_EQ(seeds["fit_holdout_error_pct"]["leakage_mW"], json({2.02, 15.07}));  // CACTI's total leakage
  EXPECT_EQ(seeds["fit_holdout_error_pct"]["subthreshold_leakage_mW"], json({2.01, 15.23}));
  // 16,384 x 32 B direct-mapped = 512 KiB: another region, another error.
  const json big = block(CacheSpec{16384, 1, 32});
  EXPECT_EQ(big["fit_region"]["region"], "20..64 B entries, capacity 100 kB to under 1 MB, direct-mapped");
  EXPECT_EQ(big["fit_region"]["rows"], 25);
  EXPECT_EQ(big["fit_holdout_error_pct"]["access_ns"], json({5.85, 17.59}));
  // Fully associative, 1,024 x 12 B.
  const json fa = block(CacheSpec{1024, kFullyAssociative, 12});
  EXPECT_EQ(fa["fit_region"]["region"], "10..19 B entries, capacity 10 kB to under 100 kB");
  EXPECT_EQ(fa["fit_holdout_error_pct"]["area_mm2"], json({4.07, 35.21}));
  // 64 x 12 B 4-way: CACTI cannot organise it, so its figures (and their error) are the fully
  // associative family's; that region holds 15 held-out rows, too few: the family's error.
  const json fallback = block(CacheSpec{64, 4, 12});
  EXPECT_EQ(fallback["fit_region"]["errors_of"], "family");
  EXPECT_EQ(fallback["fit_region"]["family"], "full_assoc");
  EXPECT_EQ(fallback["fit_region"]["region"], "10..19 B entries, capacity 100 B to under 1 kB");
  EXPECT_EQ(fallback["fit_region"]["rows"], 395);
  EXPECT_EQ(fallback["fit_region"]["why"], "only 15 held-out CACTI rows in this region (a region's figure needs at least 20); "
                                           "the error is the family's, over all its rows");
  EXPECT_EQ(fallback["fit_holdout_error_pct"]["access_ns"], json({6.6, 40.03}));
  // 16 x 4 B direct-mapped (16 sets: fully associative figures; 64 B, extrapolated): no CACTI rows
  // in its region at all.
  const json tiny = block(CacheSpec{16, 1, 4});
  EXPECT_EQ(tiny["fit_region"]["region"], "");
  EXPECT_EQ(tiny["fit_region"]["why"], "no CACTI rows in this region of the grid (outside the fitted sizes); the error is the "
                                       "family's, over all its rows");
  EXPECT_EQ(tiny["fit_region"]["family"], "full_assoc");
  EXPECT_EQ(tiny["fit_holdout_error_pct"]["access_ns"], json({6.6, 40.03}));
  // CAMs: the default 49,152 x 24-bit binary CAM, and the 512K x 64-bit Ethernet table (its
  // region, 100,000 to under 1,000,000 entries, holds 15 rows: the family's figure).
  const json cam = cost_report(fit, CacheSpec{}, 8, e)["cost"]["cam"];
  EXPECT_EQ(cam["fit_region"]["region"], "24-bit keys, 10,000 to under 100,000 entries");
  EXPECT_EQ(cam["fit_holdout_error_pct"]["search_ns"], json({19.98, 32.05}));
  json eth = fit;
  eth["switch"] = {{"cam", {{"preset", "ethernet_512k"}}}};
  const json big_cam = cost_report(eth, CacheSpec{}, 8, e)["cost"]["cam"];
  EXPECT_EQ(big_cam["fit_region"]["errors_of"], "family");
  EXPECT_EQ(big_cam["fit_holdout_error_pct"]["search_ns"], json({5.39, 32.05}));
  ASSERT_TRUE(e.ok()) << e.error().message;
}

TEST(CostBudget, CostReportErrors) {
  auto fails = [](json config, CacheSpec cs, int ports, const std::string& field) {
    ErrorSink e;
    json r = cost_report(config, cs, ports, e);
    ASSERT_FALSE(e.ok()) << config.dump();
    EXPECT_TRUE(r.is_null());
    EXPECT_EQ(e.error().field, field) << e.error().message;
  };
  fails({{"hardware", {{"tech_nm", 7}}}}, CacheSpec{}, 64, "hardware.tech_nm");
  fails({{"hardware", {{"hash_unit", "x"}}}}, CacheSpec{}, 64, "hardware.hash_unit");
  fails({{"hardware", {{"die_area_mm2", 0}}}}, CacheSpec{}, 64, "hardware.die_area_mm2");
  fails({{"hardware", 5}}, CacheSpec{}, 64, "hardware");
  fails({{"switch", {{"cam", {{"key_bits", 48}}}}}}, CacheSpec{}, 64, "switch.cam.key_bits");
  fails(json::object(), CacheSpec{2048, 4, 12}, 0, "ports");
  fails(json::object(), CacheSpec{100000, 4, 12}, 64, "switch.cache.entries");
}

}  // namespace
