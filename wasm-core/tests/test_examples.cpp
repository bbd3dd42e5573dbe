// The example catalogue (examples/ at the repository root, format in examples/README.md):
// every example validates, every invalid one is rejected naming its field, and every published
// value an example claims to reproduce is reproduced by a real run within its tolerance.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "switchlab/api.hpp"

namespace fs = std::filesystem;
using json = nlohmann::json;
using namespace switchlab;

namespace {
const fs::path kExamples = SWITCHLAB_EXAMPLES_DIR;

json read_json(const fs::path& path) {
  std::ifstream f(path);
  std::stringstream ss;
  ss << f.rdbuf();
  return json::parse(ss.str(), nullptr, /*allow_exceptions=*/false);
}

std::vector<fs::path> json_files(const fs::path& dir) {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".json") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

// A missing key reads as null (operator[] on a const json must not be used for absent keys).
json get(const json& object, const std::string& key) { return object.contains(key) ? object[key] : json(); }
bool non_empty_string(const json& v) { return v.is_string() && !v.get<std::string>().empty(); }

// A published entry is compared with a run unless it says "check": false (context only).
bool checked(const json& published) { return published.value("check", true); }

// The value at a dotted object path, e.g. "cache.misses.capacity"; null when absent.
json at_path(const json& doc, const std::string& path) {
  const json* cur = &doc;
  std::stringstream parts(path);
  for (std::string key; std::getline(parts, key, '.');) {
    if (!cur->is_object() || !cur->contains(key)) return nullptr;
    cur = &(*cur)[key];
  }
  return *cur;
}

// `config` with the dotted path `path` set to `value`.
json with_path(json config, const std::string& path, const json& value) {
  std::string pointer = "/" + path;
  std::replace(pointer.begin(), pointer.end(), '.', '/');
  config[json::json_pointer(pointer)] = value;
  return config;
}

// A compare example's config with its `compare.path` set to one of `compare.values`.
json variant_config(const json& example, const json& value) {
  return with_path(example["config"], example["compare"]["path"].get<std::string>(), value);
}

// The config a published value is compared with: its variant's (or the example's), with the
// entry's `when` changes (dotted config path -> value, e.g. sim.mode -> saturation) applied.
json published_config(const json& example, const json& pub) {
  json config = pub.contains("variant") ? variant_config(example, pub["variant"]) : example["config"];
  const json when = pub.value("when", json::object());  // named: items() of a temporary would dangle
  for (const auto& [path, value] : when.items()) config = with_path(config, path, value);
  return config;
}

// Examples with at least one checked published value, by file stem (the gtest parameter).
std::vector<std::string> examples_with_published_values() {
  std::vector<std::string> out;
  for (const auto& p : json_files(kExamples)) {
    const json e = read_json(p);
    if (e.is_discarded() || !e.contains("published")) continue;
    const json& pub = e["published"];
    if (std::any_of(pub.begin(), pub.end(), checked)) out.push_back(p.stem().string());
  }
  return out;
}

json run(const json& config) {
  json r = json::parse(run_json(config.dump()));
  EXPECT_FALSE(r.contains("error")) << r.dump();
  return r;
}
}  // namespace

TEST(Catalogue, EveryExampleIsWellFormedAndValid) {
  const std::set<std::string> keys = {"title", "description", "source", "config", "published", "browser", "compare"};
  const std::set<std::string> published_keys = {"what", "path", "value", "tolerance", "unit", "source", "note", "check", "variant",
                                               "simulated_path", "when", "beside", "baseline", "benchmark"};
  const auto files = json_files(kExamples);
  ASSERT_GE(files.size(), 10u) << kExamples;
  for (const auto& p : files) {
    SCOPED_TRACE(p.filename().string());
    const json e = read_json(p);
    ASSERT_TRUE(e.is_object());
    for (const auto& [k, v] : e.items()) EXPECT_TRUE(keys.count(k)) << "unknown key " << k;
    for (const char* k : {"title", "description", "source"}) EXPECT_TRUE(non_empty_string(get(e, k))) << k;
    EXPECT_TRUE(get(e, "browser").is_boolean());
    ASSERT_TRUE(get(e, "config").is_object());
    EXPECT_EQ(validate_json(e["config"].dump()), "");
    // A compare example: every variant validates, and every published value names its variant.
    const json compare = get(e, "compare");
    if (!compare.is_null()) {
      ASSERT_TRUE(non_empty_string(get(compare, "path")) && get(compare, "values").is_array());
      EXPECT_GE(compare["values"].size(), 2u);
      for (const json& v : compare["values"]) EXPECT_EQ(validate_json(variant_config(e, v).dump()), "") << v;
    }
    for (const json& pub : e.value("published", json::array())) {
      if (compare.is_null()) EXPECT_FALSE(pub.contains("variant")) << pub.dump();
      else EXPECT_TRUE(std::count(compare["values"].begin(), compare["values"].end(), get(pub, "variant")) == 1) << pub.dump();
      for (const auto& [k, v] : pub.items()) EXPECT_TRUE(published_keys.count(k)) << "unknown key " << k;
      EXPECT_TRUE(get(pub, "what").is_string() && get(pub, "unit").is_string()) << pub.dump();
      EXPECT_TRUE(get(pub, "value").is_number()) << pub.dump();
      EXPECT_TRUE(get(pub, "tolerance").is_number() && pub["tolerance"].get<double>() >= 0) << pub.dump();
      // A checked value needs the result key it is compared with; a context-only one says why.
      if (checked(pub)) EXPECT_TRUE(get(pub, "path").is_string()) << pub.dump();
      else EXPECT_TRUE(non_empty_string(get(pub, "note"))) << pub.dump();
      // A simulated figure beside a model's: the model's path is the entry's `path`.
      if (pub.contains("simulated_path")) EXPECT_TRUE(get(pub, "path").is_string() && non_empty_string(pub["simulated_path"])) << pub.dump();
      if (pub.contains("when")) {
        EXPECT_TRUE(pub["when"].is_object() && !pub["when"].empty()) << pub.dump();
        EXPECT_EQ(validate_json(published_config(e, pub).dump()), "") << pub.dump();
      }
    }
  }
}

