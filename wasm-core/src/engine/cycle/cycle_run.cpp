#include "engine/cycle/cycle_run.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <stdexcept>
#include <thread>

#include "common/error.hpp"
#include "engine/batch_pipeline.hpp"
#include "engine/warnings.hpp"
#include "engine/cycle/cycle_setup.hpp"
#include "config/engines.hpp"

namespace switchlab {

// One run of the curve. It has an experiment of its own, parsed again from the normalized config:
// traffic patterns keep state between draws (all-to-all's rotation, a skeleton's message stream)
// and graph topologies build their tables lazily, so runs on several threads must share nothing;
// and each run starts from fresh state whatever ran before it, so the points do not depend on the
// number of threads.
struct CycleRun::CurveRun {
  Experiment ex;
  std::unique_ptr<CycleNetwork> net;
};

CycleRun::CycleRun(const Experiment& ex) : ex_(ex), c_(cycle_config(ex)) {
  runs_ = c_.saturation_mode ? c_.bisection_steps : 1;
  load_ = c_.saturation_mode ? 0.5 : c_.load;
  threads_ = run_threads(ex.threads);
  net_ = std::make_unique<CycleNetwork>(ex, load_);
}

CycleRun::~CycleRun() = default;

std::vector<double> CycleRun::curve_loads(double lowest_saturated, uint32_t points) {
  // Just past saturation: the last points show the latency climbing away (a bisection that never
  // saturated ends with lowest_saturated 1, the most a node can offer).
  const double top = std::min(1.0, 1.1 * lowest_saturated);
  std::vector<double> loads;
  for (uint32_t k = 1; k <= points; ++k) loads.push_back(top * k / points);
  return loads;
}

uint64_t CycleRun::cycles_per_run() const { return c_.warmup + c_.measure + c_.drain; }

// Runs end early once their measured packets are delivered, so progress counts a finished run
// as a whole run.
uint64_t CycleRun::total() const { return (runs_ + c_.curve_points) * cycles_per_run(); }

uint64_t CycleRun::cycles_left() const {
  const uint64_t curve_runs = c_.curve_points;
  if (done_ < runs_) return (runs_ - done_ - 1 + curve_runs) * cycles_per_run() + net_->advance(0);
  uint64_t left = (curve_runs - points_.size() - batch_.size()) * cycles_per_run();
  // (A run's network is built on its thread at its first advance: until then it has all its cycles.)
  for (const auto& r : batch_) left += r->net ? r->net->advance(0) : cycles_per_run();
  return left;
}

void CycleRun::next_run() {
  const LoadPoint p = net_->point();
  curve_.push_back(p);
  if (c_.saturation_mode) {
    if (!p.saturated && load_ > best_load_) {
      best_load_ = load_;
      best_ = net_->report();
    }
    (p.saturated ? hi_ : lo_) = load_;
  }
  if (++done_ == runs_) {
    if (c_.curve_points == 0) return;
    // The report needs the reported run's sections (the last run's when every run saturated, as
    // in saturation mode) and curve_, not the network.
    if (best_.is_null()) best_ = net_->report();
    net_.reset();
    loads_ = curve_loads(hi_, c_.curve_points);
    start_curve_batch();
    return;
  }
  load_ = (lo_ + hi_) / 2;
  net_ = std::make_unique<CycleNetwork>(ex_, load_);
}

void CycleRun::start_curve_batch() {
  batch_.clear();
  const size_t first = points_.size();
  const size_t n = std::min<size_t>(threads_, loads_.size() - first);
  for (size_t k = 0; k < n; ++k) {
    auto run = std::make_unique<CurveRun>();
    ErrorSink errors;
    // The normalized config was parsed once already, so it parses again (the same experiment).
    if (!parse_experiment(ex_.normalized, run->ex, errors))
      throw std::logic_error("curve mode: the normalized config did not parse again: " + errors.error().message);
    run->ex.sections.get<CycleConfig>().load = loads_[first + k];  // (the network is built on its thread, advance_curve)
    batch_.push_back(std::move(run));
  }
}

// Advances the batch's runs side by side, `cycles` shared among them; a batch done gives its points
// (in load order) and the next batch starts.
uint64_t CycleRun::advance_curve(uint64_t cycles) {
  while (cycles > 0 && !batch_.empty()) {
    const size_t n = batch_.size();
    const uint64_t share = std::max<uint64_t>(1, cycles / n);
    std::vector<uint64_t> used(n, 0);
    std::vector<std::exception_ptr> errors(n);
    auto work = [&](size_t k) {
      try {
        CurveRun& r = *batch_[k];
        if (!r.net) r.net = std::make_unique<CycleNetwork>(r.ex, cycle_config(r.ex).load);
        const uint64_t before = r.net->advance(0);
        used[k] = before - r.net->advance(share);
      } catch (...) {
        errors[k] = std::current_exception();
      }
    };
    std::vector<std::thread> threads;
    for (size_t k = 1; k < n; ++k) threads.emplace_back(work, k);
    work(0);
    for (auto& t : threads) t.join();
    for (auto& e : errors)
      if (e) std::rethrow_exception(e);
    uint64_t spent = 0;
    for (uint64_t u : used) spent += u;
    // (A network at its end answers 0 cycles used: the loop must still end.)
    cycles = cycles > spent && spent > 0 ? cycles - spent : 0;
    if (std::all_of(batch_.begin(), batch_.end(), [](const auto& r) { return r->net->advance(0) == 0; })) {
      for (const auto& r : batch_) points_.push_back(r->net->point());
      if (points_.size() == loads_.size()) {
        batch_.clear();
        break;
      }
      start_curve_batch();
    }
  }
  return cycles_left();
}

uint64_t CycleRun::advance(uint64_t cycles) {
  while (cycles > 0 && done_ < runs_) {
    const uint64_t before = net_->advance(0);  // cycles left in this run
    const uint64_t left = net_->advance(cycles);
    const uint64_t used = before - left;  // a run that ends early spends what it had left
    cycles = cycles > used ? cycles - used : 0;
    if (left == 0) next_run();
  }
  if (done_ == runs_ && !batch_.empty()) return advance_curve(cycles);
  return done_ == runs_ && batch_.empty() ? 0 : cycles_left();
}

namespace {
// [offered, accepted, mean latency (null: none delivered), saturated] per run, in the given order.
nlohmann::json curve_rows(const std::vector<LoadPoint>& points) {
  nlohmann::json rows = nlohmann::json::array();
  for (const LoadPoint& p : points)
    rows.push_back({p.offered, p.accepted, p.delivered ? nlohmann::json(p.latency_mean) : nlohmann::json(nullptr), p.saturated});
  return rows;
}
constexpr const char* kCurveFormat =
    "[offered flits/node/cycle, accepted flits/node/cycle, mean packet latency cycles (null: none delivered), saturated] per run, by offered load";
}  // namespace

nlohmann::json CycleRun::report() const {
  if (!c_.saturation_mode) return net_->report();
  nlohmann::json out = best_.is_null() ? net_->report() : best_;
  std::vector<LoadPoint> sorted = curve_;
  std::sort(sorted.begin(), sorted.end(), [](const LoadPoint& a, const LoadPoint& b) { return a.offered < b.offered; });
  double best = 0;
  for (const LoadPoint& p : sorted) best = std::max(best, p.accepted);
  // Past saturation a network accepts about its saturation throughput; below it, what is offered.
  out["saturation"] = {{"throughput", best}, {"load_bracket", {lo_, hi_}}, {"curve", curve_rows(sorted)}, {"curve_format", kCurveFormat}};
  // The curve's points by configured load (loads), each with the load the window measured.
  if (c_.curve_points > 0) out["load_curve"] = {{"loads", loads_}, {"points", curve_rows(points_)}, {"points_format", kCurveFormat}};
  return out;
}

namespace {
// The cycle engine's stated precision: the window whose offered-load spread is 1 %
// (throughput.window_for_1pct_cycles); a shorter window's numbers are noisier than that.
constexpr double kWindowSpreadPct = 1.0;

// Its throughput and latencies carry the injection process's noise; a window shorter than
// throughput.window_for_1pct_cycles gives them a spread above 1 %.
void short_window(const Experiment&, const nlohmann::json& result, nlohmann::json& out) {
  const nlohmann::json* spread = number_at(result, {"throughput", "offered_spread_pct"});
  const nlohmann::json* window = number_at(result, {"throughput", "window_for_1pct_cycles"});
  if (!spread || spread->get<double>() <= kWindowSpreadPct) return;
  nlohmann::json fixes = nlohmann::json::array();
  if (window && window->get<double>() <= static_cast<double>(kMaxCycles))
    fixes.push_back(warning_fix("sim.measure_cycles", window->get<uint64_t>(), "cycles", "the window that brings the spread to 1 %"));
  out.push_back({{"code", "short_window"},
                 {"field", "throughput.offered_spread_pct"},
                 {"message", "the measured window gives the offered load a spread of " + format_number(std::round(spread->get<double>() * 100) / 100) +
                                 " % from seed to seed, above " + format_number(kWindowSpreadPct) +
                                 " %: throughput and latencies are that noisy; a longer window narrows it"},
                 {"fixes", std::move(fixes)}});
}

EngineInfo cycle_engine() {
  EngineInfo e{"cycle", "cycle-level network with contention, buffers and allocators (latency and throughput under load)",
               // A saturation-mode point's headline: the other columns are one run of its
               // bisection. deadlock: a run that stopped with flits stuck delivered nothing,
               // so it has no latency; the row must say why rather than show blanks.
               {"saturation.throughput", "throughput.offered", "throughput.accepted",
                "throughput.accepted_min_node", "saturated", "deadlock", "latency_cycles.packet.mean",
                "latency_cycles.packet.p50", "latency_cycles.packet.p99", "latency_cycles.packet.max",
                "latency_cycles.network.mean", "hops.mean", "cache.hit_rate"},
               make_engine_run<CycleRun>};
  e.config = &cycle_config_hooks();
  e.simulates_network_state = true;
  e.work = {"flit_hops"};  // not look-ups of packets: its summary has no packets
  e.warnings = short_window;
  return e;
}
const EngineRegistrar reg{cycle_engine()};
}

}  // namespace switchlab
