// libFuzzer target over the core's MPI trace loader (docs/traffic.md, "MPI traces"): any bytes,
// cut into files at lines "@@ <name>" (none: one file), must give either a loaded trace or an error
// naming where ("trace", "trace:<file>" or "trace:<file>:<line>"), never a crash, a sanitizer
// report, a hang or an unbounded allocation; a loaded trace answers its summary, and engine app
// runs it to a result.
#include <cstddef>
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "switchlab/api.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  nlohmann::json files = nlohmann::json::object();
  std::string name = "r", body;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t eol = text.find('\n', pos);
    if (eol == std::string::npos) eol = text.size();
    const std::string line = text.substr(pos, eol - pos);
    if (line.compare(0, 3, "@@ ") == 0) {
      if (!body.empty() || name != "r") files[name] = body;
      name = line.substr(3);
      body.clear();
    } else {
      body += line + "\n";
    }
    pos = eol + 1;
  }
  files[name] = body;
  // JSON carries only valid UTF-8: invalid bytes become U+FFFD, as an edge's encoder would refuse them.
  const std::string request = files.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  const nlohmann::json out = nlohmann::json::parse(switchlab::trace_load_json(request), nullptr, false);
  if (out.is_discarded() || out.contains("id") == out.contains("error")) __builtin_trap();
  if (out.contains("error")) {
    const auto& f = out["error"]["field"];
    if (!f.is_string() || f.get<std::string>().compare(0, 5, "trace") != 0) __builtin_trap();
    return 0;
  }
  const std::string id = out["id"].get<std::string>();
  const nlohmann::json summary = nlohmann::json::parse(switchlab::trace_summary_json(id), nullptr, false);
  if (summary.is_discarded() || summary["id"] != id) __builtin_trap();
  // One node per rank on a single switch; a trace without messages is refused naming trace_id.
  const nlohmann::json cfg = {{"engine", "app"},
                              {"topology", {{"kind", "single_switch"}, {"ports", summary["summary"]["ranks"]}}},
                              {"traffic", {{"pattern", "mpi_trace"}, {"trace_id", id}}}};
  const nlohmann::json run = nlohmann::json::parse(switchlab::run_json(cfg.dump()), nullptr, false);
  if (run.is_discarded() || (!run.contains("app") && !run.contains("error"))) __builtin_trap();
  switchlab::trace_unload_json(id);
  return 0;
}
