#include "engine/warnings.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "common/params.hpp"
#include "config/prefetch_limit.hpp"
#include "engine/cycle/config.hpp"

namespace switchlab {
namespace {

using json = nlohmann::json;

// A number's value at a dotted path of `doc`, or null.
const json* number_at(const json& doc, std::initializer_list<const char*> path) {
  const json* cur = &doc;
  for (const char* key : path) {
    if (!cur->is_object() || !cur->contains(key)) return nullptr;
    cur = &(*cur)[key];
  }
  return cur->is_number() ? cur : nullptr;
}

std::string percent(double share) { return format_number(std::round(share * 1000) / 10) + " %"; }

// A config change that fixes a warning; `unit` is the config field's (config schema), "" for a choice.
json fix(const std::string& field, json value, const std::string& unit, const std::string& why) {
  return {{"field", field}, {"value", std::move(value)}, {"unit", unit}, {"why", why}};
}

// Seed 001's and seed 000's models assume warm caches (no compulsory miss); a run whose measured
// look-ups are still filling its caches reports lower hit rates than the steady state.
void cold_cache(const Experiment& ex, const json& result, json& out) {
  const json* compulsory = number_at(result, {"cache", "misses", "compulsory"});
  const json* lookups = number_at(result, {"cache", "lookups"});
  if (!ex.cache.enabled || !compulsory || !lookups || lookups->get<double>() <= 0) return;
  const double share = compulsory->get<double>() / lookups->get<double>();
  if (share <= kColdCacheShare) return;
  json fixes = json::array();
  if (!ex.cache.prefetch_all_to_all && ex.topology->num_nodes() <= kMaxPrefetchNodes)
    fixes.push_back(fix("switch.cache.prefetch", "all_to_all", "", "fill every cache with an all-to-all walk before measuring (seed 000 Sec. VI-A)"));
  if (ex.engine == "routewalk") {
    const double longer = std::min<double>(static_cast<double>(kMaxPackets), 4.0 * static_cast<double>(ex.warmup_packets + ex.packets));
    if (longer > static_cast<double>(ex.warmup_packets))
      fixes.push_back(fix("traffic.warmup_packets", static_cast<uint64_t>(longer), "packets", "a longer warm-up: its look-ups fill the caches and are not counted"));
  }
  out.push_back({{"code", "cold_cache"},
                 {"field", "cache.misses.compulsory"},
                 {"message", percent(share) + " of the measured look-ups are compulsory (cold) misses, above " +
                                 percent(kColdCacheShare) + ": the caches are still filling, so hit rates and latencies are "
                                 "those of a cold start, not the steady state the models assume"},
                 {"fixes", std::move(fixes)}});
}

// The cycle engine's throughput and latencies carry the injection process's noise; a window shorter
// than throughput.window_for_1pct_cycles gives them a spread above 1 %.
void short_window(const Experiment& ex, const json& result, json& out) {
  if (ex.engine != "cycle") return;
  const json* spread = number_at(result, {"throughput", "offered_spread_pct"});
  const json* window = number_at(result, {"throughput", "window_for_1pct_cycles"});
  if (!spread || spread->get<double>() <= kWindowSpreadPct) return;
  json fixes = json::array();
  if (window && window->get<double>() <= static_cast<double>(kMaxCycles))
    fixes.push_back(fix("sim.measure_cycles", window->get<uint64_t>(), "cycles", "the window that brings the spread to 1 %"));
  out.push_back({{"code", "short_window"},
                 {"field", "throughput.offered_spread_pct"},
                 {"message", "the measured window gives the offered load a spread of " + format_number(std::round(spread->get<double>() * 100) / 100) +
                                 " % from seed to seed, above " + format_number(kWindowSpreadPct) +
                                 " %: throughput and latencies are that noisy; a longer window narrows it"},
                 {"fixes", std::move(fixes)}});
}

}  // namespace

json result_warnings(const Experiment& ex, const json& result) {
  json out = json::array();
  cold_cache(ex, result, out);
  short_window(ex, result, out);
  return out;
}

}  // namespace switchlab
