#include "config/experiment.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "common/pow2.hpp"
#include "common/text.hpp"
#include "config/engines.hpp"
#include "topology/registry.hpp"

namespace switchlab {
namespace {

constexpr int64_t kMaxEntries = int64_t{1} << 20;
// Sampling 1 in more tags leaves too few sampled misses per port class to estimate from.
constexpr int64_t kMaxClassifySampling = 4096;

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

}  // namespace

bool parse_experiment(const json& config, Experiment& out, ErrorSink& errors, ParamRegistry* registry) {
  out.normalized = json::object();
  Params root(&config, "", errors, registry, &out.normalized);
  root.string("name", "", "Free-text name (part of the id: rename = new experiment)");
  out.seed = static_cast<uint64_t>(root.integer("seed", {1, 0, int64_t{1} << 53, "", "RNG seed: the run is a deterministic function of config + seed"}));
  out.engine = root.choice("engine", default_engine().name, engine_names(), describe_engines("Simulation engine").c_str());
  // An unknown engine has failed already; the default's hooks read the rest as before.
  const EngineInfo* picked = find_engine(out.engine);
  const EngineInfo& engine = picked ? *picked : default_engine();
  const EngineConfigHooks& hooks = *engine.config;

  Params topo = root.child("topology", "Network topology");
  out.random_node_ids = topo.choice("node_ids", "sequential", {"sequential", "random"},
                                    "Destination ids the switches hash: sequential (node i has id i) or random "
                                    "(distinct ids of switch.cam.key_bits bits drawn from the seed, as a fabric "
                                    "manager may assign them)") == "random";
  Params routing = root.child("routing", "Routing algorithm");
  if (errors.ok()) out.topology = make_topology(topo, routing);
  if (!errors.ok()) return false;
  // Adaptive routing chooses ports by the network's state, which only some engines simulate.
  if (out.topology->adaptive_routing() && !engine.simulates_network_state) {
    const std::string simulating = engines_where(&EngineInfo::simulates_network_state);
    errors.fail(routing.field("algorithm"), "chooses ports by the network's state, which only " + simulating +
                                                " simulates; engine " + out.engine + " needs an oblivious routing",
                simulating + ", or an oblivious routing of this topology");
    return false;
  }

  Params sw = root.child("switch", "Switch organisation");
  parse_cache(sw, out.cache, out.topology.get());
  // Exact classification (the default) stays out of the normalized config, so experiments from before
  // the field keep their ids.
  if (out.cache.enabled && out.cache.classify_sampling == 1 && out.normalized["switch"]["cache"].is_object())
    out.normalized["switch"]["cache"].erase("classify_sampling");
  if (hooks.switch_fields) hooks.switch_fields(root, sw, out);
  Params cam = sw.child("cam", "CAM forwarding table behind the caches");
  Params traffic = root.child("traffic", "Traffic");
  if (hooks.sections) hooks.sections(root, sw, cam, traffic, out);
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

  if (hooks.traffic_fields) hooks.traffic_fields(traffic, out);
  if (errors.ok()) out.traffic = make_traffic(traffic, *out.topology);
  traffic.reject_unknown();
  if (hooks.finish) hooks.finish(root, traffic, out);
  Params output = root.child("output", "What the result includes beyond the defaults");
  out.per_port_output = output.boolean("per_port", false,
                                       "Per input port look-ups and hits (cache.by_port); large for big networks");
  output.reject_unknown();
  root.reject_unknown();
  if (!errors.ok()) return false;
  return hooks.estimate(root, out);
}

}  // namespace switchlab
