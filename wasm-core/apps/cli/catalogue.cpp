#include "catalogue.hpp"

#include <algorithm>
#include <array>
#include <vector>

#include <nlohmann/json.hpp>

#include "config/json_errors.hpp"
#include "switchlab/api.hpp"

namespace switchlab::cli {
namespace {

using json = nlohmann::json;

struct Entry {
  const char* name;
  const char* text;
};

// Generated at configure time from examples/*.json (cmake/EmbedData.cmake), in file-name order.
constexpr Entry kEntries[] = {
#include "examples.inc"
};

// The embedded files are the repository's own, and the core tests check every one of them, so a
// failed parse here cannot happen for them; it yields null fields, not a crash.
json parsed(const Entry& e) { return json::parse(e.text, nullptr, false); }

std::string text_of(const json& v) { return v.is_string() ? v.get<std::string>() : std::string(); }

// The engine an entry's config runs, as the core reads it (a config that names none gets the
// core's default engine).
std::string engine_of(const json& config) {
  const json normalized = json::parse(normalize_json(config.dump()), nullptr, false);
  return normalized.is_object() ? text_of(normalized.value("engine", json())) : std::string();
}

}  // namespace

const char* example_text(const std::string& name) {
  for (const auto& e : kEntries)
    if (name == e.name) return e.text;
  return nullptr;
}

std::string example_names() {
  std::string out;
  for (const auto& e : kEntries) out += (out.empty() ? "" : ", ") + std::string(e.name);
  return out;
}

std::string examples_table() {
  size_t name_width = 4, engine_width = 6;
  std::vector<std::array<std::string, 3>> rows;
  for (const auto& e : kEntries) {
    const json doc = parsed(e);
    const json config = doc.is_object() ? doc.value("config", json()) : json();
    rows.push_back({e.name, engine_of(config), text_of(doc.is_object() ? doc.value("title", json()) : json())});
    name_width = std::max(name_width, rows.back()[0].size());
    engine_width = std::max(engine_width, rows.back()[1].size());
  }
  std::string out;
  auto line = [&](const std::string& a, const std::string& b, const std::string& c) {
    out += a + std::string(name_width - a.size() + 2, ' ') + b + std::string(engine_width - b.size() + 2, ' ') + c + "\n";
  };
  line("NAME", "ENGINE", "TITLE");
  for (const auto& r : rows) line(r[0], r[1], r[2]);
  return out;
}

std::string examples_json() {
  json out = json::array();
  for (const auto& e : kEntries) {
    const json doc = parsed(e);
    if (!doc.is_object()) continue;
    out.push_back({{"name", e.name},
                   {"title", doc.value("title", json())},
                   {"engine", engine_of(doc.value("config", json()))},
                   {"source", doc.value("source", json())},
                   {"browser", doc.value("browser", json())},
                   {"compare", doc.value("compare", json())}});
  }
  return out.dump();
}

std::string config_of(const std::string& text, std::string& note) {
  json doc;
  Error error;
  // Not JSON (or a repeated key): the core reads the text itself and names the problem.
  if (!parse_untrusted_json(text, "config", doc, error)) return text;
  if (!doc.is_object() || !doc.contains("config") || !doc["config"].is_object()) return text;
  const json& compare = doc.contains("compare") ? doc["compare"] : json();
  if (compare.is_object() && compare.contains("path") && compare.contains("values") && compare["values"].is_array() &&
      !compare["values"].empty())
    note = "a compare example: this runs its config, the variant " + text_of(compare["path"]) + " = " +
           compare["values"][0].dump() + " (the other variants: set that field to each of " + compare["values"].dump() + ")";
  return doc["config"].dump();
}

}  // namespace switchlab::cli
