// Hostile and careless inputs to prepare(), the core's config entry point (docs/security.md):
// each finding of the hardening review (C1-C4) is a test named after it, reproducing the original
// input; then the size limits every topology kind is checked against before it is built
// (docs/topologies.md, "Size limits").
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "switchlab/api.hpp"

using json = nlohmann::json;
using namespace switchlab;

namespace {

json prepare(const std::string& text) { return json::parse(prepare_json(text)); }

json error_of(const std::string& text) {
  const json out = prepare(text);
  EXPECT_TRUE(out.contains("error")) << text.substr(0, 200);
  return out.contains("error") ? out["error"] : json::object();
}

bool contains(const json& e, const std::string& part) {
  return e["message"].get<std::string>().find(part) != std::string::npos;
}

std::string nested_arrays(size_t depth) { return std::string(depth, '[') + std::string(depth, ']'); }

}  // namespace

// C1: a null size table was read through a null pointer (a segfault in every build; through the
// API it took uvicorn down).
TEST(Hardening, C1_NullSizeTableDoesNotCrash) {
  const json e = error_of(R"({"traffic":{"jobs":{"size_table":null}}})");
  EXPECT_EQ(e["field"], "traffic.jobs");
  EXPECT_TRUE(contains(e, "exactly one of")) << e;
}

// C2: a body of ~65,000 nested arrays overflowed the stack while the message was built. Nesting
// beyond 256 levels is now refused by a scan of the bytes, before any JSON value is built.
TEST(Hardening, C2_65000NestedArraysAreRefusedBeforeParsing) {
  for (const std::string& text : {R"({"traffic":{"packets":)" + nested_arrays(65000) + "}}",
                                  std::string(65000, '['), nested_arrays(257)}) {
    const json e = error_of(text);
    EXPECT_EQ(e["field"], "config");
    EXPECT_TRUE(contains(e, "more than 256 levels deep")) << e;
    EXPECT_EQ(e["allowed"], "a JSON document nested at most 256 levels deep");
  }
  // 256 levels pass the scan (then fail as a config); brackets inside strings do not count.
  EXPECT_EQ(error_of(nested_arrays(256))["field"], "config");
  EXPECT_FALSE(contains(error_of(nested_arrays(256)), "levels deep"));
  EXPECT_EQ(error_of(R"({"name":")" + std::string(1000, '[') + R"(\"[", "seed": -1})")["field"], "seed");
}

// C2, within the limit: a deep value is echoed as a short preview, not dumped whole.
TEST(Hardening, C2_DeepValueWithinTheLimitIsEchoedShort) {
  const json e = error_of(R"({"traffic":{"packets":)" + nested_arrays(250) + "}}");
  EXPECT_EQ(e["field"], "traffic.packets");
  EXPECT_LT(e["message"].get<std::string>().size(), 200u);
  EXPECT_TRUE(contains(e, "got [[[[[...]]]]")) << e;
}

// C3: validation took 95 s and 23.6 GB (the 16.7 M-node network was described before its size
// was checked). Its size is now computed from k and stages first.
TEST(Hardening, C3_Bmin16Ary6StageTornadoIsRejectedBySize) {
  const json e = error_of(R"({"topology":{"kind":"bmin","k":16,"stages":6},"traffic":{"pattern":"tornado"}})");
  EXPECT_EQ(e["field"], "topology.stages");
  EXPECT_EQ(e["message"], "network too large: needs 16,777,216 compute nodes; this build allows at most 1,048,576");
  EXPECT_EQ(e["allowed"], "an integer in [1, 5] with k = 16");
  // One stage less is the largest 16-ary BMIN: valid, and not described link by link.
  const json p = prepare(R"({"topology":{"kind":"bmin","k":16,"stages":5},"switch":{"cache":null},"traffic":{"packets":10}})");
  ASSERT_FALSE(p.contains("error")) << p.dump().substr(0, 300);
  EXPECT_EQ(p["summary"]["nodes"], 1048576);
  EXPECT_EQ(p["summary"]["links"], 4 * 1048576);
  EXPECT_TRUE(p["topology"]["links"].is_null());
}

// C4: 2.3 % of rejected inputs got a message not naming the field. Each kind, by name:
TEST(Hardening, C4_LoneSurrogateNamesTheField) {
  const json e = error_of(R"({"name": "\ud800"})");
  EXPECT_EQ(e["field"], "name");
  EXPECT_TRUE(contains(e, "surrogate")) << e;
  EXPECT_TRUE(contains(e, "at byte")) << e;
}

