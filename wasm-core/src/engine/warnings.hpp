#pragma once
// Warnings a result carries about how far its numbers can be trusted, each naming the result field
// it qualifies and the config changes that fix it (docs/engines.md, "Result warnings"). Computed by
// the core so that the CLI, the API and the UI all get the same ones.
#include <nlohmann/json.hpp>

#include "config/experiment.hpp"

namespace switchlab {

// Compulsory misses above this share of the measured look-ups: the caches are not warm yet.
inline constexpr double kColdCacheShare = 0.05;
// The cycle engine's stated precision: the window whose offered-load spread is 1 %
// (throughput.window_for_1pct_cycles); a shorter window's numbers are noisier than that.
inline constexpr double kWindowSpreadPct = 1.0;

// The warnings of a finished `result` of `ex` (an empty array when there are none).
nlohmann::json result_warnings(const Experiment& ex, const nlohmann::json& result);

}  // namespace switchlab
