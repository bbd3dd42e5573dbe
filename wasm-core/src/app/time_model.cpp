#include "app/time_model.hpp"

#include <algorithm>
#include <limits>
#include <unordered_map>

#include "workload/mpi_trace_traffic.hpp"
#include "workload/npb_traffic.hpp"
#include "app/app_config.hpp"
#include "engine/routewalk.hpp"
#include "engine/routewalk_config.hpp"

namespace switchlab::app {
namespace {

using json = nlohmann::json;

// One message of a step: its switches and the links it crosses.
struct Flow {
  uint32_t hops;
  double bytes;
  double rate = 0;  // Gb/s, max-min fair share
  size_t first_link, links;  // in StepState::flow_links
};

// Max-min fair shares by progressive filling: the link with the smallest capacity left per
// unfrozen flow is the bottleneck of all its unfrozen flows; they get that share, which is taken
// from every link they cross; repeat until every flow has a rate. All links have one capacity.
class FairShare {
 public:
  FairShare(size_t link_ids, double capacity)
      : cap_(link_ids, capacity), count_(link_ids, 0), first_(link_ids, 0), fill_(link_ids, 0), capacity_(capacity) {}

  void solve(std::vector<Flow>& flows, const std::vector<uint32_t>& flow_links) {
    // Count the flows on each link, then list them per link (counting sort into on_link_).
    touched_.clear();
    for (const Flow& f : flows)
      for (size_t k = f.first_link; k < f.first_link + f.links; ++k)
        if (count_[flow_links[k]]++ == 0) touched_.push_back(flow_links[k]);
    size_t at = 0;
    for (uint32_t l : touched_) {
      first_[l] = fill_[l] = at;
      at += count_[l];
    }
    on_link_.resize(at);
    for (size_t i = 0; i < flows.size(); ++i)
      for (size_t k = flows[i].first_link; k < flows[i].first_link + flows[i].links; ++k)
        on_link_[fill_[flow_links[k]]++] = static_cast<uint32_t>(i);
    frozen_.assign(flows.size(), 0);
    for (size_t left = flows.size(); left > 0;) {
      uint32_t best = 0;
      double share = std::numeric_limits<double>::infinity();
      for (uint32_t l : touched_)
        if (count_[l] > 0 && cap_[l] / count_[l] < share) {
          share = cap_[l] / count_[l];
          best = l;
        }
      for (size_t k = first_[best]; k < fill_[best]; ++k) {
        const uint32_t i = on_link_[k];
        if (frozen_[i]) continue;
        frozen_[i] = 1;
        --left;
        Flow& f = flows[i];
        f.rate = share;
        for (size_t j = f.first_link; j < f.first_link + f.links; ++j) {
          cap_[flow_links[j]] -= share;
          --count_[flow_links[j]];
        }
      }
    }
    for (uint32_t l : touched_) {  // reset for the next step
      cap_[l] = capacity_;
      count_[l] = 0;
    }
  }

 private:
  std::vector<double> cap_;
  std::vector<uint32_t> count_;
  std::vector<size_t> first_, fill_;  // per link: its flows in on_link_[first_, fill_)
  std::vector<uint32_t> touched_, on_link_;
  std::vector<char> frozen_;
  double capacity_;
};

struct Totals {
  double time_cache = 0, time_no_cache = 0, compute = 0;
};

class Model {
 public:
  explicit Model(const Experiment& ex)
      : app_(app_config(ex)), delays_(walk_config(ex).delays), topo_(*ex.topology), pps_(topo_.ports_per_switch()),
        share_(static_cast<size_t>(topo_.num_switches()) * pps_ + topo_.num_nodes(), app_.link_gbps),
        hops_(topo_.max_hops() + 1), rng_(Rng::derive(ex.seed, 2)) {
    const Delays& d = delays_;
    switch_no_cache_s_ = (d.other_ps + d.rc_no_cache_ps) * 1e-12;
    link_s_ = d.link_ps * 1e-12;
    overhead_s_ = 2 * app_.overhead_ns * 1e-9;
  }

  // `hit_rate`: share of routing computations that hit (RC = h rc_hit + (1 - h) rc_miss).
  void set_hit_rate(double hit_rate) {
    const Delays& d = delays_;
    switch_cache_s_ = (d.other_ps + hit_rate * d.rc_hit_ps + (1 - hit_rate) * d.rc_miss_ps) * 1e-12;
  }

