// The contract every layer derives from (docs/contract.md): prepare() with its summary,
// the one error shape, the config schema discriminated by topology kind and traffic pattern, and
// the results schema that gives every number of a result a unit.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <tuple>

#include <nlohmann/json.hpp>

#include "config/json_errors.hpp"
#include "config/results_schema.hpp"
#include "switchlab/api.hpp"

using json = nlohmann::json;
using namespace switchlab;

namespace {

json prepare(const json& config) { return json::parse(prepare_json(config.dump())); }

json summary(const json& topology) {
  const json p = prepare({{"topology", topology}, {"traffic", {{"packets", 10}}}});
  EXPECT_FALSE(p.contains("error")) << p.dump();
  return p["summary"];
}

// The schema entry (allOf/if/then) of one value of a discriminator.
const json& variant(const json& schema, const std::string& path, const std::string& value) {
  for (const json& e : schema["allOf"])
    if (e["x-discriminator"]["path"] == path && e["x-discriminator"]["value"] == value) return e["then"];
  static const json none;
  ADD_FAILURE() << "no variant " << path << " = " << value;
  return none;
}

}  // namespace

// Sizes by hand: a ring of k switches has k links, a line k - 1; a k-ary n-tree's non-top
// switches have k up links; a Dragonfly group is a clique plus a*h/(g-1) links per group pair;
// a BMIN has k^n channels between consecutive stages.
TEST(Prepare, SummaryCountsTheNetwork) {
  json s = summary({{"kind", "torus"}, {"dims", {4, 3}}, {"concentration", 2}});
  EXPECT_EQ(s["nodes"], 24);
  EXPECT_EQ(s["switches"], 12);
  EXPECT_EQ(s["ports_per_switch"], 6);
  EXPECT_EQ(s["input_ports"], 72);
  EXPECT_EQ(s["links"], 24);  // 3 rings of 4 + 4 rings of 3
  EXPECT_EQ(s["max_hops"], 4);  // switches on the longest DOR route: 2 + 1 hops from the first switch
  EXPECT_EQ(s["topology"], "torus");
  EXPECT_EQ(summary({{"kind", "mesh"}, {"dims", {4, 3}}})["links"], 17);  // 3*3 + 4*2
  EXPECT_EQ(summary({{"kind", "fat_tree"}, {"k", 4}, {"n", 3}})["links"], 2 * 16 * 4);
  EXPECT_EQ(summary({{"kind", "dragonfly"}, {"p", 1}, {"a", 4}, {"h", 1}, {"g", 5}})["links"], 5 * 6 + 10);
  EXPECT_EQ(summary({{"kind", "bmin"}, {"k", 4}, {"stages", 2}})["links"], 16);
  EXPECT_EQ(summary({{"kind", "single_switch"}, {"ports", 8}})["links"], 0);
  EXPECT_EQ(summary({{"kind", "edge_list"}, {"switches", 3}, {"edges", {{0, 1}, {1, 2}}}})["links"], 2);
}

TEST(Prepare, EstimatesWorkAndMemory) {
  const json p = prepare({{"topology", {{"kind", "torus"}, {"dims", {4, 4}}}},
                          {"switch", {{"cache", {{"entries", 16}, {"ways", 4}}}}},
                          {"traffic", {{"packets", 2000}, {"warmup_packets", 1000}}}});
  const json& s = p["summary"];
  EXPECT_EQ(s["packets"], 3000);
  EXPECT_EQ(s["caches"], 80.0);                 // 16 switches x 5 input ports
  EXPECT_EQ(s["lookups"], 3000.0 * 5);          // packets x longest route (an upper bound)
  // 256 B per cache object + 4 B per entry + the 3C seen bits (16 nodes fit in 16 entries: one
  // 64-bit word per cache), and 16 B of counters per input port.
  EXPECT_EQ(s["memory_bytes"], 80 * 256.0 + 80 * 16 * 4.0 + 80 * 8.0 + 80 * 16.0);
  EXPECT_EQ(s["cache_bytes_per_port"], 16 * 4 + 1);  // tags + touched flag (LRU keeps no words)
}

