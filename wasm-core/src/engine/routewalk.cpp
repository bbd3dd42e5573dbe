#include "engine/routewalk.hpp"

#include <algorithm>
#include <vector>

#include "cache/lru_list.hpp"
#include "common/flat_set.hpp"

namespace switchlab {
namespace {

using json = nlohmann::json;

struct PortStats {
  uint64_t lookups = 0, hits = 0;
};

// 3C classification (seed 001 Sec. 4 / DESIGN.md 2.2): a miss is compulsory on the first
// reference of a tag at that port, capacity if a fully associative LRU cache of the same size
// would also miss, conflict otherwise.
class MissClassifier {
 public:
  MissClassifier(size_t ports, uint32_t entries) : shadow_(ports, LruList(entries)), seen_(ports) {}
  enum Kind { Hit, Compulsory, Capacity, Conflict };
  Kind classify(size_t port, uint32_t tag, bool hit) {
    const bool first = seen_[port].insert(tag);
    const bool fa_hit = shadow_[port].access(tag);
    if (hit) return Hit;
    if (first) return Compulsory;
    return fa_hit ? Conflict : Capacity;
  }

 private:
  std::vector<LruList> shadow_;
  std::vector<U32Set> seen_;
};

// Exact latency distribution over integer picoseconds (the number of distinct values is small:
// they are sums of a few delays).
class LatencyHistogram {
 public:
  void add(uint32_t ps) {
    // uint32 counts suffice: measured packets are capped at 2e9 (config/experiment.cpp).
    if (uint32_t* c = counts_.find(ps)) ++*c; else counts_.insert(ps, 1);
    ++n_;
    sum_ += ps;
  }
  // (latency ps, packets), sorted by latency.
  std::vector<std::pair<uint32_t, uint64_t>> sorted() const {
    std::vector<std::pair<uint32_t, uint64_t>> v;
    counts_.for_each([&](uint32_t k, uint32_t c) { v.emplace_back(k, c); });
    std::sort(v.begin(), v.end());
    return v;
  }

