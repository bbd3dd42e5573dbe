#include "engine/routewalk.hpp"

#include <algorithm>
#include <array>
#include <numeric>
#include <vector>

#include "cache/miss_classifier.hpp"
#include "common/crc.hpp"
#include "common/flat_set.hpp"
#include "common/prefetch.hpp"
#include "engine/cache_keys.hpp"
#include "engine/routewalk_config.hpp"
#include "config/engines.hpp"
#include "engine/batch_pipeline.hpp"
#include "engine/path_outcomes.hpp"
#include "engine/warnings.hpp"
#include "topology/node_ids.hpp"

namespace switchlab {
namespace {

using json = nlohmann::json;

struct PortStats {
  uint64_t lookups = 0, hits = 0;
  void add(const PortStats& o) {
    lookups += o.lookups;
    hits += o.hits;
  }
};

// Exact latency distribution over integer picoseconds (the number of distinct values is small:
// they are sums of a few delays).
class LatencyHistogram {
 public:
  void add(uint32_t ps, uint32_t packets) {
    // uint32 counts suffice: measured packets are capped at 2e9 (config/experiment.cpp).
    if (uint32_t* c = counts_.find(ps)) *c += packets; else counts_.insert(ps, packets);
    n_ += packets;
    sum_ += uint64_t{ps} * packets;
  }
  // (latency ps, packets), sorted by latency.
  std::vector<std::pair<uint32_t, uint64_t>> sorted() const {
    std::vector<std::pair<uint32_t, uint64_t>> v;
    counts_.for_each([&](uint32_t k, uint32_t c) { v.emplace_back(k, c); });
    std::sort(v.begin(), v.end());
    return v;
  }
  uint64_t count() const { return n_; }
  uint64_t sum_ps() const { return sum_; }

