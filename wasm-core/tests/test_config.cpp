#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include <nlohmann/json.hpp>

#include "common/params.hpp"
#include "switchlab/api.hpp"

using json = nlohmann::json;
using namespace switchlab;

namespace {
json error_of(const std::string& config) { return json::parse(validate_json(config)); }
const std::string kSmall =
    R"({"seed":1,"topology":{"kind":"torus","dims":[4,4]},"switch":{"cache":{"entries":64,"ways":4}},"traffic":{"packets":2000}})";
}  // namespace

TEST(Config, RangeErrorsNameFieldAndRange) {
  json e = error_of(R"({"switch":{"cache":{"entries":0}}})");
  EXPECT_EQ(e["field"], "switch.cache.entries");
  EXPECT_EQ(e["message"], "must be an integer in [1, 1048576], got 0");
  e = error_of(R"({"topology":{"kind":"hypercube"}})");
  EXPECT_EQ(e["field"], "topology.kind");
  e = error_of(R"({"topology":{"dims":[4,1]}})");
  EXPECT_EQ(e["field"], "topology.dims[1]");
  e = error_of(R"({"switch":{"cache":{"entires":64}}})");
  EXPECT_EQ(e["field"], "switch.cache.entires");
  e = error_of(R"({"switch":{"cache":{"ways":"many"}}})");
  EXPECT_EQ(e["field"], "switch.cache.ways");
  e = error_of(R"({"switch":{"cache":{"entries":48,"ways":3,"policy":"plru"}}})");
  EXPECT_EQ(e["field"], "switch.cache.ways");
  e = error_of(R"({"topology":{"kind":"kary_ncube","dims":[4,4],"wrap":[true]}})");
  EXPECT_EQ(e["field"], "topology.wrap");
  e = error_of("{not json");
  EXPECT_EQ(e["field"], "config");
  e = error_of(R"({"switch":{"delays_ns":{"link":-1}}})");
  EXPECT_EQ(e["field"], "switch.delays_ns.link");
  EXPECT_EQ(e["message"], "must be a number in [0, 1000000] ns, got -1");
}

TEST(Config, NormalizationFillsDefaultsAndHashIgnoresSpelling) {
  const std::string explicit_defaults =
      R"({"traffic":{"packets":2000,"pattern":"uniform"},"seed":1,"engine":"routewalk","topology":{"kind":"torus","dims":[4,4],"concentration":1},"switch":{"cache":{"ways":4,"entries":64,"policy":"lru"}}})";
  EXPECT_EQ(normalize_json(kSmall), normalize_json(explicit_defaults));
  EXPECT_EQ(config_hash(kSmall), config_hash(explicit_defaults));
  EXPECT_EQ(config_hash(kSmall).size(), 64u);
  const json n = json::parse(normalize_json(kSmall));
  EXPECT_EQ(n["switch"]["cache"]["index"], "crc32");
  EXPECT_EQ(n["switch"]["delays_ns"]["rc_hit"], 1.0);
  EXPECT_EQ(n["topology"]["wrap"], json::array({true, true}));
  // A different seed is a different experiment.
  EXPECT_NE(config_hash(kSmall), config_hash(R"({"seed":2,"topology":{"kind":"torus","dims":[4,4]},"switch":{"cache":{"entries":64,"ways":4}},"traffic":{"packets":2000}})"));
}

TEST(Config, NullCacheIsTheNoCacheBaseline) {
  const json r = json::parse(run_json(R"({"topology":{"dims":[4,4]},"switch":{"cache":null},"traffic":{"packets":100}})"));
  EXPECT_EQ(r["cache"]["enabled"], false);
  EXPECT_EQ(r["cache"]["hits"], 0);
  EXPECT_EQ(json::parse(normalize_json(R"({"switch":{"cache":null}})"))["switch"]["cache"], nullptr);
}

