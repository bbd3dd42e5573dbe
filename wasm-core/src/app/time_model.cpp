#include "app/time_model.hpp"

#include <algorithm>
#include <limits>

#include "app/npb_traffic.hpp"
#include "engine/routewalk.hpp"

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
      : ex_(ex), topo_(*ex.topology), pps_(topo_.ports_per_switch()),
        share_(static_cast<size_t>(topo_.num_switches()) * pps_ + topo_.num_nodes(), ex.app.link_gbps),
        hops_(topo_.max_hops() + 1), rng_(Rng::derive(ex.seed, 2)) {
    const Delays& d = ex.delays;
    switch_no_cache_s_ = (d.other_ps + d.rc_no_cache_ps) * 1e-12;
    link_s_ = d.link_ps * 1e-12;
    overhead_s_ = 2 * ex.app.overhead_ns * 1e-9;
  }

  // `hit_rate`: share of routing computations that hit (RC = h rc_hit + (1 - h) rc_miss).
  Totals run(const Skeleton& sk, const std::vector<uint32_t>& node_of_rank, double hit_rate) {
    const Delays& d = ex_.delays;
    switch_cache_s_ = (d.other_ps + hit_rate * d.rc_hit_ps + (1 - hit_rate) * d.rc_miss_ps) * 1e-12;
    Totals t;
    const double flop_rate = ex_.app.gflops * 1e9;
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

 private:
  // The slowest message of the step, with and without caches.
  void step(const Step& s, const std::vector<uint32_t>& node_of_rank, double& with, double& without) {
    flows_.clear();
    links_.clear();
    for (const Message& m : s.msgs) {
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
    for (const Flow& f : flows_) {
      const double base = overhead_s_ + (f.hops + 1) * link_s_ + (f.bytes > 0 ? f.bytes * 8 / (f.rate * 1e9) : 0);
      with = std::max(with, base + f.hops * switch_cache_s_);
      without = std::max(without, base + f.hops * switch_no_cache_s_);
    }
  }

  const Experiment& ex_;
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
  cfg["engine"] = "routewalk";
  cfg.erase("node");
  cfg.erase("app");
  cfg["switch"].erase("link_gbps");
  cfg["traffic"]["npb"]["benchmarks"] = {benchmark};
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
  return ex.app.hit_rate;
}

}  // namespace

double skeleton_hit_rate(const Experiment& ex, const std::string& benchmark, std::string& why) {
  return ex.cache.enabled && ex.app.simulate_hits ? simulated_hit_rate(ex, benchmark, why) : ex.app.hit_rate;
}

json run_time_model(const Experiment& ex) {
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
          {"hit_rate_source", !ex.cache.enabled ? "no cache" : ex.app.simulate_hits ? "route_walk" : "value"},
          {"model", "LogGP-style steps: compute at node.gflops + slowest message (overheads, per switch other + RC "
                    "delay, per link the link delay, bytes at the max-min fair share of link bandwidth); "
                    "allreduce recursive doubling, all-to-all pairwise, bcast/reduce binomial tree"}};
}

}  // namespace switchlab::app
