#pragma once
// Engine "app" as an EngineRun: the time model is evaluated whole in one unit of work (it has no
// packets to step through), so callers drive it like the other engines.
#include "app/time_model.hpp"
#include "engine/run.hpp"

namespace switchlab::app {

inline constexpr const char* kAppEngine = "app";  // its registered name (engine smpi is its twin)

class AppRun final : public EngineRun {
 public:
  explicit AppRun(const Experiment& ex) : ex_(ex) {}
  uint64_t total() const override { return 1; }
  const char* work_unit() const override { return "evaluations"; }
  uint64_t advance(uint64_t) override;
  nlohmann::json report() const override { return {{"app", section_}}; }

 private:
  const Experiment& ex_;
  nlohmann::json section_;
};

}  // namespace switchlab::app
