#include "engine/cycle/cycle_run.hpp"

#include <algorithm>

#include "engine/engines.hpp"

namespace switchlab {

CycleRun::CycleRun(const Experiment& ex) : ex_(ex) {
  const CycleConfig& c = ex.cycle;
  runs_ = c.saturation_mode ? c.bisection_steps : 1;
  load_ = c.saturation_mode ? 0.5 : c.load;
  net_ = std::make_unique<CycleNetwork>(ex, load_);
}

uint64_t CycleRun::cycles_per_run() const {
  const CycleConfig& c = ex_.cycle;
  return c.warmup + c.measure + c.drain;
}

// Runs end early once their measured packets are delivered, so progress counts a finished run
// as a whole run.
uint64_t CycleRun::total() const { return runs_ * cycles_per_run(); }

void CycleRun::next_run() {
  const LoadPoint p = net_->point();
  curve_.push_back(p);
  if (ex_.cycle.saturation_mode) {
    if (!p.saturated && load_ > best_load_) {
      best_load_ = load_;
      best_ = net_->report();
    }
    (p.saturated ? hi_ : lo_) = load_;
  }
  if (++done_ == runs_) return;
  load_ = (lo_ + hi_) / 2;
  net_ = std::make_unique<CycleNetwork>(ex_, load_);
}

uint64_t CycleRun::advance(uint64_t cycles) {
  while (cycles > 0 && done_ < runs_) {
    const uint64_t before = net_->advance(0);  // cycles left in this run
    const uint64_t left = net_->advance(cycles);
    const uint64_t used = before - left;  // a run that ends early spends what it had left
    cycles = cycles > used ? cycles - used : 0;
    if (left == 0) next_run();
  }
  return done_ == runs_ ? 0 : (runs_ - done_ - 1) * cycles_per_run() + net_->advance(0);
}

nlohmann::json CycleRun::report() const {
  if (!ex_.cycle.saturation_mode) return net_->report();
  nlohmann::json out = best_.is_null() ? net_->report() : best_;
  std::vector<LoadPoint> sorted = curve_;
  std::sort(sorted.begin(), sorted.end(), [](const LoadPoint& a, const LoadPoint& b) { return a.offered < b.offered; });
  nlohmann::json curve = nlohmann::json::array();
  double best = 0;
  for (const LoadPoint& p : sorted) {
    // (A run that delivered no measured packet has no latency: null, as in a run's own result.)
    curve.push_back({p.offered, p.accepted, p.delivered ? nlohmann::json(p.latency_mean) : nlohmann::json(nullptr), p.saturated});
    best = std::max(best, p.accepted);
  }
  // Past saturation a network accepts about its saturation throughput; below it, what is offered.
  out["saturation"] = {{"throughput", best},
                       {"load_bracket", {lo_, hi_}},
                       {"curve", curve},
                       {"curve_format", "[offered flits/node/cycle, accepted flits/node/cycle, mean packet latency cycles (null: none delivered), saturated] per run, by offered load"}};
  return out;
}

namespace {
const EngineRegistrar reg{{"cycle", "cycle-level network with contention, buffers and allocators (latency and throughput under load)",
                           make_engine_run<CycleRun>}};
}

}  // namespace switchlab