  Totals run(const Skeleton& sk, const std::vector<uint32_t>& node_of_rank, double hit_rate) {
    set_hit_rate(hit_rate);
    Totals t;
    const double flop_rate = app_.gflops * 1e9;
    for (const Block& b : sk.blocks) {
      Totals per;
      for (const Step& s : b.steps) {
        const double c = s.flops / flop_rate;
        double comm_cache = 0, comm_no = 0;
        step(s, node_of_rank, comm_cache, comm_no);
        per.compute += c;
        per.time_cache += c + comm_cache;
        per.time_no_cache += c + comm_no;
      }
      const double n = static_cast<double>(b.times);
      t.compute += n * per.compute;
      t.time_cache += n * per.time_cache;
      t.time_no_cache += n * per.time_no_cache;
    }
    return t;
  }

  double flop_rate() const { return app_.gflops * 1e9; }

  // The messages `msgs` sent at once (a step, a collective's round, or one message alone), with
  // their fair shares: message i takes with[i] s with caches, without[i] s without.
  void times(const std::vector<Message>& msgs, const std::vector<uint32_t>& node_of_rank, std::vector<double>& with,
             std::vector<double>& without) {
    share(msgs, node_of_rank);
    with.clear();
    without.clear();
    for (const Flow& f : flows_) {
      with.push_back(flow_s(f, switch_cache_s_));
      without.push_back(flow_s(f, switch_no_cache_s_));
    }
  }

 private:
  // The one message formula: overheads, links, the bytes at the flow's rate, and the switches.
  double flow_s(const Flow& f, double switch_s) const {
    const double base = overhead_s_ + (f.hops + 1) * link_s_ + (f.bytes > 0 ? f.bytes * 8 / (f.rate * 1e9) : 0);
    return base + f.hops * switch_s;
  }

  // The slowest message of the step (a rank's copy to itself included), with and without caches.
  void step(const Step& s, const std::vector<uint32_t>& node_of_rank, double& with, double& without) {
    with = without = s.copy_s();
    share(s.msgs, node_of_rank);
    for (const Flow& f : flows_) {
      with = std::max(with, flow_s(f, switch_cache_s_));
      without = std::max(without, flow_s(f, switch_no_cache_s_));
    }
  }

  // flows_ (one per message, in order) with their max-min fair shares.
  void share(const std::vector<Message>& msgs, const std::vector<uint32_t>& node_of_rank) {
    flows_.clear();
    links_.clear();
    for (const Message& m : msgs) {
      const uint32_t dst = node_of_rank[m.dst];
      const uint32_t n = topo_.route(node_of_rank[m.src], dst, rng_, hops_.data());
      Flow f{n, static_cast<double>(m.bytes), 0, links_.size(), n + 1};
      // Directed links: the one entering each switch on the route (injection link first), then
      // the ejection link to the destination node.
      for (uint32_t k = 0; k < n; ++k) links_.push_back(hops_[k].sw * pps_ + hops_[k].in_port);
      links_.push_back(topo_.num_switches() * pps_ + dst);
      flows_.push_back(f);
    }
    share_.solve(flows_, links_);
  }