  U32Map counts_;
  uint64_t n_ = 0;
  uint64_t sum_ = 0;  // sums exact in ps
};

double ps_to_ns(uint64_t ps) { return static_cast<double>(ps) / 1000.0; }

json latency_summary(const LatencyHistogram& h, const std::vector<std::pair<uint32_t, uint64_t>>& values) {
  if (h.n_ == 0) return json{{"mean", nullptr}, {"p50", nullptr}, {"p99", nullptr}, {"max", nullptr}};
  // Nearest-rank percentiles on the exact distribution.
  auto percentile = [&](uint64_t num, uint64_t den) {
    const uint64_t rank = (h.n_ * num + den - 1) / den;  // ceil(n * p), >= 1
    uint64_t seen = 0;
    for (const auto& v : values) {
      seen += v.second;
      if (seen >= rank) return ps_to_ns(v.first);
    }
    return ps_to_ns(values.back().first);
  };
  json hist = json::array();
  for (const auto& v : values) hist.push_back({ps_to_ns(v.first), v.second});
  return {{"mean", static_cast<double>(h.sum_) / static_cast<double>(h.n_) / 1000.0},
          {"p50", percentile(50, 100)},
          {"p99", percentile(99, 100)},
          {"min", ps_to_ns(values.front().first)},
          {"max", ps_to_ns(values.back().first)},
          {"histogram", hist},
          {"histogram_format", "[latency ns, packets] for every distinct latency"}};
}

json rate(uint64_t hits, uint64_t lookups) {
  return lookups ? json(static_cast<double>(hits) / static_cast<double>(lookups)) : json(nullptr);
}

}  // namespace

json run_routewalk(const Experiment& ex) {
  const Topology& topo = *ex.topology;
  const uint32_t ports_per_switch = topo.ports_per_switch();
  const size_t ports = static_cast<size_t>(topo.num_switches()) * ports_per_switch;
  const CacheConfig& cc = ex.cache;
  const uint32_t sets = cc.enabled ? cc.geometry.sets() : 1;
  const bool switchable = cc.enabled && cc.index == IndexKind::Switchable;

  // Destination-keyed index functions give every port the same set for a destination: compute
  // each destination's set once.
  std::vector<uint32_t> set_of_dst;
  if (cc.enabled && !switchable) {
    set_of_dst.resize(topo.num_nodes());
    for (uint32_t d = 0; d < topo.num_nodes(); ++d) set_of_dst[d] = index_of(cc.index, d, sets);
  }

  std::vector<SetAssocCache> caches;
  if (cc.enabled) {
    caches.reserve(ports);
    for (size_t p = 0; p < ports; ++p) caches.emplace_back(cc.geometry, Rng::derive(ex.seed, 1000 + p));
  }
  std::unique_ptr<MissClassifier> classifier;
  if (cc.enabled) classifier = std::make_unique<MissClassifier>(ports, cc.geometry.entries);

  std::vector<PortStats> stats(ports);
  uint64_t misses[4] = {0, 0, 0, 0};
  LatencyHistogram latency;
  uint64_t hop_sum = 0;
  uint32_t hop_max = 0;
  // Packets at the network's largest distance: the quantity seed 001 eq. (4) predicts.
  const uint32_t far_hops = topo.max_hops();
  uint64_t far_count = 0, far_sum_ps = 0;

  Rng traffic_rng(Rng::derive(ex.seed, 1));
  Rng routing_rng(Rng::derive(ex.seed, 2));
  std::vector<Hop> hops(topo.max_hops() + 1);
  const Delays& d = ex.delays;
  const uint64_t total = ex.warmup_packets + ex.packets;

  for (uint64_t i = 0; i < total; ++i) {
    const bool measured = i >= ex.warmup_packets;
    uint32_t src, dst;
    ex.traffic->next(traffic_rng, src, dst);
    const uint32_t n = topo.route(src, dst, routing_rng, hops.data());
    uint64_t lat_ps = static_cast<uint64_t>(n + 1) * d.link_ps + static_cast<uint64_t>(n) * d.other_ps;
    for (uint32_t h = 0; h < n; ++h) {
      const size_t port = static_cast<size_t>(hops[h].sw) * ports_per_switch + hops[h].in_port;
      if (!cc.enabled) {
        lat_ps += d.rc_no_cache_ps;
        if (measured) ++stats[port].lookups;
        continue;
      }
      const uint32_t tag = switchable ? hops[h].out_port : dst;
      const uint32_t set = switchable ? tag % sets : set_of_dst[dst];
      const bool hit = caches[port].access(set, tag);
      lat_ps += hit ? d.rc_hit_ps : d.rc_miss_ps;
      const auto kind = classifier->classify(port, tag, hit);
      if (measured) {
        ++stats[port].lookups;
        stats[port].hits += hit;
        ++misses[kind];
      }
    }
    if (measured) {
      latency.add(static_cast<uint32_t>(lat_ps));
      hop_sum += n;
      hop_max = std::max(hop_max, n);
      if (n == far_hops) {
        ++far_count;
        far_sum_ps += lat_ps;
      }
    }
  }

  // ---- aggregate
  const auto& classes = topo.port_classes();
  std::vector<PortStats> by_class(classes.size());
  json by_switch = json::array();
  PortStats all;
  uint64_t occupied = 0, touched_ports = 0;
  for (uint32_t s = 0; s < topo.num_switches(); ++s) {
    PortStats sw;
    for (uint32_t p = 0; p < ports_per_switch; ++p) {
      const size_t port = static_cast<size_t>(s) * ports_per_switch + p;
      const PortStats& ps = stats[port];
      auto& c = by_class[topo.port_class(s, static_cast<uint16_t>(p))];
      c.lookups += ps.lookups;
      c.hits += ps.hits;
      sw.lookups += ps.lookups;
      sw.hits += ps.hits;
      if (cc.enabled) {
        const uint32_t occ = caches[port].occupancy();
        occupied += occ;
        touched_ports += occ > 0;
      }
    }
    all.lookups += sw.lookups;
    all.hits += sw.hits;
    by_switch.push_back(rate(sw.hits, sw.lookups));
  }
  json classes_json = json::object();
  for (size_t c = 0; c < classes.size(); ++c)
    classes_json[classes[c]] = {{"lookups", by_class[c].lookups}, {"hits", by_class[c].hits},
                                {"hit_rate", rate(by_class[c].hits, by_class[c].lookups)}};

  const auto values = latency.sorted();

  json cache = {
      {"enabled", cc.enabled},
      {"lookups", all.lookups},
      {"hits", all.hits},
      {"hit_rate", rate(all.hits, all.lookups)},
      {"misses", {{"total", all.lookups - all.hits},
                  {"compulsory", misses[MissClassifier::Compulsory]},
                  {"capacity", misses[MissClassifier::Capacity]},
                  {"conflict", misses[MissClassifier::Conflict]}}},
      {"by_port_class", classes_json},
      {"by_switch", by_switch},
      {"occupancy", {{"entries_total", occupied},
                     {"ports_used", touched_ports},
                     {"mean_entries_per_used_port",
                      touched_ports ? json(static_cast<double>(occupied) / static_cast<double>(touched_ports)) : json(nullptr)}}},
  };
  json zero_load = latency_summary(latency, values);
  zero_load["mean_at_max_distance"] =
      far_count ? json(static_cast<double>(far_sum_ps) / static_cast<double>(far_count) / 1000.0) : json(nullptr);
  zero_load["packets_at_max_distance"] = far_count;
  return {{"cache", cache},
          {"latency_ns", {{"zero_load", zero_load}}},
          {"packets", {{"measured", ex.packets}, {"warmup", ex.warmup_packets},
                       {"mean_switches", ex.packets ? static_cast<double>(hop_sum) / static_cast<double>(ex.packets) : 0.0},
                       {"max_switches", hop_max}}}};
}

}  // namespace switchlab
