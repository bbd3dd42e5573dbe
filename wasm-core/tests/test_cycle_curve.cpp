// The cycle engine's curve mode (docs/engines.md, "Measurement"): the saturation search, then
// evenly spaced loads up to just past the saturation it found, run on sim.threads threads.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "engine/cycle/cycle_run.hpp"
#include "switchlab/api.hpp"
#include "test_run_util.hpp"

namespace {

using json = nlohmann::json;

// A 4-port switch with input FIFOs and the default one-cycle pipeline stages: it saturates near
// 0.46 flits/node/cycle, in short runs.
json fifo_switch(const json& sim) {
  json cfg = {{"seed", 4},
              {"engine", "cycle"},
              {"topology", {{"kind", "single_switch"}, {"ports", 4}}},
              {"switch", {{"cache", nullptr}, {"buffer", {{"organisation", "input_fifo"}, {"flits_per_port", 8}}}}},
              {"traffic", {{"pattern", "uniform"}, {"injection", {{"load", 0.2}}}}},
              {"sim", {{"warmup_cycles", 300}, {"measure_cycles", 3000}, {"drain_cycles", 3000}}}};
  cfg["sim"].update(sim);
  return cfg;
}

json error_of(const json& cfg) { return json::parse(switchlab::run_json(cfg.dump()))["error"]; }

}  // namespace

TEST(CycleCurve, LoadsAreEvenlySpacedToTenPercentPastTheLowestSaturatedLoad) {
  const auto loads = switchlab::CycleRun::curve_loads(0.5, 4);
  ASSERT_EQ(loads.size(), 4u);
  EXPECT_DOUBLE_EQ(loads[0], 0.1375);
  EXPECT_DOUBLE_EQ(loads[3], 0.55);
  // A search that never saturated (bracket [.., 1]) stops at the most a node can offer.
  EXPECT_DOUBLE_EQ(switchlab::CycleRun::curve_loads(1.0, 5).back(), 1.0);
}

// The curve runs after the same bisection as saturation mode (same saturation section and
// reported run); each point is exactly the latency-mode run at its load (a fresh run, whatever ran
// before it or beside it), and the first is far below saturation, the last past it.
TEST(CycleCurve, EveryPointIsTheLatencyRunAtItsLoadAfterTheSaturationSearch) {
  const json curve = run_ok(fifo_switch({{"mode", "curve"}, {"bisection_steps", 5}, {"curve_points", 6}, {"threads", 3}}));
  const json search = run_ok(fifo_switch({{"mode", "saturation"}, {"bisection_steps", 5}}));
  EXPECT_EQ(curve["saturation"], search["saturation"]);
  EXPECT_EQ(curve["latency_cycles"], search["latency_cycles"]);
  const double lowest_saturated = curve["saturation"]["load_bracket"][1].get<double>();
  // The bisection from 0.5: saturated, then 0.25, 0.375, 0.4375 below, 0.46875 saturated.
  EXPECT_DOUBLE_EQ(lowest_saturated, 0.46875);
  const json& lc = curve["load_curve"];
  ASSERT_EQ(lc["loads"], json(switchlab::CycleRun::curve_loads(lowest_saturated, 6)));
  ASSERT_EQ(lc["points"].size(), 6u);
  for (size_t k = 0; k < 6; ++k) {
    json single_cfg = fifo_switch(json::object());
    single_cfg["traffic"]["injection"]["load"] = lc["loads"][k];
    const json single = run_ok(single_cfg);
    const json& p = lc["points"][k];
    EXPECT_EQ(p[0].get<double>(), single["throughput"]["offered"].get<double>()) << k;
    EXPECT_EQ(p[1].get<double>(), single["throughput"]["accepted"].get<double>()) << k;
    EXPECT_NEAR(p[2].get<double>(), single["latency_cycles"]["packet"]["mean"].get<double>(), 1e-9) << k;
    EXPECT_EQ(p[3], single["saturated"]) << k;
  }
  EXPECT_FALSE(lc["points"][0][3].get<bool>());
  EXPECT_TRUE(lc["points"][5][3].get<bool>());
  EXPECT_LT(lc["points"][0][0].get<double>(), 0.15);
}

// Stepped as the browser and the server's workers run it (small steps, progress between them), the
// result is the one-shot run's: the steps end anywhere, also between the search and the curve.
TEST(CycleCurve, SteppedRunGivesTheOneShotResult) {
  const json cfg = fifo_switch({{"mode", "curve"}, {"bisection_steps", 3}, {"curve_points", 5}, {"threads", 2}});
  json one_shot = run_ok(cfg);
  for (double step : {1.0, 997.0, 6300.0}) {
    switchlab::Simulation sim(cfg.dump());
    ASSERT_EQ(sim.error(), "");
    double fraction = 0, last = -1;
    while (fraction < 1) {
      fraction = sim.step(step);
      ASSERT_GE(fraction, last);  // progress never goes back
      last = fraction;
    }
    json r = json::parse(sim.result());
    r.erase("wall_time_s");
    one_shot.erase("wall_time_s");
    EXPECT_EQ(r, one_shot) << step;
  }
}

// Results do not depend on the threads, and the threads are not part of the experiment.
TEST(CycleCurve, SameBytesOnOneAndSeveralThreads) {
  auto run = [](int threads) {
    json r = run_ok(fifo_switch({{"mode", "curve"}, {"bisection_steps", 3}, {"curve_points", 5}, {"threads", threads}}));
    r.erase("wall_time_s");
    return r.dump();
  };
  const std::string one = run(1);
  EXPECT_EQ(one, run(2));
  EXPECT_EQ(one, run(4));
}

// Configs from before curve mode keep their ids: neither curve_points (outside curve mode) nor
// threads enter the normalized config.
TEST(CycleCurve, OlderConfigsKeepTheirIds) {
  const json normalized = json::parse(switchlab::normalize_json(fifo_switch({{"mode", "saturation"}, {"threads", 2}}).dump()));
  EXPECT_FALSE(normalized["sim"].contains("curve_points"));
  EXPECT_FALSE(normalized["sim"].contains("threads"));
  EXPECT_EQ(normalized["sim"]["bisection_steps"], 7);
  EXPECT_EQ(switchlab::config_hash(fifo_switch({{"threads", 3}}).dump()), switchlab::config_hash(fifo_switch(json::object()).dump()));
  const json curve = json::parse(switchlab::normalize_json(fifo_switch({{"mode", "curve"}}).dump()));
  EXPECT_EQ(curve["sim"]["curve_points"], 12);
}

TEST(CycleCurve, BadInputNamesTheField) {
  const json few = error_of(fifo_switch({{"mode", "curve"}, {"curve_points", 1}}));
  EXPECT_EQ(few["field"], "sim.curve_points");
  const json replay = error_of({{"engine", "cycle"},
                                {"topology", {{"kind", "mesh"}, {"dims", {2, 2}}}},
                                {"traffic", {{"pattern", "trace"}, {"trace", "0,0,1,64"}, {"injection", {{"process", "trace"}}}}},
                                {"sim", {{"mode", "curve"}}}});
  EXPECT_EQ(replay["field"], "sim.mode");
}