  const AppConfig& app_;  // the experiment's sections
  const Delays& delays_;
  const Topology& topo_;
  const uint32_t pps_;
  FairShare share_;
  std::vector<Hop> hops_;
  Rng rng_;
  std::vector<Flow> flows_;
  std::vector<uint32_t> links_;
  double switch_cache_s_, switch_no_cache_s_, link_s_, overhead_s_;
};

// Hit rate of one whole run of `benchmark`'s skeleton in the route walk: the same config with
// engine routewalk, only that benchmark, and traffic.packets = one pass (at most the route walk's
// packet limit). Fills `why` and returns app.hit_rate when the route walk rejects the config.
double simulated_hit_rate(const Experiment& ex, const std::string& benchmark, std::string& why) {
  json cfg = ex.normalized;
  cfg["engine"] = kRouteWalkEngine;
  cfg.erase("node");
  cfg.erase("app");
  cfg["switch"].erase("link_gbps");
  if (cfg["traffic"]["pattern"] == "npb") cfg["traffic"]["npb"]["benchmarks"] = {benchmark};
  cfg["traffic"]["warmup_packets"] = 0;
  cfg["traffic"]["packets"] = 1;
  ErrorSink errors;
  Experiment probe, sub;
  if (parse_experiment(cfg, probe, errors)) {
    cfg["traffic"]["packets"] = std::min<uint64_t>(probe.traffic->describe()["packets_per_pass"].get<uint64_t>(), static_cast<uint64_t>(kMaxPackets));
    if (parse_experiment(cfg, sub, errors)) {
      RouteWalkRun walk(sub);
      walk.advance(UINT64_MAX);
      return walk.report()["cache"]["hit_rate"].get<double>();
    }
  }
  why = "route walk not possible (" + errors.error().field + ": " + errors.error().message + "); app.hit_rate used";
  return app_config(ex).hit_rate;
}

// Engine app over an MPI trace (docs/models.md, "MPI traces"): the trace's walk (workload/ti_trace.hpp)
// with a clock per rank, with and without caches at once. Compute advances the rank's clock; a
// request is posted at its rank's clock; a message of b bytes costs the model's formula alone on
// its route (full link bandwidth) and starts when its send is posted (eager, b < 64 KiB) or when
// both ends are posted (rendezvous); a receive completes at max(its post, the arrival), a
// rendezvous send at the arrival, an eager send at once; waiting moves the clock to the
// completion. A point-to-point message to oneself is a local copy (skeleton.hpp). A collective's
// rounds run in order when every rank has reached it, each round's messages sharing links by
// max-min fair shares as a skeleton step's: a message leaves at its sender's clock before the
// round and the receiver's clock becomes the latest arrival.
class TraceClocks final : public WalkHooks {
 public:
  TraceClocks(Model& m, const MpiTraceWorkload& w)
      : m_(m), w_(w), with_(w.node_of_rank.size(), 0), without_(with_), compute_(with_), one_(1) {}

  void compute(uint32_t r, double flops) override {
    const double c = flops / m_.flop_rate();
    with_[r] += c;
    without_[r] += c;
    compute_[r] += c;
  }
  void posted(uint32_t r, uint64_t req) override { reqs_[req] = {with_[r], without_[r], with_[r], without_[r]}; }
  void matched(uint32_t src, uint32_t dst, uint64_t bytes, uint64_t send, uint64_t recv) override {
    double w = local_copy_s(bytes), wo = w;  // a rank's message to itself is a local copy
    if (src != dst) {
      one_[0] = {src, dst, bytes};
      m_.times(one_, w_.node_of_rank, tw_, two_);
      w = tw_[0];
      wo = two_[0];
    }
    const bool eager = bytes < kEagerBytes;
    Req& s = reqs_[send];
    Req& r = reqs_[recv];
    settle(s.post_w, r.post_w, s.done_w, r.done_w, eager, w);
    settle(s.post_wo, r.post_wo, s.done_wo, r.done_wo, eager, wo);
    s.matched = r.matched = true;
    if (s.waited) reqs_.erase(send);  // an eager send waited for before its receive was posted
  }
  void waited(uint32_t r, uint64_t req) override {
    auto it = reqs_.find(req);
    with_[r] = std::max(with_[r], it->second.done_w);
    without_[r] = std::max(without_[r], it->second.done_wo);
    if (it->second.matched) reqs_.erase(it);
    else it->second.waited = true;
  }
  void collective(const std::vector<Step>& rounds) override {
    for (const Step& s : rounds) {
      m_.times(s.msgs, w_.node_of_rank, tw_, two_);
      advance(with_, tw_, s.msgs);
      advance(without_, two_, s.msgs);
    }
  }

  const std::vector<double>& with() const { return with_; }
  const std::vector<double>& without() const { return without_; }
  const std::vector<double>& compute_s() const { return compute_; }

 private:
  struct Req {
    double post_w, post_wo, done_w, done_wo;
    bool matched = false, waited = false;
  };
  static void settle(double send_post, double recv_post, double& send_done, double& recv_done, bool eager, double cost) {
    const double arrival = (eager ? send_post : std::max(send_post, recv_post)) + cost;
    recv_done = std::max(arrival, recv_post);
    if (!eager) send_done = arrival;
  }
  void advance(std::vector<double>& clock, const std::vector<double>& t, const std::vector<Message>& msgs) {
    before_ = clock;
    for (size_t i = 0; i < msgs.size(); ++i) clock[msgs[i].dst] = std::max(clock[msgs[i].dst], before_[msgs[i].src] + t[i]);
  }

