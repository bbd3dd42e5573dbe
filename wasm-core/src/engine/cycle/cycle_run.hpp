#pragma once
// The cycle engine's run (engine = "cycle"): one network run at the offered load (sim.mode
// "latency"), or a bisection on the offered load for the saturation throughput (sim.mode
// "saturation") that returns every run it made as the latency-load curve. Work units are cycles.
#include <memory>
#include <vector>

#include "config/experiment.hpp"
#include "engine/cycle/network.hpp"
#include "engine/run.hpp"

namespace switchlab {

class CycleRun final : public EngineRun {
 public:
  explicit CycleRun(const Experiment& ex);  // `ex` must outlive the run
  uint64_t total() const override;
  const char* work_unit() const override { return "cycles"; }
  uint64_t advance(uint64_t cycles) override;
  nlohmann::json report() const override;

 private:
  void next_run();
  uint64_t cycles_per_run() const;

  const Experiment& ex_;
  uint32_t runs_ = 1;   // runs the mode makes
  uint32_t done_ = 0;   // runs finished
  double lo_ = 0, hi_ = 1;  // bisection bracket (saturation mode)
  double load_ = 0;     // load of the current run
  std::unique_ptr<CycleNetwork> net_;
  std::vector<LoadPoint> curve_;
  nlohmann::json best_;  // report of the highest unsaturated run (saturation mode)
  double best_load_ = -1;
};

}  // namespace switchlab
