// An engine is one folder plus one registration (docs/architecture.md, "Adding an engine"): this
// test build registers a made-up engine, "toy", with a section of its own, a cross-field check,
// an estimate, a summary and a run, and sees it everywhere the core describes or runs engines: the
// config schema (x-engines, the engine enum, its own fields under its discriminator), validation
// errors naming its field, prepare()'s summary and the run's result. Nothing outside this file
// knows it. It is its own executable so that the real engines' tests never see it.
#include <gtest/gtest.h>

#include <algorithm>

#include <nlohmann/json.hpp>

#include "config/engines.hpp"
#include "engine/run.hpp"
#include "switchlab/api.hpp"

using json = nlohmann::json;
using namespace switchlab;

namespace {

// Its section of the Experiment, which the config layer holds without knowing its type.
struct ToyConfig {
  int64_t depth = 3;
};
int64_t depth_of(const Experiment& ex) { return ex.sections.get<ToyConfig>().depth; }

void parse_toy(Params& root, Params&, Params&, Params&, Experiment& ex) {
  Params toy = root.child("toy", "Toy engine: how deep it looks");
  ex.sections.add<ToyConfig>().depth = toy.integer("depth", {3, 1, 8, "levels", "Levels the toy walks"});
  toy.reject_unknown();
}

void check_toy(Params& root, Params&, Experiment& ex) {
  if (!root.errors().ok()) return;
  const int64_t hops = ex.topology->max_hops();
  if (depth_of(ex) > hops)
    root.errors().fail("toy.depth", "must be at most the longest route's " + std::to_string(hops) + " switches",
                       "an integer in [1, " + std::to_string(hops) + "]");
}

bool estimate_toy(Params&, Experiment& ex) {
  ex.estimate.memory_bytes = 1024.0 * depth_of(ex);
  return true;
}

void summary_toy(const Experiment& ex, json& s) {
  s["toy_levels"] = depth_of(ex);
}

class ToyRun final : public EngineRun {
 public:
  explicit ToyRun(const Experiment& ex) : depth_(depth_of(ex)) {}
  uint64_t total() const override { return static_cast<uint64_t>(depth_); }
  const char* work_unit() const override { return "levels"; }
  uint64_t advance(uint64_t units) override {
    left_ -= std::min<int64_t>(left_, static_cast<int64_t>(units));
    return static_cast<uint64_t>(left_);
  }
  json report() const override { return {{"toy", {{"levels_walked", depth_ - left_}}}}; }

 private:
  int64_t depth_, left_ = depth_;
};

EngineInfo toy_engine() {
  static const EngineConfigHooks hooks{nullptr, parse_toy, nullptr, check_toy, estimate_toy, summary_toy};
  EngineInfo e{"toy", "a made-up engine of the registry test", {"toy.levels_walked"}, make_engine_run<ToyRun>};
  e.config = &hooks;
  e.work = {"toy_levels"};
  return e;
}
const EngineRegistrar reg{toy_engine()};

json parse(const std::string& text) { return json::parse(text); }
json prepare(const json& config) { return parse(prepare_json(config.dump())); }
const json kTorus = {{"kind", "torus"}, {"dims", {4, 4}}};  // longest route: 5 switches

// The schema entry (allOf/if/then) of one engine.
const json* engine_variant(const json& schema, const std::string& name) {
  for (const json& e : schema["allOf"])
    if (e["x-discriminator"] == json{{"path", "engine"}, {"value", name}}) return &e;
  return nullptr;
}

}  // namespace