  Model& m_;
  const MpiTraceWorkload& w_;
  std::vector<double> with_, without_, compute_, before_, tw_, two_;
  std::vector<Message> one_;
  std::unordered_map<uint64_t, Req> reqs_;  // posted requests not yet waited for (or not matched)
};

json run_trace_model(const Experiment& ex, const MpiTraceWorkload& w) {
  Model model(ex);
  std::string why;
  const double hit_rate = skeleton_hit_rate(ex, "mpi_trace", why);
  model.set_hit_rate(hit_rate);
  TraceClocks clocks(model, w);
  walk_trace(*w.trace, clocks);
  const std::vector<double>& own = ex.cache.enabled ? clocks.with() : clocks.without();
  const double time = *std::max_element(own.begin(), own.end());
  const double time_no_cache = *std::max_element(clocks.without().begin(), clocks.without().end());
  json per_rank = json::array();
  double compute = 0;
  for (size_t r = 0; r < own.size(); ++r) {
    per_rank.push_back({{"time_s", own[r]}, {"compute_s", clocks.compute_s()[r]}, {"communication_s", own[r] - clocks.compute_s()[r]}});
    compute = std::max(compute, clocks.compute_s()[r]);
  }
  const double relative = time_no_cache / time;
  json one = {{"time_s", time},
              {"relative", relative},
              {"time_no_cache_s", time_no_cache},
              {"compute_s", compute},
              {"hit_rate", ex.cache.enabled ? json(hit_rate) : json(nullptr)},
              {"ranks", own.size()},
              {"messages", w.trace->stream.size()},
              {"bytes", w.trace->summary["bytes"]},
              {"trace_id", w.trace->id},
              {"per_rank", std::move(per_rank)}};
  if (!why.empty()) one["hit_rate_note"] = why;
  return {{"benchmarks", {{"mpi_trace", std::move(one)}}},
          {"relative_mean", relative},
          {"hit_rate_source", !ex.cache.enabled ? "no cache" : app_config(ex).simulate_hits ? "route_walk" : "value"},
          {"model", "MPI trace replay: a clock per rank; compute at node.gflops; each message the LogGP-style formula "
                    "of the skeletons (overheads, per switch other + RC delay, per link the link delay, bytes at full "
                    "link bandwidth, eager below 64 KiB, rendezvous above); collectives expanded into the skeletons' "
                    "algorithms, each round's messages at max-min fair shares"}};
}

}  // namespace

double skeleton_hit_rate(const Experiment& ex, const std::string& benchmark, std::string& why) {
  const AppConfig& app = app_config(ex);
  return ex.cache.enabled && app.simulate_hits ? simulated_hit_rate(ex, benchmark, why) : app.hit_rate;
}

json run_time_model(const Experiment& ex) {
  if (const MpiTraceWorkload* trace = mpi_trace_workload(*ex.traffic)) return run_trace_model(ex, *trace);
  const NpbWorkload& w = *npb_workload(*ex.traffic);
  Model model(ex);
  json benchmarks = json::object();
  double sum = 0;
  for (const Skeleton& sk : w.skeletons) {
    std::string why;
    const double hit_rate = skeleton_hit_rate(ex, sk.benchmark, why);
    const Totals t = model.run(sk, w.node_of_rank, hit_rate);
    const double time = ex.cache.enabled ? t.time_cache : t.time_no_cache;
    const double relative = t.time_no_cache / time;
    sum += relative;
    benchmarks[sk.benchmark] = {{"time_s", time},
                                {"mops", sk.mop / time},
                                {"relative", relative},
                                {"time_no_cache_s", t.time_no_cache},
                                {"compute_s", t.compute},
                                {"hit_rate", ex.cache.enabled ? json(hit_rate) : json(nullptr)},
                                {"class", std::string(1, sk.cls)},
                                {"ranks", sk.ranks},
                                {"messages", sk.messages()},
                                {"bytes", sk.bytes()},
                                {"mop", sk.mop}};
    if (!why.empty()) benchmarks[sk.benchmark]["hit_rate_note"] = why;
  }
  return {{"benchmarks", benchmarks},
          {"relative_mean", sum / static_cast<double>(w.skeletons.size())},
          {"hit_rate_source", !ex.cache.enabled ? "no cache" : app_config(ex).simulate_hits ? "route_walk" : "value"},
          {"model", "LogGP-style steps: compute at node.gflops + slowest message (overheads, per switch other + RC "
                    "delay, per link the link delay, bytes at the max-min fair share of link bandwidth); "
                    "allreduce recursive doubling, all-to-all pairwise, bcast/reduce binomial tree"}};
}

}  // namespace switchlab::app
