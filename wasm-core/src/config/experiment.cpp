#include "config/experiment.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/mpi_trace_traffic.hpp"
#include "app/npb_traffic.hpp"
#include "cache/miss_classifier.hpp"
#include "app/smpi_export.hpp"
#include "common/pow2.hpp"
#include "common/text.hpp"
#include "config/prefetch_limit.hpp"
#include "engine/cycle/network.hpp"
#include "engine/cycle/replay.hpp"
#include "engine/engines.hpp"
#include "topology/registry.hpp"

namespace switchlab {
namespace {

constexpr int64_t kMaxEntries = int64_t{1} << 20;
// Sampling 1 in more tags leaves too few sampled misses per port class to estimate from.
constexpr int64_t kMaxClassifySampling = 4096;

int64_t to_ps(double ns) { return static_cast<int64_t>(std::llround(ns * 1000.0)); }

void parse_cache(Params& sw, CacheConfig& cache, const Topology* topo) {
  if (sw.is_null("cache")) {  // a switch without a cache: the no-cache baseline
    cache.enabled = false;
    sw.raw("cache", "object", "Per-input-port routing-table cache, or null for none");
    sw.set("cache", nullptr);
    return;
  }
  Params c = sw.child("cache", "Per-input-port routing-table cache, or null for none");
  const int64_t entries = c.integer("entries", {2048, 1, kMaxEntries, "entries", "Entries per input-port cache (M)"});
  int64_t ways = 4;
  if (const json* w = c.raw("ways", "integer|\"full\"", "Associativity: 1..entries, or \"full\" (fully associative)", "ways")) {
    if (w->is_string() && w->get<std::string>() == "full") {
      ways = entries;
    } else if (w->is_number_integer() && w->get<int64_t>() >= 1 && w->get<int64_t>() <= entries) {
      ways = w->get<int64_t>();
    } else {
      c.errors().fail(c.field("ways"), "must be an integer in [1, " + std::to_string(entries) +
                                           "] (the entries) or \"full\", got " + preview(*w),
                                           "an integer in [1, " + std::to_string(entries) + "] or \"full\"");
    }
    c.set("ways", ways == entries && w->is_string() ? json("full") : json(ways));
  } else {
    ways = std::min<int64_t>(ways, entries);
    c.set("ways", ways);
  }
  const std::string policy = c.choice("policy", std::string(kDefaultPolicy), replacement_policy_names(),
                                      describe_policies("Replacement policy").c_str());
  const std::string index = c.choice("index", std::string(kDefaultIndex), index_function_names(),
                                     describe_index_functions("Index (hash) function").c_str());
  cache.per_switch = c.choice("scope", "port", {"port", "switch"},
                              "port: one cache per input port (seed 001); switch: one cache shared by the switch's ports") == "switch";
  cache.prefetch_all_to_all = c.choice("prefetch", "none", {"none", "all_to_all"},
                                       "all_to_all: route every node pair once before the run to fill the caches "
                                       "(seed 000 Sec. VI-A); not counted") == "all_to_all";
  cache.classify_misses = c.boolean("classify_misses", true,
                                    "3C miss breakdown (compulsory/capacity/conflict); off: about 2x faster, less memory");
  cache.classify_sampling = static_cast<uint32_t>(c.integer(
      "classify_sampling", {1, 1, kMaxClassifySampling, "tags",
                            "3C from 1 in this many tags (a power of two; SHARDS spatial sampling): the breakdown becomes "
                            "an estimate whose parts add up to the exact misses, and runs with more destinations than "
                            "entries get far faster; 1: exact"}));
  cache.entry_bytes = static_cast<uint32_t>(
      c.integer("entry_bytes", {12, 4, 64, "B", "Bytes per entry (seed 001: 8 B tag + 2 B port + 2 B reserved)"}));
  c.reject_unknown();
  if (!c.errors().ok()) return;
  if (!is_pow2(cache.classify_sampling)) {
    c.errors().fail(c.field("classify_sampling"), "must be a power of two in [1, " + std::to_string(kMaxClassifySampling) +
                                                      "], got " + std::to_string(cache.classify_sampling),
                    "a power of two in [1, " + std::to_string(kMaxClassifySampling) + "]");
    return;
  }
  if (entries % ways != 0) {
    c.errors().fail(c.field("ways"), "must divide entries (" + std::to_string(entries) + ") so that every set has the same ways; got " +
                                         std::to_string(ways), "a divisor of entries (" + std::to_string(entries) + "), or \"full\"");
    return;
  }
  cache.geometry.policy = find_policy(policy);
  if (cache.geometry.policy->check_ways) {
    const std::string allowed = cache.geometry.policy->check_ways(static_cast<uint32_t>(ways));
    if (!allowed.empty()) {
      c.errors().fail(c.field("ways"), "must be " + allowed + " with policy " + policy + ", got " + std::to_string(ways),
                      allowed);
      return;
    }
  }
  cache.geometry.entries = static_cast<uint32_t>(entries);
  cache.geometry.ways = static_cast<uint32_t>(ways);
  cache.index = find_index_function(index);
  if (cache.index->keyed_by_output_port && topo && !topo->deterministic_routing()) {
    std::string keyed;  // the functions that work with any routing
    for (const auto& f : index_functions())
      if (!f.keyed_by_output_port) append_listed(keyed, f.name);
    c.errors().fail(c.field("index"), index + " needs deterministic routing (the tag is the output port); "
                                      "choose a destination-keyed function with this routing", keyed);
  }
}

// Every node needs its own destination id of key_bits bits.
void check_key_bits(Params& cam, const Experiment& ex) {
  if (!cam.errors().ok()) return;
  const uint32_t nodes = ex.topology->num_nodes();
  uint32_t need = 1;
  while (need < 64 && (uint64_t{1} << need) < nodes) ++need;
  if (ex.key_bits < need)
    cam.errors().fail(cam.field("key_bits"), "must be in [" + std::to_string(need) + ", 64] bits so that each of the " +
                                                 std::to_string(nodes) + " nodes has its own id, got " +
                                                 std::to_string(ex.key_bits),
                      "an integer in [" + std::to_string(need) + ", 64]");
}

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
  for (int64_t j = 0; j < samples; ++j)
    ex.monitored.push_back(static_cast<uint32_t>(j * (topo.num_switches() / samples)));
}

// Dense storage of `caches` caches that at most `lookups` look-ups reach: a run that can look every
// cache up is expected to touch them all, and its arrays go in huge pages (fewer TLB misses); the
// others in 4 KB pages, so that caches no look-up reaches commit nothing.
CacheStorage dense_storage(double caches, double lookups) {
  return lookups >= caches ? CacheStorage::DenseHugePages : CacheStorage::Dense;
}

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
  const double share = ex.monitored.empty() ? 1.0 : static_cast<double>(ex.monitored.size()) / switches;
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
  RunEstimate& e = ex.estimate;
  const double nodes = topo.num_nodes();
  const double switches = ex.monitored.empty() ? topo.num_switches() : ex.monitored.size();
  e.caches = !ex.cache.enabled ? 0 : switches * (ex.cache.per_switch ? 1 : topo.ports_per_switch());
  e.lookups = static_cast<double>(ex.warmup_packets + ex.packets) * topo.max_hops();
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
    const char* field = !ex.monitored.empty() ? "monitor.samples" : sparse ? "traffic.packets" : "switch.cache.entries";
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
  const Delays& d = ex.delays;
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

// The cycle engine's work (flit-hops, cycles) and memory: buffers of every queue, per-port
// caches, and the source queues, which past saturation grow by (offered - accepted) per node per
// cycle (bounded here by the offered load over the whole run, or by a replay's messages).
bool estimate_cycle_run(Params& root, Experiment& ex) {
  const Topology& topo = *ex.topology;
  const CycleConfig& c = ex.cycle;
  RunEstimate& e = ex.estimate;
  // (Curve mode holds up to sim.threads networks at once; the memory below is one run's.)
  const double runs = c.saturation_mode ? c.bisection_steps + c.curve_points : 1;
  const double run_cycles = static_cast<double>(c.warmup + c.measure + c.drain);
  const double cycles = run_cycles * runs;
  const double load = c.saturation_mode ? 1.0 : c.load;
  const double ports = static_cast<double>(topo.num_switches()) * topo.ports_per_switch();
  e.cycles = cycles;
  // Flits one run injects: a replay's messages, or the load over the run's cycles.
  const std::unique_ptr<Replay> replay = c.replay ? c.replay->make(ex) : nullptr;
  const double flits = replay ? replay->flits_total() : run_cycles * topo.num_nodes() * load;
  e.flit_hops = flits * runs * topo.max_hops();  // max_hops counts switches
  e.caches = !ex.cache.enabled ? 0 : (ex.cache.per_switch ? topo.num_switches() : ports);
  e.lookups = e.flit_hops / c.mean_packet_flits();
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

// sim.threads, an execution setting: results are identical for any value, so callers keep it out
// of the normalized config and the id. `use` says what the threads do.
void read_threads(Params& sim, Experiment& out, const std::string& use) {
  const std::string doc = "Threads " + use + "; 0: every core of the machine. Results do not depend on it (it is not "
                          "part of the experiment id); browser runs use every core where the page is cross-origin "
                          "isolated, else one";
  out.threads = static_cast<uint32_t>(sim.integer("threads", {0, 0, kMaxThreads, "threads", doc.c_str()}));
}

// A replay needs traffic it can replay, and its load is its own: there is no load to bisect on.
void check_cycle_traffic(const Experiment& ex, ErrorSink& errors) {
  const ReplayInfo* replay = ex.cycle.replay;
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
  else if (ex.cycle.saturation_mode)
    errors.fail("sim.mode", "saturation and curve vary traffic.injection.load; a replay's load is given by its messages", "latency");
}

}  // namespace

bool parse_experiment(const json& config, Experiment& out, ErrorSink& errors, ParamRegistry* registry) {
  out.normalized = json::object();
  Params root(&config, "", errors, registry, &out.normalized);
  root.string("name", "", "Free-text name (part of the id: rename = new experiment)");
  out.seed = static_cast<uint64_t>(root.integer("seed", {1, 0, int64_t{1} << 53, "", "RNG seed: the run is a deterministic function of config + seed"}));
  out.engine = root.choice("engine", std::string("routewalk"), engine_names(), describe_engines("Simulation engine").c_str());
  const bool cycle = out.engine == "cycle";

  Params topo = root.child("topology", "Network topology");
  out.random_node_ids = topo.choice("node_ids", "sequential", {"sequential", "random"},
                                    "Destination ids the switches hash: sequential (node i has id i) or random "
                                    "(distinct ids of switch.cam.key_bits bits drawn from the seed, as a fabric "
                                    "manager may assign them)") == "random";
  Params routing = root.child("routing", "Routing algorithm");
  if (errors.ok()) out.topology = make_topology(topo, routing);
  if (!errors.ok()) return false;
  // Adaptive routing chooses ports by the network's state, which only the cycle engine simulates.
  if (out.topology->adaptive_routing() && !cycle) {
    errors.fail(routing.field("algorithm"), "chooses ports by the network's state, which only engine cycle simulates; engine " +
                                                out.engine + " needs an oblivious routing",
                "engine cycle, or an oblivious routing of this topology");
    return false;
  }

  Params sw = root.child("switch", "Switch organisation");
  parse_cache(sw, out.cache, out.topology.get());
  // Exact classification (the default) stays out of the normalized config, so experiments from before
  // the field keep their ids.
  if (out.cache.enabled && out.cache.classify_sampling == 1 && out.normalized["switch"]["cache"].is_object())
    out.normalized["switch"]["cache"].erase("classify_sampling");
  if (!cycle) {
    parse_delays(sw, out.delays);
    out.lag_links = static_cast<uint32_t>(sw.integer(
        "lag_links", {1, 1, 16, "links", "Links bundled per switch-to-switch connection; one is chosen by CRC-32 of the destination"}));
  }
  if (app::takes_app_config(out.engine)) app::parse_app_config(root, sw, out.engine, out.app);
  Params cam = sw.child("cam", "CAM forwarding table behind the caches");
  Params traffic = root.child("traffic", "Traffic");
  if (cycle) {
    Params sim = root.child("sim", "Cycle engine: measurement windows and mode");
    parse_cycle_config(sw, cam, traffic, sim, out.topology->ports_per_switch(), out.cycle);
    read_threads(sim, out, "curve mode runs its loads on");
    sim.reject_unknown();
    // Fields that existed before curve mode keep their ids: curve_points only in curve mode, and
    // threads never (results do not depend on it).
    if (auto it = out.normalized.find("sim"); it != out.normalized.end() && it->is_object()) {
      it->erase("threads");
      if (out.cycle.curve_points == 0) it->erase("curve_points");
    }
  }
  Params hardware = root.child("hardware", "Technology and hardware options of the cost model");
  Params cost_method = root.child("cost", "How the cost model prices the cache and the CAM");
  const auto& g = out.cache.geometry;
  const cost::CacheSpec spec{static_cast<int>(g.entries ? g.entries : 2048),
                             static_cast<int>(g.ways == g.entries ? 0 : g.ways), static_cast<int>(out.cache.entry_bytes)};
  out.cost = cost::read_cost_inputs(cost_method, hardware, cam, spec, out.topology->ports_per_switch());
  cost_method.reject_unknown();
  // cost.method cacti (the default) stays out of the normalized config, so configs written before the
  // field normalize as before; CACTI's identity enters the id instead (api.cpp hash_of).
  if (out.cost.method == cost::kMethodCacti) out.normalized.erase("cost");
  out.key_bits = static_cast<uint32_t>(out.cost.cam.key_bits);
  check_key_bits(cam, out);
  cam.reject_unknown();
  hardware.reject_unknown();
  sw.reject_unknown();

  if (!cycle) {
    out.warmup_packets = static_cast<uint64_t>(traffic.integer(
        "warmup_packets", {0, 0, kMaxPackets, "packets", "Packets routed before measuring (their look-ups are not counted)"}));
    out.packets = static_cast<uint64_t>(traffic.integer("packets", {100000, 1, kMaxPackets, "packets", "Measured packets"}));
  }
  if (errors.ok()) out.traffic = make_traffic(traffic, *out.topology);
  traffic.reject_unknown();
  const bool job_mix = traffic.present("jobs") && !traffic.is_null("jobs");
  if (errors.ok() && app::takes_app_config(out.engine) && job_mix)
    errors.fail("traffic.jobs", "engine " + out.engine + " runs one application on the whole machine; job mixes of "
                "skeletons run in the route walk and the cycle engine", "null or absent");
  else if (errors.ok() && app::takes_app_config(out.engine) && !app::npb_workload(*out.traffic) &&
           !app::mpi_trace_workload(*out.traffic))
    errors.fail("traffic.pattern", "engine " + out.engine + " needs traffic.pattern npb (the application skeletons) or "
                "mpi_trace (a loaded MPI trace)", "npb or mpi_trace");
  else if (errors.ok() && cycle && app::mpi_trace_workload(*out.traffic))
    errors.fail("traffic.pattern", "engine cycle does not take MPI traces (mpi_trace): engines routewalk (hit rates of "
                "the trace's messages), app (time model) and smpi (SimGrid replay) do", "engine routewalk, app or smpi");
  else if (errors.ok() && !app::takes_app_config(out.engine) && app::mpi_trace_workload(*out.traffic) &&
           app::mpi_trace_workload(*out.traffic)->trace->stream.empty())
    errors.fail("traffic.trace_id", "the trace sends no message between ranks: the route walk has nothing to route "
                "(engine app and smpi take it)", "a trace with messages, or engine app or smpi");
  if (errors.ok() && out.engine == "smpi") app::check_smpi_limits(out, errors);
  if (errors.ok() && cycle) check_cycle_traffic(out, errors);
  if (!cycle) parse_monitor(root, out);
  if (out.engine == "routewalk") {
    // An execution setting, not part of the experiment: results are identical for any value, so it
    // stays out of the normalized config and the id.
    Params sim = root.child("sim", "Route walk: execution");
    read_threads(sim, out, "the run may use");
    sim.reject_unknown();
    out.normalized.erase("sim");
  }
  Params output = root.child("output", "What the result includes beyond the defaults");
  out.per_port_output = output.boolean("per_port", false,
                                       "Per input port look-ups and hits (cache.by_port); large for big networks");
  output.reject_unknown();
  root.reject_unknown();
  if (!errors.ok()) return false;
  if (cycle) return estimate_cycle_run(root, out);
  estimate_run(out);
  return check_size(root, out) && check_latency_range(root, out);
}

}  // namespace switchlab
