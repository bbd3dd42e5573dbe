// libFuzzer target over whole runs (docs/security.md, "Core input hardening"): any config the core
// accepts must run to a result under ASan + UBSan, with no crash, sanitizer report or hang. Only
// configs whose prepared work estimate is small are run, so that each input costs milliseconds;
// the mutations still reach every engine, topology, organisation and allocator of the seeds.
#include <cstddef>
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "switchlab/api.hpp"

namespace {
// Work bounds (the summary's own estimates; docs/contract.md): a few ms of simulation each.
constexpr double kMaxLookups = 2e5, kMaxFlitHops = 2e5, kMaxCycles = 5e4, kMaxNodes = 4096, kMaxMessages = 2e4;

bool small(const nlohmann::json& summary) {
  auto at_most = [&](const char* key, double bound) {
    const auto it = summary.find(key);
    return it == summary.end() || !it->is_number() || it->get<double>() <= bound;
  };
  return at_most("lookups", kMaxLookups) && at_most("flit_hops", kMaxFlitHops) && at_most("cycles", kMaxCycles) &&
         at_most("nodes", kMaxNodes) &&
         at_most("messages", kMaxMessages) && !summary.value("server_only", false);
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const nlohmann::json prepared = nlohmann::json::parse(switchlab::prepare_json(text), nullptr, false);
  if (prepared.is_discarded() || !prepared.contains("config") || !small(prepared["summary"])) return 0;
  // A config prepare() accepted runs to a result: JSON with no error.
  const nlohmann::json out = nlohmann::json::parse(switchlab::run_json(text), nullptr, false);
  if (out.is_discarded() || out.contains("error")) __builtin_trap();
  return 0;
}
