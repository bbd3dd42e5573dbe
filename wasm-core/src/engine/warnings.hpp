#pragma once
// Warnings a result carries about how far its numbers can be trusted, each naming the result field
// it qualifies and the config changes that fix it (docs/engines.md, "Result warnings"). Computed by
// the core so that the CLI, the API and the UI all get the same ones.
#include <initializer_list>
#include <string>

#include <nlohmann/json.hpp>

#include "config/experiment.hpp"

namespace switchlab {

// Compulsory misses above this share of the measured look-ups: the caches are not warm yet.
inline constexpr double kColdCacheShare = 0.05;

// The warnings of a finished `result` of `ex` (an empty array when there are none): the shared
// ones, with the engine's own fixes (EngineInfo::cold_cache_fix), then the engine's own warnings
// (EngineInfo::warnings).
nlohmann::json result_warnings(const Experiment& ex, const nlohmann::json& result);

// For the engines' warnings: a number's value at a dotted path of `doc`, or null; a config change
// that fixes a warning (`unit` is the config field's, "" for a choice).
const nlohmann::json* number_at(const nlohmann::json& doc, std::initializer_list<const char*> path);
nlohmann::json warning_fix(const std::string& field, nlohmann::json value, const std::string& unit, const std::string& why);

}  // namespace switchlab