// Bytes of cache state per port, as the summary reports them: 4 B per entry, the policy's words
// (LFU: a count per entry; tree PLRU: two words per set), a flag; null without a cache.
TEST(Prepare, ReportsCacheBytesPerPort) {
  auto bytes = [](json cache) {
    return prepare({{"topology", {{"kind", "torus"}, {"dims", {4, 4}}}}, {"switch", {{"cache", std::move(cache)}}}})
        ["summary"]["cache_bytes_per_port"];
  };
  EXPECT_EQ(bytes({{"entries", 2048}, {"ways", 4}}), 2048 * 4 + 1);
  EXPECT_EQ(bytes({{"entries", 2048}, {"ways", 4}, {"policy", "lfu"}}), 2048 * 4 * 2 + 1);
  EXPECT_EQ(bytes({{"entries", 2048}, {"ways", 4}, {"policy", "plru"}}), 2048 * 4 + 512 * 2 * 4 + 1);
  EXPECT_TRUE(bytes(nullptr).is_null());
}

TEST(Prepare, IdIsTheExperimentIdAndConfigIsNormalized) {
  const json config = {{"topology", {{"kind", "torus"}, {"dims", {4, 4}}}}, {"traffic", {{"packets", 10}}}};
  const json p = prepare(config);
  EXPECT_EQ(p["id"], config_hash(config.dump()));
  EXPECT_EQ(p["config"].dump(), normalize_json(config.dump()));
  EXPECT_EQ(p["config"]["switch"]["cache"]["entries"], 2048);
}

TEST(Prepare, ErrorsNameTheFieldAndWhatIsAllowed) {
  json e = prepare({{"switch", {{"cache", {{"entries", 0}}}}}})["error"];
  EXPECT_EQ(e["field"], "switch.cache.entries");
  EXPECT_EQ(e["allowed"], "an integer in [1, 1048576]");
  e = prepare({{"switch", {{"cache", {{"policy", "mru"}}}}}})["error"];
  EXPECT_EQ(e["field"], "switch.cache.policy");
  EXPECT_EQ(e["allowed"].get<std::string>().rfind("one of: ", 0), 0u);
  e = prepare({{"topology", {{"kind", "torus"}, {"dims", {4, 4}}}}, {"switch", {{"cache", {{"entries", 100}, {"ways", 3}}}}}})["error"];
  EXPECT_EQ(e["field"], "switch.cache.ways");
  EXPECT_EQ(e["allowed"], "a divisor of entries (100), or \"full\"");
  e = json::parse(prepare_json("{not json"))["error"];
  EXPECT_EQ(e["field"], "config");
  EXPECT_EQ(e["allowed"], "a JSON document (RFC 8259)");
}

// A key given twice in one object is an error naming it, not "the last one wins": a config with
// {"load": 0.1, "load": 0.9} would otherwise run at a load the user may not have meant. In an
// array of objects each object has its own keys.
TEST(Prepare, RepeatedKeysAreAnErrorNamingThem) {
  json e = json::parse(prepare_json(R"({"seed": 1, "traffic": {"injection": {"load": 0.1, "load": 0.9}}})"))["error"];
  EXPECT_EQ(e["field"], "traffic.injection.load");
  EXPECT_EQ(e["message"], "is given more than once in the same object");
  EXPECT_EQ(e["allowed"], "each key at most once per object");
  e = json::parse(prepare_json(R"({"seed": 1, "seed": 2})"))["error"];
  EXPECT_EQ(e["field"], "seed");
  e = json::parse(prepare_json(R"({"traffic": {"pattern": "hotspot", "hotspots": [{"node": 1}, {"node": 2, "node": 3}]}})"))["error"];
  EXPECT_EQ(e["field"], "traffic.hotspots[1].node");
  // The same key in two objects is no repeat.
  const json ok = json::parse(prepare_json(
      R"({"engine": "cycle", "topology": {"kind": "mesh", "dims": [4, 4]}, "switch": {"cache": null, "allocator": {"kind": "pim"}}})"));
  EXPECT_FALSE(ok.contains("error")) << ok.dump();
}

// The core's parse builds its value itself (json_errors.cpp): every kind of value, at every depth
// and inside arrays of arrays, comes out as nlohmann's own parse gives it.
TEST(Prepare, UntrustedParseBuildsTheSameValueAsJsonParse) {
  const std::string text =
      R"({"a": [[1, -2, [3.5e-3, []]], {}, {"b": {"c": [null, true, false]}}, "\u00e9\ud83d\ude00"],)"
      R"( "big": 18446744073709551615, "neg": -9223372036854775808, "f": 1e308, "e": {}, "z": [[[{}]]]})";
  json built;
  Error error;
  ASSERT_TRUE(parse_untrusted_json(text, "config", built, error)) << error.message;
  EXPECT_EQ(built, json::parse(text));
  EXPECT_EQ(built.dump(), json::parse(text).dump());
  json scalar;
  ASSERT_TRUE(parse_untrusted_json("42", "config", scalar, error));
  EXPECT_EQ(scalar, json(42));
}

