#pragma once
// Result layout shared by the analytical models, so the UI and sweep CSVs can show every number
// with its unit (a suffix of its key: _Gbps, _ns, _W, ...; plain "fraction"/"count" otherwise)
// and where it came from:
//   {"inputs":     {key: value},                          parameters in use
//    "outputs":    {key or nested object: value},         what the model computed
//    "provenance": {"inputs.key" | "outputs.a.b": label}, one label per number (or per list)
//    "published":  {key: {"value": v, "source": label}},  the seed's own figure to compare with
//    "assumptions": [text, ...]}                          where the seed is silent
#include <string>

#include <nlohmann/json.hpp>

#include "common/params.hpp"

namespace switchlab::models {

// Provenance labels used across models.
inline constexpr const char* kModel = "model";
inline constexpr const char* kInput = "input";

class Report {
 public:
  // `given`: the caller set it (label "input"); else `default_label` says where the default is from.
  void input(const std::string& key, json value, bool given, const std::string& default_label);
  // `path` is dotted ("naive.forwarding_rate_Gbps"); intermediate objects are created.
  void output(const std::string& path, json value, const std::string& provenance);
  void published(const std::string& key, double value, const std::string& source);
  void assume(const std::string& text);
  json take() { return std::move(j_); }

 private:
  json j_ = {{"inputs", json::object()},
             {"outputs", json::object()},
             {"provenance", json::object()},
             {"published", json::object()},
             {"assumptions", json::array()}};
};

// Read a parameter through Params and echo it into the report's inputs.
double read_number(Params& p, Report* r, const char* key, const NumSpec& spec, const std::string& default_label);
int64_t read_integer(Params& p, Report* r, const char* key, const IntSpec& spec, const std::string& default_label);

// The registry entry point (ModelFn) of a model made of a parameter reader and a report builder:
// reads (declares) the parameters, and only when asked for output builds the report.
template <class In, bool (*Read)(Params&, In&, Report*), json (*Build)(const In&, Report&)>
bool run_report_model(Params& p, json* out) {
  In in;
  Report r;
  if (!Read(p, in, out ? &r : nullptr) || !out) return p.errors().ok();
  *out = Build(in, r);
  return true;
}

}  // namespace switchlab::models
