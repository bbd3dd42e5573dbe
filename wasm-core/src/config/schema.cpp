#include "config/schema.hpp"

#include "config/experiment.hpp"
#include "topology/registry.hpp"
#include "traffic/traffic.hpp"

namespace switchlab {
namespace {

using json = nlohmann::json;

json property_of(const ParamDecl& d) {
  json p = {{"description", d.doc}};
  if (d.type == "integer|\"full\"") {
    p["oneOf"] = json::array({{{"type", "integer"}, {"minimum", 1}}, {{"const", "full"}}});
  } else if (d.type.find('|') == std::string::npos) {
    p["type"] = d.type;
  }
  if (!d.def.is_null()) p["default"] = d.def;
  if (d.type == "array") {
    if (!d.lo.is_null()) p["items"] = {{"type", "integer"}, {"minimum", d.lo}, {"maximum", d.hi}};
  } else {
    if (!d.lo.is_null()) p["minimum"] = d.lo;
    if (!d.hi.is_null()) p["maximum"] = d.hi;
  }
  if (!d.choices.empty()) p["enum"] = d.choices;
  if (!d.unit.empty()) p["x-unit"] = d.unit;
  return p;
}

// Inserts a declaration at its dotted path, creating nested object schemas.
void insert(json& schema, const ParamDecl& d) {
  json* node = &schema;
  size_t start = 0;
  for (;;) {
    const size_t dot = d.path.find('.', start);
    const std::string key = d.path.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
    json& props = (*node)["properties"];
    if (dot == std::string::npos) {
      if (!props.contains(key)) props[key] = property_of(d);
      return;
    }
    json& child = props[key];
    if (!child.contains("type")) child["type"] = "object";
    node = &child;
    start = dot + 1;
  }
}

}  // namespace

json experiment_schema() {
  ParamRegistry registry;
  // One parse per topology kind, so every kind's parameters are declared.
  for (const auto& t : topology_kinds()) {
    Experiment ex;
    ErrorSink errors;
    parse_experiment(json{{"topology", {{"kind", t.kind}}}}, ex, errors, &registry);
  }
  declare_traffic_params(registry);  // every pattern's and job mix's fields
  json schema = {{"$schema", "https://json-schema.org/draft/2020-12/schema"},
                 {"title", "SwitchLab experiment"},
                 {"type", "object"}};
  for (const auto& d : registry.decls()) insert(schema, d);
  return schema;
}

}  // namespace switchlab