TEST(Config, SchemaListsDeclaredFields) {
  const json s = json::parse(schema_json());
  const json& entries = s["properties"]["switch"]["properties"]["cache"]["properties"]["entries"];
  EXPECT_EQ(entries["type"], "integer");
  EXPECT_EQ(entries["minimum"], 1);
  EXPECT_EQ(entries["default"], 2048);
  // The route walk's delays live in its engine's branch of the schema (test_contract.cpp).
  for (const json& e : s["allOf"])
    if (e["x-discriminator"] == json{{"path", "engine"}, {"value", "routewalk"}})
      EXPECT_EQ(e["then"]["properties"]["switch"]["properties"]["delays_ns"]["properties"]["link"]["x-unit"], "ns");
  // routing.algorithm is per topology kind (test_contract.cpp), not a union at the top.
  EXPECT_FALSE(s["properties"]["routing"].contains("properties"));
  // A list gives its length range as the parser enforces it (traffic.size_mix: 0..16 sizes).
  bool mix_seen = false;
  for (const json& e : s["allOf"])
    if (e["x-discriminator"] == json{{"path", "engine"}, {"value", "cycle"}}) {
      const json& flits = e["then"]["properties"]["traffic"]["properties"]["size_mix"]["properties"]["flits"];
      EXPECT_EQ(flits["minItems"], 0);
      EXPECT_EQ(flits["maxItems"], 16);
      EXPECT_EQ(flits["items"]["maximum"], 4096);
      mix_seen = true;
    }
  EXPECT_TRUE(mix_seen);
}

// Every leaf field of a schema node, by dotted path.
static void schema_leaves(const json& node, const std::string& path, std::map<std::string, json>& out) {
  if (!node.contains("properties")) {
    out.emplace(path, node);
    return;
  }
  for (auto it = node["properties"].begin(); it != node["properties"].end(); ++it)
    schema_leaves(*it, path.empty() ? it.key() : path + "." + it.key(), out);
}

// A field that only some choices read says so where it is declared (x-applies-when: another
// field's value in a set), so the form can hide it, e.g. burst_flits under a bernoulli process.
TEST(Config, SchemaSaysWhenAFieldApplies) {
  const json s = json::parse(schema_json());
  std::map<std::string, json> all, cycle;
  schema_leaves(s, "", all);
  for (const json& e : s["allOf"]) {
    schema_leaves(e["then"], "", all);
    if (e["x-discriminator"] == json{{"path", "engine"}, {"value", "cycle"}}) schema_leaves(e["then"], "", cycle);
  }
  const auto when = [&](const char* path) { return cycle.count(path) ? cycle[path].value("x-applies-when", json()) : json("absent"); };
  const auto in = [](const char* path, json values) { return json{{"path", path}, {"in", values}}; };
  EXPECT_EQ(when("traffic.injection.burst_flits"), in("traffic.injection.process", {"on_off"}));
  EXPECT_EQ(when("traffic.injection.gflops"), in("traffic.injection.process", {"application"}));
  EXPECT_EQ(when("traffic.injection.time_unit"), in("traffic.injection.process", {"trace"}));
  EXPECT_EQ(when("traffic.injection.load"), in("traffic.injection.process", {"bernoulli", "on_off"}));
  EXPECT_EQ(when("traffic.size_mix.flits"), in("traffic.injection.process", {"bernoulli", "on_off"}));
  EXPECT_EQ(when("switch.buffer.vcs"), in("switch.buffer.organisation", {"vc"}));
  EXPECT_EQ(when("switch.buffer.flits_per_vc"), in("switch.buffer.organisation", {"vc"}));
  EXPECT_EQ(when("switch.buffer.chunk_flits"), in("switch.buffer.organisation", {"hipiqs"}));
  EXPECT_EQ(when("sim.bisection_steps"), in("sim.mode", {"saturation", "curve"}));
  EXPECT_EQ(when("sim.curve_points"), in("sim.mode", {"curve"}));
  const json per_port = when("switch.buffer.flits_per_port");
  ASSERT_TRUE(per_port.is_object());
  EXPECT_EQ(per_port["path"], "switch.buffer.organisation");
  const json orgs = cycle["switch.buffer.organisation"]["enum"];
  EXPECT_EQ(per_port["in"].size() + 1, orgs.size());
  for (const char* org : {"input_fifo", "voq", "damq", "hipiqs", "central", "output_queued"})
    EXPECT_NE(std::find(per_port["in"].begin(), per_port["in"].end(), org), per_port["in"].end()) << org;
  EXPECT_EQ(std::find(per_port["in"].begin(), per_port["in"].end(), "vc"), per_port["in"].end());
  const json iterations = when("switch.allocator.iterations");
  ASSERT_TRUE(iterations.is_object());
  EXPECT_NE(std::find(iterations["in"].begin(), iterations["in"].end(), "islip"), iterations["in"].end());
  // Fields every choice reads carry no condition.
  EXPECT_EQ(when("traffic.injection.process"), json());
  EXPECT_EQ(when("sim.measure_cycles"), json());
  // Every condition names a field with a set of choices, and only values among them.
  size_t conditions = 0;
  for (const auto& [path, prop] : all) {
    if (!prop.contains("x-applies-when")) continue;
    ++conditions;
    const json& c = prop["x-applies-when"];
    ASSERT_TRUE(all.count(c["path"])) << path << ": no field " << c["path"];
    const json& choices = all[c["path"]]["enum"];
    ASSERT_TRUE(choices.is_array()) << path << ": " << c["path"] << " has no enum";
    EXPECT_FALSE(c["in"].empty()) << path;
    for (const json& v : c["in"])
      EXPECT_NE(std::find(choices.begin(), choices.end(), v), choices.end()) << path << ": " << v;
  }
  EXPECT_GE(conditions, 11u);
}