 private:
  U32Map counts_;
  uint64_t n_ = 0;
  uint64_t sum_ = 0;  // exact, in ps
};

double ps_to_ns(uint64_t ps) { return static_cast<double>(ps) / 1000.0; }

json latency_summary(const LatencyHistogram& h) {
  const auto values = h.sorted();
  if (values.empty()) return json{{"mean", nullptr}, {"p50", nullptr}, {"p99", nullptr}, {"max", nullptr}};
  // Nearest-rank percentiles on the exact distribution.
  auto percentile = [&](uint64_t num, uint64_t den) {
    const uint64_t rank = (h.count() * num + den - 1) / den;  // ceil(n * p), >= 1
    uint64_t seen = 0;
    for (const auto& v : values) {
      seen += v.second;
      if (seen >= rank) return ps_to_ns(v.first);
    }
    return ps_to_ns(values.back().first);
  };
  json hist = json::array();
  for (const auto& v : values) hist.push_back({ps_to_ns(v.first), v.second});
  return {{"mean", static_cast<double>(h.sum_ps()) / static_cast<double>(h.count()) / 1000.0},
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

// Which switches have simulated caches and where their state lives: all switches (slot = switch
// id), or the monitored ones (slot = index in the monitor list).
struct Layout {
  explicit Layout(const Experiment& ex)
      : topo(*ex.topology), pps(topo.ports_per_switch()), monitored(walk_config(ex).monitored) {
    switches = monitored.empty() ? topo.num_switches() : static_cast<uint32_t>(monitored.size());
  }
  uint32_t switch_of_slot(uint32_t slot) const { return monitored.empty() ? slot : monitored[slot]; }

  const Topology& topo;
  const uint32_t pps;
  const std::vector<uint32_t>& monitored;
  uint32_t switches;  // simulated switches (slots)
};

}  // namespace

class RouteWalk {
 public:
  explicit RouteWalk(const Experiment& ex)
      : ex_(ex), walk_(walk_config(ex)), cc_(ex.cache), layout_(ex),
        switchable_(cc_.enabled && cc_.index->keyed_by_output_port),
        stats_(static_cast<size_t>(layout_.switches) * layout_.pps), lag_(walk_.lag_links, 0),
        max_route_(ex.topology->max_hops() + 1), outcomes_(ex.topology->max_hops()) {
    // Threads: this one routes and looks up a share, the others look up (engine/batch_pipeline.hpp).
    const uint32_t threads = run_threads(ex.threads);
    workers_ = threads > 1 ? threads - 1 : 0;
    worker_state_.resize(workers_ + 1);
    batches_.resize(kPipelineSlots);
    // Batches of about a fixed number of look-ups, so long routes (a 1024 x 1024 mesh) keep them small.
    batch_ = std::max<uint32_t>(1, (workers_ ? kBatchLookupsShared : kBatchLookupsAlone) / max_route_);
    for (Batch& b : batches_) {
      const size_t lookups = static_cast<size_t>(batch_) * max_route_;
      b.packets.resize(batch_);
      b.hops.resize(lookups);
      b.accesses.resize(lookups);
      b.ports.resize(lookups);
      b.hits.resize(lookups);
    }
    for (WorkerState& w : worker_state_) w.own.resize(static_cast<size_t>(batch_) * max_route_);
    const Topology& topo = *ex.topology;
    const uint32_t nodes = topo.num_nodes();
    // The switches hash destination ids (sequential or random, key_bits wide); the caches keep
    // node numbers as tags, which is the same as keeping the ids: both are distinct per node.
    const std::vector<uint64_t> ids = ex.random_node_ids ? random_node_ids(nodes, ex.key_bits, ex.seed) : std::vector<uint64_t>();
    auto id_of = [&](uint32_t d) -> uint64_t { return ids.empty() ? d : ids[d]; };
    // Each destination's set (or, keyed by output port, each port's set) and LAG link, once.
    if (cc_.enabled) {
      if (switchable_) set_of_port_ = sets_by_output_port(ex);
      else set_of_dst_ = sets_by_destination(ex);
    }
    if (walk_.lag_links > 1) {
      lag_of_dst_.resize(nodes);
      for (uint32_t d = 0; d < nodes; ++d) lag_of_dst_[d] = crc32_of_key(id_of(d), ex.key_bits) % walk_.lag_links;
    }
    if (cc_.enabled) {
      const size_t n = cc_.per_switch ? layout_.switches : stats_.size();
      caches_ = make_cache_bank(ex, n);
      if (cc_.classify_misses) {
        const uint32_t keys = switchable_ ? layout_.pps : topo.num_nodes();  // tags are output ports or destinations
        classifier_ = std::make_unique<MissClassifier>(n, cc_.geometry.entries, keys, cc_.classify_sampling);
        // Misses are counted per port class directly (a byte per port instead of three counters).
        class_of_port_.resize(stats_.size());
        for (uint32_t slot = 0; slot < layout_.switches; ++slot)
          for (uint32_t p = 0; p < layout_.pps; ++p)
            class_of_port_[static_cast<size_t>(slot) * layout_.pps + p] =
                topo.port_class(layout_.switch_of_slot(slot), static_cast<uint16_t>(p));
        for (WorkerState& w : worker_state_) w.misses_by_class.resize(topo.port_classes().size());
      }
    }
  }

  uint64_t total() const { return walk_.warmup_packets + walk_.packets; }

  double state_bytes() const {
    return (caches_ ? caches_->allocated_bytes() : 0) + (classifier_ ? classifier_->allocated_bytes() : 0) +
           stats_.capacity() * sizeof(PortStats) + class_of_port_.capacity() + ex_.topology->table_bytes();
  }

  // Routes up to `count` more packets (the prefetch, if any, before the first); returns how many
  // packets are left. Stepping changes nothing in the outcome: the same packets in the same order.
  uint64_t advance(uint64_t count) {
    if (!started_) {
      started_ = true;
      if (cc_.enabled && cc_.prefetch_all_to_all) prefetch();
    }
    const uint64_t total = this->total();
    const uint64_t end = total - next_ > count ? next_ + count : total;
    auto traffic = [this](uint64_t, uint32_t& src, uint32_t& dst) { ex_.traffic->next(traffic_rng_, src, dst); };
    walk(next_, end - next_, traffic);
    next_ = end;
    return total - end;
  }

 private:
  enum class Count { Prefetch, Warmup, Measured };

  // Packets are walked in batches, software-pipelined: a batch's routes (which never depend on
  // cache contents) and the cache, set and tag of each look-up are computed, and their sets
  // requested from memory, while the previous batch's look-ups are still to be done; then those
  // are done, in packet order. The look-ups of a batch thus wait for memory together, overlapped
  // with routing, rather than one after another (the caches of a big network do not fit in the
  // CPU's). The same look-ups happen in the same order as one packet at a time.
  // Look-ups per batch: few on one thread (the batch's data stays in L1), more with workers (fewer
  // hand-overs between threads).
  static constexpr uint32_t kBatchLookupsAlone = 256, kBatchLookupsShared = 4096;

  struct Packet {
    uint32_t dst, hops;
    Count count;
  };
  // A batch's packets and, per look-up (hop), the cache access, the port (stats_ index) and whether it hit.
  struct Batch {
    std::vector<Packet> packets;
    std::vector<Hop> hops;
    std::vector<CacheAccess> accesses;
    std::vector<uint32_t> ports;
    std::vector<uint8_t> hits;
    uint64_t first = 0;  // index of the first packet
    // Look-ups from here on are measured: packets are counted by their index (warm-up first) or
    // all alike, so the measured look-ups of a batch are its last ones.
    size_t counted_from = 0;
    uint32_t split = 0;  // pipeline parts below this are the routing thread's (batch_pipeline.hpp)
    uint32_t n = 0;
    size_t lookups = 0;
  };

  Count count_of(uint64_t packet) const { return packet >= walk_.warmup_packets ? Count::Measured : Count::Warmup; }

  // Walks packets first..first+count (`ends(k, src, dst)` gives packet k's ends), counted as their
  // index says or, with `force`, as `forced`.
  template <class Ends>
  void walk(uint64_t first, uint64_t count, Ends&& ends, Count forced = Count::Warmup, bool force = false) {
    run_pipeline(
        (count + batch_ - 1) / batch_, workers_,
        [&](uint64_t k, uint32_t slot, uint32_t split) {
          const uint64_t done = k * batch_;
          Batch& b = batches_[slot];
          b.split = split;
          route_batch(b, first + done, static_cast<uint32_t>(std::min<uint64_t>(batch_, count - done)), ends, forced, force);
        },
        [&](uint32_t slot, uint32_t party) { look_up_batch(batches_[slot], party); },
        [&](uint32_t slot) { finish_batch(batches_[slot]); });
  }

  // Routes packets first..first+n (n <= batch_) into `b` and requests what their look-ups touch.
  template <class Ends>
  void route_batch(Batch& b, uint64_t first, uint32_t n, Ends& ends, Count forced, bool force) {
    const Topology& topo = *ex_.topology;
    size_t nl = 0;
    b.n = n;
    b.first = first;
    b.counted_from = SIZE_MAX;
    for (uint32_t p = 0; p < n; ++p) {
      const uint64_t packet = first + p;
      uint32_t src, dst;
      ends(packet, src, dst);
      const uint32_t hn = topo.route(src, dst, routing_rng_, b.hops.data() + nl);
      const Count count = force ? forced : count_of(packet);
      if (count == Count::Measured && b.counted_from == SIZE_MAX) b.counted_from = nl;
      b.packets[p] = {dst, hn, count};
      nl += hn;
    }
    b.lookups = nl;
    b.counted_from = std::min(b.counted_from, nl);
    if (layout_.monitored.empty()) keys_of<false>(b); else keys_of<true>(b);
  }

  // Each hop's port, cache, set and tag; when this thread does all the look-ups, the port's
  // counters are requested from memory here (access_all requests the sets, look_up_batch the 3C
  // shadow's data).
  // Locals throughout: stores into the batch could alias members as far as the compiler knows.
  template <bool kMonitored>
  void keys_of(Batch& b) {
    const Hop* hop = b.hops.data();
    uint32_t* ports = b.ports.data();
    CacheAccess* acc = b.accesses.data();
    const PortStats* stats = stats_.data();
    const uint32_t* set_of_dst = set_of_dst_.data();
    const uint32_t* set_of_port = set_of_port_.data();
    const uint32_t pps = layout_.pps;
    const bool enabled = cc_.enabled, per_switch = cc_.per_switch, switchable = switchable_;
    const bool here = b.split == kPipelineParts;  // all look-ups run on this thread: request their data now
    size_t j = 0;
    for (uint32_t p = 0; p < b.n; ++p) {
      const uint32_t dst = b.packets[p].dst;
      const uint32_t dst_set = enabled && !switchable && !kMonitored ? set_of_dst[dst] : 0;
      for (const size_t last = j + b.packets[p].hops; j < last; ++j) {
        uint32_t slot = hop[j].sw, set = dst_set, target = dst;
        if constexpr (kMonitored) {  // move this routing computation onto a monitored switch
          const auto& m = layout_.monitored;
          slot = static_cast<uint32_t>((b.first + p + (j - (last - b.packets[p].hops))) % m.size());
          target = ex_.topology->translate(dst, hop[j].sw, m[slot]);
          if (enabled && !switchable) set = set_of_dst[target];
        }
        const uint32_t port = slot * pps + hop[j].in_port;
        ports[j] = port;
        if (here) prefetch_address(stats + port);
        if (!enabled) continue;
        const uint32_t tag = switchable ? hop[j].out_port : target;
        if (switchable) set = set_of_port[tag];
        acc[j] = {per_switch ? slot : port, set, tag};
      }
    }
  }

  // Pipeline part of a cache (of a port, without caches): its shard, 64 consecutive ids, so a cache,
  // its ports' counters and its sparse table always belong to one party, and parties rarely write
  // one memory line.
  static_assert(kCacheShards == kPipelineParts, "pipeline parts are cache shards");
  static uint32_t part_of(uint32_t id) { return cache_shard(id); }

  // The look-ups of a routed batch that `party` owns: cache access, 3C class, per-port counters.
  void look_up_batch(Batch& b, uint32_t party) {
    WorkerState& ws = worker_state_[party];
    const uint64_t parts = pipeline_parts_of(party, b.split, workers_);
    if (parts == 0) return;
    // Owns every part (nothing to pick out) or some (their look-ups, in order).
    const uint32_t* own = nullptr;
    size_t n = b.lookups;
    if (parts != ~uint64_t{0}) {
      const CacheAccess* acc = b.accesses.data();
      const uint32_t* ports = b.ports.data();
      n = cc_.enabled ? pick_own(parts, b.lookups, [acc](size_t j) { return acc[j].cache; }, ws.own.data())
                      : pick_own(parts, b.lookups, [ports](size_t j) { return ports[j]; }, ws.own.data());
      own = ws.own.data();
    }
    if (cc_.enabled) caches_->access_all(b.accesses.data(), b.hits.data(), own, n);
    if (classifier_) classify_misses(b, own, n, ws.misses_by_class);
    count_lookups(b, own, n);
  }

  // Writes to `own` the look-ups j < n whose part (part_of key_of(j), the cache or port) is among
  // `parts`; returns how many. Branch-free: every look-up is written, and kept by advancing past it.
  template <class KeyOf>
  static size_t pick_own(uint64_t parts, size_t n, KeyOf key_of, uint32_t* own) {
    size_t kept = 0;
    for (size_t j = 0; j < n; ++j) {
      own[kept] = static_cast<uint32_t>(j);
      kept += (parts >> part_of(key_of(j))) & 1;
    }
    return kept;
  }

  // 3C class of each look-up among `own` (all when null), counted per port class when measured.
  void classify_misses(const Batch& b, const uint32_t* own, size_t n, std::vector<MissCounts>& misses_by_class) {
    // The 3C shadow's data in two steps ahead of use: its map slot 16 look-ups ahead, then the list
    // node the slot names 8 ahead (by then the slot is in).
    constexpr size_t kSlotAhead = 16, kNodeAhead = 8;
    auto access_at = [&](size_t i) -> const CacheAccess& { return b.accesses[own ? own[i] : i]; };
    for (size_t i = 0; i < std::min(n, kSlotAhead); ++i) classifier_->prefetch(access_at(i).cache, access_at(i).tag);
    for (size_t i = 0; i < n; ++i) {
      const size_t j = own ? own[i] : i;
      if (i + kSlotAhead < n) classifier_->prefetch(access_at(i + kSlotAhead).cache, access_at(i + kSlotAhead).tag);
      if (i + kNodeAhead < n) classifier_->prefetch_node(access_at(i + kNodeAhead).cache, access_at(i + kNodeAhead).tag);
      const auto kind = classifier_->classify(b.accesses[j].cache, b.accesses[j].tag, b.hits[j]);
      if (j >= b.counted_from && kind < MissClassifier::Hit) ++misses_by_class[class_of_port_[b.ports[j]]][kind];
    }
  }

  // Per-port counters of the measured look-ups among `own` (all when null; `own` is in order, so
  // the measured ones are its last).
  void count_lookups(const Batch& b, const uint32_t* own, size_t n) {
    PortStats* stats = stats_.data();
    const uint32_t* ports = b.ports.data();
    const uint8_t* hits = b.hits.data();
    const bool enabled = cc_.enabled;
    size_t i = own ? static_cast<size_t>(std::lower_bound(own, own + n, b.counted_from) - own) : b.counted_from;
    for (; i < n; ++i) {
      const size_t j = own ? own[i] : i;
      PortStats& st = stats[ports[j]];
      ++st.lookups;
      st.hits += enabled && hits[j];
    }
  }

  // Per packet, once all its look-ups are done: the latency outcome, LAG and prefetch counts.
  void finish_batch(const Batch& b) {
    size_t j = 0;
    for (uint32_t p = 0; p < b.n; ++p) {
      const Packet& pk = b.packets[p];
      uint32_t hits = 0;
      if (cc_.enabled)
        for (const size_t last = j + pk.hops; j < last; ++j) hits += b.hits[j];
      else
        j += pk.hops;
      if (pk.count == Count::Prefetch) prefetch_lookups_ += pk.hops;
      if (pk.count != Count::Measured) continue;
      if (pk.hops > 1 && !lag_of_dst_.empty()) lag_[lag_of_dst_[pk.dst]] += pk.hops - 1;
      outcomes_.add(pk.hops, hits);
    }
  }

  // Zero-load latency of a packet through `hops` switches, `hits` of them hitting their cache.
  uint64_t latency_ps(uint32_t hops, uint32_t hits) const {
    const Delays& d = walk_.delays;
    const uint64_t rc_hit = cc_.enabled ? d.rc_hit_ps : d.rc_no_cache_ps;
    const uint64_t rc_miss = cc_.enabled ? d.rc_miss_ps : d.rc_no_cache_ps;
    return uint64_t{hops + 1} * d.link_ps + uint64_t{hops} * d.other_ps + hits * rc_hit + (hops - hits) * rc_miss;
  }

  // Seed 000 Sec. VI-A: fill the caches before the job by routing every ordered node pair once.
  void prefetch() {
    const uint64_t nodes = ex_.topology->num_nodes();
    const uint64_t pairs = nodes * (nodes - 1);
    // Pair k: source k / (nodes - 1), destination the (k % (nodes - 1))-th node other than the source.
    auto pair = [nodes](uint64_t k, uint32_t& src, uint32_t& dst) {
      src = static_cast<uint32_t>(k / (nodes - 1));
      const uint64_t d = k % (nodes - 1);
      dst = static_cast<uint32_t>(d < src ? d : d + 1);
    };
    walk(0, pairs, pair, Count::Prefetch, true);
  }

 public:
  json report() const {
    const Topology& topo = *ex_.topology;
    LatencyHistogram latency;
    uint64_t packets_all_hit = 0, hop_sum = 0, far_count = 0, far_sum_ps = 0;
    uint32_t hop_max = 0;
    const uint32_t far_hops = topo.longest_route();
    outcomes_.for_each([&](uint32_t hops, uint32_t hits, uint64_t packets) {
      const uint64_t ps = latency_ps(hops, hits);
      latency.add(static_cast<uint32_t>(ps), static_cast<uint32_t>(packets));
      packets_all_hit += cc_.enabled && hits == hops ? packets : 0;
      hop_sum += uint64_t{hops} * packets;
      hop_max = std::max(hop_max, hops);
      if (hops == far_hops) {  // the packets seed 001 eq. (4) is about
        far_count += packets;
        far_sum_ps += ps * packets;
      }
    });
    const auto& classes = topo.port_classes();
    std::vector<PortStats> by_class(classes.size());
    json by_switch = json::array(), by_port = json::array();
    PortStats all;
    uint64_t occupied = 0, used = 0;
    for (uint32_t slot = 0; slot < layout_.switches; ++slot) {
      PortStats sw;
      const uint32_t s = layout_.switch_of_slot(slot);
      for (uint32_t p = 0; p < layout_.pps; ++p) {
        const PortStats& ps = stats_[static_cast<size_t>(slot) * layout_.pps + p];
        by_class[topo.port_class(s, static_cast<uint16_t>(p))].add(ps);
        sw.add(ps);
      }
      if (ex_.per_port_output) {
        json ports = json::array();
        for (uint32_t p = 0; p < layout_.pps; ++p) {
          const PortStats& ps = stats_[static_cast<size_t>(slot) * layout_.pps + p];
          ports.push_back({ps.lookups, ps.hits, topo.port_class(s, static_cast<uint16_t>(p))});
        }
        by_port.push_back(std::move(ports));
      }
      all.add(sw);
      by_switch.push_back(rate(sw.hits, sw.lookups));
    }
    for (const uint32_t occ : caches_ ? caches_->occupancies() : std::vector<uint32_t>()) {
      occupied += occ;
      used += occ > 0;
    }
    json classes_json = json::object();
    for (size_t c = 0; c < classes.size(); ++c)
      classes_json[classes[c]] = {{"lookups", by_class[c].lookups}, {"hits", by_class[c].hits},
                                  {"hit_rate", rate(by_class[c].hits, by_class[c].lookups)},
                                  {"misses", misses_report(by_class[c], c)}};
    json cache = {
        {"enabled", cc_.enabled},
        {"scope", cc_.per_switch ? "switch" : "port"},
        {"lookups", all.lookups},
        {"hits", all.hits},
        {"hit_rate", rate(all.hits, all.lookups)},
        {"misses", misses_report(all, kAllClasses)},
        {"packets_all_hit", packets_all_hit},
        {"all_hit_share", walk_.packets ? json(static_cast<double>(packets_all_hit) / static_cast<double>(walk_.packets)) : json(nullptr)},
        {"by_port_class", classes_json},
        {"by_switch", by_switch},
        {"occupancy", {{"entries_total", occupied},
                       {"caches_used", used},
                       {"mean_entries_per_used_cache", used ? json(static_cast<double>(occupied) / static_cast<double>(used)) : json(nullptr)},
                       {"entries_per_cache", cc_.enabled ? json(cc_.geometry.entries) : json(nullptr)}}},
        {"prefetch_lookups", prefetch_lookups_},
    };
    if (ex_.per_port_output) {
      cache["by_port"] = std::move(by_port);
      cache["by_port_format"] = "per switch (as by_switch), per input port: [look-ups, hits, class index in port_classes]";
      cache["port_classes"] = classes;
    }
    if (!layout_.monitored.empty()) {
      cache["monitored_switches"] = layout_.monitored;
      cache["by_switch_format"] = "hit rate of each monitored switch, in monitored_switches order";
    } else {
      cache["by_switch_format"] = "hit rate of each switch, by switch id (see topology.switch_id)";
    }
    json zero_load = latency_summary(latency);
    zero_load["mean_at_max_distance"] =
        far_count ? json(static_cast<double>(far_sum_ps) / static_cast<double>(far_count) / 1000.0) : json(nullptr);
    zero_load["packets_at_max_distance"] = far_count;
    json out = {{"cache", cache},
                {"latency_ns", {{"zero_load", zero_load}}},
                {"packets", {{"measured", walk_.packets}, {"warmup", walk_.warmup_packets},
                             {"mean_switches", walk_.packets ? static_cast<double>(hop_sum) / static_cast<double>(walk_.packets) : 0.0},
                             {"max_switches", hop_max}}}};
    if (walk_.lag_links > 1) {
      const uint64_t total = std::accumulate(lag_.begin(), lag_.end(), uint64_t{0});
      out["lag"] = lag_report(total);
    }
    return out;
  }


 private:
  static constexpr size_t kAllClasses = SIZE_MAX;

  // Misses of one port class (or of all) with their 3C breakdown: null when not classified, or when
  // sampled and no miss of the group was in the sample (nothing to estimate from).
  json misses_report(const PortStats& s, size_t port_class) const {
    MissCounts k{};
    for (const WorkerState& w : worker_state_)
      for (size_t c = 0; c < w.misses_by_class.size(); ++c)
        if (port_class == kAllClasses || port_class == c)
          for (size_t i = 0; i < k.size(); ++i) k[i] += w.misses_by_class[c][i];
    const uint64_t total = s.lookups - s.hits;
    const uint32_t sampling = classifier_ ? classifier_->sampling() : 1;
    const bool known = classifier_ && (sampling == 1 || estimate_misses(total, MissCounts(k), k));
    json m = {{"total", total}};
    for (auto [name, kind] : {std::pair{"compulsory", MissClassifier::Compulsory},
                              std::pair{"capacity", MissClassifier::Capacity},
                              std::pair{"conflict", MissClassifier::Conflict}})
      m[name] = known ? json(k[kind]) : json(nullptr);
    // Only on estimates, so exact results stay as they were.
    if (sampling > 1 && port_class == kAllClasses) m["classify_sampling"] = sampling;
    return m;
  }

  json lag_report(uint64_t total) const {
    const auto [lo, hi] = std::minmax_element(lag_.begin(), lag_.end());
    const double mean = static_cast<double>(total) / static_cast<double>(lag_.size());
    return {{"links", walk_.lag_links},
            {"selection", "CRC-32 of the destination id mod links (seed 000 Sec. IV-C)"},
            {"packets_per_link", lag_},
            {"max_over_mean", total ? json(static_cast<double>(*hi) / mean) : json(nullptr)},
            {"min_over_mean", total ? json(static_cast<double>(*lo) / mean) : json(nullptr)}};
  }

  const Experiment& ex_;
  const WalkConfig& walk_;
  const CacheConfig& cc_;
  Layout layout_;
  const bool switchable_;
  std::vector<uint32_t> set_of_dst_, set_of_port_, lag_of_dst_;
  std::unique_ptr<CacheBank> caches_;
  std::unique_ptr<MissClassifier> classifier_;
  std::vector<PortStats> stats_;
  std::vector<uint8_t> class_of_port_;       // per stats_ entry, when misses are classified
  std::vector<uint64_t> lag_;
  const uint32_t max_route_;  // hop slots a route may write (max_hops + 1)
  uint32_t workers_ = 0;      // look-up threads besides this one (which routes and looks up)
  uint32_t batch_ = 0;        // packets per batch
  // What one party of the pipeline keeps apart from the others: its share of a batch, its miss counts.
  struct WorkerState {
    std::vector<uint32_t> own;
    std::vector<MissCounts> misses_by_class;  // measured misses per port class
  };
  std::vector<WorkerState> worker_state_;  // per party (this thread is party 0)
  std::vector<Batch> batches_;  // the pipeline's ring
  uint64_t prefetch_lookups_ = 0;
  PathOutcomes outcomes_;
  Rng traffic_rng_{Rng::derive(ex_.seed, 1)};
  Rng routing_rng_{Rng::derive(ex_.seed, 2)};
  uint64_t next_ = 0;  // next packet index
  bool started_ = false;
};

RouteWalkRun::RouteWalkRun(const Experiment& ex) : impl_(std::make_unique<RouteWalk>(ex)) {}
RouteWalkRun::~RouteWalkRun() = default;
uint64_t RouteWalkRun::total() const { return impl_->total(); }
uint64_t RouteWalkRun::advance(uint64_t packets) { return impl_->advance(packets); }
json RouteWalkRun::report() const { return impl_->report(); }
double RouteWalkRun::state_bytes() const { return impl_->state_bytes(); }


namespace {
// A cold cache's fix of its own: a longer warm-up, whose look-ups fill the caches uncounted.
nlohmann::json longer_warmup(const Experiment& ex) {
  const WalkConfig& walk = walk_config(ex);
  const double longer = std::min<double>(static_cast<double>(kMaxPackets), 4.0 * static_cast<double>(walk.warmup_packets + walk.packets));
  if (longer <= static_cast<double>(walk.warmup_packets)) return nullptr;
  return warning_fix("traffic.warmup_packets", static_cast<uint64_t>(longer), "packets",
                     "a longer warm-up: its look-ups fill the caches and are not counted");
}

EngineInfo routewalk_engine() {
  EngineInfo e{kRouteWalkEngine, "per-packet path walk with cache look-ups and zero-load latency",
               {"cache.lookups", "cache.hits", "cache.hit_rate", "cache.misses.compulsory",
                "cache.misses.capacity", "cache.misses.conflict", "latency_ns.zero_load.mean",
                "latency_ns.zero_load.p50", "latency_ns.zero_load.p99", "latency_ns.zero_load.max",
                "cost.cache.area_mm2", "cost.cache.access_ns", "cost.cache.read_energy_nJ",
                "cost.cache.leakage_mW",
                // Which method made those figures (cacti or fit), and whether the fit extrapolated them.
                "cost.cache.method", "cost.cache.extrapolated",
                // The fit's cross-validated [median, worst] % error of each figure in the
                // array's grid region (absent for CACTI's exact figures).
                "cost.cache.fit_holdout_error_pct.area_mm2", "cost.cache.fit_holdout_error_pct.access_ns",
                "cost.cache.fit_holdout_error_pct.read_energy_nJ",
                "cost.cache.fit_holdout_error_pct.leakage_mW"},
               make_engine_run<RouteWalkRun>};
  e.config = &routewalk_config_hooks();
  e.is_default = true;
  e.run_threads = true;
  e.closed_form_models = true;  // seed 001's models at the walk's miss rate (api.cpp)
  e.cold_cache_fix = longer_warmup;
  return e;
}
const EngineRegistrar reg{routewalk_engine()};
}

}  // namespace switchlab
