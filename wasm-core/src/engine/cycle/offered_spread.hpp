#pragma once
// How much the offered load measured over a window varies from run to run (seed to seed) because
// of the injection process alone: the relative standard deviation of the flits created in a
// window of `window` cycles by `nodes` independent sources at `load` flits/node/cycle.
//
// Why it is reported: on/off bursts make a window's offered load vary far more than Bernoulli
// injection (256-flit bursts on 64 nodes over 2,000 cycles at 0.2: about 11 %, Bernoulli 0.6 %),
// and the saturated flag and the saturation bisection follow that noise. The user sees the spread
// and the window that would bring it to 1 % (docs/engines.md, "Measurement").
#include <cstdint>

namespace switchlab {

struct CycleConfig;

struct OfferedSpread {
  double relative = 0;  // standard deviation / mean of the window's offered load
  // Measured cycles that bring `relative` to 1 % (from the long-window variance, so it does not
  // depend on the window that was run); 0 when none up to `max_window` would.
  uint64_t window_for_1pct = 0;
};

// For a generated injection process (Bernoulli or on/off) at load > 0 from `senders` nodes (those
// the traffic pattern lets send: a permutation's fixed points and nodes outside every job send
// nothing); the caller skips replays. `max_window`: the largest sim.measure_cycles allowed.
OfferedSpread offered_spread(const CycleConfig& c, double load, uint32_t senders, uint64_t window, uint64_t max_window);

}  // namespace switchlab
