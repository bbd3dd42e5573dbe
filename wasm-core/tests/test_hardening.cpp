// Hostile and careless inputs to prepare(), the core's config entry point (docs/security.md,
// "Core input hardening"): each is rejected with an error naming the field, in bounded time and
// memory, and never crashes. The first tests reproduce inputs found by fuzzing and by hand.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "switchlab/api.hpp"

using json = nlohmann::json;
using namespace switchlab;

namespace {

json prepare_error(const std::string& text) {
  const json out = json::parse(prepare_json(text));
  EXPECT_TRUE(out.contains("error")) << text.substr(0, 200);
  return out.contains("error") ? out["error"] : json::object();
}

std::string nested_arrays(size_t depth) { return std::string(depth, '[') + std::string(depth, ']'); }

}  // namespace

// Finding C1: a null size table was read through a null pointer (segfault).
TEST(HardeningC1, NullSizeTableIsAFieldError) {
  const json e = prepare_error(R"({"traffic":{"jobs":{"size_table":null}}})");
  EXPECT_EQ(e["field"], "traffic.jobs.size_table");
  EXPECT_NE(e["message"].get<std::string>().find("got null"), std::string::npos) << e;
}

// The other values read without a declared type, given as null or of the wrong type.
TEST(HardeningC1, UncheckedValuesOfEveryShape) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {R"({"topology":{"kind":"edge_list","edges":null}})", "topology.edges"},
      {R"({"topology":{"kind":"edge_list","edges":[[0,null]]}})", "topology.edges[0]"},
      {R"({"topology":{"kind":"edge_list","edges":[[0,18446744073709551615]]}})", "topology.edges[0]"},
      {R"({"switch":{"cache":{"ways":{}}}})", "switch.cache.ways"},
      {R"({"traffic":{"jobs":{"size_table":[[2,null]]}}})", "traffic.jobs.size_table[0]"},
      {R"({"traffic":{"jobs":{"size_table":[[9223372036854775808,1]]}}})", "traffic.jobs.size_table[0]"},
      {R"({"traffic":{"jobs":{"sizes":null,"preset":null}}})", "traffic.jobs"},
      {R"({"traffic":{"jobs":[]}})", "traffic.jobs"},
      {R"({"topology":[]})", "topology"},
      {R"([])", "config"},
  };
  for (const auto& [text, field] : cases) EXPECT_EQ(prepare_error(text)["field"], field) << text;
}

// Finding C2: ~65,000 nested arrays overflowed the stack while the message echoed the value.
TEST(HardeningC2, DeepNestingIsRejectedBeforeParsing) {
  const json e = prepare_error(R"({"name":)" + nested_arrays(65000) + "}");
  EXPECT_EQ(e["field"], "config");
  EXPECT_NE(e["message"].get<std::string>().find("256"), std::string::npos) << e;
  EXPECT_EQ(prepare_error(nested_arrays(1000000))["field"], "config");
}

// Within the depth limit, a bad value is echoed as a short preview only.
TEST(HardeningC2, MessagesEchoAShortPreview) {
  const json e = prepare_error(R"({"name":)" + nested_arrays(250) + "}");
  EXPECT_EQ(e["field"], "name");
  EXPECT_LT(e["message"].get<std::string>().size(), 120u) << e;
  const json big = prepare_error(R"({"seed":")" + std::string(1 << 20, 'x') + "\"}");
  EXPECT_EQ(big["field"], "seed");
  EXPECT_LT(big["message"].get<std::string>().size(), 160u);
}

// Finding C3: a BMIN of 16.7 M nodes was built (and described link by link) before its size was
// checked: 95 s and 23.6 GB. Sizes are now computed from the parameters first.
TEST(HardeningC3, OversizedBminIsRejectedBeforeBuilding) {
  const json e = prepare_error(R"({"topology":{"kind":"bmin","k":16,"stages":6},"traffic":{"pattern":"tornado"}})");
  EXPECT_EQ(e["field"], "topology.stages");
  EXPECT_NE(e["message"].get<std::string>().find("needs 16777216 compute nodes; at most 1048576"), std::string::npos) << e;
}

