#include "engine/routewalk_config.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "workload/mpi_trace_traffic.hpp"
#include "cache/miss_classifier.hpp"
#include "common/text.hpp"
#include "config/prefetch_limit.hpp"

namespace switchlab {
namespace {

int64_t to_ps(double ns) { return static_cast<int64_t>(std::llround(ns * 1000.0)); }

void parse_delays(Params& sw, Delays& d) {
  // Defaults: seed 000 Sec. V-C (RC 1 ns on a hit = 0.41 ns cache + hash; 10 ns on a miss incl. a
  // 4 ns TCAM; 50 ns for the rest of the switch, so a 51 ns vs 60 ns switch).
  Params p = sw.child("delays_ns", "Per-switch delays");
  d.rc_hit_ps = to_ps(p.number("rc_hit", {1, 0, 1e6, "ns", "Routing computation when the cache hits"}));
  d.rc_miss_ps = to_ps(p.number("rc_miss", {10, 0, 1e6, "ns", "Routing computation on a miss (hash + cache + CAM)"}));
  d.rc_no_cache_ps = to_ps(p.number("rc_no_cache", {10, 0, 1e6, "ns", "Routing computation of a switch without a cache (CAM only)"}));
  d.other_ps = to_ps(p.number("other", {50, 0, 1e6, "ns", "Rest of the switch pipeline (VA + SA + ST)"}));
  d.link_ps = to_ps(p.number("link", {20, 0, 1e6, "ns", "Link delay (node-switch and switch-switch)"}));
  p.reject_unknown();
}

}  // namespace

// Monitored mode: only S sample switches' caches are simulated; routing computation h of packet i
// is moved (by the topology's translation symmetry) onto sample (i + h) mod S. On a torus under
// uniform traffic every switch sees the same stream of independent look-ups; with S at least the
// longest route, no packet visits one sample twice, so each sample's per-port stream is made of
// independent look-ups from distinct packets with the per-switch distribution: the same process
// a real switch sees, hence exact in distribution (not just in mean).
void parse_monitor(Params& root, Experiment& ex) {
  Params m = root.child("monitor", "Monitored mode for very large symmetric networks");
  const int64_t samples = m.integer("samples", {0, 0, 4096, "switches",
                                                "Switches whose caches are simulated (0: all switches)"});
  m.reject_unknown();
  if (!root.errors().ok() || samples == 0) return;
  const Topology& topo = *ex.topology;
  if (!topo.translation_symmetric()) {
    root.errors().fail(m.field("samples"), "monitored mode needs a translation-symmetric topology (a torus); this topology is not",
                       "0 (no monitor) unless the topology is a torus");
    return;
  }
  const json& traffic = ex.normalized["traffic"];
  if (traffic["pattern"] != "uniform" || (traffic.contains("jobs") && !traffic["jobs"].is_null())) {
    root.errors().fail(m.field("samples"), "monitored mode needs uniform traffic over the whole machine (translation invariant)",
                       "0 (no monitor) unless the traffic is uniform over the whole machine");
    return;
  }
  if (samples < topo.max_hops() || samples > topo.num_switches()) {
    root.errors().fail(m.field("samples"), "must be in [" + std::to_string(topo.max_hops()) + ", " +
                                               std::to_string(topo.num_switches()) +
                                               "]: at least the longest route's routing computations, so that no "
                                               "packet looks up one sample twice, and at most the switches",
                                               "an integer in [" + std::to_string(topo.max_hops()) + ", " +
                                                   std::to_string(topo.num_switches()) + "]");
    return;
  }
  // Spread the samples over the id space (any switches would do: they are equivalent).
  std::vector<uint32_t>& monitored = ex.sections.get<WalkConfig>().monitored;
  for (int64_t j = 0; j < samples; ++j)
    monitored.push_back(static_cast<uint32_t>(j * (topo.num_switches() / samples)));
}

namespace {

// Bytes that dense arrays of `per_cache` bytes per cache commit in `storage` (dense_storage) when
// at most `lookups` of the `caches` caches are looked up. Huge pages commit 2 MB at a time: the
// whole array. 4 KB pages: the pages each touched cache's bytes span (one more than they fill,
// unless the size and the page divide each other), at most the whole array.
double dense_committed_bytes(CacheStorage storage, double caches, double lookups, double per_cache) {
  const double whole = caches * per_cache;
  if (storage == CacheStorage::DenseHugePages || per_cache == 0) return whole;
  constexpr double kPage = 4096;
  const bool aligned = std::fmod(per_cache, kPage) == 0 || std::fmod(kPage, per_cache) == 0;
  return std::min(whole, lookups * (std::ceil(per_cache / kPage) + (aligned ? 0 : 1)) * kPage);
}

// The most distinct (cache, tag) pairs a run's 3C shadows can remember (`tags`), and the most of
// them in their recency lists, which keep at most a cache's `entries` (`listed`).
struct ShadowBound {
  double tags, listed;
};
ShadowBound shadow_bound(const Experiment& ex, const RunEstimate& e, double entries) {
  const Topology& topo = *ex.topology;
  const double nodes = topo.num_nodes(), switches = topo.num_switches();
  const double keys = ex.cache.index->keyed_by_output_port ? topo.ports_per_switch() : nodes;
  // Caches per input port, tagged by destination, under routing that depends only on (switch,
  // destination): the routes to one destination form a tree in which every switch forwards on one
  // link, so at most switches - 1 link input ports see that destination, besides the injection
  // ports (at most one per node). An all-to-all prefetch reaches that bound; counting every
  // look-up instead (a 16-ary 3-tree: 89 M) overstated the fat tree's memory some tenfold.
  const bool tree = !ex.cache.per_switch && !ex.cache.index->keyed_by_output_port && topo.deterministic_routing();
  // Monitored mode simulates only the samples' caches, and each sample sees what any switch of the
  // (translation-symmetric) network sees: their share of the network's bound.
  const std::vector<uint32_t>& monitored = walk_config(ex).monitored;
  const double share = monitored.empty() ? 1.0 : static_cast<double>(monitored.size()) / switches;
  // Each cache remembers at most every key, and at most one new one per look-up.
  ShadowBound b{std::min(e.caches * keys, e.lookups), 0};
  if (tree) b.tags = std::min(b.tags, share * nodes * (nodes + switches - 1));
  b.listed = std::min(b.tags, e.caches * entries);
  if (tree) b.listed = std::min(b.listed, share * nodes * (std::min(entries, nodes) + switches - 1));
  return b;
}

// Estimates what the run will touch (and where its cache state lives), then rejects runs whose caches could not fit in memory
// (rather than failing half-way) and all-to-all prefetches too long to be useful. Memory grows
// only where look-ups happen: a cache's pages are committed on its first look-up, and the 3C
// shadow grows by one entry per new tag; both are bounded by the number of look-ups the run can
// make, the shadow also by the tags the routes can bring (shadow_bound).
// Besides the caches the engine keeps 16 B of counters per simulated input port, and graph
// topologies their routing tables.
void estimate_run(Experiment& ex) {
  const Topology& topo = *ex.topology;
  const WalkConfig& walk = walk_config(ex);
  RunEstimate& e = ex.estimate;
  const double nodes = topo.num_nodes();
  const double switches = walk.monitored.empty() ? topo.num_switches() : walk.monitored.size();
  e.caches = !ex.cache.enabled ? 0 : switches * (ex.cache.per_switch ? 1 : topo.ports_per_switch());
  e.lookups = static_cast<double>(walk.warmup_packets + walk.packets) * topo.max_hops();
  if (ex.cache.enabled && ex.cache.prefetch_all_to_all) e.lookups += nodes * (nodes - 1) * topo.max_hops();
  const CacheGeometry& g = ex.cache.geometry;
  const double entries = g.entries;
  const uint32_t meta_words = ex.cache.enabled && g.policy->meta_words_per_set ? g.policy->meta_words_per_set(g.ways) : 0;
  const double meta_bytes = meta_words ? 4.0 * g.sets() * meta_words : 0;  // per cache (no geometry without a cache)
  e.cache_storage = dense_storage(e.caches, e.lookups);
  // Objects, tag arrays and the policy's words.
  e.memory_bytes = e.caches * 256.0 + dense_committed_bytes(e.cache_storage, e.caches, e.lookups, entries * 4.0) +
                   dense_committed_bytes(e.cache_storage, e.caches, e.lookups, meta_bytes);
  // Far more cache state than the run can touch (a 32^4 torus with 2K-entry caches: 77 GB): keep only
  // the sets looked up, at most one per look-up.
  if (ex.cache.enabled) {
    const double sparse = std::min(e.lookups, e.caches * g.sets()) * SparseSets::bytes_per_set(g.ways, meta_words);
    if (e.caches * CacheBank::bytes_per_cache(g) > kMaxDenseCacheBytes && sparse < e.caches * entries * 4.0 &&
        !(g.policy->uses_list && keeps_list(g.entries, g.ways))) {
      e.cache_storage = CacheStorage::Sparse;
      e.memory_bytes = e.caches * 8.0 + sparse;  // per-cache flags + the table
    }
  }
  e.memory_bytes += 16.0 * switches * topo.ports_per_switch() + topo.table_bytes();
  // 3C: the shadow remembers every tag a cache has seen, evicted ones too (that is how it tells
  // first references apart); sampled, only 1 in S tags (and look-ups) reach it.
  if (ex.cache.enabled && ex.cache.classify_misses) {
    const bool by_port = ex.cache.index->keyed_by_output_port;  // tags are output ports, else destinations
    const ShadowBound b = shadow_bound(ex, e, entries);
    e.memory_bytes += MissClassifier::bytes(e.caches, entries, by_port ? topo.ports_per_switch() : nodes,
                                            b.tags / ex.cache.classify_sampling, b.listed / ex.cache.classify_sampling);
  }
}

bool check_size(Params& root, const Experiment& ex) {
  if (!ex.cache.enabled) return true;
  // The prefetch limit first: past it the prefetch's look-ups alone make any run look too large.
  const double nodes = ex.topology->num_nodes();
  if (ex.cache.prefetch_all_to_all && nodes > kMaxPrefetchNodes) {
    root.errors().fail("switch.cache.prefetch", "all_to_all needs at most " + std::to_string(kMaxPrefetchNodes) +
                                                    " nodes, got " + format_number(nodes),
                       "none, or all_to_all with at most " + std::to_string(kMaxPrefetchNodes) + " nodes");
    return false;
  }
  const double bytes = ex.estimate.memory_bytes;
  if (bytes > kMaxRunMemoryBytes) {
    const std::string limit = format_number(kMaxRunMemoryBytes / (1 << 30)) + " GiB";
    char need[32];
    std::snprintf(need, sizeof need, "%.1f GiB", bytes / (1 << 30));
    // Sparse cache state grows with the look-ups: then the packets are what to cut.
    const bool sparse = ex.estimate.cache_storage == CacheStorage::Sparse;
    const char* field = !walk_config(ex).monitored.empty() ? "monitor.samples" : sparse ? "traffic.packets" : "switch.cache.entries";
    root.errors().fail(field,
                       std::string("the run needs ~") + need + " of memory (mostly caches), this build allows " + limit +
                           (sparse ? "; use fewer packets, fewer entries" : "; use fewer entries") +
                           " or monitored mode (monitor.samples) on a torus",
                       "a run whose caches fit in " + limit);
    return false;
  }
  return true;
}

// Latencies are summed and histogrammed as 32-bit picosecond counts (exact and identical in every
// build); reject delay/topology combinations whose longest route could overflow that.
bool check_latency_range(Params& root, const Experiment& ex) {
  const Delays& d = walk_config(ex).delays;
  const double hops = ex.topology->max_hops();
  const double rc = std::max({d.rc_hit_ps, d.rc_miss_ps, d.rc_no_cache_ps});
  const double worst_ps = hops * (rc + d.other_ps) + (hops + 1) * d.link_ps;
  if (worst_ps < 4294967295.0) return true;
  root.errors().fail("switch.delays_ns", "too large for this topology: the longest route (" + format_number(hops) +
                                             " switches) could take " + format_number(worst_ps / 1e6) +
                                             " us; at most 4294.967 us per packet",
                                             "delays under which the longest route takes at most 4294.967 us");
  return false;
}

}  // namespace

void parse_walk_switch(Params& sw, Experiment& ex) {
  WalkConfig& walk = ex.sections.add<WalkConfig>();
  parse_delays(sw, walk.delays);
  walk.lag_links = static_cast<uint32_t>(sw.integer(
      "lag_links", {1, 1, 16, "links", "Links bundled per switch-to-switch connection; one is chosen by CRC-32 of the destination"}));
}

void parse_walk_packets(Params& traffic, Experiment& ex) {
  WalkConfig& walk = ex.sections.get<WalkConfig>();
  walk.warmup_packets = static_cast<uint64_t>(traffic.integer(
      "warmup_packets", {0, 0, kMaxPackets, "packets", "Packets routed before measuring (their look-ups are not counted)"}));
  walk.packets = static_cast<uint64_t>(traffic.integer("packets", {100000, 1, kMaxPackets, "packets", "Measured packets"}));
}

bool estimate_walk(Params& root, Experiment& ex) {
  estimate_run(ex);
  return check_size(root, ex) && check_latency_range(root, ex);
}

namespace {

void finish_routewalk(Params& root, Params&, Experiment& ex) {
  const auto* trace = root.errors().ok() ? app::mpi_trace_workload(*ex.traffic) : nullptr;
  if (trace && trace->trace->stream.empty())
    root.errors().fail("traffic.trace_id", "the trace sends no message between ranks: the route walk has nothing to route "
                       "(engine app and smpi take it)", "a trace with messages, or engine app or smpi");
  parse_monitor(root, ex);
  // An execution setting, not part of the experiment: results are identical for any value, so it
  // stays out of the normalized config and the id.
  Params sim = root.child("sim", "Route walk: execution");
  read_threads(sim, ex, "the run may use");
  sim.reject_unknown();
  ex.normalized.erase("sim");
}

void walk_switch(Params&, Params& sw, Experiment& ex) { parse_walk_switch(sw, ex); }

// Its work: the packets it routes, warm-up included.
void walk_summary(const Experiment& ex, json& s) {
  const WalkConfig& walk = walk_config(ex);
  s["packets"] = walk.warmup_packets + walk.packets;
}

}  // namespace

const EngineConfigHooks& routewalk_config_hooks() {
  static const EngineConfigHooks hooks{walk_switch, nullptr, parse_walk_packets, finish_routewalk, estimate_walk, walk_summary};
  return hooks;
}

}  // namespace switchlab
