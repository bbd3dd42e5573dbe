#include "engine/cycle/config.hpp"

#include <algorithm>

#include "engine/cycle/replay.hpp"

namespace switchlab {
namespace {

constexpr uint32_t kMaxFlitsPerVc = 1u << 16, kMaxFlitsPerPort = 1u << 20;

uint32_t cycles(Params& p, const char* key, int64_t def, int64_t lo, const char* doc) {
  return static_cast<uint32_t>(p.integer(key, {def, lo, 64, "cycles", doc}));
}

// Injection processes that generate packets at traffic.injection.load (the replays come from
// their registry).
const std::vector<std::string>& generated_processes() {
  static const std::vector<std::string> names{"bernoulli", "on_off"};
  return names;
}

// The names of the registered components (organisations, allocators) whose info satisfies `pred`:
// the values of a choice under which a field applies (its x-applies-when).
template <class Infos, class Pred>
std::vector<std::string> names_where(const Infos& infos, Pred pred) {
  std::vector<std::string> out;
  for (const auto& info : infos)
    if (pred(info)) out.push_back(info.name);
  return out;
}

void parse_buffer(Params& sw, CycleConfig& c) {
  Params b = sw.child("buffer", "Switch buffer organisation (seed 003), compared at equal flits per input port");
  const std::string org = b.choice("organisation", std::string("vc"), buffer_organisation_names(),
                                   describe_buffer_organisations("Buffer organisation").c_str());
  const auto& orgs = buffer_organisations();
  const auto with_vcs = names_where(orgs, [](const BufferOrgInfo& o) { return o.key == BufferOrgInfo::Key::InputVc; });
  const auto without_vcs = names_where(orgs, [](const BufferOrgInfo& o) { return o.key != BufferOrgInfo::Key::InputVc; });
  const auto chunked = names_where(orgs, [](const BufferOrgInfo& o) { return o.chunked; });
  c.sizes.vcs = static_cast<uint32_t>(
      b.when("organisation", with_vcs).integer("vcs", {4, 1, 64, "VCs", "Virtual channels per input port (organisation vc)"}));
  c.sizes.flits_per_vc = static_cast<uint32_t>(b.when("organisation", with_vcs).integer(
      "flits_per_vc", {8, 1, kMaxFlitsPerVc, "flits", "Flits per virtual channel (organisation vc)"}));
  c.sizes.flits_per_port = static_cast<uint32_t>(b.when("organisation", without_vcs).integer(
      "flits_per_port", {32, 1, kMaxFlitsPerPort, "flits", "Flits per input port for every organisation but vc (set vcs x flits_per_vc to compare at equal space)"}));
  c.cut_through = b.choice("flow_control", "wormhole", {"wormhole", "virtual_cut_through"},
                           "wormhole: a flit advances into one free slot; virtual_cut_through: a packet's head "
                           "advances only when the whole packet fits downstream (output queues, central and "
                           "output_queued, take whole packets under both)") == "virtual_cut_through";
  c.sizes.chunk_flits = static_cast<uint32_t>(b.when("organisation", chunked).integer(
      "chunk_flits", {0, 0, 4096, "flits",
                      "hipiqs: the input buffer is allocated in chunks of this many flits, one per bank (seed 003 "
                      "Sec. 3.2; a queue's last chunk takes its next packets, PFC reuse); 0: one flit per switch "
                      "port (k banks for k ports); 1: per-flit allocation"}));
  b.reject_unknown();
  c.org = find_buffer_organisation(org);
}

void parse_pipeline(Params& sw, CycleConfig& c) {
  Params p = sw.child("pipeline_cycles", "Router pipeline stages, in cycles");
  c.rc_hit = cycles(p, "rc_hit", 1, 0, "Routing computation when the input port's cache hits");
  c.rc_miss = cycles(p, "rc_miss", 1, 0, "Routing computation on a miss (hash + cache + CAM)");
  c.rc_no_cache = cycles(p, "rc_no_cache", 1, 0, "Routing computation without a cache (CAM only)");
  c.va = cycles(p, "va", 1, 0, "Virtual-channel allocation (0: none, as in a router without VCs)");
  c.sa = cycles(p, "sa", 1, 1, "Switch allocation");
  c.st = cycles(p, "st", 1, 0, "Switch traversal");
  p.reject_unknown();
  c.link = cycles(sw, "link_cycles", 1, 1, "Link traversal, switch-switch and node-switch");
}

// Packet sizes: one size (traffic.packet_flits) or a weighted mix (traffic.size_mix), as
// BookSim's packet_size / packet_size_rate.
void parse_sizes(Params& traffic, CycleConfig& c) {
  Params mix = traffic.child("size_mix", "Packet size mix: each packet's size drawn from flits with the given weights");
  // A replay sends messages split into packets of packet_flits (a mix is rejected below).
  const auto flits = mix.when("traffic.injection.process", generated_processes()).int_list("flits", {}, 0, 16, 1, 4096, "flits", "Packet sizes of the mix; empty: every packet has packet_flits");
  const auto weights = mix.when("traffic.injection.process", generated_processes()).int_list("weights", {}, 0, 16, 1, 1000000, "",
                                    "Relative frequency of each size (integers); empty: equally likely");
  mix.reject_unknown();
  if (!weights.empty() && weights.size() != flits.size()) {
    traffic.errors().fail(mix.field("weights"), "has " + std::to_string(weights.size()) + " weights for " +
                                                    std::to_string(flits.size()) + " sizes in traffic.size_mix.flits",
                          "one weight per size, or none");
    return;
  }
  // packet_flits is read (and its default normalized) only without a mix, so that a normalized
  // config with a mix validates again as it is.
  if (flits.empty()) {
    c.packet_flits = static_cast<uint32_t>(traffic.integer("packet_flits", {1, 1, 4096, "flits", "Flits per packet (without a size_mix)"}));
    return;
  }
  if (traffic.present("packet_flits")) {
    traffic.errors().fail(traffic.field("packet_flits"), "conflicts with traffic.size_mix; give one of them",
                          "absent when traffic.size_mix.flits is given");
    return;
  }
  for (size_t k = 0; k < flits.size(); ++k) {
    c.mix_flits.push_back(static_cast<uint32_t>(flits[k]));
    c.mix_weights.push_back(weights.empty() ? 1u : static_cast<uint32_t>(weights[k]));
  }
}

void parse_injection(Params& traffic, CycleConfig& c) {
  Params inj = traffic.child("injection", "Injection process of the cycle engine");
  std::vector<std::string> processes = generated_processes();
  for (const std::string& r : replay_names()) processes.push_back(r);
  const std::string doc = "bernoulli: each cycle a packet starts with probability load / mean packet flits; on_off: "
                          "bursts at one flit per cycle of burst_flits flits on average, separated by idle periods "
                          "giving the load. " + describe_replays() + " (whole messages instead of a load)";
  const std::string process = inj.choice("process", std::string("bernoulli"), processes, doc.c_str());
  c.replay = find_replay(process);
  c.on_off = process == "on_off";
  c.load = inj.when("process", generated_processes()).number("load", {0.1, 0.0, 1.0, "flits/node/cycle", "Offered load per node (bernoulli, on_off)"});
  c.burst_flits = static_cast<uint32_t>(inj.when("process", {"on_off"}).integer("burst_flits", {64, 1, 1 << 20, "flits", "on_off: mean flits per burst"}));
  const bool ns = inj.when("process", {"trace"}).choice("time_unit", "cycles", {"cycles", "ns"},
                             "trace: unit of the trace's time column (ns are converted with switch.clock_ghz)") == "ns";
  c.gflops = inj.when("process", {"application"}).number("gflops", {100, 0.001, 1e9, "GFlop/s", "application: each rank's compute rate (node speed)"});
  inj.reject_unknown();
  c.trace_cycles_per_unit = ns ? c.clock_ghz : 1.0;
  parse_sizes(traffic, c);
  if (c.replay && !c.mix_flits.empty())
    traffic.errors().fail(inj.field("process"), process + " splits messages into packets of traffic.packet_flits flits; "
                                                "traffic.size_mix is for bernoulli and on_off", "bernoulli or on_off with a size_mix");
}

}  // namespace

bool CycleConfig::whole_packet_credits() const { return cut_through || org->key == BufferOrgInfo::Key::Output; }
uint32_t CycleConfig::queue_flits() const { return whole_packet_credits() ? max_packet_flits() : 1; }

uint32_t CycleConfig::max_packet_flits() const {
  return mix_flits.empty() ? packet_flits : *std::max_element(mix_flits.begin(), mix_flits.end());
}

uint32_t CycleConfig::min_packet_flits() const {
  if (replay) return 1;
  return mix_flits.empty() ? packet_flits : *std::min_element(mix_flits.begin(), mix_flits.end());
}

double CycleConfig::packet_flits_moment(int power) const {
  if (mix_flits.empty()) return power == 1 ? packet_flits : static_cast<double>(packet_flits) * packet_flits;
  double sum = 0, weight = 0;
  for (size_t k = 0; k < mix_flits.size(); ++k) {
    const double l = mix_flits[k];
    sum += (power == 1 ? l : l * l) * mix_weights[k];
    weight += mix_weights[k];
  }
  return sum / weight;
}

double CycleConfig::mean_packet_flits() const { return packet_flits_moment(1); }

void parse_cycle_config(Params& sw, Params& cam, Params& traffic, Params& sim, uint32_t ports, CycleConfig& c) {
  parse_buffer(sw, c);
  Params a = sw.child("allocator", "Switch allocator");
  c.allocator = find_allocator(a.choice("kind", std::string("islip"), allocator_names(), describe_allocators("Allocator").c_str()));
  const auto iterative = names_where(allocators(), [](const AllocatorInfo& k) { return k.iterative; });
  c.iterations = static_cast<uint32_t>(a.when("kind", iterative).integer("iterations", {1, 1, 16, "iterations", "Rounds of islip, pim and separable_input_first"}));
  a.reject_unknown();
  parse_pipeline(sw, c);
  c.clock_ghz = sw.number("clock_ghz", {1.0, 0.001, 100.0, "GHz", "Switch clock: converts cycles to ns"});
  c.cam_cycles = cycles(cam, "search_cycles", 1, 1, "A CAM starts one search every this many cycles (a miss storm queues behind it)");
  c.cam_shared = cam.boolean("shared", true, "One CAM shared by the switch's input ports (false: one per input port)");

  parse_injection(traffic, c);
  c.warmup = static_cast<uint64_t>(sim.integer("warmup_cycles", {10000, 0, kMaxCycles, "cycles", "Cycles before measuring"}));
  c.measure = static_cast<uint64_t>(sim.integer("measure_cycles", {30000, 1, kMaxCycles, "cycles",
                                                                   "Measured window: packets created in it are measured"}));
  c.drain = static_cast<uint64_t>(sim.integer("drain_cycles", {30000, 0, kMaxCycles, "cycles",
                                                               "Most cycles after the window spent delivering measured packets; "
                                                               "packets still undelivered then mark the run saturated"}));
  const std::string mode = sim.choice(
      "mode", "latency", {"latency", "saturation", "curve"},
      "latency: one run at traffic.injection.load; saturation: bisection on the load for the saturation throughput, "
      "returning the latency-load curve of the loads it tried; curve: the same bisection, then sim.curve_points runs "
      "at evenly spaced loads from near zero to just past the saturation it found (load_curve), on every core");
  c.saturation_mode = mode != "latency";
  c.bisection_steps = static_cast<uint32_t>(sim.when("mode", {"saturation", "curve"}).integer("bisection_steps", {7, 1, 20, "runs", "saturation and curve modes: runs of the bisection"}));
  const auto points = static_cast<uint32_t>(sim.when("mode", {"curve"}).integer(
      "curve_points", {12, 2, 64, "runs",
                       "curve mode: offered loads of the curve, top x k / curve_points for k = 1..curve_points, "
                       "top = 1.1 x the lowest saturated load the bisection tried (at most 1)"}));
  c.curve_points = mode == "curve" ? points : 0;
  c.trace_packets = static_cast<uint32_t>(sim.integer(
      "trace_packets", {0, 0, 1024, "packets",
                        "Per-packet trace of the first this many measured packets (in injection order): source, "
                        "destination and, per router, the cycles of arrival, routing computation and departure "
                        "(saturation mode: of the reported run)"}));
  c.deadlock_cycles = static_cast<uint64_t>(sim.integer(
      "deadlock_cycles", {kDefaultDeadlockCycles, 100, kMaxCycles, "cycles",
                          "Cycles in which no flit moves while flits wait after which the run stops as deadlocked "
                          "(cycles.deadlock_limit); raise it when a pipeline or CAM stalls longer, e.g. slow CAM "
                          "searches behind a miss storm"}));
  if (!sw.errors().ok()) return;

  c.sizes.vcs = c.org->key == BufferOrgInfo::Key::InputVc ? c.sizes.vcs : 1;
  c.sizes.ports = ports;
  c.sizes.chunk_flits = !c.org->chunked ? 1 : c.sizes.chunk_flits == 0 ? ports : c.sizes.chunk_flits;
  // Every queue (or pool) must hold one flit, and a whole packet under virtual cut-through. A
  // switch-wide pool (one queue per output port) guarantees each queue that much of it
  // (queues.hpp, queue_reserve), so it must hold it once per port.
  const uint32_t need = c.queue_flits();
  const bool vc = c.org->key == BufferOrgInfo::Key::InputVc;
  const char* field = vc ? "switch.buffer.flits_per_vc" : "switch.buffer.flits_per_port";
  // A chunked pool holds whole chunks (need rounded up to chunks; chunk 1 for the others).
  const uint32_t chunk = c.sizes.chunk_flits;
  const uint32_t need_space = (need + chunk - 1) / chunk * chunk;
  const uint64_t required = uint64_t{need_space} * (c.org->pool == BufferOrgInfo::Pool::Switch ? ports : 1);
  // The organisation's usable space with `v` in the field (its own capacity rule, in whole chunks).
  auto usable = [&](uint32_t v) {
    BufferSizes s = c.sizes;
    (vc ? s.flits_per_vc : s.flits_per_port) = v;
    return uint64_t{c.org->capacity(s)} / chunk * chunk;
  };
  const uint32_t have = static_cast<uint32_t>(usable(vc ? c.sizes.flits_per_vc : c.sizes.flits_per_port));
  if (have >= required) return;
  // The smallest value that is enough (capacity grows with the field): the allowed range.
  const uint32_t max = vc ? kMaxFlitsPerVc : kMaxFlitsPerPort;
  uint32_t lo = 1, hi = max;
  while (lo < hi) {
    const uint32_t mid = lo + (hi - lo) / 2;
    usable(mid) >= required ? hi = mid : lo = mid + 1;
  }
  const std::string in_chunks = chunk > 1 ? " in whole chunks of " + std::to_string(chunk) + " flits" : "";
  const std::string largest = " (the largest packet has " + std::to_string(need) + " flits)";
  const std::string what = c.cut_through              ? "a whole packet under virtual_cut_through" + largest
                           : c.whole_packet_credits() ? "a whole packet: an output queue takes a packet's room when its head arrives" + largest
                                                      : std::string("at least one flit");
  const std::string pooled = c.org->pool == BufferOrgInfo::Pool::Switch
                                 ? " (the shared memory reserves that for each of the " + std::to_string(ports) + " output queues)"
                                 : "";
  const char* per = c.org->pool == BufferOrgInfo::Pool::Queue ? "queue" : c.org->pool == BufferOrgInfo::Pool::Input ? "input port" : "switch";
  sw.errors().fail(field, "gives " + c.org->name + " " + std::to_string(have) + " flits" + in_chunks + " per " + per + " with " +
                              std::to_string(ports) + " ports; it needs " + std::to_string(required) + ": each queue must hold " +
                              what + pooled,
                   usable(lo) >= required ? "an integer >= " + std::to_string(lo)
                                          : "none up to " + std::to_string(max) + ": fewer ports or smaller packets");
}

}  // namespace switchlab
