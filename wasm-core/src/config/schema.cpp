#include "config/schema.hpp"

#include <map>
#include <set>

#include "config/experiment.hpp"
#include "config/json_errors.hpp"
#include "config/engines.hpp"
#include "topology/limits.hpp"
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
  // A bound that depends on the config is stated as text, not as the generating config's number.
  auto bounds = [&](json& node) {
    if (!d.lo.is_null()) node["minimum"] = d.lo;
    if (!d.hi_depends.empty()) node["x-maximum"] = d.hi_depends;
    else if (!d.hi.is_null()) node["maximum"] = d.hi;
  };
  if (d.type == "array") {
    if (!d.lo.is_null()) {
      p["items"] = {{"type", "integer"}};
      bounds(p["items"]);
    }
    if (!d.min_items.is_null()) p["minItems"] = d.min_items;
    if (!d.max_items.is_null()) p["maxItems"] = d.max_items;
  } else {
    bounds(p);
  }
  if (!d.choices.empty()) p["enum"] = d.choices;
  if (!d.unit.empty()) p["x-unit"] = d.unit;
  if (!d.applies_when.is_null()) p["x-applies-when"] = d.applies_when;
  return p;
}

// Inserts a property at its dotted path, creating nested object schemas.
void insert(json& schema, const std::string& path, const json& property) {
  json* node = &schema;
  size_t start = 0;
  for (;;) {
    const size_t dot = path.find('.', start);
    const std::string key = path.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
    json& props = (*node)["properties"];
    if (dot == std::string::npos) {
      if (!props.contains(key)) props[key] = property;
      return;
    }
    json& child = props[key];
    if (!child.contains("type")) child["type"] = "object";
    node = &child;
    start = dot + 1;
  }
}

bool starts_with(const std::string& s, const std::string& prefix) { return s.compare(0, prefix.size(), prefix) == 0; }

// A section whose fields depend on one of its values (topology.kind, traffic.pattern): the
// fields every variant declares identically go into the shared schema; the others into one
// allOf entry per variant, {"if": value == V, "then": V's fields}, tagged x-discriminator.
struct Discriminated {
  std::string path;                   // "topology.kind"
  std::vector<std::string> prefixes;  // sections it governs: {"topology.", "routing."}
  std::map<std::string, std::map<std::string, json>> variants;  // value -> path -> property
  std::set<std::string> fields = {};  // and single fields it governs

  bool governs(const std::string& p) const {
    if (p == path) return false;
    for (const auto& pre : prefixes)
      if (starts_with(p, pre)) return true;
    return fields.count(p) > 0;
  }
  bool declares(const std::string& p) const {
    for (const auto& [value, fields] : variants)
      if (fields.count(p)) return true;
    return false;
  }
  void add(const std::string& value, const ParamRegistry& reg) {
    auto& fields = variants[value];
    for (const auto& d : reg.decls())
      if (governs(d.path)) fields.emplace(d.path, property_of(d));
  }
  void emit(json& schema) const {
    std::map<std::string, json> shared = variants.begin()->second;
    for (const auto& [value, fields] : variants)
      for (auto it = shared.begin(); it != shared.end();) {
        auto f = fields.find(it->first);
        it = (f == fields.end() || f->second != it->second) ? shared.erase(it) : std::next(it);
      }
    for (const auto& [p, prop] : shared) insert(schema, p, prop);
    const size_t dot = path.find('.');
    for (const auto& [value, fields] : variants) {
      json then = json::object();
      for (const auto& [p, prop] : fields)
        if (!shared.count(p)) insert(then, p, prop);
      json when = {{"required", {path}}, {"properties", {{path, {{"const", value}}}}}};  // a top-level key
      if (dot != std::string::npos) {
        const std::string section = path.substr(0, dot), key = path.substr(dot + 1);
        when = {{"required", {section}},
                {"properties", {{section, {{"required", {key}}, {"properties", {{key, {{"const", value}}}}}}}}}};
      }
      schema["allOf"].push_back({{"x-discriminator", {{"path", path}, {"value", value}}}, {"if", when}, {"then", then}});
    }
  }
};

}  // namespace

json experiment_schema() {
  json schema = {{"$schema", "https://json-schema.org/draft/2020-12/schema"},
                 {"title", "SwitchLab experiment"},
                 {"type", "object"},
                 {"allOf", json::array()}};
  // The core's limits as data (docs/topologies.md, "Size limits"), for edges that show or check
  // them; per-field ranges are in the fields themselves.
  schema["x-limits"] = {{"nodes", kMaxTopologyNodes},
                        {"switches", kMaxTopologySwitches},
                        {"input_ports", kMaxTopologyInputPorts},
                        {"links", kMaxTopologyLinks},
                        {"memory_bytes", kMaxRunMemoryBytes},
                        {"json_depth", kMaxJsonDepth}};
  // Messages an edge gives for text it refuses before the core reads it (one wording everywhere).
  schema["x-json-errors"] = {{"number_overflow", {{"message", kNumberOverflowMessage}, {"allowed", kNumberOverflowAllowed}}}};
  Discriminated topology{"topology.kind", {"topology.", "routing."}, {}};
  Discriminated traffic{"traffic.pattern", {"traffic."}, {}};
  // The fields only some engines read, or read otherwise than the others (the cycle engine's
  // buffers, pipeline, injection and sim windows; the route walk's delays, packet counts and
  // monitored mode; the application model's node, link and overhead parameters): whatever the
  // engines' config hooks declare, so that an engine's fields need no list here.
  Discriminated engine{"engine", {}, {}};
  std::map<std::string, ParamRegistry> by_engine;
  std::map<std::string, std::map<json, size_t>> declared;  // path -> property -> engines declaring it so
  for (const auto& e : engine_names()) {
    ParamRegistry& reg = by_engine[e];
    Experiment ex;
    ErrorSink errors;
    parse_experiment(json{{"engine", e}, {"topology", {{"kind", "single_switch"}}}}, ex, errors, &reg);
    for (const auto& d : reg.decls()) ++declared[d.path][property_of(d)];
  }
  for (const auto& [path, properties] : declared)
    if (properties.size() > 1 || properties.begin()->second < by_engine.size()) engine.fields.insert(path);
  for (const auto& [e, reg] : by_engine) engine.add(e, reg);
  // One parse per topology kind declares its fields (and every field outside the sections).
  ParamRegistry all;
  for (const auto& t : topology_kinds()) {
    ParamRegistry reg;
    Experiment ex;
    ErrorSink errors;
    parse_experiment(json{{"topology", {{"kind", t.kind}}}}, ex, errors, &reg);
    topology.add(t.kind, reg);
    for (const auto& d : reg.decls()) all.add(d);
  }
  for (const auto& p : traffic_patterns()) {
    ParamRegistry reg;
    declare_pattern_params(p.pattern, reg);
    traffic.add(p.pattern, reg);
  }
  // A section some engines read (sim, monitor) keeps the default engine's description in the
  // shared schema as well, as before engines declared their own fields; its fields are the engines'.
  for (const auto& d : all.decls())
    if (!topology.governs(d.path) && !traffic.declares(d.path) && (!engine.governs(d.path) || d.type == "object"))
      insert(schema, d.path, property_of(d));
  topology.emit(schema);
  traffic.emit(schema);
  engine.emit(schema);
  schema["x-engines"] = engines_json();
  return schema;
}

}  // namespace switchlab