TEST(Hardening, C4_NumberTooBigForADoubleNamesTheField) {
  const json e = error_of(R"({"traffic": {"packets": 1e999}})");
  EXPECT_EQ(e["field"], "traffic.packets");
  // Valid JSON (RFC 8259 sets no range) that no double holds: no syntax error, but the range.
  EXPECT_EQ(e["message"], "is a number beyond a double's range (at byte 29)");
  EXPECT_EQ(e["allowed"], "a number of magnitude at most 1.7976931348623157e308");
  // The schema gives edges that refuse such a number before the core reads it the same words.
  const json words = json::parse(switchlab::schema_json())["x-json-errors"]["number_overflow"];
  EXPECT_EQ(words["message"], "is a number beyond a double's range");
  EXPECT_EQ(words["allowed"], e["allowed"]);
}

TEST(Hardening, C4_NulInAKeyIsEscaped) {
  const json e = error_of("{\"sw\\u0000itch\": 1}");
  EXPECT_EQ(e["field"], "sw\\u0000itch");
  EXPECT_EQ(e.dump().find('\0'), std::string::npos);
}

TEST(Hardening, C4_Seed2Pow63IsEchoedAsItselfNotNegative) {
  json e = error_of(R"({"seed": 9223372036854775808})");
  EXPECT_EQ(e["field"], "seed");
  EXPECT_TRUE(contains(e, "got 9223372036854775808")) << e;
  e = error_of(R"({"seed": 18446744073709551615})");
  EXPECT_TRUE(contains(e, "got 18446744073709551615")) << e;
}

// Just over a limit, for every kind: rejected before building, naming the field that makes the
// network big, what it needs against what is allowed, and the range of that field that fits.
TEST(SizeLimits, JustOverTheLimitNamesTheField) {
  struct Case {
    const char* topology;
    const char* field;
    const char* message;
    const char* allowed;
  };
  const Case cases[] = {
      {R"({"kind":"bmin","k":4,"stages":10})", "topology.stages",
       "needs 2,621,440 switches; this build allows at most 1,048,576", "an integer in [1, 9] with k = 4"},
      {R"({"kind":"torus","dims":[1024,1025]})", "topology.dims", "needs 1,049,600 compute nodes",
       "dims whose product times concentration (1) is at most 1,048,576 nodes"},
      {R"({"kind":"mesh","dims":[1024,1024],"concentration":2})", "topology.dims", "needs 2,097,152 compute nodes",
       "dims whose product times concentration (2) is at most 1,048,576 nodes"},
      {R"({"kind":"kary_ncube","dims":[4096,4096,4096,4096,4096,4096,4096,4096]})", "topology.dims",
       "needs 7.92282e+28 compute nodes", nullptr},
      {R"({"kind":"fat_tree","k":32,"n":4,"oversubscription":2})", "topology.n", "needs 2,097,152 compute nodes",
       "an integer in [1, 3] with k = 32 and oversubscription 2"},
      {R"({"kind":"fat_tree","k":64,"n":8,"oversubscription":16})", "topology.n", "compute nodes",
       "an integer in [1, 2] with k = 64 and oversubscription 16"},
      {R"({"kind":"dragonfly","p":64,"a":256,"h":64,"g":65})", "topology.g", "needs 1,064,960 compute nodes",
       "an integer in [2, 64] with p = 64, a = 256, h = 64"},
      {R"({"kind":"dragonfly","p":1,"a":256,"h":64,"g":4096})", "topology.g",
       "needs 335,544,320 input ports; this build allows at most 33,554,432", "an integer in [2, 205] with p = 1, a = 256, h = 64"},
      {R"({"kind":"dragonfly","p":1,"a":256,"h":64,"g":206})", "topology.g",
       "needs 8,391,925 switch-to-switch links; this build allows at most 8,388,608", nullptr},
      {R"({"kind":"random_regular","switches":4097})", "topology.switches", "must be an integer in [2, 4096]", nullptr},
      {R"({"kind":"edge_list","edges":[[0,4096]]})", "topology.edges[0]", "switch ids in [0, 4095]", nullptr},
      {R"({"kind":"single_switch","ports":65536})", "topology.ports", "must be an integer in [2, 65535]", nullptr},
  };
  for (const Case& c : cases) {
    const json e = error_of(std::string(R"({"topology":)") + c.topology + R"(,"traffic":{"pattern":"tornado"}})");
    EXPECT_EQ(e["field"], c.field) << c.topology;
    EXPECT_TRUE(contains(e, c.message)) << e;
    if (c.allowed) EXPECT_EQ(e["allowed"], c.allowed) << c.topology;
  }
}