// Every refusal fills the envelope's `allowed`, not only its message: scripts and the explorer's
// form read it (docs/contract.md). One config per kind of check that is not a plain range.
TEST(Prepare, RefusalsNameWhatIsAllowed) {
  const std::vector<std::tuple<std::string, std::string, std::string>> cases = {
      {R"({"switch": {"cache": {"entries": 16, "ways": 32}}})", "switch.cache.ways", R"(an integer in [1, 16] or "full")"},
      {R"({"topology": {"kind": "mesh", "dims": [4, 4]}, "monitor": {"samples": 5}})", "monitor.samples",
       "0 (no monitor) unless the topology is a torus"},
      {R"({"topology": {"kind": "edge_list", "edges": [[0, 1], [2, 3]]}})", "topology.edges", "a connected graph"},
      {R"({"topology": {"kind": "edge_list", "edges": [[0, 1], [1, 1]]}})", "topology.edges[1]",
       "a link between two different switches"},
      {R"({"topology": {"kind": "random_regular", "switches": 5, "degree": 3}})", "topology.degree",
       "a degree that makes switches * degree even"},
      {R"({"topology": {"kind": "dragonfly", "p": 1, "a": 2, "h": 1, "g": 4}})", "topology.g", "at most a*h + 1 = 3"},
      {R"({"topology": {"kind": "kary_ncube", "dims": [4, 4], "wrap": [true]}})", "topology.wrap",
       "2 entries, one per dimension"},
      {R"({"traffic": {"pattern": "trace", "trace": "0,99,1,10"}})", "traffic.trace", "a compute node id in [0, 15]"},
      {R"({"traffic": {"pattern": "hotspot", "hotspots": [1, 1]}})", "traffic.hotspots", "each node at most once"},
      {R"({"traffic": {"jobs": {"sizes": [10, 10]}}})", "traffic.jobs.sizes", "sizes adding up to at most 16 nodes"},
      {R"({"traffic": {"pattern": "npb", "npb": {"benchmarks": ["is"], "class": "S", "ranks": 32}}})",
       "traffic.npb.ranks", "an integer in [2, 16]"},
      {R"({"traffic": {"pattern": "npb", "npb": {"benchmarks": ["bt"], "class": "S", "ranks": 12}}})",
       "traffic.npb.ranks", "one of: 4, 9, 16"},  // the rank counts the benchmark runs on, up to the nodes
  };
  for (const auto& [config, field, allowed] : cases) {
    const json e = json::parse(prepare_json(config))["error"];
    EXPECT_EQ(e["field"], field) << config;
    EXPECT_EQ(e["allowed"], allowed) << config;
  }
  // The cost report prices each part on its own: the cache's refusal stands in its place, the CAM
  // (which does not depend on the cache) keeps its figures.
  const json report = json::parse(cost_json(R"({"switch": {"cache": {"entries": 8}}})"))["cost"];
  const json& cost = report["cache"]["error"];
  EXPECT_EQ(cost["field"], "switch.cache.entries");
  EXPECT_EQ(cost["allowed"], "an integer in [16, 65536]");
  EXPECT_GT(report["cam"]["search_ns"].get<double>(), 0);
}

// Text that is not JSON is located: the error names the field being read where the parse stopped
// and says why, instead of a bare "invalid JSON" (the hardening findings' own inputs are in
// test_hardening.cpp).
TEST(Prepare, MalformedJsonNamesTheFieldBeingRead) {
  json e = json::parse(prepare_json(R"({"topology": {"dims": [4, 4, x]}})"))["error"];
  EXPECT_EQ(e["field"], "topology.dims[2]");
  // Unclosed levels within the nesting limit: the path is cut short, the message stays small.
  e = json::parse(prepare_json(std::string(200, '[')))["error"];
  EXPECT_EQ(e["field"].get<std::string>().substr(0, 3), "[0]");
  EXPECT_LT(e.dump().size(), 400u);
}