// Bounds that depend on the network are stated as text in the schema (x-maximum), not as the
// number of the default 4x4 torus the schema is generated from (15 and 16); the parser still
// checks them against the config's own topology.
TEST(Config, SchemaStatesNetworkDependentBoundsAsSuch) {
  const json s = json::parse(schema_json());
  std::map<std::string, json> all;
  schema_leaves(s, "", all);
  for (const json& e : s["allOf"]) schema_leaves(e["then"], "", all);
  const json hot = all.at("traffic.hotspots")["items"], sizes = all.at("traffic.jobs.sizes")["items"];
  EXPECT_EQ(hot["x-maximum"], "nodes - 1");
  EXPECT_FALSE(hot.contains("maximum"));
  EXPECT_EQ(hot["minimum"], 0);
  EXPECT_EQ(sizes["x-maximum"], "nodes");
  EXPECT_FALSE(sizes.contains("maximum"));
  EXPECT_EQ(all.at("switch.cache.ways")["x-unit"], "ways");
  // An 8x8 mesh takes hot spot 40; a 4x4 torus does not.
  EXPECT_EQ(validate_json(R"({"topology":{"kind":"kary_ncube","dims":[8,8],"wrap":[false,false]},"traffic":{"pattern":"hotspot","hotspots":[40]}})"), "");
  EXPECT_EQ(error_of(R"({"traffic":{"pattern":"hotspot","hotspots":[40]}})")["allowed"], "a list of 1..4096 integers, each in [0, 15]");
}

// hardware.die_area_mm2 has no default (one would change every experiment's id): the schema
// declares it all the same, and absent or null leave the normalized config, and so the id, alone.
TEST(Config, OptionalDieAreaIsDeclaredWithoutADefault) {
  const json s = json::parse(schema_json());
  const json die = s["properties"]["hardware"]["properties"]["die_area_mm2"];
  EXPECT_EQ(die["type"], "number");
  EXPECT_EQ(die["x-unit"], "mm^2");
  EXPECT_EQ(die["minimum"], 1.0);
  EXPECT_FALSE(die.contains("default"));
  const auto id = [](const char* cfg) { return json::parse(switchlab::prepare_json(cfg))["id"]; };
  EXPECT_EQ(id(R"({})"), id(R"({"hardware": {"die_area_mm2": null}})"));
  EXPECT_NE(id(R"({})"), id(R"({"hardware": {"die_area_mm2": 400}})"));
  EXPECT_EQ(error_of(R"({"hardware": {"die_area_mm2": 0.5}})")["field"], "hardware.die_area_mm2");
}

TEST(Config, DelaysThatCouldOverflowTheLatencyCounterAreRejected) {
  const json e = error_of(R"({"topology":{"dims":[1024,1024]},"switch":{"cache":null,"delays_ns":{"other":1000000}}})");
  EXPECT_EQ(e["field"], "switch.delays_ns");
  EXPECT_NE(e["message"].get<std::string>().find("1025 switches"), std::string::npos);
  EXPECT_EQ(validate_json(R"({"topology":{"dims":[1024,1024]},"switch":{"cache":null,"delays_ns":{"other":1000}}})"), "");
}

// Found by the fuzzer: an empty unknown key named an empty field. (The findings of the hardening
// review are in test_hardening.cpp.)
TEST(Config, EmptyKeyIsNamed) {
  EXPECT_EQ(error_of(R"({"": 1})")["field"], "\"\"");
  EXPECT_EQ(preview(json::parse(R"({"a": [1, 2, {"b": "c"}]})")), R"({"a": [1, 2, {"b": "c"}]})");
}
