// libFuzzer target over the core's config entry point (docs/security.md, "Core input hardening"):
// any byte string must give either a prepared config or an error naming a field, never a crash,
// a sanitizer report, a hang or an unbounded allocation; and a prepared config prepares again to
// itself.
#include <cstddef>
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "switchlab/api.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const nlohmann::json out = nlohmann::json::parse(switchlab::prepare_json(text), nullptr, false);
  // The answer is JSON with exactly one of config or error, and an error names a field.
  if (out.is_discarded() || out.contains("config") == out.contains("error")) __builtin_trap();
  if (out.contains("error") && (!out["error"].contains("field") || !out["error"]["field"].is_string() ||
                                out["error"]["field"].get<std::string>().empty()))
    __builtin_trap();
  // A normalized config is accepted again as it is, with the same id (the API stores and workers
  // re-run the normalized form).
  if (out.contains("config")) {
    const nlohmann::json again = nlohmann::json::parse(switchlab::prepare_json(out["config"].dump()), nullptr, false);
    if (again.is_discarded() || !again.contains("config") || again["id"] != out["id"]) __builtin_trap();
  }
  return 0;
}
