#pragma once
// Configuration of the cycle engine (engine = "cycle"): switch buffers, allocator, pipeline and
// link cycles, injection and the measurement windows. Read by parse_cycle_config() from the
// same config sections as the rest of the experiment (docs/engines.md, "Cycle engine").
#include <cstdint>
#include <string>
#include <vector>

#include "common/params.hpp"
#include "config/experiment.hpp"
#include "engine/cycle/allocator.hpp"
#include "engine/cycle/buffer_org.hpp"

namespace switchlab {

struct ReplayInfo;

// The most cycles of a window (sim.warmup_cycles, measure_cycles, drain_cycles).
constexpr int64_t kMaxCycles = int64_t{1} << 31;
constexpr int64_t kDefaultDeadlockCycles = 20000;  // sim.deadlock_cycles

struct CycleConfig {
  const BufferOrgInfo* org = nullptr;
  BufferSizes sizes{};
  const AllocatorInfo* allocator = nullptr;
  uint32_t iterations = 1;
  bool cut_through = false;  // virtual cut-through; false: wormhole
  // Pipeline stages, cycles: routing computation (cache hit / miss / no cache), VC allocation,
  // switch allocation, switch traversal; link traversal (injection and ejection links too).
  uint32_t rc_hit = 1, rc_miss = 1, rc_no_cache = 1, va = 1, sa = 1, st = 1, link = 1;
  uint32_t cam_cycles = 1;  // a CAM accepts one search every cam_cycles
  bool cam_shared = true;   // one CAM per switch (else one per input port)
  double clock_ghz = 1.0;   // switch clock, for the ns figures
  // Injection process: Bernoulli, on/off bursts (on_off), or a replay of whole messages
  // (engine/cycle/replay.hpp; replay set).
  bool on_off = false;
  const ReplayInfo* replay = nullptr;
  double load = 0.1;        // offered load, flits/node/cycle (Bernoulli, on/off)
  uint32_t burst_flits = 64;  // on/off: mean flits of an on period
  double trace_cycles_per_unit = 1.0;  // trace: switch cycles per unit of the trace's time column
  double gflops = 100;                 // application: each rank's compute rate, GFlop/s
  uint32_t packet_flits = 1;
  // Packet size mix (traffic.size_mix): sizes and integer weights; empty: every packet has
  // packet_flits flits.
  std::vector<uint32_t> mix_flits, mix_weights;
  // A packet's head reserves room for the whole packet downstream: under virtual cut-through, and
  // in output queues (central, output_queued), whose slots a packet takes when its head arrives
  // (docs/engines.md, "Flow control"). Otherwise each flit reserves its own slot (wormhole).
  bool whole_packet_credits() const;
  // Flits every queue must be able to hold: a whole packet when its head reserves it, else one.
  uint32_t queue_flits() const;
  uint32_t max_packet_flits() const;
  uint32_t min_packet_flits() const;  // a replay's last packet of a message may be 1 flit
  double mean_packet_flits() const;
  // E[L^power] of a packet's flits (power 1 or 2), over the size mix's weights.
  double packet_flits_moment(int power) const;
  uint64_t warmup = 10000, measure = 30000, drain = 30000;  // cycles
  // sim.mode: "saturation" and "curve" both search for the saturation load (saturation_mode);
  // "curve" then runs curve_points evenly spaced loads up to just past it (0: no curve).
  bool saturation_mode = false;
  uint32_t bisection_steps = 7;
  uint32_t curve_points = 0;
  uint32_t trace_packets = 0;  // the first this many measured packets are traced router by router
  // No flit moved for this many cycles while flits wait: a routing deadlock (e.g. a torus ring
  // without datelines); the run stops and says so rather than spinning (sim.deadlock_cycles).
  uint64_t deadlock_cycles = kDefaultDeadlockCycles;
  // The run's work at most, from the config (estimate_cycle_run, cycle_setup.cpp): simulated
  // cycles over every run of the mode, and flit-hops; prepare()'s summary reports both.
  double work_cycles = 0, work_flit_hops = 0;
};

// The cycle engine's section of `ex` (Experiment::sections), made by its config hooks.
inline const CycleConfig& cycle_config(const Experiment& ex) { return ex.sections.get<CycleConfig>(); }

// Reads the cycle engine's fields of `sw` (switch.*), `cam` (switch.cam.*), `traffic` and `sim`;
// `ports` (per switch) sizes the buffers.
void parse_cycle_config(Params& sw, Params& cam, Params& traffic, Params& sim, uint32_t ports, CycleConfig& out);

}  // namespace switchlab
