#include "engine/warnings.hpp"

#include <cmath>
#include <string>

#include "common/params.hpp"
#include "config/engines.hpp"
#include "config/prefetch_limit.hpp"

namespace switchlab {

using json = nlohmann::json;

const json* number_at(const json& doc, std::initializer_list<const char*> path) {
  const json* cur = &doc;
  for (const char* key : path) {
    if (!cur->is_object() || !cur->contains(key)) return nullptr;
    cur = &(*cur)[key];
  }
  return cur->is_number() ? cur : nullptr;
}

json warning_fix(const std::string& field, json value, const std::string& unit, const std::string& why) {
  return {{"field", field}, {"value", std::move(value)}, {"unit", unit}, {"why", why}};
}

namespace {

std::string percent(double share) { return format_number(std::round(share * 1000) / 10) + " %"; }

// Seed 001's and seed 000's models assume warm caches (no compulsory miss); a run whose measured
// look-ups are still filling its caches reports lower hit rates than the steady state.
void cold_cache(const Experiment& ex, const EngineInfo& engine, const json& result, json& out) {
  const json* compulsory = number_at(result, {"cache", "misses", "compulsory"});
  const json* lookups = number_at(result, {"cache", "lookups"});
  if (!ex.cache.enabled || !compulsory || !lookups || lookups->get<double>() <= 0) return;
  const double share = compulsory->get<double>() / lookups->get<double>();
  if (share <= kColdCacheShare) return;
  json fixes = json::array();
  if (!ex.cache.prefetch_all_to_all && ex.topology->num_nodes() <= kMaxPrefetchNodes)
    fixes.push_back(warning_fix("switch.cache.prefetch", "all_to_all", "", "fill every cache with an all-to-all walk before measuring (seed 000 Sec. VI-A)"));
  if (engine.cold_cache_fix)
    if (json own = engine.cold_cache_fix(ex); !own.is_null()) fixes.push_back(std::move(own));
  out.push_back({{"code", "cold_cache"},
                 {"field", "cache.misses.compulsory"},
                 {"message", percent(share) + " of the measured look-ups are compulsory (cold) misses, above " +
                                 percent(kColdCacheShare) + ": the caches are still filling, so hit rates and latencies are "
                                 "those of a cold start, not the steady state the models assume"},
                 {"fixes", std::move(fixes)}});
}

}  // namespace

json result_warnings(const Experiment& ex, const json& result) {
  json out = json::array();
  const EngineInfo& engine = *find_engine(ex.engine);
  cold_cache(ex, engine, result, out);
  if (engine.warnings) engine.warnings(ex, result, out);
  return out;
}

}  // namespace switchlab
