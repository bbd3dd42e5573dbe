// Model registry: self-registration, sorted listing, unknown names, parameter docs.
#include <gtest/gtest.h>

#include "models/registry.hpp"

using namespace switchlab;

namespace {
bool run_echo(Params& p, json* out) {
  const double x = p.number("x", {1, 0, 10, "ms", "test value"});
  p.reject_unknown();
  if (!p.errors().ok() || !out) return p.errors().ok();
  *out = {{"outputs", {{"x_ms", x}}}};
  return true;
}
}  // namespace

TEST(ModelsRegistry, BuiltInModelsAreListedSorted) {
  std::vector<std::string> names;
  for (const auto& m : list_models()) names.push_back(m.name);
  for (const char* n : {"icn_cache_sim", "icn_router", "lookup_power", "routing_throughput", "tofu2_link"})
    EXPECT_NE(std::find(names.begin(), names.end(), n), names.end()) << n;
  EXPECT_TRUE(std::is_sorted(names.begin(), names.end()));
  for (const auto& m : list_models()) {
    EXPECT_FALSE(m.description.empty()) << m.name;
    EXPECT_FALSE(m.provenance.empty()) << m.name;
  }
}

TEST(ModelsRegistry, UnknownNameListsAllowedNames) {
  json out;
  ErrorSink errors;
  EXPECT_FALSE(run_model("routing_thruput", json::object(), out, errors));
  EXPECT_EQ(errors.error().field, "model");
  EXPECT_NE(errors.error().message.find("routing_throughput"), std::string::npos);
  EXPECT_NE(errors.error().message.find("tofu2_link"), std::string::npos);
}

TEST(ModelsRegistry, ParamsMustBeAnObject) {
  json out;
  ErrorSink errors;
  EXPECT_FALSE(run_model("routing_throughput", json::array({1, 2}), out, errors));
  EXPECT_EQ(errors.error().field, "config");
}

TEST(ModelsRegistry, RegisterAtRuntimeAndRejectDuplicates) {
  EXPECT_TRUE(register_model({"test_echo", "echo", "test"}, &run_echo));
  EXPECT_FALSE(register_model({"test_echo", "again", "test"}, &run_echo));
  EXPECT_FALSE(register_model({"", "nameless", "test"}, &run_echo));
  json out;
  ErrorSink errors;
  ASSERT_TRUE(run_model("test_echo", {{"x", 2.5}}, out, errors));
  EXPECT_DOUBLE_EQ(out["outputs"]["x_ms"].get<double>(), 2.5);
  EXPECT_EQ(out["model"]["name"], "test_echo");
}

TEST(ModelsRegistry, ParamsDocListsDeclaredFields) {
  const json doc = model_params_doc("routing_throughput");
  ASSERT_TRUE(doc.is_array());
  bool found = false;
  for (const auto& d : doc) {
    if (d["path"] == "cam_latency_ns") {
      found = true;
      EXPECT_EQ(d["unit"], "ns");
      EXPECT_DOUBLE_EQ(d["default"].get<double>(), 25);
    }
  }
  EXPECT_TRUE(found);
  EXPECT_TRUE(model_params_doc("nope").is_null());
  // Declaring parameters must not run the simulation (fast) and must list nested fields.
  const json sim = model_params_doc("icn_cache_sim");
  bool nested = false;
  for (const auto& d : sim) nested = nested || d["path"] == "router.server_ports";
  EXPECT_TRUE(nested);
}