// Pathological sizes of every topology kind: each rejected with the field that makes it large.
// (By hand: the whole list validates in well under 1 s and 256 MB; see docs/security.md.)
TEST(HardeningC3, PathologicalSizesNameTheField) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {R"({"topology":{"kind":"bmin","k":256,"stages":16}})", "topology.stages"},
      {R"({"topology":{"kind":"bmin","k":4,"stages":11},"traffic":{"pattern":"all_to_all"}})", "topology.stages"},
      {R"({"topology":{"kind":"fat_tree","k":64,"n":8,"oversubscription":16}})", "topology.n"},
      {R"({"topology":{"kind":"fat_tree","k":32,"n":4},"traffic":{"pattern":"permutation"}})", "topology.n"},
      {R"({"topology":{"kind":"dragonfly","p":64,"a":256,"h":64,"g":16385}})", "topology.g"},
      {R"({"topology":{"kind":"torus","dims":[4096,4096,4096,4096,4096,4096,4096,4096]}})", "topology.dims"},
      {R"({"topology":{"kind":"torus","dims":[1024,1024],"concentration":64},"traffic":{"pattern":"zipf"}})", "topology.dims"},
      {R"({"topology":{"kind":"mesh","dims":[4096,4096]}})", "topology.dims"},
  };
  for (const auto& [text, field] : cases) {
    const json e = prepare_error(text);
    EXPECT_EQ(e["field"], field) << text;
    EXPECT_NE(e["message"].get<std::string>().find("; at most "), std::string::npos) << e;
  }
}

// The largest networks within the limits still validate.
TEST(HardeningC3, LargestAllowedNetworksValidate) {
  for (const char* text : {R"({"topology":{"kind":"bmin","k":4,"stages":8},"switch":{"cache":{"entries":64}}})",
                           R"({"topology":{"kind":"torus","dims":[1024,512]},"switch":{"cache":{"entries":64}}})"}) {
    const json out = json::parse(prepare_json(text));
    EXPECT_FALSE(out.contains("error")) << out.dump().substr(0, 300);
  }
}

// Finding C4: inputs reported as "invalid JSON" of the whole config now name the field and say
// what is wrong and where.
TEST(HardeningC4, LoneSurrogateNamesTheField) {
  const json e = prepare_error(R"({"traffic":{"pattern":"\ud800"}})");
  EXPECT_EQ(e["field"], "traffic.pattern");
  EXPECT_NE(e["message"].get<std::string>().find("invalid \\u escape"), std::string::npos) << e;
  EXPECT_NE(e["message"].get<std::string>().find("at byte 30"), std::string::npos) << e;
  EXPECT_EQ(e["allowed"], "valid JSON (RFC 8259)");
}

TEST(HardeningC4, NumberBeyondDoubleNamesTheField) {
  const json e = prepare_error(R"({"switch":{"cache":{"entries":1e999}}})");
  EXPECT_EQ(e["field"], "switch.cache.entries");
  EXPECT_NE(e["message"].get<std::string>().find("number out of range"), std::string::npos) << e;
}

TEST(HardeningC4, BadKeyNamesTheEnclosingObject) {
  EXPECT_EQ(prepare_error(R"({"traffic":{"\udc00":1}})")["field"], "traffic");
  EXPECT_EQ(prepare_error(R"({"traffic":{"pattern":"uniform" "packets":1}})")["field"], "traffic");
}

TEST(HardeningC4, NulInAKeyIsEscaped) {
  const json e = prepare_error(std::string(R"({"traffic":{"a)") + '\\' + "u0000b\":1}}");
  EXPECT_EQ(e["field"], "traffic.a\\u0000b");
}

TEST(HardeningC4, UnsignedAboveInt64IsEchoedAsItself) {
  const json e = prepare_error(R"({"seed":9223372036854775808})");
  EXPECT_EQ(e["field"], "seed");
  EXPECT_NE(e["message"].get<std::string>().find("got 9223372036854775808"), std::string::npos) << e;
}

TEST(HardeningC4, SyntaxErrorsSayWhere) {
  const json e = prepare_error(R"({"seed":1,})");
  EXPECT_EQ(e["field"], "config");
  EXPECT_NE(e["message"].get<std::string>().find("at byte 11"), std::string::npos) << e;
  EXPECT_EQ(prepare_error("")["field"], "config");
}

// Found by the fuzzer (make test-fuzz) in its first seconds: the parser's reason quotes the bytes
// it stopped at, and a byte that is not UTF-8 made the answer itself unserialisable (abort).
TEST(HardeningFuzz, InvalidUtf8InTheInputGivesAnError) {
  for (const std::string text : {std::string("{\"seed\xfe\":1}"), std::string("{\"name\":\"\xc3\"}"),
                                 std::string("{\"name\":\"\xe2\x82\"}")}) {
    const json e = prepare_error(text);
    EXPECT_EQ(e["field"], text.find("seed") != std::string::npos ? "config" : "name") << e;
    EXPECT_NE(e["message"].get<std::string>().find("at byte"), std::string::npos) << e;
  }
}

// Found by the fuzzer: an unknown empty key at the top gave an error with an empty field.
TEST(HardeningFuzz, EmptyKeyIsNamed) {
  EXPECT_EQ(prepare_error(R"({"": 1})")["field"], "\"\"");
  EXPECT_EQ(prepare_error(R"({"traffic": {"": 1}})")["field"], "traffic.\"\"");
}
