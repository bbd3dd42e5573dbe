#include "config/experiment.hpp"

#include <cmath>

#include "topology/registry.hpp"

namespace switchlab {
namespace {

constexpr int64_t kMaxEntries = int64_t{1} << 20;
constexpr int64_t kMaxPackets = int64_t{2'000'000'000};

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
  if (const json* w = c.raw("ways", "integer|\"full\"", "Associativity: 1..entries, or \"full\" (fully associative)")) {
    if (w->is_string() && w->get<std::string>() == "full") {
      ways = entries;
    } else if (w->is_number_integer() && w->get<int64_t>() >= 1 && w->get<int64_t>() <= entries) {
      ways = w->get<int64_t>();
    } else {
      c.errors().fail(c.field("ways"), "must be an integer in [1, " + std::to_string(entries) +
                                           "] (the entries) or \"full\", got " + w->dump());
    }
    c.set("ways", ways == entries && w->is_string() ? json("full") : json(ways));
  } else {
    ways = std::min<int64_t>(ways, entries);
    c.set("ways", ways);
  }
  const std::string policy = c.choice("policy", "lru", {"lru", "plru", "fifo", "random", "lfu"}, "Replacement policy");
  const std::string index = c.choice("index", std::string("crc32"), index_kind_names(), "Index (hash) function");
  cache.entry_bytes = static_cast<uint32_t>(
      c.integer("entry_bytes", {12, 4, 64, "B", "Bytes per entry (seed 001: 8 B tag + 2 B port + 2 B reserved)"}));
  c.reject_unknown();
  if (!c.errors().ok()) return;
  if (entries % ways != 0) {
    c.errors().fail(c.field("ways"), "must divide entries (" + std::to_string(entries) + ") so that every set has the same ways; got " +
                                         std::to_string(ways));
    return;
  }
  parse_policy(policy, cache.geometry.policy);
  if (cache.geometry.policy == Policy::Plru && ((ways & (ways - 1)) != 0 || ways > 64)) {
    c.errors().fail(c.field("ways"), "plru needs a power-of-two number of ways in [1, 64], got " + std::to_string(ways));
    return;
  }
  cache.geometry.entries = static_cast<uint32_t>(entries);
  cache.geometry.ways = static_cast<uint32_t>(ways);
  cache.index = index_kind_from_name(index);
  if (cache.index == IndexKind::Switchable && topo && !topo->deterministic_routing()) {
    c.errors().fail(c.field("index"), "switchable needs deterministic routing (the tag is the output port); "
                                      "choose crc32, crc16, xor_fold or low_bits with this routing");
  }
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

}  // namespace

bool parse_experiment(const json& config, Experiment& out, ErrorSink& errors, ParamRegistry* registry) {
  out.normalized = json::object();
  Params root(&config, "", errors, registry, &out.normalized);
  root.string("name", "", "Free-text name (part of the id: rename = new experiment)");
  out.seed = static_cast<uint64_t>(root.integer("seed", {1, 0, int64_t{1} << 53, "", "RNG seed: the run is a deterministic function of config + seed"}));
  out.engine = root.choice("engine", "routewalk", {"routewalk"},
                           "routewalk: per-packet path walk with cache look-ups and zero-load latency");

  Params topo = root.child("topology", "Network topology");
  Params routing = root.child("routing", "Routing algorithm");
  if (errors.ok()) out.topology = make_topology(topo, routing);
  if (!errors.ok()) return false;

  Params sw = root.child("switch", "Switch organisation");
  parse_cache(sw, out.cache, out.topology.get());
  parse_delays(sw, out.delays);
  Params cam = sw.child("cam", "CAM forwarding table behind the caches");
  Params hardware = root.child("hardware", "Technology and hardware options of the cost model");
  const auto& g = out.cache.geometry;
  const cost::CacheSpec spec{static_cast<int>(g.entries ? g.entries : 2048),
                             static_cast<int>(g.ways == g.entries ? 0 : g.ways), static_cast<int>(out.cache.entry_bytes)};
  out.cost = cost::read_cost_inputs(hardware, cam, spec, out.topology->ports_per_switch());
  cam.reject_unknown();
  hardware.reject_unknown();
  sw.reject_unknown();

  Params traffic = root.child("traffic", "Traffic");
  out.warmup_packets = static_cast<uint64_t>(traffic.integer(
      "warmup_packets", {0, 0, kMaxPackets, "packets", "Packets routed before measuring (their look-ups are not counted)"}));
  out.packets = static_cast<uint64_t>(traffic.integer("packets", {100000, 1, kMaxPackets, "packets", "Measured packets"}));
  if (errors.ok()) out.traffic = make_traffic(traffic, *out.topology);
  traffic.reject_unknown();
  root.reject_unknown();
  return errors.ok();
}

}  // namespace switchlab