TEST(Catalogue, EveryInvalidExampleIsRejectedNamingItsField) {
  const auto files = json_files(kExamples / "invalid");
  ASSERT_GE(files.size(), 1u);
  for (const auto& p : files) {
    SCOPED_TRACE(p.filename().string());
    const json e = read_json(p);
    ASSERT_TRUE(e.is_object() && get(e, "config").is_object() && get(e, "error_field").is_string());
    const std::string err = validate_json(e["config"].dump());
    ASSERT_NE(err, "");
    const json error = json::parse(err);
    EXPECT_EQ(error["field"], e["error_field"]);
    EXPECT_TRUE(non_empty_string(get(error, "message")));
  }
}

TEST(Catalogue, SeedFiguresCarryCheckedPublishedValues) {
  EXPECT_GE(examples_with_published_values().size(), 6u);
}

class PublishedValues : public ::testing::TestWithParam<std::string> {};

TEST_P(PublishedValues, AreReproducedByARun) {
  const json e = read_json(kExamples / (GetParam() + ".json"));
  std::map<std::string, json> results;  // one run per config
  for (const json& pub : e["published"]) {
    if (!checked(pub)) continue;
    // A compare example's value is reproduced by the run of its variant, a value measured with
    // `when` changes by the run of the config so changed.
    const json config = published_config(e, pub);
    auto [it, fresh] = results.try_emplace(config.dump());
    if (fresh) it->second = run(config);
    const json& result = it->second;
    ASSERT_TRUE(get(pub, "path").is_string()) << pub.dump();
    const json got = at_path(result, pub["path"]);
    ASSERT_TRUE(got.is_number()) << pub["path"] << " is not a number in the result";
    EXPECT_NEAR(got.get<double>(), pub["value"].get<double>(), pub["tolerance"].get<double>())
        << pub["what"].get<std::string>() << " (" << pub["path"].get<std::string>() << ")";
    // The simulated figure beside a model's is shown and judged in words, not claimed: a cold
    // cache keeps it from the steady state the model assumes (seed 001 Fig. 12 with 9,261 entries).
    if (pub.contains("simulated_path"))
      EXPECT_TRUE(at_path(result, pub["simulated_path"]).is_number()) << pub["simulated_path"] << " is not a number in the result";
  }
}

INSTANTIATE_TEST_SUITE_P(Catalogue, PublishedValues, ::testing::ValuesIn(examples_with_published_values()),
                         [](const auto& info) {
                           std::string name = info.param;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

// The fat-tree example's warm-up reaches steady state (its all-to-all prefetch has shown every
// port every destination): doubling the warm-up leaves the measured hit rate unchanged.
TEST(Catalogue, FatTreeExampleIsInSteadyStateAfterItsWarmup) {
  json config = read_json(kExamples / "fattree-16ary-3tree.json")["config"];
  const json base = run(config)["cache"];
  config["traffic"]["warmup_packets"] = 2 * config["traffic"]["warmup_packets"].get<uint64_t>();
  const json doubled = run(config)["cache"];
  EXPECT_EQ(base["misses"]["compulsory"], 0);
  EXPECT_NEAR(base["hit_rate"].get<double>(), doubled["hit_rate"].get<double>(), 0.002);
}
