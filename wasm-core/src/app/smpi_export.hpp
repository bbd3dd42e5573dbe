#pragma once
// SimGrid SMPI inputs for one NPB skeleton (docs/models.md, "SimGrid SMPI mapping"): a platform
// whose routes carry the switch delays of the cache model, and time-independent traces.
#include <nlohmann/json.hpp>

#include "config/experiment.hpp"

namespace switchlab::app {

// {"platform_xml", "traces": [one text per rank], "hosts": [host of each rank], "mop", "options":
// [smpirun --cfg options], "benchmark"}; fills `error` (field, message) instead when the config
// is not an engine-app config with exactly one benchmark or the traces would be too long.
nlohmann::json smpi_export(const Experiment& ex, std::string& error_field, std::string& error_message);

}  // namespace switchlab::app
