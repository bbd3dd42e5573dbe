// libFuzzer target over whole runs (docs/security.md, "Core input hardening"): any config the core
// accepts must run to a consistent result under ASan + UBSan, with no crash, sanitizer report or hang. Only
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

double num(const nlohmann::json& r, const char* pointer) {
  const nlohmann::json::json_pointer ptr(pointer);
  return r.contains(ptr) && r[ptr].is_number() ? r[ptr].get<double>() : -1;
}

// What every result must satisfy, whatever the config: counts never exceed what they count,
// rates and shares stay in [0, 1], latency statistics are ordered. (-1: the key is absent or null.)
bool consistent(const nlohmann::json& r) {
  auto within = [](double v, double lo, double hi) { return v == -1 || (v >= lo && v <= hi); };
  auto at_most = [](double a, double b) { return a == -1 || b == -1 || a <= b; };
  if (!at_most(num(r, "/cache/hits"), num(r, "/cache/lookups")) || !within(num(r, "/cache/hit_rate"), 0, 1)) return false;
  if (!at_most(num(r, "/packets/delivered"), num(r, "/packets/measured"))) return false;
  for (const char* share : {"/utilization/port_mean", "/utilization/port_max", "/cam/utilization"})
    if (!within(num(r, share), 0, 1 + 1e-9)) return false;
  for (const char* lat : {"/latency_cycles/packet", "/latency_cycles/network"}) {
    const std::string l(lat);
    const double lo = num(r, (l + "/min").c_str()), p50 = num(r, (l + "/p50").c_str()), p99 = num(r, (l + "/p99").c_str()),
                 hi = num(r, (l + "/max").c_str()), mean = num(r, (l + "/mean").c_str());
    if (!at_most(lo, p50) || !at_most(p50, p99) || !at_most(p99, hi) || !at_most(lo, mean) || !at_most(mean, hi)) return false;
  }
  return true;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const nlohmann::json prepared = nlohmann::json::parse(switchlab::prepare_json(text), nullptr, false);
  if (prepared.is_discarded() || !prepared.contains("config") || !small(prepared["summary"])) return 0;
  // A config prepare() accepted runs to a consistent result: JSON with no error.
  const nlohmann::json out = nlohmann::json::parse(switchlab::run_json(text), nullptr, false);
  if (out.is_discarded() || out.contains("error") || !consistent(out)) __builtin_trap();
  return 0;
}