// Each topology kind lists exactly its own fields: a torus has dims but no k, a fat tree k and n
// but no dims; routing choices are per kind.
TEST(ConfigSchema, IsDiscriminatedByTopologyKindAndTrafficPattern) {
  const json s = json::parse(schema_json());
  // Shared by every kind: the kind itself and how node ids are assigned (topology.node_ids).
  const json& shared = s["properties"]["topology"]["properties"];
  EXPECT_EQ(shared.size(), 2u);
  EXPECT_TRUE(shared.contains("kind") && shared.contains("node_ids"));
  const json& torus = variant(s, "topology.kind", "torus")["properties"];
  EXPECT_TRUE(torus["topology"]["properties"].contains("dims"));
  EXPECT_FALSE(torus["topology"]["properties"].contains("k"));
  EXPECT_EQ(torus["routing"]["properties"]["algorithm"]["enum"], json({"dor"}));
  const json& tree = variant(s, "topology.kind", "fat_tree")["properties"]["topology"]["properties"];
  EXPECT_TRUE(tree.contains("k") && tree.contains("n") && tree.contains("oversubscription"));
  EXPECT_FALSE(tree.contains("dims"));
  const json& df = variant(s, "topology.kind", "dragonfly")["properties"]["routing"]["properties"];
  EXPECT_EQ(df["algorithm"]["enum"], json({"minimal", "valiant"}));
  EXPECT_EQ(variant(s, "topology.kind", "torus")["properties"]["topology"]["properties"]["dims"]["x-unit"], "switches");
  // Patterns: a hotspot's fields belong to hotspot only; packets are the route walk's, the
  // offered load and packet size the cycle engine's (discriminated by engine).
  EXPECT_FALSE(s["properties"]["traffic"]["properties"].contains("packets"));
  EXPECT_TRUE(variant(s, "engine", "routewalk")["properties"]["traffic"]["properties"].contains("packets"));
  const json& cycle = variant(s, "engine", "cycle")["properties"];
  EXPECT_FALSE(cycle["traffic"]["properties"].contains("packets"));
  EXPECT_EQ(cycle["traffic"]["properties"]["injection"]["properties"]["load"]["x-unit"], "flits/node/cycle");
  EXPECT_EQ(cycle["traffic"]["properties"]["injection"]["properties"]["load"]["maximum"], 1.0);
  EXPECT_TRUE(cycle["switch"]["properties"]["buffer"]["properties"].contains("organisation"));
  EXPECT_TRUE(cycle["sim"]["properties"].contains("measure_cycles"));
  EXPECT_FALSE(cycle["switch"]["properties"].contains("delays_ns"));
  // The route walk's sim section holds only its execution setting (threads), the cycle engine's its
  // windows and mode, and threads for curve mode's loads.
  EXPECT_EQ(variant(s, "engine", "routewalk")["properties"]["sim"]["properties"].size(), 1u);
  EXPECT_EQ(variant(s, "engine", "routewalk")["properties"]["sim"]["properties"]["threads"]["x-unit"], "threads");
  EXPECT_EQ(cycle["sim"]["properties"]["threads"]["x-unit"], "threads");
  EXPECT_FALSE(variant(s, "engine", "app")["properties"].contains("sim"));
  EXPECT_FALSE(s["properties"]["traffic"]["properties"].contains("hotspots"));
  EXPECT_TRUE(variant(s, "traffic.pattern", "hotspot")["properties"]["traffic"]["properties"].contains("hotspots"));
  EXPECT_FALSE(variant(s, "traffic.pattern", "uniform")["properties"]["traffic"]["properties"].contains("hotspots"));
}

