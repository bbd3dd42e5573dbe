#pragma once
// SimGrid SMPI inputs for one NPB skeleton (docs/models.md, "SimGrid SMPI mapping"): a platform
// whose routes carry the switch delays of the cache model, and time-independent traces.
#include <nlohmann/json.hpp>

#include "config/experiment.hpp"

namespace switchlab::app {

// Engine smpi's size limits, checked when a config is validated: a replay simulates every rank
// (at most kMaxSmpiRanks), the platform has a route per ordered node pair (at most
// kMaxSmpiNodes nodes) and the traces hold a line per rank event (at most kMaxSmpiTraceLines).
constexpr uint32_t kMaxSmpiRanks = 256;
constexpr uint32_t kMaxSmpiNodes = 512;
constexpr uint64_t kMaxSmpiTraceLines = 25'000'000;
bool check_smpi_limits(const Experiment& ex, ErrorSink& errors);

// {"platform_xml", "traces": [one text per rank], "hosts": [host of each rank], "mop", "options":
// [smpirun --cfg options], "benchmark"}; fills `error` (field, message) instead when the config
// is not an engine app or smpi config with exactly one benchmark or the traces would be too long.
// With `dir`, the platform and the traces are written there instead (platform.xml, rankR.txt)
// and the answer names them: "platform_file", "trace_files".
nlohmann::json smpi_export(const Experiment& ex, std::string& error_field, std::string& error_message,
                           const std::string& dir = "");

}  // namespace switchlab::app
