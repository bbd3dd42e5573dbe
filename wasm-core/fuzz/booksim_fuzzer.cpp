// libFuzzer target over the core's BookSim importer (docs/engines.md, "BookSim configs in"): any byte
// string must give either a config the core prepares or an error naming where (a line, a key or the
// file), never a crash, a sanitizer report, a hang or an unbounded allocation; every unmodelled key
// names its line.
#include <cstddef>
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "switchlab/api.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const nlohmann::json out = nlohmann::json::parse(switchlab::import_booksim_json(text), nullptr, false);
  if (out.is_discarded() || out.contains("config") == out.contains("error")) __builtin_trap();
  if (out.contains("error")) {
    const auto& e = out["error"];
    if (!e.contains("field") || !e["field"].is_string() || e["field"].get<std::string>().empty()) __builtin_trap();
    return 0;
  }
  for (const auto& u : out["unmodelled"])
    if (!u["line"].is_number_integer() || u["line"].get<int>() < 0) __builtin_trap();
  // The translated config is one the core accepts.
  const nlohmann::json prepared = nlohmann::json::parse(switchlab::prepare_json(out["config"].dump()), nullptr, false);
  if (prepared.is_discarded() || !prepared.contains("config")) __builtin_trap();
  return 0;
}