// One source of truth: the schema states the limits as data and in the fields that set the size.
TEST(SizeLimits, SchemaStatesTheLimits) {
  const json s = json::parse(schema_json());
  EXPECT_EQ(s["x-limits"], json::parse(R"({"nodes": 1048576, "switches": 1048576, "input_ports": 33554432,
                                           "links": 8388608, "memory_bytes": 17179869184.0, "json_depth": 256})"));
  for (const auto& e : s["allOf"]) {
    if (e["x-discriminator"]["value"] == "bmin") {
      const std::string doc = e["then"]["properties"]["topology"]["properties"]["stages"]["description"];
      EXPECT_NE(doc.find("at most 1,048,576 nodes"), std::string::npos) << doc;
    }
  }
}

// The largest networks of each kind within the limits validate, with their exact sizes.
TEST(SizeLimits, LargestAllowedNetworksValidate) {
  struct Case {
    const char* topology;
    uint64_t nodes, switches, ports, links, max_hops;
  };
  const Case cases[] = {
      {R"({"kind":"torus","dims":[1024,1024]})", 1048576, 1048576, 5, 2097152, 1025},
      {R"({"kind":"bmin","k":16,"stages":5})", 1048576, 327680, 32, 4194304, 9},
      {R"({"kind":"fat_tree","k":32,"n":4})", 1048576, 131072, 64, 3145728, 7},
      {R"({"kind":"dragonfly","p":64,"a":256,"h":64,"g":64})", 1048576, 16384, 383, 2613120, 4},
  };
  for (const Case& c : cases) {
    const json p = prepare(std::string(R"({"topology":)") + c.topology + R"(,"switch":{"cache":{"entries":64}}})");
    ASSERT_FALSE(p.contains("error")) << p.dump().substr(0, 300);
    const json& s = p["summary"];
    EXPECT_EQ(s["nodes"], c.nodes) << c.topology;
    EXPECT_EQ(s["switches"], c.switches) << c.topology;
    EXPECT_EQ(s["ports_per_switch"], c.ports) << c.topology;
    EXPECT_EQ(s["input_ports"], c.switches * c.ports) << c.topology;
    EXPECT_EQ(s["links"], c.links) << c.topology;
    EXPECT_EQ(s["max_hops"], c.max_hops) << c.topology;
  }
}

// Graph kinds validate in O(switches + links): prepare() builds no routing tables, so its
// max_hops is a bound (docs/contract.md) and its topology has no route statistics; a run builds
// the tables and reports the exact figures, never above the bound.
TEST(SizeLimits, GraphPrepareGivesABoundAndRunsTheExactRoutes) {
  for (const char* routing : {"shortest_path", "updown"}) {
    const std::string config = std::string(R"({"topology":{"kind":"random_regular","switches":64,"degree":3},)") +
                               R"("routing":{"algorithm":")" + routing + R"("},"traffic":{"packets":20000}})";
    const json p = prepare(config);
    ASSERT_FALSE(p.contains("error")) << p.dump();
    EXPECT_FALSE(p["topology"].contains("max_switch_hops")) << routing;
    EXPECT_EQ(p["topology"]["max_switch_hops_bound"].get<uint32_t>() + 1, p["summary"]["max_hops"]) << routing;
    const json r = json::parse(run_json(config));
    ASSERT_FALSE(r.contains("error")) << r.dump().substr(0, 300);
    EXPECT_EQ(r["summary"], p["summary"]);
    EXPECT_LE(r["topology"]["max_switch_hops"], r["topology"]["max_switch_hops_bound"]) << routing;
    // 20,000 uniform packets on 64 switches reach the longest route: it is the exact maximum.
    EXPECT_EQ(r["packets"]["max_switches"], r["topology"]["max_switch_hops"].get<uint32_t>() + 1) << routing;
    EXPECT_GT(r["latency_ns"]["zero_load"]["packets_at_max_distance"], 0) << routing;
  }
}
