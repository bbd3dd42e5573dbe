// Platform: one SimGrid host per compute node (speed node.gflops), one SimGrid link per directed
// network link (the injection link into a switch, each switch-to-switch direction, the ejection
// link to a node), bandwidth switch.link_gbps, shared by the flows crossing it. The latency of a
// link is the link delay plus, for a link that enters a switch, that switch's other delay and
// routing computation (hit-rate weighted with a cache: h rc_hit + (1 - h) rc_miss; rc_no_cache
// without), so a route of n switches has (n + 1) link + n (other + RC), as in the time model.
// Every ordered host pair gets its route from the topology's routing (Full routing, not
// symmetrical). Traces (SMPI time-independent format): per step, a rank computes its flops,
// posts an irecv for each message it receives and an isend for each it sends, then waits for all.
#include "app/smpi_export.hpp"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <tuple>
#include <utility>

#include "workload/mpi_trace_traffic.hpp"
#include "workload/npb_traffic.hpp"
#include "app/time_model.hpp"
#include "engine/routewalk_config.hpp"

namespace switchlab::app {
namespace {

using json = nlohmann::json;

// Trace lines of a replay running block b repeats[b] times (a compute and a waitall line per rank
// and step, an irecv and an isend per message and per copy).
uint64_t trace_lines(const Skeleton& sk, const std::vector<uint64_t>& repeats) {
  uint64_t lines = 0;
  for (size_t i = 0; i < sk.blocks.size(); ++i)
    for (const Step& s : sk.blocks[i].steps) lines += repeats[i] * (2 * (s.msgs.size() + s.copies.size()) + 2 * sk.ranks);
  return lines;
}

SmpiReplayPlan full_replay(const Skeleton& sk) {
  SmpiReplay whole;
  for (const Block& b : sk.blocks) whole.repeats.push_back(b.times);
  SmpiReplayPlan plan{false, {whole}, trace_lines(sk, whole.repeats)};
  return plan;
}

SmpiReplayPlan sampled_replays(const Skeleton& sk, uint64_t k) {
  SmpiReplay base;
  std::vector<size_t> long_blocks;
  for (size_t i = 0; i < sk.blocks.size(); ++i) {
    const bool is_long = sk.blocks[i].times > 2 * k;
    base.repeats.push_back(is_long ? k : sk.blocks[i].times);
    if (is_long) long_blocks.push_back(i);
  }
  if (long_blocks.empty()) return full_replay(sk);
  SmpiReplayPlan plan{true, {base}, trace_lines(sk, base.repeats)};
  for (const size_t i : long_blocks) {
    SmpiReplay r = base;
    r.repeats[i] = 2 * k;
    r.weight = static_cast<double>(sk.blocks[i].times - k) / static_cast<double>(k);
    plan.replays[0].weight -= r.weight;
    plan.max_lines = std::max(plan.max_lines, trace_lines(sk, r.repeats));
    plan.replays.push_back(std::move(r));
  }
  return plan;
}

// The first limit a benchmark's plan breaks, as (field, message); empty field when it fits.
std::pair<std::string, std::string> too_long(const Skeleton& sk, const AppConfig& cfg, const SmpiReplayPlan& plan) {
  if (plan.max_lines <= kMaxSmpiTraceLines) return {};
  const std::string lines = sk.benchmark + ": the SMPI traces would have about " + std::to_string(plan.max_lines) +
                            " lines (at most " + std::to_string(kMaxSmpiTraceLines) + ")";
  if (cfg.smpi_replay == AppConfig::SmpiReplay::kFull) {
    const bool sampling_fits = sampled_replays(sk, cfg.smpi_sample_repeats).max_lines <= kMaxSmpiTraceLines;
    return {"traffic.npb.class", lines + (sampling_fits ? ": set app.smpi_replay to extrapolate or auto, or use a smaller class or fewer ranks"
                                                         : ": use a smaller class or fewer ranks")};
  }
  if (sampled_replays(sk, 1).max_lines <= kMaxSmpiTraceLines)
    return {"app.smpi_sample_repeats", lines + " sampling " + std::to_string(cfg.smpi_sample_repeats) + " repeats: sample fewer"};
  return {"traffic.npb.class", lines + " even sampling one repeat: use a smaller class or fewer ranks"};
}

std::string num(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

std::string link_xml(const std::string& id, double gbps, double latency_ns) {
  return "    <link id=\"" + id + "\" bandwidth=\"" + num(gbps) + "Gbps\" latency=\"" + num(latency_ns) + "ns\"/>\n";
}

// The ranks' traces: kept as texts, or (with a directory) appended to one file per rank as they
// are made, so a long trace never sits in memory whole.
class TraceOut {
 public:
  TraceOut(uint32_t ranks, const std::string& dir) : texts_(dir.empty() ? ranks : 0) {
    for (uint32_t r = 0; !dir.empty() && r < ranks; ++r) {
      files_.push_back(dir + "/rank" + std::to_string(r) + ".txt");
      streams_.emplace_back(files_.back(), std::ios::binary);
    }
  }
  void add(uint32_t rank, const std::string& text) {
    if (streams_.empty()) texts_[rank] += text;
    else streams_[rank] << text;
  }
  const std::vector<std::string>& texts() const { return texts_; }
  const std::vector<std::string>& files() {
    streams_.clear();  // flushed and closed
    return files_;
  }

 private:
  std::vector<std::string> texts_, files_;
  std::vector<std::ofstream> streams_;
};

// A replay's traces: `init`; per step, compute, an irecv per incoming and an isend per outgoing
// message (a copy: both to the rank itself, which SMPI sends over its loopback), waitall; block
// b's steps `repeats[b]` times; `finalize`.
void write_traces(const Skeleton& sk, const std::vector<uint64_t>& repeats, TraceOut& traces) {
  for (uint32_t r = 0; r < sk.ranks; ++r) traces.add(r, std::to_string(r) + " init\n");
  std::vector<std::string> step_text(sk.ranks);
  for (size_t i = 0; i < sk.blocks.size(); ++i) {
    for (auto& t : step_text) t.clear();
    for (const Step& s : sk.blocks[i].steps) {
      for (uint32_t r = 0; r < sk.ranks; ++r)
        if (s.flops > 0) step_text[r] += std::to_string(r) + " compute " + num(std::round(s.flops)) + "\n";
      for (const Message& m : s.msgs)
        step_text[m.dst] += std::to_string(m.dst) + " irecv " + std::to_string(m.src) + " 0 " + std::to_string(m.bytes) + "\n";
      for (const Message& m : s.msgs)
        step_text[m.src] += std::to_string(m.src) + " isend " + std::to_string(m.dst) + " 0 " + std::to_string(m.bytes) + "\n";
      for (const Call& c : s.copies)
        for (const char* verb : {" irecv ", " isend "})
          step_text[c.rank] += std::to_string(c.rank) + verb + std::to_string(c.rank) + " 0 " + std::to_string(c.bytes) + "\n";
      for (uint32_t r = 0; r < sk.ranks; ++r)
        if (!s.msgs.empty() || !s.copies.empty()) step_text[r] += std::to_string(r) + " waitall\n";
    }
    for (uint32_t r = 0; r < sk.ranks; ++r)
      for (uint64_t n = 0; n < repeats[i]; ++n) traces.add(r, step_text[r]);
  }
  for (uint32_t r = 0; r < sk.ranks; ++r) traces.add(r, std::to_string(r) + " finalize\n");
}

// The platform: hosts, directed links and every ordered host pair's route; `h` the hit rate.
std::string platform_xml(const Experiment& ex, double h) {
  const Topology& topo = *ex.topology;
  const Delays& d = walk_config(ex).delays;
  const AppConfig& app = app_config(ex);
  const double rc_ps = ex.cache.enabled ? h * d.rc_hit_ps + (1 - h) * d.rc_miss_ps : d.rc_no_cache_ps;
  const double into_switch_ns = (d.link_ps + d.other_ps + rc_ps) / 1000.0, into_node_ns = d.link_ps / 1000.0;
  const uint32_t nodes = topo.num_nodes();

  std::string xml =
      "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
      "<platform version=\"4.1\">\n  <zone id=\"switchlab\" routing=\"Full\">\n";
  for (uint32_t n = 0; n < nodes; ++n)
    xml += "    <host id=\"n" + std::to_string(n) + "\" speed=\"" + num(app.gflops) + "Gf\"/>\n";
  // Links are declared on first use: (switch, input port) entering a switch, or the node.
  std::vector<char> declared(static_cast<size_t>(topo.num_switches()) * topo.ports_per_switch() + nodes, 0);
  std::string routes;
  std::vector<Hop> hops(topo.max_hops() + 1);
  Rng rng(Rng::derive(ex.seed, 2));
  for (uint32_t s = 0; s < nodes; ++s)
    for (uint32_t t = 0; t < nodes; ++t) {
      if (s == t) continue;
      const uint32_t n = topo.route(s, t, rng, hops.data());
      routes += "    <route src=\"n" + std::to_string(s) + "\" dst=\"n" + std::to_string(t) + "\" symmetrical=\"NO\">";
      for (uint32_t k = 0; k <= n; ++k) {
        const bool eject = k == n;
        const size_t id = eject ? declared.size() - nodes + t : static_cast<size_t>(hops[k].sw) * topo.ports_per_switch() + hops[k].in_port;
        const std::string name = eject ? "to_n" + std::to_string(t) : "s" + std::to_string(hops[k].sw) + "p" + std::to_string(hops[k].in_port);
        if (!declared[id]) {
          declared[id] = 1;
          xml += link_xml(name, app.link_gbps, eject ? into_node_ns : into_switch_ns);
        }
        routes += "<link_ctn id=\"" + name + "\"/>";
      }
      routes += "</route>\n";
    }
  xml += routes + "  </zone>\n</platform>\n";
  return xml;
}

// The answer's common part, and the platform given or written to `dir`.
json export_head(const Experiment& ex, const std::vector<uint32_t>& node_of_rank, double h, const std::string& why,
                 const std::string& dir) {
  json hosts = json::array();
  for (uint32_t node : node_of_rank) hosts.push_back("n" + std::to_string(node));
  // Known-good options: without them SMPI's default latency/bandwidth factors and cross-traffic
  // change results by an order of magnitude. Precision 1e-8, not 1e-9: SimGrid 3.32 aborts
  // ("Cannot saturate more a constraint that has no active element", a usage of 2.3e-9 left by
  // rounding) replaying BT class B on 64 ranks at 200 Gb/s with 1e-9 (docs/models.md).
  // The loopback carries a rank's messages to itself at the skeletons' copy rate (skeleton.hpp;
  // SimGrid 3.32's defaults, set here so that the two cannot drift apart).
  const json options = {"network/model:CM02", "network/latency-factor:1", "network/bandwidth-factor:1",
                        "network/crosstraffic:0", "maxmin/precision:1e-8",
                        "smpi/alltoall:pair", "network/loopback-bw:" + num(kLocalCopyBytesPerS),
                        "network/loopback-lat:0"};
  json out = {{"hosts", hosts}, {"options", options}, {"hit_rate", ex.cache.enabled ? json(h) : json(nullptr)},
              {"hit_rate_note", why}, {"replays", json::array()}};
  std::string xml = platform_xml(ex, h);
  if (dir.empty()) {
    out["platform_xml"] = std::move(xml);
  } else {
    const std::string platform = dir + "/platform.xml";
    std::ofstream(platform, std::ios::binary) << xml;
    out["platform_file"] = platform;
  }
  return out;
}

// A loaded MPI trace: its rank files as parsed (the canonical lines, docs/traffic.md), one replay.
json trace_export(const Experiment& ex, const MpiTraceWorkload& w, const std::string& dir) {
  std::string why;
  const double h = skeleton_hit_rate(ex, "mpi_trace", why);
  json out = export_head(ex, w.node_of_rank, h, why, dir);
  out["benchmark"] = "mpi_trace";
  out["trace_id"] = w.trace->id;
  out["mop"] = nullptr;
  out["replay"] = "full";
  out["sample_repeats"] = nullptr;
  json one = {{"repeats", json::array()}, {"weight", 1}};
  const std::string sub = dir.empty() ? "" : dir + "/replay0";
  if (!sub.empty()) std::filesystem::create_directories(sub);
  TraceOut traces(static_cast<uint32_t>(w.trace->ranks.size()), sub);
  for (uint32_t r = 0; r < w.trace->ranks.size(); ++r) traces.add(r, w.trace->canonical[r]);
  if (sub.empty()) one["traces"] = traces.texts();
  else one["trace_files"] = traces.files();
  out["replays"].push_back(std::move(one));
  return out;
}

}  // namespace

bool check_smpi_limits(const Experiment& ex, ErrorSink& errors) {
  const MpiTraceWorkload* trace = mpi_trace_workload(*ex.traffic);
  const NpbWorkload* w = npb_workload(*ex.traffic);
  const size_t ranks = trace ? trace->node_of_rank.size() : w->node_of_rank.size();
  if (ranks > kMaxSmpiRanks) {
    errors.fail(trace ? "traffic.trace_id" : "traffic.npb.ranks",
                "engine smpi replays at most " + std::to_string(kMaxSmpiRanks) + " ranks, got " + std::to_string(ranks) +
                    " (engine app takes up to 1024)",
                trace ? "a trace of at most " + std::to_string(kMaxSmpiRanks) + " ranks"
                      : "an integer in [2, " + std::to_string(kMaxSmpiRanks) + "]");
    return false;
  }
  if (ex.topology->num_nodes() > kMaxSmpiNodes) {
    errors.fail("topology", "engine smpi needs a topology of at most " + std::to_string(kMaxSmpiNodes) +
                                " nodes (its platform has a route per node pair), this one has " +
                                std::to_string(ex.topology->num_nodes()),
                "a topology of at most " + std::to_string(kMaxSmpiNodes) + " nodes");
    return false;
  }
  if (trace) return true;  // its lines are within the trace limit (kMaxTraceLines < kMaxSmpiTraceLines)
  for (const Skeleton& sk : w->skeletons)
    if (const auto [field, message] = too_long(sk, app_config(ex), smpi_replay_plan(sk, app_config(ex))); !field.empty()) {
      errors.fail(field, message, field == "app.smpi_sample_repeats" ? "a smaller integer in [1, 1000]" : "");
      return false;
    }
  return true;
}

SmpiReplayPlan smpi_replay_plan(const Skeleton& sk, const AppConfig& cfg) {
  using Mode = AppConfig::SmpiReplay;
  if (cfg.smpi_replay == Mode::kExtrapolate) return sampled_replays(sk, cfg.smpi_sample_repeats);
  SmpiReplayPlan full = full_replay(sk);
  if (cfg.smpi_replay == Mode::kAuto && full.max_lines > kMaxSmpiTraceLines)
    return sampled_replays(sk, cfg.smpi_sample_repeats);
  return full;
}

json smpi_export(const Experiment& ex, std::string& field, std::string& message, const std::string& dir) {
  const AppConfig* app = find_app_config(ex);
  if (const MpiTraceWorkload* trace = app ? mpi_trace_workload(*ex.traffic) : nullptr)
    return trace_export(ex, *trace, dir);
  const NpbWorkload* w = app ? npb_workload(*ex.traffic) : nullptr;
  if (!w) {
    field = "engine";
    message = "an SMPI export needs engine app or smpi with traffic.pattern npb or mpi_trace";
    return nullptr;
  }
  if (w->skeletons.size() != 1) {
    field = "traffic.npb.benchmarks";
    message = "an SMPI export takes exactly one benchmark, got " + std::to_string(w->skeletons.size());
    return nullptr;
  }
  const Skeleton& sk = w->skeletons[0];
  const SmpiReplayPlan plan = smpi_replay_plan(sk, *app);
  if (auto limit = too_long(sk, *app, plan); !limit.first.empty()) {
    std::tie(field, message) = std::move(limit);
    return nullptr;
  }

  std::string why;
  const double h = skeleton_hit_rate(ex, sk.benchmark, why);
  json out = export_head(ex, w->node_of_rank, h, why, dir);
  out["benchmark"] = sk.benchmark;
  out["mop"] = sk.mop;
  out["replay"] = plan.extrapolated ? "extrapolated" : "full";
  out["sample_repeats"] = plan.extrapolated ? json(app->smpi_sample_repeats) : json(nullptr);
  for (size_t i = 0; i < plan.replays.size(); ++i) {
    const SmpiReplay& replay = plan.replays[i];
    json one = {{"repeats", replay.repeats}, {"weight", replay.weight}};
    const std::string sub = dir.empty() ? "" : dir + "/replay" + std::to_string(i);
    if (!sub.empty()) std::filesystem::create_directories(sub);
    TraceOut traces(sk.ranks, sub);
    write_traces(sk, replay.repeats, traces);
    if (sub.empty()) one["traces"] = traces.texts();
    else one["trace_files"] = traces.files();
    out["replays"].push_back(std::move(one));
  }
  return out;
}

}  // namespace switchlab::app
