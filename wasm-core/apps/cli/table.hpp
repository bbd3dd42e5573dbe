#pragma once
// Human-readable summary of a route-walk result (`switchlab-sim run CONFIG --table`,
// `switchlab-sim report RESULT.json`): hit rates and 3C misses per input-port class, the all-hit
// share and the zero-load latency, each with its unit; for engine app, each benchmark's time,
// Mop/s and relative performance.
#include <string>

#include <nlohmann/json.hpp>

namespace switchlab {

std::string result_table(const nlohmann::json& result);

}  // namespace switchlab
