#include "engine/cycle/cycle_setup.hpp"

#include <cmath>
#include <memory>

#include "workload/mpi_trace_traffic.hpp"
#include "common/text.hpp"
#include "engine/cycle/network.hpp"
#include "engine/cycle/replay.hpp"

namespace switchlab {
namespace {

void parse_sections(Params& root, Params& sw, Params& cam, Params& traffic, Experiment& ex) {
  Params sim = root.child("sim", "Cycle engine: measurement windows and mode");
  CycleConfig& c = ex.sections.add<CycleConfig>();
  parse_cycle_config(sw, cam, traffic, sim, ex.topology->ports_per_switch(), c);
  read_threads(sim, ex, "curve mode runs its loads on");
  sim.reject_unknown();
  // Fields that existed before curve mode keep their ids: curve_points only in curve mode, the
  // deadlock limit only when not the default, and threads never (results do not depend on it).
  if (auto it = ex.normalized.find("sim"); it != ex.normalized.end() && it->is_object()) {
    it->erase("threads");
    if (c.curve_points == 0) it->erase("curve_points");
    if (c.deadlock_cycles == kDefaultDeadlockCycles) it->erase("deadlock_cycles");
  }
}

// A replay needs traffic it can replay, and its load is its own: there is no load to bisect on.
void check_cycle_traffic(const Experiment& ex, ErrorSink& errors) {
  const ReplayInfo* replay = cycle_config(ex).replay;
  // A trace's messages come with their times: generated injection would instead draw a node's
  // destinations from the trace in its order, and nodes the trace never sends from would search
  // it in vain every cycle.
  if (!replay && ex.traffic && ex.traffic->timed_messages()) {
    errors.fail("traffic.injection.process", "traffic.pattern trace is replayed at its timestamps, not drawn from at a load",
                "trace");
    return;
  }
  if (!replay) return;
  const ReplayCheck why = replay->check(ex);
  if (!why.field.empty())
    errors.fail(why.field, why.message, why.allowed);
  else if (cycle_config(ex).saturation_mode)
    errors.fail("sim.mode", "saturation and curve vary traffic.injection.load; a replay's load is given by its messages", "latency");
}

void finish(Params& root, Params&, Experiment& ex) {
  ErrorSink& errors = root.errors();
  if (errors.ok() && app::mpi_trace_workload(*ex.traffic))
    errors.fail("traffic.pattern", "engine cycle does not take MPI traces (mpi_trace): engines routewalk (hit rates of "
                "the trace's messages), app (time model) and smpi (SimGrid replay) do", "engine routewalk, app or smpi");
  if (errors.ok()) check_cycle_traffic(ex, errors);
}

// The cycle engine's work (flit-hops, cycles) and memory: buffers of every queue, per-port
// caches, and the source queues, which past saturation grow by (offered - accepted) per node per
// cycle (bounded here by the offered load over the whole run, or by a replay's messages).
bool estimate_cycle_run(Params& root, Experiment& ex) {
  const Topology& topo = *ex.topology;
  CycleConfig& c = ex.sections.get<CycleConfig>();
  RunEstimate& e = ex.estimate;
  // (Curve mode holds up to sim.threads networks at once; the memory below is one run's.)
  const double runs = c.saturation_mode ? c.bisection_steps + c.curve_points : 1;
  const double run_cycles = static_cast<double>(c.warmup + c.measure + c.drain);
  const double cycles = run_cycles * runs;
  const double load = c.saturation_mode ? 1.0 : c.load;
  const double ports = static_cast<double>(topo.num_switches()) * topo.ports_per_switch();
  c.work_cycles = cycles;
  // Flits one run injects: a replay's messages, or the load over the run's cycles.
  const std::unique_ptr<Replay> replay = c.replay ? c.replay->make(ex) : nullptr;
  const double flits = replay ? replay->flits_total() : run_cycles * topo.num_nodes() * load;
  c.work_flit_hops = flits * runs * topo.max_hops();  // max_hops counts switches
  e.caches = !ex.cache.enabled ? 0 : (ex.cache.per_switch ? topo.num_switches() : ports);
  e.lookups = c.work_flit_hops / c.mean_packet_flits();
  const double nodes = topo.num_nodes();
  if (ex.cache.enabled && ex.cache.prefetch_all_to_all) e.lookups += nodes * (nodes - 1) * topo.max_hops();
  // (The memory figure below counts every cache whole, whichever the storage.)
  e.cache_storage = dense_storage(e.caches, e.lookups);
  const double pps = topo.ports_per_switch();
  const bool output_side = c.org->key == BufferOrgInfo::Key::Output;
  // Flit slots of the buffers (an output queue holds ports x flits_per_port).
  const double slots = ports * c.org->flits_per_port(c.sizes) * (output_side ? pps : 1);
  // Packets in the network at once: each holds at least one flit slot (under virtual cut-through
  // its whole size), plus one per node being injected, and no more than a run creates. Each keeps
  // its record (40 B) and its route: 8 B per hop, 4 more for output-side organisations, 1 more
  // with dateline VCs.
  const double in_flight = std::min(slots / (c.whole_packet_credits() ? c.min_packet_flits() : 1),
                                    flits / c.min_packet_flits()) + nodes;
  const double per_packet = 40.0 + 13.0 * topo.max_hops();
  // The terms, each with the field that sizes it, so that a run too large names its largest one.
  const char* buffer_field = c.org->key == BufferOrgInfo::Key::InputVc ? "switch.buffer.flits_per_vc" : "switch.buffer.flits_per_port";
  const std::pair<const char*, double> terms[] = {
      // Rings, queue state and allocators, and the packets the buffers can hold.
      {buffer_field, CycleNetwork::setup_bytes(ex) + in_flight * per_packet},
      {"switch.cache.entries", e.caches * (256.0 + ex.cache.geometry.entries * 4.0)},
      // Source queues (a 24 B entry per generated packet or replayed message, in deque blocks) and
      // the latency histograms (8 B per cycle of latency).
      {replay ? "traffic.pattern" : "sim.measure_cycles",
       (replay ? replay->messages_total() : flits / c.mean_packet_flits()) * 26.0 + run_cycles * 16.0},
      {"topology", topo.table_bytes()}};
  e.memory_bytes = 0;
  const std::pair<const char*, double>* largest = &terms[0];
  for (const auto& t : terms) {
    e.memory_bytes += t.second;
    if (t.second > largest->second) largest = &t;
  }
  if (e.memory_bytes > kMaxRunMemoryBytes) {
    const std::string limit = format_number(kMaxRunMemoryBytes / (1 << 30)) + " GiB";
    root.errors().fail(largest->first, "the run would need about " + format_number(std::round(e.memory_bytes / (1 << 20))) +
                                           " MiB, " + format_number(std::round(largest->second / (1 << 20))) +
                                           " MiB of it sized by this field; this build allows " + limit,
                       "a value for which the whole run fits in " + limit);
    return false;
  }
  return true;
}

// A cycle run's work is its flits over cycles, not packets.
void summary(const Experiment& ex, json& s) {
  s["cycles"] = cycle_config(ex).work_cycles;
  s["flit_hops"] = cycle_config(ex).work_flit_hops;
}

}  // namespace

const EngineConfigHooks& cycle_config_hooks() {
  static const EngineConfigHooks hooks{nullptr, parse_sections, nullptr, finish, estimate_cycle_run, summary};
  return hooks;
}

}  // namespace switchlab