TEST(ToyEngine, TheSchemaDescribesItWithItsOwnFields) {
  const json schema = parse(schema_json());
  const json& engines = schema["x-engines"];
  const auto toy = std::find_if(engines.begin(), engines.end(), [](const json& e) { return e["name"] == "toy"; });
  ASSERT_NE(toy, engines.end()) << engines.dump();
  EXPECT_EQ(*toy, (json{{"name", "toy"}, {"doc", "a made-up engine of the registry test"}, {"headline", {"toy.levels_walked"}},
                        {"runs_in_core", true}, {"runs_elsewhere", ""}, {"twin_of", ""}, {"work", {"toy_levels"}}, {"run_threads", false}}));
  const json& choices = schema["properties"]["engine"]["enum"];
  EXPECT_NE(std::find(choices.begin(), choices.end(), "toy"), choices.end());
  // Its section is declared under its own discriminator only, with its bounds and unit.
  const json* mine = engine_variant(schema, "toy");
  ASSERT_NE(mine, nullptr);
  EXPECT_EQ(mine->at("then")["properties"]["toy"]["properties"]["depth"],
            (json{{"description", "Levels the toy walks"}, {"type", "integer"}, {"default", 3}, {"minimum", 1},
                  {"maximum", 8}, {"x-unit", "levels"}}));
  EXPECT_FALSE(schema["properties"].contains("toy"));
  const json* walk = engine_variant(schema, "routewalk");
  ASSERT_NE(walk, nullptr);
  EXPECT_FALSE(walk->at("then")["properties"].contains("toy"));
  // The route walk's own fields are not the toy's.
  EXPECT_TRUE(walk->at("then")["properties"]["traffic"]["properties"].contains("packets"));
  EXPECT_FALSE(mine->at("then").contains("properties") && mine->at("then")["properties"].contains("traffic"));
}

TEST(ToyEngine, PrepareReadsItsSectionThroughItsHooks) {
  const json p = prepare({{"engine", "toy"}, {"topology", kTorus}, {"toy", {{"depth", 4}}}});
  ASSERT_FALSE(p.contains("error")) << p.dump();
  EXPECT_EQ(p["config"]["toy"], (json{{"depth", 4}}));
  EXPECT_FALSE(p["config"].contains("sim"));  // no other engine's section
  EXPECT_EQ(p["summary"]["engine"], "toy");
  EXPECT_EQ(p["summary"]["toy_levels"], 4);
  EXPECT_EQ(p["summary"]["memory_bytes"], 4096.0);
  EXPECT_FALSE(p["summary"].contains("packets"));
  EXPECT_FALSE(p["summary"].contains("server_only"));
  // Defaults come from its declaration.
  EXPECT_EQ(prepare({{"engine", "toy"}, {"topology", kTorus}})["config"]["toy"], (json{{"depth", 3}}));
}

TEST(ToyEngine, ErrorsNameItsFieldsAndWhatIsAllowed) {
  EXPECT_EQ(prepare({{"engine", "toy"}, {"topology", kTorus}, {"toy", {{"depth", 9}}}})["error"]["field"], "toy.depth");
  const json cross = prepare({{"engine", "toy"}, {"topology", kTorus}, {"toy", {{"depth", 6}}}})["error"];
  EXPECT_EQ(cross, (json{{"field", "toy.depth"}, {"message", "must be at most the longest route's 5 switches"},
                         {"allowed", "an integer in [1, 5]"}}));
  // Another engine's fields are unknown to it, and its section unknown to them.
  EXPECT_EQ(prepare({{"engine", "toy"}, {"topology", kTorus}, {"traffic", {{"packets", 10}}}})["error"]["field"],
            "traffic.packets");
  EXPECT_EQ(prepare({{"topology", kTorus}, {"toy", {{"depth", 2}}}})["error"]["field"], "toy");
}

TEST(ToyEngine, RunsAndReportsLikeAnyEngine) {
  const json r = parse(run_json(json{{"engine", "toy"}, {"topology", kTorus}, {"toy", {{"depth", 2}}}}.dump()));
  ASSERT_FALSE(r.contains("error")) << r.dump();
  EXPECT_EQ(r["toy"], (json{{"levels_walked", 2}}));
  EXPECT_EQ(r["engine"]["name"], "toy");
  EXPECT_EQ(r["summary"]["toy_levels"], 2);
  EXPECT_FALSE(r.contains("models"));  // the closed-form models are the route walk's
}
