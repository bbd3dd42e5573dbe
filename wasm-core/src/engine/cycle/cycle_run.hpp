#pragma once
// The cycle engine's run (engine = "cycle"): one network run at the offered load (sim.mode
// "latency"); a bisection on the offered load for the saturation throughput (sim.mode
// "saturation") that returns every run it made as the latency-load curve; or that bisection
// followed by runs at evenly spaced loads up to just past the saturation it found (sim.mode
// "curve"), run concurrently on sim.threads threads. Work units are cycles.
#include <memory>
#include <vector>

#include "config/experiment.hpp"
#include "engine/cycle/config.hpp"
#include "engine/cycle/network.hpp"
#include "engine/run.hpp"

namespace switchlab {

class CycleRun final : public EngineRun {
 public:
  explicit CycleRun(const Experiment& ex);  // `ex` must outlive the run
  ~CycleRun() override;
  uint64_t total() const override;
  const char* work_unit() const override { return "cycles"; }
  uint64_t advance(uint64_t cycles) override;
  nlohmann::json report() const override;

  // Curve mode's offered loads (docs/engines.md, "Measurement"): top x k / points for k = 1..points,
  // top = 1.1 x `lowest_saturated`, at most 1. One definition for the run and its tests.
  static std::vector<double> curve_loads(double lowest_saturated, uint32_t points);

 private:
  struct CurveRun;
  void next_run();
  void start_curve_batch();
  uint64_t advance_curve(uint64_t cycles);
  uint64_t cycles_per_run() const;
  uint64_t cycles_left() const;

  const Experiment& ex_;
  const CycleConfig& c_;  // ex_'s section
  uint32_t runs_ = 1;   // runs of the bisection (or the one run)
  uint32_t done_ = 0;   // of them finished
  double lo_ = 0, hi_ = 1;  // bisection bracket (saturation and curve modes)
  double load_ = 0;     // load of the current run
  std::unique_ptr<CycleNetwork> net_;
  std::vector<LoadPoint> curve_;
  nlohmann::json best_;  // report of the highest unsaturated run (saturation and curve modes)
  double best_load_ = -1;
  // Curve mode, after the bisection: the loads, the runs in flight (at most one per thread) and
  // the points measured, in load order.
  std::vector<double> loads_;
  std::vector<std::unique_ptr<CurveRun>> batch_;
  std::vector<LoadPoint> points_;
  uint32_t threads_ = 1;
};

}  // namespace switchlab