// The edges learn about engines from the schema alone (x-engines), so none of them lists engine
// names: every engine of the `engine` field is there, with its headline result keys.
TEST(ConfigSchema, DescribesEveryEngineForTheEdges) {
  const json s = json::parse(schema_json());
  const json& engines = s["x-engines"];
  std::vector<std::string> names;
  for (const json& e : engines) {
    names.push_back(e["name"]);
    EXPECT_FALSE(e["headline"].empty()) << e["name"];
    EXPECT_FALSE(e["doc"].get<std::string>().empty()) << e["name"];
    // An engine the core cannot run says where it runs.
    EXPECT_EQ(e["runs_in_core"].get<bool>(), e["runs_elsewhere"].get<std::string>().empty()) << e["name"];
  }
  EXPECT_EQ(json(names), s["properties"]["engine"]["enum"]);
  // A twin names another engine, which none names in return (the worker and the explorer follow it once).
  for (const json& e : engines) {
    const std::string twin = e["twin_of"];
    if (twin.empty()) continue;
    EXPECT_NE(twin, e["name"].get<std::string>());
    const auto of = std::find_if(engines.begin(), engines.end(), [&](const json& o) { return o["name"] == twin; });
    ASSERT_NE(of, engines.end()) << e["name"];
    EXPECT_EQ((*of)["twin_of"], "") << twin;
  }
  for (const json& e : engines) {
    if (e["name"] == "smpi") EXPECT_EQ(e["twin_of"], "app");  // SimGrid replays engine app's system
    if (e["name"] != "routewalk") continue;
    EXPECT_EQ(e["headline"][0], "cache.lookups");
    EXPECT_EQ(unit_of(e["headline"][6]), "ns");  // latency_ns.zero_load.mean
  }
}

// Every number of every kind of result has a unit, except identifiers (seeds, node and switch ids).
TEST(ResultsSchema, EveryNumberOfAResultHasAUnit) {
  const json topologies[] = {
      {{"kind", "torus"}, {"dims", {4, 4}}},
      {{"kind", "fat_tree"}, {"k", 4}, {"n", 2}},
      {{"kind", "dragonfly"}, {"p", 1}, {"a", 4}, {"h", 1}, {"g", 5}},
      {{"kind", "bmin"}, {"k", 4}, {"stages", 2}},
      {{"kind", "random_regular"}, {"switches", 16}, {"degree", 3}},
      {{"kind", "single_switch"}, {"ports", 8}},
  };
  const std::set<std::string> identifiers = {"seed", "topology.parameters.seed", "topology.edges", "topology.links",
                                             "topology.stage_list.first_switch", "topology.stage_list.port_digit",
                                             "topology.stage_list.stage", "traffic.jobs.first",
                                             // A config value: its unit is the fix's own `unit` (the config field's).
                                             "warnings.fixes.value"};
  for (const json& t : topologies) {
    const json r = json::parse(run_json(json{{"topology", t},
                                             {"traffic", {{"packets", 200}, {"jobs", {{"sizes", {4, 4}}}}}},
                                             {"output", {{"per_port", true}}}}
                                            .dump()));
    ASSERT_FALSE(r.contains("error")) << r.dump();
    const json units = json::parse(units_json(r.dump()));
    for (const auto& [path, unit] : units.items())
      if (!identifiers.count(path)) EXPECT_NE(unit, "") << path << " in a " << t["kind"] << " result";
  }
}

TEST(ResultsSchema, UnitsFollowDeclarationsThenSuffixes) {
  EXPECT_EQ(unit_of("cache.by_port_class.dim0.hit_rate"), "fraction");
  EXPECT_EQ(unit_of("cache.by_port_class.up.misses.conflict"), "look-ups");
  EXPECT_EQ(unit_of("latency_ns.zero_load.p99"), "ns");
  EXPECT_EQ(unit_of("cost.cache.area_mm2"), "mm^2");
  EXPECT_EQ(unit_of("cost.cam.leakage_mW"), "mW");        // longest suffix: _mW, not _W
  EXPECT_EQ(unit_of("models.seed001_torus.parameters_ns.C"), "ns");  // nearest ancestor's suffix
  // Declared keys win over an ancestor's suffix: a reduction is a fraction, not ns.
  EXPECT_EQ(unit_of("models.seed001_torus.max_zero_load_latency_ns.reduction_vs_conventional_model"), "fraction");
  // An error in % of an output in ns stays in %; shares of a given die are in % too.
  EXPECT_EQ(unit_of("cost.cache.fit_holdout_error_pct.access_ns"), "%");
  EXPECT_EQ(unit_of("cost.cam.fit_holdout_error_pct.leak_mW"), "%");
  EXPECT_EQ(unit_of("cost.budget.total_pct_of_die"), "%");
  const json s = json::parse(results_schema_json());
  EXPECT_EQ(s["properties"]["cache"]["properties"]["by_port_class"]["additionalProperties"]["properties"]["hit_rate"]["x-unit"],
            "fraction");
  EXPECT_EQ(s["properties"]["summary"]["properties"]["memory_bytes"]["x-unit"], "B");
}
