#pragma once
// Human-readable summary of a result (`switchlab-sim run CONFIG --table`, `switchlab-sim report
// RESULT.json`), each number with its unit. Route walk: hit rates and 3C misses per input-port
// class, the all-hit share and the zero-load latency. Cycle engine: throughput, latency under
// load, hops, the cache under load and the saturation throughput. Engine app: each benchmark's
// time, Mop/s and relative performance.
#include <string>

#include <nlohmann/json.hpp>

namespace switchlab {

std::string result_table(const nlohmann::json& result);

}  // namespace switchlab
