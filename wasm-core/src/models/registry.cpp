#include "models/registry.hpp"

#include <algorithm>

#include "common/text.hpp"

namespace switchlab {
namespace {

struct Entry {
  ModelInfo info;
  ModelFn fn;
};

// Function-local statics: registrars in other translation units may run before this file's
// namespace-scope objects are initialised.
std::vector<Entry>& entries() {
  static std::vector<Entry> e;
  return e;
}
std::vector<ModelInfo>& infos() {
  static std::vector<ModelInfo> i;
  return i;
}

const Entry* find(const std::string& name) {
  for (const auto& e : entries())
    if (e.info.name == name) return &e;
  return nullptr;
}

std::string allowed_names() {
  std::string s;
  for (const auto& i : list_models()) append_listed(s, i.name);
  return s.empty() ? "(none registered)" : s;
}

}  // namespace

bool register_model(ModelInfo info, ModelFn fn) {
  if (info.name.empty() || !fn || find(info.name)) return false;
  entries().push_back({info, fn});
  auto& i = infos();
  i.push_back(std::move(info));
  // Static registration order follows link order; keep listings stable across builds.
  std::sort(i.begin(), i.end(), [](const ModelInfo& a, const ModelInfo& b) { return a.name < b.name; });
  return true;
}

ModelRegistrar::ModelRegistrar(ModelInfo info, ModelFn fn) { register_model(std::move(info), fn); }

const std::vector<ModelInfo>& list_models() { return infos(); }

bool run_model(const std::string& name, const json& params, json& out, ErrorSink& errors) {
  const Entry* e = find(name);
  if (!e) {
    errors.fail("model", "unknown model \"" + name + "\"; allowed: " + allowed_names(),
                "one of: " + allowed_names());
    return false;
  }
  Params p(&params, "", errors);
  json result;
  if (!e->fn(p, &result) || !errors.ok()) {
    if (errors.ok()) errors.fail("model", "model \"" + name + "\" failed without an error message");
    return false;
  }
  result["model"] = {{"name", e->info.name}, {"provenance", e->info.provenance}};
  out = std::move(result);
  return true;
}

json model_params_doc(const std::string& name) {
  const Entry* e = find(name);
  if (!e) return nullptr;
  ErrorSink errors;
  ParamRegistry reg;
  Params p(nullptr, "", errors, &reg);
  e->fn(p, nullptr);
  json doc = json::array();
  for (const auto& d : reg.decls()) {
    json j = {{"path", d.path}, {"type", d.type}, {"default", d.def}, {"unit", d.unit}, {"doc", d.doc}};
    if (!d.lo.is_null()) j["min"] = d.lo;
    if (!d.hi.is_null()) j["max"] = d.hi;
    if (!d.choices.empty()) j["enum"] = d.choices;
    doc.push_back(std::move(j));
  }
  return doc;
}

}  // namespace switchlab
